"""The experiment definitions: Table 1 configurations, parameters, one small run, errors."""

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
    assert p.config("TCP") == ex.STRATEGIES["TCP"]


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


def test_a_loss_free_cell_is_the_same_under_every_seed_and_is_reused(small):
    """What the grid's reuse of loss-free cells across seeds rests on: without errors no run
    draws from the seed; and a grid reusing them gives the summaries of fresh runs."""
    from mmperf.experiments.ortiz2013 import model

    params, video = small
    grid = ex.Params(frames_per_scene=params.frames_per_scene, height=32, width=48, t_end_s=60.0,
                     error_rates=(0.0, 1e-2), bandwidths_mbps=(30.0,), kept_error_rate=1e-2, loss_start_s=(0.0, 0.0))
    for s in ("SCTPMultiMixed", "CMTMultiReliable", "TCP", "RTPMulti"):
        a, b = (ex.run_one(video, s, 30.0, 0.0, grid, seed=root).result for root in (1, 2))
        assert np.array_equal(a.deliver_time, b.deliver_time) and np.array_equal(a.link_stats, b.link_stats)
    first, _ = ex.run_grid(video, grid, seed=1)
    memo = model._memo(video)
    assert sum(1 for k in memo if k[0] == "loss-free") == len(grid.strategies)
    reused, _ = ex.run_grid(video, grid, seed=2)
    memo.clear()
    fresh, _ = ex.run_grid(video, grid, seed=2)
    pd.testing.assert_frame_equal(reused, fresh)
    lossless = fresh["error_rate"] == 0.0
    pd.testing.assert_frame_equal(first[lossless], fresh[lossless])
    assert not first[~lossless].equals(fresh[~lossless])
