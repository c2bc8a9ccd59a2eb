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
  cwnd update for CMT (CUC: a path's cwnd grows by the bytes a SACK newly
  acknowledges on it, gap-acknowledged ones included, but only when the SACK
  advances one of the path's pseudo-cumacks -- its earliest outstanding chunk
  sent once, or its earliest outstanding retransmitted one -- as ns-2's
  ``SctpCMTAgent::ProcessSackChunk`` calls ``AdjustCwnd`` only on
  ``eNewPseudoCum``), retransmissions to the
  path with the larger cwnd; as in ns-2's ``sctp-cmt.cc``, a chunk that timed
  out is not fast-retransmitted either. Optionally (``dac_count`` >= 0) CMT's
  delayed-ack rule (DAC, Iyengar et al. 2006; ns-2's ``useCmtDelAck_``): a SACK
  reports how many data packets reached the receiver since the previous SACK
  (``dac_count``), and a missing chunk below a newly acknowledged chunk of its
  path gets one miss indication if the SACK also newly acknowledges a lower TSN
  of that path (the SACK "acks across" the chunk), else as many as the SACK
  reports. (DAC's third case, a SACK newly gap-acknowledging chunks of both
  paths, which gets one, never arises here: each SACK gap-acknowledges at most
  the chunk whose arrival sent it.) With a SACK per packet the count is 1 and
  the rule adds one indication per SACK, as without it; ns-2.35 reports 0 when
  SACKs are not delayed (its receiver counts packets only for delayed SACKs),
  ``dac_count`` 0. A path in fast recovery neither grows its cwnd nor cuts it
  again until the cumulative TSN passes the recovery's exit point (RFC 4960
  sec. 7.2.1, 7.2.4); optionally (``ns2_cmt_recovery``) as ns-2.35's CMT: the
  cwnd grows whenever the pseudo-cumack advances (``sctp.cc``
  ``SctpAgent::AdjustCwnd``) and a fast retransmission whose TSN is above the
  exit point cuts it again (``sctp-cmt.cc`` ``FastRtx``, the path's
  ``uiRecover``).

Optionally (``sack_delay`` > 0, SCTP and CMT-SCTP) the receiver delays its SACKs
as ns-2.35's ``sctp.cc`` does with ``useDelayedSacks_`` (``ProcessChunk``; RFC
4960 sec. 6.2): a SACK for every second data packet, or ``sack_delay`` after the
first one unacknowledged, and at once for the first TSN, a duplicate, or while
the receiver holds a gap. A delayed SACK goes back on the path of the last data
packet; since it is sent only when nothing is out of order, it acknowledges
cumulatively and gap-acknowledges nothing, so the sender handles it as any
SACK. The default (0) sends a SACK per data packet.

Optionally (``ns2_sack_clock``) the sender sends as ns-2.35's does: the
application's data waits for the next SACK, unless nothing is outstanding
(``sctp.cc`` ``SctpAgent::sendmsg`` sends only while ``eSendNewDataChunks`` is
set; a SACK sets it, the send that follows clears it), and CMT fills one path's
cwnd before the next, starting after the path last sent to (``sctp-cmt.cc``
``SendMuch``). The chunks then leave in bursts per path and arrive out of order
across the paths.

A TSN is one packet of the video (one slice or slice fragment). Events: 0 the
application has data, 1 a data packet reaches the receiver, 2 a SACK reaches
the sender, 3 a T3 timer, 4 a FORWARD-TSN reaches the receiver, 5 a
heartbeat restores a failed path, 6 a path's heartbeat timer, 7 a
HEARTBEAT-ACK reaches the sender, 8 the receiver's delayed-SACK timer.

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

Compilation: the kernels take their state as a few named structures (namedtuples of
arrays: :class:`Chunks`, :class:`Config`, :class:`Links`, :class:`Heap`, :class:`Fifos`,
:class:`Sender`, :class:`Paths`, :class:`Receiver`, :class:`Trace`, and the loop's scalars,
:class:`Cursor`). The steps of the event loop and the heap, link and RTT estimator of
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
from collections import namedtuple

from numba import njit

from mmperf import _kernel, _numba_cache
from mmperf._kernel import Link, heap_pop, heap_push, link_send, rtt_update

MODE_TCP, MODE_SCTP, MODE_CMT = 0, 1, 2
INF = 1e300

# sender chunk states
UNSENT, OUT, ACKED, MARKED, ABANDONED = 0, 1, 2, 3, 4

# trace event codes
TR_SEND, TR_T3_START, TR_T3_RESTART, TR_T3_EXPIRY, TR_RTT_DATA, TR_RTT_HEARTBEAT = 1, 2, 3, 4, 5, 6
TRACE_EVENTS = {TR_SEND: "send", TR_T3_START: "t3_start", TR_T3_RESTART: "t3_restart",
                TR_T3_EXPIRY: "t3_expiry", TR_RTT_DATA: "rtt_data", TR_RTT_HEARTBEAT: "rtt_heartbeat"}
"""Names of the trace's event codes."""

# ---- the named structures the window kernels take (namedtuples of arrays and scalars; numba passes them
# to compiled functions, and to the helpers inlined into them, as one argument each)
Chunks = namedtuple("Chunks", "gen_t size stream unreliable")
"""The packets to send, one entry per TSN: generation time [s], bytes, stream, unreliable (bool)."""
Config = namedtuple("Config", "mode n_paths n_streams hdr mtu rbuf init_cwnd rto_init rto_min rto_max "
                              "path_max_retrans hb_interval rtx_limit ns2_rwnd_defect dac_count sack_delay t_end "
                              "tcp_ssth_segments ns2_sack_clock ns2_cmt_recovery",
                   defaults=(False, False, False))
"""The transport's configuration (read only): ``mode`` (``MODE_*``), paths, streams, header, MTU and receive
buffer [bytes], initial cwnd [bytes], RTOs [s], path failure threshold, heartbeat interval [s], PR-SCTP
retransmission limit, the ns-2 receiver defect (bool), the DAC count (-1: off), the delayed-SACK timer
[s] (0: a SACK per packet), the run's horizon [s], and TCP's ssthresh rule after a loss (``tcp_ssth_segments``
True: ns-2 FullTcp's, half the window in whole segments; False, the default: half the flight size), and the
sender's clock (``ns2_sack_clock`` True: ns-2.35's, new data only after a SACK and one path's cwnd filled first),
and CMT's fast recovery (``ns2_cmt_recovery`` True: ns-2.35's, cwnd growth in it and a cut per window of losses)."""
Net = namedtuple("Net", "rate delay qlim per loss_start unif bin_s nbins")
"""The two links (read only; the arrays of :meth:`mmperf.networks.packetsim.Network.arrays`), the
error model's uniform draws, and the statistics bins (width [s], count)."""
Links = namedtuple("Links", "rate delay qlim per loss_start unif bin_s fstate ring counters stats ack_delay")
"""The links as :func:`mmperf._kernel.link_send` uses them: :class:`Net`'s arrays and the links' state,
counters and statistics, with each path's SACK delay (propagation and a 60-byte SACK's transmission)."""
Heap = namedtuple("Heap", "t seq kind a b c size ev")
"""The event heap of :mod:`mmperf._kernel` (``size`` = [length, next sequence number]) and ``ev``,
where :func:`mmperf._kernel.heap_pop` writes the event it pops."""
Fifos = namedtuple("Fifos", "t seq a b c head length")
"""Four FIFO event queues in one set of arrays (queue ``j`` at ``j * cap ...``): data reaching the receiver
on path 0, 1 and SACKs of path 0, 1 (see :func:`_fifo_push`)."""
Sender = namedtuple("Sender", "st cpath sent_t txc miss fastf no_fast inq rtxq rq")
"""The sender's chunks: state (``UNSENT`` ...), path, last send time, transmissions, miss indications,
fast-retransmit flag, ineligible for fast retransmit, queued for retransmission; the retransmission
queue (a ring of TSNs, ``rtxq``) and its ends ``rq[HEAD]``, ``rq[TAIL]``, ``rq[LEN]``."""
HEAD, TAIL, LEN = 0, 1, 2
Paths = namedtuple("Paths", "cwnd ssth flight pba srtt rttvar rto t3_exp t3_ev err first last_new hb_from "
                            "hb_sent active in_fr fr_exit fr_budget acked")
"""Per path: congestion control, RTT estimator, T3 timer (expiry, live heap event), error count, earliest
outstanding TSN, heartbeat times, active flag, fast recovery (flag, exit TSN, budget) and bytes a SACK
acknowledged."""
Receiver = namedtuple("Receiver", "rcvd deliver sstop slist sptr held mark")
"""The receiver: each TSN's state (0 none, 1 received, 2 skipped), delivery time; the TSNs of each stream
in order (``slist``, stream ``s`` ending at ``sstop[s]``) and each stream's next one (``sptr``); the bytes
its buffer holds (``held[0]``), its cumulative TSN, highest TSN received and window drops (``mark[CUM]``,
``mark[HIGHEST]``, ``mark[DROPS]``); with delayed SACKs, the expiry of the SACK timer (``held[1]``, INF when
off), the data packets not yet acknowledged, the last of them and its path (``mark[DS_COUNT]``,
``mark[DS_TSN]``, ``mark[DS_PATH]``)."""
CUM, HIGHEST, DROPS, DS_COUNT, DS_TSN, DS_PATH = 0, 1, 2, 3, 4, 5
Trace = namedtuple("Trace", "rows count")
"""The sender's trace: rows ``(time, event, path, tsn, value, timer)`` and ``count[0]`` events seen."""


@njit(cache=True)
def run_datagram(gen_t, size, path_of, hdr, rate, delay, qlim, per, loss_start, unif, bin_s, nbins):  # pragma: no cover
    """UDP/RTP: every packet is offered once, at its generation time, to its path."""
    n = gen_t.shape[0]
    fstate = np.zeros((2, 4))
    ring = np.zeros((2, qlim.max() + 1))
    counters = np.zeros((2, 4), np.int64)
    stats = np.zeros((2, nbins, 3))
    deliver = np.full(n, -1.0)
    lk = Link(rate, delay, qlim, per, loss_start, unif, bin_s, fstate, ring, counters, stats)
    for i in range(n):
        p = path_of[i]
        t = link_send(lk, p, gen_t[i], size[i] + hdr)
        if t >= 0:
            deliver[i] = t
            counters[p, 3] += 1
    return deliver, counters, stats


@njit(cache=True, inline="always")
def _push(hp, t, kind, a, b, c):  # pragma: no cover
    """Push the event ``(t, kind, a, b, c)`` on the heap ``hp``."""
    heap_push(hp.t, hp.seq, hp.kind, hp.a, hp.b, hp.c, hp.size, t, kind, a, b, c)


@njit(cache=True, inline="always")
def _send(lk, p, now, nbytes):  # pragma: no cover
    """Offer ``nbytes`` to link ``p`` at ``now``: arrival time, or -1 if lost (:func:`mmperf._kernel.link_send`)."""
    return link_send(lk, p, now, nbytes)


@njit(cache=True, inline="always")
def _note(trace, t, code, p, tsn, v, t3_exp):  # pragma: no cover
    """Append one event to the trace if it has room, with path ``p``'s T3 expiry after it;
    ``trace.count[0]`` counts every event."""
    tr = trace.rows
    tn = trace.count
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
def _earliest_outstanding(scum, next_new, n_paths, snd, pth, out_lo):  # pragma: no cover
    """Fill ``first[q]`` with the lowest TSN outstanding on path ``q`` (-1 if none).

    ``out_lo`` is a lower bound of the lowest TSN outstanding on any path (none
    lies below it), where the search starts; returns the bound, raised to the
    first outstanding TSN the search met.
    """
    st = snd.st
    cpath = snd.cpath
    first = pth.first
    flight = pth.flight
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
def _pseudo_cumacks(mode, lo, next_new, snd):  # pragma: no cover
    """CMT (``mode`` ``MODE_CMT``): the pseudo-cumacks of paths 0 and 1 (Iyengar et al. 2006, CUC, as ns-2's
    ``sctp-cmt.cc`` keeps them): the lowest TSN outstanding on the path that was sent once, and the lowest
    retransmitted one; -1 where there is none, and all four -1 in the other modes. No chunk below ``lo`` is
    outstanding."""
    n0 = -1
    n1 = -1
    r0 = -1
    r1 = -1
    if mode != MODE_CMT:
        return n0, n1, r0, r1
    st, cpath, txc = snd.st, snd.cpath, snd.txc
    for t in range(lo, next_new):
        if st[t] != OUT:
            continue
        if cpath[t] == 0:
            if txc[t] == 1:
                if n0 < 0:
                    n0 = t
            elif r0 < 0:
                r0 = t
        else:
            if txc[t] == 1:
                if n1 < 0:
                    n1 = t
            elif r1 < 0:
                r1 = t
    return n0, n1, r0, r1


@njit(cache=True, inline="always")
def _arm_t3(q, when, pth, hp):  # pragma: no cover
    """Set path ``q``'s T3 timer to expire at ``when``.

    The heap holds at most one live timer event per path, at ``t3_ev[q]``: a new
    one is pushed only when ``when`` comes before it (an RTO that shrank since),
    and the later one, left on the heap, is ignored when it pops. An event
    that pops before a later ``t3_exp[q]`` re-arms the timer.
    """
    pth.t3_exp[q] = when
    if when < pth.t3_ev[q]:
        _push(hp, when, 3, q, 0, 0)
        pth.t3_ev[q] = when


FIFO_CAPS = (1 << 10, 1 << 18)
"""Capacities of each FIFO event queue :func:`run_window` is tried with, in turn: a small one (a few
hundred events are pending at most in the chapter's runs, and it stays in the processor's cache)
and, if a run overflows it, as many events as the heap holds."""


@njit(cache=True, inline="always")
def _fifo_push(fq, j, t, a, b, c, hp):  # pragma: no cover
    """Append an event at time ``t`` with payload ``a, b, c`` to FIFO queue ``j`` of ``fq``.

    It takes the next sequence number of the heap ``hp``, so that events of the
    FIFOs and of the heap keep one order by (time, sequence). The events of a
    queue come in order of time (a link delivers in order, with a constant
    delay); one that does not is a bug and raises.
    """
    fq_t = fq.t
    fq_head = fq.head
    fq_len = fq.length
    hs = hp.size
    m = fq_len[j]
    cap = fq_t.shape[0] >> 2
    if m >= cap:
        raise RuntimeError("FIFO event queue overflow")
    if m > 0 and t < fq_t[j * cap + ((fq_head[j] + m - 1) & (cap - 1))]:
        raise RuntimeError("FIFO event queue out of time order")
    k = j * cap + ((fq_head[j] + m) & (cap - 1))
    fq_t[k] = t
    fq.seq[k] = hs[1]
    hs[1] += 1
    fq.a[k] = a
    fq.b[k] = b
    fq.c[k] = c
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
def _withdraw(t, q, fast, now, ch, cfg, lk, hp, snd, pth):  # pragma: no cover
    """Take chunk ``t`` out of path ``q``'s flight after a loss is detected.

    A chunk of an unreliable stream past its retransmission limit is abandoned
    (PR-SCTP: a FORWARD-TSN reaches the receiver one path delay later); any
    other is marked for retransmission (``fast`` = 1 for fast retransmit) and
    queued once (at the tail of the retransmission queue). The caller subtracts
    the chunk's bytes from its outstanding total.
    """
    pth.flight[q] -= ch.size[t] + cfg.hdr
    if ch.unreliable[t] and snd.txc[t] > cfg.rtx_limit:
        snd.st[t] = ABANDONED
        _push(hp, now + lk.delay[q], 4, t, 0, 0)
    else:
        snd.st[t] = MARKED
        snd.fastf[t] = fast
        if snd.inq[t] == 0:
            snd.inq[t] = 1
            rq = snd.rq
            snd.rtxq[rq[TAIL]] = t
            rq[TAIL] = (rq[TAIL] + 1) % snd.rtxq.shape[0]
            rq[LEN] += 1


@njit(cache=True, inline="always")
def _ack(t, now, size, hdr, snd, pth, sample_p, sample_r):  # pragma: no cover
    """Mark chunk ``t`` acknowledged; if it was in flight, credit its bytes to its path.

    Returns the bytes it takes off the outstanding total and the RTT sample
    (path, seconds), updated when ``t`` was sent only once (Karn's rule).
    """
    st = snd.st
    freed = 0.0
    if st[t] == OUT:
        q = snd.cpath[t]
        freed = float(size[t] + hdr)
        pth.flight[q] -= size[t] + hdr
        pth.acked[q] += size[t] + hdr
        if snd.txc[t] == 1:
            sample_p = q
            sample_r = now - snd.sent_t[t]
    st[t] = ACKED
    return freed, sample_p, sample_r


@njit(cache=True, inline="always")
def _deliver_in_order(s, now, size, rcv):  # pragma: no cover
    """Hand stream ``s``'s chunks to the application while its next one is here or skipped.

    A received chunk (``rcvd`` 1) is delivered now and leaves the receive
    buffer; an abandoned one (``rcvd`` 2, after a FORWARD-TSN) is skipped.
    Then the cumulative TSN advances over every chunk received or skipped.
    """
    n = size.shape[0]
    rcvd = rcv.rcvd
    deliver = rcv.deliver
    sptr = rcv.sptr
    stream_list = rcv.slist
    while sptr[s] < rcv.sstop[s] and rcvd[stream_list[sptr[s]]] != 0:
        j = stream_list[sptr[s]]
        if rcvd[j] == 1:
            deliver[j] = now
            rcv.held[0] -= size[j]
        sptr[s] += 1
    mark = rcv.mark
    while mark[CUM] + 1 < n and rcvd[mark[CUM] + 1] != 0:
        mark[CUM] += 1


@njit(cache=True, inline="always")
def _next_event(hp, fq, app_pending, app_t, app_s):  # pragma: no cover
    """The source of the earliest pending event by (time, sequence number) and its time: 0-3 a FIFO
    queue, 4 the heap, 5 the application; -1 when nothing is pending."""
    fcap = fq.t.shape[0] >> 2
    src = -1
    bt = 0.0
    bs = 0
    if hp.size[0] > 0:
        src = 4
        bt = hp.t[0]
        bs = hp.seq[0]
    for j in range(4):
        if fq.length[j] > 0:
            k = j * fcap + fq.head[j]
            if src < 0 or fq.t[k] < bt or (fq.t[k] == bt and fq.seq[k] < bs):
                src = j
                bt = fq.t[k]
                bs = fq.seq[k]
    if app_pending and (src < 0 or app_t < bt or (app_t == bt and app_s < bs)):
        src = 5
        bt = app_t
    return src, bt


@njit(cache=True, inline="always")
def _fifo_pop(fq, j):  # pragma: no cover
    """Take the event at the head of FIFO queue ``j``: its payload ``a, b, c``."""
    fcap = fq.t.shape[0] >> 2
    k = j * fcap + fq.head[j]
    a = fq.a[k]
    b = fq.b[k]
    c = fq.c[k]
    fq.head[j] = (fq.head[j] + 1) & (fcap - 1)
    fq.length[j] -= 1
    return a, b, c


@njit(cache=True, inline="always")
def _on_data(tsn, p, now, ch, cfg, lk, hp, fq, rcv):  # pragma: no cover
    """Data chunk ``tsn`` reaches the receiver on path ``p``: keep it if the buffer has room (or, as the
    ns-2 receiver without ``ns2_rwnd_defect`` does, if it fills a gap), deliver what it completes, and
    send a SACK back on the path."""
    size = ch.size
    rbuf = cfg.rbuf
    mark = rcv.mark
    lk.counters[p, 3] += 1
    duplicate = rcv.rcvd[tsn] != 0
    if rcv.rcvd[tsn] == 0:
        full = rcv.held[0] + size[tsn] > rbuf
        if full and (cfg.ns2_rwnd_defect or tsn > mark[HIGHEST]):
            mark[DROPS] += 1
        else:
            rcv.rcvd[tsn] = 1
            rcv.held[0] += size[tsn]
            if tsn > mark[HIGHEST]:
                mark[HIGHEST] = tsn
            _deliver_in_order(ch.stream[tsn], now, size, rcv)
    if cfg.sack_delay > 0.0 and cfg.mode != MODE_TCP:
        # delayed SACKs (ns-2 sctp.cc ProcessChunk): at once for the first TSN, a duplicate or while a gap
        # is held; else one for every second packet, or when the timer started by the first expires
        if not (tsn == 0 or duplicate or mark[HIGHEST] > mark[CUM]):
            mark[DS_COUNT] += 1
            mark[DS_TSN] = tsn
            mark[DS_PATH] = p
            if mark[DS_COUNT] == 1:
                rcv.held[1] = now + cfg.sack_delay
                _push(hp, rcv.held[1], 8, 0, 0, 0)
                return
        mark[DS_COUNT] = 0
        rcv.held[1] = INF
    _send_sack(tsn, p, now, cfg, lk, hp, fq, rcv)


@njit(cache=True, inline="always")
def _send_sack(tsn, p, now, cfg, lk, hp, fq, rcv):  # pragma: no cover
    """The receiver sends a SACK on path ``p``, the arrival of chunk ``tsn`` its trigger."""
    # SCTP advertises the buffer less everything it holds (a gap-acknowledged chunk is no longer
    # outstanding at the sender). TCP has no gap acknowledgements: the out-of-order bytes are
    # still outstanding at the sender, which counts them against the window already, so the
    # receiver advertises its buffer less the in-order bytes not yet read (none: the application
    # reads at once), as ns-2's FullTcp does.
    arw = cfg.rbuf if cfg.mode == MODE_TCP else cfg.rbuf - rcv.held[0]
    if arw < 0:
        arw = 0
    _fifo_push(fq, 2 + p, now + lk.ack_delay[p], tsn, rcv.mark[CUM], int(arw), hp)


@njit(cache=True, inline="always")
def _on_forward_tsn(tsn, now, ch, cfg, rcv):  # pragma: no cover
    """A FORWARD-TSN for the abandoned chunk ``tsn`` reaches the receiver: skip it."""
    if cfg.ns2_rwnd_defect:  # the ns-2 receiver of the paper never skips abandoned chunks
        return
    if rcv.rcvd[tsn] == 0:
        rcv.rcvd[tsn] = 2
        _deliver_in_order(ch.stream[tsn], now, ch.size, rcv)


@njit(cache=True, inline="always")
def _on_heartbeat_timer(p, now, cfg, lk, hp, pth):  # pragma: no cover
    """Path ``p``'s heartbeat timer (RFC 4960 sec. 8.3): a HEARTBEAT if the path was idle since the
    timer started; the timer starts again."""
    if pth.active[p] == 1 and pth.last_new[p] <= pth.hb_from[p]:  # idle since the timer started
        pth.hb_sent[p] = now
        wait = max(lk.fstate[p, 0] - now, 0.0)  # behind the data queued on the link
        _push(hp, now + wait + 2 * lk.ack_delay[p], 7, p, 0, 0)
    pth.hb_from[p] = now
    _push(hp, now + cfg.hb_interval + pth.rto[p], 6, p, 0, 0)


@njit(cache=True, inline="always")
def _on_heartbeat_ack(p, now, cfg, pth, trace):  # pragma: no cover
    """A HEARTBEAT-ACK of path ``p``: an RTT measurement, and the path's errors cleared."""
    rtt_update(p, now - pth.hb_sent[p], pth.srtt, pth.rttvar, pth.rto, cfg.rto_min, cfg.rto_max)
    pth.err[p] = 0
    _note(trace, now, TR_RTT_HEARTBEAT, p, -1, pth.rto[p], pth.t3_exp)


@njit(cache=True, inline="always")
def _ssth_segments(cwnd, cfg):  # pragma: no cover
    """TCP's ssthresh after a loss as ns-2's ``TcpAgent::slowdown`` sets it (``tcp.cc``; ``CLOSE_SSTHRESH_HALF``):
    half the window, ``min(cwnd_, wnd_)``, in whole segments (``ssthresh_ = (int) halfwin``), at least 2."""
    win = min(cwnd, cfg.rbuf) / cfg.mtu
    return max(np.floor(win / 2.0), 2.0) * cfg.mtu


@njit(cache=True, inline="always")
def _t3_due(p, now, hp, pth):  # pragma: no cover
    """A T3 event of path ``p`` pops: whether the timer expires now (else it is off, or re-armed for its
    later expiry)."""
    pth.t3_ev[p] = INF
    if pth.t3_exp[p] >= INF:
        return False
    if pth.t3_exp[p] > now + 1e-12:
        _arm_t3(p, pth.t3_exp[p], pth, hp)
        return False
    return True


@njit(cache=True, inline="always")
def _on_timeout(p, now, lo, next_new, outstanding, ch, cfg, lk, hp, snd, pth, trace):  # pragma: no cover
    """Path ``p``'s T3 timer expires: cwnd to one MTU, ssthresh halved, RTO doubled, the path's error
    count raised (and the path failed past ``path_max_retrans``), and every chunk outstanding on it
    (none lies below ``lo``) withdrawn for retransmission. Returns the new outstanding total and the
    lowest TSN withdrawn (``next_new`` if none)."""
    cwnd, ssth, rto, mtu = pth.cwnd, pth.ssth, pth.rto, cfg.mtu
    st, cpath, size, hdr = snd.st, snd.cpath, ch.size, cfg.hdr
    pth.t3_exp[p] = INF
    _note(trace, now, TR_T3_EXPIRY, p, -1, rto[p], pth.t3_exp)
    if cfg.mode == MODE_TCP and cfg.tcp_ssth_segments:
        ssth[p] = _ssth_segments(cwnd[p], cfg)
    elif cfg.mode == MODE_TCP:
        ssth[p] = max(pth.flight[p] / 2, 2.0 * mtu)
    else:
        ssth[p] = max(cwnd[p] / 2, 4.0 * mtu)
    cwnd[p] = mtu
    pth.pba[p] = 0.0
    rto[p] = min(2 * rto[p], cfg.rto_max)
    pth.in_fr[p] = 0
    pth.err[p] += 1
    if cfg.n_paths > 1 and pth.err[p] > cfg.path_max_retrans and pth.active[p] == 1:
        pth.active[p] = 0
        _push(hp, now + cfg.hb_interval + rto[p], 5, p, 0, 0)
    mk = next_new
    for t in range(lo, next_new):
        if st[t] == OUT and cpath[t] == p:
            if cfg.mode == MODE_CMT:
                snd.no_fast[t] = 1
            outstanding -= size[t] + hdr
            _withdraw(t, p, 0, now, ch, cfg, lk, hp, snd, pth)
            mk = min(mk, t)
    pth.flight[p] = max(pth.flight[p], 0.0)
    return outstanding, mk


Cursor = namedtuple("Cursor", "scum next_new out_lo mk_lo outstanding peer_rwnd dupacks rr app_pending app_t app_s")
"""The window loop's scalars, handed to and returned by its SACK and sending steps: the cumulative TSN
acknowledged, the next new TSN, lower bounds of the TSNs outstanding and marked, the bytes outstanding,
the peer's window, TCP's duplicate ACKs, CMT's round-robin path and the application's pending event
(flag, time, sequence number)."""


@njit(cache=True, inline="always")
def _on_sack(trig, cum_r, c, now, cur, ch, cfg, lk, hp, snd, pth, trace):  # pragma: no cover
    """A SACK reaches the sender: it was sent by the arrival of chunk ``trig``, acknowledges every TSN up to
    ``cum_r`` and advertises a window of ``c`` bytes. Acknowledge, take an RTT sample, count miss
    indications and fast-retransmit (Reno for TCP), grow cwnd, restart or stop the T3 timers. Returns the
    loop's :class:`Cursor`, updated."""
    scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s = cur
    size, unreliable = ch.size, ch.unreliable
    mode, n_paths, hdr, mtu = cfg.mode, cfg.n_paths, cfg.hdr, cfg.mtu
    rto_min, rto_max = cfg.rto_min, cfg.rto_max
    dac_count = cfg.dac_count
    ns2_rec = cfg.ns2_cmt_recovery and mode == MODE_CMT
    st, cpath, sent_t, miss = snd.st, snd.cpath, snd.sent_t, snd.miss
    no_fast = snd.no_fast
    cwnd, ssth, flight, pba, rto = pth.cwnd, pth.ssth, pth.flight, pth.pba, pth.rto
    t3_exp, err, first, acked = pth.t3_exp, pth.err, pth.first, pth.acked
    in_fr, fr_exit, fr_budget = pth.in_fr, pth.fr_exit, pth.fr_budget
    peer_rwnd = float(c)
    acked[0] = 0.0
    acked[1] = 0.0
    flight_before0 = flight[0]
    flight_before1 = flight[1]
    old_cum = scum
    out_lo = _earliest_outstanding(scum, next_new, n_paths, snd, pth, out_lo)
    # CMT's cwnd update (CUC): each path's pseudo-cumacks, the earliest chunk outstanding on it sent once
    # and the earliest retransmitted one (ns-2's uiExpectedPseudoCum, uiExpectedRtxPseudoCum; -1: none)
    pc_new0, pc_new1, pc_rtx0, pc_rtx1 = _pseudo_cumacks(mode, out_lo, next_new, snd)
    sample_p = -1
    sample_r = 0.0
    low0 = -1  # DAC: the lowest TSN this SACK newly acknowledges on path 0, 1 (-1: none)
    low1 = -1
    if cum_r > scum:
        for t in range(scum + 1, cum_r + 1):
            if st[t] == OUT or st[t] == MARKED:
                if dac_count >= 0:
                    if cpath[t] == 0 and low0 < 0:
                        low0 = t
                    elif cpath[t] == 1 and low1 < 0:
                        low1 = t
                freed, sample_p, sample_r = _ack(t, now, size, hdr, snd, pth, sample_p, sample_r)
                outstanding -= freed
        scum = cum_r
    cum_adv = scum > old_cum
    newly_gap = False
    if mode != MODE_TCP and trig > scum and (st[trig] == OUT or st[trig] == MARKED):
        freed, sample_p, sample_r = _ack(trig, now, size, hdr, snd, pth, sample_p, sample_r)
        outstanding -= freed
        newly_gap = True
    if sample_p >= 0:
        rtt_update(sample_p, sample_r, pth.srtt, pth.rttvar, rto, rto_min, rto_max)
        _note(trace, now, TR_RTT_DATA, sample_p, -1, rto[sample_p], t3_exp)
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
                    _withdraw(t, 0, 1, now, ch, cfg, lk, hp, snd, pth)
                    mk_lo = min(mk_lo, t)
                    fr_budget[0] = 1
                if cfg.tcp_ssth_segments:
                    ssth[0] = _ssth_segments(cwnd[0], cfg)
                else:
                    ssth[0] = max((flight[0] + size[t] + hdr) / 2, 2.0 * mtu)
                cwnd[0] = ssth[0] + 3 * mtu
                in_fr[0] = 1
            elif dupacks > 3 and in_fr[0] == 1:
                cwnd[0] += mtu
    else:
        if newly_gap:
            tp = cpath[trig]
            low = low0 if tp == 0 else low1
            if low < 0:
                low = trig
            for t in range(max(scum + 1, out_lo), trig):
                if st[t] == OUT and sent_t[t] < sent_t[trig] and (mode != MODE_CMT or cpath[t] == tp):
                    if dac_count < 0 or low < t:
                        miss[t] += 1
                    else:  # DAC: the SACK does not ack across t: as many as the packets it reports
                        miss[t] += dac_count
                    if miss[t] >= 3 and no_fast[t] == 0:
                        no_fast[t] = 1
                        q = cpath[t]
                        outstanding -= size[t] + hdr
                        _withdraw(t, q, 1, now, ch, cfg, lk, hp, snd, pth)
                        mk_lo = min(mk_lo, t)
                        if in_fr[q] == 0 or (ns2_rec and t > fr_exit[q]):
                            ssth[q] = max(cwnd[q] / 2, 4.0 * mtu)
                            cwnd[q] = ssth[q]
                            pba[q] = 0.0
                            in_fr[q] = 1
                            fr_exit[q] = next_new - 1
                            fr_budget[q] = 1
        for q in range(2):
            if in_fr[q] == 1 and scum >= fr_exit[q]:
                in_fr[q] = 0
            # SCTP: cwnd grows when the cumulative TSN advances (RFC 4960 sec. 7.2.1-7.2.2); CMT's cwnd update
            # (CUC): when one of the path's pseudo-cumacks advances (the SACK acknowledged the earliest chunk
            # sent once, or the earliest retransmitted one, outstanding on the path), by the bytes the SACK
            # newly acknowledged there, gap-acknowledged ones included
            pc_new = pc_new0 if q == 0 else pc_new1
            pc_rtx = pc_rtx0 if q == 0 else pc_rtx1
            new_pseudo_cum = (pc_new >= 0 and st[pc_new] == ACKED) or (pc_rtx >= 0 and st[pc_rtx] == ACKED)
            if acked[q] > 0 and (in_fr[q] == 0 or ns2_rec) and (new_pseudo_cum if mode == MODE_CMT else cum_adv):
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
            _arm_t3(q, now + rto[q], pth, hp)
            _note(trace, now, TR_T3_RESTART, q, first[q], 1.0 if covered else 0.0, t3_exp)
    if outstanding < 0:
        outstanding = 0.0
    return Cursor(scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s)


@njit(cache=True, inline="always")
def _try_send(now, cur, ch, cfg, lk, hp, fq, snd, pth, trace, schedule_only=False):  # pragma: no cover
    """Send while a window has room: the earliest chunk marked for retransmission first (to the path
    the transport picks for it; a fast retransmission bypasses cwnd once per loss event), else the
    next new chunk if the application has handed it over and the peer's window has room (CMT-SCTP:
    round robin over the paths with room; else the primary path, or the alternate one when the
    primary failed). Schedules the application's next packet when it is not here yet. Returns the
    loop's :class:`Cursor`, updated."""
    scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s = cur
    primary = 0
    gen_t, size = ch.gen_t, ch.size
    mode, n_paths, hdr = cfg.mode, cfg.n_paths, cfg.hdr
    hs = hp.size
    st, cpath, sent_t, txc, miss = snd.st, snd.cpath, snd.sent_t, snd.txc, snd.miss
    fastf, inq, rtxq = snd.fastf, snd.inq, snd.rtxq
    cwnd, flight, rto = pth.cwnd, pth.flight, pth.rto
    t3_exp, first = pth.t3_exp, pth.first
    last_new, active = pth.last_new, pth.active
    fr_budget = pth.fr_budget
    rq = snd.rq
    n = gen_t.shape[0]
    burst_p = -1
    while True:
        tsn = -1
        p = -1
        bypass = False
        while rq[LEN] > 0:  # drop the entries at the queue's head whose chunk was acknowledged since
            t = rtxq[rq[HEAD]]
            if st[t] != MARKED:
                inq[t] = 0
                rq[HEAD] = (rq[HEAD] + 1) % (n + 1)
                rq[LEN] -= 1
                continue
            break
        if schedule_only:
            if next_new < n and gen_t[next_new] > now and not app_pending:
                app_t = gen_t[next_new]
                app_s = hs[1]
                hs[1] += 1
                app_pending = True
            break
        if rq[LEN] > 0:
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
            if tsn == rtxq[rq[HEAD]]:
                inq[tsn] = 0
                rq[HEAD] = (rq[HEAD] + 1) % (n + 1)
                rq[LEN] -= 1
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
                if cfg.ns2_sack_clock and burst_p >= 0 and active[burst_p] == 1 and flight[burst_p] < cwnd[burst_p]:
                    found = burst_p  # ns-2's SendMuch fills one destination's cwnd before the next
                for k in range(n_paths if found < 0 else 0):
                    q = (rr + k) % n_paths
                    if active[q] == 1 and flight[q] < cwnd[q]:
                        found = q
                        break
                if found < 0:
                    break
                p = found
                burst_p = found
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
        _note(trace, now, TR_SEND, p, tsn, float(fastf[tsn]), t3_exp)
        miss[tsn] = 0
        fastf[tsn] = 0
        flight[p] += sz
        outstanding += sz
        if t3_exp[p] >= INF:
            _arm_t3(p, now + rto[p], pth, hp)
            _note(trace, now, TR_T3_START, p, tsn, t3_exp[p], t3_exp)
        arr = _send(lk, p, now, sz)
        if arr >= 0:
            _fifo_push(fq, p, arr, tsn, p, 0, hp)
    return Cursor(scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s)


@njit(cache=True, _nrt=False)
def _window_loop(ch, cfg, lk, hp, fq, snd, pth, rcv, trace, in_flight):  # pragma: no cover
    """The event loop of :func:`run_window` on the structures it allocated; fills them and ``in_flight``
    and returns the receiver's window drops and the time the run stopped.

    Each event is handled by a named step (``_on_data``, ``_on_forward_tsn``, ``_on_heartbeat_timer``,
    ``_on_heartbeat_ack``, ``_on_timeout``, ``_on_sack``), then ``_try_send`` sends what the windows
    allow. Compiled without numba's reference counting (``_nrt=False``; it allocates nothing): the
    steps inlined into it take the structures' arrays, and the atomic reference counts of those
    arrays cost more than a third of the run time.
    """
    gen_t = ch.gen_t
    mode, n_paths, rbuf = cfg.mode, cfg.n_paths, cfg.rbuf
    hb_interval = cfg.hb_interval
    t_end = cfg.t_end
    hs, ev = hp.size, hp.ev
    st = snd.st
    rto = pth.rto
    t3_ev, err = pth.t3_ev, pth.err
    active = pth.active
    n = gen_t.shape[0]
    app_t = 0.0  # the pending "application has data" event (time, sequence number)
    app_s = 0
    out_lo = 0  # no chunk below it is outstanding (OUT): where the searches for one start
    mk_lo = 0  # no chunk below it is marked for retransmission
    outstanding = 0.0
    peer_rwnd = float(rbuf)
    scum = -1
    next_new = 0
    app_pending = False
    dupacks = 0
    rr = 0
    now = 0.0
    if n > 0:
        app_t = gen_t[0]
        app_s = hs[1]
        hs[1] += 1
        app_pending = True
        if mode != MODE_TCP:
            for q in range(n_paths):
                _push(hp, hb_interval + rto[q], 6, q, 0, 0)
    while True:
        # the earliest pending event by (time, sequence number): the heap's, a FIFO's or the application's
        src, bt = _next_event(hp, fq, app_pending, app_t, app_s)
        if src < 0:
            break
        if src == 4:
            heap_pop(hp.t, hp.seq, hp.kind, hp.a, hp.b, hp.c, hs, ev)
            if int(ev[1]) == 6 and _transfer_done(scum, next_new, n, st):
                continue  # the heartbeats stop (and do not move the clock) once the transfer is over
            if int(ev[1]) == 3 and ev[0] != t3_ev[int(ev[2])]:
                continue  # a T3 event superseded by an earlier one (see _arm_t3)
            if int(ev[1]) == 8 and ev[0] != rcv.held[1]:
                continue  # a delayed-SACK timer stopped by a SACK sent before it expired
        now = bt
        if now > t_end:  # leave the event pending: a packet still on the wire at t_end counts as in flight
            if src == 4:
                _push(hp, ev[0], int(ev[1]), int(ev[2]), int(ev[3]), int(ev[4]))
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
            kind = 1 if src < 2 else 2
            a, b, c = _fifo_pop(fq, src)
        if kind == 0:
            app_pending = False
            if cfg.ns2_sack_clock and next_new > 0 and outstanding > 0:
                # ns-2.35 (sctp.cc SctpAgent::sendmsg) sends the application's data only while
                # eSendNewDataChunks is set, which a SACK sets and the send that follows it clears: the
                # data waits for the next SACK (or a T3 expiry)
                cur = _try_send(now, Cursor(scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr,
                                            app_pending, app_t, app_s), ch, cfg, lk, hp, fq, snd, pth, trace,
                                True)
                scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s = cur
                continue
        elif kind == 1:  # ---------------- data reaches the receiver
            _on_data(a, b, now, ch, cfg, lk, hp, fq, rcv)
            continue
        elif kind == 4:  # ---------------- FORWARD-TSN reaches the receiver
            _on_forward_tsn(a, now, ch, cfg, rcv)
            continue
        elif kind == 5:  # heartbeat: path restored
            active[a] = 1
            err[a] = 0
        elif kind == 6:  # ---------------- heartbeat timer of path a
            _on_heartbeat_timer(a, now, cfg, lk, hp, pth)
            continue
        elif kind == 7:  # ---------------- HEARTBEAT-ACK of path a
            _on_heartbeat_ack(a, now, cfg, pth, trace)
            continue
        elif kind == 8:  # ---------------- the receiver's delayed-SACK timer expires
            rcv.mark[DS_COUNT] = 0
            rcv.held[1] = INF
            _send_sack(rcv.mark[DS_TSN], rcv.mark[DS_PATH], now, cfg, lk, hp, fq, rcv)
            continue
        elif kind == 3:  # ---------------- T3 timer
            if not _t3_due(a, now, hp, pth):
                continue
            dupacks = 0
            outstanding, mk = _on_timeout(a, now, max(scum + 1, out_lo), next_new, outstanding, ch, cfg, lk, hp, snd,
                                          pth, trace)
            mk_lo = min(mk_lo, mk)
        elif kind == 2:  # ---------------- SACK reaches the sender
            cur = _on_sack(a, b, c, now, Cursor(scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s), ch, cfg, lk, hp, snd, pth, trace)
            scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s = cur
        # ================= try to send
        cur = _try_send(now, Cursor(scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s), ch, cfg, lk, hp, fq, snd, pth, trace)
        scum, next_new, out_lo, mk_lo, outstanding, peer_rwnd, dupacks, rr, app_pending, app_t, app_s = cur
    for p in range(2):
        in_flight[p] = fq.length[p]
    return rcv.mark[DROPS], now


@njit(cache=True)
def run_window(ch, cfg, net, trace, fifo_cap):  # pragma: no cover
    """Run the window core on the packets ``ch`` (:class:`Chunks`) with the configuration ``cfg``
    (:class:`Config`) over the links ``net`` (:class:`Net`), writing the sender's events to ``trace``
    (:class:`Trace`), with FIFO event queues of ``fifo_cap`` events (a power of two).

    Returns the delivery times, transmissions and final state of every chunk, the links' counters,
    statistics and packets in flight, the receiver's window drops and the time the run stopped.
    """
    n = ch.gen_t.shape[0]
    cap = 1 << 18
    hp = Heap(np.empty(cap), np.empty(cap, np.int64), np.empty(cap, np.int64), np.empty(cap, np.int64),
              np.empty(cap, np.int64), np.empty(cap, np.int64), np.zeros(2, np.int64), np.empty(5))
    # FIFO event queues: 0, 1 data reaching the receiver on path 0, 1; 2, 3 SACKs of path 0, 1
    fq = Fifos(np.empty(4 * fifo_cap), np.empty(4 * fifo_cap, np.int64), np.empty(4 * fifo_cap, np.int64),
               np.empty(4 * fifo_cap, np.int64), np.empty(4 * fifo_cap, np.int64), np.zeros(4, np.int64),
               np.zeros(4, np.int64))
    ack_delay = np.empty(2)
    for p in range(2):
        ack_delay[p] = net.delay[p] + 8.0 * 60 / net.rate[p]
    lk = Links(net.rate, net.delay, net.qlim, net.per, net.loss_start, net.unif, net.bin_s, np.zeros((2, 4)),
               np.zeros((2, net.qlim.max() + 1)), np.zeros((2, 4), np.int64), np.zeros((2, net.nbins, 3)), ack_delay)
    snd = Sender(st=np.zeros(n, np.int8), cpath=np.zeros(n, np.int64), sent_t=np.zeros(n),
                 txc=np.zeros(n, np.int64), miss=np.zeros(n, np.int64), fastf=np.zeros(n, np.int8),
                 no_fast=np.zeros(n, np.int8), inq=np.zeros(n, np.int8), rtxq=np.empty(n + 1, np.int64),
                 rq=np.zeros(3, np.int64))
    pth = Paths(cwnd=np.full(2, float(cfg.init_cwnd)), ssth=np.full(2, float(cfg.rbuf)), flight=np.zeros(2),
                pba=np.zeros(2), srtt=np.full(2, -1.0), rttvar=np.zeros(2), rto=np.full(2, cfg.rto_init),
                t3_exp=np.full(2, INF), t3_ev=np.full(2, INF), err=np.zeros(2, np.int64),
                first=np.full(2, -1, np.int64), last_new=np.zeros(2), hb_from=np.zeros(2), hb_sent=np.zeros(2),
                active=np.ones(2, np.int8), in_fr=np.zeros(2, np.int8), fr_exit=np.zeros(2, np.int64),
                fr_budget=np.zeros(2, np.int64), acked=np.zeros(2))
    # the receiver's stream lists
    scount = np.zeros(cfg.n_streams + 1, np.int64)
    for i in range(n):
        scount[ch.stream[i] + 1] += 1
    soff = np.cumsum(scount)
    slist = np.empty(n, np.int64)
    sfill = soff[:-1].copy()
    for i in range(n):
        s = ch.stream[i]
        slist[sfill[s]] = i
        sfill[s] += 1
    rcv = Receiver(rcvd=np.zeros(n, np.int8), deliver=np.full(n, -1.0), sstop=soff[1:], slist=slist,
                   sptr=soff[:-1].copy(), held=np.array([0.0, INF]),
                   mark=np.array([-1, -1, 0, 0, -1, 0], np.int64))
    in_flight = np.zeros(2, np.int64)
    rwnd_drops, now = _window_loop(ch, cfg, lk, hp, fq, snd, pth, rcv, trace, in_flight)
    return rcv.deliver, snd.txc, snd.st, lk.counters, lk.stats, in_flight, rwnd_drops, now


_numba_cache.drop_stale_cache(__file__, [_kernel], kernel=run_window)
