"""Shared result type and helpers of the transports (private)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.networks.packetsim import Network, check_schedule, uniforms
from mmperf.seeds import check_seed
from mmperf.transports import _engine


_COUNTER_COLUMNS = ("offered", "queue_drops", "error_drops", "arrived", "in_flight")


@dataclass
class TransportResult:
    """What one transport run produced.

    Attributes
    ----------
    transport : str
        Name of the transport configuration.
    gen_time : ndarray
        Time each packet was handed to the sender [s].
    deliver_time : ndarray
        Time each packet was delivered to the receiving application [s]; -1 if never.
    transmissions : ndarray of int
        Transmissions of each packet (retransmissions included).
    abandoned : ndarray of bool
        Packets the sender gave up (PR-SCTP) and the receiver never got -- always
        False for reliable transports. (A chunk abandoned at a T3 expiry while
        one of its copies was still on the way is delivered when that copy
        arrives before the FORWARD-TSN: it counts as delivered.)
    link_counters : pandas.DataFrame
        Per link: ``offered``, ``queue_drops``, ``error_drops``, ``arrived``, ``in_flight`` [packets].
    link_stats : ndarray, shape (2, bins, 3)
        Per link and second: bytes sent, queue drops, error drops.
    receiver_window_drops : int
        Packets the receiver discarded because its buffer was full.
    end_time : float
        Simulated time when the run stopped [s].
    trace : pandas.DataFrame or None
        The sender's events, when the run was asked for them (``trace_events``):
        ``time`` [s], ``event`` (``send``, ``t3_start``, ``t3_restart``,
        ``t3_expiry``, ``rtt_data``, ...), ``path`` (0 or 1), ``tsn`` and
        ``value``, whose meaning depends on the event (see
        :mod:`mmperf.transports._engine`), and ``timer``, when the path's T3
        timer expires after the event [s] (NaN when it is off).
    """

    transport: str
    gen_time: np.ndarray
    deliver_time: np.ndarray
    transmissions: np.ndarray
    abandoned: np.ndarray
    link_counters: pd.DataFrame
    link_stats: np.ndarray = field(repr=False)
    receiver_window_drops: int = 0
    end_time: float = 0.0
    bin_s: float = 1.0
    trace: pd.DataFrame | None = field(default=None, repr=False)

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        """The run's books: on every link, offered = queue drops + error drops + arrived + in flight;
        no packet delivered before it was generated, none both delivered and abandoned, and every
        delivered packet sent at least once.

        Raises
        ------
        RuntimeError
            If a law is broken (a bug of the engine, never bad input).
        """
        # numpy on the frame's columns (pandas arithmetic cost more than the engine's smaller runs)
        c = self.link_counters
        offered, queue, error, arrived, in_flight = (c[k].to_numpy() for k in _COUNTER_COLUMNS)
        if (not np.array_equal(offered, queue + error + arrived + in_flight)
                or any(np.any(a < 0) for a in (offered, queue, error, arrived, in_flight))):
            raise RuntimeError(f"{self.transport}: link conservation broken: {c.to_dict('records')}")
        d = self.deliver_time >= 0
        if np.any(d & (self.deliver_time < self.gen_time)):
            raise RuntimeError(f"{self.transport}: a packet was delivered before it was generated")
        if np.any(d & self.abandoned):
            raise RuntimeError(f"{self.transport}: a packet was both delivered and abandoned")
        if np.any(d & (self.transmissions < 1)) or np.any(self.transmissions < 0):
            raise RuntimeError(f"{self.transport}: a delivered packet was never transmitted")

    @property
    def delivered(self) -> np.ndarray:
        """Boolean mask of delivered packets."""
        return self.deliver_time >= 0

    def delay(self) -> np.ndarray:
        """Delay (delivery - generation) of each delivered packet [s]."""
        d = self.delivered
        return self.deliver_time[d] - self.gen_time[d]


def counters_frame(counters, in_flight) -> pd.DataFrame:
    return pd.DataFrame({
        "link": [1, 2],
        "offered": counters[:, 0].astype(int),
        "queue_drops": counters[:, 1].astype(int),
        "error_drops": counters[:, 2].astype(int),
        "arrived": counters[:, 3].astype(int),
        "in_flight": np.asarray(in_flight, dtype=int),
    })


def check_rto(rto_min, rto_init, rto_max) -> None:
    """Retransmission timeouts [s]: finite, positive, and ``rto_min <= rto_init <= rto_max``."""
    for name, v in (("rto_min", rto_min), ("rto_init", rto_init), ("rto_max", rto_max)):
        _validate.positive(v, name)
    if not rto_min <= rto_init <= rto_max:
        raise ValueError(f"need 0 < rto_min <= rto_init <= rto_max, got {rto_min!r}, {rto_init!r}, {rto_max!r}")


def check_flags(config, names) -> None:
    """Each named field of ``config`` is a bool (``True``/``False``, not a number)."""
    for name in names:
        v = getattr(config, name)
        if not isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{name} must be True or False, got {type(v).__name__}: {v!r}")


def check_inputs(gen_time, sizes, network):
    gen_time, sizes = check_schedule(gen_time, sizes, times_name="gen_time")
    if not isinstance(network, Network):
        raise TypeError(f"network must be a mmperf.networks.packetsim.Network, got {type(network).__name__}")
    return gen_time, sizes


def check_layers(layers, n: int) -> np.ndarray:
    """``layers`` as int64: 0 (base) or 1 (enhancement) for each of the ``n`` packets."""
    out = _validate.whole_array(layers, "layers", minimum=0, allow_empty=True)
    if out.shape != (n,) or np.any(out > 1):
        raise ValueError("layers must hold 0 (base) or 1 (enhancement) for every packet")
    return out


@dataclass(frozen=True)
class WindowConfig:
    """What the window core needs of a TCP, SCTP or CMT-SCTP configuration (see :mod:`mmperf.transports._engine`).

    ``mode`` is one of ``_engine.MODE_*``; sizes are in bytes and times in seconds; ``dac_count`` >= 0 turns on
    CMT's delayed-ack rule with every SACK reporting that many data packets (-1: off); ``sack_delay`` > 0 delays
    the receiver's SACKs (SCTP and CMT-SCTP; 0: a SACK per packet); ``tcp_ssthresh_segments`` is TCP's
    ssthresh rule (:class:`mmperf.transports.tcp.TcpConfig`'s ``ssthresh_whole_segments``); ``ns2_sack_clock`` and
    ``ns2_cmt_recovery`` are :class:`mmperf.transports.sctp.SctpConfig`'s.
    """

    mode: int
    n_paths: int
    n_streams: int
    header: float
    mtu: float
    rbuf: float
    init_cwnd: float
    rto_init: float
    rto_min: float
    rto_max: float
    path_max_retrans: int
    hb_interval: float
    rtx_limit: int
    ns2_rwnd_defect: bool = False
    dac_count: int = -1
    sack_delay: float = 0.0
    tcp_ssthresh_segments: bool = False
    ns2_sack_clock: bool = False
    ns2_cmt_recovery: bool = False

    def engine_config(self, t_end: float) -> _engine.Config:
        """The kernel's :class:`~mmperf.transports._engine.Config`, every field of the type it is compiled for."""
        return _engine.Config(
            mode=int(self.mode), n_paths=int(self.n_paths), n_streams=int(self.n_streams), hdr=float(self.header),
            mtu=float(self.mtu), rbuf=float(self.rbuf), init_cwnd=float(self.init_cwnd),
            rto_init=float(self.rto_init), rto_min=float(self.rto_min), rto_max=float(self.rto_max),
            path_max_retrans=int(self.path_max_retrans), hb_interval=float(self.hb_interval),
            rtx_limit=int(self.rtx_limit), ns2_rwnd_defect=bool(self.ns2_rwnd_defect),
            dac_count=int(self.dac_count), sack_delay=float(self.sack_delay), t_end=float(t_end),
            tcp_ssth_segments=bool(self.tcp_ssthresh_segments), ns2_sack_clock=bool(self.ns2_sack_clock),
            ns2_cmt_recovery=bool(self.ns2_cmt_recovery))


def run_window_transport(name, gen_time, sizes, streams, unreliable, network, window: WindowConfig, *, seed, bin_s,
                         t_end, max_transmissions, trace_events=0):
    """Run the compiled window core and wrap its output (shared by TCP, SCTP and CMT-SCTP).

    ``gen_time``, ``sizes`` and ``network`` come from the caller's :func:`check_inputs` (validated
    once, fresh float64 copies); ``streams`` and ``unreliable`` give each packet's stream and whether
    it may be abandoned; ``window`` the transport's configuration. ``trace_events`` > 0 keeps the
    sender's first ``trace_events`` events in :attr:`TransportResult.trace` (a warning says when more
    happened).
    """
    rate, delay, qlim, per, start = network.arrays()
    n = gen_time.size
    bin_s, t_end = _validate.positive(bin_s, "bin_s"), _validate.positive(t_end, "t_end")
    nbins = _validate.size(6 * (int(t_end / bin_s) + 2),
                           "the statistics bins (t_end / bin_s, 6 numbers a bin)") // 6
    seed = check_seed(seed)
    n_draws = max_transmissions * max(n, 1)
    _validate.size(2 * n_draws, "the error-model draws (two links)")
    unif = uniforms(seed, n_draws)
    trace_events = _validate.size(trace_events, "trace_events") if trace_events else 0
    tr, tn = np.zeros((trace_events, 6)), np.zeros(1, np.int64)
    chunks = _engine.Chunks(gen_time, sizes, np.array(streams, np.int64), np.array(unreliable, np.bool_))
    cfg = window.engine_config(t_end)
    net = _engine.Net(rate, delay, qlim, per, start, unif, float(bin_s), nbins)
    for k, cap in enumerate(_engine.FIFO_CAPS):  # a small event queue first; a larger one if the run overflows it
        tn[0] = 0
        try:
            out = _engine.run_window(chunks, cfg, net, _engine.Trace(tr, tn), int(cap))
            break
        except RuntimeError as e:
            if "FIFO event queue overflow" not in str(e) or k == len(_engine.FIFO_CAPS) - 1:
                raise
    deliver, txc, st, counters, stats, in_flight, rwnd_drops, end = out
    trace = None
    if trace_events:
        if tn[0] > trace_events:
            warnings.warn(f"{name}: the trace keeps the first {trace_events} of {int(tn[0])} events", stacklevel=3)
        tr = tr[:min(int(tn[0]), trace_events)]
        trace = pd.DataFrame({"time": tr[:, 0], "event": [_engine.TRACE_EVENTS[int(c)] for c in tr[:, 1]],
                              "path": tr[:, 2].astype(int), "tsn": tr[:, 3].astype(np.int64), "value": tr[:, 4],
                              "timer": np.where(tr[:, 5] < 1e299, tr[:, 5], np.nan)})
    return TransportResult(
        transport=name, gen_time=gen_time, deliver_time=deliver, transmissions=txc, abandoned=(st == 4) & (deliver < 0),
        link_counters=counters_frame(counters, in_flight), link_stats=stats,
        receiver_window_drops=int(rwnd_drops), end_time=float(end), bin_s=float(bin_s), trace=trace)
