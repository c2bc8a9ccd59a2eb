"""End hosts: processors, schedulers, receive paths, PC subsystems."""
