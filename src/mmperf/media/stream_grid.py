"""The four-scene test video coded once per process, its rate tables, and a grid of streaming runs over it.

:func:`coded_four_scenes` codes :func:`mmperf.media.scenes.four_scenes` with
:func:`mmperf.coding.svc.encode` (it draws nothing, so the coded video is kept per process for each
size and rate); :func:`video_tables` summarises a coded video (mean layer rates, peak 1-s rate,
PSNR-Y, packets, duration); :func:`stream_grid` streams a coded video with every transport
configuration over every (bandwidth, error rate) network (:func:`mmperf.media.streaming.stream`),
one summary row per run, and keeps the runs a caller asks for in full.

Built for Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios" (the 11 x 3 x 4 grid).

Examples
--------
>>> from mmperf.networks.packetsim import Network
>>> from mmperf.transports import rtp
>>> video = coded_four_scenes(frames_per_scene=(2, 2, 2, 2), height=32, width=48)
>>> rows, kept = stream_grid(video, strategies=("RTP",), bandwidths_mbps=(30.0,), error_rates=(0.0,),
...                          config_of=lambda s: rtp.RtpConfig(), network_of=lambda bw, e: Network(bw),
...                          seed_of=lambda bw, e: 1)
>>> rows[["strategy", "bandwidth_mbps", "error_rate"]].values.tolist(), kept
([['RTP', 30.0, 0.0]], {})
"""

from __future__ import annotations

import functools

import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.media import scenes, streaming

__all__ = ["coded_four_scenes", "stream_grid", "video_tables"]


@functools.lru_cache(maxsize=4)
def _coded(frames_per_scene, height, width, frame_rate) -> svc.CodedVideo:
    seq = scenes.four_scenes(frames_per_scene=frames_per_scene, height=height, width=width, frame_rate=frame_rate)
    return svc.encode(seq.frames(), frame_rate=frame_rate)


def coded_four_scenes(*, frames_per_scene=scenes.PAPER_FRAMES, height: int = 120, width: int = 160,
                      frame_rate: float = 25.0) -> svc.CodedVideo:
    """The four-scene test sequence, coded in two layers (once per process for each size and rate).

    Parameters
    ----------
    frames_per_scene : sequence of 4 int, default (529, 529, 529, 529)
        Frames of each scene (:func:`mmperf.media.scenes.four_scenes`).
    height, width : int, default 120, 160
        Frame size [pixels], multiples of 8.
    frame_rate : float, default 25.0
        Frames per second.

    Returns
    -------
    mmperf.coding.svc.CodedVideo
        The coded video (the same object for the same arguments: do not change it).

    Raises
    ------
    TypeError, ValueError
        As :func:`mmperf.media.scenes.four_scenes`, naming the parameter; a ValueError also if the
        frames, or the seconds at ``frame_rate``, are too many for this machine's memory.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios" (four scenes, 2116 frames at 25 frames/s).

    Examples
    --------
    >>> coded_four_scenes(frames_per_scene=(1, 1, 1, 1), height=16, width=16).n_frames
    4
    """
    if isinstance(frames_per_scene, (str, bytes)) or not hasattr(frames_per_scene, "__len__"):
        raise TypeError(f"frames_per_scene must be {len(scenes.SCENES)} positive ints, got {frames_per_scene!r:.80}")
    seq = scenes.four_scenes(frames_per_scene=frames_per_scene, height=height, width=width, frame_rate=frame_rate)
    _validate.size(seq.n_frames * seq.height * seq.width, "frames_per_scene, height, width")
    _validate.size(seq.duration, "frame_rate (the video's seconds, one rate each)")
    return _coded(tuple(frames_per_scene), height, width, float(frame_rate))


def video_tables(video: svc.CodedVideo) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A coded video's summary and its rate per second and layer.

    Parameters
    ----------
    video : mmperf.coding.svc.CodedVideo
        The coded video.

    Returns
    -------
    summary : pandas.DataFrame
        ``quantity`` (``base_rate_mbps``, ``total_rate_mbps`` (means over the seconds), ``peak_rate_mbps``
        (largest 1-s total), ``psnr_full_db``, ``psnr_base_db`` (mean PSNR-Y of the full and base-layer
        decodes), ``packets``, ``duration_s``) and ``value``.
    rates : pandas.DataFrame
        :meth:`~mmperf.coding.svc.CodedVideo.rates`: ``time_s``, ``layer``, ``rate_mbps``.

    Raises
    ------
    TypeError
        If ``video`` is not a :class:`~mmperf.coding.svc.CodedVideo`.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios" (the test video's layer rates and PSNR).

    Examples
    --------
    >>> v = coded_four_scenes(frames_per_scene=(25, 25, 25, 25), height=16, width=16)
    >>> float(video_tables(v)[0].set_index("quantity").loc["duration_s", "value"])
    4.0
    """
    if not isinstance(video, svc.CodedVideo):
        raise TypeError(f"video must be a mmperf.coding.svc.CodedVideo, got {type(video).__name__}")
    rates = video.rates()
    per_s = rates.pivot(index="time_s", columns="layer", values="rate_mbps")
    total = per_s["base"] + per_s["enhancement"]
    summary = pd.DataFrame({"quantity": ["base_rate_mbps", "total_rate_mbps", "peak_rate_mbps", "psnr_full_db",
                                         "psnr_base_db", "packets", "duration_s"],
                            "value": [float(per_s["base"].mean()), float(total.mean()), float(total.max()),
                                      float(video.psnr_full().mean()), float(video.psnr_base().mean()),
                                      float(video.n_packets), video.n_frames / video.frame_rate]})
    return summary, rates


def _names(values, name: str, kind=str) -> tuple:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:
        raise ValueError(f"{name} must be a non-empty sequence, got {values!r:.80}")
    if kind is str:
        if not all(isinstance(v, str) for v in values):
            raise TypeError(f"{name} must hold names (str), got {values!r:.80}")
        return tuple(values)
    return tuple(_validate.non_negative(v, name) for v in values)


def stream_grid(video: svc.CodedVideo, *, strategies, bandwidths_mbps, error_rates, config_of, network_of, seed_of,
                keep=None, t_end: float = 1000.0, lost_slice_rule: str = "freeze",
                delay_average: str = "packet") -> tuple[pd.DataFrame, dict]:
    """Stream a coded video with every strategy over every (bandwidth, error rate) network.

    The cells run error rate by error rate, then bandwidth, then strategy. A run ``keep`` selects is
    streamed in full (:func:`~mmperf.media.streaming.stream`); the others come from
    :func:`~mmperf.media.streaming.stream_summary` (a run without transmission errors is the same
    under every seed, and two strategies with one configuration share one run).

    Parameters
    ----------
    video : mmperf.coding.svc.CodedVideo
        The coded video.
    strategies : sequence of str
        The strategies' names.
    bandwidths_mbps, error_rates : sequence of float
        The grid's axes [Mb/s] and [packet error rate].
    config_of : callable
        ``config_of(strategy)``: the strategy's transport configuration (RTP, TCP or SCTP).
    network_of : callable
        ``network_of(bandwidth_mbps, error_rate)``: the cell's :class:`~mmperf.networks.packetsim.Network`.
    seed_of : callable
        ``seed_of(bandwidth_mbps, error_rate)``: the seed of the cell's error draws (shared by its strategies).
    keep : callable, optional
        ``keep(strategy, bandwidth_mbps, error_rate) -> bool``: the runs returned in full.
    t_end, lost_slice_rule, delay_average
        As in :func:`~mmperf.media.streaming.stream`.

    Returns
    -------
    summary : pandas.DataFrame
        One row per run: ``strategy``, ``bandwidth_mbps``, ``error_rate`` and
        :meth:`~mmperf.media.streaming.Stream.summary`.
    kept : dict
        ``(strategy, bandwidth_mbps, error_rate) -> Stream`` for the runs ``keep`` selects.

    Raises
    ------
    TypeError
        If ``config_of``, ``network_of``, ``seed_of`` or ``keep`` is not callable, or as
        :func:`~mmperf.media.streaming.stream`.
    ValueError
        If an axis is empty or holds a negative or non-finite number, or as :func:`~mmperf.media.streaming.stream`.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios" and Tables 2-5.

    Examples
    --------
    >>> from mmperf.networks.packetsim import Network
    >>> from mmperf.transports import rtp, tcp
    >>> v = coded_four_scenes(frames_per_scene=(2, 2, 2, 2), height=32, width=48)
    >>> cfg = {"RTP": rtp.RtpConfig(), "TCP": tcp.TcpConfig()}
    >>> rows, kept = stream_grid(v, strategies=("RTP", "TCP"), bandwidths_mbps=(30.0, 60.0), error_rates=(0.0,),
    ...                          config_of=cfg.get, network_of=lambda bw, e: Network(bw, loss_rate=e),
    ...                          seed_of=lambda bw, e: 7, keep=lambda s, bw, e: s == "TCP", t_end=60.0)
    >>> len(rows), sorted(kept)
    (4, [('TCP', 30.0, 0.0), ('TCP', 60.0, 0.0)])
    """
    if not isinstance(video, svc.CodedVideo):
        raise TypeError(f"video must be a mmperf.coding.svc.CodedVideo, got {type(video).__name__}")
    strategies = _names(strategies, "strategies")
    bandwidths, rates = _names(bandwidths_mbps, "bandwidths_mbps", float), _names(error_rates, "error_rates", float)
    for name, f in (("config_of", config_of), ("network_of", network_of), ("seed_of", seed_of), ("keep", keep)):
        if not callable(f) and not (name == "keep" and f is None):
            raise TypeError(f"{name} must be callable, got {type(f).__name__}")
    opts = dict(t_end=t_end, lost_slice_rule=lost_slice_rule, delay_average=delay_average)
    rows, kept = [], {}
    for per in rates:
        for bw in bandwidths:
            network, seed = network_of(bw, per), seed_of(bw, per)
            for s in strategies:
                cell = {"strategy": s, "bandwidth_mbps": float(bw), "error_rate": float(per)}
                if keep is not None and keep(s, float(bw), float(per)):
                    kept[(s, float(bw), float(per))] = r = streaming.stream(video, config_of(s), network, seed=seed,
                                                                            **opts)
                    rows.append({**cell, **r.summary()})
                else:
                    rows.append({**cell, **streaming.stream_summary(video, config_of(s), network, seed=seed, **opts)})
    return pd.DataFrame(rows), kept
