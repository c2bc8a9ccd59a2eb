"""The experiment of Chodorek & Chodorek: calibration, the grid of Tables I and II, the comparison.

All randomness is drawn from the root seed given to :func:`run` (clips, stream
orders and phases from :mod:`mmperf.media.hdvideo`, TCP's loss draws from
:func:`mmperf.seeds.int_seed`); nothing reads the process's root seed.

Scenarios (Sec. IV.E), as router mechanisms:

* ``s1`` best effort: every packet in one drop-tail FIFO;
* ``s2`` static RSVP reservation of 150 % of the 40 Mb/s target rate per video;
* ``s3`` static RSVP reservation at each video's peak rate (its largest 1-s mean);
* ``s4`` dynamic reservation from the TFD option: every 300 ms the router
  reserves Next Data / Next Time, which the sender fills with the bytes it will
  send in the next 300 ms (an oracle: the announcement is exact).

What a stream sends above its reservation, and all TCP, is best effort.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf.chapter import prepare_run
from mmperf.experiments.chodorek2018 import packet
from mmperf.experiments.chodorek2018.params import SCENARIOS, Params
from mmperf.experiments.chodorek2018.streams import (  # noqa: F401 (re-exported: the package's and the tests' names)
    GRID_FILE, METRIC_COLUMNS, METRICS, PAPER, SEED_GRID, all_arrivals, committed_calibration,
    committed_calibration_tables,
    committed_grid, declared_statistics, packet_summary, reservations, stream_statistics, summarize, video_arrivals,
)
from mmperf.media import hdvideo
from mmperf.metrics import agreement
from mmperf.networks import admission, bottleneck
from mmperf.papers import table
from mmperf.results import Results
from mmperf.seeds import JUDGING_SEEDS, check_seed, judging_seeds, seed_sequence
from mmperf.verdicts import run_seeds

__all__ = ["GRID_FILE", "METRICS", "METRIC_COLUMNS", "PAPER", "SEED_GRID", "SENSITIVITY_CELLS", "all_arrivals",
           "audit_run", "buffer_sensitivity", "committed_calibration", "committed_calibration_tables",
           "committed_grid", "committed_run", "compare", "declared_statistics", "grid", "judging_runs", "one_stream",
           "packet_summary", "paper_consistency", "paper_tables", "reservations", "run", "run_cell", "run_grid",
           "stream_statistics", "summarize", "video_arrivals", "window_rates"]


def _metrics(params: Params, path: dict, be: dict) -> dict:
    return admission.qos_metrics(path, be, capacity_bps=params.capacity_bps, duration_s=params.duration_s)


def _reserve(params: Params, scenario: str, arrivals: np.ndarray, stats: dict | None = None, cache: dict | None = None) -> dict:
    """The scenario's reservations for one video set, and what they leave to best effort
    (:func:`mmperf.networks.admission.split_reserved`; ``cache`` shared by the sets of one replication)."""
    res = reservations(params, scenario, arrivals, stats=stats)
    return admission.split_reserved(arrivals, res["rates_bps"], slots_per_period=res["slots_per_period"],
                                    depth_bytes=res["depth_bytes"], slot_s=params.slot_s, capacity_bps=params.capacity_bps,
                                    cache=cache, label=scenario)


def _run_sets(params: Params, link: bottleneck.Link, sets: list[tuple[str, int, int, dict]], k_values, *, seed: int) -> list[dict]:
    """Run every K for every (scenario, N, replication, reserved path) in ``sets``."""
    video = np.array([p["excess"] for *_, p in sets])
    cap = np.array([p["be_capacity"] for *_, p in sets])
    idx, ks, seeds = [], [], []
    for i, (s, n, rep, _) in enumerate(sets):
        # one named stream per (scenario, N, replication) gives the loss-draw seed of every K
        words = seed_sequence(PAPER, "tcp", s, n, rep, root=seed).generate_state(max(k_values) + 1)
        for k in k_values:
            idx.append(i)
            ks.append(int(k))
            seeds.append(int(words[int(k)]))
    results = bottleneck.simulate_best_effort_many(video, cap, link=link, set_index=idx, k_flows=ks, seeds=seeds)
    rows = []
    for i, k, be in zip(idx, ks, results):
        s, n, rep, p = sets[i]
        rows.append({"scenario": s, "N": n, "K": k, "replication": rep,
                     **_metrics(params, p, be)})
    return rows


def run_cell(params: Params, *, scenario: str, n_videos: int, k_flows: int, replication: int, seed: int,
             buffer_packets: int, rtt_s: float, arrivals: np.ndarray | None = None) -> dict:
    """One run: a scenario, N streams, K TCP flows, one replication, a given buffer and RTT.

    Parameters
    ----------
    params : Params
        The experiment's parameters (link, slot, video model, run length ``duration_s`` in s).
    scenario : {"s1", "s2", "s3", "s4"}
        The QoS scenario.
    n_videos : int
        Number of HD video streams N, ``>= 1``.
    k_flows : int
        Number of TCP flows K, ``>= 0``.
    replication : int
        Replication index, ``>= 0`` (selects the streams and TCP's random draws).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    buffer_packets : int
        Drop-tail buffer of the bottleneck, in packets of ``params.packet_bytes``.
    rtt_s : float
        Base round-trip time of the TCP flows, in seconds.
    arrivals : numpy.ndarray, optional
        Wire bytes per slot of at least ``n_videos`` streams of this replication, shape ``(>= N, T)``; the
        first ``n_videos`` rows are sent (:func:`video_arrivals` if not given). Their reservations follow
        ``params.tspec_span`` (:func:`declared_statistics`: by default the whole streams' TSpec).

    Returns
    -------
    dict
        The metrics :data:`METRICS` and byte totals (offered, delivered, dropped, queued).

    Examples
    --------
    >>> from mmperf.experiments.chodorek2018 import Params, run_cell
    >>> p = Params(duration_s=10.0)
    >>> r = run_cell(p, scenario="s4", n_videos=2, k_flows=1, replication=0, seed=1, buffer_packets=50, rtt_s=0.004)
    >>> float(r["per"])
    0.0
    """
    arr = video_arrivals(params, replication, n_videos, seed=seed) if arrivals is None else arrivals[:n_videos]
    link = params.link(buffer_packets=buffer_packets, rtt_s=rtt_s)
    stats = declared_statistics(params, arr, replication=replication, seed=seed)  # the senders' TSpec (tspec_span)
    return _run_sets(params, link, [(scenario, n_videos, replication, _reserve(params, scenario, arr, stats))], [k_flows],
                     seed=seed)[0]


def run_grid(params: Params, arrivals: list[np.ndarray], *, buffer_packets: int, rtt_s: float, seed: int) -> pd.DataFrame:
    """Run the whole grid: every scenario, N, K and replication.

    Parameters
    ----------
    params : Params
        The experiment's parameters (its ``scenarios``, ``n_values`` and ``k_values`` span the grid).
    arrivals : list of numpy.ndarray
        One array per replication of wire bytes per slot, shape ``(max(n_values), T)`` (:func:`all_arrivals`).
    buffer_packets : int
        Drop-tail buffer of the bottleneck, in packets.
    rtt_s : float
        Base round-trip time of the TCP flows, in seconds.
    seed : int
        Root seed, ``0 .. 2**63 - 1`` (TCP's random draws).

    Returns
    -------
    pandas.DataFrame
        One row per run: ``scenario, N, K, replication`` and the metrics
        (``per`` [%], ``link_utilization`` [%], ``video_throughput`` [Mb/s],
        ``tcp_throughput`` [Mb/s]) plus byte totals.
    """
    link = params.link(buffer_packets=buffer_packets, rtt_s=rtt_s)
    rows = []
    for rep, all_arr in enumerate(arrivals):
        st = declared_statistics(params, all_arr, replication=rep, seed=seed)  # per stream: the first n rows serve every N
        cache: dict = {}
        sets = [(s, n, rep, _reserve(params, s, all_arr[:n], {k: v[:n] for k, v in st.items()}, cache))
                for n in params.n_values for s in params.scenarios]
        rows.extend(_run_sets(params, link, sets, params.k_values, seed=seed))
    order = {s: i for i, s in enumerate(params.scenarios)}
    out = pd.DataFrame(rows)
    return out.sort_values(["replication", "N", "scenario", "K"], key=lambda c: c.map(order) if c.name == "scenario" else c,
                           ignore_index=True)


def paper_tables() -> pd.DataFrame:
    """Tables I and II of the paper in one tidy frame (``scenario, K, N, metric, value, unit``).

    Returns
    -------
    pandas.DataFrame
        Columns ``scenario, K, N, metric, value, unit``: PER and link utilization [%] (Table I), video and
        TCP throughput [Mb/s] (Table II), as committed in ``data/papers/chodorek2018``.
    """
    return pd.concat([table(PAPER, "table1"), table(PAPER, "table2")], ignore_index=True)


def compare(summary: pd.DataFrame, paper: pd.DataFrame | None = None) -> pd.DataFrame:
    """Paper, book and difference per cell of Tables I and II.

    Parameters
    ----------
    summary : pandas.DataFrame
        The book's tidy summary (:func:`summarize` or :func:`packet_summary`): ``scenario, K, N, metric,
        value, sd``.
    paper : pandas.DataFrame, optional
        The paper's tables in the same layout (:func:`paper_tables` if not given).

    Returns
    -------
    pandas.DataFrame
        ``scenario, K, N, metric, unit, paper, book, book_sd, difference`` (book - paper).
    """
    paper = paper_tables() if paper is None else paper
    keys = ["scenario", "K", "N", "metric"]
    out = agreement.compare(paper, summary, on=keys, book_extra=("sd",))
    return out[keys + ["unit", "paper", "book", "book_sd", "difference"]]


def grid(frame: pd.DataFrame, scenario: str, metric: str, value: str = "value") -> pd.DataFrame:
    """One table of a tidy frame as a K x N grid.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame with ``scenario, K, N, metric`` and the ``value`` column (:func:`paper_tables`,
        :func:`summarize`).
    scenario : {"s1", "s2", "s3", "s4"}
        The scenario to select.
    metric : str
        The metric to select (a key of :data:`METRICS`).
    value : str, default "value"
        The column to lay out (``"sd"``, ``"q05"``, ... for a summary's spread).

    Returns
    -------
    pandas.DataFrame
        Indexed by K (rows) and N (columns), both sorted, holding ``value`` in the metric's unit.

    Raises
    ------
    ValueError
        If the frame has no rows for ``scenario`` and ``metric``.
    """
    sel = frame[(frame["scenario"] == scenario) & (frame["metric"] == metric)]
    if sel.empty:
        raise ValueError(f"no rows for scenario={scenario!r}, metric={metric!r}")
    return sel.pivot(index="K", columns="N", values=value).sort_index().sort_index(axis=1)


def one_stream(params: Params, arrivals: np.ndarray) -> pd.DataFrame:
    """One stream's rate per TFD window against the three reservations (first stream of ``arrivals``).

    Parameters
    ----------
    params : Params
        The experiment's parameters (slot, TFD window ``next_time_s``, reservations).
    arrivals : numpy.ndarray
        Wire bytes per slot, shape ``(N, T)``; only the first row is used.

    Returns
    -------
    pandas.DataFrame
        ``time_s, series, rate_mbps``: the rate sent (= the s4 reservation) and the s2 and s3 reservations.
    """
    arr1 = arrivals[:1]
    ann = hdvideo.tfd_announcements(arr1[0], slots_per_window=params.slots_per_window, slot_s=params.slot_s)
    res = {s: reservations(params, s, arr1)["rates_bps"][0] for s in ("s2", "s3")}
    return pd.DataFrame({"time_s": ann.start_s, "sent (= s4 TFD reservation)": ann.rate_bps / 1e6,
                         "s2 static 150 % of target": res["s2"][0] / 1e6, "s3 static peak": res["s3"][0] / 1e6}
                        ).melt("time_s", var_name="series", value_name="rate_mbps")


def window_rates(params: Params, *, seed: int, replications: int = 5) -> pd.DataFrame:
    """What a short run sends of the 152-s streams, its head or an excerpt of every clip, against the whole; and
    the TSpec each would declare (the s3 peaks, the bursts) with where admission control binds.

    Each of ``max(n_values)`` streams of replications ``0 .. replications - 1`` (or fewer) is cut as a packet
    grid run of ``grid_duration_s`` cuts it (:data:`~.streams.WINDOWS`) and compared with the whole stream
    (``video.duration_s``, 152 s). The reservations of a grid run are those of the whole stream under
    ``tspec_span='stream'`` and of the excerpt under ``'run'`` (:func:`~.streams.declared_statistics`).

    Parameters
    ----------
    params : Params
        The experiment's parameters (``grid_duration_s`` in s, ``grid_window``, ``tspec_span``, ``n_values``,
        ``replications``, ``reservable_fraction``, video model).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    replications : int, default 5
        Number of replications compared (at most ``params.replications``).

    Returns
    -------
    pandas.DataFrame
        One row per window (``whole``, ``head``, ``excerpt``): ``duration_s``, the per-stream mean rate [Mb/s]
        (``mean_mbps``, ``min_mbps``, ``max_mbps``), ``largest_gap_mbps`` (to the same stream's whole rate), the
        per-stream largest 1-s rate ``peak_mbps`` and one-frame burst ``burst_kb`` [kB] (means over streams),
        ``s3_peak_sum_n10_mbps`` (the s3 reservations requested by the ten streams, mean over replications),
        ``s3_binds_n10`` (replications in which they exceed the reservable share of the link),
        ``s3_binds_from_n`` (the smallest N at which they do in any replication; NaN: none) and ``declared``
        (True on the row whose statistics the grid's reservations use).
    """
    clips = hdvideo.clip_library(params.video, root=seed)
    whole = params.video.duration_s
    cuts = {"whole": ("head", whole), "head": ("head", params.grid_duration_s), "excerpt": ("excerpt", params.grid_duration_s)}
    declared = "whole" if params.tspec_span == "stream" else params.grid_window
    n = max(params.n_values)
    cap = params.reservable_fraction * params.capacity_bps
    rows = []
    for name, (window, d) in cuts.items():
        p = params.with_(duration_s=d)
        arr = [video_arrivals(p, rep, n, seed=seed, clips=clips, window=window) for rep in range(min(replications, params.replications))]
        rate = np.concatenate([a.sum(axis=1) * 8 / d / 1e6 for a in arr])
        if name == "whole":
            whole_rate = rate
        st = [stream_statistics(p, a) for a in arr]
        over = [np.flatnonzero(np.cumsum(s["peak_bps"]) > cap) for s in st]  # N - 1 at which the s3 sum exceeds the share
        first = [int(o[0]) + 1 for o in over if o.size]
        rows.append({"window": name, "duration_s": d, "mean_mbps": rate.mean(), "min_mbps": rate.min(), "max_mbps": rate.max(),
                     "largest_gap_mbps": float(np.abs(rate - whole_rate).max()),
                     "peak_mbps": float(np.mean([s["peak_bps"] for s in st]) / 1e6),
                     "burst_kb": float(np.mean([s["depth_bytes"] for s in st]) / 1e3),
                     "s3_peak_sum_n10_mbps": float(np.mean([s["peak_bps"].sum() / 1e6 for s in st])),
                     "s3_binds_n10": int(sum(s["peak_bps"].sum() > cap for s in st)),
                     "s3_binds_from_n": float(min(first)) if first else np.nan, "declared": name == declared})
    return pd.DataFrame(rows)


SENSITIVITY_CELLS = ((0, 10), (10, 1), (10, 10), (1, 1))
"""(K, N) of the best-effort cells the sensitivity check runs."""


def buffer_sensitivity(params: Params, arrivals: list[np.ndarray], *, seed: int) -> pd.DataFrame:
    """Best-effort PER of the unloaded and the most loaded cells for other buffers and round trips.

    Can any drop-tail buffer give both the paper's unloaded network (s1, K = 0,
    N = 10: PER 0.00 %) and its best-effort losses under load (s1, K = 10,
    N = 1: 26.9 %; K = 10, N = 10: 6.22 %)? Each (buffer, RTT) pair of the
    params runs those three cells and K = 1, N = 1 for ``sensitivity_replications`` replications.

    Parameters
    ----------
    params : Params
        The experiment's parameters: ``sensitivity_buffers_packets`` [packets], ``sensitivity_rtts_s`` [s],
        ``sensitivity_replications``.
    arrivals : list of numpy.ndarray
        One array per replication of wire bytes per slot, shape ``(max(n_values), T)`` (:func:`all_arrivals`).
    seed : int
        Root seed, ``0 .. 2**63 - 1`` (TCP's random draws).

    Returns
    -------
    pandas.DataFrame
        ``buffer_packets, rtt_ms, cell`` (``"K=0, N=10"``, ...), ``per_pct`` and ``link_utilization_pct``
        [%], means over the replications.
    """
    n_max = max(params.n_values)
    cells = [(k, min(n, n_max)) for k, n in SENSITIVITY_CELLS]
    reps = range(min(params.sensitivity_replications, len(arrivals)))
    sets = {(rep, n): _reserve(params, "s1", arrivals[rep][:n]) for rep in reps for n in sorted({n for _, n in cells})}
    keys = list(sets)
    runs = [(rep, k, n) for rep in reps for k, n in cells]
    seeds = [int(seed_sequence(PAPER, "tcp", "s1", n, rep, root=seed).generate_state(k + 1)[k]) for rep, k, n in runs]
    video = np.array([sets[key]["excess"] for key in keys])
    cap = np.array([sets[key]["be_capacity"] for key in keys])
    out = {}
    for b in params.sensitivity_buffers_packets:
        for rtt in params.sensitivity_rtts_s:  # every replication and cell of a (buffer, RTT) side by side
            link = params.link(buffer_packets=b, rtt_s=rtt)
            res = bottleneck.simulate_best_effort_many(video, cap, link=link, set_index=[keys.index((rep, n)) for rep, _, n in runs],
                                                       k_flows=[k for _, k, _ in runs], seeds=seeds)
            out.update({(b, rtt, *run): be for run, be in zip(runs, res)})
    rows = []
    for rep in reps:
        for b in params.sensitivity_buffers_packets:
            for rtt in params.sensitivity_rtts_s:
                for k, n in cells:
                    r = _metrics(params, sets[rep, n], out[b, rtt, rep, k, n])
                    rows.append({"buffer_packets": int(b), "rtt_ms": 1000 * float(rtt), "cell": f"K={k}, N={n}",
                                 "per_pct": r["per"], "link_utilization_pct": r["link_utilization"]})
    return (pd.DataFrame(rows).groupby(["buffer_packets", "rtt_ms", "cell"], as_index=False)[["per_pct", "link_utilization_pct"]]
            .mean())


def paper_consistency(paper: pd.DataFrame | None = None) -> pd.DataFrame:
    """Checks of the paper's own tables against each other and its own statements (no simulation).

    * loss against throughput shortfall, per scenario and over all four: a stream
      that loses x % of its packets delivers about (100 - x) % of its unloaded
      (K = 0) throughput; a cell fails if the two differ by more than 3 points;
    * "s4 gives TCP the smallest reduction": s4's TCP throughput at least s2's and s3's;
    * "s4 has the largest utilization of the QoS methods": s4's utilization at least s2's and s3's;
    * link utilization against (video + TCP throughput) / 1 Gb/s, within 1 point
      (the tables' rounding accounts for 0.1);
    * the text's s2 range, "between 0.03 and 3.5 percent", against Table I's s2 cells;
    * video + TCP throughput within the 1 Gb/s link (every cell);
    * the text's "81 percent of the required value" (s2, K = 10, N = 1) against Table II;
    * the text's "nonzero PERs ... in extreme cases of K = 10" against Table I's s4 row K = 10.

    Every check runs over the loaded cells (K >= 1), except the utilization one, which includes K = 0.

    Parameters
    ----------
    paper : pandas.DataFrame, optional
        The tables to check in the layout of :func:`paper_tables` (the paper's if not given).

    Returns
    -------
    pandas.DataFrame
        ``check, cells, failing, largest_gap, unit, example`` (the example is the cell of the largest gap).
    """
    paper = paper_tables() if paper is None else paper
    g = lambda s, m: grid(paper, s, m)  # noqa: E731

    def row(check: str, gap: pd.DataFrame, failing: pd.DataFrame, unit: str, example=None) -> dict:
        """One check: ``gap`` per cell (positive = how far the cell misses), ``failing`` the cells that fail."""
        k, n = np.unravel_index(int(np.nanargmax(gap.to_numpy())), gap.shape)
        cell = (gap.index[k], gap.columns[n])
        return {"check": check, "cells": int(gap.size), "failing": int(failing.to_numpy().sum()),
                "largest_gap": float(gap.to_numpy().max()), "unit": unit,
                "example": f"K={cell[0]}, N={cell[1]}" + (f": {example(*cell)}" if example else "")}

    rows, shortfall_rows = [], []
    for s in SCENARIOS:
        video = g(s, "video_throughput")
        shortfall = 100 * (1 - video / video.loc[0])
        gap = (shortfall - g(s, "per")).loc[1:].abs()
        shortfall_rows.append(row(f"{s}: PER equals the throughput shortfall (within 3 points)", gap, gap > 3, "points",
                                  lambda k, n, s=s, sh=shortfall: f"PER {g(s, 'per').loc[k, n]:.2f} %, shortfall {sh.loc[k, n]:.1f} %"))
    total = {"check": "all scenarios: PER equals the throughput shortfall (within 3 points)",
             "cells": sum(r["cells"] for r in shortfall_rows), "failing": sum(r["failing"] for r in shortfall_rows),
             "largest_gap": max(r["largest_gap"] for r in shortfall_rows), "unit": "points",
             "example": ", ".join(f"{s} {r['failing']}" for s, r in zip(SCENARIOS, shortfall_rows))}
    rows += [total, *shortfall_rows]
    for metric, text, unit in (("tcp_throughput", "s4 TCP throughput >= s2's and s3's", "Mb/s"),
                               ("link_utilization", "s4 link utilization >= s2's and s3's", "points")):
        best_static, s4 = np.maximum(g("s2", metric), g("s3", metric)).loc[1:], g("s4", metric).loc[1:]
        rows.append(row(text, best_static - s4, s4 < best_static, unit,
                        lambda k, n, b=best_static, s4=s4: f"s4 {s4.loc[k, n]:g}, static {b.loc[k, n]:g}"))
    util = pd.concat({s: (g(s, "link_utilization") - (g(s, "video_throughput") + g(s, "tcp_throughput")) / 10).abs()
                      for s in SCENARIOS})
    s, k, n = util.stack().idxmax()
    rows.append({**row("link utilization equals (video + TCP throughput) / 1 Gb/s (within 1 point)", util, util > 1, "points"),
                 "example": f"{s}, K={k}, N={n}: utilization {g(s, 'link_utilization').loc[k, n]:g} %, throughput "
                            f"{g(s, 'video_throughput').loc[k, n]:g} + {g(s, 'tcp_throughput').loc[k, n]:g} Mb/s"})
    s2 = g("s2", "per").loc[1:]
    outside = np.maximum(0.03 - s2, s2 - 3.5)
    rows.append(row("s2 PER within the text's 0.03-3.5 %", outside, (s2 < 0.03) | (s2 > 3.5), "points",
                    lambda k, n: f"PER {s2.loc[k, n]:.2f} %"))
    over = pd.concat({sc: g(sc, "video_throughput") + g(sc, "tcp_throughput") - _capacity_mbps() for sc in SCENARIOS})
    sc, k, n = over.stack().idxmax()
    rows.append({**row("video + TCP throughput within the 1 Gb/s link", over, over > 0, "Mb/s"),
                 "example": f"{sc}, K={k}, N={n}: {g(sc, 'video_throughput').loc[k, n]:g} + {g(sc, 'tcp_throughput').loc[k, n]:g} Mb/s"})
    share = 100 * g("s2", "video_throughput").loc[10, 1] / g("s2", "video_throughput").loc[0, 1]
    rows.append({"check": "the text's s2 81 % of the required throughput at K = 10, N = 1 (Table II, within 1 point)", "cells": 1,
                 "failing": int(abs(share - 81) > 1), "largest_gap": float(abs(share - 81)), "unit": "points",
                 "example": f"K=10, N=1: Table II {g('s2', 'video_throughput').loc[10, 1]:g} / {g('s2', 'video_throughput').loc[0, 1]:g} Mb/s "
                            f"= {share:.0f} %"})
    s4k10 = g("s4", "per").loc[[10]]
    rows.append(row("the text's nonzero s4 PER at K = 10 (Table I's s4 row K = 10 above 0.00 %)", 0.01 - s4k10, s4k10 <= 0, "points",
                    lambda k, n: f"PER {s4k10.loc[k, n]:.2f} %"))
    return pd.DataFrame(rows)


def _capacity_mbps() -> float:
    """The paper's link rate [Mb/s] (:class:`Params`' default)."""
    return Params().capacity_bps / 1e6


def _add_packet_grid(tables: dict, descriptions: dict, values: dict, *, seed: int, buffer_packets: int, rtt_s: float) -> bool:
    """Add the committed packet grid of ``seed`` at this calibration to a run's tables; whether there is one."""
    found = committed_grid(seed, buffer_packets=buffer_packets, rtt_s=rtt_s)
    if found is None:
        return False
    rows, meta = found
    tables["packet_summary"] = packet_summary(rows)
    tables["packet_comparison"] = compare(tables["packet_summary"])
    descriptions["packet_summary"] = ("the committed packet-level grid of this seed (every scenario and cell): mean, sd, "
                                      "5 % and 95 % quantile over its replications")
    descriptions["packet_comparison"] = "per cell of Tables I and II: the paper's value, the packet model's mean, its sd, difference"
    values.update({"packet_duration_s": float(meta["duration_s"]),
                   "packet_replications": int(rows.groupby(["scenario", "K", "N"]).size().min())})
    return True


def committed_run(params: Params | None = None, *, seed: int) -> Results:
    """A seed's run without the fluid model: its committed packet grid at the calibration committed with it.

    That is all a verdict reads (:mod:`~mmperf.experiments.chodorek2018.claims`), so the chapter
    judges its other seeds this way (:func:`judging_runs`); the calibration is the one
    :func:`run` chose for the seed when its grid was run (the tests recompute it).

    Parameters
    ----------
    params : Params, optional
        Must be the paper's set-up, ``Params()`` (the grids were run at it).
    seed : int
        Root seed with a committed packet grid.

    Returns
    -------
    mmperf.results.Results
        Tables ``calibration``, ``packet_summary`` and ``packet_comparison``; values ``buffer_packets``,
        ``rtt_ms``, ``packet_duration_s`` and ``packet_replications``.

    Raises
    ------
    ValueError
        If the seed has no complete committed packet grid, or ``params`` is not the paper's set-up.
    """
    params, seed, _ = prepare_run(Params, params, seed=seed, workers=1, paper=PAPER)
    cal = committed_calibration(seed) if params == Params() else None
    if cal is None:
        raise ValueError(f"committed_run needs a committed packet grid of seed {seed} for the paper's set-up (Params()); "
                         "use run()")
    buffer_packets, rtt_s = cal
    source = "committed with the seed's packet grid (its .json): the packet model's calibration"
    tables = {"calibration": pd.DataFrame([
        {"parameter": "buffer_packets", "value": float(buffer_packets), "unit": "packets of 1500 B", "calibrated_on": source},
        {"parameter": "rtt_ms", "value": 1000 * rtt_s, "unit": "ms", "calibrated_on": source},
    ])}
    descriptions = {"calibration": "the buffer and base RTT the seed's committed packet grid was run at (its calibration)"}
    values = {"buffer_packets": buffer_packets, "rtt_ms": 1000 * rtt_s}
    if not _add_packet_grid(tables, descriptions, values, seed=seed, buffer_packets=buffer_packets, rtt_s=rtt_s):
        raise ValueError(f"committed_run: the committed packet grid of seed {seed} is incomplete; use run()")
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions, values=values)


def run(params: Params | None = None, *, seed: int, workers: int = 1) -> Results:
    """Run the chapter's experiments under one root seed.

    Per seed: the streams of every replication, the buffer calibration (on the
    unloaded runs), the RTT calibration (on s1, K = 1, N = 1), the whole grid of
    Tables I and II, the summary over replications, the comparison with the
    paper, one stream's reservations and the buffer/RTT sensitivity check; and
    the committed packet-level grid of the seed, if there is one at that calibration.

    :func:`committed_run` is the same seed's run without the fluid model (its committed packet
    grid alone), which the chapter judges its other seeds on (:func:`judging_runs`).

    **Readings and ablations** the fluid model cannot express (``Params.reserved_queue``, ``bucket``,
    ``sender``, ``congestion_control``, ``tfd_renewal``, ``qos`` away from their defaults), or
    ``audit_grid=True``, skip the fluid model: the run is the audit packet grid
    (:func:`~mmperf.experiments.chodorek2018.packet.run_audit_grid`: ``audit_cells`` x every scenario,
    ``audit_replications`` runs of ``audit_duration_s``) at the seed's committed calibration (the book
    seed's 50 packets and 4 ms for a seed without one); the frame-burst sender recalibrates the buffer
    on the packet model by the chapter's rule (:func:`~mmperf.experiments.chodorek2018.packet.calibrate_burst_buffer`).
    Tables ``calibration``, ``packet_summary``, ``packet_comparison``; the values below.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract; one run uses one process (seeds are
        spread over processes by :func:`mmperf.verdicts.run_seeds`). Results do not depend on it.

    Returns
    -------
    mmperf.results.Results
        Tables ``runs``, ``summary``, ``comparison``, ``buffer_calibration``, ``rtt_calibration``,
        ``calibration``, ``one_stream``, ``sensitivity``; values ``buffer_packets`` and ``rtt_ms``;
        with a committed packet grid also ``packet_summary``, ``packet_comparison`` and the values
        ``packet_duration_s``, ``packet_replications``.

    Raises
    ------
    ValueError
        On a bad seed or ``workers``.

    Examples
    --------
    >>> from mmperf.experiments import chodorek2018 as ex
    >>> p = ex.Params(duration_s=4.0, replications=1, rtt_calibration_replications=1, n_values=(1, 2), k_values=(0, 1),
    ...               buffer_candidates_packets=(50,), rtt_candidates_s=(0.004,), sensitivity_replications=1)
    >>> r = ex.run(p, seed=1)
    >>> r.value("buffer_packets"), len(r.table("runs"))
    (50, 16)
    """
    params, seed, workers = prepare_run(Params, params, seed=seed, workers=workers, paper=PAPER)
    if params.uses_audit_grid:
        return _audit_run(params, seed=seed)
    arrivals = all_arrivals(params, seed=seed)
    found = committed_calibration_tables(seed) if params == Params() else None
    buffer_cal, rtt_cal = found if found is not None else packet.calibrate(params, seed=seed)
    buffer_packets = int(buffer_cal.loc[buffer_cal["chosen"], "buffer_packets"].item())
    rtt_s = float(rtt_cal.loc[rtt_cal["chosen"], "rtt_ms"].item()) / 1000
    on = (f"the packet model, {params.rtt_calibration_replications} replications of {params.grid_duration_s:g} s "
          f"({params.grid_window}){', as committed with the seed' + chr(39) + 's grid' if found is not None else ''}")
    runs = run_grid(params, arrivals, buffer_packets=buffer_packets, rtt_s=rtt_s, seed=seed)
    summary = summarize(runs)
    calibration = pd.DataFrame([
        {"parameter": "buffer_packets", "value": float(buffer_packets), "unit": "packets of 1500 B",
         "calibrated_on": f"every unloaded s1 run (K = 0, all N) prints PER 0.00 % (Table I, Sec. IV.E), on {on}"},
        {"parameter": "rtt_ms", "value": 1000 * rtt_s, "unit": "ms",
         "calibrated_on": f"s1, K = 1, N = 1 link utilization nearest {params.rtt_target_utilization_pct:g} % (Table I), on {on}"},
        {"parameter": "mean_rate_mbps", "value": params.video.mean_rate_bps / 1e6, "unit": "Mb/s",
         "calibrated_on": "Table II, K = 0, N = 1 (one stream's unloaded throughput); fixed in Params"},
    ])
    tables = {
        "runs": runs,
        "summary": summary,
        "comparison": compare(summary),
        "buffer_calibration": buffer_cal,
        "rtt_calibration": rtt_cal,
        "calibration": calibration,
        "one_stream": one_stream(params, arrivals[0]),
        "window_rates": window_rates(params, seed=seed),
        "sensitivity": buffer_sensitivity(params, arrivals, seed=seed),
    }
    descriptions = {
        "runs": "one row per run (scenario, N, K, replication): PER [%], link utilization [%], video and TCP throughput [Mb/s], byte totals",
        "summary": "per cell of Tables I and II: mean, sd, 5 % and 95 % quantile over replications of each metric (unit column)",
        "comparison": "per cell of Tables I and II: the paper's value, the book's mean, its sd and book - paper (unit column)",
        "buffer_calibration": "per candidate buffer tried [packets], packet model: largest mean unloaded PER over N [%]; the chosen one",
        "rtt_calibration": "per candidate base RTT [ms], packet model: s1 K = 1, N = 1 link utilization [%], error [points]; the chosen one",
        "window_rates": ("per window of the streams a run sends: per-stream mean rate [Mb/s] (mean, min, max over streams and "
                         "replications), its largest gap to the stream's 152-s rate, per-stream 1-s peak [Mb/s] and one-frame burst "
                         "[kB], the s3 peak reservations summed at N = 10 [Mb/s], the replications in which they exceed the "
                         "reservable share and the smallest N at which they do; 'declared': the row the grid's reservations use"),
        "calibration": "the three calibrated values, their units and the data each was fitted on",
        "one_stream": "replication 0, stream 0: rate sent per 300-ms window (= the s4 reservation) and the s2, s3 reservations [Mb/s]",
        "sensitivity": "s1 PER [%] and link utilization [%] of four cells for other buffers [packets] and base RTTs [ms]",
    }
    values = {"buffer_packets": buffer_packets, "rtt_ms": 1000 * rtt_s}
    if params == Params():  # the committed packet-level grid of this seed at this calibration, if any
        _add_packet_grid(tables, descriptions, values, seed=seed, buffer_packets=buffer_packets, rtt_s=rtt_s)
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions, values=values)


def _audit_run(params: Params, *, seed: int) -> Results:
    """:func:`run` for a packet-level reading or ablation: the audit packet grid, no fluid model."""
    cal = committed_calibration(seed)
    buffer_packets, rtt_s = cal if cal is not None else (50, 0.004)
    source = ("committed with the seed's packet grid (its .json)" if cal is not None
              else "the book seed's calibration (no committed grid for this seed)")
    source_b = source
    if params.buffer_packets is not None:
        buffer_packets, source_b = params.buffer_packets, "set by Params.buffer_packets (a span of the ledger)"
    elif params.sender == "burst":
        buffer_packets = packet.calibrate_burst_buffer(params, seed=seed)
        source_b = "the chapter's rule on the packet model with the burst sender: unloaded audit cells print PER 0.00 %"
    if params.rtt_s is not None:
        rtt_s, source = params.rtt_s, "set by Params.rtt_s (a span of the ledger)"
    rows = packet.run_audit_grid(params, seed=seed, buffer_packets=buffer_packets, rtt_s=rtt_s)
    summary = packet_summary(rows)
    tables = {
        "calibration": pd.DataFrame([
            {"parameter": "buffer_packets", "value": float(buffer_packets), "unit": "packets of 1500 B", "calibrated_on": source_b},
            {"parameter": "rtt_ms", "value": 1000 * rtt_s, "unit": "ms", "calibrated_on": source}]),
        "packet_summary": summary,
        "packet_comparison": compare(summary),
    }
    descriptions = {
        "calibration": "the buffer and base RTT of the audit packet grid",
        "packet_summary": (f"the audit packet grid (cells {list(params.audit_cells)}, {params.audit_replications} x "
                           f"{params.audit_duration_s:g} s): mean, sd, 5 % and 95 % quantile over its replications"),
        "packet_comparison": "per cell of the audit grid: the paper's value, the packet model's mean, its sd, difference",
    }
    values = {"buffer_packets": int(buffer_packets), "rtt_ms": 1000 * rtt_s, "packet_duration_s": float(params.audit_duration_s),
              "packet_replications": int(params.audit_replications)}
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions, values=values)


def judging_runs(params: Params | None = None, *, seed: int, workers: int = 1, seeds: int = JUDGING_SEEDS) -> dict:
    """The runs the chapter's claims are judged on: one per judging seed, the chapter's own first.

    The chapter's seed gets the full :func:`run` (its fluid model and calibrations are shown). Every
    other judging seed whose packet grid is committed (for the paper's set-up) gets :func:`committed_run`:
    its verdicts read only that grid, so recalibrating it live would change nothing. The remaining
    seeds (another root seed, another set-up) get the full :func:`run`, spread over ``workers`` processes.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``).
    seed : int
        The chapter's root seed; the judging seeds are :func:`mmperf.seeds.judging_seeds` of it.
    workers : int, default 1
        Processes for the full runs (:func:`mmperf.verdicts.run_seeds`); results do not depend on it.
    seeds : int, default :data:`mmperf.seeds.JUDGING_SEEDS`
        How many judging seeds.

    Returns
    -------
    dict of int to mmperf.results.Results
        In the order of the judging seeds.
    """
    params = Params() if params is None else params
    order = judging_seeds(seeds, root=check_seed(seed))
    committed = [s for s in order[1:] if params == Params() and committed_calibration(s) is not None]
    live = [s for s in order if s not in committed]
    out = run_seeds(run, params, live, workers=workers)
    out.update({s: committed_run(params, seed=s) for s in committed})
    return {s: out[s] for s in order}


def audit_run(params: Params, *, seed: int) -> Results:
    """What the verdict audit runs for one variant and seed (:attr:`mmperf.experiments.Chapter.audit_run`).

    The paper's set-up under a seed with a committed packet grid: :func:`committed_run` (the
    verdicts read that grid only, so the fluid model :func:`run` would add nothing but time); any
    other set-up or seed: :func:`run` (for a reading or ablation, its audit packet grid).

    Parameters
    ----------
    params : Params
    seed : int

    Returns
    -------
    mmperf.results.Results
    """
    if params == Params() and committed_calibration(seed) is not None:
        return committed_run(params, seed=seed)
    return run(params, seed=seed)
