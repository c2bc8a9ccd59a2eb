"""The identities a printed row of a paced frame stream must satisfy, by its own definitions.

A sender that sends a packet of ``packet_bytes`` every ``packet_time_ms`` offers
``packet_bytes * 8 / packet_time_ms / 1000`` Mb/s (:func:`offered_mbps`), which no receiver can
exceed; a frame of ``packets_per_frame`` packets received with ``loss_pct`` % of them lost over
``frame_time_ms`` is a throughput of ``packets_per_frame * packet_bytes * 8 * (1 - loss / 100) /
frame_time_ms / 1000`` Mb/s; and the frame time is about ``packets_per_frame`` packet times.
:func:`row_identities` checks a table's rows against them, to the table's last printed digit.

References
----------
Taylor & Polyzos (1993), sec. 2.1 (frame time, packet time and throughput) and sec. 3 (the tables).

Examples
--------
>>> float(offered_mbps(1.0, packet_bytes=1250)[0])
10.0
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate as _v

__all__ = ["offered_mbps", "row_identities"]


def offered_mbps(packet_time_ms, *, packet_bytes: int, scale: float = 1.0) -> np.ndarray:
    """The rate a sender offers, one packet of ``packet_bytes`` every ``packet_time_ms``, in Mb/s times ``scale``.

    Parameters
    ----------
    packet_time_ms : float or array_like
        The sender's packet time [ms], positive.
    packet_bytes : int
        Bytes per packet counted in the throughput.
    scale : float, default 1.0
        Factor of the unit (1000 for Kb/s), positive.

    Returns
    -------
    numpy.ndarray
        ``packet_bytes * 8 / packet_time_ms / 1000 * scale`` (1-D).

    Raises
    ------
    ValueError
        If a packet time is not a positive finite number, ``packet_bytes`` not a whole number >= 1 or
        ``scale`` not positive.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.1.

    Examples
    --------
    >>> offered_mbps([1.0, 2.0], packet_bytes=1250, scale=1e3).tolist()
    [10000.0, 5000.0]
    """
    p = _v.finite_array(np.atleast_1d(packet_time_ms), "packet_time_ms", ndim=1, non_negative=True)
    if np.any(p <= 0):
        raise ValueError("packet_time_ms must hold positive numbers")
    nb = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    s = _v.positive(scale, "scale")
    return nb * 8 / p / 1e3 * s


def row_identities(packet_time_ms, frame_time_ms, loss_pct, throughput, *, packets_per_frame: int, packet_bytes: int,
                   scale: float = 1.0, digit: float) -> pd.DataFrame:
    """Each printed row beside the throughputs its own packet time and frame time imply, with the rows that break them.

    Parameters
    ----------
    packet_time_ms, frame_time_ms : array_like
        Each row's printed packet and frame times [ms], positive.
    loss_pct : array_like
        Each row's printed loss [%], in [0, 100].
    throughput : array_like
        Each row's printed throughput [Mb/s times ``scale``], >= 0.
    packets_per_frame : int
        Packets per frame.
    packet_bytes : int
        Bytes per packet counted in the throughput.
    scale : float, default 1.0
        Factor of the throughput's unit (1000 for Kb/s).
    digit : float
        The unit of the throughput's last printed digit (in its unit), >= 0.

    Returns
    -------
    pandas.DataFrame
        Per row: ``offered`` (:func:`offered_mbps`), ``throughput`` (printed), ``from_frame_time`` (the
        throughput the frame time and loss imply), ``frame_over_packet``, ``above_offered`` (printed
        throughput above the offered rate by more than ``digit``) and ``identity_off`` (printed and
        implied throughput more than ``digit`` apart).

    Raises
    ------
    ValueError
        If the rows differ in length or are empty, or a value is outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.1 and the 12 tables of sec. 3.

    Examples
    --------
    >>> r = row_identities([1.0], [264.0], [0.0], [10.05], packets_per_frame=264, packet_bytes=1256, digit=0.01)
    >>> r[["offered", "from_frame_time", "above_offered", "identity_off"]].round(3).values.tolist()
    [[10.048, 10.048, False, False]]
    """
    cols = {}
    for name, v in (("packet_time_ms", packet_time_ms), ("frame_time_ms", frame_time_ms), ("loss_pct", loss_pct),
                    ("throughput", throughput)):
        cols[name] = _v.finite_array(v, name, ndim=1, non_negative=True)
    if len({a.shape for a in cols.values()}) != 1 or cols["throughput"].size == 0:
        raise ValueError(f"packet_time_ms, frame_time_ms, loss_pct and throughput must be non-empty rows of one length, "
                         f"got shapes {[a.shape for a in cols.values()]}")
    if np.any(cols["frame_time_ms"] <= 0):
        raise ValueError("frame_time_ms must hold positive numbers")
    if np.any(cols["loss_pct"] > 100):
        raise ValueError("loss_pct must hold percentages in [0, 100]")
    n = _v.whole(packets_per_frame, "packets_per_frame", minimum=1)
    d = _v.non_negative(digit, "digit")
    p, f, loss, thr = cols.values()
    offered = offered_mbps(p, packet_bytes=packet_bytes, scale=scale)
    ident = n * int(packet_bytes) * 8 * (1 - loss / 100) / f / 1e3 * float(scale)
    return pd.DataFrame({"offered": offered, "throughput": thr, "from_frame_time": ident, "frame_over_packet": f / p,
                         "above_offered": thr > offered + d, "identity_off": np.abs(thr - ident) > d})
