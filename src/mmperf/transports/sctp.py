"""SCTP and CMT-SCTP transport of layered video.

*SCTP* (RFC 4960) runs an association over both interfaces: new data goes to
the primary path (the first link) while it is active; retransmissions go to
the alternate path (the paper sets ``pathMaxRetrans`` and
``changePrimaryThresh`` to 1 "implying that after a packet loss, the SCTP agent
will resend it on the secondary interface"); a path fails after more than
``path_max_retrans`` consecutive timeouts and comes back after a heartbeat.
Messages are bound to streams, delivered in order within a stream but
independently across streams: one stream for both layers (*SCTPReliable*,
*SCTPUnreliable*) or one per layer (*SCTPMulti...*). An unreliable stream uses
PR-SCTP (RFC 3758) with a retransmission limit: "even in the unreliable mode,
we have configured the SCTP protocol to send at least one retransmission for
each loss"; a chunk lost again is abandoned and skipped with FORWARD-TSN.

*CMT-SCTP* (Iyengar, Amer & Stewart 2006) uses both paths at once, each with its
own cwnd, with split fast retransmit, the cwnd update for CMT, and
retransmissions sent to the path with the larger cwnd.

The mechanism is compiled in :mod:`mmperf.transports._engine`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mmperf.networks.packetsim import Network
from mmperf import _validate
from mmperf.transports._common import (TransportResult, WindowConfig, check_flags, check_inputs, check_layers,
                                       check_rto, run_window_transport)
from mmperf.transports._engine import MODE_CMT, MODE_SCTP

__all__ = ["HEADER_BYTES", "RELIABILITY", "SctpConfig", "dac_count", "run"]

HEADER_BYTES = 48
"""IPv4 (20) + SCTP common header (12) + DATA chunk header (16) bytes."""

RELIABILITY = ("reliable", "unreliable")


@dataclass(frozen=True)
class SctpConfig:
    """An SCTP strategy.

    Parameters
    ----------
    cmt : bool, default False
        Concurrent multipath transfer over both paths (CMT-SCTP).
    multi_stream : bool, default True
        One stream per layer (True) or one stream for both (False).
    reliability : (str, str), default ("reliable", "reliable")
        ``"reliable"`` or ``"unreliable"`` for the base and the enhancement layer.
        With one stream both entries must be equal.
    rtx_limit : int, default 1
        Retransmissions of a chunk of an unreliable stream before it is abandoned.
    path_max_retrans : int, default 1
        Consecutive timeouts a path tolerates before it is marked failed.
    receive_buffer : int, default 262144
        Receiver buffer (initial a_rwnd) [bytes].
    init_cwnd : int, default 4380
        Initial cwnd per path [bytes] (RFC 4960: min(4 MTU, max(2 MTU, 4380))).
    rto_init, rto_min, rto_max : float, default 3, 1, 60
        Retransmission timeout bounds [s] (RFC 4960 and ns-2 defaults).
    hb_interval : float, default 30
        Heartbeat interval: a failed path is probed and restored after this time [s].
    mtu : int, default 1500
        Path MTU used by the cwnd arithmetic [bytes].
    ns2_rwnd_defect : bool, default False
        A model of the ns-2 receiver defect the paper reports ("when the
        receiver window is full, the SCTP agent drops all incoming data chunks,
        causing the starvation of the video agent"): the receiver ignores
        FORWARD-TSN, so an abandoned chunk leaves a hole that blocks its stream
        for ever, and once the buffer is full it drops *every* arriving DATA
        chunk. The default follows RFC 3758 (skip abandoned chunks) and RFC 4960
        6.2 (accept chunks below the highest TSN received when full).
    cmt_dac : bool, default False
        CMT's delayed-ack rule (DAC, Iyengar, Amer & Stewart 2006; ns-2's
        ``useCmtDelAck_``), with ``cmt`` only: every SACK reports the data
        packets received since the previous SACK, and a missing chunk below a
        newly acknowledged chunk of its path gets one miss indication when the
        SACK also newly acknowledges a lower TSN of that path, else as many as
        the SACK reports. The receiver here sends a SACK per packet, so each
        reports 1 and the rule changes nothing unless ``ns2_dac_count_defect``.
        The default is the book's CMT, without DAC.
    ns2_dac_count_defect : bool, default False
        With ``cmt_dac``: every SACK reports 0 packets, as ns-2.35's receiver
        does when SACKs are not delayed (it counts packets only for delayed
        SACKs, ``sctp-cmt.cc``): a missing chunk then gets a miss indication
        only from a SACK that also acknowledges a lower TSN of its path, and
        most losses wait for the T3 timeout.
    sack_delay : float, default 0
        Delayed SACKs [s] as ns-2.35's ``useDelayedSacks_`` (``sackDelay_`` 0.2
        s by default there; RFC 4960 sec. 6.2): the receiver acknowledges every
        second data packet, or ``sack_delay`` after the first one it has not
        acknowledged, and at once the first TSN, a duplicate, or any packet
        while it holds a gap. 0 (the default) sends a SACK per data packet. Not
        with ``cmt_dac``: the packet count DAC reads from a delayed SACK is not
        modelled.
    ns2_sack_clock : bool, default False
        Send as ns-2.35's sender does (CMT-SCTP and SCTP): the application's
        data waits for the next SACK (``sctp.cc`` ``SctpAgent::sendmsg`` sends
        only while ``eSendNewDataChunks`` is set, which a SACK sets and the
        send after it clears), unless nothing is outstanding; and CMT fills one
        path's cwnd before it moves to the next (``sctp-cmt.cc``
        ``SendMuch``), where the default sends each chunk as the application
        hands it over, alternating the paths. The default is the book's sender.
    ns2_cmt_recovery : bool, default False
        With ``cmt``: fast recovery as ns-2.35's CMT has it. A path's cwnd
        grows whenever its pseudo-cumack advances, in fast recovery or not
        (``sctp.cc`` ``SctpAgent::AdjustCwnd`` has no fast-recovery test),
        and a fast retransmission cuts the path's cwnd again once its TSN is
        above the highest TSN outstanding on the path at the previous cut
        (``sctp-cmt.cc`` ``SctpCMTAgent::FastRtx``, the path's
        ``uiRecover``). The default follows RFC 4960 (sec. 7.2.1, 7.2.4): no
        cwnd growth in fast recovery, and no further cut until it ends, when
        the cumulative TSN passes its exit point; under CMT that point waits
        for every path's losses, so a hole on one path (a retransmission lost,
        about 1 s to its T3 timer) holds both paths' cwnd for its length.
    """

    cmt: bool = False
    multi_stream: bool = True
    reliability: tuple[str, str] = ("reliable", "reliable")
    rtx_limit: int = 1
    path_max_retrans: int = 1
    receive_buffer: int = 262144
    init_cwnd: int = 4380
    rto_init: float = 3.0
    rto_min: float = 1.0
    rto_max: float = 60.0
    hb_interval: float = 30.0
    mtu: int = 1500
    ns2_rwnd_defect: bool = False
    cmt_dac: bool = False
    ns2_dac_count_defect: bool = False
    sack_delay: float = 0.0
    ns2_sack_clock: bool = False
    ns2_cmt_recovery: bool = False

    def __post_init__(self):
        check_flags(self, ("cmt", "multi_stream", "ns2_rwnd_defect", "cmt_dac", "ns2_dac_count_defect",
                           "ns2_sack_clock", "ns2_cmt_recovery"))
        if self.cmt_dac and not self.cmt:
            raise ValueError("cmt_dac=True needs cmt=True: the delayed-ack rule is CMT-SCTP's")
        if self.ns2_cmt_recovery and not self.cmt:
            raise ValueError("ns2_cmt_recovery=True needs cmt=True: it is ns-2's CMT fast recovery")
        if self.ns2_dac_count_defect and not self.cmt_dac:
            raise ValueError("ns2_dac_count_defect=True needs cmt_dac=True: it models the count DAC reads")
        _validate.non_negative(self.sack_delay, "sack_delay")
        if self.sack_delay > 0 and self.cmt_dac:
            raise ValueError("sack_delay > 0 with cmt_dac=True is not modelled: DAC's packet count of a delayed "
                             "SACK; use one or the other")
        if isinstance(self.mtu, bool) or not (isinstance(self.mtu, (int, np.integer)) and self.mtu >= 100):
            raise ValueError(f"mtu must be an int >= 100 bytes, got {self.mtu!r}")
        if not isinstance(self.reliability, (tuple, list)) or len(self.reliability) != 2 or any(r not in RELIABILITY for r in self.reliability):
            raise ValueError(f"reliability must be two of {RELIABILITY} (base, enhancement), got {self.reliability!r}")
        if not self.multi_stream and self.reliability[0] != self.reliability[1]:
            raise ValueError("with one stream (multi_stream=False) both layers share a reliability; "
                             f"got {self.reliability!r}")
        for name in ("rtx_limit", "path_max_retrans"):
            v = getattr(self, name)
            if not (isinstance(v, (int, np.integer)) and v >= 0):
                raise ValueError(f"{name} must be an int >= 0, got {v!r}")
        if not (isinstance(self.receive_buffer, (int, np.integer)) and self.receive_buffer >= self.mtu):
            raise ValueError(f"receive_buffer must be an int >= mtu bytes, got {self.receive_buffer!r}")
        if not (isinstance(self.init_cwnd, (int, np.integer)) and self.init_cwnd >= 1):
            raise ValueError(f"init_cwnd must be a positive int, got {self.init_cwnd!r}")
        check_rto(self.rto_min, self.rto_init, self.rto_max)
        _validate.positive(self.hb_interval, "hb_interval")


def run(gen_time, sizes, layers, network: Network, config: SctpConfig = SctpConfig(), *, seed: int = 0,
        bin_s: float = 1.0, t_end: float = 1000.0, trace_events: int = 0) -> TransportResult:
    """Send the layered video over an SCTP (or CMT-SCTP) association.

    Parameters
    ----------
    gen_time : array_like of float
        Time each packet (one message, one chunk) is handed to SCTP [s].
    sizes : array_like of int
        Payload of each chunk [bytes].
    layers : array_like of int
        Layer of each packet (0 base, 1 enhancement): selects stream and reliability.
    network : Network
        The two paths (:class:`mmperf.networks.packetsim.Network`): rate, delay, queue limit,
        packet error rate and loss onset.
    config : SctpConfig
        The SCTP strategy: CMT, streams, each layer's reliability, timers, buffers.
    seed : int
        Seed of the links' error models.
    bin_s : float
        Width of the statistics bins [s].
    t_end : float
        Stop the simulation at this time [s].
    trace_events : int, default 0
        Keep the sender's first ``trace_events`` events (transmissions, T3
        timers, RTT measurements) in the result's ``trace``; 0 keeps none.

    Returns
    -------
    TransportResult
        Each packet's delivery time and transmissions, the links' counters and statistics.

    Raises
    ------
    ValueError, TypeError
        On malformed inputs.
    """
    if not isinstance(config, SctpConfig):
        raise TypeError(f"config must be an SctpConfig, got {type(config).__name__}")
    gen_time, sizes = check_inputs(gen_time, sizes, network)
    layers = check_layers(layers, gen_time.size)
    _validate.whole(trace_events, "trace_events")
    streams = layers if config.multi_stream else np.zeros_like(layers)
    unreliable = np.asarray([r == "unreliable" for r in config.reliability])[layers]
    window = WindowConfig(
        mode=MODE_CMT if config.cmt else MODE_SCTP, n_paths=2, n_streams=2 if config.multi_stream else 1,
        header=HEADER_BYTES, mtu=config.mtu, rbuf=config.receive_buffer, init_cwnd=config.init_cwnd,
        rto_init=config.rto_init, rto_min=config.rto_min, rto_max=config.rto_max,
        path_max_retrans=config.path_max_retrans, hb_interval=config.hb_interval, rtx_limit=config.rtx_limit,
        ns2_rwnd_defect=config.ns2_rwnd_defect, dac_count=dac_count(config), sack_delay=config.sack_delay,
        ns2_sack_clock=config.ns2_sack_clock, ns2_cmt_recovery=config.ns2_cmt_recovery)
    return run_window_transport("cmt-sctp" if config.cmt else "sctp", gen_time, sizes, streams, unreliable, network,
                                window, seed=seed, bin_s=bin_s, t_end=t_end, max_transmissions=4,
                                trace_events=trace_events)


def dac_count(config: SctpConfig) -> int:
    """The data packets each SACK reports to CMT's delayed-ack rule under ``config``: -1 without
    DAC, 1 with it (a SACK per packet), 0 with ns-2.35's count (``ns2_dac_count_defect``).

    Parameters
    ----------
    config : SctpConfig
        The SCTP strategy.

    Returns
    -------
    int
        -1 (no delayed-ack rule), 1 (a SACK per packet) or 0 (ns-2.35's count).

    Raises
    ------
    TypeError
        If ``config`` is not an :class:`SctpConfig`.

    Examples
    --------
    >>> dac_count(SctpConfig(cmt=True)), dac_count(SctpConfig(cmt=True, cmt_dac=True))
    (-1, 1)
    >>> dac_count(SctpConfig(cmt=True, cmt_dac=True, ns2_dac_count_defect=True))
    0
    """
    if not isinstance(config, SctpConfig):
        raise TypeError(f"config must be an SctpConfig, got {type(config).__name__}: {config!r:.80}")
    if not config.cmt_dac:
        return -1
    return 0 if config.ns2_dac_count_defect else 1
