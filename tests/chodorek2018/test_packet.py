"""The chapter's cells on the packet-level bottleneck (issue #20): the same streams as the fluid model,
and the committed sample reproducible from its parameters."""

import json

import numpy as np
import pandas as pd
import pytest

from mmperf._paths import repo_root
from mmperf.experiments.chodorek2018 import Params, packet, video_arrivals
from mmperf.seeds import DEFAULT_ROOT_SEED

SAMPLE = repo_root() / packet.SAMPLE_FILE


def test_packets_carry_the_fluid_model_s_bytes_slot_by_slot():
    """Paced packets in 2-ms slots give the fluid arrivals up to one packet per frame boundary."""
    p = Params(duration_s=4.0)
    t, b = packet.video_packets(p, 0, 3, seed=DEFAULT_ROOT_SEED, duration_s=4.0)
    fluid = video_arrivals(p, 0, 3, seed=DEFAULT_ROOT_SEED).sum(axis=0)
    per_slot = np.bincount((t / p.slot_s).astype(int), weights=b, minlength=fluid.size)[:fluid.size]
    assert per_slot.sum() == pytest.approx(fluid.sum(), rel=2e-3)
    # cumulative bytes never differ by more than a few packets per stream
    assert np.abs(np.cumsum(per_slot) - np.cumsum(fluid)).max() < 3 * 4 * 1368
    assert np.all(np.diff(t) >= 0) and b.max() == 1368


def test_tcp_starts_are_shared_by_every_n():
    a = packet.tcp_starts(2, 10, seed=5)
    assert np.array_equal(a, packet.tcp_starts(2, 10, seed=5))
    assert a.shape == (10,) and (a >= 0).all() and (a < packet.TCP_START_WINDOW_S).all()
    assert not np.array_equal(a, packet.tcp_starts(3, 10, seed=5))


def test_committed_sample_is_what_its_parameters_produce():
    meta = json.loads(SAMPLE.with_suffix(".json").read_text())
    df = pd.read_csv(SAMPLE)
    assert [list(c) for c in packet.SAMPLE_CELLS] == meta["cells_KN"]
    assert len(df) == len(packet.SAMPLE_CELLS) * meta["replications"]
    # one row rerun (K = 10, N = 10, the cheapest of the loaded ones): identical counts
    row = df[(df.K == 10) & (df.N == 10) & (df.replication == 0)].iloc[0]
    r = packet.run_packet_cell(Params(), n_videos=10, k_flows=10, replication=0, seed=meta["seed"],
                               buffer_packets=meta["buffer_packets"], rtt_s=meta["rtt_s"], duration_s=meta["duration_s"])
    for col in ("video_sent", "video_dropped", "tcp_sent", "tcp_dropped", "tcp_timeouts", "tcp_fast_retransmits"):
        assert r[col] == row[col], f"{col} changed: run `python -m mmperf.experiments.chodorek2018.packet`"


def test_bad_inputs_name_the_parameter():
    with pytest.raises(ValueError, match="duration_s"):
        packet.video_packets(Params(), 0, 1, seed=1, duration_s=np.nan)
    with pytest.raises(TypeError, match="n_videos"):
        packet.video_packets(Params(), 0, 1.5, seed=1, duration_s=1.0)
    with pytest.raises(ValueError, match="k_flows"):
        packet.tcp_starts(0, -1, seed=1)
    with pytest.raises(ValueError, match="replications"):
        packet.run_packet_sample(Params(), seed=1, replications=0)


def test_packet_reservations_are_the_fluid_model_s():
    p = Params()
    assert packet.packet_reservations(p, "s1", 0, 3, seed=1, duration_s=2.0) == {}
    s2 = packet.packet_reservations(p, "s2", 0, 3, seed=1, duration_s=2.0)
    np.testing.assert_allclose(s2["reserved_bps"], p.s2_fraction * p.video.target_rate_bps)
    s4 = packet.packet_reservations(p, "s4", 0, 3, seed=1, duration_s=2.0)
    assert s4["reserved_bps"].shape == (3, int(np.ceil(2.0 / p.next_time_s)))
    assert s4["reservation_period_s"] == pytest.approx(p.next_time_s)
    assert s4["signalling_delay_s"] == packet.TFD_SIGNALLING_DELAY_S
    # the TFD windows announce the bytes the packets carry (the last window is 0.2 s long)
    t, b = packet.video_packets(p, 0, 3, seed=1, duration_s=2.0)
    lengths = np.minimum(p.next_time_s, 2.0 - p.next_time_s * np.arange(s4["reserved_bps"].shape[1]))
    assert (s4["reserved_bps"] * lengths / 8).sum() == pytest.approx(b.sum(), rel=2e-3)
    with pytest.raises(ValueError, match="scenario"):
        packet.packet_reservations(p, "s5", 0, 1, seed=1, duration_s=1.0)


@pytest.mark.parametrize("scenario", ["s3", "s4"])
def test_peak_and_tfd_reservations_protect_a_stream_from_ten_flows(scenario):
    best = packet.run_packet_cell(Params(), n_videos=1, k_flows=10, replication=0, seed=1, duration_s=3.0)
    r = packet.run_packet_cell(Params(), n_videos=1, k_flows=10, replication=0, seed=1, duration_s=3.0, scenario=scenario)
    assert best["video_dropped"] > 0 and best["video_conforming"] == 0
    assert r["video_dropped"] == 0 and r["video_conforming"] > 0.99 * r["video_sent"]
