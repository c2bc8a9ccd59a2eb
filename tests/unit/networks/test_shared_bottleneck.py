"""The packet-level shared bottleneck (issue #20): books, TCP filling and sharing the link, paced
video, determinism and bad inputs. Small links (10 Mb/s) keep every run well under a second."""

import dataclasses

import numpy as np
import pytest

from mmperf.media import hdvideo
from mmperf.networks.shared_bottleneck import TcpOptions, jain_index, simulate

C = 10e6
EMPTY = np.empty(0)


def cbr(rate_bps, size, duration_s, offset=0.0):
    """Evenly paced packets of ``size`` bytes at ``rate_bps``."""
    gap = size * 8 / rate_bps
    t = offset + np.arange(int((duration_s - offset) / gap)) * gap
    return t, np.full(t.size, float(size))


def run(video=(EMPTY, EMPTY), k=0, **kw):
    """``simulate`` with this file's link; the keywords of :class:`TcpOptions` go to ``tcp``."""
    tcp = TcpOptions(**{n: kw.pop(n) for n in TcpOptions.__dataclass_fields__ if n in kw})
    opts = dict(capacity_bps=C, buffer_packets=40, rtt_s=0.02, tcp_start_s=np.arange(k) * 0.0173, duration_s=60.0)
    opts.update(kw)
    return simulate(*video, tcp=tcp, **opts)


def test_books_balance_with_video_and_tcp_losses_and_timeouts():
    t, b = cbr(3e6, 1368, 60.0, offset=0.0011)
    r = run((t, b), k=8, buffer_packets=20)
    assert r.video_dropped > 0 and r.tcp_dropped.sum() > 0 and r.tcp_timeouts.sum() > 0  # every path is exercised
    assert r.video_sent == t.size == r.video_delivered + r.video_dropped + r.video_in_flight
    np.testing.assert_array_equal(r.tcp_sent, r.tcp_delivered + r.tcp_dropped + r.tcp_in_flight)
    assert (r.tcp_acked <= r.tcp_delivered).all()
    assert 0 < r.utilization_pct <= 100
    assert r.utilization_pct == pytest.approx(
        100 * (r.video_throughput_mbps + r.tcp_throughput_mbps) * 1e6 / C)
    # in flight at the end: at most the buffer plus what the one-way delay holds
    assert r.video_in_flight + r.tcp_in_flight.sum() <= 20 + C * 0.01 / 8 / 400


@pytest.mark.parametrize("buffer_packets", [20, 40])
def test_one_flow_alone_fills_the_link_with_a_buffer_of_a_bdp(buffer_packets):
    bdp = C * 0.02 / 8 / 1500  # 16.7 packets
    assert buffer_packets >= bdp
    r = run(k=1, buffer_packets=buffer_packets, duration_s=200.0)
    assert r.utilization_pct > 99.5
    # it filled the buffer and recovered; at most the slow-start overshoot (many holes) ends in a timeout
    assert r.tcp_timeouts.sum() <= 1 and r.tcp_fast_retransmits.sum() >= 10


def test_one_flow_with_a_small_buffer_follows_the_sawtooth():
    """Buffer << BDP: NewReno's window falls to half of BDP + buffer; the link idles below the BDP."""
    rtt, buf = 0.1, 5
    bdp = C * rtt / 8 / 1500
    w_max, w_min = bdp + buf, (bdp + buf) / 2
    below = (bdp - w_min) / (w_max - w_min)
    expected = 100 * (below * (w_min + bdp) / (2 * bdp) + (1 - below))  # 77.5 %
    r = run(k=1, buffer_packets=buf, rtt_s=rtt, duration_s=600.0, tcp_start_s=[0.0])
    assert r.utilization_pct == pytest.approx(expected, abs=2.5)


@pytest.mark.parametrize("k", [4, 8])
def test_k_flows_share_fairly(k):
    r = run(k=k, duration_s=300.0)
    assert r.utilization_pct > 99
    assert jain_index(r.tcp_link_bytes) > 0.98
    assert r.summary()["jain_index"] == jain_index(r.tcp_link_bytes)


def test_paced_video_below_the_link_rate_loses_nothing():
    frames = np.round(0.025 * hdvideo.stream_frames(hdvideo.VideoModel(), replication=0, stream=0, root=1))  # 1.6 Mb/s
    assert hdvideo.wire_bytes(frames).max() * 8 * 30 < 0.8 * C  # even the largest frame, paced, is below the link rate
    t, b = hdvideo.packet_schedule(frames, frame_rate=30.0, duration_s=20.0, phase_s=0.01)
    r = run((t, b), k=0, duration_s=20.0, buffer_packets=5)
    assert r.video_dropped == 0 and r.video_per_pct == 0.0 and r.tcp_sent.size == 0
    assert r.video_throughput_mbps == pytest.approx(b.sum() * 8 / 20.0 / 1e6, rel=1e-3)


def test_video_above_the_link_rate_loses_the_excess():
    t, b = cbr(12.5e6, 1250, 20.0)
    r = run((t, b), duration_s=20.0)
    assert r.video_per_pct == pytest.approx(20.0, abs=0.2)
    assert r.utilization_pct == pytest.approx(100.0, abs=0.2)


def test_tcp_takes_what_the_video_leaves():
    t, b = cbr(4e6, 1368, 120.0, offset=0.0003)
    r = run((t, b), k=2, duration_s=120.0)
    assert r.utilization_pct > 98
    assert r.tcp_throughput_mbps == pytest.approx(10 * r.utilization_pct / 100 - r.video_throughput_mbps, rel=1e-9)
    assert 5.5 < r.tcp_throughput_mbps < 6.1
    assert 0 < r.video_per_pct < 5


def test_runs_are_deterministic():
    t, b = cbr(3e6, 1368, 30.0, offset=0.0007)
    one, two = (run((t, b), k=5, duration_s=30.0, buffer_packets=15) for _ in range(2))
    for f in dataclasses.fields(one):
        np.testing.assert_array_equal(getattr(one, f.name), getattr(two, f.name), err_msg=f.name)


def test_the_flows_start_at_their_times():
    r = run(k=0, tcp_start_s=[0.0, 59.0], duration_s=60.0)
    late = r.tcp_flow_throughput_mbps[1]
    assert 0 < late < 0.1 * r.tcp_flow_throughput_mbps[0]


BAD = [
    (dict(capacity_bps=np.nan), ValueError, "capacity_bps"),
    (dict(capacity_bps=-1.0), ValueError, "capacity_bps"),
    (dict(rtt_s=np.inf), ValueError, "rtt_s"),
    (dict(rtt_s=0.0), ValueError, "rtt_s"),
    (dict(duration_s=np.nan), ValueError, "duration_s"),
    (dict(buffer_packets=0), ValueError, "buffer_packets"),
    (dict(buffer_packets=2.5), TypeError, "buffer_packets"),
    (dict(tcp_start_s=[0.0, np.nan]), ValueError, "tcp_start_s"),
    (dict(tcp_start_s=[60.0]), ValueError, "tcp_start_s"),
    (dict(tcp_start_s=[-1.0]), ValueError, "tcp_start_s"),
    (dict(packet_bytes=0), ValueError, "packet_bytes"),
    (dict(rwnd_packets=1.0), TypeError, "rwnd_packets"),
    (dict(min_rto_s=np.inf), ValueError, "min_rto_s"),
    (dict(min_rto_s=2.0, max_rto_s=1.0), ValueError, "min_rto_s"),
    (dict(init_rto_s=np.nan), ValueError, "init_rto_s"),
    (dict(init_cwnd=0), ValueError, "init_cwnd"),
]


@pytest.mark.parametrize("kw, exc, name", BAD, ids=[f"{n}-{i}" for i, (_, _, n) in enumerate(BAD)])
def test_bad_options_name_the_parameter(kw, exc, name):
    with pytest.raises(exc, match=name):
        run(k=1, **kw)


@pytest.mark.parametrize("times, sizes, name", [
    ([0.0, np.nan], [100.0, 100.0], "video_times"),
    ([0.0, np.inf], [100.0, 100.0], "video_times"),
    ([0.2, 0.1], [100.0, 100.0], "video_times"),
    ([-0.1, 0.1], [100.0, 100.0], "video_times"),
    ([0.0, 0.1], [100.0, np.nan], "video_sizes"),
    ([0.0, 0.1], [100.0, 0.0], "video_sizes"),
    ([0.0, 0.1], [100.0], "video_sizes"),
])
def test_bad_video_names_the_parameter(times, sizes, name):
    with pytest.raises(ValueError, match=name):
        run((times, sizes))


def test_jain_index():
    assert jain_index([1.0, 1.0, 1.0]) == 1.0
    assert jain_index([1.0, 0.0]) == 0.5
    with pytest.raises(ValueError, match="x"):
        jain_index([np.nan])
    with pytest.raises(ValueError, match="positive"):
        jain_index([0.0, 0.0])
