"""A 1 Gb/s drop-tail bottleneck with per-flow bandwidth reservations, in time slots.

The model (Chodorek & Chodorek, Sec. IV-V) is a time-slotted fluid model of
one router output port of capacity :math:`C`, compiled with numba (cached on disk: every kernel
and everything it calls is in this file, which numba checks the cache against):

**Reserved class.** Each video stream :math:`i` with a reservation
:math:`r_i(t)` has its own reserved queue of depth :math:`b_i` (the RSVP TSpec
bucket depth, here the stream's largest frame). In slot :math:`t` its arrivals
:math:`a_i(t)` enter that queue while it has room; what does not fit is
*excess* and joins the best-effort queue. The reserved queue is served first,
at most :math:`r_i(t)\\,\\Delta t` per slot. Admission control scales the
reservations so that :math:`\\sum_i r_i(t) \\le C` (a reservation never exceeds
the link). The reserved path never drops, and it does not depend on the TCP
traffic, so it is computed once per video set (:func:`reserved_path`).

**Best-effort class.** One FIFO of :math:`B` bytes gets the capacity the
reserved queues leave, :math:`C\\Delta t - \\sum_i s_i(t)` (work conserving).
It holds excess video and the :math:`K` TCP flows. Arrivals beyond the free
buffer are dropped (drop-tail); in a slot with overflow every arrival loses the
same fraction (fluid FIFO), and a TCP flow that had packets dropped learns it
(with probability :math:`1-e^{-d_k}`, :math:`d_k` its expected dropped packets; the draws
come from a SplitMix64 stream of the run's own seed, so a run's result does not depend on
which other runs share its batch).

**TCP.** Long-lived Reno-like flows: flow :math:`k` sends
:math:`w_k\\,\\Delta t/(R_0 + Q/C)` bytes per slot (window over the round trip
time including queueing delay), and once per base round trip :math:`R_0`
halves its window if it saw a loss, else adds one MSS (doubles in slow start).

Examples
--------
>>> import numpy as np
>>> from mmperf.networks.bottleneck import Link, simulate_best_effort
>>> link = Link()
>>> T = 5000
>>> r = simulate_best_effort(np.zeros(T), np.full(T, link.slot_capacity), link=link, k_flows=1, seed=1)
>>> r["utilization"] > 0.7
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from mmperf import _validate
from mmperf.seeds import check_seed

__all__ = ["Link", "admit", "max_backlog", "reserved_path", "simulate_best_effort", "simulate_best_effort_many",
           "RESULT_FIELDS", "LANES"]


@dataclass(frozen=True)
class Link:
    """The bottleneck's physical parameters.

    Parameters
    ----------
    capacity_bps : float
        Link rate [bit/s] (1 Gb/s, Sec. IV.A).
    buffer_packets : int
        Drop-tail buffer of the best-effort FIFO [packets of ``packet_bytes``].
    rtt_s : float
        Base round-trip time of the TCP flows [s] (not given in the paper).
    slot_s : float
        Time slot of the simulation [s].
    packet_bytes : int
        TCP segment size on the wire [bytes].
    """

    capacity_bps: float = 1e9
    buffer_packets: int = 100
    rtt_s: float = 0.004
    slot_s: float = 0.001
    packet_bytes: int = 1500

    def __post_init__(self):
        for name in ("capacity_bps", "rtt_s", "slot_s"):
            _validate.positive(getattr(self, name), name)
        for name in ("buffer_packets", "packet_bytes"):
            v = getattr(self, name)
            _validate.whole_array(v, name, minimum=1, ndim=0)  # a whole number (2.0 too)
            if int(v) != v:
                raise ValueError(f"{name} must be a positive int, got {v!r}")
        if self.rtt_s < self.slot_s:
            raise ValueError(f"rtt_s ({self.rtt_s}) must be at least one slot_s ({self.slot_s})")

    @property
    def slot_capacity(self) -> float:
        """Bytes the link sends per slot."""
        return self.capacity_bps / 8 * self.slot_s

    @property
    def buffer_bytes(self) -> float:
        return float(self.buffer_packets * self.packet_bytes)

    @property
    def rtt_slots(self) -> int:
        return int(round(self.rtt_s / self.slot_s))


def admit(requested_bps: np.ndarray, *, capacity_bps: float) -> np.ndarray:
    """Admission control: scale simultaneous reservations down to fit the link.

    Parameters
    ----------
    requested_bps : numpy.ndarray
        Requested rates [bit/s], shape ``(N, W)``: N flows by W reservation periods.
    capacity_bps : float
        What may be reserved in total [bit/s].

    Returns
    -------
    numpy.ndarray
        Granted rates, same shape; in every period the column sum is at most ``capacity_bps``.

    Raises
    ------
    ValueError
        On negative or non-finite requests or capacity.
    """
    req = _validate.finite_array(requested_bps, "requested_bps", non_negative=True)
    if req.ndim != 2:
        raise ValueError(f"requested_bps must have shape (N, W), got {req.shape}")
    _validate.positive(capacity_bps, "capacity_bps")
    total = req.sum(axis=0)
    scale = np.ones_like(total)
    over = total > capacity_bps
    scale[over] = capacity_bps / total[over] * (1 - 1e-12)
    return req * scale


@numba.njit(cache=True)
def _reserved_path(arrivals, rate_bytes, slots_per_period, depth):
    n, T = arrivals.shape
    served = np.zeros(T)
    excess = np.zeros(T)
    q_end = 0.0
    for i in range(n):
        q = 0.0
        for t in range(T):
            a = arrivals[i, t]
            room = depth[i] - q
            if room < 0.0:
                room = 0.0
            adm = a if a < room else room
            excess[t] += a - adm
            q += adm
            cap = rate_bytes[i, t // slots_per_period]
            s = q if q < cap else cap
            q -= s
            served[t] += s
        q_end += q
    return served, excess, q_end


def reserved_path(arrivals: np.ndarray, rates_bps: np.ndarray, *, slots_per_period: int,
                  depth_bytes: np.ndarray, slot_s: float) -> dict:
    """Run the video streams through their reserved queues.

    Parameters
    ----------
    arrivals : numpy.ndarray
        Wire bytes per slot of each stream, shape ``(N, T)``.
    rates_bps : numpy.ndarray
        Granted reservation of each stream per period [bit/s], shape ``(N, W)``
        with ``W * slots_per_period >= T`` (already admitted: see :func:`admit`).
    slots_per_period : int
        Slots per reservation period (T for a static reservation, 300 for TFD at 1-ms slots).
    depth_bytes : numpy.ndarray
        Reserved queue depth of each stream [bytes], shape ``(N,)``.
    slot_s : float
        Slot length [s].

    Returns
    -------
    dict
        ``served`` (reserved bytes sent per slot, sum over streams), ``excess``
        (bytes per slot handed to best effort), ``queued`` (bytes left in the
        reserved queues at the end).
    """
    a = np.ascontiguousarray(_validate.finite_array(arrivals, "arrivals", non_negative=True))
    r = np.ascontiguousarray(_validate.finite_array(rates_bps, "rates_bps", non_negative=True))
    slot_s = _validate.positive(slot_s, "slot_s")
    slots_per_period = _validate.whole(slots_per_period, "slots_per_period", minimum=1)
    if a.ndim != 2 or r.ndim != 2 or r.shape[0] != a.shape[0]:
        raise ValueError(f"arrivals (N, T) and rates_bps (N, W) must agree on N, got {a.shape} and {r.shape}")
    if slots_per_period < 1 or r.shape[1] * slots_per_period < a.shape[1]:
        raise ValueError("rates_bps must cover every slot: W * slots_per_period >= T")
    d = np.ascontiguousarray(_validate.finite_array(depth_bytes, "depth_bytes", non_negative=True, allow_empty=True))
    if d.shape != (a.shape[0],):
        raise ValueError(f"depth_bytes must be N non-negative sizes, got shape {d.shape}")
    served, excess, q_end = _reserved_path(a, r / 8 * slot_s, int(slots_per_period), d)
    _books("reserved path", offered=float(a.sum()), out=float(served.sum() + excess.sum() + q_end),
           negative=min(float(served.min(initial=0)), float(excess.min(initial=0)), float(q_end)))
    return {"served": served, "excess": excess, "queued": q_end}


def _books(what: str, *, offered: float, out: float, negative: float = 0.0) -> None:
    """Raise if bytes were created or lost: offered = delivered + dropped + still queued (to 1e-9)."""
    if negative < -1e-6 or abs(offered - out) > 1e-9 * max(1.0, abs(offered)):
        raise RuntimeError(f"{what}: conservation broken: offered {offered!r} bytes, accounted {out!r} "
                           f"(smallest amount {negative!r})")


def _checked(res: dict, capacity_total: float) -> dict:
    for cls in ("video", "tcp"):
        _books(f"best effort ({cls})", offered=res[f"{cls}_offered"],
               out=res[f"{cls}_delivered"] + res[f"{cls}_dropped"] + res[f"{cls}_queued"],
               negative=min(res[f"{cls}_{k}"] for k in ("offered", "delivered", "dropped", "queued")))
    if res["link_bytes"] > capacity_total * (1 + 1e-9):
        raise RuntimeError(f"best effort: the link sent {res['link_bytes']!r} bytes, more than its capacity {capacity_total!r}")
    return res


def _loss_seed(seed, name: str = "seed") -> int:
    """A seed of the compiled loss draws: numba's generator takes 32 bits, so larger seeds would alias."""
    seed = check_seed(seed, name=name)
    if seed >= 2**32:
        raise ValueError(f"{name} must be below 2**32 (the compiled generator takes 32 bits), got {seed}; "
                         "use mmperf.seeds.int_seed")
    return seed


@numba.njit(cache=True)
def _max_backlog(arrivals, capacity):
    q = 0.0
    best = 0.0
    for t in range(arrivals.shape[0]):
        q += arrivals[t] - capacity
        if q < 0.0:
            q = 0.0
        if q > best:
            best = q
    return best


def max_backlog(arrivals: np.ndarray, *, capacity_bytes: float) -> float:
    """Largest backlog of an infinite FIFO served at ``capacity_bytes`` per slot [bytes].

    The Lindley recursion :math:`q_t = \\max(0, q_{t-1} + a_t - c)`; a drop-tail
    buffer at least this large loses nothing from these arrivals.

    Parameters
    ----------
    arrivals : numpy.ndarray
        Bytes arriving per slot, shape ``(T,)``.
    capacity_bytes : float
        Bytes served per slot, > 0.

    Returns
    -------
    float
        The largest :math:`q_t` over the slots [bytes] (0 if the arrivals never exceed the
        capacity).

    Raises
    ------
    ValueError
        If an arrival is negative, NaN or infinite, ``arrivals`` is not 1-D, or
        ``capacity_bytes`` is not > 0.
    """
    a = np.ascontiguousarray(_validate.finite_array(arrivals, "arrivals", ndim=1, non_negative=True))
    capacity_bytes = _validate.positive(capacity_bytes, "capacity_bytes")
    return float(_max_backlog(a, capacity_bytes))


RESULT_FIELDS = (
    "video_offered", "video_delivered", "video_dropped", "video_queued",
    "tcp_offered", "tcp_delivered", "tcp_dropped", "tcp_queued", "link_bytes",
)
"""Byte totals returned by :func:`_best_effort` (best-effort class only)."""


LANES = 4
"""Runs the compiled best-effort kernel advances side by side in one thread (independent runs
interleave their dependency chains; the results do not depend on it)."""

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_TWO53 = 1.0 / 9007199254740992.0


@numba.njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@numba.njit(cache=True, inline="always")
def _uniform(state, j):
    """A uniform draw in [0, 1) from lane ``j``'s SplitMix64 stream (advances ``state[j]``)."""
    state[j] += _GAMMA
    return float(_mix(state[j]) >> _S11) * _TWO53


@numba.njit(cache=True, inline="always")
def _exponential(state, j):
    """An Exp(1) draw from lane ``j``'s stream."""
    return -np.log(1.0 - _uniform(state, j))


@numba.njit(cache=True)
def _best_effort_lanes(video, capacity, set_index, k_flows, seeds, rtt_slots, rtt0, slot_s, cap_rate, buffer_bytes, mss):
    """Every run of the batch, ``LANES`` at a time; each run draws only from its own seed's stream.

    Loss notification: in a slot where TCP loses :math:`d` bytes, flow k learns of a loss with
    probability :math:`1 - e^{-p w_k}`, :math:`p = d / (\\text{MSS} \\sum_k w_k)`. Within a round trip
    :math:`w_k` is fixed, so the first notification is the first event of a Poisson process of
    intensity :math:`w_k p(t)`: the flow has learnt of a loss by the round trip's end exactly when
    :math:`w_k \\sum_t p(t)` exceeds an Exp(1) threshold. The kernel keeps that threshold per flow
    (what is left of it carries over, by memorylessness) and draws a new one after each loss, so a
    slot with drops costs one addition instead of K exponentials and K draws.
    """
    n = k_flows.shape[0]
    T = video.shape[1]
    out = np.zeros((n, 9))
    kmax = 1
    for r in range(n):
        if k_flows[r] > kmax:
            kmax = k_flows[r]
    L = LANES
    w = np.empty((L, kmax))
    ssthresh = np.empty((L, kmax))
    thresh = np.empty((L, kmax))
    state = np.zeros(L, dtype=np.uint64)
    qv = np.zeros(L)
    qt = np.zeros(L)
    qq = np.zeros(L)  # total backlog
    wsum = np.zeros(L)
    hazard = np.zeros(L)
    inv_pk = np.zeros(L)  # 1 / (MSS * sum of windows): a dropped byte's share of a loss event per window byte
    nslow = np.zeros(L, dtype=np.int64)
    acc = np.zeros((9, L))
    inv_rate = 1.0 / cap_rate
    sidx = np.zeros(L, dtype=np.int64)
    kk = np.zeros(L, dtype=np.int64)
    for g0 in range(0, n, L):
        m = min(L, n - g0)
        for j in range(m, L):  # idle lanes fill the last group
            kk[j] = 0
            qv[j] = 0.0
            qt[j] = 0.0
            qq[j] = 0.0
            wsum[j] = 0.0
            hazard[j] = 0.0
            inv_pk[j] = 0.0
            nslow[j] = 0
            sidx[j] = 0
        for j in range(m):
            r = g0 + j
            sidx[j] = set_index[r]
            kk[j] = k_flows[r]
            state[j] = _mix(np.uint64(seeds[r]) + _GAMMA)
            qv[j] = 0.0
            qt[j] = 0.0
            qq[j] = 0.0
            wsum[j] = 0.0
            hazard[j] = 0.0
            nslow[j] = kk[j]
            for c in range(9):
                acc[c, j] = 0.0
            for k in range(kk[j]):
                w[j, k] = 10.0 * mss
                ssthresh[j, k] = 1e18
                thresh[j, k] = _exponential(state, j)
                wsum[j] += w[j, k]
            inv_pk[j] = 1.0 / (mss * wsum[j]) if kk[j] > 0 else 0.0
        tick = 0
        for t in range(T):
            for j in range(L):  # independent lanes: their dependency chains overlap
                # the total backlog q follows the Lindley recursion with a ceiling at the buffer, the only
                # chain from slot to slot that waits on a division; the split between video and TCP hangs off it
                q = qq[j]
                tcp_in = wsum[j] * slot_s / (rtt0 + q * inv_rate)
                v_in = video[sidx[j], t] if j < m else 0.0
                cap = capacity[sidx[j], t] if j < m else 0.0
                arr = v_in + tcp_in
                qq[j] = min(max(q + arr - cap, 0.0), buffer_bytes)
                acc[0, j] += v_in
                acc[4, j] += tcp_in
                # FIFO: the old backlog first, then this slot's arrivals
                if q <= cap:
                    acc[1, j] += qv[j]
                    acc[5, j] += qt[j]
                    left = cap - q
                    a_v = 0.0
                    a_t = 0.0
                    kept = 0.0
                else:
                    f = cap / q
                    acc[1, j] += qv[j] * f
                    acc[5, j] += qt[j] * f
                    a_v = qv[j] - qv[j] * f
                    a_t = qt[j] - qt[j] * f
                    left = 0.0
                    kept = q - cap
                srv = 0.0
                if arr > 0.0:
                    srv = arr if arr < left else left
                    g = srv / arr
                    acc[1, j] += v_in * g
                    acc[5, j] += tcp_in * g
                    nv = v_in - v_in * g
                    nt = tcp_in - tcp_in * g
                    free = buffer_bytes - kept
                    pend = arr - srv
                    if pend > free:
                        drop = (pend - free) / pend
                        dv = nv * drop
                        dt_ = nt * drop
                        acc[2, j] += dv
                        acc[6, j] += dt_
                        nv -= dv
                        nt -= dt_
                        hazard[j] += dt_ * inv_pk[j]
                    a_v += nv
                    a_t += nt
                qv[j] = a_v
                qt[j] = a_t
                acc[8, j] += cap - left + srv
            tick += 1
            if tick == rtt_slots:  # a round trip ends (a counter: no division per slot)
                tick = 0
                for j in range(L):
                    K = kk[j]
                    if K == 0:
                        continue
                    h = hazard[j]
                    loss = False
                    if h > 0.0:
                        for k in range(K):  # what is left of each flow's threshold
                            thresh[j, k] -= w[j, k] * h
                            loss |= thresh[j, k] < 0.0
                        hazard[j] = 0.0
                    if not loss and nslow[j] == 0:
                        for k in range(K):  # no flow learnt of a loss, all in congestion avoidance
                            w[j, k] += mss
                        wsum[j] += K * mss
                        inv_pk[j] = 1.0 / (mss * wsum[j])
                        continue
                    s = 0.0
                    ns = 0
                    for k in range(K):
                        if thresh[j, k] < 0.0:  # the flow learnt of a loss in this round trip
                            ssthresh[j, k] = max(w[j, k] / 2.0, 2.0 * mss)
                            w[j, k] = ssthresh[j, k]
                            thresh[j, k] = _exponential(state, j)
                        elif w[j, k] < ssthresh[j, k]:
                            w[j, k] *= 2.0
                        else:
                            w[j, k] += mss
                        if w[j, k] < ssthresh[j, k]:
                            ns += 1
                        s += w[j, k]
                    wsum[j] = s
                    inv_pk[j] = 1.0 / (mss * s)
                    nslow[j] = ns
        for j in range(m):
            acc[3, j] = qv[j]
            acc[7, j] = qt[j]
            for c in range(9):
                out[g0 + j, c] = acc[c, j]
    return out


def _check_be_inputs(v, c):
    if v.shape != c.shape or v.shape[-1] < 1:
        raise ValueError(f"video_bytes and capacity_bytes must have equal shapes, got {v.shape}, {c.shape}")
    _validate.finite_array(v, "video_bytes", non_negative=True)
    _validate.finite_array(c, "capacity_bytes", non_negative=True)


def simulate_best_effort_many(video_bytes: np.ndarray, capacity_bytes: np.ndarray, *, link: Link,
                              set_index, k_flows, seeds) -> list[dict]:
    """Many independent runs of :func:`simulate_best_effort`, advanced :data:`LANES` at a time in one thread.

    Parameters
    ----------
    video_bytes, capacity_bytes : numpy.ndarray
        Shape ``(S, T)``: S input sets (best-effort video arrivals and capacity per slot).
    link : Link
        The bottleneck, shared by every run.
    set_index, k_flows, seeds : array_like of int
        One entry per run: which input set, how many TCP flows, the loss-draw seed.

    Returns
    -------
    list of dict
        One result per run, as :func:`simulate_best_effort` returns; identical to calling it run by run.
    """
    v = np.ascontiguousarray(_validate.finite_array(video_bytes, "video_bytes", non_negative=True))
    c = np.ascontiguousarray(_validate.finite_array(capacity_bytes, "capacity_bytes", non_negative=True))
    if v.ndim != 2:
        raise ValueError(f"video_bytes must have shape (S, T), got {v.shape}")
    _check_be_inputs(v, c)
    _validate.instance(link, "link", Link)
    idx = _validate.whole_array(set_index, "set_index", minimum=0)
    ks = _validate.whole_array(k_flows, "k_flows", minimum=0)
    _validate.whole_array(seeds, "seeds", minimum=0)
    _validate.size(16 * float(ks.max(initial=0)) * LANES, "k_flows (the lanes' per-flow state)")
    _validate.events(float(v.shape[1]) * float((ks + 1).sum()), "k_flows x slots (the runs' flow-slots)")
    sd = np.asarray([_loss_seed(int(x), "seeds") for x in np.asarray(seeds).ravel()], dtype=np.int64).reshape(np.shape(seeds))
    if not (idx.shape == ks.shape == sd.shape) or idx.ndim != 1:
        raise ValueError("set_index, k_flows and seeds must be 1-D of equal length")
    if np.any(idx < 0) or np.any(idx >= v.shape[0]):
        raise ValueError(f"set_index must lie in 0..{v.shape[0] - 1}")
    if np.any(ks < 0):
        raise ValueError("k_flows must be >= 0")
    # a run with neither TCP nor best-effort video sends nothing: all its totals are zero, no need to simulate it
    idle = (ks == 0) & ~v.any(axis=1)[idx]
    busy = np.flatnonzero(~idle)
    order = busy[np.argsort(ks[busy], kind="stable")]  # lanes of one group share K (alike loops); each run is independent
    out = np.zeros((ks.size, 9))
    if order.size:
        out[order] = _best_effort_lanes(v, c, idx[order], ks[order], sd[order], link.rtt_slots, link.rtt_s, link.slot_s,
                                        link.capacity_bps / 8, link.buffer_bytes, float(link.packet_bytes))
    cap_total = link.slot_capacity * v.shape[1]
    cap_sums = c.sum(axis=1)
    rows = []
    for o, i in zip(out, idx):
        res = _checked(dict(zip(RESULT_FIELDS, o.tolist())), float(cap_sums[i]))
        res["utilization"] = res["link_bytes"] / cap_total
        rows.append(res)
    return rows


def simulate_best_effort(video_bytes: np.ndarray, capacity_bytes: np.ndarray, *, link: Link,
                         k_flows: int, seed: int) -> dict:
    """Run the best-effort FIFO with video (excess) arrivals and K TCP flows.

    Parameters
    ----------
    video_bytes : numpy.ndarray
        Best-effort video bytes arriving per slot, shape ``(T,)``.
    capacity_bytes : numpy.ndarray
        Bytes the best-effort class may send per slot (link minus reserved service), shape ``(T,)``.
    link : Link
        The bottleneck: capacity, buffer, round-trip time of the flows, slot, segment size.
    k_flows : int
        Number of long-lived TCP flows, >= 0.
    seed : int
        Seed of the loss-notification draws (from :func:`mmperf.seeds.int_seed`).

    Returns
    -------
    dict
        Byte totals :data:`RESULT_FIELDS` plus ``utilization`` (best-effort bytes sent over
        what the link could send).

    Raises
    ------
    ValueError
        On mismatched shapes, negative inputs or a negative ``k_flows``.
    """
    v = np.ascontiguousarray(_validate.finite_array(video_bytes, "video_bytes", non_negative=True))
    c = np.ascontiguousarray(_validate.finite_array(capacity_bytes, "capacity_bytes", non_negative=True))
    if v.ndim != 1 or c.shape != v.shape:
        raise ValueError(f"video_bytes and capacity_bytes must be 1-D of equal length, got {v.shape}, {c.shape}")
    _check_be_inputs(v, c)
    _validate.instance(link, "link", Link)
    _validate.whole_array(k_flows, "k_flows", minimum=0, ndim=0)
    if isinstance(k_flows, bool) or int(k_flows) != k_flows or k_flows < 0:
        raise ValueError(f"k_flows must be an int >= 0, got {k_flows!r}")
    _validate.size(16 * float(k_flows), "k_flows (the per-flow state)")
    _validate.events(float(v.size) * (float(k_flows) + 1), "k_flows x slots (the run's flow-slots)")
    out = _best_effort_lanes(v[None, :], c[None, :], np.zeros(1, dtype=np.int64), np.array([int(k_flows)], dtype=np.int64),
                             np.array([_loss_seed(seed)], dtype=np.int64), link.rtt_slots, link.rtt_s, link.slot_s,
                             link.capacity_bps / 8, link.buffer_bytes, float(link.packet_bytes))[0]
    res = _checked(dict(zip(RESULT_FIELDS, out.tolist())), float(c.sum()))
    res["utilization"] = res["link_bytes"] / (link.slot_capacity * v.size)
    return res
