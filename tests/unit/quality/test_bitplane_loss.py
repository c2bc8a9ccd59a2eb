"""Quality of a bit-plane coded frame under loss (mmperf.quality.bitplane_loss)."""

import numpy as np
import pandas as pd
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


def test_compressibility_concatenates_each_image_planes():
    flat = np.zeros((16, 16), np.uint8)
    noisy = np.random.default_rng(0).integers(0, 256, (16, 16), dtype=np.uint8)
    t = bl.compressibility({"flat": flat, "noisy": noisy}, level=6)
    assert list(t.columns) == ["image", "plane", "bit", "raw_bytes", "deflate_bytes", "ratio"]
    assert t["image"].tolist() == ["flat"] * 8 + ["noisy"] * 8
    pd.testing.assert_frame_equal(t[t["image"] == "noisy"].drop(columns="image").reset_index(drop=True),
                                  image.plane_compressibility(noisy, level=6))
    # a flat image compresses better than noise in every plane
    assert (t[t["image"] == "flat"]["ratio"].to_numpy() > t[t["image"] == "noisy"]["ratio"].to_numpy()).all()


def test_buffer_reordering_scores_each_pattern_as_reordered_loss(frame):
    n = bitplane.layout(frame.shape).n_packets
    lost = np.zeros((2, n), bool)
    lost[0, 1:3] = True  # 8 packets, one per plane: the two after a one-packet buffer
    lost[1, 5] = True
    masks = pd.concat([pd.DataFrame({"table": "t", "row": r + 1, "index": np.arange(n)[::-1], "lost": lost[r][::-1]})
                       for r in range(2)], ignore_index=True)
    out = bl.buffer_reordering(frame, masks, buffer_packets=1)
    assert out[["table", "row"]].values.tolist() == [["t", 1], ["t", 2]]
    order = bitplane.buffer_aware_order(bitplane.layout(frame.shape), buffer_packets=1)
    for r in range(2):
        expect = bl.reordered_loss(frame, lost[r], order=order)
        assert out.iloc[r].drop(["table", "row"]).to_dict() == pytest.approx(expect)
    # the losses just past the buffer hit the most significant plane in the natural order, not reordered
    assert out.loc[0, "ssim_reordered"] > out.loc[0, "ssim_natural"]
