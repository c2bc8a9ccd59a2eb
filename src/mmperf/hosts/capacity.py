"""A host's capacity read off its runs: closed-form utilizations of a grid, saturation and knee points
of a load sweep, one workload's share of a station.

A capacity study of a host (how much code per frame it can carry, which station gives out first)
asks the same few questions of every model: every station's utilization in closed form over a
grid of configurations (:func:`utilization_table`, the utilization law of
:func:`mmperf.hosts.ps2_laws.utilizations`); where a utilization that grows with the work per job
reaches 100 % (:func:`saturations`, each group's sweep extrapolated by
:func:`mmperf.networks.operational.saturation_from_sweep`); where a delay turns up
(:func:`knees`, the first crossing of a multiple of its value at the lightest load,
:func:`mmperf.metrics.crossing.crossing`); and how much of a station's busy time one workload
class accounts for (:func:`workload_share`). Each reads long tables (one row per configuration,
replication and station or delay), averages over the replications where it needs a curve, and
names its groups by columns, so any sweep of any host model can be read with it.

References
----------
Lazowska et al., *Quantitative System Performance*, 1984, ch. 3 (operational laws);
K. D. Huynh, T. M. Khoshgoftaar, Multimedia Systems 1994, sec. 5.2 (saturation path lengths,
the adapter's knee, the file transfer's share of the host).

Examples
--------
>>> import pandas as pd
>>> f = pd.DataFrame({"host": ["a"] * 3, "x": [1.0, 2.0, 3.0], "u": [0.2, 0.4, 0.6]})
>>> saturations(f, x="x", y="u", by=["host"]).round(6).to_dict("list")
{'host': ['a'], 'saturation': [5.0]}
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.ps2 import Hardware, Workload
from mmperf.hosts.ps2_laws import utilizations
from mmperf.metrics.crossing import crossing
from mmperf.networks.operational import saturation_from_sweep

__all__ = ["knees", "saturations", "utilization_table", "workload_share"]


def _columns(frame, names: dict) -> None:
    """Refuse a ``frame`` that is not a DataFrame, or a parameter that does not name its columns."""
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    if frame.empty:
        raise ValueError("frame must hold at least one row")
    for parameter, cols in names.items():
        for col in cols:
            if not isinstance(col, str) or col not in frame.columns:
                raise ValueError(f"{parameter} must name columns of frame {list(frame.columns)}, got {col!r}")


def _names(value, parameter: str) -> list:
    """``value`` as a non-empty list of column names (a single name is refused: pass a list)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{parameter} must be a list of column names, got {value!r:.80}")
    value = list(value)
    if not value:
        raise ValueError(f"{parameter} must name at least one column, got {value!r}")
    return value


def utilization_table(cases) -> pd.DataFrame:
    """Every station's utilization in closed form, for each configuration of a grid [fraction].

    The utilization law (:func:`mmperf.hosts.ps2_laws.utilizations`) per case, no simulation.

    Parameters
    ----------
    cases : sequence of tuple
        ``(labels, hardware, workload)`` per configuration: a dict of labels (columns of the
        result), a :class:`~mmperf.hosts.ps2.Hardware` and a :class:`~mmperf.hosts.ps2.Workload`.

    Returns
    -------
    pandas.DataFrame
        The labels' columns, ``station`` and ``utilization`` [fraction]: one row per case and
        station of :data:`mmperf.hosts.ps2_laws.STATIONS`, in the order of ``cases``.

    Raises
    ------
    TypeError, ValueError
        If ``cases`` is not a non-empty sequence of such tuples.

    References
    ----------
    Huynh & Khoshgoftaar 1994, secs. 5.1-5.3 (every station's utilization over the grid of systems,
    modes, mixings and frame rates).

    Examples
    --------
    >>> from mmperf.hosts.ps2 import Hardware, Workload
    >>> hw = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6,
    ...               memory_cycles_per_instruction=0.9, memory_burst_factor=1.0, memory_bandwidth=50e6,
    ...               channel_rate=13.33e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> t = utilization_table([({"f": 30}, hw, Workload(mode="move", frame_rate=30, incoming_streams=2))])
    >>> round(float(t.set_index("station").loc["i750", "utilization"]), 4)
    0.9996
    """
    if isinstance(cases, (str, bytes)) or not hasattr(cases, "__iter__"):
        raise TypeError(f"cases must be a sequence of (labels, hardware, workload), got {type(cases).__name__}")
    cases = list(cases)
    if not cases:
        raise ValueError("cases must hold at least one (labels, hardware, workload)")
    rows = []
    for i, case in enumerate(cases):
        if not (isinstance(case, tuple) and len(case) == 3 and isinstance(case[0], dict)):
            raise ValueError(f"cases[{i}] must be a tuple (labels dict, hardware, workload), got {case!r:.80}")
        labels, hw, wl = case
        _validate.instance(hw, f"cases[{i}] hardware", Hardware)
        _validate.instance(wl, f"cases[{i}] workload", Workload)
        rows += [{**labels, "station": st, "utilization": v} for st, v in utilizations(hw, wl).items()]
    return pd.DataFrame(rows)


def saturations(frame: pd.DataFrame, *, x: str, y: str, by, below: float = 0.8) -> pd.DataFrame:
    """Per group: where a utilization growing with ``x`` reaches 100 %, its sweep extrapolated.

    ``y`` is averaged over the rows of each group and ``x`` (the replications), and the mean curve's
    unsaturated points (below ``below``) are extrapolated linearly to one
    (:func:`mmperf.networks.operational.saturation_from_sweep`).

    Parameters
    ----------
    frame : pandas.DataFrame
        Long table: the columns ``by``, ``x`` and ``y``, one row per point and replication.
    x : str
        The swept work per job (a path length [instructions/frame], say).
    y : str
        The utilization [fraction].
    by : list of str
        The columns that name a curve (a system and a station, say).
    below : float, default 0.8
        Only mean points below this utilization are fitted, in (0, 1].

    Returns
    -------
    pandas.DataFrame
        The ``by`` columns and ``saturation`` (in ``x``'s unit; NaN where the fitted slope is not
        positive), one row per group in sorted order.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a non-empty DataFrame, ``x``, ``y`` or ``by`` do not name its columns,
        or as :func:`~mmperf.networks.operational.saturation_from_sweep` (fewer than two points
        below ``below`` in a group).

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 and 'Fig. 5b' (the path length at which the host processor,
    and its memory, reach 100 %).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"s": ["m"] * 4, "x": [1, 1, 2, 2], "u": [0.1, 0.3, 0.4, 0.4]})
    >>> saturations(f, x="x", y="u", by=["s"]).round(6).to_dict("list")
    {'s': ['m'], 'saturation': [5.0]}
    """
    by = _names(by, "by")
    _columns(frame, {"x": [x], "y": [y], "by": by})
    mean = frame.groupby([*by, x], as_index=False)[y].mean()
    rows = []
    for key, g in mean.groupby(by):
        g = g.sort_values(x)
        rows.append({**dict(zip(by, key)), "saturation": saturation_from_sweep(g[x], g[y], below=below)})
    return pd.DataFrame(rows, columns=[*by, "saturation"])


def knees(frame: pd.DataFrame, *, x: str, y: str, by, factor: float) -> pd.DataFrame:
    """Per group: where a delay first exceeds ``factor`` times its value at the smallest ``x``.

    ``y`` is averaged over the rows of each group and ``x`` (the replications); the mean curve, in
    increasing ``x``, is crossed at ``factor`` times its first point
    (:func:`mmperf.metrics.crossing.crossing`, interpolated linearly).

    Parameters
    ----------
    frame : pandas.DataFrame
        Long table: the columns ``by``, ``x`` and ``y``, one row per point and replication.
    x : str
        The swept load (a path length [instructions/frame], say).
    y : str
        The delay (any unit).
    by : list of str
        The columns that name a curve.
    factor : float
        The knee's delay over the lightest load's [ratio], finite and > 0.

    Returns
    -------
    pandas.DataFrame
        The ``by`` columns, ``base`` (the mean ``y`` at the smallest ``x``) and ``knee`` (in ``x``'s
        unit; NaN where the curve never reaches the level), one row per group in sorted order.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a non-empty DataFrame, ``x``, ``y`` or ``by`` do not name its columns, or
        ``factor`` is not a finite number > 0.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 and Fig. 5 (the Move-mode receive delay turns up at about
    16 KLOCS on the video adapter's 80C186).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"s": ["a"] * 3, "x": [1.0, 2.0, 3.0], "d": [1.0, 1.0, 3.0]})
    >>> knees(f, x="x", y="d", by=["s"], factor=2.0).to_dict("list")
    {'s': ['a'], 'base': [1.0], 'knee': [2.5]}
    """
    by = _names(by, "by")
    _columns(frame, {"x": [x], "y": [y], "by": by})
    factor = _validate.positive(factor, "factor")
    mean = frame.groupby([*by, x], as_index=False)[y].mean()
    rows = []
    for key, g in mean.groupby(by):
        g = g.sort_values(x)
        base = float(g[y].iloc[0])
        rows.append({**dict(zip(by, key)), "base": base, "knee": crossing(g[x], g[y], level=factor * base)})
    return pd.DataFrame(rows, columns=[*by, "base", "knee"])


def workload_share(frame: pd.DataFrame, *, index, workload: str, part, value: str = "utilization") -> pd.DataFrame:
    """Per row of ``index``: a station's load in all, without one workload class, and that class's share.

    Parameters
    ----------
    frame : pandas.DataFrame
        Long table: the columns ``index``, ``workload`` and ``value``, one row per workload class (a
        class missing from a row of ``index`` counts as zero).
    index : list of str
        The columns that name one measurement (a configuration and its replication, say).
    workload : str
        The column naming the workload class.
    part : str
        The class whose share is asked (a file transfer, say).
    value : str, default 'utilization'
        The load (a utilization [fraction] or busy time [s]), summed over the classes.

    Returns
    -------
    pandas.DataFrame
        The ``index`` columns, ``total`` (the load of every class), ``without`` (all but ``part``'s)
        and ``share`` (``part``'s over the total [fraction]; NaN where the total is zero).

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a non-empty DataFrame or ``index``, ``workload`` or ``value`` do not name
        its columns.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 and Fig. 7a (the background file transfer's share of the
    host processor's utilization).

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"rep": [0, 0, 1], "class": ["video", "file", "video"], "u": [0.3, 0.1, 0.2]})
    >>> workload_share(f, index=["rep"], workload="class", part="file", value="u").round(3).to_dict("list")
    {'rep': [0, 1], 'total': [0.4, 0.2], 'without': [0.3, 0.2], 'share': [0.25, 0.0]}
    """
    index = _names(index, "index")
    _columns(frame, {"index": index, "workload": [workload], "value": [value]})
    wide = frame.pivot_table(index=index, columns=workload, values=value, aggfunc="sum").fillna(0.0)
    total = wide.sum(axis=1)
    own = wide.get(part, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = own / total
    return pd.DataFrame({"total": total, "without": total - own, "share": share}).reset_index()
