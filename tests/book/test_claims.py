import json
import math

import nbformat
import pandas as pd
import pytest

from mmperf import claims
from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.results import Results
from mmperf.verdicts import judge


def _scorecard(paper, checks, **kw):
    """Judge one run whose values are ``{claim id: value}`` against ``{claim id: criterion}``."""
    specs = [ClaimSpec(cid, quote="q", where="Sec. 1", quantity="x [unit]", paper_value="1",
                       value=lambda r, cid=cid: r.value(cid), criterion=crit, kind="prediction",
                       expected="reproduced", **kw) for cid, (crit, _) in checks.items()]
    run = Results(paper, seed=1, params=None, tables={}, descriptions={},
                  values={cid: value for cid, (_, value) in checks.items()})
    return judge(specs, {1: run}, book_seed=1)


@pytest.mark.parametrize(
    "value, status",
    [(10.0, "reproduced"), (10.9, "reproduced"), (11.5, "partly"), (12.5, "not_reproduced"), (8.6, "partly")],
)
def test_tolerance(value, status):
    assert Tolerance(10.0, abs=1.0).judge(value)[0] == status


def test_relative_tolerance_uses_the_target_scale():
    crit = Tolerance(200.0, rel=0.05)
    assert crit.tolerance == pytest.approx(10.0)
    assert crit.judge(209.0)[0] == "reproduced"
    assert crit.judge(215.0)[0] == "partly"


@pytest.mark.parametrize("value, status", [(2.5, "reproduced"), (2.0, "reproduced"), (4.0, "partly"), (6.0, "not_reproduced")])
def test_range(value, status):
    assert Range(2.0, 3.0, partly=(1.0, 5.0)).judge(value)[0] == status


def test_one_sided_range():
    crit = Range(-math.inf, 5.0)
    assert crit.describe() == "at most 5"
    assert crit.judge(-100)[0] == "reproduced"
    assert crit.judge(5.1)[0] == "not_reproduced"


@pytest.mark.parametrize("value, status", [(True, "reproduced"), (False, "not_reproduced"), (0.9, "partly"), (0.2, "not_reproduced")])
def test_holds(value, status):
    assert Holds("PER rises with K").judge(value)[0] == status


@pytest.mark.parametrize(
    "make",
    [
        lambda: Tolerance(1.0),
        lambda: Tolerance(1.0, abs=-1),
        lambda: Range(3.0, 2.0),
        lambda: Range(2.0, 3.0, partly=(2.5, 4.0)),
        lambda: Holds(""),
        lambda: Holds("x", required=0.5, partly=0.9),
    ],
)
def test_bad_criteria_are_rejected(make):
    with pytest.raises(ValueError):
        make()


def test_holds_rejects_a_fraction_outside_0_1():
    with pytest.raises(ValueError, match="fraction"):
        Holds("x").judge(1.5)


def test_status_follows_the_value_and_none_is_not_computed():
    frame = _scorecard("taylor1993", {"a": (Tolerance(5.0, abs=0.1), 5.05), "b": (Tolerance(5.0, abs=0.1), None),
                                      "c": (Tolerance(5.0, abs=0.1), float("nan"))}).frame.set_index("claim_id")
    assert frame.at["a", "status"] == "reproduced"
    assert frame.at["b", "status"] == "not_reproduced" and frame.at["b", "reason"].startswith("not computed")
    assert pd.isna(frame.at["c", "book_value"]) and frame.at["c", "status"] == "not_reproduced"


def test_note_is_kept_in_the_reason():
    frame = _scorecard("taylor1993", {"a": (Range(2, 3), 7.0)}, note="the socket buffer is smaller here").frame
    assert frame.at[0, "status"] == "not_reproduced"
    assert "socket buffer" in frame.at[0, "reason"] and "is not in [2, 3]" in frame.at[0, "reason"]


def test_publish_embeds_records_that_collect_reads_back(tmp_path):
    card = _scorecard("chodorek2018", {"s4-zero-per": (Holds("PER is zero"), 0.95), "s3-range": (Range(0.02, 0.49), 0.3)})
    bundle = card._repr_mimebundle_()
    assert claims.MIME_TYPE in bundle and "s4-zero-per" in bundle["text/html"]
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("card")
    cell.outputs = [nbformat.v4.new_output("execute_result", data=bundle, execution_count=1)]
    nb.cells = [cell]
    path = tmp_path / "chapter.ipynb"
    nbformat.write(nb, path)
    frame = claims.collect([path])
    assert list(frame["claim_id"]) == ["s4-zero-per", "s3-range"]
    assert list(frame["status"]) == ["partly", "reproduced"]
    assert frame.loc[1, "book_value"] == pytest.approx(0.3)
    out = claims.write_csv(frame, tmp_path / "out" / "claims.csv")
    back = pd.read_csv(out)
    assert list(back.columns) == claims.CSV_COLUMNS
    assert set(back["status"]) <= set(claims.STATUSES)


def test_collect_rejects_duplicates_and_missing_files(tmp_path):
    bundle = _scorecard("ortiz2013", {"x": (Range(0, 1), 0.5)})._repr_mimebundle_()
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [nbformat.v4.new_output("display_data", data=bundle)] * 2
    nb.cells = [cell]
    path = tmp_path / "dup.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(ValueError, match="registered twice"):
        claims.collect([path])
    with pytest.raises(FileNotFoundError):
        claims.collect([tmp_path / "missing.ipynb"])


def test_a_page_that_only_shows_claims_does_not_embed_them():
    frame = pd.DataFrame(columns=claims.CSV_COLUMNS)
    assert claims.MIME_TYPE not in claims.Scorecard(frame, embed=False)._repr_mimebundle_()


def test_records_are_json_serialisable():
    json.dumps(_scorecard("huynh1994", {"x": (Holds("flat"), True)}).frame.to_dict("records"))


@pytest.mark.parametrize("make,match", [
    (lambda: claims.Tolerance(10, abs=1, partly=math.inf), "partly must be a finite number"),
    (lambda: claims.Tolerance(math.nan, abs=1), "target must be a number, got NaN"),
    (lambda: claims.Tolerance(math.inf, rel=0.1), "target must be a finite number"),
    (lambda: claims.Tolerance(1, abs=math.nan), "abs must be a number"),
    (lambda: claims.Range(math.nan, 1), "low must be a number, got NaN"),
    (lambda: claims.Range(-math.inf, math.inf), "cannot fail"),
    (lambda: claims.Range(math.inf, math.inf), "bounds must be finite"),
    (lambda: claims.Range(0, 1, partly=(math.nan, 2)), "partly must be a number"),
    (lambda: claims.Holds("x", required=math.nan), "required must be a number"),
])
def test_a_criterion_cannot_be_built_to_pass_anything(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize("criterion", [claims.Range(1, math.inf), claims.Range(-math.inf, 5),
                                       claims.Tolerance(10, abs=1), claims.Holds("x")])
@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_non_finite_book_value_is_not_reproduced_with_the_reason(criterion, value):
    if isinstance(criterion, claims.Holds) and math.isinf(value):
        with pytest.raises(ValueError, match="fraction"):
            criterion.judge(value)
        return
    status, reason = criterion.judge(value)
    assert status == "not_reproduced" and ("not a finite number" in reason or "not a fraction" in reason)
