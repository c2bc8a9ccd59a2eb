"""Shared pytest configuration."""

import os

import pytest

# Fixture notebooks are inputs of the executor/nbval tests, not chapters to check with --nbval.
collect_ignore_glob = ["book/fixtures/*"]


@pytest.fixture(autouse=True)
def _root_seed_does_not_leak(monkeypatch):
    """Every test starts and ends with the session's root seed.

    ``seeds.use(n)`` (a chapter's seed cell, a runner's ``--seed``) sets the process's root seed
    and ``$MMPERF_SEED`` so that worker processes inherit it; inside a test that would leak into
    every later test and into the kernels nbval starts (which inherit the environment). Both are
    recorded here and restored after each test.
    """
    from mmperf import seeds

    monkeypatch.setattr(seeds, "ROOT_SEED", seeds.ROOT_SEED)
    # setenv records the value before (or its absence) and restores it, whatever the test sets later;
    # an empty value means the default root seed, as an absent one does
    monkeypatch.setenv(seeds.ENV_VAR, os.environ.get(seeds.ENV_VAR, ""))
