"""The stamp that keeps numba's on-disk cache current across files (mmperf._numba_cache)."""

import pytest

from mmperf import _numba_cache


def _cache(tmp_path):
    module, dep, cache = tmp_path / "_core.py", tmp_path / "heap.py", tmp_path / "__pycache__"
    module.write_text("# kernels\n")
    dep.write_text("def heap_push(): pass\n")
    cache.mkdir()
    kernels = [cache / "_core._push-74.py311.nbi", cache / "_core._push-74.py311.1.nbc"]
    other = cache / "ps2.something.nbi"  # another module's kernel in the same directory
    for f in (*kernels, other):
        f.write_text("x")
    return module, dep, cache, kernels, other


def test_kernels_are_dropped_when_a_dependency_changes_and_kept_while_it_does_not(tmp_path):
    module, dep, cache, kernels, other = _cache(tmp_path)
    assert _numba_cache.drop_stale_cache(module, [dep], cache_dir=cache)  # no stamp yet: dropped
    assert not any(f.exists() for f in kernels) and other.exists()
    for f in kernels:  # compiled again against the current dependency: kept
        f.write_text("x")
    assert not _numba_cache.drop_stale_cache(module, [dep], cache_dir=cache)
    assert all(f.exists() for f in kernels)
    dep.write_text("def heap_push(): return 1\n")  # the callee changes
    assert _numba_cache.drop_stale_cache(module, [dep], cache_dir=cache)
    assert not any(f.exists() for f in kernels) and other.exists()


def test_the_stamp_covers_every_dependency_and_numba(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("1")
    b.write_text("2")
    one = _numba_cache.dependency_stamp([a])
    assert _numba_cache.dependency_stamp([a, b]) != one
    b.write_text("1")
    assert _numba_cache.dependency_stamp([b]) != one  # the file name counts, not only its text


def test_the_cache_directory_is_the_kernels_own():
    from mmperf.transports import _engine

    assert _engine.run_window._cache._cache_path
    assert not _numba_cache.drop_stale_cache(_engine.__file__, [_engine._kernel], kernel=_engine.run_window)


def test_a_kernel_without_cache_is_refused(tmp_path):
    from numba import njit

    with pytest.raises(ValueError, match="kernel"):
        _numba_cache.drop_stale_cache(tmp_path / "m.py", [], kernel=njit(lambda x: x))


def test_every_module_of_cached_kernels_stamps_the_files_whose_kernels_it_imports():
    """A module with ``cache=True`` kernels that imports compiled functions from another file (the heap,
    link and RTT estimator of ``mmperf._kernel``, say) names that file in its stamp, so a change there,
    or a kernel moved to another file, compiles the cached kernels again."""
    import importlib
    import itertools
    import sys
    from pathlib import Path

    from numba.core.registry import CPUDispatcher

    from mmperf._paths import repo_root

    src = repo_root() / "src"
    checked = []
    for path in sorted((src / "mmperf").rglob("*.py")):
        if "cache=True" not in path.read_text():
            continue
        parts = path.relative_to(src).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        kernels = [v for v in vars(module).values() if isinstance(v, CPUDispatcher)]
        cached = [k for k in kernels if k.py_func.__module__ == module.__name__
                  and getattr(k._cache, "_cache_path", None)]
        deps = sorted({sys.modules[k.py_func.__module__].__file__ for k in kernels
                       if k.py_func.__module__ != module.__name__})
        if not cached or not deps:
            continue
        stamp = Path(cached[0]._cache._cache_path) / f"{Path(module.__file__).stem}.deps.sha256"
        assert stamp.read_text() in {_numba_cache.dependency_stamp(p) for p in itertools.permutations(deps)}, (
            f"{module.__name__}: its stamp does not cover {deps}")
        checked.append(module.__name__)
    assert {"mmperf.transports._engine", "mmperf.networks._shared_bottleneck", "mmperf.hosts._ps2_core",
            "mmperf.hosts._svr4_core"} <= set(checked)
