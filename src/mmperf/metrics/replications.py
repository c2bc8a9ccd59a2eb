"""Confidence intervals over independent replications (the paper's method).

The independent-replication method runs a simulation ``n`` times with
independent random streams and treats the replication means as a sample:
the interval is :math:`\\bar x \\pm t_{n-1, (1+\\gamma)/2}\\, s / \\sqrt n`.

References
----------
Huynh & Khoshgoftaar 1994, sec. 4.2 (5 replications, 90 % intervals).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from mmperf import _validate

__all__ = ["batch_means", "confidence_interval", "replication_spread", "summarize_replications"]


def _check_level(level: float, name: str = "level") -> float:
    if not (isinstance(level, (int, float)) and 0 < level < 1):
        raise ValueError(f"{name} must be a number in (0, 1), got {level!r}")
    return float(level)


def confidence_interval(values, *, level: float = 0.9) -> tuple[float, float, float]:
    """Mean and Student-t confidence interval of replication means.

    Parameters
    ----------
    values : array_like
        One value per independent replication (at least 2, all finite).
    level : float, default 0.9
        Confidence level.

    Returns
    -------
    mean : float
        The mean of ``values``.
    low, high : float
        The bounds of the two-sided Student-t interval at ``level``, with ``len(values) - 1``
        degrees of freedom.

    Raises
    ------
    ValueError
        If fewer than 2 values, a value is not finite, or ``level`` is outside (0, 1).

    Examples
    --------
    >>> m, lo, hi = confidence_interval([1.0, 2.0, 3.0], level=0.9)
    >>> m, round(hi - m, 4)
    (2.0, 1.6859)
    """
    level = _check_level(level)
    x = _validate.finite_array(values, "values", allow_empty=True)
    if x.ndim != 1 or x.size < 2:
        raise ValueError(f"values must be a 1-D sequence of at least 2 replications, got shape {x.shape}")
    if not np.all(np.isfinite(x)):
        raise ValueError("values must all be finite")
    mean = float(x.mean())
    sem = float(x.std(ddof=1) / np.sqrt(x.size))
    if sem == 0:
        return mean, mean, mean
    lo, hi = stats.t.interval(level, x.size - 1, loc=mean, scale=sem)
    return mean, float(lo), float(hi)


def batch_means(series, *, batches: int = 20, level: float = 0.9, trend_level: float = 0.01) -> dict:
    """Steady-state mean of one long run by the method of batch means, with a test for a trend.

    The series (one run, its warm-up already cut) is split into ``batches`` equal consecutive
    batches; their means are treated as a sample (Student-t interval). The method presumes a
    steady state: the batch means must show no trend (least-squares slope of the batch means on
    the batch index, two-sided p-value at least ``trend_level``) and be nearly uncorrelated
    (lag-1 autocorrelation below 0.5). A process without a steady state (a utilization of 1, a
    running maximum) fails the trend test and gets ``steady = False``: its mean then depends on
    the run's length and no steady-state interval exists.

    Parameters
    ----------
    series : array_like
        Consecutive observations of one run (at least ``2 * batches``, all finite).
    batches : int, default 20
        Number of batches (at least 4).
    level : float, default 0.9
        Confidence level of the interval.
    trend_level : float, default 0.01
        Significance level of the trend test.

    Returns
    -------
    dict
        ``mean``, ``half_width`` (of the ``level`` interval), ``lag1`` (autocorrelation of the
        batch means), ``trend_p`` (p-value of the slope), ``slope`` (per batch), ``steady`` (bool).

    Raises
    ------
    ValueError
        If the series is too short or not finite, or a level is outside (0, 1).

    References
    ----------
    A. M. Law, *Simulation Modeling and Analysis*, 5th ed., 2015, sec. 9.5.3 (batch means).

    Examples
    --------
    >>> x = np.random.default_rng(1).normal(10.0, 1.0, 4000)
    >>> r = batch_means(x)
    >>> round(r["mean"], 1), r["steady"]
    (10.0, True)
    >>> batch_means(np.arange(4000.0))["steady"]
    False
    """
    level, trend_level = _check_level(level), _check_level(trend_level, "trend_level")
    if isinstance(batches, bool) or not isinstance(batches, (int, np.integer)) or batches < 4:
        raise ValueError(f"batches must be an int >= 4, got {batches!r}")
    x = _validate.finite_array(series, "series", ndim=1)
    if x.size < 2 * batches:
        raise ValueError(f"series must hold at least 2 * batches = {2 * batches} values, got {x.size}")
    size = x.size // batches
    means = x[x.size - size * batches:].reshape(batches, size).mean(axis=1)  # drop the oldest remainder
    mean, lo, hi = confidence_interval(means, level=level)
    centred = means - means.mean()
    denom = float(centred @ centred)
    if np.ptp(means) <= 1e-6 * max(abs(mean), 1e-300):  # a constant, to a millionth (rounding drift): steady
        denom = 0.0
    lag1 = float(centred[1:] @ centred[:-1] / denom) if denom > 0 else 0.0
    fit = stats.linregress(np.arange(batches), means) if denom > 0 else None
    p = float(fit.pvalue) if fit is not None else 1.0
    slope = float(fit.slope) if fit is not None else 0.0
    return {"mean": mean, "half_width": (hi - lo) / 2, "lag1": lag1, "trend_p": p, "slope": slope,
            "steady": bool(p >= trend_level and lag1 < 0.5)}


def summarize_replications(frame: pd.DataFrame, *, by: list[str], value: str = "value",
                           level: float = 0.9) -> pd.DataFrame:
    """Mean and confidence interval of ``value`` over replications, per group.

    Parameters
    ----------
    frame : pandas.DataFrame
        Tidy results, one row per replication and group.
    by : list of str
        Columns that identify a group (everything but the replication).
    value : str, default "value"
        Column to summarize.
    level : float, default 0.9
        Confidence level.

    Returns
    -------
    pandas.DataFrame
        ``by`` columns plus ``mean``, ``ci_low``, ``ci_high``, ``half_width`` and ``n``.

    Raises
    ------
    ValueError
        If a column is missing or a group has fewer than 2 replications.
    """
    level = _check_level(level)
    _validate.instance(frame, "frame", pd.DataFrame)
    if isinstance(by, str) or not isinstance(by, (list, tuple)):
        raise TypeError(f"by must be a list of column names, got {by!r:.80}")
    missing = [c for c in [*by, value] if c not in frame.columns]
    if missing:
        raise ValueError(f"by and value must name columns of frame; it lacks {missing} (it has {list(frame.columns)})")
    rows = []
    for key, grp in frame.groupby(by, sort=False, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        mean, lo, hi = confidence_interval(grp[value].to_numpy(), level=level)
        rows.append({**dict(zip(by, key)), "mean": mean, "ci_low": lo, "ci_high": hi,
                     "half_width": (hi - lo) / 2, "n": len(grp)})
    return pd.DataFrame(rows)


def replication_spread(frame: pd.DataFrame, *, by: list[str], value: str = "value") -> pd.DataFrame:
    """Mean, standard deviation and 5 % and 95 % quantiles of ``value`` over replications, per group.

    The spread of the runs themselves (not a confidence interval of their mean, which
    :func:`summarize_replications` gives): what a table of means shows beside each cell.

    Parameters
    ----------
    frame : pandas.DataFrame
        Tidy results, one row per replication and group.
    by : list of str
        Columns that identify a group (everything but the replication); groups come out sorted by them.
    value : str, default "value"
        Column to summarize.

    Returns
    -------
    pandas.DataFrame
        ``by`` columns plus ``mean``, ``sd`` (sample standard deviation, NaN for one replication),
        ``q05`` and ``q95`` (linearly interpolated quantiles).

    Raises
    ------
    TypeError
        If ``frame`` is not a DataFrame or ``by`` is not a list of column names.
    ValueError
        If a column is missing.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. V: Tables I and II are means over 20 replications per cell.

    Examples
    --------
    >>> f = pd.DataFrame({"g": ["a", "a", "b", "b"], "value": [1.0, 3.0, 2.0, 2.0]})
    >>> replication_spread(f, by=["g"])[["g", "mean", "sd"]].values.tolist()
    [['a', 2.0, 1.4142135623730951], ['b', 2.0, 0.0]]
    """
    _validate.instance(frame, "frame", pd.DataFrame)
    if isinstance(by, str) or not isinstance(by, (list, tuple)):
        raise TypeError(f"by must be a list of column names, got {by!r:.80}")
    if not isinstance(value, str):
        raise TypeError(f"value must be a column name, got {value!r:.80}")
    missing = [c for c in [*by, value] if c not in frame.columns]
    if missing:
        raise ValueError(f"by and value must name columns of frame; it lacks {missing} (it has {list(frame.columns)})")
    g = frame.groupby(list(by))[value]
    return pd.DataFrame({"mean": g.mean(), "sd": g.std(ddof=1), "q05": g.quantile(0.05), "q95": g.quantile(0.95)}).reset_index()
