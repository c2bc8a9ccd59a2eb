"""Input checks shared by every public function (the bottom layer of the package; imports nothing of it).

Each check names the parameter, shows the value it got and says what is accepted. NaN and the
infinities are refused wherever a finite number is meant (``x < 0`` style checks let NaN through,
these do not). Sizes that would need more memory than the machine has are refused before any
allocation.

Examples
--------
>>> from mmperf._validate import positive
>>> positive(2.5, "slot_s")
2.5
>>> positive(float("nan"), "slot_s")
Traceback (most recent call last):
...
ValueError: slot_s must be a finite number > 0, got nan
"""

from __future__ import annotations

import math
import operator
from typing import Iterable

import numpy as np

MAX_ELEMENTS = 2_000_000_000
"""Largest array (in elements of 8 bytes, about 16 GB) a function may be asked to allocate."""


def _number(value, name: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}: {value!r}")
    return float(value)


def finite(value, name: str) -> float:
    """``value`` as a float if it is a finite number."""
    v = _number(value, name)
    if not math.isfinite(v):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return v


def positive(value, name: str) -> float:
    """``value`` as a float if it is a finite number > 0."""
    v = _number(value, name)
    if not (math.isfinite(v) and v > 0):
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return v


def non_negative(value, name: str) -> float:
    """``value`` as a float if it is a finite number >= 0."""
    v = _number(value, name)
    if not (math.isfinite(v) and v >= 0):
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    return v


def fraction(value, name: str, *, closed: bool = True) -> float:
    """``value`` as a float if it is a probability: in [0, 1] (``closed``) or [0, 1)."""
    v = _number(value, name)
    ok = 0 <= v <= 1 if closed else 0 <= v < 1
    if not ok:
        raise ValueError(f"{name} must be a number in [0, 1{']' if closed else ')'}, got {value!r}")
    return v


def whole(value, name: str, *, minimum: int = 0) -> int:
    """``value`` as an int if it is a whole number >= ``minimum`` (a float like 3.0 is refused)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number >= {minimum}, got {type(value).__name__}: {value!r}")
    v = operator.index(value)
    if v < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {v}")
    return v


def one_of(value, name: str, allowed: Iterable):
    """``value`` if it is one of ``allowed``."""
    allowed = tuple(allowed)
    if value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, got {value!r}")
    return value


def finite_array(values, name: str, *, ndim: int | None = None, non_negative: bool = False,
                 allow_empty: bool = False) -> np.ndarray:
    """``values`` as a float array if every element is finite (and >= 0 when asked)."""
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of numbers, got {type(values).__name__}") from None
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-dimensional, got shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    bad = ~np.isfinite(arr)
    if bad.any():
        raise ValueError(f"{name} must hold finite numbers, got {_first(arr, bad)}")
    if non_negative and (arr < 0).any():
        raise ValueError(f"{name} must hold numbers >= 0, got {_first(arr, arr < 0)}")
    return arr


def _first(arr: np.ndarray, mask: np.ndarray) -> str:
    """'<value> at index <i>' of the first element where ``mask`` holds."""
    if arr.ndim == 0:
        return repr(float(arr))
    i = tuple(int(j) for j in np.unravel_index(int(np.argmax(mask)), arr.shape))
    return f"{float(arr[i])!r} at index {i[0] if len(i) == 1 else i}"


def size(n_elements, name: str) -> int:
    """Refuse, before allocating, an array of more than :data:`MAX_ELEMENTS` elements."""
    n = whole(n_elements, name)
    if n > MAX_ELEMENTS:
        raise ValueError(f"{name} asks for {n:,} elements (about {8 * n / 1e9:.0f} GB); at most "
                         f"{MAX_ELEMENTS:,} fit this machine's memory")
    return n
