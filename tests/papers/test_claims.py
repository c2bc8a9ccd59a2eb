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


@functools.lru_cache(maxsize=None)
def _verdicts(paper):
    """The paper's verdicts under the book's seed, judged over ten seeds (computed once per session)."""
    ex = _module(paper)
    runs = run_seeds(ex.run, ex.Params(), judging_seeds(root=DEFAULT_ROOT_SEED), workers=2)
    return judge(ex.CLAIMS, runs, book_seed=DEFAULT_ROOT_SEED).frame.set_index("claim_id")


SPECS = [(paper, spec) for paper in CONTRACT_PAPERS for spec in _module(paper).CLAIMS]


@pytest.mark.parametrize("paper,spec", SPECS, ids=[f"{p}:{s.id}" for p, s in SPECS])
def test_claim_has_the_expected_status(paper, spec):
    row = _verdicts(paper).loc[spec.id]
    assert row["status"] == spec.expected, f"{paper}:{spec.id}: {row['reason']}"
    assert row["kind"] == spec.kind in KINDS
    assert int(row["seeds"]) == JUDGING_SEEDS
    assert row["book_value"] is not None


@pytest.mark.parametrize("paper", CONTRACT_PAPERS)
def test_every_paper_follows_the_contract(paper):
    ex = _module(paper)
    params = ex.Params()
    table = params.table()
    assert {"parameter", "value", "unit", "source"} <= set(table.columns)
    assert len({s.id for s in ex.CLAIMS}) == len(ex.CLAIMS)
    with pytest.raises(ValueError, match="seed must be"):
        ex.run(params, seed=-1)
