"""The identified sets of a testbed's receiving hosts, host by host, from one long table of printed rows.

Each host's maximum-throughput rows (the sender's packet time, the printed throughput, the path and
the unit of the last printed digit) determine a set of per-packet costs (``kernel_ms``, ``app_ms``)
consistent with every row (:func:`mmperf.hosts.calibration.identify_costs`, above the host's physical
floor), the profile of the fit's error over the application cost
(:func:`mmperf.hosts.calibration.cost_profile`) and a chosen member with the set's extent
(:func:`mmperf.hosts.cost_fit.set_point`). :class:`HostSets` holds the rows of every host and computes
each host's set once; :func:`printed_digit` reads the unit of a printed value's last digit.

References
----------
Taylor & Polyzos (1993), sec. 3: the maximum-throughput tables of three receiving hosts.

Examples
--------
>>> from mmperf.hosts import testbed
>>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
>>> rows = pd.DataFrame({"host": "h", "packet_time_ms": [0.4, 0.5, 1.0], "throughput_mbps": [12.56, 12.56, 10.05],
...                      "link": [link] * 3, "digit": 0.01})
>>> sets = HostSets(rows, floors={"h": 0.0}, packet_bytes=1256, rel_error=0.02, grid_points=41)
>>> c = sets.costs("h")
>>> c["app_ms_low"] <= c["app_ms"] <= c["app_ms_high"], c["rows"]
(True, 3)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.hosts import calibration, cost_fit

__all__ = ["HostSets", "printed_digit"]

ROW_COLUMNS = ("host", "packet_time_ms", "throughput_mbps", "link", "digit")
"""The columns of :class:`HostSets`' rows."""


def printed_digit(values, *, decimals=(1, 2)) -> np.ndarray:
    """The unit of each printed value's last digit: the coarsest ``10**-d`` (``d`` in ``decimals``) it reads the same to.

    A value that reads the same to ``d`` decimals (within 1e-9) is taken as printed to ``d`` decimals;
    one that reads the same to none of them gets the finest unit. Values printed as 33.2 or as 15.60
    both read 0.1.

    Parameters
    ----------
    values : array_like of float
        The printed values (1-D, finite).
    decimals : sequence of int, default (1, 2)
        The numbers of decimals the table prints, increasing, each >= 0.

    Returns
    -------
    numpy.ndarray
        The unit of each value's last digit.

    Raises
    ------
    ValueError
        If ``values`` is not a 1-D array of finite numbers or ``decimals`` not increasing whole numbers >= 0.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3: throughputs printed to one or two decimals.

    Examples
    --------
    >>> printed_digit([33.2, 15.6, 12.56]).tolist()
    [0.1, 0.1, 0.01]
    """
    v = _v.finite_array(values, "values", ndim=1, allow_empty=True)
    if isinstance(decimals, (str, bytes)) or not hasattr(decimals, "__len__") or len(decimals) == 0 \
            or any(isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 0 for d in decimals) \
            or list(decimals) != sorted(set(decimals)):
        raise ValueError(f"decimals must be increasing whole numbers >= 0, got {decimals!r}")
    units = [float(f"1e-{int(d)}") for d in decimals]

    def unit(x: float) -> float:
        return next((u for d, u in zip(decimals, units) if abs(round(x, int(d)) - x) < 1e-9), units[-1])

    return np.array([unit(float(x)) for x in v], dtype=float)


@dataclass(frozen=True, eq=False)
class HostSets:
    """The identified sets of several hosts' per-packet costs, each computed once from its rows.

    Parameters
    ----------
    rows : pandas.DataFrame
        One row per printed run: ``host``, ``packet_time_ms`` [ms], ``throughput_mbps`` (printed),
        ``link`` (a :class:`~mmperf.hosts.testbed.Link`) and ``digit`` (the unit of the throughput's
        last printed digit, :func:`printed_digit`).
    floors : dict of str to float
        Each host's physical floor of each cost [ms] (:func:`mmperf.hosts.identification.copy_floor_ms`).
    packet_bytes : int
        Bytes per packet counted in the throughput.
    rel_error : float
        The link model's relative error, in [0, 1).
    profile_rows : pandas.DataFrame, optional
        The rows the error profile is computed on (the same columns; default ``rows``).
    grid_points : int, default 401
        Grid points per cost axis of each set.

    Raises
    ------
    ValueError
        If a frame lacks a column or holds no row, a host of the rows has no floor, or an option is
        outside its range.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).
    """

    rows: pd.DataFrame
    floors: dict
    packet_bytes: int
    rel_error: float
    profile_rows: pd.DataFrame | None = None
    grid_points: int = calibration.SET_GRID
    _cache: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        for name in ("rows", "profile_rows"):
            f = getattr(self, name)
            if f is None and name == "profile_rows":
                continue
            if not isinstance(f, pd.DataFrame) or not set(ROW_COLUMNS) <= set(f.columns) or f.empty:
                raise ValueError(f"{name} must be a non-empty DataFrame with columns {list(ROW_COLUMNS)}")
        if not isinstance(self.floors, dict) or not set(self.rows["host"]) <= set(self.floors):
            raise ValueError(f"floors must give every host of the rows a floor in ms, got {self.floors!r}")
        for h, x in self.floors.items():
            _v.non_negative(x, f"floors[{h!r}]")
        _v.whole(self.packet_bytes, "packet_bytes", minimum=1)
        r = _v.non_negative(self.rel_error, "rel_error")
        if r >= 1:
            raise ValueError(f"rel_error must be a number in [0, 1), got {self.rel_error!r}")
        _v.whole(self.grid_points, "grid_points", minimum=2)

    @property
    def hosts(self) -> list:
        """The hosts, in the order of their first row."""
        return list(dict.fromkeys(self.rows["host"]))

    def _host(self, host) -> str:
        if not isinstance(host, str) or host not in self.hosts:
            raise ValueError(f"host must be one of {self.hosts}, got {host!r}")
        return host

    def _set(self, host: str) -> tuple:
        """``(grid, summary, rows)`` of :func:`~mmperf.hosts.calibration.identify_costs` for ``host``, computed once."""
        if ("set", host) not in self._cache:
            d = self.rows[self.rows["host"] == host]
            grid, summary = calibration.identify_costs(
                d["packet_time_ms"].to_numpy(), d["throughput_mbps"].to_numpy(), list(d["link"]),
                digit=d["digit"].to_numpy(), packet_bytes=self.packet_bytes, rel_error=self.rel_error,
                floor_ms=self.floors[host], grid_points=self.grid_points)
            self._cache[("set", host)] = (grid, summary, len(d))
        return self._cache[("set", host)]

    def identified_set(self, host: str) -> pd.DataFrame:
        """The grid of one host's costs with the flag ``inside`` (consistent with every row and above the floor).

        Parameters
        ----------
        host : str
            A host of the rows.

        Returns
        -------
        pandas.DataFrame
            The grid of :func:`~mmperf.hosts.identification.consistent_costs` with a ``host`` column.

        Raises
        ------
        ValueError
            If ``host`` is not a host of the rows.
        """
        return self._set(self._host(host))[0].assign(host=host)

    def cost_profile(self, host: str, *, points: int = 121) -> pd.DataFrame:
        """The profile of a host's fit error over its application cost, and where the identified set lies.

        Parameters
        ----------
        host : str
            A host of the rows.
        points : int, default 121
            Grid points of the application cost (:func:`mmperf.hosts.calibration.cost_profile`), >= 3.

        Returns
        -------
        pandas.DataFrame
            Columns ``host``, ``app_ms``, ``kernel_ms``, ``rms_rel_error`` (on ``profile_rows``) and
            ``inside`` (``app_ms`` within the identified set's range).

        Raises
        ------
        ValueError
            If ``host`` is not a host of the rows or ``points`` is not a whole number >= 3.
        """
        self._host(host)
        points = _v.whole(points, "points", minimum=3)
        key = ("profile", host, points)
        if key not in self._cache:
            f = self.rows if self.profile_rows is None else self.profile_rows
            d = f[f["host"] == host]
            self._cache[key] = calibration.cost_profile(d["packet_time_ms"].to_numpy(), d["throughput_mbps"].to_numpy(),
                                                        list(d["link"]), packet_bytes=self.packet_bytes, points=points)
        prof = self._cache[key].copy()
        s = self._set(host)[1]
        prof.insert(0, "host", host)
        prof["inside"] = (prof["app_ms"] >= s["app_low"]) & (prof["app_ms"] <= s["app_high"])
        return prof

    def costs(self, host: str, *, point="fit") -> dict:
        """One host's ``kernel_ms`` and ``app_ms``: a member of its identified set, with the set's extent.

        Parameters
        ----------
        host : str
            A host of the rows.
        point : str or float, default "fit"
            A point of :func:`mmperf.hosts.cost_fit.set_point` (``"fit"``, ``"low"``, ``"high"`` or an
            application cost [ms]).

        Returns
        -------
        dict
            ``kernel_ms``, ``app_ms``, ``rows``, ``rms_rel_error`` (over the rows), ``app_ms_low``,
            ``app_ms_high``, ``kernel_ms_low``, ``kernel_ms_high`` (the set's extent), ``floor_ms``, ``point``.

        Raises
        ------
        ValueError
            If ``host`` is not a host of the rows, ``point`` is neither one of
            :data:`mmperf.hosts.cost_fit.POINTS` nor a positive number, or the set is empty (no pair of
            costs fits every row within ``rel_error``: the rows contradict the model).
        """
        grid, s, n = self._set(self._host(host))
        if s["empty"]:
            raise ValueError(f"no costs of {host} fit every row within rel_error={self.rel_error} "
                             f"(closest misfit {s['misfit_min']:.2f} > 1)")
        if isinstance(point, str) and point not in cost_fit.POINTS:
            raise ValueError(f"point must be one of {cost_fit.POINTS} or a cost in ms, got {point!r}")
        if not isinstance(point, str) and (isinstance(point, bool) or not isinstance(point, (int, float))
                                           or not math.isfinite(point) or point <= 0):
            raise ValueError(f"point must be one of {cost_fit.POINTS} or a cost in ms (a positive number), got {point!r}")
        m = cost_fit.set_point(grid, s, point=point)
        return {"kernel_ms": m["kernel_ms"], "app_ms": m["app_ms"], "rows": int(n), "rms_rel_error": m["rms_rel_error"],
                "app_ms_low": s["app_low"], "app_ms_high": s["app_high"], "kernel_ms_low": s["kernel_low"],
                "kernel_ms_high": s["kernel_high"], "floor_ms": self.floors[host], "point": str(point)}
