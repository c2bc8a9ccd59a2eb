"""Replications and the steady-state analysis of the PS/2 model (mmperf.hosts.ps2_runs)."""

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts import ps2_runs
from mmperf.hosts.ps2 import Hardware, Workload, simulate
from mmperf.metrics.replications import batch_means
from mmperf.seeds import rng

HW = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6, memory_cycles_per_instruction=0.9,
              memory_burst_factor=1.0, memory_bandwidth=50e6, channel_rate=13.33e6, adapter_instructions_per_s=1.6e6,
              adapter_scb_instructions=500, control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833,
              mix_time=0.00833, disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
              ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
CONFIGS = [({"mode": m}, HW, Workload(mode=m, frame_rate=15.0, frames=40), (m, 15)) for m in ("locate", "move")]


def test_replications_are_the_named_streams_and_do_not_depend_on_workers():
    one = ps2_runs.replicate(CONFIGS, replications=2, stream=("test", "runs"), root=3)
    two = ps2_runs.replicate(CONFIGS, replications=2, stream=("test", "runs"), root=3, workers=2)
    for (la, a), (lb, b) in zip(one, two):
        assert la == lb
        for k in a:
            pd.testing.assert_frame_equal(a[k], b[k], check_exact=True)
    # replication 1 of 'move' is simulate under rng(*stream, *key, 1)
    rep = simulate(HW, CONFIGS[1][2], rng=rng("test", "runs", "move", 15, 1, root=3))
    got = one[1][1]["delays"].query("rep == 1").drop(columns="rep").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, rep.delays.reset_index(drop=True), check_exact=True)


def test_the_steady_state_rows_are_batch_means_of_the_records_after_the_cut():
    wl = Workload(mode="move", frame_rate=30.0, frames=400)
    rows = ps2_runs.steady_state(HW, wl, rng=rng("test", "steady"), series=[("send", "total")], warmup_frames=20,
                                 window_frames=100)
    rec = simulate(HW, wl, rng=rng("test", "steady"), keep_records=True).records["send"]
    rec = rec[np.argsort(rec[:, -1], kind="stable")]
    rec = rec[rec[:, -1] >= 20 / 30.0]
    assert rows[0]["mean"] == batch_means(rec[:, -2])["mean"]
    assert rows[0]["window"] == pytest.approx(rec[rec[:, -1] < (20 + 100) / 30.0, -2].mean())


@pytest.mark.parametrize("call,match", [
    (lambda: ps2_runs.replicate(CONFIGS, replications=1, stream=("t",)), "replications"),
    (lambda: ps2_runs.replicate([("x", HW)], replications=2, stream=("t",)), "configs\\[0\\]"),
    (lambda: ps2_runs.replicate(CONFIGS, replications=2, stream=()), "stream"),
    (lambda: ps2_runs.steady_state(HW, Workload(mode="move", frame_rate=30.0, frames=40), rng=rng("t"),
                                   series=[("send", "nothing")], warmup_frames=0, window_frames=10), "series"),
    (lambda: ps2_runs.steady_state(HW, Workload(mode="move", frame_rate=30.0, frames=40), rng=rng("t"),
                                   series=[("send", "total")], warmup_frames=39, window_frames=10), "warmup_frames"),
])
def test_bad_inputs_are_refused_by_name(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()
