"""A packet-level drop-tail bottleneck shared by paced video and long-lived TCP NewReno (or CUBIC) flows.

One router output port (Chodorek & Chodorek, Sec. IV; the ns-2 dumbbell of the book's
cross-check): a FIFO of capacity :math:`C` [bit/s] whose drop-tail limit counts the packets
in the system (waiting or in transmission, as ns-2's ``DropTail`` with ``queue-limit``), then
a one-way propagation delay of half the base round trip. Each packet is served whole, in
arrival order; nothing is fluid and no slot exists.

**Video.** N paced streams are given as their packets' send times and wire sizes (merged in
time order). A video packet is offered to the queue once, at its time (UDP: no feedback).

**TCP.** K long-lived flows with an infinite backlog (FTP) and 1500-byte packets, each a
packet-level NewReno sender and a cumulative-ACK receiver that acknowledges every segment
at once; ACKs return after half the base round trip plus their own transmission time,
without queueing or loss (the reverse path carries only ACKs). The sender implements

* slow start and congestion avoidance (RFC 5681 sec. 3.1): +1 segment per new ACK while
  ``cwnd < ssthresh``, else +1/cwnd; the initial window ``init_cwnd`` (2 segments);
* fast retransmit on the third duplicate ACK and fast recovery with NewReno partial ACKs
  (RFC 6582 sec. 3.2): ``ssthresh = max(cwnd / 2, 2)``, ``cwnd = ssthresh`` plus an inflation of
  3, +1 per further duplicate ACK; a partial ACK retransmits the next hole and deflates the
  window by what it acknowledged less one, and only the first partial ACK restarts the retransmission
  timer (RFC 6582's "Impatient" variant: a window with many holes ends in a timeout rather
  than one round trip per hole); the full ACK (covering ``recover``) removes the inflation;
  ``cwnd`` here is the window without the inflation, as in ns-2 and Linux: RFC 5681 eq. (4)
  halves FlightSize, which after a long recovery has grown with the inflated window and would
  set ``ssthresh`` far above the path (ns-2 agrees with this choice: see ``validation/ns2.py``);
  after a timeout no fast retransmit until the ACKs pass the highest segment sent before it;
* the retransmission timer (RFC 6298): SRTT/RTTVAR from every ACK of a segment sent once
  (Karn's algorithm), RTO clamped to ``[min_rto_s, max_rto_s]``, restarted on new data
  acknowledged, doubled at each expiry; an expiry sets ``ssthresh = max(cwnd / 2, 2)``,
  ``cwnd = 1`` and resends from the oldest unacknowledged segment (go-back-N);
* ACK clocking: the window is counted from the oldest unacknowledged segment and new
  segments leave as ACKs arrive (``min(cwnd, rwnd_packets)``; the receiver window is large).

**Reservations** (optional; none: everything is best effort as above). Each video stream may
hold a reservation, a token bucket of rate :math:`r_i(t)` [bit/s] and depth :math:`b_i` [bytes]
(RSVP's TSpec, RFC 2210), enforced by a *policer* at the queue's entrance followed by
*strict priority*:

* a video packet that finds at least its size in its stream's bucket is *conforming*: it takes
  the tokens and joins the reserved FIFO, which the link serves before best effort; a packet
  that does not is *excess* and joins the best-effort FIFO with TCP (RFC 2211 sec. 3.6 and
  RFC 2212: non-conforming traffic of a controlled-load or guaranteed flow is treated as best
  effort); the reserved FIFO is not limited, because the policer bounds it: its backlog never
  exceeds :math:`\\sum_i b_i` plus what arrives while one best-effort packet is sent;
* the link is non-preemptive: a conforming packet waits for the reserved packets before it and
  at most one best-effort packet in transmission (the guaranteed-service delay bound of a
  (r, b) flow on a rate-C server, :math:`b/C + L_{max}/C`); best effort gets what is left;
* a static reservation (RSVP, s2/s3) is one rate; a renewed one (TFD, s4) is a rate per
  window of ``reservation_period_s``, each in force ``signalling_delay_s`` after its window
  starts (the time for the announcement to reach the router), none before the first.

**The reserved FIFO's limit** (``reserved_queue``; the paper does not say, so three readings):
``'unbounded'`` (the default, above): a conforming packet is never dropped; ``'bounded'``: the
reserved FIFO has its own drop-tail limit (``reserved_limit_packets``, by default the port's
``buffer_packets``, as ns-2.35's ``dsRED`` gives each physical queue the link's queue limit unless
told otherwise); ``'shared'``: one port buffer of ``buffer_packets`` for both classes, so a packet of
either class is dropped when that many packets of both are in the system (a router whose classes
share the interface's buffer).

**Congestion control** (``congestion_control``): ``'newreno'`` as above, or ``'cubic'`` (RFC 8312,
Linux's default since 2.6.19: ``W_cubic(t) = C (t - K)^3 + W_max`` with ``C = 0.4``, ``beta = 0.7``,
fast convergence and the TCP-friendly region; the window after a loss is ``beta W``, and the loss
recovery (fast retransmit, NewReno partial ACKs, timeouts) is the same; no HyStart, so slow start is
RFC 5681's).

Why a policer and priority rather than WFQ/CBQ: with a reservation of at most the link, the
two give a conforming stream the same service (no loss, a delay of about one packet), and only
the policer's split matches the fluid model's definition that the surrogate shares (a bucket of
depth :math:`b_i` drained at :math:`r_i` overflows on exactly the bytes an (r, b) policer marks as
excess), while strict priority needs no per-flow clocks, so the kernel stays one FIFO per class.
The best-effort drop-tail limit counts best-effort packets only.

**Determinism.** One event heap ordered by (time, insertion order) and a pointer into the
video packets; at equal times a video packet enters the queue before any heap event. There is
no randomness inside: a run is a function of its inputs (give the flows different start
times to break their symmetry).

**Books.** The simulator checks its own conservation before returning: per class, packets
sent = delivered + dropped + in flight at the end (:meth:`SharedBottleneckResult.check`).

References
----------
.. [1] T. Henderson, S. Floyd, A. Gurtov, Y. Nishida, "The NewReno Modification to TCP's Fast
   Recovery Algorithm", RFC 6582, 2012.
.. [2] M. Allman, V. Paxson, E. Blanton, "TCP Congestion Control", RFC 5681, 2009.
.. [3] V. Paxson, M. Allman, J. Chu, M. Sargent, "Computing TCP's Retransmission Timer",
   RFC 6298, 2011.

Examples
--------
>>> import numpy as np
>>> from mmperf.networks.shared_bottleneck import simulate
>>> r = simulate(np.empty(0), np.empty(0), capacity_bps=100e6, buffer_packets=50, rtt_s=0.004,
...              tcp_start_s=[0.0], duration_s=5.0)
>>> bool(r.utilization_pct > 95)
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mmperf import _validate
from mmperf.networks import _shared_bottleneck as _core

__all__ = ["BUCKET_RENEWALS", "CONGESTION_CONTROLS", "RESERVED_QUEUES", "Reservation", "SharedBottleneckResult", "TcpOptions",
           "jain_index", "simulate"]


@dataclass(frozen=True)
class SharedBottleneckResult:
    """What :func:`simulate` measured over ``[0, duration_s]``.

    Parameters
    ----------
    duration_s, capacity_bps : float
        The run's length [s] and the link rate [bit/s].
    video_sent, video_delivered, video_dropped, video_in_flight : int
        Video packets offered to the queue, arrived at the far end, dropped by the queue, and
        still queued or propagating at the end.
    video_link_bytes : float
        Video bytes whose transmission on the bottleneck finished by ``duration_s``.
    video_conforming, video_conforming_dropped : int
        Video packets the token-bucket policer let into the reserved class, and how many of
        them were dropped (0 when the reserved FIFO is not bounded, ``reserved_queue='unbounded'``).
    reserved_backlog_max_bytes : float
        The largest backlog of the reserved FIFO [bytes] (bounded by the buckets' depths).
    reserved_queue : str
        The reserved FIFO's limit the run used (:data:`RESERVED_QUEUES`).
    video_arrival_s : numpy.ndarray of float
        Each video packet's arrival at the far end [s] (NaN: dropped, queued or not offered).
    tcp_sent, tcp_delivered, tcp_dropped, tcp_in_flight : numpy.ndarray of int
        The same per TCP flow, shape ``(K,)`` (segments, retransmissions included).
    tcp_link_bytes : numpy.ndarray of float
        Per flow, bytes whose transmission finished by ``duration_s``.
    tcp_acked : numpy.ndarray of int
        Per flow, distinct segments cumulatively acknowledged (the goodput in segments).
    tcp_retransmissions, tcp_fast_retransmits, tcp_timeouts : numpy.ndarray of int
        Per flow: segments sent again, fast retransmit episodes, RTO expiries.
    packet_bytes : int
        TCP packet size [bytes].
    events : int
        Events processed (video packets and heap events).
    """

    duration_s: float
    capacity_bps: float
    packet_bytes: int
    video_sent: int
    video_delivered: int
    video_dropped: int
    video_in_flight: int
    video_link_bytes: float
    video_conforming: int
    video_conforming_dropped: int
    reserved_backlog_max_bytes: float
    reserved_queue: str
    video_arrival_s: np.ndarray
    tcp_sent: np.ndarray
    tcp_delivered: np.ndarray
    tcp_dropped: np.ndarray
    tcp_in_flight: np.ndarray
    tcp_link_bytes: np.ndarray
    tcp_acked: np.ndarray
    tcp_retransmissions: np.ndarray
    tcp_fast_retransmits: np.ndarray
    tcp_timeouts: np.ndarray
    events: int

    def check(self) -> None:
        """The simulator's books: sent = delivered + dropped + in flight, per class and flow.

        Raises
        ------
        RuntimeError
            If a packet was created or lost by the simulator (a bug, never bad input), or the
            link sent more than its capacity.
        """
        if self.video_sent != self.video_delivered + self.video_dropped + self.video_in_flight:
            raise RuntimeError(f"video conservation broken: sent {self.video_sent} != delivered {self.video_delivered}"
                               f" + dropped {self.video_dropped} + in flight {self.video_in_flight}")
        if self.video_conforming_dropped and self.reserved_queue == "unbounded":
            raise RuntimeError(f"{self.video_conforming_dropped} conforming video packets were dropped")
        bad = self.tcp_sent != self.tcp_delivered + self.tcp_dropped + self.tcp_in_flight
        if bad.any():
            k = int(np.argmax(bad))
            raise RuntimeError(f"TCP flow {k} conservation broken: sent {self.tcp_sent[k]} != delivered "
                               f"{self.tcp_delivered[k]} + dropped {self.tcp_dropped[k]} + in flight {self.tcp_in_flight[k]}")
        if self.link_bytes > self.capacity_bps / 8 * self.duration_s * (1 + 1e-9) + self.packet_bytes:
            raise RuntimeError(f"the link sent {self.link_bytes} bytes, more than its capacity over the run")

    @property
    def link_bytes(self) -> float:
        """Bytes the bottleneck finished sending by the end."""
        return float(self.video_link_bytes + self.tcp_link_bytes.sum())

    @property
    def utilization_pct(self) -> float:
        """Link utilization [%]: bytes sent over what the link could send in ``duration_s``."""
        return 100 * self.link_bytes * 8 / (self.capacity_bps * self.duration_s)

    @property
    def video_per_pct(self) -> float:
        """Video packet error rate [%]: packets dropped over packets offered (0 if none offered)."""
        return 100 * self.video_dropped / self.video_sent if self.video_sent else 0.0

    @property
    def tcp_loss_pct(self) -> float:
        """TCP packet loss [%]: segments dropped over segments offered, all flows (0 if none)."""
        s = int(self.tcp_sent.sum())
        return 100 * int(self.tcp_dropped.sum()) / s if s else 0.0

    @property
    def video_throughput_mbps(self) -> float:
        """Video bytes the link sent [Mb/s]."""
        return self.video_link_bytes * 8 / self.duration_s / 1e6

    @property
    def tcp_throughput_mbps(self) -> float:
        """TCP bytes the link sent, all flows, retransmissions included [Mb/s]."""
        return float(self.tcp_link_bytes.sum()) * 8 / self.duration_s / 1e6

    @property
    def tcp_flow_throughput_mbps(self) -> np.ndarray:
        """Per-flow TCP throughput [Mb/s], shape ``(K,)``."""
        return self.tcp_link_bytes * 8 / self.duration_s / 1e6

    def summary(self) -> dict:
        """The headline metrics as a flat dict (units in the keys)."""
        return {"video_per_pct": self.video_per_pct, "tcp_loss_pct": self.tcp_loss_pct,
                "video_throughput_mbps": self.video_throughput_mbps, "tcp_throughput_mbps": self.tcp_throughput_mbps,
                "utilization_pct": self.utilization_pct, "video_sent": self.video_sent,
                "video_dropped": self.video_dropped, "video_conforming": self.video_conforming, "tcp_sent": int(self.tcp_sent.sum()),
                "tcp_dropped": int(self.tcp_dropped.sum()), "tcp_timeouts": int(self.tcp_timeouts.sum()),
                "tcp_fast_retransmits": int(self.tcp_fast_retransmits.sum()),
                "jain_index": jain_index(self.tcp_link_bytes) if self.tcp_link_bytes.size else np.nan}


def jain_index(x) -> float:
    """Jain's fairness index :math:`(\\sum x)^2 / (n \\sum x^2)` of non-negative shares (1 = equal).

    Parameters
    ----------
    x : array_like of float
        One share per flow (throughputs, bytes), non-negative, at least one positive.

    Returns
    -------
    float
        In ``[1/n, 1]``: 1 when every share is equal, ``1/n`` when one flow has everything.

    Raises
    ------
    ValueError
        If ``x`` is empty, not finite, negative or all zero.
    """
    a = _validate.finite_array(x, "x", ndim=1, non_negative=True)
    if not (a > 0).any():
        raise ValueError("x must hold at least one positive share")
    return float(a.sum() ** 2 / (a.size * (a * a).sum()))


BUCKET_RENEWALS = ("carry", "full")
"""What a renewed reservation does to its token bucket (:func:`simulate`'s ``bucket_renewal``)."""

RESERVED_QUEUES = ("unbounded", "bounded", "shared")
"""The reserved FIFO's limit (:class:`Reservation`'s ``reserved_queue``)."""

CONGESTION_CONTROLS = ("newreno", "cubic")
"""The TCP senders' congestion control (:class:`TcpOptions`'s ``congestion_control``)."""


@dataclass(frozen=True)
class TcpOptions:
    """The TCP senders and receivers of :func:`simulate` (checked when built).

    Parameters
    ----------
    packet_bytes : int, default 1500
        TCP packet size on the wire [bytes], >= 1.
    ack_bytes : int, default 40
        ACK size [bytes], >= 1 (its transmission time is added to the ACK path).
    rwnd_packets : int, default 10000
        Receiver window [segments], >= 1; large, so that the congestion window rules.
    init_cwnd : int, default 2
        Initial congestion window [segments], >= 1 (RFC 5681 allows 2-4).
    init_rto_s, min_rto_s, max_rto_s : float, default 1, 0.2, 60
        Initial RTO, its lower and upper bounds [s], > 0, ``min_rto_s <= max_rto_s`` (RFC 6298 gives
        1 s, a 1-s minimum and at least 60 s; 0.2 s is the minimum of Linux and of ns-2, the paper's
        simulator).
    congestion_control : {'newreno', 'cubic'}, default 'newreno'
        The senders' window growth and reduction (the loss recovery is the same).

    Raises
    ------
    ValueError
        If a value is out of range, NaN or infinite, or an option unknown (the message names it).
    TypeError
        If a count is not a whole number.
    """

    packet_bytes: int = 1500
    ack_bytes: int = 40
    rwnd_packets: int = 10_000
    init_cwnd: int = 2
    init_rto_s: float = 1.0
    min_rto_s: float = 0.2
    max_rto_s: float = 60.0
    congestion_control: str = "newreno"

    def __post_init__(self):
        for name in ("packet_bytes", "ack_bytes", "rwnd_packets", "init_cwnd"):
            _validate.whole(getattr(self, name), name, minimum=1)
        for name in ("init_rto_s", "min_rto_s", "max_rto_s"):
            _validate.positive(getattr(self, name), name)
        if self.min_rto_s > self.max_rto_s:
            raise ValueError(f"min_rto_s ({self.min_rto_s}) must not exceed max_rto_s ({self.max_rto_s})")
        if self.congestion_control not in CONGESTION_CONTROLS:
            raise ValueError(f"congestion_control must be one of {CONGESTION_CONTROLS}, got {self.congestion_control!r}")


@dataclass(frozen=True)
class Reservation:
    """The video streams' reservations in :func:`simulate`: token buckets, a policer and a reserved FIFO.

    Parameters
    ----------
    reserved_bps : array_like of float
        Reserved rate [bit/s] of each stream, >= 0: shape ``(S,)`` for a static reservation, or
        ``(S, W)`` for one renewed every ``reservation_period_s`` (window ``w`` in force over
        ``[w P + d, (w + 1) P + d)`` with ``d = signalling_delay_s``; no reservation before ``d``, the
        last window's after the last).
    bucket_bytes : array_like of float
        Token-bucket depth of each stream [bytes], shape ``(S,)``, each at least the largest video
        packet (checked by :func:`simulate`).
    video_streams : array_like of int
        Stream of each video packet (0 .. S-1), one per video packet (checked by :func:`simulate`).
    reservation_period_s : float, optional
        Renewal period ``P`` [s] of a reservation given per window, > 0; required when
        ``reserved_bps`` has two dimensions.
    signalling_delay_s : float, default 0
        Delay ``d`` [s] between the start of a window and the router applying its rate, >= 0.
    bucket_renewal : {'carry', 'full'}, default 'carry'
        What a renewed reservation does to the bucket: ``'carry'`` keeps the tokens it holds (one
        policer per flow whose rate changes, as a router renewing an RSVP/TFD reservation does);
        ``'full'`` fills the bucket at the first packet of every window, as ns-2.35 does with one
        TokenBucket policy per window (it cannot change a policy's rate): for the cross-check with
        ns-2. No effect on a static reservation (``reserved_bps`` of one dimension).
    reserved_queue : {'unbounded', 'bounded', 'shared'}, default 'unbounded'
        The reserved FIFO's limit: none; its own drop-tail limit of ``reserved_limit_packets``
        (packets in the system, as ``buffer_packets``); or one buffer of ``buffer_packets`` shared by
        both classes (see the module's docstring).
    reserved_limit_packets : int, optional
        The ``'bounded'`` reserved FIFO's limit [packets], >= 1; default ``buffer_packets``. Only with
        ``reserved_queue='bounded'``.

    Raises
    ------
    ValueError
        If a value is out of range, NaN or infinite, of the wrong shape, or an option unknown (the
        message names it).
    TypeError
        If a count is not a whole number, or an array holds text.
    """

    reserved_bps: object
    bucket_bytes: object
    video_streams: object
    reservation_period_s: float | None = None
    signalling_delay_s: float = 0.0
    bucket_renewal: str = "carry"
    reserved_queue: str = "unbounded"
    reserved_limit_packets: int | None = None

    def __post_init__(self):
        r = _validate.finite_array(self.reserved_bps, "reserved_bps", non_negative=True)
        if r.ndim not in (1, 2) or r.size == 0:
            raise ValueError(f"reserved_bps must have shape (S,) or (S, W) with S, W >= 1, got {r.shape}")
        if r.ndim == 2 and self.reservation_period_s is None:
            raise ValueError("reservation_period_s is required with reserved_bps per window (shape (S, W))")
        depth = _validate.finite_array(self.bucket_bytes, "bucket_bytes", ndim=1, non_negative=True)
        if depth.shape != (r.shape[0],):
            raise ValueError(f"bucket_bytes must have shape ({r.shape[0]},), got {depth.shape}")
        st = _validate.finite_array(self.video_streams, "video_streams", ndim=1, allow_empty=True)
        if st.size and (np.any(st != np.round(st)) or st.min() < 0 or st.max() >= r.shape[0]):
            raise ValueError(f"video_streams must hold one stream index in [0, {r.shape[0]}) per video packet")
        if self.reservation_period_s is not None:
            _validate.positive(self.reservation_period_s, "reservation_period_s")
        _validate.non_negative(self.signalling_delay_s, "signalling_delay_s")
        if self.bucket_renewal not in BUCKET_RENEWALS:
            raise ValueError(f"bucket_renewal must be one of {BUCKET_RENEWALS}, got {self.bucket_renewal!r}")
        if self.reserved_queue not in RESERVED_QUEUES:
            raise ValueError(f"reserved_queue must be one of {RESERVED_QUEUES}, got {self.reserved_queue!r}")
        if self.reserved_limit_packets is not None:
            if self.reserved_queue != "bounded":
                raise ValueError("reserved_limit_packets is for reserved_queue='bounded' only")
            _validate.whole(self.reserved_limit_packets, "reserved_limit_packets", minimum=1)


def simulate(video_times, video_sizes, *, capacity_bps: float, buffer_packets: int, rtt_s: float,
             tcp_start_s, duration_s: float, tcp: TcpOptions = TcpOptions(),
             reservation: Reservation | None = None) -> SharedBottleneckResult:
    """Run video packets and K TCP NewReno (or CUBIC) flows through one drop-tail bottleneck.

    Parameters
    ----------
    video_times : array_like of float
        Send times of the video packets [s], non-decreasing, >= 0 (all streams merged); may be empty.
    video_sizes : array_like of float
        Their wire sizes [bytes], > 0, same length.
    capacity_bps : float
        Bottleneck rate [bit/s], > 0.
    buffer_packets : int
        Drop-tail limit [packets in the system, waiting or in transmission], >= 1.
    rtt_s : float
        Base round trip [s], > 0: half of it after the bottleneck, half on the ACK path.
    tcp_start_s : array_like of float
        Start time of each TCP flow [s], shape ``(K,)``, each in ``[0, duration_s)``; K may be 0.
    duration_s : float
        Simulated time [s], > 0; everything is measured over ``[0, duration_s]``.
    tcp : TcpOptions, default TcpOptions()
        The TCP senders and receivers (packet and ACK sizes, windows, RTOs, congestion control).
    reservation : Reservation, optional
        The video streams' reservations (token buckets, policer, the reserved FIFO's limit). None: no
        reserved class (all best effort).

    Returns
    -------
    SharedBottleneckResult
        Counters per class and flow; loss, throughput and utilization as properties.

    Raises
    ------
    ValueError
        If an argument is out of range, NaN or infinite (the message names it).
    TypeError
        If a count is not a whole number, or ``tcp`` or ``reservation`` is not of its class.
    """
    if not isinstance(tcp, TcpOptions):
        raise TypeError(f"tcp must be a TcpOptions, got {type(tcp).__name__}")
    if reservation is not None and not isinstance(reservation, Reservation):
        raise TypeError(f"reservation must be a Reservation or None, got {type(reservation).__name__}")
    vt = np.array(_validate.finite_array(video_times, "video_times", ndim=1, non_negative=True, allow_empty=True))
    vs = np.array(_validate.finite_array(video_sizes, "video_sizes", ndim=1, allow_empty=True))
    if vs.shape != vt.shape:
        raise ValueError(f"video_times and video_sizes must have equal lengths, got {vt.size} and {vs.size}")
    if vt.size and np.any(np.diff(vt) < 0):
        raise ValueError("video_times must be non-decreasing (merge the streams in time order)")
    if np.any(vs <= 0):
        raise ValueError("video_sizes must be > 0 (bytes)")
    capacity_bps = _validate.positive(capacity_bps, "capacity_bps")
    buffer_packets = _validate.whole(buffer_packets, "buffer_packets", minimum=1)
    rtt_s = _validate.positive(rtt_s, "rtt_s")
    duration_s = _validate.positive(duration_s, "duration_s")
    start = np.array(_validate.finite_array(tcp_start_s, "tcp_start_s", ndim=1, non_negative=True, allow_empty=True))
    if np.any(start >= duration_s):
        raise ValueError(f"tcp_start_s must lie in [0, duration_s = {duration_s:g}), got {start.max()!r}")
    packet_bytes, ack_bytes, rwnd_packets, init_cwnd = tcp.packet_bytes, tcp.ack_bytes, tcp.rwnd_packets, tcp.init_cwnd
    init_rto_s, min_rto_s, max_rto_s = float(tcp.init_rto_s), float(tcp.min_rto_s), float(tcp.max_rto_s)
    congestion_control = tcp.congestion_control
    reserved_queue = "unbounded" if reservation is None else reservation.reserved_queue
    bucket_renewal = "carry" if reservation is None else reservation.bucket_renewal
    limit = None if reservation is None else reservation.reserved_limit_packets
    _validate.size(2 * max(start.size, 1) * (rwnd_packets + 2), "TCP rings (K x rwnd_packets)")
    _validate.size(4 * buffer_packets, "buffer_packets (the queue's arrays)")
    _validate.events((2.0 * duration_s * capacity_bps / (8 * packet_bytes) if start.size else 0.0) + 2.0 * vt.size,
                     "duration_s * capacity_bps / packet_bytes (the run's packets)")
    vstream, rate, period, offset, depth = _reservation_inputs(vt, vs, reservation, duration_s)
    renewed = reservation is not None and np.ndim(reservation.reserved_bps) == 2  # a rate per window: renewed
    one_way = rtt_s / 2
    cfg = _core.Config(t_end=duration_s, tx_per_byte=8.0 / capacity_bps, delay_s=one_way,
                       ack_delay=one_way + 8.0 * ack_bytes / capacity_bps, qlim=int(buffer_packets),
                       res_mode=RESERVED_QUEUES.index(reserved_queue), res_limit=int(buffer_packets if limit is None else limit),
                       pkt_bytes=float(packet_bytes), rwnd=int(rwnd_packets), init_cwnd=float(init_cwnd), rto_init=init_rto_s,
                       rto_min=min_rto_s, rto_max=max_rto_s, cc=CONGESTION_CONTROLS.index(congestion_control),
                       ring=_core.ring_size(rwnd_packets), fcap=_core.fifo_capacity(start.size, rwnd_packets))
    policer = _core.Policer(rate, depth, period, offset, bool(renewed and bucket_renewal == "full"))
    varr, fc, events, _, _, vres, max_rq = _core.run(_core.Video(vt, vs, vstream), policer, start, cfg)
    offered = varr != _core.V_NOT_OFFERED
    fin = varr - one_way  # end of transmission of a delivered packet
    ok = varr >= 0
    fi = fc.astype(np.int64)
    res = SharedBottleneckResult(
        duration_s=duration_s, capacity_bps=capacity_bps, packet_bytes=packet_bytes,
        video_sent=int(offered.sum()), video_delivered=int((ok & (varr <= duration_s)).sum()),
        video_dropped=int((varr == _core.V_DROPPED).sum()),
        video_in_flight=int(((varr > duration_s) | (varr == _core.V_QUEUED)).sum()),
        video_link_bytes=float(vs[ok & (fin <= duration_s)].sum()),
        video_conforming=int((vres == 1).sum()), video_conforming_dropped=int(((vres == 1) & (varr == _core.V_DROPPED)).sum()),
        reserved_backlog_max_bytes=float(max_rq), reserved_queue=reserved_queue, video_arrival_s=np.where(ok, varr, np.nan),
        tcp_sent=fi[:, _core.F_SENT], tcp_delivered=fi[:, _core.F_DELIVERED], tcp_dropped=fi[:, _core.F_DROPS],
        tcp_in_flight=fi[:, _core.F_INFLIGHT], tcp_link_bytes=fc[:, _core.F_LINK_BYTES].copy(),
        tcp_acked=fi[:, _core.F_ACKED], tcp_retransmissions=fi[:, _core.F_RETX],
        tcp_fast_retransmits=fi[:, _core.F_FAST], tcp_timeouts=fi[:, _core.F_TIMEOUTS], events=int(events))
    res.check()
    return res


def _reservation_inputs(vt, vs, reservation, duration_s):
    """The kernel's policer arrays ``(vstream, rate [bytes/s] (S, W), period, offset, depth)``, checked
    against the video packets."""
    if reservation is None:
        return np.zeros(vt.size, np.int64), np.zeros((0, 1)), 1.0, 0.0, np.zeros(0)
    reserved_bps, bucket_bytes, video_streams = reservation.reserved_bps, reservation.bucket_bytes, reservation.video_streams
    period_s, delay_s = reservation.reservation_period_s, reservation.signalling_delay_s
    r = np.array(_validate.finite_array(reserved_bps, "reserved_bps", non_negative=True), float)
    if r.ndim == 1:
        r, period_s = r[:, None], 2.0 * duration_s + 1.0
    elif r.ndim != 2:
        raise ValueError(f"reserved_bps must have shape (S,) or (S, W), got {r.shape}")
    else:
        if period_s is None:
            raise ValueError("reservation_period_s is required with reserved_bps per window")
        period_s = _validate.positive(period_s, "reservation_period_s")
    S = r.shape[0]
    if video_streams is None or bucket_bytes is None:
        raise ValueError("reserved_bps needs video_streams and bucket_bytes")
    st = np.asarray(video_streams)
    if st.shape != vt.shape or (st.size and (not np.issubdtype(st.dtype, np.integer) or st.min() < 0 or st.max() >= S)):
        raise ValueError(f"video_streams must hold one stream index in [0, {S}) per video packet")
    depth = np.array(_validate.finite_array(bucket_bytes, "bucket_bytes", ndim=1, non_negative=True), float)
    if depth.shape != (S,):
        raise ValueError(f"bucket_bytes must have shape ({S},), got {depth.shape}")
    if vs.size and np.any(depth < vs.max()):
        raise ValueError(f"bucket_bytes must be at least the largest video packet ({vs.max():g} bytes)")
    delay_s = float(delay_s)
    if not np.isfinite(delay_s) or delay_s < 0:
        raise ValueError(f"signalling_delay_s must be finite and >= 0, got {delay_s!r}")
    return st.astype(np.int64), r / 8.0, float(period_s), delay_s, depth
