"""Operational analysis: the laws that hold for any queueing network, without simulating it.

Utilizations and saturation points follow in closed form from the service demands alone
(Denning & Buzen 1978; Lazowska et al. 1984, ch. 3 and 5). A chapter that reports them as
simulation results should compute them here and check the simulation against them:

* **utilization law** -- :math:`U_k = X D_k`: a station's utilization is the system throughput
  times the station's service demand per job (time per visit times visits per job);
* **bottleneck law** -- the throughput can never exceed :math:`X^* = 1 / D_{max}`, reached when
  the station with the largest demand is busy all the time;
* **saturation point** -- the scale of a per-unit demand at which a station's utilization reaches
  one, :math:`s^* = (1 - U_0) / (X\\,d)`, in closed form or extrapolated from a measured sweep;
* **Little's law** -- :math:`N = X R`: the mean number of jobs in a system is its throughput times
  the mean time a job spends in it.

Examples
--------
>>> from mmperf.networks import operational as op
>>> op.utilization(throughput=30.0, demand=0.02)  # 30 frames/s, 20 ms of CPU per frame
0.6
>>> op.bottleneck({"cpu": 0.02, "disk": 0.025, "ring": 0.004})
('disk', 40.0)
"""

from __future__ import annotations

import math
from typing import Mapping

import numpy as np

from mmperf import _validate


def _product(a, a_name: str, b, b_name: str):
    """``a * b`` of two finite, non-negative numbers or arrays (a float for scalars)."""
    out = (_validate.finite_array(a, a_name, non_negative=True)
           * _validate.finite_array(b, b_name, non_negative=True))
    return float(out) if np.ndim(out) == 0 else np.asarray(out)


def utilization(*, throughput, demand):
    """Utilization law: :math:`U = X D`.

    Parameters
    ----------
    throughput : float or array_like
        Jobs completed per unit time, >= 0.
    demand : float or array_like
        Service demand per job (the same time unit), >= 0.

    Returns
    -------
    float or numpy.ndarray
        The utilization; a value above 1 means the station cannot carry that throughput.

    Raises
    ------
    ValueError
        If a value is negative, NaN or infinite.

    References
    ----------
    Lazowska et al. (1984), sec. 3.2.

    Examples
    --------
    >>> utilization(throughput=[10.0, 20.0], demand=0.01).tolist()
    [0.1, 0.2]
    """
    return _product(throughput, "throughput", demand, "demand")


def bottleneck(demands: Mapping[str, float]) -> tuple[str, float]:
    """The bottleneck station and the largest throughput the network can carry, :math:`1 / D_{max}`.

    Parameters
    ----------
    demands : mapping of str to float
        Service demand per job of each station (> 0 for at least one).

    Returns
    -------
    (str, float)
        The station with the largest demand (the first such, in the mapping's order) and
        :math:`X^* = 1 / D_{max}` [jobs per time unit].

    Raises
    ------
    ValueError
        If there is no station, a demand is negative, NaN or infinite, or every demand is zero.

    References
    ----------
    Lazowska et al. (1984), sec. 5.2.

    Examples
    --------
    >>> bottleneck({"host": 0.5, "adapter": 0.25})
    ('host', 2.0)
    """
    if not isinstance(demands, Mapping) or not demands:
        raise ValueError(f"demands must be a non-empty mapping of station to demand, got {demands!r}")
    values = {str(k): _validate.non_negative(v, f"demands[{k!r}]") for k, v in demands.items()}
    name = max(values, key=values.get)
    if values[name] == 0:
        raise ValueError("demands must hold at least one positive demand (no station does any work)")
    return name, 1.0 / values[name]


def saturation_point(*, throughput: float, demand_per_unit: float, base: float = 0.0) -> float:
    """The scale at which a demand proportional to it saturates a station: :math:`s^* = (1 - U_0) / (X d)`.

    A station that does ``demand_per_unit`` seconds of work per unit of some size (an instruction,
    a byte, a stream) for each of ``throughput`` jobs per second, on top of a utilization ``base``
    that does not grow with the size (other work), is saturated when the size per job reaches
    ``s*``; below it the utilization is ``base + s X d``.

    Parameters
    ----------
    throughput : float
        Jobs per second, > 0.
    demand_per_unit : float
        Seconds of service per unit of size per job, > 0.
    base : float, default 0
        Utilization the station has at size zero (a finite number; above 1 the station is
        saturated before any size and ``s*`` is negative).

    Returns
    -------
    float
        The size per job at which the utilization is one.

    Raises
    ------
    ValueError
        If ``throughput`` or ``demand_per_unit`` is not a finite number > 0, or ``base`` not finite.

    References
    ----------
    Lazowska et al. (1984), sec. 5.2; Huynh & Khoshgoftaar (1994), sec. 5.2 (the path length at
    which a PS/2's host saturates).

    Examples
    --------
    >>> round(saturation_point(throughput=30.0, demand_per_unit=1 / 1.8e6), 6)  # 1.8 M instructions/s, 30 jobs/s
    60000.0
    >>> saturation_point(throughput=1.0, demand_per_unit=0.01, base=0.5)
    50.0
    """
    x = _validate.positive(throughput, "throughput")
    d = _validate.positive(demand_per_unit, "demand_per_unit")
    u0 = _validate.finite(base, "base")
    return float((1.0 - u0) / (x * d))


def saturation_from_sweep(x, utilization, *, below: float = 0.8) -> float:
    """Where a measured utilization that grows linearly with ``x`` reaches 100 % (a sweep extrapolated).

    Below saturation a station's utilization is linear in the work per job (utilization law),
    but near 100 % a finite run underestimates it (work still queued at the end of the run). So
    the line is fitted by least squares to the points with utilization below ``below`` and solved
    for one by :func:`saturation_point` (its slope the demand per unit, its intercept the base).

    Parameters
    ----------
    x : array_like
        Sizes per job (path lengths, bytes...), 1-D, finite.
    utilization : array_like
        Measured utilizations [fraction] at ``x``, the same length, finite.
    below : float, default 0.8
        Only points with ``utilization < below`` are fitted (at least two needed), in (0, 1].

    Returns
    -------
    float
        ``x`` at which the fitted line reaches 1; NaN if its slope is not positive.

    Raises
    ------
    ValueError
        If the arrays are not 1-D of one length with finite numbers, ``below`` is out of range,
        or fewer than two points lie below ``below``.

    References
    ----------
    Lazowska et al. (1984), sec. 3.2; Huynh & Khoshgoftaar (1994), sec. 5.2 and Fig. 5b (host
    utilization against the video conferencing path length).

    Examples
    --------
    >>> saturation_from_sweep([10, 20, 30, 40], [0.25, 0.5, 0.75, 0.95])
    40.0
    """
    xs = _validate.finite_array(x, "x", ndim=1)
    ys = _validate.finite_array(utilization, "utilization", ndim=1)
    if xs.shape != ys.shape:
        raise ValueError(f"x and utilization must have the same length, got {xs.size} and {ys.size}")
    cut = _validate.positive(below, "below")
    if cut > 1:
        raise ValueError(f"below must be a number in (0, 1], got {below!r}")
    keep = ys < cut
    if keep.sum() < 2:
        raise ValueError(f"utilization needs at least two points below {below}, got {int(keep.sum())}")
    if np.unique(xs[keep]).size < 2:
        raise ValueError("x must hold at least two distinct values among the points fitted")
    slope, intercept = np.polyfit(xs[keep], ys[keep], 1)
    if slope <= 0:
        return math.nan
    return saturation_point(throughput=1.0, demand_per_unit=float(slope), base=float(intercept))


def littles_law(*, throughput, response_time):
    """Little's law: the mean number in a system, :math:`N = X R`.

    Parameters
    ----------
    throughput : float or array_like
        Jobs per time unit, >= 0.
    response_time : float or array_like
        Mean time a job spends in the system, >= 0.

    Returns
    -------
    float or numpy.ndarray
        The mean number in the system, :math:`X R` (an array if an input is one).

    Raises
    ------
    ValueError
        If a value is negative, NaN or infinite.

    References
    ----------
    Little (1961); Lazowska et al. (1984), sec. 3.3.

    Examples
    --------
    >>> littles_law(throughput=2.0, response_time=1.5)
    3.0
    """
    return _product(throughput, "throughput", response_time, "response_time")


__all__ = ["bottleneck", "littles_law", "saturation_from_sweep", "saturation_point", "utilization"]
