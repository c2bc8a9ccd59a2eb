"""Agreement of a model's values with a paper's, cell by cell, and its share within groups of cells.

Examples
--------
>>> within([1.0, 2.0, 9.0], [1.2, 1.0, 1.0], abs_tol=0.5, factor=2.0).tolist()
[True, True, False]

:func:`compare` is the book's one paper-versus-book table: every chapter lays its paper's cells
beside its own with it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["compare", "grouped_share", "within"]


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


def _frame(frame, name: str, columns: dict, keys: list) -> pd.DataFrame:
    """``frame`` if it is a DataFrame holding ``columns`` (column -> the parameter that names it), each key once."""
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame, got {type(frame).__name__}")
    for column, parameter in columns.items():
        if column not in frame.columns:
            raise ValueError(f"{parameter} must name columns of {name}; {column!r} is not one of {list(frame.columns)}")
    if frame.duplicated(keys).any():
        raise ValueError(f"{name} has more than one row for some key {keys}")
    return frame


def compare(paper, book, *, on, value: str = "value", book_extra=(), log_ratio: bool = False) -> pd.DataFrame:
    """The paper's cells beside the book's: ``paper``, ``book`` and their difference, one row per cell.

    Parameters
    ----------
    paper : pandas.DataFrame
        The paper's cells, tidy: the key columns ``on``, the number in ``value`` and any other columns
        (a unit, a label), which are kept.
    book : pandas.DataFrame
        The book's cells with the same key columns and the number in ``value``.
    on : sequence of str
        The key columns that name a cell (at most one row per key in each frame).
    value : str, default "value"
        The column holding the number in both frames.
    book_extra : sequence of str, default ()
        Further columns of ``book`` to keep, renamed ``book_<name>`` (a spread, say).
    log_ratio : bool, default False
        Also return ``log10_ratio`` = log10(book / paper) (NaN where either is not positive).

    Returns
    -------
    pandas.DataFrame
        The cells present in both, in the paper's order: the key columns, the paper's other columns,
        ``paper``, ``book``, the ``book_*`` columns, ``difference`` (book - paper) and, if asked,
        ``log10_ratio``.

    Raises
    ------
    TypeError
        If ``paper`` or ``book`` is not a DataFrame.
    ValueError
        If ``on`` is empty, a frame lacks a key, ``value`` or ``book_extra`` column, or has two rows for
        one key.

    References
    ----------
    Every chapter's "book beside paper" tables: Taylor et al. (1993) Tables 1-12, Claypool & Riedl
    (1998) Table 2, Ortiz et al. (2013) Tables 2-5, Chodorek et al. (2018) Tables I-II.

    Examples
    --------
    >>> paper = pd.DataFrame({"cell": ["a", "b"], "value": [1.0, 4.0], "unit": "s"})
    >>> book = pd.DataFrame({"cell": ["b", "a"], "value": [2.0, 1.5]})
    >>> compare(paper, book, on=["cell"], log_ratio=True).round(3).to_dict("list")
    {'cell': ['a', 'b'], 'unit': ['s', 's'], 'paper': [1.0, 4.0], 'book': [1.5, 2.0], \
'difference': [0.5, -2.0], 'log10_ratio': [0.176, -0.301]}
    """
    if isinstance(on, str) or not hasattr(on, "__len__") or len(on) == 0:
        raise ValueError(f"on must be a non-empty sequence of column names, got {on!r}")
    if not isinstance(value, str):
        raise TypeError(f"value must be a column name, got {type(value).__name__}")
    if isinstance(book_extra, str) or not hasattr(book_extra, "__iter__"):
        raise TypeError(f"book_extra must be a sequence of column names, got {book_extra!r}")
    if not isinstance(log_ratio, (bool, np.bool_)):
        raise TypeError(f"log_ratio must be True or False, got {log_ratio!r}")
    keys, extra = list(on), list(book_extra)
    _frame(paper, "paper", {**{k: "on" for k in keys}, value: "value"}, keys)
    _frame(book, "book", {**{k: "on" for k in keys}, value: "value", **{c: "book_extra" for c in extra}}, keys)
    b = book[keys + [value] + extra].rename(columns={value: "book", **{c: f"book_{c}" for c in extra}})
    out = paper.rename(columns={value: "paper"}).merge(b, on=keys, how="inner")
    others = [c for c in paper.columns if c not in keys and c != value]
    out = out[keys + others + ["paper", "book"] + [f"book_{c}" for c in extra]].reset_index(drop=True)
    out["difference"] = out["book"] - out["paper"]
    if log_ratio:
        b, p = out["book"].to_numpy(float), out["paper"].to_numpy(float)
        ok = (b > 0) & (p > 0)
        out["log10_ratio"] = np.where(ok, np.log10(np.where(ok, b, 1.0) / np.where(ok, p, 1.0)), np.nan)
    return out
