"""The precision the book means: every number it shows is rounded here first.

Floating-point results differ in their last bits from one CPU to another
(numpy dispatches other SIMD kernels on other processors, and a sum or a
reduction then rounds differently). The book therefore rounds every number it
shows in a table, embeds in a chart's data or publishes in a claim to
:data:`SIGNIFICANT_DIGITS` significant digits *before* it is hashed, embedded
or displayed, so the committed outputs are the same on every machine.

Rounding goes through Python's correctly rounded decimal conversion
(``format(x, '.6g')``), never through ``log10`` or a SIMD kernel, so the
rounding itself cannot depend on the CPU. Negative zero becomes zero.

Examples
--------
>>> from mmperf.precision import round_sig
>>> round_sig(0.1 + 0.2)
0.3
>>> round_sig(2 / 3)
0.666667
>>> round_sig(-1e-300 * 1e-300)  # -0.0 prints as 0.0
0.0
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["SIGNIFICANT_DIGITS", "round_sig", "round_array", "round_frame", "round_json", "format_float"]

SIGNIFICANT_DIGITS = 6
"""Significant digits of every number the book shows, charts or publishes."""

_FMT = f".{SIGNIFICANT_DIGITS}g"


def round_sig(x: float) -> float:
    """Round one number to :data:`SIGNIFICANT_DIGITS` significant digits.

    Parameters
    ----------
    x : float
        Any real number; NaN and infinities are returned unchanged.

    Returns
    -------
    float
        The nearest number with at most :data:`SIGNIFICANT_DIGITS` significant
        digits (``-0.0`` becomes ``0.0``).

    Raises
    ------
    TypeError
        If ``x`` is not a real number.
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError(f"x must be a real number, got {type(x).__name__}: {x!r}")
    x = float(x)
    if not math.isfinite(x):
        return x
    r = float(format(x, _FMT))
    return 0.0 if r == 0 else r


def round_array(a) -> np.ndarray:
    """Round every element of a float array (see :func:`round_sig`); other dtypes pass through.

    Parameters
    ----------
    a : array_like
        Numbers of any shape; an array whose dtype is not floating point is returned as is.

    Returns
    -------
    numpy.ndarray
        Of the same shape: float64, each element rounded to :data:`SIGNIFICANT_DIGITS`
        significant digits; or ``numpy.asarray(a)`` itself for a non-float dtype.

    Raises
    ------
    TypeError
        If an element of a float array is not a real number (as :func:`round_sig`).

    Examples
    --------
    >>> round_array([1 / 3, 2.0]).tolist()
    [0.333333, 2.0]
    """
    arr = np.asarray(a)
    if arr.dtype.kind != "f":
        return arr
    flat = [round_sig(v) for v in arr.ravel().tolist()]
    return np.asarray(flat, dtype=np.float64).reshape(arr.shape)


def round_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` with every float column, and every float in an object column, rounded (the index is kept).

    Parameters
    ----------
    frame : pandas.DataFrame
        The table to round; it is not modified.

    Returns
    -------
    pandas.DataFrame
        A copy with the same index, columns and dtypes, every float rounded to
        :data:`SIGNIFICANT_DIGITS` significant digits.

    Raises
    ------
    TypeError
        If ``frame`` is not a :class:`pandas.DataFrame`.

    Examples
    --------
    >>> import pandas as pd
    >>> round_frame(pd.DataFrame({"x": [1 / 3], "n": [1]}))["x"].tolist()
    [0.333333]
    """
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    out = frame.copy()
    for i in range(out.shape[1]):
        col = out.iloc[:, i]
        if pd.api.types.is_float_dtype(col.dtype):
            out.isetitem(i, pd.Series(round_array(col.to_numpy(dtype=float)), index=out.index, name=col.name))
        elif col.dtype == object:
            out.isetitem(i, col.map(lambda v: round_sig(v) if isinstance(v, (float, np.floating)) else v))
    return out


def round_json(obj: Any) -> Any:
    """Round every float inside a JSON-like structure (dicts, lists, tuples, numbers).

    Parameters
    ----------
    obj : object
        A number, or a dict, list or tuple nesting them at any depth (a Vega-Lite spec, a
        chart's data); other values (strings, None, ints) pass through.

    Returns
    -------
    object
        The same structure with every float rounded to :data:`SIGNIFICANT_DIGITS` significant
        digits; tuples become lists and numpy booleans Python bools.

    Examples
    --------
    >>> round_json({"values": [{"y": 1 / 3}, {"y": None}], "n": 2})
    {'values': [{'y': 0.333333}, {'y': None}], 'n': 2}
    """
    if isinstance(obj, (bool, np.bool_)):
        return bool(obj)
    if isinstance(obj, (float, np.floating)):
        return round_sig(obj)
    if isinstance(obj, dict):
        return {k: round_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [round_json(v) for v in obj]
    return obj


def format_float(x: float) -> str:
    """Text of a number as the book's tables print it: rounded, no exponent where readable.

    Parameters
    ----------
    x : float
        Any real number.

    Returns
    -------
    str
        ``x`` rounded to :data:`SIGNIFICANT_DIGITS` significant digits, positional (no exponent)
        for magnitudes from ``1e-4`` to ``1e15`` and zero, in ``.6g`` notation otherwise;
        ``'nan'``, ``'inf'`` or ``'-inf'`` for those.

    Raises
    ------
    TypeError
        If ``x`` is not a real number.

    Examples
    --------
    >>> format_float(1234567.891)
    '1234570'
    >>> format_float(2 / 3)
    '0.666667'
    >>> format_float(3e-9)
    '3e-09'
    """
    r = round_sig(x)
    if not math.isfinite(r):
        return str(r)
    if r == 0 or 1e-4 <= abs(r) < 1e15:
        return np.format_float_positional(r, trim="-")
    return format(r, _FMT)
