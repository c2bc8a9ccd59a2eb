"""A grid of testbed runs (mmperf.hosts.testbed_runs): paired streams, loss accounting, the fluid curve."""

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts import calibration as hc
from mmperf.hosts import testbed, testbed_runs
from mmperf.seeds import rng

LINK = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
HOSTS = pd.DataFrame({"kernel_ms": [0.1], "app_ms": [0.15], "display_ms": [60.0]}, index=["h"])
CAL = hc.HostCalibration(hosts=HOSTS, kappa=1.0, buffer_packets=40, display_table="t")


def test_each_case_runs_on_its_own_named_stream():
    cases = [testbed_runs.Case(("t", i), pt, LINK, "h", True) for i, pt in ((1, 0.2), (2, 0.3))]
    runs = testbed_runs.simulate_cases(cases, CAL, n_frames=4, group=2, streams=("unit",), seed=5)
    assert list(runs) == [("t", 1), ("t", 2)]
    direct = testbed.simulate(testbed.Stream(packet_time_ms=0.3, group=2, n_frames=4), LINK, CAL.host("h"), display=True,
                              rng=rng("unit", "t", 2, root=5))
    pd.testing.assert_frame_equal(runs[("t", 2)].packets, direct.packets)
    # forcing the display off reruns the same stream without the display: no more losses than with it
    off = testbed_runs.simulate_cases(cases, CAL, n_frames=4, group=2, streams=("unit",), seed=5, display=False)
    for k in runs:
        assert off[k].summary()["loss_pct"] <= runs[k].summary()["loss_pct"]
    with pytest.raises(TypeError, match="cases"):
        testbed_runs.simulate_cases([("t", 1)], CAL, n_frames=4, group=2, streams=("unit",))
    with pytest.raises(ValueError, match="host must be one of"):
        testbed_runs.simulate_cases([cases[0]._replace(host="x")], CAL, n_frames=4, group=2, streams=("unit",))


def test_lost_matrix_accounts_for_every_lost_packet():
    r = testbed_runs.simulate_cases([testbed_runs.Case(("t", 1), 0.2, LINK, "h", True)], CAL, n_frames=5, group=2,
                                    streams=("unit",), seed=2)[("t", 1)]
    lost = testbed_runs.lost_matrix(r)
    s = r.summary()
    assert lost.shape == (5, 264)
    assert int(lost.sum()) == s["lost_link"] + s["lost_socket"] == s["sent"] - s["received"]
    assert int(lost.sum(axis=1).max()) == s["max_lost_per_frame"]


def test_fluid_curve_is_the_offered_rate_below_the_knee_and_the_host_rate_above():
    host = CAL.host("h")
    c = testbed_runs.fluid_curve(LINK, host, low_ms=0.1, high_ms=1.0, points=10)
    bits = 1256 * 8 / 1000
    slow = c["packet_time"] >= 0.25 + 1e-9  # past the host's knee c_k + c_a = 0.25 ms the host keeps up
    assert np.allclose(c.loc[slow, "throughput_mbps"], bits / c.loc[slow, "packet_time"])
    assert (c["throughput_mbps"] <= bits / 0.25 + 1e-9).all()
    with pytest.raises(ValueError, match="high_ms"):
        testbed_runs.fluid_curve(LINK, host, low_ms=1.0, high_ms=0.5, points=3)
