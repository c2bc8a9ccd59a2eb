"""Every chapter's claims, generated from the registry (:data:`mmperf.experiments.CHAPTERS`): each
claim's verdict (the seeds' majority over ten seeds) is the status its spec expects. No criterion
is written here: they live in the paper's package (PySDM-style per-paper checks, without copies),
and no chapter is looked up by name.

The verdicts are read from the executed chapters, where :meth:`Chapter.verdicts` embedded them,
instead of running every chapter's ten seeds again: nbval (in the same ``make test``) re-executes
every chapter and fails if an embedded verdict differs from a fresh run's, and
``tests/book/test_scorecard.py`` checks that each chapter embeds exactly its registered claims.
"""

import functools
from pathlib import Path

import pytest

from mmperf._paths import repo_root
from mmperf.claims import KINDS, collect
from mmperf.experiments import CHAPTERS
from mmperf.seeds import JUDGING_SEEDS


@functools.lru_cache(maxsize=None)
def _verdicts(key):
    """One chapter's verdicts as its executed notebook embeds them."""
    chapter = next(c for c in CHAPTERS if c.key == key)
    frame = collect([repo_root() / chapter.notebook])
    assert set(frame["notebook"]) == {Path(chapter.notebook).name}
    return frame.set_index("claim_id")


SPECS = [(c.key, spec) for c in CHAPTERS for spec in c.claims]


@pytest.mark.parametrize("key,spec", SPECS, ids=[f"{k}:{s.id}" for k, s in SPECS])
def test_claim_has_the_expected_status(key, spec):
    row = _verdicts(key).loc[spec.id]
    assert row["status"] == row["status_majority"] == spec.expected, f"{key}:{spec.id}: {row['reason']}"
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
    papers = [c["file"] for part in toc["parts"] if part["caption"] == "The papers" for c in part["chapters"]]
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
                ablations=(), evidence="measurement")
    with pytest.raises(ValueError, match="chapter 'x': paper must be one of"):
        Chapter(key="x", paper="nope", title="t", Params=c.Params, run=c.run, claims=c.claims, assumptions=(),
                ablations=(), evidence="measurement")
    with pytest.raises(ValueError, match="chapter 'x': evidence must be one of"):
        Chapter(key="x", paper=c.paper, title="t", Params=c.Params, run=c.run, claims=c.claims, assumptions=(),
                ablations=(), evidence="hearsay")


@pytest.mark.parametrize("key,spec", SPECS, ids=[f"{k}:{s.id}" for k, s in SPECS])
def test_a_criterion_can_fail_and_pass_or_the_claim_is_vacuous(key, spec):
    """One value that fails the claim's criterion and one that passes it, from its runs or its
    physical domain; a claim with no failing value is marked vacuous (and leaves the headline)."""
    from mmperf.verdicts import witnesses

    row = _verdicts(key).loc[spec.id]
    value = row["book_value"]
    fail, passing = witnesses(spec, [value])
    assert bool(row["vacuous"]) == (fail is None), f"{key}:{spec.id}: vacuous is {row['vacuous']}, witness {fail}"
    if fail is not None:
        assert spec.criterion.judge(fail)[0] == "not_reproduced"
    if passing is not None:
        assert spec.criterion.judge(passing)[0] == "reproduced"
    if spec.domain is not None and not isinstance(value, bool):
        low, high = spec.domain
        for name in ("book_value", "book_low", "book_high"):
            assert low <= float(row[name]) <= high, f"{key}:{spec.id}: {name} {row[name]} outside its domain {spec.domain}"
