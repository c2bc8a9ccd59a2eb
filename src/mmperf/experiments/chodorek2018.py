"""Chodorek & Chodorek: HD video against TCP on a 1 Gb/s link, four QoS scenarios.

All parameters of the chapter in one place, the experiment grid and the tidy
results. The grid is 4 scenarios x N = 1..10 video streams x K = 0..10 TCP
flows x 20 replications of 152 s (Sec. IV.E, V).

Scenarios (Sec. IV.E), as router mechanisms:

* ``s1`` best effort: every packet in one drop-tail FIFO;
* ``s2`` static RSVP reservation of 150 % of the 40 Mb/s target rate per video;
* ``s3`` static RSVP reservation at each video's peak rate (its largest 1-s mean);
* ``s4`` dynamic reservation from the TFD option: every 300 ms the router
  reserves Next Data / Next Time, which the sender fills with the bytes it will
  send in the next 300 ms.

What a stream sends above its reservation, and all TCP, is best effort.

Calibrated (see the chapter): the mean wire rate of a stream (63 Mb/s, Table II
K = 0, N = 1), the buffer (the smallest round size that keeps every K = 0 run
free of loss at two decimals, as Table I prints it) and the base RTT (s1, K = 1, N = 1 link
utilization 83.4 %, Table I). Everything else is predicted.

Examples
--------
>>> from mmperf.experiments.chodorek2018 import Params, run_cell
>>> p = Params()
>>> r = run_cell(p, scenario="s4", n_videos=2, k_flows=1, replication=0)
>>> float(r["per"])
0.0
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from mmperf.media import hdvideo
from mmperf.networks import bottleneck
from mmperf.seeds import int_seed, rng

PAPER = "chodorek2018"

SCENARIOS = {
    "s1": "best effort",
    "s2": "static RSVP, 150 % of target",
    "s3": "static RSVP, peak rate",
    "s4": "dynamic TFD, every 300 ms",
}
"""Scenario key -> short description (Sec. IV.E)."""

METRICS = {
    "per": "%",
    "link_utilization": "%",
    "video_throughput": "Mb/s",
    "tcp_throughput": "Mb/s",
}
"""Per-run metrics (Tables I and II) and their units."""


@dataclass(frozen=True)
class Params:
    """Everything a researcher may change, with the paper's values as defaults.

    Parameters
    ----------
    video : hdvideo.VideoModel
        The HD video model (30 frame/s, 8 clips of 19 s, 63 Mb/s mean on the wire, 40 Mb/s target).
    link : bottleneck.Link
        The bottleneck: 1 Gb/s, buffer, base RTT, slot length.
    n_values, k_values : tuple of int
        Numbers of video streams N and TCP flows K (1..10 and 0..10).
    scenarios : tuple of str
        Which of :data:`SCENARIOS` to run.
    replications : int
        Runs per cell (20).
    duration_s : float
        Simulated time per run [s] (152, the stream length).
    next_time_s : float
        TFD planning horizon, Next Time (0.3 s, Sec. III.B).
    s2_fraction : float
        s2 reservation as a multiple of the target rate (1.5).
    peak_window_s : float
        Averaging window of the "peak rate" of s3 [s].
    reservable_fraction : float
        Share of the link that admission control lets reservations take.
    """

    video: hdvideo.VideoModel = field(default_factory=hdvideo.VideoModel)
    link: bottleneck.Link = field(default_factory=lambda: bottleneck.Link(
        buffer_packets=50, rtt_s=0.004, slot_s=0.002))
    n_values: tuple = tuple(range(1, 11))
    k_values: tuple = tuple(range(0, 11))
    scenarios: tuple = ("s1", "s2", "s3", "s4")
    replications: int = 20
    duration_s: float = 152.0
    next_time_s: float = 0.3
    s2_fraction: float = 1.5
    peak_window_s: float = 1.0
    reservable_fraction: float = 1.0

    def __post_init__(self):
        bad = [s for s in self.scenarios if s not in SCENARIOS]
        if bad or not self.scenarios:
            raise ValueError(f"scenarios must be a non-empty subset of {list(SCENARIOS)}, got {self.scenarios}")
        if not self.n_values or any(int(n) != n or n < 1 for n in self.n_values):
            raise ValueError(f"n_values must be ints >= 1, got {self.n_values}")
        if not self.k_values or any(int(k) != k or k < 0 for k in self.k_values):
            raise ValueError(f"k_values must be ints >= 0, got {self.k_values}")
        if int(self.replications) != self.replications or self.replications < 1:
            raise ValueError(f"replications must be an int >= 1, got {self.replications}")
        for name in ("duration_s", "next_time_s", "s2_fraction", "peak_window_s"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be > 0, got {getattr(self, name)}")
        if not 0 < self.reservable_fraction <= 1:
            raise ValueError(f"reservable_fraction must be in (0, 1], got {self.reservable_fraction}")
        spw = self.next_time_s / self.link.slot_s
        if abs(spw - round(spw)) > 1e-9:
            raise ValueError(f"next_time_s ({self.next_time_s}) must be a whole number of slots ({self.link.slot_s} s)")

    @property
    def n_slots(self) -> int:
        return int(round(self.duration_s / self.link.slot_s))

    def with_(self, **changes) -> "Params":
        """A copy with some fields changed (``dataclasses.replace``)."""
        return replace(self, **changes)


def video_arrivals(params: Params, replication: int, n_videos: int, *, clips=None) -> np.ndarray:
    """Wire bytes per slot of the first ``n_videos`` streams of a replication, shape ``(N, T)``.

    Stream j of replication r is the same in every cell (common random numbers):
    its clip order, clip starts and frame phase come from ``seeds.rng``.
    """
    clips = hdvideo.clip_library(params.video) if clips is None else clips
    frames = np.array([hdvideo.stream_frames(params.video, replication=replication, stream=j, clips=clips)
                       for j in range(n_videos)])
    phase = np.array([rng(PAPER, "phase", replication, j).uniform(0, 1 / params.video.frame_rate)
                      for j in range(n_videos)])
    return hdvideo.slot_arrivals(frames, frame_rate=params.video.frame_rate, slot_s=params.link.slot_s,
                                 duration_s=params.duration_s, phase_s=phase)


def _max_window_sum(arrivals: np.ndarray, win: int) -> np.ndarray:
    """Largest sum of ``win`` consecutive slots of each stream, shape ``(N,)``."""
    c = np.concatenate([np.zeros((arrivals.shape[0], 1)), np.cumsum(arrivals, axis=1)], axis=1)
    win = min(win, arrivals.shape[1])
    return (c[:, win:] - c[:, :-win]).max(axis=1)


def stream_statistics(params: Params, arrivals: np.ndarray) -> dict:
    """What a reservation needs to know of each stream (each row of ``arrivals``, shape ``(N, T)``).

    Returns
    -------
    dict
        ``depth_bytes`` (N,): the largest one-frame-interval burst (the TSpec bucket depth);
        ``peak_bps`` (N,): the largest ``peak_window_s`` mean rate (s3);
        ``tfd_bps`` (N, W): Next Data / Next Time of every 300-ms window (s4).
    """
    slot = params.link.slot_s
    per_frame = max(1, int(round(1 / params.video.frame_rate / slot)))
    win = max(1, int(round(params.peak_window_s / slot)))
    spw = int(round(params.next_time_s / slot))
    return {
        "depth_bytes": _max_window_sum(arrivals, per_frame),
        "peak_bps": _max_window_sum(arrivals, win) * 8 / (win * slot),
        "tfd_bps": np.array([hdvideo.tfd_announcements(a, slots_per_window=spw, slot_s=slot)["rate_bps"].to_numpy()
                             for a in arrivals]),
    }


def reservations(params: Params, scenario: str, arrivals: np.ndarray, *, stats: dict | None = None) -> dict:
    """The granted reservations of a scenario for the given streams.

    Parameters
    ----------
    params : Params
    scenario : {"s1", "s2", "s3", "s4"}
    arrivals : numpy.ndarray
        Wire bytes per slot, shape ``(N, T)``.
    stats : dict, optional
        :func:`stream_statistics` of these streams (computed if not given).

    Returns
    -------
    dict
        ``rates_bps`` (N, W) granted rates, ``slots_per_period``, ``depth_bytes`` (N,),
        ``requested_bps`` (N, W) before admission control.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be one of {list(SCENARIOS)}, got {scenario!r}")
    n, T = arrivals.shape
    stats = stream_statistics(params, arrivals) if stats is None else stats
    depth = stats["depth_bytes"]
    if scenario == "s1":  # no reservation, no reserved queue: everything is best effort
        req, spp, depth = np.zeros((n, 1)), T, np.zeros(n)
    elif scenario == "s2":
        req, spp = np.full((n, 1), params.s2_fraction * params.video.target_rate_bps), T
    elif scenario == "s3":
        req, spp = stats["peak_bps"][:, None], T
    else:  # s4: Next Data / Next Time of each 300-ms window
        req, spp = stats["tfd_bps"], int(round(params.next_time_s / params.link.slot_s))
    granted = bottleneck.admit(req, capacity_bps=params.reservable_fraction * params.link.capacity_bps)
    return {"rates_bps": granted, "slots_per_period": spp, "depth_bytes": depth, "requested_bps": req}


def _metrics(params: Params, res_served: float, res_queued: float, be: dict, video_offered: float) -> dict:
    dur = params.duration_s
    cap = params.link.capacity_bps / 8 * dur
    video_delivered = res_served + be["video_delivered"]
    return {
        "per": 100 * be["video_dropped"] / video_offered if video_offered > 0 else 0.0,
        "link_utilization": 100 * (res_served + be["link_bytes"]) / cap,
        "video_throughput": video_delivered * 8 / dur / 1e6,
        "tcp_throughput": be["tcp_delivered"] * 8 / dur / 1e6,
        "video_offered_bytes": video_offered,
        "video_delivered_bytes": video_delivered,
        "video_dropped_bytes": be["video_dropped"],
        "video_queued_bytes": res_queued + be["video_queued"],
        "tcp_offered_bytes": be["tcp_offered"],
        "tcp_delivered_bytes": be["tcp_delivered"],
        "tcp_dropped_bytes": be["tcp_dropped"],
        "tcp_queued_bytes": be["tcp_queued"],
    }


def _reserve(params: Params, scenario: str, arrivals: np.ndarray, stats: dict | None = None) -> dict:
    """Reservations, the reserved path and what it leaves to best effort for one video set."""
    res = reservations(params, scenario, arrivals, stats=stats)
    path = bottleneck.reserved_path(arrivals, res["rates_bps"], slots_per_period=res["slots_per_period"],
                                    depth_bytes=res["depth_bytes"], slot_s=params.link.slot_s)
    return {"excess": path["excess"], "be_capacity": np.maximum(params.link.slot_capacity - path["served"], 0.0),
            "served": float(path["served"].sum()), "queued": path["queued"], "offered": float(arrivals.sum())}


def _run_sets(params: Params, sets: list[tuple[str, int, int, dict]], k_values) -> list[dict]:
    """Run every K for every (scenario, N, replication, reserved path) in ``sets``, in parallel."""
    video = np.array([p["excess"] for *_, p in sets])
    cap = np.array([p["be_capacity"] for *_, p in sets])
    idx, ks, seeds = [], [], []
    for i, (s, n, rep, _) in enumerate(sets):
        for k in k_values:
            idx.append(i)
            ks.append(int(k))
            seeds.append(int_seed(PAPER, "tcp", s, n, int(k), rep))
    results = bottleneck.simulate_best_effort_many(video, cap, link=params.link, set_index=idx, k_flows=ks, seeds=seeds)
    rows = []
    for i, k, be in zip(idx, ks, results):
        s, n, rep, p = sets[i]
        rows.append({"scenario": s, "N": n, "K": k, "replication": rep,
                     **_metrics(params, p["served"], p["queued"], be, p["offered"])})
    return rows


def run_cell(params: Params, *, scenario: str, n_videos: int, k_flows: int, replication: int) -> dict:
    """One run: a scenario, N streams, K TCP flows, one replication.

    Returns
    -------
    dict
        The metrics :data:`METRICS` and byte totals (offered, delivered, dropped, queued).
    """
    arr = video_arrivals(params, replication, n_videos)
    return _run_sets(params, [(scenario, n_videos, replication, _reserve(params, scenario, arr))], [k_flows])[0]


def run_grid(params: Params | None = None) -> pd.DataFrame:
    """Run the whole grid: every scenario, N, K and replication.

    The runs of one replication (all scenarios, N and K) go to the compiled
    simulator as one batch that it spreads over the processor's cores; the
    results do not depend on the number of threads.

    Returns
    -------
    pandas.DataFrame
        One row per run: ``scenario, N, K, replication`` and the metrics
        (``per`` [%], ``link_utilization`` [%], ``video_throughput`` [Mb/s],
        ``tcp_throughput`` [Mb/s]) plus byte totals.
    """
    params = params or Params()
    clips = hdvideo.clip_library(params.video)
    n_max = max(params.n_values)
    rows = []
    for rep in range(params.replications):
        all_arr = video_arrivals(params, rep, n_max, clips=clips)
        st = stream_statistics(params, all_arr)  # per stream, so the first n rows serve every N
        sets = [(s, n, rep, _reserve(params, s, all_arr[:n], {k: v[:n] for k, v in st.items()}))
                for n in params.n_values for s in params.scenarios]
        rows.extend(_run_sets(params, sets, params.k_values))
    order = {s: i for i, s in enumerate(params.scenarios)}
    out = pd.DataFrame(rows)
    return out.sort_values(["replication", "N", "scenario", "K"], key=lambda c: c.map(order) if c.name == "scenario" else c,
                           ignore_index=True)


def summarize(runs: pd.DataFrame) -> pd.DataFrame:
    """Mean and spread over replications, in the tidy layout of the paper's tables.

    Returns
    -------
    pandas.DataFrame
        Columns ``scenario, K, N, metric, value`` (mean), ``sd``, ``q05``, ``q95``, ``unit``.
    """
    long = runs.melt(id_vars=["scenario", "N", "K", "replication"], value_vars=list(METRICS),
                     var_name="metric", value_name="x")
    g = long.groupby(["scenario", "K", "N", "metric"])["x"]
    out = pd.DataFrame({"value": g.mean(), "sd": g.std(ddof=1), "q05": g.quantile(0.05),
                        "q95": g.quantile(0.95)}).reset_index()
    out["unit"] = out["metric"].map(METRICS)
    return out


def calibrate_buffer(params: Params, *, candidates_packets=tuple(range(50, 501, 50))) -> pd.DataFrame:
    """Mean unloaded PER for each candidate buffer; the smallest that shows PER = 0.00 % is chosen.

    The paper reports PER = 0 for K = 0 in every scenario and every N (Table I
    prints 0.00, Sec. IV.E: "it has been experimentally determined that this
    assumption is correct"). Without TCP, s1 sees the N video streams alone; the
    book takes the smallest candidate buffer whose mean PER over the
    replications rounds to 0.00 % (as Table I prints it) for every N.

    Returns
    -------
    pandas.DataFrame
        ``buffer_packets``, ``max_per`` (largest mean K = 0 PER over N) [%], ``chosen`` (bool).
    """
    clips = hdvideo.clip_library(params.video)
    n_max = max(params.n_values)
    arrs = [np.cumsum(video_arrivals(params, rep, n_max, clips=clips), axis=0) for rep in range(params.replications)]
    rows = []
    for b in candidates_packets:
        link = replace(params.link, buffer_packets=int(b))
        cap = np.full(params.n_slots, link.slot_capacity)
        per = np.zeros(n_max)
        for arr in arrs:
            for n in params.n_values:
                r = bottleneck.simulate_best_effort(arr[n - 1], cap, link=link, k_flows=0, seed=0)
                per[n - 1] += 100 * r["video_dropped"] / r["video_offered"] / len(arrs)
        rows.append({"buffer_packets": int(b), "max_per": per.max()})
    out = pd.DataFrame(rows)
    ok = out["max_per"].round(2) == 0
    if not ok.any():
        raise ValueError(f"no candidate buffer keeps the unloaded network lossless: {list(candidates_packets)}")
    out["chosen"] = out["buffer_packets"] == out.loc[ok, "buffer_packets"].min()
    return out


def calibrate_rtt(params: Params, *, target_utilization: float, candidates_s, replications: int = 5) -> pd.DataFrame:
    """Link utilization of s1 with K = 1, N = 1 for each candidate base RTT.

    The paper does not give the round-trip time; the book picks the candidate
    whose utilization is closest to Table I's 83.4 % (s1, K = 1, N = 1).

    Returns
    -------
    pandas.DataFrame
        ``rtt_ms``, ``link_utilization`` [%] (mean of ``replications`` runs), ``error`` [points],
        ``chosen`` (bool).
    """
    rows = []
    for rtt in candidates_s:
        p = params.with_(link=replace(params.link, rtt_s=float(rtt)))
        u = np.mean([run_cell(p, scenario="s1", n_videos=1, k_flows=1, replication=r)["link_utilization"]
                     for r in range(replications)])
        rows.append({"rtt_ms": 1000 * float(rtt), "link_utilization": u, "error": u - target_utilization})
    out = pd.DataFrame(rows)
    err = out["error"].abs()
    out["chosen"] = False
    out.loc[err.idxmin(), "chosen"] = True  # the first of any tie
    return out


def with_calibration(params: Params, *, buffer: pd.DataFrame | None = None, rtt: pd.DataFrame | None = None) -> Params:
    """``params`` with the values a calibration chose (the row marked ``chosen``).

    The calibrations run for the chapter's root seed, so under another seed they
    may choose another buffer or RTT; the chapter then runs with that choice.

    Parameters
    ----------
    params : Params
    buffer : pandas.DataFrame, optional
        Output of :func:`calibrate_buffer`.
    rtt : pandas.DataFrame, optional
        Output of :func:`calibrate_rtt`.

    Raises
    ------
    ValueError
        If a table does not mark exactly one row as chosen.
    """
    link = params.link
    for name, table in (("buffer", buffer), ("rtt", rtt)):
        if table is None:
            continue
        chosen = table.loc[table["chosen"]]
        if len(chosen) != 1:
            raise ValueError(f"{name} calibration must mark exactly one row as chosen, got {len(chosen)}")
        if name == "buffer":
            link = replace(link, buffer_packets=int(chosen["buffer_packets"].item()))
        else:
            link = replace(link, rtt_s=float(chosen["rtt_ms"].item()) / 1000)
    return params.with_(link=link)


# ---------------------------------------------------------------------------
# Comparison with the paper and the claims
# ---------------------------------------------------------------------------

def paper_tables() -> pd.DataFrame:
    """Tables I and II of the paper in one tidy frame (``scenario, K, N, metric, value, unit``)."""
    from mmperf.papers import table

    return pd.concat([table(PAPER, "table1"), table(PAPER, "table2")], ignore_index=True)


def compare(summary: pd.DataFrame, paper: pd.DataFrame | None = None) -> pd.DataFrame:
    """Paper, book and difference per cell of Tables I and II.

    Returns
    -------
    pandas.DataFrame
        ``scenario, K, N, metric, unit, paper, book, book_sd, difference`` (book - paper).
    """
    paper = paper_tables() if paper is None else paper
    keys = ["scenario", "K", "N", "metric"]
    out = paper.rename(columns={"value": "paper"}).merge(
        summary.rename(columns={"value": "book", "sd": "book_sd"})[keys + ["book", "book_sd"]], on=keys, how="inner")
    out["difference"] = out["book"] - out["paper"]
    return out[keys + ["unit", "paper", "book", "book_sd", "difference"]]


def grid(frame: pd.DataFrame, scenario: str, metric: str, value: str = "value") -> pd.DataFrame:
    """One table of a tidy frame as a K x N grid."""
    sel = frame[(frame["scenario"] == scenario) & (frame["metric"] == metric)]
    if sel.empty:
        raise ValueError(f"no rows for scenario={scenario!r}, metric={metric!r}")
    return sel.pivot(index="K", columns="N", values=value).sort_index().sort_index(axis=1)


def _in_corner(k, n):
    """The cells where the paper's s4 shows a nonzero PER: K = 10 or N = 10, or K = 9 with N > 5."""
    return (k == 10) | (n == 10) | ((k == 9) & (n > 5))


def claim_values(tables: pd.DataFrame) -> dict:
    """The quantities the claims test, computed from a tidy table set (book summary or the paper's own).

    Parameters
    ----------
    tables : pandas.DataFrame
        ``scenario, K, N, metric, value`` with the four metrics of all four scenarios.

    Returns
    -------
    dict
        Claim id -> value (fractions in [0, 1], or numbers in the paper's units).
    """
    g = lambda s, m: grid(tables, s, m)  # noqa: E731
    per = {s: g(s, "per").round(2) for s in SCENARIOS}   # as the paper prints them
    loaded = lambda x: x.loc[x.index >= 1]  # noqa: E731
    tcp = {s: loaded(g(s, "tcp_throughput")) for s in SCENARIOS}
    util = {s: loaded(g(s, "link_utilization")) for s in SCENARIOS}
    video = {s: g(s, "video_throughput") for s in SCENARIOS}
    p1 = g("s1", "per")
    kk, nn = np.meshgrid(per["s4"].index, per["s4"].columns, indexing="ij")
    corner = _in_corner(kk, nn) & (kk >= 1)
    s4_nonzero = loaded(per["s4"]).to_numpy() > 0
    corner_l = corner[kk[:, 0] >= 1]
    p3 = loaded(per["s3"])
    required = video["s1"].loc[0]
    return {
        "s1-per-rises-with-k": float((np.diff(p1.to_numpy(), axis=0) > 0).mean()),
        "s1-per-falls-with-n": float((np.diff(p1.loc[p1.index >= 8].to_numpy(), axis=1) < 0).mean()),
        "s1-acceptable-k-le-6": float(p1.loc[p1.index <= 6].to_numpy().max()),
        "s1-unacceptable-k-ge-9": float(p1.loc[p1.index >= 9].to_numpy().min()),
        "s2-under-5": float(loaded(g("s2", "per")).to_numpy().max()),
        "s3-range": float(((p3 >= 0.02) & (p3 <= 0.49)).to_numpy().mean()),
        "s4-max": float(loaded(g("s4", "per")).to_numpy().max()),
        "s4-nonzero-only-in-corner": float((s4_nonzero == corner_l).mean()),
        "s4-required-throughput": float((video["s4"] - video["s4"].loc[0]).abs().to_numpy().max()),
        "s1-worst-case-throughput": float(100 * video["s1"].loc[10, 1] / required.loc[1]),
        "static-reduces-tcp": float(np.mean([(tcp[s] < tcp["s1"]).to_numpy().mean() for s in ("s2", "s3")])),
        "s4-smallest-tcp-reduction": float((tcp["s4"] >= np.maximum(tcp["s2"], tcp["s3"])).to_numpy().mean()),
        "s4-utilization-close-to-best-effort": float((util["s4"] - util["s1"]).abs().to_numpy().mean()),
        # the paper's headline and its other comparative statements (Sec. V.A-V.D, VI)
        "tfd-loss-below-static": float((loaded(per["s4"]) < p3).to_numpy().mean()),
        "static-lowers-utilization": float(np.mean([(util[s] < util["s1"]).to_numpy().mean() for s in ("s2", "s3")])),
        "s3-cuts-tcp-more-than-s2": float((tcp["s3"] < tcp["s2"]).to_numpy().mean()),
        "tfd-reduces-tcp": float((tcp["s4"] < tcp["s1"]).to_numpy().mean()),
        "s3-per-rises-with-n": float((np.diff(p3.to_numpy(), axis=1) > 0).mean()),
        "s1-k7-8-acceptable-only-for-large-n": float(np.mean([(p1.loc[k, 1] > 5.0) and (p1.loc[k, max(p1.columns)] < 5.0)
                                                              for k in (7, 8)])),
    }


def buffer_sensitivity(params: Params, *, buffers_packets, rtts_s, replications: int = 3) -> pd.DataFrame:
    """Best-effort PER of the unloaded and the most loaded cells for other buffers and round trips.

    Can any drop-tail buffer give both the paper's unloaded network (s1, K = 0,
    N = 10: PER 0.00 %) and its best-effort losses under load (s1, K = 10,
    N = 1: 26.9 %; K = 10, N = 10: 6.22 %)? Each (buffer, RTT) pair runs those
    three cells and K = 1, N = 1 for ``replications`` replications.

    Returns
    -------
    pandas.DataFrame
        ``buffer_packets, rtt_ms, cell`` (``"K=0, N=10"``, ``"K=10, N=1"``, ``"K=10, N=10"``, ``"K=1, N=1"``),
        ``per`` [%] and ``link_utilization`` [%], means over the replications.
    """
    cells = [(0, 10), (10, 1), (10, 10), (1, 1)]
    clips = hdvideo.clip_library(params.video)
    rows = []
    for rep in range(replications):
        arr = video_arrivals(params, rep, 10, clips=clips)
        sets = {n: _reserve(params, "s1", arr[:n]) for n in (1, 10)}
        for b in buffers_packets:
            for rtt in rtts_s:
                link = replace(params.link, buffer_packets=int(b), rtt_s=float(rtt))
                for k, n in cells:
                    be = bottleneck.simulate_best_effort(sets[n]["excess"], sets[n]["be_capacity"], link=link, k_flows=k,
                                                         seed=int_seed(PAPER, "tcp", "s1", n, k, rep))
                    r = _metrics(params, sets[n]["served"], sets[n]["queued"], be, sets[n]["offered"])
                    rows.append({"buffer_packets": int(b), "rtt_ms": 1000 * float(rtt), "cell": f"K={k}, N={n}",
                                 "per": r["per"], "link_utilization": r["link_utilization"]})
    return pd.DataFrame(rows).groupby(["buffer_packets", "rtt_ms", "cell"], as_index=False)[["per", "link_utilization"]].mean()
