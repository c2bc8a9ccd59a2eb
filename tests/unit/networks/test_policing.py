"""policer_inputs: static, renewed and averaged reservations, and the TSpec bucket."""

import numpy as np
import pytest

from mmperf.networks import shared_bottleneck
from mmperf.networks.policing import policer_inputs

RATES = np.array([[8e6, 4e6, 6e6], [1e6, 1e6, 4e6]])
DEPTH = np.array([3000.0, 1500.0])


def test_a_renewed_reservation_keeps_its_windows_and_an_unrenewed_one_holds_the_mean():
    r = policer_inputs(RATES, depth_bytes=DEPTH, period_s=0.3, signalling_delay_s=0.002)
    assert np.array_equal(r["reserved_bps"], RATES) and r["reservation_period_s"] == 0.3 and r["signalling_delay_s"] == 0.002
    m = policer_inputs(RATES, depth_bytes=DEPTH, period_s=0.3, renew=False)
    assert set(m) == {"reserved_bps", "bucket_bytes"}
    # the mean holds the same bytes over the run as the windows do
    assert np.allclose(m["reserved_bps"] * 3, RATES.sum(axis=1))
    shared_bottleneck.Reservation(**r, video_streams=np.array([0, 1]))  # the simulator accepts both
    shared_bottleneck.Reservation(**m, video_streams=np.array([0, 1]))


def test_a_static_reservation_is_its_one_rate_and_needs_one_column():
    s = policer_inputs(RATES[:, :1], depth_bytes=DEPTH)
    assert s["reserved_bps"].tolist() == [8e6, 1e6] and np.array_equal(s["bucket_bytes"], DEPTH)
    with pytest.raises(ValueError, match="rates_bps"):
        policer_inputs(RATES, depth_bytes=DEPTH)


def test_a_tspec_bucket_is_one_frame_interval_of_the_largest_rate_and_at_least_one_packet():
    r = policer_inputs(RATES, depth_bytes=DEPTH, period_s=0.3, bucket_frame_rate=25.0, min_bucket_bytes=25000.0)
    assert r["bucket_bytes"].tolist() == [8e6 / 8 / 25, 25000.0]
    with pytest.raises(ValueError, match="depth_bytes"):
        policer_inputs(RATES, depth_bytes=DEPTH[:1], period_s=0.3)
