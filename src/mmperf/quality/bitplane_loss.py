"""The quality of a bit-plane coded frame (:mod:`mmperf.coding.bitplane`) when some of its packets are lost.

A frame is cut into bit-plane packets, a loss mask removes some, and the frame is rebuilt with the
missing bits filled (:func:`degrade`); its PSNR and SSIM against the original
(:mod:`mmperf.quality.image`) measure the damage, per loss pattern of :mod:`mmperf.networks.loss`
and loss rate (:func:`quality_curves`), or for a send order that moves which packets a loss pattern
hits (:func:`reordered_loss`).

References
----------
Taylor & Polyzos (1993), sec. 2.1 (the bit-plane coding) and sec. 3.4 (loss, quality and the
remedies).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.coding import bitplane
from mmperf.networks import loss as lossmod
from mmperf.quality import image
from mmperf.seeds import check_seed, rng

__all__ = ["degrade", "loss_mask", "quality_curves", "reordered_loss"]


MAX_DRAWS = 1000
"""Most random draws per frame and rate :func:`quality_curves` accepts."""


def _frame(frame, name: str = "frame") -> np.ndarray:
    f = np.asarray(frame)
    if f.ndim != 2 or f.dtype != np.uint8 or f.size == 0:
        raise ValueError(f"{name} must be a non-empty 2-D uint8 image, got shape {f.shape} and dtype {f.dtype}")
    return f


def _streams(streams, seed) -> None:
    if not isinstance(streams, tuple) or any(isinstance(k, bool) or not isinstance(k, (str, int)) for k in streams):
        raise TypeError(f"streams must be a tuple of stream keys (str or int), got {streams!r}")
    if seed is not None:
        check_seed(seed, name="seed")


def degrade(frame, lost, *, fill: str = "half", packets=None) -> np.ndarray:
    """Send one frame through bit-plane coding with the given packets lost, and rebuild it.

    Parameters
    ----------
    frame : numpy.ndarray
        One 8-bit frame (2-D, uint8).
    lost : array_like of bool
        One flag per packet of the frame's layout (:func:`mmperf.coding.bitplane.layout`).
    fill : str, default "half"
        Missing-bit rule (:func:`mmperf.coding.bitplane.reassemble`).
    packets : numpy.ndarray, optional
        The frame's :func:`~mmperf.coding.bitplane.packetize` output, to save recomputing it.

    Returns
    -------
    numpy.ndarray
        The rebuilt frame (uint8, the frame's shape).

    Raises
    ------
    ValueError
        If ``frame`` is not a 2-D uint8 image, ``lost`` does not hold one flag per packet, or as
        :func:`mmperf.coding.bitplane.reassemble`.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.1: a lost packet removes its bits of one plane.

    Examples
    --------
    >>> import numpy as np
    >>> from mmperf.coding import bitplane
    >>> f = np.full((32, 32), 200, dtype=np.uint8)
    >>> n = bitplane.layout(f.shape).n_packets
    >>> bool((degrade(f, np.zeros(n, dtype=bool)) == f).all())
    True
    """
    frame = _frame(frame)
    lay = bitplane.layout(np.shape(frame))
    lost = _v.mask(lost, "lost", lay.n_packets)
    if packets is None:
        packets = bitplane.packetize(frame)
    return bitplane.reassemble(packets, lay, received=~lost, fill=fill)


def loss_mask(pattern: str, rate: float, *, layout: bitplane.Layout, start: int, frame_index: int = 0,
              draw: int = 0, streams: tuple = ("quality",), seed: int | None = None) -> np.ndarray:
    """One frame's loss mask under a named pattern of :mod:`mmperf.networks.loss` at a loss rate.

    Random loss loses exactly ``round(rate * n_packets)`` packets at random positions, drawn from
    stream ``rng(*streams, pattern, frame_index, draw, f"{rate:.6f}", root=seed)``; priority dropping
    drops the least significant planes of ``layout`` first; burst loss loses a run from ``start``.

    Parameters
    ----------
    pattern : str
        One of :data:`mmperf.networks.loss.PATTERNS`.
    rate : float
        Loss rate, a fraction in [0, 1].
    layout : mmperf.coding.bitplane.Layout
        The frame's packet layout.
    start : int
        First packet of a burst (e.g. the socket buffer's capacity).
    frame_index, draw : int, default 0
        The frame and the draw, keys of the random stream.
    streams : tuple, default ("quality",)
        The stream's leading keys (:func:`mmperf.seeds.rng`).
    seed : int, optional
        Root seed (default: the process's).

    Returns
    -------
    numpy.ndarray
        One bool per packet position.

    Raises
    ------
    ValueError
        If ``pattern`` is unknown or a value outside its range (:func:`mmperf.networks.loss.pattern`).

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: random, burst and priority loss.

    Examples
    --------
    >>> from mmperf.coding import bitplane
    >>> int(loss_mask("burst", 0.1, layout=bitplane.layout((550, 550)), start=40).sum())
    26
    """
    _v.instance(layout, "layout", bitplane.Layout)
    _v.one_of(pattern, "pattern", lossmod.PATTERNS)
    _streams(streams, seed)
    gen = rng(*streams, pattern, frame_index, draw, f"{_v.fraction(rate, 'rate'):.6f}", root=seed)
    return lossmod.pattern(pattern, 1, layout.n_packets, rate, rng=gen, priority=layout.plane, start=start)[0]


def quality_curves(frames, *, rates, patterns=lossmod.PATTERNS, draws: int = 3, fill: str = "half",
                   start: int, streams: tuple = ("quality",), seed: int | None = None) -> pd.DataFrame:
    """PSNR and SSIM of frames versus loss rate, for each loss pattern.

    Parameters
    ----------
    frames : numpy.ndarray
        One frame (2-D) or several (3-D), uint8.
    rates : sequence of float
        Loss rates (fractions).
    patterns : sequence of str
        Names from :data:`mmperf.networks.loss.PATTERNS`.
    draws : int, default 3
        Random draws per frame and rate for the random pattern (the others are deterministic).
    fill : str, default "half"
        Missing-bit rule (:func:`mmperf.coding.bitplane.reassemble`).
    start : int
        First packet of a burst.
    streams : tuple, default ("quality",)
        Leading keys of the random draws' streams (:func:`loss_mask`).
    seed : int, optional
        Root seed of the random pattern's draws (default: the process's).

    Returns
    -------
    pandas.DataFrame
        Columns ``pattern``, ``rate_pct``, ``frame``, ``draw``, ``lost_packets``, ``psnr_db``, ``ssim``.

    Raises
    ------
    ValueError
        If ``frames`` are not uint8 images, ``draws`` is not a whole number >= 1, or as :func:`loss_mask`.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the visual effect of each kind of loss.

    Examples
    --------
    >>> import numpy as np
    >>> f = np.tile(np.arange(64, dtype=np.uint8), (64, 1))
    >>> q = quality_curves(f, rates=[0.0, 0.5], patterns=["burst"], start=0)
    >>> float(q["ssim"].iloc[0]), bool(q["ssim"].iloc[1] < 1)
    (1.0, True)
    """
    frames = np.asarray(frames)
    if frames.ndim == 2:
        frames = frames[None]
    if frames.ndim != 3:
        raise ValueError(f"frames must be one 2-D frame or a 3-D stack, got shape {frames.shape}")
    if isinstance(rates, (str, bytes)) or not np.iterable(rates):
        raise TypeError(f"rates must be a sequence of loss rates in [0, 1], got {rates!r}")
    for r in rates:
        _v.fraction(r, "rates")
    if isinstance(patterns, (str, bytes)) or not np.iterable(patterns):
        raise TypeError(f"patterns must be a sequence of names of {lossmod.PATTERNS}, got {patterns!r}")
    for pat in patterns:
        _v.one_of(pat, "patterns", lossmod.PATTERNS)
    if _v.whole(draws, "draws", minimum=1) > MAX_DRAWS:
        raise ValueError(f"draws must be a whole number in 1..{MAX_DRAWS}, got {draws!r}")
    _streams(streams, seed)
    rows = []
    for fi, f in enumerate(frames):
        f = _frame(f, "frames")
        lay = bitplane.layout(f.shape)
        packets = bitplane.packetize(f)
        for pat in patterns:
            for r in rates:
                for d in range(draws if pat == "random" and r > 0 else 1):
                    m = loss_mask(pat, r, layout=lay, start=start, frame_index=fi, draw=d, streams=streams, seed=seed)
                    img = degrade(f, m, fill=fill, packets=packets) if m.any() else f
                    rows.append({"pattern": pat, "rate_pct": 100 * r, "frame": fi, "draw": d,
                                 "lost_packets": int(m.sum()), "psnr_db": image.psnr(f, img),
                                 "ssim": image.ssim(f, img)})
    return pd.DataFrame(rows)


def reordered_loss(frame, lost, *, order, packets=None) -> dict:
    """The quality of a frame under one loss pattern, sent in its natural order and in another order.

    The losses fall on send positions (a receiver's buffer does not look at the content), so the
    same positions are lost under either order; what changes is which packets they carry: under
    ``order``, send position ``i`` carries packet ``order[i]``.

    Parameters
    ----------
    frame : numpy.ndarray
        One 8-bit frame (2-D, uint8).
    lost : array_like of bool
        One flag per send position.
    order : array_like of int
        A permutation of the frame's packets (e.g. :func:`mmperf.coding.bitplane.buffer_aware_order`).
    packets : numpy.ndarray, optional
        The frame's :func:`~mmperf.coding.bitplane.packetize` output.

    Returns
    -------
    dict
        ``lost``, ``ssim_natural``, ``ssim_reordered``, ``psnr_natural``, ``psnr_reordered``.

    Raises
    ------
    ValueError
        If ``frame`` is not a uint8 image, ``lost`` does not hold one flag per packet or ``order`` is
        not a permutation of the packets.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the second remedy, "reordering the transmission of packets".

    Examples
    --------
    >>> import numpy as np
    >>> from mmperf.coding import bitplane
    >>> f = np.tile(np.arange(64, dtype=np.uint8), (64, 1))
    >>> n = bitplane.layout(f.shape).n_packets
    >>> r = reordered_loss(f, np.arange(n) == 0, order=np.arange(n)[::-1])
    >>> r["lost"], r["ssim_natural"] < r["ssim_reordered"]
    (1, True)
    """
    frame = _frame(frame)
    lay = bitplane.layout(frame.shape)
    lost_pos = _v.mask(lost, "lost", lay.n_packets)
    order = np.asarray(order)
    if order.shape != (lay.n_packets,) or not np.array_equal(np.sort(order), np.arange(lay.n_packets)):
        raise ValueError(f"order must be a permutation of the frame's {lay.n_packets} packets")
    if packets is None:
        packets = bitplane.packetize(frame)
    reordered = np.zeros_like(lost_pos)
    reordered[order[lost_pos]] = True
    nat, reo = degrade(frame, lost_pos, packets=packets), degrade(frame, reordered, packets=packets)
    return {"lost": int(lost_pos.sum()), "ssim_natural": image.ssim(frame, nat), "ssim_reordered": image.ssim(frame, reo),
            "psnr_natural": image.psnr(frame, nat), "psnr_reordered": image.psnr(frame, reo)}
