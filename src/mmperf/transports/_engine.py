"""Compiled transport kernels: datagrams (UDP/RTP) and a window-based reliable core.

The window core implements, with one set of explicit arrays, the three
reliable transports of the chapter, selected by ``mode``:

* ``MODE_TCP`` -- one path, one ordered byte stream, cumulative ACKs only (no
  SACK), Reno congestion control: slow start, congestion avoidance, fast
  retransmit on the third duplicate ACK, fast recovery, retransmission timeout
  with exponential backoff and go-back-N.
* ``MODE_SCTP`` -- RFC 4960 SCTP: per-destination cwnd/ssthresh/
  partial_bytes_acked (cwnd grows only when the cumulative TSN advances), SACK
  gap reports, fast retransmit on three miss indications (at most once per
  chunk: RFC 4960 sec. 7.2.4 step 5 makes a fast-retransmitted chunk
  ineligible for another, as ns-2's ``sctp.cc`` does), per-path T3 timers
  (a SACK restarts a path's timer only when it acknowledges the earliest chunk
  outstanding on the path, RFC 4960 sec. 6.3.2 R3), heartbeats on idle paths,
  retransmissions to the alternate path, path failure after ``path_max_retrans``
  consecutive timeouts (new data then goes to the alternate path until a
  heartbeat after ``hb_interval`` restores the primary), streams with
  per-stream ordered delivery, and PR-SCTP (RFC 3758) abandonment after
  ``rtx_limit`` retransmissions for chunks of unreliable streams, with
  FORWARD-TSN.
* ``MODE_CMT`` -- CMT-SCTP (Iyengar et al. 2006): new data on every path whose
  cwnd has room, split fast retransmit (miss indications counted per path),
  cwnd update for CMT (cwnd grows on gap-acked bytes), retransmissions to the
  path with the larger cwnd; as in ns-2's ``sctp-cmt.cc``, a chunk that timed
  out is not fast-retransmitted either.

A TSN is one packet of the video (one slice or slice fragment). Events: 0 the
application has data, 1 a data packet reaches the receiver, 2 a SACK reaches
the sender, 3 a T3 timer, 4 a FORWARD-TSN reaches the receiver, 5 a
heartbeat restores a failed path, 6 a path's heartbeat timer, 7 a
HEARTBEAT-ACK reaches the sender.

Heartbeats (SCTP and CMT-SCTP, RFC 4960 sec. 8.3): every path has a heartbeat
timer of ``hb_interval`` + its RTO. When it fires on an active path that had no
new data since it was started (retransmissions cannot measure the RTT, by
Karn's rule, so a path carrying only them is idle), the path gets a HEARTBEAT
and its HEARTBEAT-ACK gives an RTT measurement that updates the path's RTO and
clears its error count, as ns-2's ``sctp.cc`` does (``SendHeartbeat``,
``ProcessHeartbeatAckChunk``). Without them the secondary path of SCTP, which
carries only retransmissions, would keep its initial 3 s RTO for ever, doubled
by every expiry. Two simplifications: the timer has no jitter (RFC 4960 and
ns-2 draw it from RTO +/- 50 %, whose mean is the interval used here), and the
HEARTBEAT and its ACK are 60-byte control packets, like a SACK, that wait
behind the data queued on the path's link but neither occupy the link nor are
lost. Heartbeats stop once every chunk is acknowledged or abandoned.

On request the window core writes a trace of its sender's decisions, one row
``(time, event, path, tsn, value, timer)`` per event (codes in
:data:`TRACE_EVENTS`; ``timer`` is the path's T3 expiry after the event, 1e300
when it is off):
a transmission (``value`` 1 for a fast retransmission), a T3 timer started by a
transmission (``value`` its expiry), a T3 timer restarted by a SACK (``tsn`` the
path's earliest outstanding chunk before the SACK, ``value`` 1 if the SACK
acknowledged it), a T3 expiry (``value`` the RTO it ran with) and an RTT
measurement from data or from a heartbeat (``value`` the new RTO).

Events are kept in time order by (time, sequence number), the sequence number
counting every event scheduled: timers, FORWARD-TSNs and heartbeats on the event
heap of :mod:`mmperf._kernel`, and the three kinds that make up nearly
all events in FIFO queues, since each comes in time order on its own: the data
packets reaching the receiver on each path (a link delivers in order, with a
constant delay), the SACKs of each path (a constant delay after those arrivals)
and the application's next packet (one pending at a time). The earliest of the
heap's, the queues' and the application's next event is processed next: the
same order as one heap of every event, at a fraction of the cost.

Compilation: the helpers of the event loop and the heap, link and RTT estimator of
:mod:`mmperf._kernel` are inlined into it (a call passing a dozen
arrays costs more than the work of an event: the chapter's grid ran 16 % faster
inlined). The loop, :func:`_window_loop`, allocates nothing: :func:`run_window`
allocates its arrays and calls it, and it is compiled without numba's reference
counting (``_nrt=False``), whose atomic increments and decrements of every array
passed to an inlined helper took more than a third of its time. It is slow to
compile (about 15 s); the kernels are therefore cached on disk (``cache=True``),
and :func:`mmperf._numba_cache.drop_stale_cache` (run at the end of the import)
deletes the cached kernels whenever ``_kernel.py``, whose functions they
inline, has changed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mmperf import _kernel, _numba_cache
from mmperf._kernel import heap_pop, heap_push, link_send, rtt_update

MODE_TCP, MODE_SCTP, MODE_CMT = 0, 1, 2
INF = 1e300

# sender chunk states
UNSENT, OUT, ACKED, MARKED, ABANDONED = 0, 1, 2, 3, 4

# trace event codes
TR_SEND, TR_T3_START, TR_T3_RESTART, TR_T3_EXPIRY, TR_RTT_DATA, TR_RTT_HEARTBEAT = 1, 2, 3, 4, 5, 6
TRACE_EVENTS = {TR_SEND: "send", TR_T3_START: "t3_start", TR_T3_RESTART: "t3_restart",
                TR_T3_EXPIRY: "t3_expiry", TR_RTT_DATA: "rtt_data", TR_RTT_HEARTBEAT: "rtt_heartbeat"}
"""Names of the trace's event codes."""


@njit(cache=True)
def run_datagram(gen_t, size, path_of, hdr, rate, delay, qlim, per, loss_start, unif, bin_s, nbins):  # pragma: no cover
    """UDP/RTP: every packet is offered once, at its generation time, to its path."""
    n = gen_t.shape[0]
    fstate = np.zeros((2, 4))
    ring = np.zeros((2, qlim.max() + 1))
    counters = np.zeros((2, 4), np.int64)
    stats = np.zeros((2, nbins, 3))
    deliver = np.full(n, -1.0)
    for i in range(n):
        p = path_of[i]
        t = link_send(p, gen_t[i], size[i] + hdr, rate, delay, qlim, per, loss_start, unif, fstate, ring,
                      counters, stats, bin_s)
        if t >= 0:
            deliver[i] = t
            counters[p, 3] += 1
    return deliver, counters, stats


@njit(cache=True, inline="always")
def _note(tr, tn, t, code, p, tsn, v, t3_exp):  # pragma: no cover
    """Append one event to the trace ``tr`` if it has room, with path ``p``'s T3 expiry after it;
    ``tn[0]`` counts every event."""
    k = tn[0]
    if k < tr.shape[0]:
        tr[k, 0] = t
        tr[k, 1] = code
        tr[k, 2] = p
        tr[k, 3] = tsn
        tr[k, 4] = v
        tr[k, 5] = t3_exp[p]
    tn[0] = k + 1


@njit(cache=True, inline="always")
def _earliest_outstanding(scum, next_new, n_paths, st, cpath, flight, first, out_lo):  # pragma: no cover
    """Fill ``first[q]`` with the lowest TSN outstanding on path ``q`` (-1 if none).

    ``out_lo`` is a lower bound of the lowest TSN outstanding on any path (none
    lies below it), where the search starts; returns the bound, raised to the
    first outstanding TSN the search met.
    """
    want = 0
    for q in range(n_paths):
        first[q] = -1
        if flight[q] > 0:
            want += 1
    if want == 0:
        return out_lo
    t = max(scum + 1, out_lo)
    lo = -1
    while want > 0 and t < next_new:
        if st[t] == OUT:
            if lo < 0:
                lo = t
            if first[cpath[t]] < 0:
                first[cpath[t]] = t
                want -= 1
        t += 1
    return lo if lo >= 0 else next_new


@njit(cache=True, inline="always")
def _arm_t3(q, when, t3_exp, t3_ev, ht, hq, hk, ha, hb, hc, hs):  # pragma: no cover
    """Set path ``q``'s T3 timer to expire at ``when``.

    The heap holds at most one live timer event per path, at ``t3_ev[q]``: a new
    one is pushed only when ``when`` comes before it (an RTO that shrank since),
    and the later one, left on the heap, is ignored when it pops. An event
    that pops before a later ``t3_exp[q]`` re-arms the timer.
    """
    t3_exp[q] = when
    if when < t3_ev[q]:
        heap_push(ht, hq, hk, ha, hb, hc, hs, when, 3, q, 0, 0)
        t3_ev[q] = when


FIFO_CAPS = (1 << 10, 1 << 18)
"""Capacities of each FIFO event queue :func:`run_window` is tried with, in turn: a small one (a few
hundred events are pending at most in the chapter's runs, and it stays in the processor's cache)
and, if a run overflows it, as many events as the heap holds."""


@njit(cache=True, inline="always")
def _fifo_push(j, t, a, b, c, fq_t, fq_s, fq_a, fq_b, fq_c, fq_head, fq_len, hs):  # pragma: no cover
    """Append an event at time ``t`` with payload ``a, b, c`` to FIFO queue ``j``.

    It takes the next sequence number of the heap ``hs``, so that events of the
    FIFOs and of the heap keep one order by (time, sequence). The events of a
    queue come in order of time (a link delivers in order, with a constant
    delay); one that does not is a bug and raises.
    """
    m = fq_len[j]
    cap = fq_t.shape[0] >> 2
    if m >= cap:
        raise RuntimeError("FIFO event queue overflow")
    if m > 0 and t < fq_t[j * cap + ((fq_head[j] + m - 1) & (cap - 1))]:
        raise RuntimeError("FIFO event queue out of time order")
    k = j * cap + ((fq_head[j] + m) & (cap - 1))
    fq_t[k] = t
    fq_s[k] = hs[1]
    hs[1] += 1
    fq_a[k] = a
    fq_b[k] = b
    fq_c[k] = c
    fq_len[j] = m + 1


@njit(cache=True, inline="always")
def _transfer_done(scum, next_new, n, st):  # pragma: no cover
    """Every chunk sent and then acknowledged or abandoned: nothing left for a heartbeat to serve."""
    if next_new < n:
        return False
    for t in range(scum + 1, n):
        if st[t] != ACKED and st[t] != ABANDONED:
            return False
    return True


@njit(cache=True, inline="always")
def _withdraw(t, q, fast, now, st, size, hdr, flight, unreliable, txc, rtx_limit, fastf, inq, rtxq, qt, qn,
              delay_q, ht, hq, hk, ha, hb, hc, hs):  # pragma: no cover
    """Take chunk ``t`` out of path ``q``'s flight after a loss is detected.

    A chunk of an unreliable stream past its retransmission limit is abandoned
    (PR-SCTP: a FORWARD-TSN reaches the receiver one path delay later); any
    other is marked for retransmission (``fast`` = 1 for fast retransmit) and
    queued once. Returns the retransmission queue's new tail and length; the
    caller subtracts the chunk's bytes from its outstanding total.
    """
    flight[q] -= size[t] + hdr
    if unreliable[t] and txc[t] > rtx_limit:
        st[t] = ABANDONED
        heap_push(ht, hq, hk, ha, hb, hc, hs, now + delay_q, 4, t, 0, 0)
    else:
        st[t] = MARKED
        fastf[t] = fast
        if inq[t] == 0:
            inq[t] = 1
            rtxq[qt] = t
            qt = (qt + 1) % rtxq.shape[0]
            qn += 1
    return qt, qn


@njit(cache=True, inline="always")
def _ack(t, now, st, cpath, size, hdr, flight, acked, txc, sent_t, sample_p, sample_r):  # pragma: no cover
    """Mark chunk ``t`` acknowledged; if it was in flight, credit its bytes to its path.

    Returns the bytes it takes off the outstanding total and the RTT sample
    (path, seconds), updated when ``t`` was sent only once (Karn's rule).
    """
    freed = 0.0
    if st[t] == OUT:
        q = cpath[t]
        freed = float(size[t] + hdr)
        flight[q] -= size[t] + hdr
        acked[q] += size[t] + hdr
        if txc[t] == 1:
            sample_p = q
            sample_r = now - sent_t[t]
    st[t] = ACKED
    return freed, sample_p, sample_r


@njit(cache=True, inline="always")
def _deliver_in_order(s, now, n, rcvd, size, stream_list, stream_end, sptr, deliver, held, rcum):  # pragma: no cover
    """Hand stream ``s``'s chunks to the application while its next one is here or skipped.

    A received chunk (``rcvd`` 1) is delivered now and leaves the receive
    buffer; an abandoned one (``rcvd`` 2, after a FORWARD-TSN) is skipped.
    Then the cumulative TSN advances over every chunk received or skipped.
    Returns the receive buffer's new occupancy and the cumulative TSN.
    """
    while sptr[s] < stream_end[s] and rcvd[stream_list[sptr[s]]] != 0:
        j = stream_list[sptr[s]]
        if rcvd[j] == 1:
            deliver[j] = now
            held -= size[j]
        sptr[s] += 1
    while rcum + 1 < n and rcvd[rcum + 1] != 0:
        rcum += 1
    return held, rcum


@njit(cache=True, _nrt=False)
def _window_loop(gen_t, size, stream, unreliable, mode, n_paths, hdr, mtu, rbuf, rto_min, rto_max,
                 path_max_retrans, hb_interval, rtx_limit, ns2_rwnd_defect, rate, delay, qlim, per, loss_start,
                 unif, bin_s, t_end, tr, tn, ht, hq, hk, ha, hb, hc, hs, ev, acked, fq_t, fq_s, fq_a, fq_b, fq_c,
                 fq_head, fq_len, fstate, ring, counters, stats, ack_delay, st, cpath, sent_t, txc, miss, fastf,
                 no_fast, inq, rtxq, cwnd, ssth, flight, pba, srtt, rttvar, rto, t3_exp, t3_ev, err, first,
                 last_new, hb_from, hb_sent, active, in_fr, fr_exit, fr_budget, rcvd, deliver, sstop, slist, sptr,
                 in_flight):  # pragma: no cover
    """The event loop of :func:`run_window` on the arrays it allocated; fills them and ``in_flight``
    and returns the receiver's window drops and the time the run stopped.

    Compiled without numba's reference counting (``_nrt=False``; it allocates nothing): the
    helpers inlined into it pass a dozen arrays each, and the atomic reference counts of those
    arrays cost more than a third of the run time.
    """
    n = gen_t.shape[0]
    fcap = fq_t.shape[0] >> 2  # capacity of each FIFO queue (a power of two)
    app_t = 0.0  # the pending "application has data" event (time, sequence number)
    app_s = 0
    qh = 0
    qt = 0
    qn = 0
    out_lo = 0  # no chunk below it is outstanding (OUT): where the searches for one start
    mk_lo = 0  # no chunk below it is marked for retransmission
    outstanding = 0.0
    peer_rwnd = float(rbuf)
    scum = -1
    next_new = 0
    app_pending = False
    dupacks = 0
    rr = 0
    primary = 0
    held = 0.0
    rcum = -1
    highest = -1
    rwnd_drops = 0
    send_events = 0
    now = 0.0
    if n > 0:
        app_t = gen_t[0]
        app_s = hs[1]
        hs[1] += 1
        app_pending = True
        if mode != MODE_TCP:
            for q in range(n_paths):
                heap_push(ht, hq, hk, ha, hb, hc, hs, hb_interval + rto[q], 6, q, 0, 0)
    while True:
        # the earliest pending event by (time, sequence number): the heap's, a FIFO's or the application's
        src = -1
        bt = 0.0
        bs = 0
        if hs[0] > 0:
            src = 4
            bt = ht[0]
            bs = hq[0]
        for j in range(4):
            if fq_len[j] > 0:
                k = j * fcap + fq_head[j]
                if src < 0 or fq_t[k] < bt or (fq_t[k] == bt and fq_s[k] < bs):
                    src = j
                    bt = fq_t[k]
                    bs = fq_s[k]
        if app_pending and (src < 0 or app_t < bt or (app_t == bt and app_s < bs)):
            src = 5
            bt = app_t
        if src < 0:
            break
        if src == 4:
            heap_pop(ht, hq, hk, ha, hb, hc, hs, ev)
            if int(ev[1]) == 6 and _transfer_done(scum, next_new, n, st):
                continue  # the heartbeats stop (and do not move the clock) once the transfer is over
            if int(ev[1]) == 3 and ev[0] != t3_ev[int(ev[2])]:
                continue  # a T3 event superseded by an earlier one (see _arm_t3)
        now = bt
        if now > t_end:  # leave the event pending: a packet still on the wire at t_end counts as in flight
            if src == 4:
                heap_push(ht, hq, hk, ha, hb, hc, hs, ev[0], int(ev[1]), int(ev[2]), int(ev[3]), int(ev[4]))
            break
        if src == 4:
            kind = int(ev[1])
            a = int(ev[2])
            b = int(ev[3])
            c = int(ev[4])
        elif src == 5:
            kind = 0
            a = 0
            b = 0
            c = 0
        else:
            k = src * fcap + fq_head[src]
            kind = 1 if src < 2 else 2
            a = fq_a[k]
            b = fq_b[k]
            c = fq_c[k]
            fq_head[src] = (fq_head[src] + 1) & (fcap - 1)
            fq_len[src] -= 1
        if kind == 0:
            app_pending = False
        elif kind == 1:  # ---------------- data reaches the receiver
            tsn = a
            counters[b, 3] += 1
            if rcvd[tsn] == 0:
                full = held + size[tsn] > rbuf
                if full and (ns2_rwnd_defect or tsn > highest):
                    rwnd_drops += 1
                else:
                    rcvd[tsn] = 1
                    held += size[tsn]
                    if tsn > highest:
                        highest = tsn
                    held, rcum = _deliver_in_order(stream[tsn], now, n, rcvd, size, slist, sstop, sptr, deliver,
                                                   held, rcum)
            # SCTP advertises the buffer less everything it holds (a gap-acknowledged chunk is no longer
            # outstanding at the sender). TCP has no gap acknowledgements: the out-of-order bytes are
            # still outstanding at the sender, which counts them against the window already, so the
            # receiver advertises its buffer less the in-order bytes not yet read (none: the application
            # reads at once), as ns-2's FullTcp does.
            arw = rbuf if mode == MODE_TCP else rbuf - held
            if arw < 0:
                arw = 0
            _fifo_push(2 + b, now + ack_delay[b], tsn, rcum, int(arw), fq_t, fq_s, fq_a, fq_b, fq_c, fq_head, fq_len,
                       hs)
            continue
        elif kind == 4:  # ---------------- FORWARD-TSN reaches the receiver
            tsn = a
            if ns2_rwnd_defect:  # the ns-2 receiver of the paper never skips abandoned chunks
                continue
            if rcvd[tsn] == 0:
                rcvd[tsn] = 2
                held, rcum = _deliver_in_order(stream[tsn], now, n, rcvd, size, slist, sstop, sptr, deliver,
                                               held, rcum)
            continue
        elif kind == 5:  # heartbeat: path restored
            active[a] = 1
            err[a] = 0
        elif kind == 6:  # ---------------- heartbeat timer of path a (RFC 4960 sec. 8.3)
            if active[a] == 1 and last_new[a] <= hb_from[a]:  # idle since the timer started
                hb_sent[a] = now
                wait = max(fstate[a, 0] - now, 0.0)  # behind the data queued on the link
                heap_push(ht, hq, hk, ha, hb, hc, hs, now + wait + 2 * ack_delay[a], 7, a, 0, 0)
            hb_from[a] = now
            heap_push(ht, hq, hk, ha, hb, hc, hs, now + hb_interval + rto[a], 6, a, 0, 0)
            continue
        elif kind == 7:  # ---------------- HEARTBEAT-ACK of path a: an RTT measurement
            rtt_update(a, now - hb_sent[a], srtt, rttvar, rto, rto_min, rto_max)
            err[a] = 0
            _note(tr, tn, now, TR_RTT_HEARTBEAT, a, -1, rto[a], t3_exp)
            continue
        elif kind == 3:  # ---------------- T3 timer
            p = a
            t3_ev[p] = INF
            if t3_exp[p] >= INF:
                continue
            if t3_exp[p] > now + 1e-12:
                _arm_t3(p, t3_exp[p], t3_exp, t3_ev, ht, hq, hk, ha, hb, hc, hs)
                continue
            # expiry
            t3_exp[p] = INF
            _note(tr, tn, now, TR_T3_EXPIRY, p, -1, rto[p], t3_exp)
            if mode == MODE_TCP:
                ssth[p] = max(flight[p] / 2, 2.0 * mtu)
            else:
                ssth[p] = max(cwnd[p] / 2, 4.0 * mtu)
            cwnd[p] = mtu
            pba[p] = 0.0
            rto[p] = min(2 * rto[p], rto_max)
            in_fr[p] = 0
            dupacks = 0
            err[p] += 1
            if n_paths > 1 and err[p] > path_max_retrans and active[p] == 1:
                active[p] = 0
                heap_push(ht, hq, hk, ha, hb, hc, hs, now + hb_interval + rto[p], 5, p, 0, 0)
            for t in range(max(scum + 1, out_lo), next_new):
                if st[t] == OUT and cpath[t] == p:
                    if mode == MODE_CMT:
                        no_fast[t] = 1
                    outstanding -= size[t] + hdr
                    qt, qn = _withdraw(t, p, 0, now, st, size, hdr, flight, unreliable, txc, rtx_limit, fastf, inq,
                                       rtxq, qt, qn, delay[p], ht, hq, hk, ha, hb, hc, hs)
                    mk_lo = min(mk_lo, t)
            flight[p] = max(flight[p], 0.0)
        elif kind == 2:  # ---------------- SACK reaches the sender
            trig = a
            cum_r = b
            peer_rwnd = float(c)
            acked[0] = 0.0
            acked[1] = 0.0
            flight_before0 = flight[0]
            flight_before1 = flight[1]
            old_cum = scum
            out_lo = _earliest_outstanding(scum, next_new, n_paths, st, cpath, flight, first, out_lo)
            sample_p = -1
            sample_r = 0.0
            if cum_r > scum:
                for t in range(scum + 1, cum_r + 1):
                    if st[t] == OUT or st[t] == MARKED:
                        freed, sample_p, sample_r = _ack(t, now, st, cpath, size, hdr, flight, acked, txc, sent_t,
                                                         sample_p, sample_r)
                        outstanding -= freed
                scum = cum_r
            cum_adv = scum > old_cum
            newly_gap = False
            if mode != MODE_TCP and trig > scum and (st[trig] == OUT or st[trig] == MARKED):
                freed, sample_p, sample_r = _ack(trig, now, st, cpath, size, hdr, flight, acked, txc, sent_t,
                                                 sample_p, sample_r)
                outstanding -= freed
                newly_gap = True
            if sample_p >= 0:
                rtt_update(sample_p, sample_r, srtt, rttvar, rto, rto_min, rto_max)
                _note(tr, tn, now, TR_RTT_DATA, sample_p, -1, rto[sample_p], t3_exp)
            if mode == MODE_TCP:
                if cum_adv:
                    dupacks = 0
                    if in_fr[0] == 1:
                        cwnd[0] = ssth[0]
                        in_fr[0] = 0
                    elif cwnd[0] < ssth[0]:
                        cwnd[0] += mtu
                    else:
                        cwnd[0] += mtu * mtu / cwnd[0]
                elif outstanding > 0 and trig > scum:
                    dupacks += 1
                    if dupacks == 3 and in_fr[0] == 0:
                        t = scum + 1
                        if st[t] == OUT:  # TCP has no unreliable chunks: always marked
                            outstanding -= size[t] + hdr
                            qt, qn = _withdraw(t, 0, 1, now, st, size, hdr, flight, unreliable, txc, rtx_limit, fastf,
                                               inq, rtxq, qt, qn, delay[0], ht, hq, hk, ha, hb, hc, hs)
                            mk_lo = min(mk_lo, t)
                            fr_budget[0] = 1
                        ssth[0] = max((flight[0] + size[t] + hdr) / 2, 2.0 * mtu)
                        cwnd[0] = ssth[0] + 3 * mtu
                        in_fr[0] = 1
                    elif dupacks > 3 and in_fr[0] == 1:
                        cwnd[0] += mtu
            else:
                if newly_gap:
                    tp = cpath[trig]
                    for t in range(max(scum + 1, out_lo), trig):
                        if st[t] == OUT and sent_t[t] < sent_t[trig] and (mode != MODE_CMT or cpath[t] == tp):
                            miss[t] += 1
                            if miss[t] >= 3 and no_fast[t] == 0:
                                no_fast[t] = 1
                                q = cpath[t]
                                outstanding -= size[t] + hdr
                                qt, qn = _withdraw(t, q, 1, now, st, size, hdr, flight, unreliable, txc, rtx_limit,
                                                   fastf, inq, rtxq, qt, qn, delay[q], ht, hq, hk, ha, hb, hc, hs)
                                mk_lo = min(mk_lo, t)
                                if in_fr[q] == 0:
                                    ssth[q] = max(cwnd[q] / 2, 4.0 * mtu)
                                    cwnd[q] = ssth[q]
                                    pba[q] = 0.0
                                    in_fr[q] = 1
                                    fr_exit[q] = next_new - 1
                                    fr_budget[q] = 1
                for q in range(2):
                    if in_fr[q] == 1 and scum >= fr_exit[q]:
                        in_fr[q] = 0
                    if acked[q] > 0 and in_fr[q] == 0 and (cum_adv or mode == MODE_CMT):
                        fb = flight_before0 if q == 0 else flight_before1
                        full_use = fb + 1.0 >= cwnd[q]
                        if cwnd[q] <= ssth[q]:
                            if full_use:
                                cwnd[q] += min(acked[q], float(mtu))
                        else:
                            pba[q] += acked[q]
                            if pba[q] >= cwnd[q] and full_use:
                                pba[q] -= cwnd[q]
                                cwnd[q] += mtu
            for q in range(2):
                if acked[q] > 0:
                    err[q] = 0
                # the T3 timer: off when nothing is outstanding on the path (RFC 4960 sec. 6.3.2 R2);
                # restarted when the SACK acknowledged the path's earliest outstanding chunk (R3) -- TCP:
                # when the ACK acknowledged new data (RFC 6298 sec. 5.3)
                covered = first[q] >= 0 and st[first[q]] == ACKED
                if flight[q] <= 0:
                    flight[q] = 0.0
                    t3_exp[q] = INF
                elif covered if mode != MODE_TCP else acked[q] > 0:
                    _arm_t3(q, now + rto[q], t3_exp, t3_ev, ht, hq, hk, ha, hb, hc, hs)
                    _note(tr, tn, now, TR_T3_RESTART, q, first[q], 1.0 if covered else 0.0, t3_exp)
            if outstanding < 0:
                outstanding = 0.0
        # ================= try to send
        while True:
            tsn = -1
            p = -1
            bypass = False
            while qn > 0:  # drop the entries at the queue's head whose chunk was acknowledged since
                t = rtxq[qh]
                if st[t] != MARKED:
                    inq[t] = 0
                    qh = (qh + 1) % (n + 1)
                    qn -= 1
                    continue
                break
            if qn > 0:
                # retransmit the earliest marked chunk first (RFC 6298 sec. 5.4, RFC 4960 sec. 6.3.3):
                # the queue holds the order in which losses were detected, which after a timeout can
                # put the earliest unacknowledged chunk behind many later ones. Every marked chunk has
                # an entry in the queue, so one is found at or before the head's.
                for t in range(max(scum + 1, mk_lo), next_new):
                    if st[t] == MARKED:
                        tsn = t
                        break
                mk_lo = tsn if tsn >= 0 else next_new
            if tsn >= 0:
                if mode == MODE_TCP:
                    p = 0
                elif mode == MODE_SCTP:
                    alt = 1 - cpath[tsn]
                    p = alt if (n_paths > 1 and active[alt] == 1) else cpath[tsn]
                else:
                    p = 0 if cwnd[0] >= cwnd[1] else 1
                    if active[p] == 0 and active[1 - p] == 1:
                        p = 1 - p
                if fastf[tsn] == 1 and fr_budget[cpath[tsn]] > 0:
                    bypass = True
                elif flight[p] >= cwnd[p]:
                    break
                if tsn == rtxq[qh]:
                    inq[tsn] = 0
                    qh = (qh + 1) % (n + 1)
                    qn -= 1
                # (a chunk sent from the middle of the queue leaves its entry there, stale, until the
                # entry reaches the head; while it stays, a new loss of the chunk needs no new entry)
                if bypass:
                    fr_budget[cpath[tsn]] -= 1
            else:
                if next_new >= n:
                    break
                if gen_t[next_new] > now:
                    if not app_pending:
                        app_t = gen_t[next_new]
                        app_s = hs[1]
                        hs[1] += 1
                        app_pending = True
                    break
                sz = size[next_new] + hdr
                if outstanding > 0 and outstanding + sz > peer_rwnd:
                    break
                if mode == MODE_CMT:
                    found = -1
                    for k in range(n_paths):
                        q = (rr + k) % n_paths
                        if active[q] == 1 and flight[q] < cwnd[q]:
                            found = q
                            break
                    if found < 0:
                        break
                    p = found
                    rr = (found + 1) % n_paths
                else:
                    p = primary
                    if n_paths > 1 and active[p] == 0 and active[1 - p] == 1:
                        p = 1 - p
                    if flight[p] >= cwnd[p]:
                        break
                tsn = next_new
                next_new += 1
            # transmit tsn on path p
            sz = size[tsn] + hdr
            st[tsn] = OUT
            out_lo = min(out_lo, tsn)
            cpath[tsn] = p
            sent_t[tsn] = now
            txc[tsn] += 1
            if txc[tsn] == 1:
                last_new[p] = now
            _note(tr, tn, now, TR_SEND, p, tsn, float(fastf[tsn]), t3_exp)
            miss[tsn] = 0
            fastf[tsn] = 0
            flight[p] += sz
            outstanding += sz
            send_events += 1
            if t3_exp[p] >= INF:
                _arm_t3(p, now + rto[p], t3_exp, t3_ev, ht, hq, hk, ha, hb, hc, hs)
                _note(tr, tn, now, TR_T3_START, p, tsn, t3_exp[p], t3_exp)
            arr = link_send(p, now, sz, rate, delay, qlim, per, loss_start, unif, fstate, ring, counters,
                            stats, bin_s)
            if arr >= 0:
                _fifo_push(p, arr, tsn, p, 0, fq_t, fq_s, fq_a, fq_b, fq_c, fq_head, fq_len, hs)
    for p in range(2):
        in_flight[p] = fq_len[p]
    return rwnd_drops, now


@njit(cache=True)
def run_window(gen_t, size, stream, unreliable, n_streams, mode, n_paths, hdr, mtu, rbuf, init_cwnd,
               rto_init, rto_min, rto_max, path_max_retrans, hb_interval, rtx_limit, ns2_rwnd_defect,
               rate, delay, qlim, per, loss_start, unif, bin_s, nbins, t_end, tr, tn, fifo_cap):  # pragma: no cover
    n = gen_t.shape[0]
    # ---- heap
    cap = 1 << 18
    ht = np.empty(cap)
    hq = np.empty(cap, np.int64)
    hk = np.empty(cap, np.int64)
    ha = np.empty(cap, np.int64)
    hb = np.empty(cap, np.int64)
    hc = np.empty(cap, np.int64)
    hs = np.zeros(2, np.int64)
    ev = np.empty(5)
    acked = np.zeros(2)
    # ---- FIFO event queues: 0, 1 data reaching the receiver on path 0, 1; 2, 3 SACKs of path 0, 1
    fq_t = np.empty(4 * fifo_cap)
    fq_s = np.empty(4 * fifo_cap, np.int64)
    fq_a = np.empty(4 * fifo_cap, np.int64)
    fq_b = np.empty(4 * fifo_cap, np.int64)
    fq_c = np.empty(4 * fifo_cap, np.int64)
    fq_head = np.zeros(4, np.int64)
    fq_len = np.zeros(4, np.int64)
    # ---- links
    fstate = np.zeros((2, 4))
    ring = np.zeros((2, qlim.max() + 1))
    counters = np.zeros((2, 4), np.int64)
    stats = np.zeros((2, nbins, 3))
    ack_delay = np.empty(2)
    for p in range(2):
        ack_delay[p] = delay[p] + 8.0 * 60 / rate[p]
    # ---- sender
    st = np.zeros(n, np.int8)
    cpath = np.zeros(n, np.int64)
    sent_t = np.zeros(n)
    txc = np.zeros(n, np.int64)
    miss = np.zeros(n, np.int64)
    fastf = np.zeros(n, np.int8)
    no_fast = np.zeros(n, np.int8)  # 1: ineligible for (another) fast retransmit
    inq = np.zeros(n, np.int8)
    rtxq = np.empty(n + 1, np.int64)
    cwnd = np.full(2, float(init_cwnd))
    ssth = np.full(2, float(rbuf))
    flight = np.zeros(2)
    pba = np.zeros(2)
    srtt = np.full(2, -1.0)
    rttvar = np.zeros(2)
    rto = np.full(2, rto_init)
    t3_exp = np.full(2, INF)
    t3_ev = np.full(2, INF)
    err = np.zeros(2, np.int64)
    first = np.full(2, -1, np.int64)
    last_new = np.zeros(2)  # last first transmission on each path
    hb_from = np.zeros(2)  # when each path's heartbeat timer was started
    hb_sent = np.zeros(2)  # when each path's last HEARTBEAT left
    active = np.ones(2, np.int8)
    in_fr = np.zeros(2, np.int8)
    fr_exit = np.zeros(2, np.int64)
    fr_budget = np.zeros(2, np.int64)
    # ---- receiver
    rcvd = np.zeros(n, np.int8)  # 0 none, 1 received, 2 skipped by FORWARD-TSN
    deliver = np.full(n, -1.0)
    # stream lists
    scount = np.zeros(n_streams + 1, np.int64)
    for i in range(n):
        scount[stream[i] + 1] += 1
    soff = np.cumsum(scount)
    sstop = soff[1:]  # one past each stream's last index in slist
    slist = np.empty(n, np.int64)
    sfill = soff[:-1].copy()
    for i in range(n):
        s = stream[i]
        slist[sfill[s]] = i
        sfill[s] += 1
    sptr = soff[:-1].copy()
    in_flight = np.zeros(2, np.int64)
    rwnd_drops, now = _window_loop(gen_t, size, stream, unreliable, mode, n_paths, hdr, mtu, rbuf, rto_min,
                                   rto_max, path_max_retrans, hb_interval, rtx_limit, ns2_rwnd_defect, rate, delay,
                                   qlim, per, loss_start, unif, bin_s, t_end, tr, tn, ht, hq, hk, ha, hb, hc, hs,
                                   ev, acked, fq_t, fq_s, fq_a, fq_b, fq_c, fq_head, fq_len, fstate, ring,
                                   counters, stats, ack_delay, st, cpath, sent_t, txc, miss, fastf, no_fast, inq,
                                   rtxq, cwnd, ssth, flight, pba, srtt, rttvar, rto, t3_exp, t3_ev, err, first,
                                   last_new, hb_from, hb_sent, active, in_fr, fr_exit, fr_budget, rcvd, deliver,
                                   sstop, slist, sptr, in_flight)
    return deliver, txc, st, counters, stats, in_flight, rwnd_drops, now


_numba_cache.drop_stale_cache(__file__, [_kernel], kernel=run_window)
