"""Where in a frame packets are lost: per-position counts, a typical frame, and how concentrated the losses are.

Every function reads a loss matrix ``lost`` of shape ``(frames, positions)``: ``lost[f, i]`` is True
when packet ``i`` of frame ``f`` (in send order) was lost.

References
----------
Taylor & Polyzos (1993), sec. 3.4: the losses fall on the packets that arrive while a frame is
displayed, at the same positions frame after frame.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate as _v

__all__ = ["loss_concentration", "position_losses", "typical_frame"]


def _lost(lost) -> np.ndarray:
    arr = np.asarray(lost)
    if arr.ndim != 2 or arr.size == 0:
        raise ValueError(f"lost must be a non-empty 2-D (frames x positions) array, got shape {arr.shape}")
    if arr.dtype != bool:
        arr = _v.mask(arr.ravel(), "lost", arr.size).reshape(arr.shape)
    return arr


def position_losses(lost) -> pd.DataFrame:
    """Per packet position, the frames that lost it and their share of all frames.

    Parameters
    ----------
    lost : array_like of bool
        Loss matrix ``(frames, positions)``.

    Returns
    -------
    pandas.DataFrame
        Columns ``index`` (the position), ``lost`` (frames) and ``share_of_frames``.

    Raises
    ------
    ValueError
        If ``lost`` is not a non-empty 2-D array of flags.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4.

    Examples
    --------
    >>> position_losses([[True, False], [True, True]])["share_of_frames"].tolist()
    [1.0, 0.5]
    """
    arr = _lost(lost)
    counts = arr.sum(axis=0)
    return pd.DataFrame({"index": np.arange(arr.shape[1]), "lost": counts, "share_of_frames": counts / arr.shape[0]})


def typical_frame(lost, *, skip: int = 1) -> int:
    """The first frame (after the first ``skip``) that loses the median number of packets among frames with loss.

    Parameters
    ----------
    lost : array_like of bool
        Loss matrix ``(frames, positions)``.
    skip : int, default 1
        Leading frames left out (a start-up transient: the first frame finds the buffer empty).

    Returns
    -------
    int
        The frame's row in ``lost``; when no frame loses exactly the median (an even count of lossy
        frames), the frame that loses the most.

    Raises
    ------
    ValueError
        If ``lost`` is not a 2-D array of flags, ``skip`` is not a whole number below the frame
        count, or no frame after the first ``skip`` loses a packet.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the frame the book shows for each lossy run.

    Examples
    --------
    >>> typical_frame([[True, True], [False, True], [True, True], [False, False]])
    1
    """
    arr = _lost(lost)
    k = _v.whole(skip, "skip")
    if k >= arr.shape[0]:
        raise ValueError(f"skip must be below the number of frames ({arr.shape[0]}), got {skip!r}")
    counts = arr.sum(axis=1)[k:]
    if not counts.any():
        raise ValueError("lost must hold a loss in a frame after the skipped ones")
    target = int(np.median(counts[counts > 0]))
    return k + int(np.flatnonzero(counts == target)[0]) if (counts == target).any() else k + int(np.argmax(counts))


def loss_concentration(lost, *, top: int = 20, start: int = 0) -> dict:
    """Where a run's losses fall in the frame: how many of them the most often lost positions hold.

    Parameters
    ----------
    lost : array_like of bool
        Loss matrix ``(frames, positions)``, with at least one loss.
    top : int, default 20
        The losses in the ``max(top, most lost in one frame)`` most often lost positions are counted
        (random loss would put about that number / positions of them there).
    start : int, default 0
        First position of the window ``start .. start + most lost in one frame`` (e.g. the socket
        buffer's capacity, where a display's losses begin).

    Returns
    -------
    dict
        ``lost`` (packets), ``first_lost_index`` (the smallest position ever lost), ``share_in_top``
        and ``share_after_buffer`` (the share of the losses in the window).

    Raises
    ------
    ValueError
        If ``lost`` is not a 2-D array of flags or holds no loss, or ``top`` / ``start`` is not a
        whole number (``top`` >= 1).

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the losses are "not randomly distributed".

    Examples
    --------
    >>> loss_concentration([[False, True, True], [True, True, False]], top=1, start=1)["share_in_top"]
    0.75
    """
    arr = _lost(lost)
    k = _v.whole(top, "top", minimum=1)
    b = _v.whole(start, "start")
    counts = arr.sum(axis=0)
    total = int(counts.sum())
    if total == 0:
        raise ValueError("lost must hold at least one loss (the run loses no packet)")
    maxlost = int(arr.sum(axis=1).max())
    return {"lost": total, "first_lost_index": int(np.flatnonzero(counts)[0]),
            "share_in_top": float(np.sort(counts)[::-1][:max(k, maxlost)].sum() / total),
            "share_after_buffer": float(counts[b : b + maxlost].sum() / total)}
