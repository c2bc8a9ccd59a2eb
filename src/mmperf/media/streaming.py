"""A coded video streamed over a transport: its packet schedule, the run, and the decode of what arrived.

:func:`stream` hands a coded two-layer video's packets (:class:`mmperf.coding.svc.CodedVideo`) to
an RTP, TCP or SCTP/CMT-SCTP sender (by the configuration's type) over a two-link
:class:`~mmperf.networks.packetsim.Network`, and decodes the packets that arrived; the
:class:`Stream` it returns gives the run's summary (average delay, PSNR-Y, frame shares, link
counters) and its per-second series. The work shared between runs is done once per process and
video: the send schedule, the decode of a complete delivery (every reliable run shows it), and
:func:`stream_summary` of identical inputs (a network without transmission errors draws nothing from
the seed, so its runs are the same under every seed).

Built for Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios".

Examples
--------
>>> from mmperf.media import scenes
>>> from mmperf.coding import svc
>>> from mmperf.networks.packetsim import Network
>>> from mmperf.transports import rtp
>>> seq = scenes.four_scenes(frames_per_scene=(3, 3, 3, 3), height=32, width=48)
>>> video = svc.encode(seq.frames(), frame_rate=25.0)
>>> s = stream(video, rtp.RtpConfig(), Network(30.0), seed=1)
>>> sorted(s.summary())[:3]
['abandoned', 'avg_delay_s', 'delivered_frac']
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.metrics import delivery
from mmperf.networks.packetsim import Network
from mmperf.seeds import check_seed
from mmperf.transports import rtp, sctp, tcp

__all__ = ["Stream", "decode_delivered", "packet_schedule", "stream", "stream_summary"]

_MEMOS: dict[int, tuple] = {}


def _memo(obj) -> dict:
    """This process's memo of one video, dropped with it."""
    key = id(obj)
    hit = _MEMOS.get(key)
    if hit is not None and hit[0]() is obj:
        return hit[1]
    memo: dict = {}
    _MEMOS[key] = (weakref.ref(obj, lambda _, k=key, m=_MEMOS: m.pop(k, None)), memo)
    return memo


def _video(video) -> svc.CodedVideo:
    if not isinstance(video, svc.CodedVideo):
        raise TypeError(f"video must be a mmperf.coding.svc.CodedVideo, got {type(video).__name__}")
    return video


def _rule(lost_slice_rule) -> str:
    if not isinstance(lost_slice_rule, str) or lost_slice_rule not in svc.LOST_SLICE_RULES:
        raise ValueError(f"lost_slice_rule must be one of {svc.LOST_SLICE_RULES}, got {lost_slice_rule!r}")
    return lost_slice_rule


def packet_schedule(video) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The video's packets as a sender gets them: send times [s], sizes [bytes] and layers (once per video).

    Parameters
    ----------
    video : CodedVideo
        The coded sequence (:func:`mmperf.coding.svc.encode`).

    Returns
    -------
    tuple of ndarray
        ``(gen_time, sizes, layers)`` in the video's packet order (:meth:`CodedVideo.send_times`).

    Raises
    ------
    TypeError
        If ``video`` is not a coded video.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Evaluation scenarios (the video server).

    Examples
    --------
    >>> from mmperf.media import scenes
    >>> from mmperf.coding import svc
    >>> v = svc.encode(scenes.four_scenes(frames_per_scene=(2, 2, 2, 2), height=32, width=48).frames())
    >>> [a.shape == (v.n_packets,) for a in packet_schedule(v)]
    [True, True, True]
    """
    memo = _memo(_video(video))
    if "schedule" not in memo:
        memo["schedule"] = (video.send_times(), video.packets["bytes"].to_numpy(), video.packets["layer"].to_numpy())
    return memo["schedule"]


def decode_delivered(video, delivered, *, lost_slice_rule: str = "freeze") -> svc.Decoded:
    """:meth:`CodedVideo.decode` of a delivery mask; a complete delivery is decoded once per video and rule.

    Parameters
    ----------
    video : CodedVideo
    delivered : array_like of bool, shape (n_packets,)
        Whether each packet arrived.
    lost_slice_rule : {"freeze", "black", "freeze-any"}, default "freeze"
        What a lost slice does (:meth:`CodedVideo.decode`).

    Returns
    -------
    Decoded
        A complete delivery's decode is shared (read-only arrays).

    Raises
    ------
    TypeError
        If ``video`` is not a coded video.
    ValueError
        As :meth:`CodedVideo.decode` (a mask of the wrong shape, an unknown rule).

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5 (PSNR-Y).

    Examples
    --------
    >>> from mmperf.media import scenes
    >>> from mmperf.coding import svc
    >>> v = svc.encode(scenes.four_scenes(frames_per_scene=(2, 2, 2, 2), height=32, width=48).frames())
    >>> decode_delivered(v, np.ones(v.n_packets, bool)) is decode_delivered(v, np.ones(v.n_packets, bool))
    True
    """
    memo = _memo(_video(video))
    _rule(lost_slice_rule)
    mask = np.asarray(delivered) if isinstance(delivered, np.ndarray) else None
    if mask is not None and mask.dtype == bool and mask.shape == (video.n_packets,) and mask.all():
        key = ("complete-decode", lost_slice_rule)
        if key not in memo:
            dec = video.decode(mask, base_loss=lost_slice_rule)
            for a in (dec.psnr, dec.status, dec.shown, dec.enh_ok):
                a.flags.writeable = False
            memo[key] = dec
        return memo[key]
    return video.decode(delivered, base_loss=lost_slice_rule)


@dataclass
class Stream:
    """One coded video streamed over one transport: the transport's result and the decoded video.

    Parameters
    ----------
    result : TransportResult
        What the transport delivered, and when.
    decoded : Decoded
        The video decoded from the delivered packets.
    delay_average : {"packet", "second"}
        How :meth:`summary` averages the delay (:func:`mmperf.metrics.delivery.average_delay`).
    """

    result: object
    decoded: svc.Decoded = field(repr=False)
    delay_average: str = "packet"

    def sink(self) -> pd.DataFrame:
        """Per second of sending: mean delay [s] and lost bandwidth [Mb/s] at the video sink."""
        r = self.result
        return delivery.per_second_delivery(r.gen_time, r.deliver_time, self.decoded.video.packets["bytes"].to_numpy(),
                                            bin_s=r.bin_s)

    def average_delay(self) -> float:
        """The run's average delay [s] under :attr:`delay_average` (NaN when nothing was delivered)."""
        if self.delay_average == "second":
            return delivery.average_delay(self.result.gen_time, self.result.deliver_time, how="second",
                                          bin_s=self.result.bin_s)
        d = self.result.delay()
        return float(d.mean()) if d.size else np.nan

    def summary(self) -> dict:
        """Average delay [s], mean PSNR-Y [dB], shares of delivered packets and of frozen / partial frames,
        the second link's share of the offered packets, drops, retransmissions, abandoned packets,
        receiver-window drops and the last delivery [s]."""
        r, dec = self.result, self.decoded
        offered, queue, error = (r.link_counters[k].to_numpy() for k in ("offered", "queue_drops", "error_drops"))
        return {
            "avg_delay_s": self.average_delay(),
            "psnr_db": float(dec.psnr.mean()),
            "delivered_frac": float(r.delivered.mean()),
            "frozen_frac": float((dec.status == "frozen").mean()),
            "partial_frac": float((dec.status == "partial").mean()),
            "link2_share": float(offered[1] / max(offered.sum(), 1)),
            "queue_drops": int(queue.sum()), "error_drops": int(error.sum()),
            "retransmissions": int((r.transmissions - 1).clip(min=0).sum()),
            "abandoned": int(r.abandoned.sum()), "receiver_window_drops": int(r.receiver_window_drops),
            "last_delivery_s": float(r.deliver_time.max()),
        }

    def per_second(self) -> dict[str, pd.DataFrame]:
        """Per-second series: ``links`` (bandwidth and discards per interface), ``sink`` (delay, loss
        bandwidth) and ``psnr`` (mean PSNR-Y of the frames shown in each second)."""
        r = self.result
        last = int(np.ceil(max(r.end_time, r.gen_time.max()) / r.bin_s)) + 1
        links = delivery.interface_series(r.link_stats[:2], bin_s=r.bin_s, n_bins=last)
        video = self.decoded.video
        psnr = delivery.binned_mean(np.arange(len(self.decoded.psnr)) / video.frame_rate, self.decoded.psnr,
                                    bin_s=r.bin_s, name="psnr_db")
        return {"links": links, "sink": self.sink(), "psnr": psnr}


def stream(video, config, network, *, seed: int, t_end: float = 1000.0, lost_slice_rule: str = "freeze",
           delay_average: str = "packet", trace_events: int = 0) -> Stream:
    """Send a coded video over a transport and decode what arrived.

    Parameters
    ----------
    video : CodedVideo
        The coded sequence; its packets are sent on :func:`packet_schedule`.
    config : RtpConfig, TcpConfig or SctpConfig
        The transport (:mod:`mmperf.transports`), chosen by the configuration's type.
    network : Network
        The two links.
    seed : int
        Seed of the links' error draws.
    t_end : float, default 1000.0
        The window transports stop at this time [s] (RTP has no horizon).
    lost_slice_rule : {"freeze", "black", "freeze-any"}, default "freeze"
        The decoder's rule (:meth:`CodedVideo.decode`).
    delay_average : {"packet", "second"}, default "packet"
        How the summary averages the delay.
    trace_events : int, default 0
        For SCTP, keep the sender's first ``trace_events`` events (:func:`mmperf.transports.sctp.run`).

    Returns
    -------
    Stream

    Raises
    ------
    TypeError
        If ``video``, ``config`` or ``network`` is of the wrong type.
    ValueError
        For an unknown rule or average, or bad transport input.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Evaluation scenarios and Table 1.

    Examples
    --------
    >>> from mmperf.media import scenes
    >>> from mmperf.coding import svc
    >>> from mmperf.transports import tcp
    >>> v = svc.encode(scenes.four_scenes(frames_per_scene=(2, 2, 2, 2), height=32, width=48).frames())
    >>> bool(stream(v, tcp.TcpConfig(), Network(30.0), seed=1, t_end=60.0).result.delivered.all())
    True
    """
    gen, sizes, layers = packet_schedule(video)
    t_end = _validate.positive(t_end, "t_end")
    trace_events = _validate.whole(trace_events, "trace_events", minimum=0)
    if not isinstance(network, Network):
        raise TypeError(f"network must be a mmperf.networks.packetsim.Network, got {type(network).__name__}")
    if not isinstance(delay_average, str) or delay_average not in delivery.DELAY_AVERAGES:
        raise ValueError(f"delay_average must be one of {delivery.DELAY_AVERAGES}, got {delay_average!r}")
    _rule(lost_slice_rule)
    if isinstance(config, rtp.RtpConfig):
        res = rtp.run(gen, sizes, layers, network, config, seed=seed)
    elif isinstance(config, tcp.TcpConfig):
        res = tcp.run(gen, sizes, network, config, seed=seed, t_end=t_end)
    elif isinstance(config, sctp.SctpConfig):
        res = sctp.run(gen, sizes, layers, network, config, seed=seed, t_end=t_end, trace_events=trace_events)
    else:
        raise TypeError(f"config must be an RtpConfig, TcpConfig or SctpConfig, got {type(config).__name__}")
    return Stream(res, decode_delivered(video, res.delivered, lost_slice_rule=lost_slice_rule), delay_average)


def stream_summary(video, config, network, *, seed: int, t_end: float = 1000.0, lost_slice_rule: str = "freeze",
                   delay_average: str = "packet") -> dict:
    """``stream(...).summary()``, computed once per process for the same inputs.

    The key is every input; a network without transmission errors draws nothing from ``seed``,
    so its runs are shared by every seed, and RTP, which has no horizon, by every ``t_end``.

    Parameters
    ----------
    video, config, network, seed, t_end, lost_slice_rule, delay_average
        As in :func:`stream`.

    Returns
    -------
    dict
        :meth:`Stream.summary` (a copy: the caller may change it).

    Raises
    ------
    TypeError, ValueError
        As :func:`stream`.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5.

    Examples
    --------
    >>> from mmperf import coding, media, transports
    >>> seq = media.scenes.four_scenes(frames_per_scene=(1, 1, 1, 1), height=16, width=16)
    >>> v, rtp = coding.svc.encode(seq.frames()), transports.rtp.RtpConfig()
    >>> stream_summary(v, rtp, Network(30.0), seed=1) == stream_summary(v, rtp, Network(30.0), seed=2)
    True
    """
    memo = _memo(_video(video))
    if not isinstance(network, Network):
        raise TypeError(f"network must be a mmperf.networks.packetsim.Network, got {type(network).__name__}")
    seed, t_end = check_seed(seed), _validate.positive(t_end, "t_end")
    key = ("summary", type(config).__name__, repr(config), repr(network), seed if network.loss_rate > 0 else None,
           None if isinstance(config, rtp.RtpConfig) else t_end, lost_slice_rule, delay_average)
    if key not in memo:
        memo[key] = stream(video, config, network, seed=seed, t_end=t_end, lost_slice_rule=lost_slice_rule,
                           delay_average=delay_average).summary()
    return dict(memo[key])
