"""Bad inputs named in the issue on silent errors: each is refused with the parameter named."""

import math

import numpy as np
import pytest

from mmperf import seeds
from mmperf.coding import bitplane, svc
from mmperf.hosts import cpu, ps2
from mmperf.media import animation, hdvideo, periodic, scenes
from mmperf.metrics import fits, jitter
from mmperf.networks import bottleneck, loss, queueing
from mmperf.quality import planning
from mmperf.transports import rtp, sctp, tcp
from mmperf.networks.packetsim import simulate_link
from mmperf.quality import image

T = np.arange(20) * 0.001
S = np.full(20, 1500.0)


def _nan_at(a, i):
    a = np.array(a, dtype=float)
    a[i] = math.nan
    return a


@pytest.mark.parametrize("call,match", [
    (lambda: simulate_link(T, _nan_at(S, 3), bandwidth_mbps=10), "sizes must hold finite numbers"),
    (lambda: simulate_link(_nan_at(T, 5), S, bandwidth_mbps=10), "times must hold finite numbers"),
    (lambda: simulate_link(T, S, bandwidth_mbps=math.inf), "bandwidth_mbps must be a finite number"),
    (lambda: simulate_link(T, S, bandwidth_mbps=10, seed=-1), "seed must be a whole number"),
    (lambda: bottleneck.reserved_path(np.ones((1, 10)), np.ones((1, 1)), slots_per_period=10,
                                      depth_bytes=[1.0], slot_s=-1), "slot_s must be a finite number > 0"),
    (lambda: bottleneck.simulate_best_effort(np.zeros(5), np.ones(5), link=bottleneck.Link(), k_flows=0, seed=-1),
     "seed must be a whole number"),
    (lambda: bottleneck.simulate_best_effort(np.zeros(5), np.ones(5), link=bottleneck.Link(), k_flows=0, seed=2**32),
     "below 2\\*\\*32"),
    (lambda: hdvideo.tfd_announcements(np.array([1.0, math.nan, 3.0]), slots_per_window=2, slot_s=0.001),
     "arrivals must hold finite numbers"),
    (lambda: svc.Calibration(1.0, 1.0, -1.0), "bytes_per_bit must be a finite number > 0"),
    (lambda: svc.calibrate(np.zeros((4, 16, 16), np.uint8), target_psnr=math.nan), "target_psnr must be a finite number"),
    (lambda: svc.calibrate(np.zeros((4, 16, 16), np.uint8), target_psnr=-1), "target_psnr must be a finite number"),
    (lambda: image.psnr(np.zeros((8, 8), np.uint8), np.ones((8, 8), np.uint8), cap=-1), "cap must be a finite number > 0"),
    (lambda: scenes.SceneSequence((2, -1, 2, 2), 16, 16, 25.0), "frames_per_scene must be a whole number >= 1"),
])
def test_a_bad_input_is_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_the_load_average_refuses_a_negative_window():
    from mmperf.hosts import cpu
    from mmperf.seeds import rng

    with pytest.raises(ValueError, match="window_s must be a finite number > 0"):
        cpu.load_average(hogs=1, background=0.5, duration_s=60, rng=rng("test"), window_s=-1)
    with pytest.raises(ValueError, match="sample_s must be a finite number > 0"):
        cpu.load_average(hogs=1, background=0.5, duration_s=60, rng=rng("test"), sample_s=math.nan)


def test_no_module_imports_a_private_check_from_another_package():
    import pathlib
    import re

    src = pathlib.Path(__file__).resolve().parents[2] / "src" / "mmperf"
    offenders = [str(p.relative_to(src)) for p in src.rglob("*.py")
                 if re.search(r"from mmperf\.\w+(\.\w+)* import [^\n]*\b_check", p.read_text())]
    assert not offenders, offenders


def _trace():
    send = np.arange(6) * 10_000.0
    return send + np.array([5, 7, 3, 9, 2, 8]) * 100.0, send


@pytest.mark.parametrize("call,match", [
    (lambda: jitter.reflection(np.full(6, 1e4), late_us=math.nan),
     "late_us must be a finite number >= 0"),
    (lambda: jitter.gaps_per_second(*_trace(), buffer_us=math.inf),
     "buffer_us must be a finite number >= 0"),
    (lambda: jitter.compensation_area(*_trace(), max_buffer_us=math.inf),
     "max_buffer_us must be a finite number > 0"),
    (lambda: jitter.compensation_curve(*_trace(), buffers_us=[0, math.nan]),
     "buffers_us must hold finite numbers"),
    (lambda: jitter.lateness(_nan_at(_trace()[0], 5), _trace()[1]),
     "recv_us must hold finite numbers"),
    (lambda: jitter.rfc3550_jitter(_trace()[0], _nan_at(_trace()[1], 0)),
     "send_us must hold finite numbers"),
    (lambda: fits.line_fit([1.0, 2, 3, 4], [1.0, 2, math.inf, 5]),
     "y must hold finite numbers"),
    (lambda: fits.line_fit([1.0, 2, 3, 4], [1.0, 2, 3, 5], grid_points=0),
     "grid_points must be a whole number >= 2"),
    (lambda: loss.burst_loss(10**9, 10**6, 0.1), "n_frames \\* packets_per_frame asks for"),
    (lambda: bitplane.layout((64.5, 64)), "shape must be \\(height, width\\), two whole numbers"),
    (lambda: animation.satellite_sequence(1, size=32, drift=(math.nan, 0.0)),
     "drift must hold finite numbers"),
    (lambda: animation.satellite_sequence(1, size=32, evolution=math.inf),
     "evolution must be a finite number >= 0"),
    (lambda: animation.satellite_sequence(10**6, size=10**5), "asks for"),
    (lambda: periodic.fifo([0.0, math.nan], [1.0, 1.0]), "ready must hold finite numbers"),
    (lambda: planning.quality(math.nan, 0, 0), "latency_us must hold finite numbers"),
    (lambda: planning.quality(1.0, -1, 0), "gaps_pct must hold numbers >= 0"),
    (lambda: planning.regression_thresholds(
        buf_slope=1, buf_intercept=math.nan, area_slope=1, area_intercept=0, area_threshold=1, jitter_threshold=1),
     "buf_intercept must be a finite number"),
])
def test_a_bad_input_to_a_measure_or_generator_is_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_a_testbed_run_too_large_for_memory_is_refused_before_allocating():
    from mmperf.hosts import testbed
    from mmperf.seeds import rng

    stream = testbed.Stream(packet_time_ms=1.0, n_frames=10**9)
    with pytest.raises(ValueError, match="per-packet arrays"):
        testbed.simulate(stream, testbed.Link("x", rate_mbps=10), testbed.Host("x", kernel_ms=0.1, app_ms=0.1),
                         display=False, rng=rng("test"))


def test_the_crossing_year_refuses_a_threshold_that_is_not_positive():
    import pandas as pd

    p = pd.DataFrame({"year": [1998, 2000], "jitter_us2": [10.0, 1.0]})
    assert planning.crossing_year(p, 5.0) > 1998
    for bad in (math.nan, 0.0, -1.0):
        with pytest.raises(ValueError, match="threshold must be a finite number > 0"):
            planning.crossing_year(p, bad)


@pytest.mark.parametrize("make,match", [
    (lambda: tcp.TcpConfig(rto_max=math.inf), "rto_max must be a finite number > 0"),
    (lambda: tcp.TcpConfig(ssthresh_whole_segments=1), "ssthresh_whole_segments must be True or False"),
    (lambda: sctp.SctpConfig(rto_min=math.nan), "rto_min must be a finite number > 0"),
    (lambda: sctp.SctpConfig(hb_interval=math.inf), "hb_interval must be a finite number > 0"),
    (lambda: sctp.SctpConfig(cmt=math.nan), "cmt must be True or False"),
    (lambda: sctp.SctpConfig(mtu=0), "mtu must be an int >= 100"),
    (lambda: rtp.RtpConfig(layer_paths=math.nan), "layer_paths must be two path indices"),
])
def test_a_bad_transport_configuration_is_refused_by_name(make, match):
    with pytest.raises((ValueError, TypeError), match=match):
        make()


@pytest.mark.parametrize("call,match", [
    (lambda: hdvideo.packetize(math.nan), "frame_bytes must be a non-negative int"),
    (lambda: hdvideo.packetize(10**15), "asks for"),
    (lambda: hdvideo.slot_arrivals(np.array([1000, 2000]), frame_rate=math.nan, slot_s=0.001, duration_s=0.1),
     "frame_rate must be a finite number > 0"),
    (lambda: hdvideo.slot_arrivals(np.array([1000, 2000]), frame_rate=25.0, slot_s=1e-12, duration_s=1e6), "asks for"),
    (lambda: bottleneck.max_backlog(np.array([1.0, math.nan]), capacity_bytes=1.0), "arrivals must hold finite numbers"),
    (lambda: bottleneck.max_backlog(np.array([1.0, 2.0]), capacity_bytes=math.inf), "capacity_bytes must be a finite number > 0"),
])
def test_a_bad_input_to_the_video_and_bottleneck_helpers_is_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_a_lan_run_too_large_for_memory_is_refused_before_allocating():
    from mmperf.networks import lan
    from mmperf.seeds import rng

    with pytest.raises(ValueError, match="delay arrays"):
        lan.network_delays(10**11, 100.0, network=lan.Network("x", 10.0), rng=rng("test"))


def test_an_int_stream_key_beyond_64_bits_is_refused_not_aliased():
    from mmperf.seeds import rng

    assert rng(2**64 - 1).random() != rng(0).random()
    with pytest.raises(ValueError, match="rng key must be a whole number in 0..2\\*\\*64 - 1"):
        rng(2**64)


@pytest.mark.parametrize("make,match", [
    (lambda: periodic.PeriodicStream(period_us=1000.0, size_bytes=100, n_packets=10**11), "per-packet arrays"),
    (lambda: queueing.simulate_single_station(
        arrival_rate=0.5, mean_service=1.0, customers=10**11, rng=seeds.rng("t")),
     "per-customer arrays"),
    (lambda: ps2.Workload(mode="locate", frame_rate=15.0, frames=10**11),
     "Workload.frames"),
])
def test_a_run_too_large_for_memory_is_refused_before_it_starts(make, match):
    with pytest.raises(ValueError, match=match):
        make()
