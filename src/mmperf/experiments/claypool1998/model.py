"""Claypool, Habermann & Riedl 1998: the experiments of both chapters, composed from the mechanisms.

Every run is reproducible: :func:`trace` regenerates the trace of any run from its configuration and
replication number, with the seed stream ``mmperf.seeds.rng("claypool1998", <experiment>, <point>, rep)``.
The runs are :mod:`mmperf.quality.jitter_testbed`'s on the paper's lab (:data:`~.params.TESTBED`), the
conference predictions are :mod:`mmperf.quality.planning`'s, the playout buffers :mod:`mmperf.quality.playout`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np
import pandas as pd

from mmperf import papers
from mmperf.experiments._contract import prepare_run
from mmperf.experiments.claypool1998.paper import (
    CLASSES, FIG19_MBPS, FIG19_SPECS, FIG19_USERS, FIG20_USERS, FIG21_LOADS, LOAD_HOGS, PAPER, PRIORITY_HOGS,
    PROJECTION_YEARS, SETUP, WORKSTATIONS)
from mmperf.experiments.claypool1998.params import (
    CONFERENCE, ENVIRONMENTS, FIG20_STOP_AFTER, N_PACKETS, PROJECTION, QUIET_CLUSTER, REFLECTION_HOGS, REPS,
    SCHEDULER, SPECINT92, SYSTEMS, TABLE4_HOGS, TESTBED, Params, QualityParams, ts_policies)
from mmperf.hosts.cpu import Scheduler
from mmperf.hosts.sleeper_sweep import sleeper_sweep
from mmperf.metrics import jitter
from mmperf.metrics.agreement import compare
from mmperf.networks.lan import NETWORKS
from mmperf.quality import jitter_testbed, planning
from mmperf.quality.conference_capacity import capacity_growth, users_until_unacceptable
from mmperf.quality.jitter_testbed import StreamPoint
from mmperf.results import Results

__all__ = [
    "RunConfig", "trace", "traces", "grid", "table4_grid", "run_points", "table2_comparison",
    "example_traces", "reflection_configs", "environment_configs", "network_configs", "SCHEDULER_CHECK_HOST", "run", "FIG16_CONFIG", "table4", "fig19", "fig20", "fig21", "bottleneck", "projection",
    "what_if_grid", "run_quality", "TABLE4_READINGS", "paper_table4", "paper_noise", "table4_fig13_r", "table4_readings",
]


@dataclass(frozen=True)
class RunConfig(StreamPoint):
    """One experiment point on the paper's testbed (:data:`~.params.TESTBED`).

    The fields are :class:`mmperf.quality.jitter_testbed.StreamPoint`'s; by default the IPX of Fig. 3 in the
    multi-user daytime environment, :data:`~.params.N_PACKETS` datagrams per run.

    Parameters
    ----------
    experiment, hogs, sched_class, network, net_loaded, period_us, size_bytes
        As :class:`~mmperf.quality.jitter_testbed.StreamPoint`.
    workstation : str, default "IPX"
        A key of :data:`~.params.SPECINT92`.
    environment : str, default "multi-user, day"
        A key of :data:`~.params.ENVIRONMENTS` or :data:`~.params.QUIET_CLUSTER`'s name.
    n_packets : int, default N_PACKETS
        Datagrams per run.

    Raises
    ------
    ValueError
        If the workstation, environment or network is unknown, or a host or stream field is out of range.
    """

    workstation: str = "IPX"
    environment: str = "multi-user, day"
    n_packets: int = N_PACKETS

    def __post_init__(self):
        super().__post_init__()
        TESTBED.check(self)


# The testbed's runs with the paper's lab and defaults (:mod:`mmperf.quality.jitter_testbed`).
trace = partial(jitter_testbed.trace, testbed=TESTBED)
traces = partial(jitter_testbed.traces, testbed=TESTBED, reps=REPS)
run_points = partial(jitter_testbed.run_points, testbed=TESTBED, reps=REPS)
example_traces = partial(jitter_testbed.example_traces, testbed=TESTBED)


def grid() -> list[RunConfig]:
    """Every experiment point of Secs. 3-6.

    Returns
    -------
    list of RunConfig
        The points of Figs. 4-8 (size and rate, processor load, environment, isolated hosts), Figs. 10-11
        (priority) and Sec. 6 (network), in that order.

    Examples
    --------
    >>> points = grid()
    >>> len(points), points[0].experiment
    (68, 'size-rate')
    """
    pts = [RunConfig("size-rate", period_us=SETUP[f"{p}_period"], size_bytes=SETUP[f"{p}_size"])  # Sec. 3, Fig. 4
           for p in ("audio", "mid", "video")]
    pts += [RunConfig("rate", period_us=SETUP[f"fig5_period_{k}"]) for k in range(1, 5)]  # Sec. 3, Fig. 5
    pts += [RunConfig("processor-load", workstation=ws, hogs=h) for ws in WORKSTATIONS for h in LOAD_HOGS]  # Figs. 6-7
    pts += [RunConfig("environment", environment=e) for e in ENVIRONMENTS]  # Sec. 4.3, Fig. 8 (IPX, assumed)
    pts += [RunConfig("isolated", workstation=ws, environment="single-user, dedicated network") for ws in WORKSTATIONS]
    pts += [RunConfig("priority", workstation="SPARCclassic", hogs=h, sched_class=c)  # Sec. 5, Figs. 10-11
            for c in CLASSES for h in PRIORITY_HOGS]
    pts += [RunConfig("network", workstation="SGI Challenge L", environment=QUIET_CLUSTER.name, network=n,  # Sec. 6
                      net_loaded=ld) for n in NETWORKS for ld in (False, True)]
    return pts


def table4_grid() -> list[RunConfig]:
    """Sec. 8.2, Table 4: processor loaded, network loaded, both, per network.

    Returns
    -------
    list of RunConfig
        Three points per network of :data:`mmperf.networks.lan.NETWORKS` on the SGI Challenge L, experiments
        ``additivity-processor``, ``additivity-network`` and ``additivity-both``.
    """
    return [RunConfig(f"additivity-{label}", workstation="SGI Challenge L", environment=QUIET_CLUSTER.name, network=net,
                      hogs=hogs, net_loaded=loaded)
            for net in NETWORKS for hogs, loaded, label in [(TABLE4_HOGS, False, "processor"), (0, True, "network"),
                                                            (TABLE4_HOGS, True, "both")]]


def table2_comparison(run_table: pd.DataFrame) -> pd.DataFrame:
    """Table 2 side by side: the correlation of each pair of jitter measures, paper beside book.

    Parameters
    ----------
    run_table : pandas.DataFrame
        Runs as :func:`run_points` returns them (the columns of :data:`mmperf.metrics.jitter.MEASURES`).

    Returns
    -------
    pandas.DataFrame
        ``row``, ``column``, ``paper``, ``book`` (Pearson r over all runs, dimensionless) and ``difference``
        (book - paper).
    """
    corr = run_table[jitter.MEASURES].corr()
    paper = papers.table(PAPER, "table2")[["row", "column", "value"]]
    book = paper[["row", "column"]].assign(value=[float(corr.loc[a.lower(), b.lower()])
                                                  for a, b in zip(paper["row"], paper["column"])])
    return compare(paper, book, on=["row", "column"])


def reflection_configs() -> dict[str, RunConfig]:
    """The two streams of Fig. 3: mean interarrival 160,000 us and 30,000 us, same host and load.

    Returns
    -------
    dict of str to RunConfig
        Label (the period, such as ``"160,000 us"``) to experiment point.

    Examples
    --------
    >>> list(reflection_configs())
    ['160,000 us', '30,000 us']
    """
    return {f"{int(p):,} us": RunConfig("reflection", workstation="IPX", hogs=REFLECTION_HOGS, period_us=p)
            for p in (SETUP["fig3_period_top"], SETUP["fig3_period_bottom"])}


def environment_configs() -> dict[str, RunConfig]:
    """The five streams of Fig. 8, top to bottom.

    Returns
    -------
    dict of str to RunConfig
        Environment name to experiment point.
    """
    return {e: RunConfig("environment", environment=e) for e in ENVIRONMENTS}


def network_configs() -> dict[str, RunConfig]:
    """The six streams of Fig. 12 (three networks, loaded and idle).

    Returns
    -------
    dict of str to RunConfig
        Label (``"<network>, load"`` or ``"<network>, no load"``) to experiment point.
    """
    return {f"{net}, {'load' if ld else 'no load'}": RunConfig(
        "network", workstation="SGI Challenge L", environment=QUIET_CLUSTER.name, network=net, net_loaded=ld)
        for net in NETWORKS for ld in (True, False)}


SCHEDULER_CHECK_HOST = "SPARCclassic"
"""Host of the scheduler check: the paper's Sec. 5 priority experiments."""


def run(params: Params | None = None, *, seed: int, workers: int = 1) -> Results:
    """Every experiment of the jitter chapter (Secs. 3-6) under one root seed.

    Parameters
    ----------
    params : Params, optional
        The chapter's knobs (default ``Params()``).
    seed : int
        Root seed, ``0 .. 2**63 - 1``: every run's streams are drawn from it.
    workers : int, default 1
        Accepted for the common contract.

    Returns
    -------
    mmperf.results.Results
        Tables ``runs`` (one row per run of the grid), ``table2`` (paper beside book), ``reflection_trace``,
        ``reflection_runs``, ``environment_traces``, ``network_traces``, ``what_if``, ``scheduler_check`` and
        ``scheduler_trace`` (:func:`mmperf.hosts.sleeper_sweep.sleeper_sweep` on the SPARCclassic).

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 3-6.
    """
    params, seed, workers = prepare_run(Params, params, seed=seed, workers=workers, paper="claypool1998 jitter")
    kw = dict(scheduler=params.scheduler, root=seed, ts_policies=ts_policies(params.sec4_policy, params.sgi_policy),
              waits=params.lan_waits, app_hosts=None if params.app_hosts == "all" else (params.app_hosts,))
    runs_ = run_points(grid(), reps=params.reps, **kw)
    refl = pd.DataFrame([{"stream": k, "rep": r, "reflection": jitter.reflection(t["interarrival_us"]),
                          "variance": jitter.variance(t["interarrival_us"]),
                          "reflection_free": jitter.reflection_free_variance(t["interarrival_us"])}
                         for k, c in reflection_configs().items() for r in range(params.reps) for t in [trace(c, r, **kw)]])
    what_if = {c: RunConfig("what-if", workstation="IPX", hogs=3, sched_class=c, network="Ethernet", net_loaded=True)
               for c in CLASSES}
    check, check_trace = sleeper_sweep(SPECINT92[SCHEDULER_CHECK_HOST], seed=seed, key=(PAPER, "timesharing"),
                                       classes=CLASSES, n_packets=N_PACKETS, scheduler=params.scheduler)
    tables = {
        "runs": runs_, "table2": table2_comparison(runs_),
        "reflection_trace": example_traces(reflection_configs(), packets=params.reflection_packets, **kw),
        "reflection_runs": refl,
        "environment_traces": example_traces(environment_configs(), packets=params.trace_packets, offset_us=200_000, **kw),
        "network_traces": example_traces(network_configs(), packets=params.trace_packets, offset_us=750_000, **kw),
        "what_if": pd.DataFrame({c: jitter.measures(trace(cf, 0, **kw)) for c, cf in what_if.items()}).T.rename_axis(
            "sched_class").reset_index(),
        "scheduler_check": check, "scheduler_trace": check_trace,
    }
    descriptions = {
        "runs": "one row per run of Secs. 3-6: factors, reported load, jitter measures [us, us^2], buffers [us]",
        "table2": "Table 2: correlation r of each pair of jitter measures, paper beside book",
        "reflection_trace": "Fig. 3: interarrival times [us] of the first datagrams of the 160 ms and 30 ms streams",
        "reflection_runs": "Fig. 3 streams per run: reflection (fraction given back), variance and reflection-free variance [us^2]",
        "environment_traces": "Fig. 8: interarrival times [us] per environment, offset 200 ms per stream",
        "network_traces": "Fig. 12: interarrival times [us] per network and load, offset 750 ms per stream",
        "what_if": "one IPX run with three counters on a loaded Ethernet per scheduling class: jitter measures",
        "scheduler_check": "Sec. 5 on the event-driven time-sharing scheduler: variance [us^2] and longest lateness [us] per class and counters",
        "scheduler_trace": "who ran when [ms from the arrival] around the latest datagram, default class, six counters",
    }
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions)


# --- the quality chapter (Secs. 7-9) -------------------------------------------------------------

FIG16_CONFIG = RunConfig("processor-load", workstation="IPX", hogs=2)
"""The run whose compensation curve stands for Fig. 16 (chosen before looking: the Fig. 3 host and load)."""


def table4(*, reps: int, **kw) -> pd.DataFrame:
    """Table 4 side by side (Sec. 8.2): processor, network, predicted and actual jitter per network.

    Parameters
    ----------
    reps : int
        Runs per point of :func:`table4_grid`, >= 1.
    **kw
        Options as :func:`run_points` (``scheduler``, ``root``, ``ts_policies``, ``waits``, ``app_hosts``).

    Returns
    -------
    pandas.DataFrame
        ``network``, ``column`` (processor, network, predicted = their sum, actual), ``paper``, ``book`` (mean
        variance in ms^2, the unit the book reads Table 4 in) and ``difference`` (book - paper) [ms^2].
    """
    r = run_points(table4_grid(), reps=reps, **kw)
    r["column"] = r["experiment"].str.replace("additivity-", "", regex=False).replace({"both": "actual"})
    book = r.groupby(["network", "column"])["variance"].mean().unstack() / 1e6
    book["predicted"] = planning.additive_jitter(book["processor"], book["network"])
    book.columns.name = None
    long = (book.rename_axis("net").reset_index().melt(id_vars="net", var_name="column", value_name="value")
            .rename(columns={"net": "network"}))
    return compare(papers.table(PAPER, "table4")[["network", "column", "value"]], long, on=["network", "column"])


def fig19(*, reps: int, **kw) -> pd.DataFrame:
    """Quality for five users: processor power rising on Ethernet, and bandwidth rising with an IPX (Sec. 8.5.2).

    Parameters
    ----------
    reps : int
        Runs per point, >= 1.
    **kw
        Passed to :func:`mmperf.quality.planning.sweep` (``model``, ``limits``, ``scheduler``, ``root``).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.sweep` plus ``scenario`` and ``x`` (SPECint92 in the
        processor scenario, bandwidth [Mbit/s] in the bandwidth one).
    """
    cpu = planning.sweep([planning.System(f"SPECint92 {s:g}", s, NETWORKS["Ethernet"].mbps) for s in FIG19_SPECS],
                         users=(FIG19_USERS,), reps=reps, **kw).assign(scenario="processor power rises (Ethernet)",
                                                                       x=lambda d: d["specint92"])
    net = planning.sweep([planning.System(f"{b:g} Mb/s", SPECINT92["IPX"], b) for b in FIG19_MBPS],
                         users=(FIG19_USERS,), reps=reps, **kw).assign(scenario="bandwidth rises (IPX)", x=lambda d: d["mbps"])
    return pd.concat([cpu, net], ignore_index=True)


def fig20(*, reps: int, users=None, stop_after: int | None = FIG20_STOP_AFTER, **kw) -> pd.DataFrame:
    """Quality against users for the three systems (Sec. 8.5.3), swept until each is past its limit.

    Parameters
    ----------
    reps, stop_after, **kw
        As :func:`mmperf.quality.conference_capacity.users_until_unacceptable` (default ``stop_after``:
        :data:`~.params.FIG20_STOP_AFTER`).
    users : iterable of int, optional
        User counts in increasing order (default: :data:`~.paper.FIG20_USERS`).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.sweep` for every system and user count run.
    """
    three = [SYSTEMS[k] for k in ("IPX + Ethernet", "Sparc 5 + Fibre Channel", "DEC Alpha + HIPPI")]
    return users_until_unacceptable(three, users=FIG20_USERS if users is None else list(users), stop_after=stop_after,
                                    reps=reps, **kw)


def fig21(*, reps: int, users: int, **kw) -> pd.DataFrame:
    """Quality against processor load for the three systems and the IPX with real-time priorities (Sec. 8.5.4).

    Parameters
    ----------
    reps : int
        Runs per point, >= 1.
    users : int
        Conference size, >= 1.
    **kw
        Passed to :func:`mmperf.quality.planning.sweep` (``model``, ``limits``, ``scheduler``, ``root``).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.sweep` for :data:`~.params.SYSTEMS` at the loads
        :data:`~.paper.FIG21_LOADS` (counter processes per workstation).
    """
    return planning.sweep(list(SYSTEMS.values()), users=(users,), loads=FIG21_LOADS, reps=reps, **kw)


def bottleneck(years=(0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0), *, users=range(1, 21), reps: int = 1, **kw) -> pd.DataFrame:
    """Users an IPX-class processor grown for ``y`` years supports on Ethernet and on HIPPI (Sec. 9).

    Parameters
    ----------
    years, users, reps, **kw
        As :func:`mmperf.quality.conference_capacity.capacity_growth` (the power doubles every
        ``SETUP["hardware_doubling"]`` years, Sec. 9).

    Returns
    -------
    pandas.DataFrame
        ``year``, ``specint92``, ``ethernet_users`` and ``hippi_users``.
    """
    return capacity_growth("IPX", SPECINT92["IPX"], {n: NETWORKS[n].mbps for n in ("Ethernet", "HIPPI")}, years=years,
                           doubling_years=SETUP["hardware_doubling"], users=users, reps=reps, **kw)


def projection(*, root: int | None = None, scheduler: Scheduler = SCHEDULER, **changes) -> pd.DataFrame:
    """Fig. 22: jitter against years with default and real-time priorities.

    Parameters
    ----------
    root : int, optional
        Root seed (default: the book's).
    scheduler : mmperf.hosts.cpu.Scheduler, default SCHEDULER
        The hosts' scheduler.
    **changes
        Changes to :data:`~.params.PROJECTION`'s ``hogs`` or ``reps`` (or its other keys).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.project` for the default class, then the real-time class
        (``year``, ``sched_class``, ``jitter_us2`` [us^2], ...).
    """
    kw = {**PROJECTION, **changes}
    return pd.concat([planning.project(PROJECTION_YEARS, sched_class=c, root=root, scheduler=scheduler, **kw)
                      for c in ("default", "real-time")], ignore_index=True)


def what_if_grid(*, users=(2, 3, 5, 10, 20, 50), loads=(0, 3, 6), root: int | None = None) -> pd.DataFrame:
    """Quality of every processor x network x class x users x load, one run each, for the what-if chart.

    Parameters
    ----------
    users : sequence of int, default (2, 3, 5, 10, 20, 50)
        Conference sizes.
    loads : sequence of int, default (0, 3, 6)
        Counter processes per workstation.
    root : int, optional
        Root seed (default: the book's).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.sweep` with the conference model :data:`~.params.CONFERENCE`,
        plus ``processor`` and ``network``.
    """
    combos = {f"{p} + {n}, {c}": (p, n) for p in ("IPX", "Sparc 5", "DEC Alpha") for n in NETWORKS
              for c in ("default", "real-time")}
    systems = [planning.System(name, SPECINT92[p], NETWORKS[n].mbps, name.rsplit(", ", 1)[1]) for name, (p, n) in combos.items()]
    out = planning.sweep(systems, users=users, loads=loads, reps=1, model=CONFERENCE, root=root)
    return out.assign(processor=out["system"].map({k: v[0] for k, v in combos.items()}),
                      network=out["system"].map({k: v[1] for k, v in combos.items()}))


def run_quality(params: QualityParams | None = None, *, seed: int, workers: int = 1) -> Results:
    """Every experiment of the quality chapter (Secs. 7-9) under one root seed.

    Parameters
    ----------
    params : QualityParams, optional
        The chapter's knobs (default ``QualityParams()``).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract.

    Returns
    -------
    mmperf.results.Results
        Tables ``runs`` (the jitter chapter's runs), ``fig16_curve`` (the pre-registered run's compensation
        curve), ``table4``, ``fig19``, ``fig20``, ``fig21``, ``projection``, ``projection_sensitivity`` and
        ``bottleneck``; value ``fig16_run`` (its summary row).

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 7-9.
    """
    params, seed, workers = prepare_run(QualityParams, params, seed=seed, workers=workers, paper="claypool1998 quality")
    sch = params.scheduler
    kw = dict(root=seed, scheduler=sch, ts_policies=ts_policies(sgi_policy=params.sgi_policy))
    conf = dict(root=seed, scheduler=sch, model=params.conference())
    runs_ = run_points(grid(), reps=params.reps, **kw)
    t16 = trace(FIG16_CONFIG, 0, **kw)
    sens = [projection(hogs=h, reps=params.sensitivity_reps, root=seed, scheduler=sch).assign(hogs=h) for h in (2, 4)]
    tables = {
        "runs": runs_,
        "fig16_curve": jitter.compensation_curve(t16["recv_us"], t16["send_us"]),
        "table4": table4(reps=params.table4_reps, **kw),
        "fig19": fig19(reps=params.quality_reps, **conf),
        "fig20": fig20(reps=params.quality_reps, **conf),
        "fig21": fig21(reps=params.quality_reps, users=params.fig21_users, **conf),
        "projection": projection(root=seed, scheduler=sch),
        "projection_sensitivity": pd.concat(sens, ignore_index=True),
        "bottleneck": bottleneck(**conf),
    }
    descriptions = {
        "runs": "the jitter chapter's runs (Secs. 3-6): measures, optimal buffer [us], dropped [%]",
        "fig16_curve": "Fig. 16: buffering [us] against frames dropped [%] for the pre-registered run",
        "table4": "Table 4: processor, network, predicted and actual jitter [ms^2] per network, paper beside book",
        "fig19": "Fig. 19: predicted quality for five users as processor power or bandwidth rises",
        "fig20": "Fig. 20: predicted quality against users for three systems",
        "fig21": "Fig. 21: predicted quality against processor load for four systems",
        "projection": "Fig. 22: jitter [us^2] against years, default and real-time priorities (six counters)",
        "projection_sensitivity": "Fig. 22 with two and four counters",
        "bottleneck": "users an IPX-class host grown for y years supports on Ethernet and on HIPPI",
    }
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions,
                   values={"fig16_run": run_points([FIG16_CONFIG], reps=1, **kw).iloc[0]})


# --- the paper's own Table 4, read as data (two findings the paper does not report) -----------------

TABLE4_READINGS = {"ms² (the book's reading)": 1e6, "µs² (the paper's unit elsewhere)": 1.0}
"""Readings of Table 4's unstated jitter unit: factor to square microseconds."""


def paper_table4() -> pd.DataFrame:
    """The paper's Table 4 as printed.

    Returns
    -------
    pandas.DataFrame
        Indexed by network (in the paper's order), columns ``processor``, ``network``, ``predicted``, ``actual``
        (the printed values, unit unstated).
    """
    return papers.table(PAPER, "table4").pivot(index="network", columns="column", values="value").reindex(
        list(NETWORKS))[["processor", "network", "predicted", "actual"]]


def paper_noise() -> float:
    """The paper's own spread of a variance: largest / smallest of Table 4's processor column.

    The processor column is the same experiment measured once per network (the idle networks are
    indistinguishable, Fig. 12).

    Returns
    -------
    float
        The ratio, dimensionless: 590.60 / 501.15 = 1.18.

    Examples
    --------
    >>> round(paper_noise(), 2)
    1.18
    """
    p = paper_table4()["processor"]
    return float(p.max() / p.min())


def table4_fig13_r() -> float:
    """r of nominal bandwidth and 1 / Table 4's network column.

    Sec. 8.2 says that column is Sec. 6's loaded-network jitter, the series of Fig. 13's three points.

    Returns
    -------
    float
        Pearson's r, dimensionless.
    """
    t = paper_table4()
    return float(np.corrcoef([NETWORKS[n].mbps for n in t.index], 1 / t["network"])[0, 1])


def table4_readings(threshold_us2: float) -> pd.DataFrame:
    """Every Table 4 value under each reading of its unit, and whether it is below ``threshold_us2``.

    Parameters
    ----------
    threshold_us2 : float
        Threshold variance [us^2].

    Returns
    -------
    pandas.DataFrame
        ``network``, ``column``, ``printed``, ``reading`` (a key of :data:`TABLE4_READINGS`), ``us2`` (the value
        in us^2 under that reading) and ``below`` (``us2 < threshold_us2``).
    """
    t = paper_table4().stack().rename("printed").reset_index()
    return pd.concat([t.assign(reading=name, us2=t["printed"] * f) for name, f in TABLE4_READINGS.items()],
                     ignore_index=True).assign(below=lambda d: d["us2"] < threshold_us2)
