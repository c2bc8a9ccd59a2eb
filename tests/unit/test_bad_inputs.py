"""Bad inputs named in the issue on silent errors: each is refused with the parameter named."""

import math

import numpy as np
import pytest

from mmperf.coding import svc
from mmperf.media import hdvideo, scenes
from mmperf.networks import bottleneck
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
