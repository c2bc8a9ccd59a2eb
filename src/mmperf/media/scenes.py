"""Generated test scenes with motion, standing in for the SVC test sequences.

Ortiz et al. (2013) stream the union of four standard sequences (*Parkrun*,
*Shields*, *Stockholm* and *Mobcalm*): 2116 frames at 25 frames/s. Those
sequences are not available here, so this module builds four scenes of
different complexity from images bundled with scikit-image, each animated by a
camera path (pan, zoom) and, for the last, a moving object:

========  =====================  ==============================================
scene     source image           motion (stands in for)
========  =====================  ==============================================
park      ``grass`` (texture)    fast pan over foliage, zooming out (Parkrun)
shields   ``brick`` + ``astronaut``  pan then zoom over a patterned wall (Shields)
city      ``rocket``             slow pan over a detailed skyline (Stockholm)
mobile    ``text`` + ``coins``   slow pan of a calendar with a ball (Mobcalm)
========  =====================  ==============================================

Frames are luminance (Y) only and small (160 x 120 by default): the book needs
each frame's *coded size* (scaled up to the paper's bit rates by the coder's
calibration, :mod:`mmperf.coding.svc`) and its PSNR-Y, and both are computed on
this reduced resolution.

Examples
--------
>>> from mmperf.media.scenes import four_scenes
>>> seq = four_scenes(frames_per_scene=(5, 5, 5, 5))
>>> seq.frames().shape
(20, 120, 160)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd
from PIL import Image
from skimage import color, data

from mmperf import _validate

__all__ = ["SCENES", "PAPER_FRAMES", "SceneSequence", "four_scenes"]

SCENES = ("park", "shields", "city", "mobile")
"""Scene names, in playing order."""

PAPER_FRAMES = (529, 529, 529, 529)
"""Frames per scene; they add up to the paper's 2116 frames."""


@lru_cache(maxsize=None)
def _source(name: str) -> np.ndarray:
    img = getattr(data, name)()
    if img.ndim == 3:
        img = color.rgb2gray(img[..., :3]) * 255.0
    return np.asarray(img, dtype=np.float64)


def _tile(img: np.ndarray, reps: tuple[int, int]) -> np.ndarray:
    """Mirror-tile an image so pans can run long without seams."""
    row = np.concatenate([img, img[:, ::-1]] * reps[1], axis=1)
    return np.concatenate([row, row[::-1]] * reps[0], axis=0)


@lru_cache(maxsize=None)
def _canvas(scene: str) -> np.ndarray:
    if scene == "park":
        g = _source("grass")
        return _tile(g, (1, 3))
    if scene == "shields":
        b = _source("brick")
        a = _source("astronaut")
        canvas = _tile(b, (1, 2))
        h, w = a.shape
        canvas[: h // 2, 300 : 300 + w // 2] = a[::2, ::2]
        return canvas
    if scene == "city":
        return _source("rocket")
    if scene == "mobile":
        t = _source("text")
        return _tile(t, (2, 2))
    raise ValueError(f"scene must be one of {SCENES}, got {scene!r}")


def _warp(canvas: np.ndarray, x0: float, y0: float, scale: float, shape: tuple[int, int]) -> np.ndarray:
    """Sample ``canvas`` on a ``shape`` grid: output (r, c) <- canvas(y0 + r*scale, x0 + c*scale), bilinear."""
    h, w = shape
    img = _pil_canvas(id(canvas), canvas)
    out = img.transform((w, h), Image.Transform.AFFINE, (scale, 0.0, x0, 0.0, scale, y0),
                        resample=Image.Resampling.BILINEAR)
    return np.asarray(out, dtype=np.float64)


_PIL_CACHE: dict = {}


def _pil_canvas(key, canvas):
    if key not in _PIL_CACHE:
        _PIL_CACHE[key] = Image.fromarray(np.ascontiguousarray(canvas, dtype=np.float32))
    return _PIL_CACHE[key]


def _frame(scene: str, k: int, n: int, shape: tuple[int, int]) -> np.ndarray:
    canvas = _canvas(scene)
    h, w = shape
    u = k / max(n - 1, 1)
    if scene == "park":  # fast pan over foliage while the camera zooms out: detail (and rate) rises
        img = _warp(canvas, 4.0 * k % (canvas.shape[1] - 2 * w), 40 + 30 * u, 0.45 + 1.05 * u, shape)
    elif scene == "shields":  # pan for two thirds, then zoom in
        if u < 2 / 3:
            img = _warp(canvas, 20 + 1.5 * k, 60, 1.8, shape)
        else:
            z = (u - 2 / 3) * 3
            img = _warp(canvas, 20 + 1.5 * (2 * n / 3) + 60 * z, 60 + 40 * z, 1.8 - 1.0 * z, shape)
    elif scene == "city":  # slow pan over a detailed image
        img = _warp(canvas, 10 + 0.4 * k, 150, 1.25, shape)
    else:  # mobile: calendar pans slowly, a ball circles over it
        img = _warp(canvas, 5 + 0.3 * k, 10 + 0.1 * k, 0.9, shape)
        coins = _source("coins")
        ball = coins[10:70, 20:80]
        cy = int(h / 2 + 0.3 * h * np.sin(2 * np.pi * k / 90))
        cx = int(w / 2 + 0.35 * w * np.cos(2 * np.pi * k / 90))
        yy, xx = np.mgrid[:60, :60]
        disk = (yy - 30) ** 2 + (xx - 30) ** 2 < 26**2
        small = ball[::2, ::2][: disk[::2, ::2].shape[0]]
        m = disk[::2, ::2]
        y0, x0 = max(cy - 15, 0), max(cx - 15, 0)
        sub = img[y0 : y0 + 30, x0 : x0 + 30]
        mm = m[: sub.shape[0], : sub.shape[1]]
        sub[mm] = small[: sub.shape[0], : sub.shape[1]][mm]
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class SceneSequence:
    """The concatenated four-scene test sequence.

    Parameters
    ----------
    frames_per_scene : tuple of int
        Frames of each scene, in :data:`SCENES` order.
    height, width : int
        Frame size in pixels (multiples of 8).
    frame_rate : float
        Frames per second.
    """

    frames_per_scene: tuple[int, ...]
    height: int
    width: int
    frame_rate: float

    def __post_init__(self):
        if not isinstance(self.frames_per_scene, tuple) or len(self.frames_per_scene) != len(SCENES):
            raise ValueError(f"frames_per_scene must be {len(SCENES)} positive ints, got {self.frames_per_scene!r}")
        for n in self.frames_per_scene:
            _validate.whole(n, "frames_per_scene", minimum=1)
        for name in ("height", "width"):
            v = _validate.whole(getattr(self, name), name, minimum=8)
            if v % 8:
                raise ValueError(f"{name} must be a positive multiple of 8, got {v!r}")
        _validate.positive(self.frame_rate, "frame_rate")
        _validate.size(sum(self.frames_per_scene) * self.height * self.width, "frames_per_scene * height * width (pixels)")

    @property
    def n_frames(self) -> int:
        return int(sum(self.frames_per_scene))

    @property
    def duration(self) -> float:
        """Playing time in seconds (``n_frames / frame_rate``)."""
        return self.n_frames / self.frame_rate

    def scene_table(self) -> pd.DataFrame:
        """One row per scene: name, first frame, frames, start time [s]."""
        starts = np.concatenate([[0], np.cumsum(self.frames_per_scene)[:-1]])
        return pd.DataFrame({
            "scene": list(SCENES),
            "first_frame": starts.astype(int),
            "frames": list(self.frames_per_scene),
            "start_s": starts / self.frame_rate,
        })

    def frame(self, i: int) -> np.ndarray:
        """Frame ``i`` (0-based) as a ``(height, width)`` uint8 luminance array."""
        i = _validate.index(i, "i (the frame index)", self.n_frames)
        k = i
        for scene, n in zip(SCENES, self.frames_per_scene):
            if k < n:
                return _frame(scene, k, n, (self.height, self.width))
            k -= n
        raise AssertionError("unreachable")

    def frames(self) -> np.ndarray:
        """All frames as a ``(n_frames, height, width)`` uint8 array."""
        out = np.empty((self.n_frames, self.height, self.width), dtype=np.uint8)
        for i in range(self.n_frames):
            out[i] = self.frame(i)
        return out


def four_scenes(*, frames_per_scene=PAPER_FRAMES, height: int = 120, width: int = 160,
                  frame_rate: float = 25.0) -> SceneSequence:
    """Build the four-scene test sequence (frames are generated lazily).

    Parameters
    ----------
    frames_per_scene : sequence of 4 int, default (529, 529, 529, 529)
        Frames of each scene; the default adds up to the paper's 2116 frames.
    height, width : int, default 120, 160
        Frame size in pixels; multiples of 8 (the coder's block size).
    frame_rate : float, default 25
        Frames per second.

    Returns
    -------
    SceneSequence
        The sequence, whose frames are generated when first read.

    Raises
    ------
    ValueError
        If a size is not a positive multiple of 8, a scene length is not a
        positive int, or the frame rate is not positive.

    References
    ----------
    Ortiz et al. 2013, section "Evaluation scenarios" (2116 frames at 25 frames/s).
    """
    if isinstance(frames_per_scene, (str, bytes)) or not hasattr(frames_per_scene, "__len__"):
        raise TypeError(f"frames_per_scene must be {len(SCENES)} positive ints, got {frames_per_scene!r:.80}")
    fps = tuple(frames_per_scene)
    if len(fps) != len(SCENES) or not all(isinstance(n, (int, np.integer)) and n > 0 for n in fps):
        raise ValueError(f"frames_per_scene must be {len(SCENES)} positive ints, got {frames_per_scene!r}")
    for name, v in (("height", height), ("width", width)):
        if not (isinstance(v, (int, np.integer)) and v > 0 and v % 8 == 0):
            raise ValueError(f"{name} must be a positive multiple of 8, got {v!r}")
    _validate.positive(frame_rate, "frame_rate")
    return SceneSequence(tuple(int(n) for n in fps), int(height), int(width), float(frame_rate))
