"""Calibrating the receiving hosts of :mod:`mmperf.hosts.testbed` on printed tables.

Three steps, each general in the host and the link:

1. :func:`identify_costs`: the set of per-packet costs (``kernel_ms``, ``app_ms``) consistent with a
   host's maximum-throughput rows (:func:`mmperf.hosts.identification.consistent_costs` on a grid
   scaled to the rows' shortest packet time) and its summary;
2. :func:`cost_profile`: the fit's error profile over the application cost
   (:func:`mmperf.hosts.cost_fit.best_kernel_profile` on the same scale);
3. :func:`display_calibration`: one display-work ratio ``kappa`` (``display_ms = kappa *
   packets_per_frame * app_ms``) fitted on one animation table's average loss per frame
   (:func:`mmperf.hosts.cost_fit.fit_display_ratio`), applied to every host.

:class:`HostCalibration` holds the result and builds the calibrated :class:`~mmperf.hosts.testbed.Host`,
with the mechanisms an ablation removes (livelock, display stage, socket buffer's bound).

References
----------
Taylor & Polyzos (1993), sec. 3: the maximum-throughput tables (per-packet costs) and the animation
tables (display work).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.hosts import cost_fit, identification, testbed

__all__ = ["HostCalibration", "cost_profile", "display_calibration", "display_walls", "identify_costs"]

SET_GRID = 401
"""Grid points per cost axis of an identified set (:func:`identify_costs`)."""


@dataclass(frozen=True)
class HostCalibration:
    """Calibrated host parameters and the display-work ratio.

    Parameters
    ----------
    hosts : pandas.DataFrame
        One row per host (indexed by name): ``kernel_ms``, ``app_ms`` (the chosen point of the
        identified set), ``app_ms_low``, ``app_ms_high``, ``kernel_ms_low``, ``kernel_ms_high`` (the set's
        extent), ``floor_ms``, ``point``, ``knee_mbps`` (the fluid model's peak throughput), ``display_ms``,
        ``rows`` (maximum-throughput rows used) and ``rms_rel_error`` of the fit.
    kappa : float
        Display-work ratio (:func:`display_calibration`).
    buffer_packets : int
        Socket buffer [packets].
    display_table : str
        The animation table ``kappa`` was fitted on.
    cost_cv : float, default ``Host.cost_cv``
        Variability of the per-packet costs (:class:`~mmperf.hosts.testbed.Host`).
    display_cv : float, default ``Host.display_cv``
        Variability of the per-frame display time.
    overrides : dict, default {}
        Per host, :class:`~mmperf.hosts.testbed.Host` fields that replace the calibrated ones
        (see :meth:`with_host`).
    livelock : bool, default True
        Kernel work at interrupt priority (else :func:`~mmperf.hosts.testbed.without_livelock`).
    display_stage : bool, default True
        The receiver displays each frame (else no display work).
    buffer_bound : bool, default True
        The socket buffer's limit (else :data:`~mmperf.hosts.testbed.UNBOUNDED_BUFFER`).

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.
    """

    hosts: pd.DataFrame
    kappa: float
    buffer_packets: int
    display_table: str
    cost_cv: float = testbed.Host.cost_cv
    display_cv: float = testbed.Host.display_cv
    overrides: dict = field(default_factory=dict)
    livelock: bool = True
    display_stage: bool = True
    buffer_bound: bool = True

    def host(self, name: str) -> testbed.Host:
        """The calibrated host called ``name``, with the ablations applied.

        Parameters
        ----------
        name : str
            A host of :attr:`hosts`' index.

        Returns
        -------
        mmperf.hosts.testbed.Host
            The host (``livelock``: :func:`~mmperf.hosts.testbed.without_livelock`; ``display_stage``: no
            display work; ``buffer_bound``: :data:`~mmperf.hosts.testbed.UNBOUNDED_BUFFER`).

        Raises
        ------
        ValueError
            If ``name`` is not a calibrated host.
        """
        if not isinstance(name, str) or name not in self.hosts.index:
            raise ValueError(f"host must be one of {list(self.hosts.index)}, got {name!r}")
        r = self.hosts.loc[name]
        h = testbed.Host(name, kernel_ms=float(r["kernel_ms"]), app_ms=float(r["app_ms"]),
                         display_ms=float(r["display_ms"]), buffer_packets=self.buffer_packets,
                         cost_cv=self.cost_cv, display_cv=self.display_cv)
        h = replace(h, **self.overrides.get(name, {}))
        if not self.livelock:
            h = testbed.without_livelock(h)
        if not self.display_stage:
            h = replace(h, display_ms=0.0)
        if not self.buffer_bound:
            h = replace(h, buffer_packets=testbed.UNBOUNDED_BUFFER)
        return h

    def with_host(self, name: str, **fields) -> "HostCalibration":
        """A copy whose host ``name`` has some :class:`~mmperf.hosts.testbed.Host` fields replaced.

        Parameters
        ----------
        name : str
            A calibrated host.
        **fields
            :class:`~mmperf.hosts.testbed.Host` fields and their values.

        Returns
        -------
        HostCalibration
            The copy.

        Raises
        ------
        ValueError, TypeError
            If ``name`` is not a calibrated host or a field is not one of the host's or outside its range.
        """
        replace(self.host(name), **fields)  # checks the name and the fields
        return replace(self, overrides={**self.overrides, name: {**self.overrides.get(name, {}), **fields}})


def _rows(packet_time_ms, throughput_mbps, links):
    p = _v.finite_array(packet_time_ms, "packet_time_ms", ndim=1, non_negative=True)
    y = _v.finite_array(throughput_mbps, "throughput_mbps", ndim=1, non_negative=True)
    if p.size == 0 or p.shape != y.shape or np.any(p <= 0) or np.any(y <= 0):
        raise ValueError(f"packet_time_ms and throughput_mbps must be non-empty positive rows of one length, "
                         f"got shapes {p.shape} and {y.shape}")
    if isinstance(links, testbed.Link):
        links = [links] * p.size
    if isinstance(links, (str, bytes)) or not hasattr(links, "__len__") or len(links) != p.size \
            or not all(isinstance(lk, testbed.Link) for lk in links):
        raise ValueError("links must be a Link or one Link per row")
    return p, y, list(links)


def identify_costs(packet_time_ms, throughput_mbps, links, *, digit, packet_bytes: int, rel_error: float,
                   floor_ms: float = 0.0, grid_points: int = SET_GRID) -> tuple[pd.DataFrame, dict]:
    """The per-packet costs of a host consistent with every one of its maximum-throughput rows.

    A pair (``kernel_ms``, ``app_ms``) is in the set when the fluid model
    (:func:`mmperf.hosts.testbed.read_rate`) puts every row's throughput within half its last printed
    digit plus ``rel_error`` of the printed value, and both costs are at least ``floor_ms``
    (:func:`mmperf.hosts.identification.consistent_costs`). The grid spans ``[0, 2 p_min]`` for the
    kernel cost and ``[p_min / 400, 2 p_min]`` for the application cost (``p_min``: the rows' shortest
    packet time).

    Parameters
    ----------
    packet_time_ms : array_like
        The sender's packet time of each row [ms], positive.
    throughput_mbps : array_like
        The printed throughput of each row [Mb/s], positive.
    links : Link or sequence of Link
        The path of every row, or of each row.
    digit : float or array_like
        The unit of each row's last printed digit [Mb/s].
    packet_bytes : int
        Bytes per packet counted in the throughput.
    rel_error : float
        The link model's relative error, in [0, 1).
    floor_ms : float, default 0
        The physical floor of each cost [ms] (:func:`mmperf.hosts.identification.copy_floor_ms`).
    grid_points : int, default 401
        Grid points per cost axis.

    Returns
    -------
    grid : pandas.DataFrame
        The grid of :func:`~mmperf.hosts.identification.consistent_costs`.
    summary : dict
        Its :func:`~mmperf.hosts.identification.set_summary`.

    Raises
    ------
    ValueError
        If the rows are empty, of different lengths or not positive, ``links`` does not match them, or
        an option is outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).

    Examples
    --------
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> g, s = identify_costs([0.4, 0.5, 1.0], [12.56, 12.56, 10.05], link, digit=0.01, packet_bytes=1256,
    ...                       rel_error=0.02, grid_points=41)
    >>> s["empty"]
    False
    """
    p, y, links = _rows(packet_time_ms, throughput_mbps, links)
    nb = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    floor_ms = _v.non_negative(floor_ms, "floor_ms")
    n = _v.whole(grid_points, "grid_points", minimum=2)
    _v.size(n * n * p.size, "grid_points**2 x rows")
    pmin = float(p.min())
    grid = identification.consistent_costs(
        testbed.arrival_rate(p, links, packet_bytes=nb), y, mbps_per_rate=nb * 8 / 1e3, rel_error=rel_error,
        digit=digit, kernel_grid=np.linspace(0.0, 2.0 * pmin, n), app_grid=np.linspace(pmin / 400, 2.0 * pmin, n),
        kernel_floor=floor_ms, app_floor=floor_ms)
    return grid, identification.set_summary(grid)


def cost_profile(packet_time_ms, throughput_mbps, links, *, packet_bytes: int, points: int) -> pd.DataFrame:
    """The profile of a host's fit error over its application cost.

    For each application cost ``c_a`` on a grid of ``points`` from ``p_min / 200`` to ``2 p_min``
    (``p_min``: the rows' shortest packet time), the kernel cost that fits the rows best and the fit's
    rms relative error (:func:`mmperf.hosts.cost_fit.best_kernel_profile`).

    Parameters
    ----------
    packet_time_ms, throughput_mbps, links
        As :func:`identify_costs`.
    packet_bytes : int
        Bytes per packet counted in the throughput.
    points : int
        Grid points, >= 3.

    Returns
    -------
    pandas.DataFrame
        Columns ``app_ms``, ``kernel_ms``, ``rms_rel_error``.

    Raises
    ------
    ValueError
        As :func:`identify_costs`, or if ``points`` is not a whole number >= 3.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).

    Examples
    --------
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> cost_profile([0.4, 1.0], [12.56, 10.05], link, packet_bytes=1256, points=3).shape
    (3, 3)
    """
    p, y, links = _rows(packet_time_ms, throughput_mbps, links)
    nb = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    n = _v.whole(points, "points", minimum=3)
    _v.size(n * 282 * p.size, "points x search grid x rows")
    pmin = float(p.min())
    return cost_fit.best_kernel_profile(
        testbed.arrival_rate(p, links, packet_bytes=nb), y, mbps_per_rate=nb * 8 / 1000.0,
        app_grid=np.linspace(pmin / 200.0, 2.0 * pmin, n), scale_ms=pmin)


def display_calibration(costs: pd.DataFrame, packet_time_ms, avg_lost, *, display_host: str,
                        packets_per_frame: int, packet_bytes: int, buffer_packets: int) -> tuple[pd.DataFrame, float]:
    """Each host's fluid peak and display time, with the display-work ratio fitted on one animation table.

    The display is user-level work like the application's reads (the kernel cost measures the network
    driver's path and does not scale it): a frame's display takes ``kappa * packets_per_frame *
    app_ms``, with one ``kappa`` for every host, fitted (:func:`mmperf.hosts.cost_fit.fit_display_ratio`,
    on ``[0, 1000]``) to the average loss per frame of ``display_host``'s animation rows.

    Parameters
    ----------
    costs : pandas.DataFrame
        One row per host (indexed by name) with ``kernel_ms`` and ``app_ms``.
    packet_time_ms : array_like
        The animation rows' packet times [ms].
    avg_lost : array_like
        Their average packets lost per frame.
    display_host : str
        The host of the animation table (a row of ``costs``).
    packets_per_frame : int
        Packets per frame.
    packet_bytes : int
        Bytes per packet counted in the throughput.
    buffer_packets : int
        Socket buffer [packets].

    Returns
    -------
    hosts : pandas.DataFrame
        ``costs`` with ``knee_mbps``, ``frame_read_ms`` and ``display_ms`` added, the index named ``host``.
    kappa : float
        The display-work ratio.

    Raises
    ------
    ValueError
        If ``costs`` lacks a column or ``display_host``, or a value is outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 (the losses of the animation experiment).

    Examples
    --------
    >>> costs = pd.DataFrame({"kernel_ms": [0.0], "app_ms": [0.25]}, index=["h"])
    >>> hosts, kappa = display_calibration(costs, [2.0], [10.0], display_host="h", packets_per_frame=400,
    ...                                    packet_bytes=1256, buffer_packets=40)
    >>> round(kappa, 4), round(float(hosts.loc["h", "display_ms"]), 2)
    (1.0, 100.0)
    """
    if not isinstance(costs, pd.DataFrame) or not {"kernel_ms", "app_ms"} <= set(costs.columns):
        raise ValueError("costs must be a DataFrame with columns kernel_ms and app_ms")
    if display_host not in costs.index:
        raise ValueError(f"display_host must be one of {list(costs.index)}, got {display_host!r}")
    n = _v.whole(packets_per_frame, "packets_per_frame", minimum=1)
    nb = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    hosts = costs.copy()
    hosts["knee_mbps"] = nb * 8 / (hosts["kernel_ms"] + hosts["app_ms"]) / 1000
    hosts["frame_read_ms"] = n * hosts["app_ms"]
    hk = hosts.loc[display_host]
    # a wide bracket: at the low end of the 5000/200's set the ratio is about 55
    kappa = cost_fit.fit_display_ratio(packet_time_ms, avg_lost,
                                       frame_read_ms=hk["frame_read_ms"], kernel_ms=hk["kernel_ms"],
                                       buffer_packets=buffer_packets, upper=1000.0)
    hosts["display_ms"] = kappa * hosts["frame_read_ms"]
    hosts.index.name = "host"
    return hosts, kappa


def display_walls(packet_time_ms, avg_lost, *, buffer_packets: float, display_ms: float, kernel_ms: float) -> pd.DataFrame:
    """The display's wall time per frame that observed losses imply, beside the model's.

    A display of wall time ``W`` loses ``x = W / p - B`` packets per frame (:func:`mmperf.hosts.cost_fit.fluid_display_loss`),
    so an average loss ``x`` implies ``W = (B + x) p``; the model's is ``display_ms / (1 - kernel_ms / p)``
    (the kernel's interrupt work on the packets arriving meanwhile).

    Parameters
    ----------
    packet_time_ms : array_like
        Packet times [ms], each above ``kernel_ms``.
    avg_lost : array_like
        Observed average packets lost per frame, one per packet time, >= 0.
    buffer_packets : float
        Socket buffer [packets], >= 0.
    display_ms : float
        The model's display CPU time per frame [ms], positive.
    kernel_ms : float
        The model's kernel cost per packet [ms], >= 0.

    Returns
    -------
    pandas.DataFrame
        Columns ``implied_display_wall_ms``, ``book_display_wall_ms`` and ``ratio`` (implied / model).

    Raises
    ------
    ValueError
        If the rows differ in length or are empty, or a value is outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 (the losses of the animation experiment).

    Examples
    --------
    >>> display_walls([2.0], [10.0], buffer_packets=40, display_ms=100.0, kernel_ms=0.0)["ratio"].tolist()
    [1.0]
    """
    p, x = _loss_rows(packet_time_ms, avg_lost)
    b = _v.non_negative(buffer_packets, "buffer_packets")
    d = _v.positive(display_ms, "display_ms")
    k = _v.non_negative(kernel_ms, "kernel_ms")
    if np.any(p <= k):
        raise ValueError(f"packet_time_ms must exceed kernel_ms={kernel_ms!r} (else the display never ends)")
    out = pd.DataFrame({"implied_display_wall_ms": (b + x) * p, "book_display_wall_ms": d / (1 - k / p)})
    out["ratio"] = out["implied_display_wall_ms"] / out["book_display_wall_ms"]
    return out


def _loss_rows(packet_time_ms, avg_lost):
    p = _v.finite_array(packet_time_ms, "packet_time_ms", ndim=1, non_negative=True)
    x = _v.finite_array(avg_lost, "avg_lost", ndim=1, non_negative=True)
    if p.size == 0 or p.shape != x.shape or np.any(p <= 0):
        raise ValueError(f"packet_time_ms (positive) and avg_lost must be non-empty rows of one length, "
                         f"got shapes {p.shape} and {x.shape}")
    return p, x
