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


@settings(max_examples=100, deadline=None)
@given(sched=schedules(max_packets=120), rate=st.floats(1, 100), loss=st.sampled_from([0.0, 0.01, 0.05]),
       cmt=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_reliable_sctp_and_cmt_keep_their_books_and_deliver_each_stream_in_order(sched, rate, loss, cmt, seed):
    from mmperf.transports import sctp

    times, sizes = sched
    layers = np.arange(times.size) % 2
    net = Network(rate, 0.005, 50, loss, (0.0, 0.0))
    r = sctp.run(times, np.minimum(sizes, 1400), layers, net, sctp.SctpConfig(cmt=cmt), seed=seed)  # books checked inside
    assert r.delivered.all()
    for layer in (0, 1):  # one ordered stream per layer
        assert np.all(np.diff(r.deliver_time[layers == layer]) >= 0)


@settings(max_examples=200, deadline=None)
@given(packet_ms=st.floats(0.2, 30.0), group=st.sampled_from([1, 2, 3, 4, 6, 8]), frames=st.integers(2, 6),
       rate=st.floats(1.0, 100.0), kernel=st.floats(0.0, 1.0), app=st.floats(0.01, 1.0), display=st.floats(0.0, 500.0),
       buffer=st.integers(1, 80), with_display=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_the_taylor_testbed_accounts_for_every_packet(packet_ms, group, frames, rate, kernel, app, display, buffer,
                                                      with_display, seed):
    from mmperf.hosts import testbed
    from mmperf.seeds import rng

    run = testbed.simulate(testbed.Stream(packet_time_ms=packet_ms, group=group, n_frames=frames),
                           testbed.Link("link", rate_mbps=rate, overhead_bytes=38),
                           testbed.Host("host", kernel_ms=kernel, app_ms=app, display_ms=display, buffer_packets=buffer),
                           display=with_display, rng=rng("test", "testbed-laws", seed))
    s = run.summary()
    p = run.packets
    assert s["sent"] == frames * 264 == s["received"] + s["lost_link"] + s["lost_socket"]
    assert not (p["lost_link"] & p["lost_socket"]).any()  # a packet is lost once, at one place
    got = p[p["received"]]
    assert (got["arrive_ms"] >= got["send_ms"]).all() and (got["read_ms"] >= got["arrive_ms"]).all()
    assert np.all(np.diff(got["read_ms"].to_numpy()) >= 0)  # one application reads in arrival order
    assert 0 <= s["loss_pct"] <= 100
