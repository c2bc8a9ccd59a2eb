"""Cross-checks of the transcribed tables against the paper's text."""

import numpy as np
import pandas as pd
import pytest

from mmperf.experiments import ortiz2013 as ex
from mmperf.papers import catalogue, table


@pytest.fixture(scope="module")
def results():
    return table("ortiz2013", "results")


def test_catalogue_and_provenance():
    cat = catalogue("ortiz2013")
    assert set(cat["name"]) == {"table1", "results", "quoted", "figures"}
    assert (cat["repairs"].str.len() > 0).all()


def test_results_cover_the_grid_exactly_once(results):
    assert len(results) == 11 * 3 * 4 * 2
    keys = results[["strategy", "bandwidth_mbps", "error_rate", "metric"]]
    assert not keys.duplicated().any()
    assert set(results["strategy"]) == set(ex.STRATEGIES)
    assert set(results["bandwidth_mbps"]) == {30, 45, 60}
    assert set(results["error_rate"]) == {0.0, 1e-4, 1e-3, 1e-2}
    assert dict(zip(*np.unique(results["table"], return_counts=True))) == {f"Table {i}": 66 for i in range(2, 6)}


def test_reliable_strategies_show_the_full_quality_psnr(results):
    """'In the case of TCP, the PSNR-Y value corresponds to that of the complete error-free sequence'."""
    p = results[results["metric"] == "psnr_y"]
    reliable = p[p["strategy"].isin(["TCP", "CMTMultiReliable", "SCTPMultiReliable", "SCTPReliable"])]
    assert (reliable["value"] == 34.4653).all()
    assert p["value"].max() == 34.4653
    quoted = table("ortiz2013", "quoted").set_index("quantity")["value"]
    # the text's 34.46 dB is the tables' 34.4653 truncated (rounding would give 34.47)
    assert np.floor(34.4653 * 100) / 100 == quoted["avg_psnr_y"]
    assert abs(34.4653 - quoted["avg_psnr_y"]) < 0.01


def test_rtp_worst_psnr_and_best_delay_at_30_mbps_1e2(results):
    """'As expected, RTP has the worst PSNR value but the best average delay value' (Fig. 11 case)."""
    c = results[(results["bandwidth_mbps"] == 30) & (results["error_rate"] == 1e-2)]
    c = c.pivot(index="strategy", columns="metric", values="value")
    assert c["psnr_y"].idxmin() == "RTP"
    assert c["avg_delay"].nsmallest(2).index.isin(["RTP", "RTPMulti"]).all()


def test_no_error_table_does_not_depend_on_reliability(results):
    """Without errors nothing is retransmitted, so reliable and unreliable variants coincide."""
    t2 = results[results["error_rate"] == 0].pivot_table(index=["strategy", "bandwidth_mbps"], columns="metric",
                                                         values="value")
    for a, b in [("SCTPMultiReliable", "SCTPMultiUnreliable"), ("SCTPReliable", "SCTPUnreliable"),
                 ("CMTMultiReliable", "CMTMultiMixed")]:
        pd.testing.assert_frame_equal(t2.loc[a], t2.loc[b])


def test_table1_matches_strategy_names():
    t1 = table("ortiz2013", "table1").pivot(index="strategy", columns="feature", values="value")
    for s, row in t1.iterrows():
        assert row["multi_streaming"] == int("Multi" in s)
        assert row[["reliable", "unreliable", "mixed"]].sum() == 1
        if s.endswith("Mixed"):
            assert row["mixed"] == 1
        if s.endswith("Reliable") or s == "TCP":
            assert row["reliable"] == 1
    book = ex.strategy_table().pivot(index="strategy", columns="feature", values="value")
    pd.testing.assert_frame_equal(book.loc[t1.index, t1.columns], t1, check_dtype=False)


def test_quoted_duration_is_inconsistent_with_frames_and_rate():
    q = table("ortiz2013", "quoted").set_index("quantity")["value"]
    assert q["frames"] / q["frame_rate"] == pytest.approx(84.64)
    assert q["test_duration"] == pytest.approx(88.64)  # the paper's figure, 4 s more


def test_per_and_ber_relation():
    """'With an MTU of 1,500 bytes, the PER values correspond, roughly speaking, to BER values of 1e-8, 1e-7 and 1e-6'
    (PER = 1 - (1 - BER)^MTU with the MTU in bits)."""
    for per, ber in [(1e-4, 1e-8), (1e-3, 1e-7), (1e-2, 1e-6)]:
        assert 1 - (1 - ber) ** (1500 * 8) == pytest.approx(per, rel=0.25)
