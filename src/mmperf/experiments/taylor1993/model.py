"""Taylor & Polyzos (1993): the calibration, the experiments and :func:`run`, composed from the mechanisms.

The book calibrates, per receiving host, two per-packet CPU costs (``kernel_ms``, ``app_ms``): a point of
the set of costs consistent with that host's **maximum-throughput tables only**
(:class:`mmperf.hosts.host_sets.HostSets` on :func:`identification`'s rows), and one global
display-work ratio ``kappa`` (``display_ms = kappa * 264 * app_ms``) on **one** animation table
(:func:`mmperf.hosts.calibration.display_calibration`). Every other animation table, and every loss statistic
of every table, is a prediction of the simulation (:func:`mmperf.hosts.testbed_runs.simulate_cases` over the
12 tables' rows). This module holds the paper's grid, the paper-vs-book tables and :func:`run`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import numpy as np
import pandas as pd
from skimage import data as skimage_data

from mmperf import papers
from mmperf.coding import bitplane
from mmperf.chapter import prepare_run
from mmperf.experiments.taylor1993.paper import (
    ALPHA, GROUP, HARDWARE, HOSTS, LINKS, N_FRAMES, PACKET_BYTES, PACKETS_PER_FRAME, PAPER,
    SOCKET_BUFFER_PACKETS, TABLES, ULTRIX_TICK_MS, TableSpec,
)
from mmperf.experiments.taylor1993.params import (
    DISPLAY_CALIBRATION_TABLE, LINK_ERROR, Params,
)
from mmperf.hosts import calibration as hc
from mmperf.hosts import host_sets, pacing, run_tables, stream_identities, testbed, testbed_runs
from mmperf.hosts import identification as identification_
from mmperf.media import animation
from mmperf.metrics.agreement import compare
from mmperf.metrics.layout import wide_layout
from mmperf.quality import bitplane_loss
from mmperf.results import Results

__all__ = [
    "DESCRIPTIONS", "QUANTITIES", "SHORT_LABELS", "Calibration", "abstract_run", "alpha_band",
    "calibrate", "clock_ticks", "compare_all", "compare_table",
    "fluid_curves", "frame_packet_ratio", "identification", "implied_display", "paper_checks", "paper_table",
    "run", "side_by_side", "simulate_all", "simulate_row", "spec",
]

QUANTITIES = ["frame_time", "packet_time", "throughput", "loss", "max_lost_per_frame", "avg_lost_per_frame"]


def spec(name: str) -> TableSpec:
    """Return the :class:`TableSpec` called ``name``.

    Parameters
    ----------
    name : str
        A table's key (``"atm_max"``, ...).

    Returns
    -------
    TableSpec
        The table of :data:`TABLES`.

    Raises
    ------
    ValueError
        If no table has that name.
    """
    for t in TABLES:
        if t.name == name:
            return t
    raise ValueError(f"no table {name!r}; tables are {[t.name for t in TABLES]}")


@lru_cache(maxsize=None)
def _paper_wide(name: str) -> pd.DataFrame:
    t = papers.table(PAPER, name)
    return t.pivot(index="row", columns="quantity", values="value")[QUANTITIES].reset_index()


def paper_table(name: str) -> pd.DataFrame:
    """The paper's table in wide form (a fresh copy).

    Parameters
    ----------
    name : str
        A table's key.

    Returns
    -------
    pandas.DataFrame
        One row per run: ``row`` and :data:`QUANTITIES`.
    """
    return _paper_wide(name).copy()


# ---------------------------------------------------------------- calibration
Calibration = hc.HostCalibration
"""The calibrated hosts (:class:`mmperf.hosts.calibration.HostCalibration`)."""


def _to_mbps(value, unit):
    return value / 1000.0 if unit == "Kb/s" else value


def _max_rows() -> pd.DataFrame:
    rows = []
    for t in TABLES:
        if t.experiment == "max_throughput":
            for r in paper_table(t.name).itertuples():
                rows.append({"host": t.host, "table": t.name, "packet_time_ms": r.packet_time,
                             "throughput_mbps": _to_mbps(r.throughput, t.throughput_unit), "link": LINKS[t.testbed]})
    return pd.DataFrame(rows)


def _check_host(host):
    if host not in HOSTS:
        raise ValueError(f"host must be one of {HOSTS}, got {host!r}")


def abstract_run() -> dict:
    """The abstract's Alpha/FDDI run read as a run of its own: 42.1 Mb/s with 3.4 % loss.

    The abstract pairs each range end with its own loss (animation 4.4 Mb/s with 0 %, 5.2 Mb/s with
    1.3 %, as its table does); read the same way, "33.2-42.1 Mbps with 0-3.4 %" is a run at
    42.1 Mb/s and 3.4 % loss that the table does not print. Its packet time follows from the
    sender's offered rate, ``throughput / (1 - loss)``.

    Returns
    -------
    dict
        ``throughput_mbps``, ``loss_pct``, ``offered_mbps`` and ``packet_time`` [ms].
    """
    q = papers.table(PAPER, "quoted").set_index("quantity")["value"].astype(float)
    thr, loss = float(q["alpha_fddi_max_throughput_high"]), float(q["alpha_fddi_max_loss_high"])
    offered = thr / (1 - loss / 100)
    return {"throughput_mbps": thr, "loss_pct": loss, "offered_mbps": offered,
            "packet_time": PACKET_BYTES * 8 / offered / 1e3}


@lru_cache(maxsize=None)
def identification(*, abstract: bool = True, link_error: float = LINK_ERROR) -> host_sets.HostSets:
    """The identified sets of the three receiving hosts' per-packet costs, on their maximum-throughput rows only.

    Each host's rows are the rows of its maximum-throughput tables (throughput in Mb/s, with the unit
    of its last printed digit, :func:`mmperf.hosts.host_sets.printed_digit`) and, for the Alpha, the
    abstract's run (:func:`abstract_run`); each cost is above the host's copy floor (:data:`HARDWARE`,
    :func:`mmperf.hosts.identification.copy_floor_ms`). The error profile is on the tables' rows alone.
    No coverage level is implied.

    Parameters
    ----------
    abstract : bool, default True
        For the Alpha, add the abstract's 42.1 Mb/s / 3.4 % run as a row.
    link_error : float, default :data:`LINK_ERROR`
        The link model's relative error.

    Returns
    -------
    mmperf.hosts.host_sets.HostSets
        Per host: its ``identified_set``, ``cost_profile`` and ``costs`` (a point of the set).

    Raises
    ------
    ValueError
        If ``link_error`` is not in [0, 1).

    References
    ----------
    Taylor & Polyzos (1993), abstract and sec. 3 (the maximum-throughput tables).
    """
    rows = _max_rows()
    rows["digit"] = host_sets.printed_digit(rows["throughput_mbps"])
    profile = rows
    if abstract:
        a = abstract_run()
        rows = pd.concat([rows, pd.DataFrame([{"host": ALPHA, "table": "abstract", "packet_time_ms": a["packet_time"],
                                               "throughput_mbps": a["throughput_mbps"], "link": LINKS["FDDI"],
                                               "digit": 0.1}])], ignore_index=True)
    floors = {h: identification_.copy_floor_ms(clock_mhz=clock, word_bytes=word) for h, (clock, word) in HARDWARE.items()}
    return host_sets.HostSets(rows, floors=floors, packet_bytes=PACKET_BYTES, rel_error=link_error, profile_rows=profile)


def calibrate(*, display_table: str = DISPLAY_CALIBRATION_TABLE, buffer_packets: int = SOCKET_BUFFER_PACKETS,
              cost_cv: float = testbed.Host.cost_cv, display_cv: float = testbed.Host.display_cv,
              abstract: bool = True, link_error: float = LINK_ERROR, cost_points=(), livelock: bool = True,
              display_stage: bool = True, buffer_bound: bool = True) -> Calibration:
    """Calibrate the hosts (a point of each identified set) and the display ratio (on one animation table).

    Parameters
    ----------
    display_table : str, default "atm_anim"
        The animation table on which the display-work ratio ``kappa`` is fitted
        (:func:`mmperf.hosts.calibration.display_calibration`).
    buffer_packets : int, default 40
        Socket buffer capacity [packets].
    cost_cv : float, default 0.2
        Variability of the simulated per-packet costs (not used by the fit, which is in the fluid limit).
    display_cv : float, default 0.1
        Variability of the simulated display times.
    abstract : bool, default True
        As :func:`identification`.
    link_error : float, default :data:`LINK_ERROR`
        As :func:`identification`.
    cost_points : tuple of (host, point) pairs, default ()
        The point of a host's set to use (:meth:`mmperf.hosts.host_sets.HostSets.costs`); a host not named takes ``"fit"``.
    livelock : bool, default True
        Kernel work at interrupt priority (an ablation removes it).
    display_stage : bool, default True
        The receiver's display work (an ablation removes it).
    buffer_bound : bool, default True
        The socket buffer's limit (an ablation removes it).

    Returns
    -------
    Calibration
        The calibrated hosts.

    Raises
    ------
    ValueError
        If ``display_table`` is not an animation table, a host of ``cost_points`` is unknown or a
        host's set is empty.
    """
    points = dict(cost_points)
    for h in points:
        _check_host(h)
    t = spec(display_table)
    if not t.display:
        raise ValueError(f"display_table must be an animation table, got {display_table!r}")
    sets = identification(abstract=bool(abstract), link_error=float(link_error))
    costs = pd.DataFrame.from_dict({h: sets.costs(h, point=points.get(h, "fit")) for h in HOSTS}, orient="index")
    paper = paper_table(display_table)
    hosts, kappa = hc.display_calibration(costs, paper["packet_time"].to_numpy(), paper["avg_lost_per_frame"].to_numpy(),
                                          display_host=t.host, packets_per_frame=PACKETS_PER_FRAME,
                                          packet_bytes=PACKET_BYTES, buffer_packets=buffer_packets)
    return Calibration(hosts=hosts, kappa=kappa, buffer_packets=buffer_packets, display_table=display_table,
                       cost_cv=cost_cv, display_cv=display_cv, livelock=livelock, display_stage=display_stage,
                       buffer_bound=buffer_bound)


# ---------------------------------------------------------------- experiments
def _case(t: TableSpec, row: int) -> testbed_runs.Case:
    return testbed_runs.Case((t.name, row), t.packet_times_ms[row - 1], LINKS[t.testbed], t.host, t.display)


def _anim_rows():
    """Every animation row: ``(spec, row, packet time)``."""
    return [(t, i, pt) for t in TABLES if t.display for i, pt in enumerate(t.packet_times_ms, start=1)]


def simulate_row(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                 group: int = GROUP, seed: int | None = None) -> testbed.Run:
    """Simulate one row of one table with the calibrated host.

    Parameters
    ----------
    name : str
        A table of :data:`TABLES`.
    row : int
        The row, 1-based.
    calibration : Calibration
        The calibrated hosts.
    n_frames : int, default 100
        Frames sent.
    group : int, default 2
        Packets sent back to back.
    seed : int, optional
        Root seed (stream ``taylor1993, testbed, name, row``; default the process's root seed).

    Returns
    -------
    mmperf.hosts.testbed.Run
        The run (:func:`mmperf.hosts.testbed_runs.simulate_cases`).
    """
    t = spec(name)
    if not 1 <= row <= len(t.packet_times_ms):
        raise ValueError(f"row must be in 1..{len(t.packet_times_ms)} for {name}, got {row!r}")
    return simulate_all(calibration, n_frames=n_frames, group=group, seed=seed, cases=[_case(t, row)])[(name, row)]


def simulate_all(calibration: Calibration, *, n_frames: int = N_FRAMES, group: int = GROUP,
                 seed: int | None = None, tables=None, cases=None, display: bool | None = None) -> dict:
    """Simulate every row of every table (or of the named ``tables``, or the given ``cases``) once.

    Parameters
    ----------
    calibration : Calibration
        The calibrated hosts.
    n_frames, group, seed
        As :func:`simulate_row`.
    tables : sequence of str, optional
        Table names (default all 12).
    cases : sequence of mmperf.hosts.testbed_runs.Case, optional
        The rows to run instead of ``tables``.
    display : bool, optional
        Force the display on or off (default: each table's own).

    Returns
    -------
    dict
        ``{(table, row): mmperf.hosts.testbed.Run}``.
    """
    if cases is None:
        names = [t.name for t in TABLES] if tables is None else [spec(n).name for n in tables]
        cases = [_case(spec(n), i) for n in names for i in range(1, len(spec(n).packet_times_ms) + 1)]
    return testbed_runs.simulate_cases(cases, calibration, n_frames=n_frames, group=group, streams=(PAPER, "testbed"),
                                       seed=seed, display=display)


def _run(name, row, calibration, n_frames, runs):
    if runs is not None and (name, row) in runs:
        return runs[(name, row)]
    return simulate_row(name, row, calibration, n_frames=n_frames)


def _run_table(name: str, calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """The book's version of one table: one row per run, the paper's columns and units.

    Returns
    -------
    pandas.DataFrame
        Columns ``row`` and :data:`QUANTITIES`.
    """
    t = spec(name)
    out = []
    for i in range(1, len(t.packet_times_ms) + 1):
        s = _run(name, i, calibration, n_frames, runs).summary()
        thr = s["throughput_mbps"] * (1000 if t.throughput_unit == "Kb/s" else 1)
        out.append({"row": i, "frame_time": s["frame_time_ms"], "packet_time": s["packet_time_ms"],
                    "throughput": thr, "loss": s["loss_pct"], "max_lost_per_frame": s["max_lost_per_frame"],
                    "avg_lost_per_frame": s["avg_lost_per_frame"]})
    return pd.DataFrame(out)


def compare_table(name: str, calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """Paper, book and difference (book - paper) for every cell of one table, in long form
    (:func:`mmperf.metrics.agreement.compare`).

    Parameters
    ----------
    name, calibration, n_frames, runs
        As ``_run_table``.

    Returns
    -------
    pandas.DataFrame
        Columns ``table``, ``testbed``, ``host``, ``experiment``, ``row``, ``quantity``, ``paper``, ``book``,
        ``difference``, ``unit`` and ``calibrated`` (the cells the calibration was fitted on).
    """
    t = spec(name)

    def cells(frame):
        return frame.melt(id_vars="row", var_name="quantity", value_name="value")

    out = compare(cells(paper_table(name)), cells(_run_table(name, calibration, n_frames=n_frames, runs=runs)),
                  on=["row", "quantity"])
    out.insert(0, "table", name)
    out.insert(1, "testbed", t.testbed)
    out.insert(2, "host", t.host)
    out.insert(3, "experiment", t.experiment)
    out["unit"] = [t.throughput_unit if q == "throughput" else
                   {"frame_time": "ms", "packet_time": "ms", "loss": "%"}.get(q, "packets") for q in out["quantity"]]
    out["calibrated"] = (t.experiment == "max_throughput") & (out["quantity"] == "throughput")
    if name == calibration.display_table:
        # the average loss per frame is fitted; the loss [%] is the same number divided by 2.64
        out["calibrated"] = out["quantity"].isin(["avg_lost_per_frame", "loss"])
    order = {q: i for i, q in enumerate(QUANTITIES)}
    return out.sort_values(["row", "quantity"], key=lambda s: s.map(order) if s.name == "quantity" else s,
                           ignore_index=True)


def compare_all(calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """:func:`compare_table` for all 12 tables, concatenated.

    Parameters
    ----------
    calibration, n_frames, runs
        As ``_run_table``.

    Returns
    -------
    pandas.DataFrame
        The long tables, one after the other.
    """
    return pd.concat([compare_table(t.name, calibration, n_frames=n_frames, runs=runs) for t in TABLES],
                     ignore_index=True)


def _cost_band(params, host: str, *, points: int = 7, seed: int | None = None) -> pd.DataFrame:
    """Every table a host's costs reach, simulated across the host's identified set.

    The application cost ``c_a`` takes ``points`` evenly spaced values across the set's range
    (:func:`identification`) and the chosen point's; the kernel cost is the set's member of least
    rms error at each ``c_a``, and the display time follows the display ratio refitted each time
    (``D = kappa 264 c_a``): the DECstation 5000/200's ``c_a`` moves every host's display, so its
    band covers every animation table. The other hosts keep their points. Every point uses the
    same random streams as the book's run, so the band shows what the costs alone change.

    Returns
    -------
    pandas.DataFrame
        The long form of :func:`compare_table` for each table reached, with columns ``app_ms``,
        ``kernel_ms``, ``display_ms`` [ms] and ``at_fit`` (the chosen point).

    Raises
    ------
    ValueError
        If ``host`` is unknown or ``points`` is not a whole number >= 2.
    """
    _check_host(host)
    if isinstance(points, bool) or not isinstance(points, int) or points < 2:
        raise ValueError(f"points must be a whole number >= 2, got {points!r}")
    base = _calibrate(params)
    fit = base.hosts.loc[host]
    apps = np.unique(np.r_[np.linspace(fit["app_ms_low"], fit["app_ms_high"], points), fit["app_ms"]])
    names = [t.name for t in TABLES if t.host == host or (t.display and spec(base.display_table).host == host)]
    frames = []
    for a in apps:
        at_fit = bool(a == fit["app_ms"])
        cal = base if at_fit else _calibrate(params, extra=((host, float(a)),))
        runs = simulate_all(cal, n_frames=params.n_frames, group=params.group, seed=seed, tables=names)
        comp = pd.concat([compare_table(n, cal, n_frames=params.n_frames, runs=runs) for n in names], ignore_index=True)
        h = cal.hosts.loc[host]
        frames.append(comp.assign(band_host=host, app_ms=float(h["app_ms"]), kernel_ms=float(h["kernel_ms"]),
                                  display_ms=float(h["display_ms"]), at_fit=at_fit))
    return pd.concat(frames, ignore_index=True)


def side_by_side(comparison: pd.DataFrame, name: str, *, difference: bool = False) -> pd.DataFrame:
    """One table in the paper's layout: a row per run (indexed by row and packet time), paper and book per quantity
    (:func:`mmperf.metrics.layout.wide_layout`).

    The packet time is the sender's setting, the same in both, so it is the index. Short column
    labels (:data:`SHORT_LABELS`) keep the table within a page's width.

    Parameters
    ----------
    comparison : pandas.DataFrame
        The ``comparison`` table of :func:`run` (or :func:`compare_all`).
    name : str
        A table of :data:`TABLES`.
    difference : bool, default False
        Add a (book - paper) column after each pair.

    Returns
    -------
    pandas.DataFrame
        Wide table with two-level columns (quantity, paper/book[/difference]).
    """
    c = comparison[comparison["table"] == name]
    kinds = ("paper", "book", "difference") if difference else ("paper", "book")
    short = {**SHORT_LABELS, "throughput": f"throughput [{spec(name).throughput_unit}]"}
    cells = c[c["quantity"] != "packet_time"].assign(quantity=lambda d: d["quantity"].map(short))
    wide = wide_layout(cells, rows="row", columns="quantity", values={k: k for k in kinds})
    # the paper's column order (wide_layout sorts the groups)
    order = [(short[q], k) for q in QUANTITIES if q != "packet_time" for k in kinds]
    wide = wide[order].set_axis(pd.MultiIndex.from_tuples(order), axis=1)
    # frame times to 0.1 ms (the paper prints 0.001 ms, which no simulation resolves): narrower columns
    wide = wide.round({col: 1 for col in wide.columns if col[0] == short["frame_time"]})
    packet = c[c["quantity"] == "packet_time"].set_index("row")["paper"]
    wide.index = pd.MultiIndex.from_arrays([wide.index, packet.loc[wide.index].to_numpy()],
                                           names=["row", "packet [ms]"])
    return wide


SHORT_LABELS = {"frame_time": "frame [ms]", "loss": "loss [%]", "max_lost_per_frame": "max lost",
                "avg_lost_per_frame": "avg lost"}
"""Column labels of :func:`side_by_side` (lost per frame in packets)."""


def frame_packet_ratio() -> pd.DataFrame:
    """The paper's frame time divided by its packet time, row by row (a check of sec. 2.1's formula).

    Returns
    -------
    pandas.DataFrame
        Per row of the 12 tables: ``table``, ``experiment``, ``row``, ``frame_time``, ``packet_time``, ``ratio``.
    """
    rows = []
    for t in TABLES:
        p = paper_table(t.name)
        for r in p.itertuples():
            rows.append({"table": t.name, "experiment": t.experiment, "row": r.row,
                         "frame_time": r.frame_time, "packet_time": r.packet_time,
                         "ratio": r.frame_time / r.packet_time})
    return pd.DataFrame(rows)


def paper_checks() -> pd.DataFrame:
    """Every row of the paper's 12 tables checked against the identities its own definitions imply.

    A diagnostic of the yardstick, never an input: the sender offers ``1256 * 8 / packet time``
    (the receiver cannot count more); the frame time is 264 packet times (the maximum-throughput
    tables) or about 266 (the animation tables); and the throughput is ``264 * 1256 * 8 *
    (1 - loss) / frame time``.

    Returns
    -------
    pandas.DataFrame
        Per row: ``table``, ``row``, ``experiment``, ``unit`` (of the throughputs), ``offered``,
        ``throughput`` (printed), ``from_frame_time`` (the identity), ``frame_over_packet`` and the
        flags ``above_offered`` (printed throughput above the offered rate by more than its last
        digit), ``ratio_off`` (frame / packet time more than 1 away from the table kind's median)
        and ``identity_off`` (printed throughput and identity differ by more than a unit of the
        last printed digit: 1 Kb/s or 0.01 Mb/s).
    """
    frames = []
    for t in TABLES:
        kb = t.throughput_unit == "Kb/s"
        p = paper_table(t.name)
        ids = stream_identities.row_identities(p["packet_time"], p["frame_time"], p["loss"], p["throughput"],
                                               packets_per_frame=PACKETS_PER_FRAME, packet_bytes=PACKET_BYTES,
                                               scale=1e3 if kb else 1.0, digit=1.0 if kb else 0.01)
        frames.append(pd.concat([pd.DataFrame({"table": t.name, "row": p["row"], "experiment": t.experiment,
                                               "unit": t.throughput_unit}), ids], axis=1))
    out = pd.concat(frames, ignore_index=True)
    med = out.groupby("experiment")["frame_over_packet"].transform("median")
    out.insert(len(out.columns) - 2, "ratio_off", (out["frame_over_packet"] - med).abs() > 1.0)
    return out


# ---------------------------------------------------------------- image quality
def _compressibility_images(frame) -> dict:
    """The images whose bit planes are compressed: the test animation's frame and three scikit-image photographs.

    Returns
    -------
    dict
        Image name to 2-D uint8 array, for :func:`mmperf.quality.bitplane_loss.compressibility`.
    """
    return {"test animation frame": np.asarray(frame), "camera (skimage)": skimage_data.camera(),
            "moon (skimage)": skimage_data.moon(), "coins (skimage)": skimage_data.coins()}



# ---------------------------------------------------------------- claims
def _display_off_check(calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None,
                      group: int = GROUP, seed: int | None = None) -> pd.DataFrame:
    """Every animation row run again with the display switched off, on the same random streams.

    Returns
    -------
    pandas.DataFrame
        Columns ``table``, ``row``, ``loss_pct_display``, ``loss_pct_no_display``.
    """
    rows = []
    for t, i, _ in _anim_rows():
        on = _run(t.name, i, calibration, n_frames, runs).summary()
        off = simulate_all(calibration, n_frames=n_frames, group=group, seed=seed, cases=[_case(t, i)],
                           display=False)[(t.name, i)].summary()
        rows.append({"table": t.name, "row": i, "loss_pct_display": on["loss_pct"], "loss_pct_no_display": off["loss_pct"]})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- the paper's remedies and the abstract's run
def _loss_sites(runs: dict) -> pd.DataFrame:
    """:func:`mmperf.hosts.run_tables.loss_sites` with each run's testbed and experiment."""
    out = run_tables.loss_sites(runs)
    out.insert(2, "testbed", [spec(n).testbed for n in out["table"]])
    out.insert(3, "experiment", [spec(n).experiment for n in out["table"]])
    return out


def _remedy_buffer(calibration: Calibration, *, buffers=None, n_frames: int = N_FRAMES,
                  group: int = GROUP, seed: int | None = None, runs: dict | None = None) -> pd.DataFrame:
    """The paper's first remedy, "increasing the socket buffer size": every animation row rerun with larger buffers.

    Each row is simulated with the same random streams as the book's run (a paired comparison),
    the socket buffer the only change.

    Returns
    -------
    pandas.DataFrame
        Per animation row and buffer [packets] (the book's first): ``table``, ``row``, ``buffer``,
        ``loss_pct``, ``max_lost_per_frame``.
    """
    if buffers is None:
        buffers = (2 * calibration.buffer_packets, PACKETS_PER_FRAME)
    rows = []
    for t, i, _ in _anim_rows():
        for b in (calibration.buffer_packets, *buffers):
            if b == calibration.buffer_packets:
                s = _run(t.name, i, calibration, n_frames, runs).summary()
            else:
                cal = replace(calibration, buffer_packets=int(b))
                s = simulate_row(t.name, i, cal, n_frames=n_frames, group=group, seed=seed).summary()
            rows.append({"table": t.name, "row": i, "buffer": int(b), "loss_pct": s["loss_pct"],
                         "max_lost_per_frame": s["max_lost_per_frame"]})
    return pd.DataFrame(rows)


def _abstract_check(calibration: Calibration, *, n_frames: int = N_FRAMES, group: int = GROUP,
                   seed: int | None = None) -> pd.DataFrame:
    """The abstract's Alpha/FDDI run (:func:`abstract_run`) simulated with the calibrated Alpha, display off.

    Returns
    -------
    pandas.DataFrame
        One row: ``packet_time``, ``paper_throughput``, ``paper_loss``, ``throughput`` [Mb/s], ``loss`` [%].
    """
    a = abstract_run()
    case = testbed_runs.Case(("abstract", 1), a["packet_time"], LINKS["FDDI"], ALPHA, False)
    s = simulate_all(calibration, n_frames=n_frames, group=group, seed=seed, cases=[case])[case.key].summary()
    return pd.DataFrame([{"packet_time": a["packet_time"], "paper_throughput": a["throughput_mbps"],
                          "paper_loss": a["loss_pct"], "throughput": s["throughput_mbps"], "loss": s["loss_pct"]}])


# ---------------------------------------------------------------- diagnostics for the chapter
def fluid_curves(calibration: Calibration, *, points: int = 60) -> pd.DataFrame:
    """The calibrated fluid throughput of each maximum-throughput table over a range of packet times.

    Parameters
    ----------
    calibration : Calibration
        The calibrated hosts.
    points : int, default 60
        Packet times per table, from 0.8 times its shortest to 1.1 times its longest.

    Returns
    -------
    pandas.DataFrame
        Columns ``table``, ``testbed``, ``host``, ``packet_time`` [ms], ``throughput_mbps``
        (:func:`mmperf.hosts.testbed_runs.fluid_curve`).
    """
    rows = []
    for t in TABLES:
        if t.display:
            continue
        c = testbed_runs.fluid_curve(LINKS[t.testbed], calibration.host(t.host), low_ms=0.8 * min(t.packet_times_ms),
                                     high_ms=1.1 * max(t.packet_times_ms), points=points, packet_bytes=PACKET_BYTES)
        rows.append(c.assign(table=t.name, testbed=t.testbed, host=t.host)[
            ["table", "testbed", "host", "packet_time", "throughput_mbps"]])
    return pd.concat(rows, ignore_index=True)


def implied_display(calibration: Calibration, comparison: pd.DataFrame) -> pd.DataFrame:
    """Display wall time per frame [ms] that each lossy animation row of the paper implies, beside the book's.

    A diagnostic read from the paper's numbers (:func:`mmperf.hosts.calibration.display_walls`), never
    used by the model.

    Parameters
    ----------
    calibration : Calibration
        The calibrated hosts.
    comparison : pandas.DataFrame
        The ``comparison`` table of :func:`run` (its ``paper`` average loss per frame).

    Returns
    -------
    pandas.DataFrame
        Per lossy animation row: ``table``, ``testbed``, ``host``, ``row``, ``packet_time``, ``paper_avg_lost``,
        ``implied_display_wall_ms``, ``book_display_wall_ms``, ``ratio``.
    """
    c = comparison[comparison["quantity"] == "avg_lost_per_frame"]
    frames = []
    for t in TABLES:
        if not t.display:
            continue
        x = c[c["table"] == t.name].set_index("row")["paper"]
        rows = [(i, p, float(x.loc[i])) for i, p in enumerate(t.packet_times_ms, start=1) if float(x.loc[i]) > 0]
        if not rows:
            continue
        h = calibration.hosts.loc[t.host]
        i, p, lost = (list(v) for v in zip(*rows))
        walls = hc.display_walls(p, lost, buffer_packets=calibration.buffer_packets, display_ms=h["display_ms"],
                                 kernel_ms=h["kernel_ms"])
        frames.append(pd.concat([pd.DataFrame({"table": t.name, "testbed": t.testbed, "host": t.host, "row": i,
                                               "packet_time": p, "paper_avg_lost": lost}), walls], axis=1))
    return pd.concat(frames, ignore_index=True)


# ---------------------------------------------------------------- the contract: one run, one seed
def run(params=None, *, seed: int, workers: int = 1) -> Results:
    """Run every experiment of the chapter under one root seed.

    The calibration (host costs on the maximum-throughput tables, the display
    ratio on ``params.display_table``) is deterministic; the testbed
    simulations (per-packet and per-frame cost variability) and the random
    loss draws of the quality curves draw from ``seed``.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract; one run is small enough for one process
        (seeds are spread over processes by :func:`mmperf.verdicts.run_seeds`).

    Returns
    -------
    mmperf.results.Results
        The tables of :data:`DESCRIPTIONS` (``hosts``, ``identification``, ``comparison``,
        ``loss_sites``, ``loss_positions``, ``observed_masks``,
        ``loss_concentration``, ``display_off``, ``quality``, ``compressibility``); values
        ``calibration`` and ``kappa``.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2-3 (the testbeds and the 12 tables), sec. 3.4 (loss and quality).

    Examples
    --------
    >>> from mmperf.experiments import taylor1993 as ex
    >>> r = ex.run(ex.Params(n_frames=5, quality_draws=1, quality_rates=(0.0, 0.05)), seed=1)
    >>> sorted(r.table("comparison")["table"].unique())[:2]
    ['atm_anim', 'atm_max']
    """
    params, seed, workers = prepare_run(Params, params, seed=seed, workers=workers, paper="taylor1993")
    cal, tables = _testbed_tables(params, seed=seed)
    images = _image_tables(params.quality_frames, tuple(params.quality_rates), params.quality_draws,
                           params.socket_buffer_packets, params.sensor_noise, params.compress_level, seed)
    tables.update({k: v.copy() for k, v in images.items()})
    frame = _frames(params.quality_frames, params.sensor_noise)[0]
    tables["remedy_reorder"] = bitplane_loss.buffer_reordering(frame, tables["observed_masks"],
                                                               buffer_packets=params.socket_buffer_packets)
    return Results("taylor1993", seed=seed, params=params, tables=tables, descriptions=DESCRIPTIONS,
                   values={"calibration": cal, "kappa": cal.kappa})


@lru_cache(maxsize=4)
def _frames(n: int, noise: float) -> np.ndarray:
    return animation.satellite_sequence(n, noise=noise)


@lru_cache(maxsize=16)
def _image_tables(n_frames: int, rates: tuple, draws: int, start: int, noise: float, level: int, seed: int) -> dict:
    # the image tables depend on these fields and the seed only: kept for the process, so the
    # audit's variants that change the testbed alone do not recompute them
    frames = _frames(n_frames, noise)
    return {"quality": bitplane_loss.quality_curves(frames, rates=rates, draws=draws, start=start, streams=(PAPER, "quality"),
                                                    seed=seed),
            "compressibility": bitplane_loss.compressibility(_compressibility_images(frames[0]), level=level)}


DESCRIPTIONS = {
    "hosts": "per-packet costs c_k, c_a [ms] (the chosen point) with the extent of the identified set, fluid peak [Mb/s], "
             "display D [ms/frame] per receiving host",
    "identification": "per host and application cost c_a [ms]: best kernel cost c_k [ms], rms relative error of the "
                      "fit, and whether c_a is inside the identified set's range",
    "comparison": "paper, book and difference per cell of the 12 tables (long form; units in `unit`)",
    "loss_sites": "per run: packets sent and lost at the link's interface queue and at the socket buffer",
    "loss_positions": "per run and packet position 0..263: frames that lost it and their share",
    "observed_masks": "per lossy animation run: the packets lost in its typical frame (bool per position)",
    "loss_concentration": "per lossy animation run: where its losses fall (shares of the lost packets)",
    "display_off": "loss [%] of every animation run with and without the display",
    "quality": "PSNR [dB] and SSIM of the test frame per loss pattern, loss rate [%] and draw",
    "compressibility": "deflate ratio (raw / compressed) of every bit plane of four images",
    "remedy_buffer": "loss [%] and max lost per frame of every animation run with the book's and larger socket buffers",
    "remedy_reorder": "SSIM and PSNR [dB] of each observed loss pattern with the natural and the buffer-aware send order",
    "abstract_run": "the abstract's 42.1 Mb/s / 3.4 % Alpha/FDDI run: paper and book throughput [Mb/s] and loss [%]",
}
"""What each table of :func:`run`'s results holds."""

def _calibrate(params, extra=()) -> Calibration:
    """:func:`calibrate` with the fields of a :class:`Params` (``extra``: more ``(host, point)`` pairs)."""
    return calibrate(display_table=params.display_table, buffer_packets=params.socket_buffer_packets,
                     cost_cv=params.cost_cv, display_cv=params.display_cv, abstract=params.abstract_run,
                     link_error=params.link_error, cost_points=tuple(params.cost_points) + tuple(extra),
                     livelock=params.livelock, display_stage=params.display_stage, buffer_bound=params.buffer_bound)


def _testbed_tables(params, *, seed: int) -> tuple[Calibration, dict]:
    """The calibration and the testbed part of :func:`run` (every table but ``quality`` and ``compressibility``).

    Returns
    -------
    calibration : Calibration
        The calibrated hosts.
    tables : dict of str to pandas.DataFrame
        The testbed tables of :data:`DESCRIPTIONS`.
    """
    cal = _calibrate(params)
    sets = identification(abstract=bool(params.abstract_run), link_error=float(params.link_error))
    runs = simulate_all(cal, n_frames=params.n_frames, group=params.group, seed=seed)
    anim = {(t.name, i): runs[(t.name, i)] for t, i, _ in _anim_rows()}
    tables = {
        "hosts": cal.hosts.reset_index(),
        "identification": pd.concat([sets.cost_profile(h) for h in HOSTS], ignore_index=True),
        "comparison": compare_all(cal, n_frames=params.n_frames, runs=runs),
        "loss_sites": _loss_sites(runs),
        "loss_positions": run_tables.loss_positions(runs, packets_per_plane=PACKETS_PER_FRAME // bitplane.N_PLANES),
        "observed_masks": run_tables.typical_masks(anim),
        "loss_concentration": run_tables.loss_concentrations(anim, top=20, start=cal.buffer_packets),
        "display_off": _display_off_check(cal, n_frames=params.n_frames, runs=runs, group=params.group, seed=seed),
        "remedy_buffer": _remedy_buffer(cal, n_frames=params.n_frames, group=params.group, seed=seed, runs=runs),
        "abstract_run": _abstract_check(cal, n_frames=params.n_frames, group=params.group, seed=seed),
    }
    return cal, tables


def alpha_band(results) -> pd.DataFrame:
    """The Alpha's tables across its identified set, for one run (``_cost_band``).

    Computed on demand (the chapter reads it for the book's seed only) and kept for the process,
    keyed by the run's parameters and seed.

    Parameters
    ----------
    results : mmperf.results.Results
        A run of :func:`run`.

    Returns
    -------
    pandas.DataFrame
        ``_cost_band`` of the Alpha with ``params.band_points`` points, under the run's seed.
    """
    return _band(results.params, results.seed, ALPHA).copy()


@lru_cache(maxsize=8)
def _band(params, seed: int, host: str) -> pd.DataFrame:
    return _cost_band(params, host, points=params.band_points, seed=seed)


def clock_ticks(*, tick_ms: float = ULTRIX_TICK_MS, max_ticks: int = 12) -> pd.DataFrame:
    """Every maximum-throughput packet time of the paper read as whole clock ticks over a group that divides 264.

    A sender that sleeps on a clock of period ``tick_ms`` can only pace a group of ``g`` packets
    every ``k`` ticks, a packet time of ``k tick / g``; the paper says its groups divide 264
    (sec. 2.1). A diagnostic of the paper's numbers, never an input.

    Parameters
    ----------
    tick_ms : float, default 1000/256
        The sender's clock tick [ms].
    max_ticks : int, default 12
        Largest number of ticks tried.

    Returns
    -------
    pandas.DataFrame
        Per maximum-throughput row: ``table``, ``row``, ``packet_time`` (printed), ``ticks``, ``group``,
        ``tick_packet_time`` (``ticks * tick_ms / group``), ``rel_diff``, and ``offered_tick`` [Mb/s]
        (the offered rate at the tick packet time) beside the printed ``throughput``.

    Raises
    ------
    ValueError
        If ``tick_ms`` is not positive or ``max_ticks`` not a whole number >= 1.
    """
    groups = [g for g in range(1, PACKETS_PER_FRAME + 1) if PACKETS_PER_FRAME % g == 0 and g <= 66]
    rows = []
    for t in TABLES:
        if t.display:
            continue
        for r in paper_table(t.name).itertuples():
            # the simplest pair (fewest ticks) within 0.5 % of the printed time, else the nearest
            pace = pacing.tick_pacing(r.packet_time, tick_ms=tick_ms, groups=groups, max_ticks=max_ticks, tolerance=0.005)
            rows.append({"table": t.name, "row": r.row, "packet_time": r.packet_time, **pace,
                         "offered_tick": float(stream_identities.offered_mbps(pace["tick_packet_time"], packet_bytes=PACKET_BYTES)[0]),
                         "throughput": _to_mbps(r.throughput, t.throughput_unit)})
    return pd.DataFrame(rows)
