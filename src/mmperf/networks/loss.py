"""Loss patterns on a framed packet stream.

Three ways to lose a given fraction of a stream's packets, each returning a
boolean mask of shape ``(n_frames, packets_per_frame)`` (True = lost):

:func:`random_loss`
    indiscriminate loss: each packet independently (or exactly ``rate`` of
    them, placed uniformly at random).
:func:`burst_loss`
    the loss a receiver's full socket buffer causes: the same contiguous run of
    packet positions in every frame, starting just after the buffer's capacity
    (Taylor & Polyzos 1993, sec. 3.4).
:func:`priority_drop`
    explicit priority dropping: in each frame, the packets of lowest priority
    (largest priority number, e.g. the least significant bit planes) go first.

The functions know nothing about images, so other chapters can use them for any
framed stream (layers of scalable video, audio blocks).

Examples
--------
>>> from mmperf.networks import loss
>>> from mmperf.seeds import rng
>>> m = loss.burst_loss(3, 264, 0.02, start=40)
>>> m.sum(axis=1).tolist(), int(m[0].argmax())
([5, 5, 5], 40)
>>> bool(loss.random_loss(2, 264, 0.0, rng=rng("doc")).any())
False
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate as _v

__all__ = ["per_frame_count", "random_loss", "burst_loss", "priority_drop", "PATTERNS", "pattern"]


def _check_counts(n_frames, packets_per_frame) -> tuple[int, int]:
    n = _v.whole(n_frames, "n_frames", minimum=1)
    k = _v.whole(packets_per_frame, "packets_per_frame", minimum=1)
    _v.size(n * k, "n_frames * packets_per_frame")
    return n, k


def _check_rate(rate) -> float:
    return _v.fraction(rate, "rate (a fraction, not a percentage)")


def per_frame_count(packets_per_frame: int, rate: float) -> int:
    """Packets lost per frame for a deterministic pattern: ``round(rate * packets_per_frame)``.

    Rounds half up, so a pattern's realised rate is within ``0.5 / packets_per_frame``
    of ``rate``.

    Parameters
    ----------
    packets_per_frame : int
        Packets in each frame, >= 1.
    rate : float
        Fraction of each frame lost, in [0, 1].

    Returns
    -------
    int
        Packets lost in every frame, from 0 to ``packets_per_frame``.

    Raises
    ------
    ValueError
        If ``packets_per_frame`` is not a positive int or ``rate`` is outside [0, 1].
    """
    _, n = _check_counts(1, packets_per_frame)
    return int(np.floor(_check_rate(rate) * n + 0.5))


def random_loss(n_frames: int, packets_per_frame: int, rate: float, *, rng: np.random.Generator,
                exact: bool = False) -> np.ndarray:
    """Indiscriminate random loss.

    Parameters
    ----------
    n_frames, packets_per_frame : int
        Shape of the stream.
    rate : float
        Loss probability per packet, in [0, 1].
    rng : numpy.random.Generator
        From :func:`mmperf.seeds.rng`.
    exact : bool, default False
        If True, each frame loses exactly ``round(rate * packets_per_frame)``
        packets at uniformly random positions; if False, each packet is lost
        independently with probability ``rate`` (Bernoulli).

    Returns
    -------
    numpy.ndarray
        Bool mask ``(n_frames, packets_per_frame)``, True where lost.

    Raises
    ------
    ValueError
        If a count is not a positive int or ``rate`` is outside [0, 1].
    TypeError
        If ``rng`` is not a numpy Generator.
    """
    nf, n = _check_counts(n_frames, packets_per_frame)
    r = _check_rate(rate)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (use mmperf.seeds.rng), got {type(rng).__name__}")
    _v.flag(exact, "exact")
    if not exact:
        return rng.random((nf, n)) < r
    k = per_frame_count(n, r)
    order = np.argsort(rng.random((nf, n)), axis=1)
    mask = np.zeros((nf, n), dtype=bool)
    np.put_along_axis(mask, order[:, :k], True, axis=1)
    return mask


def burst_loss(n_frames: int, packets_per_frame: int, rate: float, *, start: int = 40) -> np.ndarray:
    """Socket-buffer burst loss: the same run of positions lost in every frame.

    Parameters
    ----------
    n_frames, packets_per_frame : int
        Shape of the stream.
    rate : float
        Fraction of each frame lost, in [0, 1]; the run is
        ``round(rate * packets_per_frame)`` packets long.
    start : int, default 40
        First lost position: the receiver's socket buffer capacity in packets
        (about 40 in the paper, sec. 3.4). The run wraps to the frame's start if
        it would pass the end.

    Returns
    -------
    numpy.ndarray
        Bool mask ``(n_frames, packets_per_frame)``.

    Raises
    ------
    ValueError
        For bad counts, a rate outside [0, 1] or ``start`` outside the frame.
    """
    nf, n = _check_counts(n_frames, packets_per_frame)
    r = _check_rate(rate)
    if not isinstance(start, (int, np.integer)) or isinstance(start, bool) or not 0 <= start < n:
        raise ValueError(f"start must be an int in [0, packets_per_frame={n}), got {start!r}")
    k = per_frame_count(n, r)
    row = np.zeros(n, dtype=bool)
    row[(int(start) + np.arange(k)) % n] = True
    return np.broadcast_to(row, (nf, n)).copy()


def priority_drop(n_frames: int, priority, rate: float) -> np.ndarray:
    """Explicit priority dropping: lowest priority first, in every frame.

    Parameters
    ----------
    n_frames : int
        Frames in the stream.
    priority : array_like of int
        Priority of each packet position in a frame, 0 the highest (for bit-plane
        coding, the packet's plane: 0 = most significant).
    rate : float
        Fraction of each frame dropped, in [0, 1].

    Returns
    -------
    numpy.ndarray
        Bool mask ``(n_frames, len(priority))``: in each frame the
        ``round(rate * len(priority))`` packets with the largest priority number
        are dropped (among equals, the later positions first).

    Raises
    ------
    ValueError
        For an empty or non-1-D ``priority``, bad counts or a rate outside [0, 1].
    """
    pr = np.asarray(priority)
    if pr.ndim != 1 or pr.size == 0:
        raise ValueError(f"priority must be a non-empty 1-D array of ints, got shape {pr.shape}")
    if not np.issubdtype(pr.dtype, np.integer):
        raise ValueError(f"priority must hold ints (0 = highest priority), got dtype {pr.dtype}")
    nf, n = _check_counts(n_frames, pr.size)
    k = per_frame_count(n, _check_rate(rate))
    # sort by (priority descending, position descending)
    order = np.lexsort((-np.arange(n), -pr))
    row = np.zeros(n, dtype=bool)
    row[order[:k]] = True
    return np.broadcast_to(row, (nf, n)).copy()


PATTERNS = ("random", "burst", "priority")
"""Names of the loss patterns, for :func:`pattern`."""


def pattern(name: str, n_frames: int, packets_per_frame: int, rate: float, *, rng=None, priority=None,
            start: int = 40) -> np.ndarray:
    """Dispatch to a loss pattern by name (``"random"`` uses ``exact=True``).

    Parameters
    ----------
    name : {'random', 'burst', 'priority'}
        The pattern (:data:`PATTERNS`): :func:`random_loss`, :func:`burst_loss` or
        :func:`priority_drop`.
    n_frames, packets_per_frame : int
        Shape of the stream.
    rate : float
        Loss rate, in [0, 1] (per packet, or share of each frame).
    rng : numpy.random.Generator, optional
        Needed by ``'random'`` (from :func:`mmperf.seeds.rng`).
    priority : array_like of int, optional
        Needed by ``'priority'``: one priority per packet position, 0 the highest.
    start : int, default 40
        First lost position of the ``'burst'`` pattern.

    Returns
    -------
    numpy.ndarray
        Bool mask ``(n_frames, packets_per_frame)``, True where a packet is lost.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`PATTERNS` or a pattern's inputs are missing.
    """
    _v.one_of(name, "name", PATTERNS)
    _v.whole(start, "start")
    if rng is not None:
        _v.instance(rng, "rng", np.random.Generator)
    if priority is not None:
        _v.whole_array(priority, "priority", minimum=0)
    if name == "random":
        if rng is None:
            raise ValueError("pattern 'random' needs rng=")
        return random_loss(n_frames, packets_per_frame, rate, rng=rng, exact=True)
    if name == "burst":
        return burst_loss(n_frames, packets_per_frame, rate, start=start)
    if name == "priority":
        if priority is None:
            raise ValueError("pattern 'priority' needs priority= (one int per packet position)")
        if len(priority) != packets_per_frame:
            raise ValueError(f"priority must have {packets_per_frame} entries, got {len(priority)}")
        return priority_drop(n_frames, priority, rate)
    raise ValueError(f"name must be one of {PATTERNS}, got {name!r}")
