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


# --- sections 7-9: the quality planning model (book/claypool1998-quality.ipynb) --------------------

from mmperf.quality import planning as P  # noqa: E402


def test_fig16_runs_like_the_papers_example_exist(runs):
    assert runs["dropped_100ms_pct"].between(1, 3).any()


@pytest.mark.xfail(strict=True, reason="the book's late tail is one or two 100 ms quanta: median no-drop buffer ~145 ms")
def test_fig16_no_drop_needs_over_200ms(runs):
    like = runs[runs["dropped_100ms_pct"].between(1, 3)]
    assert like["no_drop_buffer_us"].median() > 200_000


@pytest.mark.xfail(strict=True, reason="the optimal buffer saturates at 250 ms, bending the buffer-area relation")
def test_fig17_correlation(runs):
    assert line_fit(runs["area"], runs["buffer_us"]).r == pytest.approx(0.96, abs=0.02)


@pytest.mark.xfail(strict=True, reason="partly: book r 0.97 against the paper's 0.95 (tolerance 0.02)")
def test_fig18_correlation(runs):
    assert line_fit(runs["variance"], runs["area"]).r == pytest.approx(0.95, abs=0.02)


def test_regression_equations_substitute():
    t = P.regression_thresholds(buf_slope=26.5, buf_intercept=-624_000, area_slope=0.000198, area_intercept=1_590_000,
                                area_threshold=75_000, jitter_threshold=1e9).set_index("quantity")["value"]
    assert t["Buf-Jitter slope (substituted)"] == pytest.approx(0.00525, rel=0.01)


@pytest.mark.xfail(strict=True, reason="the paper's thresholds contradict its own equations (1.36 s buffer at area 75,000)")
def test_paper_thresholds_follow_from_its_equations():
    t = P.regression_thresholds(buf_slope=26.5, buf_intercept=-624_000, area_slope=0.000198, area_intercept=1_590_000,
                                area_threshold=75_000, jitter_threshold=1e9).set_index("quantity")["value"]
    assert t["buffer at the area threshold"] <= 10_000 and t["area at the jitter threshold"] <= 75_000


@pytest.fixture(scope="module")
def table4():
    return X.table4().pivot(index="network", columns="column", values="book")


@pytest.mark.xfail(strict=True, reason="partly: the sum counts the hosts' own jitter twice, ~4-8 % over the actual")
def test_table4_additivity_within_7_percent(table4):
    assert ((table4["predicted"] - table4["actual"]).abs() / table4["actual"]).max() <= 0.07


def test_table4_magnitudes(table4):
    assert table4.loc["Ethernet", "network"] == pytest.approx(411.37, rel=0.25)
    assert table4["processor"].mean() == pytest.approx(552.1, rel=0.25)
    assert ((table4["predicted"] - table4["actual"]).abs() / table4["actual"]).max() <= 0.14


def test_fig19_processor_not_network():
    f = X.fig19().groupby(["scenario", "x"], as_index=False)["quality"].mean()
    cpu = f[f["scenario"].str.startswith("processor")]
    net = f[f["scenario"].str.startswith("bandwidth")]
    assert cpu.loc[cpu["quality"] <= 1, "x"].min() == pytest.approx(40, abs=5)  # calibration point
    assert (net["quality"] > 1).all()


def test_fig20_users():
    users = P.max_acceptable_users(X.fig20())
    assert users["IPX + Ethernet"] < 5
    assert 8 <= users["Sparc 5 + Fibre Channel"] <= 12
    assert users["DEC Alpha + HIPPI"] > 50


@pytest.fixture(scope="module")
def fig21():
    return X.fig21().groupby(["system", "load"])["quality"].mean().unstack("system")


def test_fig21_real_time_flat_and_best(fig21):
    rt = fig21["IPX + Ethernet, real-time"]
    assert (rt.max() - rt.min()) / rt.mean() < 0.1
    others = fig21.drop(columns="IPX + Ethernet, real-time")
    assert (rt.loc[1:] < others.loc[1:].min(axis=1)).all()


@pytest.mark.xfail(strict=True, reason="processor power sets how often the conference waits behind the counters")
def test_fig21_three_systems_coincide(fig21):
    three = fig21.drop(columns="IPX + Ethernet, real-time")
    assert ((three.max(axis=1) - three.min(axis=1)) / three.mean(axis=1)).max() < 0.2


@pytest.fixture(scope="module")
def projection():
    return X.projection()


@pytest.mark.xfail(strict=True, reason="partly: default-priority jitter reaches 1e9 after ~4.6 years at six counters")
def test_fig22_no_buffer_free_jitter_within_five_years(projection):
    assert P.crossing_year(projection[projection["sched_class"] == "default"], 1e9) >= 5


def test_fig22_real_time_today(projection):
    assert P.crossing_year(projection[projection["sched_class"] == "real-time"], 1e9) <= 0.5


def test_ethernet_bottleneck_in_about_a_year():
    bn = X.bottleneck()
    assert bn.loc[bn["ethernet_users"] < bn["hippi_users"], "year"].min() == pytest.approx(1.0, abs=0.5)
