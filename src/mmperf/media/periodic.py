"""A periodic multimedia stream from a sending to a receiving process.

The paper's experiments (Sec. 3) send fixed-size UDP datagrams from a
``send`` process driven by an interval timer to a ``receive`` process that
time-stamps each datagram with ``gettimeofday()``. :func:`simulate` follows
each datagram through three stages:

* the **sending host**: the ``send`` process is a sleeper woken at each timer
  instant :math:`t_i = i T` on the host's event-driven scheduler
  (:func:`mmperf.hosts.cpu.served`, :mod:`mmperf.hosts.timesharing`), beside
  the host's counters and other processes; it hands the datagram to the
  network when its CPU work is done, at :math:`x_i`;
* the **network**, a first-in first-out link (:func:`fifo`),
  :math:`a_i = \\max(x_i + d_i,\\; a_{i-1} + \\tau)`, with :math:`d_i` the LAN
  delay and :math:`\\tau` the transmission time (:mod:`mmperf.networks.lan`);
* the **receiving host**: the ``receive`` process, woken by each arrival
  :math:`a_i` on its own host's scheduler, time-stamps the datagram when its
  work is done, at :math:`r_i`.

A process still busy (or not yet scheduled) when the next datagram arrives
leaves it queued in the socket and reads it at once when it gets to it, so a
long interarrival is followed by a short one: the **reflection effect**
(Fig. 3), a reflection about the mean that cannot go below zero and is
therefore truncated at high packet rates. The delays of consecutive datagrams
are correlated because they come out of one schedule, not from independent
draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.cpu import Host, Scheduler, served
from mmperf.networks.lan import Network, Traffic, network_delay_arrays

__all__ = ["TRACE_COLUMNS", "PeriodicStream", "fifo", "simulate", "simulate_arrays"]

TRACE_COLUMNS = ["packet", "send_us", "arrive_us", "recv_us", "delay_us", "interarrival_us"]
"""Columns of a trace (all times in microseconds)."""


@dataclass(frozen=True)
class PeriodicStream:
    """A constant-rate stream of equal datagrams.

    Parameters
    ----------
    period_us : float, default 160,000
        Time between datagrams (the paper's audio rate).
    size_bytes : float, default 1280
        Datagram size (the paper's audio size: 8000 bytes/s x 0.16 s).
    n_packets : int, default 1000
        Datagrams per run.

    Raises
    ------
    ValueError
        For a non-positive period or size, or fewer than 3 packets.
    """

    period_us: float = 160_000.0
    size_bytes: float = 1280.0
    n_packets: int = 1000

    def __post_init__(self):
        _validate.positive(self.period_us, "period_us")
        _validate.positive(self.size_bytes, "size_bytes")
        if isinstance(self.n_packets, bool) or not isinstance(self.n_packets, (int, np.integer)) or self.n_packets < 3:
            raise ValueError(f"n_packets must be an int >= 3, got {self.n_packets!r}")
        _validate.size(16 * int(self.n_packets), "16 * n_packets (the trace's per-packet arrays)")

    @property
    def duration_s(self) -> float:
        """Length of a run in seconds."""
        return self.n_packets * self.period_us / 1e6


def fifo(ready, service) -> np.ndarray:
    """Completion times of a first-in first-out stage.

    ``out[i] = max(ready[i], out[i-1] + service[i])``, computed as a cumulative maximum.

    Parameters
    ----------
    ready : array_like
        Time each item could complete if the stage were free.
    service : array_like
        Time the stage spends on each item when it is already busy.

    Returns
    -------
    numpy.ndarray
        When each item leaves the stage, in the unit of the inputs.

    Examples
    --------
    >>> fifo([0, 1, 10], [2, 2, 2]).tolist()
    [0.0, 2.0, 10.0]
    """
    ready = _validate.finite_array(ready, "ready", ndim=1, allow_empty=True)
    service = _validate.finite_array(service, "service", non_negative=True)
    try:
        service = np.broadcast_to(service, ready.shape)
    except ValueError:
        raise ValueError(f"service must be one number or one per item of ready {ready.shape}, got shape {service.shape}") from None
    c = np.cumsum(service)
    return np.maximum.accumulate(ready - c) + c


def simulate(stream: PeriodicStream, *, sender: Host, receiver: Host, network: Network,
             traffic: Traffic = Traffic(), scheduler: Scheduler = Scheduler(),
             rng: np.random.Generator) -> pd.DataFrame:
    """Simulate one run of a periodic stream and return its trace.

    Parameters
    ----------
    stream : PeriodicStream
        Period, size and length.
    sender, receiver : Host
        The two workstations (power, load, scheduling class).
    network : Network
        The LAN between them.
    traffic : Traffic, optional
        Other traffic on the LAN (default idle).
    scheduler : Scheduler, optional
        Host scheduler parameters.
    rng : numpy.random.Generator
        Source of randomness (use :func:`mmperf.seeds.rng`).

    Returns
    -------
    pandas.DataFrame
        One row per datagram, columns :data:`TRACE_COLUMNS`: ``send_us`` (timer
        instant), ``arrive_us`` (at the receiving host), ``recv_us``
        (``gettimeofday`` in the receive process), ``delay_us`` and
        ``interarrival_us`` (NaN for the first datagram).

    References
    ----------
    Claypool, Habermann & Riedl 1998, Sec. 3 and Fig. 3.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> from mmperf.hosts.cpu import Host
    >>> from mmperf.networks.lan import NETWORKS
    >>> h = Host("Sparc 5", 64.0)
    >>> t = simulate(PeriodicStream(n_packets=50), sender=h, receiver=h, network=NETWORKS["Ethernet"], rng=rng("doc"))
    >>> bool(t["recv_us"].is_monotonic_increasing)
    True
    """
    return pd.DataFrame(simulate_arrays(stream, sender=sender, receiver=receiver, network=network, traffic=traffic,
                                        scheduler=scheduler, rng=rng))


def _check_run(stream, *, sender, receiver, network, traffic, scheduler, rng) -> None:
    """The types of a run's arguments (each named when wrong)."""
    _validate.instance(stream, "stream", PeriodicStream)
    _validate.instance(sender, "sender", Host)
    _validate.instance(receiver, "receiver", Host)
    _validate.instance(network, "network", Network)
    _validate.instance(traffic, "traffic", Traffic)
    _validate.instance(scheduler, "scheduler", Scheduler)
    _validate.instance(rng, "rng", np.random.Generator)


def simulate_arrays(stream: PeriodicStream, *, sender: Host, receiver: Host, network: Network, traffic: Traffic,
                    scheduler: Scheduler, rng: np.random.Generator, work_spec_us: float | None = None,
                    sender_others=(), receiver_others=()) -> dict:
    """:func:`simulate` as a dict of arrays (for callers that run thousands of streams), with two more options.

    Parameters
    ----------
    stream : PeriodicStream
        Period, size and length.
    sender, receiver : Host
        The two workstations (power, load, scheduling class).
    network : Network
        The LAN between them.
    traffic : Traffic
        Other traffic on the LAN (no default here).
    scheduler : Scheduler
        Host scheduler parameters (no default here).
    rng : numpy.random.Generator
        Source of randomness (use :func:`mmperf.seeds.rng`).
    work_spec_us : float, optional
        Work per datagram at both ends [us x SPECint92] (default: each host's own).
    sender_others, receiver_others : array_like of float, optional
        Job arrival times [us] of further sleepers on each host (:func:`mmperf.hosts.cpu.served`).

    Returns
    -------
    dict of numpy.ndarray
        The columns of :func:`simulate`'s trace (:data:`TRACE_COLUMNS`), one entry per datagram.
    """
    _check_run(stream, sender=sender, receiver=receiver, network=network, traffic=traffic, scheduler=scheduler, rng=rng)
    for name, others in (("sender_others", sender_others), ("receiver_others", receiver_others)):
        if isinstance(others, (str, bytes)) or not hasattr(others, "__iter__"):
            raise TypeError(f"{name} must be a sequence of job-time arrays, got {type(others).__name__}: {others!r:.80}")
        for i, o in enumerate(others):
            _validate.finite_array(o, f"{name}[{i}]", ndim=1, non_negative=True, allow_empty=True)
    if work_spec_us is not None:
        _validate.positive(work_spec_us, "work_spec_us")
    n = stream.n_packets
    t = np.arange(n) * stream.period_us
    x = served(t, host=sender, scheduler=scheduler, rng=rng, work_spec_us=work_spec_us, others=sender_others)["done_us"]
    d = network_delay_arrays(n, stream.size_bytes, network=network, traffic=traffic, rng=rng)
    a = fifo(x + d["delay_us"], d["transmit_us"])
    r = served(a, host=receiver, scheduler=scheduler, rng=rng, work_spec_us=work_spec_us, others=receiver_others,
               app=True)["done_us"]
    ia = np.empty(n)
    ia[0] = np.nan
    ia[1:] = np.diff(r)
    return {"packet": np.arange(n), "send_us": t, "arrive_us": a, "recv_us": r, "delay_us": r - t, "interarrival_us": ia}
