"""Which per-packet host costs a set of measured throughputs allows: set-membership identification.

A receiving host of :mod:`mmperf.hosts.testbed` has two per-packet CPU costs, ``kernel_ms``
(interrupt level) and ``app_ms`` (the application's read). In the fluid limit the throughput it
reads at arrival rate ``a`` is ``min(a, (1 - a kernel_ms) / app_ms)``
(:func:`mmperf.hosts.testbed.read_rate`). A table printed to a fixed number of digits, and a link
model that is only as good as a stated relative error, do not determine one pair of costs: they
determine the **set** of pairs whose predictions lie within every row's tolerance,

``|predicted_i - printed_i| <= digit / 2 + rel_error * printed_i``  for every row ``i``,

(set-membership estimation with bounded errors; Milanese & Vicino 1991). The set is computed on a
grid; a host's physical floor bounds each cost below (:func:`copy_floor_ms`).

Nothing here is statistical: a cost is in the set or it is not, and the set has no coverage level.

References
----------
M. Milanese, A. Vicino, "Optimal estimation theory for dynamic systems with set membership
uncertainty: an overview", Automatica 27(6), 997-1009, 1991.

Examples
--------
>>> import numpy as np
>>> from mmperf.hosts import identification as ident
>>> arriving = np.array([2.0, 4.0])            # packets/ms
>>> observed = np.array([2.0, 2.0]) * 10.0     # Mb/s at 10 Mb per packet/ms
>>> s = ident.consistent_costs(arriving, observed, mbps_per_rate=10.0, rel_error=0.01, digit=0.01,
...                            kernel_grid=np.linspace(0, 0.3, 31), app_grid=np.linspace(0.01, 0.5, 50))
>>> bool(s.loc[(s["kernel_ms"] == 0.1) & (np.isclose(s["app_ms"], 0.3)), "inside"].iloc[0])
True
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.hosts import testbed

__all__ = ["consistent_costs", "copy_floor_ms", "set_summary"]


def copy_floor_ms(*, clock_mhz: float, word_bytes: int, packet_bytes: int = testbed.PACKET_BYTES) -> float:
    """The least CPU time [ms] a host can spend on one packet: one copy of it, one word per cycle each way.

    Every packet is copied at least once by each of the kernel (adaptor to socket buffer) and the
    application's read (socket buffer to user space). A copy of ``packet_bytes`` loads and stores
    ``ceil(packet_bytes / word_bytes)`` words; a processor of the early 1990s (MIPS R3000, Alpha
    21064) issues at most one load or store per cycle, so a copy takes at least
    ``2 ceil(packet_bytes / word_bytes)`` cycles, cache misses, the system call and the protocol
    code not counted. A floor, far below any real cost.

    Parameters
    ----------
    clock_mhz : float
        Processor clock [MHz].
    word_bytes : int
        Width of a load or store [bytes] (4 on the R3000, 8 on the Alpha).
    packet_bytes : int, default 1224
        Bytes copied.

    Returns
    -------
    float
        The floor [ms].

    Raises
    ------
    ValueError
        If an argument is not positive (``word_bytes`` and ``packet_bytes`` whole numbers >= 1).

    Examples
    --------
    >>> round(copy_floor_ms(clock_mhz=25.0, word_bytes=4), 5)   # DECstation 5000/200
    0.02448
    """
    clock = _v.positive(clock_mhz, "clock_mhz")
    word = _v.whole(word_bytes, "word_bytes", minimum=1)
    size = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    return 2 * math.ceil(size / word) / (clock * 1e3)


def consistent_costs(arriving, observed_mbps, *, mbps_per_rate: float, rel_error: float, digit,
                     kernel_grid, app_grid, kernel_floor: float = 0.0, app_floor: float = 0.0) -> pd.DataFrame:
    """Every (kernel, application) cost pair of a grid, with its worst misfit and whether it is in the set.

    Parameters
    ----------
    arriving : array_like
        Packet rate reaching the host in each row [packets/ms] (:func:`mmperf.hosts.testbed.arrival_rate`).
    observed_mbps : array_like
        The printed throughput of each row [Mb/s].
    mbps_per_rate : float
        Mb/s per packet/ms (the packet's bits / 1000).
    rel_error : float
        The link model's stated relative error, in [0, 1).
    digit : float or array_like
        The unit of the last printed digit of each row [Mb/s]; half of it is the rounding error.
    kernel_grid, app_grid : array_like
        Costs tried [ms] (``app_grid`` positive).
    kernel_floor, app_floor : float, default 0
        Physical floors [ms] (:func:`copy_floor_ms`): a pair below either is outside the set.

    Returns
    -------
    pandas.DataFrame
        One row per grid pair: ``kernel_ms``, ``app_ms``, ``misfit`` (the largest
        ``|predicted - printed| / tolerance`` over the rows; <= 1 fits every row), ``rms_rel_error``
        (for choosing a point inside the set), ``inside`` (misfit <= 1 and both floors met).

    Raises
    ------
    ValueError
        If the rows do not match, a value is not finite, or ``rel_error`` is outside [0, 1).
    """
    a = _v.finite_array(arriving, "arriving", ndim=1, non_negative=True)
    y = _v.finite_array(observed_mbps, "observed_mbps", ndim=1, non_negative=True)
    if a.shape != y.shape or a.size == 0:
        raise ValueError(f"arriving and observed_mbps must be non-empty and of one length, got {a.shape} and {y.shape}")
    err = _v.finite(rel_error, "rel_error")
    if not 0 <= err < 1:
        raise ValueError(f"rel_error must be a number in [0, 1), got {rel_error!r}")
    dig = _v.finite_array(np.atleast_1d(digit) if np.ndim(digit) == 0 else digit, "digit", non_negative=True)
    if dig.shape not in ((1,), y.shape):
        raise ValueError(f"digit must be one number or one per row ({y.size}), got shape {dig.shape}")
    dig = np.broadcast_to(dig, y.shape)
    scale = _v.positive(mbps_per_rate, "mbps_per_rate")
    ck = _v.finite_array(kernel_grid, "kernel_grid", ndim=1, non_negative=True)
    ca = _v.finite_array(app_grid, "app_grid", ndim=1, non_negative=True)
    if np.any(ca <= 0):
        raise ValueError("app_grid must hold positive costs")
    _v.size(ck.size * ca.size * y.size, "kernel_grid x app_grid x rows")
    pred = testbed.read_rate(a, kernel_ms=ck[:, None, None], app_ms=ca[None, :, None]) * scale
    tol = dig / 2 + err * y
    misfit = np.max(np.abs(pred - y) / tol, axis=-1)
    rms = np.sqrt(np.mean((pred / np.where(y > 0, y, 1) - 1) ** 2, axis=-1))
    K, A = np.meshgrid(ck, ca, indexing="ij")
    out = pd.DataFrame({"kernel_ms": K.ravel(), "app_ms": A.ravel(), "misfit": misfit.ravel(),
                        "rms_rel_error": rms.ravel()})
    out["inside"] = ((out["misfit"] <= 1) & (out["kernel_ms"] >= _v.non_negative(kernel_floor, "kernel_floor"))
                     & (out["app_ms"] >= _v.non_negative(app_floor, "app_floor")))
    return out


def set_summary(grid: pd.DataFrame) -> dict:
    """The identified set of :func:`consistent_costs` in a few numbers, and its three points.

    Parameters
    ----------
    grid : pandas.DataFrame
        Output of :func:`consistent_costs`.

    Returns
    -------
    dict
        ``empty`` (bool); ``app_low``, ``app_high``, ``kernel_low``, ``kernel_high``, ``total_low``,
        ``total_high`` [ms] (the set's extent in ``app_ms``, ``kernel_ms`` and their sum); and three
        points as ``(kernel_ms, app_ms)``: ``point_fit`` (the member of least rms relative error),
        ``point_low`` and ``point_high`` (the members of least rms error at the smallest and largest
        ``app_ms`` of the set). NaN and None when the set is empty; then ``misfit_min`` says how
        far the closest pair is from fitting (> 1).

    Raises
    ------
    ValueError
        If ``grid`` lacks a column of :func:`consistent_costs`.
    """
    need = {"kernel_ms", "app_ms", "misfit", "rms_rel_error", "inside"}
    if not isinstance(grid, pd.DataFrame) or not need <= set(grid.columns):
        raise ValueError(f"grid must be a DataFrame from consistent_costs with columns {sorted(need)}")
    ins = grid[grid["inside"]]
    out = {"empty": ins.empty, "misfit_min": float(grid["misfit"].min())}
    if ins.empty:
        nan = float("nan")
        return {**out, "app_low": nan, "app_high": nan, "kernel_low": nan, "kernel_high": nan, "total_low": nan,
                "total_high": nan, "point_fit": None, "point_low": None, "point_high": None}

    def best(frame):
        r = frame.loc[frame["rms_rel_error"].idxmin()]
        return float(r["kernel_ms"]), float(r["app_ms"])

    tot = ins["kernel_ms"] + ins["app_ms"]
    return {**out, "app_low": float(ins["app_ms"].min()), "app_high": float(ins["app_ms"].max()),
            "kernel_low": float(ins["kernel_ms"].min()), "kernel_high": float(ins["kernel_ms"].max()),
            "total_low": float(tot.min()), "total_high": float(tot.max()), "point_fit": best(ins),
            "point_low": best(ins[ins["app_ms"] == ins["app_ms"].min()]),
            "point_high": best(ins[ins["app_ms"] == ins["app_ms"].max()])}
