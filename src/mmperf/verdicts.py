"""Claims judged over many seeds: the book's verdicts.

A paper's ``CLAIMS`` (a tuple of :class:`mmperf.claims.ClaimSpec`) is judged
on the :class:`mmperf.results.Results` of its ``run`` under several root
seeds (:func:`mmperf.seeds.judging_seeds`). Each verdict is the status under
the book's own seed, with the median and 5-95 % range of the book's value
over the seeds, the share of seeds under which the status is the same, and a
*fragile* mark when that share falls below ``1 - FRAGILE_SHARE``.

Examples
--------
>>> import pandas as pd
>>> from mmperf.claims import ClaimSpec, Range
>>> from mmperf.results import Results
>>> spec = ClaimSpec("loss-small", quote="loss is small", where="Sec. 1", quantity="loss [%]",
...                  paper_value="< 1 %", value=lambda r: r.value("loss"), criterion=Range(0, 1),
...                  kind="prediction", expected="reproduced")
>>> runs = {s: Results("taylor1993", seed=s, params=None, tables={}, descriptions={},
...                    values={"loss": 0.11 * s}) for s in range(1, 11)}
>>> row = judge([spec], runs, book_seed=1).frame.iloc[0]
>>> row["status"], int(row["seeds"]), float(row["seed_share"]), bool(row["fragile"])
('reproduced', 10, 0.9, False)
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Mapping

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.claims import CSV_COLUMNS, FRAGILE_SHARE, Claim, ClaimSpec, Scorecard, clean_value
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


def _judge_one(criterion, value):
    if value is None:
        return "not_reproduced", "not computed (no finite value)"
    return criterion.judge(value)


def _spread(values: list) -> tuple:
    nums = [float(v) for v in values if v is not None]
    if not nums:
        return None, None, None
    arr = np.asarray(nums, dtype=float)
    return tuple(round_sig(float(np.quantile(arr, q))) for q in (0.5, 0.05, 0.95))


def judge(specs: Iterable[ClaimSpec], runs: Mapping[int, Results], *, book_seed: int) -> Scorecard:
    """Judge every claim on the results of every seed.

    Parameters
    ----------
    specs : iterable of ClaimSpec
        A paper's ``CLAIMS``.
    runs : mapping of int to Results
        One run per root seed (:func:`run_seeds`), all of one paper.
    book_seed : int
        The seed whose verdict is the book's (the chapter's root seed); must be among ``runs``.

    Returns
    -------
    Scorecard
        One row per claim (:data:`mmperf.claims.CSV_COLUMNS`); displayed as the chapter's
        scorecard and embedded for the book's scorecard.

    Raises
    ------
    ValueError
        If ``book_seed`` has no run, the runs mix papers, or two claims share an id.
    """
    specs = _checked(specs, runs)
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
        statuses = {s: _judge_one(spec.criterion, v)[0] for s, v in values.items()}
        status, detail = _judge_one(spec.criterion, values[book_seed])
        share = sum(st == status for st in statuses.values()) / len(statuses)
        median, low, high = _spread(list(values.values()))
        note = spec.note(book) if callable(spec.note) else spec.note
        claim = Claim(paper=paper, claim_id=spec.id, quote=spec.quote, where=spec.where, quantity=spec.quantity,
                      paper_value=spec.paper_value, criterion=spec.criterion, book_value=values[book_seed],
                      status=status, reason=detail if not note else f"{detail}. {note}", kind=spec.kind,
                      seeds=len(runs), seed_share=share, book_median=median, book_low=low, book_high=high,
                      fragile=(1 - share) > FRAGILE_SHARE + 1e-12)
        rows.append(claim.to_record())
    return Scorecard(pd.DataFrame(rows, columns=CSV_COLUMNS))


def statuses_by_seed(specs: Iterable[ClaimSpec], runs: Mapping[int, Results]) -> pd.DataFrame:
    """Every claim's status under every seed: a ``claim_id x seed`` table (for a chart of robustness)."""
    specs = _checked(specs, runs)
    out = {s: {spec.id: _judge_one(spec.criterion, clean_value(spec.value(r)))[0] for spec in specs}
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
        statuses = {v: _judge_one(spec.criterion, x)[0] for v, x in values.items()}
        rows += [{"claim_id": spec.id, "kind": spec.kind, "variant": v, "value": values[v], "status": statuses[v],
                  "changed": statuses[v] != statuses[reference]} for v in runs]
    return pd.DataFrame(rows, columns=["claim_id", "kind", "variant", "value", "status", "changed"])


__all__ = ["judge", "run_seeds", "statuses_by_seed", "variant_statuses"]
