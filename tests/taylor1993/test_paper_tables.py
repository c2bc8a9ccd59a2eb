"""Cross-checks of the transcribed tables against each other and against the paper's text."""

import numpy as np
import pandas as pd
import pytest

from mmperf import papers
from mmperf.experiments import taylor1993 as ex

BITS_PER_FRAME = 264 * 1256 * 8


def wide(name):
    return ex.paper_table(name)


def test_all_twelve_tables_and_quoted_numbers_have_provenance():
    cat = papers.catalogue("taylor1993")
    assert set(cat["name"]) == {t.name for t in ex.TABLES} | {"quoted"}
    assert len(ex.TABLES) == 12
    assert (cat["repairs"].str.len() > 0).all()
    sizes = {t.name: len(wide(t.name)) for t in ex.TABLES}
    assert sum(sizes.values()) == 36


def test_experiment_grid_is_the_papers_packet_times():
    for t in ex.TABLES:
        assert tuple(wide(t.name)["packet_time"]) == pytest.approx(t.packet_times_ms)
        assert set(papers.table("taylor1993", t.name)["unit"]) >= {t.throughput_unit}


def test_max_tables_frame_time_is_264_packet_times():
    r = ex.frame_packet_ratio()
    mx = r[r["experiment"] == "max_throughput"]
    assert mx["ratio"].between(263.9, 266.1).all()
    # the animation tables use about 266 packet times per frame (printed formula says 264)
    an = r[r["experiment"] == "animation"]
    assert an["ratio"].median() == pytest.approx(266, abs=0.5)


def test_animation_throughput_is_264_packets_of_1256_bytes_per_frame_time():
    for t in ex.TABLES:
        if not t.display:
            continue
        w = wide(t.name)
        scale = 1e3 if t.throughput_unit == "Kb/s" else 1e6
        pred = BITS_PER_FRAME * (1 - w["loss"] / 100) / (w["frame_time"] / 1e3) / scale
        # within the table's rounding (1 Kb/s or 0.01 Mb/s), but for the misprinted 5195.070 row
        tol = 1.5 if t.throughput_unit == "Kb/s" else 0.015
        ok = (pred - w["throughput"]).abs() <= tol
        if t.name == "fddi_anim_ds240":
            assert list(ok) == [True, True, True] or not ok.iloc[0]
        else:
            assert ok.all(), (t.name, list(pred.round(2)), list(w["throughput"]))


def test_misprinted_frame_time_would_match_as_5191():
    w = wide("fddi_anim_ds240")
    assert w["frame_time"].iloc[0] == 5195.07
    pred = BITS_PER_FRAME / 5.19107 / 1e3 * (1 - 0.0003)
    assert pred == pytest.approx(511, abs=0.5)


def _half_unit(text: str) -> float:
    """Half a unit of the last printed digit of a number as printed, e.g. '2.4' -> 0.05."""
    return 0.5 * 10.0 ** -(len(text.split(".")[1]) if "." in text else 0)


def test_average_lost_per_frame_is_loss_times_264():
    from mmperf._paths import data_dir

    off = []
    for t in ex.TABLES:
        raw = pd.read_csv(data_dir() / "papers" / "taylor1993" / f"{t.name}.csv", dtype={"value": str})
        for row, g in raw.groupby("row"):
            v = dict(zip(g["quantity"], g["value"]))
            avg, loss = float(v["avg_lost_per_frame"]), float(v["loss"])
            # printing precision of both numbers, plus 5 %
            tol = _half_unit(v["avg_lost_per_frame"]) + 2.64 * _half_unit(v["loss"]) + 0.05 * avg
            if abs(avg - 2.64 * loss) > tol:
                off.append((t.name, row))
    # only one row disagrees, by a factor of about 2 (0.15 packets/frame is 0.057 %, printed 0.03 %);
    # noted in provenance.csv
    assert off == [("fddi_anim_ds240", 1)]


def test_abstract_numbers_against_the_alpha_fddi_tables():
    q = papers.table("taylor1993", "quoted").set_index("quantity")["value"]
    mx, an = wide("fddi_max_alpha"), wide("fddi_anim_alpha")
    assert q["alpha_fddi_max_throughput_low"] == mx["throughput"].iloc[0]
    assert q["alpha_fddi_max_throughput_high"] not in set(mx["throughput"])  # 42.1 is in no row
    assert mx["throughput"].max() == 39.8 and mx["loss"].max() == 34.7
    assert q["alpha_fddi_anim_throughput_low"] == pytest.approx(an["throughput"].min(), abs=0.05)
    assert q["alpha_fddi_anim_throughput_high"] == pytest.approx(an["throughput"].max(), abs=0.05)
    assert an["loss"].max() == 3.2 and q["alpha_fddi_anim_loss_high"] == 1.3


def test_packet_and_buffer_numbers_of_the_text_agree():
    q = papers.table("taylor1993", "quoted").set_index("quantity")["value"]
    assert q["packets_per_frame"] * q["packet_data_bytes"] / 1e3 == pytest.approx(323.1, abs=0.1)  # ~300 KB
    assert q["image_side"] ** 2 == pytest.approx(q["frame_bytes_approx"] * 1e3, rel=0.01)
    assert q["socket_buffer_bytes"] * 1e3 / q["socket_buffer_packet_bytes"] == pytest.approx(q["socket_buffer_packets"], rel=0.03)
    # 100 frames x 264 x 1224 B ~ 32 MB, 200 frames ~ 64 MB
    assert q["frames_short_run"] * 264 * 1224 / 1e6 == pytest.approx(q["data_short_run"], rel=0.02)
    assert q["frames_long_run"] * 264 * 1224 / 1e6 == pytest.approx(q["data_long_run"], rel=0.02)
