"""The Chodorek cells on the packet-level bottleneck (issue #20): the chapter's own video as packets.

The fluid model (:mod:`mmperf.networks.bottleneck`, in slots) runs the whole grid; this module
runs single cells packet by packet on :func:`mmperf.networks.shared_bottleneck.simulate` with
the same streams: stream j of replication r has the frames and phase that
:func:`~mmperf.experiments.chodorek2018.video_arrivals` gives it, its packets paced over each
frame interval (:func:`mmperf.media.hdvideo.packet_schedule`). Only best effort (s1) so far:
the reservations of s2-s4 are not packet-level yet.
"""

from __future__ import annotations

import time

import numpy as np

from mmperf import _validate
from mmperf.experiments.chodorek2018.params import Params
from mmperf.media import hdvideo
from mmperf.networks import shared_bottleneck
from mmperf.seeds import check_seed, rng

PAPER = "chodorek2018"

TCP_START_WINDOW_S = 0.1
"""The K TCP flows start at independent uniform times in ``[0, TCP_START_WINDOW_S)`` (iPerf clients
started together; the spread breaks the symmetry of identical flows)."""


def video_packets(params: Params, replication: int, n_videos: int, *, seed: int, duration_s: float,
                  clips=None) -> tuple[np.ndarray, np.ndarray]:
    """Send times [s] and wire sizes [bytes] of the first ``n_videos`` streams, merged in time order.

    Ties between streams keep stream order (a stable sort), so the schedule is a function of
    ``(params.video, replication, n_videos, seed, duration_s)``.
    """
    seed = check_seed(seed)
    n_videos = _validate.whole(n_videos, "n_videos", minimum=0)
    duration_s = _validate.positive(duration_s, "duration_s")
    clips = hdvideo.clip_library(params.video, root=seed) if clips is None else clips
    ts, bs = [np.empty(0)], [np.empty(0, np.int64)]
    for j in range(n_videos):
        frames = hdvideo.stream_frames(params.video, replication=replication, stream=j, clips=clips, root=seed)
        phase = rng(PAPER, "phase", replication, j, root=seed).uniform(0, 1 / params.video.frame_rate)
        t, b = hdvideo.packet_schedule(frames, frame_rate=params.video.frame_rate, duration_s=duration_s, phase_s=phase)
        ts.append(t)
        bs.append(b)
    t, b = np.concatenate(ts), np.concatenate(bs)
    order = np.argsort(t, kind="stable")
    return t[order], b[order]


def tcp_starts(replication: int, k_flows: int, *, seed: int) -> np.ndarray:
    """Start times [s] of the K TCP flows of a replication (the same flows in every N)."""
    k_flows = _validate.whole(k_flows, "k_flows", minimum=0)
    return rng(PAPER, "tcp-start", replication, root=check_seed(seed)).uniform(0, TCP_START_WINDOW_S, k_flows)


def run_packet_cell(params: Params, *, n_videos: int, k_flows: int, replication: int, seed: int,
                    buffer_packets: int = 50, rtt_s: float = 0.004, duration_s: float = 30.0) -> dict:
    """One best-effort (s1) cell on the packet-level bottleneck.

    Returns
    -------
    dict
        ``N, K, replication, seed, duration_s`` and the metrics of
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
    vt, vb = video_packets(params, replication, n_videos, seed=seed, duration_s=duration_s)
    res = shared_bottleneck.simulate(vt, vb, capacity_bps=params.capacity_bps, buffer_packets=buffer_packets, rtt_s=rtt_s,
                                     tcp_start_s=tcp_starts(replication, k_flows, seed=seed), duration_s=duration_s,
                                     packet_bytes=params.packet_bytes)
    return {"N": n_videos, "K": k_flows, "replication": replication, "seed": seed, "duration_s": duration_s,
            **res.summary(), "wall_s": time.perf_counter() - t0}
