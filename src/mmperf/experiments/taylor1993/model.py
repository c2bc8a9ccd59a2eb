"""Taylor & Polyzos (1993): the calibration, the experiments and :func:`run`, composed from the mechanisms.

The book calibrates, per receiving host, two per-packet CPU costs (``kernel_ms``, ``app_ms``): a point of
the set of costs consistent with that host's **maximum-throughput tables only**
(:mod:`mmperf.hosts.identification`, :mod:`mmperf.hosts.cost_fit`), and one global display-work ratio
``kappa`` (``display_ms = kappa * 264 * app_ms``) on **one** animation table
(:func:`mmperf.hosts.cost_fit.fit_display_ratio`). Every other animation table, and every loss statistic
of every table, is a prediction of the simulation (:func:`mmperf.hosts.testbed.simulate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np
import pandas as pd
from skimage import data as skimage_data

from mmperf import papers
from mmperf.coding import bitplane
from mmperf.experiments._contract import prepare_run
from mmperf.experiments.taylor1993.paper import (
    ALPHA, GROUP, HARDWARE, HOSTS, LINKS, N_FRAMES, PACKET_BYTES, PACKETS_PER_FRAME, PAPER,
    SOCKET_BUFFER_PACKETS, TABLES, ULTRIX_TICK_MS, TableSpec,
)
from mmperf.experiments.taylor1993.params import (
    COST_POINTS, DISPLAY_CALIBRATION_TABLE, LINK_ERROR, SSIM_VISIBLE, Params,
)
from mmperf.hosts import cost_fit, identification, pacing, testbed
from mmperf.media import animation
from mmperf.metrics import loss_position
from mmperf.metrics.crossing import crossings
from mmperf.quality import bitplane_loss, image
from mmperf.results import Results
from mmperf.seeds import rng

QUANTITIES = ["frame_time", "packet_time", "throughput", "loss", "max_lost_per_frame", "avg_lost_per_frame"]
QUANTITY_LABELS = {
    "frame_time": "frame time [ms]", "packet_time": "packet time [ms]", "throughput": "throughput",
    "loss": "loss [%]", "max_lost_per_frame": "max lost/frame [packets]",
    "avg_lost_per_frame": "avg lost/frame [packets]",
}


def spec(name: str) -> TableSpec:
    """Return the :class:`TableSpec` called ``name``.

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
    """The paper's table in wide form: one row per run, one column per quantity (a fresh copy)."""
    return _paper_wide(name).copy()


# ---------------------------------------------------------------- calibration
SET_GRID = 401
"""Grid points per cost axis of the identified set."""

PROFILE_POINTS = 121
"""Application costs on the grid of :func:`cost_profile`."""


@dataclass(frozen=True)
class Calibration:
    """Calibrated host parameters and the display-work ratio.

    Attributes
    ----------
    hosts : pandas.DataFrame
        One row per host: ``kernel_ms``, ``app_ms`` (the chosen point of the identified set),
        ``app_ms_low``, ``app_ms_high``, ``kernel_ms_low``, ``kernel_ms_high`` (the set's extent,
        :func:`identified_set`), ``floor_ms``, ``point``, ``knee_mbps`` (the fluid model's peak throughput), ``display_ms``, ``rows``
        (max-throughput rows used) and ``rms_rel_error`` of the fit.
    kappa : float
        Display-work ratio (see the module docstring).
    buffer_packets : int
        Socket buffer [packets].
    display_table : str
        The animation table ``kappa`` was fitted on.
    cost_cv, display_cv : float
        Variability of the per-packet costs and of the per-frame display time (:class:`~mmperf.hosts.testbed.Host`).
    livelock, display_stage, buffer_bound : bool
        The mechanisms the ablations remove (see :meth:`host`); all True in the book's model.
    overrides : dict
        Per host, :class:`~mmperf.hosts.testbed.Host` fields that replace the calibrated ones
        (see :meth:`with_host`).
    """

    hosts: pd.DataFrame
    kappa: float
    buffer_packets: int = SOCKET_BUFFER_PACKETS
    display_table: str = DISPLAY_CALIBRATION_TABLE
    cost_cv: float = testbed.Host.cost_cv
    display_cv: float = testbed.Host.display_cv
    overrides: dict = field(default_factory=dict)
    livelock: bool = True
    display_stage: bool = True
    buffer_bound: bool = True

    def host(self, name: str) -> testbed.Host:
        """The calibrated :class:`~mmperf.hosts.testbed.Host` called ``name``, with the ablations applied
        (``livelock``: :func:`~mmperf.hosts.testbed.without_livelock`; ``display_stage``: no display work;
        ``buffer_bound``: :data:`~mmperf.hosts.testbed.UNBOUNDED_BUFFER`)."""
        if name not in self.hosts.index:
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

    def with_host(self, name: str, **fields) -> "Calibration":
        """A copy whose host ``name`` has some :class:`~mmperf.hosts.testbed.Host` fields replaced."""
        self.host(name)  # checks the name
        return replace(self, overrides={**self.overrides, name: {**self.overrides.get(name, {}), **fields}})


def _to_mbps(value, unit):
    return value / 1000.0 if unit == "Kb/s" else value


def _max_rows(host: str) -> pd.DataFrame:
    rows = []
    for t in TABLES:
        if t.host == host and t.experiment == "max_throughput":
            p = paper_table(t.name)
            for r in p.itertuples():
                rows.append({"table": t.name, "testbed": t.testbed, "packet_time": r.packet_time,
                             "throughput_mbps": _to_mbps(r.throughput, t.throughput_unit)})
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


def _digit(v: float) -> float:
    # the unit of the last printed digit; a value that reads the same to one decimal (33.2, or a
    # printed 15.60) gets the looser 0.1 Mb/s
    return 0.1 if abs(round(v, 1) - v) < 1e-9 else 0.01


def _identification_rows(host: str, abstract: bool) -> pd.DataFrame:
    data = _max_rows(host)
    data["digit"] = [_digit(v) for v in data["throughput_mbps"]]
    if abstract and host == ALPHA:
        a = abstract_run()
        data = pd.concat([data, pd.DataFrame([{"table": "abstract", "testbed": "FDDI", "packet_time": a["packet_time"],
                                               "throughput_mbps": a["throughput_mbps"], "digit": 0.1}])],
                         ignore_index=True)
    return data


def cost_floor(host: str) -> float:
    """The physical floor [ms] of each of a host's per-packet costs (:data:`HARDWARE`,
    :func:`mmperf.hosts.identification.copy_floor_ms`)."""
    _check_host(host)
    clock, word = HARDWARE[host]
    return identification.copy_floor_ms(clock_mhz=clock, word_bytes=word)


@lru_cache(maxsize=None)
def _set(host: str, abstract: bool, link_error: float) -> tuple:
    data = _identification_rows(host, abstract)
    links = [LINKS[tb] for tb in data["testbed"]]
    p = data["packet_time"].to_numpy()
    pmin = float(p.min())
    floor = cost_floor(host)
    grid = identification.consistent_costs(
        testbed.arrival_rate(p, links, packet_bytes=PACKET_BYTES), data["throughput_mbps"].to_numpy(),
        mbps_per_rate=PACKET_BYTES * 8 / 1e3, rel_error=link_error, digit=data["digit"].to_numpy(),
        kernel_grid=np.linspace(0.0, 2.0 * pmin, SET_GRID), app_grid=np.linspace(pmin / 400, 2.0 * pmin, SET_GRID),
        kernel_floor=floor, app_floor=floor)
    return grid, identification.set_summary(grid), len(data)


def identified_set(host: str, *, abstract: bool = True, link_error: float = LINK_ERROR) -> pd.DataFrame:
    """The per-packet costs of a host consistent with every one of its maximum-throughput rows.

    A pair (``kernel_ms``, ``app_ms``) is in the set when the fluid model
    (:func:`mmperf.hosts.testbed.read_rate`) puts every row's throughput within half its last
    printed digit plus ``link_error`` of the printed value, and both costs are above the host's
    physical floor (:func:`cost_floor`): set-membership identification
    (:func:`mmperf.hosts.identification.consistent_costs`), no coverage level implied.

    Parameters
    ----------
    host : str
        One of :data:`HOSTS`.
    abstract : bool, default True
        For the Alpha, add the abstract's 42.1 Mb/s / 3.4 % run (:func:`abstract_run`) as a row.
    link_error : float, default :data:`LINK_ERROR`

    Returns
    -------
    pandas.DataFrame
        The grid of :func:`~mmperf.hosts.identification.consistent_costs` with a ``host`` column.

    Raises
    ------
    ValueError
        If ``host`` is unknown or ``link_error`` not in [0, 1).
    """
    _check_host(host)
    return _set(host, bool(abstract), float(link_error))[0].assign(host=host)


def cost_profile(host: str, *, points: int = PROFILE_POINTS, abstract: bool = True,
                 link_error: float = LINK_ERROR) -> pd.DataFrame:
    """The profile of a host's fit error over its application cost, and where the identified set lies.

    For each application cost ``c_a`` on a grid from ``p_min / 200`` to ``2 p_min`` (``p_min``: the
    host's shortest packet time), the kernel cost ``c_k`` that fits the host's maximum-throughput
    rows best and the fit's rms relative error; ``inside`` marks the costs within the identified
    set's range of ``c_a`` (:func:`identified_set`).

    Parameters
    ----------
    host : str
        One of :data:`HOSTS`.
    points : int, default 121
        Grid points.
    abstract, link_error
        As :func:`identified_set`.

    Returns
    -------
    pandas.DataFrame
        Columns ``host``, ``app_ms``, ``kernel_ms``, ``rms_rel_error``, ``inside`` (bool).

    Raises
    ------
    ValueError
        If ``host`` is unknown or ``points`` is not a whole number >= 3.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).
    """
    _check_host(host)
    if isinstance(points, bool) or not isinstance(points, int) or points < 3:
        raise ValueError(f"points must be a whole number >= 3, got {points!r}")
    prof = _profile(host, points).copy()
    s = _set(host, bool(abstract), float(link_error))[1]
    prof.insert(0, "host", host)
    prof["inside"] = (prof["app_ms"] >= s["app_low"]) & (prof["app_ms"] <= s["app_high"])
    return prof


@lru_cache(maxsize=None)
def _profile(host: str, points: int) -> pd.DataFrame:
    data = _max_rows(host)
    p = data["packet_time"].to_numpy()
    pmin = float(p.min())
    return cost_fit.best_kernel_profile(
        testbed.arrival_rate(p, [LINKS[tb] for tb in data["testbed"]], packet_bytes=PACKET_BYTES),
        data["throughput_mbps"].to_numpy(), mbps_per_rate=PACKET_BYTES * 8 / 1000.0,
        app_grid=np.linspace(pmin / 200.0, 2.0 * pmin, points), scale_ms=pmin)


def fit_host_costs(host: str, *, point="fit", abstract: bool = True, link_error: float = LINK_ERROR) -> dict:
    """One host's ``kernel_ms`` and ``app_ms``: a point of its identified set (:func:`identified_set`).

    Parameters
    ----------
    host : str
        One of :data:`HOSTS`.
    point : str or float, default "fit"
        ``"fit"``: the member of least rms relative error; ``"low"`` / ``"high"``: the member of
        least rms error at the set's smallest / largest application cost; a number: the member of
        least rms error at the grid's application cost nearest to it [ms].
    abstract, link_error
        As :func:`identified_set`.

    Returns
    -------
    dict
        ``kernel_ms``, ``app_ms``, ``rows``, ``rms_rel_error`` (over the rows used), ``app_ms_low``,
        ``app_ms_high``, ``kernel_ms_low``, ``kernel_ms_high`` (the set's extent), ``floor_ms``
        (:func:`cost_floor`), ``point``.

    Raises
    ------
    ValueError
        If ``host`` is unknown, ``point`` is not one of :data:`COST_POINTS` or a positive number, or
        the set is empty (no pair of costs fits every row: the rows contradict the model).
    """
    _check_host(host)
    grid, s, n = _set(host, bool(abstract), float(link_error))
    if s["empty"]:
        raise ValueError(f"no costs of {host} fit every row within link_error={link_error} "
                         f"(closest misfit {s['misfit_min']:.2f} > 1)")
    if isinstance(point, str) and point not in COST_POINTS:
        raise ValueError(f"point must be one of {COST_POINTS} or a cost in ms, got {point!r}")
    m = cost_fit.set_point(grid, s, point=point)
    ck, ca, rms = m["kernel_ms"], m["app_ms"], m["rms_rel_error"]
    return {"kernel_ms": ck, "app_ms": ca, "rows": int(n), "rms_rel_error": rms,
            "app_ms_low": s["app_low"], "app_ms_high": s["app_high"], "kernel_ms_low": s["kernel_low"],
            "kernel_ms_high": s["kernel_high"], "floor_ms": cost_floor(host), "point": str(point)}


def calibrate(*, display_table: str = DISPLAY_CALIBRATION_TABLE, buffer_packets: int = SOCKET_BUFFER_PACKETS,
              cost_cv: float = testbed.Host.cost_cv, display_cv: float = testbed.Host.display_cv,
              abstract: bool = True, link_error: float = LINK_ERROR, cost_points=(), livelock: bool = True,
              display_stage: bool = True, buffer_bound: bool = True) -> Calibration:
    """Calibrate the hosts (a point of each identified set) and the display ratio (on one animation table).

    Parameters
    ----------
    display_table : str, default "atm_anim"
        The animation table on which the display-work ratio ``kappa`` is fitted.
    buffer_packets : int, default 40
        Socket buffer capacity [packets].
    cost_cv, display_cv : float, default 0.2 and 0.1
        Variability of the simulated per-packet costs and display times (not used by the fit,
        which is in the fluid limit).
    abstract, link_error
        As :func:`identified_set`.
    cost_points : tuple of (host, point) pairs, default ()
        The point of a host's set to use (:func:`fit_host_costs`); a host not named takes ``"fit"``.
    livelock, display_stage, buffer_bound : bool, default True
        The mechanisms an ablation removes (:class:`Calibration`).

    Returns
    -------
    Calibration

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
    hosts = pd.DataFrame.from_dict({h: fit_host_costs(h, point=points.get(h, "fit"), abstract=abstract, link_error=link_error)
                                    for h in HOSTS}, orient="index")
    hosts["knee_mbps"] = PACKET_BYTES * 8 / (hosts["kernel_ms"] + hosts["app_ms"]) / 1000
    # display is user-level work like the application's reads; the kernel cost
    # measures the network driver's path and does not scale the display
    hosts["frame_read_ms"] = PACKETS_PER_FRAME * hosts["app_ms"]
    paper = paper_table(display_table)
    hk = hosts.loc[t.host]

    # a wide bracket: at the low end of the 5000/200's set the ratio is about 55
    kappa = cost_fit.fit_display_ratio(paper["packet_time"].to_numpy(), paper["avg_lost_per_frame"].to_numpy(),
                                       frame_read_ms=hk["frame_read_ms"], kernel_ms=hk["kernel_ms"],
                                       buffer_packets=buffer_packets, upper=1000.0)
    hosts["display_ms"] = kappa * hosts["frame_read_ms"]
    hosts.index.name = "host"
    return Calibration(hosts=hosts, kappa=kappa, buffer_packets=buffer_packets, display_table=display_table,
                       cost_cv=cost_cv, display_cv=display_cv, livelock=livelock, display_stage=display_stage,
                       buffer_bound=buffer_bound)


# ---------------------------------------------------------------- experiments
def simulate_row(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                 group: int = GROUP, seed: int | None = None) -> testbed.Run:
    """Simulate one row (1-based) of one table with the calibrated host (stream ``testbed, name, row``
    of root ``seed``; default the process's root seed)."""
    t = spec(name)
    if not 1 <= row <= len(t.packet_times_ms):
        raise ValueError(f"row must be in 1..{len(t.packet_times_ms)} for {name}, got {row!r}")
    stream = testbed.Stream(packet_time_ms=t.packet_times_ms[row - 1], group=group, n_frames=n_frames)
    return testbed.simulate(stream, LINKS[t.testbed], calibration.host(t.host), display=t.display,
                            rng=rng(PAPER, "testbed", name, row, root=seed))


def simulate_all(calibration: Calibration, *, n_frames: int = N_FRAMES, group: int = GROUP,
                 seed: int | None = None, tables=None) -> dict:
    """Simulate every row of every table (or of the named ``tables``) once: ``{(table, row): Run}``."""
    names = [t.name for t in TABLES] if tables is None else [spec(n).name for n in tables]
    return {(n, i): simulate_row(n, i, calibration, n_frames=n_frames, group=group, seed=seed)
            for n in names for i in range(1, len(spec(n).packet_times_ms) + 1)}


def _run(name, row, calibration, n_frames, runs):
    if runs is not None and (name, row) in runs:
        return runs[(name, row)]
    return simulate_row(name, row, calibration, n_frames=n_frames)


def run_table(name: str, calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """The book's version of one table: one row per run, the paper's columns and units.

    ``runs`` may hold the output of :func:`simulate_all`, to reuse its simulations.
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
    """Paper, book and difference (book - paper) for every cell of one table, in long form.

    Column ``calibrated`` marks the cells the calibration was fitted on.
    """
    t = spec(name)
    paper = paper_table(name).melt(id_vars="row", var_name="quantity", value_name="paper")
    book = run_table(name, calibration, n_frames=n_frames, runs=runs).melt(id_vars="row", var_name="quantity", value_name="book")
    out = paper.merge(book, on=["row", "quantity"])
    out["difference"] = out["book"] - out["paper"]
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
    """:func:`compare_table` for all 12 tables, concatenated."""
    return pd.concat([compare_table(t.name, calibration, n_frames=n_frames, runs=runs) for t in TABLES],
                     ignore_index=True)


def cost_band(params, host: str, *, points: int = 7, seed: int | None = None) -> pd.DataFrame:
    """Every table a host's costs reach, simulated across the host's identified set.

    The application cost ``c_a`` takes ``points`` evenly spaced values across the set's range
    (:func:`identified_set`) and the chosen point's; the kernel cost is the set's member of least
    rms error at each ``c_a``, and the display time follows the display ratio refitted each time
    (``D = kappa 264 c_a``): the DECstation 5000/200's ``c_a`` moves every host's display, so its
    band covers every animation table. The other hosts keep their points. Every point uses the
    same random streams as the book's run, so the band shows what the costs alone change.

    Parameters
    ----------
    params : Params
        The chapter's parameters (:class:`~mmperf.experiments.taylor1993.Params`).
    host : str
        One of :data:`HOSTS`.
    points : int, default 7
        Application costs across the set (the chosen point is added).
    seed : int, optional
        Root seed of the simulations (default: the process's).

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


def loss_sites(runs: dict) -> pd.DataFrame:
    """Where each run's packets were lost: at the sending interface's queue (the link) or the receiver's socket buffer.

    Columns ``table``, ``row``, ``testbed``, ``experiment``, ``sent``, ``lost_link``, ``lost_socket``.
    """
    rows = []
    for (name, row), r in runs.items():
        s, t = r.summary(), spec(name)
        rows.append({"table": name, "row": row, "testbed": t.testbed, "experiment": t.experiment,
                     "sent": s["sent"], "lost_link": s["lost_link"], "lost_socket": s["lost_socket"]})
    return pd.DataFrame(rows)


def side_by_side(comparison: pd.DataFrame, name: str, *, difference: bool = False) -> pd.DataFrame:
    """One table in the paper's layout: a row per run (indexed by row and packet time), paper and book per quantity.

    The packet time is the sender's setting, the same in both, so it is the index; with
    ``difference=True`` a (book - paper) column follows each pair. Short column labels keep the
    table within a page's width.
    """
    c = comparison[comparison["table"] == name]
    kinds = ("paper", "book", "difference") if difference else ("paper", "book")
    wide = c.pivot(index="row", columns="quantity", values=list(kinds)).swaplevel(axis=1)
    qs = [q for q in QUANTITIES if q != "packet_time"]
    wide = wide[[(q, k) for q in qs for k in kinds]]
    unit = spec(name).throughput_unit
    short = {**SHORT_LABELS, "throughput": f"throughput [{unit}]"}
    wide.columns = pd.MultiIndex.from_tuples([(short[q], k) for q in qs for k in kinds])
    # frame times to 0.1 ms (the paper prints 0.001 ms, which no simulation resolves): narrower columns
    wide = wide.round({col: 1 for col in wide.columns if col[0] == short["frame_time"]})
    packet = c[c["quantity"] == "packet_time"].set_index("row")["paper"]
    wide.index = pd.MultiIndex.from_arrays([wide.index, packet.loc[wide.index].to_numpy()],
                                           names=["row", "packet [ms]"])
    return wide


SHORT_LABELS = {"frame_time": "frame [ms]", "loss": "loss [%]", "max_lost_per_frame": "max lost",
                "avg_lost_per_frame": "avg lost"}
"""Column labels of :func:`side_by_side` (lost per frame in packets)."""


def loss_positions(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                   runs: dict | None = None) -> pd.DataFrame:
    """Where in the frame packets are lost: per packet index 0..263, the share of frames that lost it."""
    out = loss_position.position_losses(_lost(_run(name, row, calibration, n_frames, runs)))
    out["plane"] = out["index"] // (PACKETS_PER_FRAME // bitplane.N_PLANES)
    return out


def observed_frame_loss(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                        runs: dict | None = None) -> np.ndarray:
    """The loss mask (264 packets) of one simulated frame: the first frame after the first that
    loses the run's median number of packets among frames with loss."""
    lost = _lost(_run(name, row, calibration, n_frames, runs))
    try:
        return lost[loss_position.typical_frame(lost, skip=1)]
    except ValueError:
        raise ValueError(f"run {name} row {row} loses no packets") from None


def _lost(run) -> np.ndarray:
    """A run's loss matrix (frames x packet positions)."""
    return ~run.packets["received"].to_numpy().reshape(run.stream.n_frames, PACKETS_PER_FRAME)


def frame_packet_ratio() -> pd.DataFrame:
    """The paper's frame time divided by its packet time, row by row (a check of sec. 2.1's formula)."""
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
    rows = []
    for t in TABLES:
        scale = 1e3 if t.throughput_unit == "Kb/s" else 1.0
        digit = 1.0 if t.throughput_unit == "Kb/s" else 0.01
        p = paper_table(t.name)
        for r in p.itertuples():
            offered = PACKET_BYTES * 8 / r.packet_time / 1e3 * scale
            ident = PACKETS_PER_FRAME * PACKET_BYTES * 8 * (1 - r.loss / 100) / r.frame_time / 1e3 * scale
            rows.append({"table": t.name, "row": r.row, "experiment": t.experiment, "unit": t.throughput_unit,
                         "offered": offered, "throughput": r.throughput, "from_frame_time": ident,
                         "frame_over_packet": r.frame_time / r.packet_time,
                         "above_offered": r.throughput > offered + digit,
                         "identity_off": abs(r.throughput - ident) > digit})
    out = pd.DataFrame(rows)
    med = out.groupby("experiment")["frame_over_packet"].transform("median")
    out.insert(len(out.columns) - 2, "ratio_off", (out["frame_over_packet"] - med).abs() > 1.0)
    return out


# ---------------------------------------------------------------- image quality

def loss_mask(pattern: str, rate: float, *, frame_index: int = 0, draw: int = 0,
              start: int = SOCKET_BUFFER_PACKETS, seed: int | None = None) -> np.ndarray:
    """One 550x550 frame's loss mask (:func:`mmperf.quality.bitplane_loss.loss_mask`, streams ``taylor1993, quality``)."""
    return bitplane_loss.loss_mask(pattern, rate, layout=bitplane.layout((550, 550)), start=start, frame_index=frame_index,
                                   draw=draw, streams=(PAPER, "quality"), seed=seed)


def threshold(curves: pd.DataFrame, *, metric: str = "ssim", level: float = SSIM_VISIBLE) -> pd.DataFrame:
    """Loss rate [%] at which each pattern's mean quality first falls below ``level``
    (:func:`mmperf.metrics.crossing.crossings`); NaN for a pattern that never does on the grid."""
    c = crossings(curves, x="rate_pct", y=metric, level=level, by="pattern", direction="fall")
    return pd.DataFrame([{"pattern": p, "metric": metric, "level": level, "threshold_pct": float(v)}
                         for p, v in zip(c["pattern"], c["crossing"])])


# ---------------------------------------------------------------- compressibility
def compressibility_images(frame) -> dict:
    """The images whose bit planes are compressed: the test animation's frame and three scikit-image photographs."""
    return {"test animation frame": np.asarray(frame), "camera (skimage)": skimage_data.camera(),
            "moon (skimage)": skimage_data.moon(), "coins (skimage)": skimage_data.coins()}


def compressibility(images: dict, *, level: int = 6) -> pd.DataFrame:
    """Deflate ratio of every bit plane of every image (zlib ``level``, default 6, zlib's own default):
    columns ``image`` plus those of :func:`mmperf.quality.image.plane_compressibility`."""
    frames = [image.plane_compressibility(img, level=level).assign(image=name) for name, img in images.items()]
    out = pd.concat(frames, ignore_index=True)
    return out[["image", "plane", "bit", "raw_bytes", "deflate_bytes", "ratio"]]


# ---------------------------------------------------------------- claims
def loss_concentration(calibration: Calibration, *, n_frames: int = N_FRAMES, top: int = 20,
                       runs: dict | None = None) -> pd.DataFrame:
    """For every animation row with loss: where the losses fall in the frame.

    Columns: ``table``, ``row``, ``lost``, ``first_lost_index`` (the most
    often lost position's smallest index), ``share_in_top`` (share of the
    losses in the ``max(top, max lost per frame)`` most often lost positions, as
    many as one frame can lose; random loss would put about that number / 264
    there), ``share_after_buffer`` (share at positions
    ``buffer .. buffer + max lost per frame``).
    """
    rows = []
    for t in TABLES:
        if not t.display:
            continue
        for i in range(1, len(t.packet_times_ms) + 1):
            lost = _lost(_run(t.name, i, calibration, n_frames, runs))
            if lost.any():
                rows.append({"table": t.name, "row": i, **loss_position.loss_concentration(
                    lost, top=top, start=calibration.buffer_packets)})
    return pd.DataFrame(rows, columns=["table", "row", "lost", "first_lost_index", "share_in_top", "share_after_buffer"])


def display_off_check(calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None,
                      group: int = GROUP, seed: int | None = None) -> pd.DataFrame:
    """Every animation row run again with the display switched off: loss and throughput with and without display."""
    rows = []
    for t in TABLES:
        if not t.display:
            continue
        for i, pt in enumerate(t.packet_times_ms, start=1):
            stream = testbed.Stream(packet_time_ms=pt, group=group, n_frames=n_frames)
            host = calibration.host(t.host)
            on = _run(t.name, i, calibration, n_frames, runs).summary()
            off = testbed.simulate(stream, LINKS[t.testbed], host, display=False,
                                   rng=rng(PAPER, "testbed", t.name, i, root=seed)).summary()
            rows.append({"table": t.name, "row": i, "loss_pct_display": on["loss_pct"],
                         "loss_pct_no_display": off["loss_pct"]})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- the paper's remedies and the abstract's run
def remedy_buffer(calibration: Calibration, *, buffers=None, n_frames: int = N_FRAMES,
                  group: int = GROUP, seed: int | None = None, runs: dict | None = None) -> pd.DataFrame:
    """The paper's first remedy, "increasing the socket buffer size": every animation row rerun with larger buffers.

    Each row is simulated with the same random streams as the book's run (a paired comparison),
    the socket buffer the only change.

    Parameters
    ----------
    calibration : Calibration
    buffers : sequence of int, optional
        Larger buffers [packets]; default twice the calibration's and a whole frame (264).
    n_frames, group, seed, runs
        As :func:`simulate_row` (``runs``: the book's runs, reused for its own buffer).

    Returns
    -------
    pandas.DataFrame
        Per animation row and buffer [packets] (the book's first): ``table``, ``row``, ``buffer``,
        ``loss_pct``, ``max_lost_per_frame``.
    """
    if buffers is None:
        buffers = (2 * calibration.buffer_packets, PACKETS_PER_FRAME)
    rows = []
    for t in TABLES:
        if not t.display:
            continue
        for i, pt in enumerate(t.packet_times_ms, start=1):
            for b in (calibration.buffer_packets, *buffers):
                if b == calibration.buffer_packets:
                    s = _run(t.name, i, calibration, n_frames, runs).summary()
                else:
                    cal = replace(calibration, buffer_packets=int(b))
                    s = simulate_row(t.name, i, cal, n_frames=n_frames, group=group, seed=seed).summary()
                rows.append({"table": t.name, "row": i, "buffer": int(b), "loss_pct": s["loss_pct"],
                             "max_lost_per_frame": s["max_lost_per_frame"]})
    return pd.DataFrame(rows)


def remedy_reorder(frame, masks: pd.DataFrame, *, buffer_packets: int = SOCKET_BUFFER_PACKETS) -> pd.DataFrame:
    """The paper's second remedy, "reordering the transmission of packets": each observed loss pattern
    with the natural send order and with :func:`mmperf.coding.bitplane.buffer_aware_order`.

    The losses fall on send positions (the receiver's buffer does not look at the content), so the
    same positions are lost under either order; what changes is which packets they carry.

    Parameters
    ----------
    frame : numpy.ndarray
        One 8-bit frame.
    masks : pandas.DataFrame
        The ``observed_masks`` table of :func:`run` (per lossy animation run, a lost flag per position).
    buffer_packets : int, default 40

    Returns
    -------
    pandas.DataFrame
        Per run: ``table``, ``row``, ``lost``, ``ssim_natural``, ``ssim_reordered``, ``psnr_natural``,
        ``psnr_reordered``.
    """
    frame = np.asarray(frame)
    lay = bitplane.layout(frame.shape)
    order = bitplane.buffer_aware_order(lay, buffer_packets=buffer_packets)
    packets = bitplane.packetize(frame)
    rows = []
    for (name, row), g in masks.groupby(["table", "row"], sort=False):
        lost = g.sort_values("index")["lost"].to_numpy(dtype=bool)
        rows.append({"table": name, "row": int(row), **bitplane_loss.reordered_loss(frame, lost, order=order, packets=packets)})
    return pd.DataFrame(rows, columns=["table", "row", "lost", "ssim_natural", "ssim_reordered",
                                       "psnr_natural", "psnr_reordered"])


def abstract_check(calibration: Calibration, *, n_frames: int = N_FRAMES, group: int = GROUP,
                   seed: int | None = None) -> pd.DataFrame:
    """The abstract's Alpha/FDDI run (:func:`abstract_run`) simulated with the calibrated Alpha, display off.

    Returns
    -------
    pandas.DataFrame
        One row: ``packet_time``, ``paper_throughput``, ``paper_loss``, ``throughput`` [Mb/s], ``loss`` [%].
    """
    a = abstract_run()
    stream = testbed.Stream(packet_time_ms=a["packet_time"], group=group, n_frames=n_frames)
    s = testbed.simulate(stream, LINKS["FDDI"], calibration.host(ALPHA), display=False,
                         rng=rng(PAPER, "testbed", "abstract", 1, root=seed)).summary()
    return pd.DataFrame([{"packet_time": a["packet_time"], "paper_throughput": a["throughput_mbps"],
                          "paper_loss": a["loss_pct"], "throughput": s["throughput_mbps"], "loss": s["loss_pct"]}])


# ---------------------------------------------------------------- diagnostics for the chapter
def fluid_curves(calibration: Calibration, *, points: int = 60) -> pd.DataFrame:
    """The calibrated fluid throughput [Mb/s] of each maximum-throughput table over a range of packet times."""
    rows = []
    for t in TABLES:
        if t.display:
            continue
        lo, hi = 0.8 * min(t.packet_times_ms), 1.1 * max(t.packet_times_ms)
        p = np.linspace(lo, hi, points)
        r = testbed.fluid_received_rate(p, LINKS[t.testbed], calibration.host(t.host))
        rows.append(pd.DataFrame({"table": t.name, "testbed": t.testbed, "host": t.host, "packet_time": p,
                                  "throughput_mbps": r * PACKET_BYTES * 8 / 1000}))
    return pd.concat(rows, ignore_index=True)


def implied_display(calibration: Calibration, comparison: pd.DataFrame) -> pd.DataFrame:
    """Display wall time per frame [ms] that each lossy animation row of the paper implies, beside the book's.

    If a display of wall time ``W`` loses ``x = W / p - B`` packets per frame, the paper's
    average loss implies ``W = (B + x) p``; the book's is ``display_ms / (1 - kernel_ms / p)``.
    A diagnostic read from the paper's numbers, never used by the model.
    """
    rows = []
    b = calibration.buffer_packets
    for t in TABLES:
        if not t.display:
            continue
        c = comparison[(comparison["table"] == t.name)]
        h = calibration.hosts.loc[t.host]
        for i, p in enumerate(t.packet_times_ms, start=1):
            x = float(c[(c["row"] == i) & (c["quantity"] == "avg_lost_per_frame")]["paper"].iloc[0])
            if x <= 0:
                continue
            rows.append({"table": t.name, "testbed": t.testbed, "host": t.host, "row": i, "packet_time": p,
                         "paper_avg_lost": x, "implied_display_wall_ms": (b + x) * p,
                         "book_display_wall_ms": h["display_ms"] / (1 - h["kernel_ms"] / p)})
    out = pd.DataFrame(rows)
    out["ratio"] = out["implied_display_wall_ms"] / out["book_display_wall_ms"]
    return out


# ---------------------------------------------------------------- the contract: one run, one seed
def _loss_positions_all(runs: dict) -> pd.DataFrame:
    out = pd.concat([loss_position.position_losses(_lost(r)).assign(table=name, row=row)
                     for (name, row), r in runs.items()], ignore_index=True)[["table", "row", "index", "lost", "share_of_frames"]]
    out["plane"] = out["index"] // (PACKETS_PER_FRAME // bitplane.N_PLANES)
    return out


def _observed_masks(runs: dict, calibration: Calibration, n_frames: int) -> pd.DataFrame:
    frames = []
    for t in TABLES:
        if not t.display:
            continue
        for i in range(1, len(t.packet_times_ms) + 1):
            try:
                mask = observed_frame_loss(t.name, i, calibration, n_frames=n_frames, runs=runs)
            except ValueError:
                continue  # a run that loses nothing has no observed frame
            frames.append(pd.DataFrame({"table": t.name, "row": i, "index": np.arange(PACKETS_PER_FRAME), "lost": mask}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["table", "row", "index", "lost"])


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
    cal, tables = testbed_tables(params, seed=seed)
    images = _image_tables(params.quality_frames, tuple(params.quality_rates), params.quality_draws,
                           params.socket_buffer_packets, params.sensor_noise, params.compress_level, seed)
    tables.update({k: v.copy() for k, v in images.items()})
    frame = _frames(params.quality_frames, params.sensor_noise)[0]
    tables["remedy_reorder"] = remedy_reorder(frame, tables["observed_masks"], buffer_packets=params.socket_buffer_packets)
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
            "compressibility": compressibility(compressibility_images(frames[0]), level=level)}


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


def testbed_tables(params, *, seed: int) -> tuple[Calibration, dict]:
    """The calibration and the testbed part of :func:`run` (every table but ``quality`` and ``compressibility``).

    Parameters
    ----------
    params : Params
    seed : int
        Root seed of the simulations.

    Returns
    -------
    (Calibration, dict of str to pandas.DataFrame)
    """
    cal = _calibrate(params)
    runs = simulate_all(cal, n_frames=params.n_frames, group=params.group, seed=seed)
    tables = {
        "hosts": cal.hosts.reset_index(),
        "identification": pd.concat([cost_profile(h, abstract=params.abstract_run, link_error=params.link_error)
                                     for h in HOSTS], ignore_index=True),
        "comparison": compare_all(cal, n_frames=params.n_frames, runs=runs),
        "loss_sites": loss_sites(runs),
        "loss_positions": _loss_positions_all(runs),
        "observed_masks": _observed_masks(runs, cal, params.n_frames),
        "loss_concentration": loss_concentration(cal, n_frames=params.n_frames, runs=runs),
        "display_off": display_off_check(cal, n_frames=params.n_frames, runs=runs, group=params.group, seed=seed),
        "remedy_buffer": remedy_buffer(cal, n_frames=params.n_frames, group=params.group, seed=seed, runs=runs),
        "abstract_run": abstract_check(cal, n_frames=params.n_frames, group=params.group, seed=seed),
    }
    return cal, tables


def host_band(results, host: str = None) -> pd.DataFrame:
    """A host's tables across its identified set, for one run (:func:`cost_band`).

    Computed on demand (the chapter reads it for the book's seed only) and kept for the process,
    keyed by the run's parameters, seed and host.

    Parameters
    ----------
    results : mmperf.results.Results
        A run of :func:`run`.
    host : str, default the Alpha
        One of :data:`HOSTS`.

    Returns
    -------
    pandas.DataFrame
        :func:`cost_band` with ``params.band_points`` points, under the run's seed.
    """
    return _host_band(results.params, results.seed, ALPHA if host is None else host).copy()


def alpha_band(results) -> pd.DataFrame:
    """:func:`host_band` of the Alpha."""
    return host_band(results, ALPHA)


@lru_cache(maxsize=8)
def _host_band(params, seed: int, host: str) -> pd.DataFrame:
    return cost_band(params, host, points=params.band_points, seed=seed)


def clock_ticks(*, tick_ms: float = ULTRIX_TICK_MS, max_ticks: int = 12) -> pd.DataFrame:
    """Every maximum-throughput packet time of the paper read as whole clock ticks over a group that divides 264.

    A sender that sleeps on a clock of period ``tick_ms`` can only pace a group of ``g`` packets
    every ``k`` ticks, a packet time of ``k tick / g``; the paper says its groups divide 264
    (sec. 2.1). A diagnostic of the paper's numbers, never an input.

    Parameters
    ----------
    tick_ms : float, default 1000/256
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
                         "offered_tick": PACKET_BYTES * 8 / pace["tick_packet_time"] / 1e3,
                         "throughput": _to_mbps(r.throughput, t.throughput_unit)})
    return pd.DataFrame(rows)
