"""A workstation's processor under CPU-bound load: the stream's process on the event-driven scheduler.

The model answers one question per datagram (or video frame): once it is in
the host, how long until the host's process has done its work on it and
time-stamped it? (The same model serves the sending process woken by its
interval timer.) The answer comes out of a schedule, not a fitted delay
distribution:

* The host runs ``hogs`` CPU-bound counter processes (the paper's "process
  that increments a long integer variable in a tight loop") on ``cpus``
  processors sharing one run queue.
* The process handling the stream is a *sleeper* on the event-driven
  time-sharing scheduler of :mod:`mmperf.hosts.timesharing` (4.3BSD decay
  usage, or SunOS 5's SVR4 TS class): each job wakes it, it runs the job's
  kernel part at the sleep priority and its user part at its own time-sharing
  priority, and sleeps again. Other sleepers (e.g. the other streams of a
  videoconference) may share the host in the same class.
* Each job needs ``work`` of CPU time, drawn from a gamma distribution whose
  mean is ``work_spec_us / specint92``: a faster processor does the same work
  in proportionally less time (the paper's Sec. 2.3 observation that
  execution times of application components scale inversely with SPEC
  results).
* The **niced** class is ``nice`` -19 (the paper's ``setpriority(-19)``), the
  **real-time** class runs before every time-sharing process (Sec. 5.1).

Consecutive jobs' delays are correlated through the schedule (a job arriving
while the process is still busy waits for it; priorities carry over).

References
----------
Claypool, Habermann & Riedl 1998, Secs. 4.1, 5.1. Leffler et al., *The
Design and Implementation of the 4.3BSD UNIX Operating System* (the paper's
[32]): 100 Hz clock, 100 ms round-robin quantum, decay-usage priorities.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from mmperf import _validate
from mmperf.hosts import timesharing
from mmperf.hosts.timesharing import Policy

__all__ = [
    "SCHEDULING_CLASSES", "TS_POLICIES", "NICED", "check_class", "Scheduler", "Host", "served",
    "mean_work_us", "load_average"
]

SCHEDULING_CLASSES = ("default", "niced", "real-time")
"""Scheduling classes of the receiving process (Sec. 5.1)."""

TS_POLICIES = ("4.3bsd", "svr4")
"""Time-sharing policies (:data:`mmperf.hosts.timesharing.KINDS`)."""

DISCIPLINES = ("timesharing", "fifo")
"""How a host serves its jobs: the event-driven time-sharing scheduler, or (an ablation) a FIFO server
without competing processes."""

NICED = -19
"""The niced class's ``nice`` value: the paper's ``setpriority(-19)`` (Sec. 5.1)."""



def check_class(sched_class: str) -> str:
    """Return ``sched_class`` if it is a known scheduling class, else raise ValueError.

    Parameters
    ----------
    sched_class : str
        The scheduling class of the receiving process, one of :data:`SCHEDULING_CLASSES`.

    Returns
    -------
    str
        ``sched_class``, unchanged.

    Raises
    ------
    ValueError
        If ``sched_class`` is not one of :data:`SCHEDULING_CLASSES`.
    """
    if sched_class not in SCHEDULING_CLASSES:
        raise ValueError(f"sched_class must be one of {SCHEDULING_CLASSES}, got {sched_class!r}")
    return sched_class


@dataclass(frozen=True)
class Scheduler:
    """Parameters of the hosts' event-driven scheduler and of the work per job.

    Parameters
    ----------
    tick_us : float, default 10,000
        Clock tick (4.3BSD/SunOS ``hz = 100``).
    quantum_us : float, default 100,000
        4.3BSD round-robin quantum (``roundrobin`` every 100 ms; not used by ``svr4``, whose
        dispatch table gives the quanta).
    work_spec_us : float, default 42,000
        Mean CPU work to take in and time-stamp one datagram, in
        microseconds on a SPECint92 = 1 processor (so 4.9 ms on an SLC,
        0.66 ms on a Sparc 5). Calibrated (see :mod:`mmperf.experiments.claypool1998`).
    work_shape : float, default 1
        Gamma shape of the per-job work (1: exponential).
    kernel_share : float, default 0.3
        Share of each wake-up's work done in the kernel at the sleep priority (assumed).
    ts_policy : {'4.3bsd', 'svr4'}, default '4.3bsd'
        The time-sharing policy (:data:`mmperf.hosts.timesharing.KINDS`): 4.3BSD decay usage, or the
        SVR4 TS class with the default SunOS 5 dispatch table (clock ``1 / tick_us``). A
        :class:`Host` may override it (``Host.ts_policy``).
    app_work_spec_us : float, default 0
        The receiving application's own user-mode CPU work per datagram before its time stamp
        (decoding, display), x SPECint92 [us], the same for every job; done by the process that
        receives a datagram stream (``served(..., app=True)``), on top of the work per datagram.
        0: a receiver that only takes the datagram in and time-stamps it.
    discipline : {'timesharing', 'fifo'}, default 'timesharing'
        ``'fifo'`` replaces the scheduler by a first-in first-out server without the counter
        processes (an ablation): every job, the stream's and the other sleepers', is served in
        arrival order on one processor at full speed, and ``hogs`` and the class are ignored.

    Raises
    ------
    ValueError
        If a time is not positive, ``kernel_share`` is not a fraction, the policy is unknown, or
        the clock and quantum are not whole ticks.
    """

    tick_us: float = 10_000.0
    quantum_us: float = 100_000.0
    work_spec_us: float = 42_000.0
    work_shape: float = 1.0
    kernel_share: float = 0.3
    ts_policy: str = "4.3bsd"
    app_work_spec_us: float = 0.0
    discipline: str = "timesharing"

    def __post_init__(self):
        for name in ("tick_us", "quantum_us", "work_spec_us", "work_shape"):
            _validate.positive(getattr(self, name), name)
        _validate.fraction(self.kernel_share, "kernel_share")
        _validate.non_negative(self.app_work_spec_us, "app_work_spec_us")
        _validate.one_of(self.discipline, "discipline", DISCIPLINES)
        _validate.one_of(self.ts_policy, "ts_policy", TS_POLICIES)
        self.policy()  # whole ticks per second and per quantum

    def policy(self, kind: str | None = None):
        """The event-driven scheduler's constants (:class:`mmperf.hosts.timesharing.Policy`) for this clock and quantum.

        ``kind`` overrides ``ts_policy`` (a host's own policy).
        """
        hz, q = 1e6 / self.tick_us, self.quantum_us / self.tick_us
        if q < 0.5 or hz < 0.5:
            raise ValueError(f"quantum_us must be at least one tick_us and tick_us at most 1 s, got tick_us="
                             f"{self.tick_us!r}, quantum_us={self.quantum_us!r}")
        if abs(hz - round(hz)) > 1e-9 or abs(q - round(q)) > 1e-9:
            raise ValueError(f"the scheduler needs whole ticks per second and per quantum, "
                             f"got tick_us={self.tick_us!r}, quantum_us={self.quantum_us!r}")
        return _policy(int(round(hz)), int(round(q)), self.ts_policy if kind is None else kind)


@lru_cache(maxsize=16)
def _policy(hz: int, quantum_ticks: int, kind: str):
    """One :class:`mmperf.hosts.timesharing.Policy` per clock, quantum and kind (it validates its table once)."""
    return Policy(hz=hz, quantum_ticks=quantum_ticks, kind=kind)


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
    sched_class : {'default', 'niced', 'real-time'}, default 'default'
        Scheduling class of the stream's process (Sec. 5.1).
    cpus : int, default 1
        Processors sharing the run queue (the SGI Challenge L of the paper's Sec. 6: 4).
    ts_policy : {'4.3bsd', 'svr4'}, optional
        The host's time-sharing policy, overriding ``Scheduler.ts_policy``
        (e.g. the SGI's IRIX beside SunOS 5 Suns).

    Raises
    ------
    ValueError
        For a non-positive power, a negative load, an unknown class or policy.
    """

    name: str
    specint92: float
    hogs: int = 0
    sched_class: str = "default"
    cpus: int = 1
    ts_policy: str | None = None

    def __post_init__(self):
        _validate.positive(self.specint92, "specint92")
        if isinstance(self.hogs, bool) or not isinstance(self.hogs, (int, np.integer)) or self.hogs < 0:
            raise ValueError(f"hogs (the number of CPU-bound processes, the load) must be an int >= 0, got {self.hogs!r}")
        check_class(self.sched_class)
        if self.ts_policy is not None:
            _validate.one_of(self.ts_policy, "ts_policy", TS_POLICIES)
        _validate.whole(self.cpus, "cpus", minimum=1)


def served(ready_us: np.ndarray, *, host: Host, scheduler: Scheduler, rng: np.random.Generator,
           work_spec_us: float | None = None, others=(), app: bool = False) -> dict:
    """When the host's process has done the work of each job ready at ``ready_us``.

    The process is a sleeper woken by each job on :func:`mmperf.hosts.timesharing.serve`, beside
    ``host.hogs`` counter processes on ``host.cpus`` processors, in the host's class (niced:
    ``nice`` -19; real-time: the real-time class), with the host's time-sharing policy.

    Parameters
    ----------
    ready_us : array_like of float
        When each job is ready (non-decreasing) [us].
    host : Host
        The receiving host: processor power, processors, counter processes, scheduling class.
    scheduler : Scheduler
        The scheduler's tick, quanta and policy, and the work per job.
    rng : numpy.random.Generator
        Draws the work per job (gamma, mean ``work_spec_us / host.specint92``, shape ``scheduler.work_shape``).
    work_spec_us : float, optional
        Mean work per job x SPECint92 [us] (default ``scheduler.work_spec_us``: a datagram; a video frame is more).
    others : sequence of array_like, optional
        Job arrival times [us] of further sleepers on the host, in the same class and with the same
        work per job (e.g. the other streams of a videoconference); an empty one is left out.
    app : bool, default False
        The process is the application receiving a datagram stream: each job also needs
        ``scheduler.app_work_spec_us / host.specint92`` of user-mode work before it is done
        (ignored when ``work_spec_us`` is given: a video frame's work already includes it).

    Returns
    -------
    dict
        ``work_us`` (CPU work per job) and ``done_us`` (when it was done).

    Raises
    ------
    RuntimeError
        If a job is not done by the end of the run (the run continues after the last job until
        every backlog could drain at a fair share beside the counters).

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> d = served(np.arange(5) * 1e5, host=Host("Sparc 5", 64.0, hogs=2), scheduler=Scheduler(), rng=rng("doc"))
    >>> bool(np.all(d["done_us"] - np.arange(5) * 1e5 >= d["work_us"] - 1e-6))
    True
    """
    ready_us = _validate.finite_array(ready_us, "ready_us", ndim=1)
    if (ready_us < 0).any() or (np.diff(ready_us) < 0).any():
        raise ValueError("ready_us must be >= 0 and non-decreasing")
    _validate.instance(host, "host", Host)
    _validate.instance(scheduler, "scheduler", Scheduler)
    _validate.instance(rng, "rng", np.random.Generator)
    if isinstance(others, (str, bytes)) or not hasattr(others, "__iter__"):
        raise TypeError(f"others must be a sequence of job-time arrays, got {type(others).__name__}: {others!r:.80}")
    others = [_validate.finite_array(o, f"others[{i}]", ndim=1, non_negative=True, allow_empty=True)
              for i, o in enumerate(others)]
    mean_work = mean_work_us(host.specint92, scheduler=scheduler) if work_spec_us is None else (
        _validate.positive(work_spec_us, "work_spec_us") / host.specint92)
    jobs_total = ready_us.size + sum(o.size for o in others)
    _validate.events((ready_us[-1] + 1e6 + (host.hogs + 2) * mean_work * jobs_total) / scheduler.tick_us,
                     "host.hogs, work_spec_us / specint92 and the jobs (the run's scheduler ticks)", what="ticks", limit=_validate.MAX_TICKS)
    k = scheduler.kernel_share

    def draw(n):
        return rng.gamma(scheduler.work_shape, mean_work / scheduler.work_shape, size=n)

    work = draw(ready_us.size)
    _validate.flag(app, "app")
    extra = scheduler.app_work_spec_us / host.specint92 if (app and work_spec_us is None) else 0.0
    jobs = []
    for o in others:
        o = np.asarray(o, dtype=float)
        o = o[o <= ready_us[-1]] if ready_us.size else o[:0]  # the run ends with the stream's last job
        if o.size:
            w = draw(o.size)
            jobs.append((o, k * w, (1 - k) * w))
    if scheduler.discipline == "fifo":
        return {"work_us": work + extra, "done_us": _fifo(ready_us, work + extra, jobs)}
    kw = dict(hogs=host.hogs, cpus=host.cpus, nice=NICED if host.sched_class == "niced" else 0,
              realtime=host.sched_class == "real-time", policy=scheduler.policy(host.ts_policy), others=jobs)
    # the run goes on one second after the last job; if a backlog is left, it is run again long enough
    # for every backlog to drain even if the sleepers together got only a fair share of one process
    user = (1 - k) * work + extra
    _, done = timesharing.serve(ready_us, k * work, user, **kw)
    if np.isnan(done).any():
        total = float(work.sum() + ready_us.size * extra + sum(j[1].sum() + j[2].sum() for j in jobs))
        _, done = timesharing.serve(ready_us, k * work, user, tail_us=1e6 + (host.hogs + 1) * total, **kw)
    if np.isnan(done).any():
        raise RuntimeError(f"served: {int(np.isnan(done).sum())} jobs on host {host.name!r} not done by the end of the run")
    return {"work_us": work + extra, "done_us": done}


def _fifo(ready_us: np.ndarray, work_us: np.ndarray, others) -> np.ndarray:
    """When each of the stream's jobs is done on a FIFO server that also serves ``others``' jobs."""
    n = ready_us.size
    arr = np.concatenate([ready_us] + [o[0] for o in others])
    svc = np.concatenate([work_us] + [o[1] + o[2] for o in others])
    order = np.argsort(arr, kind="stable")
    c = np.cumsum(svc[order])  # done_i = max over j <= i of (arrival_j + the work of jobs j..i)
    done = np.empty_like(arr)
    done[order] = np.maximum.accumulate(arr[order] - (c - svc[order])) + c
    return done[:n]


def mean_work_us(specint92: float, *, scheduler: Scheduler = Scheduler()) -> float:
    """Mean CPU time to take in one datagram on a ``specint92`` processor, in microseconds.

    Parameters
    ----------
    specint92 : float
        The processor's SPECint92 rating (> 0).
    scheduler : Scheduler, default Scheduler()
        Gives the work on a SPECint92 = 1 processor, ``work_spec_us``.

    Returns
    -------
    float
        ``scheduler.work_spec_us / specint92`` [us].

    Raises
    ------
    TypeError, ValueError
        If ``specint92`` is not a finite number > 0 or ``scheduler`` not a :class:`Scheduler`.

    Examples
    --------
    >>> round(mean_work_us(64.0), 1)
    656.2
    """
    _validate.positive(specint92, "specint92")
    _validate.instance(scheduler, "scheduler", Scheduler)
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
    _validate.instance(rng, "rng", np.random.Generator)
    decay = np.exp(-sample_s / window_s)
    steps = _validate.size(int(duration_s // sample_s), "the load samples (duration_s / sample_s)")
    runnable = hogs + rng.poisson(background, size=steps)
    load = background if before is None else float(before)
    weights = decay ** np.arange(steps - 1, -1, -1)
    return float(load * decay**steps + (1 - decay) * np.dot(weights, runnable))
