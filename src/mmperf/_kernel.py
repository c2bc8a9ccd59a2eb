"""The compiled pieces below every simulator (core): the event heap, the link, the RTT estimator.

Three kernels shared by the packages above, here so that none of them has to import another
for them: :mod:`mmperf.transports` (``_engine``: the heap, the link and the estimator),
:mod:`mmperf.networks` (``packetsim``: the heap and the link; ``_shared_bottleneck``: the
estimator) and :mod:`mmperf.hosts` (``_ps2_core``: the heap).

* **The event heap** (:func:`heap_push`, :func:`heap_pop`, :func:`new_heap`): a binary heap of
  events keyed by ``(time, sequence number)``, the sequence number counting every push, so that
  events of equal time come out in the order they were pushed; a payload of a kind and three
  integers per event, in seven flat arrays.
* **The link** (:func:`link_send`, :func:`link_state`, :class:`Link`): two duplex drop-tail links,
  each a FIFO server with a bounded queue and a uniform packet error model switched on at a time per
  link (the model is stated in :mod:`mmperf.networks.packetsim`).
* **The RTT estimator** (:func:`rtt_update`): RFC 6298's smoothed RTT, its variation and the
  retransmission timeout, per index.

All three are compiled with ``inline="always"``: a call that passes a dozen arrays costs more
than the work of an event. The kernels that inline them and are cached on disk name this file in
their :func:`mmperf._numba_cache.drop_stale_cache` stamp, so that a change here compiles them again.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from mmperf import _validate

# link counters (columns of the counters array)
C_OFFERED, C_QDROP, C_ERRDROP, C_ARRIVED = 0, 1, 2, 3
# per-bin statistics
S_TXBYTES, S_QDROP, S_ERRDROP = 0, 1, 2


def link_state(queue_limit: int):
    """Fresh state for two links: ``(fstate, ring)``.

    ``fstate[p]`` = [busy_until, ring head, ring count, uniform-draw cursor];
    ``ring[p]`` holds the finish times of the packets in link ``p``.
    """
    queue_limit = _validate.whole(queue_limit, "queue_limit", minimum=1)
    _validate.size(2 * (queue_limit + 1), "queue_limit (the links' rings)")
    return np.zeros((2, 4)), np.zeros((2, int(queue_limit) + 1))


Link = namedtuple("Link", "rate delay qlim per loss_start unif bin_s fstate ring counters stats")
"""The two links as :func:`link_send` reads and updates them (numba passes a namedtuple as one argument).

Read only: per link ``p`` the rate ``rate[p]`` [bit/s], propagation delay ``delay[p]`` [s], queue limit
``qlim[p]`` [packets], error rate ``per[p]`` and the time it starts ``loss_start[p]`` [s]; the error
model's uniform draws ``unif[p, k]``; the statistics bins' width ``bin_s`` [s]. Updated: the links'
state ``fstate`` and ``ring`` (:func:`link_state`), the counters ``counters[p, C_*]`` and the per-bin
statistics ``stats[p, bin, S_*]``. Any namedtuple with these fields will do (the transports' ``Links``
adds the SACK delay).
"""


# inlined into its callers: a call that passes a dozen arrays costs more than the work of a packet
# (the datagram kernel ran 7x faster inlined, `make bench`)
@njit(cache=False, inline="always")
def link_send(lk, p, now, nbytes):  # pragma: no cover - compiled
    """Offer a packet of ``nbytes`` to link ``p`` at ``now``.

    Parameters
    ----------
    lk : Link
        The links (or any namedtuple with :class:`Link`'s fields); their state, counters and
        statistics are updated in place.
    p : int
        The link, 0 or 1.
    now : float
        The time the packet reaches the queue [s].
    nbytes : float
        The packet's size [bytes].

    Returns
    -------
    float
        The arrival time at the far end [s], or -1.0 if the packet was dropped by the queue
        (-2.0 if lost to the error model).

    Raises
    ------
    RuntimeError
        If the error model's uniform draws are exhausted.
    """
    rate, delay, qlim, per, loss_start, unif = lk.rate, lk.delay, lk.qlim, lk.per, lk.loss_start, lk.unif
    fstate, ring, counters, stats, bin_s = lk.fstate, lk.ring, lk.counters, lk.stats, lk.bin_s
    cap = ring.shape[1]
    head = int(fstate[p, 1])
    cnt = int(fstate[p, 2])
    while cnt > 0 and ring[p, head] <= now:
        head = (head + 1) % cap
        cnt -= 1
    counters[p, 0] += 1
    nb = stats.shape[1]
    if cnt >= qlim[p]:
        fstate[p, 1] = head
        fstate[p, 2] = cnt
        counters[p, 1] += 1
        b = min(int(now / bin_s), nb - 1)
        stats[p, b, 1] += 1
        return -1.0
    start = now if now > fstate[p, 0] else fstate[p, 0]
    fin = start + nbytes * 8.0 / rate[p]
    fstate[p, 0] = fin
    ring[p, (head + cnt) % cap] = fin
    cnt += 1
    fstate[p, 1] = head
    fstate[p, 2] = cnt
    b = min(int(fin / bin_s), nb - 1)
    stats[p, b, 0] += nbytes
    if per[p] > 0.0 and now >= loss_start[p]:
        k = int(fstate[p, 3])
        fstate[p, 3] = k + 1
        if k >= unif.shape[1]:
            raise RuntimeError("uniform draws of the error model exhausted")
        if unif[p, k] < per[p]:
            counters[p, 2] += 1
            stats[p, b, 2] += 1
            return -2.0
    return fin + delay[p]


# --- event heap: keys (time, seq); payload kind, a, b, c -----------------------------------
_HEAP_ARGS = "f8[::1], i8[::1], i8[::1], i8[::1], i8[::1], i8[::1], i8[::1]"


@njit(cache=False, inline="always")
def heap_push(ht, hq, hk, ha, hb, hc, hs, t, kind, a, b, c):  # pragma: no cover - compiled
    """Push the event ``(t, kind, a, b, c)``; it is keyed by ``(t, seq)``, ``seq = hs[1]`` counting every push.

    ``ht``..``hc`` are the heap's columns (time, sequence number, kind, three payload integers) and
    ``hs`` = [size, next sequence number] (:func:`new_heap`). Events of equal time pop in the order
    they were pushed.

    Raises
    ------
    RuntimeError
        If the heap is full.
    """
    n = hs[0]
    if n >= ht.shape[0]:
        raise RuntimeError("event heap overflow")
    seq = hs[1]
    hs[1] = seq + 1
    i = n
    while i > 0:
        par = (i - 1) >> 1
        if ht[par] < t or (ht[par] == t and hq[par] < seq):
            break
        ht[i] = ht[par]
        hq[i] = hq[par]
        hk[i] = hk[par]
        ha[i] = ha[par]
        hb[i] = hb[par]
        hc[i] = hc[par]
        i = par
    ht[i] = t
    hq[i] = seq
    hk[i] = kind
    ha[i] = a
    hb[i] = b
    hc[i] = c
    hs[0] = n + 1


@njit(cache=False, inline="always")
def heap_pop(ht, hq, hk, ha, hb, hc, hs, out):  # pragma: no cover - compiled
    """Pop the earliest event into ``out`` = [time, kind, a, b, c] (float array)."""
    out[0] = ht[0]
    out[1] = hk[0]
    out[2] = ha[0]
    out[3] = hb[0]
    out[4] = hc[0]
    n = hs[0] - 1
    hs[0] = n
    if n == 0:
        return
    t = ht[n]
    q = hq[n]
    k = hk[n]
    a = ha[n]
    b = hb[n]
    c = hc[n]
    i = 0
    while True:
        l = 2 * i + 1
        if l >= n:
            break
        r = l + 1
        m = l
        if r < n and (ht[r] < ht[l] or (ht[r] == ht[l] and hq[r] < hq[l])):
            m = r
        if ht[m] < t or (ht[m] == t and hq[m] < q):
            ht[i] = ht[m]
            hq[i] = hq[m]
            hk[i] = hk[m]
            ha[i] = ha[m]
            hb[i] = hb[m]
            hc[i] = hc[m]
            i = m
        else:
            break
    ht[i] = t
    hq[i] = q
    hk[i] = k
    ha[i] = a
    hb[i] = b
    hc[i] = c


def new_heap(capacity: int = 1 << 17):
    """Arrays of an empty event heap (times, seq, kind, a, b, c, size/seq counters)."""
    _validate.size(6 * _validate.whole(capacity, "capacity", minimum=1), "capacity (the heap's six arrays)")
    return (np.empty(capacity), np.empty(capacity, np.int64), np.empty(capacity, np.int64),
            np.empty(capacity, np.int64), np.empty(capacity, np.int64), np.empty(capacity, np.int64),
            np.zeros(2, np.int64))


@njit(cache=True, inline="always")
def rtt_update(p, r, srtt, rttvar, rto, rto_min, rto_max):  # pragma: no cover - compiled
    """Fold the RTT sample ``r`` [s] of index ``p`` into its estimator (RFC 6298 sec. 2).

    The first sample sets ``srtt[p] = r`` and ``rttvar[p] = r / 2`` (``srtt[p] < 0`` marks
    "no sample yet"); later ones update ``rttvar[p] = 3/4 rttvar[p] + 1/4 |srtt[p] - r|``, then
    ``srtt[p] = 7/8 srtt[p] + 1/8 r``. The timeout becomes ``rto[p] = srtt[p] + 4 rttvar[p]``,
    clamped to ``[rto_min, rto_max]``. The arrays are updated in place; ``p`` is a path (the
    transports) or a flow (:mod:`mmperf.networks.shared_bottleneck`).
    """
    if srtt[p] < 0:
        srtt[p] = r
        rttvar[p] = r / 2
    else:
        rttvar[p] = 0.75 * rttvar[p] + 0.25 * abs(srtt[p] - r)
        srtt[p] = 0.875 * srtt[p] + 0.125 * r
    v = srtt[p] + 4 * rttvar[p]
    rto[p] = min(max(v, rto_min), rto_max)
