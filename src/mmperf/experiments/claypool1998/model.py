"""Claypool, Habermann & Riedl 1998: parameters, experiment grid and runs, in one place.

Every parameter is named with its source: ``paper`` (a number the paper
states), ``physical`` (a published property of the systems the paper used,
not stated in the paper), ``assumed`` (the book's choice where the paper is
silent) or ``calibrated`` (set by the book on one experiment).

The runs are reproducible: :func:`trace` regenerates the trace of any run
from its configuration and replication number, with the seed stream
``mmperf.seeds.rng("claypool1998", <experiment>, <point>, rep)``; the quality
chapter calls it instead of reading files.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from functools import lru_cache

import numpy as np
import pandas as pd

from mmperf import papers
from mmperf.hosts.cpu import NICED, Host, Scheduler, load_average
from mmperf.hosts.timesharing import Policy
from mmperf.media.periodic import PeriodicStream, simulate_arrays
from mmperf.metrics import jitter
from mmperf.metrics.fits import line_fit
from mmperf.networks.lan import NETWORKS, Traffic
from mmperf.quality import planning
from mmperf.seeds import rng

PAPER = "claypool1998"

REPS = 10
"""Runs (replications) per experiment point; each is an independent trace."""

N_PACKETS = 1000
"""Datagrams per run (assumed: the paper does not give its run length; 1000 audio datagrams = 160 s)."""


SETUP = {
    # the paper's experimental setup: inputs of the book's runs, stated here with their source
    # (tests/claypool1998/test_paper_tables.py checks them against the transcription in data/papers)
    "audio_period": 160_000.0,  # us, Sec. 3: audio-rate interarrival
    "audio_size": 1280.0,  # bytes, Sec. 3
    "mid_period": 100_000.0,  # us, Sec. 3
    "mid_size": 4000.0,  # bytes, Sec. 3
    "video_period": 33_000.0,  # us, Sec. 3
    "video_size": 6000.0,  # bytes, Sec. 3
    "fig5_period_1": 30_000.0,  # us, Sec. 3, Fig. 5 rates
    "fig5_period_2": 70_000.0,
    "fig5_period_3": 110_000.0,
    "fig5_period_4": 160_000.0,
    "fig3_period_top": 160_000.0,  # us, Fig. 3 upper (reflecting) stream
    "fig3_period_bottom": 30_000.0,  # us, Fig. 3 lower stream
    "gaps_buffer": 250_000.0,  # us, Sec. 3: playout buffer of the gaps measure
    "fig16_max_buffer": 250.0,  # ms, Sec. 8.1: largest buffer of the compensation curve
    "fig19_users": 5.0,  # users, Sec. 8.5.2
    "hardware_doubling": 1.0,  # years, Sec. 9
}
"""The paper's experimental setup (stream periods and sizes, buffers, users), with sources."""

PAPER_SPECINT92 = {"SLC": 8.6, "IPC": 13.8, "IPX": 21.8, "Sparc 5": 64.0}
"""Processor power of the four Sun workstations [SPECint92], the paper's Table 3."""


SPECINT92 = {
    **PAPER_SPECINT92,  # paper, Table 3
    "SPARCclassic": 26.4,  # physical: Sun SPARCclassic (microSPARC 50 MHz), Sec. 5 host; not in the paper
    "SGI Challenge L": 90.0,  # assumed: R4400-class, Sec. 6 host; the paper gives no SPECint92
    "DEC Alpha": 300.0,  # assumed: 21164-class, Sec. 8.5.3's "DEC Alpha"; the paper gives no SPECint92
}
"""Processor power of every host, SPECint92."""

CPUS = {"SGI Challenge L": 4}
"""Processors per host where more than one: Sec. 6.1, "We used 4 processor SGI Challenge L workstations" (paper)."""

TS_POLICY = {"SGI Challenge L": "4.3bsd"}
"""Time-sharing policy of a host where it differs from the scheduler's (``Host.ts_policy``): the Suns
run SunOS 5.4 (the SVR4 TS class, :data:`SCHEDULER`); the SGI's
IRIX 5.3 is kept on the 4.3BSD decay-usage policy (an approximation: IRIX's own scheduler is not
modelled, and on four processors the counters hardly matter)."""

SEC4_HOSTS = ("SLC", "IPC", "IPX", "Sparc 5")
"""The Suns whose operating system the paper does not name (it names SunOS 5.4 only for the SPARCclassics, Sec. 5.1)."""


def ts_policies(sec4_policy: str = "svr4") -> dict:
    """Every host's time-sharing policy where it differs from :data:`SCHEDULER`'s, with the Sec. 4 Suns
    (:data:`SEC4_HOSTS`) on ``sec4_policy`` ('svr4': SunOS 5, the book's; '4.3bsd': SunOS 4.1)."""
    if sec4_policy not in ("svr4", "4.3bsd"):
        raise ValueError(f"sec4_policy must be 'svr4' or '4.3bsd', got {sec4_policy!r}")
    return {**TS_POLICY, **({h: sec4_policy for h in SEC4_HOSTS} if sec4_policy != "svr4" else {})}


SCHEDULER = Scheduler(ts_policy="svr4")
"""The hosts' scheduler in both chapters: the event-driven scheduler of :mod:`mmperf.hosts.timesharing` with SunOS 5's
SVR4 TS class (the Suns; the SGI overrides it, :data:`TS_POLICY`), hz 100, the calibrated work per datagram."""

APP_WORK_FIG6 = 300_000.0
"""Receiving application's own work per datagram x SPECint92 [us] of the reading that Fig. 6 calibrates: on the
SunOS 4.1 (4.3BSD) reading, the smallest of 100,000, 200,000, ... at which the SLC's r of load and variance
reaches 0.95 (three runs per point, root seed 1; 35 ms per datagram on the SLC, 4.7 ms on a Sparc 5).
Calibrated, used only by a reading of the ledger (issue 32)."""

APP_WORK_FIG10 = 900_000.0
"""The same on the SPARCclassic alone (SVR4, SunOS 5.4 stated): the value on a 50,000 grid whose default-class
variance at six counters comes closest (in log) to Fig. 10's axis top, 3.5e10 us^2 (4.8e10; 850,000 gives 9.4e9):
34 ms per datagram. On every host it would overload the SLC (105 ms per 160 ms datagram beside six counters).
Calibrated, used only by a reading of the ledger (issue 32)."""

WORKSTATIONS = ["SLC", "IPC", "IPX", "Sparc 5"]
"""The four Sun workstations of Sec. 4 (Table 3)."""

PARAMETERS = pd.DataFrame([
    ("audio period", SETUP["audio_period"], "us", "paper", "Sec. 3: 1280-byte datagrams every 160,000 us"),
    ("audio size", SETUP["audio_size"], "bytes", "paper", "Sec. 3"),
    ("gaps buffer", SETUP["gaps_buffer"], "us", "paper", "Sec. 3, after Naylor & Kleinrock"),
    ("compensation buffers", SETUP["fig16_max_buffer"] * 1000, "us", "paper", "Sec. 8.1: buffers 0 to 250 ms"),
    ("host mechanism", "event-driven scheduler", "-", "book",
     "each host's stream process is a sleeper on the event-driven scheduler (mmperf.hosts.timesharing)"),
    ("time-sharing policy, Suns", "svr4", "-", "paper (SPARCclassic) / assumed (SLC, IPC, IPX, Sparc 5)",
     "SunOS 5.4 is stated for the SPARCclassics only (Sec. 5.1); the Sec. 4 Suns are assumed to run it too (ledger: "
     "sec4-os): the SVR4 TS class with the default Solaris 2 ts_dptbl (60 levels; quantum 200 ms at level 0 "
     "to 20 ms at 59; ts_tqexp, ts_slpret, ts_maxwait, ts_lwait; Sun, System Administration Guide 802-5750)"),
    ("time-sharing policy, SGI Challenge L", TS_POLICY["SGI Challenge L"], "-", "assumed",
     "IRIX 5.3's scheduler not modelled: 4.3BSD decay usage on four processors"),
    ("clock tick", Scheduler().tick_us, "us", "physical", "hz = 100 (SunOS 5, and 4.3BSD, the paper's [32])"),
    ("SVR4 start level / ts_upri of a nice value", "29 / -nice", "-", "assumed",
     "a new TS process inherits its parent's level (mid-table assumed); nice -19 adds 19 to the level (clipped to 59)"),
    ("SVR4 kernel part of a woken process", "SYS class", "-", "physical",
     "a process woken from a socket sleep runs its kernel part at its sleep priority, above every TS level"),
    ("4.3BSD time-sharing quantum (SGI)", Scheduler().quantum_us, "us", "physical", "4.3BSD roundrobin every 100 ms ([32])"),
    ("4.3BSD priority recomputation (SGI)", Policy().recompute_ticks * Scheduler().tick_us, "us", "physical",
     "the running process's usrpri every 4 ticks, everyone's (and the estcpu decay 2L/(2L+1)) once a second ([32])"),
    ("4.3BSD PUSER / PSOCK (SGI)", f"{Policy().puser} / {Policy().wake_pri}", "-", "physical",
     "4.3BSD param.h; a woken process's kernel part runs at PSOCK, before every user-mode process ([32])"),
    ("nice of the niced class", NICED, "-", "paper", "Sec. 5.1: setpriority(-19)"),
    ("real-time class", "before every time-sharing and system process", "-", "paper",
     "Sec. 5.1: a runnable real-time process runs before any other (SVR4: RT above SYS above TS)"),
    ("processors, SGI Challenge L", CPUS["SGI Challenge L"], "processors", "paper", "Sec. 6.1: 4 processor SGI Challenge L workstations"),
    ("processors, Sun workstations", 1, "processors", "physical", "the SLC, IPC, IPX, Sparc 5 and SPARCclassic are uniprocessors"),
    ("per-datagram CPU work x SPECint92", Scheduler().work_spec_us, "us", "calibrated",
     "exponential; calibrated under the former per-datagram draw on one scale (default-class variance at six counters "
     "on the SPARCclassic of the order of Fig. 10's axis) and kept: on the scheduler it sets the hosts' own spread (Fig. 9)"),
    ("share of that work in the kernel", Scheduler().kernel_share, "fraction", "assumed",
     "receive path at the sleep priority (SYS / PSOCK); the rest in user mode"),
    ("other processes on the hosts", 0, "processes", "book", "no daemons are modelled: multi- and single-user hosts are the same; "
     "the environments differ only in their Ethernet traffic"),
    ("TCP window of netperf", Traffic().window_bytes, "bytes", "physical", "largest TCP window without window scaling"),
    ("SPARCclassic SPECint92", SPECINT92["SPARCclassic"], "SPECint92", "physical", "Sec. 5 host; not stated in the paper"),
    ("SGI Challenge L SPECint92", SPECINT92["SGI Challenge L"], "SPECint92", "assumed", "Sec. 6 host; not stated in the paper"),
    ("datagrams per run", N_PACKETS, "datagrams", "assumed", "the paper does not state its run length"),
    ("runs per point", REPS, "runs", "assumed", "replications per experiment point"),
], columns=["parameter", "value", "unit", "source", "note"])
"""All parameters of the jitter experiments with their source."""


@dataclass(frozen=True)
class Environment:
    """Background activity of a test environment (Fig. 8).

    ``utilization`` and ``burst_bytes`` describe other traffic on a shared
    Ethernet (0 on a dedicated, disconnected network). No daemons are
    modelled on the hosts, so multi- and single-user environments differ
    only in their traffic. All values are assumed: the paper describes the
    environments only in words.
    """

    name: str
    utilization: float
    burst_bytes: float = 24_576.0


ENVIRONMENTS = {
    e.name: e for e in [
        Environment("multi-user, day", 0.10),
        Environment("multi-user, night", 0.02),
        Environment("single-user, day", 0.10),
        Environment("single-user, night", 0.02),
        Environment("single-user, dedicated network", 0.0),
    ]
}
"""The five environments of Fig. 8 (top to bottom)."""

QUIET_CLUSTER = Environment("SGI cluster, private networks", 0.0)
"""Environment of the network experiments (Sec. 6): point-to-point networks without other users' traffic (assumed)."""


@dataclass(frozen=True)
class RunConfig:
    """One experiment point: who sends to whom, over what, under which load.

    Attributes mirror the paper's factors: processor (``workstation``),
    counter processes on the receiver (``hogs``), scheduling class, environment,
    network and whether ``netperf`` loads it, and the stream's period and size.
    """

    experiment: str
    workstation: str = "IPX"
    hogs: int = 0
    sched_class: str = "default"
    environment: str = "multi-user, day"
    network: str = "Ethernet"
    net_loaded: bool = False
    period_us: float = 160_000.0
    size_bytes: float = 1280.0
    n_packets: int = N_PACKETS

    def __post_init__(self):
        if self.workstation not in SPECINT92:
            raise ValueError(f"workstation must be one of {sorted(SPECINT92)}, got {self.workstation!r}")
        if self.environment not in ENVIRONMENTS and self.environment != QUIET_CLUSTER.name:
            raise ValueError(f"environment must be one of {sorted(ENVIRONMENTS) + [QUIET_CLUSTER.name]}, got {self.environment!r}")
        if self.network not in NETWORKS:
            raise ValueError(f"network must be one of {sorted(NETWORKS)}, got {self.network!r}")
        # Host and PeriodicStream validate the rest
        self.hosts()
        self.stream()

    @property
    def point(self) -> str:
        """A stable name of the point, used as its seed key."""
        return "|".join(f"{k}={v}" for k, v in asdict(self).items() if k != "experiment")

    def env(self) -> Environment:
        return ENVIRONMENTS.get(self.environment, QUIET_CLUSTER)

    def hosts(self, ts_policies: dict | None = None) -> tuple[Host, Host]:
        """(sender, receiver): the sender idle, the counters and the class on the receiver.

        ``ts_policies`` maps a workstation to its time-sharing policy (default :data:`TS_POLICY`)."""
        spec = SPECINT92[self.workstation]
        cpus = CPUS.get(self.workstation, 1)
        pol = (TS_POLICY if ts_policies is None else ts_policies).get(self.workstation)
        sender = Host(self.workstation, spec, hogs=0, sched_class=self.sched_class, cpus=cpus, ts_policy=pol)
        receiver = Host(self.workstation, spec, hogs=self.hogs, sched_class=self.sched_class, cpus=cpus, ts_policy=pol)
        return sender, receiver

    def traffic(self, waits: bool = True) -> Traffic:
        """The LAN's other traffic; ``waits=False`` (an ablation): none, the datagrams never wait."""
        e = self.env()
        if not waits:
            return Traffic()
        return Traffic(utilization=e.utilization, burst_bytes=e.burst_bytes, bulk=self.net_loaded)

    def stream(self) -> PeriodicStream:
        return PeriodicStream(period_us=self.period_us, size_bytes=self.size_bytes, n_packets=self.n_packets)


def trace(config: RunConfig, rep: int, *, scheduler: Scheduler = SCHEDULER, root: int | None = None,
          ts_policies: dict | None = None, waits: bool = True, app_hosts: tuple | None = None) -> pd.DataFrame:
    """Regenerate the trace of run ``rep`` of ``config`` (deterministic given ``root``, the root seed;
    None: the book's root seed, :func:`mmperf.seeds.use`).

    ``ts_policies`` overrides the hosts' time-sharing policies (:meth:`RunConfig.hosts`); ``waits=False``
    removes the LAN's other traffic (:meth:`RunConfig.traffic`); ``app_hosts`` (None: all) names the
    workstations whose receiving application does ``scheduler.app_work_spec_us`` (the others do none).

    Returns
    -------
    pandas.DataFrame
        :data:`mmperf.media.periodic.TRACE_COLUMNS`.
    """
    return pd.DataFrame(_trace_arrays(config, rep, scheduler=scheduler, root=root, ts_policies=ts_policies, waits=waits,
                                      app_hosts=app_hosts))


def _trace_arrays(config: RunConfig, rep: int, *, scheduler: Scheduler = SCHEDULER, root: int | None = None,
                  ts_policies: dict | None = None, waits: bool = True, app_hosts: tuple | None = None) -> dict:
    sender, receiver = config.hosts(ts_policies)
    if app_hosts is not None and config.workstation not in app_hosts and scheduler.app_work_spec_us:
        scheduler = replace(scheduler, app_work_spec_us=0.0)
    return simulate_arrays(config.stream(), sender=sender, receiver=receiver, network=NETWORKS[config.network],
                           traffic=config.traffic(waits), scheduler=scheduler,
                           rng=rng(PAPER, config.experiment, config.point, rep, root=root))


def traces(points: list[RunConfig] | None = None, *, reps: int = REPS) -> pd.DataFrame:
    """Every run's trace as one tidy table (regenerated from the seeds, not read from files).

    Parameters
    ----------
    points : list of RunConfig, optional
        Default: :func:`grid`.
    reps : int
        Runs per point.

    Returns
    -------
    pandas.DataFrame
        ``experiment``, ``point``, ``rep`` and the trace columns
        (:data:`mmperf.media.periodic.TRACE_COLUMNS`), one row per datagram.
    """
    pts = grid() if points is None else points
    return pd.concat([trace(c, r).assign(experiment=c.experiment, point=c.point, rep=r)
                      for c in pts for r in range(reps)], ignore_index=True)


def reported_load(config: RunConfig, rep: int, *, scheduler: Scheduler = SCHEDULER, root: int | None = None) -> float:
    """The load ``w`` reports at the end of run ``rep`` of ``config`` (deterministic).

    The hosts run no other processes, so the run queue holds the counters alone."""
    _, receiver = config.hosts()
    return load_average(hogs=receiver.hogs, background=0.0,
                        duration_s=config.stream().duration_s, rng=rng(PAPER, "w", config.point, rep, root=root))


def with_changes(params, changes: dict):
    """A copy of a chapter's ``params`` with ``changes``; a key ``scheduler__<field>`` changes that field of its
    ``scheduler`` (for the ledgers' readings and ablations)."""
    changes = dict(changes)
    sch = {k.split("__", 1)[1]: changes.pop(k) for k in list(changes) if k.startswith("scheduler__")}
    if sch:
        changes["scheduler"] = replace(changes.get("scheduler", params.scheduler), **sch)
    return replace(params, **changes)


def grid() -> list[RunConfig]:
    """Every experiment point of Secs. 3-6 and of Table 4 (Sec. 8.2)."""
    pts: list[RunConfig] = []
    # Sec. 3, Fig. 4: three size/rate pairs
    for p, s in [("audio", "audio"), ("mid", "mid"), ("video", "video")]:
        pts.append(RunConfig("size-rate", period_us=SETUP[f"{p}_period"], size_bytes=SETUP[f"{s}_size"]))
    # Sec. 3, Fig. 5: 1280-byte packets at four rates
    for k in range(1, 5):
        pts.append(RunConfig("rate", period_us=SETUP[f"fig5_period_{k}"]))
    # Sec. 4.2, Figs. 6-7: counters on the receiver, four workstations
    for ws in WORKSTATIONS:
        for h in range(0, 7):
            pts.append(RunConfig("processor-load", workstation=ws, hogs=h))
    # Sec. 4.3, Fig. 8: five environments (IPX, assumed)
    for env in ENVIRONMENTS:
        pts.append(RunConfig("environment", environment=env))
    # Sec. 4.3, Fig. 9: isolated network, single-user, four workstations
    for ws in WORKSTATIONS:
        pts.append(RunConfig("isolated", workstation=ws, environment="single-user, dedicated network"))
    # Sec. 5, Figs. 10-11: one to six counters, three classes, SPARCclassic
    for cls in ("default", "niced", "real-time"):
        for h in range(1, 7):
            pts.append(RunConfig("priority", workstation="SPARCclassic", hogs=h, sched_class=cls))
    # Sec. 6, Figs. 12-13: three networks, idle and loaded, SGI Challenge L
    for net in NETWORKS:
        for loaded in (False, True):
            pts.append(RunConfig("network", workstation="SGI Challenge L", environment=QUIET_CLUSTER.name,
                                 network=net, net_loaded=loaded))
    return pts


TABLE4_HOGS = 1
"""Counter processes on the receiving SGI for the 'loaded processor' runs of Table 4 (assumed: the paper
says only that the processor jitter is "as obtained in results from Section 4", Sec. 8.2, where one to
six counters ran). On the scheduler the count hardly matters: the SGI's four processors absorb
three counters, and the light receiver preempts the rest, so the processor column is the idle SGI's
(about 0.9 ms² for 0 to 6 counters, against the paper's 501-591)."""


def table4_grid() -> list[RunConfig]:
    """Sec. 8.2, Table 4: processor loaded, network loaded, both, per network."""
    pts = []
    for net in NETWORKS:
        for hogs, loaded, label in [(TABLE4_HOGS, False, "processor"), (0, True, "network"),
                                    (TABLE4_HOGS, True, "both")]:
            pts.append(RunConfig(f"additivity-{label}", workstation="SGI Challenge L",
                                 environment=QUIET_CLUSTER.name, network=net, hogs=hogs, net_loaded=loaded))
    return pts


def run_points(points: list[RunConfig], *, reps: int = REPS, scheduler: Scheduler = SCHEDULER,
               root: int | None = None, ts_policies: dict | None = None, waits: bool = True,
               app_hosts: tuple | None = None) -> pd.DataFrame:
    """Run every point ``reps`` times; one row per run with its factors, load and measures.

    Returns
    -------
    pandas.DataFrame
        Factor columns of :class:`RunConfig`, ``rep``, ``specint92``, ``mbps``,
        ``load`` (as ``w`` reports it), the measures of :func:`mmperf.metrics.jitter.measures`
        and the optimal playout buffer of the run's compensation curve (``buffer_us``,
        ``dropped_pct`` at that buffer; :func:`mmperf.quality.planning.optimal_buffer`), the
        percentage dropped with a 100 ms buffer (``dropped_100ms_pct``) and the buffer that drops
        nothing (``no_drop_buffer_us``, the largest lateness).
    """
    if isinstance(reps, bool) or not isinstance(reps, (int, np.integer)) or reps < 1:
        raise ValueError(f"reps must be an int >= 1, got {reps!r}")
    rows = []
    for c in points:
        for rep in range(reps):
            t = _trace_arrays(c, rep, scheduler=scheduler, root=root, ts_policies=ts_policies, waits=waits,
                              app_hosts=app_hosts)
            m = jitter.measures(t)
            late = jitter.lateness(t["recv_us"], t["send_us"])
            b = jitter.DEFAULT_BUFFERS_US
            best = planning.optimal_buffer(pd.DataFrame({"buffer_us": b, "dropped_pct": jitter.dropped_pct(late, b)}))
            rows.append({**asdict(c), "rep": rep, "specint92": SPECINT92[c.workstation],
                         "mbps": NETWORKS[c.network].mbps, "load": reported_load(c, rep, scheduler=scheduler, root=root), **m.to_dict(),
                         "buffer_us": best["buffer_us"], "dropped_pct": best["dropped_pct"],
                         "dropped_100ms_pct": 100.0 * float((late > 100_000).mean()), "no_drop_buffer_us": float(late.max())})
    return pd.DataFrame(rows)


@lru_cache(maxsize=4)
def _cached_runs(reps: int) -> pd.DataFrame:
    return run_points(grid(), reps=reps)


def runs(*, reps: int = REPS) -> pd.DataFrame:
    """All runs of :func:`grid` (cached per process); see :func:`run_points`."""
    return _cached_runs(reps).copy()


# --- analyses shared by the two chapters -------------------------------------------------

def table2_comparison(run_table: pd.DataFrame) -> pd.DataFrame:
    """Table 2 side by side: the paper's correlation and the book's over all runs.

    Returns
    -------
    pandas.DataFrame
        Columns ``row``, ``column``, ``paper``, ``book``, ``difference`` (book - paper),
        one row per ordered pair of the six measures.
    """
    book = run_table[jitter.MEASURES].corr()
    paper = papers.table(PAPER, "table2")
    out = paper.rename(columns={"value": "paper"})[["row", "column", "paper"]].copy()
    out["book"] = [float(book.loc[a.lower(), b.lower()]) for a, b in zip(out["row"], out["column"])]
    out["difference"] = out["book"] - out["paper"]
    return out


def closest_approach(summary: pd.DataFrame, *, grid=None) -> float:
    """The load at which a family of fitted lines (``slope``, ``intercept``) is closest together.

    The spread is the range (max - min) of the lines' values; the grid is 0 to 6 in steps of 0.01.
    """
    g = np.arange(0.0, 6.0001, 0.01) if grid is None else np.asarray(grid, dtype=float)
    vals = summary["intercept"].to_numpy()[:, None] + summary["slope"].to_numpy()[:, None] * g[None, :]
    spread = vals.max(axis=0) - vals.min(axis=0)
    return float(g[int(np.argmin(spread))])


def example_traces(configs: dict[str, RunConfig], *, rep: int = 0, packets: int = 100,
                   offset_us: float = 0.0, scheduler: Scheduler = SCHEDULER, root: int | None = None,
                   ts_policies: dict | None = None, waits: bool = True, app_hosts: tuple | None = None) -> pd.DataFrame:
    """Interarrival times of the first ``packets`` datagrams of several runs, stacked with an offset.

    Returns
    -------
    pandas.DataFrame
        Columns ``stream``, ``packet``, ``interarrival_us`` and ``plotted_us``
        (interarrival + offset x position from the bottom, as Figs. 8 and 12 draw them).
    """
    frames = []
    n = len(configs)
    for k, (label, c) in enumerate(configs.items()):
        t = trace(c, rep, scheduler=scheduler, root=root, ts_policies=ts_policies, waits=waits,
                  app_hosts=app_hosts).iloc[1:packets + 1]
        frames.append(pd.DataFrame({"stream": label, "packet": t["packet"].to_numpy(),
                                    "interarrival_us": t["interarrival_us"].to_numpy(),
                                    "plotted_us": t["interarrival_us"].to_numpy() + offset_us * (n - 1 - k)}))
    return pd.concat(frames, ignore_index=True)


REFLECTION_HOGS = 2
"""Counter processes on the receiving IPX in the Fig. 3 streams (assumed: the paper does not say)."""


def reflection_configs() -> dict[str, RunConfig]:
    """The two streams of Fig. 3: mean interarrival 160,000 us and 30,000 us, same host and load."""
    return {f"{int(p):,} us": RunConfig("reflection", workstation="IPX", hogs=REFLECTION_HOGS, period_us=p)
            for p in (SETUP["fig3_period_top"], SETUP["fig3_period_bottom"])}


def environment_configs() -> dict[str, RunConfig]:
    """The five streams of Fig. 8, top to bottom."""
    return {e: RunConfig("environment", environment=e) for e in ENVIRONMENTS}


def network_configs() -> dict[str, RunConfig]:
    """The six streams of Fig. 12 (three networks, loaded and idle)."""
    out = {}
    for net in NETWORKS:
        for loaded in (True, False):
            out[f"{net}, {'load' if loaded else 'no load'}"] = RunConfig(
                "network", workstation="SGI Challenge L", environment=QUIET_CLUSTER.name, network=net, net_loaded=loaded)
    return out


# --- the quality planning model (Secs. 7-8) -------------------------------------------------

CONFERENCE = planning.ConferenceModel(frame_cpu_spec_us=225_000.0)
"""Videoconference predictors; the CPU time per frame is calibrated on Fig. 19 (see QUALITY_PARAMETERS)."""

SYSTEMS = {
    "IPX + Ethernet": planning.System("IPX + Ethernet", SPECINT92["IPX"], NETWORKS["Ethernet"].mbps),
    "Sparc 5 + Fibre Channel": planning.System("Sparc 5 + Fibre Channel", SPECINT92["Sparc 5"], NETWORKS["Fibre Channel"].mbps),
    "DEC Alpha + HIPPI": planning.System("DEC Alpha + HIPPI", SPECINT92["DEC Alpha"], NETWORKS["HIPPI"].mbps),
    "IPX + Ethernet, real-time": planning.System("IPX + Ethernet, real-time", SPECINT92["IPX"], NETWORKS["Ethernet"].mbps,
                                                 sched_class="real-time"),
}
"""The systems of Figs. 20-21."""

FIG19_USERS = int(SETUP["fig19_users"])
FIG19_SPECS = [8.6, 13.8, 21.8, 26.4, 30.0, 35.0, 40.0, 45.0, 50.0, 64.0, 80.0, 100.0, 150.0, 200.0, 300.0]
FIG19_MBPS = [10.0, 20.0, 50.0, 100.0, 266.0, 500.0, 800.0, 1600.0]
FIG20_USERS = list(range(1, 21)) + list(range(25, 85, 5))
FIG21_USERS = 2
"""Participants in the load scenario (assumed: the paper does not say; a two-party conference)."""
FIG21_LOADS = list(range(0, 7))
QUALITY_REPS = 10
"""Runs per point of the quality predictions (each 600 frames, 20 s): the jitter chapter's ten."""
FIG20_STOP_AFTER = 3
"""Fig. 20's sweep of a system stops this many unacceptable user counts in a row past its last acceptable one."""
TABLE4_REPS = 20
"""Runs per point for Table 4 (on the scheduler the SGI's variances vary little from run to run: 20 runs
give each cell's mean within about 2 %)."""

PROJECTION = {"specint92": SPECINT92["IPX"], "mbps": NETWORKS["Ethernet"].mbps, "hogs": 6,
              "reps": 10}
"""Fig. 22's starting point: an IPX on a netperf-loaded Ethernet with six counter processes -- the heaviest
load of the paper's experiments (Sec. 5.1) (assumed)."""
PROJECTION_YEARS = np.arange(0.0, 10.01, 1.0)
NO_BUFFER_TICK_US = 10_000.0
"""The book's reading of "virtually no buffering": an optimal buffer of one clock tick or less."""

QUALITY_PARAMETERS = pd.DataFrame([
    ("latency limit", planning.VIDEOCONFERENCE.latency_us, "us", "paper", "Sec. 8.1 (Jeffay & Stone)"),
    ("minimum frame rate", planning.VIDEOCONFERENCE.min_frame_rate, "frames/s", "paper", "Sec. 8.1 (Massimino & Sheridan)"),
    ("gaps limit", planning.VIDEOCONFERENCE.max_gaps_pct, "%", "paper", "Sec. 8.1 (Naylor & Kleinrock)"),
    ("full frame rate", planning.VIDEOCONFERENCE.full_frame_rate, "frames/s", "paper", "Sec. 3: video acquisition generates 30 frames/s"),
    ("frame size", CONFERENCE.frame_bytes, "bytes", "paper", "Sec. 3: video-size frames"),
    ("CPU time per frame x SPECint92", CONFERENCE.frame_cpu_spec_us, "us", "calibrated",
     "so that five users become acceptable at SPECint92 40 on Ethernet (Fig. 19, Sec. 8.5.2)"),
    ("recording latency", CONFERENCE.record_us, "us", "assumed", "one frame time; the paper's value is in its [9]"),
    ("playing latency", CONFERENCE.play_us, "us", "assumed", "one frame time"),
    ("transmission loss at full load", 100 * CONFERENCE.transmission_loss, "%", "paper", "Sec. 8.4"),
    ("DEC Alpha SPECint92", SPECINT92["DEC Alpha"], "SPECint92", "assumed", "21164-class; not stated in the paper"),
    ("users in the load scenario", FIG21_USERS, "users", "assumed", "Fig. 21 does not say"),
    ("projection load", PROJECTION["hogs"], "counter processes", "assumed", "heaviest load of Sec. 5"),
    ("hardware doubling time", SETUP["hardware_doubling"], "years", "paper", "Sec. 9 (Hennessy & Patterson)"),
    ("runs per quality point", QUALITY_REPS, "runs", "assumed", "600 frames each"),
], columns=["parameter", "value", "unit", "source", "note"])
"""All parameters of the quality chapter with their source."""


def table4(*, reps: int = TABLE4_REPS, root: int | None = None, scheduler: Scheduler = SCHEDULER) -> pd.DataFrame:
    """Table 4 side by side: processor, network, predicted (their sum) and actual jitter per network.

    Returns
    -------
    pandas.DataFrame
        ``network``, ``column`` (processor, network, predicted, actual), ``paper``, ``book`` (mean
        variance in ms^2, the unit the book reads Table 4 in) and ``difference``.
    """
    r = run_points(table4_grid(), reps=reps, root=root, scheduler=scheduler)
    r["column"] = r["experiment"].str.replace("additivity-", "", regex=False).replace({"both": "actual"})
    book = r.groupby(["network", "column"])["variance"].mean().unstack() / 1e6
    book["predicted"] = planning.additive_jitter(book["processor"], book["network"])
    book.columns.name = None
    long = (book.rename_axis("net").reset_index().melt(id_vars="net", var_name="column", value_name="book")
            .rename(columns={"net": "network"}))
    paper = papers.table(PAPER, "table4").rename(columns={"value": "paper"})[["network", "column", "paper"]]
    out = paper.merge(long, on=["network", "column"])
    out["difference"] = out["book"] - out["paper"]
    return out


def fig19(*, reps: int = QUALITY_REPS, root: int | None = None, scheduler: Scheduler = SCHEDULER,
          model: planning.ConferenceModel | None = None) -> pd.DataFrame:
    """Quality for five users: processor power rising on Ethernet, and bandwidth rising with an IPX."""
    cpu = planning.sweep([planning.System(f"SPECint92 {s:g}", s, NETWORKS["Ethernet"].mbps) for s in FIG19_SPECS],
                         users=(FIG19_USERS,), reps=reps, model=model or CONFERENCE, root=root, scheduler=scheduler).assign(
        scenario="processor power rises (Ethernet)", x=lambda d: d["specint92"])
    net = planning.sweep([planning.System(f"{b:g} Mb/s", SPECINT92["IPX"], b) for b in FIG19_MBPS],
                         users=(FIG19_USERS,), reps=reps, model=model or CONFERENCE, root=root, scheduler=scheduler).assign(
        scenario="bandwidth rises (IPX)", x=lambda d: d["mbps"])
    return pd.concat([cpu, net], ignore_index=True)


def fig20(*, reps: int = QUALITY_REPS, users=None, root: int | None = None, scheduler: Scheduler = SCHEDULER,
          model: planning.ConferenceModel | None = None, stop_after: int | None = FIG20_STOP_AFTER) -> pd.DataFrame:
    """Quality against users for the three systems.

    Each system's sweep stops once its mean quality has been unacceptable at ``stop_after`` user counts
    in a row past its last acceptable one (None: the whole grid)."""
    systems = [SYSTEMS[k] for k in ("IPX + Ethernet", "Sparc 5 + Fibre Channel", "DEC Alpha + HIPPI")]
    grid_users = FIG20_USERS if users is None else list(users)
    out = []
    for s in systems:
        bad = 0
        for n in grid_users:
            f = planning.sweep([s], users=(n,), reps=reps, model=model or CONFERENCE, root=root, scheduler=scheduler)
            out.append(f)
            bad = bad + 1 if f["quality"].mean() > 1.0 else 0
            if stop_after is not None and bad >= stop_after:
                break
    return pd.concat(out, ignore_index=True)


def fig21(*, reps: int = QUALITY_REPS, root: int | None = None, scheduler: Scheduler = SCHEDULER,
          model: planning.ConferenceModel | None = None) -> pd.DataFrame:
    """Quality against processor load for the three systems and the IPX with real-time priorities."""
    return planning.sweep(list(SYSTEMS.values()), users=(FIG21_USERS,), loads=FIG21_LOADS, reps=reps,
                          model=model or CONFERENCE, root=root, scheduler=scheduler)


def bottleneck(years=(0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0), *, users=range(1, 21), reps: int = 1,
               root: int | None = None, scheduler: Scheduler = SCHEDULER,
               model: planning.ConferenceModel | None = None) -> pd.DataFrame:
    """Users an IPX-class processor grown for ``y`` years supports on Ethernet and on HIPPI.

    Returns
    -------
    pandas.DataFrame
        ``year``, ``specint92``, ``ethernet_users``, ``hippi_users``; Ethernet is the bottleneck
        from the first year its count falls below HIPPI's.
    """
    rows = []
    for y in years:
        spec = SPECINT92["IPX"] * 2.0**y
        systems = [planning.System(f"IPX x2^{y:g} + {net}", spec, NETWORKS[net].mbps) for net in ("Ethernet", "HIPPI")]
        best = planning.max_acceptable_users(planning.sweep(systems, users=users, reps=reps, model=model or CONFERENCE,
                                                            root=root, scheduler=scheduler))
        rows.append({"year": float(y), "specint92": spec, "ethernet_users": int(best.iloc[0]), "hippi_users": int(best.iloc[1])})
    return pd.DataFrame(rows)


def projection(*, hogs: int | None = None, reps: int | None = None, root: int | None = None,
               scheduler: Scheduler = SCHEDULER) -> pd.DataFrame:
    """Fig. 22: jitter against years with default and real-time priorities."""
    kw = dict(PROJECTION)
    if hogs is not None:
        kw["hogs"] = hogs
    if reps is not None:
        kw["reps"] = reps
    return pd.concat([planning.project(PROJECTION_YEARS, sched_class=c, root=root, scheduler=scheduler, **kw)
                      for c in ("default", "real-time")],
                     ignore_index=True)


def no_buffer_threshold(run_table: pd.DataFrame, *, buffer_us: float = NO_BUFFER_TICK_US):
    """The jitter at which the book's optimal buffer falls to ``buffer_us`` (one clock tick).

    Fits log10(optimal buffer) against log10(variance) over the runs whose buffer is below the
    250 ms ceiling, and solves for ``buffer_us``.

    Returns
    -------
    (float, LineFit)
        The variance (us^2) and the log-log fit.
    """
    d = run_table[(run_table["buffer_us"] > 0) & (run_table["buffer_us"] < jitter.MAX_BUFFER_US)]
    f = line_fit(np.log10(d["variance"]), np.log10(d["buffer_us"]))
    return float(10 ** ((np.log10(buffer_us) - f.intercept) / f.slope)), f


FIG16_CONFIG = RunConfig("processor-load", workstation="IPX", hogs=2)
"""The run whose compensation curve stands for Fig. 16 (chosen before looking: the Fig. 3 host and load)."""


def what_if_grid(*, users=(2, 3, 5, 10, 20, 50), loads=(0, 3, 6), root: int | None = None) -> pd.DataFrame:
    """Quality of every processor x network x class x users x load, one run each, for the what-if chart."""
    combos = {f"{p} + {n}, {c}": (p, n) for p in ("IPX", "Sparc 5", "DEC Alpha") for n in NETWORKS
              for c in ("default", "real-time")}
    systems = [planning.System(name, SPECINT92[p], NETWORKS[n].mbps, name.rsplit(", ", 1)[1])
               for name, (p, n) in combos.items()]
    out = planning.sweep(systems, users=users, loads=loads, reps=1, model=CONFERENCE, root=root)
    out["processor"] = out["system"].map({k: v[0] for k, v in combos.items()})
    out["network"] = out["system"].map({k: v[1] for k, v in combos.items()})
    return out


# ---- the paper's own Table 4, read as data (two findings the paper does not report) -------------

TABLE4_READINGS = {"ms² (the book's reading)": 1e6, "µs² (the paper's unit elsewhere)": 1.0}
"""Readings of Table 4's unstated jitter unit: factor to square microseconds."""


def paper_table4() -> pd.DataFrame:
    """The paper's Table 4 as printed (networks in the paper's order; columns processor, network, predicted, actual)."""
    t = papers.table(PAPER, "table4")
    return t.pivot(index="network", columns="column", values="value").reindex(list(NETWORKS))[
        ["processor", "network", "predicted", "actual"]]


def paper_noise() -> float:
    """The paper's own spread of a variance: largest / smallest of Table 4's processor column.

    The processor column is the same experiment (the SGI receiver with a loaded processor, the
    network idle) measured once per network; the three networks are indistinguishable when idle
    (Fig. 12), so their spread, 590.60 / 501.15 = 1.18, is the paper's run-to-run noise.
    """
    p = paper_table4()["processor"]
    return float(p.max() / p.min())


def table4_fig13_r() -> float:
    """r of nominal bandwidth and 1 / Table 4's network column (Sec. 6's loaded-network jitter).

    Table 4's network column is "the jitter ... from the network as obtained in results from
    Section 6" (Sec. 8.2): one netperf-loaded run per network, the series of Fig. 13's three points.
    """
    t = paper_table4()
    return float(np.corrcoef([NETWORKS[n].mbps for n in t.index], 1 / t["network"])[0, 1])


def table4_readings(threshold_us2: float) -> pd.DataFrame:
    """Every Table 4 value under each reading of its unit [us^2], and whether it is below ``threshold_us2``."""
    t = paper_table4().stack().rename("printed").reset_index()
    rows = [t.assign(reading=name, us2=t["printed"] * f) for name, f in TABLE4_READINGS.items()]
    return pd.concat(rows, ignore_index=True).assign(below=lambda d: d["us2"] < threshold_us2)

__all__ = [
    "NETWORKS", "PAPER", "REPS", "N_PACKETS", "SETUP", "PAPER_SPECINT92", "SPECINT92", "CPUS", "TS_POLICY",
    "SCHEDULER", "APP_WORK_FIG6", "APP_WORK_FIG10", "SEC4_HOSTS", "ts_policies", "WORKSTATIONS", "PARAMETERS", "Environment", "ENVIRONMENTS", "QUIET_CLUSTER", "RunConfig",
    "trace", "traces", "reported_load", "with_changes", "grid", "TABLE4_HOGS", "table4_grid", "run_points", "runs",
    "table2_comparison", "closest_approach", "example_traces", "REFLECTION_HOGS", "reflection_configs",
    "environment_configs", "network_configs", "CONFERENCE", "SYSTEMS", "FIG19_USERS", "FIG19_SPECS",
    "FIG19_MBPS", "FIG20_USERS", "FIG20_STOP_AFTER", "FIG21_USERS", "FIG21_LOADS", "QUALITY_REPS", "TABLE4_REPS", "PROJECTION",
    "PROJECTION_YEARS", "NO_BUFFER_TICK_US", "QUALITY_PARAMETERS", "table4", "fig19", "fig20", "fig21",
    "bottleneck", "projection", "no_buffer_threshold", "FIG16_CONFIG", "what_if_grid", "TABLE4_READINGS",
    "paper_table4", "paper_noise", "table4_fig13_r", "table4_readings",
]
