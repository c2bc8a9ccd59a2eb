"""HD video sources: H.264-like VBR frame-size traces, RTP/UDP packetization
and the sender's Traffic Flow Description look-ahead.

Chodorek & Chodorek (Sec. IV.D) stream eight 19-second full-HD clips of the
VQEG HDTV set (30 frames/s, H.264 at a 40 Mb/s target) joined in random order,
each clip starting from a random moment, into a 152-s sequence. The clips
themselves are not available offline, so the book synthesises eight clips of
different character from a small frame-size model:

* each clip has a complexity (mean-size multiplier) and a number of scene
  cuts; every scene has its own size level (lognormal around the clip's);
* a GOP of ``gop`` frames: an I frame ``i_to_p`` times the size of a P frame,
  at every GOP start and at every scene cut;
* frame-to-frame lognormal noise.

The eight clips are drawn once (from ``mmperf.seeds``) and are the same content
in every stream, like the paper's clips; a stream differs only by the clip order
and each clip's starting frame. Sizes are scaled so that the mean rate *on the
wire* (IP packets with headers) is ``mean_rate_bps``: the book takes this from
the paper's unloaded network (Table II, K = 0: 63 Mb/s per stream) rather than
the nominal 40 Mb/s target (see the chapter's discussion).

Packets: the frame is carried as MPEG-TS in RTP (7 x 188 = 1316 payload bytes
per packet) over UDP over IPv4 with the 12-byte TFD option, 52 header bytes per
packet. A frame's packets are paced evenly over its frame interval, as a TS
muxer does.

Examples
--------
>>> from mmperf.media.hdvideo import VideoModel, clip_library, stream_frames
>>> model = VideoModel()
>>> clips = clip_library(model)
>>> len(clips), clips[0].size
(8, 570)
>>> frames = stream_frames(model, replication=0, stream=0, clips=clips)
>>> frames.size
4560
"""

from __future__ import annotations

from dataclasses import dataclass, field

import math

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.seeds import rng

__all__ = [
    "CLIPS",
    "VideoModel",
    "clip_library",
    "packet_schedule",
    "packetize",
    "slot_arrivals",
    "stream_frames",
    "tfd_announcements",
    "wire_bytes",
    "HEADERS",
    "PAPER",
    "TS_PAYLOAD",
]

PAPER = "chodorek2018"

CLIPS = {
    # name: (complexity multiplier, scene cuts within the 19 s) -- illustrative
    # characters (calm landscape, fire, white water, fast cuts, snow, boxing,
    # sport, wind), not measurements of the VQEG clips.
    "Aspen": (0.85, 2),
    "ControlledBurn": (1.10, 1),
    "RedKayak": (1.30, 3),
    "RushFieldCuts": (1.00, 9),
    "SnowMnt": (1.20, 1),
    "SpeedBag": (0.80, 2),
    "TouchdownPass": (1.05, 4),
    "WestWindEasy": (0.70, 1),
}
"""The eight VQEG HDTV clips (Sec. IV.D) and the book's assumed character."""

TS_PAYLOAD = 7 * 188
"""RTP payload per packet: seven MPEG-TS packets [bytes]."""

HEADERS = 20 + 12 + 8 + 12
"""IPv4 (20) + TFD option (12) + UDP (8) + RTP (12) header bytes per packet."""


@dataclass(frozen=True)
class VideoModel:
    """Parameters of the synthetic HD video (all keyword-editable).

    Parameters
    ----------
    frame_rate : float
        Frames per second (30, Sec. IV.D).
    clip_s : float
        Length of each clip [s] (19).
    mean_rate_bps : float
        Mean wire rate of one stream [bit/s] (calibrated: Table II, K = 0, N = 1).
    target_rate_bps : float
        The encoder's nominal target [bit/s] (40 Mb/s, Sec. IV.D); sizes the s2 reservation.
    gop : int
        Frames per group of pictures (an I frame every ``gop`` frames).
    i_to_p : float
        Size of an I frame relative to a P frame.
    scene_sigma : float
        Lognormal spread of scene size levels within a clip.
    frame_sigma : float
        Lognormal frame-to-frame noise.
    clips : dict
        Clip name -> (complexity, scene cuts).
    """

    frame_rate: float = 30.0
    clip_s: float = 19.0
    mean_rate_bps: float = 63e6
    target_rate_bps: float = 40e6
    gop: int = 15
    i_to_p: float = 2.5
    scene_sigma: float = 0.2
    frame_sigma: float = 0.1
    clips: dict = field(default_factory=lambda: dict(CLIPS))

    def __post_init__(self):
        for name in ("frame_rate", "clip_s", "mean_rate_bps", "target_rate_bps", "i_to_p"):
            _validate.positive(getattr(self, name), name)
        for name in ("scene_sigma", "frame_sigma"):
            _validate.non_negative(getattr(self, name), name)
        _validate.whole(self.gop, "gop", minimum=1)
        if not isinstance(self.clips, dict) or not self.clips:
            raise ValueError(f"clips must map at least one clip name to (complexity, cuts), got {self.clips!r:.80}")
        for name, entry in self.clips.items():
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise ValueError(f"clips[{name!r}] must be (complexity, cuts), got {entry!r:.80}")
            _validate.positive(entry[0], f"clips[{name!r}] complexity")
            _validate.whole(entry[1], f"clips[{name!r}] cuts")
        _validate.size(len(self.clips) * self.frame_rate * self.clip_s, "frame_rate * clip_s * clips (frames of a stream)")
        room = self.frames_per_clip - 2 * self.gop
        if room < max(cuts for _, cuts in self.clips.values()):
            raise ValueError(f"clip_s * frame_rate ({self.frames_per_clip} frames) must leave room for every clip's "
                             f"scene cuts at least one gop ({self.gop} frames) from either end")

    @property
    def frames_per_clip(self) -> int:
        return int(round(self.frame_rate * self.clip_s))

    @property
    def duration_s(self) -> float:
        """Length of a stream: all clips back to back [s] (152 s)."""
        return len(self.clips) * self.frames_per_clip / self.frame_rate


def wire_bytes(payload) -> np.ndarray:
    """Bytes on the wire for frames of ``payload`` bytes (RTP/UDP/IPv4+TFD packets).

    Parameters
    ----------
    payload : array_like
        Frame sizes [bytes], >= 0.

    Returns
    -------
    numpy.ndarray
        Payload plus 52 header bytes per packet of at most 1316 payload bytes.
    """
    p = _validate.finite_array(payload, "payload", non_negative=True, allow_empty=True)
    return p + np.ceil(p / TS_PAYLOAD) * HEADERS


def packetize(frame_bytes: int) -> np.ndarray:
    """Split one frame into RTP/UDP/IPv4 packet sizes.

    Parameters
    ----------
    frame_bytes : int
        Frame payload [bytes], >= 0.

    Returns
    -------
    numpy.ndarray of int
        Wire size of each packet [bytes]: full packets of 1316 + 52 bytes, then the remainder.

    Examples
    --------
    >>> packetize(3000).tolist()
    [1368, 1368, 420]
    """
    if (isinstance(frame_bytes, (bool, np.bool_)) or not isinstance(frame_bytes, (int, float, np.integer, np.floating))
            or not math.isfinite(frame_bytes) or int(frame_bytes) != frame_bytes or frame_bytes < 0):
        raise ValueError(f"frame_bytes must be a non-negative int, got {frame_bytes!r}")
    _validate.size(int(frame_bytes) // TS_PAYLOAD + 1, "frame_bytes // 1316 (packets)")
    full, rest = divmod(int(frame_bytes), TS_PAYLOAD)
    sizes = [TS_PAYLOAD + HEADERS] * full + ([rest + HEADERS] if rest else [])
    return np.array(sizes, dtype=np.int64)


def _raw_clip(model: VideoModel, name: str, root: int | None = None) -> np.ndarray:
    complexity, cuts = model.clips[name]
    g = rng(PAPER, "clip", name, root=root)
    n = model.frames_per_clip
    starts = np.sort(g.choice(np.arange(model.gop, n - model.gop), size=cuts, replace=False)) if cuts else np.array([], int)
    bounds = np.concatenate([[0], starts, [n]])
    level = np.empty(n)
    intra = np.zeros(n, dtype=bool)
    for a, b in zip(bounds[:-1], bounds[1:]):
        level[a:b] = complexity * np.exp(model.scene_sigma * g.standard_normal() - model.scene_sigma**2 / 2)
        intra[a:b:model.gop] = True
    noise = np.exp(model.frame_sigma * g.standard_normal(n) - model.frame_sigma**2 / 2)
    return level * np.where(intra, model.i_to_p, 1.0) * noise


def clip_library(model: VideoModel | None = None, *, root: int | None = None) -> list[np.ndarray]:
    """The eight clips' frame payload sizes [bytes], scaled to the model's mean wire rate.

    Parameters
    ----------
    model : VideoModel, optional
        The video's frame rate, clip lengths and rates (default ``VideoModel()``).
    root : int, optional
        Root seed of the clips' random draws (default: the process's, :data:`mmperf.seeds.ROOT_SEED`).

    Returns
    -------
    list of numpy.ndarray
        One array of ``frames_per_clip`` payload sizes per clip, in :data:`CLIPS` order.
    """
    model = VideoModel() if model is None else _validate.instance(model, "model", VideoModel)
    raw = [_raw_clip(model, name, root) for name in model.clips]
    allf = np.concatenate(raw)
    target_wire_per_frame = model.mean_rate_bps / 8 / model.frame_rate
    scale = target_wire_per_frame / allf.mean()
    for _ in range(20):  # headers make wire size non-linear in payload: fixed-point on the scale
        scale *= target_wire_per_frame / wire_bytes(allf * scale).mean()
    return [np.round(c * scale) for c in raw]


def stream_frames(model: VideoModel, *, replication: int, stream: int, clips=None, root: int | None = None) -> np.ndarray:
    """Frame payload sizes of one stream: the clips in random order, each from a random start.

    Parameters
    ----------
    model : VideoModel
        The video's frame rate, clip lengths and rates.
    replication, stream : int
        Which replication and which of the N streams (seeds the order and starts).
    clips : list of numpy.ndarray, optional
        :func:`clip_library` output (computed if not given).
    root : int, optional
        Root seed of the order and starts (default: the process's).

    Returns
    -------
    numpy.ndarray
        ``len(clips) * frames_per_clip`` payload sizes [bytes].
    """
    _validate.instance(model, "model", VideoModel)
    _validate.whole(replication, "replication")
    _validate.whole(stream, "stream")
    if clips is None:
        clips = clip_library(model, root=root)
    elif isinstance(clips, (str, bytes)) or not hasattr(clips, "__len__") or len(clips) == 0:
        raise TypeError(f"clips must be a non-empty list of frame-size arrays (clip_library), got {clips!r:.80}")
    else:
        clips = [_validate.finite_array(c, f"clips[{i}]", ndim=1, non_negative=True) for i, c in enumerate(clips)]
    g = rng(PAPER, "stream", replication, stream, root=root)
    order = g.permutation(len(clips))
    starts = g.integers(0, model.frames_per_clip, size=len(clips))
    return np.concatenate([np.roll(clips[c], -int(s)) for c, s in zip(order, starts)])


def slot_arrivals(frames: np.ndarray, *, frame_rate: float, slot_s: float, duration_s: float,
                  send_rate_bps: float | None = None, phase_s=0.0) -> np.ndarray:
    """Wire bytes sent in each time slot.

    Each frame starts at its frame time and is sent at a constant rate: evenly
    over its frame interval (paced, the default) or at ``send_rate_bps`` (a
    burst at the sender's line rate), whichever is slower.

    Parameters
    ----------
    frames : numpy.ndarray
        Frame payload sizes [bytes], shape ``(F,)`` or ``(N, F)``.
    frame_rate : float
        Frames per second.
    slot_s : float
        Slot length [s].
    duration_s : float
        Simulated time [s]; the stream repeats if longer than its frames.
    send_rate_bps : float, optional
        Sending rate within a frame [bit/s]; None paces each frame over its interval.
    phase_s : float or array_like
        Start time of each stream's first frame [s], in ``[0, 1 / frame_rate)``, shape ``()`` or ``(N,)``:
        independent streams are not frame-synchronous.

    Returns
    -------
    numpy.ndarray
        Bytes per slot, shape ``(T,)`` or ``(N, T)`` with ``T = round(duration_s / slot_s)``.
    """
    for name, v in (("slot_s", slot_s), ("duration_s", duration_s), ("frame_rate", frame_rate)):
        _validate.positive(v, name)
    f = np.atleast_2d(_validate.finite_array(frames, "frames", non_negative=True))
    if f.ndim != 2 or f.shape[1] == 0:
        raise ValueError(f"frames must be one stream's frame sizes (1-D) or one row per stream, got shape {np.shape(frames)}")
    wire = wire_bytes(f)
    if duration_s / slot_s < 0.5:
        raise ValueError(f"slot_s must be at most 2 * duration_s (at least one slot), got slot_s={slot_s!r}, "
                         f"duration_s={duration_s!r}")
    _validate.size(f.shape[0] * (duration_s / slot_s + 1), "streams * slots (duration_s / slot_s)")
    _validate.size(f.shape[0] * (f.shape[1] + duration_s * frame_rate + 1), "streams * frames (duration_s * frame_rate)")
    n_slots = int(round(duration_s / slot_s))
    phase = np.broadcast_to(_validate.finite_array(phase_s, "phase_s"), (f.shape[0],))
    if np.any(phase < 0) or np.any(phase * frame_rate >= 1):
        raise ValueError("phase_s must lie in [0, 1/frame_rate)")
    # slot edges in frame units, per stream; a stream is silent before its first frame
    t = np.maximum(np.arange(n_slots + 1)[None, :] * slot_s - phase[:, None], 0.0) * frame_rate
    reps = int(np.ceil(t.max() / f.shape[1])) + 1
    wire = np.tile(wire, reps)
    cum = np.concatenate([np.zeros((f.shape[0], 1)), np.cumsum(wire, axis=1)], axis=1)
    idx = np.floor(t).astype(int)
    frac = t - idx
    if send_rate_bps is not None:
        _validate.positive(send_rate_bps, "send_rate_bps")
        span = np.minimum(wire * 8 / send_rate_bps * frame_rate, 1.0)  # frame send time in frame units
        frac = np.minimum(frac / np.take_along_axis(span, np.minimum(idx, wire.shape[1] - 1), axis=1), 1.0)
    c = np.take_along_axis(cum, idx, axis=1) + frac * np.take_along_axis(wire, np.minimum(idx, wire.shape[1] - 1), axis=1)
    out = np.diff(c, axis=1)
    return out[0] if np.ndim(frames) == 1 else out


def tfd_announcements(arrivals: np.ndarray, *, slots_per_window: int, slot_s: float) -> pd.DataFrame:
    """What the sender writes into its TFD options: the bytes of each next window.

    The sender knows its next ``slots_per_window`` slots of data (the sending
    buffer's or encoder's knowledge, Sec. III.C) and announces, at the start of
    each window, Next Data = the bytes it will send in it and Next Time = the
    window length in ms.

    Parameters
    ----------
    arrivals : numpy.ndarray
        Wire bytes per slot of one stream, shape ``(T,)``.
    slots_per_window : int
        Window length in slots (300 ms / slot).
    slot_s : float
        Slot length [s].

    Returns
    -------
    pandas.DataFrame
        Columns ``window``, ``start_s``, ``next_data`` [bytes, int], ``next_time_ms`` [ms],
        ``rate_bps`` [bit/s].
    """
    a = _validate.finite_array(arrivals, "arrivals", non_negative=True)
    if a.ndim != 1:
        raise ValueError(f"arrivals must be one stream, shape (T,), got {a.shape}")
    slots_per_window = _validate.whole(slots_per_window, "slots_per_window", minimum=1)
    slot_s = _validate.positive(slot_s, "slot_s")
    _validate.size(a.size + slots_per_window, "slots_per_window (the padded windows)")
    n_win = int(np.ceil(a.size / slots_per_window))
    padded = np.zeros(n_win * slots_per_window)
    padded[: a.size] = a
    nd = np.ceil(padded.reshape(n_win, slots_per_window).sum(axis=1)).astype(np.int64)
    # the last window may be cut short by the end of the stream: announce its true length
    slots = np.full(n_win, slots_per_window)
    slots[-1] = a.size - (n_win - 1) * slots_per_window
    nt_ms = np.round(slots * slot_s * 1000).astype(np.int64)
    return pd.DataFrame({
        "window": np.arange(n_win),
        "start_s": np.arange(n_win) * slots_per_window * slot_s,
        "next_data": nd,
        "next_time_ms": nt_ms,
        "rate_bps": nd * 8 / (slots * slot_s),
    })


def packet_schedule(frames: np.ndarray, *, frame_rate: float, duration_s: float, phase_s: float = 0.0,
                    line_rate_bps: float | None = None):
    """Send times and wire sizes of one stream's packets, each frame paced over its interval (or sent as a burst).

    Frame ``f`` starts at ``phase_s + f / frame_rate`` and is split as :func:`packetize` splits it;
    its packets leave at the times its bytes would leave at a constant rate over the frame
    interval (packet ``i`` when the bytes before it have gone), the packet-level form of
    :func:`slot_arrivals`' pacing. With ``line_rate_bps`` the frame is written back to back instead,
    as an application that hands each frame to the socket at once (VLC) and a NIC of that rate send it:
    packet ``i`` leaves when the bytes before it have gone at the line rate. The frames repeat if the
    run is longer than they are.

    Parameters
    ----------
    frames : numpy.ndarray
        Frame payload sizes [bytes], shape ``(F,)``.
    frame_rate : float
        Frames per second.
    duration_s : float
        Packets sent at or after this time [s] are left out.
    phase_s : float, default 0
        Start of the first frame [s], in ``[0, 1 / frame_rate)``.
    line_rate_bps : float, optional
        The sender's line rate [bit/s], > 0: each frame's packets leave back to back at it (a frame
        must fit in its interval at that rate). None: paced over the frame interval.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Send times [s] (non-decreasing) and wire sizes [bytes] of the packets.

    Examples
    --------
    >>> t, b = packet_schedule(np.array([3000.0, 1316.0]), frame_rate=10.0, duration_s=0.25)
    >>> b.tolist()
    [1368, 1368, 420, 1368, 1368, 1368]
    >>> t[:4].round(4).tolist()
    [0.0, 0.0433, 0.0867, 0.1]
    >>> t, b = packet_schedule(np.array([3000.0, 1316.0]), frame_rate=10.0, duration_s=0.25, line_rate_bps=1e9)
    >>> (t[:4] * 1e6).round(3).tolist()
    [0.0, 10.944, 21.888, 100000.0]
    """
    f = _validate.finite_array(frames, "frames", ndim=1, non_negative=True)
    frame_rate = _validate.positive(frame_rate, "frame_rate")
    duration_s = _validate.positive(duration_s, "duration_s")
    phase_s = _validate.non_negative(phase_s, "phase_s")
    if phase_s * frame_rate >= 1:
        raise ValueError(f"phase_s must lie in [0, 1/frame_rate), got {phase_s!r}")
    if np.any(f != np.round(f)):
        raise ValueError("frames must be whole numbers of bytes")
    if line_rate_bps is not None:
        line_rate_bps = _validate.positive(line_rate_bps, "line_rate_bps")
    n_frames = max(int(np.ceil((duration_s - phase_s) * frame_rate)), 0)
    _validate.size(n_frames, "duration_s * frame_rate (frames)")
    f = np.resize(f, n_frames).astype(np.int64) if f.size else f.astype(np.int64)
    full, rest = np.divmod(f, TS_PAYLOAD)
    count = full + (rest > 0)
    _validate.size(int(count.sum()), "packets in duration_s")
    frame_of = np.repeat(np.arange(f.size), count)
    first = np.concatenate([[0], np.cumsum(count)[:-1]]) if f.size else np.zeros(0, np.int64)
    i = np.arange(frame_of.size) - first[frame_of]  # index within the frame
    size = np.where(i < full[frame_of], TS_PAYLOAD + HEADERS, rest[frame_of] + HEADERS).astype(np.int64)
    wire = wire_bytes(f)
    before = i * (TS_PAYLOAD + HEADERS)  # only full packets precede another packet of the frame
    if line_rate_bps is None:
        t = phase_s + (frame_of + before / wire[frame_of]) / frame_rate
    else:
        if wire.size and wire.max() * 8 / line_rate_bps > 1 / frame_rate:
            raise ValueError(f"line_rate_bps must send the largest frame within one frame interval: at least "
                             f"{wire.max() * 8 * frame_rate:g} b/s, got {line_rate_bps:g}")
        t = phase_s + frame_of / frame_rate + before * 8 / line_rate_bps
    keep = t < duration_s
    return t[keep], size[keep]
