"""Jitter measures on hand-made traces with known answers (Claypool et al. 1998, Sec. 3)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.metrics import jitter

A = [10, 15, 15, 15, 20]
B = [10, 10, 15, 20, 20]


def test_paper_example_same_range_different_dispersion():
    assert jitter.jitter_range(A) == jitter.jitter_range(B) == 20
    assert jitter.variance(A) == pytest.approx(12.5)
    assert jitter.variance(B) == pytest.approx(25.0)
    assert jitter.std_dev(A) == pytest.approx(np.sqrt(12.5))
    assert jitter.abs_deviation(A) == pytest.approx(10.0)
    assert jitter.abs_deviation(B) == pytest.approx(20.0)


def test_constant_stream_has_no_jitter():
    x = np.full(50, 160_000.0)
    assert jitter.variance(x) == 0
    assert jitter.abs_deviation(x) == 0
    assert jitter.reflection_free_variance(x) == 0
    send = np.arange(50) * 160_000.0
    recv = send + 3_000.0
    assert jitter.rfc3550_jitter(recv, send) == 0
    assert jitter.gaps_per_second(recv, send) == 0
    assert jitter.compensation_area(recv, send) == 0
    curve = jitter.compensation_curve(recv, send)
    assert (curve["dropped_pct"] == 0).all()


def test_nan_first_interarrival_is_ignored():
    assert jitter.variance([np.nan, *A]) == jitter.variance(A)


def test_reflection_free_variance_keeps_only_late_points():
    # mean 15: deviations -5, 0, 0, 0, +5 -> only one positive -> 0
    assert jitter.reflection_free_variance(A) == 0.0
    # 10, 20 alternating: mean 15, positive deviations 5, 5 -> 50 / 1
    assert jitter.reflection_free_variance([10, 20, 10, 20]) == pytest.approx(50 / 1)


def test_reflection_full_and_truncated():
    full = [100, 100, 150, 50, 100, 100, 100]
    assert jitter.reflection(full, late_us=10) == pytest.approx(1.0)
    truncated = [100, 100, 150, 100, 100, 100, 100]  # the late excess is not given back
    assert jitter.reflection(truncated, late_us=10) < 0.2
    assert np.isnan(jitter.reflection([100, 100, 100], late_us=10))


def test_lateness_anchors():
    send = np.array([0.0, 10, 20, 30])
    recv = np.array([5.0, 12, 29, 33])  # delays 5, 2, 9, 3
    assert jitter.lateness(recv, send).tolist() == [3, 0, 7, 1]
    assert jitter.lateness(recv, send, anchor="first").tolist() == [0, -3, 4, -2]
    with pytest.raises(ValueError, match="anchor"):
        jitter.lateness(recv, send, anchor="mean")
    with pytest.raises(ValueError, match="equal"):
        jitter.lateness(recv[:3], send)


def test_compensation_curve_known_points():
    send = np.arange(100) * 160_000.0
    late = np.zeros(100)
    late[:2] = 150_000.0  # 2 % of frames 150 ms late
    late[2:5] = 50_000.0  # 3 % 50 ms late
    recv = send + 1_000 + late
    c = jitter.compensation_curve(recv, send, buffers_us=[0, 49_000, 50_000, 100_000, 150_000, 250_000])
    assert c["dropped_pct"].tolist() == pytest.approx([5, 5, 2, 2, 0, 0])
    # exact area = 100 * mean(min(L, 250 ms)) = 100 * (2*150e3 + 3*50e3)/100
    assert jitter.compensation_area(recv, send) == pytest.approx(4.5e5)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 400_000), min_size=5, max_size=60))
def test_area_is_the_integral_of_the_curve(lates):
    late = np.array(lates)
    send = np.arange(late.size) * 160_000.0
    recv = send + late
    b = np.linspace(0, jitter.MAX_BUFFER_US, 25_001)
    curve = jitter.compensation_curve(recv, send, buffers_us=b)
    numeric = np.trapezoid(curve["dropped_pct"], b)
    step = b[1] - b[0]  # the trapezoid errs by at most 100 % x one step
    assert jitter.compensation_area(recv, send) == pytest.approx(numeric, abs=100 * step)
    # the curve never rises with more buffer
    assert (np.diff(curve["dropped_pct"].to_numpy()) <= 1e-12).all()


def test_gaps_under_the_i_policy():
    send = np.arange(10) * 1e6
    recv = send.copy()
    recv[4] += 300_000  # late by more than the 250 ms buffer -> dropped
    recv[6] += 200_000  # within the buffer
    assert jitter.gaps_per_second(recv, send) == pytest.approx(1 / 10)
    assert jitter.gaps_per_second(recv, send, buffer_us=100_000) == pytest.approx(2 / 10)
    with pytest.raises(ValueError, match="buffer_us"):
        jitter.gaps_per_second(recv, send, buffer_us=-1)


def test_rfc3550_converges_to_constant_alternation():
    send = np.arange(2000) * 20.0
    recv = send + np.where(np.arange(2000) % 2 == 0, 0.0, 4.0)  # |D| = 4 always
    assert jitter.rfc3550_jitter(recv, send) == pytest.approx(4.0, rel=1e-6)


def test_measures_need_two_values():
    with pytest.raises(ValueError, match="at least 2"):
        jitter.variance([1.0])


def test_the_chapter_runs_on_the_scheduler_and_its_counters_do_not_delay_a_light_receiver():
    """The jitter chapter's hosts run the event-driven scheduler with SVR4 on the Suns; on it the receiver of
    Sec. 4 (about 1-3 % of the processor) waits behind no counter, so its own delays (arrival to
    time stamp) are those of the idle host, datagram for datagram, whatever the number of counters."""
    from mmperf.experiments import claypool1998 as X
    from mmperf.hosts.cpu import Host, served
    from mmperf.seeds import rng

    sch = X.Params().scheduler
    assert sch == X.SCHEDULER and sch.ts_policy == "svr4"
    arrivals = np.arange(300) * 160_000.0 + 500.0
    for ws in ("SLC", "SGI Challenge L"):
        cpus = X.CPUS.get(ws, 1)
        pol = X.TS_POLICY.get(ws)  # the Suns on the chapter's SVR4, the SGI on 4.3BSD
        idle = served(arrivals, host=Host(ws, X.SPECINT92[ws], cpus=cpus, ts_policy=pol), scheduler=sch,
                      rng=rng("t", ws))["done_us"]
        for h in (1, 3, 6):
            loaded = served(arrivals, host=Host(ws, X.SPECINT92[ws], hogs=h, cpus=cpus, ts_policy=pol), scheduler=sch,
                            rng=rng("t", ws))["done_us"]
            assert np.array_equal(loaded, idle)
