"""The best-effort TCP flows are Reno: additive increase, the window halved on loss. One flow over
a drop-tail link with a tiny buffer must reach the utilization of Reno's sawtooth in closed form."""

import numpy as np
import pytest

from mmperf.networks import bottleneck


def sawtooth_utilization(bdp_packets: float, buffer_packets: float, beta: float = 0.5) -> float:
    """Link utilization of one AIMD flow whose window falls to ``beta`` of its peak ``bdp + buffer``."""
    w_max = bdp_packets + buffer_packets
    w_min = beta * w_max
    if w_min >= bdp_packets:
        return 1.0
    below = (bdp_packets - w_min) / (w_max - w_min)  # share of the cycle the window is below the pipe
    return below * (w_min + bdp_packets) / (2 * bdp_packets) + (1 - below)


def test_the_closed_form_is_reno_s_three_quarters_without_a_buffer():
    assert sawtooth_utilization(100, 0) == pytest.approx(0.75)
    assert sawtooth_utilization(100, 100) == 1.0


@pytest.mark.parametrize("rtt_s", [0.05, 0.1])
def test_one_reno_flow_matches_the_sawtooth(rtt_s):
    link = bottleneck.Link(capacity_bps=10e6, buffer_packets=1, rtt_s=rtt_s, slot_s=0.001, packet_bytes=1500)
    slots = 400_000
    cap = np.full(slots, link.slot_capacity)
    r = bottleneck.simulate_best_effort(np.zeros(slots), cap, link=link, k_flows=1, seed=1)
    bdp = link.capacity_bps * rtt_s / 8 / link.packet_bytes
    expected = sawtooth_utilization(bdp, link.buffer_packets)
    # within 3 points: a decrease to 2/3 instead of 1/2 of the window would give about 0.84
    assert r["utilization"] == pytest.approx(expected, abs=0.03)
    assert sawtooth_utilization(bdp, link.buffer_packets, beta=2 / 3) - expected > 0.06
