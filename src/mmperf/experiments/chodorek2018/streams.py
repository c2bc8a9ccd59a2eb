"""The Chodorek experiment's streams, reservations and committed packet grids: what the fluid model
(:mod:`.model`) and the packet model (:mod:`.packet`) share.

Both models send the same video streams (:func:`video_arrivals`, common random numbers across
cells) and grant them the same reservations (:func:`reservations`); both summarise runs the same
way (:func:`summarize`); the packet grids the opt-in runner commits (:mod:`.packet_grid`) are read
back here (:func:`committed_grid`). Keeping them below both models lets :func:`.model.run` use the
packet model without an import cycle.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import gridrun
from mmperf._paths import repo_root
from mmperf.experiments.chodorek2018.params import SCENARIOS, Params
from mmperf.media import hdvideo, multistream
from mmperf.metrics import replications
from mmperf.networks import bottleneck
from mmperf.seeds import check_seed, rng

__all__ = ["GRID_FILE", "METRICS", "METRIC_COLUMNS", "PAPER", "SEED_GRID", "all_arrivals", "committed_calibration",
           "committed_calibration_tables", "committed_grid", "declared_statistics", "packet_summary", "WINDOWS", "stream_frames",
           "reservations", "stream_statistics", "summarize", "video_arrivals"]

PAPER = "chodorek2018"

METRICS = {
    "per": "%",
    "link_utilization": "%",
    "video_throughput": "Mb/s",
    "tcp_throughput": "Mb/s",
}
"""Per-run metrics (Tables I and II) and their units."""

WINDOWS = multistream.WINDOWS
"""What a run sends of each 152-s stream (:data:`mmperf.media.multistream.WINDOWS`)."""


def stream_frames(params: Params, replication: int, stream: int, *, seed: int, clips, duration_s: float,
                  window: str = "head") -> np.ndarray:
    """Frame sizes of one stream as a run of ``duration_s`` under ``window`` (:data:`WINDOWS`) sends them.

    ``'head'``: the whole stream (the run keeps its first ``duration_s``); ``'excerpt'``: ``duration_s x
    frame_rate / clips`` frames of every clip, which must be a whole number (15.2 s: 57 frames of each).

    Parameters
    ----------
    params : Params
        The experiment's parameters (its ``video`` model gives frame rate and clips).
    replication : int
        Replication index, ``>= 0``.
    stream : int
        Stream index within the replication, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    clips : object
        The clip library (:func:`mmperf.media.hdvideo.clip_library` of ``params.video`` and ``seed``).
    duration_s : float
        Length of the run that sends the stream, in seconds (used by ``'excerpt'`` only).
    window : {"head", "excerpt"}, default "head"
        What of the 152-s stream is sent (:data:`WINDOWS`).

    Returns
    -------
    numpy.ndarray
        Frame sizes in bytes, one per frame, in sending order.

    Raises
    ------
    ValueError
        If ``window`` is not in :data:`WINDOWS`, or ``'excerpt'`` would keep a fractional number of frames.
    """
    frames = hdvideo.stream_frames(params.video, replication=replication, stream=stream, clips=clips, root=seed)
    return multistream.window_frames(frames, window=window, duration_s=duration_s, frame_rate=params.video.frame_rate,
                                     clips=len(params.video.clips), frames_per_clip=params.video.frames_per_clip)


def video_arrivals(params: Params, replication: int, n_videos: int, *, seed: int, clips=None,
                   window: str = "head") -> np.ndarray:
    """Wire bytes per slot of the first ``n_videos`` streams of a replication, shape ``(N, T)``.

    Stream j of replication r is the same in every cell (common random numbers):
    its clip order, clip starts and frame phase come from the root ``seed``. ``window``: :data:`WINDOWS`.

    Parameters
    ----------
    params : Params
        The experiment's parameters (video model, slot length ``slot_s`` in s, run length ``duration_s`` in s).
    replication : int
        Replication index, ``>= 0``.
    n_videos : int
        Number of streams N, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    clips : object, optional
        The clip library; built from ``params.video`` and ``seed`` if not given.
    window : {"head", "excerpt"}, default "head"
        What of each 152-s stream is sent (:data:`WINDOWS`).

    Returns
    -------
    numpy.ndarray
        Wire bytes per slot, shape ``(n_videos, T)`` with ``T = duration_s / slot_s``.
    """
    clips = hdvideo.clip_library(params.video, root=seed) if clips is None else clips
    frames = np.array([stream_frames(params, replication, j, seed=seed, clips=clips, duration_s=params.duration_s,
                                     window=window) for j in range(n_videos)])
    phase = np.array([rng(PAPER, "phase", replication, j, root=seed).uniform(0, 1 / params.video.frame_rate)
                      for j in range(n_videos)])
    return hdvideo.slot_arrivals(frames, frame_rate=params.video.frame_rate, slot_s=params.slot_s,
                                 duration_s=params.duration_s, phase_s=phase)

def all_arrivals(params: Params, *, seed: int) -> list[np.ndarray]:
    """Every replication's streams (``max(n_values)`` of them), one ``(N, T)`` array per replication.

    Parameters
    ----------
    params : Params
        The experiment's parameters (``replications``, ``n_values``, video model, slots).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.

    Returns
    -------
    list of numpy.ndarray
        ``params.replications`` arrays of wire bytes per slot, each ``(max(n_values), T)``
        (:func:`video_arrivals`).
    """
    clips = hdvideo.clip_library(params.video, root=seed)
    return [video_arrivals(params, rep, max(params.n_values), seed=seed, clips=clips) for rep in range(params.replications)]

def stream_statistics(params: Params, arrivals: np.ndarray) -> dict:
    """What a reservation needs to know of each stream (each row of ``arrivals``, shape ``(N, T)``).

    Parameters
    ----------
    params : Params
        The experiment's parameters (slot length, frame rate, ``peak_window_s``, TFD window).
    arrivals : numpy.ndarray
        Wire bytes per slot, shape ``(N, T)``.

    Returns
    -------
    dict
        ``depth_bytes`` (N,): the largest one-frame-interval burst (the TSpec bucket depth);
        ``peak_bps`` (N,): the largest ``peak_window_s`` mean rate (s3);
        ``tfd_bps`` (N, W): Next Data / Next Time of every 300-ms window (s4).
    """
    return multistream.reservation_descriptors(arrivals, slot_s=params.slot_s, frame_rate=params.video.frame_rate,
                                               peak_window_s=params.peak_window_s, slots_per_window=params.slots_per_window)

def declared_statistics(params: Params, arrivals: np.ndarray, *, replication: int, seed: int, clips=None) -> dict:
    """:func:`stream_statistics` of what a run sends, with the TSpec each sender declares (``params.tspec_span``).

    Under ``'stream'`` (RSVP's sender TSpec describes the flow it will send, RFC 2205/2210) each stream's
    bucket depth and peak rate are those of its whole ``video.duration_s`` stream, whatever part of it the
    run sends; under ``'run'`` they are those of ``arrivals``. The TFD announcements (``tfd_bps``) are always
    those of ``arrivals``: each window announces the bytes it sends.

    Parameters
    ----------
    params : Params
        The experiment's parameters (``tspec_span``, video model, slot, ``peak_window_s``, TFD window).
    arrivals : numpy.ndarray
        Wire bytes per slot of the first N streams of ``replication`` as the run sends them, shape ``(N, T)``.
    replication : int
        Replication index of the streams, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    clips : object, optional
        The clip library; built from ``params.video`` and ``seed`` if not given.

    Returns
    -------
    dict
        ``depth_bytes`` (N,) [bytes], ``peak_bps`` (N,) [bit/s] and ``tfd_bps`` (N, W) [bit/s], as
        :func:`stream_statistics`.

    References
    ----------
    RFC 2205 (RSVP), Sec. 3.1: the sender TSpec describes the traffic the sender will generate; RFC 2210.

    Examples
    --------
    >>> p = Params(duration_s=1.6)  # 6 frames of each of the 8 clips
    >>> a = video_arrivals(p, 0, 2, seed=1, window="excerpt")
    >>> run, whole = (declared_statistics(p.with_(tspec_span=s), a, replication=0, seed=1) for s in ("run", "stream"))
    >>> bool((whole["depth_bytes"] >= run["depth_bytes"]).all()), bool((whole["tfd_bps"] == run["tfd_bps"]).all())
    (True, True)
    """
    stats = stream_statistics(params, arrivals)
    whole_s = params.video.duration_s
    if params.tspec_span == "run" or (params.duration_s >= whole_s and arrivals.shape[1] >= round(whole_s / params.slot_s)):
        return stats  # the run sends the whole stream: its statistics are the stream's
    whole_p = params.with_(duration_s=whole_s)
    whole = stream_statistics(whole_p, video_arrivals(whole_p, replication, arrivals.shape[0], seed=seed, clips=clips))
    return {**stats, "depth_bytes": whole["depth_bytes"], "peak_bps": whole["peak_bps"]}

def reservations(params: Params, scenario: str, arrivals: np.ndarray, *, stats: dict | None = None) -> dict:
    """The granted reservations of a scenario for the given streams.

    Parameters
    ----------
    params : Params
    scenario : {"s1", "s2", "s3", "s4"}
    arrivals : numpy.ndarray
        Wire bytes per slot, shape ``(N, T)``.
    stats : dict, optional
        :func:`stream_statistics` of these streams (computed if not given).

    Returns
    -------
    dict
        ``rates_bps`` (N, W) granted rates, ``slots_per_period``, ``depth_bytes`` (N,),
        ``requested_bps`` (N, W) before admission control.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be one of {list(SCENARIOS)}, got {scenario!r}")
    n, T = arrivals.shape
    stats = stream_statistics(params, arrivals) if stats is None else stats
    depth = stats["depth_bytes"]
    if scenario == "s1":  # no reservation, no reserved queue: everything is best effort
        req, spp, depth = np.zeros((n, 1)), T, np.zeros(n)
    elif scenario == "s2":
        req, spp = np.full((n, 1), params.s2_fraction * params.video.target_rate_bps), T
    elif scenario == "s3":
        req, spp = stats["peak_bps"][:, None], T
    else:  # s4: Next Data / Next Time of each 300-ms window
        req, spp = stats["tfd_bps"], params.slots_per_window
    granted = bottleneck.admit(req, capacity_bps=params.reservable_fraction * params.capacity_bps)
    return {"rates_bps": granted, "slots_per_period": spp, "depth_bytes": depth, "requested_bps": req}

def summarize(runs: pd.DataFrame) -> pd.DataFrame:
    """Mean and spread over replications, in the tidy layout of the paper's tables.

    Parameters
    ----------
    runs : pandas.DataFrame
        One row per run: ``scenario, N, K, replication`` and one column per metric of :data:`METRICS`
        (PER in %, utilization in %, throughputs in Mb/s).

    Returns
    -------
    pandas.DataFrame
        Columns ``scenario, K, N, metric, value`` (mean), ``sd``, ``q05``, ``q95``, ``unit``.
    """
    long = runs.melt(id_vars=["scenario", "N", "K", "replication"], value_vars=list(METRICS),
                     var_name="metric", value_name="x")
    out = replications.replication_spread(long, by=["scenario", "K", "N", "metric"], value="x").rename(columns={"mean": "value"})
    out["unit"] = out["metric"].map(METRICS)
    return out

METRIC_COLUMNS = {"video_per_pct": "per", "utilization_pct": "link_utilization",
                  "video_throughput_mbps": "video_throughput", "tcp_throughput_mbps": "tcp_throughput"}
"""Packet-run columns -> the metric names of Tables I and II (:data:`~mmperf.experiments.chodorek2018.METRICS`)."""

GRID_FILE = "data/chodorek2018/packet-grid.csv"
"""The committed packet grid of the book's seed (every scenario and cell; its ``.json`` says how it was run)."""

SEED_GRID = "data/chodorek2018/packet-seeds/seed-{seed}.csv"
"""The committed packet grids of the other judging seeds (shorter runs; each at its seed's calibration)."""

def packet_summary(rows: pd.DataFrame) -> pd.DataFrame:
    """Packet runs (one row per scenario, K, N, replication) as the fluid model's tidy summary.

    Parameters
    ----------
    rows : pandas.DataFrame
        Packet runs with ``scenario, K, N, replication`` and the columns of :data:`METRIC_COLUMNS`
        (``video_per_pct``, ``utilization_pct`` in %, ``video_throughput_mbps``, ``tcp_throughput_mbps`` in Mb/s).

    Returns
    -------
    pandas.DataFrame
        ``scenario, K, N, metric, value, sd, q05, q95, unit`` (:func:`summarize`).
    """
    return summarize(rows.rename(columns=METRIC_COLUMNS))

def committed_calibration(seed: int) -> tuple[int, float] | None:
    """The buffer and base round trip a root seed's committed packet grid was run at, if there is one.

    They are that seed's calibration on the packet model (:func:`~mmperf.experiments.chodorek2018.packet.calibrate`),
    recorded in the grid's ``.json`` among the
    parameters that produced it; the tests recompute them with the current code.

    Parameters
    ----------
    seed : int
        Root seed, ``0 .. 2**63 - 1``.

    Returns
    -------
    (int, float) or None
        ``(buffer_packets, rtt_s)`` of the first grid (:data:`GRID_FILE`, then :data:`SEED_GRID`) whose
        ``.json`` names this seed, or None.
    """
    for _, meta in _grids_of(check_seed(seed)):
        return int(meta["buffer_packets"]), float(meta["rtt_s"])
    return None

def committed_calibration_tables(seed: int) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """The packet-model calibration tables (buffer, round trip) recorded with a seed's committed grid, if any.

    Parameters
    ----------
    seed : int
        Root seed, ``0 .. 2**63 - 1``.

    Returns
    -------
    (pandas.DataFrame, pandas.DataFrame) or None
        :func:`~mmperf.experiments.chodorek2018.packet.calibrate`'s two tables as the grid's ``.json`` holds
        them, or None (no grid for the seed, or one without its calibration).
    """
    for _, meta in _grids_of(check_seed(seed)):
        cal = meta.get("calibration")
        if cal:
            return pd.DataFrame(cal["buffer"]), pd.DataFrame(cal["rtt"])
    return None


def _grids_of(seed: int):
    """``(csv path, parameters)`` of each committed grid whose ``.json`` names ``seed``: :data:`GRID_FILE`, :data:`SEED_GRID`."""
    return gridrun.committed_grids([repo_root() / rel for rel in (GRID_FILE, SEED_GRID.format(seed=int(seed)))], seed=seed)

def committed_grid(seed: int, *, buffer_packets: int, rtt_s: float, params: Params | None = None):
    """The committed packet grid of a root seed, if there is one run at this calibration.

    Looks in :data:`GRID_FILE`, then :data:`SEED_GRID`; a grid counts only if its ``.json`` has
    this seed, buffer, round trip and ``params.tspec_span`` (a ``.json`` without one: ``'run'``) and it holds
    every scenario x K x N of ``params`` (defaults).

    Parameters
    ----------
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    buffer_packets : int
        Bottleneck buffer the grid must have been run at, in packets.
    rtt_s : float
        Base round-trip time the grid must have been run at, in seconds.
    params : Params, optional
        The parameters whose scenarios, K and N values the grid must cover (``Params()`` if not given).

    Returns
    -------
    (pandas.DataFrame, dict) or None
        The rows and their parameters, or None.
    """
    p = Params() if params is None else params
    for path, meta in _grids_of(seed):
        if meta.get("buffer_packets") != int(buffer_packets) or abs(float(meta.get("rtt_s", -1)) - float(rtt_s)) > 1e-9:
            continue
        if meta.get("tspec_span", "run") != p.tspec_span:  # reserved runs under another TSpec (older grids: the run's)
            continue
        rows = pd.read_csv(path)
        cells = set(zip(rows.scenario, rows.K, rows.N))
        if all((s, k, n) in cells for s in p.scenarios for k in p.k_values for n in p.n_values):
            return rows, meta
    return None
