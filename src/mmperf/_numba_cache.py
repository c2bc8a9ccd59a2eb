"""Numba's on-disk kernel cache made safe across files (private).

``@njit(cache=True)`` saves a compiled kernel beside its module and reuses it
while that module's source file is unchanged. Numba checks that one file only:
a kernel that calls or inlines a compiled function of *another* file (the event
heap of :mod:`mmperf._kernel`, say) keeps running the old callee
after that file changes. :func:`drop_stale_cache`, run at the end of such a
module's import, closes the gap: it keeps a stamp (a hash of the files the
kernels depend on, and of numba's version) beside the cache and deletes the
module's cached kernels whenever the stamp differs, so they are compiled again.

Examples
--------
At the end of a module whose cached kernels call the heap of ``_kernel``::

    from mmperf import _kernel, _numba_cache

    _numba_cache.drop_stale_cache(__file__, [_kernel], kernel=run_model)
"""

from __future__ import annotations

import hashlib
import inspect
from pathlib import Path
from types import ModuleType
from typing import Iterable

import numba


def _source_file(dep) -> Path:
    if isinstance(dep, ModuleType):
        return Path(inspect.getfile(dep)).resolve()
    return Path(dep).resolve()


def dependency_stamp(depends_on: Iterable) -> str:
    """SHA-256 of numba's version and of the source files of ``depends_on`` (modules or paths)."""
    h = hashlib.sha256(b"numba " + numba.__version__.encode())
    for dep in depends_on:
        path = _source_file(dep)
        h.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def drop_stale_cache(module_file: str | Path, depends_on: Iterable, *, kernel=None,
                     cache_dir: str | Path | None = None) -> bool:
    """Delete a module's cached numba kernels if a file they depend on has changed.

    Parameters
    ----------
    module_file : path
        The module whose kernels are cached (its ``__file__``).
    depends_on : iterable of module or path
        The other source files whose compiled functions the kernels call or inline.
    kernel : numba dispatcher, optional
        One ``cache=True`` kernel of the module: the cache directory is the one numba
        uses for it (which also follows ``NUMBA_CACHE_DIR``).
    cache_dir : path, optional
        The cache directory (default: ``kernel``'s, else ``__pycache__`` beside the module).

    Returns
    -------
    bool
        Whether cached kernels were deleted.

    Raises
    ------
    ValueError
        If ``kernel`` is given but is not a numba kernel compiled with ``cache=True``.
    """
    module_file = Path(module_file).resolve()
    if cache_dir is None and kernel is not None:
        cache = getattr(kernel, "_cache", None)
        path = getattr(cache, "_cache_path", None)
        if path is None:
            raise ValueError(f"kernel must be a numba kernel with cache=True, got {kernel!r}")
        cache_dir = path
    cache_dir = module_file.parent / "__pycache__" if cache_dir is None else Path(cache_dir)
    digest = dependency_stamp(depends_on)
    stem = module_file.stem
    stamp = cache_dir / f"{stem}.deps.sha256"
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    stale = list(cache_dir.glob(f"{stem}.*.nbi")) + list(cache_dir.glob(f"{stem}.*.nbc"))
    for f in stale:
        f.unlink(missing_ok=True)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # a read-only install: numba will not cache there either
        pass
    return bool(stale)
