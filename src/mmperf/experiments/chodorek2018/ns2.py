"""The packet-level bottleneck against ns-2.35 on sample cells of every scenario (issue #20, item 2).

``validation/ns2.py chodorek`` (``make validate``) runs each case of ``chodorek-params.json`` in
ns-2.35 (``validation/dumbbell.tcl``: the chapter's paced video packets and K NewReno flows through
one drop-tail link; for s2-s4 the book's granted reservations policed by ns-2's diffserv
TokenBucket into a strict-priority queue) and commits one row per case and seed to
``data/validation/<case>.csv``. This module reads those files, runs the book's packet model
(:func:`~mmperf.experiments.chodorek2018.packet.run_packet_cell`) on the same cells and seeds, and
puts the two side by side with each case's tolerance. Nothing here runs ns-2.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from mmperf._paths import data_dir
from mmperf.experiments.chodorek2018.packet import run_packet_cell
from mmperf.experiments.chodorek2018.params import Params

__all__ = ["METRICS", "NS2_PARAMS", "PARAMS_FILE", "book_runs", "compare_runs", "ns2_comparison", "ns2_meta", "ns2_runs",
           "reservation_table", "scenario_table"]

PARAMS_FILE = "chodorek-params.json"
"""What produced the committed ns-2 runs (cases, seeds, tolerances, schedules, reservations), in ``data/validation``."""

METRICS = (("video_per_pct", "video PER", "%"), ("tcp_loss_pct", "TCP loss", "%"),
           ("tcp_throughput_mbps", "TCP throughput", "Mb/s"), ("utilization_pct", "utilization", "%"),
           ("video_conforming", "conforming video packets", "packets"))
"""(column, metric, unit) compared; conforming packets only where the scenario has reservations."""


NS2_PARAMS = Params(tspec_span="run")
"""The parameters whose reservations ns-2 was given (``chodorek-params.json`` was written before
:attr:`Params.tspec_span`, so each 30-s case reserves from its own run's statistics). The cross-check tests
the policer and the priority on the reservations both simulators are given, whatever TSpec they come from."""


def ns2_meta() -> dict:
    """The committed ``chodorek-params.json``: ns-2 version, settings, cases (with tolerances), schedules.

    Returns
    -------
    dict
        The parsed JSON: keys include ``cases`` (name -> scenario, N, K, buffer in packets, round trip in s,
        duration in s, seeds, tolerances) and ``schedules`` (per case and seed: packets, TCP starts, reservations).

    Raises
    ------
    FileNotFoundError
        If it is missing (``python validation/ns2.py chodorek`` writes it).
    """
    path = data_dir() / "validation" / PARAMS_FILE
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: `make validate` (python validation/ns2.py chodorek) writes it")
    return json.loads(path.read_text())


def ns2_runs(cases=None) -> pd.DataFrame:
    """The committed ns-2 runs: one row per case and seed (``case``, ``seed`` and the metrics of ``validation/ns2.py``).

    Parameters
    ----------
    cases : sequence of str, optional
        Case names of :func:`ns2_meta` (default: all).

    Returns
    -------
    pandas.DataFrame
        One row per case and seed, as ``data/validation/<case>.csv`` holds them.

    Raises
    ------
    ValueError
        If a case is unknown.
    """
    known = ns2_meta()["cases"]
    names = list(known) if cases is None else list(cases)
    unknown = [c for c in names if c not in known]
    if unknown:
        raise ValueError(f"cases must be among {list(known)}, got {unknown}")
    return pd.concat([pd.read_csv(data_dir() / "validation" / f"{c}.csv") for c in names], ignore_index=True)


def book_runs(cases=None, *, params: Params | None = None, bucket_renewal: str = "carry") -> pd.DataFrame:
    """The book's packet model on the committed cases and seeds: one row per case and seed.

    Each run is :func:`~mmperf.experiments.chodorek2018.packet.run_packet_cell` with the case's
    scenario, N, K, buffer, round trip and duration, replication 0, the seed as root seed: the
    video packets and TCP start times ns-2 was given (``chodorek-params.json`` holds their hashes).
    About 1 s a run for N = 1 and 10 s for N = 10. ``bucket_renewal='full'`` gives a renewed (s4)
    reservation ns-2's bucket, full at every window's start, instead of the book's, which carries
    its tokens over (:func:`mmperf.networks.shared_bottleneck.simulate`).

    Parameters
    ----------
    cases : sequence of str, optional
        Case names of :func:`ns2_meta` (default: all).
    params : Params, optional
        The chapter's parameters (default :data:`NS2_PARAMS`, which ns-2 was given).
    bucket_renewal : {"carry", "full"}, default "carry"
        How a renewed (s4) reservation's token bucket starts each window: with the tokens carried over
        (the book) or full (ns-2).

    Returns
    -------
    pandas.DataFrame
        One row per case and seed: ``case`` and the fields of
        :func:`~mmperf.experiments.chodorek2018.packet.run_packet_cell` (``seed`` among them).

    Raises
    ------
    ValueError
        If a case is unknown.
    """
    meta = ns2_meta()["cases"]
    names = list(meta) if cases is None else list(cases)
    unknown = [c for c in names if c not in meta]
    if unknown:
        raise ValueError(f"cases must be among {list(meta)}, got {unknown}")
    p = NS2_PARAMS if params is None else params
    rows = []
    for name in names:
        c = meta[name]
        for seed in c["seeds"]:
            r = run_packet_cell(p, n_videos=c["n_videos"], k_flows=c["k_flows"], replication=0, seed=int(seed),
                                buffer_packets=c["buffer_packets"], rtt_s=c["rtt_s"], duration_s=c["duration_s"],
                                scenario=c.get("scenario", "s1"), bucket_renewal=bucket_renewal)
            rows.append({"case": name, **r})
    return pd.DataFrame(rows)


def compare_runs(ns2: pd.DataFrame, book: pd.DataFrame, meta: dict | None = None) -> pd.DataFrame:
    """ns-2 beside the book per case and metric (means over the seeds), with each case's tolerance.

    Parameters
    ----------
    ns2, book : pandas.DataFrame
        One row per case and seed (:func:`ns2_runs`, :func:`book_runs`), the same seeds.
    meta : dict, optional
        :func:`ns2_meta` (read if not given).

    Returns
    -------
    pandas.DataFrame
        Tidy: ``scenario, case, K, N, seeds, metric, unit, ns2, book, gap`` (book - ns-2: points for
        utilization, else book / ns-2, NaN when both are 0), ``tolerance`` (text) and ``within``.
        Utilization within the case's ``utilization_points``, TCP throughput within
        ``tcp_throughput_rel``, video PER and TCP loss within a factor ``loss_factor`` (both zero
        agree), conforming packets within 0.1 % (for s4 ns-2 may exceed the book: its buckets start
        each window full).

    Raises
    ------
    ValueError
        If the two frames do not hold the same cases and seeds.
    """
    meta = ns2_meta() if meta is None else meta
    key = ["case", "seed"]
    a, b = ns2.set_index(key).sort_index(), book.set_index(key).sort_index()
    if not a.index.equals(b.index):
        raise ValueError("ns2 and book must hold the same (case, seed) rows")
    rows = []
    for name in dict.fromkeys(a.index.get_level_values("case")):
        c = meta["cases"][name]
        scenario = c.get("scenario", "s1")
        x, y = a.loc[name], b.loc[name]
        for col, metric, unit in METRICS:
            if col not in x or (col == "video_conforming" and scenario == "s1"):
                continue
            n, m = float(x[col].mean()), float(y[col].mean())
            if col == "utilization_pct":
                gap, tol = m - n, f"within {c['utilization_points']:g} point"
                ok = abs(gap) <= c["utilization_points"]
            elif col == "tcp_throughput_mbps":
                gap, tol = m / n, f"within {100 * c['tcp_throughput_rel']:g} %"
                ok = abs(gap - 1) <= c["tcp_throughput_rel"]
            elif col == "video_conforming":
                gap = m / n
                tol = "within 0.1 %" + (" (ns-2 may exceed: a full bucket per window)" if scenario == "s4" else "")
                ok = abs(gap - 1) <= 1e-3 or (scenario == "s4" and gap <= 1)
            else:
                f = c["loss_factor"]
                gap = m / n if n > 0 else (np.nan if m == 0 else np.inf)
                tol, ok = f"within a factor {f:g}", bool(m == n == 0 or 1 / f <= gap <= f)
            rows.append({"scenario": scenario, "case": name, "K": c["k_flows"], "N": c["n_videos"], "seeds": len(x),
                         "metric": metric, "unit": unit, "ns2": n, "book": m, "gap": gap, "tolerance": tol,
                         "within": bool(ok)})
    return pd.DataFrame(rows)


def ns2_comparison(cases=None, *, params: Params | None = None) -> pd.DataFrame:
    """The per-scenario comparison the chapter shows: :func:`compare_runs` of the committed ns-2 runs
    and the book's packet model run now on the same cells and seeds.

    Parameters
    ----------
    cases : sequence of str, optional
        Case names (default: every committed case; s1 at K = 10, N = 10 takes about 30 s).
    params : Params, optional
        The chapter's parameters (default :data:`NS2_PARAMS`, which ns-2 was given).

    Returns
    -------
    pandas.DataFrame
        As :func:`compare_runs`, sorted by scenario.

    Examples
    --------
    s3 at K = 10, N = 1 (three 30-s runs of the book, about a second): the same packets conform in both
    simulators, neither loses video, and every metric is within its tolerance.

    >>> t = ns2_comparison(["chodorek-s3-k10-n1"]).set_index("metric")
    >>> bool(t.loc["conforming video packets", "ns2"] == t.loc["conforming video packets", "book"])
    True
    >>> float(t.loc["video PER", "book"]), bool(t["within"].all())
    (0.0, True)
    """
    out = compare_runs(ns2_runs(cases), book_runs(cases, params=params))
    return out.sort_values("scenario", kind="stable").reset_index(drop=True)


_DIGITS = {"%": 4, "Mb/s": 1, "packets": 0}


def scenario_table(comparison: pd.DataFrame, scenario: str) -> pd.DataFrame:
    """One scenario of :func:`ns2_comparison` for reading: values rounded to the precision meant.

    PER and loss [%] to 4 decimals (a few packets in a million show), utilization [%] to 2,
    throughput [Mb/s] to 0.1, packets whole; the gap as ``book / ns-2`` (or ``book - ns-2`` in
    points for utilization).

    Parameters
    ----------
    comparison : pandas.DataFrame
        :func:`ns2_comparison` (or :func:`compare_runs`).
    scenario : {"s1", "s2", "s3", "s4"}
        The scenario to show.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``case, metric`` (metric with its unit): ``K, N, seeds``, ``ns-2`` and ``book`` as
        formatted text, ``book vs ns-2`` (the gap as text), ``tolerance`` and ``within`` (``'yes'``/``'no'``).

    Raises
    ------
    ValueError
        If ``scenario`` is not in ``comparison``.
    """
    t = comparison[comparison["scenario"] == scenario]
    if t.empty:
        raise ValueError(f"scenario must be one of {sorted(set(comparison['scenario']))}, got {scenario!r}")

    def fmt(v, metric, unit):
        d = 2 if metric == "utilization" else _DIGITS[unit]
        return f"{v:,.{d}f}"

    def gap(g, metric):
        if metric == "utilization":
            return f"{g:+.2f} points"
        return "both 0" if np.isnan(g) else f"x {g:.3f}" if np.isfinite(g) else "ns-2 0"

    return pd.DataFrame({
        "case": t["case"], "K": t["K"], "N": t["N"], "seeds": t["seeds"], "metric": t["metric"] + " [" + t["unit"] + "]",
        "ns-2": [fmt(v, m, u) for v, m, u in zip(t["ns2"], t["metric"], t["unit"])],
        "book": [fmt(v, m, u) for v, m, u in zip(t["book"], t["metric"], t["unit"])],
        "book vs ns-2": [gap(g, m) for g, m in zip(t["gap"], t["metric"])],
        "tolerance": t["tolerance"], "within": t["within"].map({True: "yes", False: "no"}),
    }).set_index(["case", "metric"])


def reservation_table() -> pd.DataFrame:
    """The reservations ns-2 was given, per case with reservations, over its seeds (``chodorek-params.json``).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``case``: ``scenario, seeds, streams, windows`` (per stream; 1 if static),
        ``rate_mean_mbps`` (over seeds, streams and windows), ``rate_min_mbps``, ``rate_max_mbps``,
        ``bucket_kb`` (mean depth), ``signalling_delay_ms`` (NaN if static).
    """
    meta = ns2_meta()
    per_case: dict[str, list] = {}
    for key, sched in meta["schedules"].items():
        if "reservations" in sched:
            per_case.setdefault(key.rsplit("/", 1)[0], []).append(sched["reservations"])
    rows = []
    for name, recs in per_case.items():
        rates = [np.asarray(r["reserved_bps"], float) for r in recs]
        delay = recs[0].get("signalling_delay_s")
        rows.append({"case": name, "scenario": meta["cases"][name]["scenario"], "seeds": len(recs),
                     "streams": rates[0].shape[0], "windows": rates[0].shape[1] if rates[0].ndim == 2 else 1,
                     "rate_mean_mbps": float(np.mean([r.mean() for r in rates])) / 1e6,
                     "rate_min_mbps": min(r.min() for r in rates) / 1e6, "rate_max_mbps": max(r.max() for r in rates) / 1e6,
                     "bucket_kb": float(np.mean([np.mean(r["bucket_bytes"]) for r in recs])) / 1e3,
                     "signalling_delay_ms": np.nan if delay is None else 1e3 * delay})
    return pd.DataFrame(rows).set_index("case")
