"""Quality of a bit-plane coded frame under loss (mmperf.quality.bitplane_loss)."""

import numpy as np
import pytest

from mmperf.coding import bitplane
from mmperf.quality import bitplane_loss as bl
from mmperf.quality import image


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(3)
    y, x = np.mgrid[0:64, 0:64]
    return np.clip(128 + 60 * np.sin(x / 7.0) * np.cos(y / 9.0) + rng.normal(0, 2, x.shape), 0, 255).astype(np.uint8)


def test_no_loss_is_a_round_trip_and_a_significant_plane_costs_more(frame):
    lay = bitplane.layout(frame.shape)
    assert (bl.degrade(frame, np.zeros(lay.n_packets, dtype=bool)) == frame).all()
    msb = bl.degrade(frame, lay.plane == 0)
    lsb = bl.degrade(frame, lay.plane == lay.plane.max())
    assert image.psnr(frame, msb) < image.psnr(frame, lsb)


def test_quality_curves_count_the_lost_packets_and_are_reproducible(frame):
    n = bitplane.layout(frame.shape).n_packets
    q = bl.quality_curves(frame, rates=[0.0, 0.25], draws=2, start=0, seed=11)
    again = bl.quality_curves(frame, rates=[0.0, 0.25], draws=2, start=0, seed=11)
    assert q.equals(again)
    assert (q.loc[q["rate_pct"] == 0, "ssim"] == 1.0).all()
    assert (q.loc[q["rate_pct"] == 25, "lost_packets"] == round(0.25 * n)).all()
    # priority dropping loses the least significant planes: the least damage of the three patterns
    at = q[q["rate_pct"] == 25].groupby("pattern")["psnr_db"].mean()
    assert at["priority"] >= at.drop("priority").max()


def test_reordering_under_the_identity_changes_nothing(frame):
    n = bitplane.layout(frame.shape).n_packets
    lost = np.zeros(n, dtype=bool)
    lost[:3] = True
    r = bl.reordered_loss(frame, lost, order=np.arange(n))
    assert r["lost"] == 3 and r["ssim_natural"] == r["ssim_reordered"] and r["psnr_natural"] == r["psnr_reordered"]
    with pytest.raises(ValueError, match="order"):
        bl.reordered_loss(frame, lost, order=np.zeros(n, dtype=int))
