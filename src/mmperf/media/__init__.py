"""Media sources: test animations, scenes and frame-size traces made for the book."""

__all__ = []
