"""surrogate_agreement: a cell agrees within max(absolute, relative x |reference|) of its metric's tolerance."""

import pandas as pd
import pytest

from mmperf.metrics.surrogate import surrogate_agreement

TOL = {"per": (0.05, 0.25), "link_utilization": (1.0, 0.0), "video_throughput": (5.0, 0.03), "tcp_throughput": (5.0, 0.03)}
ON, BY = ["scenario", "K", "N", "metric"], ["scenario", "metric"]


def _frame(cells):
    return pd.DataFrame([{"scenario": s, "K": k, "N": n, "metric": m, "value": v}
                         for s, k, n in cells for m, v in (("per", 1.0), ("link_utilization", 90.0),
                                                           ("video_throughput", 100.0), ("tcp_throughput", 500.0))])


def test_the_stated_tolerance_is_applied_per_metric():
    cells = [("s1", 1, 1), ("s1", 2, 2)]
    ref = _frame(cells)
    same = surrogate_agreement(ref, ref, on=ON, by=BY, tolerance=TOL)
    assert same.surrogate_ok.all() and (same.agree == 2).all() and (same.largest_gap == 0).all()
    sur = ref.copy()
    # PER off by 20 % (inside 25 %) in one cell, utilization off by 1.5 points (outside 1) in the other
    sur.loc[(sur.metric == "per") & (sur.K == 1), "value"] = 1.2
    sur.loc[(sur.metric == "link_utilization") & (sur.K == 2), "value"] = 91.5
    got = surrogate_agreement(sur, ref, on=ON, by=BY, tolerance=TOL).set_index("metric")
    assert bool(got.loc["per", "surrogate_ok"]) and not bool(got.loc["link_utilization", "surrogate_ok"])
    assert got.loc["link_utilization", "largest_gap"] == pytest.approx(1.5) and got.loc["link_utilization", "agree"] == 1


def test_only_the_given_cells_are_judged():
    ref = _frame([("s1", 1, 1), ("s1", 2, 2)])
    sur = ref.assign(value=ref.value.where(ref.K == 1, ref.value * 10))  # the K = 2 cell is far off
    keep = pd.DataFrame([("s1", 1, 1)], columns=["scenario", "K", "N"])
    got = surrogate_agreement(sur, ref, on=ON, by=BY, tolerance=TOL, cells=keep)
    assert got.surrogate_ok.all() and (got.cells == 1).all()
    assert not surrogate_agreement(sur, ref, on=ON, by=BY, tolerance=TOL).surrogate_ok.any()


def test_bad_tolerances_are_refused_by_name():
    ref = _frame([("s1", 1, 1)])
    with pytest.raises(ValueError, match="tolerance"):
        surrogate_agreement(ref, ref, on=ON, by=BY, tolerance={"per": (0.05, 0.25)})  # the other metrics lack one
    with pytest.raises(ValueError, match="tolerance"):
        surrogate_agreement(ref, ref, on=ON, by=BY, tolerance={**TOL, "per": (-1.0, 0.0)})
