"""A receiving process woken by each datagram, beside CPU-bound counter processes, in a scheduling class:
the whole schedule (who ran when), for reading why a datagram was late.

Built for Claypool, Habermann & Riedl (1998), Sec. 5 (default, niced and real-time receivers beside one
to six counter processes on a SPARCclassic).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts import timesharing
from mmperf.hosts.cpu import NICED, Scheduler, check_class

__all__ = ["sleeper_schedule"]


def sleeper_schedule(arrivals_us, work_us, *, hogs: int, sched_class: str = "default",
                     scheduler: Scheduler = Scheduler(), extra_user_us: float = 0.0,
                     tail_us: float = 1e6) -> tuple[timesharing.Schedule, pd.Series]:
    """Schedule a sleeper doing ``work_us`` per job beside ``hogs`` counters, and each job's lateness.

    The sleeper runs a ``scheduler.kernel_share`` of each job's work in the kernel at its sleep
    priority and the rest, plus ``extra_user_us``, in user mode, in ``sched_class`` (niced: ``nice``
    -19; real-time: the real-time class), on one processor with ``scheduler``'s policy
    (:func:`mmperf.hosts.timesharing.simulate`), for ``tail_us`` after the last job.

    Parameters
    ----------
    arrivals_us : array_like of float
        When each job arrives (non-decreasing, >= 0) [us].
    work_us : array_like of float
        CPU work of each job [us] (positive).
    hogs : int
        Counter processes beside it.
    sched_class : {'default', 'niced', 'real-time'}
        The sleeper's class.
    scheduler : Scheduler
        Time-sharing policy and kernel share.
    extra_user_us : float, default 0
        User-mode work added to every job (the application's own, e.g. decoding).
    tail_us : float, default 1 s
        Simulated time after the last arrival.

    Returns
    -------
    (mmperf.hosts.timesharing.Schedule, pandas.Series)
        The schedule (jobs, CPU shares, trace) and each job's lateness: its delay beyond its own work [us].

    Raises
    ------
    ValueError
        If the arrays differ in length, are empty or hold a bad value, ``hogs`` is negative, the class
        unknown or a time negative or not finite.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 5.1 (the priorities) and Sec. 4.1 (the counter processes).

    Examples
    --------
    >>> sch, late = sleeper_schedule([1000.0, 161_000.0], [500.0, 500.0], hogs=2)
    >>> bool((late >= -1e-6).all()), len(sch.jobs)
    (True, 2)
    """
    arr = _validate.finite_array(arrivals_us, "arrivals_us", ndim=1, non_negative=True)
    work = _validate.finite_array(work_us, "work_us", ndim=1)
    if arr.size != work.size or (work <= 0).any():
        raise ValueError(f"work_us must hold one positive work per arrival, got {work.size} values for {arr.size} arrivals")
    _validate.size(16 * (_validate.whole(hogs, "hogs") + 2), "hogs (the per-process state)")
    check_class(sched_class)
    _validate.instance(scheduler, "scheduler", Scheduler)
    extra = _validate.non_negative(extra_user_us, "extra_user_us")
    tail_us = _validate.positive(tail_us, "tail_us")
    _validate.size(int((arr[-1] + tail_us) / scheduler.tick_us) + arr.size,
                   "arrivals_us[-1] + tail_us (the scheduler ticks of the run)")
    k = scheduler.kernel_share
    rx = timesharing.Process("receiver", "sleeper", nice=NICED if sched_class == "niced" else 0,
                             realtime=sched_class == "real-time", arrivals_us=tuple(arr), kernel_us=tuple(k * work),
                             user_us=tuple((1 - k) * work + extra))
    procs = [rx] + [timesharing.Process(f"counter {i + 1}", "hog") for i in range(hogs)]
    sch = timesharing.simulate(procs, duration_us=float(arr[-1] + tail_us), policy=scheduler.policy())
    return sch, sch.jobs["delay_us"] - work - extra
