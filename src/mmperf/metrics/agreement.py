"""Agreement of a model's values with a paper's, cell by cell, and its share within groups of cells.

Examples
--------
>>> within([1.0, 2.0, 9.0], [1.2, 1.0, 1.0], abs_tol=0.5, factor=2.0).tolist()
[True, True, False]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["grouped_share", "within"]


def _numbers(values, name: str) -> np.ndarray:
    """``values`` as a float array (NaN allowed: it never agrees), or a named TypeError."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, got text")
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of numbers, got {type(values).__name__}") from None


def within(book, paper, *, abs_tol: float, factor: float | None = None, strict: bool = False) -> np.ndarray:
    """Whether each value agrees with its reference: within ``abs_tol``, or within a factor ``factor``.

    Parameters
    ----------
    book, paper : array_like of float
        The values and their references, cell by cell (NaN never agrees).
    abs_tol : float
        Absolute tolerance (>= 0).
    factor : float, optional
        Relative tolerance as a factor (> 1): ``|log10(book / paper)| <= log10(factor)``; either
        tolerance suffices.
    strict : bool, default False
        ``|book - paper| < abs_tol`` instead of ``<=``.

    Returns
    -------
    ndarray of bool

    Raises
    ------
    ValueError
        If the arrays differ in shape or are empty, ``abs_tol`` is negative or ``factor`` not > 1.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5 (PSNR within 0.5 dB, delay within a factor 2).

    Examples
    --------
    >>> within([1.5, 1.4], [1.0, 1.0], abs_tol=0.5, strict=True).tolist()
    [False, True]
    """
    b, p = _numbers(book, "book"), _numbers(paper, "paper")
    if b.shape != p.shape or b.size == 0:
        raise ValueError(f"book and paper must be non-empty and of one shape, got {b.shape} and {p.shape}")
    tol = _validate.non_negative(abs_tol, "abs_tol")
    if not isinstance(strict, (bool, np.bool_)):
        raise TypeError(f"strict must be True or False, got {strict!r}")
    diff = np.abs(b - p)
    ok = diff < tol if strict else diff <= tol
    if factor is not None:
        f = _validate.positive(factor, "factor")
        if f <= 1:
            raise ValueError(f"factor must be > 1, got {factor!r}")
        with np.errstate(divide="ignore", invalid="ignore"):
            ok = (np.abs(np.log10(b / p)) <= np.log10(f)) | ok
    return ok


def grouped_share(groups, agree, *, order) -> pd.DataFrame:
    """How many cells of each group agree: ``group``, ``cells``, ``agree`` and ``fraction`` (NaN for none).

    Parameters
    ----------
    groups : array_like of str
        Each cell's group.
    agree : array_like of bool
        Whether each cell agrees (:func:`within`).
    order : sequence of str
        The groups to report, in this order (a group with no cell gets a row too).

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ValueError
        If ``groups`` and ``agree`` differ in length, or ``order`` is empty.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5, split on the paper's value alone.

    Examples
    --------
    >>> grouped_share(["a", "a", "b"], [True, False, True], order=["a", "b", "c"])["fraction"].tolist()
    [0.5, 1.0, nan]
    """
    if isinstance(groups, (str, bytes)) or not hasattr(groups, "__len__"):
        raise TypeError(f"groups must be a sequence of group names, got {type(groups).__name__}")
    if isinstance(agree, (str, bytes)) or not hasattr(agree, "__len__"):
        raise TypeError(f"agree must be a sequence of True/False, got {type(agree).__name__}")
    if isinstance(order, (str, bytes)) or not hasattr(order, "__len__"):
        raise TypeError(f"order must be a sequence of group names, got {type(order).__name__}")
    g = np.asarray(groups, dtype=object)
    a = np.asarray(agree)
    if g.shape != a.shape or a.ndim != 1:
        raise ValueError(f"groups and agree must be 1-d and of one length, got {g.shape} and {a.shape}")
    if a.size and a.dtype != bool:
        raise ValueError(f"agree must hold True/False, got dtype {a.dtype}")
    if len(order) == 0:
        raise ValueError(f"order must name at least one group, got {order!r}")
    rows = []
    for group in order:
        sel = g == group
        n, k = int(sel.sum()), int(a[sel].sum())
        rows.append({"group": group, "cells": n, "agree": k, "fraction": k / n if n else np.nan})
    return pd.DataFrame(rows)
