"""The Chodorek cells on the packet-level bottleneck (issue #20): the chapter's own video as packets.

The fluid model (:mod:`mmperf.networks.bottleneck`, in slots) runs the whole grid; this module
runs single cells packet by packet on :func:`mmperf.networks.shared_bottleneck.simulate` with
the same streams: stream j of replication r has the frames and phase that
:func:`~mmperf.experiments.chodorek2018.video_arrivals` gives it, its packets paced over each
frame interval (:func:`mmperf.media.hdvideo.packet_schedule`).

**Reservations** (s2-s4) are those the fluid model grants for the same streams
(:func:`~mmperf.experiments.chodorek2018.reservations`: s2 150 % of the 40 Mb/s target, s3 the
largest 1-s mean rate of the whole 152-s stream, s4 each 300-ms window's announced bytes over 300 ms;
admission control up to the reservable share of the link; bucket depth the whole stream's largest
one-frame burst: a sender's TSpec describes its flow, not the part a run sends, ``Params.tspec_span``),
enforced packet by packet by the bottleneck's token-bucket policer and strict-priority reserved FIFO
(:func:`mmperf.networks.shared_bottleneck.simulate`). The s4 rate of a window is in force
:data:`TFD_SIGNALLING_DELAY_S` after the window starts.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf import seeds as _seeds
from mmperf.experiments.chodorek2018.streams import (
    METRIC_COLUMNS, committed_calibration, committed_grid, declared_statistics, reservations, stream_frames, video_arrivals,
)
from mmperf.experiments.chodorek2018.params import SCENARIOS, Params
from mmperf.media import hdvideo, multistream
from mmperf.networks import calibration, policing, shared_bottleneck
from mmperf.seeds import check_seed, rng

__all__ = ["BURST_BUFFER_CANDIDATES", "LIVE_CELLS", "READINGS", "READINGS_FILE", "READING_CELLS", "SAMPLE_CELLS", "SAMPLE_FILE",
           "SURROGATE_TOLERANCE", "TCP_START_WINDOW_S", "TFD_SIGNALLING_DELAY_S", "calibrate", "calibrate_burst_buffer",
           "live_check", "main", "packet_reservations", "reading_cells", "run_audit_grid", "run_packet_cell",
           "run_packet_sample", "tcp_starts", "video_packets"]

PAPER = "chodorek2018"

TCP_START_WINDOW_S = 0.1
"""The K TCP flows start at independent uniform times in ``[0, TCP_START_WINDOW_S)`` (iPerf clients
started together; the spread breaks the symmetry of identical flows)."""


TFD_SIGNALLING_DELAY_S = 0.002
"""Delay [s] from the start of a TFD window to the router applying its announced rate: the
announcement rides in the window's first packets (an IP option, paper Sec. III) and is taken to
reach the router one one-way base delay (half the chapter's 4-ms round trip) after it is sent;
until then the previous window's rate holds (none before the first)."""


def video_packets(params: Params, replication: int, n_videos: int, *, seed: int, duration_s: float,
                  clips=None, streams: bool = False, window: str = "head"):
    """Send times [s] and wire sizes [bytes] of the first ``n_videos`` streams, merged in time order.

    Ties between streams keep stream order (a stable sort), so the schedule is a function of
    ``(params.video, params.sender, replication, n_videos, seed, duration_s)``. With ``streams=True`` a third
    array gives each packet's stream (0 .. n_videos-1). ``params.sender``: ``'paced'`` spreads each frame
    over its interval, ``'burst'`` writes it back to back at the link rate (``params.capacity_bps``, the
    senders' Gigabit Ethernet).

    Parameters
    ----------
    params : Params
        The experiment's parameters (video model, ``sender`` reading, ``capacity_bps`` in bit/s).
    replication : int
        Replication index, ``>= 0``.
    n_videos : int
        Number of streams N, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1`` (streams, phases, TCP start times).
    duration_s : float
        Run length, in seconds, ``> 0``.
    clips : object, optional
        The clip library (:func:`mmperf.media.hdvideo.clip_library` of ``params.video`` and ``seed`` if not given).
    streams : bool, default False
        Also return each packet's stream index.
    window : {"head", "excerpt"}, default "head"
        What the run sends of each 152-s stream (:data:`~mmperf.experiments.chodorek2018.streams.WINDOWS`).

    Returns
    -------
    times : numpy.ndarray of float
        Send times [s], non-decreasing.
    sizes : numpy.ndarray of int
        Wire sizes [bytes] of the packets.
    stream : numpy.ndarray of int
        Each packet's stream, ``0 .. n_videos - 1`` (only with ``streams=True``).
    """
    seed = check_seed(seed)
    n_videos = _validate.whole(n_videos, "n_videos", minimum=0)
    duration_s = _validate.positive(duration_s, "duration_s")
    clips = hdvideo.clip_library(params.video, root=seed) if clips is None else clips
    frames = [stream_frames(params, replication, j, seed=seed, clips=clips, duration_s=duration_s, window=window)
              for j in range(n_videos)]
    phases = [rng(PAPER, "phase", replication, j, root=seed).uniform(0, 1 / params.video.frame_rate) for j in range(n_videos)]
    t, b, s = multistream.merged_packets(frames, frame_rate=params.video.frame_rate, duration_s=duration_s, phases_s=phases,
                                         line_rate_bps=params.capacity_bps if params.sender == "burst" else None)
    return (t, b, s) if streams else (t, b)


def packet_reservations(params: Params, scenario: str, replication: int, n_videos: int, *, seed: int,
                        duration_s: float, window: str = "head", signalling_delay_s: float = TFD_SIGNALLING_DELAY_S) -> dict:
    """The policer's inputs for a cell: the fluid model's granted reservations of the same streams.

    The readings in ``params``: ``tspec_span='stream'`` (the default) takes s3's peak rate, every bucket
    depth and so admission control from each whole 152-s stream, while the run sends ``window`` of it
    (:func:`~.streams.declared_statistics`); ``'run'`` from what the run sends; ``qos=False`` reserves nothing (every scenario is best effort);
    ``bucket='tspec'`` makes each bucket one frame interval of its largest granted rate deep (the
    depth a sender that knows its rate, not its frames, puts in its RSVP TSpec; at least one full
    packet) instead of the stream's largest one-frame burst; ``tfd_renewal=False`` gives s4 one
    static rate per stream, the mean of its granted window rates.

    Parameters
    ----------
    params : Params
        The experiment's parameters, with the readings ``qos``, ``bucket`` and ``tfd_renewal``.
    scenario : {"s1", "s2", "s3", "s4"}
        The QoS scenario.
    replication : int
        Replication index, ``>= 0``.
    n_videos : int
        Number of streams N, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1`` (streams, phases, TCP start times).
    duration_s : float
        Run length, in seconds (the reservations are those of this run's streams).
    window : {"head", "excerpt"}, default "head"
        What the run sends of each 152-s stream (:data:`~mmperf.experiments.chodorek2018.streams.WINDOWS`).
    signalling_delay_s : float, default TFD_SIGNALLING_DELAY_S
        Delay [s] from the start of an s4 window to its rate being in force.

    Returns
    -------
    dict
        Keyword arguments of :class:`~mmperf.networks.shared_bottleneck.Reservation` (``reserved_bps``,
        ``bucket_bytes``, and for a renewed s4 ``reservation_period_s``, ``signalling_delay_s``); empty for
        s1 (and without reservations).
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be one of {list(SCENARIOS)}, got {scenario!r}")
    if scenario == "s1" or n_videos == 0 or not params.qos:
        return {}
    p = replace(params, duration_s=duration_s)
    clips = hdvideo.clip_library(params.video, root=seed)
    arrivals = video_arrivals(p, replication, n_videos, seed=seed, clips=clips, window=window)
    res = reservations(p, scenario, arrivals,
                       stats=declared_statistics(p, arrivals, replication=replication, seed=seed, clips=clips))
    return policing.policer_inputs(res["rates_bps"], depth_bytes=res["depth_bytes"], renew=params.tfd_renewal,
                                   period_s=res["slots_per_period"] * p.slot_s if scenario == "s4" else None,
                                   signalling_delay_s=signalling_delay_s,
                                   bucket_frame_rate=params.video.frame_rate if params.bucket == "tspec" else None,
                                   min_bucket_bytes=hdvideo.TS_PAYLOAD + hdvideo.HEADERS)


def tcp_starts(replication: int, k_flows: int, *, seed: int) -> np.ndarray:
    """Start times [s] of the K TCP flows of a replication (the same flows in every N).

    Parameters
    ----------
    replication : int
        Replication index, ``>= 0``.
    k_flows : int
        Number of TCP flows K, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1``.

    Returns
    -------
    numpy.ndarray of float
        ``k_flows`` independent uniform start times in ``[0, TCP_START_WINDOW_S)`` seconds.
    """
    k_flows = _validate.whole(k_flows, "k_flows", minimum=0)
    return rng(PAPER, "tcp-start", replication, root=check_seed(seed)).uniform(0, TCP_START_WINDOW_S, k_flows)


def run_packet_cell(params: Params, *, n_videos: int, k_flows: int, replication: int, seed: int,
                    buffer_packets: int = 50, rtt_s: float = 0.004, duration_s: float = 30.0, scenario: str = "s1",
                    bucket_renewal: str = "carry", window: str = "head") -> dict:
    """One cell of a scenario on the packet-level bottleneck.

    ``window``: what the run sends of each 152-s stream (:data:`~.streams.WINDOWS`: its head, or an
    excerpt of every clip). The s4 rate of a window is applied one one-way base delay (``rtt_s / 2``)
    after the window starts (:data:`TFD_SIGNALLING_DELAY_S` at the book seed's 4 ms).

    ``bucket_renewal``: what a renewed (s4) reservation does to the stream's token bucket
    (:func:`mmperf.networks.shared_bottleneck.simulate`): the book's ``'carry'``, or ns-2's
    ``'full'`` for the cross-check. The readings of ``params`` (``sender``, ``reserved_queue``,
    ``bucket``, ``congestion_control``, ``tfd_renewal``, ``qos``) are applied.

    Parameters
    ----------
    params : Params
        The experiment's parameters and readings.
    n_videos : int
        Number of HD video streams N, ``>= 0``.
    k_flows : int
        Number of TCP flows K, ``>= 0``.
    replication : int
        Replication index, ``>= 0``.
    seed : int
        Root seed, ``0 .. 2**63 - 1`` (streams, phases, TCP start times).
    buffer_packets : int, default 50
        Drop-tail limit of the bottleneck, in packets.
    rtt_s : float, default 0.004
        Base round-trip time, in seconds.
    duration_s : float, default 30.0
        Run length, in seconds.
    scenario : {"s1", "s2", "s3", "s4"}, default "s1"
        The QoS scenario.
    bucket_renewal : {"carry", "full"}, default "carry"
        What a renewed (s4) reservation does to the token bucket: carry its tokens over, or refill it.
    window : {"head", "excerpt"}, default "head"
        What the run sends of each 152-s stream.

    Returns
    -------
    dict
        ``scenario, N, K, replication, seed, duration_s`` and the metrics of
        :meth:`~mmperf.networks.shared_bottleneck.SharedBottleneckResult.summary`
        (video PER [%], TCP loss [%], throughputs [Mb/s], utilization [%], counts), plus ``wall_s``.

    Examples
    --------
    >>> from mmperf.experiments.chodorek2018 import Params
    >>> r = run_packet_cell(Params(), n_videos=1, k_flows=0, replication=0, seed=1, duration_s=2.0)
    >>> r["video_per_pct"], r["K"]
    (0.0, 0)
    """
    t0 = time.perf_counter()
    vt, vb, vst = video_packets(params, replication, n_videos, seed=seed, duration_s=duration_s, streams=True, window=window)
    resv = packet_reservations(params, scenario, replication, n_videos, seed=seed, duration_s=duration_s, window=window,
                               signalling_delay_s=rtt_s / 2)
    reservation = shared_bottleneck.Reservation(**resv, video_streams=vst, bucket_renewal=bucket_renewal,
                                                reserved_queue=params.reserved_queue) if resv else None
    tcp = shared_bottleneck.TcpOptions(packet_bytes=params.packet_bytes, congestion_control=params.congestion_control)
    res = shared_bottleneck.simulate(vt, vb, capacity_bps=params.capacity_bps, buffer_packets=buffer_packets, rtt_s=rtt_s,
                                     tcp_start_s=tcp_starts(replication, k_flows, seed=seed), duration_s=duration_s,
                                     tcp=tcp, reservation=reservation)
    return {"scenario": scenario, "N": n_videos, "K": k_flows, "replication": replication, "seed": seed, "duration_s": duration_s,
            **res.summary(), "wall_s": time.perf_counter() - t0}


SAMPLE_CELLS = ((1, 1), (10, 1), (10, 10), (5, 5), (1, 10))
"""(K, N) of the packet-level sample: issue #20's three ns-2 cells and two more of s1 (the other
scenarios need packet-level reservations, not built yet)."""

SAMPLE_FILE = "data/chodorek2018/packet-sample.csv"
"""Where :func:`main` writes the sample (relative to the repository), with ``packet-sample.json``."""


def run_packet_sample(params: Params, *, seed: int, cells=SAMPLE_CELLS, replications: int = 5,
                      duration_s: float = 30.0, buffer_packets: int = 50, rtt_s: float = 0.004) -> pd.DataFrame:
    """The packet model on sample cells of s1: one row per (K, N, replication).

    Parameters
    ----------
    params : Params
    seed : int
        Root seed (streams and TCP start times).
    cells : sequence of (int, int)
        (K, N) pairs.
    replications : int, default 5
        Replications 0..replications-1 of each cell (the streams of :func:`video_packets`).
    duration_s, buffer_packets, rtt_s
        Run length [s], drop-tail limit [packets], base round trip [s] (the chapter's calibrated
        50 packets and 4 ms under its seed).

    Returns
    -------
    pandas.DataFrame
        ``scenario`` ("s1") and the columns of :func:`run_packet_cell`.
    """
    replications = _validate.whole(replications, "replications", minimum=1)
    rows = []
    for k, n in cells:
        for rep in range(replications):
            rows.append({**run_packet_cell(params, n_videos=n, k_flows=k, replication=rep, seed=seed,
                                                              buffer_packets=buffer_packets, rtt_s=rtt_s,
                                                              duration_s=duration_s)})
    return pd.DataFrame(rows)


LIVE_CELLS = (("s1", 1, 1), ("s1", 10, 1), ("s1", 10, 10), ("s1", 5, 5), ("s1", 1, 10), ("s2", 5, 5), ("s2", 1, 10),
              ("s3", 5, 5), ("s3", 1, 10), ("s4", 5, 5), ("s4", 1, 10))
"""(scenario, K, N) the chapter runs live: issue #20's three ns-2 cells and two cells per scenario."""


def live_check(params: Params, *, seed: int, cells=LIVE_CELLS, replication: int = 0) -> pd.DataFrame:
    """Run ``cells`` now, as the seed's committed grid ran them, and put each run beside the committed one.

    The runs are ``params.grid_duration_s`` of the ``params.grid_window`` streams at the seed's committed
    calibration (:func:`~.streams.committed_calibration`; 50 packets and 4 ms for a seed without a grid).

    Parameters
    ----------
    params : Params
        The experiment's parameters (``grid_duration_s`` in s, ``grid_window``, readings).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    cells : sequence of (str, int, int), default LIVE_CELLS
        ``(scenario, K, N)`` to run.
    replication : int, default 0
        The replication run for every cell.

    Returns
    -------
    pandas.DataFrame
        One row per cell: ``scenario, K, N``, the live video PER [%], TCP loss [%], video and TCP
        throughput [Mb/s], utilization [%], and ``same_as_committed`` (True: every count of the run
        equals the committed row; None: the committed grid has no such run at these settings).
    """
    buffer_packets, rtt_s = committed_calibration(seed) or (50, 0.004)
    duration_s, window = params.grid_duration_s, params.grid_window
    found = committed_grid(seed, buffer_packets=buffer_packets, rtt_s=rtt_s)
    grid = None
    if found is not None and float(found[1]["duration_s"]) == float(duration_s) and found[1].get("window", "head") == window:
        grid = found[0].set_index(["scenario", "K", "N", "replication"])
    counts = ["video_sent", "video_dropped", "tcp_sent", "tcp_dropped", "tcp_timeouts", "tcp_fast_retransmits"]
    rows = []
    for s, k, n in cells:
        r = run_packet_cell(params, scenario=s, n_videos=n, k_flows=k, replication=replication, seed=seed,
                            buffer_packets=buffer_packets, rtt_s=rtt_s, duration_s=duration_s, window=window)
        same = None
        if grid is not None and (s, k, n, replication) in grid.index:
            g = grid.loc[(s, k, n, replication)]
            same = bool(all(int(g[c]) == int(r[c]) for c in counts))
        rows.append({"scenario": s, "K": k, "N": n, **{m: r[c] for c, m in METRIC_COLUMNS.items()},
                     "tcp_loss_pct": r["tcp_loss_pct"], "same_as_committed": same})
    return pd.DataFrame(rows)


SURROGATE_TOLERANCE = {"per": (0.05, 0.25), "link_utilization": (1.0, 0.0), "video_throughput": (5.0, 0.03),
                       "tcp_throughput": (5.0, 0.03)}
"""Per metric, (absolute, relative) tolerance within which the fluid surrogate agrees with the packet
model on a cell: ``|fluid - packet| <= max(absolute, relative * |packet|)`` (PER in points of %,
utilization in points, throughputs in Mb/s), for :func:`mmperf.metrics.surrogate.surrogate_agreement` on :data:`LIVE_CELLS`."""


def main(argv=None) -> int:
    """``python -m mmperf.experiments.chodorek2018.packet [out.csv]``: run the sample, write it and its parameters.

    Opt-in (about a minute on one core): the chapter reads the committed file and never runs this.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments (``sys.argv[1:]`` if not given): an optional output CSV path
        (default :data:`SAMPLE_FILE`); the ``.json`` of its parameters is written beside it.

    Returns
    -------
    int
        The exit status, 0.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0]) if args else Path(SAMPLE_FILE)
    out.parent.mkdir(parents=True, exist_ok=True)
    seed = _seeds.use(None)
    opts = {"replications": 5, "duration_s": 30.0, "buffer_packets": 50, "rtt_s": 0.004}
    t0 = time.perf_counter()
    df = run_packet_sample(Params(), seed=seed, **opts)
    df.drop(columns="wall_s").to_csv(out, index=False, float_format="%.9g")
    meta = {"function": "mmperf.experiments.chodorek2018.packet.run_packet_sample", "params": "Params() (defaults)",
            "seed": int(seed), "cells_KN": [list(c) for c in SAMPLE_CELLS], **opts,
            "tcp_start_window_s": TCP_START_WINDOW_S, "scenario": "s1",
            "wall_s_per_run": {f"K={k},N={n}": round(float(g["wall_s"].mean()), 2) for (k, n), g in df.groupby(["K", "N"])},
            "total_wall_s": round(time.perf_counter() - t0, 1)}
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n")
    print(df.groupby(["K", "N"])[["video_per_pct", "tcp_loss_pct", "tcp_throughput_mbps", "utilization_pct"]].mean())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def run_audit_grid(params: Params, *, seed: int, buffer_packets: int, rtt_s: float) -> pd.DataFrame:
    """The audit packet grid: every scenario on ``params.audit_cells``, ``params.audit_replications`` runs of
    ``params.audit_duration_s`` each, under the readings of ``params``.

    What :func:`~mmperf.experiments.chodorek2018.run` judges on when the parameters are a reading or an
    ablation the fluid model cannot express (:attr:`Params.uses_audit_grid`): the cells the claims read, in
    runs short enough for the audit's budget (several seeds x every variant).

    Parameters
    ----------
    params : Params
    seed : int
        Root seed (streams, phases, TCP start times).
    buffer_packets, rtt_s
        The drop-tail limit [packets] and base round trip [s] (the seed's calibration).

    Returns
    -------
    pandas.DataFrame
        One row per (scenario, K, N, replication): the columns of :func:`run_packet_cell` without ``wall_s``.

    Examples
    --------
    >>> p = Params(audit_cells=((0, 1), (1, 1)), audit_duration_s=1.0, scenarios=("s1",))
    >>> run_audit_grid(p, seed=1, buffer_packets=50, rtt_s=0.004)[["scenario", "K", "N"]].values.tolist()
    [['s1', 0, 1], ['s1', 1, 1]]
    """
    rows = [run_packet_cell(params, scenario=s, n_videos=n, k_flows=k, replication=rep, seed=seed,
                            buffer_packets=buffer_packets, rtt_s=rtt_s, duration_s=params.audit_duration_s)
            for s in params.scenarios for k, n in params.audit_cells for rep in range(params.audit_replications)]
    return pd.DataFrame(rows).drop(columns="wall_s")


BURST_BUFFER_CANDIDATES = (500, 700, 1000, 1500, 2000)
"""Buffers [packets] tried for the frame-burst sender: a frame written at the line rate needs far more
than the paced sender's 50-300 packets before N bursting streams print PER 0.00 % unloaded."""


def calibrate_burst_buffer(params: Params, *, seed: int, candidates=BURST_BUFFER_CANDIDATES) -> int:
    """The chapter's buffer rule on the packet model: the smallest candidate whose unloaded audit cells
    (K = 0 of ``params.audit_cells``, every replication, ``params.audit_duration_s``) all print PER 0.00 %.

    Used for the frame-burst sender (``params.sender='burst'``), whose bursts the fluid model's calibration
    does not see; the largest candidate if none does.

    Parameters
    ----------
    params : Params
        The experiment's parameters (``audit_cells``, ``audit_replications``, ``audit_duration_s`` in s).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    candidates : sequence of int, default BURST_BUFFER_CANDIDATES
        Buffers tried, in packets, increasing.

    Returns
    -------
    int
        The buffer [packets].
    """
    unloaded = sorted({n for k, n in params.audit_cells if k == 0}) or [max(n for _, n in params.audit_cells)]
    loss = lambda b: max(run_packet_cell(params, n_videos=n, k_flows=0, replication=rep, seed=seed, buffer_packets=b,  # noqa: E731
                                         rtt_s=0.004, duration_s=params.audit_duration_s)["video_per_pct"]
                         for n in unloaded for rep in range(params.audit_replications))
    table = calibration.calibrate_buffer(loss, candidates=candidates)
    return int(table.loc[table["chosen"], "buffer_packets"].item())


def calibrate(params: Params, *, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The seed's buffer and base round trip, calibrated on the packet model (issue #35).

    Every run is ``params.grid_duration_s`` of the ``params.grid_window`` streams, replications
    ``0 .. rtt_calibration_replications - 1``, as the seed's packet grid runs them. Buffer: the smallest of
    ``buffer_candidates_packets`` whose unloaded s1 runs (K = 0, every N; the mean PER over the replications)
    all print PER 0.00 % (Table I, Sec. IV.E). Round trip: the candidate whose s1, K = 1, N = 1 utilization
    (mean over the replications) is nearest ``rtt_target_utilization_pct`` (Table I's 83.4 %), at that buffer.

    Parameters
    ----------
    params : Params
        The experiment's parameters: candidates (``buffer_candidates_packets`` in packets,
        ``rtt_candidates_s`` in s), ``rtt_target_utilization_pct`` [%], ``rtt_calibration_replications``,
        ``grid_duration_s`` [s], ``grid_window``.
    seed : int
        Root seed, ``0 .. 2**63 - 1``.

    Returns
    -------
    (pandas.DataFrame, pandas.DataFrame)
        :func:`mmperf.networks.calibration.calibrate_buffer`'s and
        :func:`mmperf.networks.calibration.calibrate_rtt`'s tables.
    """
    reps = range(params.rtt_calibration_replications)
    run = lambda n, k, b, rtt, rep: run_packet_cell(  # noqa: E731
        params, n_videos=n, k_flows=k, replication=rep, seed=seed, buffer_packets=b, rtt_s=rtt,
        duration_s=params.grid_duration_s, window=params.grid_window)
    loss = lambda b: max(np.mean([run(n, 0, b, 0.004, r)["video_per_pct"] for r in reps]) for n in params.n_values)  # noqa: E731
    buf = calibration.calibrate_buffer(loss, candidates=params.buffer_candidates_packets)
    b = int(buf.loc[buf["chosen"], "buffer_packets"].item())
    util = lambda rtt: float(np.mean([run(1, 1, b, rtt, r)["utilization_pct"] for r in reps]))  # noqa: E731
    rtt = calibration.calibrate_rtt(util, candidates=params.rtt_candidates_s, target_pct=params.rtt_target_utilization_pct)
    return buf, rtt


READING_CELLS = (("s1", 1, 10), ("s1", 10, 1), ("s1", 10, 10), ("s2", 10, 1), ("s2", 10, 10), ("s3", 1, 10), ("s3", 5, 10),
                 ("s3", 10, 1), ("s3", 10, 10), ("s4", 5, 10), ("s4", 10, 1), ("s4", 10, 10))
"""(scenario, K, N) of the readings table: the paper's extremes of s1, and the s2-s4 cells where its
reserved losses are (the paper's s3 and s4 PER at N = 10 grow with K)."""

READINGS_FILE = "data/chodorek2018/readings.csv"
"""Where :func:`reading_cells` is committed (with ``readings.json``): the chapter reads it, never runs it."""

READINGS = {
    "book": {},
    "bounded": {"reserved_queue": "bounded"},
    "shared": {"reserved_queue": "shared"},
    "tspec": {"bucket": "tspec"},
    "burst": {"sender": "burst"},
    "cubic": {"congestion_control": "cubic"},
    "burst+cubic": {"sender": "burst", "congestion_control": "cubic"},
    "shared+burst+cubic": {"reserved_queue": "shared", "sender": "burst", "congestion_control": "cubic"},
}
"""Named readings of :func:`reading_cells`: the book's, one change of the ledger at a time, and combinations."""


def reading_cells(params: Params, *, seed: int, readings=READINGS, cells=READING_CELLS, replications: int = 2,
                  duration_s: float = 10.0, buffer_packets: int | None = None, rtt_s: float | None = None) -> pd.DataFrame:
    """Selected cells under each named reading: which one brings the paper's numbers closest.

    Each reading runs at ``buffer_packets`` and ``rtt_s``, by default the seed's committed calibration (the
    committed table was run at 50 packets and 4 ms, the ns-2 cross-check's settings); the burst sender's
    buffer is recalibrated on the packet model (:func:`calibrate_burst_buffer`).

    Parameters
    ----------
    params : Params
        The book's parameters; each reading changes some of their fields (:meth:`Params.with_`).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    readings : dict of str to dict, default READINGS
        Name -> the fields of ``params`` it changes.
    cells : sequence of (str, int, int), default READING_CELLS
        ``(scenario, K, N)`` to run under each reading.
    replications : int, default 2
        Replications 0 .. replications - 1 averaged per cell.
    duration_s : float, default 10.0
        Run length, in seconds.
    buffer_packets : int, optional
        Drop-tail limit [packets] (the seed's committed calibration, else 50, if not given).
    rtt_s : float, optional
        Base round trip [s] (the seed's committed calibration, else 0.004, if not given).

    Returns
    -------
    pandas.DataFrame
        One row per reading and cell: ``reading, scenario, K, N, buffer_packets`` and the means over
        ``replications`` of the video PER [%], the conforming packets dropped [%] of those sent, the TCP loss
        [%], the video and TCP throughput [Mb/s] and the utilization [%].
    """
    cal = committed_calibration(seed) or (50, 0.004)
    buffer_packets = cal[0] if buffer_packets is None else buffer_packets
    rtt_s = cal[1] if rtt_s is None else rtt_s
    rows = []
    for name, change in readings.items():
        p = params.with_(**change)
        b = calibrate_burst_buffer(p, seed=seed) if p.sender == "burst" else buffer_packets
        for s, k, n in cells:
            runs = [run_packet_cell(p, scenario=s, n_videos=n, k_flows=k, replication=rep, seed=seed, buffer_packets=b,
                                    rtt_s=rtt_s, duration_s=duration_s) for rep in range(replications)]
            mean = lambda c: float(np.mean([r[c] for r in runs]))  # noqa: E731
            rows.append({"reading": name, "scenario": s, "K": k, "N": n, "buffer_packets": b, "video_per_pct": mean("video_per_pct"),
                         "tcp_loss_pct": mean("tcp_loss_pct"), "video_throughput_mbps": mean("video_throughput_mbps"),
                         "tcp_throughput_mbps": mean("tcp_throughput_mbps"), "utilization_pct": mean("utilization_pct")})
    return pd.DataFrame(rows)
