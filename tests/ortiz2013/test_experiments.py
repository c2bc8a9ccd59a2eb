"""The experiment definitions: Table 1 configurations, parameters, one small run, errors."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from mmperf.experiments import ortiz2013 as ex
from mmperf.transports import sctp


@pytest.fixture(scope="module")
def small():
    params = ex.Params(frames_per_scene=(6, 6, 6, 6), height=32, width=48, t_end_s=60.0)
    return params, ex.prepare_video(params)


def test_strategies_follow_the_paper_descriptions():
    s = ex.STRATEGIES
    assert len(s) == 11
    assert s["CMTMultiMixed"].cmt and s["CMTMultiMixed"].reliability == ("reliable", "unreliable")
    assert not s["SCTPReliable"].multi_stream and not s["SCTPReliable"].cmt
    assert s["RTPMulti"].layer_paths == (0, 1) and s["RTP"].layer_paths == (0, 0)
    assert {ex.transport_of(k) for k in s} == {"rtp", "tcp", "sctp", "cmt-sctp"}


def test_one_run_and_its_per_second_tables(small):
    params, video = small
    run = ex.run_one(video, "CMTMultiReliable", 30.0, 1e-2, params, seed=1)
    summ = run.summary()
    assert summ["delivered_frac"] == 1.0
    assert summ["psnr_db"] == pytest.approx(video.psnr_full().mean())
    ps = run.per_second()
    links = ps["links"]
    sent = links["bandwidth_mbps"].sum() * 1e6 / 8  # bytes over all 1-s bins
    assert sent == pytest.approx(run.result.link_stats[:, :, 0].sum())
    assert set(ps) == {"links", "sink", "psnr"}
    assert (ps["sink"]["loss_mbps"] == 0).all()


def test_overrides_reach_the_transport(small):
    params, video = small
    p = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48,
                  sctp_overrides={"receive_buffer": 8192})
    assert p.config("SCTPReliable").receive_buffer == 8192
    # the chapter's TCP takes ns-2 FullTcp's ssthresh rule by default, RFC 5681's as the ledger's reading
    assert p.config("TCP") == replace(ex.STRATEGIES["TCP"], ssthresh_whole_segments=True)
    assert replace(p, tcp_ssthresh="rfc5681").config("TCP") == ex.STRATEGIES["TCP"]
    assert not ex.STRATEGIES["TCP"].ssthresh_whole_segments  # the engine's generic default is unchanged


def test_claim_values_on_the_paper_tables_themselves():
    from mmperf.papers import table

    paper = table("ortiz2013", "results").pivot_table(index=["strategy", "bandwidth_mbps", "error_rate"],
                                                      columns="metric", values="value").reset_index()
    cv = ex.claim_values(paper.rename(columns={"avg_delay": "avg_delay_s", "psnr_y": "psnr_db"}))
    assert cv["cmt_reliable_best"] == 1.0
    assert cv["tcp_beats_sctp_no_error"] == 0.0  # the paper's text against its own Table 2
    assert all(0.0 <= v <= 1.0 for v in cv.values())


def test_bad_experiment_parameters():
    with pytest.raises(ValueError, match="strategy"):
        ex.Params(strategies=("SCTPTurbo",))
    with pytest.raises(ValueError, match="error_rates"):
        ex.Params(error_rates=(1.5,))
    with pytest.raises(ValueError, match="bandwidths_mbps"):
        ex.Params(bandwidths_mbps=(0.0,))
    with pytest.raises(ValueError, match="strategy"):
        ex.transport_of("UDP")
    with pytest.raises(ValueError, match="summary is empty"):
        ex.claim_values(pd.DataFrame())
    with pytest.raises(TypeError):
        ex.Params().config("SCTPReliable").__class__(**{"bogus": 1})
    assert isinstance(ex.Params().config("SCTPReliable"), sctp.SctpConfig)


def test_params_table_lists_every_knob_with_its_source():
    t = ex.Params().table()
    assert list(t.columns) == ["parameter", "value", "unit", "source"]
    assert len(t) == len(ex.Params.__dataclass_fields__) and t["source"].str.len().min() > 0
    with pytest.raises(ValueError, match="kept_bandwidth_mbps"):
        ex.Params(kept_bandwidth_mbps=50.0)
    with pytest.raises(ValueError, match="t_end_s"):
        ex.Params(t_end_s=float("nan"))


def test_the_loss_draws_follow_the_root_seed(small):
    params, video = small
    lossy = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48, loss_start_s=(0.0, 0.0))
    a, b = (ex.run_one(video, "RTP", 30.0, 1e-2, lossy, seed=s).result.deliver_time for s in (1, 2))
    assert not np.array_equal(a, b)
    assert np.array_equal(a, ex.run_one(video, "RTP", 30.0, 1e-2, lossy, seed=1).result.deliver_time)


def test_strategies_an_ablation_makes_identical_share_one_run(small):
    """Without CMT the CMT strategies are baseline SCTP: the grid reuses the SCTP runs, and its rows are a fresh grid's."""
    from dataclasses import replace

    from mmperf.media import streaming

    params, video = small
    grid = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48, t_end_s=60.0, cmt=False,
                     error_rates=(1e-2,), bandwidths_mbps=(30.0,), kept_error_rate=1e-2, loss_start_s=(0.0, 0.0))
    reused, _ = ex.run_grid(video, grid, seed=3)
    rows = reused.set_index("strategy").drop(columns="table")
    cols = [c for c in rows.columns if c not in ("bandwidth_mbps", "error_rate")]
    assert rows.loc["CMTMultiReliable", cols].equals(rows.loc["SCTPMultiReliable", cols])
    streaming._memo(video).clear()
    fresh = pd.DataFrame([{"strategy": s, **ex.run_one(video, s, 30.0, 1e-2, grid, seed=3).summary()}
                          for s in grid.strategies]).set_index("strategy")
    pd.testing.assert_frame_equal(rows[cols], fresh[cols])
    assert replace(grid, cmt=True).config("CMTMultiReliable") != grid.config("CMTMultiReliable")


def test_the_ledgers_switches_reach_the_mechanisms(small):
    """Each reading and ablation of the chapter's ledger changes what it says it changes, and only that."""
    params, video = small
    base = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48, t_end_s=60.0,
                     loss_start_s=(0.0, 0.0))
    from dataclasses import replace

    no_errors = replace(base, error_model="none")
    lossy = ex.run_one(video, "SCTPReliable", 30.0, 1e-2, base, seed=3).result.link_counters
    clean = ex.run_one(video, "SCTPReliable", 30.0, 1e-2, no_errors, seed=3).result.link_counters
    assert lossy["error_drops"].sum() > 0 and clean["error_drops"].sum() == 0
    one = replace(base, multi_streaming=False)
    assert not one.config("SCTPMultiReliable").multi_stream and not one.config("CMTMultiUnreliable").multi_stream
    assert one.config("SCTPMultiMixed") == base.config("SCTPMultiMixed")  # one stream cannot carry two reliabilities
    assert one.config("CMTMultiUnreliable").cmt
    single = replace(base, cmt=False)
    assert not single.config("CMTMultiReliable").cmt and single.config("CMTMultiReliable").multi_stream
    assert single.config("SCTPReliable") == base.config("SCTPReliable")
    black = replace(base, lost_slice_rule="black")
    r = ex.run_one(video, "RTP", 30.0, 1e-2, black, seed=3)
    assert np.array_equal(r.decoded.psnr, video.decode(r.result.delivered, base_loss="black").psnr)


def test_per_second_averaging_is_the_mean_of_the_sinks_per_second_delays(small):
    params, video = small
    from dataclasses import replace

    p = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48, t_end_s=60.0, loss_start_s=(0.0, 0.0))
    per_packet = ex.run_one(video, "TCP", 30.0, 1e-2, p, seed=5)
    per_second = ex.run_one(video, "TCP", 30.0, 1e-2, replace(p, delay_average="second"), seed=5)
    assert per_packet.summary()["avg_delay_s"] == pytest.approx(per_packet.result.delay().mean())
    sink = per_second.per_second()["sink"]
    assert per_second.summary()["avg_delay_s"] == pytest.approx(sink["delay_s"].dropna().mean())
    # the same run, two averages: they weigh the seconds differently
    assert np.array_equal(per_packet.result.deliver_time, per_second.result.deliver_time)


@pytest.mark.parametrize("kw, exc, name", [
    ({"delay_average": "frame"}, ValueError, "delay_average"), ({"lost_slice_rule": "grey"}, ValueError, "lost_slice_rule"),
    ({"error_model": "gilbert"}, ValueError, "error_model"), ({"cmt": 1}, TypeError, "cmt"),
    ({"multi_streaming": "yes"}, TypeError, "multi_streaming"), ({"tcp_ssthresh": "reno"}, ValueError, "tcp_ssthresh")])
def test_bad_ledger_switches_are_named(kw, exc, name):
    with pytest.raises(exc, match=name):
        ex.Params(**kw)


def test_every_reading_and_ablation_changes_the_params_and_reliability_0_reads_ns2s_own_run():
    from mmperf.experiments.ortiz2013.claims import NS2_UNRELIABLE_CASE

    ch = ex.CHAPTERS[0]
    p = ex.Params()
    changed = [apply(p) for a in ch.assumptions for _, apply in a.variants()] + [b.apply(p) for b in ch.ablations]
    assert all(q != p for q in changed) and len(changed) >= 8
    (r0,) = [apply(p) for a in ch.assumptions for name, apply in a.variants() if name.endswith("=reliability-0")]
    assert r0.config("SCTPUnreliable").rtx_limit == 0 and p.config("SCTPUnreliable").rtx_limit == 1
    shares = {k: ex.ns2_stop_share(case) for k, case in NS2_UNRELIABLE_CASE.items()}
    assert shares[1] < 0.75 < shares[0]  # the literal reading never stops in ns-2
