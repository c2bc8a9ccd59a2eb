"""What a receiver got, per time bin: mean delay, lost bandwidth, per-link traffic and binned means.

The measures of a packet trace given by its generation times, delivery times (-1: never delivered)
and sizes, as a video sink reports them "averaged per second" (Ortiz, Martinez Gracia & Skarmeta
2013, Figs. 2-12); and the run's average delay, over delivered packets or over seconds.

Examples
--------
>>> import numpy as np
>>> gen = np.array([0.0, 0.5, 1.2, 1.6])
>>> dlv = np.array([0.1, -1.0, 1.5, 1.7])
>>> per_second_delivery(gen, dlv, [100, 100, 100, 100])["delay_s"].round(2).tolist()
[0.1, 0.2]
>>> round(average_delay(gen, dlv), 3), round(average_delay(gen, dlv, how="second"), 3)
(0.167, 0.15)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["DELAY_AVERAGES", "average_delay", "binned_mean", "interface_series", "per_second_delivery"]

DELAY_AVERAGES = ("packet", "second")
"""How a run's average delay is taken: over delivered packets, or the mean of the per-second means."""


def _trace(gen_time, deliver_time):
    gen = _validate.finite_array(gen_time, "gen_time", ndim=1, non_negative=True)
    dlv = _validate.finite_array(deliver_time, "deliver_time", ndim=1)
    if dlv.shape != gen.shape:
        raise ValueError(f"deliver_time must have the shape of gen_time {gen.shape}, got {dlv.shape}")
    if np.any((dlv >= 0) & (dlv < gen)):
        raise ValueError("deliver_time must be -1 (never) or no earlier than gen_time")
    return gen, dlv


def per_second_delivery(gen_time, deliver_time, sizes, *, bin_s: float = 1.0) -> pd.DataFrame:
    """Per bin of generation time: the mean delay of the delivered packets and the lost bandwidth.

    Parameters
    ----------
    gen_time : array_like of float
        Time each packet was handed to the sender [s] (>= 0).
    deliver_time : array_like of float
        Time each packet reached the receiving application [s]; any negative value: never.
    sizes : array_like of float
        Each packet's size [bytes] (>= 0).
    bin_s : float, default 1.0
        Bin width [s].

    Returns
    -------
    pandas.DataFrame
        One row per bin from 0 to the last packet's: ``time_s`` (bin start), ``delay_s`` (NaN in a bin
        with no delivered packet) and ``loss_mbps`` (bytes never delivered, as a rate [Mb/s]).

    Raises
    ------
    ValueError
        If an array is empty, not finite, of another length than ``gen_time``, a delivery precedes
        its generation, a size is negative, or ``bin_s`` is not positive.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Evaluation scenarios: "results ... averaged per second".

    Examples
    --------
    >>> per_second_delivery([0.0, 1.5], [0.2, -1.0], [125000, 125000])["loss_mbps"].tolist()
    [0.0, 1.0]
    """
    gen, dlv = _trace(gen_time, deliver_time)
    size = _validate.finite_array(sizes, "sizes", ndim=1, non_negative=True)
    if size.shape != gen.shape:
        raise ValueError(f"sizes must have the shape of gen_time {gen.shape}, got {size.shape}")
    bs = _validate.positive(bin_s, "bin_s")
    nb = _validate.size(6.0 * (float(gen.max() // bs) + 1), "the bins (the last gen_time / bin_s, 6 numbers a bin)") // 6
    b = (gen // bs).astype(int)
    ok = dlv >= 0
    dsum = np.bincount(b[ok], weights=(dlv - gen)[ok], minlength=nb)
    dcnt = np.bincount(b[ok], minlength=nb)
    lost = np.bincount(b[~ok], weights=size[~ok], minlength=nb)
    return pd.DataFrame({"time_s": np.arange(nb) * bs,
                         "delay_s": np.where(dcnt > 0, dsum / np.maximum(dcnt, 1), np.nan),
                         "loss_mbps": lost * 8 / bs / 1e6})


def average_delay(gen_time, deliver_time, *, how: str = "packet", bin_s: float = 1.0) -> float:
    """A run's average delay [s]: over every delivered packet, or over the bins of generation time.

    Parameters
    ----------
    gen_time, deliver_time : array_like of float
        As in :func:`per_second_delivery`.
    how : {"packet", "second"}, default "packet"
        ``"packet"``: the mean delay of the delivered packets; ``"second"``: the mean over the bins
        of their mean delays (bins with no delivered packet left out).
    bin_s : float, default 1.0
        Bin width for ``how="second"`` [s].

    Returns
    -------
    float
        NaN when nothing was delivered.

    Raises
    ------
    ValueError
        On a bad trace (see :func:`per_second_delivery`), an unknown ``how`` or a non-positive ``bin_s``.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5 ("average delay") and Evaluation scenarios.

    Examples
    --------
    >>> average_delay([0.0, 0.1, 1.0], [0.1, 0.2, 2.0], how="second")
    0.55
    """
    if not isinstance(how, str) or how not in DELAY_AVERAGES:
        raise ValueError(f"how must be one of {DELAY_AVERAGES}, got {how!r}")
    if how == "second":
        per_s = per_second_delivery(gen_time, deliver_time, np.zeros(np.shape(gen_time)), bin_s=bin_s)["delay_s"].dropna()
        return float(per_s.mean()) if len(per_s) else np.nan
    _validate.positive(bin_s, "bin_s")
    gen, dlv = _trace(gen_time, deliver_time)
    ok = dlv >= 0
    d = dlv[ok] - gen[ok]
    return float(d.mean()) if d.size else np.nan


def interface_series(link_stats, *, bin_s: float = 1.0, n_bins: int | None = None,
                     names: tuple = ("eth0", "eth1")) -> pd.DataFrame:
    """Per interface and bin: bandwidth sent and packets discarded.

    Parameters
    ----------
    link_stats : array_like, shape (links, bins, 3)
        Per link and bin: bytes sent, queue drops, error drops (a transport run's ``link_stats``).
    bin_s : float, default 1.0
        Bin width [s].
    n_bins : int, optional
        How many bins to keep from the first (default all; at most the bins there are).
    names : tuple of str, default ("eth0", "eth1")
        One name per link.

    Returns
    -------
    pandas.DataFrame
        ``time_s``, ``interface``, ``bandwidth_mbps`` and ``discards`` (queue plus error drops per bin),
        the links one after the other.

    Raises
    ------
    ValueError
        If ``link_stats`` is not a finite non-negative (links, bins, 3) array, ``names`` does not name
        every link, ``bin_s`` is not positive or ``n_bins`` not a whole number >= 0.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Figs. 2-12 (bandwidth and discards per interface).

    Examples
    --------
    >>> s = np.zeros((2, 3, 3)); s[0, :, 0] = 125000; s[1, 1, 2] = 4
    >>> interface_series(s, n_bins=2)[["interface", "bandwidth_mbps", "discards"]].values.tolist()
    [['eth0', 1.0, 0.0], ['eth0', 1.0, 0.0], ['eth1', 0.0, 0.0], ['eth1', 0.0, 4.0]]
    """
    stats = _validate.finite_array(link_stats, "link_stats", ndim=3, non_negative=True)
    if stats.ndim != 3 or stats.shape[2] != 3:
        raise ValueError(f"link_stats must have shape (links, bins, 3), got {stats.shape}")
    if isinstance(names, str) or not isinstance(names, (tuple, list)) or len(names) != stats.shape[0] \
            or not all(isinstance(x, str) for x in names):
        raise ValueError(f"names must name each of the {stats.shape[0]} links, got {names!r}")
    bs = _validate.positive(bin_s, "bin_s")
    last = stats.shape[1] if n_bins is None else min(_validate.whole(n_bins, "n_bins", minimum=0), stats.shape[1])
    return pd.concat([pd.DataFrame({
        "time_s": np.arange(last) * bs, "interface": name,
        "bandwidth_mbps": stats[p, :last, 0] * 8 / bs / 1e6,
        "discards": stats[p, :last, 1] + stats[p, :last, 2]}) for p, name in enumerate(names)], ignore_index=True)


def binned_mean(times, values, *, bin_s: float = 1.0, name: str = "value") -> pd.DataFrame:
    """The mean of ``values`` per bin of ``times`` (bins holding no time are left out).

    Parameters
    ----------
    times : array_like of float
        Time of each value [s].
    values : array_like of float
        The values (e.g. each frame's PSNR).
    bin_s : float, default 1.0
        Bin width [s].
    name : str, default "value"
        The values' column.

    Returns
    -------
    pandas.DataFrame
        ``time_s`` (bin start) and ``name``, one row per bin holding a value.

    Raises
    ------
    ValueError
        If the arrays are empty, not finite, of different lengths, or ``bin_s`` is not positive.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Figs. 2-12 (PSNR-Y per second).

    Examples
    --------
    >>> binned_mean([0.0, 0.5, 1.0], [30.0, 32.0, 20.0], name="psnr_db").values.tolist()
    [[0.0, 31.0], [1.0, 20.0]]
    """
    t = _validate.finite_array(times, "times", ndim=1)
    v = _validate.finite_array(values, "values", ndim=1)
    if v.shape != t.shape:
        raise ValueError(f"values must have the shape of times {t.shape}, got {v.shape}")
    if not isinstance(name, str) or name == "time_s":
        raise ValueError(f"name must be a column name other than 'time_s', got {name!r}")
    bs = _validate.positive(bin_s, "bin_s")
    frame = pd.DataFrame({"time_s": t, name: v})
    return frame.groupby((frame["time_s"] // bs) * bs)[name].mean().rename_axis("time_s").reset_index()
