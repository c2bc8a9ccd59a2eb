"""A resumable grid of independent runs on Dask: one task per run, one CSV row per finished run.

A grid is a list of runs, each named by the values of its key columns (say ``scenario, K, N,
replication``) and all sharing some settings (a run length, a root seed, a buffer...). The runner
(:func:`run_tasks`) sends each run to a Dask client as one task and appends its row to a CSV as soon as
it finishes, so an interrupted grid keeps what it did; a new invocation asks :func:`done_runs` which
runs the file already holds (and refuses to mix in runs at other settings); :func:`finish_grid` then
sorts the file by its key, so that its content does not depend on the order in which workers finished.
A run that is a function of its settings and the root seed therefore gives the same file resumed or
run in one go. :func:`committed_grids` finds the committed grids (a CSV with a JSON of the settings
beside it) of a root seed; :func:`dask_client` starts a local cluster or joins a scheduler.

Dask (``distributed``) is an optional dependency: only :func:`run_tasks` and :func:`dask_client` need it.

References
----------
Built for the packet-level grid of Chodorek & Chodorek (2018), Sec. IV.E and V (4 scenarios x
K = 0..10 x N = 1..10 x 20 replications): see :mod:`mmperf.experiments.chodorek2018.packet_grid`.
"""

from __future__ import annotations

import contextlib
import json
import numbers
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["committed_grids", "dask_client", "done_runs", "finish_grid", "run_tasks"]


def _path(value, name: str) -> Path:
    if not isinstance(value, (str, Path)) or not str(value):
        raise TypeError(f"{name} must be a file path (str or pathlib.Path), got {value!r:.80}")
    return Path(value)


def _columns(value, name: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value or not all(isinstance(c, str) for c in value):
        raise ValueError(f"{name} must be a non-empty sequence of column names, got {value!r:.80}")
    return list(value)


def _mapping(value, name: str, *, none: bool = False) -> dict:
    if value is None and none:
        return {}
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping (dict), got {type(value).__name__}")
    return dict(value)


def _differs(have, want) -> bool:
    """Numbers differ by more than 1e-12; anything else by ``!=``."""
    num = lambda v: isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))  # noqa: E731
    if num(have) and num(want):
        return abs(float(have) - float(want)) > 1e-12
    return have != want


def done_runs(out, *, key, settings, missing=None) -> set[tuple]:
    """The runs a grid's CSV already holds, after checking that they were run at ``settings``.

    Parameters
    ----------
    out : str or pathlib.Path
        The grid's CSV (it need not exist: then nothing is done).
    key : sequence of str
        The columns that name a run.
    settings : mapping of str to object
        Column -> the value every run of this invocation has; a number matches within 1e-12, anything
        else exactly.
    missing : mapping of str to object, optional
        Column -> the value a file without that column was run at (a setting added after the file was
        written); a setting missing from the file and from ``missing`` is refused.

    Returns
    -------
    set of tuple
        The key of every run in ``out`` (empty if it does not exist or is empty).

    Raises
    ------
    ValueError
        If ``out`` holds runs at another value of a setting (the message names it), lacks a setting's or
        a key's column, or ``key`` is not a non-empty sequence of column names.
    TypeError
        If ``out`` is not a path or ``settings``/``missing`` is not a mapping.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: the grid of 4 scenarios x K x N x replications, resumed.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "g.csv"
    >>> _ = out.write_text("cell,rep,seed,x\\na,0,7,1.5\\n")
    >>> done_runs(out, key=["cell", "rep"], settings={"seed": 7})
    {('a', 0)}
    """
    out = _path(out, "out")
    key = _columns(key, "key")
    settings = _mapping(settings, "settings")
    missing = _mapping(missing, "missing", none=True)
    if not out.exists() or out.stat().st_size == 0:
        return set()
    df = pd.read_csv(out)
    for name, want in settings.items():
        if name not in df and name not in missing:
            raise ValueError(f"{out} has no column {name!r} (a setting of this grid); use another out")
        vals = df[name].unique() if name in df else np.array([missing[name]])
        if len(vals) and any(_differs(v, want) for v in vals):
            raise ValueError(f"{out} holds runs with {name} = {sorted(vals)}, not {want}: "
                             "use another --out or the same settings")
    lacking = [c for c in key if c not in df]
    if lacking:
        raise ValueError(f"key must name columns of {out}; it lacks {lacking}")
    return set(df[key].itertuples(index=False, name=None))


def run_tasks(fn: Callable, todo, out, *, client, kwargs=None, columns=None, drop=("wall_s",), log=print) -> int:
    """Run ``fn(task, **kwargs)`` for every task on a Dask client, appending each row to ``out`` as it finishes.

    Parameters
    ----------
    fn : callable
        ``fn(task, **kwargs) -> dict``: one run's row (column -> value); module-level, so that Dask can
        send it to another process.
    todo : sequence
        The tasks (each a picklable value, say a key tuple), one Dask task each.
    out : str or pathlib.Path
        The CSV the rows are appended to (with a header if it is new or empty), written with
        ``float_format="%.9g"``.
    client : dask.distributed.Client
        Where the tasks go.
    kwargs : mapping of str to object, optional
        Keyword arguments every call of ``fn`` gets.
    columns : mapping of str to object, optional
        Constant columns appended to every row (the settings the rows were run at).
    drop : sequence of str, default ("wall_s",)
        Columns of ``fn``'s rows not written (say a wall-clock time, which would make the file differ
        from run to run).
    log : callable, default print
        Called with a progress line every 50 rows and at the end.

    Returns
    -------
    int
        The number of rows written (0 if ``todo`` is empty).

    Raises
    ------
    TypeError
        If ``fn`` or ``log`` is not callable, ``out`` not a path, ``kwargs``/``columns`` not mappings.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: the packet grid scaled out on Dask (one task per run).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from concurrent.futures import Future
    >>> class Now:  # a stand-in for a Dask client: runs each task at once
    ...     def map(self, fn, todo, pure, **kw):
    ...         futures = [Future() for _ in todo]
    ...         for f, t in zip(futures, todo):
    ...             f.set_result(fn(t, **kw))
    ...         return futures
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "g.csv"
    >>> run_tasks(lambda t, scale: {"task": t, "x": t * scale}, [1, 2], out, client=Now(), kwargs={"scale": 2.0},
    ...           columns={"seed": 7}, log=lambda s: None)
    2
    >>> pd.read_csv(out).values.tolist()  # %.9g writes 2.0 as 2
    [[1, 2, 7], [2, 4, 7]]
    """
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    if not callable(log):
        raise TypeError(f"log must be callable, got {type(log).__name__}")
    out = _path(out, "out")
    kwargs = _mapping(kwargs, "kwargs", none=True)
    columns = _mapping(columns, "columns", none=True)
    if isinstance(drop, str) or not isinstance(drop, Sequence):
        raise TypeError(f"drop must be a sequence of column names, got {drop!r:.80}")
    todo = list(todo)
    if not todo:
        return 0
    futures = client.map(fn, todo, pure=False, **kwargs)
    header = not out.exists() or out.stat().st_size == 0
    t0, written = time.perf_counter(), 0
    with out.open("a") as fh:
        for fut in _completed(futures):
            row = {k: v for k, v in fut.result().items() if k not in drop}
            pd.DataFrame([{**row, **columns}]).to_csv(fh, header=header, index=False, float_format="%.9g")
            fh.flush()
            header = False
            written += 1
            if written % 50 == 0 or written == len(todo):
                log(f"{written}/{len(todo)} runs, {time.perf_counter() - t0:.0f} s")
    return written


def _completed(futures):
    """The futures as they finish: Dask's ``as_completed`` for Dask futures, else in the given order."""
    if futures and type(futures[0]).__module__.startswith("distributed"):
        from dask.distributed import as_completed  # optional: the grid extra only

        return as_completed(futures)
    return futures


def finish_grid(out, *, key, order=None) -> pd.DataFrame:
    """Sort a grid's CSV by its key (one row per run, the first of duplicates kept) and rewrite it.

    Parameters
    ----------
    out : str or pathlib.Path
        The grid's CSV (rewritten with ``float_format="%.9g"``).
    key : sequence of str
        The columns that name a run, in sorting order.
    order : mapping of str to sequence, optional
        Key column -> its values in the order to sort by (say scenarios ``s1 .. s4``); other key columns
        sort by their values.

    Returns
    -------
    pandas.DataFrame
        The rows as rewritten.

    Raises
    ------
    ValueError
        If ``key`` is not a non-empty sequence of columns of ``out``.
    TypeError
        If ``out`` is not a path or ``order`` not a mapping.
    FileNotFoundError
        If ``out`` does not exist.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: the committed packet grid, in the order of Tables I and II.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "g.csv"
    >>> _ = out.write_text("s,k,x\\nb,1,1\\na,2,2\\nb,0,3\\nb,1,9\\n")
    >>> finish_grid(out, key=["s", "k"], order={"s": ["b", "a"]}).values.tolist()
    [['b', 0, 3], ['b', 1, 1], ['a', 2, 2]]
    """
    out = _path(out, "out")
    key = _columns(key, "key")
    order = _mapping(order, "order", none=True)
    df = pd.read_csv(out)
    lacking = [c for c in key if c not in df]
    if lacking:
        raise ValueError(f"key must name columns of {out}; it lacks {lacking}")
    rank = {c: {v: i for i, v in enumerate(vals)} for c, vals in order.items()}
    df = (df.drop_duplicates(key, keep="first")
          .sort_values(key, key=lambda c: c.map(rank[c.name]) if c.name in rank else c).reset_index(drop=True))
    df.to_csv(out, index=False, float_format="%.9g")
    return df


def committed_grids(paths, *, seed: int) -> list[tuple[Path, dict]]:
    """The committed grids of a root seed: ``(csv, settings)`` of each CSV whose JSON beside it names ``seed``.

    Parameters
    ----------
    paths : sequence of str or pathlib.Path
        The CSVs to look at, in order (a missing one, or one without its ``.json``, is skipped).
    seed : int
        The root seed the ``.json``'s ``seed`` must equal, ``>= 0``.

    Returns
    -------
    list of (pathlib.Path, dict)
        In the order of ``paths``.

    Raises
    ------
    ValueError
        If ``seed`` is not a whole number ``>= 0``.
    TypeError
        If ``paths`` is not a sequence of paths.

    References
    ----------
    Chodorek & Chodorek (2018): the chapter's committed packet grids, one per judging seed.

    Examples
    --------
    >>> import tempfile, pathlib, json
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "g.csv").write_text("x\\n1\\n"); _ = (d / "g.json").write_text(json.dumps({"seed": 7}))
    >>> [(p.name, m) for p, m in committed_grids([d / "g.csv"], seed=7)]
    [('g.csv', {'seed': 7})]
    """
    seed = _validate.whole(seed, "seed", minimum=0)
    if isinstance(paths, (str, Path)) or not isinstance(paths, Sequence):
        raise TypeError(f"paths must be a sequence of file paths, got {paths!r:.80}")
    found = []
    for p in paths:
        path = _path(p, "paths")
        meta_path = path.with_suffix(".json")
        if path.exists() and meta_path.exists():
            meta = json.loads(meta_path.read_text())
            if meta.get("seed") == int(seed):
                found.append((path, meta))
    return found


@contextlib.contextmanager
def dask_client(*, scheduler: str | None = None, workers: int = 1) -> Iterator:
    """A Dask client on the scheduler at ``scheduler``, or on a new local cluster of ``workers`` processes.

    Parameters
    ----------
    scheduler : str, optional
        Address of a running Dask scheduler; without one a ``LocalCluster`` is started.
    workers : int, default 1
        Worker processes of the local cluster (one thread each), ``>= 1``; ignored with ``scheduler``.

    Yields
    ------
    dask.distributed.Client
        Closed, with the cluster it started, on leaving the block.

    Raises
    ------
    ValueError
        If ``workers`` is not a whole number ``>= 1``.

    References
    ----------
    Chodorek & Chodorek (2018): the packet grid, a job for a cluster at the paper's 152 s x 20 replications.

    Examples
    --------
    >>> with dask_client(workers=1) as client:  # doctest: +SKIP
    ...     client.submit(sum, [1, 2]).result()
    3
    """
    from dask.distributed import Client, LocalCluster  # optional: the grid extra only

    if scheduler:
        client = Client(scheduler)
        try:
            yield client
        finally:
            client.close()
        return
    workers = _validate.whole(workers, "workers", minimum=1)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield client
