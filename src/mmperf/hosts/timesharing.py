"""An event-driven time-sharing processor scheduler (4.3/4.4BSD style, as in SunOS 4 and IRIX).

Processes share ``cpus`` processors through one run queue. The scheduler is
the one the Claypool et al. paper's references describe (Leffler et al.,
*The Design and Implementation of the 4.3BSD UNIX Operating System*; the
paper's Sec. 5.1):

* a **clock** ticks ``hz`` times a second; the process running at a tick is
  charged one unit of recent CPU usage ``estcpu`` (at most 255);
* a time-sharing process in user mode has the priority
  ``usrpri = min(127, max(PUSER, PUSER + estcpu // 4 + 2 * nice))`` (lower is
  better), recomputed for the running process every ``recompute_ticks`` ticks
  and for every process once a second, when ``estcpu`` decays by
  ``2L / (2L + 1)`` with ``L`` the load average (the run-queue length damped
  over a minute): **decay-usage** priorities;
* every ``quantum_ticks`` ticks (``roundrobin``) a running time-sharing
  process yields to a ready process of the same or a better run queue (the
  32 queues hold four priorities each);
* a process woken from an I/O sleep (a datagram arrived) runs its **kernel
  part** at the sleep priority ``wake_pri``, better than any user-mode
  priority whatever its ``nice``, and **preempts** a worse running process at
  once (wake-up preemption); back in user mode it competes at its own
  ``usrpri``;
* a **real-time** process runs before every time-sharing process and is never
  demoted.

A second policy, ``Policy(kind="svr4")``, is the **SVR4 time-sharing class** of
SunOS 5 (Solaris 2), the scheduler of the paper's Suns (SunOS 5.4): no decay
usage but a dispatch table ``ts_dptbl`` of 60 levels (higher is better). A
process at level ``L`` runs for ``ts_quantum[L]``; when it uses the quantum up
it drops to ``ts_tqexp[L]``; when it wakes from a sleep it gets
``ts_slpret[L]``; when it has waited on the run queue for more than
``ts_maxwait[L]`` seconds (counted once a second) it is raised to
``ts_lwait[L]``. ``nice`` becomes the user priority adjustment ``ts_upri =
-nice`` added to the level (clipped to 0..59: nice -19 raises by 19); the
kernel part of a woken process runs in the SYS class (above every TS level);
the real-time class runs above both; a ready process of a strictly higher
priority preempts a running one. The default table is :data:`TS_DPTBL`. See
:mod:`mmperf.hosts._svr4_core`.

Two kinds of processes: a *hog* is always runnable (the paper's counter
processes, "a process that increments a long integer variable in a tight
loop"); a *sleeper* sleeps until a job arrives (a datagram for the receiving
process, an event for a daemon), runs the job's kernel then user work, and
sleeps again when no job is waiting. The delay of a job, from its arrival to
the end of its work, is what the receiving process's time stamp sees: the
jitter of a stream comes out of the schedule, correlated from one datagram to
the next, not from a per-datagram draw.

References
----------
Claypool, Habermann & Riedl 1998, Secs. 4.1 and 5.1. Leffler, McKusick, Karels &
Quarterman (1989), *The Design and Implementation of the 4.3BSD UNIX Operating
System*, ch. 4.4 (process scheduling). McKusick et al. (1996), *4.4BSD*, ch. 4.4.
Goodheart & Cox (1994), *The Magic Garden Explained* (SVR4), ch. 4; Sun Microsystems,
*System Administration Guide* (Solaris 2.6, part 802-5750), "Timesharing Parameter
Table" (``dispadmin -c TS -g``), https://docs.oracle.com/cd/E19504-01/802-5750/spschedapp-76757/index.html.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts import _svr4_core
from mmperf.hosts import _timesharing_core as _core

__all__ = ["Policy", "Process", "Schedule", "simulate", "serve", "TS_DPTBL", "KINDS"]

KINDS = ("4.3bsd", "svr4")
"""The time-sharing policies: 4.3BSD decay usage, the SVR4 TS class."""

TS_DPTBL = (
    # ts_quantum [ms], ts_tqexp, ts_slpret, ts_maxwait [s], ts_lwait   # level
    (200,  0, 50,     0, 50),  #  0
    (200,  0, 50,     0, 50),  #  1
    (200,  0, 50,     0, 50),  #  2
    (200,  0, 50,     0, 50),  #  3
    (200,  0, 50,     0, 50),  #  4
    (200,  0, 50,     0, 50),  #  5
    (200,  0, 50,     0, 50),  #  6
    (200,  0, 50,     0, 50),  #  7
    (200,  0, 50,     0, 50),  #  8
    (200,  0, 50,     0, 50),  #  9
    (160,  0, 51,     0, 51),  # 10
    (160,  1, 51,     0, 51),  # 11
    (160,  2, 51,     0, 51),  # 12
    (160,  3, 51,     0, 51),  # 13
    (160,  4, 51,     0, 51),  # 14
    (160,  5, 51,     0, 51),  # 15
    (160,  6, 51,     0, 51),  # 16
    (160,  7, 51,     0, 51),  # 17
    (160,  8, 51,     0, 51),  # 18
    (160,  9, 51,     0, 51),  # 19
    (120, 10, 52,     0, 52),  # 20
    (120, 11, 52,     0, 52),  # 21
    (120, 12, 52,     0, 52),  # 22
    (120, 13, 52,     0, 52),  # 23
    (120, 14, 52,     0, 52),  # 24
    (120, 15, 52,     0, 52),  # 25
    (120, 16, 52,     0, 52),  # 26
    (120, 17, 52,     0, 52),  # 27
    (120, 18, 52,     0, 52),  # 28
    (120, 19, 52,     0, 52),  # 29
    ( 80, 20, 53,     0, 53),  # 30
    ( 80, 21, 53,     0, 53),  # 31
    ( 80, 22, 53,     0, 53),  # 32
    ( 80, 23, 53,     0, 53),  # 33
    ( 80, 24, 53,     0, 53),  # 34
    ( 80, 25, 54,     0, 54),  # 35
    ( 80, 26, 54,     0, 54),  # 36
    ( 80, 27, 54,     0, 54),  # 37
    ( 80, 28, 54,     0, 54),  # 38
    ( 80, 29, 54,     0, 54),  # 39
    ( 40, 30, 55,     0, 55),  # 40
    ( 40, 31, 55,     0, 55),  # 41
    ( 40, 32, 55,     0, 55),  # 42
    ( 40, 33, 55,     0, 55),  # 43
    ( 40, 34, 55,     0, 55),  # 44
    ( 40, 35, 56,     0, 56),  # 45
    ( 40, 36, 57,     0, 57),  # 46
    ( 40, 37, 58,     0, 58),  # 47
    ( 40, 38, 58,     0, 58),  # 48
    ( 40, 39, 58,     0, 59),  # 49
    ( 40, 40, 58,     0, 59),  # 50
    ( 40, 41, 58,     0, 59),  # 51
    ( 40, 42, 58,     0, 59),  # 52
    ( 40, 43, 58,     0, 59),  # 53
    ( 40, 44, 58,     0, 59),  # 54
    ( 40, 45, 58,     0, 59),  # 55
    ( 40, 46, 58,     0, 59),  # 56
    ( 40, 47, 58,     0, 59),  # 57
    ( 40, 48, 58,     0, 59),  # 58
    ( 20, 49, 59, 32000, 59),  # 59
)
"""The default SunOS 5 (Solaris 2.x) time-sharing dispatch table, as ``dispadmin -c TS -g`` prints it
(RES=1000: quanta in milliseconds), transcribed from Sun's *System Administration Guide* (Solaris 2.6,
802-5750, "Timesharing Parameter Table"; /kernel/sched/TS_DPTBL). Assumed to be the table of the
paper's SunOS 5.4 (Solaris 2.4) too: the guide gives it as the default of the release, and the 60-level
table with these quanta (200 ms at 0 down to 20 ms at 59) is the one of Solaris 2 generally."""


@dataclass(frozen=True)
class Policy:
    """The scheduler's constants (4.3BSD defaults).

    Parameters
    ----------
    hz : int, default 100
        Clock ticks per second.
    quantum_ticks : int, default 10
        Ticks between round-robin switches (100 ms).
    recompute_ticks : int, default 4
        Ticks between recomputations of the running process's user priority.
    puser : int, default 50
        Best user-mode priority (``PUSER``).
    wake_pri : int, default 24
        Priority of a process woken from a socket wait (``PSOCK``), kept for its kernel part.
    fixed_load : float, optional
        Use this load average in the usage decay instead of measuring it (for closed-form checks).
    kind : {'4.3bsd', 'svr4'}, default '4.3bsd'
        The time-sharing policy: 4.3BSD decay usage (the constants above), or the SVR4 TS class
        driven by ``ts_dptbl`` (``quantum_ticks``, ``recompute_ticks``, ``puser``, ``wake_pri`` and
        ``fixed_load`` are then not used).
    ts_dptbl : tuple of 60 (ts_quantum ms, ts_tqexp, ts_slpret, ts_maxwait s, ts_lwait), default TS_DPTBL
        The SVR4 dispatch table (``svr4`` only).
    ts_start_level : int, default 29
        The TS level every process starts at (``svr4`` only; a forked process inherits its parent's).

    Raises
    ------
    ValueError
        If a count is not a whole number >= 1, ``wake_pri`` is not better than ``puser``,
        or ``fixed_load`` is negative or not finite, or the kind or the dispatch table is invalid.
    """

    hz: int = 100
    quantum_ticks: int = 10
    recompute_ticks: int = 4
    puser: int = 50
    wake_pri: int = 24
    fixed_load: float | None = None
    kind: str = "4.3bsd"
    ts_dptbl: tuple = TS_DPTBL
    ts_start_level: int = 29

    def __post_init__(self):
        _validate.one_of(self.kind, "kind", KINDS)
        rows = self.ts_dptbl
        if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__") or any(
                isinstance(row, (str, bytes)) or not hasattr(row, "__iter__") for row in rows):
            raise TypeError(f"ts_dptbl must be rows of 5 whole numbers, got {rows!r:.80}")
        for row in rows:
            _validate.whole_array(row, "ts_dptbl (each row)", allow_empty=True)
        tbl = tuple(tuple(int(v) for v in row) for row in self.ts_dptbl)
        if len(tbl) < 1 or any(len(r) != 5 for r in tbl):
            raise ValueError("ts_dptbl must hold rows of 5 values (ts_quantum, ts_tqexp, ts_slpret, ts_maxwait, ts_lwait)")
        nlev = len(tbl)
        for lev, (q, tq, sl, mw, lw) in enumerate(tbl):
            if q <= 0 or mw < 0 or not all(0 <= x < nlev for x in (tq, sl, lw)):
                raise ValueError(f"ts_dptbl level {lev}: quantum must be > 0, maxwait >= 0, levels in 0..{nlev - 1}")
        object.__setattr__(self, "ts_dptbl", tbl)
        _validate.whole(self.ts_start_level, "ts_start_level", minimum=0)
        if self.ts_start_level >= nlev:
            raise ValueError(f"ts_start_level must be < {nlev}, got {self.ts_start_level!r}")
        for name in ("hz", "quantum_ticks", "recompute_ticks", "puser"):
            _validate.whole(getattr(self, name), name, minimum=1)
        _validate.whole(self.wake_pri, "wake_pri", minimum=0)
        if self.wake_pri >= self.puser:
            raise ValueError(f"wake_pri must be better (lower) than puser={self.puser}, got {self.wake_pri!r}")
        if self.fixed_load is not None:
            _validate.non_negative(self.fixed_load, "fixed_load")

    @property
    def tick_us(self) -> float:
        """Length of a clock tick [µs]."""
        return 1e6 / self.hz

    @property
    def quantum_us(self) -> float:
        """Length of a round-robin quantum [µs]."""
        return self.quantum_ticks * self.tick_us

    def ts_arrays(self):
        """The dispatch table as arrays: quantum [ticks, rounded up, >= 1], tqexp, slpret, maxwait [s], lwait."""
        a = np.array(self.ts_dptbl, dtype=np.int64).reshape(-1, 5)
        tick_ms = 1e3 / self.hz
        quantum = np.maximum(1, np.ceil(a[:, 0] / tick_ms - 1e-9)).astype(np.int64)
        return quantum, a[:, 1].copy(), a[:, 2].copy(), a[:, 3].copy(), a[:, 4].copy()


@dataclass(frozen=True)
class Process:
    """One process on the scheduler.

    Parameters
    ----------
    name : str
        Label (unique within a run).
    kind : {'hog', 'sleeper'}
        Always runnable, or woken by its jobs.
    nice : int, default 0
        ``nice`` value, -20 .. 19 (the paper's niced receiver: -19).
    realtime : bool, default False
        In the real-time class (before every time-sharing process).
    arrivals_us : array_like of float, optional
        A sleeper's job arrival times [µs], non-decreasing.
    kernel_us, user_us : array_like of float, optional
        A sleeper's CPU work per job in kernel mode (at the wake priority) and then in user mode [µs].

    Raises
    ------
    ValueError
        On an unknown kind, a nice value out of range, a hog with jobs, a sleeper whose job
        arrays differ in length, or negative, unordered or non-finite times.
    """

    name: str
    kind: str
    nice: int = 0
    realtime: bool = False
    arrivals_us: tuple = ()
    kernel_us: tuple = ()
    user_us: tuple = ()

    def __post_init__(self):
        _validate.one_of(self.kind, "kind", ("hog", "sleeper"))
        _validate.whole(self.nice, "nice", minimum=-20)
        if self.nice > 19:
            raise ValueError(f"nice must be in -20..19, got {self.nice!r}")
        if not isinstance(self.realtime, (bool, np.bool_)):
            raise TypeError(f"realtime must be a bool, got {self.realtime!r}")
        arr = _validate.finite_array(self.arrivals_us, "arrivals_us", ndim=1, allow_empty=True)
        ker = _validate.finite_array(self.kernel_us, "kernel_us", ndim=1, allow_empty=True)
        usr = _validate.finite_array(self.user_us, "user_us", ndim=1, allow_empty=True)
        if self.kind == "hog" and (arr.size or ker.size or usr.size):
            raise ValueError(f"process {self.name!r}: a hog has no jobs (arrivals_us, kernel_us, user_us must be empty)")
        if not (arr.size == ker.size == usr.size):
            raise ValueError(f"process {self.name!r}: arrivals_us, kernel_us and user_us must have one entry per job, "
                             f"got {arr.size}, {ker.size}, {usr.size}")
        if arr.size and (np.any(arr < 0) or np.any(np.diff(arr) < 0)):
            raise ValueError(f"process {self.name!r}: arrivals_us must be >= 0 and non-decreasing")
        if np.any(ker < 0) or np.any(usr < 0) or np.any(ker + usr <= 0):
            raise ValueError(f"process {self.name!r}: kernel_us and user_us must be >= 0 with a positive sum per job")
        for name, a in (("arrivals_us", arr), ("kernel_us", ker), ("user_us", usr)):
            object.__setattr__(self, name, tuple(float(x) for x in a))


@dataclass(frozen=True)
class Schedule:
    """What one run of the scheduler did.

    Parameters
    ----------
    jobs : pandas.DataFrame
        One row per job: ``process``, ``job``, ``arrival_us``, ``start_us`` (first run),
        ``finish_us`` and ``delay_us`` (finish - arrival; NaN if unfinished at the end).
    cpu : pandas.DataFrame
        One row per process: ``process``, ``cpu_us`` (CPU time received), ``share`` of the run and
        ``ts_level`` (the SVR4 TS level ``cpupri`` at the end; -1 under 4.3BSD).
    trace : pandas.DataFrame
        Who ran when: ``cpu``, ``process``, ``start_us``, ``end_us`` (the first ``trace_cap`` segments).
    duration_us : float
        Length of the run.
    """

    jobs: pd.DataFrame
    cpu: pd.DataFrame
    trace: pd.DataFrame
    duration_us: float


def simulate(processes, *, duration_us: float, cpus: int = 1, policy: Policy = Policy(),
             trace_cap: int = 100_000) -> Schedule:
    """Run ``processes`` on ``cpus`` processors for ``duration_us`` microseconds.

    Parameters
    ----------
    processes : sequence of Process
        The processes (hogs are runnable from time 0; sleepers wake at their jobs).
    duration_us : float
        Length of the run [µs].
    cpus : int, default 1
        Processors sharing the one run queue (the SGI Challenge L of the paper: 4).
    policy : Policy, optional
        The scheduler's constants.
    trace_cap : int, default 100,000
        Segments of the trace kept.

    Returns
    -------
    Schedule
        Jobs with their delays, CPU shares, and the trace.

    Raises
    ------
    ValueError
        If ``processes`` is empty or has duplicate names, ``duration_us`` is not positive and
        finite, ``cpus`` or ``trace_cap`` is not a whole number >= 1; TypeError if a process is
        not a :class:`Process` or ``policy`` not a :class:`Policy`.

    References
    ----------
    Claypool, Habermann & Riedl 1998, Sec. 5.1; Leffler et al. (1989), ch. 4.4.

    Examples
    --------
    Three CPU-bound processes on one processor share it in thirds:

    >>> s = simulate([Process(f"hog{i}", "hog") for i in range(3)], duration_us=300e6)
    >>> s.cpu["share"].round(2).tolist()
    [0.33, 0.33, 0.33]

    Under the SVR4 TS class a lone CPU hog sinks from level 29 to the bottom (ts_tqexp 29 -> 19 -> 9 -> 0):

    >>> int(simulate([Process("hog", "hog")], duration_us=3e6, policy=Policy(kind="svr4")).cpu["ts_level"].iloc[0])
    0

    A woken process's kernel part preempts a hog at once:

    >>> rx = Process("rx", "sleeper", arrivals_us=(1e6 + 7,), kernel_us=(100.0,), user_us=(0.0,))
    >>> float(simulate([Process("hog", "hog"), rx], duration_us=2e6).jobs["delay_us"].iloc[0])
    100.0
    """
    processes = _validate.items(processes, "processes", Process)
    names = [p.name for p in processes]
    if len(set(names)) != len(names):
        raise ValueError(f"process names must be unique, got {names}")
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be a Policy, got {type(policy).__name__}")
    duration_us = _validate.positive(duration_us, "duration_us")
    _validate.whole(cpus, "cpus", minimum=1)
    _validate.whole(trace_cap, "trace_cap", minimum=1)
    _validate.size(4 * trace_cap, "trace_cap (the trace's rows)")
    _validate.size(16 * (cpus + len(processes)), "cpus (the per-processor state)")
    _validate.size(int(duration_us / policy.tick_us) + sum(len(p.arrivals_us) for p in processes),
                   "duration_us / tick (the events of the run)")
    counts = np.array([len(p.arrivals_us) for p in processes], dtype=np.int64)
    cat = lambda attr: np.array([x for p in processes for x in getattr(p, attr)], dtype=np.float64)  # noqa: E731
    job_time, job_kernel, job_user = cat("arrivals_us"), cat("kernel_us"), cat("user_us")
    start, finish, cpu_time, trace, truncated, level = _run(
        duration_us, cpus, policy, trace_cap, hog=[p.kind == "hog" for p in processes],
        rt=[bool(p.realtime) for p in processes], nice=[p.nice for p in processes], counts=counts,
        job_time=job_time, job_kernel=job_kernel, job_user=job_user)
    owner = np.repeat(np.arange(len(processes)), counts)
    finish = np.where(finish < 0, np.nan, finish)
    jobs = pd.DataFrame({
        "process": [names[i] for i in owner],
        "job": np.concatenate([np.arange(c) for c in counts]) if len(counts) else np.zeros(0, int),
        "arrival_us": job_time, "start_us": np.where(start < 0, np.nan, start), "finish_us": finish,
        "delay_us": finish - job_time,
    })
    cpu = pd.DataFrame({"process": names, "cpu_us": cpu_time, "share": cpu_time / (cpus * duration_us),
                        "ts_level": level})
    tr = pd.DataFrame({"cpu": trace[:, 0].astype(int), "process": [names[int(i)] for i in trace[:, 1]],
                       "start_us": trace[:, 2], "end_us": trace[:, 3]})
    _check_books(jobs, cpu, tr, duration_us=duration_us, cpus=cpus, truncated=truncated)
    return Schedule(jobs=jobs, cpu=cpu, trace=tr, duration_us=float(duration_us))


def _run(duration_us, cpus, policy, trace_cap, *, hog, rt, nice, counts, job_time, job_kernel, job_user):
    """Pack the processes' arrays and run the compiled event loop (both entry points share it)."""
    starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    procs = _core.Procs(np.asarray(hog, dtype=np.bool_), np.asarray(rt, dtype=np.bool_), np.asarray(nice, dtype=np.int64),
                        starts, job_time, job_kernel, job_user, np.argsort(job_time, kind="stable").astype(np.int64))
    if policy.kind == "svr4":
        return _svr4_core.run_svr4(float(duration_us), int(cpus), procs, _svr4_table(policy), int(trace_cap))
    clock = _core.BsdClock(policy.tick_us, policy.quantum_ticks, policy.recompute_ticks, policy.hz, policy.puser,
                           policy.wake_pri, -1.0 if policy.fixed_load is None else float(policy.fixed_load))
    return (*_core.run_core(float(duration_us), int(cpus), procs, clock, int(trace_cap)),
            np.full(len(hog), -1, np.int64))


@lru_cache(maxsize=16)
def _svr4_table(policy: Policy) -> _svr4_core.Svr4Table:
    """The clock and dispatch table of an SVR4 policy as the event loop takes them (built once per policy)."""
    quantum, tqexp, slpret, maxwait, lwait = policy.ts_arrays()
    return _svr4_core.Svr4Table(policy.tick_us, policy.hz, quantum, tqexp, slpret, maxwait, lwait,
                                int(policy.ts_start_level))


def serve(arrivals_us, kernel_us, user_us, *, hogs: int = 0, cpus: int = 1, nice: int = 0, realtime: bool = False,
          policy: Policy = Policy(), tail_us: float = 1e6, others=()) -> tuple[np.ndarray, np.ndarray]:
    """The fast path for one stream: a sleeper served beside ``hogs`` CPU-bound processes and other sleepers.

    The same schedule as :func:`simulate` with ``Process("stream", "sleeper", ...)`` first, then one
    sleeper per entry of ``others`` (same ``nice`` and class), then ``hogs`` hogs, without the tables,
    the trace and the per-job validation (the arrays are checked once, as arrays): for the thousands
    of runs of a chapter.

    Parameters
    ----------
    arrivals_us, kernel_us, user_us : array_like of float
        The stream's job arrival times (non-decreasing) and CPU work per job [us].
    hogs : int, default 0
        CPU-bound processes beside it.
    cpus : int, default 1
        Processors sharing the run queue.
    nice : int, default 0
        The stream process's ``nice`` value (-20 to 19; the other sleepers share it).
    realtime : bool, default False
        Whether the stream process (and the other sleepers) run in the real-time class.
    policy : Policy, default Policy()
        The scheduler's constants (4.3BSD defaults).
    tail_us : float, default 1 s
        Simulated time after the last arrival (of the stream's jobs).
    others : sequence of (arrivals_us, kernel_us, user_us), optional
        Further sleepers on the same host in the stream's class (e.g. the other streams of a
        videoconference), each with its own jobs; their jobs after the end of the run are not served.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Per job, when the stream's process first ran it and when it finished [us] (NaN if unfinished).

    Examples
    --------
    >>> start, finish = serve([1e6 + 7, 2e6], [100.0, 100.0], [0.0, 50.0], hogs=2)
    >>> (finish - [1e6 + 7, 2e6]).tolist()
    [100.0, 150.0]
    """
    if isinstance(others, (str, bytes)) or not hasattr(others, "__len__"):
        raise TypeError(f"others must be a sequence of (arrivals_us, kernel_us, user_us), got {others!r:.80}")
    _validate.flag(realtime, "realtime")
    arr, ker, usr = _jobs([(arrivals_us, kernel_us, user_us)], "")[0]
    jobs = [(arr, ker, usr)] + (_jobs(others, "others: ", allow_empty=True) if len(others) else [])
    _validate.whole(hogs, "hogs", minimum=0)
    _validate.whole(cpus, "cpus", minimum=1)
    _validate.whole(nice, "nice", minimum=-20)
    if nice > 19:
        raise ValueError(f"nice must be in -20..19, got {nice!r}")
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be a Policy, got {type(policy).__name__}")
    return _serve(jobs, hogs=hogs, cpus=cpus, nice=nice, realtime=realtime, policy=policy,
                  tail_us=_validate.positive(tail_us, "tail_us"))


def _serve(jobs: list, *, hogs: int, cpus: int, nice: int, realtime: bool, policy: Policy,
           tail_us: float) -> tuple[np.ndarray, np.ndarray]:
    """:func:`serve` on checked arguments: ``jobs`` the (arrivals, kernel, user) float arrays of the stream, then
    of the other sleepers (for callers that have checked them, :func:`mmperf.hosts.cpu.served`)."""
    arr = jobs[0][0]
    _validate.size(16 * (hogs + cpus + len(jobs)), "hogs and cpus (the per-process and per-processor state)")
    duration = float(arr[-1]) + tail_us
    _validate.size(int(duration / policy.tick_us) + arr.size, "arrivals_us[-1] + tail_us (the events of the run)")
    jobs = [j if j[0].size == 0 or j[0][-1] <= duration else (j[0][j[0] <= duration], j[1][j[0] <= duration],
                                                              j[2][j[0] <= duration]) for j in jobs]
    m = len(jobs)
    start, finish, *_ = _run(duration, cpus, policy, 1, hog=[False] * m + [True] * hogs,
                             rt=[bool(realtime)] * m + [False] * hogs, nice=[nice] * m + [0] * hogs,
                             counts=np.array([j[0].size for j in jobs] + [0] * hogs, dtype=np.int64),
                             job_time=np.concatenate([j[0] for j in jobs]), job_kernel=np.concatenate([j[1] for j in jobs]),
                             job_user=np.concatenate([j[2] for j in jobs]))
    start, finish = start[:arr.size], finish[:arr.size]
    return np.where(start < 0, np.nan, start), np.where(finish < 0, np.nan, finish)


def _jobs(sleepers, label: str, *, allow_empty: bool = False) -> list:
    """Sleepers' (arrivals, kernel, user) job arrays, checked at once as arrays (for :func:`serve`)."""
    out = [tuple(_validate.finite_array(a, f"{label}{name}", allow_empty=True)
                 for a, name in zip(sl, ("arrivals_us", "kernel_us", "user_us"))) for sl in sleepers]
    for a, k, u in out:
        if a.ndim != 1 or not (a.size == k.size == u.size) or k.ndim != 1 or u.ndim != 1:
            raise ValueError(f"{label}arrivals_us, kernel_us and user_us must be 1-d with one entry per job, "
                             f"got shapes {a.shape}, {k.shape}, {u.shape}")
    arr, ker, usr = (np.concatenate([o[i] for o in out]) for i in range(3))
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{label}arrivals_us must hold at least one job")
    _validate.finite_array(arr, f"{label}arrivals_us", ndim=1, allow_empty=True)
    _validate.finite_array(ker, f"{label}kernel_us", ndim=1, non_negative=True, allow_empty=True)
    _validate.finite_array(usr, f"{label}user_us", ndim=1, non_negative=True, allow_empty=True)
    first = np.cumsum([0] + [o[0].size for o in out])[:-1]
    steps = np.diff(arr)
    if arr.size > 1:
        steps[first[first > 0] - 1] = 0.0  # no order across sleepers
    if np.any(arr < 0) or np.any(steps < 0):
        raise ValueError(f"{label}arrivals_us must be >= 0 and non-decreasing")
    if np.any(ker + usr <= 0):
        raise ValueError(f"{label}kernel_us and user_us must have a positive sum per job")
    return out


def _check_books(jobs, cpu, trace, *, duration_us, cpus, truncated):
    """The schedule's conservation laws: raise if the simulator broke one."""
    busy = float(cpu["cpu_us"].sum())
    if busy > cpus * duration_us * (1 + 1e-9) + 1e-6 or (cpu["cpu_us"] < -1e-9).any():
        raise AssertionError(f"scheduler: {busy} us of CPU handed out in {cpus} x {duration_us} us")
    done = jobs.dropna(subset=["finish_us"])
    if ((done["delay_us"] < -1e-6) | (done["start_us"] < done["arrival_us"] - 1e-6)
            | (done["finish_us"] < done["start_us"] - 1e-6)).any():
        raise AssertionError("scheduler: a job finished before it arrived or started")
    if not truncated and len(trace):
        per = trace.assign(d=trace["end_us"] - trace["start_us"]).groupby("process")["d"].sum()
        got = cpu.set_index("process")["cpu_us"].reindex(per.index)
        if not np.allclose(per.to_numpy(), got.to_numpy(), rtol=1e-9, atol=1e-3):
            raise AssertionError("scheduler: the trace and the CPU accounts disagree")
