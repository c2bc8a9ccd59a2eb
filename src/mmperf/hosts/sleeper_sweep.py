"""A periodic sleeper's jitter on one host across scheduling classes and counter-process loads, on the full
schedule (:func:`mmperf.hosts.sleeper.sleeper_schedule`), with who ran when around its latest job.

Built for Claypool, Habermann & Riedl (1998), Sec. 5 (default, niced and real-time receivers beside one
to six counter processes on a SPARCclassic).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.cpu import SCHEDULING_CLASSES, Scheduler
from mmperf.hosts.sleeper import sleeper_schedule
from mmperf.metrics import jitter
from mmperf.seeds import rng

__all__ = ["sleeper_sweep"]

FIRST_ARRIVAL_US = 1_000.0
"""When the first job arrives [us]: after the counters have started."""


def sleeper_sweep(specint92: float, *, seed: int, key, classes=SCHEDULING_CLASSES, hogs=range(0, 7),
                  n_packets: int = 1000, period_us: float = 160_000.0, scheduler: Scheduler = Scheduler(),
                  trace_class: str = "default", window_us: float = 300_000.0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Schedule a periodic sleeper per class and counter count; its jitter, lateness and one run's schedule.

    Each job's work is exponential with mean ``scheduler.work_spec_us / specint92``, drawn from the stream
    ``mmperf.seeds.rng(*key, sched_class, hogs, root=seed)``; the sleeper also does
    ``scheduler.app_work_spec_us / specint92`` of user work per job.

    Parameters
    ----------
    specint92 : float
        The host's processor power [SPECint92], > 0.
    seed : int
        Root seed of the work draws.
    key : tuple of str
        First keys of the work draws' seed streams (non-empty).
    classes : sequence of str, default SCHEDULING_CLASSES
        Scheduling classes to run (:data:`mmperf.hosts.cpu.SCHEDULING_CLASSES`).
    hogs : iterable of int, default range(0, 7)
        Counter-process counts to run per class (non-empty, each >= 0).
    n_packets : int, default 1000
        Jobs per run, >= 3.
    period_us : float, default 160000.0
        Interval between arrivals [us], > 0.
    scheduler : mmperf.hosts.cpu.Scheduler, default Scheduler()
        The host's scheduler (its work per job x SPECint92 [us]).
    trace_class : str, default "default"
        The class whose run with the most counters gives the schedule excerpt (one of ``classes``).
    window_us : float, default 300000.0
        Half-width of that excerpt around the latest job's arrival [us], > 0.

    Returns
    -------
    summary : pandas.DataFrame
        Per class and counters: ``sched_class``, ``hogs``, ``variance`` (of the intervals between the ends of
        the sleeper's work [us^2]) and ``late_max_us`` (its longest lateness [us], rounded to 1 ns).
    trace : pandas.DataFrame
        Who ran when, ``window_us`` either side of the latest job of ``trace_class`` with the most counters
        (the schedule's trace plus ``start_ms`` and ``end_ms`` from that arrival [ms]).

    Raises
    ------
    ValueError, TypeError
        If a number is out of range (a host too slow to finish its jobs included), a class unknown, ``key`` or ``hogs`` empty, or ``trace_class`` not
        among ``classes``.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 5 and Figs. 10-11.

    Examples
    --------
    >>> s, t = sleeper_sweep(26.4, seed=1, key=("doc",), classes=("default",), hogs=(0, 2), n_packets=20)
    >>> s[["sched_class", "hogs"]].to_dict("list")
    {'sched_class': ['default', 'default'], 'hogs': [0, 2]}
    """
    spec = _validate.positive(specint92, "specint92")
    _validate.index(seed, "seed", 2**63)
    if isinstance(key, (str, bytes)) or not isinstance(key, tuple) or not key:
        raise TypeError(f"key must be a non-empty tuple of stream names, got {key!r}")
    if isinstance(classes, (str, bytes)) or not hasattr(classes, "__iter__"):
        raise TypeError(f"classes must be a sequence of scheduling classes, got {classes!r}")
    classes = list(classes)
    for c in classes:
        if c not in SCHEDULING_CLASSES:
            raise ValueError(f"classes must hold scheduling classes {SCHEDULING_CLASSES}, got {c!r}")
    if isinstance(hogs, (str, bytes)) or not hasattr(hogs, "__iter__"):
        raise TypeError(f"hogs must be a sequence of whole numbers, got {hogs!r}")
    hogs = [_validate.whole(h, "hogs") for h in hogs]
    if not hogs or not classes:
        raise ValueError("hogs and classes must each name at least one value")
    n_packets = _validate.whole(n_packets, "n_packets", minimum=3)
    period_us = _validate.positive(period_us, "period_us")
    _validate.instance(scheduler, "scheduler", Scheduler)
    if trace_class not in classes:
        raise ValueError(f"trace_class must be one of classes {classes}, got {trace_class!r}")
    window_us = _validate.positive(window_us, "window_us")
    _validate.size(n_packets * period_us / scheduler.tick_us + n_packets, "n_packets x period_us (the scheduler ticks of a run)")
    arrivals = np.arange(n_packets) * period_us + FIRST_ARRIVAL_US
    rows, trace_ = [], None
    for cls in classes:
        for h in hogs:
            work = rng(*key, cls, h, root=seed).exponential(scheduler.work_spec_us / spec, n_packets)
            sch, late = sleeper_schedule(arrivals, work, hogs=h, sched_class=cls, scheduler=scheduler,
                                         extra_user_us=scheduler.app_work_spec_us / spec)
            if sch.jobs["finish_us"].isna().any():
                raise ValueError(f"specint92 must let the host finish every job within the run; {spec!r} leaves "
                                 f"{int(sch.jobs['finish_us'].isna().sum())} of {n_packets} unfinished")
            rows.append({"sched_class": cls, "hogs": h, "variance": jitter.variance(np.diff(sch.jobs["finish_us"])),
                         "late_max_us": round(float(late.clip(lower=0).max()), 3)})
            if cls == trace_class and h == max(hogs):
                t0, tr = float(sch.jobs.loc[late.idxmax(), "arrival_us"]), sch.trace
                trace_ = tr[(tr["end_us"] > t0 - window_us) & (tr["start_us"] < t0 + window_us)].assign(
                    start_ms=lambda d: (d["start_us"] - t0) / 1000, end_ms=lambda d: (d["end_us"] - t0) / 1000)
    return pd.DataFrame(rows), trace_.reset_index(drop=True)
