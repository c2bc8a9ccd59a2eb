"""Image quality (PSNR, SSIM, compressibility) and the test animation."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from skimage.metrics import structural_similarity

from mmperf.media import animation
from mmperf.quality import image


@pytest.fixture(scope="module")
def frames():
    return animation.satellite_sequence(2, size=128)


def test_psnr_known_case_and_identity():
    a = np.full((10, 10), 50, np.uint8)
    b = a.copy()
    b[0, 0] = 60  # MSE = 100/100 = 1 -> PSNR = 10 log10(255^2)
    assert image.psnr(a, b) == pytest.approx(10 * np.log10(255**2))
    assert image.psnr(a, a) == 99.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stripes=st.integers(1, 6))
def test_band_ssim_equals_skimage_full_image(frames, seed, stripes):
    g = np.random.default_rng(seed)
    ref = frames[0]
    test = ref.copy()
    for _ in range(stripes):
        r0 = int(g.integers(0, ref.shape[0]))
        test[r0 : r0 + int(g.integers(1, 20))] ^= np.uint8(1 << int(g.integers(0, 8)))
    assert image.ssim(ref, test) == pytest.approx(structural_similarity(ref, test, data_range=255), abs=1e-9)


def test_ssim_of_identical_images_is_one(frames):
    assert image.ssim(frames[0], frames[0]) == 1.0


def test_compressibility_msb_beats_lsb_on_smooth_image():
    y, x = np.mgrid[0:128, 0:128]
    img = ((x + y) % 256).astype(np.uint8)
    noisy = (img.astype(int) + np.random.default_rng(1).integers(-2, 3, img.shape)).clip(0, 255).astype(np.uint8)
    c = image.plane_compressibility(noisy)
    assert list(c["plane"]) == list(range(8)) and (c["raw_bytes"] == 128 * 128 // 8).all()
    assert c["ratio"].iloc[0] > 5 * c["ratio"].iloc[7]


def test_quality_bad_input():
    with pytest.raises(ValueError, match="same shape"):
        image.psnr(np.zeros((4, 4), np.uint8), np.zeros((5, 4), np.uint8))
    with pytest.raises(ValueError, match="uint8"):
        image.ssim(np.zeros((8, 8)), np.zeros((8, 8)))
    with pytest.raises(ValueError, match="level"):
        image.plane_compressibility(np.zeros((8, 8), np.uint8), level=12)


def test_animation_is_deterministic_and_moves(frames):
    again = animation.satellite_sequence(2, size=128)
    assert frames.dtype == np.uint8 and frames.shape == (2, 128, 128)
    assert np.array_equal(frames, again)
    assert not np.array_equal(frames[0], frames[1])
    assert frames.std() > 20  # real structure, not a flat field


def test_animation_bad_input():
    with pytest.raises(ValueError, match="n_frames"):
        animation.satellite_sequence(0)
    with pytest.raises(ValueError, match="size"):
        animation.satellite_sequence(1, size=4)
