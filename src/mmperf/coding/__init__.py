"""Source coding: bit-plane hierarchical coding, layered (SVC-like) video coding."""

__all__ = []
