"""The quality planning model (Claypool, Habermann & Riedl 1998, Secs. 7-8)."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.quality import planning as P

lim = P.VIDEOCONFERENCE


def test_limits_are_the_papers():
    assert lim.latency_us == 230_000 and lim.max_gaps_pct == 6 and lim.min_frame_rate == 3
    assert lim.max_loss == pytest.approx(0.9)
    assert P.LIVE_AUDIO.latency_us == 400_000


@pytest.mark.parametrize("field,value", [("latency_us", 0), ("latency_us", -5), ("max_gaps_pct", 0), ("min_frame_rate", -1),
                                         ("full_frame_rate", float("nan")), ("max_gaps_pct", 150), ("min_frame_rate", 30)])
def test_bad_limits_raise(field, value):
    with pytest.raises(ValueError, match=field):
        P.UserLimits(**{field: value})


def test_quality_on_hand_computed_points():
    assert P.quality(0, 0, 0) == 0
    assert P.quality(230_000, 0, 0) == pytest.approx(1)
    assert P.quality(0, 6, 0) == pytest.approx(1)
    assert P.quality(0, 0, 0.9) == pytest.approx(1)
    assert P.quality(230_000, 6, 0.9) == pytest.approx(np.sqrt(3))
    assert P.quality(115_000, 3, 0.45) == pytest.approx(np.sqrt(3) / 2)
    assert P.quality(138_000, 4.8, 0) == pytest.approx(1)  # 0.6, 0.8 -> 3-4-5 triangle
    assert P.acceptable(P.quality(138_000, 4.8, 0))
    assert not P.acceptable(P.quality(230_000, 0.1, 0))
    with pytest.raises(ValueError, match="latency_us"):
        P.quality(-1, 0, 0)


unit = st.floats(0, 2, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(unit, unit, unit, unit, unit, unit, st.floats(0, 1))
def test_acceptable_region_is_convex(a1, a2, a3, b1, b2, b3, w):
    a = np.array([a1 * lim.latency_us, a2 * lim.max_gaps_pct, a3 * lim.max_loss])
    b = np.array([b1 * lim.latency_us, b2 * lim.max_gaps_pct, b3 * lim.max_loss])
    if P.acceptable(P.quality(*a)) and P.acceptable(P.quality(*b)):
        assert P.acceptable(P.quality(*(w * a + (1 - w) * b)) - 1e-12)


@settings(max_examples=100, deadline=None)
@given(unit, unit, unit, st.floats(0, 1), st.integers(0, 2))
def test_quality_never_improves_when_an_axis_worsens(x, y, z, dx, axis):
    p = np.array([x * lim.latency_us, y * lim.max_gaps_pct, z * lim.max_loss])
    worse = p.copy()
    worse[axis] += dx * [lim.latency_us, lim.max_gaps_pct, lim.max_loss][axis]
    assert P.quality(*worse) >= P.quality(*p)


def test_optimal_buffer_on_a_known_curve():
    # dropped % falls linearly from 12 % at 0 to 0 at 115 ms: d(b)^2 = (2 - b/57.5ms)^2 + (b/230ms)^2,
    # minimised at b = 2*57.5*230^2 / (230^2 + 4*57.5^2... ) -> solve numerically against a fine grid
    b = np.arange(0, 250_001, 1000.0)
    dropped = np.clip(12 - 12 * b / 115_000, 0, None)
    best = P.optimal_buffer(pd.DataFrame({"buffer_us": b, "dropped_pct": dropped}))
    x = b / 230_000
    y = dropped / 6
    # analytic minimum of (2 - 2*230/115 x)^2 + x^2 = (2 - 4x)^2 + x^2 -> x = 8/17
    assert best["buffer_us"] == pytest.approx(8 / 17 * 230_000, abs=1000)
    assert best["distance"] == pytest.approx(np.hypot(x, y).min())


def test_optimal_buffer_errors():
    with pytest.raises(ValueError, match="buffer_us"):
        P.optimal_buffer(pd.DataFrame({"dropped_pct": [1.0]}))


def test_additive_jitter_and_load_shares():
    assert P.additive_jitter(564.63, 411.37) == pytest.approx(976.0)
    # the paper's saturation example: 5 Mb/s network, 10 Mb/s needed -> 50 % loss
    s = P.load_shares(P.System("ex", 64.0, 5.0), 1, model=P.ConferenceModel(frame_bytes=10e6 / 8 / 30))
    assert s["loss_net"] == pytest.approx(0.5)
    assert s["loss_transmission"] == pytest.approx(0.005)
    with pytest.raises(ValueError, match="users"):
        P.load_shares(P.System("ex", 64.0, 5.0), 0)


def test_evaluate_is_deterministic_and_monotone_in_users():
    s = P.System("IPX + Ethernet", 21.8, 10.0)
    a, b = P.evaluate(s, 3), P.evaluate(s, 3)
    pd.testing.assert_series_equal(a, b)
    m = P.ConferenceModel(frame_cpu_spec_us=225_000.0)  # one frame: 10 ms on the IPX; four users saturate it
    q = [P.evaluate(s, n, model=m).quality for n in (1, 2, 4)]
    assert q[0] < q[1] < q[2]
    with pytest.raises(ValueError, match="load"):
        P.evaluate(s, 3, load=-1)
    with pytest.raises(ValueError, match="sched_class"):
        P.System("x", 21.8, 10.0, sched_class="fifo")


def test_real_time_quality_ignores_load():
    s = P.System("rt", 21.8, 10.0, sched_class="real-time")
    q = [np.mean([P.evaluate(s, 2, load=ld, rep=r).quality for r in range(3)]) for ld in (0, 6)]
    assert q[1] == pytest.approx(q[0], rel=0.15)


def test_projection_arithmetic():
    p = pd.DataFrame({"year": [0.0, 1.0, 2.0, 3.0], "jitter_us2": [8e9, 4e9, 2e9, 1e9]})
    assert P.crossing_year(p, 1e9) == pytest.approx(3.0)
    assert P.crossing_year(p, 2.828e9) == pytest.approx(1.5, abs=1e-3)  # log interpolation
    assert P.crossing_year(p, 1e10) == 0.0
    assert P.crossing_year(p, 1e8) == float("inf")
    proj = P.project([0.0, 2.0], specint92=21.8, mbps=10.0, hogs=0, sched_class="default", reps=2)
    assert proj["specint92"].tolist() == pytest.approx([21.8, 87.2])
    assert proj["mbps"].tolist() == pytest.approx([10.0, 40.0])
    assert proj["jitter_us2"].iloc[1] < proj["jitter_us2"].iloc[0]


def test_paper_thresholds_do_not_follow_from_its_equations():
    t = P.regression_thresholds(buf_slope=26.5, buf_intercept=-624_000, area_slope=0.000198, area_intercept=1_590_000,
                                area_threshold=75_000, jitter_threshold=1e9).set_index("quantity")["value"]
    assert t["buffer at the area threshold"] == pytest.approx(1_363_500)
    assert t["area at which the buffer is zero"] == pytest.approx(23_547, abs=1)
    assert t["area at the jitter threshold"] == pytest.approx(1_788_000)
    assert t["jitter at which the area equals its threshold"] < 0
    assert t["Buf-Jitter slope (substituted)"] == pytest.approx(0.00525, rel=0.01)
    assert t["Buf-Jitter intercept (substituted)"] == pytest.approx(41_500_000, rel=0.01)
