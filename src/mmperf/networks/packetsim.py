"""Event-driven packet network: duplex links with drop-tail queues and uniform loss.

The network of Ortiz et al. (2013, Fig. 1) is two duplex links between a
sender and a receiver, each of bandwidth 30, 45 or 60 Mb/s and 5 ms delay,
with drop-tail queues and a uniform packet error model that switches on at
20 s on the first link and at 40 s on the second.

A forward link is a FIFO server: a packet offered at time :math:`t` when the
link holds :math:`k` packets is dropped if :math:`k \\ge` ``queue_limit``
(drop-tail), otherwise it starts transmission at :math:`s = \\max(t, b)` (``b``
the end of the previous transmission), finishes at :math:`f = s + 8L/C` and
arrives at :math:`f + d`. After the loss onset a transmitted packet is lost
with probability ``loss_rate`` (one uniform draw per transmission, drawn in
advance from :func:`mmperf.seeds.rng`). The reverse direction carries only
acknowledgements; they are small and are modelled as a constant delay
:math:`d + 8\\cdot 60/C` without queueing or loss.

The link's compiled kernel (:func:`mmperf._kernel.link_send`) and the event heap
live in :mod:`mmperf._kernel`, below this package and :mod:`mmperf.transports`,
which share them; :func:`simulate_link` runs one link on its own through them
(used by the tests and the SimPy benchmark).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pandas as pd
from numba import njit

from mmperf import _validate
from mmperf._kernel import Link, heap_pop, heap_push, link_send
from mmperf.seeds import check_seed

__all__ = ["ACK_BYTES", "Network", "check_schedule", "simulate_link", "LinkResult", "uniforms"]

ACK_BYTES = 60
"""Size of an acknowledgement (SACK/ACK) on the reverse link [bytes]."""



@dataclass(frozen=True)
class Network:
    """Two-path network parameters (one entry per path).

    Parameters
    ----------
    bandwidth_mbps : float
        Bandwidth of each link [Mb/s] (both links equal, as in the paper).
    delay_s : float, default 0.005
        One-way propagation delay of each link [s].
    queue_limit : int, default 50
        Drop-tail limit in packets (ns-2 default).
    loss_rate : float, default 0
        Uniform packet error rate after the loss onset.
    loss_start_s : (float, float), default (20, 40)
        Loss onset on link 1 and link 2 [s].
    """

    bandwidth_mbps: float
    delay_s: float = 0.005
    queue_limit: int = 50
    loss_rate: float = 0.0
    loss_start_s: tuple[float, float] = (20.0, 40.0)

    def __post_init__(self):
        _validate.positive(self.bandwidth_mbps, "bandwidth_mbps")
        _validate.non_negative(self.delay_s, "delay_s")
        _validate.size(2 * (_validate.whole(self.queue_limit, "queue_limit", minimum=1) + 1), "queue_limit (the links' rings)")
        _validate.fraction(self.loss_rate, "loss_rate", closed=False)
        start = _validate.finite_array(self.loss_start_s, "loss_start_s", non_negative=True)
        if start.shape != (2,):
            raise ValueError(f"loss_start_s must be two non-negative times, got {self.loss_start_s!r}")

    def arrays(self):
        """Per-path arrays (rate bit/s, delay, queue limit, loss rate, loss start) for the kernels."""
        rate = np.full(2, self.bandwidth_mbps * 1e6)
        return (rate, np.full(2, float(self.delay_s)), np.full(2, int(self.queue_limit), np.int64),
                np.full(2, float(self.loss_rate)), np.asarray(self.loss_start_s, dtype=np.float64))


@njit(cache=False)
def _run_link(times, sizes, rate, delay, qlim, per, loss_start, unif, bin_s, nbins):  # pragma: no cover
    """One link driven through the event heap: an arrival event per packet, a departure event per
    accepted packet (the same work a SimPy model does)."""
    ht, hq, hk, ha, hb, hc, hs = (np.empty(1 << 16), np.empty(1 << 16, np.int64), np.empty(1 << 16, np.int64),
                                  np.empty(1 << 16, np.int64), np.empty(1 << 16, np.int64),
                                  np.empty(1 << 16, np.int64), np.zeros(2, np.int64))
    fstate = np.zeros((2, 4))
    ring = np.zeros((2, qlim[0] + 1))
    counters = np.zeros((2, 4), np.int64)
    stats = np.zeros((2, nbins, 3))
    arrive = np.full(times.shape[0], -1.0)
    out = np.empty(5)
    lk = Link(rate, delay, qlim, per, loss_start, unif, bin_s, fstate, ring, counters, stats)
    n = times.shape[0]
    nxt = 0
    events = 0
    if n > 0:
        heap_push(ht, hq, hk, ha, hb, hc, hs, times[0], 0, 0, 0, 0)
    while hs[0] > 0:
        heap_pop(ht, hq, hk, ha, hb, hc, hs, out)
        events += 1
        now = out[0]
        if out[1] == 0:  # packet arrives at the queue
            i = int(out[2])
            t = link_send(lk, 0, now, sizes[i])
            if t >= 0:
                heap_push(ht, hq, hk, ha, hb, hc, hs, t, 1, i, 0, 0)
            nxt = i + 1
            if nxt < n:
                heap_push(ht, hq, hk, ha, hb, hc, hs, times[nxt], 0, nxt, 0, 0)
        else:  # packet reaches the far end
            i = int(out[2])
            arrive[i] = now
            counters[0, 3] += 1
    return arrive, counters, stats, events


def uniforms(seed, n_draws):
    """Uniform draws of the two links' error models, from a seeded numpy Generator.

    Parameters
    ----------
    seed : int
        Seed of the Generator (from :func:`mmperf.seeds.int_seed`).
    n_draws : int
        Draws per link.

    Returns
    -------
    numpy.ndarray
        Shape ``(2, n_draws)``: row ``p`` is link ``p``'s draws, read in order by
        :func:`mmperf._kernel.link_send`.

    Raises
    ------
    ValueError
        If ``seed`` is not a seed (:func:`mmperf.seeds.check_seed`), or ``n_draws`` not a whole
        number >= 0 whose draws fit in memory.

    Notes
    -----
    The draws of the last two (seed, count) pairs are kept and returned again, not
    copied: the strategies of one grid cell share the cell's seed, and the kernels
    only read the draws (the caller must not write to the array).
    """
    seed = check_seed(seed)
    n_draws = _validate.whole(n_draws, "n_draws")
    _validate.size(2 * n_draws, "n_draws (2 x n_draws draws)")
    return _uniforms(seed, n_draws)


@functools.lru_cache(maxsize=2)
def _uniforms(seed, n_draws):
    return np.random.default_rng(seed).random((2, n_draws))


def check_schedule(times, sizes, *, times_name: str = "times", sizes_name: str = "sizes"):
    """Validate a packet schedule; return fresh float64 copies of ``times`` [s] and ``sizes`` [bytes].

    Fresh, writable, contiguous copies give the compiled kernels one signature.

    Parameters
    ----------
    times : array_like of float
        Send time of each packet [s], non-negative and non-decreasing.
    sizes : array_like of float
        Size of each packet [bytes], > 0; as many as ``times``.
    times_name, sizes_name : str, default "times", "sizes"
        The caller's names of the two, for the error messages.

    Returns
    -------
    times : numpy.ndarray
        A fresh, writable, contiguous float64 copy of ``times``, 1-D.
    sizes : numpy.ndarray
        A fresh, writable, contiguous float64 copy of ``sizes``, of the same length.

    Raises
    ------
    ValueError
        If the two are not 1-D of equal length, a time or size is NaN or infinite, the
        times are negative or decreasing, or a size is not positive. Messages use the callers' names.
    """
    _validate.text(times_name, "times_name")
    _validate.text(sizes_name, "sizes_name")
    times = np.array(_validate.finite_array(times, times_name, allow_empty=True), dtype=np.float64)
    sizes = np.array(_validate.finite_array(sizes, sizes_name, allow_empty=True), dtype=np.float64)
    if times.ndim != 1 or sizes.shape != times.shape:
        raise ValueError(f"{times_name} and {sizes_name} must be 1-D of equal length, got {times.shape} and {sizes.shape}")
    if times.size and (np.any(np.diff(times) < 0) or times[0] < 0):
        raise ValueError(f"{times_name} must be non-negative and non-decreasing")
    if np.any(sizes <= 0):
        raise ValueError(f"{sizes_name} must be positive (bytes)")
    return times, sizes


def simulate_link(times, sizes, *, bandwidth_mbps: float, delay_s: float = 0.005, queue_limit: int = 50,
                  loss_rate: float = 0.0, loss_start_s: float = 0.0, seed: int = 0, bin_s: float = 1.0):
    """Send packets through one drop-tail link.

    Parameters
    ----------
    times : array_like of float
        Non-decreasing offer times [s].
    sizes : array_like of int
        Packet sizes on the wire [bytes].
    bandwidth_mbps : float
        Link rate [Mb/s].
    delay_s : float, default 0.005
        One-way propagation delay [s].
    queue_limit : int, default 50
        Drop-tail limit [packets] (the packet in transmission counts).
    loss_rate : float, default 0
        Uniform packet error rate after ``loss_start_s``, in [0, 1].
    loss_start_s : float, default 0
        Loss onset [s].
    seed : int, default 0
        Seed of the uniform draws of the error model (from :func:`mmperf.seeds.int_seed`).
    bin_s : float, default 1
        Width of the statistics bins [s].

    Returns
    -------
    LinkResult
        Arrival time of each packet and the link's counters.

    Raises
    ------
    ValueError
        If the inputs are malformed.
    """
    times, sizes = check_schedule(times, sizes)
    for name, v in (("bandwidth_mbps", bandwidth_mbps), ("delay_s", delay_s), ("loss_rate", loss_rate),
                    ("loss_start_s", loss_start_s)):
        _validate.finite(v, name)
    _validate.non_negative(loss_start_s, "loss_start_s")
    bin_s = _validate.positive(bin_s, "bin_s")
    seed = check_seed(seed)
    net = Network(bandwidth_mbps, delay_s, queue_limit, loss_rate, (loss_start_s, loss_start_s))
    rate, delay, qlim, per, start = net.arrays()
    unif = np.random.default_rng(seed).random((2, max(times.size, 1)))
    nbins = _validate.size(6 * (int((times[-1] if times.size else 0) / bin_s) + 2),
                           "the statistics bins (times / bin_s, 6 numbers a bin)") // 6
    arrive, counters, stats, events = _run_link(times, sizes, rate, delay, qlim, per, start, unif, float(bin_s), nbins)
    result = LinkResult(arrive=arrive, offered=int(counters[0, 0]), queue_drops=int(counters[0, 1]),
                        error_drops=int(counters[0, 2]), arrived=int(counters[0, 3]), events=int(events))
    result.check(times)
    return result


@dataclass(frozen=True)
class LinkResult:
    """Result of :func:`simulate_link`.

    Parameters
    ----------
    arrive : ndarray
        Arrival time of each packet [s]; -1 if dropped or lost.
    offered, queue_drops, error_drops, arrived : int
        Packet counters (offered = queue_drops + error_drops + arrived).
    events : int
        Events processed by the kernel.
    """

    arrive: np.ndarray
    offered: int
    queue_drops: int
    error_drops: int
    arrived: int
    events: int

    def check(self, times) -> None:
        """The link's books: every packet offered is dropped or arrives, once, never before it was sent.

        Raises
        ------
        RuntimeError
            If the counters or the arrival times break conservation (a bug, never bad input).
        ValueError
            If ``times`` is not the schedule of this run (one finite time per packet).
        """
        times = _validate.finite_array(times, "times", allow_empty=True)
        if times.shape != self.arrive.shape:
            raise ValueError(f"times must be the run's schedule, shape {self.arrive.shape}, got shape {times.shape}")
        got = (self.arrive >= 0).sum()
        if not (self.offered == len(self.arrive) == self.queue_drops + self.error_drops + self.arrived
                and got == self.arrived):
            raise RuntimeError(f"link conservation broken: offered {self.offered} (schedule {len(self.arrive)}) != "
                               f"queue drops {self.queue_drops} + error drops {self.error_drops} + arrived {self.arrived} "
                               f"({got} arrival times)")
        sent = np.asarray(times, dtype=float)
        ok = self.arrive < 0
        if not np.all(ok | (self.arrive >= sent)):
            raise RuntimeError("link conservation broken: a packet arrived before it was offered")

    def summary(self) -> pd.DataFrame:
        """Counters as a one-row DataFrame."""
        return pd.DataFrame([{"offered": self.offered, "queue_drops": self.queue_drops,
                              "error_drops": self.error_drops, "arrived": self.arrived}])
