"""Drop-tail link: analytic cases, conservation, the error model, bad parameters."""

import numpy as np
import pytest

from mmperf.networks.packetsim import Network, simulate_link


def test_paced_below_capacity_has_no_drops_and_exact_delay():
    t = np.arange(1000) * 0.001  # 1000 packets/s of 1000 bytes = 8 Mb/s on a 10 Mb/s link
    r = simulate_link(t, np.full(1000, 1000.0), bandwidth_mbps=10, delay_s=0.005)
    assert r.queue_drops == 0 and r.error_drops == 0 and r.arrived == 1000
    np.testing.assert_allclose(r.arrive, t + 1000 * 8 / 10e6 + 0.005)


def test_burst_overflows_a_drop_tail_queue_exactly():
    n, q = 80, 50
    r = simulate_link(np.zeros(n), np.full(n, 1500.0), bandwidth_mbps=30, queue_limit=q)
    assert r.queue_drops == n - q
    assert (r.arrive[:q] > 0).all() and (r.arrive[q:] == -1).all()
    # FIFO service: back-to-back departures
    np.testing.assert_allclose(np.diff(r.arrive[:q]), 1500 * 8 / 30e6)


@pytest.mark.parametrize("rate", [5.0, 20.0, 60.0])
def test_conservation(rate):
    rng = np.random.default_rng(3)
    t = np.sort(rng.uniform(0, 2, 5000))
    r = simulate_link(t, rng.integers(100, 1500, 5000).astype(float), bandwidth_mbps=rate, loss_rate=0.05, seed=4)
    assert r.offered == 5000 == r.queue_drops + r.error_drops + r.arrived
    assert (r.arrive >= 0).sum() == r.arrived


def test_uniform_error_rate_and_onset():
    n = 20000
    t = np.arange(n) * 1e-4
    r = simulate_link(t, np.full(n, 100.0), bandwidth_mbps=100, loss_rate=0.1, loss_start_s=1.0, seed=7)
    lost = r.arrive < 0
    assert not lost[t < 1.0].any()
    k = lost[t >= 1.0].sum()
    m = (t >= 1.0).sum()
    assert abs(k - 0.1 * m) < 4 * np.sqrt(m * 0.1 * 0.9)


def test_bad_network_parameters():
    with pytest.raises(ValueError, match="bandwidth_mbps"):
        Network(0)
    with pytest.raises(ValueError, match="loss_rate"):
        Network(30, loss_rate=1.0)
    with pytest.raises(ValueError, match="queue_limit"):
        Network(30, queue_limit=0)
    with pytest.raises(ValueError, match="loss_start_s"):
        Network(30, loss_start_s=(1.0,))
    with pytest.raises(ValueError, match="non-decreasing"):
        simulate_link([1.0, 0.5], [100, 100], bandwidth_mbps=10)


def _poisson_workload(n, *, rate_mbps, load, seed):
    g = np.random.default_rng(seed)
    sizes = g.integers(200, 1501, n)
    times = np.cumsum(g.exponential(sizes.mean() * 8 / (rate_mbps * 1e6) / load, n))
    return times, sizes


def test_compiled_link_matches_an_independent_simpy_model():
    from mmperf.benchmarks.ortiz2013 import simpy_cell

    times, sizes = _poisson_workload(3000, rate_mbps=30, load=1.1, seed=11)
    r = simulate_link(times, sizes, bandwidth_mbps=30, queue_limit=50, loss_rate=0.01, seed=5)
    net = Network(30, queue_limit=50, loss_rate=0.01, loss_start_s=(0.0, 0.0))
    unif = np.random.default_rng(5).random((2, 3000))
    arrive, events = simpy_cell(times, sizes, np.zeros(3000, np.int64), net, unif)
    assert r.queue_drops > 0 and r.error_drops > 0
    np.testing.assert_array_equal(arrive >= 0, r.arrive >= 0)
    np.testing.assert_allclose(arrive[arrive >= 0], r.arrive[r.arrive >= 0], rtol=0, atol=1e-12)
    assert events == r.events


def test_rtp_engine_matches_the_simpy_model_on_two_paths_with_loss_onsets():
    """The benchmark's SimPy cell and the RTP engine deliver the same packets at the same times,
    with the layers split over both links and losses switched on mid-run on each."""
    from mmperf.benchmarks.ortiz2013 import simpy_cell
    from mmperf.transports import rtp
    from mmperf.networks.packetsim import uniforms

    n = 4000
    times, sizes = _poisson_workload(n, rate_mbps=10, load=2.0, seed=12)
    layers = np.random.default_rng(13).integers(0, 2, n)
    net = Network(10, queue_limit=20, loss_rate=0.02, loss_start_s=(0.2, 0.4))
    cfg = rtp.RtpConfig(layer_paths=(0, 1))
    res = rtp.run(times, sizes, layers, net, cfg, seed=9)
    arrive, events = simpy_cell(times, sizes + rtp.HEADER_BYTES, layers, net, uniforms(9, n + 1))
    lc = res.link_counters
    assert (lc["queue_drops"] > 0).all() and (lc["error_drops"] > 0).all()
    ok = res.deliver_time >= 0
    np.testing.assert_array_equal(arrive >= 0, ok)
    np.testing.assert_allclose(arrive[ok], res.deliver_time[ok], rtol=0, atol=1e-12)
    assert events == n + ok.sum()