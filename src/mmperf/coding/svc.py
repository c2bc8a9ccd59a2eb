"""Two-layer quality-scalable intra video coding (an SVC stand-in).

Ortiz et al. (2013) encode their test sequence with the JSVM reference
software: a base layer and one quality (SNR) enhancement layer, intra frames
only, so every frame decodes on its own, hinted into packets of at most 1460
bytes. This module is a small transform coder with the same structure:

* each 8x8 block of a frame is transformed by an orthonormal DCT;
* the **base layer** quantises the coefficients with a coarse step
  :math:`Q_b`: :math:`q_b = \\mathrm{round}(C/Q_b)`;
* the **enhancement layer** refines the base reconstruction by quantising the
  residual with a fine step :math:`Q_e`: :math:`q_e = \\mathrm{round}((C - Q_b q_b)/Q_e)`;
* the coded size of a block is an entropy proxy
  :math:`\\sum_{q \\ne 0} (2\\log_2(1+|q|) + 3) + 4` bits, scaled by one factor
  to the paper's picture size;
* each layer of a frame is cut, in raster order, into **slices** that fit a
  1460-byte packet (a block too large for one packet becomes a slice
  fragmented over several packets), so a lost packet loses one slice of one layer.

Three numbers are calibrated once, on every 16th frame: :math:`Q_e` so that the
full-quality PSNR-Y averages 34.46 dB, :math:`Q_b` so that the base layer holds
6.8/23.5 of the bits, and the bytes-per-bit scale so that base plus enhancement
averages 23.5 Mb/s (the paper's rates, read as "bandwidth up to each layer").
The peaks above 45 Mb/s are then a prediction of the content, not a fit.

Decoding with losses (:meth:`CodedVideo.decode`): a frame with every base slice
decodes; a block whose enhancement slice was lost falls back to its base
reconstruction; a frame with a lost base slice cannot be decoded and repeats
the last decoded frame (as the paper does). PSNR-Y uses the definition of
:func:`skimage.metrics.peak_signal_noise_ratio` (data range 255).

The compiled kernels are cached on disk (``cache=True``): they call nothing
compiled outside this file, so numba's own check of this file keeps the cache
current (a kernel that did would need :func:`mmperf._numba_cache.drop_stale_cache`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from numba import njit

from mmperf import _validate

__all__ = [
    "BLOCK", "PAPER_RATES_MBPS", "PAPER_PSNR_DB", "MTU_PAYLOAD", "SLICE_HEADER", "Calibration",
    "calibrate", "CodedVideo", "Decoded", "encode"
]

BLOCK = 8
PAPER_RATES_MBPS = (6.8, 23.5)
"""Average rate of the base layer and of base + enhancement [Mb/s] (paper, Evaluation scenarios)."""
PAPER_PSNR_DB = 34.46
"""Average PSNR-Y of the full-quality sequence [dB] (paper, Evaluation scenarios)."""
MTU_PAYLOAD = 1460
"""Largest packet payload [bytes] (paper: hinted with an MTU limit of 1460 bytes)."""
SLICE_HEADER = 6
"""Bytes of NAL unit and slice header in each packet."""
LOST_SLICE_RULES = ("freeze", "black", "freeze-any")
"""The decoder's rules for a lost slice (:meth:`CodedVideo.decode`'s ``base_loss``)."""


def _dct_matrix(n: int = BLOCK) -> np.ndarray:
    k = np.arange(n)[:, None]
    i = np.arange(n)[None, :]
    d = np.sqrt(2.0 / n) * np.cos(np.pi * (2 * i + 1) * k / (2 * n))
    d[0] /= np.sqrt(2.0)
    return d


_D = _dct_matrix()


@njit(cache=True)
def _dct_block(img, y0, x0, d, out):  # pragma: no cover - compiled
    """out = d @ (img[y0:y0+8, x0:x0+8] - 128) @ d.T"""
    tmp = np.empty((BLOCK, BLOCK))
    for i in range(BLOCK):
        for j in range(BLOCK):
            acc = 0.0
            for k in range(BLOCK):
                acc += (img[y0 + i, x0 + k] - 128.0) * d[j, k]
            tmp[i, j] = acc
    for i in range(BLOCK):
        for j in range(BLOCK):
            acc = 0.0
            for k in range(BLOCK):
                acc += d[i, k] * tmp[k, j]
            out[i, j] = acc


@njit(cache=True)
def _idct_block(c, d, out):  # pragma: no cover - compiled
    """out = round(clip(d.T @ c @ d + 128))"""
    tmp = np.empty((BLOCK, BLOCK))
    for i in range(BLOCK):
        for j in range(BLOCK):
            acc = 0.0
            for k in range(BLOCK):
                acc += c[i, k] * d[k, j]
            tmp[i, j] = acc
    for i in range(BLOCK):
        for j in range(BLOCK):
            acc = 128.0
            for k in range(BLOCK):
                acc += d[k, i] * tmp[k, j]
            v = np.rint(acc)
            out[i, j] = 0.0 if v < 0 else (255.0 if v > 255 else v)


@njit(cache=True)
def _level_bits(q):  # pragma: no cover - compiled
    a = abs(q)
    return 2.0 * np.log2(1.0 + a) + 3.0 if a > 0 else 0.0


@njit(cache=True)
def _dct_all(frames, d):  # pragma: no cover - compiled
    n, h, w = frames.shape
    nbx = w // BLOCK
    nb = (h // BLOCK) * nbx
    out = np.empty((n, nb, BLOCK, BLOCK))
    for t in range(n):
        for b in range(nb):
            _dct_block(frames[t], (b // nbx) * BLOCK, (b % nbx) * BLOCK, d, out[t, b])
    return out


@njit(cache=True)
def _stats(coefs, qb, qe):  # pragma: no cover - compiled
    """Coefficient-domain statistics for calibration: bits of each layer, SE of the full layer per frame."""
    n, nb = coefs.shape[0], coefs.shape[1]
    bits_b = 0.0
    bits_e = 0.0
    se = np.zeros(n)
    for t in range(n):
        for b in range(nb):
            bits_b += 4.0
            bits_e += 4.0
            for i in range(BLOCK):
                for j in range(BLOCK):
                    c = coefs[t, b, i, j]
                    q1 = np.rint(c / qb)
                    r = c - q1 * qb
                    q2 = np.rint(r / qe)
                    bits_b += _level_bits(q1)
                    bits_e += _level_bits(q2)
                    e = r - q2 * qe
                    se[t] += e * e
    return bits_b, bits_e, se


@njit(cache=True)
def _encode_all(frames, d, qb, qe):  # pragma: no cover - compiled
    """Code every block: bits per layer, squared error of base and full, reconstructions."""
    n, h, w = frames.shape
    nbx = w // BLOCK
    nb = (h // BLOCK) * nbx
    bits = np.zeros((2, n, nb))
    se_b = np.zeros((n, nb))
    se_f = np.zeros((n, nb))
    base = np.empty((n, h, w), np.uint8)
    full = np.empty((n, h, w), np.uint8)
    c = np.empty((BLOCK, BLOCK))
    cb = np.empty((BLOCK, BLOCK))
    cf = np.empty((BLOCK, BLOCK))
    rb = np.empty((BLOCK, BLOCK))
    rf = np.empty((BLOCK, BLOCK))
    for t in range(n):
        for b in range(nb):
            y0 = (b // nbx) * BLOCK
            x0 = (b % nbx) * BLOCK
            _dct_block(frames[t], y0, x0, d, c)
            bb = 4.0
            be = 4.0
            for i in range(BLOCK):
                for j in range(BLOCK):
                    q1 = np.rint(c[i, j] / qb)
                    cb[i, j] = q1 * qb
                    q2 = np.rint((c[i, j] - cb[i, j]) / qe)
                    cf[i, j] = cb[i, j] + q2 * qe
                    bb += _level_bits(q1)
                    be += _level_bits(q2)
            bits[0, t, b] = bb
            bits[1, t, b] = be
            _idct_block(cb, d, rb)
            _idct_block(cf, d, rf)
            s1 = 0.0
            s2 = 0.0
            for i in range(BLOCK):
                for j in range(BLOCK):
                    o = float(frames[t, y0 + i, x0 + j])
                    s1 += (rb[i, j] - o) ** 2
                    s2 += (rf[i, j] - o) ** 2
                    base[t, y0 + i, x0 + j] = np.uint8(rb[i, j])
                    full[t, y0 + i, x0 + j] = np.uint8(rf[i, j])
            se_b[t, b] = s1
            se_f[t, b] = s2
    return bits, se_b, se_f, base, full


def _psnr_from_se(se: np.ndarray, npix: int) -> np.ndarray:
    mse = np.maximum(se / npix, 1e-12)
    return 10.0 * np.log10(255.0**2 / mse)


def _bisect(f, lo, hi, target, *, increasing, iters=22):
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


@dataclass(frozen=True)
class Calibration:
    """The three numbers calibrated once (see module docstring).

    Made by :func:`calibrate`.

    Parameters
    ----------
    q_base, q_enh : float
        Quantiser steps of the base and enhancement layers.
    bytes_per_bit : float
        Scale from the entropy proxy (bits at the reduced resolution) to coded
        bytes at the paper's picture size.
    """

    q_base: float
    q_enh: float
    bytes_per_bit: float

    def __post_init__(self):
        for name in ("q_base", "q_enh", "bytes_per_bit"):
            _validate.positive(getattr(self, name), name)


def calibrate(frames: np.ndarray, *, frame_rate: float = 25.0, target_psnr: float = PAPER_PSNR_DB,
              target_rates_mbps: tuple[float, float] = PAPER_RATES_MBPS, step: int = 16) -> Calibration:
    """Calibrate quantisers and the size scale on every ``step``-th frame.

    Parameters
    ----------
    frames : ndarray of uint8, shape (n, h, w)
        The test sequence (h and w multiples of 8).
    frame_rate : float, default 25
        Frames per second.
    target_psnr : float, default 34.46
        Mean PSNR-Y of the full-quality reconstruction [dB].
    target_rates_mbps : (float, float), default (6.8, 23.5)
        Mean rate of the base layer and of base + enhancement [Mb/s].
    step : int, default 16
        Use frames ``0, step, 2*step, ...``.

    Returns
    -------
    Calibration
        The base and enhancement quantiser steps and the bytes-per-bit scale.

    Raises
    ------
    ValueError
        If the frames or targets are malformed.

    References
    ----------
    Ortiz et al. 2013, "Evaluation scenarios": 6.8 and 23.5 Mb/s, 34.46 dB.
    """
    frames = _check_frames(frames)
    _validate.positive(frame_rate, "frame_rate")
    _validate.positive(target_psnr, "target_psnr")
    rates = target_rates_mbps
    if isinstance(rates, (str, bytes)) or not hasattr(rates, "__len__") or len(rates) != 2:
        raise TypeError(f"target_rates_mbps must be two rates (base, total) [Mb/s], got {rates!r:.80}")
    base_rate, total_rate = (_validate.positive(v, "target_rates_mbps") for v in target_rates_mbps)
    if not 0 < base_rate < total_rate:
        raise ValueError(f"target_rates_mbps must be (base, total) with 0 < base < total, got {target_rates_mbps!r}")
    if not (isinstance(step, (int, np.integer)) and step >= 1):
        raise ValueError(f"step must be a positive int, got {step!r}")
    sub = np.ascontiguousarray(frames[::step])
    coefs = _dct_all(sub, _D)
    npix = sub.shape[1] * sub.shape[2]

    def psnr(qb, qe):  # coefficient-domain error (orthonormal DCT)
        return float(_psnr_from_se(_stats(coefs, qb, qe)[2], npix).mean())

    def share(qb, qe):
        bb, be, _ = _stats(coefs, qb, qe)
        return bb / (bb + be)

    qb = 1e9
    for _ in range(2):  # the two quantisers interact weakly: two rounds suffice
        qe = _bisect(lambda q: psnr(qb, q), 0.5, 200.0, target_psnr, increasing=False)
        qb = _bisect(lambda q: share(q, qe), qe, 400.0, base_rate / total_rate, increasing=False)
    # pixel-domain rounding and clipping shift the PSNR slightly: correct the step once
    _, _, se_f, _, _ = _encode_all(sub, _D, qb, qe)
    pix = _psnr_from_se(se_f.sum(axis=1), npix).mean()
    qe = _bisect(lambda q: psnr(qb, q), 0.5, 200.0, target_psnr + (target_psnr - pix), increasing=False)
    bb, be, _ = _stats(coefs, qb, qe)
    bytes_per_bit = total_rate * 1e6 / 8.0 / frame_rate / ((bb + be) / sub.shape[0])
    return Calibration(float(qb), float(qe), float(bytes_per_bit))


@njit(cache=True)
def _frozen_se(todo, shown, enh_ok, black, use_black, full, base, original):  # pragma: no cover - compiled
    """Squared error of each frame ``todo[i]`` against the picture it displays: the reconstruction of
    frame ``shown[todo[i]]`` (mid-grey if -1) with the enhancement where ``enh_ok`` and, if
    ``use_black``, black blocks where ``black`` -- what :meth:`CodedVideo._composite` draws.

    The pixels are whole numbers, so the sum is exact whatever its order.
    """
    n, h, w = original.shape
    nbw = w // BLOCK
    out = np.empty(todo.shape[0])
    for i in range(todo.shape[0]):
        t = todo[i]
        k = shown[t]
        acc = 0
        for y in range(h):
            row = (y // BLOCK) * nbw
            for x in range(w):
                if k < 0:
                    v = 128
                else:
                    b = row + x // BLOCK
                    if use_black and black[k, b]:
                        v = 0
                    elif enh_ok[k, b]:
                        v = np.int64(full[k, y, x])
                    else:
                        v = np.int64(base[k, y, x])
                d = v - np.int64(original[t, y, x])
                acc += d * d
        out[i] = acc
    return out


def _check_frames(frames) -> np.ndarray:
    frames = np.asarray(frames)
    if frames.ndim != 3 or frames.dtype != np.uint8:
        raise ValueError(f"frames must be a (n, h, w) uint8 array, got {frames.dtype} with shape {frames.shape}")
    if frames.shape[0] < 1:
        raise ValueError(f"frames must hold at least one frame, got shape {frames.shape}")
    if frames.shape[1] % BLOCK or frames.shape[2] % BLOCK:
        raise ValueError(f"frame height and width must be multiples of {BLOCK}, got {frames.shape[1:]}")
    return frames


@njit(cache=True)
def _slice_all(block_bytes, room, header):  # pragma: no cover - compiled
    """Cut every layer of every frame (bytes per block, raster order) into slices and packets.

    Packets come out in sending order: frame by frame, base slices then enhancement slices.
    A block larger than a packet becomes a slice fragmented over several packets.
    """
    n_layers, n, nb = block_bytes.shape
    cap = int(block_bytes.sum() // max(room // 2, 1)) + 4 * n * n_layers * nb // 1 + 16
    pf = np.empty(cap, np.int64)
    pl = np.empty(cap, np.int64)
    ps = np.empty(cap, np.int64)
    pb = np.empty(cap, np.int64)
    sf = np.empty(n * n_layers * nb, np.int64)
    sl = np.empty(n * n_layers * nb, np.int64)
    block_slice = np.empty((n_layers, n, nb), np.int64)
    npk = 0
    nsl = 0
    for t in range(n):
        for layer in range(n_layers):
            b = 0
            while b < nb:
                start = b
                acc = 0
                while b < nb and acc + block_bytes[layer, t, b] <= room:
                    acc += block_bytes[layer, t, b]
                    b += 1
                if b == start:
                    total = block_bytes[layer, t, b]
                    b += 1
                    while total > 0:
                        chunk = min(total, room)
                        pf[npk] = t
                        pl[npk] = layer
                        ps[npk] = nsl
                        pb[npk] = chunk + header
                        npk += 1
                        total -= chunk
                else:
                    pf[npk] = t
                    pl[npk] = layer
                    ps[npk] = nsl
                    pb[npk] = acc + header
                    npk += 1
                for k in range(start, b):
                    block_slice[layer, t, k] = nsl
                sf[nsl] = t
                sl[nsl] = layer
                nsl += 1
    return pf[:npk], pl[:npk], ps[:npk], pb[:npk], sf[:nsl], sl[:nsl], block_slice


@dataclass
class CodedVideo:
    """A coded two-layer sequence: packets, slices, reconstructions and errors.

    Made by :func:`encode`.

    Parameters
    ----------
    frame_rate : float
        Frames per second of the sequence.
    calibration : Calibration
        The quantiser steps and the size scale it was coded with.
    original, base, full : ndarray of uint8, shape (n, h, w)
        Source frames and the base-only and full-quality reconstructions.
    se_base, se_full : ndarray, shape (n, blocks)
        Squared error per block of the base and full reconstructions.
    block_bytes : ndarray, shape (2, n, blocks)
        Coded bytes per block of the base (0) and enhancement (1) layers.
    packets : pandas.DataFrame
        One row per packet in sending order: ``frame``, ``layer`` (0 base,
        1 enhancement), ``slice`` (global slice id), ``bytes`` (payload incl.
        slice header).
    block_slice : ndarray of int, shape (2, n, blocks)
        Global slice id that carries each block in each layer.
    slice_frame, slice_layer : ndarray of int, shape (slices,)
        The frame and the layer (0 base, 1 enhancement) of each global slice id.
    """

    frame_rate: float
    calibration: Calibration
    original: np.ndarray
    base: np.ndarray
    full: np.ndarray
    se_base: np.ndarray
    se_full: np.ndarray
    block_bytes: np.ndarray
    packets: pd.DataFrame
    block_slice: np.ndarray
    slice_frame: np.ndarray = field(repr=False)
    slice_layer: np.ndarray = field(repr=False)

    @property
    def n_frames(self) -> int:
        return self.original.shape[0]

    @property
    def n_packets(self) -> int:
        return len(self.packets)

    @property
    def npix(self) -> int:
        return self.original.shape[1] * self.original.shape[2]

    def psnr_full(self) -> np.ndarray:
        """PSNR-Y [dB] of each frame at full quality (no loss)."""
        return _psnr_from_se(self.se_full.sum(axis=1), self.npix)

    def psnr_base(self) -> np.ndarray:
        """PSNR-Y [dB] of each frame decoded from the base layer only."""
        return _psnr_from_se(self.se_base.sum(axis=1), self.npix)

    def rates(self, *, bin_s: float = 1.0) -> pd.DataFrame:
        """Coded bit rate per time bin: columns ``time_s``, ``layer``, ``rate_mbps``."""
        bin_s = _validate.positive(bin_s, "bin_s")
        fb = self.packets.groupby(["frame", "layer"])["bytes"].sum().unstack(fill_value=0)
        t = (fb.index.to_numpy() / self.frame_rate // bin_s).astype(int)
        rows = []
        for layer, name in ((0, "base"), (1, "enhancement")):
            s = pd.Series(fb[layer].to_numpy(), index=t).groupby(level=0).sum() * 8 / bin_s / 1e6
            rows.append(pd.DataFrame({"time_s": s.index * bin_s, "layer": name, "rate_mbps": s.to_numpy()}))
        return pd.concat(rows, ignore_index=True)

    def send_times(self) -> np.ndarray:
        """Time each packet is handed to the transport [s].

        The server paces a frame's packets evenly over its frame interval
        (base slices first, then enhancement, as in an SVC access unit).
        """
        frame = self.packets["frame"].to_numpy()
        counts = np.bincount(frame, minlength=self.n_frames)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        j = np.arange(len(frame)) - starts[frame]
        return (frame + j / counts[frame]) / self.frame_rate

    def decode(self, delivered, *, base_loss: str = "freeze") -> "Decoded":
        """Decode the sequence from the packets that reached the receiver.

        Parameters
        ----------
        delivered : array_like of bool, shape (n_packets,)
            Whether each packet (in :attr:`packets` order) was delivered.
        base_loss : {"freeze", "black", "freeze-any"}, default "freeze"
            What a lost slice does. ``"freeze"`` (the paper's procedure): a
            frame with a lost base slice cannot be decoded and the last decoded
            frame is shown; a lost enhancement slice falls back to the base.
            Two sensitivity cases: ``"black"``, the frame is decoded and the
            blocks of a lost base slice are black (the "black square artifacts"
            the paper reports; a frame with no base slice at all is frozen);
            ``"freeze-any"``, a fragile decoder that gives up on a frame when
            any of its slices, base or enhancement, is lost.

        Returns
        -------
        Decoded
            Per-frame PSNR-Y, status and the frame actually displayed.

        Raises
        ------
        ValueError
            If ``delivered`` has the wrong shape.
        """
        if not (isinstance(delivered, np.ndarray) and delivered.dtype == bool):
            raw = _validate.finite_array(delivered, "delivered", allow_empty=True)
            if not np.isin(raw, (0, 1)).all():
                raise ValueError(f"delivered must hold True/False (or 1/0), got {_validate.first_offender(raw, ~np.isin(raw, (0, 1)))}")
        delivered = np.asarray(delivered, dtype=bool)
        if delivered.shape != (self.n_packets,):
            raise ValueError(f"delivered must have shape ({self.n_packets},), got {delivered.shape}")
        if base_loss not in LOST_SLICE_RULES:
            raise ValueError(f"base_loss must be 'freeze', 'black' or 'freeze-any', got {base_loss!r}")
        pslice = self.packets["slice"].to_numpy()
        nsl = len(self.slice_frame)
        # counts of the few lost packets and slices (integer bincounts of the lost ones: no float weights)
        slice_ok = np.bincount(pslice[~delivered], minlength=nsl) == 0
        n = self.n_frames
        base_blk = slice_ok[self.block_slice[0]]  # (n, blocks)
        enh_ok = slice_ok[self.block_slice[1]] & base_blk
        se_blk = np.where(enh_ok, self.se_full, self.se_base)
        if base_loss == "black":
            base_ok = base_blk.any(axis=1)
            se_blk = np.where(base_blk, se_blk, self._se_black())
        elif base_loss == "freeze-any":
            base_ok = np.bincount(self.slice_frame[~slice_ok], minlength=n) == 0
        else:
            base_ok = np.bincount(self.slice_frame[~slice_ok & (self.slice_layer == 0)], minlength=n) == 0
        se = se_blk.sum(axis=1)
        # a frame that cannot be decoded repeats the last decoded frame
        idx = np.where(base_ok, np.arange(n), -1)
        shown = np.maximum.accumulate(idx)
        frozen = ~base_ok
        todo = np.flatnonzero(frozen)
        if todo.size:
            black = ~base_blk if base_loss == "black" else np.zeros((1, 1), np.bool_)
            se[todo] = _frozen_se(todo, shown, enh_ok, black, base_loss == "black", self.full, self.base,
                                  self.original)
        psnr = _psnr_from_se(se, self.npix)
        status = np.where(frozen, "frozen", np.where(enh_ok.all(axis=1), "full", "partial"))
        return Decoded(psnr=psnr, status=status, shown=shown, enh_ok=enh_ok, video=self,
                       black=(~base_blk) if base_loss == "black" else None)

    def _se_black(self) -> np.ndarray:
        """Squared error of each block shown black (all zeros)."""
        if getattr(self, "_se_black_cache", None) is None:
            h, w = self.original.shape[1:]
            n = len(self.original)
            se = np.empty((n, (h // BLOCK) * (w // BLOCK)))
            for lo in range(0, n, 256):  # 256 frames at a time: a float copy of the whole sequence is ~0.3 GB
                o = self.original[lo : lo + 256].astype(np.float64).reshape(-1, h // BLOCK, BLOCK, w // BLOCK, BLOCK)
                se[lo : lo + len(o)] = (o**2).sum(axis=(2, 4)).reshape(len(o), -1)
            self._se_black_cache = se
        return self._se_black_cache

    def _composite(self, k: np.ndarray, enh_ok: np.ndarray, black: np.ndarray | None = None) -> np.ndarray:
        """Reconstructions of frames ``k`` (-1: none decoded yet, mid-grey) with per-block enhancement
        (and, if given, per-block black concealment)."""
        h, w = self.original.shape[1:]
        kk = np.maximum(k, 0)

        def px(mask):
            m = mask[kk].reshape(len(k), h // BLOCK, 1, w // BLOCK, 1)
            return np.broadcast_to(m, (len(k), h // BLOCK, BLOCK, w // BLOCK, BLOCK)).reshape(len(k), h, w)

        img = np.where(px(enh_ok), self.full[kk], self.base[kk]).astype(np.float64)
        if black is not None:
            img[px(black)] = 0.0
        img[k < 0] = 128.0
        return img


@dataclass
class Decoded:
    """Result of :meth:`CodedVideo.decode`.

    Parameters
    ----------
    psnr : ndarray
        PSNR-Y of each displayed frame against the original [dB].
    status : ndarray of str
        ``full`` (every slice), ``partial`` (some blocks at base quality) or
        ``frozen`` (a base slice lost: the last decoded frame is repeated).
    shown : ndarray of int
        Index of the frame whose reconstruction is displayed (-1: none yet).
    enh_ok : ndarray of bool, shape (n, blocks)
        Whether each block is shown at full quality (its base and enhancement slices arrived).
    video : CodedVideo
        The coded sequence that was decoded.
    black : ndarray of bool, shape (n, blocks), optional
        Under the ``black`` rule, the blocks whose base slice was lost (shown black); None under
        the other rules.
    """

    psnr: np.ndarray
    status: np.ndarray
    shown: np.ndarray
    enh_ok: np.ndarray = field(repr=False)
    video: CodedVideo = field(repr=False)
    black: np.ndarray | None = field(default=None, repr=False)

    def image(self, t: int) -> np.ndarray:
        """The displayed picture at frame ``t`` as uint8."""
        t = _validate.index(t, "t (the frame index)", len(self.psnr))
        img = self.video._composite(np.array([self.shown[t]]), self.enh_ok, self.black)[0]
        return img.astype(np.uint8)

    def frame_table(self) -> pd.DataFrame:
        """Tidy per-frame table: ``frame``, ``time_s``, ``psnr_db``, ``status``."""
        n = len(self.psnr)
        return pd.DataFrame({"frame": np.arange(n), "time_s": np.arange(n) / self.video.frame_rate,
                             "psnr_db": self.psnr, "status": self.status})


def encode(frames, *, frame_rate: float = 25.0, calibration: Calibration | None = None,
           payload: int = MTU_PAYLOAD) -> CodedVideo:
    """Code a sequence into a base and a quality enhancement layer, sliced into packets.

    Parameters
    ----------
    frames : ndarray of uint8, shape (n, h, w)
        Luminance frames; h and w multiples of 8.
    frame_rate : float, default 25
        Frames per second.
    calibration : Calibration, optional
        Quantisers and size scale; by default :func:`calibrate` on ``frames``.
    payload : int, default 1460
        Largest packet payload in bytes, including the slice header.

    Returns
    -------
    CodedVideo
        The coded sequence: its packets in sending order, slices, reconstructions and errors.

    Raises
    ------
    ValueError
        If the frames are malformed or ``payload`` is too small.

    Examples
    --------
    >>> import numpy as np
    >>> from mmperf.coding.svc import encode, Calibration
    >>> f = np.random.default_rng(0).integers(0, 256, (2, 16, 16), dtype=np.uint8)
    >>> v = encode(f, calibration=Calibration(40.0, 4.0, 10.0))
    >>> bool(v.decode(np.ones(v.n_packets, bool)).psnr.min() > 30)
    True
    """
    frames = _check_frames(frames)
    _validate.positive(frame_rate, "frame_rate")
    if not (isinstance(payload, (int, np.integer)) and payload > SLICE_HEADER + 1):
        raise ValueError(f"payload must be an int larger than {SLICE_HEADER + 1} bytes, got {payload!r}")
    if calibration is None:
        calibration = calibrate(frames, frame_rate=frame_rate)
    if not isinstance(calibration, Calibration):
        raise TypeError(f"calibration must be a Calibration, got {type(calibration).__name__}")
    bits, se_base, se_full, base, full = _encode_all(np.ascontiguousarray(frames), _D,
                                                     calibration.q_base, calibration.q_enh)
    block_bytes = np.ceil(bits * calibration.bytes_per_bit).astype(np.int64)
    pf, pl, ps, pb, sf, sl, block_slice = _slice_all(block_bytes, payload - SLICE_HEADER, SLICE_HEADER)
    packets = pd.DataFrame({"frame": pf, "layer": pl, "slice": ps, "bytes": pb})
    return CodedVideo(
        frame_rate=float(frame_rate), calibration=calibration, original=frames,
        base=base, full=full,
        se_base=se_base, se_full=se_full, block_bytes=block_bytes, packets=packets,
        block_slice=block_slice, slice_frame=sf, slice_layer=sl,
    )
