"""The PS/2 model's operational laws (mmperf.hosts.ps2_laws): against the simulation, and their
inverses against the laws they invert."""

import math
from dataclasses import replace

import numpy as np
import pytest

from mmperf.hosts import ps2_laws as laws
from mmperf.hosts.ps2 import Hardware, Workload, simulate
from mmperf.seeds import rng

HW = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6, memory_cycles_per_instruction=0.9,
              memory_burst_factor=1.0, memory_bandwidth=50e6, channel_rate=13.33e6, adapter_instructions_per_s=1.6e6,
              adapter_scb_instructions=500, control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833,
              mix_time=0.00833, disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
              ring_bit_rate=16e6, ring_frame_overhead_bytes=21)


def test_mean_requests_per_frame_is_the_mean_ceiling_of_an_exponential():
    x = rng("test", "ps2-laws", "requests").exponential(8192.0, 400_000)
    assert laws.mean_requests_per_frame(8192, 4096) == pytest.approx(np.ceil(x / 4096).mean(), rel=5e-3)
    assert laws.mean_requests_per_frame(1.0, 1e9) == pytest.approx(1.0)  # a request larger than any frame


@pytest.mark.parametrize("mode", ["locate", "move"])
@pytest.mark.parametrize("streams", [1, 2])
def test_simulated_utilizations_obey_the_closed_forms(mode, streams):
    wl = Workload(mode=mode, frame_rate=15.0, incoming_streams=streams, frames=600,
                  vc_instructions=15_000.0 if mode == "locate" else 1_000.0)
    u = laws.utilizations(HW, wl)
    sim = simulate(HW, wl, rng=rng("test", "ps2-laws", mode, streams)).stations.set_index("station")["utilization"]
    for st in ("host", "memory", "channel", "disk", "ring", "i750", "video-adapter"):
        assert sim[st] == pytest.approx(u[st], rel=0.1, abs=2e-3), st


def test_the_saturation_path_length_loads_the_host_to_one():
    wl = Workload(mode="locate", frame_rate=30.0, incoming_streams=2)
    s = laws.saturation_path_length(HW, wl)
    for st in ("host", "memory"):
        assert laws.utilizations(HW, replace(wl, vc_instructions=s[st]))[st] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="Locate mode"):
        laws.saturation_path_length(HW, replace(wl, mode="move"))


def test_the_calibrations_invert_the_utilization_laws():
    ref = Workload(mode="locate", frame_rate=30.0, incoming_streams=2)
    sat = replace(ref, vc_instructions=60_000.0)
    ipc = laws.instructions_per_clock(sat, clock_hz=25e6, request_bytes=4096)
    cycles = laws.memory_cycles_per_instruction(ref, utilization=0.35, clock_hz=25e6, burst_factor=1.0,
                                                memory_bandwidth=50e6, control_block_bytes=32, request_bytes=4096)
    overhead = laws.disk_request_overhead(ref, utilization=0.24, media_rate=2e6, request_bytes=4096)
    hw = replace(HW, host_instructions_per_s=ipc * 25e6, memory_cycles_per_instruction=cycles,
                 disk_request_overhead=overhead)
    assert laws.utilizations(hw, sat)["host"] == pytest.approx(1.0)
    u = laws.utilizations(hw, ref)
    assert u["memory"] == pytest.approx(0.35) and u["disk"] == pytest.approx(0.24)


def test_the_file_share_falls_with_the_video_rate():
    shares = [laws.file_share(Workload(mode="locate", frame_rate=f, incoming_streams=2), request_bytes=4096)
              for f in (8.0, 15.0, 30.0)]
    assert shares == sorted(shares, reverse=True) and 0 < shares[-1] < shares[0] < 1
    video, file = laws.host_instructions(Workload(mode="locate", frame_rate=8.0, incoming_streams=2), request_bytes=4096)
    assert shares[0] == pytest.approx(file / (file + video))


@pytest.mark.parametrize("call,match", [
    (lambda: laws.mean_requests_per_frame(math.nan, 4096), "mean_bytes"),
    (lambda: laws.utilizations("386", Workload(mode="move", frame_rate=30)), "hardware"),
    (lambda: laws.file_share(Workload(mode="move", frame_rate=30), request_bytes=0), "request_bytes"),
    (lambda: laws.disk_request_overhead(Workload(mode="move", frame_rate=30, file_transfer=False), utilization=0.2,
                                        media_rate=2e6, request_bytes=4096), "file transfer"),
    (lambda: laws.memory_cycles_per_instruction(Workload(mode="locate", frame_rate=30), utilization=1.5, clock_hz=25e6,
                                                burst_factor=1.0, memory_bandwidth=5e7, control_block_bytes=32,
                                                request_bytes=4096), "utilization"),
])
def test_bad_inputs_are_refused_by_name(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()
