"""Every chapter's claims, generated from the registry (:data:`mmperf.experiments.CHAPTERS`): each
claim's status under the book's seed is the status its spec expects, judged over ten seeds. No
criterion is written here: they live in the paper's package (PySDM-style per-paper checks, without
copies), and no chapter is looked up by name."""

import functools

import pytest

from mmperf.claims import KINDS
from mmperf.experiments import CHAPTERS
from mmperf.seeds import DEFAULT_ROOT_SEED, JUDGING_SEEDS
from mmperf.verdicts import judge


@functools.lru_cache(maxsize=None)
def _verdicts(key):
    """One chapter's verdicts under the book's seed, judged over ten seeds on exactly the runs the
    chapter judges (computed once per session)."""
    chapter = next(c for c in CHAPTERS if c.key == key)
    runs = chapter.runs(seed=DEFAULT_ROOT_SEED, workers=2)
    return judge(chapter.claims, runs, book_seed=DEFAULT_ROOT_SEED).frame.set_index("claim_id")


SPECS = [(c.key, spec) for c in CHAPTERS for spec in c.claims]


@pytest.mark.parametrize("key,spec", SPECS, ids=[f"{k}:{s.id}" for k, s in SPECS])
def test_claim_has_the_expected_status(key, spec):
    row = _verdicts(key).loc[spec.id]
    assert row["status"] == spec.expected, f"{key}:{spec.id}: {row['reason']}"
    assert row["kind"] == spec.kind in KINDS
    assert int(row["seeds"]) == JUDGING_SEEDS
    assert row["book_value"] is not None


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[c.key for c in CHAPTERS])
def test_every_chapter_follows_the_contract(chapter):
    params = chapter.Params()
    assert {"parameter", "value", "unit", "source"} <= set(params.table().columns)
    assert chapter.run.__annotations__.get("return") in ("Results", "mmperf.results.Results"), \
        f"{chapter.key}: run must declare -> Results"
    with pytest.raises(ValueError, match="seed must be"):
        chapter.run(params, seed=-1)
    with pytest.raises(ValueError, match="workers must be"):
        chapter.run(params, seed=1, workers=0)
    with pytest.raises(TypeError, match="params must be"):
        chapter.run(object(), seed=1)


def test_the_registry_covers_every_chapter_of_the_book():
    import yaml

    from mmperf._paths import repo_root

    toc = yaml.safe_load((repo_root() / "_toc.yml").read_text())
    files = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    papers = [f for f in files if not f.startswith("book/appendix/")]
    assert papers == [c.notebook.removesuffix(".ipynb") for c in CHAPTERS]
    ids = [(c.paper, s.id) for c in CHAPTERS for s in c.claims]
    assert len(set(ids)) == len(ids), "a claim id repeats within a paper"


def test_a_chapter_missing_a_field_fails_at_construction_naming_it():
    from mmperf.experiments import Chapter

    c = CHAPTERS[0]
    with pytest.raises(TypeError, match="ablations"):
        Chapter(key="x", paper=c.paper, title="t", Params=c.Params, run=c.run, claims=c.claims, assumptions=())
    with pytest.raises(TypeError, match="chapter 'x': claims must hold ClaimSpec"):
        Chapter(key="x", paper=c.paper, title="t", Params=c.Params, run=c.run, claims=(1,), assumptions=(),
                ablations=())
    with pytest.raises(ValueError, match="chapter 'x': paper must be one of"):
        Chapter(key="x", paper="nope", title="t", Params=c.Params, run=c.run, claims=c.claims, assumptions=(),
                ablations=())
