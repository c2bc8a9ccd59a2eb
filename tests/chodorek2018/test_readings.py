"""The chapter's packet-level readings and ablations (issue #35): the frame-burst sender, the reservation
readings, the audit packet grid that `run` judges them on."""

import numpy as np
import pytest

from mmperf.experiments import chodorek2018 as ex
from mmperf.experiments.chodorek2018 import model, packet
from mmperf.media import hdvideo


def test_a_burst_sender_writes_each_frame_back_to_back_at_the_line_rate_with_the_paced_packets():
    frames = np.array([20_000.0, 3_000.0, 9_000.0])
    tp, bp = hdvideo.packet_schedule(frames, frame_rate=30.0, duration_s=0.11, phase_s=0.01)
    tb, bb = hdvideo.packet_schedule(frames, frame_rate=30.0, duration_s=0.11, phase_s=0.01, line_rate_bps=1e9)
    assert bb.tolist() == bp.tolist()  # the same packets
    first = np.searchsorted(tb, 0.01 + np.arange(3) / 30.0 - 1e-12)
    assert np.allclose(tb[first], tp[first])  # every frame starts when the paced one does
    gaps = np.diff(tb[: first[1]])
    assert np.allclose(gaps, bb[: first[1] - 1] * 8 / 1e9)  # back to back at 1 Gb/s
    assert tb[first[1] - 1] - tb[0] < tp[first[1] - 1] - tp[0]
    with pytest.raises(ValueError, match="line_rate_bps"):
        hdvideo.packet_schedule(frames, frame_rate=30.0, duration_s=0.1, line_rate_bps=1e6)
    with pytest.raises(ValueError, match="line_rate_bps"):
        hdvideo.packet_schedule(frames, frame_rate=30.0, duration_s=0.1, line_rate_bps=np.nan)


def test_params_refuse_unknown_readings_and_say_when_run_judges_on_the_audit_grid():
    for field, bad in (("reserved_queue", "wfq"), ("bucket", "x"), ("tspec_span", "clip"), ("sender", "vlc"), ("congestion_control", "bbr"),
                       ("tfd_renewal", 1), ("audit_cells", ((1,),)), ("audit_duration_s", np.inf), ("audit_replications", 0)):
        with pytest.raises(ValueError, match=field.split("_")[0]):
            ex.Params(**{field: bad})
    assert not ex.Params().uses_audit_grid
    for change in ({"sender": "burst"}, {"reserved_queue": "shared"}, {"qos": False}, {"audit_grid": True},
                   {"congestion_control": "cubic"}, {"tfd_renewal": False}, {"bucket": "tspec"}, {"tspec_span": "run"}):
        assert ex.Params(**change).uses_audit_grid
    assert not ex.Params(replications=5).uses_audit_grid  # a fluid set-up stays on the fluid model


def test_the_reservation_readings_change_only_what_they_name():
    p = ex.Params()
    base = packet.packet_reservations(p, "s4", 0, 2, seed=1, duration_s=3.0)
    assert packet.packet_reservations(p.with_(qos=False), "s3", 0, 2, seed=1, duration_s=3.0) == {}
    static = packet.packet_reservations(p.with_(tfd_renewal=False), "s4", 0, 2, seed=1, duration_s=3.0)
    assert static["reserved_bps"].shape == (2,) and "reservation_period_s" not in static
    assert np.allclose(static["reserved_bps"], base["reserved_bps"].mean(axis=1))
    tspec = packet.packet_reservations(p.with_(bucket="tspec"), "s4", 0, 2, seed=1, duration_s=3.0)
    assert np.allclose(tspec["bucket_bytes"], base["reserved_bps"].max(axis=1) / 8 / p.video.frame_rate)
    assert np.all(tspec["bucket_bytes"] < base["bucket_bytes"])  # shallower than the deepest frame burst


def test_a_reading_is_judged_on_the_audit_packet_grid_without_the_fluid_model():
    p = ex.Params(reserved_queue="shared", audit_cells=((0, 1), (10, 1)), audit_duration_s=1.0)
    r = ex.run(p, seed=20261121)
    assert "summary" not in r.names and "packet_summary" in r.names
    s = r.table("packet_summary")
    assert set(zip(s.scenario, s.K, s.N)) == {(sc, k, 1) for sc in ex.SCENARIOS for k in (0, 10)}
    assert (r.value("buffer_packets"), r.value("rtt_ms") / 1000) == model.committed_calibration(20261121)  # the seed's own
    assert r.value("packet_duration_s") == 1.0
    # the same cells under the book's reading: a shared port can only add reserved losses
    book = ex.run(p.with_(reserved_queue="unbounded", audit_grid=True), seed=20261121).table("packet_summary")
    per = lambda t, sc: t[(t.scenario == sc) & (t.metric == "per")].set_index(["K", "N"]).value  # noqa: E731
    assert per(book, "s1").equals(per(s, "s1"))  # best effort has no reserved class to share with
    assert (per(s, "s3") >= per(book, "s3")).all() and per(s, "s3").loc[(10, 1)] > 0 == per(book, "s3").loc[(10, 1)]


def test_the_committed_readings_table_is_what_the_code_gives():
    import pandas as pd

    from mmperf._paths import repo_root

    committed = pd.read_csv(repo_root() / packet.READINGS_FILE).set_index(["reading", "scenario", "K", "N"])
    assert set(committed.index.get_level_values("reading")) == set(packet.READINGS)
    row = committed.loc[("tspec", "s4", 10, 1)]
    live = packet.reading_cells(ex.Params(), seed=20261121, readings={"tspec": packet.READINGS["tspec"]},
                                cells=(("s4", 10, 1),), buffer_packets=int(row["buffer_packets"]),
                                rtt_s=0.004).set_index(["reading", "scenario", "K", "N"])
    for col in ("video_per_pct", "tcp_loss_pct", "utilization_pct"):
        assert live.loc[("tspec", "s4", 10, 1), col] == pytest.approx(row[col], rel=1e-5, abs=1e-6)
