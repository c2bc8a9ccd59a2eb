"""Every paper's claims, generated from its CLAIMS: each claim's status under the book's seed is the
status its spec expects, judged over ten seeds. No criterion is written here: they live in the
paper's package (PySDM-style per-paper checks, without copies)."""

import functools
import importlib

import pytest

from mmperf.claims import KINDS
from mmperf.seeds import DEFAULT_ROOT_SEED, JUDGING_SEEDS, judging_seeds
from mmperf.verdicts import judge, run_seeds

from mmperf import PAPERS


def _module(paper):
    return importlib.import_module(f"mmperf.experiments.{paper}")


CONTRACT_PAPERS = [p for p in PAPERS if hasattr(_module(p), "CLAIMS")]
"""Papers under the common contract (Params, run, CLAIMS); the others still register claims in notebooks."""


def _contracts(paper):
    """A paper's (Params, run, CLAIMS) triples: one per chapter (``CONTRACTS``), or the paper's own."""
    ex = _module(paper)
    return getattr(ex, "CONTRACTS", ((ex.Params, ex.run, ex.CLAIMS),))


@functools.lru_cache(maxsize=None)
def _verdicts(paper, chapter):
    """One chapter's verdicts under the book's seed, judged over ten seeds (computed once per session)."""
    params, run, claims = _contracts(paper)[chapter]
    # a paper whose chapter judges some seeds on committed data (Chodorek's packet grids) says so in
    # its judging_runs; the test judges exactly what the chapter judges
    judging_runs = getattr(_module(paper), "judging_runs", None)
    if judging_runs is not None and run is _module(paper).run:
        runs = judging_runs(params(), seed=DEFAULT_ROOT_SEED, workers=2)
    else:
        runs = run_seeds(run, params(), judging_seeds(root=DEFAULT_ROOT_SEED), workers=2)
    return judge(claims, runs, book_seed=DEFAULT_ROOT_SEED).frame.set_index("claim_id")


SPECS = [(paper, i, spec) for paper in CONTRACT_PAPERS for i, (_, _, claims) in enumerate(_contracts(paper))
         for spec in claims]


@pytest.mark.parametrize("paper,chapter,spec", SPECS, ids=[f"{p}:{s.id}" for p, _, s in SPECS])
def test_claim_has_the_expected_status(paper, chapter, spec):
    row = _verdicts(paper, chapter).loc[spec.id]
    assert row["status"] == spec.expected, f"{paper}:{spec.id}: {row['reason']}"
    assert row["kind"] == spec.kind in KINDS
    assert int(row["seeds"]) == JUDGING_SEEDS
    assert row["book_value"] is not None


@pytest.mark.parametrize("paper", CONTRACT_PAPERS)
def test_every_paper_follows_the_contract(paper):
    ids = [s.id for _, _, claims in _contracts(paper) for s in claims]
    assert len(set(ids)) == len(ids)
    for params_cls, run, _ in _contracts(paper):
        params = params_cls()
        assert {"parameter", "value", "unit", "source"} <= set(params.table().columns)
        with pytest.raises(ValueError, match="seed must be"):
            run(params, seed=-1)
