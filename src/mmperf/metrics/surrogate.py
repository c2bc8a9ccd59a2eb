"""Where a cheap surrogate model agrees with the model it stands in for, per group of cells.

A fluid model run over a whole grid stands in for a packet model run on sample cells only; it may be
trusted on a metric if, on every sample cell, ``|surrogate - reference| <= max(absolute,
relative x |reference|)`` with a tolerance stated per metric before looking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

__all__ = ["surrogate_agreement"]


def _tolerance(tolerance) -> dict:
    if not isinstance(tolerance, Mapping) or not tolerance:
        raise TypeError(f"tolerance must be a non-empty mapping of metric -> (absolute, relative), got {tolerance!r:.80}")
    out = {}
    for k, v in tolerance.items():
        ok = isinstance(v, (tuple, list)) and len(v) == 2
        vals = [float(x) if isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool) else np.nan
                for x in v] if ok else []
        if not ok or not all(np.isfinite(x) and x >= 0 for x in vals):
            raise ValueError(f"tolerance must map each metric to (absolute, relative), both finite and >= 0; {k!r}: {v!r}")
        out[k] = tuple(vals)
    return out


def _names(value, name: str, frames) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise ValueError(f"{name} must be a non-empty sequence of column names, got {value!r:.80}")
    for label, f in frames:
        lacking = [c for c in value if c not in f.columns]
        if lacking:
            raise ValueError(f"{name} must name columns of {label}; it lacks {lacking}")
    return list(value)


def surrogate_agreement(surrogate, reference, *, on, by, tolerance, metric: str = "metric", value: str = "value",
                        cells=None) -> pd.DataFrame:
    """Per group, on how many cells the surrogate is within the metric's tolerance of the reference.

    Parameters
    ----------
    surrogate, reference : pandas.DataFrame
        Tidy results of the two models: the key columns ``on`` (among them ``metric``) and ``value``.
    on : sequence of str
        The columns that name a cell and metric (matched between the two frames).
    by : sequence of str
        The columns of ``on`` to group the verdicts by (say scenario and metric).
    tolerance : mapping of str to (float, float)
        Metric -> ``(absolute, relative)``: a cell agrees if ``|surrogate - reference| <= max(absolute,
        relative x |reference|)`` (both ``>= 0``, in the metric's unit and as a fraction).
    metric : str, default "metric"
        The column naming the metric (every metric present needs a tolerance).
    value : str, default "value"
        The column holding the number in both frames.
    cells : pandas.DataFrame, optional
        The cells to judge (columns among ``on``); all the cells both frames hold if not given.

    Returns
    -------
    pandas.DataFrame
        ``by`` columns, ``cells`` (judged), ``agree`` (within tolerance), ``largest_gap`` (surrogate -
        reference of largest size) and ``surrogate_ok`` (every cell agrees), sorted by ``by``.

    Raises
    ------
    TypeError
        If a frame is not a DataFrame or ``tolerance`` is not a mapping.
    ValueError
        If a column is missing, a tolerance is negative or not finite, or a metric has no tolerance.

    References
    ----------
    Chodorek & Chodorek (2018): the chapter's fluid surrogate against its packet model on sample cells
    of Tables I and II.

    Examples
    --------
    >>> ref = pd.DataFrame({"cell": [1, 2], "metric": "per", "value": [1.0, 2.0]})
    >>> sur = ref.assign(value=[1.2, 2.9])
    >>> surrogate_agreement(sur, ref, on=["cell", "metric"], by=["metric"], tolerance={"per": (0.05, 0.25)}).round(2)
      metric  cells  agree  largest_gap  surrogate_ok
    0    per      2      1          0.9         False
    """
    for label, f in (("surrogate", surrogate), ("reference", reference)):
        if not isinstance(f, pd.DataFrame):
            raise TypeError(f"{label} must be a pandas DataFrame, got {type(f).__name__}")
    if not isinstance(metric, str) or not isinstance(value, str):
        raise TypeError(f"metric and value must be column names, got {metric!r:.40} and {value!r:.40}")
    frames = (("surrogate", surrogate), ("reference", reference))
    keys = _names(on, "on", frames)
    _names([metric, value], "metric and value", frames)
    groups = _names(by, "by", frames)
    tol = _tolerance(tolerance)
    m = (surrogate[keys + [value]].rename(columns={value: "surrogate"})
         .merge(reference[keys + [value]].rename(columns={value: "reference"}), on=keys))
    if cells is not None:
        if not isinstance(cells, pd.DataFrame):
            raise TypeError(f"cells must be a pandas DataFrame or None, got {type(cells).__name__}")
        m = m.merge(cells, on=_names(list(cells.columns), "cells", frames))
    unknown = sorted(set(m[metric]) - set(tol))
    if unknown:
        raise ValueError(f"tolerance must give every metric present its (absolute, relative); it lacks {unknown}")
    limit = m[metric].map(lambda x: tol[x][0]).combine(m[metric].map(lambda x: tol[x][1]) * m.reference.abs(), max)
    m["gap"] = m.surrogate - m.reference
    m["ok"] = m.gap.abs() <= limit
    out = m.groupby(groups).agg(cells=("ok", "size"), agree=("ok", "sum"),
                                largest_gap=("gap", lambda g: g.loc[g.abs().idxmax()])).reset_index()
    out["surrogate_ok"] = out.agree == out.cells
    return out
