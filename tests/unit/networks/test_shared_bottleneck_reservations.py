"""Reservations on the packet-level bottleneck (issue #20): a token-bucket policer per video stream
and a strict-priority reserved FIFO. Conservation per class, a conforming stream that never loses
whatever TCP does, the non-preemptive priority delay bound, and the policer's closed forms."""

import numpy as np
import pytest

from mmperf.networks.shared_bottleneck import Reservation, simulate

C = 10e6
SIZE = 1000.0


def cbr(rate_bps, duration_s, offset=0.0, size=SIZE):
    gap = size * 8 / rate_bps
    t = offset + np.arange(int((duration_s - offset) / gap)) * gap
    return t, np.full(t.size, size)


def run(t, b, k=0, **kw):
    """``simulate`` with this file's link; the keywords of :class:`Reservation` (if any) go to ``reservation``."""
    resv = {n: kw.pop(n) for n in Reservation.__dataclass_fields__ if n in kw}
    opts = dict(capacity_bps=C, buffer_packets=10, rtt_s=0.02, tcp_start_s=np.arange(k) * 0.0173, duration_s=20.0)
    opts.update(kw)
    return simulate(t, b, reservation=Reservation(**resv) if resv else None, **opts)


@pytest.mark.parametrize("k", [1, 8])
def test_a_stream_within_its_reservation_never_loses_and_waits_at_most_one_packet(k):
    t, b = cbr(4e6, 20.0, offset=0.0003)
    best = run(t, b, k=k)
    assert best.video_dropped > 0  # without a reservation the flows make it lose
    r = run(t, b, k=k, video_streams=np.zeros(t.size, int), reserved_bps=[4.4e6], bucket_bytes=[2 * SIZE])
    assert r.video_conforming == r.video_sent and r.video_dropped == 0
    # non-preemptive priority: a reserved packet waits at most for the best-effort packet in service
    done = ~np.isnan(r.video_arrival_s)
    wait = r.video_arrival_s[done] - t[done] - 0.01 - SIZE * 8 / C
    assert wait.min() >= -1e-12
    assert wait.max() <= 1500 * 8 / C + 1e-12
    # TCP gets the rest of the link
    assert r.tcp_throughput_mbps == pytest.approx(C / 1e6 - 4.0, rel=0.1)


def test_the_excess_over_the_rate_is_best_effort():
    """A CBR stream at twice its reserved rate: the policer passes the rate plus the bucket."""
    t, b = cbr(4e6, 10.0)
    r = run(t, b, video_streams=np.zeros(t.size, int), reserved_bps=[2e6], bucket_bytes=[3 * SIZE], duration_s=10.0)
    expected = (2e6 / 8 * t[-1] + 3 * SIZE) / SIZE
    assert abs(r.video_conforming - expected) <= 1
    assert r.video_dropped == 0  # alone on the link, the excess is carried as best effort


def test_each_stream_has_its_own_bucket_and_the_backlog_stays_within_the_buckets():
    (t1, b1), (t2, b2) = cbr(2e6, 10.0), cbr(3e6, 10.0, offset=0.0001)
    t, b = np.concatenate([t1, t2]), np.concatenate([b1, b2])
    st = np.concatenate([np.zeros(t1.size, int), np.ones(t2.size, int)])
    o = np.argsort(t, kind="stable")
    r = run(t[o], b[o], k=4, video_streams=st[o], reserved_bps=[2.2e6, 1.5e6], bucket_bytes=[2 * SIZE, 2 * SIZE],
            duration_s=10.0)
    conf = r.video_conforming
    expected = t1.size + (1.5e6 / 8 * t2[-1] + 2 * SIZE) / SIZE  # stream 0 all, stream 1 its rate plus its bucket
    assert abs(conf - expected) <= 2
    assert r.reserved_backlog_max_bytes <= 4 * SIZE
    assert r.video_sent == r.video_delivered + r.video_dropped + r.video_in_flight


def test_a_renewed_reservation_applies_after_the_signalling_delay():
    """Window w's rate is in force over [wP + d, (w+1)P + d): before d only the bucket passes."""
    t, b = cbr(4e6, 3.0)
    rates = np.array([[4.4e6, 4.4e6, 0.0, 4.4e6, 4.4e6, 4.4e6]])
    kw = dict(video_streams=np.zeros(t.size, int), reserved_bps=rates, bucket_bytes=[2 * SIZE],
              reservation_period_s=0.5, duration_s=3.0)
    r0 = run(t, b, **kw)
    r1 = run(t, b, signalling_delay_s=0.1, **kw)
    per_window = 4e6 / 8 * 0.5 / SIZE  # packets sent in a window
    # d = 0: everything conforms but window 2 (rate 0), which passes only its bucket
    assert abs(r0.video_conforming - (t.size - per_window + 2)) <= 2
    # d = 0.1: [0, 0.1) has no reservation (only the bucket); window 2's zero spans [1.1, 1.6)
    assert abs(r1.video_conforming - (t.size - per_window - 0.1 * 4e6 / 8 / SIZE + 2 + 2)) <= 3


def test_a_bucket_full_at_each_renewal_passes_one_bucket_more_per_window():
    """bucket_renewal='full' (ns-2's one policy per window): every window, and the time before d, starts with a
    full bucket, so a stream above its rate gets one bucket more per window than with the tokens carried over."""
    t, b = cbr(4e6, 3.0)
    rates = np.full((1, 6), 2e6)
    kw = dict(video_streams=np.zeros(t.size, int), reserved_bps=rates, bucket_bytes=[3 * SIZE],
              reservation_period_s=0.5, signalling_delay_s=0.1, duration_s=3.0)
    carry, full = run(t, b, **kw), run(t, b, bucket_renewal="full", **kw)
    # carried over: one bucket at the start, then the rate from d on (the last window's after the last)
    assert abs(carry.video_conforming - (3 + 2e6 / 8 * (t[-1] - 0.1) / SIZE)) <= 2
    # full at each renewal: each of the six windows (d + wP, w = 0..5) starts with a full bucket (3 packets)
    # where the carried one held less than a packet (the stream sends above its rate, so it is drained)
    assert 6 * (3 - 1) <= full.video_conforming - carry.video_conforming <= 6 * 3
    # a static reservation has no renewal: the option changes nothing
    static = dict(kw, reserved_bps=[2e6])
    assert run(t, b, **static).video_conforming == run(t, b, bucket_renewal="full", **static).video_conforming


def test_without_reservation_nothing_conforms():
    t, b = cbr(4e6, 5.0)
    r = run(t, b, k=2, duration_s=5.0)
    assert r.video_conforming == 0


@pytest.mark.parametrize("kw, name", [
    (dict(reserved_bps=[1e6], video_streams="short", bucket_bytes=[2000.0]), "video_streams"),
    (dict(reserved_bps=[1e6], video_streams="zeros", bucket_bytes=[10.0]), "bucket_bytes"),
    (dict(reserved_bps=[[1e6, 2e6]], video_streams="zeros", bucket_bytes=[2000.0]), "reservation_period_s"),
    (dict(reserved_bps=[-1.0], video_streams="zeros", bucket_bytes=[2000.0]), "reserved_bps"),
    (dict(reserved_bps=[1e6], video_streams="ones", bucket_bytes=[2000.0]), "video_streams"),
    (dict(reserved_bps=[1e6], video_streams="zeros", bucket_bytes=[2000.0], signalling_delay_s=np.nan),
     "signalling_delay_s"),
    (dict(reserved_bps=[1e6], video_streams="zeros", bucket_bytes=[2000.0], bucket_renewal="empty"), "bucket_renewal"),
])
def test_bad_reservations_name_the_parameter(kw, name):
    t, b = cbr(1e6, 1.0)
    kw = dict(kw)
    if "video_streams" in kw:
        n = 3 if kw["video_streams"] == "short" else t.size  # not one stream per video packet
        kw["video_streams"] = np.zeros(n, int) + (1 if kw["video_streams"] == "ones" else 0)
    with pytest.raises(ValueError, match=name):
        run(t, b, duration_s=1.0, **kw)
