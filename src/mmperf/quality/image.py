"""Image quality: PSNR and SSIM (from :mod:`skimage.metrics`) and per-bit-plane compressibility.

Examples
--------
>>> import numpy as np
>>> from mmperf.quality import image
>>> a = np.full((64, 64), 100, dtype=np.uint8)
>>> b = a.copy(); b[0, 0] = 110
>>> round(image.psnr(a, b), 2)
64.25
>>> image.plane_compressibility(a)["ratio"].round(0).tolist()[:2]
[37.0, 37.0]
"""

from __future__ import annotations

import zlib

import numpy as np
import pandas as pd
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

from mmperf import _validate
from mmperf.coding import bitplane

__all__ = ["DATA_RANGE", "psnr", "ssim", "plane_compressibility"]

DATA_RANGE = 255
"""Dynamic range of 8-bit images."""


def _pair(reference, test) -> tuple[np.ndarray, np.ndarray]:
    ref, tst = np.asarray(reference), np.asarray(test)
    for name, a in (("reference", ref), ("test", tst)):
        if a.dtype != np.uint8 or a.ndim != 2 or a.size == 0:
            raise ValueError(f"{name} must be a non-empty 2-D uint8 image, got {a.dtype} with shape {a.shape}")
    if ref.shape != tst.shape:
        raise ValueError(f"reference and test must have the same shape, got {ref.shape} and {tst.shape}")
    return ref, tst


def psnr(reference, test, *, cap: float = 99.0) -> float:
    """Peak signal-to-noise ratio [dB] of an 8-bit image against its reference.

    Parameters
    ----------
    reference, test : numpy.ndarray
        2-D uint8 images of the same shape.
    cap : float, default 99
        Value returned for identical images (PSNR is infinite there), so that
        tables and charts stay finite.

    Returns
    -------
    float
        PSNR [dB], at most ``cap`` (``cap`` itself for identical images).

    Raises
    ------
    ValueError
        If the images are not 2-D uint8 of the same shape.
    """
    cap = _validate.positive(cap, "cap")
    ref, tst = _pair(reference, test)
    if np.array_equal(ref, tst):
        return float(cap)
    return float(min(cap, peak_signal_noise_ratio(ref, tst, data_range=DATA_RANGE)))


_WIN = 7
_PAD = (_WIN - 1) // 2


def ssim(reference, test) -> float:
    """Mean structural similarity (SSIM) of an 8-bit image against its reference.

    The value of :func:`skimage.metrics.structural_similarity` with its default
    7x7 window and ``data_range=255``. Packet loss damages horizontal stripes,
    and the SSIM map is 1 wherever a pixel's 7x7 window is undamaged, so the
    map is computed (by skimage) only on bands of rows around the damaged
    rows; the mean is then the same as skimage's over the whole image (to
    rounding, about 1e-12), several times faster.

    Parameters
    ----------
    reference : numpy.ndarray
        The undamaged image, 2-D uint8.
    test : numpy.ndarray
        The image to judge, 2-D uint8 of the same shape.

    Returns
    -------
    float
        The mean SSIM, at most 1 (1 for identical images).

    Raises
    ------
    ValueError
        If the images are not 2-D uint8 of the same shape.
    """
    ref, tst = _pair(reference, test)
    h, w = ref.shape
    rows = np.flatnonzero((ref != tst).any(axis=1))
    if rows.size == 0:
        return 1.0
    if h < 4 * _WIN or w < _WIN:
        return float(structural_similarity(ref, tst, data_range=DATA_RANGE))
    runs = np.split(rows, np.flatnonzero(np.diff(rows) > 2 * _PAD + 1) + 1)
    deficit = 0.0
    for run in runs:
        a, b = max(0, run[0] - _PAD), min(h, run[-1] + _PAD + 1)  # rows whose map may differ from 1
        lo, hi = max(0, a - _PAD), min(h, b + _PAD)  # band that gives those rows their full window
        if hi - lo < _WIN:
            lo, hi = max(0, min(lo, h - _WIN)), min(h, max(hi, _WIN))
        _, smap = structural_similarity(ref[lo:hi], tst[lo:hi], data_range=DATA_RANGE, full=True)
        r0, r1 = max(a, _PAD), min(b, h - _PAD)  # skimage averages the map without a 3-pixel border
        if r1 > r0:
            deficit += float((1.0 - smap[r0 - lo : r1 - lo, _PAD : w - _PAD]).sum())
    return float(1.0 - deficit / ((h - 2 * _PAD) * (w - 2 * _PAD)))


def plane_compressibility(image, *, level: int = 9) -> pd.DataFrame:
    """Deflate ratio of each bit plane of an 8-bit image.

    Each plane is packed eight pixels to a byte (as it is sent) and compressed
    with :func:`zlib.compress`. Tests the paper's remark (sec. 1.1, 2.2) that
    the most significant planes are the most compressible.

    Parameters
    ----------
    image : numpy.ndarray
        2-D uint8 image.
    level : int, default 9
        zlib compression level, 0-9.

    Returns
    -------
    pandas.DataFrame
        One row per plane: ``plane`` (0 = MSB), ``bit`` (7 = MSB),
        ``raw_bytes``, ``deflate_bytes`` and ``ratio`` (raw / deflated).

    Raises
    ------
    TypeError, ValueError
        If the image is not 2-D uint8, or ``level`` is not in 0-9.
    """
    if not isinstance(level, (int, np.integer)) or not 0 <= level <= 9:
        raise ValueError(f"level must be an int in 0-9, got {level!r}")
    planes = bitplane.to_planes(image)
    rows = []
    for p in range(bitplane.N_PLANES):
        raw = np.packbits(planes[p].ravel()).tobytes()
        comp = zlib.compress(raw, int(level))
        rows.append({"plane": p, "bit": bitplane.N_PLANES - 1 - p, "raw_bytes": len(raw),
                     "deflate_bytes": len(comp), "ratio": len(raw) / len(comp)})
    return pd.DataFrame(rows)
