"""A jitter testbed: periodic streams between two workstations across a LAN, run point by point.

A :class:`Testbed` describes the lab (each workstation's processor power, processors and time-sharing
policy, the environments' background traffic, the hosts' scheduler and the seed namespace); a
:class:`StreamPoint` names one experiment point on it (hosts, counter processes, class, environment,
network, stream). :func:`trace` regenerates any run from its point and replication number on the
event-driven scheduler (:func:`mmperf.media.periodic.simulate_arrays`); :func:`run_points` runs a list of
points and measures each run's jitter (:func:`mmperf.metrics.jitter.measures`) and playout buffers
(:func:`mmperf.quality.playout.playout_summary`).

Built for Claypool, Habermann & Riedl (1998), Secs. 3-6 and 8.2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, asdict, dataclass, field, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.cpu import TS_POLICIES, Host, Scheduler, load_average
from mmperf.media.periodic import PeriodicStream, simulate_arrays
from mmperf.metrics import jitter
from mmperf.networks.lan import NETWORKS, Traffic
from mmperf.quality.playout import playout_summary
from mmperf.seeds import rng

__all__ = ["Environment", "Testbed", "StreamPoint", "trace", "traces", "reported_load", "run_points", "example_traces"]


@dataclass(frozen=True)
class Environment:
    """Background activity of a test environment: other traffic on a shared Ethernet.

    No daemons are modelled on the hosts, so environments differ only in their traffic.

    Parameters
    ----------
    name : str
        Label of the environment.
    utilization : float
        Share of the Ethernet's capacity the other traffic uses, in [0, 1) (0 on a dedicated network).
    burst_bytes : float, default 24576.0
        Mean size of a burst of the other traffic [bytes] (:class:`mmperf.networks.lan.Traffic`), > 0.

    Raises
    ------
    ValueError, TypeError
        If ``name`` is not a string, ``utilization`` is outside [0, 1) or ``burst_bytes`` is not > 0.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 4.3 and Fig. 8 (five environments described in words).

    Examples
    --------
    >>> Environment("night", 0.02).utilization
    0.02
    """

    name: str
    utilization: float
    burst_bytes: float = 24_576.0

    def __post_init__(self):
        _validate.text(self.name, "name")
        _validate.fraction(self.utilization, "utilization", closed=False)
        _validate.positive(self.burst_bytes, "burst_bytes")


@dataclass(frozen=True)
class StreamPoint:
    """One experiment point: the hosts, their load, the class, the environment, the network and the stream.

    Parameters
    ----------
    experiment : str
        Name of the experiment the point belongs to; part of its seed key.
    workstation : str
        Sending and receiving host, a key of the testbed's ``specint92`` (checked by :meth:`Testbed.check`).
    environment : str
        A key of the testbed's ``environments``: the LAN's other traffic.
    hogs : int, default 0
        CPU-bound counter processes on the receiver, >= 0.
    sched_class : {'default', 'niced', 'real-time'}, default 'default'
        Scheduling class of the stream's processes.
    network : str, default "Ethernet"
        A key of :data:`mmperf.networks.lan.NETWORKS`.
    net_loaded : bool, default False
        Whether a ``netperf`` bulk transfer loads the network.
    period_us : float, default 160000.0
        Interval between datagrams at the sender [us], > 0.
    size_bytes : float, default 1280.0
        Datagram size [bytes], > 0.
    n_packets : int, default 1000
        Datagrams per run.

    Raises
    ------
    ValueError, TypeError
        If the network is unknown, or a host or stream field is out of range.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 3-6: the factors of every experiment.

    Examples
    --------
    >>> p = StreamPoint("rate", workstation="IPX", environment="quiet", n_packets=5)
    >>> p.point.split("|")[:2]
    ['workstation=IPX', 'hogs=0']
    """

    experiment: str
    _: KW_ONLY
    workstation: str
    hogs: int = 0
    sched_class: str = "default"
    environment: str
    network: str = "Ethernet"
    net_loaded: bool = False
    period_us: float = 160_000.0
    size_bytes: float = 1280.0
    n_packets: int = 1000

    def __post_init__(self):
        _validate.text(self.experiment, "experiment")
        _validate.text(self.workstation, "workstation")
        _validate.text(self.environment, "environment")
        if self.network not in NETWORKS:
            raise ValueError(f"network must be one of {sorted(NETWORKS)}, got {self.network!r}")
        _validate.flag(self.net_loaded, "net_loaded")
        Host(self.workstation, 1.0, hogs=self.hogs, sched_class=self.sched_class)  # hogs and class
        self.stream()

    @property
    def point(self) -> str:
        """A stable name of the point, used as its seed key."""
        return "|".join(f"{k}={v}" for k, v in asdict(self).items() if k != "experiment")

    def stream(self) -> PeriodicStream:
        """The point's periodic stream.

        Returns
        -------
        mmperf.media.periodic.PeriodicStream
            Its period, datagram size and datagram count.
        """
        return PeriodicStream(period_us=self.period_us, size_bytes=self.size_bytes, n_packets=self.n_packets)


def _mapping(value, name: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping, got {type(value).__name__}")
    return value


@dataclass(frozen=True, kw_only=True)
class Testbed:
    """The lab the points run on: workstations, environments, the hosts' scheduler and the seed namespace.

    Parameters
    ----------
    specint92 : mapping of str to float
        Processor power of every workstation [SPECint92], each > 0.
    environments : mapping of str to Environment
        The environments by name.
    seed_key : str
        First key of every run's seed stream (``mmperf.seeds.rng(seed_key, experiment, point, rep)``).
    cpus : mapping of str to int, optional
        Processors per workstation where more than one.
    ts_policy : mapping of str to str, optional
        Time-sharing policy of a workstation where it differs from the scheduler's
        (one of :data:`mmperf.hosts.cpu.TS_POLICIES`).
    scheduler : mmperf.hosts.cpu.Scheduler, optional
        The hosts' scheduler when a run names none.

    Raises
    ------
    ValueError, TypeError
        If a table is not a mapping, a power is not > 0, an environment not an :class:`Environment`, a
        processor count not a whole number >= 1 or a policy unknown.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Table 3 and Secs. 4.3, 5.1 and 6.1 (the hosts and environments).

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> tb.hosts(StreamPoint("x", workstation="IPX", environment="quiet", hogs=2))[1].hogs
    2
    """

    __test__ = False  # not a pytest test class, whatever its name

    specint92: Mapping
    environments: Mapping
    seed_key: str
    cpus: Mapping = field(default_factory=dict)
    ts_policy: Mapping = field(default_factory=dict)
    scheduler: Scheduler = Scheduler()

    def __post_init__(self):
        for k, v in _mapping(self.specint92, "specint92").items():
            _validate.positive(v, f"specint92[{k!r}]")
        if not self.specint92:
            raise ValueError("specint92 must name at least one workstation")
        for k, v in _mapping(self.environments, "environments").items():
            _validate.instance(v, f"environments[{k!r}]", Environment)
        _validate.text(self.seed_key, "seed_key")
        for k, v in _mapping(self.cpus, "cpus").items():
            _validate.whole(v, f"cpus[{k!r}]", minimum=1)
        for k, v in _mapping(self.ts_policy, "ts_policy").items():
            _validate.one_of(v, f"ts_policy[{k!r}]", TS_POLICIES)
        _validate.instance(self.scheduler, "scheduler", Scheduler)

    def check(self, point: StreamPoint) -> StreamPoint:
        """``point`` if its workstation and environment are the testbed's.

        Parameters
        ----------
        point : StreamPoint
            The experiment point.

        Returns
        -------
        StreamPoint
            ``point``.

        Raises
        ------
        ValueError
            If the workstation or the environment is not the testbed's.
        """
        _validate.instance(point, "point", StreamPoint)
        if point.workstation not in self.specint92:
            raise ValueError(f"workstation must be one of {sorted(self.specint92)}, got {point.workstation!r}")
        if point.environment not in self.environments:
            raise ValueError(f"environment must be one of {sorted(self.environments)}, got {point.environment!r}")
        return point

    def hosts(self, point: StreamPoint, *, ts_policies: Mapping | None = None) -> tuple[Host, Host]:
        """(sender, receiver): the sender idle, the counters and the class on the receiver.

        Parameters
        ----------
        point : StreamPoint
            The experiment point.
        ts_policies : mapping of str to str, optional
            Workstation to time-sharing policy (default: the testbed's ``ts_policy``).

        Returns
        -------
        tuple of mmperf.hosts.cpu.Host
            The sending and the receiving host.

        Raises
        ------
        ValueError
            If the point is not on the testbed (:meth:`check`) or a policy is unknown.
        """
        self.check(point)
        spec, cpus = self.specint92[point.workstation], self.cpus.get(point.workstation, 1)
        pol = _mapping(self.ts_policy if ts_policies is None else ts_policies, "ts_policies").get(point.workstation)
        return tuple(Host(point.workstation, spec, hogs=h, sched_class=point.sched_class, cpus=cpus, ts_policy=pol)
                     for h in (0, point.hogs))

    def traffic(self, point: StreamPoint, *, waits: bool = True) -> Traffic:
        """The LAN's other traffic at ``point``; ``waits=False`` (an ablation): none, the datagrams never wait.

        Parameters
        ----------
        point : StreamPoint
            The experiment point.
        waits : bool, default True
            Whether the environment's traffic and ``netperf`` are there.

        Returns
        -------
        mmperf.networks.lan.Traffic
            The other traffic.

        Raises
        ------
        ValueError, TypeError
            If the point is not on the testbed or ``waits`` is not a bool.
        """
        e = self.environments[self.check(point).environment]
        if not _validate.flag(waits, "waits"):
            return Traffic()
        return Traffic(utilization=e.utilization, burst_bytes=e.burst_bytes, bulk=point.net_loaded)


def _trace_arrays(point: StreamPoint, rep: int, *, testbed: Testbed, scheduler: Scheduler | None, root: int | None,
                  ts_policies: Mapping | None, waits: bool, app_hosts) -> dict:
    _validate.instance(testbed, "testbed", Testbed)
    scheduler = testbed.scheduler if scheduler is None else _validate.instance(scheduler, "scheduler", Scheduler)
    sender, receiver = testbed.hosts(point, ts_policies=ts_policies)
    if app_hosts is not None and point.workstation not in _validate.items(app_hosts, "app_hosts", str) \
            and scheduler.app_work_spec_us:
        scheduler = replace(scheduler, app_work_spec_us=0.0)
    return simulate_arrays(point.stream(), sender=sender, receiver=receiver, network=NETWORKS[point.network],
                           traffic=testbed.traffic(point, waits=waits), scheduler=scheduler,
                           rng=rng(testbed.seed_key, point.experiment, point.point, _validate.whole(rep, "rep"), root=root))


def trace(point: StreamPoint, rep: int, *, testbed: Testbed, scheduler: Scheduler | None = None, root: int | None = None,
          ts_policies: Mapping | None = None, waits: bool = True, app_hosts=None) -> pd.DataFrame:
    """Regenerate the trace of run ``rep`` of ``point``: deterministic given ``root``, the root seed.

    Parameters
    ----------
    point : StreamPoint
        The experiment point.
    rep : int
        Replication number, >= 0 (part of the run's seed key).
    testbed : Testbed
        The lab.
    scheduler : mmperf.hosts.cpu.Scheduler, optional
        The hosts' scheduler (default: the testbed's).
    root : int, optional
        Root seed (default: the book's).
    ts_policies : mapping of str to str, optional
        Workstation to time-sharing policy (default: the testbed's ``ts_policy``).
    waits : bool, default True
        Whether the LAN's other traffic makes the datagrams wait (False: an ablation).
    app_hosts : collection of str, optional
        The workstations whose receiving application does ``scheduler.app_work_spec_us`` (default: all).

    Returns
    -------
    pandas.DataFrame
        One row per datagram: ``packet``, ``send_us``, ``arrive_us``, ``recv_us``, ``delay_us`` and
        ``interarrival_us`` [us] (:data:`mmperf.media.periodic.TRACE_COLUMNS`).

    Raises
    ------
    ValueError, TypeError
        If the point is not on the testbed, ``rep`` is not a whole number >= 0 or an option is out of range.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 3: each run is a trace of send and receive time stamps.

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> t = trace(StreamPoint("rate", workstation="IPX", environment="quiet", n_packets=5), 0, testbed=tb, root=1)
    >>> t.columns.tolist(), len(t)
    (['packet', 'send_us', 'arrive_us', 'recv_us', 'delay_us', 'interarrival_us'], 5)
    """
    return pd.DataFrame(_trace_arrays(point, rep, testbed=testbed, scheduler=scheduler, root=root,
                                      ts_policies=ts_policies, waits=waits, app_hosts=app_hosts))


def _points(points, name: str = "points") -> list:
    return _validate.items(points, name, StreamPoint, allow_empty=True)


def _reps(reps, points: list) -> int:
    if isinstance(reps, bool) or not isinstance(reps, (int, np.integer)) or reps < 1:
        raise ValueError(f"reps must be an int >= 1, got {reps!r}")
    _validate.events(float(reps) * sum(p.n_packets for p in points), "reps x the points' n_packets", what="datagrams")
    return int(reps)


def traces(points, *, testbed: Testbed, reps: int, **kw) -> pd.DataFrame:
    """Every run's trace as one tidy table.

    Parameters
    ----------
    points : list of StreamPoint
        The experiment points.
    testbed : Testbed
        The lab.
    reps : int
        Runs per point, >= 1.
    **kw
        Options of :func:`trace` (``scheduler``, ``root``, ``ts_policies``, ``waits``, ``app_hosts``).

    Returns
    -------
    pandas.DataFrame
        ``experiment``, ``point``, ``rep`` and the trace columns of :func:`trace`, one row per datagram of every run.

    Raises
    ------
    ValueError, TypeError
        If ``points`` is not a list of points or ``reps`` is not an int >= 1.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 3-6.

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> len(traces([StreamPoint("x", workstation="IPX", environment="quiet", n_packets=5)], testbed=tb, reps=2))
    10
    """
    pts = _points(points)
    reps = _reps(reps, pts)
    frames = [trace(c, r, testbed=testbed, **kw).assign(experiment=c.experiment, point=c.point, rep=r)
              for c in pts for r in range(reps)]
    if not frames:
        raise ValueError("points must hold at least one StreamPoint")
    return pd.concat(frames, ignore_index=True)


def reported_load(point: StreamPoint, rep: int, *, testbed: Testbed, root: int | None = None) -> float:
    """The load ``w`` reports at the end of run ``rep`` of ``point``: the run queue holds the counters alone.

    Parameters
    ----------
    point : StreamPoint
        The experiment point (its ``hogs`` and its stream's duration).
    rep : int
        Replication number, >= 0.
    testbed : Testbed
        The lab (its seed namespace).
    root : int, optional
        Root seed (default: the book's).

    Returns
    -------
    float
        The one-minute load average [runnable processes] (:func:`mmperf.hosts.cpu.load_average`).

    Raises
    ------
    ValueError, TypeError
        If ``point`` is not a point, ``rep`` not a whole number >= 0 or ``testbed`` not a testbed.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 4.1 (the load as ``w`` reports it).

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> 0 < reported_load(StreamPoint("x", workstation="IPX", environment="quiet", hogs=2), 0, testbed=tb) < 2
    True
    """
    _validate.instance(point, "point", StreamPoint)
    _validate.instance(testbed, "testbed", Testbed)
    return load_average(hogs=point.hogs, background=0.0, duration_s=point.stream().duration_s,
                        rng=rng(testbed.seed_key, "w", point.point, _validate.whole(rep, "rep"), root=root))


def run_points(points, *, testbed: Testbed, reps: int, scheduler: Scheduler | None = None, root: int | None = None,
               ts_policies: Mapping | None = None, waits: bool = True, app_hosts=None) -> pd.DataFrame:
    """Run every point ``reps`` times and measure each run.

    Parameters
    ----------
    points : list of StreamPoint
        The experiment points.
    testbed : Testbed
        The lab.
    reps : int
        Runs per point, >= 1.
    scheduler : mmperf.hosts.cpu.Scheduler, optional
        The hosts' scheduler (default: the testbed's).
    root : int, optional
        Root seed (default: the book's).
    ts_policies : mapping of str to str, optional
        Workstation to time-sharing policy (default: the testbed's ``ts_policy``).
    waits : bool, default True
        Whether the LAN's other traffic makes the datagrams wait (False: an ablation, no other traffic).
    app_hosts : collection of str, optional
        The workstations whose receiving application does ``scheduler.app_work_spec_us`` (default: all).

    Returns
    -------
    pandas.DataFrame
        One row per run with its factors, ``rep``, ``specint92``, ``mbps`` [Mbit/s], ``load`` (as ``w`` reports
        it), the measures of :func:`mmperf.metrics.jitter.measures` [us, us^2], the optimal playout buffer
        (``buffer_us`` [us], ``dropped_pct`` [%]), ``dropped_100ms_pct`` [%] and ``no_drop_buffer_us`` [us]
        (:func:`mmperf.quality.playout.playout_summary`).

    Raises
    ------
    ValueError, TypeError
        If ``points`` is not a list of points on the testbed or ``reps`` is not an int >= 1.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 3-6 (ten runs per point) and 8.1 (the optimal buffer).

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> p = StreamPoint("x", workstation="IPX", environment="quiet", n_packets=20)
    >>> run_points([p], testbed=tb, reps=2, root=1)[["rep", "specint92", "mbps"]].to_dict("list")
    {'rep': [0, 1], 'specint92': [21.8, 21.8], 'mbps': [10.0, 10.0]}
    """
    pts = _points(points)
    reps = _reps(reps, pts)
    rows = []
    for c in pts:
        for rep in range(reps):
            t = _trace_arrays(c, rep, testbed=testbed, scheduler=scheduler, root=root, ts_policies=ts_policies,
                              waits=waits, app_hosts=app_hosts)
            p = playout_summary(t["recv_us"], t["send_us"])
            rows.append({**asdict(c), "rep": rep, "specint92": testbed.specint92[c.workstation],
                         "mbps": NETWORKS[c.network].mbps, "load": reported_load(c, rep, testbed=testbed, root=root),
                         **jitter.measures(t).to_dict(), "buffer_us": p["buffer_us"], "dropped_pct": p["dropped_pct"],
                         "dropped_100ms_pct": p["dropped_limit_pct"], "no_drop_buffer_us": p["no_drop_buffer_us"]})
    return pd.DataFrame(rows)


def example_traces(points, *, testbed: Testbed, rep: int = 0, packets: int = 100, offset_us: float = 0.0,
                   **kw) -> pd.DataFrame:
    """Interarrival times of the first ``packets`` datagrams of several runs, each stream offset above the next.

    Parameters
    ----------
    points : mapping of str to StreamPoint
        Label to experiment point, top to bottom.
    testbed : Testbed
        The lab.
    rep : int, default 0
        Replication number of every run.
    packets : int, default 100
        Datagrams kept per run (after the first, which has no interarrival), >= 1.
    offset_us : float, default 0.0
        Vertical offset between successive streams [us], >= 0; the last stream is not offset.
    **kw
        Options of :func:`trace`.

    Returns
    -------
    pandas.DataFrame
        ``stream``, ``packet``, ``interarrival_us`` [us] and ``plotted_us`` (interarrival plus offset) [us].

    Raises
    ------
    ValueError, TypeError
        If ``points`` is not a non-empty mapping of points, or ``packets`` or ``offset_us`` is out of range.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Figs. 3, 8 and 12 (streams drawn one above the other).

    Examples
    --------
    >>> tb = Testbed(specint92={"IPX": 21.8}, environments={"quiet": Environment("quiet", 0.0)}, seed_key="doc")
    >>> p = StreamPoint("x", workstation="IPX", environment="quiet", n_packets=10)
    >>> example_traces({"a": p, "b": p}, testbed=tb, packets=3, offset_us=1.0)["stream"].tolist()
    ['a', 'a', 'a', 'b', 'b', 'b']
    """
    labels = list(_mapping(points, "points"))
    _points(_mapping(points, "points").values())
    if not labels:
        raise ValueError("points must map at least one label to a StreamPoint")
    packets = _validate.whole(packets, "packets", minimum=1)
    offset_us = _validate.non_negative(offset_us, "offset_us")
    frames, n = [], len(labels)
    for k, (label, c) in enumerate(points.items()):
        t = trace(c, rep, testbed=testbed, **kw).iloc[1:packets + 1]
        frames.append(pd.DataFrame({"stream": label, "packet": t["packet"].to_numpy(),
                                    "interarrival_us": t["interarrival_us"].to_numpy(),
                                    "plotted_us": t["interarrival_us"].to_numpy() + offset_us * (n - 1 - k)}))
    return pd.concat(frames, ignore_index=True)
