"""Each claim of Claypool, Habermann & Riedl 1998, sections 3-6, checked against the package.

A claim the book does not reproduce is marked xfail(strict=True) with the reason; see the chapter
book/claypool1998-jitter.ipynb for the discussion.
"""

import numpy as np
import pytest

from mmperf.experiments import claypool1998 as X
from mmperf.metrics import jitter
from mmperf.metrics.fits import grouped_fits, line_fit


@pytest.fixture(scope="module")
def runs():
    return X.runs()


@pytest.fixture(scope="module")
def pairs(runs):
    t2 = X.table2_comparison(runs)
    t2 = t2[t2["row"] < t2["column"]].copy()
    t2["range"] = (t2["row"] == "Range") | (t2["column"] == "Range")
    return t2


def test_table2_core_correlations_match(pairs):
    assert pairs.loc[~pairs["range"], "difference"].abs().mean() < 0.05


def test_table2_rest_correlate_well(pairs):
    core = pairs[~pairs["range"] & ~((pairs["row"] == "Absdev") & (pairs["column"] == "Gaps"))]
    assert core["book"].round(2).between(0.72, 0.99).all()


@pytest.mark.xfail(strict=True, reason="range is driven by the same quantum waits as variance in the book's scheduler")
def test_table2_range_correlates_poorly(pairs):
    assert pairs.loc[pairs["range"], "book"].max() < 0.5


def test_reflection_effect():
    cfg = list(X.reflection_configs().values())
    top = np.mean([jitter.reflection(X.trace(cfg[0], r)["interarrival_us"]) for r in range(5)])
    bottom = np.mean([jitter.reflection(X.trace(cfg[1], r)["interarrival_us"]) for r in range(5)])
    vtop = np.mean([jitter.variance(X.trace(cfg[0], r)["interarrival_us"]) for r in range(5)])
    vbot = np.mean([jitter.variance(X.trace(cfg[1], r)["interarrival_us"]) for r in range(5)])
    assert bottom < 0.5 < top and vtop > vbot


@pytest.mark.parametrize("experiment", ["size-rate", "rate"])
def test_rate_does_not_change_late_packet_variance(runs, experiment):
    d = runs[runs["experiment"] == experiment]
    assert abs(np.corrcoef(d["period_us"], d["reflection_free"])[0, 1]) <= 0.3


def test_jitter_grows_with_load_and_slopes_fall_with_power(runs):
    s, _ = grouped_fits(runs[runs["experiment"] == "processor-load"], "load", "variance", "workstation")
    s = s.assign(spec=s["workstation"].map(X.SPECINT92)).sort_values("spec")
    assert (s["slope_low"] > 0).all()
    assert (np.diff(s["slope"]) < 0).all()
    assert s["r"].min() >= 0.96
    assert s.loc[s["workstation"] == "SLC", "r"].iloc[0] == pytest.approx(0.98, abs=0.02)


@pytest.mark.xfail(strict=True, reason="the book's lines converge near zero load, not at load 1")
def test_fig7_lines_meet_near_load_one(runs):
    s, _ = grouped_fits(runs[runs["experiment"] == "processor-load"], "load", "variance", "workstation")
    assert 0.5 <= X.closest_approach(s) <= 1.5


def test_environment_order(runs):
    v = runs[runs["experiment"] == "environment"].groupby("environment")["variance"].mean()
    assert v["single-user, dedicated network"] < v["single-user, night"] < min(
        v["multi-user, day"], v["multi-user, night"], v["single-user, day"])


def test_isolated_power_correlation(runs):
    iso = runs[runs["experiment"] == "isolated"]
    assert line_fit(iso["specint92"], 1 / iso["variance"]).r == pytest.approx(0.98, abs=0.02)


def test_priorities(runs):
    s, _ = grouped_fits(runs[runs["experiment"] == "priority"], "load", "variance", "sched_class")
    s = s.set_index("sched_class")
    assert abs(s.loc["real-time", "slope"]) / s.loc["default", "slope"] < 0.02
    assert max(s.loc["niced", "slope_high"], s.loc["real-time", "slope_high"]) < s.loc["default", "slope_low"]
    assert s.loc["default", "x_intercept"] == pytest.approx(1.0, abs=0.5)


@pytest.mark.xfail(strict=True, reason="a niced process is overtaken in proportion to the counters: no onset at load 2")
def test_niced_line_crosses_zero_near_two(runs):
    s, _ = grouped_fits(runs[runs["experiment"] == "priority"], "load", "variance", "sched_class")
    assert s.set_index("sched_class").loc["niced", "x_intercept"] == pytest.approx(2.0, abs=0.5)


def test_networks(runs):
    nv = runs[runs["experiment"] == "network"].groupby(["network", "net_loaded"])["variance"].mean().unstack()
    assert nv[False].max() / nv[False].min() < 1.5
    assert nv.loc["Ethernet", True] > nv.loc["Fibre Channel", True] > nv.loc["HIPPI", True]


@pytest.mark.xfail(strict=True, reason="loaded Fibre Channel and HIPPI runs sit at the hosts' own jitter floor")
def test_fig13_bandwidth_correlation(runs):
    d = runs[(runs["experiment"] == "network") & runs["net_loaded"]].groupby("mbps")["variance"].mean()
    assert np.corrcoef(d.index, 1 / d.to_numpy())[0, 1] == pytest.approx(0.98, abs=0.02)
