"""End hosts: processors, schedulers, receive paths, PC subsystems."""

__all__ = []
