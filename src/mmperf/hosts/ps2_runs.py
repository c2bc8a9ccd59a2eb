"""Runs of the PS/2 model: independent replications over a process pool, and one long run's steady state.

:func:`replicate` runs every replication of a list of configurations of
:func:`mmperf.hosts.ps2.simulate`, each replication with its own named random stream, so the
results do not depend on how many processes ran them. :func:`steady_state` runs one long
replication and asks, per delay, whether it has a steady state (batch means without a trend,
:func:`mmperf.metrics.replications.batch_means`) and what a finite window of it shows.

References
----------
K. D. Huynh, T. M. Khoshgoftaar, Multimedia Systems 1994, sec. 4.2 (independent replications of
2000 frames, 90 % confidence intervals).

Examples
--------
>>> from mmperf.hosts.ps2 import Workload
>>> wl = Workload(mode="move", frame_rate=30, frames=40)
>>> wl.horizon
1.3333333333333333
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.ps2 import CHAINS, COMPONENTS, Hardware, Workload, simulate
from mmperf.metrics.replications import batch_means
from mmperf.seeds import check_seed, rng

__all__ = ["replicate", "steady_state"]


def _replicate(task: tuple) -> dict:
    """One replication of one configuration (module level, so worker processes can run it)."""
    hw, wl, keys, rep, root = task
    r = simulate(hw, wl, rng=rng(*keys, rep, root=root))
    return {"stations": r.stations.assign(rep=rep), "host": r.host_by_workload.assign(rep=rep),
            "delays": r.delays.assign(rep=rep), "frames": r.frames.assign(rep=rep)}


def _config(c, i: int) -> tuple:
    if not (isinstance(c, tuple) and len(c) == 4):
        raise ValueError(f"configs[{i}] must be a tuple (labels, hardware, workload, key), got {c!r:.80}")
    labels, hw, wl, key = c
    if not isinstance(labels, dict):
        raise TypeError(f"configs[{i}] labels must be a dict, got {type(labels).__name__}")
    _validate.instance(hw, f"configs[{i}] hardware", Hardware)
    _validate.instance(wl, f"configs[{i}] workload", Workload)
    if not isinstance(key, tuple) or not key:
        raise ValueError(f"configs[{i}] key must be a non-empty tuple of str or int, got {key!r:.80}")
    return c


def replicate(configs, *, replications: int, stream: tuple, root: int | None = None,
              workers: int = 1) -> list[tuple[dict, dict]]:
    """Every replication of every configuration, in one process or over a process pool.

    Replication ``rep`` of a configuration with key ``key`` draws its own stream
    ``mmperf.seeds.rng(*stream, *key, rep, root=root)``, so the results do not depend on
    ``workers`` or on which process ran what; they are gathered in the order of ``configs``,
    then ``rep``.

    Parameters
    ----------
    configs : sequence of tuple
        ``(labels, hardware, workload, key)`` per configuration: a dict of labels handed back with
        its results, a :class:`~mmperf.hosts.ps2.Hardware`, a :class:`~mmperf.hosts.ps2.Workload`
        and a non-empty tuple of str or int naming the configuration's streams.
    replications : int
        Independent replications per configuration, >= 2.
    stream : tuple of str or int
        The names every stream starts with (the paper's key, e.g. ``("huynh1994",)``).
    root : int, optional
        Root seed (default: the book's, :func:`mmperf.seeds.use`).
    workers : int, default 1
        Processes, >= 1.

    Returns
    -------
    list of (dict, dict)
        Per configuration, its labels and its tables (``stations``, ``host``, ``delays``,
        ``frames``) over the replications, with a ``rep`` column.

    Raises
    ------
    ValueError, TypeError
        If a configuration is malformed, ``replications`` is not a whole number >= 2, ``stream`` is
        not a non-empty tuple or ``workers`` is not a whole number >= 1.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 4.2 (5 independent replications per configuration).

    Examples
    --------
    >>> from mmperf.hosts.ps2 import Hardware, Workload
    >>> hw = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6,
    ...               memory_cycles_per_instruction=0.9, memory_burst_factor=1.0, memory_bandwidth=50e6,
    ...               channel_rate=13.33e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> out = replicate([({"f": 30}, hw, Workload(mode="move", frame_rate=30, frames=20), ("move", 30))],
    ...                 replications=2, stream=("doctest",), root=1)
    >>> out[0][0], sorted(out[0][1]), sorted(out[0][1]["delays"]["rep"].unique().tolist())
    ({'f': 30}, ['delays', 'frames', 'host', 'stations'], [0, 1])
    """
    if isinstance(configs, (str, bytes)) or not hasattr(configs, "__iter__"):
        raise TypeError(f"configs must be a sequence of (labels, hardware, workload, key), got {type(configs).__name__}")
    configs = [_config(c, i) for i, c in enumerate(configs)]
    replications = _validate.whole(replications, "replications", minimum=2)
    if not isinstance(stream, tuple) or not stream:
        raise ValueError(f"stream must be a non-empty tuple of str or int, got {stream!r:.80}")
    workers = _validate.whole(workers, "workers", minimum=1)
    root = None if root is None else check_seed(root, name="root")
    _validate.events(replications * sum(10 * wl.frames for _, _, wl, _ in configs), "replications x configs' frames",
                     what="frame records")
    tasks = [(hw, wl, (*stream, *key), rep, root) for _, hw, wl, key in configs for rep in range(replications)]
    if workers == 1 or len(tasks) < 2:
        reps = [_replicate(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            reps = list(pool.map(_replicate, tasks))  # map returns in submission order
    runs = []
    for i, (labels, *_) in enumerate(configs):
        chunk = reps[i * replications:(i + 1) * replications]
        runs.append((labels, {k: pd.concat([c[k] for c in chunk], ignore_index=True) for k in chunk[0]}))
    return runs


def steady_state(hardware: Hardware, workload: Workload, *, rng: np.random.Generator, series, warmup_frames: int,
                 window_frames: int, batches: int = 20, level: float = 0.9) -> list[dict]:
    """Whether each delay of one long replication has a steady state, its mean there, and a window's mean.

    One replication of ``workload`` keeps every frame's record; per delay of ``series``, the frames
    in the order they started, after the first ``warmup_frames`` frame times, are split into
    ``batches`` batches (:func:`mmperf.metrics.replications.batch_means`): the delay has a steady
    state when the batch means show no trend, and then its mean has a ``level`` interval. Beside
    it, the mean of the frames that started in the first ``window_frames`` frame times after the
    cut (a finite run's view of the same sample path).

    Parameters
    ----------
    hardware : Hardware
        The system.
    workload : Workload
        The configuration and the run length (``frames``).
    rng : numpy.random.Generator
        The replication's random stream.
    series : sequence of (str, str)
        ``(chain, component)`` pairs: a chain of :data:`mmperf.hosts.ps2.CHAINS`, a component of
        :data:`mmperf.hosts.ps2.COMPONENTS` or ``"total"``.
    warmup_frames : int
        Frame times cut at the start, in ``0 .. workload.frames - 2``.
    window_frames : int
        Frame times of the window, >= 1.
    batches : int, default 20
        Batches of the batch means, >= 4.
    level : float, default 0.9
        Confidence level, in (0, 1).

    Returns
    -------
    list of dict
        Per series: ``chain``, ``component``, ``frames``, ``window`` (the window's mean [s]), the
        keys of :func:`~mmperf.metrics.replications.batch_means` and ``stage_utilization`` (the
        decompression stage's busy share).

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type or is out of range.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 4.2 (2000-frame replications); Law & Kelton, *Simulation
    Modeling and Analysis*, sec. 9.5 (batch means).

    Examples
    --------
    >>> from mmperf.seeds import rng as stream
    >>> hw = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6,
    ...               memory_cycles_per_instruction=0.9, memory_burst_factor=1.0, memory_bandwidth=50e6,
    ...               channel_rate=13.33e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> rows = steady_state(hw, Workload(mode="move", frame_rate=30, frames=400), rng=stream("doctest", "steady"),
    ...                     series=[("send", "total")], warmup_frames=20, window_frames=200)
    >>> rows[0]["chain"], rows[0]["frames"], bool(rows[0]["window"] > 0)
    ('send', 400, True)
    """
    _validate.instance(hardware, "hardware", Hardware)
    _validate.instance(workload, "workload", Workload)
    _validate.instance(rng, "rng", np.random.Generator)
    if isinstance(series, (str, bytes)) or not hasattr(series, "__iter__"):
        raise TypeError(f"series must be a sequence of (chain, component) pairs, got {type(series).__name__}")
    series = list(series)
    for s in series:
        if not (isinstance(s, tuple) and len(s) == 2 and s[0] in CHAINS and s[1] in (*COMPONENTS, "total")):
            raise ValueError(f"series must hold (chain, component) pairs with a chain of {CHAINS} and a component of "
                             f"{COMPONENTS} or 'total', got {s!r:.80}")
    cut_frames = _validate.whole(warmup_frames, "warmup_frames")
    if cut_frames > workload.frames - 2:
        raise ValueError(f"warmup_frames must be a whole number in 0..{workload.frames - 2}, got {warmup_frames!r}")
    window_frames = _validate.whole(window_frames, "window_frames", minimum=1)
    r = simulate(hardware, workload, rng=rng, keep_records=True)
    stage = float(r.stations.set_index("station").loc["decompress-stage", "utilization"])
    cut = cut_frames / workload.frame_rate
    rows = []
    for chain, component in series:
        rec = r.records[chain]
        rec = rec[np.argsort(rec[:, -1], kind="stable")]
        rec = rec[rec[:, -1] >= cut]
        x = rec[:, -2] if component == "total" else rec[:, COMPONENTS.index(component)]
        bm = batch_means(x, batches=batches, level=level)
        window = x[rec[:, -1] < cut + window_frames / workload.frame_rate]
        rows.append({"chain": chain, "component": component, "frames": workload.frames,
                     "window": float(window.mean()), **bm, "stage_utilization": stage})
    return rows
