"""Property tests: the simulators keep their books under thousands of random valid configurations,
and obey the monotonicities a drop-tail link must (Hypothesis)."""

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from mmperf.networks import bottleneck
from mmperf.networks.packetsim import Network, simulate_link
from mmperf.transports import tcp

FAST = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def schedules(draw, max_packets=200, equal_sizes=False):
    n = draw(st.integers(1, max_packets))
    gaps = draw(st.lists(st.floats(0, 2e-3, allow_nan=False), min_size=n, max_size=n))
    times = np.cumsum(gaps)
    if equal_sizes:
        sizes = np.full(n, float(draw(st.integers(40, 1500))))
    else:
        sizes = np.array(draw(st.lists(st.integers(40, 1500), min_size=n, max_size=n)), dtype=float)
    return times, sizes


@FAST
@given(sched=schedules(), rate=st.floats(0.5, 100), q=st.integers(1, 60), loss=st.floats(0, 0.5),
       start=st.floats(0, 0.2), seed=st.integers(0, 2**32 - 1))
def test_a_link_keeps_its_books(sched, rate, q, loss, start, seed):
    times, sizes = sched
    r = simulate_link(times, sizes, bandwidth_mbps=rate, queue_limit=q, loss_rate=loss, loss_start_s=start, seed=seed)
    assert r.offered == len(times) == r.queue_drops + r.error_drops + r.arrived  # also checked inside
    d = r.arrive >= 0
    assert np.all(r.arrive[d] >= times[d] + sizes[d] * 8 / (rate * 1e6) - 1e-12)  # no faster than the wire


@settings(max_examples=500, deadline=None)
@given(sched=schedules(equal_sizes=True), rate=st.floats(0.5, 50), q=st.integers(1, 40), extra=st.integers(1, 40))
def test_a_bigger_buffer_never_drops_more_on_the_same_arrivals(sched, rate, q, extra):
    times, sizes = sched
    small = simulate_link(times, sizes, bandwidth_mbps=rate, queue_limit=q)
    big = simulate_link(times, sizes, bandwidth_mbps=rate, queue_limit=q + extra)
    assert big.queue_drops <= small.queue_drops


@settings(max_examples=500, deadline=None)
@given(sched=schedules(), rate=st.floats(0.5, 50), q=st.integers(1, 40), loss=st.floats(0, 0.4),
       more=st.floats(0, 0.5), seed=st.integers(0, 2**32 - 1))
def test_more_loss_never_delivers_more(sched, rate, q, loss, more, seed):
    times, sizes = sched
    low = simulate_link(times, sizes, bandwidth_mbps=rate, queue_limit=q, loss_rate=loss, seed=seed)
    high = simulate_link(times, sizes, bandwidth_mbps=rate, queue_limit=q, loss_rate=min(loss + more, 0.95), seed=seed)
    assert high.arrived <= low.arrived


@settings(max_examples=300, deadline=None)
@given(video=st.lists(st.floats(0, 4000), min_size=5, max_size=300), buf=st.integers(1, 30), extra=st.integers(1, 30),
       k=st.integers(0, 3), seed=st.integers(0, 2**32 - 1))
def test_the_best_effort_fifo_keeps_its_books_and_a_bigger_buffer_drops_no_more_video(video, buf, extra, k, seed):
    v = np.array(video)
    link = bottleneck.Link(capacity_bps=10e6, buffer_packets=buf, rtt_s=0.004, slot_s=0.001, packet_bytes=1500)
    cap = np.full(v.size, link.slot_capacity)
    r = bottleneck.simulate_best_effort(v, cap, link=link, k_flows=k, seed=seed)  # books checked inside
    assert 0 <= r["utilization"] <= 1 + 1e-9
    if k == 0:  # without TCP the fluid FIFO is deterministic: more room, no more loss
        bigger = bottleneck.Link(capacity_bps=10e6, buffer_packets=buf + extra, rtt_s=0.004, slot_s=0.001, packet_bytes=1500)
        assert bottleneck.simulate_best_effort(v, cap, link=bigger, k_flows=0, seed=seed)["video_dropped"] <= r["video_dropped"] + 1e-6


@settings(max_examples=100, deadline=None)
@given(sched=schedules(max_packets=120), rate=st.floats(1, 100), loss=st.sampled_from([0.0, 0.01, 0.05]),
       seed=st.integers(0, 2**32 - 1))
def test_tcp_keeps_its_books_and_delivers_everything_in_order(sched, rate, loss, seed):
    times, sizes = sched
    net = Network(rate, 0.005, 50, loss, (0.0, 0.0))
    r = tcp.run(times, np.minimum(sizes, 1400), network=net, seed=seed)  # conservation checked inside
    assert r.delivered.all()  # reliable: everything arrives in the end
    assert np.all(np.diff(r.deliver_time) >= 0)  # one ordered byte stream
