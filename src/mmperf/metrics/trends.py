"""Comparisons of fitted lines and of samples: where a family of lines comes closest, and whether one
sample's mean is significantly above another's.

Built for Claypool, Habermann & Riedl (1998): Fig. 7's lines "come to nearly the same point" (Sec. 4.3),
and the orderings of Fig. 8 and Sec. 6.3 that the paper calls significant.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import ttest_ind

from mmperf import _validate

__all__ = ["closest_approach", "significantly_above"]


def closest_approach(intercepts, slopes, *, grid=None) -> float:
    """The abscissa at which a family of lines ``intercept + slope * x`` is closest together.

    The spread at ``x`` is the range (largest minus smallest) of the lines' values there; the first
    grid point with the smallest spread is returned.

    Parameters
    ----------
    intercepts, slopes : array_like of float
        One entry per line (the same number, at least two).
    grid : array_like of float, optional
        Abscissae searched (default 0 to 6 in steps of 0.01: the loads of Sec. 4).

    Returns
    -------
    float
        The grid point of the smallest spread.

    Raises
    ------
    ValueError
        If the lines are fewer than two, their arrays differ in length, or a value is not finite.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 4.3 and Fig. 7.

    Examples
    --------
    >>> closest_approach([0.0, 2.0], [1.0, -1.0])
    1.0
    """
    b = _validate.finite_array(intercepts, "intercepts", ndim=1)
    m = _validate.finite_array(slopes, "slopes", ndim=1)
    if b.size < 2 or b.size != m.size:
        raise ValueError(f"intercepts and slopes must hold one entry per line, at least two lines; got {b.size} and {m.size}")
    g = np.arange(0.0, 6.0001, 0.01) if grid is None else _validate.finite_array(grid, "grid", ndim=1)
    vals = b[:, None] + m[:, None] * g[None, :]
    spread = vals.max(axis=0) - vals.min(axis=0)
    return float(g[int(np.argmin(spread))])


def significantly_above(a, b, *, level: float = 0.05) -> bool:
    """Whether the mean of ``a`` is above that of ``b`` by a one-sided Welch t-test at ``level``.

    Parameters
    ----------
    a, b : array_like of float
        Two samples (at least two values each).
    level : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    bool
        ``mean(a) > mean(b)`` and the test's p-value below ``level``.

    Raises
    ------
    ValueError
        If a sample has fewer than two values or a value is not finite, or ``level`` is outside (0, 1).

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 4.3 (Fig. 8) and Sec. 6.3.

    Examples
    --------
    >>> significantly_above([10.0, 11, 12, 11], [1.0, 2, 1, 2])
    True
    >>> significantly_above([1.0, 2, 1, 2], [1.0, 2, 1, 2])
    False
    """
    x = _validate.finite_array(a, "a", ndim=1)
    y = _validate.finite_array(b, "b", ndim=1)
    if x.size < 2 or y.size < 2:
        raise ValueError(f"a and b must hold at least two values each, got {x.size} and {y.size}")
    level = _validate.finite(level, "level")
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level!r}")
    return bool(np.mean(x) > np.mean(y) and ttest_ind(x, y, equal_var=False, alternative="greater").pvalue < level)
