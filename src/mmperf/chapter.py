"""The one shape of a chapter: a typed record every consumer iterates, and the preamble of ``run``.

Every chapter of the book is a :class:`Chapter` in :data:`mmperf.experiments.CHAPTERS`: its
parameters, its ``run``, its claims, the assumptions it made where the paper is silent and the
ablations that test its mechanisms. The book tooling, the scorecard, the bench, the audit and the
generated tests read the registry; none of them looks a paper up by name or asks whether it has
an attribute.

A paper's ``run(params=None, *, seed, workers=1) -> Results`` starts with :func:`prepare_run`,
which does what every ``run`` did at its top: the default ``Params()``, the type check, the seed
check and the ``workers`` check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import pandas as pd

from mmperf import PAPERS
from mmperf.assumptions import Ablation, Assumption, check_ledger
from mmperf.claims import EVIDENCE, ClaimSpec, Scorecard
from mmperf.results import Results
from mmperf.seeds import JUDGING_SEEDS, check_seed, judging_seeds
from mmperf.verdicts import judge, majority, run_seeds

from mmperf.audit import read_audit

__all__ = ["Chapter", "check_workers", "prepare_run"]


def check_workers(workers) -> int:
    """``workers`` as a whole number of processes >= 1.

    Parameters
    ----------
    workers : int
        Processes a run may use.

    Returns
    -------
    int
        ``workers``, checked.

    Raises
    ------
    ValueError
        If ``workers`` is not a whole number >= 1 (a bool is refused).
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    return workers


def prepare_run(params_cls: type, params, *, seed, workers, paper: str) -> tuple:
    """The preamble of every chapter's ``run``: checked ``(params, seed, workers)``.

    Parameters
    ----------
    params_cls : type
        The chapter's ``Params`` class; ``params=None`` becomes ``params_cls()``.
    params : object or None
        What the caller passed.
    seed : int
        Root seed, checked by :func:`mmperf.seeds.check_seed`.
    workers : int
        Processes, checked by :func:`check_workers`.
    paper : str
        The paper's key, named in the type error.

    Returns
    -------
    tuple
        ``(params, seed, workers)``.

    Raises
    ------
    TypeError
        If ``params`` is not a ``params_cls``.
    ValueError
        On a bad seed or ``workers``.

    Examples
    --------
    >>> from mmperf.experiments.taylor1993 import Params
    >>> prepare_run(Params, None, seed=7, workers=1, paper="taylor1993")[1:]
    (7, 1)
    >>> prepare_run(Params, None, seed=7, workers=0, paper="taylor1993")
    Traceback (most recent call last):
    ...
    ValueError: workers must be a whole number >= 1, got 0
    """
    if not isinstance(params_cls, type):
        raise TypeError(f"params_cls must be the chapter's Params class, got {type(params_cls).__name__}")
    if not isinstance(paper, str) or not paper.strip():
        raise TypeError(f"paper must be the chapter's name (a non-empty string), got {paper!r:.60}")
    params = params_cls() if params is None else params
    if not isinstance(params, params_cls):
        raise TypeError(f"params must be a {paper} {params_cls.__name__}, got {type(params).__name__}")
    return params, check_seed(seed), check_workers(workers)


@dataclass(frozen=True)
class Chapter:
    """One chapter of the book, as every consumer sees it.

    Parameters
    ----------
    key : str
        The chapter's key: its notebook's stem (``"taylor1993"``, ``"claypool1998-jitter"``).
    paper : str
        The paper's key in :data:`mmperf.PAPERS` (two chapters may share one paper).
    title : str
        The chapter's short title.
    Params : type
        The parameters' class; ``Params()`` is the paper's set-up and ``Params().table()`` lists
        every knob with its unit and source.
    run : callable
        ``run(params=None, *, seed, workers=1) -> Results``: every experiment under one root seed.
    claims : tuple of ClaimSpec
        The chapter's claims, as data.
    assumptions : tuple of Assumption
        Every choice the paper leaves open, with its alternatives.
    ablations : tuple of Ablation
        The mechanisms the verdicts lean on, each with the change that removes it.
    evidence : str
        The kind of evidence the paper offered for its claims (:data:`mmperf.claims.EVIDENCE`); a
        claim may name its own.
    judging_runs : callable, optional
        ``judging_runs(params, *, seed, workers) -> {seed: Results}`` when the chapter judges some
        seeds on committed data (Chodorek's packet grids); by default every judging seed gets ``run``.
    audit_run : callable, optional
        ``audit_run(params, *, seed) -> Results``: what the audit runs for one variant and seed, when
        the chapter's verdicts read committed data for its own set-up (the same verdicts as ``run``,
        without recomputing what they do not read); by default ``run``.

    Raises
    ------
    ValueError, TypeError
        At import, naming the chapter and the field: a missing or mistyped field, an unknown paper,
        repeated claim ids, or a ledger that does not apply (:func:`mmperf.assumptions.check_ledger`).
    """

    key: str
    paper: str
    title: str
    Params: type
    run: Callable = field(repr=False)
    claims: tuple = field(repr=False)
    assumptions: tuple = field(repr=False)
    ablations: tuple = field(repr=False)
    evidence: str
    judging_runs: Callable | None = field(default=None, repr=False)
    audit_run: Callable | None = field(default=None, repr=False)

    def __post_init__(self):
        if not isinstance(self.key, str) or not re.fullmatch(r"[a-z0-9][a-z0-9\-]*", self.key):
            raise ValueError(f"Chapter key must be lower case letters, digits and '-', got {self.key!r}")
        where = f"chapter {self.key!r}"
        if self.paper not in PAPERS:
            raise ValueError(f"{where}: paper must be one of {sorted(PAPERS)}, got {self.paper!r}")
        if not isinstance(self.title, str) or not self.title.strip():
            raise ValueError(f"{where}: title must be a non-empty string")
        if self.evidence not in EVIDENCE:
            raise ValueError(f"{where}: evidence must be one of {EVIDENCE}, got {self.evidence!r}")
        if not isinstance(self.Params, type) or not callable(getattr(self.Params, "table", None)):
            raise TypeError(f"{where}: Params must be a class with a table() method, got {self.Params!r}")
        for name in ("run",) + tuple(n for n in ("judging_runs", "audit_run") if getattr(self, n) is not None):
            if not callable(getattr(self, name)):
                raise TypeError(f"{where}: {name} must be callable")
        for name, cls in (("claims", ClaimSpec), ("assumptions", Assumption), ("ablations", Ablation)):
            items = tuple(getattr(self, name))
            bad = [type(x).__name__ for x in items if not isinstance(x, cls)]
            if bad:
                raise TypeError(f"{where}: {name} must hold {cls.__name__}, got {bad[0]}")
            object.__setattr__(self, name, items)
        if not self.claims:
            raise ValueError(f"{where}: claims must not be empty")
        ids = [c.id for c in self.claims]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{where}: claim ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
        try:
            check_ledger(self.assumptions, self.ablations, claim_ids=ids, params=self.Params())
        except (ValueError, TypeError) as err:
            raise type(err)(f"{where}: {err}") from None

    @property
    def notebook(self) -> str:
        """The chapter's notebook, relative to the repository root."""
        return f"book/{self.key}.ipynb"

    def runs(self, params=None, *, seed: int, workers: int = 1, seeds: int = JUDGING_SEEDS) -> dict[int, Results]:
        """The runs the chapter's claims are judged on: one per judging seed, the chapter's own first.

        Parameters
        ----------
        params : Params, optional
            The configuration (default ``Params()``).
        seed : int
            The chapter's root seed; the judging seeds are :func:`mmperf.seeds.judging_seeds` of it.
        workers : int, default 1
            Processes; the results do not depend on it.
        seeds : int, default :data:`mmperf.seeds.JUDGING_SEEDS`
            How many judging seeds (the verdict is their majority). Fewer make a quick rerun (a
            researcher's first look, a test that only needs the chapter to execute); the book's
            verdicts use the default.

        Returns
        -------
        dict of int to Results
            In the order of the judging seeds.

        Raises
        ------
        ValueError
            If ``seed``, ``workers`` or ``seeds`` is not a valid whole number.
        """
        params = self.Params() if params is None else params
        if isinstance(seeds, bool) or not isinstance(seeds, int) or not 1 <= seeds <= 10**4:
            raise ValueError(f"seeds must be a whole number of judging seeds in 1 .. 10000, got {seeds!r}")
        order = judging_seeds(seeds, root=check_seed(seed))
        if self.judging_runs is not None:
            return self.judging_runs(params, seed=seed, workers=workers, seeds=len(order))
        return run_seeds(self.run, params, order, workers=check_workers(workers))

    def verdicts(self, runs: dict, *, book_seed: int, root=None) -> Scorecard:
        """The chapter's verdicts: its claims judged over ``runs`` and, when its committed audit is
        fresh, under every reading and ablation (:func:`mmperf.verdicts.judge`).

        Parameters
        ----------
        runs : dict of int to Results
            The judging runs (:meth:`runs`).
        book_seed : int
            The chapter's root seed.
        root : path, optional
            Repository root holding ``data/audit`` (default: the package's).

        Returns
        -------
        Scorecard
            One row per claim; the audit's columns are empty without a fresh audit.
        """
        frame, fresh = read_audit(self, root=root)
        audit = frame if fresh else None
        return judge(self.claims, runs, book_seed=book_seed, audit=audit, assumptions=self.assumptions,
                     ablations=self.ablations, evidence=self.evidence)

    def ledger(self) -> pd.DataFrame:
        """The chapter's assumptions and ablations as one table (for its parameter section).

        Returns
        -------
        pandas.DataFrame
            Columns ``entry`` (``assumption`` or ``ablation``), ``name``, ``book`` (the book's choice, or
            what the ablation removes), ``why``, ``alternatives`` (``label (source)``, ``;``-separated;
            for an ablation the claims it is meant to produce) and ``parameter``.
        """
        rows = [{"entry": "assumption", "name": a.name, "book": a.choice, "why": a.why,
                 "alternatives": "; ".join(f"{r.label} ({r.source})" for r in a.alternatives),
                 "parameter": a.parameter} for a in self.assumptions]
        rows += [{"entry": "ablation", "name": b.name, "book": b.removes, "why": "",
                  "alternatives": "meant to produce: " + ", ".join(b.meant_to_produce), "parameter": ""}
                 for b in self.ablations]
        return pd.DataFrame(rows, columns=["entry", "name", "book", "why", "alternatives", "parameter"])

    def audit_matrix(self, *, root=None) -> pd.DataFrame | None:
        """Every claim's status (the seeds' majority) under every variant of the committed audit.

        Returns
        -------
        pandas.DataFrame or None
            Index ``claim_id`` (the chapter's order), one column per variant (``book``, each reading,
            each ablation, in the audit's order), values ``reproduced`` / ``partly`` /
            ``not_reproduced``; None without a committed audit.
        """
        frame, _ = read_audit(self, root=root)
        if frame is None:
            return None
        frame = frame[frame["kind"] != "morris"]  # the screening's points are summarised by morris_effects
        order = list(dict.fromkeys(frame["variant"]))
        table = frame.groupby(["claim_id", "variant"], sort=False)["status"].agg(majority).unstack("variant")
        return table.reindex(index=[c.id for c in self.claims], columns=order)

    def audit_state(self, *, root=None) -> str:
        """``"fresh"``, ``"stale"`` (written by other code, or unfinished) or ``"missing"``."""
        frame, fresh = read_audit(self, root=root)
        return "missing" if frame is None else ("fresh" if fresh else "stale")
