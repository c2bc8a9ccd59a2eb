"""Playout gaps under the I-policy (Claypool et al. 1998, Sec. 3): a frame that arrives exactly at
its playout instant is played; one microsecond later it is a gap."""

import pytest

from mmperf.metrics.jitter import gaps_per_second

SEND = [0.0, 1e6, 2e6, 3e6]  # four frames, one a second: the stream lasts 4 s


@pytest.mark.parametrize("late_us,gaps", [(250_000, 0.0), (250_001, 0.25), (249_999, 0.0)])
def test_the_playout_instant_is_on_time(late_us, gaps):
    recv = [0.0, 1e6, 2e6 + late_us, 3e6]
    assert gaps_per_second(recv, SEND, buffer_us=250_000) == gaps


def test_no_buffer_means_any_lateness_is_a_gap():
    assert gaps_per_second([0.0, 1e6, 2e6 + 1, 3e6], SEND, buffer_us=0) == 0.25
    assert gaps_per_second(SEND, SEND, buffer_us=0) == 0.0
