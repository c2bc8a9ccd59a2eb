"""Networks: links, queues, loss processes, bottlenecks."""
