"""A host's capacity read off its runs (mmperf.hosts.capacity): closed-form grids, saturation and knee
points of sweeps, one workload's share of a station."""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.hosts import capacity, ps2_laws
from mmperf.hosts.ps2 import Hardware, Workload, simulate
from mmperf.metrics.crossing import crossing
from mmperf.networks.operational import saturation_from_sweep
from mmperf.seeds import rng

HW = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6, memory_cycles_per_instruction=0.9,
              memory_burst_factor=1.0, memory_bandwidth=50e6, channel_rate=13.33e6, adapter_instructions_per_s=1.6e6,
              adapter_scb_instructions=500, control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833,
              mix_time=0.00833, disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
              ring_bit_rate=16e6, ring_frame_overhead_bytes=21)


def test_the_utilization_table_is_the_utilization_law_per_case_in_order():
    cases = [({"mode": m, "f": f}, HW, Workload(mode=m, frame_rate=f, incoming_streams=2))
             for m in ("locate", "move") for f in (8, 30)]
    t = capacity.utilization_table(cases)
    assert list(t.columns) == ["mode", "f", "station", "utilization"]
    assert len(t) == len(cases) * len(ps2_laws.STATIONS)
    for (labels, hw, wl), (_, g) in zip(cases, t.groupby(["mode", "f"], sort=False)):
        assert g["station"].tolist() == list(ps2_laws.STATIONS)
        assert g["utilization"].tolist() == list(ps2_laws.utilizations(hw, wl).values())
        assert (g["mode"] == labels["mode"]).all() and (g["f"] == labels["f"]).all()


def test_the_utilization_table_matches_a_long_simulation():
    wl = Workload(mode="locate", frame_rate=15.0, incoming_streams=1, frames=3000, phases="random")
    sim = simulate(HW, wl, rng=rng("test", "capacity")).stations.set_index("station")["utilization"]
    t = capacity.utilization_table([({}, HW, wl)]).set_index("station")["utilization"]
    for station, u in t.items():
        assert float(sim[station]) == pytest.approx(u, abs=0.015), station


@settings(max_examples=40, deadline=None)
@given(slope=st.floats(1e-3, 0.1), base=st.floats(0.0, 0.3), reps=st.integers(1, 4))
def test_a_sweep_on_an_exact_line_saturates_where_the_line_reaches_one(slope, base, reps):
    x = np.arange(1.0, 6.0)
    rows = [{"host": "h", "x": v, "u": base + slope * v} for v in x for _ in range(reps)]
    f = pd.DataFrame(rows)
    keep = (base + slope * x) < 0.8
    got = capacity.saturations(f, x="x", y="u", by=["host"])["saturation"].iloc[0]
    if keep.sum() < 2:
        return
    assert got == pytest.approx((1 - base) / slope, rel=1e-6)


def test_saturations_fit_the_mean_over_replications_per_group():
    r = np.random.default_rng(1)
    f = pd.DataFrame([{"s": s, "t": t, "x": x, "u": a * x + r.normal(0, 0.01)}
                      for s, a in (("a", 0.1), ("b", 0.05)) for t in ("p", "q") for x in (1, 2, 3, 4) for _ in range(3)])
    out = capacity.saturations(f, x="x", y="u", by=["s", "t"])
    assert out[["s", "t"]].values.tolist() == [["a", "p"], ["a", "q"], ["b", "p"], ["b", "q"]]
    for _, row in out.iterrows():
        g = f[(f["s"] == row["s"]) & (f["t"] == row["t"])].groupby("x")["u"].mean()
        assert row["saturation"] == saturation_from_sweep(g.index, g.to_numpy())


def test_knees_cross_the_mean_curve_at_a_multiple_of_its_first_point():
    f = pd.DataFrame({"s": ["a"] * 8 + ["b"] * 4, "x": [1, 1, 2, 2, 3, 3, 4, 4, 1, 2, 3, 4],
                      "d": [1.0, 1.2, 1.1, 1.1, 1.3, 1.5, 3.0, 4.0, 2.0, 2.0, 2.1, 2.2]})
    out = capacity.knees(f, x="x", y="d", by=["s"], factor=1.5).set_index("s")
    assert out.loc["a", "base"] == pytest.approx(1.1)
    assert out.loc["a", "knee"] == crossing([1, 2, 3, 4], [1.1, 1.1, 1.4, 3.5], level=1.5 * 1.1)
    assert 3 < out.loc["a", "knee"] < 4
    assert out.loc["b", "base"] == 2.0 and math.isnan(out.loc["b", "knee"])  # never reaches 3.0


@settings(max_examples=40, deadline=None)
@given(parts=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.booleans()), min_size=1, max_size=6))
def test_the_workload_share_splits_the_total_and_counts_a_missing_class_as_zero(parts):
    rows = []
    for i, (video, file, has_file) in enumerate(parts):
        rows.append({"rep": i, "class": "video", "u": video})
        if has_file:
            rows.append({"rep": i, "class": "file", "u": file})
    out = capacity.workload_share(pd.DataFrame(rows), index=["rep"], workload="class", part="file", value="u")
    assert out["rep"].tolist() == list(range(len(parts)))
    for (video, file, has_file), (_, row) in zip(parts, out.iterrows()):
        own = file if has_file else 0.0
        assert row["total"] == pytest.approx(video + own)
        assert row["without"] + own == pytest.approx(row["total"])
        if row["total"] > 0:
            assert 0 <= row["share"] <= 1 and row["share"] == pytest.approx(own / row["total"])


@pytest.mark.parametrize("call, word", [
    (lambda: capacity.saturations("abc", x="x", y="u", by=["s"]), "frame"),
    (lambda: capacity.saturations(pd.DataFrame({"x": [1], "u": [0.1]}), x="x", y="u", by="x"), "by"),
    (lambda: capacity.knees(pd.DataFrame({"x": [1], "u": [0.1]}), x="x", y="nope", by=["x"], factor=1.5), "y"),
    (lambda: capacity.knees(pd.DataFrame({"x": [1], "u": [0.1]}), x="x", y="u", by=["x"], factor=math.nan), "factor"),
    (lambda: capacity.workload_share(pd.DataFrame({"r": [1]}), index=[], workload="r", part="f"), "index"),
    (lambda: capacity.utilization_table([({"f": 1}, HW, "30 fps")]), "workload"),
    (lambda: capacity.utilization_table([]), "cases"),
])
def test_bad_input_is_refused_by_name(call, word):
    with pytest.raises((ValueError, TypeError), match=word):
        call()
