"""The buffer and round-trip searches (mmperf.networks.calibration): what they choose, and when they stop."""

import math

import pytest

from mmperf.networks import calibration


def test_buffer_search_stops_at_the_first_buffer_that_prints_zero_loss():
    tried = []

    def loss(b):
        tried.append(b)
        return 1.0 / b  # 0.01 % at 100 prints 0.01; 0.004 % at 250 prints 0.00

    out = calibration.calibrate_buffer(loss, candidates=(10, 100, 250, 400))
    assert tried == [10, 100, 250]  # a larger buffer is never tried once one passes
    assert out.loc[out.chosen, "buffer_packets"].tolist() == [250]
    # the paper's precision decides: at one decimal 100 already prints 0.0
    out1 = calibration.calibrate_buffer(loss, candidates=(10, 100, 250), decimals=1)
    assert out1.loc[out1.chosen, "buffer_packets"].tolist() == [100]


def test_buffer_search_takes_the_largest_when_none_passes():
    out = calibration.calibrate_buffer(lambda b: 5.0, candidates=(10, 20))
    assert out.buffer_packets.tolist() == [10, 20] and out.chosen.tolist() == [False, True]


def test_rtt_search_takes_the_nearest_and_the_first_of_a_tie():
    out = calibration.calibrate_rtt(lambda r: {0.002: 90.0, 0.004: 80.0, 0.006: 70.0}[r], candidates=(0.002, 0.004, 0.006),
                                    target_pct=85.0)
    assert out.loc[out.chosen, "rtt_ms"].tolist() == [2.0]  # 90 and 80 are both 5 points away
    assert out.error_points.tolist() == [5.0, -5.0, -15.0]
    out = calibration.calibrate_rtt(lambda r: 100 - 1000 * r, candidates=(0.002, 0.004, 0.006), target_pct=96.5)
    assert out.loc[out.chosen, "rtt_ms"].tolist() == [4.0]


def test_bad_model_outputs_are_refused_by_name():
    with pytest.raises(ValueError, match="loss_pct"):
        calibration.calibrate_buffer(lambda b: math.nan, candidates=(10,))
    with pytest.raises(ValueError, match="utilization_pct"):
        calibration.calibrate_rtt(lambda r: math.inf, candidates=(0.002,), target_pct=50.0)
    with pytest.raises(ValueError, match="candidates"):
        calibration.calibrate_buffer(lambda b: 0.0, candidates=(20, 10))
