"""The event loop of the SVR4 time-sharing class (:mod:`mmperf.hosts.timesharing`, ``Policy(kind="svr4")``; private).

Global priorities, higher is better: a time-sharing (TS) process in user mode
runs at ``umdpri = clip(cpupri + upri, 0, 59)``; a process woken from an I/O
sleep runs its kernel part at ``SYS_PRI`` (the SYS class, above every TS level);
a real-time process runs at ``RT_PRI`` (above SYS). The TS level ``cpupri``
moves through the dispatch table ``ts_dptbl``:

* every clock tick the running TS process in user mode uses one tick of its
  quantum ``ts_quantum[cpupri]``; when it is used up, ``cpupri`` becomes
  ``ts_tqexp[cpupri]``, the quantum is renewed and the process goes to the back
  of its level's queue (``ts_tick``);
* a process woken from sleep gets ``cpupri = ts_slpret[cpupri]`` and a fresh
  quantum (``ts_wakeup``);
* once a second (``ts_update``) every TS process waiting on the run queue in
  user mode counts one second of ``dispwait``; when ``dispwait >
  ts_maxwait[cpupri]`` it is raised to ``ts_lwait[cpupri]`` with a fresh
  quantum. ``dispwait`` is reset at quantum expiry, wake-up and boost;
* a ready process of a strictly higher priority than a running one preempts
  it (the preempted process keeps the rest of its quantum and goes to the
  front of its level's queue); among equals the earliest in the queue runs.

Every decision is taken in a fixed order (priority, queue position, process
id; CPUs in index order), so a run is a deterministic function of its inputs.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from mmperf import _numba_cache
from mmperf.hosts import _timesharing_core
from mmperf.hosts._timesharing_core import (_advance, _arrive, _idle, _next_arrival, _next_event, _owners, _record,
                                              _skip_idle_ticks)

SLEEPING, READY, RUNNING = 0, 1, 2
KERNEL, USER = 0, 1
TS_LEVELS = 60
SYS_PRI = 60 + 29  # a socket sleep's kernel priority: in the SYS class (60..99), above every TS level
RT_PRI = 100       # the real-time class (100..159), above SYS

Svr4Table = namedtuple("Svr4Table", "tick_us hz quantum_ticks tqexp slpret maxwait lwait cpupri0")
"""The clock and the TS dispatch table (read only): the tick [us], ticks per second; per TS level the
quantum [ticks], the level after the quantum expires, after a sleep, the wait [s] before a boost and
the level it boosts to (``ts_dptbl``'s columns); the level every TS process starts at."""


@njit(cache=True)
def _best_ready(state, gp, seq):
    best = -1
    for p in range(state.shape[0]):
        if state[p] == READY:
            if best < 0 or gp[p] > gp[best] or (gp[p] == gp[best] and seq[p] < seq[best]):
                best = p
    return best


@njit(cache=True)
def _beats(gp, seq, p, q):
    """Whether ready process ``p`` runs before ``q`` (the order of :func:`_best_ready`; ``seq`` is unique among
    the ready, so the order is strict)."""
    return gp[p] > gp[q] or (gp[p] == gp[q] and seq[p] < seq[q])


@njit(cache=True)
def _worst_cpu(running, gp, seq):
    worst = -1
    for c in range(running.shape[0]):
        p = running[c]
        if p < 0:
            return c
        if worst < 0:
            worst = c
        else:
            q = running[worst]
            if gp[p] < gp[q] or (gp[p] == gp[q] and seq[p] > seq[q]):
                worst = c
    return worst


@njit(cache=True)
def _umdpri(cpupri, upri):
    return min(TS_LEVELS - 1, max(0, cpupri + upri))


@njit(cache=True, inline="always")
def _start(hog, rt, upri, quantum_ticks, cpupri, timeleft, gp, state, phase, left, seq):
    """Every process's first quantum and global priority; the hogs READY in process order, at the back of their
    queues. Returns the next back position and the number READY."""
    back = 0
    n_ready = 0
    for p in range(hog.shape[0]):
        timeleft[p] = quantum_ticks[cpupri[p]]
        gp[p] = RT_PRI if rt[p] else _umdpri(cpupri[p], upri[p])
        if hog[p]:
            state[p] = READY
            phase[p] = USER
            left[p] = np.inf
            seq[p] = back
            back += 1
            n_ready += 1
    return back, n_ready


@njit(cache=True, inline="always")
def _ts_update(table, state, rt, phase, upri, cpupri, timeleft, dispwait, gp, seq, back, best):
    """``ts_update``, once a second: every TS process waiting READY in user mode counts a second of
    ``dispwait`` and past ``maxwait`` is boosted to ``lwait`` with a fresh quantum, at the back of its queue.
    Returns the next back position, the best READY process (updated as a boosted one beats it; meaningful only
    if it was) and whether the best itself moved back (the dispatch must look again)."""
    moved = False
    for p in range(state.shape[0]):
        if state[p] == READY and not rt[p] and phase[p] == USER:
            dispwait[p] += 1
            if dispwait[p] > table.maxwait[cpupri[p]]:
                cpupri[p] = table.lwait[cpupri[p]]
                timeleft[p] = table.quantum_ticks[cpupri[p]]
                dispwait[p] = 0
                gp[p] = _umdpri(cpupri[p], upri[p])
                seq[p] = back
                back += 1
                if p == best:
                    moved = True
                elif not moved and _beats(gp, seq, p, best):
                    best = p
    return back, best, moved


@njit(cache=True)
def run_svr4(t_end, n_cpus, procs, table, trace_cap):
    """Simulate ``t_end`` microseconds [us] on the SVR4 TS/SYS/RT classes on ``n_cpus`` processors: the
    processes ``procs`` (:class:`mmperf.hosts._timesharing_core.Procs`; a process's user priority
    adjustment ``upri`` is ``-nice``), the clock and dispatch table ``table`` (:class:`Svr4Table`), a
    trace of at most ``trace_cap`` rows. Returns what :func:`mmperf.hosts._timesharing_core.run_core`
    returns and each process's TS level ``cpupri`` at the end.
    """
    hog, rt, nice, jobs_start, job_time, job_kernel, job_user, order = procs
    upri = -nice
    tick_us, hz, quantum_ticks, tqexp, slpret, _, _, cpupri0 = table
    n = hog.shape[0]
    n_jobs = job_time.shape[0]
    state = np.zeros(n, np.int64)
    gp = np.zeros(n, np.int64)           # global priority (higher is better)
    cpupri = np.full(n, cpupri0, np.int64)
    timeleft = np.zeros(n, np.int64)     # ticks of quantum left
    dispwait = np.zeros(n, np.int64)     # seconds waited on the run queue
    seq = np.zeros(n, np.int64)
    phase = np.zeros(n, np.int64)
    left = np.zeros(n, np.float64)
    cur_job = np.full(n, -1, np.int64)
    next_job = jobs_start[:-1].copy()
    owner = _owners(jobs_start, n_jobs)
    k_arr = 0  # jobs arrived so far, in arrival order
    done_upto = jobs_start[:-1].copy()
    cpu_time = np.zeros(n, np.float64)
    start = np.full(n_jobs, -1.0)
    finish = np.full(n_jobs, -1.0)
    running = np.full(n_cpus, -1, np.int64)
    since = np.zeros(n_cpus, np.float64)
    trace = np.zeros((trace_cap, 4), np.float64)
    n_trace = 0
    front = -1    # front of a queue: decreasing
    # the best READY process (-1: none), kept while ``best_ok``: a process that becomes ready, or changes its
    # priority or queue position while ready, is compared with it; when it leaves the run queue (or the best
    # itself moves back) the dispatch looks again (the same process :func:`_best_ready` finds)
    best = -1
    best_ok = False
    # back of a queue (increasing) and the processes READY (the dispatch looks for the best only if there is one)
    back, n_ready = _start(hog, rt, upri, quantum_ticks, cpupri, timeleft, gp, state, phase, left, seq)
    t = 0.0
    tick = 0
    next_tick = tick_us
    while True:
        while True:  # dispatch: fill idle CPUs, then preempt while a ready process beats a running one
            if not best_ok:
                best = _best_ready(state, gp, seq) if n_ready > 0 else -1
                best_ok = True
            b = best
            if b < 0:
                break
            c = _worst_cpu(running, gp, seq)
            p = running[c]
            if p >= 0 and gp[b] <= gp[p]:
                break
            if p >= 0:  # preempted: keeps its quantum, front of its queue
                n_trace = _record(trace, n_trace, c, p, since[c], t)
                state[p] = READY
                seq[p] = front
                front -= 1
                n_ready += 1
            running[c] = b
            state[b] = RUNNING
            n_ready -= 1
            best_ok = False
            since[c] = t
            j = cur_job[b]
            if j >= 0 and start[j] < 0:
                start[j] = t
        next_arrival = _next_arrival(order, job_time, k_arr)
        if _idle(running):  # every tick before the next arrival changes nothing but the clock
            t, tick, next_tick = _skip_idle_ticks(t, tick, next_tick, tick_us, min(next_arrival, t_end))
        t_next = _next_event(t, next_tick, t_end, running, next_arrival, left)
        _advance(running, hog, left, cpu_time, t_next - t)
        t = t_next
        if t >= t_end:
            break
        for c in range(n_cpus):  # ends of phases
            p = running[c]
            if p < 0 or hog[p] or left[p] > 0.0:
                continue
            if phase[p] == KERNEL:  # back to user mode at the user-mode priority
                phase[p] = USER
                left[p] = job_user[cur_job[p]]
                if not rt[p]:
                    gp[p] = _umdpri(cpupri[p], upri[p])
            if left[p] <= 0.0:
                j = cur_job[p]
                finish[j] = t
                done_upto[p] = j + 1
                if done_upto[p] < next_job[p]:  # data queued meanwhile: the next receive returns at once
                    cur_job[p] = done_upto[p]
                    left[p] = job_kernel[cur_job[p]] + job_user[cur_job[p]]
                    start[cur_job[p]] = t
                else:
                    n_trace = _record(trace, n_trace, c, p, since[c], t)
                    running[c] = -1
                    cur_job[p] = -1
                    state[p] = SLEEPING
        # arrivals, in (time, process, job) order, wake sleepers: ts_wakeup, kernel part at the SYS priority
        while k_arr < n_jobs and job_time[order[k_arr]] <= t:
            p = _arrive(order[k_arr], owner, job_kernel, next_job, state, cur_job, phase, left)
            k_arr += 1
            if p >= 0:
                n_ready += 1
                if rt[p]:
                    gp[p] = RT_PRI
                else:
                    cpupri[p] = slpret[cpupri[p]]
                    timeleft[p] = quantum_ticks[cpupri[p]]
                    dispwait[p] = 0
                    gp[p] = SYS_PRI
                seq[p] = back
                back += 1
                if best_ok and (best < 0 or _beats(gp, seq, p, best)):
                    best = p
        if t >= next_tick:  # the clock
            tick += 1
            next_tick = (tick + 1) * tick_us
            for c in range(n_cpus):  # ts_tick
                p = running[c]
                if p >= 0 and not rt[p] and phase[p] == USER:
                    timeleft[p] -= 1
                    if timeleft[p] <= 0:
                        cpupri[p] = tqexp[cpupri[p]]
                        timeleft[p] = quantum_ticks[cpupri[p]]
                        dispwait[p] = 0
                        gp[p] = _umdpri(cpupri[p], upri[p])
                        n_trace = _record(trace, n_trace, c, p, since[c], t)
                        state[p] = READY  # back of its queue; the dispatch may run it again
                        seq[p] = back
                        back += 1
                        n_ready += 1
                        running[c] = -1
                        if best_ok and (best < 0 or _beats(gp, seq, p, best)):
                            best = p
            if tick % hz == 0:  # ts_update
                back, best, moved = _ts_update(table, state, rt, phase, upri, cpupri, timeleft, dispwait, gp, seq,
                                               back, best)
                best_ok = best_ok and not moved
    for c in range(n_cpus):
        if running[c] >= 0:
            n_trace = _record(trace, n_trace, c, running[c], since[c], t)
    return start, finish, cpu_time, trace[:n_trace], n_trace >= trace_cap, cpupri


# the kernel calls _timesharing_core's helpers: numba checks only this file, so drop the cached
# kernel when that file changes
_numba_cache.drop_stale_cache(__file__, [_timesharing_core], kernel=run_svr4)
