"""Two-layer coder: round trip, slicing, loss handling, calibration, errors."""

import numpy as np
import pytest
from skimage.metrics import peak_signal_noise_ratio

from mmperf.coding import svc
from mmperf.media import scenes

CAL = svc.Calibration(q_base=60.0, q_enh=8.0, bytes_per_bit=4.0)


@pytest.fixture(scope="module")
def frames():
    return scenes.four_scenes(frames_per_scene=(3, 3, 3, 3), height=48, width=64).frames()


@pytest.fixture(scope="module")
def video(frames):
    return svc.encode(frames, calibration=CAL)


def test_lossless_round_trip_gives_full_quality(video, frames):
    dec = video.decode(np.ones(video.n_packets, bool))
    assert (dec.status == "full").all()
    np.testing.assert_allclose(dec.psnr, video.psnr_full())
    for t in range(len(frames)):
        assert dec.psnr[t] == pytest.approx(peak_signal_noise_ratio(frames[t], video.full[t], data_range=255))
        np.testing.assert_array_equal(dec.image(t), video.full[t])


def test_packets_fit_the_mtu_and_carry_every_byte(video):
    b = video.packets["bytes"].to_numpy()
    assert b.max() <= svc.MTU_PAYLOAD and b.min() > svc.SLICE_HEADER
    slices = video.packets["slice"].nunique()
    assert b.sum() - svc.SLICE_HEADER * len(b) == video.block_bytes.sum()
    assert slices == len(video.slice_frame)
    # packets are in sending order: frame by frame, base before enhancement
    f = video.packets["frame"].to_numpy()
    assert (np.diff(f) >= 0).all()
    for t in np.unique(f):
        lay = video.packets["layer"].to_numpy()[f == t]
        assert (np.diff(lay) >= 0).all()


def test_lost_enhancement_slice_falls_back_to_base(video):
    pk = video.packets
    i = int(np.flatnonzero((pk["layer"] == 1) & (pk["frame"] == 4))[0])
    ok = np.ones(video.n_packets, bool)
    ok[i] = False
    dec = video.decode(ok)
    assert dec.status[4] == "partial"
    assert (np.delete(dec.status, 4) == "full").all()
    assert video.psnr_base()[4] <= dec.psnr[4] <= video.psnr_full()[4]
    img = dec.image(4)
    blocks = np.flatnonzero(video.block_slice[1, 4] == pk["slice"].iloc[i])
    nbx = video.original.shape[2] // svc.BLOCK
    for b in blocks:
        y, x = (b // nbx) * 8, (b % nbx) * 8
        np.testing.assert_array_equal(img[y:y + 8, x:x + 8], video.base[4, y:y + 8, x:x + 8])


def test_lost_base_slice_freezes_the_last_decoded_frame(video, frames):
    pk = video.packets
    ok = np.ones(video.n_packets, bool)
    ok[np.flatnonzero((pk["layer"] == 0) & (pk["frame"].isin([5, 6])))[[0, -1]]] = False
    dec = video.decode(ok)
    assert dec.status[5] == "frozen" and dec.status[6] == "frozen"
    assert dec.shown[5] == 4 and dec.shown[6] == 4
    np.testing.assert_array_equal(dec.image(6), video.full[4])
    assert dec.psnr[6] == pytest.approx(peak_signal_noise_ratio(frames[6], video.full[4], data_range=255))


def test_nothing_decoded_yet_shows_grey(video):
    ok = np.ones(video.n_packets, bool)
    ok[0] = False  # first base packet of frame 0
    dec = video.decode(ok)
    assert dec.status[0] == "frozen" and dec.shown[0] == -1
    assert (dec.image(0) == 128).all()


def test_calibration_hits_its_targets(frames):
    cal = svc.calibrate(frames, target_psnr=33.0, target_rates_mbps=(3.0, 10.0), step=1)
    v = svc.encode(frames, calibration=cal)
    assert v.psnr_full().mean() == pytest.approx(33.0, abs=0.1)
    r = v.rates(bin_s=12 / 25).pivot(index="time_s", columns="layer", values="rate_mbps")
    total = (r["base"] + r["enhancement"]).mean()
    assert total == pytest.approx(10.0, rel=0.05)  # slice headers and rounding add a little
    assert r["base"].mean() / total == pytest.approx(0.3, abs=0.03)
    assert cal.q_base > cal.q_enh


def test_send_times_pace_each_frame_within_its_interval(video):
    t = video.send_times()
    f = video.packets["frame"].to_numpy()
    assert (np.diff(t) >= 0).all()
    assert (t >= f / 25).all() and (t < (f + 1) / 25).all()


def test_bad_inputs_raise_clear_errors(video):
    with pytest.raises(ValueError, match="uint8"):
        svc.encode(np.zeros((2, 16, 16)), calibration=CAL)
    with pytest.raises(ValueError, match="multiples of 8"):
        svc.encode(np.zeros((2, 12, 16), np.uint8), calibration=CAL)
    with pytest.raises(ValueError, match="payload"):
        svc.encode(np.zeros((1, 16, 16), np.uint8), calibration=CAL, payload=3)
    with pytest.raises(ValueError, match="delivered"):
        video.decode(np.ones(3, bool))
    with pytest.raises(ValueError, match="target_rates_mbps"):
        svc.calibrate(np.zeros((1, 16, 16), np.uint8), target_rates_mbps=(5.0, 4.0))
    with pytest.raises(ValueError, match="frames_per_scene"):
        scenes.four_scenes(frames_per_scene=(1, 2))
    with pytest.raises(ValueError, match="height"):
        scenes.four_scenes(height=30)


def test_black_concealment_of_a_lost_base_slice(video, frames):
    pk = video.packets
    i = int(np.flatnonzero((pk["layer"] == 0) & (pk["frame"] == 5))[0])
    ok = np.ones(video.n_packets, bool)
    ok[i] = False
    dec = video.decode(ok, base_loss="black")
    assert dec.status[5] == "partial" and dec.shown[5] == 5
    img = dec.image(5)
    blocks = np.flatnonzero(video.block_slice[0, 5] == pk["slice"].iloc[i])
    nbx = video.original.shape[2] // svc.BLOCK
    for b in blocks:
        y, x = (b // nbx) * 8, (b % nbx) * 8
        assert (img[y:y + 8, x:x + 8] == 0).all()
    assert dec.psnr[5] == pytest.approx(peak_signal_noise_ratio(frames[5], img, data_range=255))
    assert dec.psnr[5] < video.decode(ok).psnr[5] + 20  # finite and comparable
    with pytest.raises(ValueError, match="base_loss"):
        video.decode(ok, base_loss="grey")


def test_fragile_decoder_freezes_on_any_lost_slice(video):
    pk = video.packets
    ok = np.ones(video.n_packets, bool)
    ok[int(np.flatnonzero((pk["layer"] == 1) & (pk["frame"] == 7))[0])] = False
    assert video.decode(ok).status[7] == "partial"
    dec = video.decode(ok, base_loss="freeze-any")
    assert dec.status[7] == "frozen" and dec.shown[7] == 6
