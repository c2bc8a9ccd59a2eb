"""Compiled core of :mod:`mmperf.networks.shared_bottleneck` (one event loop, explicit arrays).

Events (heap keys ``(time, insertion order)``, :mod:`mmperf.networks.packetsim`'s heap):
``EV_DATA`` a TCP segment reaches its receiver, ``EV_ACK`` an ACK reaches its sender,
``EV_RTO`` a retransmission timer, ``EV_START`` a TCP flow starts. Video packets are not heap
events: they are offered to the queue in their given order from a pointer, before any heap
event of the same or a later time. The queue is :func:`~mmperf.networks.packetsim.link_send`
(drop-tail by packets in the system, FIFO service at the link rate, then the propagation delay).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mmperf.networks.packetsim import heap_pop, heap_push, link_send
from mmperf.transports._engine import _rtt_update as _rtt_sample  # RFC 6298 sec. 2, per index (here: per flow)

EV_DATA, EV_ACK, EV_RTO, EV_START = 1, 2, 3, 4
INF = 1e300

# per-flow counters (columns of ``fc``)
F_SENT, F_DROPS, F_DELIVERED, F_RETX, F_FAST, F_TIMEOUTS, F_INFLIGHT, F_LINK_BYTES, F_ACKED = range(9)
N_FC = 9


def heap_capacity(k_flows: int, rwnd: int) -> int:
    """Events the heap may hold: per flow at most ``rwnd`` segments or their ACKs in flight, a timer, a start."""
    return max(1 << 12, k_flows * (rwnd + 2) + 16)


@njit(cache=False)
def run(vt, vs, start, t_end, rate_bps, delay_s, qlim, pkt_bytes, ack_delay, rwnd, init_cwnd,
        rto_init, rto_min, rto_max, ht, hq, hk, ha, hb, hc, hs):  # pragma: no cover - compiled
    """Run the shared bottleneck until ``t_end`` (``ht .. hs``: an empty heap, :func:`heap_capacity` events).

    Returns ``(varr, fc, link_counters, events, cwnd, ssthresh)``: each video packet's arrival
    time at the far end (-1 dropped, -2 never offered because sent after ``t_end``), the per-flow
    counters ``fc`` (K, N_FC), the link's counters (offered, queue drops, -, -), the number of
    events processed, and each flow's final window and slow-start threshold [segments].
    """
    K = start.shape[0]
    nv = vt.shape[0]
    # ring size: a power of two above the receiver window (segments in flight are < rwnd)
    R = 1
    while R <= rwnd + 1:
        R *= 2
    mask = R - 1
    ev = np.empty(5)
    # ---- the bottleneck (link 0 of packetsim's two-link arrays; link 1 unused)
    rate = np.full(2, rate_bps)
    delay = np.full(2, delay_s)
    ql = np.full(2, qlim, np.int64)
    per = np.zeros(2)
    lstart = np.zeros(2)
    unif = np.zeros((2, 1))
    fstate = np.zeros((2, 4))
    ring = np.zeros((2, qlim + 1))
    counters = np.zeros((2, 4), np.int64)
    stats = np.zeros((2, 1, 3))
    # ---- TCP senders (segments numbered 0, 1, ...; an infinite backlog)
    una = np.zeros(K, np.int64)        # oldest unacknowledged segment (= the ACK number last advanced to)
    nxt = np.zeros(K, np.int64)        # next segment to send
    maxs = np.zeros(K, np.int64)       # one past the highest segment ever sent
    cwnd = np.full(K, float(init_cwnd))
    ssth = np.full(K, 1e18)
    dupw = np.zeros(K)                 # window inflation in fast recovery, kept apart from cwnd (as ns-2 does)
    dup = np.zeros(K, np.int64)
    inrec = np.zeros(K, np.int8)
    partial = np.zeros(K, np.int8)     # a partial ACK came in this recovery
    recover = np.full(K, -2, np.int64)  # below every segment: the first loss may use fast retransmit
    srtt = np.full(K, -1.0)
    rttvar = np.zeros(K)
    rto = np.full(K, rto_init)
    deadline = np.full(K, INF)         # RTO deadline (INF: timer off)
    t_ev = np.full(K, INF)             # time of the flow's pending timer event (INF: none)
    sent_t = np.zeros((K, R))
    rex = np.zeros((K, R), np.int8)
    started = np.zeros(K, np.int8)
    # ---- TCP receivers
    rcv = np.zeros(K, np.int64)        # next in-order segment expected
    got = np.zeros((K, R), np.int8)    # out-of-order segments held
    fc = np.zeros((K, N_FC))
    varr = np.full(nv, -2.0)
    events = 0
    for k in range(K):
        heap_push(ht, hq, hk, ha, hb, hc, hs, start[k], EV_START, k, 0, 0)
    iv = 0
    while True:
        tv = vt[iv] if iv < nv else INF
        th = ht[0] if hs[0] > 0 else INF
        if tv <= th:
            if tv > t_end:
                break
            now = tv
            varr[iv] = link_send(0, now, vs[iv], rate, delay, ql, per, lstart, unif, fstate, ring, counters, stats, 1.0)
            iv += 1
            events += 1
            continue
        if th > t_end:
            break
        heap_pop(ht, hq, hk, ha, hb, hc, hs, ev)
        events += 1
        now = ev[0]
        kind = int(ev[1])
        k = int(ev[2])
        if kind == EV_DATA:  # ---- a segment reaches the receiver: cumulative ACK of every segment
            s = int(ev[3])
            fc[k, F_DELIVERED] += 1
            if s == rcv[k]:
                rcv[k] += 1
                while got[k, rcv[k] & mask] == 1:
                    got[k, rcv[k] & mask] = 0
                    rcv[k] += 1
            elif s > rcv[k]:
                got[k, s & mask] = 1
            heap_push(ht, hq, hk, ha, hb, hc, hs, now + ack_delay, EV_ACK, k, rcv[k], 0)
            continue
        if kind == EV_START:
            started[k] = 1
        elif kind == EV_RTO:
            t_ev[k] = INF
            if deadline[k] >= INF:
                continue
            if deadline[k] > now:  # the timer was restarted since: wait for the new deadline
                heap_push(ht, hq, hk, ha, hb, hc, hs, deadline[k], EV_RTO, k, 0, 0)
                t_ev[k] = deadline[k]
                continue
            # expiry (RFC 5681 sec. 3.1 eq. 4, RFC 6298 sec. 5.5-5.7): go back to the oldest unacknowledged
            fc[k, F_TIMEOUTS] += 1
            ssth[k] = max(min(cwnd[k], rwnd) / 2.0, 2.0)
            cwnd[k] = 1.0
            dupw[k] = 0.0
            nxt[k] = una[k]
            rto[k] = min(2 * rto[k], rto_max)
            inrec[k] = 0
            dup[k] = 0
            recover[k] = maxs[k] - 1  # RFC 6582 sec. 3.2 step 4
            deadline[k] = INF
        elif kind == EV_ACK:
            a = int(ev[3])
            if a > una[k]:  # ---- new data acknowledged
                newly = a - una[k]
                fc[k, F_ACKED] += newly
                s = a - 1
                if rex[k, s & mask] == 0:  # Karn: no sample from a retransmitted segment
                    _rtt_sample(k, now - sent_t[k, s & mask], srtt, rttvar, rto, rto_min, rto_max)
                una[k] = a
                if nxt[k] < a:
                    nxt[k] = a
                restart = True
                if inrec[k] == 1 and a - 1 >= recover[k]:  # full ACK (RFC 6582 sec. 3.2 step 3): deflate
                    dupw[k] = 0.0
                    inrec[k] = 0
                if inrec[k] == 1:  # partial ACK: retransmit the next hole, deflate by what was acked, add one
                    _send(k, a, now, sent_t, rex, maxs, mask, fc, pkt_bytes, rate, delay, ql, per, lstart, unif,
                          fstate, ring, counters, stats, ht, hq, hk, ha, hb, hc, hs)
                    if dupw[k] > newly:
                        dupw[k] -= newly - 1.0
                    else:
                        cwnd[k] = max(cwnd[k] - (newly - dupw[k]), 1.0)
                        dupw[k] = 1.0
                    # only the first partial ACK of a recovery restarts the timer (RFC 6582 sec. 3.2
                    # step 5, the "Impatient" variant of sec. 4): many holes end in a timeout
                    restart = partial[k] == 0
                    partial[k] = 1
                else:
                    dup[k] = 0
                    if cwnd[k] < ssth[k]:
                        cwnd[k] += 1.0                # slow start (RFC 5681 sec. 3.1)
                    else:
                        cwnd[k] += 1.0 / cwnd[k]      # congestion avoidance
                if restart:  # RFC 6298 sec. 5.2-5.3
                    deadline[k] = now + rto[k] if una[k] < maxs[k] else INF
            elif a == una[k] and maxs[k] > una[k]:  # ---- a duplicate ACK
                dup[k] += 1
                if inrec[k] == 1:
                    dupw[k] += 1.0  # window inflation (RFC 5681 sec. 3.2 step 4)
                elif dup[k] == 3 and a - 1 > recover[k]:  # fast retransmit (RFC 6582 sec. 3.2 step 2)
                    recover[k] = maxs[k] - 1
                    ssth[k] = max(min(cwnd[k], rwnd) / 2.0, 2.0)
                    fc[k, F_FAST] += 1
                    _send(k, a, now, sent_t, rex, maxs, mask, fc, pkt_bytes, rate, delay, ql, per, lstart, unif,
                          fstate, ring, counters, stats, ht, hq, hk, ha, hb, hc, hs)
                    cwnd[k] = ssth[k]
                    dupw[k] = 3.0
                    inrec[k] = 1
                    partial[k] = 0
                    deadline[k] = now + rto[k]
        # ---- send what the window allows (counted from the oldest unacknowledged segment)
        if started[k] == 1:
            w = cwnd[k] + dupw[k]
            w = w if w < rwnd else float(rwnd)
            lim = una[k] + int(w)
            while nxt[k] < lim:
                _send(k, nxt[k], now, sent_t, rex, maxs, mask, fc, pkt_bytes, rate, delay, ql, per, lstart, unif,
                      fstate, ring, counters, stats, ht, hq, hk, ha, hb, hc, hs)
                nxt[k] += 1
            if deadline[k] >= INF and maxs[k] > una[k]:
                deadline[k] = now + rto[k]
            if deadline[k] < INF and t_ev[k] >= INF:
                heap_push(ht, hq, hk, ha, hb, hc, hs, deadline[k], EV_RTO, k, 0, 0)
                t_ev[k] = deadline[k]
    # ---- what is still on the wire at t_end: segments in propagation; link bytes not yet sent
    fin_limit = t_end + delay_s
    while hs[0] > 0:
        heap_pop(ht, hq, hk, ha, hb, hc, hs, ev)
        if int(ev[1]) == EV_DATA:
            k = int(ev[2])
            fc[k, F_INFLIGHT] += 1
            if ev[0] > fin_limit:  # its transmission had not finished by t_end
                fc[k, F_LINK_BYTES] -= pkt_bytes
    return varr, fc, counters[0].copy(), events, cwnd.copy(), ssth.copy()


@njit(cache=False)
def _send(k, s, now, sent_t, rex, maxs, mask, fc, pkt_bytes, rate, delay, ql, per, lstart, unif, fstate, ring,
          counters, stats, ht, hq, hk, ha, hb, hc, hs):  # pragma: no cover - compiled
    """Offer segment ``s`` of flow ``k`` to the bottleneck; schedule its arrival unless dropped."""
    j = s & mask
    sent_t[k, j] = now
    if s < maxs[k]:
        rex[k, j] = 1
        fc[k, F_RETX] += 1
    else:
        rex[k, j] = 0
        maxs[k] = s + 1
    fc[k, F_SENT] += 1
    arr = link_send(0, now, pkt_bytes, rate, delay, ql, per, lstart, unif, fstate, ring, counters, stats, 1.0)
    if arr >= 0:
        fc[k, F_LINK_BYTES] += pkt_bytes
        heap_push(ht, hq, hk, ha, hb, hc, hs, arr, EV_DATA, k, s, 0)
    else:
        fc[k, F_DROPS] += 1
