"""The quality planning model of Claypool, Habermann & Riedl 1998 (Secs. 7-8).

Quality has three axes -- latency, jitter and data loss -- each scaled so
that the user's limit on it is 1. An application at a point of that space has
quality equal to the point's Euclidean distance from the origin (0 is
perfect); the acceptable region is the part of the space within distance 1,
a convex region (Sec. 7, Fig. 15).

For a videoconference (Sec. 8) jitter is traded against latency and loss by a
playout buffer under the I-policy: late frames are dropped, leaving gaps. The
buffer is chosen at the point of the jitter compensation curve closest to the
origin once its axes are normalised by the user's limits (6 % gaps, 230 ms),
and the gaps at that point are the jitter axis. Latency is the sum of
recording, sending, network, receiving, buffering and playing; data loss comes
from saturation of processor or network and from transmission loss.

:func:`evaluate` predicts all three for a system (processor, network,
scheduling class) and a conference (users, load) by running the jitter
chapter's stream generator on the conference's own traffic; :func:`project`
follows jitter forward as processors and networks double each year (Fig. 22).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.hosts.cpu import Host, Scheduler, check_class
from mmperf.media.periodic import PeriodicStream, simulate_arrays
from mmperf.metrics import jitter
from mmperf.networks.lan import Network, Traffic
from mmperf.seeds import check_seed, rng

__all__ = [
    "UserLimits", "VIDEOCONFERENCE", "LIVE_AUDIO", "SVR4_SCHEDULER", "quality", "acceptable",
    "optimal_buffer", "additive_jitter", "System", "ConferenceModel", "load_shares", "evaluate",
    "conference_streams", "sweep", "max_acceptable_users", "project", "crossing_year",
    "regression_thresholds"
]


@dataclass(frozen=True)
class UserLimits:
    """The user's limits on each quality axis.

    Parameters
    ----------
    name : str
        Application.
    latency_us : float, default 230,000
        Largest acceptable one-way latency (videoconference: 230 ms, Jeffay & Stone, Sec. 8.1;
        live audio: 400 ms, Partridge, Sec. 7).
    max_gaps_pct : float, default 6
        Largest acceptable share of playout gaps (6 %, Naylor & Kleinrock, Sec. 8.1).
    min_frame_rate : float, default 3
        Smallest acceptable frame rate (3 frames/s, Massimino & Sheridan, Sec. 8.1).
    full_frame_rate : float, default 30
        Frame rate sent (video acquisition's 30 frames/s, Sec. 3).

    Raises
    ------
    ValueError
        If a limit is zero, negative or not finite, gaps exceed 100 %, or the minimum
        frame rate is not below the full rate.
    """

    name: str = "videoconference"
    latency_us: float = 230_000.0
    max_gaps_pct: float = 6.0
    min_frame_rate: float = 3.0
    full_frame_rate: float = 30.0

    def __post_init__(self):
        for f in ("latency_us", "max_gaps_pct", "min_frame_rate", "full_frame_rate"):
            _validate.positive(getattr(self, f), f"user limit {f}")
        if self.max_gaps_pct > 100:
            raise ValueError(f"user limit max_gaps_pct must be at most 100, got {self.max_gaps_pct!r}")
        if not self.min_frame_rate < self.full_frame_rate:
            raise ValueError(f"user limit min_frame_rate ({self.min_frame_rate}) must be below full_frame_rate ({self.full_frame_rate})")

    @property
    def max_loss(self) -> float:
        """Largest acceptable fraction of frames lost: 1 - min/full frame rate."""
        return 1.0 - self.min_frame_rate / self.full_frame_rate


VIDEOCONFERENCE = UserLimits()
"""The paper's videoconference limits (Sec. 8.1)."""

LIVE_AUDIO = replace(VIDEOCONFERENCE, name="live audio", latency_us=400_000.0)
"""Live audio: Partridge's 400 ms (Sec. 7); the other limits as for the videoconference (assumed)."""

SVR4_SCHEDULER = Scheduler(ts_policy="svr4")
"""The scheduler a workstation runs unless told otherwise: SVR4's time-sharing class (SunOS 5)."""


def quality(latency_us, gaps_pct, loss, *, limits: UserLimits = VIDEOCONFERENCE):
    """Quality: Euclidean distance from the origin of the scaled point (Sec. 7).

    .. math:: Q = \\sqrt{(L/L_{max})^2 + (G/G_{max})^2 + (D/D_{max})^2}

    Parameters
    ----------
    latency_us, gaps_pct, loss : float or array_like
        Latency (us), playout gaps (% of frames), data loss (fraction of frames).
    limits : UserLimits
        The user's limits.

    Returns
    -------
    float or numpy.ndarray
        0 is perfect; at most 1 is acceptable.

    Raises
    ------
    ValueError
        If a value is negative, NaN or infinite.

    Examples
    --------
    >>> float(quality(230_000, 0, 0))
    1.0
    >>> round(float(quality(115_000, 3, 0.45)), 4)  # half of each limit
    0.866
    """
    _validate.instance(limits, "limits", UserLimits)
    lat, gaps, lost = (_validate.finite_array(v, name, non_negative=True, allow_empty=True)
                       for name, v in (("latency_us", latency_us), ("gaps_pct", gaps_pct), ("loss", loss)))
    q = np.sqrt((lat / limits.latency_us) ** 2 + (gaps / limits.max_gaps_pct) ** 2 + (lost / limits.max_loss) ** 2)
    return float(q) if q.ndim == 0 else q


def acceptable(q) -> np.ndarray | bool:
    """Whether a quality lies in the acceptable region (distance at most 1).

    Parameters
    ----------
    q : float or array_like
        Qualities, as :func:`quality` returns them (0 is perfect).

    Returns
    -------
    bool or numpy.ndarray
        ``q <= 1``: a bool for a scalar, a bool array of ``q``'s shape otherwise.

    Raises
    ------
    ValueError
        If a quality is NaN or infinite.
    """
    a = _validate.finite_array(q, "q", allow_empty=True) <= 1.0
    return bool(a) if a.ndim == 0 else a


def optimal_buffer(curve: pd.DataFrame, *, limits: UserLimits = VIDEOCONFERENCE) -> pd.Series:
    """The best point of a jitter compensation curve (Sec. 8.1, Fig. 17).

    The axes are normalised "from 6 % gaps to 230 milliseconds buffering"
    and the point of the curve closest to the origin is chosen.

    Parameters
    ----------
    curve : pandas.DataFrame
        Columns ``buffer_us`` and ``dropped_pct`` (see :func:`mmperf.metrics.jitter.compensation_curve`).
    limits : UserLimits
        Supplies the normalisation.

    Returns
    -------
    pandas.Series
        ``buffer_us``, ``dropped_pct`` and ``distance`` of the chosen point.

    Examples
    --------
    >>> c = pd.DataFrame({"buffer_us": [0, 23_000, 46_000, 230_000], "dropped_pct": [6.0, 0.6, 0.0, 0.0]})
    >>> optimal_buffer(c)["buffer_us"]
    np.float64(23000.0)
    """
    _validate.instance(curve, "curve", pd.DataFrame)
    _validate.instance(limits, "limits", UserLimits)
    for col in ("buffer_us", "dropped_pct"):
        if col not in curve.columns:
            raise ValueError(f"curve lacks column {col!r}")
        _validate.finite_array(curve[col].to_numpy(), f"curve[{col!r}]", non_negative=True, allow_empty=True)
    if curve.empty:
        raise ValueError("curve is empty")
    return pd.Series(_closest(curve["buffer_us"].to_numpy(), curve["dropped_pct"].to_numpy(), limits))


def _closest(buffers, dropped, limits: UserLimits) -> dict:
    d = np.hypot(np.asarray(dropped) / limits.max_gaps_pct, np.asarray(buffers) / limits.latency_us)
    i = int(np.argmin(d))
    return {"buffer_us": float(buffers[i]), "dropped_pct": float(dropped[i]), "distance": float(d[i])}


def additive_jitter(processor, network):
    """Predicted jitter of a loaded processor and a loaded network: the sum (Sec. 8.2, Table 4).

    Parameters
    ----------
    processor : float or array_like
        Jitter measured with the processor loaded alone (the variance of interarrivals [us^2]),
        >= 0.
    network : float or array_like
        Jitter measured with the network loaded alone, in the same unit, >= 0; broadcast
        against ``processor``.

    Returns
    -------
    numpy.ndarray
        ``processor + network``, in their unit (a 0-d array for two scalars).

    Raises
    ------
    ValueError
        If a value is negative, NaN or infinite.
    """
    return (_validate.finite_array(processor, "processor", non_negative=True, allow_empty=True)
            + _validate.finite_array(network, "network", non_negative=True, allow_empty=True))


@dataclass(frozen=True)
class System:
    """Workstations and network of a videoconference.

    Parameters
    ----------
    name : str
        Label.
    specint92 : float
        Processor power of every workstation.
    mbps : float
        Network bandwidth.
    sched_class : {'default', 'niced', 'real-time'}
        Class of the conference's processes.
    """

    name: str
    specint92: float
    mbps: float
    sched_class: str = "default"

    def __post_init__(self):
        _validate.positive(self.specint92, "specint92")
        _validate.positive(self.mbps, "mbps")
        check_class(self.sched_class)
        check_class(self.sched_class)


@dataclass(frozen=True)
class ConferenceModel:
    """Parameters of the videoconference predictors, each with its source.

    Parameters
    ----------
    frame_bytes : float, default 6000
        Compressed frame (Sec. 3, "video-size").
    frame_cpu_spec_us : float, default 2,500,000
        CPU time to handle one video frame (receive, decompress with the
        specialised hardware of Sec. 8.5.1, display) on a SPECint92 = 1
        processor, in microseconds. The default is a placeholder, not a fit
        (with it five users saturate any processor below SPECint92 ~400);
        Claypool et al.'s chapter calibrates 225,000 so that five users become
        acceptable at SPECint92 40 on Ethernet (Fig. 19), and the limits of
        Figs. 19-20 that follow are judged ``calibrated``
        (:data:`mmperf.experiments.claypool1998.model.CONFERENCE`).
    record_us, play_us : float, default 33,333
        Recording and playing latency: one frame time each (assumed; the paper's
        values come from its [9] and are not given).
    transmission_loss : float, default 0.005
        Fraction of packets lost in transmission at full network load (Sec. 8.4).
    n_frames : int, default 600
        Frames simulated per prediction (20 s).
    """

    frame_bytes: float = 6000.0
    frame_cpu_spec_us: float = 2_500_000.0
    record_us: float = 33_333.0
    play_us: float = 33_333.0
    transmission_loss: float = 0.005
    n_frames: int = 600

    def __post_init__(self):
        for f in ("frame_bytes", "frame_cpu_spec_us", "record_us", "play_us"):
            (_validate.non_negative if f in ("record_us", "play_us") else _validate.positive)(getattr(self, f), f)
        _validate.fraction(self.transmission_loss, "transmission_loss", closed=False)
        _validate.size(16 * _validate.whole(self.n_frames, "n_frames", minimum=3), "16 * n_frames (a stream's per-frame arrays)")


def load_shares(system: System, users: int, *, model: ConferenceModel = ConferenceModel(),
                limits: UserLimits = VIDEOCONFERENCE) -> dict:
    """Processor and network utilisation of a multicast conference and the data loss they cause (Sec. 8.4).

    Each workstation sends its own stream and receives the other ``users - 1``
    (multicast: every stream crosses the network once).

    Parameters
    ----------
    system : System
        Processor power, network bandwidth and scheduling class.
    users : int
        Participants, >= 1.
    model : ConferenceModel, default ConferenceModel()
        Frame size and CPU work per frame, transmission loss.
    limits : UserLimits, default VIDEOCONFERENCE
        Supplies the full frame rate every user sends.

    Returns
    -------
    dict
        ``frame_cpu_us``, ``cpu_utilization``, ``net_utilization``, ``loss_cpu``,
        ``loss_net``, ``loss_transmission`` and ``loss`` (all fractions).

    Raises
    ------
    ValueError
        If ``users`` is not a whole number >= 1.
    TypeError
        If ``system``, ``model`` or ``limits`` has the wrong type.
    """
    if isinstance(users, bool) or not isinstance(users, (int, np.integer)) or users < 1:
        raise ValueError(f"users must be an int >= 1, got {users!r}")
    _validate.instance(system, "system", System)
    _validate.instance(model, "model", ConferenceModel)
    _validate.instance(limits, "limits", UserLimits)
    frame_cpu = model.frame_cpu_spec_us / system.specint92
    u_cpu = users * limits.full_frame_rate * frame_cpu / 1e6
    u_net = users * limits.full_frame_rate * model.frame_bytes * 8 / (system.mbps * 1e6)
    loss_cpu = max(0.0, 1 - 1 / u_cpu) if u_cpu > 0 else 0.0
    loss_net = max(0.0, 1 - 1 / u_net) if u_net > 0 else 0.0
    loss_tx = model.transmission_loss * min(u_net, 1.0)
    loss = 1 - (1 - loss_cpu) * (1 - loss_net) * (1 - loss_tx)
    return {"frame_cpu_us": frame_cpu, "cpu_utilization": u_cpu, "net_utilization": u_net, "loss_cpu": loss_cpu,
            "loss_net": loss_net, "loss_transmission": loss_tx, "loss": loss}


def evaluate(system: System, users: int, *, load: int = 0, rep: int = 0, model: ConferenceModel = ConferenceModel(),
             limits: UserLimits = VIDEOCONFERENCE, scheduler: Scheduler = SVR4_SCHEDULER, root: int | None = None) -> pd.Series:
    """Predict latency, jitter, data loss and quality of one videoconference configuration (Sec. 8.5).

    Both workstations of the measured stream run the conference on the event-driven scheduler
    (:func:`mmperf.hosts.cpu.served`): the stream's process (the sender, and the receiver that
    decodes and displays) is a sleeper doing a video frame's CPU work per frame
    (``model.frame_cpu_spec_us / SPECint92``, gamma with the scheduler's shape), beside the
    conference's ``users - 1`` other stream processes (the other users' decoders and the
    workstation's own sender: sleepers with the same work per frame, 30 frames/s each, a random
    phase) and ``load`` CPU-bound processes, all conference processes in the system's class. A
    saturated processor (utilisation above 1) sheds the other streams' frames beyond its capacity
    (those are the data loss of :func:`load_shares`), so at most all of it is offered; the measured
    stream's frames are all decoded. The network carries the other users' frames as background
    bursts. The stream's jitter compensation curve gives the optimal buffer and the gaps.

    Parameters
    ----------
    system : System
        Processor, network, scheduling class.
    users : int
        Participants.
    load : int, default 0
        Extra CPU-bound processes on each workstation (Fig. 21).
    rep : int, default 0
        Replication (seed).
    model : ConferenceModel, default ConferenceModel()
        Frame size and CPU work per frame, recording and playing latency, transmission loss.
    limits : UserLimits, default VIDEOCONFERENCE
        The user's limits on each quality axis.
    scheduler : Scheduler, default SVR4_SCHEDULER
        The hosts' scheduler.
    root : int, optional
        Root seed of the run's stream (default: the book's, :func:`mmperf.seeds.use`).

    Returns
    -------
    pandas.Series
        Utilisations and losses (:func:`load_shares`), ``jitter_us2`` (variance of
        interarrivals), ``area``, ``buffer_us``, ``gaps_pct``, ``latency_us``,
        ``quality`` and ``acceptable``.

    Raises
    ------
    ValueError
        For fewer than one user or a negative load.
    """
    if isinstance(load, bool) or not isinstance(load, (int, np.integer)) or load < 0:
        raise ValueError(f"load (CPU-bound processes) must be an int >= 0, got {load!r}")
    _validate.whole(rep, "rep")
    _validate.instance(scheduler, "scheduler", Scheduler)
    if root is not None:
        check_seed(root, name="root")
    shares = load_shares(system, users, model=model, limits=limits)
    _validate.events(2 * users * model.n_frames, "2 * users * model.n_frames (the conference's frames)")
    _validate.events((load + 2) * users * model.n_frames * model.frame_cpu_spec_us / system.specint92 / scheduler.tick_us,
                     "load, users and model.n_frames (the run's scheduler ticks)", what="ticks", limit=_validate.MAX_TICKS)
    shares = load_shares(system, users, model=model, limits=limits)
    period = 1e6 / limits.full_frame_rate
    host = Host(system.name, system.specint92, hogs=load, sched_class=system.sched_class)
    others = (users - 1) / users * shares["net_utilization"]
    traffic = Traffic(utilization=min(others, 0.95), burst_bytes=model.frame_bytes)
    g = rng("claypool1998", "quality", system.name, f"{system.specint92:g}", f"{system.mbps:g}", system.sched_class,
            int(users), int(load), int(rep), root=root)
    t = simulate_arrays(PeriodicStream(period_us=period, size_bytes=model.frame_bytes, n_packets=model.n_frames),
                        sender=host, receiver=host, network=Network(system.name, system.mbps), traffic=traffic,
                        scheduler=scheduler, rng=g, work_spec_us=model.frame_cpu_spec_us,
                        sender_others=conference_streams(users, shares, period_us=period, n_frames=model.n_frames, rng=g),
                        receiver_others=conference_streams(users, shares, period_us=period, n_frames=model.n_frames, rng=g))
    late = jitter.lateness(t["recv_us"], t["send_us"])
    b = jitter.DEFAULT_BUFFERS_US
    best = _closest(b, jitter.dropped_pct(late, b), limits)
    latency = model.record_us + float(t["delay_us"].min()) + best["buffer_us"] + model.play_us
    q = quality(latency, best["dropped_pct"], shares["loss"], limits=limits)
    return pd.Series({**shares, "jitter_us2": jitter.variance(t["interarrival_us"]),
                      "area": 100.0 * float(np.minimum(late, jitter.MAX_BUFFER_US).mean()), "buffer_us": best["buffer_us"],
                      "gaps_pct": best["dropped_pct"], "latency_us": latency, "quality": q, "acceptable": bool(q <= 1.0)})


def conference_streams(users: int, shares: dict, *, period_us: float, n_frames: int, rng: np.random.Generator) -> list:
    """Frame arrival times of a workstation's other ``users - 1`` conference processes (see :func:`evaluate`).

    Each is periodic (``period_us``) with a uniform random phase; when the processor is saturated
    (``shares["cpu_utilization"]`` above 1) each frame is kept with the probability that brings the
    offered load, with the measured stream's own, down to 1.

    Parameters
    ----------
    users : int
        Participants of the conference, >= 1.
    shares : dict
        The conference's loads, as :func:`load_shares` returns them (``cpu_utilization`` is read).
    period_us : float
        Frame period of every stream [us], > 0.
    n_frames : int
        Frames of each stream before shedding, >= 1.
    rng : numpy.random.Generator
        Draws the phases and the kept frames (from :func:`mmperf.seeds.rng`).

    Returns
    -------
    list of numpy.ndarray
        ``users - 1`` arrays of frame arrival times [us], increasing.

    Raises
    ------
    TypeError
        If ``shares`` is not such a dict or ``rng`` not a Generator.
    ValueError
        If a count or the period is out of range.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> sh = load_shares(System("x", 21.8, 10.0), 3, model=ConferenceModel(frame_cpu_spec_us=225_000.0))
    >>> [len(s) for s in conference_streams(3, sh, period_us=33_333.0, n_frames=10, rng=rng("doc"))]
    [10, 10]
    """
    _validate.whole(users, "users", minimum=1)
    if not isinstance(shares, dict) or "cpu_utilization" not in shares:
        raise TypeError(f"shares must be the dict load_shares returns (with cpu_utilization), got {shares!r:.80}")
    _validate.non_negative(shares["cpu_utilization"], "shares['cpu_utilization']")
    _validate.positive(period_us, "period_us")
    _validate.whole(n_frames, "n_frames", minimum=1)
    _validate.events(users * n_frames, "users * n_frames (the streams' frames)")
    _validate.instance(rng, "rng", np.random.Generator)
    u = shares["cpu_utilization"]
    one = u / users  # one stream's utilisation
    keep = 1.0 if u <= 1 or users < 2 else max(0.0, (1 - one) / (u - one))
    out = []
    for _ in range(users - 1):
        t = rng.uniform(0.0, period_us) + np.arange(n_frames) * period_us
        out.append(t[rng.random(n_frames) < keep] if keep < 1 else t)
    return out


def sweep(systems: list[System], *, users=(5,), loads=(0,), reps: int = 1, **kwargs) -> pd.DataFrame:
    """Evaluate every system x users x load, ``reps`` times; one row per evaluation.

    Parameters
    ----------
    systems : list of System
        The systems to evaluate.
    users : sequence of int, default (5,)
        Conference sizes, each >= 1.
    loads : sequence of int, default (0,)
        CPU-bound processes per workstation, each >= 0.
    reps : int, default 1
        Replications of each configuration (:func:`evaluate`'s ``rep``, 0 to ``reps - 1``).
    **kwargs
        Passed to :func:`evaluate`: ``model``, ``limits``, ``scheduler``, ``root``.

    Returns
    -------
    pandas.DataFrame
        One row per evaluation: ``system``, ``specint92``, ``mbps``, ``sched_class``, ``users``,
        ``load``, ``rep`` and the columns of :func:`evaluate`.

    Raises
    ------
    TypeError
        If a system is not a :class:`System` or a keyword is not one of :func:`evaluate`'s.
    ValueError
        If a count is out of range, or the sweep would simulate too many frames.
    """
    systems = _validate.items(systems, "systems", System)
    n_users = _validate.whole_array(users, "users", minimum=1)
    n_loads = _validate.whole_array(loads, "loads", minimum=0)
    reps = _validate.whole(reps, "reps", minimum=1)
    unknown = sorted(set(kwargs) - {"model", "limits", "scheduler", "root"})
    if unknown:
        raise TypeError(f"sweep() got unexpected keyword arguments {unknown} (evaluate takes model, limits, scheduler, root)")
    n_frames = _validate.instance(kwargs.get("model", ConferenceModel()), "model", ConferenceModel).n_frames
    _validate.events(len(systems) * reps * n_loads.size * 2 * float(n_users.sum()) * n_frames,
                     "systems x users x loads x reps (the sweep's frames)")
    rows = []
    for s in systems:
        for n in users:
            for ld in loads:
                for r in range(reps):
                    rows.append({"system": s.name, "specint92": s.specint92, "mbps": s.mbps, "sched_class": s.sched_class,
                                 "users": int(n), "load": int(ld), "rep": r,
                                 **evaluate(s, int(n), load=int(ld), rep=r, **kwargs).to_dict()})
    return pd.DataFrame(rows)


def max_acceptable_users(frame: pd.DataFrame) -> pd.Series:
    """Per system, the largest user count whose mean quality is acceptable (0 if none).

    Parameters
    ----------
    frame : pandas.DataFrame
        A sweep's rows (:func:`sweep`), with columns ``system``, ``users`` and ``quality``.

    Returns
    -------
    pandas.Series
        Indexed by system (in order of first appearance): the largest ``users`` whose quality,
        averaged over its rows, is at most 1; 0 for a system with none.

    Raises
    ------
    TypeError
        If ``frame`` is not a DataFrame.
    ValueError
        If it lacks one of the columns.
    """
    _validate.instance(frame, "frame", pd.DataFrame)
    missing = [c for c in ("system", "users", "quality") if c not in frame.columns]
    if missing:
        raise ValueError(f"frame lacks columns {missing} (a sweep's rows)")
    m = frame.groupby(["system", "users"], sort=False)["quality"].mean().reset_index()
    ok = m[m["quality"] <= 1.0]
    out = ok.groupby("system", sort=False)["users"].max()
    return out.reindex(m["system"].unique(), fill_value=0)


def project(years, *, specint92: float, mbps: float, hogs: int, sched_class: str,
            bulk: bool = True, reps: int = 3, stream: PeriodicStream = PeriodicStream(),
            scheduler: Scheduler = SVR4_SCHEDULER, root: int | None = None) -> pd.DataFrame:
    """Jitter as processor power and network bandwidth double every year (Sec. 9, Fig. 22).

    For each year ``y`` the stream runs between two hosts of power
    ``specint92 * 2**y`` with ``hogs`` CPU-bound processes on the receiver,
    over a network of ``mbps * 2**y`` loaded (``bulk``) by a transfer.

    Parameters
    ----------
    years : array_like of float
        Years from today (0 is today's hardware), 1-D.
    specint92 : float
        Today's processor power (SPECint92), > 0.
    mbps : float
        Today's network bandwidth [Mbit/s], > 0.
    hogs : int
        CPU-bound processes on the receiver, >= 0.
    sched_class : {'default', 'niced', 'real-time'}
        Class of the stream's processes.
    bulk : bool, default True
        Whether a bulk transfer loads the network.
    reps : int, default 3
        Runs per year, >= 1.
    stream : PeriodicStream, default PeriodicStream()
        The measured stream.
    scheduler : Scheduler, default SVR4_SCHEDULER
        The hosts' scheduler.
    root : int, optional
        Root seed of the runs' streams (default: the book's).

    Returns
    -------
    pandas.DataFrame
        ``year``, ``specint92``, ``mbps``, ``sched_class``, ``jitter_us2`` (mean
        variance of interarrivals over ``reps`` runs) and ``jitter_low_us2``, ``jitter_high_us2``
        (the smallest and largest of the runs).

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type or is out of range, or the projection would simulate
        too many packets or ticks.
    """
    check_class(sched_class)
    n_years = _validate.finite_array(years, "years", ndim=1).size
    _validate.positive(specint92, "specint92")
    _validate.positive(mbps, "mbps")
    _validate.whole(hogs, "hogs")
    _validate.flag(bulk, "bulk")
    reps = _validate.whole(reps, "reps", minimum=1)
    _validate.instance(stream, "stream", PeriodicStream)
    _validate.instance(scheduler, "scheduler", Scheduler)
    if root is not None:
        check_seed(root, name="root")
    _validate.events(n_years * reps * stream.n_packets, "years x reps x stream.n_packets (the projection's packets)")
    _validate.events(stream.n_packets * stream.size_bytes * 8 / mbps / scheduler.tick_us,
                     "stream.n_packets * stream.size_bytes / mbps (the run's scheduler ticks)", what="ticks",
                     limit=_validate.MAX_TICKS)
    rows = []
    for y in np.asarray(years, dtype=float):
        spec, bw = specint92 * 2.0**y, mbps * 2.0**y
        sender = Host("sender", spec, sched_class=sched_class)
        receiver = Host("receiver", spec, hogs=hogs, sched_class=sched_class)
        v = [jitter.variance(simulate_arrays(stream, sender=sender, receiver=receiver, network=Network("projected", bw),
                                             traffic=Traffic(bulk=bulk), scheduler=scheduler,
                                             rng=rng("claypool1998", "projection", sched_class, int(hogs), f"{y:g}", r, root=root))["interarrival_us"])
             for r in range(reps)]
        rows.append({"year": float(y), "specint92": spec, "mbps": bw, "sched_class": sched_class, "jitter_us2": float(np.mean(v)),
                     "jitter_low_us2": float(np.min(v)), "jitter_high_us2": float(np.max(v))})
    return pd.DataFrame(rows)


def crossing_year(projection: pd.DataFrame, threshold: float) -> float:
    """First year at which the projected jitter is at or below ``threshold``.

    Linear interpolation in log jitter between the evaluated years.

    Parameters
    ----------
    projection : pandas.DataFrame
        A projection's rows (:func:`project`), with columns ``year`` and ``jitter_us2``.
    threshold : float
        The jitter to reach [us^2], > 0.

    Returns
    -------
    float
        The year (the first evaluated year if it is already at or below the threshold);
        ``inf`` if never within the years evaluated.

    Raises
    ------
    TypeError
        If ``projection`` is not a DataFrame.
    ValueError
        If ``threshold`` is not > 0 or ``projection`` is empty or lacks a column.
    """
    threshold = _validate.positive(threshold, "threshold")
    _validate.instance(projection, "projection", pd.DataFrame)
    missing = [c for c in ("year", "jitter_us2") if c not in projection.columns]
    if missing or projection.empty:
        raise ValueError(f"projection must be a projection's rows (year, jitter_us2), lacks {missing or 'rows'}")
    p = projection.sort_values("year")
    y, j = p["year"].to_numpy(), p["jitter_us2"].to_numpy()
    below = np.flatnonzero(j <= threshold)
    if below.size == 0:
        return float("inf")
    k = int(below[0])
    if k == 0:
        return float(y[0])
    lj0, lj1, lt = np.log(j[k - 1]), np.log(j[k]), np.log(threshold)
    return float(y[k - 1] + (y[k] - y[k - 1]) * (lj0 - lt) / (lj0 - lj1))


def regression_thresholds(*, buf_slope: float, buf_intercept: float, area_slope: float, area_intercept: float,
                          area_threshold: float, jitter_threshold: float) -> pd.DataFrame:
    """Follow thresholds through the paper's two regressions (Secs. 8.1 and 9).

    With ``Buf = buf_slope * Area + buf_intercept`` and ``Area = area_slope * Jitter + area_intercept``,
    returns the buffer the area threshold implies, the area at which the buffer is zero, the area
    the jitter threshold implies and the buffer that jitter implies, plus the substituted
    Buf-Jitter line.

    Parameters
    ----------
    buf_slope, buf_intercept : float
        The Buf-Area regression (Sec. 8.1), in its own units; the slope non-zero.
    area_slope, area_intercept : float
        The Area-Jitter regression (Sec. 9), in its own units; the slope non-zero.
    area_threshold : float
        An area threshold, in the regressions' unit of area.
    jitter_threshold : float
        A jitter threshold, in the regressions' unit of jitter.

    Returns
    -------
    pandas.DataFrame
        ``quantity``, ``value``.

    Raises
    ------
    ValueError
        If a number is NaN or infinite, or a slope is zero.

    Examples
    --------
    >>> t = regression_thresholds(buf_slope=2, buf_intercept=-10, area_slope=1, area_intercept=0,
    ...                           area_threshold=5, jitter_threshold=5).set_index("quantity")["value"]
    >>> float(t["buffer at the area threshold"]), float(t["area at which the buffer is zero"])
    (0.0, 5.0)
    """
    for name, v in (("buf_slope", buf_slope), ("buf_intercept", buf_intercept), ("area_slope", area_slope),
                    ("area_intercept", area_intercept), ("area_threshold", area_threshold),
                    ("jitter_threshold", jitter_threshold)):
        _validate.finite(v, name)
    if buf_slope == 0 or area_slope == 0:
        raise ValueError("buf_slope and area_slope must be non-zero")
    rows = {
        "buffer at the area threshold": buf_slope * area_threshold + buf_intercept,
        "area at which the buffer is zero": -buf_intercept / buf_slope,
        "area at the jitter threshold": area_slope * jitter_threshold + area_intercept,
        "buffer at the jitter threshold": buf_slope * (area_slope * jitter_threshold + area_intercept) + buf_intercept,
        "jitter at which the area equals its threshold": (area_threshold - area_intercept) / area_slope,
        "Buf-Jitter slope (substituted)": buf_slope * area_slope,
        "Buf-Jitter intercept (substituted)": buf_slope * area_intercept + buf_intercept,
    }
    return pd.DataFrame({"quantity": list(rows), "value": list(rows.values())})
