"""The two chapters' ``Params`` and the book's values where the paper is silent, each with its source.

Sources: ``paper`` (:mod:`.paper`), ``physical`` (a published property of the systems the paper used,
not stated in it), ``assumed`` (the book's choice where the paper is silent; the open ones are in the
ledgers of :mod:`.claims`) or ``calibrated`` (set by the book on one experiment).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import pandas as pd

from mmperf import _validate
from mmperf.experiments.claypool1998.paper import CPUS, PAPER, PAPER_SPECINT92, SEC4_HOSTS, SETUP
from mmperf.hosts.cpu import NICED, TS_POLICIES, Scheduler
from mmperf.hosts.timesharing import Policy
from mmperf.networks.lan import NETWORKS, Traffic
from mmperf.quality import planning
from mmperf.quality.jitter_testbed import Environment, Testbed
from mmperf.results import params_table

__all__ = [
    "SPECINT92", "TS_POLICY", "SCHEDULER", "APP_WORK_FIG6", "APP_WORK_FIG10", "REPS", "N_PACKETS", "ts_policies",
    "with_changes", "ENVIRONMENTS", "QUIET_CLUSTER", "TESTBED", "CONFERENCE", "SYSTEMS", "FIG21_USERS",
    "QUALITY_REPS", "FIG20_STOP_AFTER", "TABLE4_REPS", "TABLE4_HOGS", "REFLECTION_HOGS", "PROJECTION",
    "NO_BUFFER_TICK_US", "PARAMETERS", "QUALITY_PARAMETERS", "Params", "QualityParams",
]

SPECINT92 = {
    **PAPER_SPECINT92,  # paper, Table 3
    "SPARCclassic": 26.4,  # physical: Sun SPARCclassic (microSPARC 50 MHz), Sec. 5 host; not in the paper
    "SGI Challenge L": 90.0,  # assumed: R4400-class, Sec. 6 host; the paper gives no SPECint92
    "DEC Alpha": 300.0,  # assumed: 21164-class, Sec. 8.5.3's "DEC Alpha"; the paper gives no SPECint92
}
"""Processor power of every host, SPECint92."""

TS_POLICY = {"SGI Challenge L": "4.3bsd"}
"""Time-sharing policy of a host where it differs from the scheduler's (``Host.ts_policy``): the Suns
run SunOS 5.4 (the SVR4 TS class, :data:`SCHEDULER`); the SGI's IRIX 5.3 is kept on the 4.3BSD
decay-usage policy (assumed, ledger ``sgi-policy``: IRIX's own scheduler is not modelled)."""


def ts_policies(sec4_policy: str = "svr4", sgi_policy: str = "4.3bsd") -> dict:
    """Every host's time-sharing policy where it differs from :data:`SCHEDULER`'s.

    Parameters
    ----------
    sec4_policy : {'svr4', '4.3bsd'}, default 'svr4'
        Policy of the Sec. 4 Suns (:data:`~.paper.SEC4_HOSTS`): 'svr4' (SunOS 5, the book's) or '4.3bsd'
        (SunOS 4.1).
    sgi_policy : {'4.3bsd', 'svr4'}, default '4.3bsd'
        Policy of the SGI Challenge L: '4.3bsd' (the book's) or 'svr4' (IRIX 5's SVR4-derived time-sharing).

    Returns
    -------
    dict of str to str
        Workstation to policy, for the hosts whose policy is not :data:`SCHEDULER`'s (``Host.ts_policy``).

    Raises
    ------
    ValueError
        If a policy is not 'svr4' or '4.3bsd'.

    Examples
    --------
    >>> ts_policies()
    {'SGI Challenge L': '4.3bsd'}
    >>> ts_policies(sec4_policy="4.3bsd")["IPX"]
    '4.3bsd'
    """
    _validate.one_of(sec4_policy, "sec4_policy", TS_POLICIES)
    _validate.one_of(sgi_policy, "sgi_policy", TS_POLICIES)
    out = {**TS_POLICY, **({h: sec4_policy for h in SEC4_HOSTS} if sec4_policy != "svr4" else {})}
    if sgi_policy != TS_POLICY["SGI Challenge L"]:
        out["SGI Challenge L"] = sgi_policy
    return out


SCHEDULER = Scheduler(ts_policy="svr4")
"""The hosts' scheduler in both chapters: :mod:`mmperf.hosts.timesharing` with SunOS 5's SVR4 TS class (the
SGI overrides it, :data:`TS_POLICY`), hz 100, the calibrated work per datagram."""

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

REPS = 10
"""Runs (replications) per experiment point; each is an independent trace."""

N_PACKETS = 1000
"""Datagrams per run (assumed: the paper does not give its run length; 1000 audio datagrams = 160 s)."""


ENVIRONMENTS = {e.name: e for e in [
    Environment("multi-user, day", 0.10), Environment("multi-user, night", 0.02), Environment("single-user, day", 0.10),
    Environment("single-user, night", 0.02), Environment("single-user, dedicated network", 0.0)]}
"""The five environments of Fig. 8 (top to bottom)."""

QUIET_CLUSTER = Environment("SGI cluster, private networks", 0.0)
"""Environment of the network experiments (Sec. 6): point-to-point networks without other users' traffic (assumed)."""

TESTBED = Testbed(specint92=SPECINT92, environments={**ENVIRONMENTS, QUIET_CLUSTER.name: QUIET_CLUSTER}, seed_key=PAPER,
                  cpus=CPUS, ts_policy=TS_POLICY, scheduler=SCHEDULER)
"""The paper's lab (:class:`mmperf.quality.jitter_testbed.Testbed`): its hosts, environments and scheduler."""

CONFERENCE = planning.ConferenceModel(frame_cpu_spec_us=225_000.0)
"""Videoconference predictors; the CPU time per frame is calibrated on Fig. 19 (see QUALITY_PARAMETERS)."""

SYSTEMS = {
    "IPX + Ethernet": planning.System("IPX + Ethernet", SPECINT92["IPX"], NETWORKS["Ethernet"].mbps),
    "Sparc 5 + Fibre Channel": planning.System("Sparc 5 + Fibre Channel", SPECINT92["Sparc 5"], NETWORKS["Fibre Channel"].mbps),
    "DEC Alpha + HIPPI": planning.System("DEC Alpha + HIPPI", SPECINT92["DEC Alpha"], NETWORKS["HIPPI"].mbps),
    "IPX + Ethernet, real-time": planning.System("IPX + Ethernet, real-time", SPECINT92["IPX"], NETWORKS["Ethernet"].mbps,
                                                 sched_class="real-time"),
}
"""The systems of Figs. 20-21 (Sec. 8.5.3)."""

FIG21_USERS = 2
"""Participants in the load scenario (assumed, ledger ``fig21-users``: the paper does not say; a two-party conference)."""
QUALITY_REPS = 10
"""Runs per point of the quality predictions (each 600 frames, 20 s): the jitter chapter's ten."""
FIG20_STOP_AFTER = 3
"""Fig. 20's sweep of a system stops this many unacceptable user counts in a row past its last acceptable one."""
TABLE4_REPS = 20
"""Runs per point for Table 4 (the SGI's variances vary little from run to run: 20 runs give each cell's mean
within about 2 %)."""
TABLE4_HOGS = 1
"""Counter processes on the receiving SGI for the 'loaded processor' runs of Table 4 (assumed: the paper says only
that the processor jitter is "as obtained in results from Section 4", Sec. 8.2, where one to six counters ran). On the
scheduler the count hardly matters: the four processors absorb three counters and the light receiver preempts the
rest, so the processor column is the idle SGI's (about 0.9 ms² for 0 to 6 counters, against the paper's 501-591)."""
REFLECTION_HOGS = 2
"""Counter processes on the receiving IPX in the Fig. 3 streams (assumed: the paper does not say)."""
PROJECTION = {"specint92": SPECINT92["IPX"], "mbps": NETWORKS["Ethernet"].mbps, "hogs": 6, "reps": 10}
"""Fig. 22's starting point: an IPX on a netperf-loaded Ethernet with six counter processes, the heaviest load of
the paper's experiments (Sec. 5.1) (assumed)."""
NO_BUFFER_TICK_US = 10_000.0
"""The book's reading of "virtually no buffering": an optimal buffer of one clock tick or less."""

_P = [("audio period", SETUP["audio_period"], "us", "paper", "Sec. 3: 1280-byte datagrams every 160,000 us"),
      ("audio size", SETUP["audio_size"], "bytes", "paper", "Sec. 3"),
      ("gaps buffer", SETUP["gaps_buffer"], "us", "paper", "Sec. 3, after Naylor & Kleinrock"),
      ("compensation buffers", SETUP["fig16_max_buffer"] * 1000, "us", "paper", "Sec. 8.1: buffers 0 to 250 ms")]
PARAMETERS = pd.DataFrame(_P + [
    ("host mechanism", "event-driven scheduler", "-", "book",
     "each host's stream process is a sleeper on the event-driven scheduler (mmperf.hosts.timesharing)"),
    ("time-sharing policy, Suns", "svr4", "-", "paper (SPARCclassic) / assumed (SLC, IPC, IPX, Sparc 5)",
     "SunOS 5.4 is stated for the SPARCclassics only (Sec. 5.1); the Sec. 4 Suns are assumed to run it too (ledger: "
     "sec4-os): the SVR4 TS class with the default Solaris 2 ts_dptbl (60 levels; quantum 200 ms at level 0 "
     "to 20 ms at 59; ts_tqexp, ts_slpret, ts_maxwait, ts_lwait; Sun, System Administration Guide 802-5750)"),
    ("time-sharing policy, SGI Challenge L", TS_POLICY["SGI Challenge L"], "-", "assumed",
     "IRIX 5.3's scheduler not modelled: 4.3BSD decay usage on four processors (ledger: sgi-policy)"),
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
    ("users in the load scenario", FIG21_USERS, "users", "assumed", "Fig. 21 does not say (ledger: fig21-users)"),
    ("projection load", PROJECTION["hogs"], "counter processes", "assumed", "heaviest load of Sec. 5"),
    ("hardware doubling time", SETUP["hardware_doubling"], "years", "paper", "Sec. 9 (Hennessy & Patterson)"),
    ("runs per quality point", QUALITY_REPS, "runs", "assumed", "600 frames each"),
], columns=["parameter", "value", "unit", "source", "note"])
"""All parameters of the quality chapter with their source."""


def with_changes(params, changes: dict):
    """A copy of a chapter's ``params`` with ``changes`` (for the ledgers' readings and ablations).

    Parameters
    ----------
    params : Params or QualityParams
        The chapter's knobs.
    changes : dict
        Field name to new value; a key ``scheduler__<field>`` changes that field of its ``scheduler``.

    Returns
    -------
    Params or QualityParams
        The copy (validated again by its class).

    Examples
    --------
    >>> p = with_changes(Params(), {"reps": 2, "scheduler__tick_us": 1000.0})
    >>> p.reps, p.scheduler.tick_us
    (2, 1000.0)
    """
    changes = dict(changes)
    sch = {k.split("__", 1)[1]: changes.pop(k) for k in list(changes) if k.startswith("scheduler__")}
    if sch:
        changes["scheduler"] = replace(changes.get("scheduler", params.scheduler), **sch)
    return replace(params, **changes)


_SCHED_DOC = ("-", "ts_policy 'svr4': the event-driven scheduler with SunOS 5's SVR4 TS class and default ts_dptbl on "
                   "the Suns (hz 100: physical), 4.3BSD decay usage on the SGI (assumed); per-datagram work calibrated, "
                   "kernel share assumed (see the parameter table); 'fifo' discipline: an ablation")
_SGI_DOC = ("-", "assumed: time-sharing policy of the SGI Challenge L (IRIX 5.3, not modelled): '4.3bsd' or 'svr4'")
_DOC = {
    "reps": ("runs", "assumed: replications per experiment point"),
    "scheduler": _SCHED_DOC,
    "reflection_packets": ("datagrams", "the book's: length of the Fig. 3 traces"),
    "trace_packets": ("datagrams", "the book's: length of the Figs. 8 and 12 traces"),
    "sec4_policy": ("-", "assumed: time-sharing policy of the SLC, IPC, IPX and Sparc 5 (the paper names SunOS 5.4 "
                         "only for the SPARCclassics): 'svr4' (SunOS 5) or '4.3bsd' (SunOS 4.1)"),
    "sgi_policy": _SGI_DOC,
    "app_hosts": ("-", "the book's: the workstations whose receiving application does the scheduler's app work "
                       "('all', or 'SPARCclassic' for a reading calibrated on Fig. 10 alone)"),
    "lan_waits": ("-", "the book's: the LAN's other traffic and netperf make datagrams wait (False: an ablation)"),
}
_QDOC = {
    "reps": ("runs", "assumed: replications per jitter experiment point for Figs. 16-18 (the jitter chapter runs ten; "
                     "the verdicts of Figs. 17-18 and the threshold are the same at ten, see the chapter)"),
    "quality_reps": ("runs", "assumed: replications per prediction of Figs. 19-21 (the jitter chapter's ten)"),
    "table4_reps": ("runs", "assumed: replications per Table 4 cell"),
    "sensitivity_reps": ("runs", "assumed: replications of the Fig. 22 load sensitivity"),
    "scheduler": _SCHED_DOC,
    "no_buffer": ("-", "assumed: 'tick' (the jitter at which the book's optimal buffer is one clock tick) or 'paper' "
                       "(the paper's 1e9 us^2) as the no-buffering threshold of Fig. 22"),
    "frame_cpu_spec_us": ("us", "calibrated: CPU time per video frame x SPECint92 (five users acceptable at SPECint92 40 "
                                "on Ethernet, Fig. 19)"),
    "fig21_users": ("users", "assumed: participants of Fig. 21's load scenario (the paper does not say)"),
    "sgi_policy": _SGI_DOC,
    "overload": ("-", "assumed: what a saturated processor does with the other streams' frames beyond its capacity, "
                      "'shed' (dropped before the scheduler: Sec. 8.4's saturation loss) or 'delay' (all queued)"),
}


class _Common:
    def with_(self, **changes):
        """A copy with ``changes``; ``scheduler__<field>`` changes a field of the scheduler."""
        return with_changes(self, changes)

    def _check(self, counts):
        for name in counts:
            _validate.whole(getattr(self, name), name, minimum=1)
        if not isinstance(self.scheduler, Scheduler):
            raise TypeError(f"scheduler must be a mmperf.hosts.cpu.Scheduler, got {type(self.scheduler).__name__}")
        ts_policies(sgi_policy=self.sgi_policy)


@dataclass(frozen=True)
class Params(_Common):
    """Every knob of the jitter chapter (Secs. 3-6; the grid and the hosts are in :mod:`.model`).

    Parameters
    ----------
    reps : int, default REPS
        Runs per experiment point, >= 1.
    scheduler : mmperf.hosts.cpu.Scheduler, default SCHEDULER
        The hosts' scheduler.
    reflection_packets : int, default 60
        Datagrams in the Fig. 3 traces, >= 1.
    trace_packets : int, default 100
        Datagrams in the Figs. 8 and 12 traces, >= 1.
    sec4_policy : {'svr4', '4.3bsd'}, default 'svr4'
        Time-sharing policy of the Sec. 4 Suns (:func:`ts_policies`).
    lan_waits : bool, default True
        Whether the LAN's other traffic and ``netperf`` make datagrams wait (False: an ablation).
    app_hosts : {'all', 'SPARCclassic'}, default 'all'
        The workstations whose receiving application does the scheduler's app work.
    sgi_policy : {'4.3bsd', 'svr4'}, default '4.3bsd'
        Time-sharing policy of the SGI Challenge L (:func:`ts_policies`).

    Raises
    ------
    ValueError, TypeError
        If a count is not a whole number >= 1, ``scheduler`` is not a :class:`~mmperf.hosts.cpu.Scheduler`
        or an option is unknown.
    """

    reps: int = REPS
    scheduler: Scheduler = SCHEDULER
    reflection_packets: int = 60
    trace_packets: int = 100
    sec4_policy: str = "svr4"
    lan_waits: bool = True
    app_hosts: str = "all"
    sgi_policy: str = TS_POLICY["SGI Challenge L"]

    def __post_init__(self):
        self._check(("reps", "reflection_packets", "trace_packets"))
        ts_policies(self.sec4_policy)
        _validate.one_of(self.app_hosts, "app_hosts", ("all", "SPARCclassic"))
        if not isinstance(self.lan_waits, bool):
            raise TypeError(f"lan_waits must be a bool, got {self.lan_waits!r}")

    def table(self) -> pd.DataFrame:
        """Every knob with its value, unit and source (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)


@dataclass(frozen=True)
class QualityParams(_Common):
    """Every knob of the quality chapter (Secs. 7-9; the systems and the conference model are above).

    Parameters
    ----------
    reps : int, default 3
        Runs per jitter experiment point for Figs. 16-18, >= 1.
    quality_reps : int, default QUALITY_REPS
        Runs per prediction of Figs. 19-21, >= 1.
    table4_reps : int, default TABLE4_REPS
        Runs per Table 4 point, >= 1.
    sensitivity_reps : int, default 3
        Runs of the Fig. 22 load sensitivity, >= 1.
    scheduler : mmperf.hosts.cpu.Scheduler, default SCHEDULER
        The hosts' scheduler.
    no_buffer : {'tick', 'paper'}, default 'tick'
        No-buffering threshold of Fig. 22: the jitter at which the optimal buffer is one clock tick, or the
        paper's 1e9 us^2.
    frame_cpu_spec_us : float, default CONFERENCE.frame_cpu_spec_us
        CPU time per video frame x SPECint92 [us], > 0.
    fig21_users : int, default FIG21_USERS
        Participants of Fig. 21's load scenario, >= 1.
    sgi_policy : {'4.3bsd', 'svr4'}, default '4.3bsd'
        Time-sharing policy of the SGI Challenge L (:func:`ts_policies`).
    overload : str, default CONFERENCE.overload
        What a saturated processor does with the frames beyond its capacity, one of
        :data:`mmperf.quality.planning.OVERLOAD_RULES` ('shed' or 'delay').

    Raises
    ------
    ValueError, TypeError
        If a count is not a whole number >= 1 or an option is unknown.
    """

    reps: int = 3
    quality_reps: int = QUALITY_REPS
    table4_reps: int = TABLE4_REPS
    sensitivity_reps: int = 3
    scheduler: Scheduler = SCHEDULER
    no_buffer: str = "tick"
    frame_cpu_spec_us: float = CONFERENCE.frame_cpu_spec_us
    fig21_users: int = FIG21_USERS
    sgi_policy: str = TS_POLICY["SGI Challenge L"]
    overload: str = CONFERENCE.overload

    def __post_init__(self):
        self._check([f.name for f in fields(self) if f.type in ("int", int)])
        _validate.one_of(self.no_buffer, "no_buffer", ("tick", "paper"))
        self.conference()  # the conference model checks its CPU time per frame and overload rule

    def conference(self) -> planning.ConferenceModel:
        """:data:`CONFERENCE` with this chapter's CPU time per frame and overload rule."""
        return replace(CONFERENCE, frame_cpu_spec_us=self.frame_cpu_spec_us, overload=self.overload)

    def table(self) -> pd.DataFrame:
        """Every knob with its value, unit and source (:func:`mmperf.results.params_table`)."""
        return params_table(self, _QDOC)
