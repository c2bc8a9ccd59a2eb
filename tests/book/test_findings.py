"""The closing chapter's tables: verdict groups, counts per paper or evidence, causes, deciding assumptions."""

import pandas as pd
import pytest

from mmperf import findings


def _frame():
    return pd.DataFrame({
        "paper": ["a", "a", "a", "b", "b", "b"],
        "claim_id": ["x1", "x2", "x3", "y1", "y2", "y3"],
        "kind": ["prediction", "prediction", "prediction", "prediction", "calibrated", "prediction"],
        "status_majority": ["reproduced", "not_reproduced", "reproduced", "partly", "reproduced", "not_reproduced"],
        "fragile": [False, False, True, False, False, False],
        "readings": ["robust", "depends", "robust", "robust", None, "depends"],
        "depends_on": ["", "cv;buffer", "", "", "", "cv"],
        "paper_reading": ["book", "cv=0.3", "book", "", "", ""],
        "vacuous": [False] * 6, "structural": [None] * 6,
        "evidence": ["measurement"] * 3 + ["simulation"] * 3,
        "miss_cause": ["", "model-limitation", "", "paper-omits", "", ""],
    })


def test_every_claim_falls_in_exactly_one_group():
    g = findings.verdict_groups(_frame())
    assert g.tolist() == ["reproduced", "depends on a reading", "fragile over seeds", "partly",
                          "calibrated, construction or analytic", "depends on a reading"]
    assert set(g) <= set(findings.GROUPS)


def test_counts_per_paper_fill_every_group_and_give_the_reproduced_share():
    t = findings.by(_frame(), "paper")
    assert len(t) == 2 * len(findings.GROUPS) and t["claims"].sum() == 6
    share = t.groupby("paper")["share"].first()
    assert share["a"] == 100.0 and share["b"] == 0.0
    with pytest.raises(ValueError, match="column must be one of"):
        findings.by(_frame(), "nope")


def test_misses_are_counted_by_cause_with_the_unclassified_shown():
    t = findings.miss_causes(_frame()).set_index(["paper", "cause"])["claims"]
    assert t[("a", "model-limitation")] == 1 and t[("b", "paper-omits")] == 1
    assert t[("b", "not yet classified")] == 1 and t.sum() == 3


def test_the_deciding_assumptions_count_verdicts_and_the_readings_that_reproduce_the_paper():
    t = findings.deciding_assumptions(_frame())
    assert t[["paper", "assumption", "verdicts", "paper_reproduced"]].values.tolist() == [
        ["a", "buffer", 1, 0], ["a", "cv", 1, 1], ["b", "cv", 1, 0]]
