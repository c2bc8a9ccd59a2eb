"""The quality chapter's claims of Claypool, Habermann & Riedl 1998 (Secs. 7-9), checked against the package.

The jitter chapter's claims (Secs. 3-6) are data (mmperf.experiments.claypool1998.CLAIMS) and are
checked by the generated tests/papers/test_claims.py over ten seeds. A quality claim the book does
not reproduce is marked xfail(strict=True) with the reason; see book/claypool1998-quality.ipynb.
"""

import numpy as np
import pytest

from mmperf.experiments import claypool1998 as X
from mmperf.metrics import jitter
from mmperf.metrics.fits import grouped_fits, line_fit  # noqa: F401
from mmperf.quality import planning as P


@pytest.fixture(scope="module")
def runs():
    return X.runs()



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
