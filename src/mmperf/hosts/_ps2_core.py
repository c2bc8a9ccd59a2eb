"""Compiled engine of the PS/2 video-conferencing model (:mod:`mmperf.hosts.ps2`).

The same model as the SimPy ``_Model`` of :mod:`mmperf.hosts.ps2`, run by an
explicit event loop: a binary heap of ``(time, sequence number, job)`` (the
heap of :mod:`mmperf._kernel`), where a job resumes one process,
advances one source or fires the Micro Channel's processor-sharing timer.

Every frame is a process: a small state machine that runs its chain's program
(a row of ``prog``: one opcode per step, see ``OP_*``) and stops where the SimPy
process would yield, after pushing the event it waits for. The engine schedules
the same events as SimPy, in the same order, and takes them in the same order:

* ties in time are broken by the sequence number, which grows with every push,
  as SimPy breaks them by its event id (the order of ``schedule`` calls);
* a frame process starts at once when its source fires, after the source has
  pushed its next arrival: SimPy starts it with an *urgent* initialisation
  event that runs before any other event at the same time;
* event times are computed as SimPy computes them, ``now + (end - now)``, so
  times meant to coincide coincide to the last bit in both engines;
* a token handed over (device token, stage) and the end of a distributed mix
  push one resume per waiter, in the order the waiters came.

Compilation: the kernels are compiled without numba's reference counting
(``_nrt=False``: no function here allocates; the state arrays are made in
Python), which makes an event about seven times cheaper, since every array
taken out of the state tuple would otherwise cost two atomic operations; and
they are cached on disk (``cache=True``, like the package's other hot
kernels) because compiling them takes about 10 s per process, more than a
whole run of the Huynh chapter's grid. The three functions the loop calls for
an event (:func:`_run_process`, :func:`_source`, :func:`_ps_timer`) are inlined
into it (``inline="always"``): an event then costs 57 ns instead of 104 ns (the
state tuple is not passed down a call per event), for the same compile time;
inlining the steps too would make it 33 ns but the compilation ten times
longer. Numba checks a cached kernel against this file only, so
:func:`mmperf._numba_cache.drop_stale_cache` (run at the end of the import)
deletes the cached kernels when the file of the heap they call
(:mod:`mmperf._kernel`) has changed since they were written.

The random inputs are drawn in Python (:func:`mmperf.hosts.ps2._draw_inputs`)
and passed in; :func:`run_model` returns raw counters and per-frame records
that :mod:`mmperf.hosts.ps2` assembles into a ``Replication``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mmperf import _kernel, _numba_cache
from mmperf._kernel import heap_pop, heap_push


# FCFS stations (rows of ``fc``); adapters are ADAPTER + device
HOST, MEMORY, ADAPTER, DISK, RING, I750 = 0, 1, 2, 5, 6, 7
N_FCFS = 8
# devices (adapters and their Locate-mode tokens); tokens 3 and 4 are the two stages
VIDEO, RINGDEV, SCSI = 0, 1, 2
COMPRESS_STAGE, DECOMPRESS_STAGE = 3, 4
# host tags
TAG_VIDEO, TAG_FILE, TAG_START, TAG_OTHER = 0, 1, 2, 3
# components (as ps2.COMPONENTS)
C_CODEC, C_VC, C_NET, C_FS, C_DT, C_QUEUE, C_MIX = 0, 1, 2, 3, 4, 5, 6
# chains (rows of ``prog``)
CH_SEND, CH_RECEIVE, CH_FILE, CH_START = 0, 1, 2, 3
# opcodes: a program row is (opcode, a, comp, per_request) with a float argument x
(OP_T0, OP_HOST, OP_ADAPTER, OP_TOKEN_ACQ, OP_TOKEN_REL, OP_TRANSFER, OP_TRANSMIT, OP_DISK,
 OP_DT_BEGIN, OP_DT_END, OP_STAGE, OP_JOIN, OP_MIX, OP_JOIN_DONE, OP_END) = range(15)
# Move mode's pipelined file transfer: book the disk's blocks, wait for one, go to the next block
OP_PIPE_BOOK, OP_PIPE_WAIT, OP_PIPE_NEXT = range(15, 18)
# the argument ``a`` of OP_TRANSFER (direct, through memory, one block direct) and OP_TRANSMIT (frame, block)
TR_DIRECT, TR_MEMORY, TR_BLOCK = 0, 1, 2
# event kinds
EV_RESUME, EV_SOURCE, EV_PS_TIMER = 0, 1, 2
# hardware/workload constants (entries of ``par``)
(P_H, P_FT, P_HIPS, P_MEM_PER_INSTR, P_AIPS, P_CB, P_MBW, P_CH_RATE, P_CH_EPS, P_RING_OVH, P_RING_BPS,
 P_DISK_OVH, P_DISK_RATE, P_STREAMS, P_MIX, P_DISK_BLOCK, P_PRIO, P_C_PHASE, P_C_BUSY, P_C_N, P_DEC_HOLD) = range(21)
# P_PRIO: the i750 serves capture and compression first; P_C_*: the compressions' phase, work and
# count (the i750's busy intervals [phase + k T, phase + k T + work)); P_DEC_HOLD: the decompression
# stage's shortest hold [s]
FCFS_NAMES = ("host", "memory", "video-adapter", "ring-adapter", "scsi-adapter", "disk", "ring", "i750")
"""The FCFS stations (rows of ``fc``) by name; column 2 of ``fc`` marks an infinite-server station."""
# per-process float state (columns of ``pf``)
F_T, F_T0, F_TMARK, F_SIZE, F_A, F_B, F_C, F_BLK, F_DISK = range(9)  # F_C: arrival at the mixing join;
# F_BLK, F_DISK: bytes of the current block and end of its disk read (pipelined file transfer)
# per-process int state (columns of ``pi``)
I_CHAIN, I_K, I_PC, I_SUB, I_NREQ, I_BLK = range(6)
# the engine state ``S`` is one flat tuple of arrays (a nested one compiles slower), see :func:`_new_state`
(S_HT, S_HQ, S_HK, S_HA, S_HB, S_HC, S_HS, S_PAR, S_FC, S_FCI, S_TAGB, S_PSREM, S_PSPID, S_PSF, S_PSI, S_TQ, S_TQI,
 S_STF, S_STI, S_PF, S_PI, S_C, S_REC, S_JN, S_JW, S_JT) = range(26)


@njit(cache=True, _nrt=False)
def _push(S, t, kind, a):  # pragma: no cover - compiled
    heap_push(S[S_HT], S[S_HQ], S[S_HK], S[S_HA], S[S_HB], S[S_HC], S[S_HS], t, kind, a, 0, 0)


@njit(cache=True, _nrt=False)
def _book(fc, fci, tagb, st, s, tag, now, h):  # pragma: no cover - compiled
    """FCFS booking at arrival (``FCFSStation._book``; an infinite server if ``fc[st, 2]``):
    returns (start, end)."""
    start = fc[st, 0] if fc[st, 0] > now and fc[st, 2] == 0 else now
    end = start + s
    fc[st, 0] = end
    fci[st, 0] += 1
    busy = s if end <= h else max(0.0, h - start)
    fc[st, 1] += busy
    if st == HOST:
        tagb[tag, 0] += busy
        tagb[tag, 1] = 1.0  # the tag has been booked
    return start, end


@njit(cache=True, _nrt=False)
def preempted_end(start, work, phase, period, busy, n):  # pragma: no cover - compiled
    """When ``work`` seconds of service that starts at ``start`` end on a server taken away during
    ``[phase + k period, phase + k period + busy)`` for ``k = 0 .. n - 1`` (preemptive priority
    for a strictly periodic class): the i750 with capture and compression first.

    Examples
    --------
    >>> preempted_end(0.0, 3.0, 1.0, 10.0, 2.0, 5)  # 1 s of work, the 2-s compression, then 2 s
    5.0
    """
    t, w = start, work
    k = max(0, int((t - phase - busy) // period))
    while w > 0:
        if k >= n:
            return t + w
        a = phase + k * period
        b = a + busy
        k += 1
        if t >= b:
            continue
        if t < a:
            if t + w <= a:
                return t + w
            w -= a - t
        t = b
    return t


@njit(cache=True, _nrt=False)
def _book_i750(S, s, now, compress):  # pragma: no cover - compiled
    """Book ``s`` seconds of i750 work (``ps2._PriorityI750._book`` under priority, else ``_book``)."""
    par, fc, fci, tagb = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB]
    h = par[P_H]
    if par[P_PRIO] == 0 or fc[I750, 2] > 0:
        return _book(fc, fci, tagb, I750, s, TAG_OTHER, now, h)
    if compress:
        start, end = now, now + s
    else:
        start = fc[I750, 0] if fc[I750, 0] > now else now
        end = preempted_end(start, s, par[P_C_PHASE], par[P_FT], par[P_C_BUSY], int(par[P_C_N]))
        fc[I750, 0] = end
    fci[I750, 0] += 1
    fc[I750, 1] += s if end <= h else max(0.0, h - start)
    return start, end


@njit(cache=True, _nrt=False)
def _ps_advance(ps_rem, psf, psi, now, rate, h):  # pragma: no cover - compiled
    """Processor sharing: serve every job present since the last change (``PSStation._advance``)."""
    dt = now - psf[0]
    n = psi[1]
    if dt > 0 and n > 0:
        share = dt * rate / n
        psf[1] += max(0.0, min(now, h) - min(psf[0], h))
        for j in range(n):
            ps_rem[j] -= share
    psf[0] = now


@njit(cache=True, _nrt=False)
def _ps_schedule(S, ps_rem, psi, now, rate):  # pragma: no cover - compiled
    """Push the timer of the next completion; supersedes earlier timers (``PSStation._schedule``)."""
    psi[0] += 1
    n = psi[1]
    if n == 0:
        return
    rem = ps_rem[0]
    for j in range(1, n):
        if ps_rem[j] < rem:
            rem = ps_rem[j]
    _push(S, now + max(rem, 0.0) * n / rate, EV_PS_TIMER, psi[0])


@njit(cache=True, _nrt=False, inline="always")  # inlined into _event_loop (see the module docstring)
def _ps_timer(S, ps_rem, ps_pid, psf, psi, version, now, rate, eps, h):  # pragma: no cover - compiled
    """A completion timer: finished jobs leave (their processes resume in job order)."""
    if version != psi[0]:
        return
    _ps_advance(ps_rem, psf, psi, now, rate, h)
    n = psi[1]
    smallest = 0
    any_done = False
    for j in range(n):
        any_done = any_done or ps_rem[j] <= eps
        if ps_rem[j] < ps_rem[smallest]:
            smallest = j
    kept = 0
    for j in range(n):
        leaves = ps_rem[j] <= eps if any_done else j == smallest  # rounding: else the smallest job leaves
        if leaves:
            psi[3] += 1
            _push(S, now, EV_RESUME, ps_pid[j])
        else:
            ps_rem[kept] = ps_rem[j]
            ps_pid[kept] = ps_pid[j]
            kept += 1
    psi[1] = kept
    _ps_schedule(S, ps_rem, psi, now, rate)


@njit(cache=True, _nrt=False)
def _acquire(tq, tqi, tok, pid):  # pragma: no cover - compiled
    """Take a FIFO token; return True if granted now, else queue ``pid`` (``_Token.acquire``)."""
    if tqi[tok, 2] == 0:
        tqi[tok, 2] = 1
        return True
    cap = tq.shape[1]
    tq[tok, (tqi[tok, 0] + tqi[tok, 1]) % cap] = pid
    tqi[tok, 1] += 1
    return False


@njit(cache=True, _nrt=False)
def _release(S, tq, tqi, tok, now):  # pragma: no cover - compiled
    """Hand the token to the first waiter (it resumes now) or free it (``_Token.release``)."""
    if tqi[tok, 1] > 0:
        pid = tq[tok, tqi[tok, 0]]
        tqi[tok, 0] = (tqi[tok, 0] + 1) % tq.shape[1]
        tqi[tok, 1] -= 1
        _push(S, now, EV_RESUME, pid)
    else:
        tqi[tok, 2] = 0


# --- the steps of a chain: each returns the next program counter, or -1 when the process waits --------


@njit(cache=True, _nrt=False)
def _op_host(S, pid, now, tag, comp, x):  # pragma: no cover - compiled
    """Host burst, processor and memory concurrently (``_Model._host_step``)."""
    par, fc, fci, tagb, pf, pi, c = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI], S[S_C]
    pc = pi[pid, I_PC]
    if pi[pid, I_SUB] == 0:
        pf[pid, F_T] = now
        if x <= 0:
            if comp >= 0:
                c[pid, comp] += now - pf[pid, F_T]
            return pc + 1
        _, end = _book(fc, fci, tagb, HOST, x / par[P_HIPS], tag, now, par[P_H])
        mem = par[P_MEM_PER_INSTR] * x
        if mem > 0:
            _, mem_end = _book(fc, fci, tagb, MEMORY, mem, TAG_OTHER, now, par[P_H])
            end = max(end, mem_end)
        _push(S, now + (end - now), EV_RESUME, pid)
        pi[pid, I_SUB] = 1
        return -1
    fci[HOST, 1] += 1
    if par[P_MEM_PER_INSTR] * x > 0:
        fci[MEMORY, 1] += 1
    if comp >= 0:
        c[pid, comp] += now - pf[pid, F_T]
    return pc + 1


@njit(cache=True, _nrt=False)
def _op_adapter(S, pid, now, dev, comp, x):  # pragma: no cover - compiled
    """80C186 work (``_Model._adapter``); with ``comp`` >= 0 a Move-mode step (``_move_step``):
    the wait counts as queuing, the service as ``comp``."""
    par, fc, fci, tagb, pf, pi, c = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI], S[S_C]
    pc = pi[pid, I_PC]
    if pi[pid, I_SUB] == 0:
        start, end = _book(fc, fci, tagb, ADAPTER + dev, x / par[P_AIPS], TAG_OTHER, now, par[P_H])
        pf[pid, F_A] = start - now
        pf[pid, F_B] = end - start
        _push(S, now + (end - now), EV_RESUME, pid)
        pi[pid, I_SUB] = 1
        return -1
    fci[ADAPTER + dev, 1] += 1
    if comp >= 0:
        c[pid, C_QUEUE] += pf[pid, F_A]
        c[pid, comp] += pf[pid, F_B]
    return pc + 1


@njit(cache=True, _nrt=False)
def _op_token(S, pid, now, dev, acquire):  # pragma: no cover - compiled
    """Locate mode: take the device token (the wait is OS queuing; data transfers start) or
    give it back (data transfers end) (``_Model._locate_io``)."""
    tq, tqi, pf, pi, c = S[S_TQ], S[S_TQI], S[S_PF], S[S_PI], S[S_C]
    pc = pi[pid, I_PC]
    if not acquire:
        _release(S, tq, tqi, dev, now)
        c[pid, C_DT] += now - pf[pid, F_TMARK]
        return pc + 1
    if pi[pid, I_SUB] == 0:
        pf[pid, F_T] = now
        if not _acquire(tq, tqi, dev, pid):
            pi[pid, I_SUB] = 1
            return -1
    c[pid, C_QUEUE] += now - pf[pid, F_T]
    pf[pid, F_TMARK] = now
    return pc + 1


@njit(cache=True, _nrt=False)
def _op_transfer(S, pid, now, how):  # pragma: no cover - compiled
    """One Micro Channel transfer (processor sharing) of the frame, through memory in Locate mode,
    or of the current block (``TR_*``) (``_Model._transfer``)."""
    via_memory = how == TR_MEMORY
    par, fc, fci, tagb, pf, pi = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI]
    ps_rem, ps_pid, psf, psi = S[S_PSREM], S[S_PSPID], S[S_PSF], S[S_PSI]
    pc = pi[pid, I_PC]
    sub = pi[pid, I_SUB]
    if sub == 0:
        total = (pf[pid, F_BLK] if how == TR_BLOCK else pf[pid, F_SIZE]) + par[P_CB]
        if via_memory:
            _, pf[pid, F_A] = _book(fc, fci, tagb, MEMORY, total / par[P_MBW], TAG_OTHER, now, par[P_H])
        psi[2] += 1
        if total == 0:
            psi[3] += 1
        else:
            _ps_advance(ps_rem, psf, psi, now, par[P_CH_RATE], par[P_H])
            ps_rem[psi[1]] = total
            ps_pid[psi[1]] = pid
            psi[1] += 1
            _ps_schedule(S, ps_rem, psi, now, par[P_CH_RATE])
            pi[pid, I_SUB] = 1
            return -1
    if via_memory and sub < 2:
        if pf[pid, F_A] > now:
            _push(S, now + (pf[pid, F_A] - now), EV_RESUME, pid)
            pi[pid, I_SUB] = 2
            return -1
    if via_memory:
        fci[MEMORY, 1] += 1
    return pc + 1


@njit(cache=True, _nrt=False)
def _op_fcfs(S, pid, now, st, block):  # pragma: no cover - compiled
    """A packet on the ring (the frame, or its current block) (``_Model._transmit``) or a disk
    read (``_Model._disk_read``)."""
    par, fc, fci, tagb, pf, pi, c = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI], S[S_C]
    if pi[pid, I_SUB] == 0:
        size = pf[pid, F_BLK] if block else pf[pid, F_SIZE]
        if st == RING:
            s = (size + par[P_RING_OVH]) * 8 / par[P_RING_BPS]
        else:
            s = pi[pid, I_NREQ] * par[P_DISK_OVH] + size / par[P_DISK_RATE]
        _, end = _book(fc, fci, tagb, st, s, TAG_OTHER, now, par[P_H])
        _push(S, now + (end - now), EV_RESUME, pid)
        pi[pid, I_SUB] = 1
        return -1
    fci[st, 1] += 1
    return pi[pid, I_PC] + 1


@njit(cache=True, _nrt=False)
def _block_bytes(par, pf, pi, pid, b):  # pragma: no cover - compiled
    """Bytes of disk block ``b`` of the process's frame (full blocks, then the rest: ``ps2._blocks``)."""
    n = pi[pid, I_NREQ]
    return par[P_DISK_BLOCK] if b < n - 1 else pf[pid, F_SIZE] - (n - 1) * par[P_DISK_BLOCK]


@njit(cache=True, _nrt=False)
def _op_pipe(S, pid, now, op, loop_to):  # pragma: no cover - compiled
    """Move mode's pipelined file transfer (``_Model._move_pipelined``): ``OP_PIPE_BOOK`` books
    every block's read on the disk at once; ``OP_PIPE_WAIT`` waits for the current block's read;
    ``OP_PIPE_NEXT`` goes back to ``loop_to`` with the next block, or on after the last."""
    par, fc, fci, tagb, pf, pi = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI]
    pc = pi[pid, I_PC]
    if op == OP_PIPE_BOOK:
        for b in range(pi[pid, I_NREQ]):
            _, end = _book(fc, fci, tagb, DISK, par[P_DISK_OVH] + _block_bytes(par, pf, pi, pid, b) / par[P_DISK_RATE],
                           TAG_OTHER, now, par[P_H])
            if b == 0:
                pf[pid, F_DISK] = end
        pi[pid, I_BLK] = 0
        pf[pid, F_BLK] = _block_bytes(par, pf, pi, pid, 0)
        pf[pid, F_T] = now  # when an infinite-server disk starts every block
        return pc + 1
    if op == OP_PIPE_WAIT:
        if pi[pid, I_SUB] == 0 and pf[pid, F_DISK] > now:
            _push(S, now + (pf[pid, F_DISK] - now), EV_RESUME, pid)
            pi[pid, I_SUB] = 1
            return -1
        fci[DISK, 1] += 1
        return pc + 1
    b = pi[pid, I_BLK] + 1  # OP_PIPE_NEXT
    if b >= pi[pid, I_NREQ]:
        return pc + 1
    pi[pid, I_BLK] = b
    pf[pid, F_BLK] = _block_bytes(par, pf, pi, pid, b)
    s = par[P_DISK_OVH] + pf[pid, F_BLK] / par[P_DISK_RATE]
    pf[pid, F_DISK] = (pf[pid, F_T] if fc[DISK, 2] > 0 else pf[pid, F_DISK]) + s  # else the reads are back to back
    return loop_to


@njit(cache=True, _nrt=False)
def _op_stage(S, pid, now, tok, comp, work):  # pragma: no cover - compiled
    """A clocked single-stage pipeline; the i750 does ``work`` while the frame holds the stage
    (``_Model._stage``)."""
    par, fc, fci, tagb, tq, tqi = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_TQ], S[S_TQI]
    stf, sti, pf, pi, c = S[S_STF], S[S_STI], S[S_PF], S[S_PI], S[S_C]
    j = tok - COMPRESS_STAGE
    sub = pi[pid, I_SUB]
    if sub == 0:
        pf[pid, F_T] = now
        sti[j, 0] += 1
        if not _acquire(tq, tqi, tok, pid):
            pi[pid, I_SUB] = 1
            return -1
    if sub < 2:
        pf[pid, F_A] = now  # entry
        _, work_end = _book_i750(S, work, now, tok == COMPRESS_STAGE)
        pf[pid, F_B] = max(now + (par[P_FT] if tok == COMPRESS_STAGE else par[P_DEC_HOLD]), work_end)  # leave
        _push(S, now + (pf[pid, F_B] - now), EV_RESUME, pid)
        pi[pid, I_SUB] = 2
        return -1
    fci[I750, 1] += 1
    _release(S, tq, tqi, tok, now)
    sti[j, 1] += 1
    h = par[P_H]
    stf[j] += max(0.0, min(pf[pid, F_B], h) - min(pf[pid, F_A], h))
    if comp >= 0:
        c[pid, comp] += now - pf[pid, F_T]
    return pi[pid, I_PC] + 1


@njit(cache=True, _nrt=False)
def _op_join(S, pid, now, op, skip_to):  # pragma: no cover - compiled
    """Distributed mixing (``_Model._display``): frame k of every incoming stream meets
    (``OP_JOIN``; all but the last wait), the last mixes it on the i750 (``OP_MIX``), then,
    after the decompression stage, wakes the others in the order they came (``OP_JOIN_DONE``)."""
    par, fc, fci, tagb, pf, pi, c = S[S_PAR], S[S_FC], S[S_FCI], S[S_TAGB], S[S_PF], S[S_PI], S[S_C]
    jn, jw, jt = S[S_JN], S[S_JW], S[S_JT]
    k = pi[pid, I_K]
    pc = pi[pid, I_PC]
    if op == OP_JOIN and pi[pid, I_SUB] == 0:
        pf[pid, F_C] = now
        jn[k] += 1
        if jn[k] < int(par[P_STREAMS]):
            jw[k, jn[k] - 1] = pid
            pi[pid, I_SUB] = 1
            return -1
        return pc + 1
    if op == OP_MIX:
        if pi[pid, I_SUB] == 0:
            _, end = _book_i750(S, par[P_MIX], now, False)
            _push(S, now + (end - now), EV_RESUME, pid)
            pi[pid, I_SUB] = 1
            return -1
        fci[I750, 1] += 1
        jt[k, 0] = now
        return pc + 1
    if op == OP_JOIN_DONE:
        jt[k, 1] = now
        for i in range(jn[k] - 1):
            _push(S, now, EV_RESUME, jw[k, i])
    c[pid, C_MIX] += jt[k, 0] - pf[pid, F_C]
    c[pid, C_CODEC] += jt[k, 1] - jt[k, 0]
    return pc + 1 if op == OP_JOIN_DONE else skip_to


@njit(cache=True, _nrt=False)
def _op_mark(S, pid, now, op):  # pragma: no cover - compiled
    """Bookkeeping steps: the chain's start time, the data-transfer clock, the frame's record."""
    pf, pi, c, rec = S[S_PF], S[S_PI], S[S_C], S[S_REC]
    if op == OP_T0:
        pf[pid, F_T0] = now
    elif op == OP_DT_BEGIN:
        pf[pid, F_TMARK] = now
    elif op == OP_DT_END:
        c[pid, C_DT] += now - pf[pid, F_TMARK]
    else:  # OP_END
        for j in range(c.shape[1]):
            rec[pid, j] = c[pid, j]
        rec[pid, c.shape[1]] = now - pf[pid, F_T0]
        rec[pid, c.shape[1] + 1] = pf[pid, F_T0]
        return -1
    return pi[pid, I_PC] + 1


@njit(cache=True, _nrt=False, inline="always")  # inlined into _event_loop (see the module docstring)
def _run_process(S, prog, progx, pid, now):  # pragma: no cover - compiled
    """Run process ``pid`` from its current step until it waits or ends."""
    pi = S[S_PI]
    chain = pi[pid, I_CHAIN]
    while True:
        pc = pi[pid, I_PC]
        op, a, comp, per_request = prog[chain, pc]
        x = progx[chain, pc] * pi[pid, I_NREQ] if per_request else progx[chain, pc]
        if op == OP_HOST:
            nxt = _op_host(S, pid, now, a, comp, x)
        elif op == OP_ADAPTER:
            nxt = _op_adapter(S, pid, now, a, comp, x)
        elif op == OP_TOKEN_ACQ or op == OP_TOKEN_REL:
            nxt = _op_token(S, pid, now, a, op == OP_TOKEN_ACQ)
        elif op == OP_TRANSFER:
            nxt = _op_transfer(S, pid, now, a)
        elif op == OP_TRANSMIT:
            nxt = _op_fcfs(S, pid, now, RING, a == 1)
        elif op == OP_DISK:
            nxt = _op_fcfs(S, pid, now, DISK, False)
        elif op == OP_PIPE_BOOK or op == OP_PIPE_WAIT or op == OP_PIPE_NEXT:
            nxt = _op_pipe(S, pid, now, op, a)
        elif op == OP_STAGE:
            nxt = _op_stage(S, pid, now, a, comp, x)
        elif op == OP_JOIN or op == OP_MIX or op == OP_JOIN_DONE:
            nxt = _op_join(S, pid, now, op, a)
        else:
            nxt = _op_mark(S, pid, now, op)
        if nxt < 0:
            return
        pi[pid, I_PC] = nxt
        pi[pid, I_SUB] = 0


@njit(cache=True, _nrt=False, inline="always")  # inlined into _event_loop (see the module docstring)
def _source(S, prog, progx, src, srci, i, now):  # pragma: no cover - compiled
    """Source ``i`` fires: push its next arrival, then start the frame's process (``_Model._source``)."""
    k = srci[i, 1]
    srci[i, 1] = k + 1
    if k + 1 < srci[i, 0]:
        _push(S, now + (src[i, 0] + (k + 1) * src[i, 1] - now), EV_SOURCE, i)
    _run_process(S, prog, progx, srci[i, 2] + k, now)


@njit(cache=True, _nrt=False)
def _event_loop(S, prog, progx, src, srci, start_pid, out):  # pragma: no cover - compiled
    """Run the replication to the end; returns the number of events taken from the heap."""
    par, ps_rem, ps_pid, psf, psi, hs = S[S_PAR], S[S_PSREM], S[S_PSPID], S[S_PSF], S[S_PSI], S[S_HS]
    if start_pid >= 0:  # Move mode: the host starts the streams
        _run_process(S, prog, progx, start_pid, 0.0)
    for i in range(src.shape[0]):
        _push(S, 0.0 + (src[i, 0] + 0 * src[i, 1] - 0.0), EV_SOURCE, i)
    events = 0
    while hs[0] > 0:
        heap_pop(S[S_HT], S[S_HQ], S[S_HK], S[S_HA], S[S_HB], S[S_HC], hs, out)
        events += 1
        now, kind, a = out[0], int(out[1]), int(out[2])
        if kind == EV_RESUME:
            _run_process(S, prog, progx, a, now)
        elif kind == EV_SOURCE:
            _source(S, prog, progx, src, srci, a, now)
        else:
            _ps_timer(S, ps_rem, ps_pid, psf, psi, a, now, par[P_CH_RATE], par[P_CH_EPS], par[P_H])
    return events


# --- Python side: programs, state, results ---------------------------------------------------------


def _programs(hw, wl) -> tuple[np.ndarray, np.ndarray]:
    """The step programs of the four processes (send, receive, file, stream start), padded to one
    array ``(opcode, a, comp, per_request)`` and their float arguments."""
    scb, vc, net = hw.adapter_scb_instructions, wl.vc_instructions, wl.network_instructions
    locate = wl.mode == "locate"

    def locate_io(dev, scb_per_request=False, before=(), after=()):
        return [(OP_TOKEN_ACQ, dev, -1, 0, 0.0), (OP_ADAPTER, dev, -1, int(scb_per_request), scb), *before,
                (OP_TRANSFER, 1, -1, 0, 0.0), *after, (OP_TOKEN_REL, dev, -1, 0, 0.0)]

    def move_to_ring():
        return [(OP_ADAPTER, RINGDEV, C_NET, 0, scb), (OP_DT_BEGIN, 0, -1, 0, 0.0),
                (OP_TRANSFER, 0, -1, 0, 0.0), (OP_TRANSMIT, 0, -1, 0, 0.0), (OP_DT_END, 0, -1, 0, 0.0)]

    transmit, disk = (OP_TRANSMIT, 0, -1, 0, 0.0), (OP_DISK, 0, -1, 0, 0.0)
    send = [(OP_T0, 0, -1, 0, 0.0), (OP_STAGE, COMPRESS_STAGE, C_CODEC, 0, hw.compress_work)]
    receive = [transmit, (OP_T0, 0, -1, 0, 0.0)]
    file = [(OP_T0, 0, -1, 0, 0.0)]
    if locate:
        send += [(OP_HOST, TAG_VIDEO, C_VC, 0, vc), *locate_io(VIDEO), (OP_HOST, TAG_VIDEO, C_NET, 0, net),
                 *locate_io(RINGDEV, after=[transmit])]
        receive += [(OP_HOST, TAG_VIDEO, C_NET, 0, net), *locate_io(RINGDEV), (OP_HOST, TAG_VIDEO, C_VC, 0, vc),
                    *locate_io(VIDEO)]
        file += [(OP_HOST, TAG_FILE, C_FS, 1, wl.file_system_instructions),
                 *locate_io(SCSI, scb_per_request=True, before=[disk]), (OP_HOST, TAG_FILE, C_NET, 0, net),
                 *locate_io(RINGDEV, after=[transmit])]
    else:
        send += [(OP_ADAPTER, VIDEO, C_VC, 0, vc + scb), *move_to_ring()]
        receive += [(OP_ADAPTER, RINGDEV, C_NET, 0, scb), (OP_ADAPTER, VIDEO, C_VC, 0, vc + scb),
                    (OP_DT_BEGIN, 0, -1, 0, 0.0), (OP_TRANSFER, 0, -1, 0, 0.0), (OP_DT_END, 0, -1, 0, 0.0)]
        file += [(OP_ADAPTER, SCSI, C_FS, 1, scb)]
        if wl.move_file_transfer == "serial":
            file += [(OP_DT_BEGIN, 0, -1, 0, 0.0), disk, (OP_DT_END, 0, -1, 0, 0.0), *move_to_ring()]
        else:  # pipelined by block: the ring adapter takes the request, then disk and ring overlap
            wait = len(file) + 3
            file += [(OP_ADAPTER, RINGDEV, C_NET, 0, scb), (OP_DT_BEGIN, 0, -1, 0, 0.0), (OP_PIPE_BOOK, 0, -1, 0, 0.0),
                     (OP_PIPE_WAIT, 0, -1, 0, 0.0), (OP_TRANSFER, TR_BLOCK, -1, 0, 0.0), (OP_TRANSMIT, 1, -1, 0, 0.0),
                     (OP_PIPE_NEXT, wait, -1, 0, 0.0), (OP_DT_END, 0, -1, 0, 0.0)]
    if wl.incoming_streams > 1:
        done = len(receive) + 4  # where a waiting stream goes on once the mix is decompressed
        receive += [(OP_JOIN, done, -1, 0, 0.0), (OP_MIX, done, -1, 0, 0.0),
                    (OP_STAGE, DECOMPRESS_STAGE, -1, 0, hw.decompress_work), (OP_JOIN_DONE, done, -1, 0, 0.0)]
    else:
        receive += [(OP_STAGE, DECOMPRESS_STAGE, C_CODEC, 0, hw.decompress_work)]
    n_streams = int(wl.outgoing) + wl.incoming_streams + int(wl.file_transfer)
    start = [(OP_HOST, TAG_START, -1, 0, n_streams * wl.stream_start_instructions)]
    chains = [send, receive, file, start]
    width = max(len(ch) for ch in chains) + 1
    prog = np.zeros((len(chains), width, 4), np.int64)
    progx = np.zeros((len(chains), width))
    for i, ch in enumerate(chains):
        ch = ch + [(OP_END, 0, -1, 0, 0.0)] * (width - len(ch))
        prog[i] = [row[:4] for row in ch]
        progx[i] = [row[4] for row in ch]
    return prog, progx


def _parameters(hw, wl) -> np.ndarray:
    """The constants the steps read (entries ``P_*``), computed as ``_Model`` computes them."""
    par = np.zeros(21)
    par[P_H], par[P_FT] = wl.horizon, 1.0 / wl.frame_rate
    par[P_HIPS], par[P_AIPS] = hw.host_instructions_per_s, hw.adapter_instructions_per_s
    par[P_MEM_PER_INSTR] = hw.memory_cycles_per_instruction * hw.memory_burst_factor / hw.host_clock_hz
    par[P_CB], par[P_MBW] = hw.control_block_bytes, hw.memory_bandwidth
    par[P_CH_RATE], par[P_CH_EPS] = hw.channel_rate, 1e-9 * hw.channel_rate
    par[P_RING_OVH], par[P_RING_BPS] = hw.ring_frame_overhead_bytes, hw.ring_bit_rate
    par[P_DISK_OVH], par[P_DISK_RATE] = hw.disk_request_overhead, hw.disk_media_rate
    par[P_STREAMS], par[P_MIX] = wl.incoming_streams, hw.mix_time
    par[P_DISK_BLOCK] = hw.disk_request_bytes
    par[P_PRIO], par[P_C_BUSY] = wl.i750 == "priority", hw.compress_work
    par[P_C_N] = wl.frames if wl.outgoing else 0
    par[P_DEC_HOLD] = wl.decompress_hold * (1.0 / wl.frame_rate)
    return par


def _new_state(par, chain, k, size, n_req, frames, streams):
    """Fresh engine state for processes with the given chain, frame index, size and disk requests."""
    n_proc = chain.shape[0]
    cap = 4 * n_proc + 64  # events pending at once: one per process, the sources, stale channel timers
    heap = (np.empty(cap), np.empty(cap, np.int64), np.empty(cap, np.int64), np.empty(cap, np.int64),
            np.empty(cap, np.int64), np.empty(cap, np.int64), np.zeros(2, np.int64))
    fcfs = (np.zeros((N_FCFS, 3)), np.zeros((N_FCFS, 2), np.int64), np.zeros((4, 2)))
    ps = (np.zeros(n_proc), np.zeros(n_proc, np.int64), np.zeros(2), np.zeros(4, np.int64))
    tokens = (np.zeros((5, n_proc), np.int64), np.zeros((5, 3), np.int64))
    stages = (np.zeros(2), np.zeros((2, 2), np.int64))
    pf = np.zeros((n_proc, 9))
    pf[:, F_SIZE] = size
    pi = np.zeros((n_proc, 6), np.int64)
    pi[:, I_CHAIN], pi[:, I_K], pi[:, I_NREQ] = chain, k, n_req
    procs = (pf, pi, np.zeros((n_proc, 7)), np.full((n_proc, 9), np.nan))
    join = (np.zeros(frames, np.int64), np.zeros((frames, max(streams - 1, 1)), np.int64), np.zeros((frames, 2)))
    return (*heap, par, *fcfs, *ps, *tokens, *stages, *procs, *join)


def run_model(hw, wl, out_sizes, in_sizes, file_sizes, phases) -> dict:
    """Run one replication of the PS/2 model with the given random inputs.

    Parameters
    ----------
    hw, wl : mmperf.hosts.ps2.Hardware, mmperf.hosts.ps2.Workload
        The system and its load (validated by the caller).
    out_sizes, file_sizes : numpy.ndarray
        Frame sizes of the outgoing stream (``wl.frames``, or 0 without it) and the file transfer [bytes].
    in_sizes : numpy.ndarray
        Frame sizes of the incoming streams, shape ``(incoming_streams, frames)`` [bytes].
    phases : numpy.ndarray
        First arrival of the outgoing stream, each incoming stream and the file transfer [s].

    Returns
    -------
    dict
        ``fcfs`` (per FCFS station: free-at, busy [s]; arrivals, departures), ``host_tags``
        (video, file, start, other: busy [s], booked), ``channel`` (busy [s]; arrivals,
        departures), ``stages`` (busy [s]; arrivals, departures), ``records`` per chain
        (frames x (components, total, source time)) and ``events``.
    """
    n, s_in = wl.frames, wl.incoming_streams
    sizes = [np.asarray(out_sizes, float), np.asarray(in_sizes, float).reshape(-1), np.asarray(file_sizes, float)]
    chain = np.repeat([CH_SEND, CH_RECEIVE, CH_FILE, CH_START], [len(sizes[0]), len(sizes[1]), len(sizes[2]), 1])
    k = np.concatenate([np.arange(len(sizes[0])), np.tile(np.arange(n), s_in), np.arange(len(sizes[2])), [0]])
    n_req = np.ones(chain.shape[0], np.int64)
    if len(sizes[2]):
        n_req[chain == CH_FILE] = np.maximum(1, np.ceil(sizes[2] / hw.disk_request_bytes).astype(np.int64))
    size = np.concatenate([*sizes, [0.0]])
    par = _parameters(hw, wl)
    par[P_C_PHASE] = phases[0]
    S = _new_state(par, chain, k, size, n_req, n, s_in)
    for name in wl.infinite_servers:
        S[S_FC][FCFS_NAMES.index(name), 2] = 1.0
    # sources: (phase, period) and (frames, next frame, first process)
    period = 1.0 / wl.frame_rate
    rows = ([(phases[0], period, n, 0)] if len(sizes[0]) else []) + \
        [(phases[1 + s], period, n, len(sizes[0]) + s * n) for s in range(s_in)] + \
        ([(phases[-1], 1.0 / wl.file_frame_rate, len(sizes[2]), len(sizes[0]) + len(sizes[1]))]
         if len(sizes[2]) else [])
    src = np.array([r[:2] for r in rows], float).reshape(-1, 2)
    srci = np.array([(r[2], 0, r[3]) for r in rows], np.int64).reshape(-1, 3)
    prog, progx = _programs(hw, wl)
    start_pid = chain.shape[0] - 1 if wl.mode == "move" else -1
    events = _event_loop(S, prog, progx, src, srci, start_pid, np.empty(5))
    fc, fci, tagb, psf, psi = S[S_FC], S[S_FCI], S[S_TAGB], S[S_PSF], S[S_PSI]
    stf, sti, rec = S[S_STF], S[S_STI], S[S_REC]
    bounds = np.cumsum([0, len(sizes[0]), len(sizes[1]), len(sizes[2])])
    return {"fcfs": (fc, fci), "host_tags": tagb, "channel": (psf[1], psi[2], psi[3]), "stages": (stf, sti),
            "records": {name: rec[bounds[i]:bounds[i + 1]] for i, name in enumerate(("send", "receive", "file"))},
            "events": events}


_numba_cache.drop_stale_cache(__file__, [_kernel], kernel=_push)
