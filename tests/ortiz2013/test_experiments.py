"""The experiment definitions: Table 1 configurations, parameters, one small run, errors."""

import numpy as np
import pytest

from mmperf.experiments import ortiz2013 as ex
from mmperf.transports import sctp


@pytest.fixture(scope="module")
def small():
    params = ex.Parameters(frames_per_scene=(6, 6, 6, 6), height=32, width=48, t_end_s=60.0)
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
    run = ex.run_one(video, "CMTMultiReliable", 30.0, 1e-2, params)
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
    p = ex.Parameters(frames_per_scene=params.frames_per_scene, height=32, width=48,
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
        ex.Parameters(strategies=("SCTPTurbo",))
    with pytest.raises(ValueError, match="error_rates"):
        ex.Parameters(error_rates=(1.5,))
    with pytest.raises(ValueError, match="bandwidths_mbps"):
        ex.Parameters(bandwidths_mbps=(0.0,))
    with pytest.raises(ValueError, match="strategy"):
        ex.transport_of("UDP")
    with pytest.raises(ValueError, match="summary is empty"):
        ex.claim_values(ex.pd.DataFrame())
    with pytest.raises(TypeError):
        ex.Parameters().config("SCTPReliable").__class__(**{"bogus": 1})
    assert isinstance(ex.Parameters().config("SCTPReliable"), sctp.SctpConfig)
