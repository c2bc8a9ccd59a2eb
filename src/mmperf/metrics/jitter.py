"""Jitter measures of a multimedia stream (Claypool, Habermann & Riedl 1998, Sec. 3).

The paper compares six measures "used by jitter researchers", all computed
on the interarrival times :math:`x_i = r_i - r_{i-1}` of one run:

* **range** -- "the maximum delay between any two consecutive frames" (the
  caption of Table 2: "the maximum interarrival time");
* **variance** -- :math:`\\sum (x_i - \\bar x)^2 / (n - 1)`;
* **standard deviation** -- its square root;
* **absolute deviation** -- :math:`\\sum |x_i - \\bar x|` (a sum, as printed);
* **gaps** -- playout gaps per second with a 250 ms buffer when late data is
  ignored (Naylor & Kleinrock's I-policy);
* **area** -- the area under the jitter compensation curve (Fig. 16).

Plus the **reflection-free variance** of Sec. 3 (subtract the mean, drop the
points below zero) and, as a modern reference, the **RFC 3550 interarrival
jitter**. Times are microseconds throughout.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate as _v

__all__ = [
    "GAPS_BUFFER_US", "MAX_BUFFER_US", "DEFAULT_BUFFERS_US", "MEASURES", "jitter_range", "variance",
    "std_dev", "abs_deviation", "reflection_free_variance", "reflection", "lateness", "gaps_per_second",
    "compensation_curve", "compensation_area", "dropped_pct", "rfc3550_jitter", "measures"
]

GAPS_BUFFER_US = 250_000.0
"""Playout buffer of the gaps measure (Sec. 3, after Naylor & Kleinrock)."""

MAX_BUFFER_US = 250_000.0
"""Largest buffer of the jitter compensation curve (Sec. 8.1: 0 to 250 ms)."""

DEFAULT_BUFFERS_US = np.arange(0.0, MAX_BUFFER_US + 1, 1000.0)
"""Buffers of the compensation curve: 0 to 250 ms in 1 ms steps."""

MEASURES = ["range", "variance", "stddev", "absdev", "gaps", "area"]
"""The six measures of Table 2, in the paper's order."""


def _values(x, name: str, *, min_len: int = 2) -> np.ndarray:
    if isinstance(x, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, got text: {x!r:.80}")
    try:
        arr = np.asarray(x, dtype=float).ravel()
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of numbers, got {type(x).__name__}") from None
    arr = arr[~np.isnan(arr)]
    if arr.size < min_len:
        raise ValueError(f"{name} needs at least {min_len} non-NaN values, got {arr.size}")
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite")
    return arr


def jitter_range(interarrival) -> float:
    """Range: the maximum interarrival time (Sec. 3, Table 2 caption).

    Parameters
    ----------
    interarrival : array_like
        Interarrival times; NaN (the first packet's) are ignored.

    Returns
    -------
    float
        The largest interarrival time, in the unit of the input [us].

    Examples
    --------
    >>> jitter_range([10, 15, 15, 15, 20]) == jitter_range([10, 10, 15, 20, 20])
    True
    """
    return float(_values(interarrival, "interarrival", min_len=1).max())


def variance(interarrival) -> float:
    """Variance :math:`\\sum_i (x_i - \\bar x)^2 / (n - 1)` of the interarrival times (Sec. 3).

    Parameters
    ----------
    interarrival : array_like
        Interarrival times [us]; NaN (the first packet's) are ignored; at least two others.

    Returns
    -------
    float
        The sample variance [us^2].

    Raises
    ------
    TypeError, ValueError
        If ``interarrival`` is not numbers, holds an infinity or fewer than two non-NaN values.

    Examples
    --------
    >>> variance([10, 15, 15, 15, 20]), variance([10, 10, 15, 20, 20])
    (12.5, 25.0)
    """
    return float(np.var(_values(interarrival, "interarrival"), ddof=1))


def std_dev(interarrival) -> float:
    """Standard deviation, the square root of :func:`variance` (Sec. 3).

    Parameters
    ----------
    interarrival : array_like
        Interarrival times [us]; NaN (the first packet's) are ignored; at least two others.

    Returns
    -------
    float
        The sample standard deviation [us].

    Raises
    ------
    TypeError, ValueError
        As :func:`variance`.
    """
    return float(np.sqrt(variance(interarrival)))


def abs_deviation(interarrival) -> float:
    """Absolute deviation :math:`\\sum_i |x_i - \\bar x|` (Sec. 3; a sum, not a mean).

    Parameters
    ----------
    interarrival : array_like
        Interarrival times [us]; NaN (the first packet's) are ignored; at least one other.

    Returns
    -------
    float
        The sum of absolute deviations from the mean [us].

    Raises
    ------
    TypeError, ValueError
        If ``interarrival`` is not numbers, holds an infinity or no non-NaN value.

    Examples
    --------
    >>> abs_deviation([10, 15, 15, 15, 20]), abs_deviation([10, 10, 15, 20, 20])
    (10.0, 20.0)
    """
    x = _values(interarrival, "interarrival", min_len=1)
    return float(np.abs(x - x.mean()).sum())


def reflection_free_variance(interarrival) -> float:
    """Variance of the late deviations only, free of the reflection effect (Sec. 3).

    "We subtract the mean from each interarrival time and drop all points
    that are below zero": the book returns :math:`\\sum_{d_i > 0} d_i^2 / (m - 1)`
    over the :math:`m` positive deviations :math:`d_i = x_i - \\bar x`
    (0 when fewer than two are positive).

    Parameters
    ----------
    interarrival : array_like
        Interarrival times [us]; NaN (the first packet's) are ignored; at least two others.

    Returns
    -------
    float
        The variance of the late deviations [us^2].

    Raises
    ------
    TypeError, ValueError
        As :func:`variance`.

    Examples
    --------
    >>> reflection_free_variance([10, 10, 10, 30])  # one late packet
    0.0
    >>> reflection_free_variance([10, 20, 10, 20])
    50.0
    """
    x = _values(interarrival, "interarrival")
    d = x - x.mean()
    pos = d[d > 0]
    if pos.size < 2:
        return 0.0
    return float((pos**2).sum() / (pos.size - 1))


def reflection(interarrival, *, late_us: float = 10_000.0) -> float:
    """How much of a late arrival the next packet gives back by arriving early (Fig. 3).

    "If a packet arrives late, the next packet usually arrives early by the
    same time that the previous packet was late" (Sec. 3). For every
    interarrival more than ``late_us`` above the mean, the book takes the
    next interarrival's shortfall below the mean as a fraction of that
    excess, :math:`-d_{i+1}/d_i`, and returns the mean: 1 is a full
    reflection, near 0 a packet "unable to arrive an equal amount early".
    NaN when no interarrival is late.

    Parameters
    ----------
    interarrival : array_like
        Interarrival times [us]; NaN (the first packet's) are ignored; at least three others.
    late_us : float, default 10,000
        How far above the mean an interarrival must be to count as late [us], >= 0.

    Returns
    -------
    float
        The mean reflected fraction (dimensionless), or NaN when no interarrival is late.

    Raises
    ------
    TypeError, ValueError
        If ``interarrival`` is not numbers, holds an infinity or fewer than three non-NaN
        values, or ``late_us`` is negative or not finite.

    Examples
    --------
    >>> reflection([100, 100, 150, 50, 100, 100], late_us=10)
    1.0
    """
    late_us = _v.non_negative(late_us, "late_us")
    x = _values(interarrival, "interarrival", min_len=3)
    d = x - x.mean()
    late = np.flatnonzero(d[:-1] > late_us)
    if late.size == 0:
        return float("nan")
    return float(np.mean(-d[late + 1] / d[late]))


def _times(recv_us, send_us, *, min_len: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Receive and send times as finite 1-d float arrays of equal length >= ``min_len``."""
    r = _v.finite_array(recv_us, "recv_us", ndim=1)
    s = _v.finite_array(send_us, "send_us", ndim=1)
    if r.shape != s.shape or r.size < min_len:
        raise ValueError(f"recv_us and send_us must be 1-d arrays of equal length >= {min_len}, "
                         f"got {r.shape} and {s.shape}")
    return r, s


def lateness(recv_us, send_us, *, anchor: str = "earliest") -> np.ndarray:
    """How late each frame is against a constant-latency playout schedule.

    Parameters
    ----------
    recv_us, send_us : array_like
        Receive and send times of each frame.
    anchor : {'earliest', 'first'}
        ``'earliest'``: the schedule is set by the frame with the smallest
        end-to-end delay (the buffer needed to hold "all arriving data for a
        period as long as the tardiest frame", Sec. 1.3); ``'first'``: set by
        the first frame, as a receiver that starts playing after a fixed
        buffer does (Naylor & Kleinrock's I-policy).

    Returns
    -------
    numpy.ndarray
        Lateness of each frame (can be negative with ``anchor='first'``).

    Raises
    ------
    ValueError
        For an unknown anchor, arrays of different length, or a time that is NaN or infinite.
    """
    r, s = _times(recv_us, send_us)
    delay = r - s
    if anchor == "earliest":
        return delay - delay.min()
    if anchor == "first":
        return delay - delay[0]
    raise ValueError(f"anchor must be 'earliest' or 'first', got {anchor!r}")


def gaps_per_second(recv_us, send_us, *, buffer_us: float = GAPS_BUFFER_US) -> float:
    """Playout gaps per second under the I-policy (late data ignored; Sec. 3).

    Playout starts ``buffer_us`` after the first frame arrives and continues
    at the send rate; a frame arriving after its playout instant is dropped
    and leaves a gap. Returns dropped frames per second of stream.

    Parameters
    ----------
    recv_us, send_us : array_like
        Receive and send times.
    buffer_us : float, default 250,000
        Playout buffer.

    Returns
    -------
    float
        Frames dropped (arriving after their playout instant) per second of stream [1/s].

    Raises
    ------
    ValueError
        For a buffer that is negative, NaN or infinite, or bad times (see :func:`lateness`).

    Examples
    --------
    >>> gaps_per_second([0, 1e6, 2.5e6, 3e6], [0, 1e6, 2e6, 3e6], buffer_us=250_000)
    0.25
    """
    buffer_us = _v.non_negative(buffer_us, "buffer_us")
    late = lateness(recv_us, send_us, anchor="first")
    s = _v.finite_array(send_us, "send_us", ndim=1)
    span_s = (s[-1] - s[0]) / 1e6 + (s[1] - s[0]) / 1e6 if s.size > 1 else 0.0
    if span_s <= 0:
        raise ValueError("send_us must increase")
    return float((late > buffer_us).sum() / span_s)


def compensation_curve(recv_us, send_us, *, buffers_us=None) -> pd.DataFrame:
    """The jitter compensation curve: percentage of frames dropped against buffer (Fig. 16).

    "We fixed a delay buffer for the receiver and computed the percentage of
    frames that would be dropped ... with buffers ranging from 0 to 250
    milliseconds" (Sec. 8.1). A frame is dropped when its lateness (anchor
    ``'earliest'``, see :func:`lateness`) exceeds the buffer.

    Parameters
    ----------
    recv_us, send_us : array_like
        Receive and send times.
    buffers_us : array_like, optional
        Buffers to evaluate (default 0 to 250 ms in 1 ms steps).

    Returns
    -------
    pandas.DataFrame
        Columns ``buffer_us`` and ``dropped_pct``.
    """
    b = DEFAULT_BUFFERS_US if buffers_us is None else _v.finite_array(buffers_us, "buffers_us", ndim=1,
                                                                       non_negative=True)
    return pd.DataFrame({"buffer_us": b, "dropped_pct": dropped_pct(lateness(recv_us, send_us), b)})


def dropped_pct(late, buffers) -> np.ndarray:
    """Percentage of frames whose lateness exceeds each buffer (the curve of :func:`compensation_curve`).

    Parameters
    ----------
    late : array_like of float
        Each frame's lateness [us] (:func:`lateness`); at least one frame.
    buffers : array_like of float
        The receive buffers to evaluate [us].

    Returns
    -------
    numpy.ndarray
        For each buffer, 100 x the fraction of frames whose lateness is greater than it.

    Raises
    ------
    ValueError
        If ``late`` is empty, not one-dimensional, or an element of either is not finite.

    Examples
    --------
    >>> dropped_pct([0.0, 10.0, 30.0, 40.0], [0.0, 20.0, 40.0]).tolist()
    [75.0, 50.0, 0.0]
    """
    late = np.sort(_v.finite_array(late, "late", ndim=1))
    buffers = _v.finite_array(buffers, "buffers", allow_empty=True)
    return 100.0 * (1.0 - np.searchsorted(late, buffers, side="right") / late.size)


def compensation_area(recv_us, send_us, *, max_buffer_us: float = MAX_BUFFER_US) -> float:
    """Area under the jitter compensation curve, in percent x microseconds (Sec. 3, Fig. 16).

    The exact integral :math:`\\int_0^{B} 100\\,P(L > b)\\,db = 100\\,E[\\min(L, B)]`
    over buffers up to ``max_buffer_us`` (the paper's 250 ms).

    Parameters
    ----------
    recv_us, send_us : array_like
        Receive and send times of each frame [us], of equal length.
    max_buffer_us : float, default 250,000
        The largest buffer of the curve, :math:`B` [us], > 0.

    Returns
    -------
    float
        The area [% x us]; lateness is anchored at the earliest frame (see :func:`lateness`).

    Raises
    ------
    ValueError
        If the times are of different lengths or not finite, or ``max_buffer_us`` is not > 0.

    Examples
    --------
    >>> compensation_area([0, 100, 200, 400], [0, 100, 200, 300], max_buffer_us=1000)
    2500.0
    """
    max_buffer_us = _v.positive(max_buffer_us, "max_buffer_us")
    late = lateness(recv_us, send_us)
    return float(100.0 * np.minimum(late, max_buffer_us).mean())


def rfc3550_jitter(recv_us, send_us) -> float:
    """RFC 3550 interarrival jitter: :math:`J \\leftarrow J + (|D| - J)/16` (a modern reference).

    :math:`D_i = (r_i - r_{i-1}) - (s_i - s_{i-1})`; returns the final :math:`J`.

    Parameters
    ----------
    recv_us, send_us : array_like
        Receive and send times of each packet [us], of equal length >= 2.

    Returns
    -------
    float
        The jitter estimate after the last packet, from :math:`J_0 = 0` [us].

    Raises
    ------
    ValueError
        If the times are of different lengths, shorter than 2, or not finite.

    Examples
    --------
    >>> rfc3550_jitter([0, 10, 20], [0, 10, 20])
    0.0
    """
    r, s = _times(recv_us, send_us, min_len=2)
    d = np.abs(np.diff(r) - np.diff(s))
    # J_n = sum_i (1/16) (15/16)^(n-i) |D_i|, the closed form of the recursion from J_0 = 0
    weights = (15 / 16) ** np.arange(d.size - 1, -1, -1) / 16
    return float(np.dot(weights, d))


def measures(trace) -> pd.Series:
    """All measures of one trace (a DataFrame or mapping with ``send_us``, ``recv_us``, ``interarrival_us``).

    Parameters
    ----------
    trace : pandas.DataFrame or dict
        One run, one row per frame: send and receive times and interarrival times [us] (the
        first interarrival NaN).

    Returns
    -------
    pandas.Series
        ``range``, ``variance``, ``stddev``, ``absdev``, ``gaps``, ``area``
        (the six of Table 2), ``reflection_free``, ``rfc3550``, ``mean_interarrival``.
    """
    if not isinstance(trace, (pd.DataFrame, dict)):
        raise TypeError(f"trace must be a pandas.DataFrame (send_us, recv_us, interarrival_us), got {type(trace).__name__}")
    for col in ("send_us", "recv_us", "interarrival_us"):
        if col not in trace:
            raise ValueError(f"trace lacks column {col!r}")
    ia = np.asarray(trace["interarrival_us"], dtype=float)
    r = np.asarray(trace["recv_us"], dtype=float)
    s = np.asarray(trace["send_us"], dtype=float)
    var = variance(ia)
    return pd.Series({
        "range": jitter_range(ia),
        "variance": var,
        "stddev": float(np.sqrt(var)),
        "absdev": abs_deviation(ia),
        "gaps": gaps_per_second(r, s),
        "area": compensation_area(r, s),
        "reflection_free": reflection_free_variance(ia),
        "rfc3550": rfc3550_jitter(r, s),
        "mean_interarrival": float(np.nanmean(ia)),
    })
