"""Compiled core of :mod:`mmperf.networks.shared_bottleneck` (one event loop, explicit arrays).

No event heap: every event source here is in time order by construction, so the loop merges
five sources by ``(time, insertion order)``, which is the order a heap keyed the same way
would give (the kernel before this one used :mod:`mmperf.networks.packetsim`'s heap; the
results are identical, ``tests/unit/networks/test_shared_bottleneck.py``):

* the video packets, a pointer into their (sorted) send times; at equal times a video packet
  comes before any other event but a service start;
* **service starts** of the link: the next queued packet starts when the link frees
  (``busy``), before any event of the same time; the link is a non-preemptive server of two
  FIFOs, the *reserved* one first (strict priority), then *best effort*;
* ``DATA`` a TCP segment reaches its receiver: a FIFO, since segments leave the one link in
  order and all take the same propagation delay;
* ``ACK`` an ACK reaches its sender: a FIFO, since ACKs are sent in DATA order and all take
  the same delay;
* timers, at most one pending RTO event and one start per flow: ``2K`` slots whose earliest
  is cached and recomputed only when a slot changes (a few times per RTO, not per packet).

Each DATA, ACK and timer event gets an insertion number from one counter, so ties between
them are broken as before.

Video packets meet a per-stream token-bucket policer before the queues: a packet that finds
at least its size in tokens is *conforming* and joins the reserved FIFO; otherwise it joins
best effort like TCP. The bucket of stream ``i`` fills at its reserved rate, which is
``rate[i, w]`` in window ``w = floor((t - offset) / period)`` (0 before the first window, the last
window's rate after the last), and holds at most ``depth[i]`` bytes (full at time 0).

The kernel is cached on disk (``cache=True``): compiling it costs about 4 s, several 30-s runs
of a cell. Numba checks a cached kernel against this file only, so
:func:`mmperf._numba_cache.drop_stale_cache` (run at the end of this module) deletes it when
the file of the function it inlines from another module
(:func:`mmperf._kernel.rtt_update`) has changed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mmperf import _kernel, _numba_cache
from mmperf._kernel import rtt_update  # RFC 6298 sec. 2, per index (here: per flow)

EV_DATA, EV_ACK, EV_RTO, EV_START = 1, 2, 3, 4
INF = 1e300

# per-flow counters (columns of ``fc``)
F_SENT, F_DROPS, F_DELIVERED, F_RETX, F_FAST, F_TIMEOUTS, F_INFLIGHT, F_LINK_BYTES, F_ACKED = range(9)
N_FC = 9
# video packet fates (``varr``): arrival time >= 0 at the far end, or one of these
V_DROPPED, V_NOT_OFFERED, V_QUEUED = -1.0, -2.0, -3.0


def fifo_capacity(k_flows: int, rwnd: int) -> int:
    """Entries the DATA and ACK FIFOs may hold: per flow at most ``2 (rwnd + 2)`` (a power of two)."""
    n = max(1 << 10, 2 * k_flows * (rwnd + 2) + 16)
    c = 1
    while c < n:
        c *= 2
    return c


@njit(cache=True, inline="always")
def _refill(i, now, tok, tlast, twin, rrate, period, offset, depth, refill):  # pragma: no cover - compiled
    """Tokens of stream ``i``'s bucket at ``now``: integrate its piecewise-constant rate since ``tlast``.

    With ``refill`` the bucket is full when the first packet of each rate window comes (window
    ``floor((now - offset) / period)``, -1 before ``offset``, the last one's after the last; ``twin``
    holds the window each bucket was last filled in): one policer per window, as ns-2.35's.
    """
    W = rrate.shape[1]
    if refill:
        wn = int(np.floor((now - offset) / period)) if now >= offset else -1
        if wn > W - 1:
            wn = W - 1
        if wn > twin[i]:
            twin[i] = wn
            tok[i] = depth[i]
            tlast[i] = now
            return
    t = tlast[i]
    x = tok[i]
    w = int(np.floor((t - offset) / period)) if t >= offset else -1
    while True:
        tb = offset + (w + 1) * period if w >= 0 else offset
        te = now if now < tb else tb
        if te > t:
            r = 0.0 if w < 0 else rrate[i, w if w < W else W - 1]
            x = x + r * (te - t)
            if x > depth[i]:
                x = depth[i]
            t = te
        if now <= tb:
            break
        w += 1
    tok[i] = x
    tlast[i] = now


@njit(cache=True)
def run(vt, vs, vstream, rrate, period, offset, depth, refill, start, t_end, rate_bps, delay_s, qlim, pkt_bytes,
        ack_delay, rwnd, init_cwnd, rto_init, rto_min, rto_max, fcap):  # pragma: no cover - compiled
    """Run the shared bottleneck until ``t_end``.

    ``vstream`` gives each video packet's stream (an index into the rows of ``rrate`` [bytes/s]
    and ``depth`` [bytes]); with ``rrate`` of zero rows there is no reserved class. ``refill``: a bucket
    is full again at the first packet of each rate window (else it carries its tokens across windows). ``qlim``
    bounds the best-effort packets in the system (waiting or in transmission); the reserved
    FIFO is not bounded (the policer bounds it). ``fcap``: :func:`fifo_capacity`.

    Returns ``(varr, fc, events, cwnd, ssthresh, vres, max_res_backlog)``: each video packet's
    arrival time at the far end (``V_DROPPED``, ``V_NOT_OFFERED`` if sent after ``t_end``,
    ``V_QUEUED`` if still waiting at ``t_end``), the per-flow counters ``fc`` (K, N_FC), the events
    processed (video packets, DATA, ACK and timer events; service starts are not counted),
    each flow's final window and slow-start threshold [segments], whether each video packet
    was conforming (1) and the largest reserved backlog seen [bytes].
    """
    K = start.shape[0]
    nv = vt.shape[0]
    S = rrate.shape[0]
    R = 1
    while R <= rwnd + 1:
        R *= 2
    mask = R - 1
    fmask = fcap - 1
    tx_per_byte = 8.0 / rate_bps
    # ---- the link: a non-preemptive server of the reserved FIFO (first) and the best-effort FIFO
    busy = 0.0                          # when the packet in service (if any) finishes
    cur_be = False                      # the packet in service is best effort
    be_a = np.zeros(qlim + 1, np.int64)  # video index >= 0, or -(k + 1) for a segment of flow k
    be_b = np.zeros(qlim + 1, np.int64)  # the segment number
    be_h = 0
    be_n = 0
    bcap = qlim + 1
    rq = np.zeros(max(nv, 1), np.int64)  # conforming video packets, in arrival order
    rq_h = 0
    rq_n = 0
    rq_bytes = 0.0
    max_rq = 0.0
    tok = depth.copy()
    tlast = np.zeros(S)
    twin = np.full(S, -1, np.int64)      # the window each bucket was last filled in (refill)
    vres = np.zeros(nv, np.int8)
    # ---- the DATA and ACK FIFOs: (time, insertion number, flow, segment or ACK number)
    dt_ = np.empty(fcap)
    dq_ = np.empty(fcap, np.int64)
    dk_ = np.empty(fcap, np.int64)
    ds_ = np.empty(fcap, np.int64)
    d_h = 0
    d_n = 0
    at_ = np.empty(fcap)
    aq_ = np.empty(fcap, np.int64)
    ak_ = np.empty(fcap, np.int64)
    as_ = np.empty(fcap, np.int64)
    a_h = 0
    a_n = 0
    seq = 0
    # ---- timers: slot k the RTO event of flow k, slot K + k its start
    tt = np.full(2 * K, INF)
    tq = np.zeros(2 * K, np.int64)
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
    varr = np.full(nv, V_NOT_OFFERED)
    events = 0
    for k in range(K):
        tt[K + k] = start[k]
        tq[K + k] = seq
        seq += 1
    tb_i = -1                           # the earliest timer slot (-1: none)
    tb_t = INF
    for j in range(2 * K):
        if tt[j] < tb_t:
            tb_t = tt[j]
            tb_i = j
    iv = 0
    while True:
        # ---- the earliest of DATA, ACK and timers by (time, insertion number)
        src = 0
        th = INF
        hq = 0
        if d_n > 0:
            src, th, hq = 1, dt_[d_h], dq_[d_h]
        if a_n > 0 and (at_[a_h] < th or (at_[a_h] == th and aq_[a_h] < hq)):
            src, th, hq = 2, at_[a_h], aq_[a_h]
        if tb_i >= 0 and (tb_t < th or (tb_t == th and tq[tb_i] < hq)):
            src, th = 3, tb_t
        tv = vt[iv] if iv < nv else INF
        tn = tv if tv <= th else th
        # ---- a service start comes first: the link frees at ``busy`` and a packet waits
        if rq_n + be_n > 0 and busy <= tn and busy <= t_end:
            now = busy
            if rq_n > 0:
                i = rq[rq_h]
                rq_h += 1
                rq_n -= 1
                rq_bytes -= vs[i]
                busy = now + vs[i] * tx_per_byte
                varr[i] = busy + delay_s
                cur_be = False
            else:
                a = be_a[be_h]
                s = be_b[be_h]
                be_h = be_h + 1 if be_h + 1 < bcap else 0
                be_n -= 1
                cur_be = True
                if a >= 0:
                    busy = now + vs[a] * tx_per_byte
                    varr[a] = busy + delay_s
                else:
                    busy, seq, d_n = _transmit(-a - 1, s, now, fc, pkt_bytes, tx_per_byte, delay_s,
                                               dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq)
            continue
        if tn > t_end:
            break
        events += 1
        if tv <= th:  # ---- a video packet: policer, then a FIFO (or a drop)
            now = tv
            conf = False
            if S > 0:
                i = vstream[iv]
                _refill(i, now, tok, tlast, twin, rrate, period, offset, depth, refill)
                if tok[i] >= vs[iv]:
                    tok[i] -= vs[iv]
                    conf = True
            if conf:
                vres[iv] = 1
            if not conf and be_n + (1 if (cur_be and busy > now) else 0) >= qlim:
                varr[iv] = V_DROPPED
            elif rq_n + be_n == 0 and busy <= now:  # an idle link: the packet starts now
                busy = now + vs[iv] * tx_per_byte
                varr[iv] = busy + delay_s
                cur_be = not conf
            elif conf:
                rq[(rq_h + rq_n)] = iv  # never wraps: one slot per video packet
                rq_n += 1
                rq_bytes += vs[iv]
                if rq_bytes > max_rq:
                    max_rq = rq_bytes
                varr[iv] = V_QUEUED
            else:
                j = be_h + be_n
                be_a[j if j < bcap else j - bcap] = iv
                be_n += 1
                varr[iv] = V_QUEUED
            iv += 1
            continue
        now = th
        if src == 1:  # ---- a segment reaches the receiver: cumulative ACK of every segment
            k = dk_[d_h]
            s = ds_[d_h]
            d_h = (d_h + 1) & fmask
            d_n -= 1
            fc[k, F_DELIVERED] += 1
            if s == rcv[k]:
                rcv[k] += 1
                while got[k, rcv[k] & mask] == 1:
                    got[k, rcv[k] & mask] = 0
                    rcv[k] += 1
            elif s > rcv[k]:
                got[k, s & mask] = 1
            a_n = _push(at_, aq_, ak_, as_, a_h, a_n, fmask, fcap, now + ack_delay, seq, k, rcv[k])
            seq += 1
            continue
        if src == 3:
            slot = tb_i
            tt[slot] = INF
            k = slot if slot < K else slot - K
            kind = EV_RTO if slot < K else EV_START
        else:
            k = ak_[a_h]
            ack_no = as_[a_h]
            a_h = (a_h + 1) & fmask
            a_n -= 1
            kind = EV_ACK
        timers_changed = src == 3
        if kind == EV_START:
            started[k] = 1
        elif kind == EV_RTO:
            t_ev[k] = INF
            if deadline[k] >= INF:
                tb_i, tb_t = _earliest(tt)
                continue
            if deadline[k] > now:  # the timer was restarted since: wait for the new deadline
                tt[k] = deadline[k]
                tq[k] = seq
                seq += 1
                t_ev[k] = deadline[k]
                tb_i, tb_t = _earliest(tt)
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
        else:
            a = ack_no
            if a > una[k]:  # ---- new data acknowledged
                newly = a - una[k]
                fc[k, F_ACKED] += newly
                s = a - 1
                if rex[k, s & mask] == 0:  # Karn: no sample from a retransmitted segment
                    rtt_update(k, now - sent_t[k, s & mask], srtt, rttvar, rto, rto_min, rto_max)
                una[k] = a
                if nxt[k] < a:
                    nxt[k] = a
                restart = True
                if inrec[k] == 1 and a - 1 >= recover[k]:  # full ACK (RFC 6582 sec. 3.2 step 3): deflate
                    dupw[k] = 0.0
                    inrec[k] = 0
                if inrec[k] == 1:  # partial ACK: retransmit the next hole, deflate by what was acked, add one
                    be_h, be_n, busy, cur_be, seq, d_n = _send(
                        k, a, now, sent_t, rex, maxs, mask, fc, pkt_bytes, tx_per_byte, delay_s, qlim, be_a, be_b,
                        be_h, be_n, bcap, busy, cur_be, rq_n, dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq)
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
                    be_h, be_n, busy, cur_be, seq, d_n = _send(
                        k, a, now, sent_t, rex, maxs, mask, fc, pkt_bytes, tx_per_byte, delay_s, qlim, be_a, be_b,
                        be_h, be_n, bcap, busy, cur_be, rq_n, dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq)
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
                be_h, be_n, busy, cur_be, seq, d_n = _send(
                    k, nxt[k], now, sent_t, rex, maxs, mask, fc, pkt_bytes, tx_per_byte, delay_s, qlim, be_a, be_b,
                    be_h, be_n, bcap, busy, cur_be, rq_n, dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq)
                nxt[k] += 1
            if deadline[k] >= INF and maxs[k] > una[k]:
                deadline[k] = now + rto[k]
            if deadline[k] < INF and t_ev[k] >= INF:
                tt[k] = deadline[k]
                tq[k] = seq
                seq += 1
                t_ev[k] = deadline[k]
                timers_changed = True
        if timers_changed:
            tb_i, tb_t = _earliest(tt)
    # ---- what is still in the system at t_end: waiting packets, segments in propagation
    for j in range(be_n):
        a = be_a[(be_h + j) % bcap]
        if a < 0:
            fc[-a - 1, F_INFLIGHT] += 1
    fin_limit = t_end + delay_s
    for j in range(d_n):
        jj = (d_h + j) & fmask
        k = dk_[jj]
        fc[k, F_INFLIGHT] += 1
        if dt_[jj] > fin_limit:  # its transmission had not finished by t_end
            fc[k, F_LINK_BYTES] -= pkt_bytes
    return varr, fc, events, cwnd.copy(), ssth.copy(), vres, max_rq


@njit(cache=True, inline="always")
def _earliest(tt):  # pragma: no cover - compiled
    """The earliest timer slot and its time (-1, INF if none)."""
    bi = -1
    bt = INF
    for j in range(tt.shape[0]):
        if tt[j] < bt:
            bt = tt[j]
            bi = j
    return bi, bt


@njit(cache=True, inline="always")
def _transmit(k, s, now, fc, pkt_bytes, tx_per_byte, delay_s, dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap,
              seq):  # pragma: no cover - compiled
    """Start segment ``s`` of flow ``k`` on the link at ``now``: it reaches the receiver one transmission
    and one propagation delay later (the DATA FIFO, in order of arrival).

    Returns the new ``(busy, seq, d_n)``: the link's busy-until time, the event sequence number and the
    DATA FIFO's length.
    """
    busy = now + pkt_bytes * tx_per_byte
    fc[k, F_LINK_BYTES] += pkt_bytes
    return busy, seq + 1, _push(dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, busy + delay_s, seq, k, s)


@njit(cache=True, inline="always")
def _push(times, seqs, flows, vals, head, n, fmask, fcap, t, seq, k, v):  # pragma: no cover - compiled
    """Append an event (time ``t``, sequence ``seq``, flow ``k``, value ``v``) to a ring FIFO of
    ``fcap`` slots (``fmask = fcap - 1``) holding ``n`` events from ``head``; returns the new length."""
    if n >= fcap:
        raise RuntimeError("event FIFO overflow (DATA or ACK): fifo_capacity is too small")
    j = (head + n) & fmask
    times[j] = t
    seqs[j] = seq
    flows[j] = k
    vals[j] = v
    return n + 1


@njit(cache=True, inline="always")
def _send(k, s, now, sent_t, rex, maxs, mask, fc, pkt_bytes, tx_per_byte, delay_s, qlim, be_a, be_b, be_h, be_n, bcap,
          busy, cur_be, rq_n, dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq):  # pragma: no cover - compiled
    """Offer segment ``s`` of flow ``k`` to the best-effort FIFO at ``now`` (started at once on an idle link).

    Returns the new ``(be_h, be_n, busy, cur_be, seq, d_n)``.
    """
    j = s & mask
    sent_t[k, j] = now
    if s < maxs[k]:
        rex[k, j] = 1
        fc[k, F_RETX] += 1
    else:
        rex[k, j] = 0
        maxs[k] = s + 1
    fc[k, F_SENT] += 1
    if be_n + (1 if (cur_be and busy > now) else 0) >= qlim:
        fc[k, F_DROPS] += 1
    elif be_n == 0 and rq_n == 0 and busy <= now:  # an idle link: the segment starts now
        cur_be = True
        busy, seq, d_n = _transmit(k, s, now, fc, pkt_bytes, tx_per_byte, delay_s,
                                   dt_, dq_, dk_, ds_, d_h, d_n, fmask, fcap, seq)
    else:
        jj = be_h + be_n
        jj = jj if jj < bcap else jj - bcap
        be_a[jj] = -(k + 1)
        be_b[jj] = s
        be_n += 1
    return be_h, be_n, busy, cur_be, seq, d_n


# the kernels inline _kernel.rtt_update: drop them from the disk cache when that file changes
_numba_cache.drop_stale_cache(__file__, [_kernel], kernel=run)
