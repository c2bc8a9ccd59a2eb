"""quality.playout: a stream's buffers from its trace, and the jitter at which the optimal buffer reaches a target."""

import numpy as np
import pytest

from mmperf.quality.playout import buffer_threshold, playout_summary


def test_a_stream_without_jitter_needs_no_buffer():
    send = np.arange(50) * 33_000.0
    s = playout_summary(send + 4_000.0, send)
    assert s == {"buffer_us": 0.0, "dropped_pct": 0.0, "dropped_limit_pct": 0.0, "no_drop_buffer_us": 0.0}


def test_one_late_datagram_in_ten():
    send = np.arange(10) * 200_000.0
    recv = send + 1_000.0
    recv[4] += 150_000.0  # late by 150 ms, the others on time
    s = playout_summary(recv, send)
    assert s["no_drop_buffer_us"] == 150_000.0
    assert s["dropped_limit_pct"] == pytest.approx(10.0)  # later than 100 ms: one of ten
    assert playout_summary(recv, send, limit_us=200_000.0)["dropped_limit_pct"] == 0.0
    assert 0.0 <= s["dropped_pct"] <= 10.0 and 0.0 <= s["buffer_us"] <= 150_000.0


@pytest.mark.parametrize("a, c", [(0.5, 10.0), (0.8, 0.3)])
def test_a_power_law_is_solved_exactly(a, c):
    var = np.logspace(6, 9, 12)
    buf = c * var**a
    v, f = buffer_threshold(var, buf, target_us=buf[3])
    assert v == pytest.approx(var[3], rel=1e-9) and f.slope == pytest.approx(a)


def test_runs_at_the_curve_end_are_left_out():
    var = np.logspace(6, 9, 12)
    buf = 10.0 * np.sqrt(var)
    cut = np.minimum(buf, 250_000.0)
    cut[-1] = 250_000.0  # a run cut off by the curve's end must not bend the line
    assert buffer_threshold(var, cut, target_us=1e4)[0] == pytest.approx(1e6, rel=1e-9)


def test_buffer_threshold_refuses_too_few_runs():
    with pytest.raises(ValueError, match="at least three runs"):
        buffer_threshold([1e6, 1e7], [1e4, 3e4], target_us=1e4)
