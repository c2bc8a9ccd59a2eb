"""A paced UDP stream over a link into a receiving host: the testbed of Taylor & Polyzos (1993).

The model has three parts, each with a few physical parameters:

Sender (:class:`Stream`)
    sends ``group`` packets every ``group * packet_time`` ms, never faster
    (sec. 2.1); packets go into the sending interface's queue, so a sender
    pacing faster than the link loses packets there.
Link (:class:`Link`)
    serialises each packet at the link rate (payload + UDP/IP + framing
    overhead) through a FIFO interface queue of finite length, then adds a
    fixed propagation delay.
Receiving host (:class:`Host`)
    the kernel spends ``kernel_ms`` per arriving packet at interrupt priority
    (it preempts the application, and is spent even on packets it must then
    drop); the packet goes into a socket buffer of ``buffer_packets`` or is
    dropped if the buffer is full; a single-threaded application reads one
    packet per ``app_ms`` and, in the animation experiment, rebuilds and
    displays each frame (``display_ms`` of CPU) as soon as it reads the
    frame's last packet or a packet of the next frame. During the display the
    socket buffer fills; what does not fit is lost (sec. 3.4).

The maximum-throughput experiment is the same stream with the display switched
off. Per-packet costs and the display time vary from packet to packet and frame
to frame (gamma and normal variation with the host's coefficients of variation).

Throughput is counted as the paper defines it (sec. 2.1): bits of the packets
the application received, divided by the receiver's elapsed time (first
arrival to last packet read). The book counts the whole UDP/IP packet (1256
bytes), because the paper's animation tables satisfy
``throughput = 264 * 1256 * 8 * (1 - loss) / frame_time`` to rounding.

Examples
--------
>>> from mmperf.hosts import testbed
>>> from mmperf.seeds import rng
>>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
>>> host = testbed.Host("example", kernel_ms=0.1, app_ms=0.15, display_ms=90.0)
>>> run = testbed.simulate(testbed.Stream(packet_time_ms=0.3, n_frames=5), link, host,
...                        display=False, rng=rng("doc"))
>>> run.summary()["loss_pct"]
0.0
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from mmperf.hosts import _testbed_core as _core
from mmperf import _validate as _v

__all__ = [
    "PACKETS_PER_FRAME", "PACKET_BYTES", "UDP_IP_BYTES", "Link", "Host", "Stream", "Run", "simulate",
    "fluid_received_rate", "arrival_rate", "read_rate", "without_livelock"
]

PACKETS_PER_FRAME = 264
PACKET_BYTES = 1224
UDP_IP_BYTES = 32


def _positive(name, v, *, allow_zero=False):
    return _v.non_negative(v, name) if allow_zero else _v.positive(v, name)


def _posint(name, v):
    return _v.whole(v, name, minimum=1)


@dataclass(frozen=True)
class Link:
    """A network path: rate, per-packet framing overhead, interface queue, propagation delay.

    Parameters
    ----------
    name : str
        Label of the path (e.g. ``"Ethernet"``), for tables.
    rate_mbps : float
        Bottleneck rate [Mb/s].
    overhead_bytes : int
        Link-layer bytes added to each UDP/IP packet (header, trailer, preamble,
        gap, cell padding).
    queue_packets : int, default 50
        Sending interface queue (BSD ``IFQ_MAXLEN``) [packets].
    propagation_ms : float, default 0
        One-way propagation delay [ms].
    """

    name: str
    rate_mbps: float
    overhead_bytes: int = 0
    queue_packets: int = 50
    propagation_ms: float = 0.0

    def __post_init__(self):
        _positive("rate_mbps", self.rate_mbps)
        _v.whole(self.overhead_bytes, "overhead_bytes")
        _posint("queue_packets", self.queue_packets)
        _positive("propagation_ms", self.propagation_ms, allow_zero=True)

    def tx_ms(self, packet_bytes: int) -> float:
        """Serialisation time [ms] of a UDP/IP packet of ``packet_bytes``."""
        _posint("packet_bytes", packet_bytes)
        return (packet_bytes + self.overhead_bytes) * 8 / (self.rate_mbps * 1e3)


@dataclass(frozen=True)
class Host:
    """A receiving host.

    Parameters
    ----------
    name : str
        Label of the host (e.g. the workstation's model), for tables.
    kernel_ms : float
        Kernel (interrupt-level) CPU time per arriving packet [ms].
    app_ms : float
        Application CPU time to read and store one packet [ms].
    display_ms : float
        Application CPU time to rebuild and display one frame [ms].
    buffer_packets : int, default 40
        Socket buffer capacity [packets] (50 KB / 1224 B, sec. 3.4).
    cost_cv : float, default 0.2
        Coefficient of variation of the per-packet costs (gamma distributed).
    display_cv : float, default 0.1
        Coefficient of variation of the per-frame display time (normal, floored at 20 % of the mean).
    """

    name: str
    kernel_ms: float
    app_ms: float
    display_ms: float = 0.0
    buffer_packets: int = 40
    cost_cv: float = 0.2
    display_cv: float = 0.1

    def __post_init__(self):
        _positive("kernel_ms", self.kernel_ms, allow_zero=True)
        _positive("app_ms", self.app_ms)
        _positive("display_ms", self.display_ms, allow_zero=True)
        _posint("buffer_packets", self.buffer_packets)
        _positive("cost_cv", self.cost_cv, allow_zero=True)
        _positive("display_cv", self.display_cv, allow_zero=True)


@dataclass(frozen=True)
class Stream:
    """The paced sender's stream.

    Parameters
    ----------
    packet_time_ms : float
        Packet send time ``t/g`` [ms] (the tables' "packet" column).
    group : int, default 2
        Packets sent back to back per interval (the paper's g, "generally 2 or 3").
    n_frames : int, default 100
        Frames sent (the paper sent 100 or 200).
    packets_per_frame : int, default 264
        UDP packets per frame.
    packet_bytes : int, default 1256
        UDP/IP packet size [bytes]: 1224 of data and application header plus 32.
    """

    packet_time_ms: float
    group: int = 2
    n_frames: int = 100
    packets_per_frame: int = PACKETS_PER_FRAME
    packet_bytes: int = PACKET_BYTES + UDP_IP_BYTES

    def __post_init__(self):
        _positive("packet_time_ms", self.packet_time_ms)
        _posint("group", self.group)
        _posint("n_frames", self.n_frames)
        _posint("packets_per_frame", self.packets_per_frame)
        _posint("packet_bytes", self.packet_bytes)

    @property
    def n_packets(self) -> int:
        return self.n_frames * self.packets_per_frame

    def send_times(self) -> np.ndarray:
        """Send time of each packet [ms]: groups of ``group`` every ``group * packet_time_ms``."""
        j = np.arange(self.n_packets)
        return (j // self.group) * (self.group * self.packet_time_ms)


class Run:
    """The outcome of one simulated experiment (see :func:`simulate`).

    Parameters
    ----------
    packets : pandas.DataFrame
        One row per packet sent: ``frame``, ``index`` (0..263), ``send_ms``,
        ``arrive_ms`` (NaN if lost on the link), ``read_ms`` (NaN if lost),
        ``lost_link``, ``lost_socket``, ``received``.
    stream : Stream
        The paced stream that was sent.
    link : Link
        The network path it crossed.
    host : Host
        The receiving host.
    display : bool
        True for the animation experiment (frames displayed), False for the
        maximum-throughput one (packets only counted).
    """

    def __init__(self, packets: pd.DataFrame, stream: Stream, link: Link, host: Host, display: bool):
        self.packets, self.stream, self.link, self.host, self.display = packets, stream, link, host, display

    def per_frame(self) -> pd.DataFrame:
        """Per frame: packets ``sent``, ``received``, ``lost_link``, ``lost_socket`` and ``lost``."""
        p = self.packets
        frame = p["frame"].to_numpy()
        n = self.stream.n_frames
        count = lambda w: np.bincount(frame, weights=w, minlength=n).astype(np.int64)  # noqa: E731
        out = pd.DataFrame({
            "frame": np.arange(n),
            "sent": np.bincount(frame, minlength=n),
            "received": count(p["received"].to_numpy()),
            "lost_link": count(p["lost_link"].to_numpy()),
            "lost_socket": count(p["lost_socket"].to_numpy()),
        })
        out["lost"] = out["lost_link"] + out["lost_socket"]
        return out

    def summary(self) -> dict:
        """The paper's table row, as the receiver sees it.

        Returns
        -------
        dict
            ``frame_time_ms`` (receiver elapsed time / frames), ``packet_time_ms``
            (the sender's setting), ``throughput_mbps``, ``loss_pct``,
            ``max_lost_per_frame``, ``avg_lost_per_frame``, and the counts
            ``sent``, ``received``, ``lost_link``, ``lost_socket``.
        """
        p = self.packets
        rec = p["received"].to_numpy()
        n_rec = int(rec.sum())
        elapsed = float(np.nanmax(p["read_ms"].to_numpy()) - np.nanmin(p["arrive_ms"].to_numpy())) if n_rec else np.nan
        lost = np.bincount(p["frame"].to_numpy(), weights=~rec, minlength=self.stream.n_frames)
        return {
            "frame_time_ms": float(elapsed / self.stream.n_frames),
            "packet_time_ms": float(self.stream.packet_time_ms),
            "throughput_mbps": float(n_rec * self.stream.packet_bytes * 8 / (elapsed * 1e3)) if n_rec else 0.0,
            "loss_pct": float(100 * (1 - n_rec / len(p))),
            "max_lost_per_frame": int(lost.max()),
            "avg_lost_per_frame": float(lost.mean()),
            "sent": int(len(p)),
            "received": n_rec,
            "lost_link": int(p["lost_link"].sum()),
            "lost_socket": int(p["lost_socket"].sum()),
        }


def _gamma(gen, mean, cv, n):
    if cv == 0 or mean == 0:
        return np.full(n, float(mean))
    shape = 1.0 / cv**2
    return gen.gamma(shape, mean / shape, n)


def simulate(stream: Stream, link: Link, host: Host, *, display: bool, rng: np.random.Generator) -> Run:
    """Simulate one experiment: the paced stream, the link and the receiving host.

    Parameters
    ----------
    stream : Stream
        The paced sender's stream.
    link : Link
        The network path between sender and receiver.
    host : Host
        The receiving host.
    display : bool
        True for the animation experiment (frames rebuilt and displayed), False
        for the maximum-throughput experiment (packets only counted).
    rng : numpy.random.Generator
        Source of the per-packet and per-frame cost variation (from :func:`mmperf.seeds.rng`).

    Returns
    -------
    Run
        One row per packet sent (its send, arrival and read times, where it was lost), with the inputs.

    Raises
    ------
    TypeError
        If an argument has the wrong type.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.1 (pacing, throughput) and 3.4 (socket-buffer overflow).
    """
    for name, v, cls in (("stream", stream, Stream), ("link", link, Link), ("host", host, Host)):
        if not isinstance(v, cls):
            raise TypeError(f"{name} must be a {cls.__name__}, got {type(v).__name__}")
    _v.flag(display, "display")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (use mmperf.seeds.rng), got {type(rng).__name__}")
    # about 16 arrays of one value per packet: refuse a run that would not fit in memory
    _v.size(16 * stream.n_packets, "16 * n_frames * packets_per_frame (the run's per-packet arrays)")
    n = stream.n_packets
    send = stream.send_times()
    finish, lost_link = _core.fifo_link(send, link.tx_ms(stream.packet_bytes), link.queue_packets)
    arrive = finish + link.propagation_ms
    ok = ~lost_link
    idx = np.flatnonzero(ok)
    frame = np.arange(n) // stream.packets_per_frame
    index = np.arange(n) % stream.packets_per_frame
    kernel = _gamma(rng, host.kernel_ms, host.cost_cv, n)[idx]
    app = _gamma(rng, host.app_ms, host.cost_cv, n)[idx]
    disp = host.display_ms * np.maximum(0.2, 1 + host.display_cv * rng.standard_normal(stream.n_frames))
    dropped, read = _core.receiver(arrive[idx], kernel, app, frame[idx], index[idx], disp,
                                   stream.packets_per_frame - 1, host.buffer_packets, bool(display))
    lost_socket = np.zeros(n, dtype=bool)
    lost_socket[idx] = dropped
    read_ms = np.full(n, np.nan)
    read_ms[idx] = np.where(dropped, np.nan, read)
    packets = pd.DataFrame({
        "frame": frame, "index": index, "send_ms": send, "arrive_ms": arrive, "read_ms": read_ms,
        "lost_link": lost_link, "lost_socket": lost_socket, "received": ~(lost_link | lost_socket),
    })
    return Run(packets, stream, link, host, bool(display))


def fluid_received_rate(packet_time_ms, link: Link, host: Host, *, packet_bytes: int = PACKET_BYTES + UDP_IP_BYTES):
    """Steady-state packet rate [1/ms] the application reads, without display (fluid limit).

    The offered rate ``1/packet_time`` is capped by the link, ``1/tx``; the
    kernel spends ``kernel_ms`` on each arriving packet at interrupt priority,
    leaving the application ``1 - rate * kernel_ms`` of the CPU, so it reads at
    most ``(1 - rate * kernel_ms) / app_ms``: past the knee
    ``1 / (kernel_ms + app_ms)`` more offered load means *less* throughput
    (receive livelock).

    Parameters
    ----------
    packet_time_ms : float or array_like
        Sender's time between packets [ms].
    link : Link or sequence of Link
        The path, or one path per packet time.
    host : Host
        The receiving host (its ``kernel_ms`` and ``app_ms``).
    packet_bytes : int, default 1256
        UDP/IP packet size [bytes].

    Returns
    -------
    numpy.ndarray
        Read rate [packets/ms].

    Raises
    ------
    ValueError
        If a packet time is not positive, or the links do not match the packet times.
    """
    _v.instance(host, "host", Host)
    arriving = arrival_rate(packet_time_ms, link, packet_bytes=packet_bytes)
    return read_rate(arriving, kernel_ms=host.kernel_ms, app_ms=host.app_ms)


def arrival_rate(packet_time_ms, link: Link, *, packet_bytes: int = PACKET_BYTES + UDP_IP_BYTES) -> np.ndarray:
    """Packet rate [1/ms] reaching the receiving host: the offered ``1/packet_time`` capped by the link.

    Parameters
    ----------
    packet_time_ms : float or array_like
        Sender's time between packets [ms].
    link : Link or sequence of Link
        The path, or one path per packet time.
    packet_bytes : int, default 1256
        UDP/IP packet size [bytes].

    Returns
    -------
    numpy.ndarray
        ``min(1 / packet_time, 1 / tx)`` [packets/ms].

    Raises
    ------
    ValueError
        If a packet time is not positive, or the links do not match the packet times.

    Examples
    --------
    >>> from mmperf.hosts.testbed import Link, arrival_rate
    >>> float(arrival_rate(0.5, Link("1 Mb/s", rate_mbps=1.0, overhead_bytes=0), packet_bytes=125))
    1.0
    """
    p = _v.finite_array(packet_time_ms, "packet_time_ms", allow_empty=True)
    if np.any(~(p > 0)):
        raise ValueError(f"packet_time_ms must hold numbers > 0, got {_v.first_offender(p, ~(p > 0))}")
    _posint("packet_bytes", packet_bytes)
    if not isinstance(link, Link) and (isinstance(link, (str, bytes)) or not hasattr(link, "__iter__")
                                       or not all(isinstance(lk, Link) for lk in link)):
        raise TypeError(f"link must be a Link or one Link per packet time, got {type(link).__name__}: {link!r:.80}")
    if isinstance(link, Link):
        tx = link.tx_ms(packet_bytes)
    else:
        tx = np.array([lk.tx_ms(packet_bytes) for lk in link])
        if tx.shape != p.shape:
            raise ValueError(f"link must be a Link or one Link per packet time ({p.shape}), got {tx.shape}")
    return np.minimum(1 / p, 1 / tx)


def read_rate(arriving, *, kernel_ms, app_ms) -> np.ndarray:
    """Packet rate [1/ms] the application reads when ``arriving`` packets/ms reach the host (fluid limit).

    The kernel's interrupt work takes ``arriving * kernel_ms`` of the CPU first; the application
    reads at most ``(1 - arriving * kernel_ms) / app_ms`` with the rest (receive livelock past the
    knee ``1 / (kernel_ms + app_ms)``). Broadcasts over its arguments, so a grid of costs is
    evaluated in one call (the host-cost fit of :mod:`mmperf.experiments.taylor1993`).

    Parameters
    ----------
    arriving : array_like
        Arrival rate [packets/ms] (:func:`arrival_rate`).
    kernel_ms, app_ms : float or array_like
        Per-packet kernel and application costs [ms]; ``app_ms`` positive.

    Returns
    -------
    numpy.ndarray
        ``min(arriving, max(0, 1 - arriving * kernel_ms) / app_ms)`` [packets/ms].

    Examples
    --------
    >>> from mmperf.hosts.testbed import read_rate
    >>> float(read_rate(2.0, kernel_ms=0.25, app_ms=0.5))
    1.0
    """
    arriving = _v.finite_array(arriving, "arriving", non_negative=True, allow_empty=True)
    kernel_ms = _v.finite_array(kernel_ms, "kernel_ms", non_negative=True, allow_empty=True)
    app_ms = _v.finite_array(app_ms, "app_ms", allow_empty=True)
    if (app_ms <= 0).any():
        raise ValueError(f"app_ms must hold numbers > 0, got {_v.first_offender(app_ms, app_ms <= 0)}")
    return np.minimum(arriving, np.maximum(0.0, 1 - arriving * kernel_ms) / app_ms)


UNBOUNDED_BUFFER = 10**12
"""A socket buffer no run can fill (the ablation of the buffer's limit)."""


def without_livelock(host: Host) -> Host:
    """The host with its interrupt-level work folded into the application's: no receive livelock.

    The kernel's per-packet cost moves into the application's read (``kernel_ms = 0``,
    ``app_ms = kernel_ms + app_ms``): the knee ``1 / (kernel_ms + app_ms)`` stays where it was, but
    past it the host reads at the knee instead of spending ever more of its time on packets it then
    drops (an ablation of the livelock mechanism).

    Parameters
    ----------
    host : Host
        The host to change.

    Returns
    -------
    Host
        A copy with ``kernel_ms = 0`` and ``app_ms = host.kernel_ms + host.app_ms``.

    Raises
    ------
    TypeError
        If ``host`` is not a :class:`Host`.

    Examples
    --------
    >>> h = without_livelock(Host("x", kernel_ms=0.1, app_ms=0.15))
    >>> (h.kernel_ms, h.app_ms)
    (0.0, 0.25)
    """
    if not isinstance(host, Host):
        raise TypeError(f"host must be a Host, got {type(host).__name__}")
    return replace(host, kernel_ms=0.0, app_ms=host.kernel_ms + host.app_ms)
