"""Queueing stations for SimPy models, with utilization and flow accounting.

Two kinds of single-server station, both usable from any SimPy process:

* :class:`FCFSStation` -- first come, first served. Because the service time
  of a customer is known when it arrives and nobody overtakes anybody, its
  departure time follows from the Lindley recursion
  :math:`D_n = \\max(A_n, D_{n-1}) + S_n` at the moment of arrival, so a visit
  costs SimPy a single timeout event instead of the three of a
  :class:`simpy.Resource` (request, timeout, release).
* :class:`PSStation` -- processor sharing: every customer present is served
  at ``rate / n``. Completions are rescheduled at every arrival and departure.

Both count arrivals, departures, busy time inside an accounting horizon and
waiting time, per tag, so a model can report utilization (busy time /
horizon), check flow conservation (arrivals = departures once the model has
drained) and split a station's load by workload.

The closed forms :func:`mm1_mean_wait`, :func:`md1_mean_wait` and
:func:`mg1_mean_wait` (Pollaczek-Khinchine) are the yardsticks the tests hold
these stations to, and :func:`simulate_single_station` runs one station alone.

Examples
--------
>>> import simpy
>>> env = simpy.Environment()
>>> cpu = FCFSStation(env, "cpu")
>>> def job(env, station, work):
...     yield from station.serve(work)
>>> for _ in range(2):
...     _ = env.process(job(env, cpu, 1.0))
>>> env.run()
>>> cpu.stats()["busy"], cpu.stats()["wait_total"]
(2.0, 1.0)
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import pandas as pd
import simpy

from mmperf import _validate

__all__ = [
    "FCFSStation",
    "PSStation",
    "mm1_mean_wait",
    "md1_mean_wait",
    "mg1_mean_wait",
    "simulate_single_station",
    "SingleStationResult",
]




class _Accounting:
    """Counters shared by the stations (busy time is clipped to [0, horizon])."""

    def __init__(self, env: simpy.Environment, name: str, horizon: float | None):
        if not isinstance(env, simpy.Environment):
            raise TypeError(f"env must be a simpy.Environment, got {type(env).__name__}")
        if not isinstance(name, str) or not name:
            raise ValueError(f"name must be a non-empty string, got {name!r}")
        self.env = env
        self.name = name
        self.horizon = math.inf if horizon is None else _validate.positive(horizon, "horizon")
        self.arrivals = 0
        self.departures = 0
        self.busy = 0.0
        self.wait_total = 0.0
        self.busy_by_tag: dict[str, float] = defaultdict(float)
        self.arrivals_by_tag: dict[str, int] = defaultdict(int)

    def _clip(self, start: float, end: float) -> float:
        h = self.horizon
        return max(0.0, min(end, h) - min(start, h))

    def stats(self) -> dict:
        """Counters of the station: name, arrivals, departures, in_system, busy,
        utilization (busy / horizon; NaN without a horizon) and wait_total."""
        util = self.busy / self.horizon if math.isfinite(self.horizon) else math.nan
        return {
            "station": self.name,
            "arrivals": self.arrivals,
            "departures": self.departures,
            "in_system": self.arrivals - self.departures,
            "busy": self.busy,
            "utilization": util,
            "wait_total": self.wait_total,
        }


class FCFSStation(_Accounting):
    """A first-come-first-served single server, one SimPy event per visit.

    Parameters
    ----------
    env : simpy.Environment
        The environment the station lives in.
    name : str
        Station name used in reports.
    horizon : float, optional
        Busy time is counted inside ``[0, horizon]`` only, so that
        ``utilization = busy / horizon``. Default: no horizon (utilization NaN).
    infinite : bool, default False
        An infinite-server (delay) station instead: every customer starts at once, none
        waits (an ablation of the queue; busy time still adds up every service).

    Notes
    -----
    The departure time is computed on arrival, :math:`D = \\max(t, D_{prev}) + S`,
    which is exact for a non-preemptive FCFS single server whose service time
    is known on arrival. Customers arriving at the same instant are served in
    the order their processes call the station (SimPy's deterministic order).
    """

    def __init__(self, env: simpy.Environment, name: str, *, horizon: float | None = None, infinite: bool = False):
        super().__init__(env, name, horizon)
        if not isinstance(infinite, bool):
            raise TypeError(f"infinite must be a bool, got {type(infinite).__name__}")
        self._free_at = 0.0
        self._infinite = infinite

    def book(self, service: float, *, tag: str = "") -> tuple[float, float]:
        """Enter the queue now; return ``(start, departure)`` times of the service.

        The caller must wait until ``departure`` (e.g. ``yield env.timeout(departure - env.now)``)
        and then call :meth:`leave`. :meth:`serve` does both.

        Raises
        ------
        ValueError
            If ``service`` is negative or not finite.
        """
        return self._book(_validate.non_negative(service, "service"), tag)

    def _book(self, s: float, tag: str) -> tuple[float, float]:
        # hot path for models that have validated their inputs
        now = self.env.now
        start = self._free_at if self._free_at > now and not self._infinite else now
        end = start + s
        self._free_at = end
        self._count(start, end, s, tag)
        return start, end

    def _count(self, start: float, end: float, s: float, tag: str) -> None:
        """Count one arrival now whose ``s`` seconds of service run from ``start`` to ``end``."""
        now = self.env.now
        self.arrivals += 1
        self.arrivals_by_tag[tag] += 1
        h = self.horizon
        busy = s if end <= h else max(0.0, h - start)
        self.busy += busy
        self.busy_by_tag[tag] += busy
        self.wait_total += start - now

    def leave(self) -> None:
        """Count one departure (call when a booked customer's service has ended)."""
        self.departures += 1

    def serve(self, service: float, *, tag: str = ""):
        """SimPy generator: queue, be served for ``service`` seconds, leave.

        Returns (as the generator's value) the time spent waiting before service. ``service`` is
        checked when called, before the generator runs.
        """
        return self._serve(_validate.non_negative(service, "service"), tag)

    def _serve(self, service: float, tag: str):
        # hot path: no validation
        start, end = self._book(service, tag)
        return (yield from self._wait(start, end))

    def _wait(self, start: float, end: float):
        wait = start - self.env.now
        yield self.env.timeout(end - self.env.now)
        self.departures += 1
        return wait


class PSStation(_Accounting):
    """A processor-sharing single server (each of n customers served at rate/n).

    Parameters
    ----------
    env : simpy.Environment
        The environment the station lives in.
    name : str
        Station name used in reports.
    rate : float
        Work the server does per second when busy (e.g. bytes/s of a bus).
    horizon : float, optional
        Accounting horizon, as for :class:`FCFSStation`.

    Raises
    ------
    ValueError
        If ``rate`` is not a positive finite number.
    """

    def __init__(self, env: simpy.Environment, name: str, *, rate: float, horizon: float | None = None):
        super().__init__(env, name, horizon)
        self.rate = _validate.positive(rate, "rate")
        self._jobs: list[list] = []  # [remaining work, done event, tag, arrival time]
        self._last = env.now
        self._version = 0
        self._eps = 1e-9 * self.rate  # about a nanosecond of work

    def _advance(self) -> None:
        now = self.env.now
        dt = now - self._last
        if dt > 0 and self._jobs:
            n = len(self._jobs)
            share = dt * self.rate / n
            busy = self._clip(self._last, now)
            self.busy += busy
            for job in self._jobs:
                job[0] -= share
                self.busy_by_tag[job[2]] += busy / n
        self._last = now

    def _schedule(self) -> None:
        self._version += 1
        if not self._jobs:
            return
        version = self._version
        rem = min(job[0] for job in self._jobs)
        delay = max(rem, 0.0) * len(self._jobs) / self.rate
        timer = self.env.timeout(delay)
        timer.callbacks.append(lambda _ev, v=version: self._on_timer(v))

    def _on_timer(self, version: int) -> None:
        if version != self._version:
            return  # superseded by a later arrival or departure
        self._advance()
        done = [job for job in self._jobs if job[0] <= self._eps]
        if not done:  # rounding: finish the smallest job
            done = [min(self._jobs, key=lambda j: j[0])]
        for job in done:
            self._jobs.remove(job)
            self.departures += 1
            job[1].succeed(self.env.now - job[3])
        self._schedule()

    def serve(self, work: float, *, tag: str = ""):
        """SimPy generator: share the server until ``work`` units are done.

        Returns (as the generator's value) the time spent at the station.

        Raises
        ------
        ValueError
            If ``work`` is negative or not finite (when called, before the generator runs).
        """
        return self._share(_validate.non_negative(work, "work"), tag)

    def _share(self, w: float, tag: str):
        self.arrivals += 1
        self.arrivals_by_tag[tag] += 1
        if w == 0:
            self.departures += 1
            return 0.0
        self._advance()
        done = self.env.event()
        self._jobs.append([w, done, tag, self.env.now])
        self._schedule()
        sojourn = yield done
        return sojourn


# ----------------------------------------------------------------------------- closed forms


def _check_load(arrival_rate: float, mean_service: float) -> float:
    lam = _validate.positive(arrival_rate, "arrival_rate")
    s = _validate.positive(mean_service, "mean_service")
    rho = lam * s
    if rho >= 1:
        raise ValueError(f"the queue is unstable: arrival_rate * mean_service = {rho:.4g} must be < 1")
    return rho


def mg1_mean_wait(arrival_rate: float, mean_service: float, scv: float) -> float:
    """Mean wait in queue of an M/G/1 queue (Pollaczek-Khinchine formula).

    Parameters
    ----------
    arrival_rate : float
        Poisson arrival rate :math:`\\lambda` [1/s].
    mean_service : float
        Mean service time :math:`E[S]` [s].
    scv : float
        Squared coefficient of variation of the service time (0 deterministic, 1 exponential).

    Returns
    -------
    float
        :math:`W_q = \\frac{\\rho E[S] (1 + c_s^2)}{2 (1 - \\rho)}` [s].

    Raises
    ------
    ValueError
        If a parameter is not positive, ``scv`` is negative or :math:`\\rho \\ge 1`.

    Examples
    --------
    >>> round(mg1_mean_wait(0.5, 1.0, 1.0), 6)
    1.0
    """
    rho = _check_load(arrival_rate, mean_service)
    c2 = _validate.non_negative(scv, "scv")
    return rho * mean_service * (1 + c2) / (2 * (1 - rho))


def mm1_mean_wait(arrival_rate: float, mean_service: float) -> float:
    """Mean wait in queue of an M/M/1 queue, :math:`\\rho E[S] / (1 - \\rho)` [s].

    Parameters
    ----------
    arrival_rate : float
        Poisson arrival rate :math:`\\lambda` [1/s].
    mean_service : float
        Mean of the exponential service time :math:`E[S]` [s].

    Returns
    -------
    float
        :math:`W_q` [s], with :math:`\\rho = \\lambda E[S]`.

    Raises
    ------
    ValueError
        If a parameter is not positive or :math:`\\rho \\ge 1`.
    """
    return mg1_mean_wait(arrival_rate, mean_service, 1.0)


def md1_mean_wait(arrival_rate: float, service: float) -> float:
    """Mean wait in queue of an M/D/1 queue, :math:`\\rho S / (2 (1 - \\rho))` [s].

    Parameters
    ----------
    arrival_rate : float
        Poisson arrival rate :math:`\\lambda` [1/s].
    service : float
        The constant service time :math:`S` [s].

    Returns
    -------
    float
        :math:`W_q` [s], with :math:`\\rho = \\lambda S`.

    Raises
    ------
    ValueError
        If a parameter is not positive or :math:`\\rho \\ge 1`.
    """
    return mg1_mean_wait(arrival_rate, service, 0.0)


# ----------------------------------------------------------------------------- one station alone


@dataclass(frozen=True)
class SingleStationResult:
    """Result of :func:`simulate_single_station`.

    Parameters
    ----------
    customers : pandas.DataFrame
        One row per customer: ``arrival``, ``wait``, ``sojourn`` [s].
    stats : dict
        The station's counters (:meth:`FCFSStation.stats`).
    horizon : float
        Time of the last arrival [s], the accounting horizon.
    """

    customers: pd.DataFrame
    stats: dict
    horizon: float

    @property
    def mean_wait(self) -> float:
        """Mean wait in queue [s]."""
        return float(self.customers["wait"].mean())

    @property
    def utilization(self) -> float:
        """Busy time inside the horizon divided by the horizon."""
        return float(self.stats["utilization"])


def simulate_single_station(
    *,
    arrival_rate: float,
    mean_service: float,
    service: str = "exponential",
    discipline: str = "fcfs",
    customers: int = 10_000,
    rng: np.random.Generator,
) -> SingleStationResult:
    """Simulate one station fed by Poisson arrivals (an M/M/1 or M/D/1 queue).

    Parameters
    ----------
    arrival_rate : float
        Poisson arrival rate [1/s].
    mean_service : float
        Mean service time [s] (work / rate for a PS station of rate 1).
    service : {'exponential', 'deterministic'}
        Service-time distribution.
    discipline : {'fcfs', 'ps'}
        First come first served, or processor sharing.
    customers : int
        Number of customers.
    rng : numpy.random.Generator
        Source of randomness (from :func:`mmperf.seeds.rng`).

    Returns
    -------
    SingleStationResult
        Per customer its arrival, wait and sojourn [s], the station's counters and the horizon.

    Raises
    ------
    ValueError
        If a parameter is out of range or a choice is unknown.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> r = simulate_single_station(arrival_rate=0.5, mean_service=1.0, customers=2000,
    ...                             rng=rng("doctest", "mm1"))
    >>> 0.4 < r.utilization < 0.6
    True
    """
    lam = _validate.positive(arrival_rate, "arrival_rate")
    s = _validate.positive(mean_service, "mean_service")
    if service not in ("exponential", "deterministic"):
        raise ValueError(f"service must be 'exponential' or 'deterministic', got {service!r}")
    if discipline not in ("fcfs", "ps"):
        raise ValueError(f"discipline must be 'fcfs' or 'ps', got {discipline!r}")
    if not (isinstance(customers, (int, np.integer)) and customers > 0):
        raise ValueError(f"customers must be a positive int, got {customers!r}")
    _validate.size(8 * int(customers), "8 * customers (the run's per-customer arrays)")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    n = int(customers)
    arrivals = np.cumsum(rng.exponential(1 / lam, n))
    works = rng.exponential(s, n) if service == "exponential" else np.full(n, s)
    horizon = float(arrivals[-1])
    env = simpy.Environment()
    station = (FCFSStation(env, "station", horizon=horizon) if discipline == "fcfs"
               else PSStation(env, "station", rate=1.0, horizon=horizon))
    wait = np.zeros(n)
    sojourn = np.zeros(n)

    def customer(i):
        t0 = env.now
        if discipline == "fcfs":
            wait[i] = yield from station.serve(works[i])
        else:
            yield from station.serve(works[i])
            wait[i] = env.now - t0 - works[i]
        sojourn[i] = env.now - t0

    def source():
        for i in range(n):
            yield env.timeout(arrivals[i] - env.now)
            env.process(customer(i))

    env.process(source())
    env.run()
    frame = pd.DataFrame({"arrival": arrivals, "wait": wait, "sojourn": sojourn})
    return SingleStationResult(customers=frame, stats=station.stats(), horizon=horizon)
