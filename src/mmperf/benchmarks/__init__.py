"""Extra benchmarks run by ``make bench``.

Each module here defines ``run() -> list[dict]``; every dict is one row of
``_build/bench.csv`` with at least ``target`` and, as they apply,
``median_s, min_s, max_s, peak_rss_mb``, ``metric``, ``value`` and ``note``.
"""

__all__ = []
