"""A deterministic, satellite-like 8-bit image animation.

Taylor & Polyzos (1993) animated a sequence of 550x550 8-bit images made from
satellite data at UCSB; that sequence is not available. This module generates a
stand-in with the same size and depth and the statistics that matter for
bit-plane coding: smooth large-scale structure (coast, land, sea) that makes
the most significant planes compressible, drifting and slowly evolving cloud
fields, and a little sensor noise that makes the least significant planes
nearly random.

The scene is synthesised in the Fourier domain: a static terrain field with a
steep power-law spectrum, and a cloud field whose Fourier phases drift (wind)
and rotate slowly (evolution) from frame to frame. All randomness comes from
:func:`mmperf.seeds.rng`.

Examples
--------
>>> from mmperf.media import animation
>>> frames = animation.satellite_sequence(2, size=64)
>>> frames.shape, frames.dtype.name
((2, 64, 64), 'uint8')
"""

from __future__ import annotations

import numpy as np

from mmperf.seeds import rng as _rng

from mmperf import _validate as _v

__all__ = ["SIZE", "satellite_sequence"]

SIZE = 550
"""Frame width and height [pixels] (paper, sec. 2.2)."""


def _power_law_spectrum(size: int, beta: float, gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    fy = np.fft.fftfreq(size)[:, None]
    fx = np.fft.rfftfreq(size)[None, :]
    k = np.hypot(fx, fy)
    k[0, 0] = np.inf  # no mean component
    amp = k ** (-beta / 2)
    phase = gen.uniform(0, 2 * np.pi, amp.shape)
    return amp, phase


def _field(amp, phase, size) -> np.ndarray:
    f = np.fft.irfft2(amp * np.exp(1j * phase), s=(size, size))
    return (f - f.mean()) / f.std()


def satellite_sequence(n_frames: int, *, size: int = SIZE, drift: tuple[float, float] = (1.5, 0.8),
                       evolution: float = 0.08, noise: float = 2.0, key: str = "taylor1993") -> np.ndarray:
    """Generate a satellite-like animation.

    Parameters
    ----------
    n_frames : int
        Number of frames (the paper sent 100 or 200).
    size : int, default 550
        Width and height [pixels].
    drift : (float, float), default (1.5, 0.8)
        Cloud drift per frame [pixels] along (x, y).
    evolution : float, default 0.08
        Phase rotation per frame [rad] of the cloud field's largest scales
        (finer scales evolve faster, as the square root of wavenumber).
    noise : float, default 2.0
        Standard deviation of additive sensor noise [grey levels].
    key : str, default "taylor1993"
        Seed-stream name; the same key always gives the same sequence.

    Returns
    -------
    numpy.ndarray
        uint8 array of shape ``(n_frames, size, size)``.

    Raises
    ------
    ValueError
        If ``n_frames`` or ``size`` is not a positive int (``size`` at least 8), ``noise`` or
        ``evolution`` is negative, NaN or infinite, ``drift`` is not two finite numbers, or the
        sequence would not fit in memory.
    """
    for name, v, lo in (("n_frames", n_frames, 1), ("size", size, 8)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < lo:
            raise ValueError(f"{name} must be an int >= {lo}, got {v!r}")
    noise = _v.non_negative(noise, "noise")
    evolution = _v.non_negative(evolution, "evolution")
    drift = _v.finite_array(drift, "drift", ndim=1)
    if drift.shape != (2,):
        raise ValueError(f"drift must be two numbers (x, y) [pixels per frame], got shape {drift.shape}")
    _v.size(int(n_frames) * int(size) ** 2, "n_frames * size**2")
    gen = _rng(key, "satellite-sequence", "scene", int(size))
    amp_t, ph_t = _power_law_spectrum(size, 3.4, gen)
    terrain = _field(amp_t, ph_t, size)
    # land/sea: land is brighter and textured, sea dark and smooth
    land = 1 / (1 + np.exp(-6 * (terrain - 0.3)))
    base = 40 + 12 * terrain + land * (75 + 20 * terrain)
    amp_c, ph_c = _power_law_spectrum(size, 2.8, gen)
    fy = np.fft.fftfreq(size)[:, None]
    fx = np.fft.rfftfreq(size)[None, :]
    k = np.hypot(fx, fy)
    speed = evolution * np.sqrt(k / k[k > 0].min())
    out = np.empty((n_frames, size, size), dtype=np.uint8)
    dx, dy = float(drift[0]), float(drift[1])
    for t in range(n_frames):
        phase = ph_c + speed * t - 2 * np.pi * (fx * dx + fy * dy) * t
        cloud = _field(amp_c, phase, size)
        alpha = np.clip((cloud - 0.5) / 1.3, 0, 1) ** 0.8
        img = base * (1 - alpha) + (175 + 35 * cloud) * alpha
        if noise > 0:
            img = img + _rng(key, "satellite-sequence", "noise", int(size), t).normal(0, noise, img.shape)
        out[t] = np.clip(np.rint(img), 0, 255).astype(np.uint8)
    return out
