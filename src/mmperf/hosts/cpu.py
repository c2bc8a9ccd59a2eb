"""A workstation's processor under CPU-bound load, as a time-sharing quantum scheduler.

The model answers one question per datagram: once a datagram is in the
receiving host, how long until the receiving process has taken it in and
time-stamped it? (The same model serves the sending process woken by its
interval timer.) It is a small, explicit scheduler, not a fitted delay
distribution:

* The host runs ``hogs`` CPU-bound counter processes (the paper's "process
  that increments a long integer variable in a tight loop") plus, in a
  multi-user environment, a Poisson number of other runnable processes.
* The process handling the datagram needs ``work`` of CPU time, drawn from a
  gamma distribution whose mean is ``work_spec_us / specint92``: a faster
  processor does the same work in proportionally less time (the paper's
  Sec. 2.3 observation that execution times of application components scale
  inversely with SPEC results).
* With no competitor, or in the **real-time** class (Sec. 5.1: "a runnable
  real-time process runs before any other process"), it runs at once.
* In the time-sharing classes a woken process returns from sleep with a
  boosted priority and runs at once, but only until the next clock tick
  (uniform residual of a ``tick_us`` tick). If its work is not finished by
  then it is demoted to the time-sharing level of the counter processes and
  waits while those ahead of it each use a full quantum ``quantum_us``.
  Each competitor is ahead independently with probability
  ``ahead[class]``: one half for the **default** class (its decayed usage
  priority is as likely to be better as worse than the woken process's),
  less for a **niced** process (its better user-mode priority puts it ahead
  of most user-mode processes, but not of newly activated ones, Sec. 5.1).

Interarrival jitter therefore grows with the number of competitors, falls
with processor power (a faster processor is less often caught by the tick),
and is almost flat for the real-time class -- under these rules, which are
the ``binomial`` mechanism: each wake-up's wait is an independent draw, and
the probabilities ``ahead`` are chosen, not derived.

The ``timesharing`` mechanism (``Scheduler(mechanism="timesharing")``,
:func:`served`) replaces the draw by a schedule: the host's process is a
sleeper on the event-driven 4.3BSD scheduler of :mod:`mmperf.hosts.timesharing`
beside its counter processes, on ``Host.cpus`` processors. The jitter
chapter uses it; the quality chapter still uses ``binomial``.

References
----------
Claypool, Habermann & Riedl 1998, Secs. 4.1, 5.1. Leffler et al., *The
Design and Implementation of the 4.3BSD UNIX Operating System* (the paper's
[32]): 100 Hz clock, 100 ms round-robin quantum, decay-usage priorities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

import numpy as np
import pandas as pd

from mmperf import _validate

SCHEDULING_CLASSES = ("default", "niced", "real-time")
"""Scheduling classes of the receiving process (Sec. 5.1)."""

MECHANISMS = ("binomial", "timesharing")
"""How a host's delays are made (:class:`Scheduler`)."""

TS_POLICIES = ("4.3bsd", "svr4")
"""Time-sharing policies of the ``timesharing`` mechanism (:data:`mmperf.hosts.timesharing.KINDS`)."""

NICED = -19
"""The niced class's ``nice`` value: the paper's ``setpriority(-19)`` (Sec. 5.1)."""



def check_class(sched_class: str) -> str:
    """Return ``sched_class`` if it is a known scheduling class, else raise ValueError."""
    if sched_class not in SCHEDULING_CLASSES:
        raise ValueError(f"sched_class must be one of {SCHEDULING_CLASSES}, got {sched_class!r}")
    return sched_class


@dataclass(frozen=True)
class Scheduler:
    """Parameters of the time-sharing quantum scheduler.

    Parameters
    ----------
    tick_us : float, default 10,000
        Clock tick (4.3BSD/SunOS ``hz = 100``).
    quantum_us : float, default 100,000
        Time-sharing quantum a demoted process waits per competitor ahead of
        it (4.3BSD ``roundrobin`` every 100 ms).
    work_spec_us : float, default 42,000
        Mean CPU work to take in and time-stamp one datagram, in
        microseconds on a SPECint92 = 1 processor (so 4.9 ms on an SLC,
        0.66 ms on a Sparc 5). The one calibrated parameter of the host
        model (see :mod:`mmperf.experiments.claypool1998`).
    work_shape : float, default 1
        Gamma shape of the per-datagram work (1: exponential).
    ahead : mapping, default {'default': 0.5, 'niced': 0.05, 'real-time': 0}
        Probability that one competitor is ahead of a demoted process (``binomial`` mechanism only).
    mechanism : {'binomial', 'timesharing'}, default 'binomial'
        How a host's delays are made: ``binomial`` draws each wake-up's wait independently (the
        rules above, one processor); ``timesharing`` runs the host's processes on the event-driven
        4.3BSD scheduler of :mod:`mmperf.hosts.timesharing` (clock ``1 / tick_us``, round-robin every
        ``quantum_us``, decay-usage priorities, wake-up preemption, ``Host.cpus`` processors), so the
        delays come out of one schedule, correlated from datagram to datagram; ``ahead`` and
        ``Host.background`` are not used there.
    kernel_share : float, default 0.3
        Share of each wake-up's work done in the kernel at the sleep priority (``timesharing`` only; assumed).
    ts_policy : {'4.3bsd', 'svr4'}, default '4.3bsd'
        The time-sharing policy of the ``timesharing`` mechanism (:data:`mmperf.hosts.timesharing.KINDS`):
        4.3BSD decay usage, or the SVR4 TS class with the default SunOS 5 dispatch table (clock
        ``1 / tick_us``; ``quantum_us`` is then not used: the table gives the quanta). A
        :class:`Host` may override it (``Host.ts_policy``).

    Raises
    ------
    ValueError
        If a time or probability is out of range, or ``ahead`` lacks a class.
    """

    tick_us: float = 10_000.0
    quantum_us: float = 100_000.0
    work_spec_us: float = 42_000.0
    work_shape: float = 1.0
    ahead: Mapping[str, float] = field(
        default_factory=lambda: MappingProxyType({"default": 0.5, "niced": 0.05, "real-time": 0.0})
    )
    mechanism: str = "binomial"
    kernel_share: float = 0.3
    ts_policy: str = "4.3bsd"

    def __post_init__(self):
        for name in ("tick_us", "quantum_us", "work_spec_us", "work_shape"):
            _validate.positive(getattr(self, name), name)
        missing = [c for c in SCHEDULING_CLASSES if c not in self.ahead]
        if missing:
            raise ValueError(f"ahead must give a probability for every class, missing {missing}")
        for c, p in self.ahead.items():
            if not 0 <= float(p) <= 1:
                raise ValueError(f"ahead[{c!r}] must be a probability in [0, 1], got {p!r}")
        object.__setattr__(self, "ahead", MappingProxyType(dict(self.ahead)))
        _validate.one_of(self.mechanism, "mechanism", MECHANISMS)
        if not 0 <= float(self.kernel_share) <= 1:
            raise ValueError(f"kernel_share must be a fraction in [0, 1], got {self.kernel_share!r}")
        _validate.one_of(self.ts_policy, "ts_policy", TS_POLICIES)
        if self.mechanism == "timesharing":
            self.policy()  # whole ticks per second and per quantum

    def __reduce__(self):  # a read-only mapping does not pickle: rebuild it (runs across processes)
        return (Scheduler, (self.tick_us, self.quantum_us, self.work_spec_us, self.work_shape, dict(self.ahead),
                            self.mechanism, self.kernel_share, self.ts_policy))

    def policy(self, kind: str | None = None):
        """The event-driven scheduler's constants (:class:`mmperf.hosts.timesharing.Policy`) for this clock and quantum.

        ``kind`` overrides ``ts_policy`` (a host's own policy).
        """
        from mmperf.hosts.timesharing import Policy

        hz, q = 1e6 / self.tick_us, self.quantum_us / self.tick_us
        if abs(hz - round(hz)) > 1e-9 or abs(q - round(q)) > 1e-9:
            raise ValueError(f"the timesharing mechanism needs whole ticks per second and per quantum, "
                             f"got tick_us={self.tick_us!r}, quantum_us={self.quantum_us!r}")
        return Policy(hz=int(round(hz)), quantum_ticks=int(round(q)), kind=self.ts_policy if kind is None else kind)


@dataclass(frozen=True)
class Host:
    """A workstation: its processor power, its load and the stream process's class.

    Parameters
    ----------
    name : str
        Label, e.g. ``"SLC"``.
    specint92 : float
        Processor power as SPECint92 (Table 3: SLC 8.6, IPC 13.8, IPX 21.8, Sparc 5 64.0).
    hogs : int, default 0
        Number of CPU-bound counter processes (Sec. 4.1).
    background : float, default 0
        Mean number of other runnable processes at a random instant (multi-user daemons,
        other users); 0 in single-user mode.
    sched_class : {'default', 'niced', 'real-time'}, default 'default'
        Scheduling class of the stream's process (Sec. 5.1).
    background_run_us : float, optional
        CPU time a background process holds once dispatched ahead of the
        stream's process (default: a full quantum, as a CPU-bound process
        does). Short-burst processes, such as the other streams of a
        videoconference, hold it only for their own work.
    cpus : int, default 1
        Processors sharing the run queue (the ``timesharing`` mechanism; the SGI Challenge L of
        the paper's Sec. 6: 4). The ``binomial`` mechanism models one processor.
    ts_policy : {'4.3bsd', 'svr4'}, optional
        The host's time-sharing policy (``timesharing`` mechanism), overriding ``Scheduler.ts_policy``
        (e.g. the SGI's IRIX beside SunOS 5 Suns).

    Raises
    ------
    ValueError
        For a non-positive power, a negative load or an unknown class.
    """

    name: str
    specint92: float
    hogs: int = 0
    background: float = 0.0
    sched_class: str = "default"
    background_run_us: float | None = None
    cpus: int = 1
    ts_policy: str | None = None

    def __post_init__(self):
        _validate.positive(self.specint92, "specint92")
        if isinstance(self.hogs, bool) or not isinstance(self.hogs, (int, np.integer)) or self.hogs < 0:
            raise ValueError(f"hogs (the number of CPU-bound processes, the load) must be an int >= 0, got {self.hogs!r}")
        _validate.non_negative(self.background, "background")
        check_class(self.sched_class)
        if self.ts_policy is not None:
            _validate.one_of(self.ts_policy, "ts_policy", TS_POLICIES)
        if self.background_run_us is not None:
            _validate.positive(self.background_run_us, "background_run_us")
        _validate.whole(self.cpus, "cpus", minimum=1)


def handling_delays(n: int, *, host: Host, scheduler: Scheduler = Scheduler(),
                    rng: np.random.Generator) -> pd.DataFrame:
    """Draw, for ``n`` wake-ups, the CPU work and the delay until the work is done.

    Parameters
    ----------
    n : int
        Number of wake-ups (datagrams).
    host : Host
        The host and the class of the process woken.
    scheduler : Scheduler, optional
        Scheduler parameters.
    rng : numpy.random.Generator
        Source of randomness (from :func:`mmperf.seeds.rng`).

    Returns
    -------
    pandas.DataFrame
        Columns ``work_us`` (CPU time needed), ``competitors`` (runnable
        competitors at the wake-up), ``demoted`` (bool: caught by the clock
        tick), ``ahead`` (competitors that ran a quantum first) and
        ``delay_us`` (from wake-up until the work is done).

    Raises
    ------
    ValueError
        If ``n`` is negative.

    References
    ----------
    Claypool, Habermann & Riedl 1998, Secs. 4.1 and 5.1.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> d = handling_delays(1000, host=Host("RT", 21.8, hogs=6, sched_class="real-time"), rng=rng("doc"))
    >>> bool((d["delay_us"] == d["work_us"]).all())
    True
    """
    return pd.DataFrame(_handling(n, host=host, scheduler=scheduler, rng=rng))


def _handling(n: int, *, host: Host, scheduler: Scheduler, rng: np.random.Generator) -> dict:
    """:func:`handling_delays` as a dict of arrays (no DataFrame overhead in the generator's inner loop)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    _validate.size(12 * int(n), "12 * n (the packets' per-packet arrays)")
    mean_work = mean_work_us(host.specint92, scheduler=scheduler)
    work = rng.gamma(scheduler.work_shape, mean_work / scheduler.work_shape, size=n)
    others = rng.poisson(host.background, size=n) if host.background > 0 else np.zeros(n, dtype=int)
    competitors = host.hogs + others
    tick_left = rng.uniform(0.0, scheduler.tick_us, size=n)
    p = scheduler.ahead[host.sched_class]
    timeshare = host.sched_class != "real-time"
    demoted = timeshare & (competitors > 0) & (work > tick_left)
    if host.background_run_us is None:  # every competitor holds the CPU for a quantum
        ahead = np.where(demoted, rng.binomial(competitors, p), 0)
        delay = work + ahead * scheduler.quantum_us
    else:
        ahead_hogs = np.where(demoted, rng.binomial(host.hogs, p, size=n), 0)
        ahead_others = np.where(demoted, rng.binomial(others, p), 0)
        ahead = ahead_hogs + ahead_others
        delay = work + ahead_hogs * scheduler.quantum_us + ahead_others * host.background_run_us
    return {"work_us": work, "competitors": competitors, "demoted": demoted, "ahead": ahead, "delay_us": delay}


def served(ready_us: np.ndarray, *, host: Host, scheduler: Scheduler, rng: np.random.Generator) -> dict:
    """When the host's process has done the work of each job ready at ``ready_us`` (first in, first out).

    With the ``binomial`` mechanism each job's wait is drawn by :func:`handling_delays` and the
    jobs queue behind each other (``fifo``); with ``timesharing`` the process is a sleeper woken
    by each job on :func:`mmperf.hosts.timesharing.serve`, beside ``host.hogs`` counter processes
    on ``host.cpus`` processors, in the host's class (niced: ``nice`` -19; real-time: the
    real-time class).

    Returns
    -------
    dict
        ``work_us`` (CPU work per job) and ``done_us`` (when it was done).
    """
    from mmperf.media.periodic import fifo

    ready_us = np.asarray(ready_us, dtype=float)
    n = ready_us.size
    if scheduler.mechanism == "binomial":
        h = _handling(n, host=host, scheduler=scheduler, rng=rng)
        return {"work_us": h["work_us"], "done_us": fifo(ready_us + h["delay_us"], h["work_us"])}
    from mmperf.hosts import timesharing

    mean_work = mean_work_us(host.specint92, scheduler=scheduler)
    work = rng.gamma(scheduler.work_shape, mean_work / scheduler.work_shape, size=n)
    _, done = timesharing.serve(ready_us, scheduler.kernel_share * work, (1 - scheduler.kernel_share) * work,
                                hogs=host.hogs, cpus=host.cpus, nice=NICED if host.sched_class == "niced" else 0,
                                realtime=host.sched_class == "real-time", policy=scheduler.policy(host.ts_policy))
    return {"work_us": work, "done_us": done}


def mean_work_us(specint92: float, *, scheduler: Scheduler = Scheduler()) -> float:
    """Mean CPU time to take in one datagram on a ``specint92`` processor, in microseconds.

    Examples
    --------
    >>> round(mean_work_us(64.0), 1)
    656.2
    """
    _validate.positive(specint92, "specint92")
    return scheduler.work_spec_us / specint92


def load_average(*, hogs: int, background: float, duration_s: float, rng: np.random.Generator,
                 before: float | None = None, sample_s: float = 5.0, window_s: float = 60.0) -> float:
    """The 1-minute load average as ``w`` reports it at the end of a run.

    The kernel samples the number of runnable processes every ``sample_s``
    seconds and keeps an exponentially damped average,
    :math:`L \\leftarrow L e^{-5/60} + n (1 - e^{-5/60})`. The counter
    processes start with the run, so after a run of ``duration_s`` the
    reported load falls short of the number of counters by
    :math:`e^{-duration/60}` of the difference.

    Parameters
    ----------
    hogs : int
        CPU-bound processes during the run.
    background : float
        Mean number of other runnable processes (Poisson at each sample).
    duration_s : float
        Run length in seconds.
    rng : numpy.random.Generator
        Source of randomness.
    before : float, optional
        Load average when the run starts (default: ``background``).
    sample_s, window_s : float
        Sampling interval and averaging window (5 s and 60 s in Unix).

    Returns
    -------
    float
        The reported load.

    Raises
    ------
    ValueError
        For a negative or non-finite load, a non-positive or non-finite duration,
        sampling interval or window.

    References
    ----------
    Claypool, Habermann & Riedl 1998, Sec. 4.2 (load "as reported by the Unix ``w`` command").
    """
    if isinstance(hogs, bool) or not isinstance(hogs, (int, np.integer)) or hogs < 0:
        raise ValueError(f"hogs must be an int >= 0, got {hogs!r}")
    _validate.non_negative(background, "background")
    _validate.positive(duration_s, "duration_s")
    sample_s = _validate.positive(sample_s, "sample_s")
    window_s = _validate.positive(window_s, "window_s")
    if before is not None:
        _validate.non_negative(before, "before")
    decay = np.exp(-sample_s / window_s)
    steps = _validate.size(int(duration_s // sample_s), "the load samples (duration_s / sample_s)")
    runnable = hogs + rng.poisson(background, size=steps)
    load = background if before is None else float(before)
    weights = decay ** np.arange(steps - 1, -1, -1)
    return float(load * decay**steps + (1 - decay) * np.dot(weights, runnable))
