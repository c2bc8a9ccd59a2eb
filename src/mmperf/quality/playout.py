"""A stream's playout buffer from its trace: the optimal buffer, what a given buffer drops, and the jitter at
which the optimal buffer falls to a target.

Built for Claypool, Habermann & Riedl (1998), Secs. 8.1 and 9: the jitter compensation curve of a run
(Fig. 16), its optimal point (Fig. 17) and the jitter at which "virtually no buffering" is needed.
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate
from mmperf.metrics import jitter
from mmperf.metrics.fits import LineFit, line_fit
from mmperf.quality.planning import VIDEOCONFERENCE, UserLimits, _closest

__all__ = ["playout_summary", "buffer_threshold"]


def playout_summary(recv_us, send_us, *, limit_us: float = 100_000.0, limits: UserLimits = VIDEOCONFERENCE) -> dict:
    """What playout buffers do to one stream: its optimal buffer, what ``limit_us`` drops, what drops nothing.

    Parameters
    ----------
    recv_us, send_us : array_like of float
        When each datagram was received and sent [us] (:func:`mmperf.metrics.jitter.lateness`).
    limit_us : float, default 100,000
        A buffer whose dropped share is reported (Sec. 8.1's example: 100 ms).
    limits : UserLimits
        The normalisation of the compensation curve (:func:`mmperf.quality.planning.optimal_buffer`).

    Returns
    -------
    dict
        ``buffer_us`` and ``dropped_pct`` at the optimal point of the compensation curve over
        :data:`mmperf.metrics.jitter.DEFAULT_BUFFERS_US`, ``dropped_limit_pct`` (frames later than
        ``limit_us``, in %) and ``no_drop_buffer_us`` (the largest lateness: the buffer that drops none).

    Raises
    ------
    ValueError
        If the arrays differ in length, are empty or hold a value that is not finite, or ``limit_us`` is negative.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 8.1 and Figs. 16-17.

    Examples
    --------
    >>> s = playout_summary([10_000.0, 130_000.0, 210_000.0], [0.0, 100_000.0, 200_000.0])
    >>> s["no_drop_buffer_us"], round(s["dropped_limit_pct"], 1)
    (20000.0, 0.0)
    """
    limit_us = _validate.non_negative(limit_us, "limit_us")
    _validate.instance(limits, "limits", UserLimits)
    late = jitter.lateness(recv_us, send_us)
    b = jitter.DEFAULT_BUFFERS_US
    # optimal_buffer's choice on the curve's arrays, without building a table per stream (the curve over the
    # fixed non-negative buffers is valid by construction)
    best = _closest(b, jitter.dropped_pct(late, b), limits)
    return {"buffer_us": best["buffer_us"], "dropped_pct": best["dropped_pct"],
            "dropped_limit_pct": 100.0 * float((late > limit_us).mean()), "no_drop_buffer_us": float(late.max())}


def buffer_threshold(variance, buffer_us, *, target_us: float, ceiling_us: float = jitter.MAX_BUFFER_US
                     ) -> tuple[float, LineFit]:
    """The jitter at which the optimal buffer falls to ``target_us``, from a log-log line over runs.

    Fits log10(buffer) against log10(variance) over the runs whose buffer is above zero and below
    ``ceiling_us`` (the end of the compensation curve), and solves the line for ``target_us``.

    Parameters
    ----------
    variance, buffer_us : array_like of float
        Per run: the variance of its interarrival times [us^2] and its optimal buffer [us].
    target_us : float
        The buffer sought (the book's "virtually no buffering": one clock tick, 10,000 us).
    ceiling_us : float, default 250,000
        Runs at or above it are left out (their buffer is cut off by the curve's end).

    Returns
    -------
    (float, LineFit)
        The variance [us^2] and the log-log fit.

    Raises
    ------
    ValueError
        If the arrays differ in length, a value is not finite or not positive where a logarithm is
        taken, or fewer than three runs remain.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 9 ("virtually no buffering").

    Examples
    --------
    >>> v = np.array([1e6, 1e7, 1e8, 1e9]); b = 10 * np.sqrt(v)
    >>> round(buffer_threshold(v, b, target_us=1e4)[0])
    1000000
    """
    var = _validate.finite_array(variance, "variance", ndim=1)
    buf = _validate.finite_array(buffer_us, "buffer_us", ndim=1)
    if var.size != buf.size:
        raise ValueError(f"variance and buffer_us must have one entry per run, got {var.size} and {buf.size}")
    target_us = _validate.positive(target_us, "target_us")
    ceiling_us = _validate.positive(ceiling_us, "ceiling_us")
    keep = (buf > 0) & (buf < ceiling_us)
    if keep.sum() < 3 or (var[keep] <= 0).any():
        raise ValueError("buffer_threshold needs at least three runs with a buffer in (0, ceiling_us) and a positive variance")
    f = line_fit(np.log10(var[keep]), np.log10(buf[keep]))
    return float(10 ** ((np.log10(target_us) - f.intercept) / f.slope)), f
