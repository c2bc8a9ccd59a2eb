"""Networks: links, queues, loss processes, bottlenecks."""

__all__ = []
