"""The PS/2 model's simulated utilizations against the operational laws in closed form
(mmperf.networks.operational): the host's and the i750's busy shares are the utilization law
applied to the model's own service demands, so a station that drifts from it is a bug."""

import pytest

from mmperf.experiments import huynh1994 as H
from mmperf.hosts import ps2
from mmperf.networks import operational as op
from mmperf.seeds import rng


@pytest.mark.parametrize("system", H.SYSTEMS)
@pytest.mark.parametrize("frame_rate", [15, 30])
def test_host_and_i750_utilizations_follow_the_utilization_law(system, frame_rate):
    hw = H.hardware(system)
    wl = H.workload("locate", frame_rate, "distributed", frames=2000)
    rep = ps2.simulate(hw, wl, rng=rng("test", "operational-laws", system, frame_rate))
    sim = rep.stations.set_index("station")["utilization"]
    # host: every chain's instructions (video conferencing and network software per frame, the file
    # transfer's file-system and network software) at the host's instruction rate
    host_demand_s = H._host_demand(wl.vc_instructions, frame_rate, 1 + wl.incoming_streams) / hw.host_instructions_per_s
    assert float(sim["host"]) == pytest.approx(op.utilization(throughput=1.0, demand=host_demand_s), abs=0.01)
    # the i750: per frame period one compression, one mix of the two incoming frames, one decompression
    i750_demand_s = hw.compress_work + hw.mix_time + hw.decompress_work
    assert float(sim["i750"]) == pytest.approx(op.utilization(throughput=frame_rate, demand=i750_demand_s), abs=0.01)
