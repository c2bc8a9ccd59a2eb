"""Operational analysis: the laws that hold for any queueing network, without simulating it.

Utilizations and saturation points follow in closed form from the service demands alone
(Denning & Buzen 1978; Lazowska et al. 1984, ch. 3 and 5). A chapter that reports them as
simulation results should compute them here and check the simulation against them:

* **utilization law** -- :math:`U_k = X D_k`: a station's utilization is the system throughput
  times the station's service demand per job (time per visit times visits per job);
* **bottleneck law** -- the throughput can never exceed :math:`X^* = 1 / D_{max}`, reached when
  the station with the largest demand is busy all the time;
* **saturation point** -- the scale of a per-unit demand at which a station's utilization reaches
  one, :math:`s^* = 1 / (X\\,d)`;
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


def saturation_point(*, throughput: float, demand_per_unit: float) -> float:
    """The scale at which a demand proportional to it saturates a station: :math:`s^* = 1 / (X d)`.

    A station that does ``demand_per_unit`` seconds of work per unit of some size (an instruction,
    a byte, a stream) for each of ``throughput`` jobs per second is saturated when the size per
    job reaches ``s*``; below it the utilization is ``s / s*``.

    Parameters
    ----------
    throughput : float
        Jobs per second, > 0.
    demand_per_unit : float
        Seconds of service per unit of size per job, > 0.

    Returns
    -------
    float
        The size per job at which the utilization is one.

    Raises
    ------
    ValueError
        If an argument is not a finite number > 0.

    Examples
    --------
    >>> round(saturation_point(throughput=30.0, demand_per_unit=1 / 1.8e6), 6)  # 1.8 M instructions/s, 30 jobs/s
    60000.0
    """
    x = _validate.positive(throughput, "throughput")
    d = _validate.positive(demand_per_unit, "demand_per_unit")
    return float(1.0 / (x * d))


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


__all__ = ["bottleneck", "littles_law", "saturation_point", "utilization"]
