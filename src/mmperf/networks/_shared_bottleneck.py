"""Compiled core of :mod:`mmperf.networks.shared_bottleneck` (one event loop and its named steps).

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

**State.** :func:`run` takes four arguments: the video packets (:class:`Video`), the policer
(:class:`Policer`), the flows' start times and the run's constants (:class:`Config`, scalars only). The
loop's scalar state travels as two values, :class:`Port` (the link and its two queues) and :class:`Events`
(the event FIFOs' heads and lengths, the insertion counter), which its steps take and return anew; each
flow's TCP state is two arrays with named rows (``tcp_f[CWND, k]``, ``tcp_i[UNA, k]``, ...), the FIFOs a ring
of times and a ring of integers with named rows (``E_*``, ``BE_*``). This runs the Chodorek grid's 15.2-s
cells 5 % faster than the kernel of 24 positional arrays it replaced, bit for bit the same. Two rules keep it
fast: a step inlined with ``inline="always"`` has **one exit** (a helper that returns early leaves numba's
reference counts of the arrays it receives unpruned, which ran the video path 3x slower), and no state read
per event lives in a namedtuple of *arrays* (30x slower: numba counts references on a tuple's arrays at each
use) or in a structured array (the event FIFOs as records ran the TCP path 1.3x slower than plain arrays).

The kernel is cached on disk (``cache=True``): compiling it costs about 4 s, several 30-s runs
of a cell. Numba checks a cached kernel against this file only, so
:func:`mmperf._numba_cache.drop_stale_cache` (run at the end of this module) deletes it when
the file of the function it inlines from another module
(:func:`mmperf._kernel.rtt_update`) has changed.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from mmperf import _kernel, _numba_cache
from mmperf._kernel import rtt_update  # RFC 6298 sec. 2, per index (here: per flow)

EV_DATA, EV_ACK, EV_RTO, EV_START = 1, 2, 3, 4
INF = 1e300

# per-flow counters (columns of ``fc``)
F_SENT, F_DROPS, F_DELIVERED, F_RETX, F_FAST, F_TIMEOUTS, F_INFLIGHT, F_LINK_BYTES, F_ACKED = range(9)
N_FC = 9
# each TCP flow's real-valued state, the rows of ``tcp_f`` (one column per flow):
# CWND the window [segments] and SSTHRESH; CUBIC's WMAX (the window before the last reduction, W_max), WLAST
# (W_last_max, for fast convergence), EPOCH (start of the congestion-avoidance epoch, -1: none), KCUB (its K,
# the time to reach W_max again [s]) and WEST (the TCP-friendly estimate W_est); RTT_MIN the smallest RTT
# sample [s] (CUBIC's RTT); DUPW the window inflation in fast recovery, kept apart from CWND (as ns-2 does);
# DEADLINE the RTO deadline and T_EV the time of the flow's pending timer event [s] (INF: none)
CWND, SSTHRESH, WMAX, WLAST, EPOCH, KCUB, WEST, RTT_MIN, DUPW, DEADLINE, T_EV = range(11)
N_TCP_F = 11
# ... and its integer state, the rows of ``tcp_i``: UNA the oldest unacknowledged segment (the ACK number
# last advanced to), NXT the next segment to send, MAXS one past the highest segment ever sent, DUP the
# duplicate ACKs counted, INREC in fast recovery (0/1), PARTIAL a partial ACK came in this recovery (0/1),
# RECOVER the recovery point (-2 at first: below every segment, so the first loss may use fast retransmit),
# STARTED the flow has started (0/1); the receiver's RCV, the next in-order segment it expects
UNA, NXT, MAXS, DUP, INREC, PARTIAL, RECOVER, STARTED, RCV = range(9)
N_TCP_I = 9
# video packet fates (``varr``): arrival time >= 0 at the far end, or one of these
V_DROPPED, V_NOT_OFFERED, V_QUEUED = -1.0, -2.0, -3.0
# the reserved FIFO's limit (``res_mode``): none, its own drop-tail limit, or the port's one buffer shared with best effort
RES_UNBOUNDED, RES_BOUNDED, RES_SHARED = 0, 1, 2
# the senders' congestion control (``cc``)
CC_NEWRENO, CC_CUBIC = 0, 1
# CUBIC's constants (RFC 8312 sec. 4.5-4.6, Linux tcp_cubic.c: beta 717/1024, C 0.4)
CUBIC_BETA = 0.7
CUBIC_C = 0.4


def fifo_capacity(k_flows: int, rwnd: int) -> int:
    """Entries the DATA and ACK FIFOs may hold: per flow at most ``2 (rwnd + 2)`` (a power of two)."""
    n = max(1 << 10, 2 * k_flows * (rwnd + 2) + 16)
    c = 1
    while c < n:
        c *= 2
    return c


# ---- the kernel's inputs and state, as named structures (built by shared_bottleneck.simulate)
Video = namedtuple("Video", "t size stream")
"""The video packets (arrays, one entry per packet in time order): send time ``t`` [s], wire ``size``
[bytes] and ``stream`` (a row of the policer's ``rate`` and ``depth``)."""

Policer = namedtuple("Policer", "rate depth period offset refill")
"""The token-bucket policer: ``rate`` (S, W) [bytes/s] per stream and window, ``depth`` (S,) [bytes], the
windows' ``period`` and ``offset`` [s], and ``refill`` (a bucket is full again at the first packet of each
window). S = 0: no reserved class."""

Config = namedtuple("Config", "t_end tx_per_byte delay_s ack_delay qlim res_mode res_limit pkt_bytes "
                              "rwnd init_cwnd rto_init rto_min rto_max cc ring fcap")
"""The run's constants (scalars only, so that numba passes them by value): the end ``t_end`` [s], the
link's ``tx_per_byte`` [s/byte] and one-way ``delay_s`` [s], the ACKs' ``ack_delay`` [s], the best-effort
limit ``qlim`` [packets], the reserved FIFO's ``res_mode`` (``RES_*``) and ``res_limit`` [packets], the TCP
``pkt_bytes``, ``rwnd`` and ``init_cwnd`` [segments], the RTO's ``rto_init``, ``rto_min``, ``rto_max`` [s],
the congestion control ``cc`` (``CC_*``), the per-flow segment rings' size ``ring`` (:func:`ring_size`) and
the event FIFOs' ``fcap`` (:func:`fifo_capacity`), both powers of two."""

Port = namedtuple("Port", "busy cur_be be_h be_n rq_h rq_n rq_bytes max_rq")
"""The link's scalar state (a value: the steps return a new one): when the packet in service finishes
``busy`` [s], whether it is best effort ``cur_be``, the best-effort ring's head and length ``be_h``, ``be_n``,
the reserved FIFO's head, length and bytes ``rq_h``, ``rq_n``, ``rq_bytes``, and its largest backlog
``max_rq`` [bytes]."""

Events = namedtuple("Events", "seq d_h d_n a_h a_n")
"""The event FIFOs' scalar state (a value): the insertion counter ``seq`` and the heads and lengths of the
DATA (``d_h``, ``d_n``) and ACK (``a_h``, ``a_n``) FIFOs."""

# the DATA and ACK FIFOs: each a ring of times ``(fcap,)`` and one of integers ``(3, fcap)``, these rows
E_SEQ, E_FLOW, E_VAL = 0, 1, 2  # insertion number, flow, segment (DATA) or ACK number (ACK)
N_E = 3
# the best-effort ring ``(2, qlim + 1)``: a video index ``who >= 0``, or ``-(k + 1)`` for segment ``seg`` of flow k
BE_WHO, BE_SEG = 0, 1


def ring_size(rwnd: int) -> int:
    """Slots of each flow's segment rings: the smallest power of two above ``rwnd + 1``."""
    r = 1
    while r <= rwnd + 1:
        r *= 2
    return r


@njit(cache=True, inline="always")
def _refill(i, now, tok, tlast, twin, rrate, period, offset, depth, refill):  # pragma: no cover - compiled
    """Tokens of stream ``i``'s bucket at ``now``: integrate its piecewise-constant rate since ``tlast``.

    With ``refill`` the bucket is full when the first packet of each rate window comes (window
    ``floor((now - offset) / period)``, -1 before ``offset``, the last one's after the last; ``twin``
    holds the window each bucket was last filled in): one policer per window, as ns-2.35's.
    """
    W = rrate.shape[1]
    filled = False  # one exit (no early return): numba then prunes the reference counts of the arrays
    if refill:
        wn = int(np.floor((now - offset) / period)) if now >= offset else -1
        if wn > W - 1:
            wn = W - 1
        if wn > twin[i]:
            twin[i] = wn
            tok[i] = depth[i]
            tlast[i] = now
            filled = True
    if not filled:
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
def run(video, policer, start, cfg):  # pragma: no cover - compiled
    """Run the shared bottleneck until ``cfg.t_end``.

    ``video``: :class:`Video`; ``policer``: :class:`Policer` (``rate`` of zero rows: no reserved class);
    ``start``: each TCP flow's start time [s]; ``cfg``: :class:`Config`. ``cfg.qlim`` bounds the best-effort
    packets in the system (waiting or in transmission); the reserved FIFO is not bounded (the policer
    bounds it) with ``res_mode = RES_UNBOUNDED``; with ``RES_BOUNDED`` a conforming packet is dropped when
    ``res_limit`` reserved packets are in the system; with ``RES_SHARED`` every packet (either class) is
    dropped when ``qlim`` packets of both classes are in the system (one port buffer). ``cc``: ``CC_NEWRENO``
    or ``CC_CUBIC`` (RFC 8312's window growth and multiplicative decrease on the same loss recovery).

    Returns ``(varr, fc, events, cwnd, ssthresh, vres, max_res_backlog)``: each video packet's
    arrival time at the far end (``V_DROPPED``, ``V_NOT_OFFERED`` if sent after ``t_end``,
    ``V_QUEUED`` if still waiting at ``t_end``), the per-flow counters ``fc`` (K, N_FC), the events
    processed (video packets, DATA, ACK and timer events; service starts are not counted),
    each flow's final window and slow-start threshold [segments], whether each video packet
    was conforming (1) and the largest reserved backlog seen [bytes].
    """
    vt, vs, vstream = video.t, video.size, video.stream
    rrate, depth = policer.rate, policer.depth
    t_end, rwnd, cc, rto_min, rto_max = cfg.t_end, cfg.rwnd, cfg.cc, cfg.rto_min, cfg.rto_max
    K = start.shape[0]
    nv = vt.shape[0]
    S = rrate.shape[0]
    mask = cfg.ring - 1
    fmask = cfg.fcap - 1
    # ---- the link: a non-preemptive server of the reserved FIFO (first) and the best-effort FIFO
    port = Port(0.0, False, 0, 0, 0, 0, 0.0, 0.0)
    be = np.zeros((2, cfg.qlim + 1), np.int64)
    rq = np.zeros(max(nv, 1), np.int64)  # conforming video packets, in arrival order
    tok = depth.copy()
    tlast = np.zeros(S)
    twin = np.full(S, -1, np.int64)      # the window each bucket was last filled in (refill)
    vres = np.zeros(nv, np.int8)
    # ---- the DATA and ACK FIFOs
    dtime = np.empty(cfg.fcap)
    dids = np.empty((N_E, cfg.fcap), np.int64)
    atime = np.empty(cfg.fcap)
    aids = np.empty((N_E, cfg.fcap), np.int64)
    # ---- timers: slot k the RTO event of flow k, slot K + k its start
    tt = np.full(2 * K, INF)
    tq = np.zeros(2 * K, np.int64)
    # ---- TCP senders (segments numbered 0, 1, ...; an infinite backlog)
    tcp_f = np.zeros((N_TCP_F, K))     # each flow's real-valued state (rows CWND, ...: see above)
    tcp_f[CWND] = float(cfg.init_cwnd)
    tcp_f[SSTHRESH] = 1e18
    tcp_f[EPOCH] = -1.0
    tcp_f[RTT_MIN] = INF
    tcp_f[DEADLINE] = INF
    tcp_f[T_EV] = INF
    tcp_i = np.zeros((N_TCP_I, K), np.int64)  # each flow's integer state, sender's and receiver's
    tcp_i[RECOVER] = -2
    srtt = np.full(K, -1.0)            # the RTT estimator (RFC 6298), per flow
    rttvar = np.zeros(K)
    rto = np.full(K, cfg.rto_init)
    sent_t = np.zeros((K, cfg.ring))   # each segment's send time, in a ring per flow
    rex = np.zeros((K, cfg.ring), np.int8)  # whether it was sent more than once (Karn)
    got = np.zeros((K, cfg.ring), np.int8)  # the receiver's out-of-order segments held
    fc = np.zeros((K, N_FC))
    varr = np.full(nv, V_NOT_OFFERED)
    events = 0
    seq = 0
    for k in range(K):
        tt[K + k] = start[k]
        tq[K + k] = seq
        seq += 1
    ev = Events(seq, 0, 0, 0, 0)
    tb_i, tb_t = _earliest(tt)          # the earliest timer slot (-1: none) and its time
    iv = 0
    while True:
        # ---- the earliest of DATA, ACK and timers by (time, insertion number)
        src = 0
        th = INF
        hq = 0
        if ev.d_n > 0:
            src, th, hq = 1, dtime[ev.d_h], dids[E_SEQ, ev.d_h]
        if ev.a_n > 0 and (atime[ev.a_h] < th or (atime[ev.a_h] == th and aids[E_SEQ, ev.a_h] < hq)):
            src, th, hq = 2, atime[ev.a_h], aids[E_SEQ, ev.a_h]
        if tb_i >= 0 and (tb_t < th or (tb_t == th and tq[tb_i] < hq)):
            src, th = 3, tb_t
        tv = vt[iv] if iv < nv else INF
        tn = tv if tv <= th else th
        # ---- a service start comes first: the link frees at ``busy`` and a packet waits
        if port.rq_n + port.be_n > 0 and port.busy <= tn and port.busy <= t_end:
            port, ev = _serve(port, ev, rq, be, vs, varr, fc, dtime, dids, cfg)
            continue
        if tn > t_end:
            break
        events += 1
        if tv <= th:  # ---- a video packet: policer, then a FIFO (or a drop)
            conf = False
            if S > 0:
                i = vstream[iv]
                _refill(i, tv, tok, tlast, twin, rrate, policer.period, policer.offset, depth, policer.refill)
                if tok[i] >= vs[iv]:
                    tok[i] -= vs[iv]
                    conf = True
            if conf:
                vres[iv] = 1
            port = _offer_video(iv, tv, conf, port, rq, be, vs, varr, cfg)
            iv += 1
            continue
        now = th
        if src == 1:  # ---- a segment reaches the receiver: cumulative ACK of every segment
            k = dids[E_FLOW, ev.d_h]
            s = dids[E_VAL, ev.d_h]
            fc[k, F_DELIVERED] += 1
            if s == tcp_i[RCV, k]:
                tcp_i[RCV, k] += 1
                while got[k, tcp_i[RCV, k] & mask] == 1:
                    got[k, tcp_i[RCV, k] & mask] = 0
                    tcp_i[RCV, k] += 1
            elif s > tcp_i[RCV, k]:
                got[k, s & mask] = 1
            a_n = _push(atime, aids, ev.a_h, ev.a_n, now + cfg.ack_delay, ev.seq, k, tcp_i[RCV, k])
            ev = Events(ev.seq + 1, (ev.d_h + 1) & fmask, ev.d_n - 1, ev.a_h, a_n)
            continue
        if src == 3:
            slot = tb_i
            tt[slot] = INF
            k = slot if slot < K else slot - K
            kind = EV_RTO if slot < K else EV_START
            ack_no = 0
        else:
            k = aids[E_FLOW, ev.a_h]
            ack_no = aids[E_VAL, ev.a_h]
            ev = Events(ev.seq, ev.d_h, ev.d_n, (ev.a_h + 1) & fmask, ev.a_n - 1)
            kind = EV_ACK
        timers_changed = src == 3
        if kind == EV_START:
            tcp_i[STARTED, k] = 1
        elif kind == EV_RTO:
            tcp_f[T_EV, k] = INF
            if tcp_f[DEADLINE, k] >= INF:
                tb_i, tb_t = _earliest(tt)
                continue
            if tcp_f[DEADLINE, k] > now:  # the timer was restarted since: wait for the new deadline
                tt[k] = tcp_f[DEADLINE, k]
                tq[k] = ev.seq
                ev = Events(ev.seq + 1, ev.d_h, ev.d_n, ev.a_h, ev.a_n)
                tcp_f[T_EV, k] = tcp_f[DEADLINE, k]
                tb_i, tb_t = _earliest(tt)
                continue
            # expiry (RFC 5681 sec. 3.1 eq. 4, RFC 6298 sec. 5.5-5.7): go back to the oldest unacknowledged
            fc[k, F_TIMEOUTS] += 1
            tcp_f[SSTHRESH, k] = _reduce(k, cc, rwnd, tcp_f)
            tcp_f[WMAX, k] = 0.0  # CUBIC after a timeout: Linux's bictcp_reset (TCP_CA_Loss) forgets W_max
            tcp_f[WLAST, k] = 0.0
            tcp_f[CWND, k] = 1.0
            tcp_f[DUPW, k] = 0.0
            tcp_i[NXT, k] = tcp_i[UNA, k]
            rto[k] = min(2 * rto[k], rto_max)
            tcp_i[INREC, k] = 0
            tcp_i[DUP, k] = 0
            tcp_i[RECOVER, k] = tcp_i[MAXS, k] - 1  # RFC 6582 sec. 3.2 step 4
            tcp_f[DEADLINE, k] = INF
        else:
            a = ack_no
            if a > tcp_i[UNA, k]:  # ---- new data acknowledged
                newly = a - tcp_i[UNA, k]
                fc[k, F_ACKED] += newly
                s = a - 1
                if rex[k, s & mask] == 0:  # Karn: no sample from a retransmitted segment
                    rtt_update(k, now - sent_t[k, s & mask], srtt, rttvar, rto, rto_min, rto_max)
                    if now - sent_t[k, s & mask] < tcp_f[RTT_MIN, k]:
                        tcp_f[RTT_MIN, k] = now - sent_t[k, s & mask]
                tcp_i[UNA, k] = a
                if tcp_i[NXT, k] < a:
                    tcp_i[NXT, k] = a
                restart = True
                if tcp_i[INREC, k] == 1 and a - 1 >= tcp_i[RECOVER, k]:  # full ACK (RFC 6582 sec. 3.2 step 3): deflate
                    tcp_f[DUPW, k] = 0.0
                    tcp_i[INREC, k] = 0
                if tcp_i[INREC, k] == 1:  # partial ACK: retransmit the next hole, deflate by what was acked, add one
                    _record_send(k, a, now, sent_t, rex, tcp_i, fc)
                    port, ev = _offer_segment(k, a, now, fc, port, ev, be, dtime, dids, cfg)
                    if tcp_f[DUPW, k] > newly:
                        tcp_f[DUPW, k] -= newly - 1.0
                    else:
                        tcp_f[CWND, k] = max(tcp_f[CWND, k] - (newly - tcp_f[DUPW, k]), 1.0)
                        tcp_f[DUPW, k] = 1.0
                    # only the first partial ACK of a recovery restarts the timer (RFC 6582 sec. 3.2
                    # step 5, the "Impatient" variant of sec. 4): many holes end in a timeout
                    restart = tcp_i[PARTIAL, k] == 0
                    tcp_i[PARTIAL, k] = 1
                else:
                    tcp_i[DUP, k] = 0
                    if tcp_f[CWND, k] < tcp_f[SSTHRESH, k]:
                        tcp_f[CWND, k] += 1.0  # slow start (RFC 5681 sec. 3.1)
                    elif cc == CC_CUBIC:
                        _cubic_ack(k, now, newly, tcp_f)
                    else:
                        tcp_f[CWND, k] += 1.0 / tcp_f[CWND, k]  # congestion avoidance
                if restart:  # RFC 6298 sec. 5.2-5.3
                    tcp_f[DEADLINE, k] = now + rto[k] if tcp_i[UNA, k] < tcp_i[MAXS, k] else INF
            elif a == tcp_i[UNA, k] and tcp_i[MAXS, k] > tcp_i[UNA, k]:  # ---- a duplicate ACK
                tcp_i[DUP, k] += 1
                if tcp_i[INREC, k] == 1:
                    tcp_f[DUPW, k] += 1.0  # window inflation (RFC 5681 sec. 3.2 step 4)
                elif tcp_i[DUP, k] == 3 and a - 1 > tcp_i[RECOVER, k]:  # fast retransmit (RFC 6582 sec. 3.2 step 2)
                    tcp_i[RECOVER, k] = tcp_i[MAXS, k] - 1
                    tcp_f[SSTHRESH, k] = _reduce(k, cc, rwnd, tcp_f)
                    fc[k, F_FAST] += 1
                    _record_send(k, a, now, sent_t, rex, tcp_i, fc)
                    port, ev = _offer_segment(k, a, now, fc, port, ev, be, dtime, dids, cfg)
                    tcp_f[CWND, k] = tcp_f[SSTHRESH, k]
                    tcp_f[DUPW, k] = 3.0
                    tcp_i[INREC, k] = 1
                    tcp_i[PARTIAL, k] = 0
                    tcp_f[DEADLINE, k] = now + rto[k]
        # ---- send what the window allows (counted from the oldest unacknowledged segment)
        if tcp_i[STARTED, k] == 1:
            w = tcp_f[CWND, k] + tcp_f[DUPW, k]
            w = w if w < rwnd else float(rwnd)
            lim = tcp_i[UNA, k] + int(w)
            while tcp_i[NXT, k] < lim:
                _record_send(k, tcp_i[NXT, k], now, sent_t, rex, tcp_i, fc)
                port, ev = _offer_segment(k, tcp_i[NXT, k], now, fc, port, ev, be, dtime, dids, cfg)
                tcp_i[NXT, k] += 1
            if tcp_f[DEADLINE, k] >= INF and tcp_i[MAXS, k] > tcp_i[UNA, k]:
                tcp_f[DEADLINE, k] = now + rto[k]
            if tcp_f[DEADLINE, k] < INF and tcp_f[T_EV, k] >= INF:
                tt[k] = tcp_f[DEADLINE, k]
                tq[k] = ev.seq
                ev = Events(ev.seq + 1, ev.d_h, ev.d_n, ev.a_h, ev.a_n)
                tcp_f[T_EV, k] = tcp_f[DEADLINE, k]
                timers_changed = True
        if timers_changed:
            tb_i, tb_t = _earliest(tt)
    _count_in_flight(fc, port, be, ev, dtime, dids, cfg)
    return varr, fc, events, tcp_f[CWND].copy(), tcp_f[SSTHRESH].copy(), vres, port.max_rq


@njit(cache=True, inline="always")
def _serve(port, ev, rq, be, vs, varr, fc, dtime, dids, cfg):  # pragma: no cover - compiled
    """Start the next packet on the link, which frees at ``port.busy``: the reserved FIFO's head, else the
    best-effort ring's (a video packet reaches the far end, a segment the DATA FIFO).

    Returns the new ``(port, ev)``.
    """
    now = port.busy
    if port.rq_n > 0:
        i = rq[port.rq_h]
        busy = now + vs[i] * cfg.tx_per_byte
        varr[i] = busy + cfg.delay_s
        new = Port(busy, False, port.be_h, port.be_n, port.rq_h + 1, port.rq_n - 1, port.rq_bytes - vs[i], port.max_rq)
    else:
        a = be[BE_WHO, port.be_h]
        s = be[BE_SEG, port.be_h]
        be_h = port.be_h + 1 if port.be_h + 1 < be.shape[1] else 0
        if a >= 0:
            busy = now + vs[a] * cfg.tx_per_byte
            varr[a] = busy + cfg.delay_s
        else:
            busy, ev = _transmit(-a - 1, s, now, fc, ev, dtime, dids, cfg)
        new = Port(busy, True, be_h, port.be_n - 1, port.rq_h, port.rq_n, port.rq_bytes, port.max_rq)
    return new, ev


@njit(cache=True, inline="always")
def _offer_video(iv, now, conf, port, rq, be, vs, varr, cfg):  # pragma: no cover - compiled
    """Video packet ``iv`` (``conf``: conforming) meets the port at ``now``: it is dropped if its FIFO is
    full, starts at once on an idle link, or joins its FIFO (reserved if conforming, else best effort).

    Returns the new ``port``.
    """
    in_svc = 1 if port.busy > now else 0
    if cfg.res_mode == RES_SHARED:
        full = port.rq_n + port.be_n + in_svc >= cfg.qlim
    elif conf:
        in_res = port.rq_n + (1 if (not port.cur_be and in_svc == 1) else 0)  # reserved packets in the system
        full = cfg.res_mode == RES_BOUNDED and in_res >= cfg.res_limit
    else:
        full = port.be_n + (1 if (port.cur_be and in_svc == 1) else 0) >= cfg.qlim
    new = port
    if full:
        varr[iv] = V_DROPPED
    elif port.rq_n + port.be_n == 0 and port.busy <= now:  # an idle link: the packet starts now
        busy = now + vs[iv] * cfg.tx_per_byte
        varr[iv] = busy + cfg.delay_s
        new = Port(busy, not conf, port.be_h, port.be_n, port.rq_h, port.rq_n, port.rq_bytes, port.max_rq)
    elif conf:
        varr[iv] = V_QUEUED
        rq[port.rq_h + port.rq_n] = iv  # never wraps: one slot per video packet
        rq_bytes = port.rq_bytes + vs[iv]
        max_rq = rq_bytes if rq_bytes > port.max_rq else port.max_rq
        new = Port(port.busy, port.cur_be, port.be_h, port.be_n, port.rq_h, port.rq_n + 1, rq_bytes, max_rq)
    else:
        varr[iv] = V_QUEUED
        j = port.be_h + port.be_n
        be[BE_WHO, j if j < be.shape[1] else j - be.shape[1]] = iv
        new = Port(port.busy, port.cur_be, port.be_h, port.be_n + 1, port.rq_h, port.rq_n, port.rq_bytes, port.max_rq)
    return new


@njit(cache=True, inline="always")
def _count_in_flight(fc, port, be, ev, dtime, dids, cfg):  # pragma: no cover - compiled
    """What is still in the system at ``t_end`` (waiting segments, segments in propagation) into ``fc``."""
    for j in range(port.be_n):
        a = be[BE_WHO, (port.be_h + j) % be.shape[1]]
        if a < 0:
            fc[-a - 1, F_INFLIGHT] += 1
    fin_limit = cfg.t_end + cfg.delay_s
    for j in range(ev.d_n):
        jj = (ev.d_h + j) & (cfg.fcap - 1)
        k = dids[E_FLOW, jj]
        fc[k, F_INFLIGHT] += 1
        if dtime[jj] > fin_limit:  # its transmission had not finished by t_end
            fc[k, F_LINK_BYTES] -= cfg.pkt_bytes


@njit(cache=True, inline="always")
def _reduce(k, cc, rwnd, tcp_f):  # pragma: no cover - compiled
    """The slow-start threshold after a loss (fast retransmit or timeout) of flow ``k``.

    NewReno (RFC 5681 eq. 4, on the window without inflation): half the window. CUBIC (RFC 8312
    sec. 4.5-4.6, as Linux's ``bictcp_recalc_ssthresh``): ``W_max`` is the window at the loss, lowered
    to ``W (1 + beta) / 2`` when it is below the previous ``W_max`` (fast convergence), a new
    epoch starts at the next congestion-avoidance ACK, and the threshold is ``beta W``. At least 2.
    """
    w = min(tcp_f[CWND, k], float(rwnd))
    if cc == CC_CUBIC:
        tcp_f[EPOCH, k] = -1.0
        if w < tcp_f[WLAST, k]:
            tcp_f[WLAST, k] = w
            tcp_f[WMAX, k] = w * (1.0 + CUBIC_BETA) / 2.0
        else:
            tcp_f[WLAST, k] = w
            tcp_f[WMAX, k] = w
        ssthresh = max(w * CUBIC_BETA, 2.0)
    else:
        ssthresh = max(w / 2.0, 2.0)
    return ssthresh


@njit(cache=True, inline="always")
def _cubic_ack(k, now, newly, tcp_f):  # pragma: no cover - compiled
    """CUBIC's congestion avoidance on an ACK of ``newly`` segments (RFC 8312 sec. 4.1-4.4).

    ``W_cubic(t) = C (t - K)^3 + W_max`` with ``K = cbrt(W_max (1 - beta) / C)`` and ``t`` the time
    since the epoch began (the first congestion-avoidance ACK after a reduction; when the window is
    already at or above ``W_max``, ``W_max`` becomes the window and ``K = 0``). The window moves towards
    ``W_cubic(t + RTT)`` by ``(target - cwnd) / cwnd`` per ACK, at most half a segment (Linux caps the
    growth at 1.5x per RTT), by ``0.01 / cwnd`` above the curve (Linux: one segment per 100 windows),
    and never slower than towards the TCP-friendly estimate ``W_est`` (by ``(W_est - cwnd) / cwnd``),
    which grows by ``3 (1 - beta) / (1 + beta)`` segments per window acknowledged (RFC 8312 eq. 4,
    counted per ACK as Linux's ``bictcp_update`` does). RTT: the flow's smallest sample (Linux's
    ``delay_min``). A timeout forgets ``W_max`` (Linux's ``bictcp_reset`` on entering the loss state).
    No HyStart.
    """
    rtt = tcp_f[RTT_MIN, k] if tcp_f[RTT_MIN, k] < INF else 0.0
    if tcp_f[EPOCH, k] < 0:
        tcp_f[EPOCH, k] = now
        if tcp_f[CWND, k] < tcp_f[WMAX, k]:
            tcp_f[KCUB, k] = ((tcp_f[WMAX, k] - tcp_f[CWND, k]) / CUBIC_C) ** (1.0 / 3.0)
        else:
            tcp_f[KCUB, k] = 0.0
            tcp_f[WMAX, k] = tcp_f[CWND, k]
        tcp_f[WEST, k] = tcp_f[CWND, k]
    d = now - tcp_f[EPOCH, k] + rtt - tcp_f[KCUB, k]
    target = tcp_f[WMAX, k] + CUBIC_C * d * d * d
    if target > tcp_f[CWND, k]:
        inc = (target - tcp_f[CWND, k]) / tcp_f[CWND, k]
    else:
        inc = 0.01 / tcp_f[CWND, k]
    tcp_f[WEST, k] += newly * 3.0 * (1.0 - CUBIC_BETA) / (1.0 + CUBIC_BETA) / tcp_f[CWND, k]
    if tcp_f[WEST, k] > tcp_f[CWND, k] and (tcp_f[WEST, k] - tcp_f[CWND, k]) / tcp_f[CWND, k] > inc:
        inc = (tcp_f[WEST, k] - tcp_f[CWND, k]) / tcp_f[CWND, k]
    tcp_f[CWND, k] += inc if inc < 0.5 else 0.5


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
def _transmit(k, s, now, fc, ev, dtime, dids, cfg):  # pragma: no cover - compiled
    """Start segment ``s`` of flow ``k`` on the link at ``now``: it reaches the receiver one transmission
    and one propagation delay later (the DATA FIFO, in order of arrival).

    Returns the new ``(busy, ev)``: the link's busy-until time and the event FIFOs' state.
    """
    busy = now + cfg.pkt_bytes * cfg.tx_per_byte
    fc[k, F_LINK_BYTES] += cfg.pkt_bytes
    d_n = _push(dtime, dids, ev.d_h, ev.d_n, busy + cfg.delay_s, ev.seq, k, s)
    return busy, Events(ev.seq + 1, ev.d_h, d_n, ev.a_h, ev.a_n)


@njit(cache=True, inline="always")
def _push(times, ids, head, n, t, seq, k, v):  # pragma: no cover - compiled
    """Append an event (time ``t``, sequence ``seq``, flow ``k``, value ``v``) to a ring FIFO of
    ``times.shape[0]`` slots (a power of two; ``ids`` holds the rows ``E_*``) holding ``n`` events from
    ``head``; returns the new length."""
    if n >= times.shape[0]:
        raise RuntimeError("event FIFO overflow (DATA or ACK): fifo_capacity is too small")
    j = (head + n) & (times.shape[0] - 1)
    times[j] = t
    ids[E_SEQ, j] = seq
    ids[E_FLOW, j] = k
    ids[E_VAL, j] = v
    return n + 1


@njit(cache=True, inline="always")
def _record_send(k, s, now, sent_t, rex, tcp_i, fc):  # pragma: no cover - compiled
    """Flow ``k`` sends segment ``s`` at ``now``: note its time and whether it is a retransmission (Karn's
    algorithm takes no RTT sample from one), and count it."""
    j = s & (sent_t.shape[1] - 1)
    sent_t[k, j] = now
    if s < tcp_i[MAXS, k]:
        rex[k, j] = 1
        fc[k, F_RETX] += 1
    else:
        rex[k, j] = 0
        tcp_i[MAXS, k] = s + 1
    fc[k, F_SENT] += 1


@njit(cache=True, inline="always")
def _offer_segment(k, s, now, fc, port, ev, be, dtime, dids, cfg):  # pragma: no cover - compiled
    """Offer segment ``s`` of flow ``k`` to the best-effort FIFO at ``now``: dropped if full, started at once
    on an idle link, else queued.

    Returns the new ``(port, ev)``.
    """
    if cfg.res_mode == RES_SHARED:
        full = port.rq_n + port.be_n + (1 if port.busy > now else 0) >= cfg.qlim
    else:
        full = port.be_n + (1 if (port.cur_be and port.busy > now) else 0) >= cfg.qlim
    if full:
        fc[k, F_DROPS] += 1
    elif port.be_n == 0 and port.rq_n == 0 and port.busy <= now:  # an idle link: the segment starts now
        busy, ev = _transmit(k, s, now, fc, ev, dtime, dids, cfg)
        port = Port(busy, True, port.be_h, port.be_n, port.rq_h, port.rq_n, port.rq_bytes, port.max_rq)
    else:
        jj = port.be_h + port.be_n
        jj = jj if jj < be.shape[1] else jj - be.shape[1]
        be[BE_WHO, jj] = -(k + 1)
        be[BE_SEG, jj] = s
        port = Port(port.busy, port.cur_be, port.be_h, port.be_n + 1, port.rq_h, port.rq_n, port.rq_bytes, port.max_rq)
    return port, ev


# the kernels inline _kernel.rtt_update: drop them from the disk cache when that file changes
_numba_cache.drop_stale_cache(__file__, [_kernel], kernel=run)
