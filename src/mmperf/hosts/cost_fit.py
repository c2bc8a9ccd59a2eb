"""Fitting a receiving host's per-packet and display costs to printed throughputs and losses.

Companion of :mod:`mmperf.hosts.identification` (which computes the *set* of per-packet costs
consistent with a table): here, the best kernel cost for each application cost (the fit's error
profile), one named point of an identified set, the fluid packets a frame's display loses beyond the
socket buffer, and the display-work ratio fitted to a table's average loss per frame. All in the
fluid limit of :mod:`mmperf.hosts.testbed`.

References
----------
Taylor & Polyzos (1993), sec. 3: the maximum-throughput tables (per-packet costs) and the animation
tables (the display's losses).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import optimize

from mmperf import _validate as _v
from mmperf.hosts import testbed

__all__ = ["POINTS", "best_kernel_profile", "fit_display_ratio", "fluid_display_loss", "set_point"]

POINTS = ("fit", "low", "high")
"""Named points of an identified set (:func:`mmperf.hosts.identification.set_summary`)."""


def _paired(x, xname: str, y, yname: str, *, positive: str) -> tuple[np.ndarray, np.ndarray]:
    """Two row arrays of one length, finite and >= 0; the one named ``positive`` > 0."""
    a = _v.finite_array(x, xname, ndim=1, non_negative=True)
    b = _v.finite_array(y, yname, ndim=1, non_negative=True)
    if a.shape != b.shape or a.size == 0:
        raise ValueError(f"{xname} and {yname} must be non-empty and of one length, got {a.shape} and {b.shape}")
    if np.any((a if positive == xname else b) <= 0):
        raise ValueError(f"{positive} must hold positive numbers")
    return a, b


def best_kernel_profile(arriving, observed_mbps, *, mbps_per_rate: float, app_grid, scale_ms: float) -> pd.DataFrame:
    """For each application cost, the kernel cost whose fluid throughputs fit the rows best, and the fit's error.

    The relative residual of row ``i`` is ``read_rate(arriving_i; c_k, c_a) * mbps_per_rate /
    observed_i - 1`` (:func:`mmperf.hosts.testbed.read_rate`); for each ``c_a`` of ``app_grid`` the
    ``c_k`` of least rms residual is found on a grid around ``scale_ms - c_a`` and refined by a
    bounded scalar search.

    Parameters
    ----------
    arriving : array_like
        Packet rate reaching the host in each row [packets/ms] (:func:`mmperf.hosts.testbed.arrival_rate`).
    observed_mbps : array_like
        The printed throughput of each row [Mb/s], positive.
    mbps_per_rate : float
        Mb/s per packet/ms (the packet's bits / 1000).
    app_grid : array_like
        Application costs [ms], positive.
    scale_ms : float
        The scale of the kernel-cost search [ms] (the rows' shortest packet time).

    Returns
    -------
    pandas.DataFrame
        Columns ``app_ms``, ``kernel_ms``, ``rms_rel_error``, one row per ``app_grid`` value.

    Raises
    ------
    ValueError
        If the rows differ in length or are empty, a value is not finite, a throughput or cost is not
        positive, or ``mbps_per_rate`` / ``scale_ms`` is not positive.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).

    Examples
    --------
    >>> p = best_kernel_profile([1.0, 2.0], [9.79, 9.79], mbps_per_rate=9.792, app_grid=[0.5], scale_ms=0.5)
    >>> round(float(p["kernel_ms"].iloc[0]), 3), bool(p["rms_rel_error"].iloc[0] < 1e-3)
    (0.25, True)
    """
    a, y = _paired(arriving, "arriving", observed_mbps, "observed_mbps", positive="observed_mbps")
    bits = _v.positive(mbps_per_rate, "mbps_per_rate")
    apps = _v.finite_array(app_grid, "app_grid", ndim=1, non_negative=True)
    if apps.size == 0 or np.any(apps <= 0):
        raise ValueError("app_grid must hold at least one positive cost")
    pmin = _v.positive(scale_ms, "scale_ms")
    _v.size(apps.size * 282 * y.size, "app_grid x search grid x rows")

    def resid(theta):
        ck, ca = (np.asarray(v, dtype=float)[..., None] for v in theta[:2])
        return testbed.read_rate(a, kernel_ms=ck, app_ms=ca) * bits / y - 1

    rows = [(x, *_best_kernel(resid, float(x), pmin)) for x in apps]
    return pd.DataFrame(rows, columns=["app_ms", "kernel_ms", "rms_rel_error"])


def _best_kernel(resid, app_ms: float, pmin: float) -> tuple[float, float]:
    """For a fixed application cost, the kernel cost with the smallest rms residual: (c_k, rms)."""
    rms = lambda ck: float(np.sqrt(np.mean(resid((ck, app_ms)) ** 2)))  # noqa: E731
    grid = np.unique(np.clip(np.r_[np.linspace(0.4, 1.6, 241) * pmin, np.linspace(0.0, 2.0, 41) * pmin] - app_ms,
                             0.0, None))
    errs = np.sqrt(np.mean(resid((grid, app_ms)) ** 2, axis=-1))
    i = int(np.argmin(errs))
    lo, hi = grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)]
    res = optimize.minimize_scalar(rms, bounds=(lo, hi), method="bounded", options={"xatol": 1e-7 * pmin})
    return (float(res.x), float(res.fun)) if res.fun <= errs[i] else (float(grid[i]), float(errs[i]))


def set_point(grid: pd.DataFrame, summary: dict, *, point="fit") -> dict:
    """One member of an identified set: a named point, or the best member at a given application cost.

    Parameters
    ----------
    grid : pandas.DataFrame
        Output of :func:`mmperf.hosts.identification.consistent_costs`.
    summary : dict
        Its :func:`mmperf.hosts.identification.set_summary`.
    point : str or float, default "fit"
        ``"fit"``: the member of least rms relative error; ``"low"`` / ``"high"``: the member of least
        rms error at the set's smallest / largest application cost; a positive number: the member of
        least rms error at the grid's application cost (inside the set) nearest to it [ms].

    Returns
    -------
    dict
        ``kernel_ms``, ``app_ms`` and ``rms_rel_error`` of the member.

    Raises
    ------
    ValueError
        If ``grid`` lacks a column, ``summary`` is not a set summary, the set is empty, or ``point``
        is neither one of :data:`POINTS` nor a positive number.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3: the per-packet costs of each receiving host.

    Examples
    --------
    >>> from mmperf.hosts import identification as ident
    >>> g = ident.consistent_costs([1.0, 2.0], [9.79, 9.79], mbps_per_rate=9.792, rel_error=0.01, digit=0.01,
    ...                            kernel_grid=[0.2, 0.25, 0.3], app_grid=[0.4, 0.5])
    >>> [(m["kernel_ms"], m["app_ms"]) for m in (set_point(g, ident.set_summary(g), point=p) for p in ("low", "high"))]
    [(0.3, 0.4), (0.25, 0.5)]
    """
    need = {"kernel_ms", "app_ms", "rms_rel_error", "inside"}
    if not isinstance(grid, pd.DataFrame) or not need <= set(grid.columns):
        raise ValueError(f"grid must be a DataFrame from consistent_costs with columns {sorted(need)}")
    if not isinstance(summary, dict) or "empty" not in summary or "point_fit" not in summary:
        raise ValueError("summary must be the dict of set_summary(grid)")
    if summary["empty"]:
        raise ValueError("summary: the identified set is empty (no member to choose)")
    if isinstance(point, str):
        if point not in POINTS:
            raise ValueError(f"point must be one of {POINTS} or a cost in ms, got {point!r}")
        ck, ca = summary[f"point_{point}"]
    else:
        a = _v.positive(point, "point")
        ins = grid[grid["inside"]]
        near = ins[ins["app_ms"] == ins["app_ms"].iloc[int(np.argmin(np.abs(ins["app_ms"].to_numpy() - a)))]]
        r = near.loc[near["rms_rel_error"].idxmin()]
        ck, ca = float(r["kernel_ms"]), float(r["app_ms"])
    rms = float(grid.loc[(grid["kernel_ms"] == ck) & (grid["app_ms"] == ca), "rms_rel_error"].iloc[0])
    return {"kernel_ms": ck, "app_ms": ca, "rms_rel_error": rms}


def fluid_display_loss(packet_time_ms, *, display_ms, kernel_ms, buffer_packets):
    """Fluid packets lost per frame: those arriving while a frame is displayed, beyond the socket buffer.

    ``max(0, display_wall / packet_time - buffer)``, where the display's wall time
    ``display_ms / (1 - kernel_ms / packet_time)`` includes the kernel's interrupt work on the
    packets arriving meanwhile (the denominator is held above 1e-9: a kernel that takes the whole
    packet time never lets the display finish).

    Parameters
    ----------
    packet_time_ms : float or array_like
        The sender's packet time [ms], positive.
    display_ms : float or array_like
        CPU time of one frame's display [ms], >= 0.
    kernel_ms : float or array_like
        Kernel (interrupt) cost per arriving packet [ms], >= 0.
    buffer_packets : float
        Socket buffer [packets], >= 0.

    Returns
    -------
    numpy.ndarray
        Packets lost per frame (broadcast shape of the inputs).

    Raises
    ------
    ValueError
        If a value is not finite, a packet time not positive, or a cost or the buffer negative.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4: the losses of the animation experiment.

    Examples
    --------
    >>> float(fluid_display_loss(2.0, display_ms=100.0, kernel_ms=0.0, buffer_packets=40))
    10.0
    """
    p = _v.finite_array(np.atleast_1d(packet_time_ms), "packet_time_ms") if np.ndim(packet_time_ms) else None
    if p is not None and np.any(p <= 0):
        raise ValueError("packet_time_ms must be positive")
    if p is None:
        _v.positive(packet_time_ms, "packet_time_ms")
    for name, v in (("display_ms", display_ms), ("kernel_ms", kernel_ms)):
        if np.ndim(v):
            _v.finite_array(v, name, non_negative=True)
        else:
            _v.non_negative(v, name)
    _v.non_negative(buffer_packets, "buffer_packets")
    try:
        np.broadcast_shapes(np.shape(packet_time_ms), np.shape(display_ms), np.shape(kernel_ms))
    except ValueError:
        raise ValueError(f"display_ms and kernel_ms must be numbers or arrays that broadcast against packet_time_ms, "
                         f"got shapes {np.shape(display_ms)} and {np.shape(kernel_ms)} against {np.shape(packet_time_ms)}") from None
    p = np.asarray(packet_time_ms, dtype=float)
    wall = display_ms / np.clip(1 - kernel_ms / p, 1e-9, None)
    return np.maximum(0.0, wall / p - buffer_packets)


def fit_display_ratio(packet_time_ms, avg_lost, *, frame_read_ms: float, kernel_ms: float, buffer_packets: float,
                      upper: float = 1000.0) -> float:
    """The display-work ratio ``kappa`` whose fluid losses fit a table's average loss per frame.

    A frame's display time is ``kappa * frame_read_ms`` (a multiple of the application's CPU time to
    read the frame's packets); ``kappa`` minimises the sum of squared differences between
    :func:`fluid_display_loss` and the observed average packets lost per frame, by a bounded scalar
    search on ``[0, upper]``.

    Parameters
    ----------
    packet_time_ms : array_like
        Each row's packet time [ms], positive.
    avg_lost : array_like
        Each row's average packets lost per frame, >= 0.
    frame_read_ms : float
        The application's CPU time to read one frame [ms], positive.
    kernel_ms : float
        Kernel cost per packet [ms], >= 0.
    buffer_packets : float
        Socket buffer [packets], >= 0.
    upper : float, default 1000
        Upper end of the search.

    Returns
    -------
    float
        The fitted ratio.

    Raises
    ------
    ValueError
        If the rows differ in length or are empty, or a value is outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3: the display ratio, fitted on one animation table.

    Examples
    --------
    >>> k = fit_display_ratio([2.0], [10.0], frame_read_ms=100.0, kernel_ms=0.0, buffer_packets=40)
    >>> round(k, 4)
    1.0
    """
    p, y = _paired(packet_time_ms, "packet_time_ms", avg_lost, "avg_lost", positive="packet_time_ms")
    _v.positive(frame_read_ms, "frame_read_ms")
    _v.non_negative(kernel_ms, "kernel_ms")
    _v.non_negative(buffer_packets, "buffer_packets")
    hi = _v.positive(upper, "upper")

    def sse(kappa):
        pred = fluid_display_loss(p, display_ms=kappa * frame_read_ms, kernel_ms=kernel_ms, buffer_packets=buffer_packets)
        return float(np.sum((pred - y) ** 2))

    res = optimize.minimize_scalar(sse, bounds=(0.0, hi), method="bounded", options={"xatol": 1e-7})
    return float(res.x)
