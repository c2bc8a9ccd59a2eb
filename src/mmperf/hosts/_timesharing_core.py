"""The event loop of :mod:`mmperf.hosts.timesharing`, compiled with numba (private).

State is a handful of arrays indexed by process id; every decision is taken in
a fixed order (the best run queue, then the earliest entry into it, then the
lowest process id; CPUs in index order), so a run is a deterministic function
of its inputs.

Priorities follow 4.4BSD (lower is better): a time-sharing process in user
mode has ``usrpri = min(127, PUSER + estcpu / 4 + 2 * nice)``; a process woken
from an I/O sleep runs its kernel part at the sleep priority ``wake_pri``
(better than any user-mode priority, whatever its nice); a real-time process
has priority -1 (before every time-sharing process). The 32 run queues hold
four priorities each (``queue = pri // 4``).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

SLEEPING, READY, RUNNING = 0, 1, 2
KERNEL, USER = 0, 1
RT_PRI = -4  # queue -1: before every time-sharing queue
EPS_US = 1e-6  # work below a picosecond is done (a float ulp at 1000 s is 1.2e-7 us)

# ---- the named structures the event loops take (namedtuples; unpacked once at the top of a loop)
Procs = namedtuple("Procs", "hog rt nice jobs_start job_time job_kernel job_user order")
"""The processes (read only), arrays per process ``p``: ``hog[p]`` (always runnable), ``rt[p]``
(real time), ``nice[p]``; the jobs of sleeper ``p`` are ``jobs_start[p] .. jobs_start[p+1]-1`` (sorted
arrival times ``job_time`` [us], CPU work ``job_kernel`` then ``job_user`` [us]); ``order``, every job in
the order the event loop meets them, is a stable argsort of ``job_time`` (by arrival time, among equal
times by process id, then job: the jobs are grouped by process and sorted within), made by numpy's
``argsort(kind="stable")``, which finds the same permutation four times faster than a sort compiled
here. Shared by both classes (:mod:`mmperf.hosts._svr4_core`)."""
BsdClock = namedtuple("BsdClock", "tick_us quantum_ticks recompute_ticks hz puser wake_pri decay_fixed_load")
"""4.3BSD's clock and priorities (read only): the tick [us], the round-robin quantum and the priority
recomputation period [ticks], ticks per second, ``PUSER``, the sleep priority, and the load the usage
decays with (< 0: the measured load average)."""


@njit(cache=True)
def _queue(pri):
    return pri // 4


@njit(cache=True)
def _best_ready(state, pri, seq):
    best = -1
    for p in range(state.shape[0]):
        if state[p] == READY:
            if best < 0 or _queue(pri[p]) < _queue(pri[best]) or (
                    _queue(pri[p]) == _queue(pri[best]) and seq[p] < seq[best]):
                best = p
    return best


@njit(cache=True)
def _worst_cpu(running, pri, seq):
    """The CPU whose process is worst (highest queue; among equals the one that entered last)."""
    worst = -1
    for c in range(running.shape[0]):
        p = running[c]
        if p < 0:
            return c
        if worst < 0:
            worst = c
        else:
            q = running[worst]
            if _queue(pri[p]) > _queue(pri[q]) or (_queue(pri[p]) == _queue(pri[q]) and seq[p] > seq[q]):
                worst = c
    return worst


@njit(cache=True)
def _usrpri(estcpu, nice, puser):
    v = puser + int(estcpu) // 4 + 2 * nice
    return min(127, max(puser, v))


@njit(cache=True)
def _record(trace, n_trace, c, p, t0, t1):
    if n_trace < trace.shape[0] and t1 > t0:
        trace[n_trace, 0] = c
        trace[n_trace, 1] = p
        trace[n_trace, 2] = t0
        trace[n_trace, 3] = t1
        return n_trace + 1
    return n_trace


@njit(cache=True)
def _owners(jobs_start, n_jobs):
    """Each job's process."""
    owner = np.empty(n_jobs, np.int64)
    for p in range(jobs_start.shape[0] - 1):
        owner[jobs_start[p]:jobs_start[p + 1]] = p
    return owner


@njit(cache=True)
def _next_arrival(order, job_time, k):
    """The arrival time of the ``k``-th job in arrival order (inf once every job has arrived)."""
    return job_time[order[k]] if k < order.shape[0] else np.inf


@njit(cache=True)
def _arrive(j, owner, job_kernel, next_job, state, cur_job, phase, left):
    """Job ``j`` arrives: its process counts it; a sleeping process wakes into the job's kernel part.
    Returns the process woken (-1 if it was not sleeping: the job waits in its socket)."""
    p = owner[j]
    next_job[p] += 1
    if state[p] != SLEEPING:
        return -1
    cur_job[p] = j
    phase[p] = KERNEL
    left[p] = job_kernel[j]
    state[p] = READY
    return p


@njit(cache=True)
def _next_event(t, next_tick, t_end, running, next_arrival, left):
    """The time of the next event: a tick, an arrival, or the end of a running phase (at most ``t_end``)."""
    t_next = next_tick
    if next_arrival < t_next:
        t_next = next_arrival
    for c in range(running.shape[0]):
        p = running[c]
        if p >= 0 and t + left[p] < t_next:
            t_next = t + left[p]
    return min(t_next, t_end)


@njit(cache=True)
def _advance(running, hog, left, cpu_time, dt):
    """Charge ``dt`` to every running process and take it off a sleeper's phase."""
    for c in range(running.shape[0]):
        p = running[c]
        if p >= 0:
            cpu_time[p] += dt
            if not hog[p]:
                left[p] -= dt
                if left[p] < EPS_US:  # rounding of t + left: the phase ended at t_next
                    left[p] = 0.0


@njit(cache=True)
def _idle(running):
    """Whether every CPU is idle (after a dispatch: then no process is ready either)."""
    for c in range(running.shape[0]):
        if running[c] >= 0:
            return False
    return True


@njit(cache=True)
def _skip_idle_ticks(t, tick, next_tick, tick_us, until):
    """Take the clock's ticks before ``until`` (the next arrival, or the end) while every CPU is idle and no
    process is ready: such a tick changes nothing but the clock. Returns ``(t, tick, next_tick)`` as the
    event loop would have them after those ticks, one iteration each."""
    while next_tick < until:
        t = next_tick
        tick += 1
        next_tick = (tick + 1) * tick_us
    return t, tick, next_tick


@njit(cache=True)
def _schedcpu(state, rt, phase, nice, estcpu, pri, puser, load, decay_fixed_load):
    """Once a second: decay every time-sharing process's usage by the load average (updated from the
    runnable processes unless ``decay_fixed_load`` >= 0); returns the new load average."""
    runnable = 0
    for p in range(state.shape[0]):
        if state[p] != SLEEPING:
            runnable += 1
    if decay_fixed_load >= 0:
        load = decay_fixed_load
    else:
        load = load * np.exp(-1.0 / 60.0) + runnable * (1.0 - np.exp(-1.0 / 60.0))
    decay = (2.0 * load) / (2.0 * load + 1.0)
    for p in range(state.shape[0]):
        if not rt[p]:
            estcpu[p] = estcpu[p] * decay
            if state[p] != SLEEPING and phase[p] == USER:
                pri[p] = _usrpri(estcpu[p], nice[p], puser)
    return load


@njit(cache=True)
def run_core(t_end, n_cpus, procs, clock, trace_cap):
    """Simulate ``t_end`` microseconds [us] of the 4.3BSD scheduler on ``n_cpus`` processors: the
    processes ``procs`` (:class:`Procs`), the clock ``clock`` (:class:`BsdClock`), a trace of at most
    ``trace_cap`` rows.

    Returns ``(start, finish, cpu_time, trace, truncated)``: per job its start and finish time [us] (-1
    if not finished), per process its CPU time [us], the (cpu, process, start, end) segments, and
    whether the trace was cut at ``trace_cap`` rows.
    """
    hog, rt, nice, jobs_start, job_time, job_kernel, job_user, order = procs
    tick_us, quantum_ticks, recompute_ticks, hz, puser, wake_pri, decay_fixed_load = clock
    n = hog.shape[0]
    n_jobs = job_time.shape[0]
    state = np.zeros(n, np.int64)
    pri = np.zeros(n, np.int64)
    seq = np.zeros(n, np.int64)
    phase = np.zeros(n, np.int64)
    left = np.zeros(n, np.float64)      # work left in the current phase [us]
    estcpu = np.zeros(n, np.float64)
    cur_job = np.full(n, -1, np.int64)   # job being served
    next_job = jobs_start[:-1].copy()    # next job not yet arrived
    owner = _owners(jobs_start, n_jobs)
    k_arr = 0                            # jobs arrived so far, in arrival order
    done_upto = jobs_start[:-1].copy()   # next job to serve
    cpu_time = np.zeros(n, np.float64)
    start = np.full(n_jobs, -1.0)
    finish = np.full(n_jobs, -1.0)
    running = np.full(n_cpus, -1, np.int64)
    since = np.zeros(n_cpus, np.float64)
    trace = np.zeros((trace_cap, 4), np.float64)
    n_trace = 0
    counter = 0
    load = 0.0
    for p in range(n):
        if rt[p]:
            pri[p] = RT_PRI
        else:
            pri[p] = _usrpri(0.0, nice[p], puser)
        if hog[p]:
            state[p] = READY
            phase[p] = USER
            left[p] = np.inf
            seq[p] = counter
            counter += 1
    t = 0.0
    tick = 0
    next_tick = tick_us
    while True:
        # dispatch: fill idle CPUs, then preempt while a ready process beats a running one
        while True:
            b = _best_ready(state, pri, seq)
            if b < 0:
                break
            c = _worst_cpu(running, pri, seq)
            p = running[c]
            if p >= 0 and _queue(pri[b]) >= _queue(pri[p]):
                break
            if p >= 0:
                n_trace = _record(trace, n_trace, c, p, since[c], t)
                state[p] = READY
                seq[p] = counter
                counter += 1
            running[c] = b
            state[b] = RUNNING
            since[c] = t
            j = cur_job[b]
            if j >= 0 and start[j] < 0:
                start[j] = t
        # the next event: a tick, an arrival, or the end of a running phase
        next_arrival = _next_arrival(order, job_time, k_arr)
        if _idle(running):  # the ticks before the next arrival change only the clock and, once a second, the usage
            until = min(next_arrival, t_end)
            while next_tick < until:
                t = next_tick
                tick += 1
                next_tick = (tick + 1) * tick_us
                if tick % hz == 0:
                    load = _schedcpu(state, rt, phase, nice, estcpu, pri, puser, load, decay_fixed_load)
        t_next = _next_event(t, next_tick, t_end, running, next_arrival, left)
        _advance(running, hog, left, cpu_time, t_next - t)
        t = t_next
        if t >= t_end:
            break
        # ends of phases: a sleeper's kernel part (then it is back in user mode, at its user
        # priority, and the dispatch below lets a better ready process preempt it), then its job
        for c in range(n_cpus):
            p = running[c]
            if p < 0 or hog[p] or left[p] > 0.0:
                continue
            if phase[p] == KERNEL:
                phase[p] = USER
                left[p] = job_user[cur_job[p]]
                if not rt[p]:
                    pri[p] = _usrpri(estcpu[p], nice[p], puser)
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
        # arrivals wake sleepers at the sleep priority
        while k_arr < n_jobs and job_time[order[k_arr]] <= t:  # (time, process, job) order
            p = _arrive(order[k_arr], owner, job_kernel, next_job, state, cur_job, phase, left)
            k_arr += 1
            if p >= 0:
                pri[p] = RT_PRI if rt[p] else wake_pri
                seq[p] = counter
                counter += 1
        # the clock
        if t >= next_tick:
            tick += 1
            next_tick = (tick + 1) * tick_us
            for c in range(n_cpus):
                p = running[c]
                if p >= 0 and not rt[p]:
                    estcpu[p] = min(255.0, estcpu[p] + 1.0)
                    if tick % recompute_ticks == 0 and phase[p] == USER:
                        pri[p] = _usrpri(estcpu[p], nice[p], puser)
            if tick % quantum_ticks == 0:  # roundrobin: the running yield to ready equals
                for c in range(n_cpus):
                    p = running[c]
                    if p >= 0 and not rt[p] and phase[p] == USER:
                        b = _best_ready(state, pri, seq)
                        if b >= 0 and _queue(pri[b]) <= _queue(pri[p]):
                            n_trace = _record(trace, n_trace, c, p, since[c], t)
                            state[p] = READY
                            seq[p] = counter
                            counter += 1
                            running[c] = -1
            if tick % hz == 0:  # schedcpu: decay every time-sharing process's usage
                load = _schedcpu(state, rt, phase, nice, estcpu, pri, puser, load, decay_fixed_load)
    for c in range(n_cpus):
        if running[c] >= 0:
            n_trace = _record(trace, n_trace, c, running[c], since[c], t)
    return start, finish, cpu_time, trace[:n_trace], n_trace >= trace_cap
