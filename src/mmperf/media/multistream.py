"""Several video streams in one run: what a short run sends of each, and their packets merged in time.

A run of ``d`` seconds over streams much longer than ``d`` sends either each stream's head (its first
``d`` seconds) or an excerpt of every clip (:func:`mmperf.media.excerpt.clip_excerpt`), whose rate is
the whole stream's (:func:`window_frames`); N streams' packets, each stream paced (or burst) as
:func:`mmperf.media.hdvideo.packet_schedule` sends it from its own phase, are merged into one
time-ordered schedule for a shared link (:func:`merged_packets`); what a reservation of each stream
needs to know of it (:func:`reservation_descriptors`).
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate
from mmperf.media import hdvideo
from mmperf.media.excerpt import clip_excerpt
from mmperf.networks import admission

__all__ = ["WINDOWS", "merged_packets", "reservation_descriptors", "window_frames"]

WINDOWS = ("head", "excerpt")
"""What a run of ``d`` seconds sends of each stream: ``'head'`` its first ``d`` seconds, ``'excerpt'``
the first ``d / clips`` seconds of each of its clips (:func:`mmperf.media.excerpt.clip_excerpt`), whose rate
is the whole stream's."""


def window_frames(frames, *, window: str, duration_s: float, frame_rate: float, clips: int, frames_per_clip: int) -> np.ndarray:
    """The frames of a stream a run of ``duration_s`` sends under ``window`` (:data:`WINDOWS`).

    ``'head'``: the whole stream (the run keeps its first ``duration_s``); ``'excerpt'``: ``duration_s x
    frame_rate / clips`` frames of every clip, which must be a whole number.

    Parameters
    ----------
    frames : array_like
        Frame sizes [bytes] of the stream, ``clips x frames_per_clip`` of them for ``'excerpt'``.
    window : {"head", "excerpt"}
        What of the stream is sent.
    duration_s : float
        Length of the run that sends the stream [s], ``> 0``.
    frame_rate : float
        Frames per second, ``> 0``.
    clips : int
        Clips in the stream, ``>= 1``.
    frames_per_clip : int
        Frames in one clip, ``>= 1``.

    Returns
    -------
    numpy.ndarray
        Frame sizes in bytes, in sending order (``frames`` itself for ``'head'``).

    Raises
    ------
    ValueError
        If ``window`` is not in :data:`WINDOWS`, a number is out of range, or ``'excerpt'`` would keep a
        fractional number of frames per clip.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: 152-s streams of eight clips, run by the book in 15.2-s excerpts.

    Examples
    --------
    >>> window_frames(np.arange(8.0), window="excerpt", duration_s=2.0, frame_rate=1.0, clips=2, frames_per_clip=4)
    array([0., 4.])
    """
    duration_s = _validate.positive(duration_s, "duration_s")
    frame_rate = _validate.positive(frame_rate, "frame_rate")
    clips = _validate.whole(clips, "clips", minimum=1)
    frames_per_clip = _validate.whole(frames_per_clip, "frames_per_clip", minimum=1)
    if window == "head":
        return frames
    if window != "excerpt":
        raise ValueError(f"window must be one of {WINDOWS}, got {window!r}")
    keep = duration_s * frame_rate / clips
    if abs(keep - round(keep)) > 1e-9 or round(keep) < 1 or round(keep) > frames_per_clip:
        raise ValueError(f"duration_s x frame_rate / clips must be a whole number of frames, at most frames_per_clip "
                         f"({frames_per_clip}), for window='excerpt', got duration_s={duration_s!r} ({keep:g} frames per clip)")
    return clip_excerpt(frames, frames_per_clip=frames_per_clip, keep=int(round(keep)))


def merged_packets(frames, *, frame_rate: float, duration_s: float, phases_s, line_rate_bps: float | None = None):
    """Send times, wire sizes and stream of the packets of several streams, merged in time order.

    Stream ``j`` sends ``frames[j]`` from phase ``phases_s[j]`` as :func:`mmperf.media.hdvideo.packet_schedule`
    sends one stream (paced over each frame interval, or back to back at ``line_rate_bps``). Ties between
    streams keep stream order (a stable sort), so the schedule is a function of its inputs.

    Parameters
    ----------
    frames : sequence of array_like
        Each stream's frame payload sizes [bytes] (whole numbers); may be empty (no stream).
    frame_rate : float
        Frames per second, ``> 0``.
    duration_s : float
        Packets sent at or after this time [s] are left out, ``> 0``.
    phases_s : sequence of float
        Each stream's first frame start [s], in ``[0, 1 / frame_rate)``; one per stream.
    line_rate_bps : float, optional
        The senders' line rate [bit/s] for frames written back to back; None: paced.

    Returns
    -------
    times : numpy.ndarray of float
        Send times [s], non-decreasing.
    sizes : numpy.ndarray of int
        Wire sizes [bytes].
    stream : numpy.ndarray of int
        Each packet's stream, ``0 .. len(frames) - 1``.

    Raises
    ------
    ValueError
        If ``phases_s`` does not give one phase per stream, or a stream's frames or phase are refused by
        :func:`mmperf.media.hdvideo.packet_schedule`.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV: N HD video servers sending through one bottleneck.

    Examples
    --------
    >>> t, b, s = merged_packets([np.array([1316.0]), np.array([1316.0])], frame_rate=10.0, duration_s=0.1,
    ...                          phases_s=[0.05, 0.0])
    >>> t.tolist(), s.tolist()
    ([0.0, 0.05], [1, 0])
    """
    if isinstance(frames, (str, bytes)) or not hasattr(frames, "__len__"):
        raise TypeError(f"frames must be a sequence of frame-size arrays, got {type(frames).__name__}")
    phases = _validate.finite_array(phases_s, "phases_s", ndim=1, non_negative=True) if len(frames) else np.zeros(0)
    if phases.size != len(frames):
        raise ValueError(f"phases_s must give one phase per stream ({len(frames)}), got {phases.size}")
    frame_rate = _validate.positive(frame_rate, "frame_rate")
    for j, f in enumerate(frames):
        f = _validate.finite_array(f, "frames", ndim=1, non_negative=True, allow_empty=True)
        if np.any(f != np.round(f)):
            raise ValueError(f"frames must be whole numbers of bytes (stream {j})")
    if np.any(phases * frame_rate >= 1):
        raise ValueError(f"phases_s must lie in [0, 1/frame_rate), got {phases.tolist()!r:.80}")
    ts, bs, ss = [np.empty(0)], [np.empty(0, np.int64)], [np.empty(0, np.int64)]
    for j, (f, phase) in enumerate(zip(frames, phases)):
        t, b = hdvideo.packet_schedule(f, frame_rate=frame_rate, duration_s=duration_s, phase_s=float(phase),
                                       line_rate_bps=line_rate_bps)
        ts.append(t)
        bs.append(b)
        ss.append(np.full(t.size, j, np.int64))
    t, b = np.concatenate(ts), np.concatenate(bs)
    order = np.argsort(t, kind="stable")
    return t[order], b[order], np.concatenate(ss)[order]


def reservation_descriptors(arrivals, *, slot_s: float, frame_rate: float, peak_window_s: float, slots_per_window: int) -> dict:
    """What a reservation needs to know of each stream: its burst, its peak rate and its TFD announcements.

    Parameters
    ----------
    arrivals : array_like
        Wire bytes per slot, shape ``(N, T)``, ``>= 0``.
    slot_s : float
        Slot length [s], ``> 0``.
    frame_rate : float
        Frames per second, ``> 0``: the burst is the largest one-frame-interval sum.
    peak_window_s : float
        Window [s] of the peak mean rate, ``> 0``.
    slots_per_window : int
        Slots in one TFD window (Next Time), ``>= 1``.

    Returns
    -------
    dict
        ``depth_bytes`` (N,): the largest one-frame-interval burst (a TSpec bucket depth);
        ``peak_bps`` (N,): the largest ``peak_window_s`` mean rate; ``tfd_bps`` (N, W): Next Data / Next
        Time of every window (:func:`mmperf.media.hdvideo.tfd_announcements`), W windows.

    Raises
    ------
    ValueError
        If ``arrivals`` is not a two-dimensional array of finite sizes ``>= 0`` or a number is out of range.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. III-IV.E: RSVP at the peak rate (s3) and TFD's Next Data / Next Time (s4).

    Examples
    --------
    >>> d = reservation_descriptors(np.array([[100.0, 0, 300, 0]]), slot_s=0.5, frame_rate=1.0, peak_window_s=1.0,
    ...                             slots_per_window=2)
    >>> d["depth_bytes"].tolist(), d["peak_bps"].tolist(), d["tfd_bps"].tolist()
    ([300.0], [2400.0], [[800.0, 2400.0]])
    """
    arr = _validate.finite_array(arrivals, "arrivals", ndim=2, non_negative=True)
    slots_per_window = _validate.whole(slots_per_window, "slots_per_window", minimum=1)
    return {
        **admission.traffic_descriptors(arr, slot_s=slot_s, burst_s=1 / _validate.positive(frame_rate, "frame_rate"),
                                        peak_window_s=peak_window_s),
        "tfd_bps": np.array([hdvideo.tfd_announcements(a, slots_per_window=slots_per_window, slot_s=slot_s)["rate_bps"]
                             .to_numpy() for a in arr]),
    }
