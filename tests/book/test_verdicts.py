"""Claims as data, judged over seeds: the spread, the share of seeds, fragility and the headline."""

import pandas as pd
import pytest

from mmperf.claims import CSV_COLUMNS, ClaimSpec, Holds, Range, headline
from mmperf.results import Results
from mmperf.seeds import judging_seeds
from mmperf.verdicts import judge, noise_bound, run_seeds, statuses_by_seed


def _spec(**kw):
    base = dict(id="x", quote="q", where="w", quantity="loss [%]", paper_value="< 1 %",
                value=lambda r: r.value("loss"), criterion=Range(0, 1), kind="prediction", expected="reproduced")
    base.update(kw)
    return ClaimSpec(**base)


def _runs(values):
    return {s: Results("taylor1993", seed=s, params=None, tables={}, descriptions={}, values={"loss": v})
            for s, v in values.items()}


def test_a_verdict_carries_the_book_seed_status_and_the_spread_over_seeds():
    runs = _runs({s: 0.1 * s for s in range(1, 11)})  # 1.0 at seed 10 is still in [0, 1]
    row = judge([_spec()], runs, book_seed=3).frame.iloc[0]
    assert list(judge([_spec()], runs, book_seed=3).frame.columns) == CSV_COLUMNS
    assert row["book_value"] == pytest.approx(0.3) and row["status"] == "reproduced"
    assert row["seeds"] == 10 and row["seed_share"] == 1.0 and not row["fragile"]
    assert row["book_median"] == pytest.approx(0.55) and row["book_low"] == pytest.approx(0.145)
    assert row["book_high"] == pytest.approx(0.955)


def test_a_claim_whose_status_flips_under_more_than_a_fifth_of_the_seeds_is_fragile():
    runs = _runs({s: (0.5 if s <= 7 else 2.0) for s in range(1, 11)})  # 3 of 10 seeds disagree
    row = judge([_spec()], runs, book_seed=1).frame.iloc[0]
    assert row["seed_share"] == pytest.approx(0.7) and row["fragile"]
    runs = _runs({s: (0.5 if s <= 8 else 2.0) for s in range(1, 11)})  # 2 of 10: exactly 20 %, not fragile
    assert not judge([_spec()], runs, book_seed=1).frame.iloc[0]["fragile"]
    # judged from a seed in the minority, the verdict is still the seeds' majority; the book seed's
    # own status stays beside it
    row = judge([_spec()], runs, book_seed=9).frame.iloc[0]
    assert row["status"] == row["status_majority"] == "reproduced" and row["status_book_seed"] == "not_reproduced"
    assert row["seed_share"] == pytest.approx(0.8) and not row["fragile"]


def test_a_non_finite_value_is_not_reproduced_and_says_why():
    runs = _runs({1: float("nan"), 2: float("inf")})
    row = judge([_spec()], runs, book_seed=1).frame.iloc[0]
    assert row["status"] == "not_reproduced" and "not computed" in row["reason"]


def test_booleans_and_callable_notes():
    spec = _spec(value=lambda r: r.value("loss") < 1, criterion=Holds("loss below 1 %"),
                 note=lambda r: f"seed {r.seed}")
    row = judge([spec], _runs({1: 0.5, 2: 0.7}), book_seed=2).frame.iloc[0]
    assert bool(row["book_value"]) is True and row["reason"].endswith("seed 2") and row["book_median"] == 1.0


def test_statuses_by_seed_is_a_claim_by_seed_table():
    table = statuses_by_seed([_spec()], _runs({1: 0.5, 2: 2.0}))
    assert table.loc["x"].tolist() == ["reproduced", "not_reproduced"]


@pytest.mark.parametrize("bad,match", [
    (dict(kind="guess"), "kind must be one of"),
    (dict(expected="maybe"), "expected must be one of"),
    (dict(id="Bad Id"), "id must be"),
    (dict(quote=" "), "quote must be"),
])
def test_claim_specs_refuse_bad_fields(bad, match):
    with pytest.raises(ValueError, match=match):
        _spec(**bad)


def test_judge_refuses_a_missing_book_seed_and_duplicate_ids():
    runs = _runs({1: 0.5})
    with pytest.raises(ValueError, match="book_seed 2 has no run"):
        judge([_spec()], runs, book_seed=2)
    with pytest.raises(ValueError, match="appears twice"):
        judge([_spec(), _spec()], runs, book_seed=1)


def _square_run(params, *, seed):
    return Results("taylor1993", seed=seed, params=params, tables={}, descriptions={}, values={"loss": seed * seed})


def test_run_seeds_gives_the_same_results_in_one_or_two_processes():
    one = run_seeds(_square_run, None, judging_seeds(4, root=5), workers=1)
    two = run_seeds(_square_run, None, judging_seeds(4, root=5), workers=2)
    assert list(one) == list(two) == [5, 6, 7, 8]
    assert [r.value("loss") for r in one.values()] == [r.value("loss") for r in two.values()]
    with pytest.raises(ValueError, match="distinct"):
        run_seeds(_square_run, None, [1, 1])
    with pytest.raises(ValueError, match="workers"):
        run_seeds(_square_run, None, [1], workers=0)


def test_the_headline_counts_robust_non_vacuous_non_structural_predictions_only():
    n = 9
    frame = pd.DataFrame({
        "kind": ["prediction"] * 6 + ["calibrated", "construction", ""],
        "fragile": [False, False, True, False, False, False, False, False, False],
        "readings": ["robust", "robust", "robust", "depends", None, "robust", None, None, None],
        "vacuous": [False, False, False, False, False, True, False, False, False],
        "structural": [None, False, None, None, True, None, None, None, None],
        "status_majority": ["reproduced", "not_reproduced"] + ["reproduced"] * 7,
        "kind_flag": [""] * n,
    })
    h = headline(frame)
    assert (h["predictions"], h["reproduced"], h["share"]) == (2, 1, 50.0)
    assert (h["fragile"], h["depends"], h["structural"], h["vacuous"]) == (1, 1, 1, 1)
    assert (h["calibrated"], h["construction"], h["unclassified"], h["claims"]) == (1, 1, 1, n)


def test_majority_breaks_ties_towards_the_less_favourable_status():
    from mmperf.verdicts import majority

    assert majority(["reproduced"] * 3 + ["partly"] * 2) == "reproduced"
    assert majority(["reproduced", "partly"]) == "partly"
    assert majority(["partly", "not_reproduced"]) == "not_reproduced"
    with pytest.raises(ValueError, match="empty"):
        majority([])


def test_witnesses_find_a_failing_and_a_passing_value_or_call_the_claim_vacuous():
    from mmperf.verdicts import witnesses

    fail, ok = witnesses(_spec(), [0.5])
    assert _spec().criterion.judge(fail)[0] == "not_reproduced" and _spec().criterion.judge(ok)[0] == "reproduced"
    # a criterion covering the quantity's whole physical range cannot fail
    assert witnesses(_spec(criterion=Range(0, 100), domain=(0, 100)), [3.0])[0] is None
    assert witnesses(_spec(criterion=Range(0, 100)), [3.0])[0] is not None  # no domain: any real number
    assert witnesses(_spec(criterion=Holds("x")), [True]) == (False, True)
    with pytest.raises(ValueError, match="domain"):
        _spec(domain=(5, 1))


def _audit(rows):
    return pd.DataFrame(rows, columns=["variant", "seed", "claim_id", "value", "status"])


def test_the_audit_marks_readings_structural_claims_and_the_paper_reading():
    from dataclasses import replace as _replace

    from mmperf.assumptions import Ablation, Assumption, Reading

    a = Assumption("cv", choice="0.1", why="not stated",
                   alternatives=(Reading("0.3", source="s", apply=lambda p: p),))
    b = Ablation("sched", removes="the scheduler", apply=lambda p: p, meant_to_produce=("x",))
    runs = _runs({s: 0.5 for s in range(1, 4)})
    rows = [(v, s, "x", val, st) for s in (1, 2, 3) for v, val, st in
            (("book", 0.5, "reproduced"), ("cv=0.3", 2.0, "not_reproduced"), ("ablation:sched", 0.6, "reproduced"))]
    row = judge([_spec()], runs, book_seed=1, audit=_audit(rows), assumptions=(a,), ablations=(b,)).frame.iloc[0]
    assert row["readings"] == "depends" and row["depends_on"] == "cv" and row["paper_reading"] == "book"
    assert row["structural"] is True or row["structural"] == True  # noqa: E712 (the ablation left it reproduced)
    rows = [r if r[0] != "ablation:sched" else (r[0], r[1], "x", 2.0, "not_reproduced") for r in rows]
    rows = [r if r[0] != "cv=0.3" else (r[0], r[1], "x", 0.4, "reproduced") for r in rows]
    row = judge([_spec()], runs, book_seed=1, audit=_audit(rows), assumptions=(a,), ablations=(b,)).frame.iloc[0]
    assert row["readings"] == "robust" and row["depends_on"] == "" and row["paper_reading"] == "book;cv=0.3"
    assert not row["structural"]
    with pytest.raises(ValueError, match="lacks readings"):
        judge([_spec()], runs, book_seed=1, audit=_audit([r for r in rows if r[0] != "cv=0.3"]),
              assumptions=(a,), ablations=(b,))


def test_a_prediction_that_moves_under_nothing_is_flagged():
    runs = _runs({s: 0.5 for s in range(1, 4)})
    rows = [(v, s, "x", 0.5, "reproduced") for s in (1, 2, 3) for v in ("book", "ablation:sched")]
    assert judge([_spec()], runs, book_seed=1, audit=_audit(rows)).frame.iloc[0]["kind_flag"].startswith("unmoved")
    rows[-1] = ("ablation:sched", 3, "x", 0.7, "reproduced")
    assert judge([_spec()], runs, book_seed=1, audit=_audit(rows)).frame.iloc[0]["kind_flag"] == ""


def test_a_kind_flag_is_open_until_a_note_resolves_it():
    runs = _runs({s: 0.5 for s in range(1, 4)})
    rows = [(v, s, "x", 0.5, "reproduced") for s in (1, 2, 3) for v in ("book", "ablation:sched")]
    frame = judge([_spec()], runs, book_seed=1, audit=_audit(rows)).frame
    assert (headline(frame)["kind_flags"], headline(frame)["kind_flags_open"]) == (1, 1)
    frame = judge([_spec(kind_note="a count the grid decides")], runs, book_seed=1, audit=_audit(rows)).frame
    assert frame.iloc[0]["kind_note"] == "a count the grid decides"
    assert (headline(frame)["kind_flags"], headline(frame)["kind_flags_open"]) == (1, 0)
    # a note on a claim the audit does not flag is not published
    rows[-1] = ("ablation:sched", 3, "x", 0.7, "reproduced")
    assert judge([_spec(kind_note="n")], runs, book_seed=1, audit=_audit(rows)).frame.iloc[0]["kind_note"] == ""
    with pytest.raises(TypeError, match="kind_note"):
        _spec(kind_note=3)


def test_results_name_their_tables():
    r = Results("taylor1993", seed=1, params=None, tables={"a": pd.DataFrame({"x": [1]})}, descriptions={"a": "x [1]"})
    with pytest.raises(KeyError, match="tables are"):
        r.table("b")
    with pytest.raises(ValueError, match="needs a description"):
        Results("taylor1993", seed=1, params=None, tables={"a": pd.DataFrame()}, descriptions={})
    with pytest.raises(ValueError, match="seed must be"):
        Results("taylor1993", seed=-1, params=None, tables={}, descriptions={})


def test_a_verdict_inside_the_seed_noise_is_fragile_even_when_most_seeds_agree():
    # a gap whose median (0.035) sits within one robust seed-to-seed sd (0.21) of the bound 0: 8 of 10 seeds pass
    gaps = [0.01, 0.02, 0.03, 0.04, 0.05, 0.3, 0.4, 0.5, -0.3, -0.4]
    spec = _spec(criterion=Range(0, float("inf")), quantity="gap [ms]")
    row = judge([spec], _runs(dict(zip(range(1, 11), gaps))), book_seed=1).frame.iloc[0]
    assert row["status"] == "reproduced" and float(row["seed_share"]) == 0.8
    assert bool(row["fragile"]) and "seed-to-seed noise" in row["reason"]
    # the same spread far from the bound is clear of it
    row = judge([spec], _runs({s: g + 1 for s, g in zip(range(1, 11), gaps)}), book_seed=1).frame.iloc[0]
    assert not bool(row["fragile"]) and "noise" not in row["reason"]
    # a bound at an end of the quantity's physical domain cannot be crossed by noise from one side
    loss = _spec(criterion=Range(0, 1), domain=(0, 100))
    row = judge([loss], _runs({s: v for s, v in zip(range(1, 11), [0, 0, 0.01, 0, 0.02, 0, 0, 0.01, 0, 0])}),
                book_seed=1).frame.iloc[0]
    assert not bool(row["fragile"])
    # a tolerance's target is not a bound: a median on the paper's value is not noise
    from mmperf.claims import Tolerance
    tol = _spec(criterion=Tolerance(10, abs=3))
    values = [9.0, 10.5, 11.0, 9.5, 10.0, 10.2, 9.8, 10.1, 9.9, 10.3]
    assert not bool(judge([tol], _runs(dict(zip(range(1, 11), values))), book_seed=1).frame.iloc[0]["fragile"])
    assert noise_bound(tol, [12.5, 13.4, 12.9, 13.2]) == 13.0
