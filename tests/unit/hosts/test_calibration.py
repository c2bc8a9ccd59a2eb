"""Host calibration (mmperf.hosts.calibration): round trips through the fluid model and the ablations."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts import calibration as hc
from mmperf.hosts import cost_fit, testbed

LINK = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
P = np.array([0.4, 0.5, 0.7, 1.0, 1.3, 2.0])  # three rows past the knee (0.8 ms) identify both costs


def _throughputs(ck=0.3, ca=0.5):
    a = testbed.arrival_rate(P, [LINK] * P.size, packet_bytes=1256)
    return testbed.read_rate(a, kernel_ms=ck, app_ms=ca) * 1256 * 8 / 1000


def test_identified_set_holds_the_costs_that_made_the_rows():
    grid, s = hc.identify_costs(P, _throughputs(), LINK, digit=0.01, packet_bytes=1256, rel_error=0.02, grid_points=161)
    assert not s["empty"]
    inside = grid[grid["inside"]]
    # the grid's member nearest the truth (0.3, 0.5) is in the set; the set's knee stays near c_k + c_a = 0.8
    d = np.hypot(grid["kernel_ms"] - 0.3, grid["app_ms"] - 0.5)
    assert bool(grid.loc[d.idxmin(), "inside"])
    assert np.allclose(inside["kernel_ms"] + inside["app_ms"], 0.8, rtol=0.05)
    # a floor above the true costs empties the set
    _, s_floor = hc.identify_costs(P, _throughputs(), LINK, digit=0.01, packet_bytes=1256, rel_error=0.02,
                                   floor_ms=0.6, grid_points=161)
    assert s_floor["empty"]


def test_cost_profile_finds_the_true_kernel_cost_at_the_true_application_cost():
    prof = hc.cost_profile(P, _throughputs(), LINK, packet_bytes=1256, points=3)
    assert list(prof.columns) == ["app_ms", "kernel_ms", "rms_rel_error"]
    assert prof["app_ms"].iloc[0] == pytest.approx(P.min() / 200) and prof["app_ms"].iloc[-1] == pytest.approx(2 * P.min())
    # on a fine grid the best fit sits at the costs that made the rows
    fine = hc.cost_profile(P, _throughputs(), LINK, packet_bytes=1256, points=201)
    best = fine.loc[fine["rms_rel_error"].idxmin()]
    assert abs(best["app_ms"] - 0.5) < 0.005 and abs(best["kernel_ms"] - 0.3) < 0.005 and best["rms_rel_error"] < 0.01
    with pytest.raises(ValueError, match="links"):
        hc.cost_profile(P, _throughputs(), [LINK], packet_bytes=1256, points=3)


def test_display_calibration_recovers_the_ratio_that_made_the_losses():
    costs = pd.DataFrame({"kernel_ms": [0.2, 0.1], "app_ms": [0.15, 0.05]}, index=["a", "b"])
    p = np.array([1.0, 1.5, 2.0, 2.5])
    kappa = 3.7
    lost = cost_fit.fluid_display_loss(p, display_ms=kappa * 264 * 0.15, kernel_ms=0.2, buffer_packets=40)
    assert (lost > 0).all()
    hosts, k = hc.display_calibration(costs, p, lost, display_host="a", packets_per_frame=264, packet_bytes=1256,
                                      buffer_packets=40)
    assert k == pytest.approx(kappa, abs=1e-5)
    # one ratio for every host: its display is kappa times its own frame read time
    assert np.allclose(hosts["display_ms"], k * 264 * costs["app_ms"])
    assert np.allclose(hosts["knee_mbps"], 1256 * 8 / (costs["kernel_ms"] + costs["app_ms"]) / 1000)
    assert hosts.index.name == "host"
    with pytest.raises(ValueError, match="display_host"):
        hc.display_calibration(costs, p, lost, display_host="c", packets_per_frame=264, packet_bytes=1256,
                               buffer_packets=40)


def test_display_walls_invert_the_fluid_display_loss():
    p = np.array([1.0, 1.5, 2.0])
    lost = cost_fit.fluid_display_loss(p, display_ms=200.0, kernel_ms=0.3, buffer_packets=40)
    assert (lost > 0).all()
    w = hc.display_walls(p, lost, buffer_packets=40, display_ms=200.0, kernel_ms=0.3)
    assert np.allclose(w["ratio"], 1.0)
    assert np.allclose(w["book_display_wall_ms"], 200.0 / (1 - 0.3 / p))
    with pytest.raises(ValueError, match="kernel_ms"):
        hc.display_walls(p, lost, buffer_packets=40, display_ms=200.0, kernel_ms=1.0)


def test_host_calibration_builds_hosts_with_the_ablations():
    hosts = pd.DataFrame({"kernel_ms": [0.1], "app_ms": [0.15], "display_ms": [50.0]}, index=["h"])
    cal = hc.HostCalibration(hosts=hosts, kappa=1.0, buffer_packets=40, display_table="t")
    h = cal.host("h")
    assert (h.kernel_ms, h.app_ms, h.display_ms, h.buffer_packets) == (0.1, 0.15, 50.0, 40)
    assert replace(cal, display_stage=False).host("h").display_ms == 0.0
    assert replace(cal, buffer_bound=False).host("h").buffer_packets == testbed.UNBOUNDED_BUFFER
    assert replace(cal, livelock=False).host("h") == testbed.without_livelock(h)
    assert cal.with_host("h", app_ms=0.2).host("h").app_ms == 0.2
    with pytest.raises(ValueError, match="host must be one of"):
        cal.host("x")
    with pytest.raises(ValueError, match="app_ms"):
        cal.with_host("h", app_ms=-1.0)
