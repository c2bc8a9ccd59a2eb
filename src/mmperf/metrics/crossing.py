"""Where a curve crosses a level: the first point at which it rises to, or falls below, the level.

One crossing function for the book (issue #29): a quality curve falling below a visibility level
(Taylor & Polyzos 1993, sec. 3.4), a utilization rising to saturation (Huynh et al. 1994), ...
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["DIRECTIONS", "crossing", "crossings"]

DIRECTIONS = ("rise", "fall")
"""``"rise"``: the first point with ``y >= level``; ``"fall"``: the first point with ``y < level``."""


def _level(level) -> float:
    if isinstance(level, bool) or not isinstance(level, (int, float, np.integer, np.floating)) or not math.isfinite(level):
        raise ValueError(f"level must be a finite number, got {level!r}")
    return level


def _direction(direction) -> str:
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
    return direction


def crossing(x, y, *, level: float, direction: str = "rise") -> float:
    """First ``x`` at which ``y`` reaches ``level``, by linear interpolation; NaN if it never does.

    With ``direction="rise"`` the curve reaches the level at the first point with ``y >= level``;
    with ``"fall"``, at the first point with ``y < level``. If that is the first point, the
    crossing is ``x[0]``; otherwise it is interpolated linearly between that point and the one
    before it.

    Parameters
    ----------
    x : array_like
        Strictly increasing, finite abscissae (1-D, at least one point).
    y : array_like
        Ordinates, as many as ``x``; infinities are accepted (the PSNR of an undamaged image; an
        interpolation next to an infinite point is NaN or an end of the interval), NaN is not.
    level : float
        The level, finite.
    direction : {"rise", "fall"}, default "rise"
        Whether the curve crosses the level upwards or downwards.

    Returns
    -------
    float
        The crossing, or NaN when no point of the curve reaches the level.

    Raises
    ------
    ValueError
        If ``x`` and ``y`` are not 1-D of the same non-zero length, ``x`` is not finite and strictly
        increasing, ``y`` holds NaN, ``level`` is not finite or ``direction`` is unknown.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the loss rate at which an image's quality becomes visibly
    degraded. Huynh et al. (1994): the load at which a station saturates.

    Examples
    --------
    >>> crossing([0, 10, 20], [0.0, 0.5, 1.0], level=0.75)
    15.0
    >>> crossing([0.0, 1.0, 2.0], [1.0, 0.75, 0.25], level=0.5, direction="fall")
    1.5
    >>> crossing([0.0, 1.0], [1.0, 0.95], level=0.9, direction="fall")
    nan
    """
    level = _level(level)
    direction = _direction(direction)
    try:
        x = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"x must be an array of numbers, got {x!r}") from None
    try:
        y = np.asarray(y, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"y must be an array of numbers, got {y!r}") from None
    if x.ndim != 1 or x.size == 0:
        raise ValueError(f"x must be 1-D with at least one point, got shape {x.shape}")
    if y.shape != x.shape:
        raise ValueError(f"y must have the shape of x {x.shape}, got {y.shape}")
    if not np.all(np.isfinite(x)) or np.any(np.diff(x) <= 0):
        raise ValueError("x must be finite and strictly increasing")
    if np.any(np.isnan(y)):
        raise ValueError("y must not hold NaN")
    hit = np.flatnonzero(y >= level) if direction == "rise" else np.flatnonzero(y < level)
    if hit.size == 0:
        return math.nan
    i = int(hit[0])
    if i == 0:
        return float(x[0])
    return float(x[i - 1] + (level - y[i - 1]) * (x[i] - x[i - 1]) / (y[i] - y[i - 1]))


def crossings(frame: pd.DataFrame, *, x: str, y: str, level: float, by: str, direction: str = "rise") -> pd.DataFrame:
    """:func:`crossing` of the mean curve of each group of a long table.

    For each value of column ``by`` (in order of first appearance), ``y`` is averaged over the rows
    of each ``x`` (replicate draws, frames) and the mean curve, in increasing ``x``, is crossed.

    Parameters
    ----------
    frame : pandas.DataFrame
        Long table with the columns ``x``, ``y`` and ``by``.
    x, y, by : str
        Column names: abscissa, ordinate and the grouping column.
    level : float
        The level, finite.
    direction : {"rise", "fall"}, default "rise"
        As :func:`crossing`.

    Returns
    -------
    pandas.DataFrame
        Columns ``by`` and ``crossing`` (NaN where a group's mean curve never reaches the level).

    Raises
    ------
    ValueError
        If ``frame`` is not a DataFrame with the three columns, or as :func:`crossing`.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: per loss pattern, the loss rate at which the mean SSIM of the
    test frame falls below the visibility level.

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"pattern": ["a"] * 4, "rate": [0, 0, 10, 10], "q": [1.0, 1.0, 0.9, 0.7]})
    >>> crossings(f, x="rate", y="q", level=0.9, by="pattern", direction="fall")
      pattern  crossing
    0       a       5.0
    """
    level = _level(level)
    direction = _direction(direction)
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    for name, col in (("x", x), ("y", y), ("by", by)):
        if not isinstance(col, str) or col not in frame.columns:
            raise ValueError(f"{name} must name a column of frame {list(frame.columns)}, got {col!r}")
    out = []
    for key, g in frame.groupby(by, sort=False):
        m = g.groupby(x)[y].mean().sort_index()
        out.append({by: key, "crossing": crossing(m.index.to_numpy(), m.to_numpy(), level=level, direction=direction)})
    return pd.DataFrame(out, columns=[by, "crossing"])
