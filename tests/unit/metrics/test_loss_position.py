"""Where losses fall in a frame (mmperf.metrics.loss_position)."""

import numpy as np
import pytest

from mmperf.metrics import loss_position as lp


def test_position_losses_conserve_the_losses():
    rng = np.random.default_rng(2)
    lost = rng.random((30, 50)) < 0.1
    out = lp.position_losses(lost)
    assert out["lost"].sum() == lost.sum() and list(out["index"]) == list(range(50))
    np.testing.assert_allclose(out["share_of_frames"], lost.mean(axis=0))


def test_typical_frame_is_the_first_with_the_median_loss():
    lost = np.zeros((6, 10), dtype=bool)
    for f, k in enumerate([9, 2, 5, 3, 5, 0]):
        lost[f, :k] = True
    # after the first frame, the lossy frames lose 2, 5, 3, 5: median 4 is lost by none -> the most
    assert lp.typical_frame(lost) == 2
    lost[3, :4] = True  # now 2, 5, 4, 5: median 4.5 -> int 4, frame 3
    assert lp.typical_frame(lost) == 3
    with pytest.raises(ValueError, match="lost"):
        lp.typical_frame(np.zeros((3, 4), dtype=bool))


def test_concentration_of_losses_at_one_place_and_spread_out():
    lost = np.zeros((10, 40), dtype=bool)
    lost[:, 20:23] = True
    c = lp.loss_concentration(lost, top=3, start=20)
    assert c == {"lost": 30, "first_lost_index": 20, "share_in_top": 1.0, "share_after_buffer": 1.0}
    spread = np.eye(40, dtype=bool)
    s = lp.loss_concentration(spread, top=4, start=0)
    assert s["share_in_top"] == pytest.approx(4 / 40) and s["share_after_buffer"] == pytest.approx(1 / 40)
    with pytest.raises(ValueError, match="lost"):
        lp.loss_concentration(np.zeros((2, 3), dtype=bool))
