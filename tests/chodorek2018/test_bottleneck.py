"""The reserved/best-effort bottleneck: conservation, admission, known cases."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mmperf.experiments import chodorek2018 as ex
from mmperf.experiments.chodorek2018 import Params, reservations, video_arrivals
from mmperf.networks.bottleneck import Link, admit, max_backlog, reserved_path, simulate_best_effort
from mmperf.seeds import DEFAULT_ROOT_SEED

SEED = DEFAULT_ROOT_SEED
LINK = Params().link(buffer_packets=50, rtt_s=0.004)  # the bottleneck as calibrated under the book's seed (2-ms slots)


def run_cell(p, **kw):
    return ex.run_cell(p, seed=SEED, buffer_packets=50, rtt_s=0.004, **kw)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10), st.integers(0, 2**31), st.floats(0.0, 1.5), st.floats(0.3, 1.0))
def test_best_effort_conserves_bytes(k, seed, video_load, cap_share):
    g = np.random.default_rng(seed)
    T = 3000
    video = g.exponential(video_load * LINK.slot_capacity, T)
    cap = LINK.slot_capacity * g.uniform(cap_share, 1.0, T)
    r = simulate_best_effort(video, cap, link=LINK, k_flows=k, seed=seed)
    for cls in ("video", "tcp"):
        offered = r[f"{cls}_offered"]
        assert offered == pytest.approx(r[f"{cls}_delivered"] + r[f"{cls}_dropped"] + r[f"{cls}_queued"],
                                        rel=1e-9, abs=1e-6)
    assert r["link_bytes"] <= cap.sum() * (1 + 1e-12)
    assert r["link_bytes"] == pytest.approx(r["video_delivered"] + r["tcp_delivered"], rel=1e-9)
    assert r["video_queued"] + r["tcp_queued"] <= LINK.buffer_bytes * (1 + 1e-9)


@pytest.mark.parametrize("scenario", ["s1", "s2", "s3", "s4"])
def test_run_conserves_video_and_tcp_bytes(scenario):
    p = Params()
    r = run_cell(p, scenario=scenario, n_videos=4, k_flows=6, replication=3)
    for cls in ("video", "tcp"):
        assert r[f"{cls}_offered_bytes"] == pytest.approx(
            r[f"{cls}_delivered_bytes"] + r[f"{cls}_dropped_bytes"] + r[f"{cls}_queued_bytes"], rel=1e-9)
    assert r["link_utilization"] <= 100.0 + 1e-9


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(0, 5e8), min_size=1, max_size=12), st.floats(1e6, 1e10))
def test_admitted_reservations_never_exceed_capacity(requests, capacity):
    req = np.array(requests)[:, None] * np.array([[1.0, 0.5, 2.0]])
    got = admit(req, capacity_bps=capacity)
    assert np.all(got.sum(axis=0) <= capacity)
    assert np.all(got <= req + 1e-6)
    fits = req.sum(axis=0) <= capacity
    np.testing.assert_allclose(got[:, fits], req[:, fits])


@pytest.mark.parametrize("scenario", ["s3", "s4"])
def test_reserved_service_within_link_capacity(scenario):
    p = Params()
    arr = video_arrivals(p, 0, 10, seed=SEED)
    res = reservations(p, scenario, arr)
    assert np.all(res["rates_bps"].sum(axis=0) <= p.capacity_bps)
    path = reserved_path(arr, res["rates_bps"], slots_per_period=res["slots_per_period"],
                         depth_bytes=res["depth_bytes"], slot_s=p.slot_s)
    assert path["served"].max() <= LINK.slot_capacity * (1 + 1e-12)
    assert arr.sum() == pytest.approx(path["served"].sum() + path["excess"].sum() + path["queued"], rel=1e-12)


def test_s3_peak_requests_exceed_the_link_at_n10_and_are_scaled():
    p = Params()
    res = reservations(p, "s3", video_arrivals(p, 0, 10, seed=SEED))
    assert res["requested_bps"].sum() > p.capacity_bps
    assert res["rates_bps"].sum() == pytest.approx(p.capacity_bps, rel=1e-9)


def test_tcp_alone_fills_the_link():
    T = int(60 / LINK.slot_s)
    zero, full = np.zeros(T), np.full(T, LINK.slot_capacity)
    u = [simulate_best_effort(zero, full, link=LINK, k_flows=k, seed=k)["utilization"] for k in (1, 2, 5, 10)]
    assert u[0] > 0.75                      # Reno with a buffer below the BDP: between 3/4 and 1
    assert u[-1] > 0.93 and u[-1] >= u[0]  # many unsynchronised flows keep the queue busy
    # a buffer of one bandwidth-delay product keeps a single Reno flow at full rate
    bdp = Link(buffer_packets=int(LINK.capacity_bps / 8 * LINK.rtt_s / LINK.packet_bytes) + 1,
               rtt_s=LINK.rtt_s, slot_s=LINK.slot_s)
    assert simulate_best_effort(zero, full, link=bdp, k_flows=1, seed=0)["utilization"] > 0.98


@pytest.mark.parametrize("scenario, n", [("s1", 7), ("s2", 7), ("s3", 10), ("s4", 10)])
def test_video_alone_is_lossless(scenario, n):
    # Reserved video (s3, s4) is lossless alone for every N; in a best-effort FIFO of 50 packets up to
    # seven streams are (the calibrated buffer lets ten streams lose < 0.005 %, see the next test).
    p = Params()
    for rep in (0, 7):  # replication 0 has the largest unloaded backlog of the 20
        r = run_cell(p, scenario=scenario, n_videos=n, k_flows=0, replication=rep)
        assert r["per"] == 0.0 and r["tcp_throughput"] == 0.0
        assert r["video_dropped_bytes"] == 0.0
        # all offered video is delivered, except what is still queued when the run ends
        assert r["video_offered_bytes"] == pytest.approx(r["video_delivered_bytes"] + r["video_queued_bytes"])
        assert r["video_queued_bytes"] < 0.005 * r["video_offered_bytes"]


def test_reserved_paths_reused_across_n_are_identical():
    p = Params()
    arr = video_arrivals(p, 0, 10, seed=SEED)
    st = ex.stream_statistics(p, arr)
    cache = {}
    for n in (1, 5, 10):
        for s in ("s1", "s2", "s3", "s4"):
            sub = {k: v[:n] for k, v in st.items()}
            a, b = ex.model._reserve(p, s, arr[:n], sub, cache), ex.model._reserve(p, s, arr[:n], sub)
            assert np.array_equal(a["excess"], b["excess"]) and np.array_equal(a["be_capacity"], b["be_capacity"])
            assert a["served"] == b["served"] and a["queued"] == b["queued"]


def test_run_is_deterministic_and_seeded():
    p = Params(duration_s=6.0, replications=2, rtt_calibration_replications=1, n_values=(1, 3), k_values=(0, 2),
               buffer_candidates_packets=(50,), rtt_candidates_s=(0.004,), sensitivity_replications=1)
    a, b, c = ex.run(p, seed=1), ex.run(p, seed=1, workers=2), ex.run(p, seed=2)
    assert a.table("runs").equals(b.table("runs"))
    assert not a.table("runs")["tcp_throughput"].equals(c.table("runs")["tcp_throughput"])


def test_max_backlog_known_case():
    # 3 slots of 2 units against a capacity of 1: backlog 1, 2, 3, then drains
    assert max_backlog(np.array([2.0, 2.0, 2.0, 0.0, 0.0]), capacity_bytes=1.0) == 3.0
    assert max_backlog(np.ones(10), capacity_bytes=1.0) == 0.0


def test_errors_are_clear():
    with pytest.raises(ValueError, match="buffer_packets"):
        Link(buffer_packets=0)
    with pytest.raises(ValueError, match="rtt_s"):
        Link(rtt_s=0.0005, slot_s=0.001)
    with pytest.raises(ValueError, match="k_flows"):
        simulate_best_effort(np.zeros(3), np.ones(3), link=LINK, k_flows=-1, seed=0)
    with pytest.raises(ValueError, match="equal length"):
        simulate_best_effort(np.zeros(3), np.ones(4), link=LINK, k_flows=1, seed=0)
    with pytest.raises(ValueError, match="requested_bps"):
        admit(np.array([[-1.0]]), capacity_bps=1.0)
    with pytest.raises(ValueError, match="cover every slot"):
        reserved_path(np.ones((1, 10)), np.ones((1, 1)), slots_per_period=5, depth_bytes=np.ones(1), slot_s=0.001)
    with pytest.raises(ValueError, match="scenarios"):
        Params(scenarios=("s5",))


def test_parallel_batch_equals_serial_runs():
    from mmperf.networks.bottleneck import simulate_best_effort_many

    g = np.random.default_rng(5)
    T = 4000
    video = g.exponential(0.3 * LINK.slot_capacity, (3, T))
    video[2] = 0.0  # a set without best-effort video: with K = 0 nothing is sent (not simulated)
    cap = np.full((3, T), LINK.slot_capacity)
    idx, ks, seeds = [0, 1, 0, 1, 1, 2, 2], [0, 3, 7, 10, 1, 0, 4], [11, 12, 13, 14, 15, 16, 17]
    batch = simulate_best_effort_many(video, cap, link=LINK, set_index=idx, k_flows=ks, seeds=seeds)
    for i, k, s, b in zip(idx, ks, seeds, batch):
        assert b == simulate_best_effort(video[i], cap[i], link=LINK, k_flows=k, seed=s)
    with pytest.raises(ValueError, match="set_index"):
        simulate_best_effort_many(video, cap, link=LINK, set_index=[3], k_flows=[1], seeds=[0])


def test_buffer_sensitivity_monotone_in_the_unloaded_cell():
    p = Params(sensitivity_buffers_packets=(10, 50, 400), sensitivity_rtts_s=(0.004,), sensitivity_replications=1)
    d = ex.buffer_sensitivity(p, ex.all_arrivals(p.with_(replications=1, rtt_calibration_replications=1), seed=SEED), seed=SEED)
    unloaded = d[d.cell == "K=0, N=10"].sort_values("buffer_packets")["per_pct"].to_numpy()
    assert np.all(np.diff(unloaded) <= 0) and unloaded[-1] == 0.0   # a bigger FIFO never loses more video alone
    loaded = d[d.cell == "K=10, N=1"]["per_pct"]
    assert (loaded > 0).all() and (loaded < 5).all()                 # far from the paper's 26.9 %


def test_a_short_fluid_run_reserves_for_the_whole_stream_unless_the_run_reading_is_chosen():
    # a 10-s run of N = 10 under s3: the whole streams' peaks exceed the link and are scaled, the head's do not
    p = Params(duration_s=10.0)
    kw = dict(scenario="s3", n_videos=10, k_flows=0, replication=0, seed=SEED, buffer_packets=50, rtt_s=0.004)
    whole, run = ex.run_cell(p, **kw), ex.run_cell(p.with_(tspec_span="run"), **kw)
    assert whole["video_offered_bytes"] == run["video_offered_bytes"]
    arr = video_arrivals(p, 0, 10, seed=SEED)
    declared = ex.declared_statistics(p, arr, replication=0, seed=SEED)
    assert declared["peak_bps"].sum() > p.capacity_bps > ex.stream_statistics(p, arr)["peak_bps"].sum()
    # the scaled-down whole-stream peaks leave more of the reserved queue unsent at the end of the run
    assert whole["video_queued_bytes"] > run["video_queued_bytes"]
