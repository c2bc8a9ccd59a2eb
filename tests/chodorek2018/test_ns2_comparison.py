"""The ns-2 comparison table (mmperf.experiments.chodorek2018.ns2): its judgement, on the committed ns-2 runs.

The agreement itself (book against ns-2) is tested in tests/validation/test_ns2.py; here the table's
arithmetic and criteria are checked on rows whose answer is known.
"""

import numpy as np
import pytest

from mmperf.experiments.chodorek2018 import ns2

S2 = "chodorek-s2-k10-n1"
S3 = "chodorek-s3-k10-n1"


def test_identical_runs_agree_exactly():
    meta = ns2.ns2_meta()
    runs = ns2.ns2_runs()
    t = ns2.compare_runs(runs, runs, meta)
    assert t["within"].all()
    assert set(t["scenario"]) == {c.get("scenario", "s1") for c in meta["cases"].values()}
    util = t[t["metric"] == "utilization"]
    assert (util["gap"] == 0).all()
    ratios = t[t["metric"].isin(["TCP throughput", "TCP loss", "conforming video packets"])]
    np.testing.assert_allclose(ratios["gap"], 1.0)
    # conforming packets are compared only where there are reservations
    assert (t[t["metric"] == "conforming video packets"]["scenario"] != "s1").all()
    assert len(t[t["metric"] == "conforming video packets"]) == sum(
        c.get("scenario", "s1") != "s1" for c in meta["cases"].values())


def test_each_tolerance_is_applied():
    meta = ns2.ns2_meta()
    ref = ns2.ns2_runs([S2])
    case = meta["cases"][S2]

    def judged(**changes):
        book = ref.copy()
        for col, f in changes.items():
            book[col] = f(book[col])
        t = ns2.compare_runs(ref, book, meta).set_index("metric")
        return t["within"].to_dict(), t

    f = case["loss_factor"]
    ok, _ = judged(tcp_loss_pct=lambda x: x * f * 0.99, video_per_pct=lambda x: x / (f * 0.99))
    assert ok["TCP loss"] and ok["video PER"]
    ok, t = judged(tcp_loss_pct=lambda x: x * f * 1.01)
    assert not ok["TCP loss"] and t.loc["TCP loss", "gap"] == pytest.approx(f * 1.01)
    ok, _ = judged(utilization_pct=lambda x: x + 1.01 * case["utilization_points"])
    assert not ok["utilization"]
    ok, _ = judged(utilization_pct=lambda x: x - 0.99 * case["utilization_points"])
    assert ok["utilization"]
    ok, _ = judged(tcp_throughput_mbps=lambda x: x * (1 + 1.01 * case["tcp_throughput_rel"]))
    assert not ok["TCP throughput"]
    ok, _ = judged(video_conforming=lambda x: (x * 1.002).round())
    assert not ok["conforming video packets"]


def test_zero_loss_in_both_agrees_and_in_one_does_not():
    meta = ns2.ns2_meta()
    ref = ns2.ns2_runs([S3])
    assert (ref["video_per_pct"] == 0).all()  # s3 at K = 10, N = 1: every video packet conforms
    t = ns2.compare_runs(ref, ref, meta).set_index("metric")
    assert t.loc["video PER", "within"] and np.isnan(t.loc["video PER", "gap"])
    book = ref.assign(video_per_pct=0.01)
    t = ns2.compare_runs(ref, book, meta).set_index("metric")
    assert not t.loc["video PER", "within"] and np.isinf(t.loc["video PER", "gap"])


def test_s4_may_conform_more_in_ns2_only():
    meta = ns2.ns2_meta()
    s4 = [n for n, c in meta["cases"].items() if c.get("scenario") == "s4"][0]
    ref = ns2.ns2_runs([s4])
    fewer = ref.assign(video_conforming=(ref["video_conforming"] * 0.99).round())  # the book below ns-2: allowed
    more = ref.assign(video_conforming=(ref["video_conforming"] * 1.01).round())   # the book above ns-2: not
    assert ns2.compare_runs(ref, fewer, meta).set_index("metric").loc["conforming video packets", "within"]
    assert not ns2.compare_runs(ref, more, meta).set_index("metric").loc["conforming video packets", "within"]


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="cases"):
        ns2.ns2_runs(["no-such-case"])
    with pytest.raises(ValueError, match="cases"):
        ns2.book_runs(["no-such-case"])
    ref = ns2.ns2_runs([S2])
    with pytest.raises(ValueError, match="same"):
        ns2.compare_runs(ref, ref.iloc[:-1])


def test_reading_tables():
    meta = ns2.ns2_meta()
    runs = ns2.ns2_runs()
    t = ns2.compare_runs(runs, runs, meta)
    s2 = ns2.scenario_table(t, "s2")
    assert set(s2.index.get_level_values("case")) == {n for n, c in meta["cases"].items() if c["scenario"] == "s2"}
    assert (s2["within"] == "yes").all()
    with pytest.raises(ValueError, match="scenario"):
        ns2.scenario_table(t, "s9")
    from mmperf.experiments.chodorek2018.packet import TFD_SIGNALLING_DELAY_S
    r = ns2.reservation_table()
    assert set(r.index) == {n for n, c in meta["cases"].items() if c["scenario"] != "s1"}
    s4 = r[r["scenario"] == "s4"]
    assert (s4["signalling_delay_ms"] == 1e3 * TFD_SIGNALLING_DELAY_S).all() and (s4["windows"] > 1).all()
    assert r[r["scenario"] != "s4"]["signalling_delay_ms"].isna().all()
    assert (r["rate_min_mbps"] <= r["rate_mean_mbps"]).all() and (r["rate_mean_mbps"] <= r["rate_max_mbps"]).all()
    p = ns2.Params()
    s2_mbps = p.s2_fraction * p.video.target_rate_bps / 1e6  # the static RSVP grant, when admitted in full
    np.testing.assert_allclose(r.loc[r["scenario"] == "s2", ["rate_min_mbps", "rate_max_mbps"]], s2_mbps)


def test_the_book_s_side_reserves_what_ns2_was_given():
    # chodorek-params.json predates Params.tspec_span: its reservations are each run's own statistics, and the
    # book's side of the cross-check (NS2_PARAMS) grants exactly those; the chapter's default declares the whole
    # stream's TSpec, whose deeper buckets ns-2 was not given
    import numpy as np

    from mmperf.experiments.chodorek2018 import Params, packet

    meta = ns2.ns2_meta()
    for name in ("chodorek-s2-k10-n10", "chodorek-s3-k10-n1"):
        c = meta["cases"][name]
        for seed in c["seeds"][:1]:
            given = meta["schedules"][f"{name}/{seed}"]["reservations"]
            book = packet.packet_reservations(ns2.NS2_PARAMS, c["scenario"], 0, c["n_videos"], seed=seed,
                                              duration_s=c["duration_s"], signalling_delay_s=c["rtt_s"] / 2)
            np.testing.assert_allclose(book["reserved_bps"], given["reserved_bps"], rtol=1e-12)
            np.testing.assert_allclose(book["bucket_bytes"], given["bucket_bytes"], rtol=1e-12)
            default = packet.packet_reservations(Params(), c["scenario"], 0, c["n_videos"], seed=seed,
                                                 duration_s=c["duration_s"], signalling_delay_s=c["rtt_s"] / 2)
            assert (default["bucket_bytes"] >= np.asarray(given["bucket_bytes"]) * (1 - 1e-12)).all()
