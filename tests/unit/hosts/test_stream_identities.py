"""The identities of a paced frame stream's printed rows (mmperf.hosts.stream_identities)."""

import numpy as np
import pytest

from mmperf.hosts import stream_identities as si


def test_offered_rate_is_the_packet_bits_over_the_packet_time():
    np.testing.assert_allclose(si.offered_mbps([0.5, 1.0, 2.0], packet_bytes=1250), [20.0, 10.0, 5.0])
    np.testing.assert_allclose(si.offered_mbps(1.0, packet_bytes=1250, scale=1e3), [1e4])
    for bad in (0.0, -1.0, np.nan, np.inf):
        with pytest.raises(ValueError, match="packet_time_ms"):
            si.offered_mbps(bad, packet_bytes=1250)
    with pytest.raises(ValueError, match="scale"):
        si.offered_mbps(1.0, packet_bytes=1250, scale=0.0)


def test_a_consistent_row_passes_and_each_broken_identity_is_flagged():
    # 264 packets of 1256 B every 1 ms, a quarter lost: offered 10.048, received 7.536 Mb/s over 264 ms frames
    r = si.row_identities([1.0, 1.0, 1.0], [264.0, 264.0, 300.0], [25.0, 25.0, 25.0], [7.54, 11.0, 7.54],
                          packets_per_frame=264, packet_bytes=1256, digit=0.01)
    np.testing.assert_allclose(r["offered"], 10.048)
    np.testing.assert_allclose(r["from_frame_time"][:2], 7.536)
    np.testing.assert_allclose(r["from_frame_time"][2], 7.536 * 264 / 300)
    assert r["above_offered"].tolist() == [False, True, False]
    assert r["identity_off"].tolist() == [False, True, True]
    np.testing.assert_allclose(r["frame_over_packet"], [264.0, 264.0, 300.0])
    # the same row in Kb/s (printed to 1 Kb/s: 7536) passes at a digit of 1 Kb/s
    k = si.row_identities([1.0], [264.0], [25.0], [7536.0], packets_per_frame=264, packet_bytes=1256, scale=1e3, digit=1.0)
    assert k["offered"][0] == pytest.approx(10048.0) and not k["identity_off"][0]


def test_bad_rows_are_refused_by_name():
    ok = dict(packets_per_frame=264, packet_bytes=1256, digit=0.01)
    with pytest.raises(ValueError, match="one length"):
        si.row_identities([1.0, 2.0], [264.0], [0.0], [1.0], **ok)
    with pytest.raises(ValueError, match="loss_pct"):
        si.row_identities([1.0], [264.0], [101.0], [1.0], **ok)
    with pytest.raises(ValueError, match="frame_time_ms"):
        si.row_identities([1.0], [0.0], [0.0], [1.0], **ok)
    with pytest.raises(ValueError, match="digit"):
        si.row_identities([1.0], [264.0], [0.0], [1.0], packets_per_frame=264, packet_bytes=1256, digit=-0.01)
