"""TCP transport: one path, one reliable ordered byte stream, Reno congestion control.

The paper's *TCP* strategy sends both layers through the first interface with
ns-2's FullTcp agent; the receiver hands a NALU to the video sink only when all
its bytes have arrived, so one loss holds back everything behind it
(head-of-line blocking). Here each packet of the video is one TCP segment
(the packets are at most 1460 bytes, one MSS). The mechanism (compiled in
:mod:`mmperf.transports._engine`, ``MODE_TCP``): cumulative ACKs without SACK,
slow start and congestion avoidance, fast retransmit on the third duplicate
ACK with Reno fast recovery, and a retransmission timeout (RFC 6298 estimator,
exponential backoff) after which every unacknowledged segment is sent again
(go-back-N). The advertised window is the receiver buffer, 64 KiB without
window scaling. After a loss ssthresh is half the flight size (RFC 5681), or,
with ``TcpConfig.ssthresh_whole_segments``, half the window in whole segments
as ns-2's FullTcp sets it (#33).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mmperf.networks.packetsim import Network
from mmperf.transports._common import (TransportResult, WindowConfig, check_flags, check_inputs, check_rto,
                                       run_window_transport)
from mmperf.transports._engine import MODE_TCP

__all__ = ["HEADER_BYTES", "TcpConfig", "run"]

HEADER_BYTES = 40
"""IPv4 (20) + TCP (20) header bytes."""


@dataclass(frozen=True)
class TcpConfig:
    """TCP parameters (ns-2 style defaults).

    Parameters
    ----------
    receive_buffer : int, default 65535
        Receiver buffer, the largest advertised window [bytes].
    init_cwnd_segments : int, default 2
        Initial congestion window [segments].
    rto_init, rto_min, rto_max : float, default 3, 0.2, 60
        Retransmission timeout: initial value and bounds [s].
    mss : int, default 1460
        Segment size used by the window arithmetic [bytes].
    ssthresh_whole_segments : bool, default False
        ns-2 FullTcp's ssthresh after a loss (fast retransmit and timeout): half of
        ``min(cwnd, receive window)`` rounded down to whole segments, at least 2 (ns-2.35's
        ``TcpAgent::slowdown`` in ``tcp/tcp.cc``, ``CLOSE_SSTHRESH_HALF``: ``ssthresh_ = (int) halfwin``
        with ``halfwin = windowd() / 2`` and ``windowd() = min(cwnd_, wnd_)``, called by
        ``FullTcpAgent::dupack_action`` and ``timeout_action`` in ``tcp/tcp-full.cc``). False (the
        book's rule, RFC 5681 eq. (4)): half the bytes in flight, at least 2 segments. The two differ
        most when cwnd is below the flight size (after fast recovery deflates cwnd to ssthresh, a loss
        in the same window halves the smaller cwnd again) and by up to a segment in the rounding.

    References
    ----------
    .. [1] M. Allman, V. Paxson, E. Blanton, "TCP Congestion Control", RFC 5681, 2009 (sec. 3.1, 3.2).
    .. [2] ns-2.35, ``tcp/tcp.cc`` (``TcpAgent::slowdown``, ``TcpAgent::windowd``) and
       ``tcp/tcp-full.cc`` (``FullTcpAgent::dupack_action``, ``FullTcpAgent::timeout_action``).

    Examples
    --------
    >>> TcpConfig(ssthresh_whole_segments=True).ssthresh_whole_segments
    True
    """

    receive_buffer: int = 65535
    init_cwnd_segments: int = 2
    rto_init: float = 3.0
    rto_min: float = 0.2
    rto_max: float = 60.0
    mss: int = 1460
    ssthresh_whole_segments: bool = False

    def __post_init__(self):
        if not (isinstance(self.receive_buffer, (int, np.integer)) and self.receive_buffer >= 1500):
            raise ValueError(f"receive_buffer must be an int >= 1500 bytes, got {self.receive_buffer!r}")
        if not (isinstance(self.init_cwnd_segments, (int, np.integer)) and self.init_cwnd_segments >= 1):
            raise ValueError(f"init_cwnd_segments must be an int >= 1, got {self.init_cwnd_segments!r}")
        check_rto(self.rto_min, self.rto_init, self.rto_max)
        if not (isinstance(self.mss, (int, np.integer)) and self.mss > 0):
            raise ValueError(f"mss must be a positive int, got {self.mss!r}")
        check_flags(self, ("ssthresh_whole_segments",))


def run(gen_time, sizes, network: Network, config: TcpConfig = TcpConfig(), *, seed: int = 0,
        bin_s: float = 1.0, t_end: float = 1000.0) -> TransportResult:
    """Send packets as one TCP connection over the first link.

    Parameters
    ----------
    gen_time : array_like of float
        Time each packet is written to the socket [s] (non-decreasing).
    sizes : array_like of int
        Bytes of each packet (each one segment).
    network : Network
        The links (TCP uses the first).
    config : TcpConfig
        TCP's parameters: receive buffer, segment size, timers (ns-2 style defaults).
    seed : int
        Seed of the links' error models.
    bin_s : float
        Width of the statistics bins [s].
    t_end : float
        Stop the simulation at this time [s].

    Returns
    -------
    TransportResult
        Each packet's delivery time and transmissions, the links' counters and statistics.

    Raises
    ------
    ValueError, TypeError
        On malformed inputs.
    """
    if not isinstance(config, TcpConfig):
        raise TypeError(f"config must be a TcpConfig, got {type(config).__name__}")
    gen_time, sizes = check_inputs(gen_time, sizes, network)
    n = gen_time.size
    return run_window_transport("tcp", gen_time, sizes, np.zeros(n, np.int64), np.zeros(n, bool), network,
                                _window_config(config),
                                seed=seed, bin_s=bin_s, t_end=t_end, max_transmissions=4)


def _window_config(config: TcpConfig) -> WindowConfig:
    """The window engine's configuration of a TCP connection: one path, one stream, no path failure,
    heartbeats or abandonment."""
    return WindowConfig(
        mode=MODE_TCP, n_paths=1, n_streams=1, header=HEADER_BYTES, mtu=config.mss + HEADER_BYTES,
        rbuf=config.receive_buffer, init_cwnd=config.init_cwnd_segments * (config.mss + HEADER_BYTES),
        rto_init=config.rto_init, rto_min=config.rto_min, rto_max=config.rto_max, path_max_retrans=10**9,
        hb_interval=1e9, rtx_limit=10**9, tcp_ssthresh_segments=bool(config.ssthresh_whole_segments))
