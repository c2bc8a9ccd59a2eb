"""Claim records and the claims scorecard.

Every headline claim of a paper is a :class:`ClaimSpec` in its chapter's claims (data): the
paper's words, the quantity the book computes, the function of a run's results that computes it,
the criterion that judges agreement, its kind. :func:`mmperf.verdicts.judge` turns the specs and
the runs of several seeds into :class:`Claim` records (the verdict is the seeds' majority) and a
:class:`Scorecard`, which shows the chapter's claims as a table and embeds them, as JSON under the
MIME type :data:`MIME_TYPE`, in the notebook's outputs. The book's scorecard is collected from
those outputs (:func:`collect`), so it is right whether a chapter was executed in this build or
its stored outputs were reused.

Examples
--------
>>> from mmperf.claims import ClaimSpec, Range
>>> spec = ClaimSpec("tolerable-loss", quote="a loss rate of 2-3% is tolerable", where="Sec. 4",
...                  quantity="loss rate at which mean SSIM falls below 0.9 [%]", paper_value="2-3 %",
...                  value=lambda r: r.value("tolerable_loss"), criterion=Range(2.0, 3.0, partly=(1.0, 5.0)),
...                  kind="calibrated", expected="reproduced", domain=(0, 100))
>>> spec.criterion.judge(2.4)[0]
'reproduced'
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Sequence

import numpy as np
import pandas as pd

from mmperf import PAPERS
from mmperf.precision import round_sig

__all__ = [
    "MIME_TYPE", "STATUSES", "Status", "KINDS", "FRAGILE_SHARE", "CSV_COLUMNS", "Criterion",
    "Tolerance", "Range", "Holds", "Claim", "ClaimSpec", "clean_value", "headline", "EVIDENCE", "MISS_CAUSES",
    "EXCLUSION_COLUMNS", "check_frame", "exclusions",
    "Scorecard", "collect", "write_csv"
]

MIME_TYPE = "application/vnd.mmperf.claims+json"
"""MIME type under which a chapter's claims are embedded in its outputs."""

STATUSES = ("reproduced", "partly", "not_reproduced")
Status = Literal["reproduced", "partly", "not_reproduced"]

KINDS = ("prediction", "calibrated", "construction", "analytic")
"""What a claim's book value rests on.

``prediction``: the mechanism alone (no parameter set from this claim's number, row or figure);
``calibrated``: a parameter was fitted on this claim's own data;
``construction``: it follows from an input taken from the paper (a configuration, a rate, a chosen run);
``analytic``: a closed form, no simulation. Only robust predictions count toward the headline.
A claim still registered in a notebook cell, not yet classified, has kind ``""``.
"""

EVIDENCE = ("measurement", "simulation", "analysis")
"""The kind of evidence the paper offered for a claim: a testbed measurement, a simulation (or
emulation) of its own, or an analysis (a closed form, a queueing model solved analytically)."""

MISS_CAUSES = ("model-limitation", "paper-omits", "paper-inconsistent", "contradiction")
"""Why a claim is not reproduced: the book's model lacks a mechanism the result needs
(``model-limitation``); the paper omits information the result depends on (``paper-omits``);
the paper contradicts itself (``paper-inconsistent``); or the model, built as the paper
describes, gives another answer (``contradiction``)."""

FRAGILE_SHARE = 0.2
"""A claim is fragile when its status under more than this share of the seeds differs from its
status under the book's seed."""

CSV_COLUMNS = [
    "paper",
    "claim_id",
    "quote",
    "where",
    "quantity",
    "paper_value",
    "book_value",
    "criterion",
    "status",
    "reason",
    "kind",
    "seeds",
    "seed_share",
    "book_median",
    "book_low",
    "book_high",
    "fragile",
    "status_majority",
    "status_book_seed",
    "readings",
    "depends_on",
    "paper_reading",
    "structural",
    "vacuous",
    "kind_flag",
    "kind_note",
    "evidence",
    "miss_cause",
]
"""Columns of the scorecard table and of ``_build/claims.csv``: the claim; its verdict ``status``,
which is the seeds' majority (``status_majority``, the same), beside the book seed's own
(``status_book_seed``, with its ``book_value`` and ``reason``); its kind; over ``seeds`` root
seeds the share whose status agrees with the verdict, the median and the 5-95 % range of the
book's value, and whether it is fragile; and from the chapter's committed audit
(:mod:`mmperf.audit`): whether the verdict is ``robust`` under every reading of the chapter's
assumptions or ``depends`` on some (``depends_on``, ``;``-separated), the variants under which the
paper's result appears (``paper_reading``), whether it survives the removal of the mechanism meant
to produce it (``structural``), whether its criterion can fail at all (``vacuous``) and a flag on
its kind (``kind_flag``), resolved by the claim's ``kind_note`` (why the kind stands, or the
flag is open). The audit columns are empty for a chapter without a committed audit.
``evidence`` is the kind of evidence the paper offered (:data:`EVIDENCE`) and ``miss_cause``, for a
claim not reproduced, why (:data:`MISS_CAUSES`; empty: not yet classified)."""


def _fmt(x: float) -> str:
    return f"{x:.4g}"


def _real_number(value, name: str) -> float:
    """A real number (infinities allowed, NaN refused), or a TypeError/ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}: {value!r}")
    value = float(value)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number, got NaN")
    return value


def _finite_number(value, name: str) -> float:
    """A finite real number, or a TypeError/ValueError naming ``name``."""
    value = _real_number(value, name)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return value


def _as_number(book_value, name: str = "book_value") -> float:
    if isinstance(book_value, bool) or book_value is None:
        raise TypeError(f"{name} must be a number for this criterion, got {book_value!r}")
    try:
        value = float(book_value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number for this criterion, got {book_value!r}") from None
    return value


@dataclass(frozen=True)
class Criterion:
    """How agreement between the book and the paper is judged (base class)."""

    def describe(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def bounds(self) -> list[float]:  # pragma: no cover - abstract
        """The values at which the verdict can change (for probing whether the criterion can fail)."""
        raise NotImplementedError

    def judge(self, book_value) -> tuple[Status, str]:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Tolerance(Criterion):
    """The book's number is within a tolerance of the paper's number.

    Parameters
    ----------
    target : float
        The paper's value.
    abs, rel : float, optional
        Absolute and relative tolerance; at least one. With both, the larger applies.
    partly : float, default 2
        The claim is ``partly`` reproduced when the difference is within
        ``partly`` times the tolerance.
    """

    target: float
    abs: float | None = None
    rel: float | None = None
    partly: float = 2.0

    def __post_init__(self):
        _finite_number(self.target, "Tolerance target")
        if self.abs is None and self.rel is None:
            raise ValueError("Tolerance needs abs= or rel= (or both)")
        for name in ("abs", "rel"):
            v = getattr(self, name)
            if v is not None and not (_finite_number(v, f"Tolerance {name}") >= 0):
                raise ValueError(f"Tolerance {name} must be a finite number >= 0, got {v!r}")
        if not _finite_number(self.partly, "Tolerance partly") >= 1:
            raise ValueError(f"Tolerance partly must be a finite number >= 1, got {self.partly!r}")

    @property
    def tolerance(self) -> float:
        return max(self.abs or 0.0, (self.rel or 0.0) * abs(self.target))

    def describe(self) -> str:
        parts = []
        if self.abs is not None:
            parts.append(f"±{_fmt(self.abs)}")
        if self.rel is not None:
            parts.append(f"±{_fmt(100 * self.rel)} %")
        return f"within {' or '.join(parts)} of {_fmt(self.target)}"

    def bounds(self) -> list[float]:
        t, tol = float(self.target), float(self.tolerance)
        return [t - self.partly * tol, t - tol, t, t + tol, t + self.partly * tol]

    def judge(self, book_value) -> tuple[Status, str]:
        value = _as_number(book_value)
        if not math.isfinite(value):
            return "not_reproduced", f"the book's value is {value}, not a finite number"
        diff = value - self.target
        tol = self.tolerance
        detail = f"differs by {_fmt(diff)} (tolerance {_fmt(tol)})"
        if abs(diff) <= tol:
            return "reproduced", detail
        if abs(diff) <= self.partly * tol:
            return "partly", detail
        return "not_reproduced", detail


@dataclass(frozen=True)
class Range(Criterion):
    """The book's number lies in the paper's range ``[low, high]``.

    Parameters
    ----------
    low, high : float
        The range the paper states; use ``-inf``/``inf`` for one-sided claims.
    partly : (float, float), optional
        A wider range in which the claim counts as ``partly`` reproduced.
    """

    low: float
    high: float
    partly: tuple[float, float] | None = None

    def __post_init__(self):
        for name in ("low", "high"):
            _real_number(getattr(self, name), f"Range {name}")
        if self.low == -math.inf and self.high == math.inf:
            raise ValueError("Range(-inf, inf) cannot fail: give at least one finite bound")
        if self.low == math.inf or self.high == -math.inf:
            raise ValueError(f"Range bounds must be finite, or -inf as low / inf as high, got low={self.low!r}, high={self.high!r}")
        if not self.low <= self.high:
            raise ValueError(f"Range needs low <= high, got low={self.low!r}, high={self.high!r}")
        if self.partly is not None:
            lo, hi = (_real_number(v, "Range partly") for v in self.partly)
            if not (lo <= self.low and hi >= self.high):
                raise ValueError(
                    f"Range partly={self.partly!r} must contain [low, high] = [{self.low}, {self.high}]"
                )

    def describe(self) -> str:
        if math.isinf(self.low):
            return f"at most {_fmt(self.high)}"
        if math.isinf(self.high):
            return f"at least {_fmt(self.low)}"
        return f"in [{_fmt(self.low)}, {_fmt(self.high)}]"

    def bounds(self) -> list[float]:
        return [float(x) for x in (self.low, self.high, *(self.partly or ())) if math.isfinite(float(x))]

    def judge(self, book_value) -> tuple[Status, str]:
        value = _as_number(book_value)
        if not math.isfinite(value):
            return "not_reproduced", f"the book's value is {value}, not a finite number"
        if self.low <= value <= self.high:
            return "reproduced", f"{_fmt(value)} is {self.describe()}"
        if self.partly is not None and self.partly[0] <= value <= self.partly[1]:
            return "partly", f"{_fmt(value)} is outside {self.describe()}, inside the wider [{_fmt(self.partly[0])}, {_fmt(self.partly[1])}]"
        return "not_reproduced", f"{_fmt(value)} is not {self.describe()}"


@dataclass(frozen=True)
class Holds(Criterion):
    """A qualitative claim (an ordering, a trend, a crossing) holds.

    The book's value is either a bool (the statement holds or not) or the
    fraction of the cases checked in which it holds.

    Parameters
    ----------
    statement : str
        What is checked, e.g. ``"PER rises with K for every N"``.
    required : float, default 1
        Fraction of cases needed for ``reproduced``.
    partly : float, default 0.5
        Fraction of cases needed for ``partly``.
    """

    statement: str
    required: float = 1.0
    partly: float = 0.5

    def __post_init__(self):
        if not self.statement:
            raise ValueError("Holds needs a statement saying what is checked")
        _finite_number(self.required, "Holds required")
        _finite_number(self.partly, "Holds partly")
        if not 0 <= self.partly <= self.required <= 1:
            raise ValueError(
                f"Holds needs 0 <= partly <= required <= 1, got partly={self.partly}, required={self.required}"
            )

    def describe(self) -> str:
        if self.required == 1:
            return f"holds: {self.statement}"
        return f"holds in >= {_fmt(100 * self.required)} % of cases: {self.statement}"

    def bounds(self) -> list[float]:
        return [0.0, float(self.partly), float(self.required), 1.0]

    def judge(self, book_value) -> tuple[Status, str]:
        if isinstance(book_value, bool):
            frac = 1.0 if book_value else 0.0
        else:
            frac = _as_number(book_value)
            if math.isnan(frac):
                return "not_reproduced", "the book's value is nan, not a fraction"
            if not 0 <= frac <= 1:
                raise ValueError(f"a Holds book_value must be a bool or a fraction in [0, 1], got {book_value!r}")
        detail = f"holds in {_fmt(100 * frac)} % of cases"
        if frac >= self.required:
            return "reproduced", detail
        if frac >= self.partly and frac > 0:
            return "partly", detail
        return "not_reproduced", detail


@dataclass(frozen=True)
class Claim:
    """One claim of a paper, judged against the book's computed value.

    Made by :func:`mmperf.verdicts.judge` from a :class:`ClaimSpec`; one row of the scorecard
    (:data:`CSV_COLUMNS` describes the columns).

    Parameters
    ----------
    paper : str
        Paper key (see :data:`mmperf.PAPERS`).
    claim_id : str
        Short identifier, unique within the paper.
    quote : str
        The paper's own words.
    where : str
        Where the quote is (section, page, table or figure).
    quantity : str
        What the book computes, with its unit.
    paper_value : str
        The paper's value as the paper states it.
    criterion : Criterion
        How agreement is judged.
    book_value : float, bool or None
        The book's computed value (None: not computed, which the tests reject).
    status : {'reproduced', 'partly', 'not_reproduced'}
        Follows from ``criterion.judge(book_value)``; never set by hand.
    reason : str
        The criterion's verdict, and the chapter's explanation where it gives one.
    kind : str, default ""
        One of :data:`KINDS` (``""``: not yet classified).
    seeds : int, default 1
        How many root seeds the claim was judged under.
    seed_share : float, default 1.0
        The share of those seeds (0 to 1) under which the status is the verdict's.
    book_median, book_low, book_high : float or None, default None
        The median, 5 % and 95 % quantiles of the book's value over the seeds (None when no
        seed gave a value).
    fragile : bool, default False
        The status under more than :data:`FRAGILE_SHARE` of the seeds differs from the verdict.
    status_majority : str or None, default None
        The seeds' majority status (None: the same as ``status``).
    status_book_seed : str or None, default None
        The status under the book's own seed (None: the same as ``status``).
    readings : {'robust', 'depends'} or None, default None
        Whether the verdict holds under every reading of the chapter's assumptions (from its
        committed audit; None without one).
    depends_on : str, default ""
        The readings that change the verdict, ``;``-separated.
    paper_reading : str, default ""
        The variants under which the paper's result is reproduced, ``;``-separated.
    structural : bool or None, default None
        The status does not move when a mechanism meant to produce it is ablated (None: no
        ablation targets the claim).
    vacuous : bool, default False
        No value of the claim's domain fails its criterion.
    kind_flag : str, default ""
        The audit's doubt about the claim's kind (``""``: none).
    kind_note : str, default ""
        Why the kind stands despite the flag (``""`` with a flag: the flag is open).
    evidence : str, default ""
        The kind of evidence the paper offered (:data:`EVIDENCE`).
    miss_cause : str, default ""
        For a claim not reproduced, why (:data:`MISS_CAUSES`; ``""``: not yet classified).
    """

    paper: str
    claim_id: str
    quote: str
    where: str
    quantity: str
    paper_value: str
    criterion: Criterion = field(repr=False)
    book_value: float | bool | None
    status: Status
    reason: str
    kind: str = ""
    seeds: int = 1
    seed_share: float = 1.0
    book_median: float | None = None
    book_low: float | None = None
    book_high: float | None = None
    fragile: bool = False
    status_majority: str | None = None
    status_book_seed: str | None = None
    readings: str | None = None
    depends_on: str = ""
    paper_reading: str = ""
    structural: bool | None = None
    vacuous: bool = False
    kind_flag: str = ""
    kind_note: str = ""
    evidence: str = ""
    miss_cause: str = ""

    def to_record(self) -> dict:
        """Return the claim as a flat, JSON-serialisable dict (:data:`CSV_COLUMNS`)."""
        value = self.book_value
        if isinstance(value, float) and not math.isfinite(value):
            value = None
        return {
            "paper": self.paper,
            "claim_id": self.claim_id,
            "quote": self.quote,
            "where": self.where,
            "quantity": self.quantity,
            "paper_value": self.paper_value,
            "book_value": value,
            "criterion": self.criterion.describe(),
            "status": self.status,
            "reason": self.reason,
            "kind": self.kind,
            "seeds": int(self.seeds),
            "seed_share": round_sig(float(self.seed_share)),
            "book_median": self.book_median,
            "book_low": self.book_low,
            "book_high": self.book_high,
            "fragile": bool(self.fragile),
            "status_majority": self.status_majority or self.status,
            "status_book_seed": self.status_book_seed or self.status,
            "readings": self.readings,
            "depends_on": self.depends_on,
            "paper_reading": self.paper_reading,
            "structural": None if self.structural is None else bool(self.structural),
            "vacuous": bool(self.vacuous),
            "kind_flag": self.kind_flag,
            "kind_note": self.kind_note if self.kind_flag else "",
            "evidence": self.evidence,
            "miss_cause": self.miss_cause,
        }


@dataclass(frozen=True)
class ClaimSpec:
    """One claim of a paper, as data: what the paper says and how the book judges it.

    A paper's ``CLAIMS`` is a tuple of these; :func:`mmperf.verdicts.judge`
    evaluates them on the results of every seed, and the tests are generated
    from them, so no criterion is ever written twice.

    Parameters
    ----------
    id : str
        Identifier, unique within the paper (lower case, digits and ``-``).
    quote, where, quantity, paper_value : str
        The paper's words, where they are, what the book computes (with its unit), the paper's value.
    value : callable
        ``value(results) -> float | bool``: the book's value from one run's :class:`~mmperf.results.Results`.
    criterion : Criterion
        How agreement is judged.
    kind : str
        One of :data:`KINDS`.
    expected : str
        The status the book expects under its own seed (checked by the tests).
    note : str or callable, optional
        The explanation shown beside the verdict; a callable gets the book seed's results.
    domain : tuple of float, optional
        The quantity's physical range ``(low, high)`` (a loss in % is ``(0, 100)``); a criterion
        that no value of the domain fails is *vacuous* (:func:`mmperf.verdicts.witnesses`).
        Default: any real number (a bool value: ``False`` and ``True``).
    evidence : str, optional
        The kind of evidence the paper offered for this claim (:data:`EVIDENCE`); default: its chapter's.
    miss_cause : str, optional
        For a claim the book does not reproduce, why (:data:`MISS_CAUSES`).
    kind_note : str, optional
        Why the claim's kind stands although the audit flags it (a ``prediction`` whose value no
        seed, reading or ablation moves): e.g. "a count of the paper's grid that the mechanism
        decides; no alternative reading reaches it". A flagged claim without a note is an open
        flag (:func:`headline`).
    """

    id: str
    quote: str
    where: str
    quantity: str
    paper_value: str
    value: object = field(repr=False)
    criterion: Criterion = field(repr=False)
    kind: str
    expected: str
    note: object = ""
    domain: tuple | None = None
    evidence: str | None = None
    miss_cause: str = ""
    kind_note: str = ""

    def __post_init__(self):
        if not re.fullmatch(r"[a-z0-9][a-z0-9\-]*", self.id or ""):
            raise ValueError(f"id must be lower case letters, digits and '-', got {self.id!r}")
        for name in ("quote", "where", "quantity", "paper_value"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise ValueError(f"claim {self.id}: {name} must be a non-empty string")
        if not callable(self.value):
            raise TypeError(f"claim {self.id}: value must be a function of the results, got {type(self.value).__name__}")
        if not isinstance(self.criterion, Criterion):
            raise TypeError(f"claim {self.id}: criterion must be a Tolerance, Range or Holds, got {type(self.criterion).__name__}")
        if self.kind not in KINDS:
            raise ValueError(f"claim {self.id}: kind must be one of {KINDS}, got {self.kind!r}")
        if self.expected not in STATUSES:
            raise ValueError(f"claim {self.id}: expected must be one of {STATUSES}, got {self.expected!r}")
        if self.domain is not None:
            try:
                low, high = (float(x) for x in self.domain)
            except (TypeError, ValueError):
                raise ValueError(f"claim {self.id}: domain must be (low, high) numbers, got {self.domain!r}") from None
            if math.isnan(low) or math.isnan(high) or not low < high:
                raise ValueError(f"claim {self.id}: domain must be (low, high) with low < high, got {self.domain!r}")
            object.__setattr__(self, "domain", (low, high))
        if self.evidence is not None and self.evidence not in EVIDENCE:
            raise ValueError(f"claim {self.id}: evidence must be one of {EVIDENCE}, got {self.evidence!r}")
        if not isinstance(self.kind_note, str):
            raise TypeError(f"claim {self.id}: kind_note must be a string, got {type(self.kind_note).__name__}")
        if self.miss_cause not in ("",) + MISS_CAUSES:
            raise ValueError(f"claim {self.id}: miss_cause must be one of {MISS_CAUSES} or empty, got {self.miss_cause!r}")


def clean_value(book_value):
    """A book value as it is judged and published: a bool, a rounded number, or None.

    Parameters
    ----------
    book_value : float, bool or None
        The value a claim's ``value`` function returned (a Python or numpy number or bool).

    Returns
    -------
    float, bool or None
        A bool as a Python bool; a finite number rounded to the book's precision
        (:func:`mmperf.precision.round_sig`); None for None, NaN or an infinity.

    Raises
    ------
    TypeError
        If ``book_value`` is not a number, a bool or None.
    """
    if book_value is None or isinstance(book_value, bool):
        return book_value
    if isinstance(book_value, np.bool_):
        return bool(book_value)
    try:
        value = float(book_value)
    except (TypeError, ValueError):
        raise TypeError(f"book_value must be a number, a bool or None, got {type(book_value).__name__}: "
                        f"{book_value!r:.80}") from None
    # judged and published at the book's precision, so a last-bit difference between CPUs
    # can change neither the verdict nor the embedded record
    return round_sig(value) if math.isfinite(value) else None


_STATUS_LABEL = {"reproduced": "✓ reproduced", "partly": "◐ partly", "not_reproduced": "✗ not reproduced"}


def _value_text(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (int, float)):
        return _fmt(float(v))
    return str(v)


def _seed_text(r) -> str:
    """Under the book's value: its spread over the seeds, when it was judged under several."""
    if not r.seeds or int(r.seeds) <= 1 or r.book_median is None or (isinstance(r.book_median, float) and math.isnan(r.book_median)):
        return ""
    return (f"<br><small>median {html.escape(_value_text(r.book_median))}, 5-95 % "
            f"[{html.escape(_value_text(r.book_low))}, {html.escape(_value_text(r.book_high))}] over {int(r.seeds)} seeds</small>")


def _kind_text(r) -> str:
    kind = r.kind if isinstance(r.kind, str) and r.kind else "not yet classified"
    share = "" if not r.seeds or int(r.seeds) <= 1 else f"; seeds' majority, {_fmt(100 * float(r.seed_share))} % of {int(r.seeds)} seeds"
    marks = []
    if bool(r.fragile):
        marks.append("<strong>fragile</strong>")
    if r.status_book_seed and r.status_book_seed != r.status:
        marks.append(f"book seed: {html.escape(r.status_book_seed.replace('_', ' '))}")
    if r.readings == "depends":
        marks.append(f"<strong>depends on</strong> {html.escape(str(r.depends_on).replace(';', ', '))}")
    elif r.readings == "robust":
        marks.append("robust to every reading")
    if r.structural is True:
        marks.append("<strong>structural</strong> (survives its ablation)")
    if bool(r.vacuous):
        marks.append("<strong>vacuous</strong> (cannot fail)")
    if r.kind_flag:
        note = getattr(r, "kind_note", "")
        resolved = f"; kept: {html.escape(str(note))}" if isinstance(note, str) and note else ""
        marks.append(f"kind flag: {html.escape(r.kind_flag)}{resolved}")
    tail = "".join(f"<br><small>{m}</small>" for m in marks)
    return f"<br><small>{html.escape(kind)}{share}</small>{tail}"


def _flag(frame: pd.DataFrame, name: str) -> pd.Series:
    """A boolean column of ``frame`` with missing values read as False."""
    return frame[name].map(lambda v: v is True or v == 1 or str(v).lower() == "true")


EXCLUSION_COLUMNS = ("fragile", "readings", "vacuous", "structural")
"""The columns :func:`exclusions` reads."""


def check_frame(frame, columns, name: str = "frame") -> pd.DataFrame:
    """``frame`` if it is a DataFrame of claims holding ``columns``.

    Parameters
    ----------
    frame : pandas.DataFrame
        A table of claims (a scorecard, a chapter's claims).
    columns : iterable of str
        The column names it must hold.
    name : str, default "frame"
        The parameter's name, for the error message.

    Returns
    -------
    pandas.DataFrame
        ``frame`` itself, unchanged.

    Raises
    ------
    TypeError
        If ``frame`` is not a :class:`pandas.DataFrame`, or ``columns`` not a list of names.
    ValueError
        If it lacks one of ``columns`` (the message names them).
    """
    if isinstance(columns, (str, bytes)) or not hasattr(columns, "__iter__"):
        raise TypeError(f"columns must be a list of column names, got {type(columns).__name__}: {columns!r:.80}")
    columns = tuple(columns)
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas.DataFrame of claims, got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{name} must hold the claims' columns {list(columns)}; missing {missing}")
    return frame


def exclusions(frame: pd.DataFrame) -> pd.DataFrame:
    """Why each claim would leave the headline: boolean columns ``fragile``, ``depends``, ``vacuous``
    and ``structural`` (a claim may have several; a prediction with none counts).

    Parameters
    ----------
    frame : pandas.DataFrame
        Claims with :data:`CSV_COLUMNS`.

    Returns
    -------
    pandas.DataFrame
        Same index as ``frame``.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns ``fragile``, ``readings``, ``vacuous`` and
        ``structural``.
    """
    check_frame(frame, EXCLUSION_COLUMNS)
    return pd.DataFrame({"fragile": _flag(frame, "fragile"),
                         "depends": frame["readings"].astype(str) == "depends",
                         "vacuous": _flag(frame, "vacuous"),
                         "structural": _flag(frame, "structural")}, index=frame.index)


def headline(frame: pd.DataFrame) -> dict:
    """The scorecard's headline: the reproduced share of the predictions that count.

    A prediction counts when it is robust (not fragile over the seeds, and its status does not
    depend on a reading of the chapter's assumptions), non-vacuous (its criterion can fail) and
    non-structural (its status moves when the mechanism meant to produce it is removed); its
    status is the seeds' majority.

    Parameters
    ----------
    frame : pandas.DataFrame
        Claims with :data:`CSV_COLUMNS`.

    Returns
    -------
    dict
        ``claims``, ``predictions`` (those that count), ``reproduced`` (of those), ``share`` [%]
        (NaN without any); the predictions left out, by cause (``fragile``, ``depends``,
        ``vacuous``, ``structural``: a claim may have several); ``kind_flags`` and, of those,
        ``kind_flags_open`` (without a ``kind_note``); ``unclassified``
        and the count of each other kind.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns it reads (``kind``, ``status_majority``,
        ``kind_flag`` and those of :func:`exclusions`).
    """
    check_frame(frame, ("kind", "status_majority", "kind_flag") + EXCLUSION_COLUMNS)
    kind = frame["kind"].fillna("").astype(str)
    prediction = kind == "prediction"
    marks = exclusions(frame)
    fragile, depends, vacuous, structural = (marks[c] for c in ("fragile", "depends", "vacuous", "structural"))
    counts = prediction & ~marks.any(axis=1)
    flagged = frame["kind_flag"].fillna("").astype(str) != ""
    noted = (frame["kind_note"].fillna("").astype(str) != "") if "kind_note" in frame else pd.Series(False, frame.index)
    reproduced = int((frame.loc[counts, "status_majority"] == "reproduced").sum())
    out = {"claims": int(len(frame)), "predictions": int(counts.sum()), "reproduced": reproduced,
           "share": 100.0 * reproduced / counts.sum() if counts.any() else float("nan"),
           "fragile": int((prediction & fragile).sum()), "depends": int((prediction & depends).sum()),
           "vacuous": int((prediction & vacuous).sum()), "structural": int((prediction & structural).sum()),
           "kind_flags": int(flagged.sum()), "kind_flags_open": int((flagged & ~noted).sum()),
           "unclassified": int((kind == "").sum())}
    out.update({k: int((kind == k).sum()) for k in KINDS if k != "prediction"})
    return out


class Scorecard:
    """A table of claims that displays as HTML and carries its records as JSON.

    Parameters
    ----------
    frame : pandas.DataFrame
        Claims with :data:`CSV_COLUMNS`.
    embed : bool, default True
        Embed the records under :data:`MIME_TYPE` (a chapter's own scorecard);
        False for a page that only shows claims collected elsewhere.
    """

    def __init__(self, frame: pd.DataFrame, *, embed: bool = True):
        if not isinstance(frame, pd.DataFrame):
            raise TypeError(f"frame must be a pandas.DataFrame of claims, got {type(frame).__name__}")
        if not isinstance(embed, bool):
            raise TypeError(f"embed must be True or False, got {embed!r}")
        self.embed = embed
        missing = [c for c in CSV_COLUMNS if c not in frame.columns]
        if missing:
            raise ValueError(f"scorecard frame is missing columns {missing}")
        self.frame = frame[CSV_COLUMNS].reset_index(drop=True)

    def summary(self) -> pd.Series:
        """Number of claims per status."""
        return self.frame["status"].value_counts().reindex(list(STATUSES), fill_value=0)

    def _repr_html_(self) -> str:
        counts = self.summary()
        head = ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in counts.items())
        rows = []
        for r in self.frame.itertuples(index=False):
            rows.append(
                "<tr>"
                f"<td><code>{html.escape(r.paper)}:{html.escape(r.claim_id)}</code><br><q>{html.escape(r.quote)}</q>"
                f"<br><small>{html.escape(r.where)}</small></td>"
                f"<td>{html.escape(r.quantity)}<br><small>criterion: {html.escape(r.criterion)}</small></td>"
                f"<td>{html.escape(r.paper_value)}</td>"
                f"<td>{html.escape(_value_text(r.book_value))}{_seed_text(r)}</td>"
                f"<td class='claim-{r.status}'>{_STATUS_LABEL[r.status]}{_kind_text(r)}<br><small>{html.escape(r.reason)}</small></td>"
                "</tr>"
            )
        return (
            f"<div class='mmperf-claims'><p><strong>{len(self.frame)} claims:</strong> {head}</p>"
            "<table class='mmperf-claims-table'><thead><tr><th>the paper says</th>"
            "<th>the book computes</th><th>paper</th><th>book</th><th>status and reason</th>"
            "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>"
        )

    def __repr__(self) -> str:
        lines = [f"{len(self.frame)} claims"]
        for r in self.frame.itertuples(index=False):
            lines.append(f"[{r.status}] {r.paper}:{r.claim_id}: paper {r.paper_value}, book {_value_text(r.book_value)}")
        return "\n".join(lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": repr(self), "text/html": self._repr_html_()}
        if self.embed:
            bundle[MIME_TYPE] = {"claims": json.loads(self.frame.to_json(orient="records"))}
        return bundle


def collect(notebooks: Iterable[str | Path]) -> pd.DataFrame:
    """Collect the claims embedded in executed notebooks.

    Parameters
    ----------
    notebooks : iterable of path
        Executed ``.ipynb`` files.

    Returns
    -------
    pandas.DataFrame
        One row per claim with :data:`CSV_COLUMNS` plus ``notebook``.

    Raises
    ------
    FileNotFoundError
        If a notebook does not exist.
    ValueError
        If a claim id appears twice for the same paper.
    """
    if isinstance(notebooks, (str, bytes, Path)) or not hasattr(notebooks, "__iter__"):
        raise TypeError(f"notebooks must be an iterable of paths, got {type(notebooks).__name__}: {notebooks!r:.80}")
    rows = []
    for path in notebooks:
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"notebook {path} does not exist")
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb.get("cells", []):
            for out in cell.get("outputs", []) or []:
                data = out.get("data", {})
                if MIME_TYPE in data:
                    for rec in data[MIME_TYPE]["claims"]:
                        rows.append({**rec, "notebook": path.name})
    frame = pd.DataFrame(rows, columns=CSV_COLUMNS + ["notebook"])
    dup = frame.duplicated(["paper", "claim_id"], keep=False)
    if dup.any():
        pairs = sorted(set(zip(frame.loc[dup, "paper"], frame.loc[dup, "claim_id"])))
        raise ValueError(f"claims registered twice: {pairs}")
    return frame


def write_csv(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a scorecard frame as CSV, atomically (nothing half-written).

    Parameters
    ----------
    frame : pandas.DataFrame
        Claims holding :data:`CSV_COLUMNS` (other columns are not written).
    path : str or pathlib.Path
        The CSV file; its folder is created if missing, and it is replaced only once written
        in full (through ``path.tmp``).

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    TypeError
        If ``frame`` is not a DataFrame or ``path`` not a str or Path.
    KeyError
        If ``frame`` lacks one of :data:`CSV_COLUMNS`.
    """
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas.DataFrame of claims, got {type(frame).__name__}")
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a str or pathlib.Path, got {type(path).__name__}: {path!r:.80}")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    frame[CSV_COLUMNS].to_csv(tmp, index=False)
    tmp.replace(path)
    return path
