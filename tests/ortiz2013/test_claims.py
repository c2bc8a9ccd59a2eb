"""The paper's claims checked against the package on the full grid (132 runs).

A claim the book does not reproduce is marked xfail(strict=True) with the reason.
"""

import pytest

from mmperf.experiments import ortiz2013 as ex
from mmperf.papers import table


@pytest.fixture(scope="module")
def grid():
    video = ex.prepare_video()
    summary, kept = ex.run_grid(video, keep=lambda s, b, e: b == 30 and e == 1e-2)
    cmp = ex.compare_with_paper(summary, table("ortiz2013", "results"))
    return video, summary, kept, cmp, ex.claim_values(summary)


def test_cmt_reliable_always_best(grid):
    assert grid[4]["cmt_reliable_best"] == 1.0


def test_rtp_lowest_delay(grid):
    assert grid[4]["rtp_lowest_delay"] == 1.0


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="at 60 Mb/s RTPMulti and RTP lose nearly the same data; RTPMulti ends 0.02 dB lower")
def test_rtp_worst_psnr(grid):
    assert grid[4]["rtp_worst_psnr"] == 1.0


def test_tcp_delay_prohibitive(grid):
    assert grid[4]["tcp_delay_prohibitive"] == 1.0


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the paper's own Table 2 contradicts its text; in the book TCP is slightly "
                                       "faster than SCTP at 30 and 45 Mb/s but window-limited at 60 Mb/s")
def test_tcp_better_than_sctp_without_errors(grid):
    assert grid[4]["tcp_beats_sctp_no_error"] == 1.0


def test_sctp_beats_tcp_under_loss(grid):
    assert grid[4]["sctp_beats_tcp_lossy"] >= 0.75


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the book's SCTP delay under loss is sender backlog, which per-stream delivery "
                                       "cannot shorten")
def test_multistream_beats_single_stream(grid):
    assert grid[4]["multistream_beats_single"] >= 0.75


def test_unreliable_same_delay(grid):
    assert grid[4]["unreliable_same_delay"] >= 0.9


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="as specified, PR-SCTP with one retransmission abandons only chunks lost twice; "
                                       "the paper's PSNR losses come with the ns-2 receiver starvation")
def test_unreliable_lower_psnr(grid):
    assert grid[4]["unreliable_lower_psnr"] == 1.0


def test_mixed_between_reliable_and_unreliable(grid):
    assert grid[4]["mixed_between"] >= 0.75


def test_cmt_uses_both_interfaces_and_sctp_only_one(grid):
    kept = grid[2]
    assert 0.35 <= kept[("CMTMultiReliable", 30.0, 1e-2)].summary()["link2_share"] <= 0.65
    for s in ["SCTPMultiReliable", "SCTPReliable", "SCTPUnreliable", "TCP"]:
        assert kept[(s, 30.0, 1e-2)].summary()["link2_share"] <= 0.05


def test_congestion_before_20_s(grid):
    rtp30 = grid[2][("RTP", 30.0, 1e-2)].result
    assert rtp30.link_stats[0, :20, 1].sum() > 0


def test_video_rates_peak_and_quality(grid):
    video = grid[0]
    r = video.rates().pivot(index="time_s", columns="layer", values="rate_mbps")
    total = r["base"] + r["enhancement"]
    assert total.max() > 45.0
    assert total.mean() == pytest.approx(23.5, rel=0.02)
    assert r["base"].mean() == pytest.approx(6.8, rel=0.03)
    assert video.psnr_full().mean() == pytest.approx(34.4653, abs=0.05)


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="2116 frames at 25 frames/s last 84.64 s, not the paper's 88.64 s")
def test_test_duration(grid):
    video = grid[0]
    assert video.n_frames / video.frame_rate == pytest.approx(88.64, abs=0.01)


def test_ns2_defect_starves_at_mid_sequence(grid):
    video = grid[0]
    run = ex.run_one(video, "SCTPUnreliable", 30.0, 1e-2, ex.Parameters(t_end_s=300.0), ns2_rwnd_defect=True)
    frac = run.summary()["last_delivery_s"] / (video.n_frames / video.frame_rate)
    assert 0.35 <= frac <= 0.65


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="RTP/RTPMulti under heavy loss and unreliable SCTP at 1e-2 differ by more than 0.5 dB")
def test_tables_psnr_within_half_a_db(grid):
    assert ex.table_agreement(grid[3])["psnr"] >= 0.9


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="congested single-path cells and CMT-SCTP at 1e-2 differ by more than a factor 2")
def test_tables_delay_within_factor_two(grid):
    assert ex.table_agreement(grid[3])["delay"] >= 0.9


def test_tables_partly_agree(grid):
    agree = ex.table_agreement(grid[3])
    assert agree["psnr"] >= 0.6 and agree["delay"] >= 0.6
