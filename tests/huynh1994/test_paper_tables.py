"""Cross-checks of the transcribed numbers of Huynh & Khoshgoftaar 1994 against each other."""

import pytest

from mmperf.papers import catalogue, table


def _t1(parameter, mode="all"):
    t = table("huynh1994", "table1")
    row = t[(t["parameter"] == parameter) & (t["mode"] == mode)]
    assert len(row) == 1, parameter
    return float(row["value"].iloc[0])


def _hw(parameter, system="all"):
    t = table("huynh1994", "hardware")
    row = t[(t["parameter"] == parameter) & (t["system"] == system)]
    assert len(row) == 1, (parameter, system)
    return float(row["value"].iloc[0])


def _q(quantity, **dims):
    t = table("huynh1994", "quoted")
    t = t[t["quantity"] == quantity]
    for k, v in dims.items():
        t = t[t[k].astype(str) == str(v)]
    assert len(t) == 1, (quantity, dims, len(t))
    return float(t["value"].iloc[0])


def test_catalogue_lists_the_three_tables():
    names = set(catalogue("huynh1994")["name"])
    assert names == {"table1", "hardware", "quoted"}
    for name in names:
        t = table("huynh1994", name)
        assert {"value", "unit"} <= set(t.columns)
        assert t["value"].notna().all()


def test_compression_ratio_matches_frame_sizes():
    # Table 1: 45:1 = 360 kB : 8 kB
    assert _t1("uncompressed_frame_size") / _t1("compressed_frame_size") == pytest.approx(_t1("compression_ratio"))


def test_bit_rate_is_one_8kB_frame_per_frame_time_at_30fps():
    # 8 kB frames at 30 frames/s are ~2 Mbit/s (Table 1 bit rate; sec. 2 maximum per stream)
    mbps = _t1("compressed_frame_size") * 1024 * 8 * 30 / 1e6
    assert mbps == pytest.approx(_t1("bit_rate"), rel=0.02)
    assert mbps == pytest.approx(_hw("max_video_bit_rate"), rel=0.02)


def test_pipeline_cycles_match_section_2_times():
    frame_time_ms = 1000 / _hw("max_frame_rate")
    assert _hw("compress_time") == pytest.approx(_t1("compression_cycles") / 100 * frame_time_ms, rel=1e-3)
    assert _hw("decompress_time") == pytest.approx(_t1("decompression_cycles") / 100 * frame_time_ms, rel=1e-3)
    assert _hw("mixing_time") == pytest.approx(_t1("video_mixing_cycles") / 100 * frame_time_ms, rel=1e-3)


def test_decompression_stage_delays_are_one_frame_time():
    q = table("huynh1994", "quoted")
    d = q[q["quantity"] == "decompression_stage_delay"]
    for _, row in d.iterrows():
        assert row["value"] == pytest.approx(1000 / float(row["frame_rate"]), rel=1e-3)


def test_channel_rates_are_threefold():
    assert _hw("channel_rate", "486") / _hw("channel_rate", "386") == pytest.approx(
        _q("channel_capacity_gain_streaming"), rel=0.01)
    # 32-bit bus, 300 ns cycle: 4 bytes / 300 ns = 13.33 MB/s
    assert 4 / (_hw("channel_cycle_time", "386") * 1e-9) / 1e6 == pytest.approx(_hw("channel_rate", "386"), rel=1e-3)


def test_saturation_path_lengths_scale_with_processor_power():
    q = table("huynh1994", "quoted")
    s = q[q["quantity"] == "host_saturation_vc_path_length"].set_index("system")["value"]
    # the 486 has twice the clock; the paper's 4x needs twice the instructions per clock as well
    assert s["486"] / s["386"] == pytest.approx(4.0)
    assert _hw("host_clock", "486") / _hw("host_clock", "386") == 2


def test_conclusion_repeats_the_results_numbers():
    q = table("huynh1994", "quoted")
    ring = q[q["quantity"] == "token_ring_utilization"]
    assert set(ring[ring["frame_rate"].astype(str).isin(["30", "n/a"])]["value"]) == {53.0}
    assert float(q[q["quantity"] == "vc_path_length_measured"]["value"].iloc[0]) == _t1("video_conferencing_path_length", "locate")
    assert float(q[q["quantity"] == "vc_path_length_estimated"]["value"].iloc[0]) == _t1("video_conferencing_path_length", "move")
    assert float(q[q["quantity"] == "compression_ratio"]["value"].iloc[0]) == _t1("compression_ratio")


def test_token_ring_load_is_consistent_with_four_streams():
    # three-way conference, distributed: 1 outgoing (multicast) + 2 incoming + 1 file transfer,
    # each ~2 Mbit/s at 30 frames/s, on a 16 Mbit/s ring: ~49 % before framing overhead
    load = 4 * _t1("bit_rate") / _hw("ring_bit_rate")
    assert 0.45 < load < 0.53 + 1e-9
    quoted = table("huynh1994", "quoted")
    at8 = quoted[(quoted["quantity"] == "token_ring_utilization") & (quoted["frame_rate"].astype(str) == "8")]["value"].iloc[0]
    load8 = (3 * _t1("bit_rate") * 8 / 30 + _t1("bit_rate")) / _hw("ring_bit_rate")
    assert load8 * 100 == pytest.approx(at8, abs=3)
