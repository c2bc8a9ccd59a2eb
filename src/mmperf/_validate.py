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
    """``values`` as a float array if every element is finite (and >= 0 when asked); text is refused."""
    if isinstance(values, (str, bytes)) or (isinstance(values, (list, tuple, np.ndarray))
                                            and np.asarray(values).dtype.kind in "USO" and
                                            any(isinstance(v, (str, bytes)) for v in np.ravel(np.asarray(values, dtype=object)))):
        raise TypeError(f"{name} must be an array of numbers, got text: {values!r:.80}")
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
        raise ValueError(f"{name} must hold finite numbers, got {first_offender(arr, bad)}")
    if non_negative and (arr < 0).any():
        raise ValueError(f"{name} must hold numbers >= 0, got {first_offender(arr, arr < 0)}")
    return arr


def first_offender(arr: np.ndarray, mask: np.ndarray) -> str:
    """'<value> at index <i>' of the first element where ``mask`` holds."""
    if arr.ndim == 0:
        return repr(float(arr))
    i = tuple(int(j) for j in np.unravel_index(int(np.argmax(mask)), arr.shape))
    return f"{float(arr[i])!r} at index {i[0] if len(i) == 1 else i}"


def size(n_elements, name: str) -> int:
    """Refuse, before allocating, an array of more than :data:`MAX_ELEMENTS` elements.

    ``n_elements`` is a whole number, or a float estimate of one (rounded up)."""
    if isinstance(n_elements, (float, np.floating)) and not isinstance(n_elements, bool):
        if not (math.isfinite(n_elements) and n_elements >= 0):
            raise ValueError(f"{name} asks for {n_elements!r} elements; at most {MAX_ELEMENTS:,} fit this machine's memory")
        n_elements = math.ceil(n_elements)
    n = whole(n_elements, name)
    if n > MAX_ELEMENTS:
        raise ValueError(f"{name} asks for {n:,} elements (about {8 * n / 1e9:.0f} GB); at most "
                         f"{MAX_ELEMENTS:,} fit this machine's memory")
    return n


MAX_EVENTS = 10**9
"""Most events (packets, jobs, runs x frames) a simulation may be asked for: at the compiled
engines' few million to tens of millions of events per second, more would not finish within minutes."""

MAX_TICKS = 10**8
"""Most clock ticks a scheduler run may be asked for (the time-sharing kernels advance a few million
ticks per second)."""


def events(n_events, name: str, *, what: str = "events", limit: float | None = None) -> float:
    """Refuse, before running, a simulation of more than ``limit`` (default :data:`MAX_EVENTS`) ``what``
    (``name`` says which arguments set the count). ``n_events`` is an estimate (it is not allocated)."""
    limit = MAX_EVENTS if limit is None else limit
    n = float(n_events)
    if not (math.isfinite(n) and n <= limit):
        raise ValueError(f"{name} asks for about {n:.3g} {what}; at most {limit:.0e} finish on this machine")
    return n


def instance(value, name: str, cls: type | tuple):
    """``value`` if it is an instance of ``cls`` (a ``TypeError`` naming the expected class if not)."""
    if not isinstance(value, cls):
        classes = cls if isinstance(cls, tuple) else (cls,)
        expected = " or ".join(f"{c.__module__}.{c.__qualname__}" for c in classes)
        raise TypeError(f"{name} must be a {expected}, got {type(value).__name__}: {value!r:.80}")
    return value


def flag(value, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (a number or a string is refused)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}: {value!r:.80}")
    return bool(value)


def text(value, name: str) -> str:
    """``value`` if it is a string."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}: {value!r:.80}")
    return value


def whole_array(values, name: str, *, minimum: int | None = None, ndim: int = 1, allow_empty: bool = False) -> np.ndarray:
    """``values`` as an int64 array if every element is a whole number (>= ``minimum``)."""
    arr = finite_array(values, name, ndim=ndim, allow_empty=allow_empty)
    if (arr != np.round(arr)).any():
        raise ValueError(f"{name} must hold whole numbers, got {first_offender(arr, arr != np.round(arr))}")
    if minimum is not None and (arr < minimum).any():
        raise ValueError(f"{name} must hold whole numbers >= {minimum}, got {first_offender(arr, arr < minimum)}")
    return arr.astype(np.int64)


class IndexOutOfRange(ValueError, IndexError):
    """An index outside its range: a ``ValueError`` (bad input) that is also an ``IndexError``
    (what indexing raises), as numpy's ``AxisError`` is."""


def index(value, name: str, n: int) -> int:
    """``value`` as an int if it is a whole number in ``[0, n)``."""
    i = whole(value, name)
    if i >= n:
        raise IndexOutOfRange(f"{name} must be a whole number in [0, {n}), got {i}")
    return i


def mask(values, name: str, n: int) -> np.ndarray:
    """``values`` as a bool array of shape ``(n,)``: True/False, or the numbers 1/0 (NaN refused)."""
    arr = np.asarray(values) if isinstance(values, np.ndarray) else None
    if arr is None or arr.dtype != bool:
        num = finite_array(values, name, allow_empty=True)
        bad = ~np.isin(num, (0, 1))
        if bad.any():
            raise ValueError(f"{name} must hold True/False (or 1/0), got {first_offender(num, bad)}")
        arr = num.astype(bool)
    if arr.shape != (n,):
        raise ValueError(f"{name} must have shape ({n},), got {arr.shape}")
    return arr


def items(values, name: str, cls: type, *, allow_empty: bool = False) -> list:
    """``values`` as a list if it is an iterable (not text) of ``cls`` instances, non-empty unless
    ``allow_empty``."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a list of {cls.__qualname__}, got {type(values).__name__}: {values!r:.80}")
    values = list(values)
    if not values and not allow_empty:
        raise ValueError(f"{name} must hold at least one {cls.__qualname__}")
    for v in values:
        instance(v, f"{name} (each)", cls)
    return values
