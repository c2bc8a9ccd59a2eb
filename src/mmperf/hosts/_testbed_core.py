"""Compiled cores of :mod:`mmperf.hosts.testbed` (numba; small explicit state, one pass in time order)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def fifo_link(send_times, tx_time, queue_packets):  # pragma: no cover - compiled
    """A FIFO link with a finite interface queue.

    Returns (finish_times, dropped): the time each packet finishes
    transmission (NaN if dropped) and a drop flag. A packet is dropped when
    ``queue_packets`` accepted packets (including the one in service) are still
    unfinished at its send time.
    """
    n = send_times.shape[0]
    finish = np.full(n, np.nan)
    dropped = np.zeros(n, dtype=np.bool_)
    accepted = np.empty(n, dtype=np.int64)
    head = 0
    tail = 0
    last = -np.inf
    for j in range(n):
        s = send_times[j]
        while head < tail and finish[accepted[head]] <= s:
            head += 1
        if tail - head >= queue_packets:
            dropped[j] = True
            continue
        start = s if s > last else last
        last = start + tx_time
        finish[j] = last
        accepted[tail] = j
        tail += 1
    return finish, dropped


@njit(cache=True)
def _advance(t, work, starts, a_at_start, cum_before):  # pragma: no cover - compiled
    """Wall time at which an application that starts ``work`` CPU-ms at ``t``
    finishes, given the kernel's busy intervals (kernel work preempts it)."""
    n = starts.shape[0]
    j = np.searchsorted(starts, t, side="right") - 1
    if j < 0:
        a_t = t
    else:
        end_j = starts[j] + (cum_before[j + 1] - cum_before[j])
        if t < end_j:
            a_t = a_at_start[j]
        else:
            a_t = t - cum_before[j + 1]
    target = a_t + work
    k = np.searchsorted(a_at_start, target, side="left")
    if k >= n:
        tp = target + cum_before[n]
    else:
        tp = target + cum_before[k]
    return tp if tp > t else t


@njit(cache=True)
def receiver(arrival, kernel_cost, app_cost, frame, index, display_cost, last_index, buffer_packets,
             display):  # pragma: no cover - compiled
    """A receiving host: kernel per-packet work at interrupt priority, a socket
    buffer of ``buffer_packets``, and a single-threaded application that reads
    packets one by one and, with ``display`` on, rebuilds and displays a frame
    when it reads the frame's last packet or the first packet of a later frame.

    Returns (socket_dropped, consumed_at, displayed_at_frame_end).
    """
    n = arrival.shape[0]
    # kernel: FIFO at interrupt priority, independent of the application
    done = np.empty(n)
    prev = -np.inf
    for j in range(n):
        s = arrival[j] if arrival[j] > prev else prev
        prev = s + kernel_cost[j]
        done[j] = prev
    starts = done - kernel_cost
    cum_before = np.zeros(n + 1)
    for j in range(n):
        cum_before[j + 1] = cum_before[j] + kernel_cost[j]
    a_at_start = starts - cum_before[:n]

    dropped = np.zeros(n, dtype=np.bool_)
    consumed = np.full(n, np.nan)
    queue = np.empty(n, dtype=np.int64)
    head = 0
    tail = 0
    app_free = -np.inf
    cur_frame = -1
    displayed_upto = -1
    for j in range(n + 1):
        t = done[j] if j < n else np.inf
        # run the application up to time t
        while head < tail:
            if app_free > t:
                break
            k = queue[head]
            head += 1
            s = app_free if app_free > done[k] else done[k]
            work = app_cost[k]
            if display:
                f = frame[k]
                if f > cur_frame and cur_frame >= 0 and displayed_upto < cur_frame:
                    work += display_cost[cur_frame]
                    displayed_upto = cur_frame
                if f > cur_frame:
                    cur_frame = f
                if index[k] == last_index and displayed_upto < f:
                    work += display_cost[f]
                    displayed_upto = f
            app_free = _advance(s, work, starts, a_at_start, cum_before)
            consumed[k] = app_free
        if j == n:
            break
        if tail - head >= buffer_packets:
            dropped[j] = True
        else:
            queue[tail] = j
            tail += 1
    return dropped, consumed
