"""The testbed model: packet conservation, known limits, the socket-buffer burst, determinism, bad input."""

import numpy as np
import pytest

from mmperf.hosts import testbed
from mmperf.seeds import rng

FDDI = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
ETH = testbed.Link("Ethernet", rate_mbps=10.0, overhead_bytes=38)
HOST = testbed.Host("h", kernel_ms=0.15, app_ms=0.08, display_ms=80.0)


def run(p, link=FDDI, host=HOST, display=False, frames=40, key="t"):
    return testbed.simulate(testbed.Stream(p, n_frames=frames), link, host, display=display, rng=rng("taylor1993", "test", key))


@pytest.mark.parametrize("p, link, display", [(0.3, FDDI, False), (0.2, FDDI, False), (0.85, ETH, False),
                                              (2.0, FDDI, True), (1.0, FDDI, True)])
def test_packets_are_conserved_per_frame(p, link, display):
    r = run(p, link, display=display)
    pf = r.per_frame()
    assert (pf["sent"] == 264).all()
    assert (pf["sent"] == pf["received"] + pf["lost_link"] + pf["lost_socket"]).all()
    s = r.summary()
    assert s["sent"] == s["received"] + s["lost_link"] + s["lost_socket"]
    assert s["avg_lost_per_frame"] == pytest.approx(s["loss_pct"] / 100 * 264)
    # received packets are read after they arrive, and arrive after they are sent
    pk = r.packets[r.packets["received"]]
    assert (pk["read_ms"] >= pk["arrive_ms"]).all() and (pk["arrive_ms"] >= pk["send_ms"]).all()


def test_slow_stream_loses_nothing_and_throughput_is_the_offered_rate():
    s = run(1.0).summary()
    assert s["loss_pct"] == 0
    # 1256-byte packets every 1 ms -> 10.048 Mb/s (the elapsed time omits one group interval)
    assert s["throughput_mbps"] == pytest.approx(10.048, rel=0.01)
    assert s["frame_time_ms"] == pytest.approx(264.0, rel=0.01)


def test_link_bound_loss_matches_the_rate_deficit():
    # Ethernet serialises 1294 bytes in 1.0352 ms; sending every 0.85 ms loses 1 - 0.85/1.0352
    host = testbed.Host("fast", kernel_ms=0.01, app_ms=0.01)
    s = run(0.85, ETH, host, frames=60).summary()
    assert s["lost_socket"] == 0
    assert s["loss_pct"] / 100 == pytest.approx(1 - 0.85 / ETH.tx_ms(1256), abs=0.01)


def test_receive_livelock_matches_the_fluid_limit():
    host = testbed.Host("h", kernel_ms=0.15, app_ms=0.08, cost_cv=0.0)
    for p in (0.3, 0.2, 0.15):
        s = run(p, host=host, frames=60).summary()
        fluid = testbed.fluid_received_rate(p, FDDI, host)[()]
        assert s["received"] / s["sent"] == pytest.approx(fluid * p, abs=0.02)
    # past the knee 1/(kernel+app), more offered load gives less throughput
    r = testbed.fluid_received_rate(np.array([0.23, 0.2, 0.15]), FDDI, host)
    assert r[0] > r[1] > r[2]


def test_display_loss_sits_just_after_the_socket_buffer():
    host = testbed.Host("h", kernel_ms=0.1, app_ms=0.1, display_ms=100.0, display_cv=0.0, cost_cv=0.0)
    r = run(2.0, host=host, display=True, frames=30)
    lost = r.packets[~r.packets["received"] & (r.packets["frame"] > 0)]
    # 100 ms of display, stretched by the kernel's work to 100 / (1 - 0.1/2) ms, at one packet per 2 ms:
    # about 52.6 packets arrive, 40 fit, so packets 40 .. ~52 are lost in every frame
    x = 100 / (1 - 0.1 / 2) / 2 - 40
    idx = sorted(lost["index"].unique())
    assert idx[0] == 40 and idx == list(range(40, idx[-1] + 1)) and abs(len(idx) - x) <= 1.5
    per_frame = r.per_frame()["lost"].iloc[1:]
    assert (abs(per_frame - x) <= 1.5).all()
    assert r.summary()["lost_link"] == 0
    # without display the same stream loses nothing
    assert run(2.0, host=host, display=False, frames=30).summary()["loss_pct"] == 0


def test_simulation_is_deterministic():
    a, b = run(0.2, key="same"), run(0.2, key="same")
    assert a.packets.equals(b.packets)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="packet_time_ms"):
        testbed.Stream(0.0)
    with pytest.raises(ValueError, match="group"):
        testbed.Stream(1.0, group=0)
    with pytest.raises(ValueError, match="rate_mbps"):
        testbed.Link("x", rate_mbps=-1)
    with pytest.raises(ValueError, match="buffer_packets"):
        testbed.Host("x", kernel_ms=0.1, app_ms=0.1, buffer_packets=0)
    with pytest.raises(ValueError, match="app_ms"):
        testbed.Host("x", kernel_ms=0.1, app_ms=0.0)
    with pytest.raises(TypeError, match="rng"):
        testbed.simulate(testbed.Stream(1.0), FDDI, HOST, display=False, rng=1)
    with pytest.raises(TypeError, match="link"):
        testbed.simulate(testbed.Stream(1.0), "FDDI", HOST, display=False, rng=rng("x"))
