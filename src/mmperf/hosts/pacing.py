"""A sender that sleeps on a clock: the packet times it can pace, and the pacing nearest a stated one.

A sender that sends a group of ``g`` packets back to back and then sleeps until a clock of period
``tick_ms`` has ticked ``k`` times paces one packet every ``k tick_ms / g`` on average.

References
----------
Taylor & Polyzos (1993), sec. 2.1: the sender paces groups of packets that divide the frame's 264.
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate as _v

__all__ = ["tick_pacing"]


def tick_pacing(packet_time_ms: float, *, tick_ms: float, groups, max_ticks: int = 12, tolerance: float = 0.005) -> dict:
    """The clock pacing (ticks per group, packets per group) that gives a stated packet time.

    Among every ``k`` in ``1..max_ticks`` and ``g`` in ``groups``, the pair of fewest ticks whose
    packet time ``k tick_ms / g`` is within ``tolerance`` (relative) of ``packet_time_ms``; when none
    is, the pair whose packet time is nearest.

    Parameters
    ----------
    packet_time_ms : float
        The stated packet time [ms], positive.
    tick_ms : float
        The clock's period [ms], positive.
    groups : array_like of int
        Group sizes tried (packets), each >= 1.
    max_ticks : int, default 12
        Largest number of ticks tried.
    tolerance : float, default 0.005
        Relative difference within which a pacing counts as the stated one.

    Returns
    -------
    dict
        ``ticks``, ``group``, ``tick_packet_time`` [ms] and ``rel_diff`` (``tick_packet_time /
        packet_time_ms - 1``).

    Raises
    ------
    ValueError
        If a time is not positive, ``groups`` is empty or holds a size < 1, ``max_ticks`` is not a
        whole number >= 1 or ``tolerance`` is negative.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.1 and the maximum-throughput tables of sec. 3.

    Examples
    --------
    >>> tick_pacing(1.953125, tick_ms=1000 / 256, groups=[1, 2, 4])
    {'ticks': 1, 'group': 2, 'tick_packet_time': 1.953125, 'rel_diff': 0.0}
    """
    pt = _v.positive(packet_time_ms, "packet_time_ms")
    tick = _v.positive(tick_ms, "tick_ms")
    g = _v.whole_array(groups, "groups", minimum=1)
    kmax = _v.whole(max_ticks, "max_ticks", minimum=1)
    tol = _v.non_negative(tolerance, "tolerance")
    _v.size(kmax * g.size, "max_ticks x groups")
    ks = np.arange(1, kmax + 1)
    cand = (ks[:, None] * tick / g[None, :]).ravel()
    kk, gg = np.repeat(ks, g.size), np.tile(g, ks.size)
    rel = np.abs(cand / pt - 1)
    ok = np.flatnonzero(rel <= tol)
    i = int(ok[np.argmin(kk[ok] * 1000 + rel[ok])]) if ok.size else int(np.argmin(rel))
    return {"ticks": int(kk[i]), "group": int(gg[i]), "tick_packet_time": float(cand[i]), "rel_diff": float(cand[i] / pt - 1)}
