"""The PS/2 model's simulated utilizations against the operational laws in closed form
(:func:`mmperf.hosts.ps2_laws.utilizations` on the chapter's hardware and workloads): every
station's busy share is the utilization law applied to the model's own service demands, so a
station that drifts from it is a bug. The chapter's utilization claims take their values from the
closed forms; these tests are what entitles them to."""

import numpy as np
import pytest

from mmperf.experiments import huynh1994 as H
from mmperf.hosts import ps2, ps2_laws
from mmperf.seeds import rng


def _closed(system, mode, mixing, frame_rate, **kw):
    return ps2_laws.utilizations(H.hardware(system), H.workload(mode, frame_rate, mixing, **kw))


@pytest.mark.parametrize("system", H.SYSTEMS)
@pytest.mark.parametrize("mode", H.MODES)
@pytest.mark.parametrize("mixing", H.MIXINGS)
@pytest.mark.parametrize("frame_rate", [8, 30])
def test_every_simulated_utilization_follows_the_utilization_law(system, mode, mixing, frame_rate):
    rep = ps2.simulate(H.hardware(system), H.workload(mode, frame_rate, mixing, frames=4000, phases="random"),
                       rng=rng("test", "operational-laws", system, mode, mixing, frame_rate))
    sim = rep.stations.set_index("station")["utilization"]
    closed = _closed(system, mode, mixing, frame_rate, frames=4000)
    for station, u in closed.items():
        # the disk's and the ring's demands are random (exponential frames): 4000 frames leave ~0.5 % noise
        assert float(sim[station]) == pytest.approx(u, abs=0.012), station


def test_closed_forms_reproduce_the_calibration_targets():
    u = _closed("386", "locate", "distributed", 30)
    assert u["memory"] == pytest.approx(H.CALIBRATION["memory_util_386"][0])
    assert u["disk"] == pytest.approx(H.CALIBRATION["disk_util"][0])
    assert H.saturation_closed_form("386")["host"] == pytest.approx(H.CALIBRATION["host_saturation_vc_386"][0])
    # the 486 processor: four times the 386's instructions per second
    r = H.saturation_closed_form("486")["host"] / H.saturation_closed_form("386")["host"]
    assert 4.0 < r < 4.7  # above 4: the fixed file-transfer work is a smaller share of a faster host


def test_the_simulated_sweep_extrapolates_to_the_closed_form():
    p = H.Params(frames=40, sweep_frames=200, replications=2, run_lengths=(20, 40))
    sat = H.run(p, seed=3).table("saturation").set_index("system")
    for station in ("host", "memory"):
        assert np.allclose(sat[station], sat[f"{station}_closed_form"], rtol=0.03), station


def test_i750_is_booked_in_full_by_the_papers_own_numbers():
    # 16.66 + 8.33 + 8.33 ms per 33.33-ms frame: the "comfortable dead time" of sec. 2 is 0.04 %
    assert _closed("386", "move", "distributed", 30)["i750"] == pytest.approx(0.9996)
    assert _closed("386", "move", "central", 30)["i750"] == pytest.approx(0.7497)
