"""Least-squares lines with 95 % confidence bands, as tidy tables (statsmodels).

The paper draws most of its figures as "the least squares line fit. The outer
two lines form a 95% confidence interval around the line" and quotes the
correlation coefficient. :func:`line_fit` returns the same three things;
:func:`fit_chart` draws points, line and band as one Altair chart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from statsmodels.regression.linear_model import OLS
from statsmodels.tools.tools import add_constant

from mmperf import _validate as _v

__all__ = ["LineFit", "line_fit", "grouped_fits", "fit_chart", "CHART_SIZE"]


@dataclass(frozen=True)
class LineFit:
    """An ordinary least-squares line ``y = intercept + slope x``.

    Parameters
    ----------
    slope, intercept : float
        Coefficients.
    r : float
        Pearson correlation of x and y.
    n : int
        Number of points.
    slope_low, slope_high : float
        Confidence interval of the slope at ``level``.
    band : pandas.DataFrame
        Columns ``x``, ``fit``, ``lower``, ``upper``: the line and the
        confidence band of the mean on a grid over the range of x.
    level : float
        Confidence level of the band.
    """

    slope: float
    intercept: float
    r: float
    n: int
    slope_low: float
    slope_high: float
    band: pd.DataFrame
    level: float

    def x_intercept(self) -> float:
        """Where the line crosses y = 0 (NaN for a flat line)."""
        return float(-self.intercept / self.slope) if self.slope != 0 else float("nan")

    def predict(self, x) -> np.ndarray:
        """The line at ``x``."""
        return self.intercept + self.slope * _v.finite_array(x, "x", allow_empty=True)

    def summary(self) -> pd.DataFrame:
        """One-row table: slope, intercept, r, n, x-intercept."""
        return pd.DataFrame([{"slope": self.slope, "slope_low": self.slope_low, "slope_high": self.slope_high,
                              "intercept": self.intercept, "r": self.r, "n": self.n,
                              "x_intercept": self.x_intercept()}])


def line_fit(x, y, *, level: float = 0.95, grid_points: int = 50, grid=None) -> LineFit:
    """Fit a least-squares line with a confidence band for the mean.

    Parameters
    ----------
    x, y : array_like
        Points (equal length, at least 3, x not constant).
    level : float, default 0.95
        Confidence level of the band.
    grid_points : int, default 50
        Points of the band over ``[min x, max x]``.
    grid : array_like, optional
        Explicit x values for the band.

    Returns
    -------
    LineFit
        The slope and intercept with their confidence interval, r, n and the band.

    Raises
    ------
    ValueError
        For mismatched lengths, fewer than 3 points, constant x, a NaN or infinite point, a level
        outside (0, 1) or fewer than 2 grid points.
    TypeError
        If ``grid_points`` is not a whole number.

    Examples
    --------
    >>> f = line_fit([0, 1, 2, 3], [1, 3, 5, 7])
    >>> round(f.slope, 6), round(f.intercept, 6), round(f.r, 6)
    (2.0, 1.0, 1.0)
    """
    x = _v.finite_array(x, "x")
    y = _v.finite_array(y, "y")
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"x and y must be 1-d of equal length, got {x.shape} and {y.shape}")
    if x.size < 3:
        raise ValueError(f"a line fit needs at least 3 points, got {x.size}")
    if np.ptp(x) == 0:
        raise ValueError("x must not be constant")
    if not (isinstance(level, (int, float)) and 0 < level < 1):
        raise ValueError(f"level must be in (0, 1), got {level!r}")
    if grid is None:
        g = np.linspace(x.min(), x.max(), _v.size(_v.whole(grid_points, "grid_points", minimum=2), "grid_points"))
    else:
        g = _v.finite_array(grid, "grid", ndim=1)
    model = OLS(y, add_constant(x)).fit()
    pred = model.get_prediction(add_constant(g, has_constant="add")).summary_frame(alpha=1 - level)
    band = pd.DataFrame({"x": g, "fit": pred["mean"].to_numpy(), "lower": pred["mean_ci_lower"].to_numpy(),
                         "upper": pred["mean_ci_upper"].to_numpy()})
    r = float(np.corrcoef(x, y)[0, 1]) if np.ptp(y) > 0 else 0.0
    ci = model.conf_int(alpha=1 - level)
    return LineFit(slope=float(model.params[1]), intercept=float(model.params[0]), r=r, n=int(x.size),
                   slope_low=float(ci[1, 0]), slope_high=float(ci[1, 1]), band=band, level=level)


def grouped_fits(frame: pd.DataFrame, x: str, y: str, by: str, **kwargs) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Fit a line per group.

    Parameters
    ----------
    frame : pandas.DataFrame
        The points, one row each.
    x, y : str
        Columns of ``frame`` holding the abscissa and the ordinate.
    by : str
        Column of ``frame`` whose values name the groups (in order of first appearance).
    **kwargs
        Passed to :func:`line_fit` for every group (``level``, ``grid_points``, ``grid``).

    Returns
    -------
    summary : pandas.DataFrame
        One row per group: ``by``, then :meth:`LineFit.summary`'s columns (slope and its
        interval, intercept, r, n, x-intercept).
    bands : pandas.DataFrame
        The groups' :attr:`LineFit.band` stacked, with a ``by`` column.

    Raises
    ------
    TypeError
        If ``frame`` is not a DataFrame.
    ValueError
        If ``x``, ``y`` or ``by`` does not name a column, or a group cannot be fitted
        (:func:`line_fit`).
    """
    _v.instance(frame, "frame", pd.DataFrame)
    for name, column in (("x", x), ("y", y), ("by", by)):
        if not isinstance(column, str) or column not in frame.columns:
            raise ValueError(f"{name} must name a column of frame ({list(frame.columns)}), got {column!r:.80}")
    rows, bands = [], []
    for key, g in frame.groupby(by, sort=False):
        f = line_fit(g[x], g[y], **kwargs)
        rows.append(f.summary().assign(**{by: key}))
        bands.append(f.band.assign(**{by: key}))
    summary = pd.concat(rows, ignore_index=True)
    return summary[[by] + [c for c in summary.columns if c != by]], pd.concat(bands, ignore_index=True)


CHART_SIZE = (420, 260)
"""Width and height of :func:`fit_chart`'s chart [CSS pixels]."""


def fit_chart(points: pd.DataFrame, bands: pd.DataFrame, *, x: str, y: str, title: str, x_title: str,
              y_title: str, color: str | None = None, y_scale=None, x_format: str | None = None, y_format: str | None = None, nonnegative: bool = False):
    """Points, least-squares line and confidence band as one Altair chart.

    ``points`` holds columns ``x`` and ``y`` (and ``color``); ``bands`` is a
    :attr:`LineFit.band` (or :func:`grouped_fits` bands with ``color``).
    ``x_format`` and ``y_format`` are d3 formats for the axes' labels (``"~s"``: SI prefixes, 2G
    instead of 2000000000); with ``nonnegative`` the quantity cannot be below zero (a variance), so the
    band and line are cut at zero and the axis starts there.

    Parameters
    ----------
    points : pandas.DataFrame
        The measured points: columns ``x`` and ``y`` (and ``color``).
    bands : pandas.DataFrame
        Columns ``x``, ``fit``, ``lower`` and ``upper`` (and ``color``): :attr:`LineFit.band`, or
        the bands of :func:`grouped_fits`.
    x, y : str
        The columns of ``points`` drawn on the horizontal and vertical axes.
    title : str
        The chart's title.
    x_title, y_title : str
        The axes' titles (with units).
    color : str, optional
        A column of ``points`` and ``bands`` naming the group of each row (one colour each);
        None for one group.
    y_scale : altair.Scale, optional
        The vertical scale (default: Altair's; from zero with ``nonnegative``).
    x_format, y_format : str, optional
        d3 formats of the axes' labels.
    nonnegative : bool, default False
        Cut the band and the line at zero and start the vertical axis there.

    Returns
    -------
    altair.LayerChart
        The band, the line and the points, layered, 420 x 260 CSS pixels (another size:
        ``.properties(width=..., height=...)`` on the result).

    Raises
    ------
    TypeError, ValueError
        If a frame is not a DataFrame, or a title or column name is not non-empty text.
    """
    import altair as alt  # heavy (2 s to import): only a chart needs it, not the fits

    _v.instance(points, "points", pd.DataFrame)
    _v.instance(bands, "bands", pd.DataFrame)
    for name, v in (("x", x), ("y", y), ("title", title), ("x_title", x_title), ("y_title", y_title)):
        _v.text(v, name)
    for name, v in (("color", color), ("x_format", x_format), ("y_format", y_format)):
        if v is not None:
            _v.text(v, name)
    _v.flag(nonnegative, "nonnegative")
    enc_color = [alt.Color(f"{color}:N", title=color)] if color else []
    points = points[[x, y] + ([color] if color else [])]  # only what is drawn goes into the spec
    if nonnegative:
        bands = bands.assign(**{c: bands[c].clip(lower=0.0) for c in ("lower", "fit", "upper")})
        if y_scale is None:
            y_scale = alt.Scale(domainMin=0)
    axis = {"axis": alt.Axis(format=y_format)} if y_format else {}
    xaxis = {"axis": alt.Axis(format=x_format)} if x_format else {}
    xs = alt.X(f"{x}:Q", title=x_title, **xaxis)
    ys = alt.Y(f"{y}:Q", title=y_title, **axis, **({"scale": y_scale} if y_scale is not None else {}))
    pts = alt.Chart(points).mark_circle(size=30, opacity=0.6).encode(xs, ys, *enc_color)
    bx = alt.X("x:Q", title=x_title, **xaxis)
    band = alt.Chart(bands).mark_area(opacity=0.18).encode(
        bx, alt.Y("lower:Q", title=y_title, **axis), alt.Y2("upper:Q"), *enc_color)
    line = alt.Chart(bands).mark_line().encode(bx, alt.Y("fit:Q", title=y_title, **axis), *enc_color)
    return (band + line + pts).properties(title=title, width=CHART_SIZE[0], height=CHART_SIZE[1])
