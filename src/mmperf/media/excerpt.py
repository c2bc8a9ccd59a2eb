"""A short excerpt of a clip-structured stream whose rate is the whole stream's.

A stream made of clips back to back (:func:`mmperf.media.hdvideo.stream_frames`: eight 19-s clips, 152 s)
sends at very different rates clip by clip. Its first ``d`` seconds are one or two clips, so a short run
over them sees a rate that is not the stream's (a 30-s head of the Chodorek streams sends 64-74 Mb/s
where the whole stream sends 63). The excerpt takes the same share of every clip instead (the first
``keep`` frames of each), so every clip weighs in it as it does in the whole stream.
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate

__all__ = ["clip_excerpt"]


def clip_excerpt(frames, *, frames_per_clip: int, keep: int) -> np.ndarray:
    """The first ``keep`` frames of every clip of a stream, in order.

    Parameters
    ----------
    frames : array_like
        Frame sizes of the stream (or ``(N, F)`` for N streams), ``F`` a whole number of clips.
    frames_per_clip : int
        Frames in one clip (at least 1).
    keep : int
        Frames taken from the start of each clip, ``1 .. frames_per_clip``.

    Returns
    -------
    numpy.ndarray
        ``keep`` frames per clip, shape ``(F // frames_per_clip * keep,)`` (or ``(N, ...)``).

    Raises
    ------
    ValueError
        If ``frames`` holds NaN, infinities or negative sizes, is not one or two dimensional, or is not a
        whole number of clips; if ``frames_per_clip`` or ``keep`` is not a whole number in range.

    References
    ----------
    Built for Chodorek & Chodorek (2018), Sec. IV.D (eight clips of 19 s in one 152-s sequence): the
    chapter's packet grids run a 15.2-s excerpt (a tenth of every clip) whose per-stream rates are near the
    152-s ones (issue #35).

    Examples
    --------
    >>> clip_excerpt([1, 2, 3, 4, 5, 6], frames_per_clip=3, keep=1).tolist()
    [1.0, 4.0]
    >>> clip_excerpt([[1, 2, 3, 4], [5, 6, 7, 8]], frames_per_clip=2, keep=1).tolist()
    [[1.0, 3.0], [5.0, 7.0]]
    """
    frames_per_clip = _validate.whole(frames_per_clip, "frames_per_clip", minimum=1)
    keep = _validate.whole(keep, "keep", minimum=1)
    if keep > frames_per_clip:
        raise ValueError(f"keep must be at most frames_per_clip ({frames_per_clip}), got {keep!r}")
    f = _validate.finite_array(frames, "frames", non_negative=True)
    if f.ndim not in (1, 2) or f.shape[-1] == 0:
        raise ValueError(f"frames must be a non-empty 1-D or 2-D array of frame sizes, got shape {f.shape}")
    if f.shape[-1] % frames_per_clip:
        raise ValueError(f"frames must hold a whole number of clips (frames_per_clip = {frames_per_clip}), got {f.shape[-1]} frames")
    clips = f.reshape(f.shape[:-1] + (f.shape[-1] // frames_per_clip, frames_per_clip))
    return clips[..., :keep].reshape(f.shape[:-1] + (-1,))
