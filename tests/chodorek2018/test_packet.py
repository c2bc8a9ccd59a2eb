"""The chapter's cells on the packet-level bottleneck (issue #20): the same streams as the fluid model,
and the committed sample reproducible from its parameters."""

import json

import numpy as np
import pandas as pd
import pytest

from mmperf._paths import repo_root
from mmperf.experiments.chodorek2018 import Params, model, packet, video_arrivals
from mmperf.seeds import DEFAULT_ROOT_SEED, judging_seeds

SAMPLE = repo_root() / packet.SAMPLE_FILE


def test_packets_carry_the_fluid_model_s_bytes_slot_by_slot():
    """Paced packets in 2-ms slots give the fluid arrivals up to one packet per frame boundary."""
    p = Params(duration_s=4.0)
    t, b = packet.video_packets(p, 0, 3, seed=DEFAULT_ROOT_SEED, duration_s=4.0)
    fluid = video_arrivals(p, 0, 3, seed=DEFAULT_ROOT_SEED).sum(axis=0)
    per_slot = np.bincount((t / p.slot_s).astype(int), weights=b, minlength=fluid.size)[:fluid.size]
    assert per_slot.sum() == pytest.approx(fluid.sum(), rel=2e-3)
    # cumulative bytes never differ by more than a few packets per stream
    assert np.abs(np.cumsum(per_slot) - np.cumsum(fluid)).max() < 3 * 4 * 1368
    assert np.all(np.diff(t) >= 0) and b.max() == 1368


def test_tcp_starts_are_shared_by_every_n():
    a = packet.tcp_starts(2, 10, seed=5)
    assert np.array_equal(a, packet.tcp_starts(2, 10, seed=5))
    assert a.shape == (10,) and (a >= 0).all() and (a < packet.TCP_START_WINDOW_S).all()
    assert not np.array_equal(a, packet.tcp_starts(3, 10, seed=5))


def test_committed_sample_is_what_its_parameters_produce():
    meta = json.loads(SAMPLE.with_suffix(".json").read_text())
    df = pd.read_csv(SAMPLE)
    assert [list(c) for c in packet.SAMPLE_CELLS] == meta["cells_KN"]
    assert len(df) == len(packet.SAMPLE_CELLS) * meta["replications"]
    # one row rerun (K = 10, N = 10, the cheapest of the loaded ones): identical counts
    row = df[(df.K == 10) & (df.N == 10) & (df.replication == 0)].iloc[0]
    r = packet.run_packet_cell(Params(), n_videos=10, k_flows=10, replication=0, seed=meta["seed"],
                               buffer_packets=meta["buffer_packets"], rtt_s=meta["rtt_s"], duration_s=meta["duration_s"])
    for col in ("video_sent", "video_dropped", "tcp_sent", "tcp_dropped", "tcp_timeouts", "tcp_fast_retransmits"):
        assert r[col] == row[col], f"{col} changed: run `python -m mmperf.experiments.chodorek2018.packet`"


def test_bad_inputs_name_the_parameter():
    with pytest.raises(ValueError, match="duration_s"):
        packet.video_packets(Params(), 0, 1, seed=1, duration_s=np.nan)
    with pytest.raises(TypeError, match="n_videos"):
        packet.video_packets(Params(), 0, 1.5, seed=1, duration_s=1.0)
    with pytest.raises(ValueError, match="k_flows"):
        packet.tcp_starts(0, -1, seed=1)
    with pytest.raises(ValueError, match="replications"):
        packet.run_packet_sample(Params(), seed=1, replications=0)


def test_packet_reservations_are_the_fluid_model_s():
    p = Params()
    assert packet.packet_reservations(p, "s1", 0, 3, seed=1, duration_s=2.0) == {}
    s2 = packet.packet_reservations(p, "s2", 0, 3, seed=1, duration_s=2.0)
    np.testing.assert_allclose(s2["reserved_bps"], p.s2_fraction * p.video.target_rate_bps)
    s4 = packet.packet_reservations(p, "s4", 0, 3, seed=1, duration_s=2.0)
    assert s4["reserved_bps"].shape == (3, int(np.ceil(2.0 / p.next_time_s)))
    assert s4["reservation_period_s"] == pytest.approx(p.next_time_s)
    assert s4["signalling_delay_s"] == packet.TFD_SIGNALLING_DELAY_S
    # the TFD windows announce the bytes the packets carry (the last window is 0.2 s long)
    t, b = packet.video_packets(p, 0, 3, seed=1, duration_s=2.0)
    lengths = np.minimum(p.next_time_s, 2.0 - p.next_time_s * np.arange(s4["reserved_bps"].shape[1]))
    assert (s4["reserved_bps"] * lengths / 8).sum() == pytest.approx(b.sum(), rel=2e-3)
    with pytest.raises(ValueError, match="scenario"):
        packet.packet_reservations(p, "s5", 0, 1, seed=1, duration_s=1.0)


def test_a_sender_declares_the_whole_stream_s_tspec_and_s4_announces_what_is_sent():
    from mmperf.experiments.chodorek2018 import declared_statistics, stream_statistics
    from mmperf.networks import bottleneck

    p = Params().with_(duration_s=15.2)
    seed = DEFAULT_ROOT_SEED
    sent = video_arrivals(p, 0, 10, seed=seed, window="excerpt")
    whole = stream_statistics(Params(), video_arrivals(Params(), 0, 10, seed=seed))  # the 152-s streams
    run = declared_statistics(p.with_(tspec_span="run"), sent, replication=0, seed=seed)
    stream = declared_statistics(p, sent, replication=0, seed=seed)
    for key in ("depth_bytes", "peak_bps"):
        np.testing.assert_array_equal(stream[key], whole[key])
        np.testing.assert_array_equal(run[key], stream_statistics(p, sent)[key])
    np.testing.assert_array_equal(stream["tfd_bps"], run["tfd_bps"])  # each window announces what it sends
    # a burst of the excerpt is one of the stream's (up to the rounding of the slot sums)
    assert (stream["depth_bytes"] >= run["depth_bytes"] * (1 - 1e-12)).all() and (stream["depth_bytes"] > 1.05 * run["depth_bytes"]).any()
    # the excerpt's peaks fit the link at N = 10, the whole streams' do not: admission binds under 'stream' only
    assert run["peak_bps"].sum() < p.capacity_bps < stream["peak_bps"].sum()
    s3 = packet.packet_reservations(p, "s3", 0, 10, seed=seed, duration_s=15.2, window="excerpt")
    assert s3["reserved_bps"].sum() == pytest.approx(p.capacity_bps) and (s3["reserved_bps"] < stream["peak_bps"]).all()
    np.testing.assert_allclose(s3["reserved_bps"], bottleneck.admit(stream["peak_bps"][:, None], capacity_bps=1e9)[:, 0])
    np.testing.assert_array_equal(s3["bucket_bytes"], stream["depth_bytes"])
    old = packet.packet_reservations(p.with_(tspec_span="run"), "s3", 0, 10, seed=seed, duration_s=15.2, window="excerpt")
    np.testing.assert_array_equal(old["reserved_bps"], run["peak_bps"])  # not scaled: the excerpt fits
    # a run of the whole stream declares what it sends under both readings
    full = video_arrivals(Params(), 0, 2, seed=seed)
    a, b = (declared_statistics(Params(tspec_span=s), full, replication=0, seed=seed) for s in ("run", "stream"))
    assert all(np.array_equal(a[k], b[k]) for k in a)


def test_window_rates_name_the_declared_statistics_and_where_admission_binds():
    from mmperf.experiments.chodorek2018 import stream_statistics, window_rates

    t = window_rates(Params(), seed=DEFAULT_ROOT_SEED, replications=1).set_index("window")
    assert t.declared.to_dict() == {"whole": True, "head": False, "excerpt": False}
    assert window_rates(Params(tspec_span="run"), seed=DEFAULT_ROOT_SEED, replications=1).set_index("window").declared["excerpt"]
    peaks = stream_statistics(Params(), video_arrivals(Params(), 0, 10, seed=DEFAULT_ROOT_SEED))["peak_bps"]
    assert t.loc["whole", "s3_peak_sum_n10_mbps"] == pytest.approx(peaks.sum() / 1e6)
    first = int(np.argmax(np.cumsum(peaks) > 1e9)) + 1  # the first N whose peaks exceed the link
    assert t.loc["whole", "s3_binds_from_n"] == first and t.loc["whole", "s3_binds_n10"] == 1
    assert np.isnan(t.loc["excerpt", "s3_binds_from_n"]) and t.loc["excerpt", "s3_binds_n10"] == 0
    assert t.loc["whole", "burst_kb"] >= t.loc["excerpt", "burst_kb"] and t.loc["whole", "largest_gap_mbps"] == 0


@pytest.mark.parametrize("scenario", ["s3", "s4"])
def test_peak_and_tfd_reservations_protect_a_stream_from_ten_flows(scenario):
    best = packet.run_packet_cell(Params(), n_videos=1, k_flows=10, replication=0, seed=1, duration_s=3.0)
    r = packet.run_packet_cell(Params(), n_videos=1, k_flows=10, replication=0, seed=1, duration_s=3.0, scenario=scenario)
    assert best["video_dropped"] > 0 and best["video_conforming"] == 0
    assert r["video_dropped"] == 0 and r["video_conforming"] > 0.99 * r["video_sent"]


def test_packet_summary_has_the_fluid_layout():
    rows = pd.DataFrame([{"scenario": "s1", "K": 1, "N": 1, "replication": r, "video_per_pct": 0.1 * r,
                          "utilization_pct": 80.0, "video_throughput_mbps": 60.0, "tcp_throughput_mbps": 700.0 + r}
                         for r in range(3)])
    s = model.packet_summary(rows).set_index("metric")
    assert s.loc["per", "value"] == pytest.approx(0.1) and s.loc["tcp_throughput", "sd"] == pytest.approx(1.0)
    assert set(s.unit) == {"%", "Mb/s"}


def _grid_metas():
    """``(path, meta)`` of every committed packet grid: the book seed's and the other judging seeds'."""
    paths = [(repo_root() / model.GRID_FILE).with_suffix(".json")] + sorted((repo_root() / model.SEED_GRID).parent.glob("seed-*.json"))
    return [(path, json.loads(path.read_text())) for path in paths if path.exists()]


def test_committed_grids_come_from_a_clean_tree():
    # a grid is data only if the code that produced it is committed: its .json names a commit without "+dirty"
    metas = _grid_metas()
    assert metas, "no committed packet grid"
    for path, meta in metas:
        commit = meta.get("git_commit", "")
        assert not commit.endswith("+dirty"), f"{path.name}: produced from a dirty tree ({commit}); regenerate from a clean commit"
        assert len(commit) == 40 and all(c in "0123456789abcdef" for c in commit), f"{path.name}: no commit recorded ({commit!r})"


def test_every_judging_seed_has_a_grid_of_the_same_run_length():
    p = Params()
    metas = dict((meta["seed"], meta) for _, meta in _grid_metas())
    missing = [s for s in judging_seeds(root=DEFAULT_ROOT_SEED) if s not in metas]
    assert not missing, f"no committed grid for judging seeds {missing}: run `make chodorek-grid` for each (see the chapter)"
    for seed, meta in metas.items():
        assert (meta["duration_s"], meta.get("window"), meta["replications_per_cell"]) == (
            p.grid_duration_s, p.grid_window, [p.grid_replications] * 2), f"seed {seed}: not the chapter's grid settings"
        assert model.committed_grid(seed, buffer_packets=meta["buffer_packets"], rtt_s=meta["rtt_s"]) is not None
        # another calibration is not this grid
        assert model.committed_grid(seed, buffer_packets=meta["buffer_packets"] + 1, rtt_s=meta["rtt_s"]) is None


def test_the_book_seed_s_calibration_is_what_the_packet_model_chooses_now():
    # the buffer and round trip committed with the book seed's grid are the packet model's calibration
    # under the current code (the other seeds' run the same code: their grids' commits and the reruns below)
    buf, rtt = packet.calibrate(Params(), seed=DEFAULT_ROOT_SEED)
    committed = model.committed_calibration_tables(DEFAULT_ROOT_SEED)
    assert committed is not None, "the book seed's grid has no calibration tables"
    pd.testing.assert_frame_equal(committed[0], buf, check_dtype=False)
    pd.testing.assert_frame_equal(committed[1], rtt, check_dtype=False)
    b, r = int(buf.loc[buf.chosen, "buffer_packets"].item()), float(rtt.loc[rtt.chosen, "rtt_ms"].item()) / 1000
    assert model.committed_calibration(DEFAULT_ROOT_SEED) == (b, r)


@pytest.mark.parametrize("scenario", ["s1", "s4"])
def test_committed_grid_rows_are_what_the_current_code_produces(scenario):
    from mmperf import __version__

    for path, meta in _grid_metas():
        assert meta["mmperf_version"] == __version__, f"{path.name}: rerun the grid"
    seed = DEFAULT_ROOT_SEED if scenario == "s4" else OTHER_SEED
    buffer_packets, rtt_s = model.committed_calibration(seed)
    rows, meta = model.committed_grid(seed, buffer_packets=buffer_packets, rtt_s=rtt_s)
    row = rows[(rows.scenario == scenario) & (rows.K == 10) & (rows.N == 10) & (rows.replication == 0)].iloc[0]
    r = packet.run_packet_cell(Params(), scenario=scenario, n_videos=10, k_flows=10, replication=0, seed=seed,
                               buffer_packets=buffer_packets, rtt_s=rtt_s, duration_s=meta["duration_s"], window=meta["window"])
    for col in ("video_sent", "video_dropped", "video_conforming", "tcp_sent", "tcp_dropped", "tcp_timeouts"):
        assert r[col] == row[col], f"{col} changed: rerun the grid of seed {seed} (see its .json for the command)"


OTHER_SEED = DEFAULT_ROOT_SEED + 1
"""A judging seed other than the chapter's."""


def test_committed_calibration_only_for_a_committed_seed():
    assert model.committed_calibration(DEFAULT_ROOT_SEED) is not None
    assert model.committed_calibration(3) is None
    with pytest.raises(ValueError, match="seed"):
        model.committed_calibration(-1)


def test_a_run_without_the_fluid_model_is_the_committed_grid_alone():
    from mmperf.experiments.chodorek2018 import claims, committed_run

    r = committed_run(Params(), seed=OTHER_SEED)
    buffer_packets, rtt_s = model.committed_calibration(OTHER_SEED)
    assert r.value("buffer_packets") == buffer_packets and r.value("rtt_ms") == pytest.approx(1000 * rtt_s)
    assert claims.packet_judged(r) and "summary" not in r.names and "runs" not in r.names
    rows, _ = model.committed_grid(OTHER_SEED, buffer_packets=buffer_packets, rtt_s=rtt_s)
    pd.testing.assert_frame_equal(r.table("packet_summary"), model.packet_summary(rows))
    with pytest.raises(ValueError, match="committed_run needs"):
        committed_run(Params(), seed=3)  # no committed grid
    with pytest.raises(ValueError, match="committed_run needs"):
        committed_run(Params(replications=5), seed=OTHER_SEED)  # not the set-up the grid was run with
    with pytest.raises(ValueError, match="seed"):
        committed_run(Params(), seed=-1)


def test_judging_runs_give_only_the_chapter_seed_and_uncommitted_seeds_the_fluid_model(monkeypatch):
    from mmperf.seeds import judging_seeds

    calls = []
    monkeypatch.setattr(model, "run", lambda params, *, seed: calls.append((seed, True)) or (seed, True))
    monkeypatch.setattr(model, "committed_run", lambda params, *, seed: calls.append((seed, False)) or (seed, False))
    out = model.judging_runs(Params(), seed=DEFAULT_ROOT_SEED)
    assert list(out) == list(judging_seeds(root=DEFAULT_ROOT_SEED))
    assert out[DEFAULT_ROOT_SEED] == (DEFAULT_ROOT_SEED, True)
    assert all(out[s] == (s, False) for s in list(out)[1:])  # every other judging seed has its grid committed
    calls.clear()
    out = model.judging_runs(Params(), seed=3)  # no grid committed for seeds 3..12: every seed runs in full
    assert sorted(calls) == [(s, True) for s in judging_seeds(root=3)]
    calls.clear()
    model.judging_runs(Params(replications=5), seed=DEFAULT_ROOT_SEED)  # another set-up: the grids do not apply
    assert all(fluid for _, fluid in calls) and len(calls) == 10
