"""Reservations on the fluid bottleneck (mmperf.networks.admission): conservation, the cache, descriptors."""

import numpy as np
import pytest

from mmperf.networks import admission


def _streams(n=3, t=400, seed=1):
    return np.random.default_rng(seed).gamma(2.0, 400.0, size=(n, t))


def test_reserved_bytes_are_served_queued_or_sent_to_best_effort():
    arr = _streams()
    rates = np.full((3, 1), 8 * 700.0 / 0.002)  # below the streams' mean (800 B per slot): some excess
    r = admission.split_reserved(arr, rates, slots_per_period=400, depth_bytes=np.full(3, 2000.0), slot_s=0.002,
                                 capacity_bps=8 * 5000 / 0.002)
    assert r["served"] + r["queued"] + r["excess"].sum() == pytest.approx(arr.sum(), rel=1e-12)
    assert r["excess"].sum() > 0 and r["offered"] == pytest.approx(arr.sum())
    assert (r["be_capacity"] >= 0).all() and (r["be_capacity"] <= 5000 + 1e-9).all()


def test_the_cache_gives_the_same_paths_bit_for_bit():
    arr = _streams(4)
    rates = np.full((4, 1), 8 * 750.0 / 0.002)
    kw = dict(slots_per_period=400, depth_bytes=np.full(4, 1500.0), slot_s=0.002, capacity_bps=8 * 6000 / 0.002)
    cache: dict = {}
    for n in (2, 4, 3):  # the first n streams, in any order of calls
        direct = admission.split_reserved(arr[:n], rates[:n], depth_bytes=kw["depth_bytes"][:n], **{k: v for k, v in kw.items() if k != "depth_bytes"})
        cached = admission.split_reserved(arr[:n], rates[:n], depth_bytes=kw["depth_bytes"][:n], cache=cache, label="s2",
                                          **{k: v for k, v in kw.items() if k != "depth_bytes"})
        assert np.array_equal(direct["excess"], cached["excess"]) and np.array_equal(direct["be_capacity"], cached["be_capacity"])
        assert direct["served"] == cached["served"] and direct["queued"] == cached["queued"]


def test_traffic_descriptors_are_the_largest_window_sums():
    arr = np.array([[1.0, 5.0, 2.0, 0.0, 7.0, 1.0]])
    d = admission.traffic_descriptors(arr, slot_s=0.1, burst_s=0.2, peak_window_s=0.3)
    assert d["depth_bytes"].tolist() == [8.0]  # 1 + 7
    assert d["peak_bps"].tolist() == pytest.approx([8 * 9.0 / 0.3])  # 2 + 0 + 7


def test_qos_metrics_add_the_two_classes():
    be = dict(video_delivered=100.0, video_dropped=25.0, video_queued=0.0, link_bytes=600.0, tcp_offered=550.0,
              tcp_delivered=500.0, tcp_dropped=50.0, tcp_queued=0.0)
    m = admission.qos_metrics(dict(served=300.0, queued=0.0, offered=425.0), be, capacity_bps=8000.0, duration_s=1.0)
    assert m["per"] == pytest.approx(100 * 25 / 425) and m["link_utilization"] == pytest.approx(90.0)
    assert m["video_throughput"] == pytest.approx(400 * 8 / 1e6) and m["tcp_throughput"] == pytest.approx(500 * 8 / 1e6)
