"""The book's scorecard: every registered claim computed, and _build/claims.csv in step."""

from pathlib import Path

import nbformat
import pandas as pd
import pytest

from mmperf import PAPERS
from mmperf.experiments import CHAPTERS as REGISTRY
from mmperf.book import book_notebooks, collect_book_claims
from mmperf.claims import CSV_COLUMNS, STATUSES

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = [ROOT / c.notebook for c in REGISTRY]
"""The chapters' notebooks, from the registry (the test of the registry checks it against _toc.yml)."""


@pytest.fixture(scope="module")
def claims():
    return collect_book_claims()


def test_every_registered_claim_has_a_computed_value(claims):
    missing = claims[claims["book_value"].isna()]
    assert missing.empty, f"claims registered without a computed value: {missing[['paper', 'claim_id']].values.tolist()}"


def test_statuses_and_papers_are_valid(claims):
    assert set(claims["status"]) <= set(STATUSES)
    assert set(claims["paper"]) <= set(PAPERS)
    assert claims["quote"].str.strip().astype(bool).all()


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_each_chapter_publishes_its_claims(chapter, claims):
    assert (claims["notebook"] == chapter.name).sum() > 0, f"{chapter.name} registers no claims (end it with reg.publish())"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_each_chapter_is_committed_executed(chapter):
    nb = nbformat.read(chapter, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.get("execution_count") for c in code), f"{chapter.name} is not fully executed"
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, f"{chapter.name} has error outputs"


def test_claims_csv_matches_the_chapters(claims):
    path = ROOT / "_build" / "claims.csv"
    assert path.is_file(), "no _build/claims.csv: run `make book` first"
    written = pd.read_csv(path, keep_default_na=False)
    assert list(written.columns) == CSV_COLUMNS
    assert sorted(zip(written["paper"], written["claim_id"])) == sorted(zip(claims["paper"], claims["claim_id"]))
    assert set(written["status"]) <= set(STATUSES)


@pytest.mark.parametrize("chapter", REGISTRY, ids=[c.key for c in REGISTRY])
def test_each_chapter_publishes_exactly_its_registered_claims(chapter, claims):
    # the scorecard reads the notebooks; the registry is the claims as data: they must be the same claims
    published = claims.loc[claims["notebook"] == Path(chapter.notebook).name]
    assert set(published["claim_id"]) == {s.id for s in chapter.claims}
    assert set(published["paper"]) == {chapter.paper}
