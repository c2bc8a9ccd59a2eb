"""Calibrating a bottleneck's unstated buffer and round trip against what a paper reports.

Two searches over candidate values, each given a function that runs the model at one candidate:

* :func:`calibrate_buffer`: the smallest buffer whose unloaded runs lose nothing *as the paper prints
  it* (a loss that rounds to zero at the paper's precision);
* :func:`calibrate_rtt`: the base round trip whose link utilization is nearest a reported one.

The model is the caller's (a packet-level simulation, a fluid model): these functions only search.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["calibrate_buffer", "calibrate_rtt"]


def _candidates(values, name: str, check) -> list:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:
        raise ValueError(f"{name} must be a non-empty sequence, got {values!r:.80}")
    out = [check(v, name) for v in values]
    if out != sorted(set(out)):
        raise ValueError(f"{name} must be increasing without repeats, got {values!r:.80}")
    return out


def _callable(fn, name: str):
    if not callable(fn):
        raise TypeError(f"{name} must be callable, got {type(fn).__name__}")
    return fn


def calibrate_buffer(loss_pct: Callable[[int], float], *, candidates, decimals: int = 2) -> pd.DataFrame:
    """The smallest candidate buffer whose unloaded loss prints as zero.

    Candidates are tried in increasing order and the search stops at the first that passes (a larger
    buffer loses no more on the same arrivals).

    Parameters
    ----------
    loss_pct : callable
        ``loss_pct(buffer_packets) -> float``: the largest loss [%] of the unloaded runs at that buffer.
    candidates : sequence of int
        Buffers [packets] to try, increasing, each at least 1.
    decimals : int, default 2
        The precision the paper prints losses at: a loss passes when it rounds to 0 there.

    Returns
    -------
    pandas.DataFrame
        One row per candidate tried: ``buffer_packets``, ``max_per_pct`` [%], ``chosen`` (bool; the
        largest candidate when none passes, with every row's ``chosen`` False but that one's).

    Raises
    ------
    ValueError
        If ``candidates`` is empty, not increasing or holds a value below 1, if ``decimals`` is negative,
        or if ``loss_pct`` returns NaN, an infinity or a negative loss.
    TypeError
        If ``loss_pct`` is not callable.

    References
    ----------
    Chodorek & Chodorek (2018), Table I and Sec. IV.E: PER 0.00 % for K = 0 in every scenario and N.

    Examples
    --------
    >>> calibrate_buffer(lambda b: 10 / b**2, candidates=(10, 50, 100, 200))[["buffer_packets", "chosen"]].values.tolist()
    [[10, False], [50, True]]
    """
    loss_pct = _callable(loss_pct, "loss_pct")
    cands = _candidates(candidates, "candidates", lambda v, n: _validate.whole(v, n, minimum=1))
    decimals = _validate.whole(decimals, "decimals", minimum=0)
    rows = []
    for b in cands:
        loss = float(loss_pct(b))
        if not np.isfinite(loss) or loss < 0:
            raise ValueError(f"loss_pct({b}) must return a finite loss >= 0 [%], got {loss!r}")
        rows.append({"buffer_packets": int(b), "max_per_pct": loss})
        if round(loss, decimals) == 0:
            break
    out = pd.DataFrame(rows)
    out["chosen"] = False
    out.loc[out.index[-1], "chosen"] = True
    return out


def calibrate_rtt(utilization_pct: Callable[[float], float], *, candidates, target_pct: float) -> pd.DataFrame:
    """The candidate base round trip whose link utilization is nearest a target.

    Parameters
    ----------
    utilization_pct : callable
        ``utilization_pct(rtt_s) -> float``: the link utilization [%] of the calibration runs at that RTT.
    candidates : sequence of float
        Base round trips [s] to try, increasing, each above 0.
    target_pct : float
        The reported utilization [%], in (0, 100].

    Returns
    -------
    pandas.DataFrame
        One row per candidate: ``rtt_ms``, ``link_utilization_pct`` [%], ``error_points`` (utilization -
        target) [points], ``chosen`` (bool; the first of any tie).

    Raises
    ------
    ValueError
        If ``candidates`` is empty, not increasing or holds a value not above 0, if ``target_pct`` is not in
        (0, 100], or if ``utilization_pct`` returns NaN or an infinity.
    TypeError
        If ``utilization_pct`` is not callable.

    References
    ----------
    Chodorek & Chodorek (2018), Table I: s1, K = 1, N = 1 link utilization 83.4 % (the paper gives no RTT).

    Examples
    --------
    >>> out = calibrate_rtt(lambda r: 100 - 2000 * r, candidates=(0.002, 0.004, 0.008), target_pct=92.0)
    >>> out.loc[out["chosen"], "rtt_ms"].item()
    4.0
    """
    utilization_pct = _callable(utilization_pct, "utilization_pct")
    cands = _candidates(candidates, "candidates", _validate.positive)
    target = _validate.positive(target_pct, "target_pct")
    if target > 100:
        raise ValueError(f"target_pct must be in (0, 100], got {target_pct!r}")
    rows = []
    for rtt in cands:
        u = float(utilization_pct(rtt))
        if not np.isfinite(u):
            raise ValueError(f"utilization_pct({rtt}) must return a finite utilization [%], got {u!r}")
        rows.append({"rtt_ms": 1000 * float(rtt), "link_utilization_pct": u, "error_points": u - target})
    out = pd.DataFrame(rows)
    out["chosen"] = False
    out.loc[out["error_points"].abs().idxmin(), "chosen"] = True
    return out
