"""The synthetic HD video: calibrated rate, clips reused, bytes kept through packetization."""

import numpy as np
import pytest

from mmperf.media.hdvideo import (HEADERS, TS_PAYLOAD, VideoModel, clip_library, packetize, slot_arrivals,
                                  stream_frames, tfd_announcements, wire_bytes)
from mmperf.transports.tfd import TFDOption, decode, encode

M = VideoModel()


def test_clips_and_rate():
    clips = clip_library(M)
    assert len(clips) == 8 and all(c.size == 570 for c in clips)
    mean_wire = wire_bytes(np.concatenate(clips)).mean() * 8 * M.frame_rate
    assert mean_wire == pytest.approx(M.mean_rate_bps, rel=1e-4)
    assert M.duration_s == pytest.approx(152.0)
    # clips differ in character: their mean sizes spread by more than 30 %
    means = np.array([c.mean() for c in clips])
    assert means.max() / means.min() > 1.3


def test_stream_is_a_shuffle_of_the_same_clips():
    clips = clip_library(M)
    a = stream_frames(M, replication=0, stream=0, clips=clips)
    b = stream_frames(M, replication=0, stream=1, clips=clips)
    assert np.array_equal(np.sort(a), np.sort(np.concatenate(clips)))
    assert np.array_equal(np.sort(a), np.sort(b)) and not np.array_equal(a, b)
    assert np.array_equal(a, stream_frames(M, replication=0, stream=0, clips=clips))  # deterministic


def test_packetize_and_wire_bytes():
    sizes = packetize(3 * TS_PAYLOAD + 10)
    assert sizes.tolist() == [TS_PAYLOAD + HEADERS] * 3 + [10 + HEADERS]
    assert sizes.sum() == wire_bytes([3 * TS_PAYLOAD + 10])[0]
    assert packetize(0).size == 0
    with pytest.raises(ValueError, match="frame_bytes"):
        packetize(-1)


@pytest.mark.parametrize("send_rate", [None, 1e9])
def test_slot_arrivals_conserve_bytes(send_rate):
    f = stream_frames(M, replication=2, stream=0)
    a = slot_arrivals(f, frame_rate=30, slot_s=0.002, duration_s=152, send_rate_bps=send_rate, phase_s=0.01)
    # 152 s hold all frames but the part of the last frames pushed past the end by the phase
    total = wire_bytes(f).sum()
    assert a.sum() <= total + 1e-6
    assert a.sum() >= total - wire_bytes(f[-1:]).sum() - 1e-6
    assert np.all(a >= -1e-9)


def test_tfd_announcements_carry_the_next_300ms_exactly():
    f = stream_frames(M, replication=0, stream=0)
    a = slot_arrivals(f, frame_rate=30, slot_s=0.002, duration_s=152)
    ann = tfd_announcements(a, slots_per_window=150, slot_s=0.002)
    assert (ann.next_time_ms.iloc[:-1] == 300).all() and ann.next_time_ms.iloc[-1] == 200  # 152 s = 506 x 0.3 + 0.2
    sums = np.add.reduceat(a, np.arange(0, a.size, 150))
    assert np.all(ann.next_data.to_numpy() >= sums) and np.all(ann.next_data.to_numpy() - sums < 1)
    # every announcement fits the option and survives the wire
    for row in ann.head(20).itertuples():
        opt = TFDOption(next_data=int(row.next_data), next_time_ms=int(row.next_time_ms), source="buffer",
                        large=True, stream=True)
        assert decode(encode(opt)).rate_bps() == pytest.approx(row.rate_bps)


def test_video_model_errors():
    with pytest.raises(ValueError, match="mean_rate_bps"):
        VideoModel(mean_rate_bps=0)
    with pytest.raises(ValueError, match="gop"):
        VideoModel(gop=0)
    with pytest.raises(ValueError, match="phase_s"):
        slot_arrivals(np.ones(3), frame_rate=30, slot_s=0.001, duration_s=1, phase_s=0.5)
