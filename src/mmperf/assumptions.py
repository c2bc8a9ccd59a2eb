"""What a chapter chose where its paper is silent, and what it removes to test its mechanisms.

Every choice a paper does not fix (a parameter, a scheduler, a sender, an averaging) is an
:class:`Assumption`: the book's choice, why it was made, and its plausible alternatives, each a
:class:`Reading` with its source and the change it makes to the chapter's ``Params``. Every
mechanism a verdict leans on has an :class:`Ablation`: the change to ``Params`` that removes it,
and the claims it is meant to produce. A chapter lists them in its ``ASSUMPTIONS`` and
``ABLATIONS`` (data, beside its ``CLAIMS``); the audit (:mod:`mmperf.audit`) judges every claim
under every reading and every ablation, over several seeds.

A reading or ablation changes the parameters only, through a function ``params -> params``
(usually ``lambda p: p.with_(...)`` or ``dataclasses.replace``), so the chapter's ``run`` is the
one mechanism that every variant goes through.

Examples
--------
>>> from dataclasses import dataclass, replace
>>> @dataclass(frozen=True)
... class P:
...     cv: float = 0.1
...     scheduler: str = "svr4"
>>> a = Assumption("display_cv", choice="0.1", why="not stated in the paper",
...                alternatives=(Reading("0.0", source="a deterministic display", apply=lambda p: replace(p, cv=0.0)),
...                              Reading("0.3", source="the upper end measured for X", apply=lambda p: replace(p, cv=0.3))))
>>> [name for name, _ in a.variants()]
['display_cv=0.0', 'display_cv=0.3']
>>> b = Ablation("scheduler", removes="the time-sharing scheduler (a FIFO server, no competing processes)",
...              apply=lambda p: replace(p, scheduler="fifo"), meant_to_produce=("jitter-*",))
>>> b.targets("jitter-fig6"), b.targets("quality-fig19")
(True, False)
>>> b.variant()[0]
'ablation:scheduler'
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from mmperf import _validate

__all__ = ["Ablation", "Assumption", "Reading", "Span", "BOOK", "check_ledger"]

BOOK = "book"
"""The name of the unchanged run (the book's own reading) among an audit's variants."""

_NAME = re.compile(r"[a-z0-9][a-z0-9_\-]*")


def _text(value, name: str, owner: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{owner}: {name} must be a non-empty string, got {value!r}")
    return value


@dataclass(frozen=True)
class Reading:
    """One plausible alternative to a chapter's choice.

    Parameters
    ----------
    label : str
        Short name of the alternative (``"per-second"``, ``"0.3"``, ``"cubic"``).
    source : str
        Where the alternative comes from: the paper's own words, another paper, a system's default.
    apply : callable
        ``apply(params) -> params``: the chapter's parameters under this reading.
    """

    label: str
    source: str
    apply: Callable[[Any], Any] = field(repr=False)

    def __post_init__(self):
        _text(self.label, "label", "Reading")
        _text(self.source, "source", f"Reading {self.label!r}")
        if not callable(self.apply):
            raise TypeError(f"Reading {self.label!r}: apply must be a function params -> params, "
                            f"got {type(self.apply).__name__}")


@dataclass(frozen=True)
class Span:
    """The plausible range of a continuous assumption (a parameter the paper does not give).

    Parameters
    ----------
    low, high : float
        The range's ends, ``low < high``, both finite.
    source : str
        Where the range comes from.
    set : callable
        ``set(params, value) -> params``: the chapter's parameters with the assumption at ``value``.
    book : float, optional
        The book's own value when it lies in the span. An end equal to it is no alternative (its
        runs would be the book's own), so it adds no reading; Morris screening still spans both ends.

    Raises
    ------
    ValueError
        On ends that are not finite numbers with ``low < high``, an empty source, or a ``book``
        value outside ``[low, high]``.
    TypeError
        On an end that is not a number.
    """

    low: float
    high: float
    source: str
    set: Callable[[Any, float], Any] = field(repr=False)
    book: float | None = None

    def __post_init__(self):
        low, high = _validate.finite(self.low, "Span low"), _validate.finite(self.high, "Span high")
        if not low < high:
            raise ValueError(f"Span must have low < high, got low={self.low!r} and high={self.high!r}")
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        _text(self.source, "source", "Span")
        if not callable(self.set):
            raise TypeError(f"Span set must be a function (params, value) -> params, got {type(self.set).__name__}")
        if self.book is not None:
            book = _validate.finite(self.book, "Span book")
            if not low <= book <= high:
                raise ValueError(f"Span book must lie in [low, high] = [{low:g}, {high:g}], got {self.book!r}")
            object.__setattr__(self, "book", book)

    def ends(self) -> tuple[float, ...]:
        """The span's ends that are alternatives to the book's value (an end equal to ``book`` is not)."""
        return tuple(x for x in (self.low, self.high) if x != self.book)


@dataclass(frozen=True)
class Assumption:
    """A choice the paper leaves open: the book's choice, why, and the alternatives judged beside it.

    Parameters
    ----------
    name : str
        Identifier, unique within the chapter (lower case, digits, ``_`` and ``-``).
    choice : str
        The book's choice, as a reader would say it.
    why : str
        Why the book chose it.
    alternatives : tuple of Reading
        Plausible alternatives, each with its source (at least one, unless ``span`` is given).
    parameter : str, optional
        The ``Params`` field that holds the choice, when there is one (shown in the parameter table).
    span : Span, optional
        For a continuous assumption, its plausible range: the range's two ends become readings
        (``"<name>=<low>"``, ``"<name>=<high>"``) beside ``alternatives``, and a chapter with two or
        more continuous assumptions is screened over their joint range (Morris elementary effects,
        :func:`mmperf.audit.morris_design`).

    Raises
    ------
    ValueError
        On an empty text, a bad name, no alternative, or two alternatives with one label.
    """

    name: str
    choice: str
    why: str
    alternatives: tuple = ()
    parameter: str = ""
    span: Span | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise ValueError(f"Assumption name must be lower case letters, digits, '_' and '-', got {self.name!r}")
        _text(self.choice, "choice", f"Assumption {self.name!r}")
        _text(self.why, "why", f"Assumption {self.name!r}")
        if not isinstance(self.parameter, str):
            raise TypeError(f"Assumption {self.name!r}: parameter must be a str (a Params field, or ''), "
                            f"got {type(self.parameter).__name__}: {self.parameter!r:.80}")
        if isinstance(self.alternatives, (str, bytes)) or not hasattr(self.alternatives, "__iter__"):
            raise TypeError(f"Assumption {self.name!r}: alternatives must be a tuple of Reading, "
                            f"got {type(self.alternatives).__name__}: {self.alternatives!r:.80}")
        if self.span is not None and not isinstance(self.span, Span):
            raise TypeError(f"Assumption {self.name!r}: span must be a Span, got {type(self.span).__name__}")
        alts = tuple(self.alternatives)
        if self.span is not None:
            sp = self.span
            alts += tuple(Reading(f"{x:g}", source=sp.source, apply=lambda p, x=x: sp.set(p, x)) for x in sp.ends())
        if not alts or not all(isinstance(a, Reading) for a in alts):
            raise ValueError(f"Assumption {self.name!r}: alternatives must be one or more Reading (or a span), "
                             f"got {self.alternatives!r}")
        labels = [a.label for a in alts]
        if len(set(labels)) != len(labels):
            raise ValueError(f"Assumption {self.name!r}: alternatives must have distinct labels, got {labels}")
        object.__setattr__(self, "alternatives", alts)

    def variants(self) -> list[tuple[str, Callable]]:
        """Every alternative as ``(variant name, apply)``; the name is ``"<assumption>=<label>"``."""
        return [(f"{self.name}={a.label}", a.apply) for a in self.alternatives]


@dataclass(frozen=True)
class Ablation:
    """A mechanism removed, to see whether the verdicts it is credited with depend on it.

    Parameters
    ----------
    name : str
        Identifier, unique within the chapter.
    removes : str
        What is removed and what stands in its place (``"the scheduler: a FIFO server, no counters"``).
    apply : callable
        ``apply(params) -> params``: the chapter's parameters without the mechanism.
    meant_to_produce : tuple of str
        The claim ids (shell-style patterns allowed: ``"jitter-*"``) the mechanism is meant to
        produce. A claim among them whose status does not move when it is removed is *structural*.

    Raises
    ------
    ValueError
        On an empty text, a bad name or no claim pattern.
    """

    name: str
    removes: str
    apply: Callable[[Any], Any] = field(repr=False)
    meant_to_produce: tuple = ()

    def __post_init__(self):
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise ValueError(f"Ablation name must be lower case letters, digits, '_' and '-', got {self.name!r}")
        _text(self.removes, "removes", f"Ablation {self.name!r}")
        if not callable(self.apply):
            raise TypeError(f"Ablation {self.name!r}: apply must be a function params -> params, "
                            f"got {type(self.apply).__name__}")
        if not isinstance(self.meant_to_produce, str) and not hasattr(self.meant_to_produce, "__iter__"):
            raise TypeError(f"Ablation {self.name!r}: meant_to_produce must be a tuple of claim ids or patterns, "
                            f"got {type(self.meant_to_produce).__name__}: {self.meant_to_produce!r:.80}")
        pats = (self.meant_to_produce,) if isinstance(self.meant_to_produce, str) else tuple(self.meant_to_produce)
        if not pats or not all(isinstance(p, str) and p for p in pats):
            raise ValueError(f"Ablation {self.name!r}: meant_to_produce must name one or more claim ids or patterns, "
                             f"got {self.meant_to_produce!r}")
        object.__setattr__(self, "meant_to_produce", pats)

    def targets(self, claim_id: str) -> bool:
        """Whether the removed mechanism is meant to produce claim ``claim_id``."""
        _validate.text(claim_id, "claim_id")
        return any(fnmatch.fnmatchcase(claim_id, p) for p in self.meant_to_produce)

    def variant(self) -> tuple[str, Callable]:
        """The ablation as ``(variant name, apply)``; the name is ``"ablation:<name>"``."""
        return f"ablation:{self.name}", self.apply


def check_ledger(assumptions, ablations, *, claim_ids, params) -> None:
    """Check a chapter's ledger: unique names, patterns that match claims, changes that apply.

    Parameters
    ----------
    assumptions : iterable of Assumption
        The chapter's assumptions, each with its alternative readings.
    ablations : iterable of Ablation
        The chapter's ablations, each removing a mechanism meant to produce some claims.
    claim_ids : iterable of str
        The chapter's claim ids.
    params : object
        The chapter's default ``Params``; every reading and ablation must apply to it and change it.

    Raises
    ------
    ValueError
        Naming the entry: a repeated name, an ablation pattern that matches no claim, or a reading or
        ablation that leaves the parameters unchanged (it would judge the book's run twice).
    TypeError
        If ``assumptions`` or ``ablations`` is not a list of Assumption or Ablation, or ``claim_ids``
        not a list of str.
    """
    assumptions = _validate.items(assumptions, "assumptions", Assumption, allow_empty=True)
    ablations = _validate.items(ablations, "ablations", Ablation, allow_empty=True)
    claim_ids = _validate.items(claim_ids, "claim_ids", str, allow_empty=True)
    names = set()
    for a in assumptions:
        if a.name in names:
            raise ValueError(f"assumptions must have distinct names: {a.name!r} is declared twice")
        names.add(a.name)
        for variant, apply in a.variants():
            if apply(params) == params:
                raise ValueError(f"reading {variant!r} leaves the parameters unchanged")
    for b in ablations:
        if f"ablation:{b.name}" in names:
            raise ValueError(f"ablations must have distinct names: {b.name!r} is declared twice")
        names.add(f"ablation:{b.name}")
        missing = [p for p in b.meant_to_produce if not any(fnmatch.fnmatchcase(c, p) for c in claim_ids)]
        if missing:
            raise ValueError(f"ablation {b.name!r}: meant_to_produce {missing} match none of claim_ids "
                             "(each pattern must match a claim)")
        if b.apply(params) == params:
            raise ValueError(f"ablation {b.name!r} leaves the parameters unchanged")
