"""Claims judged over many seeds: the book's verdicts.

A paper's ``CLAIMS`` (a tuple of :class:`mmperf.claims.ClaimSpec`) is judged
on the :class:`mmperf.results.Results` of its ``run`` under several root
seeds (:func:`mmperf.seeds.judging_seeds`). Each verdict is the status under
the book's own seed, with the median and 5-95 % range of the book's value
over the seeds, the share of seeds under which the status is the same, and a
*fragile* mark when that share falls below ``1 - FRAGILE_SHARE`` or when the seeds' median lies
inside their seed-to-seed noise around a bound of the criterion (:func:`noise_bound`): a
comparison decided inside the noise is not a pass.

Examples
--------
>>> import pandas as pd
>>> from mmperf.claims import ClaimSpec, Range
>>> from mmperf.results import Results
>>> spec = ClaimSpec("loss-small", quote="loss is small", where="Sec. 1", quantity="loss [%]",
...                  paper_value="< 1 %", value=lambda r: r.value("loss"), criterion=Range(0, 1),
...                  kind="prediction", expected="reproduced")
>>> runs = {s: Results("taylor1993", seed=s, params=None, tables={}, descriptions={},
...                    values={"loss": 0.05 * s if s < 10 else 1.5}) for s in range(1, 11)}
>>> row = judge([spec], runs, book_seed=1).frame.iloc[0]
>>> row["status"], int(row["seeds"]), float(row["seed_share"]), bool(row["fragile"])
('reproduced', 10, 0.9, False)
"""

from __future__ import annotations

import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Mapping

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.assumptions import BOOK, Ablation, Assumption
from mmperf.claims import (CSV_COLUMNS, EVIDENCE, FRAGILE_SHARE, STATUSES, Claim, ClaimSpec, Criterion, Holds, Range,
                           Scorecard, Tolerance, check_frame, clean_value)
from mmperf.precision import round_sig
from mmperf.results import Results
from mmperf.seeds import check_seed


def _call(args):
    run, params, seed = args
    return run(params, seed=seed)


def run_seeds(run: Callable, params, seeds: Iterable[int], *, workers: int = 1) -> dict[int, Results]:
    """``run(params, seed=s)`` for every seed, spread over ``workers`` processes.

    Parameters
    ----------
    run : callable
        A paper's ``run`` (a module-level function, so it can be sent to a worker).
    params : object
        The paper's ``Params``.
    seeds : iterable of int
        Root seeds (see :func:`mmperf.seeds.judging_seeds`).
    workers : int, default 1
        Processes; 1 runs in this process. The results do not depend on it.

    Returns
    -------
    dict of int to Results
        In the order of ``seeds``.

    Raises
    ------
    ValueError
        If ``workers`` is not a whole number >= 1, a seed is out of range or repeated, or none is given.
    """
    if not callable(run):
        raise TypeError(f"run must be a paper's run function, got {type(run).__name__}: {run!r:.80}")
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__iter__"):
        raise TypeError(f"seeds must be an iterable of seeds, got {type(seeds).__name__}: {seeds!r:.80}")
    seeds = [check_seed(s, name="seeds (each)") for s in seeds]
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    seeds = [check_seed(s) for s in seeds]
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError(f"seeds must be distinct and at least one, got {seeds}")
    tasks = [(run, params, s) for s in seeds]
    if workers == 1 or len(seeds) == 1:
        out = [_call(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(seeds)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            out = list(pool.map(_call, tasks))
    return dict(zip(seeds, out))


def _checked(specs, runs) -> list:
    """``specs`` as a list of :class:`ClaimSpec`, after checking it and ``runs`` (a mapping to :class:`Results`)."""
    specs = _validate.items(specs, "specs", ClaimSpec, allow_empty=True)
    if not isinstance(runs, Mapping):
        raise TypeError(f"runs must map each seed (or variant) to its Results, got {type(runs).__name__}")
    if not runs:
        raise ValueError("runs must hold at least one run")
    for r in runs.values():
        if not isinstance(r, Results):
            raise TypeError(f"runs must map to Results, got {type(r).__name__}")
    return specs


def judge_value(criterion, value) -> tuple:
    """``(status, detail)`` of one book value under a criterion; a missing value is not reproduced.

    Parameters
    ----------
    criterion : mmperf.claims.Criterion
        How the claim is judged (a tolerance, a range, a share of cases that hold).
    value : object
        The book's value for the claim (as :func:`mmperf.claims.clean_value` leaves it), or
        ``None`` when it could not be computed.

    Returns
    -------
    status : str
        One of :data:`mmperf.claims.STATUSES` (``"not_reproduced"`` for ``None``).
    detail : str
        A sentence saying why, as the criterion phrases it.

    Raises
    ------
    TypeError
        If ``criterion`` is not a :class:`mmperf.claims.Criterion` (or the value is not one it judges).
    """
    _validate.instance(criterion, "criterion", Criterion)
    if value is None:
        return "not_reproduced", "not computed (no finite value)"
    return criterion.judge(value)


def _spread(values: list) -> tuple:
    nums = [float(v) for v in values if v is not None]
    if not nums:
        return None, None, None
    arr = np.asarray(nums, dtype=float)
    return tuple(round_sig(float(np.quantile(arr, q))) for q in (0.5, 0.05, 0.95))


NOISE_SDS = 1.0
"""A verdict is *inside the seed-to-seed noise* (and so marked fragile) when the median of its value
over the seeds lies within this many of their robust standard deviations (1.4826 times the median
absolute deviation, which one outlying seed cannot inflate) of a bound its criterion decides on
(:func:`noise_bound`)."""


def noise_bound(spec: ClaimSpec, values: list) -> float | None:
    """The criterion bound the seeds' median lies within the seed-to-seed noise of, or None.

    A comparison decided inside the noise is not a pass: with the median of a claim's value over the
    seeds less than :data:`NOISE_SDS` robust standard deviations (``scipy.stats.median_abs_deviation``,
    normal scale) from a bound where its status changes,
    another set of seeds could decide the other way even when most of these agree. Only numeric
    criteria have such bounds: :class:`~mmperf.claims.Range` (its finite ``low``/``high`` and
    ``partly`` ends) and :class:`~mmperf.claims.Tolerance` (target +- tolerance, +- ``partly``
    times it). A bound at an end of the claim's physical ``domain`` (a loss of 0 %) cannot be crossed
    by noise from one side and is skipped. Needs at least three finite values and a positive spread.

    Parameters
    ----------
    spec : ClaimSpec
        The claim (its criterion and domain).
    values : list
        Its book values over the seeds (numbers, None for a missing one).

    Returns
    -------
    float or None
        The nearest such bound, or None when the verdict is clear of the noise.

    Raises
    ------
    TypeError
        If ``spec`` is not a ClaimSpec or ``values`` is not a list of numbers, bools or None.

    Examples
    --------
    >>> from mmperf.claims import ClaimSpec, Range
    >>> spec = ClaimSpec("gap", quote="A beats B", where="Sec. 1", quantity="gap [ms]", paper_value="> 0",
    ...                  value=lambda r: 0, criterion=Range(0, float("inf")), kind="prediction",
    ...                  expected="reproduced")
    >>> noise_bound(spec, [0.5, -0.4, 0.9, 0.2, -0.1]), noise_bound(spec, [5.1, 4.8, 5.3])
    (0.0, None)
    """
    if not isinstance(spec, ClaimSpec):
        raise TypeError(f"spec must be a ClaimSpec, got {type(spec).__name__}")
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"values must be a list of numbers (None for a missing one), got {type(values).__name__}")
    for v in values:
        if v is not None and not isinstance(v, (bool, int, float, np.integer, np.floating)):
            raise TypeError(f"values must hold numbers, bools or None, got {type(v).__name__}: {v!r:.40}")
    crit = spec.criterion
    if isinstance(crit, Range):
        bounds = [crit.low, crit.high, *(crit.partly or ())]
    elif isinstance(crit, Tolerance):
        t, tol = float(crit.target), float(crit.tolerance)
        bounds = [t - tol, t + tol, t - crit.partly * tol, t + crit.partly * tol]
    else:
        return None
    nums = np.asarray([float(v) for v in values if v is not None and not isinstance(v, bool)
                       and math.isfinite(float(v))], dtype=float)
    if nums.size < 3:
        return None
    from scipy.stats import median_abs_deviation  # heavy (0.45 s to import): only this screen needs it, not every chapter's import
    sd = round_sig(float(median_abs_deviation(nums, scale="normal")))
    if not sd > 0:
        return None
    median = round_sig(float(np.median(nums)))
    edges = set(spec.domain or ())
    near = [float(b) for b in bounds if math.isfinite(float(b)) and float(b) not in edges
            and abs(median - float(b)) < NOISE_SDS * sd]
    return min(near, key=lambda b: (abs(median - b), b)) if near else None


def majority(statuses: Iterable[str]) -> str:
    """The most common status; a tie goes to the less favourable one (not reproduced, then partly).

    Parameters
    ----------
    statuses : iterable of str
        Statuses of one claim (one per seed), each in :data:`mmperf.claims.STATUSES`.

    Returns
    -------
    str
        The status that occurs most often.

    Raises
    ------
    ValueError
        If ``statuses`` is empty or holds a value not in :data:`mmperf.claims.STATUSES`.
    TypeError
        If ``statuses`` is text or not iterable.

    Examples
    --------
    >>> majority(["reproduced", "partly", "reproduced"])
    'reproduced'
    >>> majority(["reproduced", "not_reproduced"])
    'not_reproduced'
    """
    if isinstance(statuses, (str, bytes)) or not hasattr(statuses, "__iter__"):
        raise TypeError(f"statuses must be a list of statuses {STATUSES}, got {type(statuses).__name__}: {statuses!r:.80}")
    statuses = list(statuses)
    if not statuses:
        raise ValueError(f"statuses must not be empty (at least one of {STATUSES})")
    unknown = [s for s in statuses if s not in STATUSES]
    if unknown:
        raise ValueError(f"statuses must each be one of {STATUSES}, got {unknown[0]!r}")
    counts = {s: statuses.count(s) for s in set(statuses)}
    worst_first = {s: i for i, s in enumerate(reversed(STATUSES))}
    return max(counts, key=lambda s: (counts[s], -worst_first.get(s, len(STATUSES))))


def witnesses(spec: ClaimSpec, observed: Iterable = ()) -> tuple:
    """One value that fails a claim's criterion and one that passes it, if any exist.

    The candidates are the values observed in runs (seeds, readings, ablations) and probes of the
    quantity's physical range (:attr:`ClaimSpec.domain`; by default any real number, or both
    truth values for a bool): its ends, a grid between them and the criterion's own bounds. A
    claim with no failing value is *vacuous*: its criterion cannot fail.

    Parameters
    ----------
    spec : ClaimSpec
        The claim.
    observed : iterable
        Book values seen in runs (``None`` entries are skipped).

    Returns
    -------
    tuple
        ``(failing value or None, passing value or None)``.

    Raises
    ------
    TypeError
        If ``spec`` is not a ClaimSpec or ``observed`` not an iterable (text is refused).

    Examples
    --------
    >>> from mmperf.claims import ClaimSpec, Range
    >>> spec = ClaimSpec("loss-in-range", quote="q", where="w", quantity="loss [%]", paper_value="<= 100 %",
    ...                  value=lambda r: 0.0, criterion=Range(0, 100), kind="prediction", expected="reproduced",
    ...                  domain=(0, 100))
    >>> witnesses(spec, [3.0])
    (None, 3.0)
    """
    _validate.instance(spec, "spec", ClaimSpec)
    if isinstance(observed, (str, bytes)) or not hasattr(observed, "__iter__"):
        raise TypeError(f"observed must be an iterable of book values, got {type(observed).__name__}: {observed!r:.80}")
    seen = [v for v in observed if v is not None]
    candidates = list(seen)
    if isinstance(spec.criterion, Holds):  # a truth value, or the fraction of cases in which it holds
        candidates += [False, True] + spec.criterion.bounds()
    else:
        low, high = spec.domain if spec.domain is not None else (-math.inf, math.inf)
        bounds = [b for b in spec.criterion.bounds() if math.isfinite(b)]
        finite = [x for x in (low, high) if math.isfinite(x)]
        span = (max(bounds + finite) - min(bounds + finite)) if (bounds + finite) else 1.0
        step = max(span, 1.0)
        probes = set(finite)
        for b in bounds:
            probes.update({b, b - 1e-6 * step, b + 1e-6 * step, b - step, b + step})
        if math.isfinite(low) and math.isfinite(high):
            probes.update(float(x) for x in np.linspace(low, high, 201))
        if not probes:
            probes = {0.0, -1.0, 1.0}
        candidates += sorted(x for x in probes if low <= x <= high)
    fail = next((v for v in candidates if judge_value(spec.criterion, v)[0] == "not_reproduced"), None)
    passing = next((v for v in candidates if judge_value(spec.criterion, v)[0] == "reproduced"), None)
    return fail, passing


def _audit_columns(spec: ClaimSpec, audit: pd.DataFrame | None, assumptions, ablations) -> dict:
    """The audit's verdict on one claim: readings, depends_on, paper_reading, structural."""
    if audit is None:
        return {"readings": None, "depends_on": "", "paper_reading": "", "structural": None}
    rows = audit[audit["claim_id"] == spec.id]
    if rows.empty:
        raise ValueError(f"the audit has no rows for claim {spec.id!r}: rerun `make audit`")
    by_variant = {v: majority(g["status"]) for v, g in rows.groupby("variant", sort=False)}
    if BOOK not in by_variant:
        raise ValueError(f"the audit of claim {spec.id!r} has no {BOOK!r} variant")
    book = by_variant[BOOK]
    depends = []
    for a in assumptions:
        names = [n for n, _ in a.variants()]
        missing = [n for n in names if n not in by_variant]
        if missing:
            raise ValueError(f"the audit lacks readings {missing}: rerun `make audit`")
        if any(by_variant[n] != book for n in names):
            depends.append(a.name)
    readings = [BOOK] + [n for a in assumptions for n, _ in a.variants()]
    targeting = [f"ablation:{b.name}" for b in ablations if b.targets(spec.id)]
    missing = [n for n in targeting if n not in by_variant]
    if missing:
        raise ValueError(f"the audit lacks ablations {missing}: rerun `make audit`")
    return {"readings": ("depends" if depends else "robust") if assumptions else None,
            "depends_on": ";".join(depends),
            "paper_reading": ";".join(n for n in readings if by_variant.get(n) == "reproduced"),
            "structural": all(by_variant[n] == book for n in targeting) if targeting else None}


def _kind_flag(spec: ClaimSpec, audit: pd.DataFrame | None, values: list) -> str:
    """A prediction whose value moves under no seed, reading or ablation restates an input or a fit."""
    if spec.kind != "prediction" or audit is None:
        return ""
    seen = values + audit.loc[audit["claim_id"] == spec.id, "value"].tolist()
    seen = [None if isinstance(v, float) and math.isnan(v) else v for v in seen]
    if len(audit["variant"].unique()) > 1 and len({repr(v) for v in seen}) == 1:
        return "unmoved: the value is the same under every seed, reading and ablation"
    return ""


def judge(specs: Iterable[ClaimSpec], runs: Mapping[int, Results], *, book_seed: int,
          audit: pd.DataFrame | None = None, assumptions=(), ablations=(), evidence: str = "") -> Scorecard:
    """Judge every claim on the results of every seed, and under every reading and ablation.

    The verdict (``status``) is the seeds' majority (:func:`majority`); the book seed's own status,
    value and reason stay beside it. With a chapter's committed ``audit``
    (:func:`mmperf.audit.read_audit`), each claim also gets ``readings`` (``robust`` when its
    status is the same under every alternative reading of ``assumptions``, else ``depends``),
    ``depends_on``, ``paper_reading`` (the variants under which it is reproduced) and
    ``structural`` (its status does not move when a mechanism meant to produce it, one of
    ``ablations``, is removed). Every claim gets ``vacuous`` (:func:`witnesses` finds no value
    that fails it) and ``kind_flag``.

    Parameters
    ----------
    specs : iterable of ClaimSpec
        A chapter's claims.
    runs : mapping of int to Results
        One run per root seed (:func:`run_seeds`), all of one paper.
    book_seed : int
        The chapter's root seed; must be among ``runs``.
    audit : pandas.DataFrame, optional
        Columns ``variant``, ``seed``, ``claim_id``, ``value``, ``status``: every claim under the
        ``"book"`` variant and under every reading and ablation, over several seeds.
    assumptions, ablations : tuple
        The chapter's :class:`~mmperf.assumptions.Assumption` and
        :class:`~mmperf.assumptions.Ablation` records (with ``audit``).
    evidence : str, optional
        The kind of evidence the paper offered (:data:`mmperf.claims.EVIDENCE`), for claims that
        do not name their own.

    Returns
    -------
    Scorecard
        One row per claim (:data:`mmperf.claims.CSV_COLUMNS`); displayed as the chapter's
        scorecard and embedded for the book's scorecard.

    Raises
    ------
    ValueError
        If ``book_seed`` has no run, the runs mix papers, two claims share an id, the audit
        lacks a column, claim, reading or ablation, or ``evidence`` is not one of
        :data:`mmperf.claims.EVIDENCE` (or empty).
    TypeError
        If ``audit`` is not a DataFrame, or ``assumptions``/``ablations`` not lists of
        Assumption/Ablation.
    """
    specs = _checked(specs, runs)
    if audit is not None:
        check_frame(audit, ("variant", "seed", "claim_id", "value", "status"), name="audit")
    assumptions = _validate.items(assumptions, "assumptions", Assumption, allow_empty=True)
    ablations = _validate.items(ablations, "ablations", Ablation, allow_empty=True)
    _validate.one_of(evidence, "evidence", EVIDENCE + ("",))
    if book_seed not in runs:
        raise ValueError(f"book_seed {book_seed} has no run; seeds run: {list(runs)}")
    papers = {r.paper for r in runs.values()}
    if len(papers) != 1:
        raise ValueError(f"runs must all be of one paper, got {sorted(papers)}")
    (paper,) = papers
    book = runs[book_seed]
    rows, seen = [], set()
    for spec in specs:
        if spec.id in seen:
            raise ValueError(f"claim id {spec.id!r} appears twice in {paper}'s claims")
        seen.add(spec.id)
        values = {s: clean_value(spec.value(r)) for s, r in runs.items()}
        statuses = {s: judge_value(spec.criterion, v)[0] for s, v in values.items()}
        book_status, detail = judge_value(spec.criterion, values[book_seed])
        status = majority(statuses.values())
        share = sum(st == status for st in statuses.values()) / len(statuses)
        median, low, high = _spread(list(values.values()))
        note = spec.note(book) if callable(spec.note) else spec.note
        noisy = noise_bound(spec, list(values.values()))
        if noisy is not None:
            detail = (f"{detail}; inside the seed-to-seed noise: the seeds' median is within one standard "
                      f"deviation of the bound {round_sig(noisy)}, so it is marked fragile")
        observed = list(values.values())
        if audit is not None:
            observed += [clean_value(v) for v in audit.loc[audit["claim_id"] == spec.id, "value"]]
        fail, _ = witnesses(spec, observed)
        claim = Claim(paper=paper, claim_id=spec.id, quote=spec.quote, where=spec.where, quantity=spec.quantity,
                      paper_value=spec.paper_value, criterion=spec.criterion, book_value=values[book_seed],
                      status=status, reason=detail if not note else f"{detail}. {note}", kind=spec.kind,
                      seeds=len(runs), seed_share=share, book_median=median, book_low=low, book_high=high,
                      fragile=(1 - share) > FRAGILE_SHARE + 1e-12 or noisy is not None, status_majority=status,
                      status_book_seed=book_status, vacuous=fail is None,
                      kind_flag=_kind_flag(spec, audit, list(values.values())), kind_note=spec.kind_note,
                      evidence=spec.evidence or evidence,
                      miss_cause=spec.miss_cause if status != "reproduced" else "",
                      **_audit_columns(spec, audit, tuple(assumptions), tuple(ablations)))
        rows.append(claim.to_record())
    return Scorecard(pd.DataFrame(rows, columns=CSV_COLUMNS))


def statuses_by_seed(specs: Iterable[ClaimSpec], runs: Mapping[int, Results]) -> pd.DataFrame:
    """Every claim's status under every seed: a ``claim_id x seed`` table (for a chart of robustness).

    Parameters
    ----------
    specs : iterable of ClaimSpec
        A paper's ``CLAIMS``.
    runs : mapping of int to Results
        One run per root seed (as :func:`run_seeds` returns them).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``claim_id``, one column per seed (columns axis named ``seed``), each cell the
        claim's status under that seed (one of :data:`mmperf.claims.STATUSES`).

    Raises
    ------
    TypeError
        If a spec is not a :class:`mmperf.claims.ClaimSpec` or ``runs`` does not map to
        :class:`mmperf.results.Results`.
    ValueError
        If ``runs`` is empty.
    """
    specs = _checked(specs, runs)
    out = {s: {spec.id: judge_value(spec.criterion, clean_value(spec.value(r)))[0] for spec in specs}
           for s, r in runs.items()}
    return pd.DataFrame(out).rename_axis(index="claim_id", columns="seed")


def variant_statuses(specs: Iterable[ClaimSpec], runs: Mapping[str, Results], *, reference: str) -> pd.DataFrame:
    """Every claim's value and status under each variant of a run (a sensitivity table).

    Parameters
    ----------
    specs : iterable of ClaimSpec
        A paper's ``CLAIMS``.
    runs : mapping of str to Results
        One run per variant name (a changed assumption), all under the same seed.
    reference : str
        The variant the others are compared with (the book's set-up); must be among ``runs``.

    Returns
    -------
    pandas.DataFrame
        One row per claim and variant: ``claim_id``, ``kind``, ``variant``, ``value`` (at the
        book's precision), ``status`` and ``changed`` (the status differs from the reference's).

    Raises
    ------
    ValueError
        If ``reference`` has no run.

    Examples
    --------
    >>> from mmperf.claims import ClaimSpec, Range
    >>> spec = ClaimSpec("loss-small", quote="loss is small", where="Sec. 1", quantity="loss [%]",
    ...                  paper_value="< 1 %", value=lambda r: r.value("loss"), criterion=Range(0, 1),
    ...                  kind="prediction", expected="reproduced")
    >>> runs = {v: Results("taylor1993", seed=1, params=None, tables={}, descriptions={}, values={"loss": x})
    ...         for v, x in (("as run", 0.5), ("bigger buffer", 0.2), ("smaller buffer", 1.5))}
    >>> variant_statuses([spec], runs, reference="as run")[["variant", "status", "changed"]].to_numpy().tolist()
    [['as run', 'reproduced', False], ['bigger buffer', 'reproduced', False], ['smaller buffer', 'not_reproduced', True]]
    """
    specs = _checked(specs, runs)
    if reference not in runs:
        raise ValueError(f"reference {reference!r} has no run; variants: {list(runs)}")
    rows = []
    for spec in specs:
        values = {v: clean_value(spec.value(r)) for v, r in runs.items()}
        statuses = {v: judge_value(spec.criterion, x)[0] for v, x in values.items()}
        rows += [{"claim_id": spec.id, "kind": spec.kind, "variant": v, "value": values[v], "status": statuses[v],
                  "changed": statuses[v] != statuses[reference]} for v in runs]
    return pd.DataFrame(rows, columns=["claim_id", "kind", "variant", "value", "status", "changed"])


__all__ = ["NOISE_SDS", "judge", "judge_value", "majority", "noise_bound", "run_seeds", "statuses_by_seed", "variant_statuses", "witnesses"]
