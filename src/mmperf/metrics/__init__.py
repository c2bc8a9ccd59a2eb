"""Measures on traces and runs: jitter, delay, loss, throughput, fits."""

__all__ = []
