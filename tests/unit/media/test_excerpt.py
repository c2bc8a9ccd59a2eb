"""An excerpt of every clip (mmperf.media.excerpt): its rate is the whole stream's when clips are steady."""

import numpy as np
import pytest

from mmperf.media import hdvideo
from mmperf.media.excerpt import clip_excerpt


def test_an_excerpt_weighs_every_clip_as_the_stream_does():
    # three steady clips of different rates: the head is one clip, the excerpt has the stream's mean exactly
    stream = np.repeat([1.0, 5.0, 9.0], 30)
    ex = clip_excerpt(stream, frames_per_clip=30, keep=10)
    assert ex.size == 30 and ex.mean() == stream.mean() and stream[:30].mean() != stream.mean()
    assert clip_excerpt(stream, frames_per_clip=30, keep=30).tolist() == stream.tolist()  # keep everything: the stream


def test_the_chodorek_excerpt_is_closer_to_the_stream_than_its_head():
    model = hdvideo.VideoModel()
    clips = hdvideo.clip_library(model, root=1)
    keep = model.frames_per_clip // 5
    gaps = []
    for j in range(10):
        f = hdvideo.stream_frames(model, replication=0, stream=j, clips=clips, root=1)
        ex = clip_excerpt(f, frames_per_clip=model.frames_per_clip, keep=keep)
        gaps.append((abs(ex.mean() - f.mean()), abs(f[:ex.size].mean() - f.mean())))
    ex_gap, head_gap = np.array(gaps).max(axis=0)
    assert ex_gap < head_gap / 2


def test_bad_shapes_are_refused_by_name():
    with pytest.raises(ValueError, match="frames_per_clip"):
        clip_excerpt(np.arange(5.0), frames_per_clip=2, keep=1)
    with pytest.raises(ValueError, match="keep"):
        clip_excerpt(np.arange(4.0), frames_per_clip=2, keep=3)
