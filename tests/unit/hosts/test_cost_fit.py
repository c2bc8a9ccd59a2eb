"""Host-cost fitting (mmperf.hosts.cost_fit): closed forms and round trips of the fits."""

import numpy as np
import pytest

from mmperf.hosts import cost_fit, identification, testbed


def test_fluid_display_loss_closed_form():
    # 100 ms display, no kernel cost, 2 ms packets: 50 arrive, 40 fit, 10 lost
    assert cost_fit.fluid_display_loss(2.0, display_ms=100.0, kernel_ms=0.0, buffer_packets=40) == pytest.approx(10.0)
    assert cost_fit.fluid_display_loss(5.0, display_ms=100.0, kernel_ms=0.0, buffer_packets=40) == 0.0
    # a kernel taking half of each packet time doubles the display's wall time: 200 ms, 100 arrive, 60 lost
    assert cost_fit.fluid_display_loss(2.0, display_ms=100.0, kernel_ms=1.0, buffer_packets=40) == pytest.approx(60.0)


def test_display_ratio_round_trip():
    p = np.array([1.0, 1.5, 2.0, 2.5])
    truth = 3.7
    lost = cost_fit.fluid_display_loss(p, display_ms=truth * 40.0, kernel_ms=0.2, buffer_packets=40)
    assert (lost > 0).all()
    k = cost_fit.fit_display_ratio(p, lost, frame_read_ms=40.0, kernel_ms=0.2, buffer_packets=40)
    assert k == pytest.approx(truth, abs=1e-5)
    with pytest.raises(ValueError, match="avg_lost"):
        cost_fit.fit_display_ratio(p, lost[:2], frame_read_ms=40.0, kernel_ms=0.2, buffer_packets=40)


def _rows(ck=0.3, ca=0.5):
    link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    p = np.array([0.4, 0.5, 0.7, 1.0, 1.3, 2.0])  # three rows past the knee (0.8 ms) identify both costs
    a = testbed.arrival_rate(p, [link] * p.size, packet_bytes=1256)
    y = testbed.read_rate(a, kernel_ms=ck, app_ms=ca) * 1256 * 8 / 1000
    return p, a, y


def test_best_kernel_profile_recovers_the_costs_that_made_the_rows():
    p, a, y = _rows()
    prof = cost_fit.best_kernel_profile(a, y, mbps_per_rate=1256 * 8 / 1000, app_grid=[0.3, 0.5, 0.8], scale_ms=p.min())
    at = prof.set_index("app_ms").loc[0.5]
    assert at["kernel_ms"] == pytest.approx(0.3, abs=1e-5) and at["rms_rel_error"] < 1e-6
    # every other application cost fits worse
    assert (prof.loc[prof["app_ms"] != 0.5, "rms_rel_error"] > at["rms_rel_error"]).all()


def test_set_point_takes_the_summary_points_and_the_nearest_cost():
    p, a, y = _rows()
    grid = identification.consistent_costs(a, y, mbps_per_rate=1256 * 8 / 1000, rel_error=0.05, digit=0.01,
                                           kernel_grid=np.linspace(0.0, 1.0, 101), app_grid=np.linspace(0.01, 1.0, 100))
    s = identification.set_summary(grid)
    for name in cost_fit.POINTS:
        m = cost_fit.set_point(grid, s, point=name)
        assert (m["kernel_ms"], m["app_ms"]) == s[f"point_{name}"]
    m = cost_fit.set_point(grid, s, point=0.5)
    assert m["app_ms"] == pytest.approx(0.5) and grid.loc[(grid["kernel_ms"] == m["kernel_ms"])
                                                          & (grid["app_ms"] == m["app_ms"]), "inside"].all()
    with pytest.raises(ValueError, match="point"):
        cost_fit.set_point(grid, s, point="middle")
    empty = grid.assign(inside=False)
    with pytest.raises(ValueError, match="empty"):
        cost_fit.set_point(empty, identification.set_summary(empty))
