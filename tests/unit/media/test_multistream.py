"""Several streams in one run: the excerpt keeps every clip's share, the merge keeps every packet in time order."""

import numpy as np
import pytest

from mmperf.media import hdvideo
from mmperf.media.multistream import merged_packets, reservation_descriptors, window_frames


def test_head_is_the_stream_and_excerpt_takes_the_same_share_of_every_clip():
    frames = np.arange(1.0, 13.0)  # 3 clips of 4 frames
    assert window_frames(frames, window="head", duration_s=1.0, frame_rate=4.0, clips=3, frames_per_clip=4) is frames
    ex = window_frames(frames, window="excerpt", duration_s=1.5, frame_rate=4.0, clips=3, frames_per_clip=4)
    assert ex.tolist() == [1.0, 2.0, 5.0, 6.0, 9.0, 10.0]
    with pytest.raises(ValueError, match="whole number of frames"):
        window_frames(frames, window="excerpt", duration_s=1.0, frame_rate=4.0, clips=3, frames_per_clip=4)
    with pytest.raises(ValueError, match="window"):
        window_frames(frames, window="tail", duration_s=1.0, frame_rate=4.0, clips=3, frames_per_clip=4)


def test_merge_is_every_stream_s_schedule_in_time_order():
    rng = np.random.default_rng(2)
    frames = [np.round(rng.uniform(1000, 20000, 30)) for _ in range(4)]
    phases = rng.uniform(0, 1 / 25, 4)
    t, b, s = merged_packets(frames, frame_rate=25.0, duration_s=1.0, phases_s=phases)
    assert np.all(np.diff(t) >= 0)
    for j in range(4):  # each stream's own schedule, in its own order, is inside the merge
        tj, bj = hdvideo.packet_schedule(frames[j], frame_rate=25.0, duration_s=1.0, phase_s=phases[j])
        assert np.array_equal(t[s == j], tj) and np.array_equal(b[s == j], bj)
    assert b.sum() == sum(hdvideo.packet_schedule(f, frame_rate=25.0, duration_s=1.0, phase_s=p)[1].sum()
                          for f, p in zip(frames, phases))
    empty = merged_packets([], frame_rate=25.0, duration_s=1.0, phases_s=[])
    assert all(a.size == 0 for a in empty)
    with pytest.raises(ValueError, match="phases_s"):
        merged_packets(frames, frame_rate=25.0, duration_s=1.0, phases_s=phases[:2])


def test_ties_keep_stream_order():
    same = [np.array([1316.0])] * 3
    t, _, s = merged_packets(same, frame_rate=10.0, duration_s=0.1, phases_s=[0.0, 0.0, 0.0])
    assert s.tolist() == [0, 1, 2] and t.tolist() == [0.0, 0.0, 0.0]


def test_reservation_descriptors_bound_what_each_stream_sends():
    rng = np.random.default_rng(5)
    arr = rng.integers(0, 5000, (3, 600)).astype(float)  # 3 streams, 600 slots of 2 ms
    d = reservation_descriptors(arr, slot_s=0.002, frame_rate=25.0, peak_window_s=0.2, slots_per_window=150)
    mean_bps = arr.sum(axis=1) * 8 / (600 * 0.002)
    assert np.all(d["peak_bps"] >= mean_bps - 1e-6)  # the peak window's mean is at least the whole run's
    assert np.all(d["depth_bytes"] >= arr.max(axis=1))  # a frame interval holds at least its largest slot
    # the TFD windows announce exactly the bytes sent in them
    assert np.allclose(d["tfd_bps"] * 150 * 0.002 / 8, arr.reshape(3, 4, 150).sum(axis=2))
