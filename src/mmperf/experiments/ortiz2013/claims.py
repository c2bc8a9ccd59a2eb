"""The claims of Ortiz, Martinez Gracia & Skarmeta (2013), as data.

Each value function reads one run's :class:`~mmperf.results.Results`
(:func:`mmperf.experiments.ortiz2013.run`); :func:`mmperf.verdicts.judge`
evaluates them under ten seeds, and ``tests/papers/test_claims.py`` is generated
from :data:`CLAIMS`.

Kinds (see :data:`mmperf.claims.KINDS`): the comparative statements about the
strategies are ``prediction`` (they follow from the transports and the network,
no parameter set from them); the mean layer rates and the full-quality PSNR are
``calibrated`` (the coder's size scale and quantisers are fitted on them), and so
is the PSNR agreement of the Tables 2-5 cells at full quality on both sides; the
informative cells (PSNR below full quality, delay above the propagation floor;
:func:`~mmperf.experiments.ortiz2013.model.split_cells`) are judged apart as
``prediction``; the test duration is ``construction`` (2116 frames at 25 frames/s), and
so is the receiver's stop at mid-simulation, judged on ns-2's own run of the paper's
configuration (:mod:`.ns2`, committed by ``validation/ns2.py``), not on the book's engine.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.assumptions import Ablation, Assumption, Reading, Span
from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.experiments.ortiz2013.ns2 import ns2_ordered, ns2_stop_share
from mmperf.experiments.ortiz2013.paper import PAPER, is_reliable, transport_of
from mmperf.experiments.ortiz2013.params import Params
from mmperf.metrics import agreement
from mmperf.papers import table
from mmperf.transports import sctp

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CLAIMS", "DELAY_GROUPS", "FULL_PSNR_EPS_DB", "PSNR_GROUPS", "claim_values",
           "split_agreement", "split_cells", "table_agreement"]

FULL_PSNR_EPS_DB = 1e-6
"""Two PSNRs closer than this [dB] are the same decode (the comparative claims' tie)."""


def _cells(summary, rates=None):
    s = summary if rates is None else summary[summary["error_rate"].isin(rates)]
    return s.groupby(["bandwidth_mbps", "error_rate"], sort=True)


def claim_values(summary: pd.DataFrame) -> dict[str, float]:
    """The book's side of the paper's comparative claims, computed from a grid summary.

    Each value is the fraction of the grid cells (bandwidth x error rate) in
    which the claimed ordering holds; see the chapter for the quotes.

    Parameters
    ----------
    summary : pandas.DataFrame
        A grid summary (``strategy``, ``bandwidth_mbps``, ``error_rate``, ``avg_delay_s``, ``psnr_db``),
        the book's or the paper's own tables.

    Returns
    -------
    dict of str to float

    Raises
    ------
    ValueError
        If ``summary`` is empty.
    """
    if summary.empty:
        raise ValueError("summary is empty: run the grid first")
    s = summary.set_index("strategy")
    lossy = [e for e in summary["error_rate"].unique() if e > 0]
    worst = [max(summary["error_rate"].unique())]
    out = {}

    def frac(groups, pred):
        vals = [bool(pred(g.set_index("strategy"))) for _, g in groups]
        return float(np.mean(vals)) if vals else np.nan

    def best(g):
        # full quality as the paper reads its own tables: the top PSNR itself (every packet delivered);
        # a strategy that lost anything is not "the maximum", however small the loss
        top = g["psnr_db"].max()
        fullq = g[g["psnr_db"] >= top - FULL_PSNR_EPS_DB]
        return ("CMTMultiReliable" in fullq.index and
                g.loc["CMTMultiReliable", "avg_delay_s"] <= fullq["avg_delay_s"].min() * 1.05 + 1e-3)

    out["cmt_reliable_best"] = frac(_cells(summary), best)
    out["rtp_worst_psnr"] = frac(_cells(summary, worst), lambda g: g.loc["RTP", "psnr_db"] <= g["psnr_db"].min() + 1e-9)
    out["rtp_lowest_delay"] = frac(_cells(summary, worst), lambda g: g.loc["RTP", "avg_delay_s"] <= g["avg_delay_s"].min())
    out["rtp_family_lowest_delay"] = frac(
        _cells(summary, worst), lambda g: g.loc[["RTP", "RTPMulti"], "avg_delay_s"].min() <= g["avg_delay_s"].min())
    tcp = summary[summary["strategy"] == "TCP"].pivot(index="bandwidth_mbps", columns="error_rate", values="avg_delay_s")
    grows = (tcp.diff(axis=1).iloc[:, 1:] >= -1e-3).all(axis=1) & (tcp.iloc[:, -1] > 10.0)
    out["tcp_delay_prohibitive"] = float(grows.mean())
    out["tcp_beats_sctp_no_error"] = frac(_cells(summary, [0.0]),
                                          lambda g: g.loc["TCP", "avg_delay_s"] < g.loc["SCTPReliable", "avg_delay_s"])
    out["sctp_beats_tcp_lossy"] = frac(_cells(summary, lossy),
                                       lambda g: g.loc["SCTPReliable", "avg_delay_s"] < g.loc["TCP", "avg_delay_s"])
    widest = summary[summary["bandwidth_mbps"] == summary["bandwidth_mbps"].max()]
    out["sctp_beats_tcp_sufficient"] = frac(_cells(widest),
                                            lambda g: g.loc["SCTPReliable", "avg_delay_s"] < g.loc["TCP", "avg_delay_s"])
    out["cmt_beats_tcp_and_rtp"] = frac(
        _cells(summary, lossy),
        lambda g: (g.loc["CMTMultiReliable", "avg_delay_s"] < g.loc["TCP", "avg_delay_s"]) and (
            g.loc["CMTMultiReliable", "psnr_db"] > g.loc[["RTP", "RTPMulti"], "psnr_db"].max() + FULL_PSNR_EPS_DB))
    out["multistream_beats_single"] = frac(
        _cells(summary, lossy),
        lambda g: g.loc["SCTPMultiReliable", "avg_delay_s"] < 0.99 * g.loc["SCTPReliable", "avg_delay_s"])
    out["unreliable_same_delay"] = frac(
        _cells(summary),
        lambda g: abs(g.loc["SCTPUnreliable", "avg_delay_s"] / g.loc["SCTPReliable", "avg_delay_s"] - 1) < 0.1)
    out["unreliable_lower_psnr"] = frac(
        _cells(summary, worst), lambda g: g.loc["SCTPUnreliable", "psnr_db"] < g.loc["SCTPReliable", "psnr_db"] - 0.1)
    out["mixed_between"] = frac(
        _cells(summary, lossy),
        lambda g: (g.loc["SCTPMultiMixed", "avg_delay_s"] <= g.loc["SCTPMultiReliable", "avg_delay_s"]) and (
            g.loc["SCTPMultiMixed", "psnr_db"] >= g.loc["SCTPMultiUnreliable", "psnr_db"]))
    return out


def table_agreement(comparison: pd.DataFrame, *, psnr_db: float = 0.5, delay_factor: float = 2.0,
                    delay_abs_s: float = 0.005) -> dict[str, float]:
    """Fractions of Tables 2-5 cells where the book agrees with the paper (:func:`mmperf.metrics.agreement.within`).

    Parameters
    ----------
    comparison : pandas.DataFrame
        :func:`~mmperf.experiments.ortiz2013.model.compare_with_paper`.
    psnr_db : float, default 0.5
        PSNR tolerance [dB].
    delay_factor, delay_abs_s : float, default 2.0, 0.005
        Delay within this factor, or this absolute difference [s].

    Returns
    -------
    dict
        ``{"psnr": fraction, "delay": fraction}``.
    """
    return {m: float(_agrees(comparison, m, psnr_db, delay_factor, delay_abs_s).mean()) for m in ("psnr", "delay")}


def _agrees(c, metric, psnr_db, delay_factor, delay_abs_s):
    if metric == "psnr":
        return agreement.within(c["book_psnr_db"], c["paper_psnr_db"], abs_tol=psnr_db)
    return agreement.within(c["book_delay_s"], c["paper_delay_s"], abs_tol=delay_abs_s, factor=delay_factor, strict=True)


PSNR_GROUPS = ("below-full", "full-transport", "full-reliable")
"""The PSNR cells of Tables 2-5, split on the paper's value alone (:func:`split_cells`)."""
DELAY_GROUPS = ("above-floor", "floor-transport", "floor-rtp")
"""The delay cells of Tables 2-5, split on the paper's value alone (:func:`split_cells`)."""


def split_cells(comparison: pd.DataFrame, *, margin_db: float = 0.05, delay_floor_s: float = 0.010,
                paper_full_db: float | None = None) -> pd.DataFrame:
    """Group each Tables 2-5 cell, for PSNR and for delay, on the paper's value alone.

    The groups never look at the book's value, so agreement within a group can fail in every
    cell. PSNR: ``below-full`` when the paper's PSNR lies more than ``margin_db`` below its full
    quality (a loss of quality the book must predict); otherwise ``full-reliable`` for a strategy
    that retransmits every loss (:func:`is_reliable`: it delivers every packet by construction, so
    its agreement is the coder's calibration on the paper's 34.4653 dB) and ``full-transport`` for
    the others (RTP, unreliable and mixed SCTP/CMT: that they lose nothing visible is a transport
    outcome). Delay: ``above-floor`` when the paper's delay exceeds ``delay_floor_s``; otherwise
    ``floor-transport`` for a window transport (SCTP, CMT-SCTP, TCP: retransmissions, windows and
    timers could lift it off the floor) and ``floor-rtp`` for RTP (datagrams: propagation plus
    queueing).

    Parameters
    ----------
    comparison : pandas.DataFrame
        From :func:`compare_with_paper` (columns ``strategy``, ``paper_psnr_db``, ``book_psnr_db``,
        ``paper_delay_s``, ``book_delay_s``).
    margin_db : float, default 0.05
        How far below full quality a PSNR must lie to count as a loss of quality [dB].
    delay_floor_s : float, default 0.010
        Delays at or below this are the propagation floor [s] (one-way delay + the 5 ms tolerance).
    paper_full_db : float, optional
        The paper's full-quality PSNR [dB]; by default the largest PSNR of the paper in ``comparison``.

    Returns
    -------
    pandas.DataFrame
        ``comparison`` with ``psnr_group`` (:data:`PSNR_GROUPS`), ``delay_group``
        (:data:`DELAY_GROUPS`) and the booleans ``psnr_informative`` (``below-full``) and
        ``delay_informative`` (``above-floor``).

    Raises
    ------
    ValueError
        If ``comparison`` is empty or lacks a column, a strategy is unknown, or ``margin_db`` /
        ``delay_floor_s`` is not positive and finite.

    Examples
    --------
    >>> import pandas as pd
    >>> c = pd.DataFrame({"strategy": ["TCP", "RTP", "SCTPReliable"], "paper_psnr_db": [34.4653, 34.4653, 29.8],
    ...                   "book_psnr_db": [34.47, 30.0, 34.47], "paper_delay_s": [0.0057, 0.0052, 2.4],
    ...                   "book_delay_s": [0.0059, 0.03, 5.1]})
    >>> split_cells(c)[["psnr_group", "delay_group"]].values.tolist()
    [['full-reliable', 'floor-transport'], ['full-transport', 'floor-rtp'], ['below-full', 'above-floor']]
    """
    need = ["strategy", "paper_psnr_db", "book_psnr_db", "paper_delay_s", "book_delay_s"]
    missing = [c for c in need if c not in comparison.columns]
    if comparison.empty or missing:
        raise ValueError(f"comparison must be a non-empty compare_with_paper table; missing columns {missing}")
    _validate.positive(margin_db, "margin_db")
    _validate.positive(delay_floor_s, "delay_floor_s")
    pf = float(comparison["paper_psnr_db"].max()) if paper_full_db is None else float(paper_full_db)
    out = comparison.copy()
    reliable = out["strategy"].map(is_reliable).astype(bool)
    rtp_like = out["strategy"].map(lambda s: transport_of(s) == "rtp").astype(bool)
    below = out["paper_psnr_db"] < pf - margin_db
    above = out["paper_delay_s"] > delay_floor_s
    out["psnr_group"] = np.where(below, "below-full", np.where(reliable, "full-reliable", "full-transport"))
    out["delay_group"] = np.where(above, "above-floor", np.where(rtp_like, "floor-rtp", "floor-transport"))
    out["psnr_informative"] = below
    out["delay_informative"] = above
    return out


def split_agreement(comparison: pd.DataFrame, *, margin_db: float = 0.05, delay_floor_s: float = 0.010,
                    psnr_db: float = 0.5, delay_factor: float = 2.0, delay_abs_s: float = 0.005) -> pd.DataFrame:
    """Agreement with Tables 2-5 counted apart in each group of cells.

    Parameters
    ----------
    comparison : pandas.DataFrame
        :func:`~mmperf.experiments.ortiz2013.model.compare_with_paper`.
    margin_db, delay_floor_s : float
        The split (:func:`split_cells`, on the paper's value alone).
    psnr_db, delay_factor, delay_abs_s : float
        The agreement (:func:`table_agreement`).

    Returns
    -------
    pandas.DataFrame
        One row per (metric, group): ``metric`` (``"psnr"`` or ``"delay"``), ``group``
        (:data:`PSNR_GROUPS` or :data:`DELAY_GROUPS`), ``cells``, ``agree`` and ``fraction`` (NaN
        for an empty group).
    """
    c = split_cells(comparison, margin_db=margin_db, delay_floor_s=delay_floor_s)
    return pd.concat([agreement.grouped_share(c[f"{m}_group"], _agrees(c, m, psnr_db, delay_factor, delay_abs_s),
                                              order=groups).assign(metric=m)
                      for m, groups in (("psnr", PSNR_GROUPS), ("delay", DELAY_GROUPS))],
                     ignore_index=True)[["metric", "group", "cells", "agree", "fraction"]]


_ONCE: OrderedDict = OrderedDict()


def _once(frame, what: str, compute):
    """``compute(frame)`` once per table object of a run (the last 64 kept, each with its table)."""
    hit = _ONCE.get((id(frame), what))
    if hit is None or hit[0] is not frame:
        hit = _ONCE[(id(frame), what)] = (frame, compute(frame))
        if len(_ONCE) > 64:
            _ONCE.popitem(last=False)
    return hit[1]


@functools.lru_cache(maxsize=1)
def _paper_cv() -> dict:
    """The comparative fractions computed on the paper's own Tables 2-5 (shown beside the book's)."""
    paper = table(PAPER, "results").pivot_table(index=["strategy", "bandwidth_mbps", "error_rate"], columns="metric",
                                                values="value").reset_index()
    return claim_values(paper.rename(columns={"avg_delay": "avg_delay_s", "psnr_y": "psnr_db"}))


def _own(key: str) -> str:
    return f"{100 * _paper_cv()[key]:.0f} % of the cells of its own tables"


def _cv(key: str):
    return lambda r: _claim_values(r)[key]


def _claim_values(r) -> dict:
    """:func:`claim_values` of one run's grid, computed once for the claims that read it."""
    return _once(r.table("summary"), "claim_values", claim_values)


def _video(quantity: str):
    return lambda r: float(r.table("video").set_index("quantity").loc[quantity, "value"])


def _kept(r):
    s = r.table("summary")
    p = r.params
    return s[(s["bandwidth_mbps"] == p.kept_bandwidth_mbps) & (s["error_rate"] == p.kept_error_rate)].set_index("strategy")


def _second_interface_sparse(r) -> float:
    k = _kept(r)
    return float(k.loc[[s for s in k.index if s.startswith("SCTP") or s == "TCP"], "link2_share"].max())


def _congestion_before_loss(r) -> bool:
    links = r.table("links")
    rtp0 = links[(links["strategy"] == "RTP") & (links["interface"] == "eth0")]
    return bool(rtp0.loc[rtp0["time_s"] < r.params.loss_start_s[0], "discards"].sum() > 0)


NS2_UNRELIABLE_CASE = {1: "unrel-ordered-30", 0: "unrel0-ordered-30"}
"""ns-2's committed run of SCTPUnreliable at 30 Mb/s and 1e-2 for each reading of "Reliability 0"
(PR-SCTP retransmissions before abandoning: ns-2's ``reliability_``)."""

UNBOUNDED_RTX = 10**6
"""Retransmissions before abandoning that make an unreliable stream reliable (the partial-reliability
ablation); ns-2's reliable ordered run stands for it (``rel-ordered-30``)."""


def _starvation(r) -> float:
    # ns-2's own run of the paper's configuration (committed, independent of the seed and of the
    # book's engine), for the run's reading of "Reliability 0"; the chapter's injected-defect table
    # ``ns2_defect`` is illustration only
    k = r.params.config("SCTPUnreliable").rtx_limit
    case = NS2_UNRELIABLE_CASE.get(k, "rel-ordered-30" if k >= UNBOUNDED_RTX else None)
    return ns2_stop_share(case) if case is not None else float("nan")


def _starvation_note(r) -> str:
    d = ns2_ordered().set_index("case")

    def shares(case):
        return ", ".join(f"{x:.2f}" for x in d.loc[[case], "last_delivery_share"])

    paper = d.loc[["unrel-ordered-30", "unrel-ordered-60"]]
    rel = d.loc[["rel-ordered-30", "rel-ordered-60"]]
    return ("Judged on ns-2 itself, not on the book's engine: the chapter's packet schedule replayed in ns-2.35 with "
            "the paper's settings (ns-2 defaults, ordered delivery, PR-SCTP with one retransmission, pathMaxRetrans "
            "and changePrimaryThresh 1; MTU 1508 to carry 1460-byte messages; data/validation/ortiz-ordered.csv, "
            f"validation appendix). Delivery stops for good at {paper['last_delivery_s'].min():.0f}-"
            f"{paper['last_delivery_s'].max():.0f} s (shares {shares('unrel-ordered-30')} at 30 Mb/s; "
            f"{shares('unrel-ordered-60')} at 60 Mb/s) with the receiver's 64 KiB window full. Cause, from the "
            "controls: ordered delivery plus an abandoned chunk (its retransmission lost on link 2 after 40 s); "
            "with no loss on link 2, with unordered delivery or with reliability_ 0 the window never fills this way, "
            "and with losses from 10 s delivery stops before the 65,536th message: not the 16-bit SSN wrap, which "
            f"stops reliable ordered delivery instead ({int(rel['stalled'].sum())} of {len(rel)} runs). Kind "
            "construction: the evidence is the paper's configuration run in the paper's simulator, no mechanism of "
            "the book, so it does not count toward the book's predictions. The as-specified protocol (the book's "
            "tables) never starves; the chapter's injected-defect run only illustrates.")


MARGIN_DB = 0.05
"""A cell's PSNR is informative when the paper's or the book's lies more than this below full quality [dB]."""


def _split(r):
    """Agreement with Tables 2-5 per group of cells, split on the paper's value alone (:func:`split_agreement`)."""
    return _once(r.table("comparison"), f"split-{r.params.delay_s!r}", lambda c: split_agreement(
        c, margin_db=MARGIN_DB, delay_floor_s=r.params.delay_s + 0.005, psnr_db=0.5, delay_factor=2.0,
        delay_abs_s=0.005).set_index(["metric", "group"]))


def _cells_in(metric: str, group: str) -> str:
    """How many cells of the paper's Tables 2-5 fall in a group (it depends on the paper's values only)."""
    paper = table(PAPER, "results").pivot_table(index=["strategy", "bandwidth_mbps", "error_rate"], columns="metric",
                                                values="value").reset_index()
    c = split_cells(paper.rename(columns={"avg_delay": "paper_delay_s", "psnr_y": "paper_psnr_db"}).assign(
        book_delay_s=np.nan, book_psnr_db=np.nan), margin_db=MARGIN_DB, delay_floor_s=Params().delay_s + 0.005)
    return f"{int((c[f'{metric}_group'] == group).sum())} of {len(c)}"


def _tcp_initial_phase(r, how: str = "mean") -> float:
    """TCP's per-second delay over the seconds before the losses start, the kept cell (Fig. 12): its mean
    (or ``how="max"``, its largest second) [s]."""
    sink = r.table("sink")
    tcp = sink[(sink["strategy"] == "TCP") & (sink["time_s"] < r.params.loss_start_s[0])]
    return float(tcp["delay_s"].agg(how))


def _loss_above_30(r) -> float:
    """RTP at the kept cell: mean loss bandwidth in the seconds whose coded rate exceeds the link's, over that in
    the other seconds (Fig. 11)."""
    sink = r.table("sink")
    rtp = sink[sink["strategy"] == "RTP"].set_index("time_s")["loss_mbps"]
    rate = r.table("video_rates").groupby("time_s")["rate_mbps"].sum()
    rate = rate.reindex(rtp.index)
    over = rate > r.params.kept_bandwidth_mbps
    return float(rtp[over].mean() / rtp[~over].mean())


def _agreement(metric: str, group: str):
    return lambda r: float(_split(r).loc[(metric, group), "fraction"])


_EVAL = "Evaluation results"

CLAIMS = (
    ClaimSpec(
        "cmt-reliable-always-best",
        quote="CMTMultiReliable is always the best choice of all because the delay is kept low and the PSNR is always the maximum",
        where=f"{_EVAL}, last paragraph",
        quantity="fraction of the 12 cells where CMTMultiReliable has the maximum PSNR and the lowest delay among the "
                 "strategies with the maximum PSNR",
        paper_value=f"always (its own tables: {_own('cmt_reliable_best')})",
        value=_cv("cmt_reliable_best"), criterion=Holds("CMTMultiReliable is the best full-quality strategy in every cell"),
        kind="prediction", expected="reproduced", domain=(0.0, 1.0),
        note="'The PSNR is always the maximum' is read as the paper reads its own tables: a strategy that lost "
             "anything is not at the maximum (the paper's CMTMultiUnreliable is 0.028 dB lower and faster at 1e-2, and "
             "the paper still names CMTMultiReliable best). Until #33 the criterion let any strategy within 0.01 dB "
             "of the maximum compete; the book's CMTMultiUnreliable and CMTMultiMixed, 0.003-0.006 dB lower (about "
             "0.2 % of their frames frozen or partial) and about 16 ms faster at 30 Mb/s and 1e-2, then beat it in "
             "2 of the 12 cells. Under the paper's reading CMTMultiReliable is best in all 12. It was best in every "
             "cell under either reading until the engine fast-retransmitted a chunk only once (RFC 4960 sec. 7.2.4, "
             "#18)."),
    ClaimSpec(
        "rtp-worst-psnr", quote="As expected, RTP has the worst PSNR value but the best average delay value",
        where=f"{_EVAL} (Fig. 11, 30 Mb/s, 1e-2)", quantity="fraction of the 1e-2 cells where RTP has the lowest PSNR",
        paper_value="RTP worst PSNR", value=_cv("rtp_worst_psnr"), criterion=Holds("RTP has the lowest PSNR at 1e-2"),
        kind="prediction", expected="reproduced", domain=(0.0, 1.0),
        note="RTP has the lowest PSNR in all three 1e-2 cells under 7 of the 10 seeds (the verdict is the seeds' "
             "majority); under the others, the book's among them, in 2: at 45 and 60 Mb/s RTP and RTPMulti lose "
             "almost the same data (transmission errors only), and RTPMulti can end marginally lower."),
    ClaimSpec(
        "rtp-lowest-delay", quote="As expected, RTP has the worst PSNR value but the best average delay value",
        where=f"{_EVAL} (Fig. 11)", quantity="fraction of the 1e-2 cells where RTP has the lowest delay",
        paper_value=f"RTP best delay (its own Table 5: {_own('rtp_lowest_delay')}; RTP or RTPMulti: "
                    f"{_own('rtp_family_lowest_delay')})",
        value=_cv("rtp_lowest_delay"), criterion=Holds("RTP has the lowest average delay at 1e-2"), kind="prediction",
        expected="not_reproduced", miss_cause="paper-inconsistent", domain=(0.0, 1.0),
        note=lambda r: ("Judged as quoted, RTP itself. Until #33 the criterion accepted RTP or RTPMulti, which the "
                        "quote does not say. The paper's own Table 5 contradicts the sentence: RTPMulti, with both "
                        "links, is faster than RTP at 30 and 45 Mb/s and ties it at 60 Mb/s, as in the book (RTP or "
                        f"RTPMulti lowest in {100 * _claim_values(r)['rtp_family_lowest_delay']:.0f} % of the book's "
                        "1e-2 cells)."),
        kind_note="A transport outcome kept as a prediction: RTP's delay at 1e-2 is propagation plus queueing on one "
                  "link, RTPMulti's the same on two less loaded links, so RTPMulti is faster under every seed; no "
                  "reading or ablation of the ledger touches RTP's datagrams, hence the value never moves."),
    ClaimSpec(
        "tcp-delay-prohibitive", quote="as the number of transmission errors rises up, the average delay grows prohibitively",
        where=f"{_EVAL} (Fig. 12)",
        quantity="fraction of bandwidths where TCP delay grows with the error rate and exceeds 10 s (250 frames) at 1e-2",
        paper_value="37.2 / 25.6 / 23.5 s at 1e-2", value=_cv("tcp_delay_prohibitive"),
        criterion=Holds("TCP's delay grows with loss to prohibitive values"), kind="prediction", expected="reproduced",
        domain=(0.0, 1.0),
        note="'Prohibitive' is read as above 10 s (250 frames) at 1e-2; this threshold replaced a first reading (10 times "
             "the lossless delay), chosen after seeing the results, that held at 2 of 3 bandwidths."),
    ClaimSpec(
        "tcp-better-than-sctp-without-errors",
        quote="TCP has a better delay average than SCTP in scenarios where there is no error but there are congestion periods exclusively",
        where=_EVAL, quantity="fraction of bandwidths (no error) where TCP's delay is below SCTPReliable's",
        paper_value=f"stated in the text; the paper's Table 2 shows the opposite ({_own('tcp_beats_sctp_no_error')})",
        value=_cv("tcp_beats_sctp_no_error"), criterion=Holds("TCP delay < SCTP delay without errors"),
        kind="prediction", expected="partly", domain=(0.0, 1.0), miss_cause="paper-inconsistent",
        note="The paper's text and Table 2 disagree. In the book TCP is slightly faster than SCTP at 30 and 45 Mb/s but "
             "slower at 60 Mb/s, where its 64 KiB window (about 50 Mb/s at a 10 ms round trip) throttles the peaks."),
    ClaimSpec(
        "sctp-beats-tcp-under-loss", quote="The SCTP reliable approach outperforms TCP on lossy scenarios",
        where=_EVAL, quantity="fraction of the 9 lossy cells where SCTPReliable's delay is below TCP's",
        paper_value=_own("sctp_beats_tcp_lossy"), value=_cv("sctp_beats_tcp_lossy"),
        criterion=Holds("SCTPReliable delay < TCP delay under loss", required=0.75), kind="prediction",
        expected="not_reproduced", domain=(0.0, 1.0), miss_cause="model-limitation",
        note="SCTPReliable is faster in 4 of the 9 lossy cells: at 1e-3 at every bandwidth and at 1e-4 on 60 Mb/s; "
             "TCP is faster at 1e-4 on 30 and 45 Mb/s (by 2-7 %) and at 1e-2 at every bandwidth (29.0 against 40.6 s "
             "at 30 Mb/s, 15.0 against 17.2 s at 60 Mb/s). The chapter's TCP takes ns-2 FullTcp's ssthresh rule, "
             "under which the engine's TCP is 0.88 and 0.98 times ns-2's mean delay at 60 and 30 Mb/s and 1e-2 "
             "(validation appendix; RFC 5681's rule, the ledger's alternative, makes it faster still: 11.6 and "
             "22.7 s). What keeps the claim missed is SCTP: on the same schedule at 60 Mb/s and 1e-2 the engine's "
             "SCTP is 1.36 times ns-2's, and ns-2 has SCTP faster than TCP there (12.7 against 16.2 s). Model "
             "limitation: the SCTP gap lies within the validation's tolerance and is not traced. The 1e-4 cells are "
             "near ties, so on two of the five audit seeds SCTP wins 5 or 6 of the 9 cells (partly)."),
    ClaimSpec(
        "multistream-beats-single-stream",
        quote="Sending each layer in a different stream (SCTPMultiReliable) enhances the transmission performance on lossy "
              "scenarios in comparison with the use of a unique stream (SCTPReliable)",
        where=_EVAL, quantity="fraction of the 9 lossy cells where SCTPMultiReliable's delay is > 1 % below SCTPReliable's",
        paper_value=_own("multistream_beats_single"), value=_cv("multistream_beats_single"),
        criterion=Holds("per-layer streams reduce delay under loss", required=0.75), kind="prediction",
        expected="not_reproduced", domain=(0.0, 1.0), miss_cause="contradiction",
        note="In the book the delay under loss is the backlog in the sender, which per-stream delivery cannot shorten; "
             "receiver head-of-line blocking lasts one fast-retransmit round trip, or a T3 timeout when the "
             "retransmission is lost too, so per-layer streams gain 1-3 % at 1e-2 and nothing at lower loss."),
    ClaimSpec(
        "unreliable-same-delay",
        quote="there is nearly no difference in the value of the average delay in comparison with the reliable approach",
        where=_EVAL, quantity="fraction of cells where SCTPUnreliable's delay is within 10 % of SCTPReliable's",
        paper_value=_own("unreliable_same_delay"), value=_cv("unreliable_same_delay"),
        criterion=Holds("unreliable and reliable SCTP delays within 10 %", required=0.9), kind="prediction",
        expected="reproduced", domain=(0.0, 1.0),
        note="The paper's own Table 5 halves the delay in unreliable mode at 30 and 45 Mb/s, which the book "
             "attributes to the ns-2 starvation defect; at 60 Mb/s, though, its SCTPUnreliable is slower than "
             "SCTPReliable (11.20 against 9.74 s), which a receiver that stops early does not explain."),
    ClaimSpec(
        "unreliable-lower-psnr", quote="Of course, the big difference comes in relation with the PSNR value",
        where=_EVAL, quantity="fraction of the 1e-2 cells where SCTPUnreliable's PSNR is > 0.1 dB below SCTPReliable's",
        paper_value="0.3-0.5 dB lower at 1e-2", value=_cv("unreliable_lower_psnr"),
        criterion=Holds("unreliable SCTP loses PSNR at 1e-2"), kind="prediction", expected="not_reproduced",
        domain=(0.0, 1.0),
        miss_cause="contradiction",
        note="As specified, PR-SCTP with one retransmission abandons only chunks lost twice (about 1e-4 of them); "
             "the paper's losses come with the receiver starvation."),
    ClaimSpec(
        "mixed-between-reliable-and-unreliable",
        quote="this mixed approach globally reduces the average time with respect to the only-reliable approach while "
              "obtaining a greater PSNR than the only-unreliable one",
        where=_EVAL,
        quantity="fraction of the 9 lossy cells where SCTPMultiMixed has delay <= SCTPMultiReliable and PSNR >= SCTPMultiUnreliable",
        paper_value=_own("mixed_between"), value=_cv("mixed_between"),
        criterion=Holds("mixed sits between reliable and unreliable", required=0.75), kind="prediction",
        expected="reproduced", domain=(0.0, 1.0),
        note="The paper's own Table 5 at 60 Mb/s has SCTPMultiMixed far slower than SCTPMultiReliable (13.06 against "
             "3.52 s), against its sentence; the book's mixed strategy sits between the two in 8 or 9 of the 9 "
             "lossy cells over the seeds."),
    ClaimSpec(
        "cmt-uses-both-interfaces", quote="CMT transmissions use both interfaces fully", where=f"{_EVAL} (Figs. 2-4)",
        quantity="share of packets sent on the second interface, CMTMultiReliable, 30 Mb/s, 1e-2",
        paper_value="both interfaces fully used", value=lambda r: float(_kept(r).loc["CMTMultiReliable", "link2_share"]),
        criterion=Range(0.35, 0.65, partly=(0.2, 0.8)), kind="prediction", expected="reproduced",
        domain=(0.0, 1.0)),
    ClaimSpec(
        "sctp-second-interface-sparse",
        quote="SCTP transmission strategies (Figures 5, 6, 7, 8, and 9) make a sparse use of the second interface, "
              "which is reduced to the retransmission of packets that have been lost through the first interface",
        where=f"{_EVAL} (Figs. 5-9)",
        quantity="largest share of packets on the second interface among SCTP and TCP strategies, 30 Mb/s, 1e-2",
        paper_value="sparse", value=_second_interface_sparse, criterion=Range(0.0, 0.05, partly=(0.0, 0.15)),
        kind="prediction", expected="reproduced",
        domain=(0.0, 1.0)),
    ClaimSpec(
        "congestion-before-20s",
        quote="The scenarios present a congestion situation up to the 20th second, due to peaks in the video bandwidth "
              "that surpass the link bandwidth",
        where=_EVAL, quantity="RTP at 30 Mb/s drops packets at the first interface's queue before losses start (20 s)",
        paper_value="congestion before 20 s", value=_congestion_before_loss,
        criterion=Holds("queue drops before 20 s at 30 Mb/s"), kind="prediction", expected="reproduced",
        note="Before 20 s there are no transmission errors, so every discard is a queue overflow.",
        kind_note="A prediction of the drop-tail queue fed by the coded video, not an input: nothing before 20 s draws "
                  "from the seed and no reading or ablation changes RTP or the queue, so the value cannot move; only "
                  "another scene content or queue limit could."),
    ClaimSpec(
        "peak-rate-over-45",
        quote="The video is VBR encoded, causing some severe variations in the transmission rate that globally rise "
              "over 45 Mbps at some segments",
        where="Evaluation scenarios", quantity="largest 1-s coded rate of both layers [Mb/s]", paper_value="> 45 Mb/s",
        value=_video("peak_rate_mbps"), criterion=Range(45.0, 1e6), kind="prediction", expected="reproduced",
        note="Predicted from the generated content; only the mean rates were calibrated.",
        kind_note="A property of the coded video, fixed before any network run: the peaks follow from the generated "
                  "scenes (only the mean layer rates are fitted), so no seed, transport reading or ablation can move "
                  "it; it tests the content model, not the transports."),
    ClaimSpec(
        "layer-rates", quote="two layers ... with average bit rates of 6.8 and 23.5 Mbps", where="Evaluation scenarios",
        quantity="mean rate of both layers [Mb/s]", paper_value="23.5 Mb/s", value=_video("total_rate_mbps"),
        criterion=Tolerance(23.5, rel=0.02), kind="calibrated", expected="reproduced",
        note=lambda r: ("Calibrated (the coder's size scale is fitted on it), not predicted; the base layer (calibrated "
                        f"via its quantiser) averages {_video('base_rate_mbps')(r):.2f} Mb/s.")),
    ClaimSpec(
        "full-quality-psnr", quote="The generated SVC file has an average PSNR-Y of 34.46 dB", where="Evaluation scenarios",
        quantity="mean PSNR-Y of the full-quality decode [dB]", paper_value="34.46 dB (34.4653 in Tables 2-5)",
        value=_video("psnr_full_db"), criterion=Tolerance(34.4653, abs=0.05), kind="calibrated", expected="reproduced",
        note="Calibrated (the enhancement quantiser is fitted on it)."),
    ClaimSpec(
        "test-duration", quote="2,116 frames streamed at 25 frames per second, permitting a test of 88.64 s",
        where="Evaluation scenarios", quantity="duration of 2116 frames at 25 frames/s [s]", paper_value="88.64 s",
        value=_video("duration_s"), criterion=Tolerance(88.64, abs=0.01), kind="construction", expected="not_reproduced",
        miss_cause="paper-inconsistent",
        note="Arithmetic: 2116/25 = 84.64 s; the paper's 88.64 s is a typo or includes 4 s not described."),
    ClaimSpec(
        "ns2-unreliable-starvation",
        quote="the receiver video agent stops receiving data from the SCTP agent approximately at the middle of the simulation",
        where=f"{_EVAL} (Figs. 6, 7, 9)",
        quantity="in ns-2.35 with the paper's configuration (SCTPUnreliable, 30 Mb/s, 1e-2): last delivery to the "
                 "application / sequence duration, median over seeds 1-3",
        paper_value="about the middle", value=_starvation, criterion=Range(0.35, 0.65, partly=(0.25, 0.75)),
        kind="construction", expected="reproduced",
        note=_starvation_note),
    ClaimSpec(
        "tables-psnr-informative", quote="Tables 2-5: PSNR per strategy, bandwidth and error rate", where="Tables 2-5",
        quantity=f"fraction of the cells where the paper's PSNR lies more than {MARGIN_DB} dB below its full quality "
                 "with |book - paper| <= 0.5 dB",
        paper_value=f"the paper's below-full cells ({_cells_in('psnr', 'below-full')}: RTP and RTPMulti, and at 1e-2 the "
                    "unreliable and mixed SCTP strategies and CMTMultiMixed at 30 Mb/s)",
        value=_agreement("psnr", "below-full"), criterion=Holds("PSNR within 0.5 dB", required=0.9, partly=0.6),
        kind="prediction", expected="not_reproduced", domain=(0.0, 1.0), miss_cause="model-limitation",
        note="Half of the cells agree, under every seed. Misses: RTP and RTPMulti at 1e-2 (the book 3-4 dB higher: "
             "decoder rule and content), RTPMulti at 30 Mb/s 1e-3 and the unreliable and mixed SCTP strategies at "
             "1e-2, which lose almost nothing as specified (the paper's losses come with the ns-2 receiver "
             "starvation). The cells are chosen on the paper's value alone (#33; until then on either side's)."),
    ClaimSpec(
        "tables-psnr-full-quality-transport", quote="Tables 2-5: PSNR per strategy, bandwidth and error rate",
        where="Tables 2-5",
        quantity=f"fraction of the cells where the paper shows full quality (within {MARGIN_DB} dB) for a strategy that "
                 "does not retransmit every loss (RTP, unreliable and mixed SCTP/CMT) with |book - paper| <= 0.5 dB",
        paper_value=f"full quality in {_cells_in('psnr', 'full-transport')} cells of strategies that may lose packets",
        value=_agreement("psnr", "full-transport"), criterion=Holds("PSNR within 0.5 dB", required=0.9, partly=0.6),
        kind="prediction", expected="reproduced", domain=(0.0, 1.0),
        note="A transport outcome, not the calibration: these strategies abandon or never retransmit lost packets, "
             "and that they lose nothing visible where the paper's do not is predicted by the transports and the "
             "network (until #33 these cells were counted with the calibrated ones)."),
    ClaimSpec(
        "tables-psnr-full-quality", quote="Tables 2-5: PSNR per strategy, bandwidth and error rate", where="Tables 2-5",
        quantity=f"fraction of the cells of the reliable strategies (TCP, CMTMultiReliable, SCTPMultiReliable, "
                 f"SCTPReliable) where the paper shows full quality (within {MARGIN_DB} dB) with |book - paper| <= 0.5 dB",
        paper_value=f"34.4653 dB in {_cells_in('psnr', 'full-reliable')} cells (TCP's is the paper's error-free reference)",
        value=_agreement("psnr", "full-reliable"), criterion=Holds("PSNR within 0.5 dB", required=0.9, partly=0.6),
        kind="calibrated", expected="reproduced", domain=(0.0, 1.0),
        note="Calibrated: a reliable strategy delivers every packet by construction, so it shows the full-quality "
             "decode, and the book's full quality is fitted on the paper's 34.4653 dB; their agreement says nothing "
             "about the transports."),
    ClaimSpec(
        "tables-delay-informative", quote="Tables 2-5: average delay per strategy, bandwidth and error rate",
        where="Tables 2-5",
        quantity="fraction of the cells where the paper's delay exceeds 10 ms (the 5 ms propagation delay plus the 5 ms "
                 "tolerance) with the book's delay within a factor 2 (or 5 ms) of the paper's",
        paper_value=f"the paper's cells above the floor ({_cells_in('delay', 'above-floor')})",
        value=_agreement("delay", "above-floor"), criterion=Holds("delay within a factor 2", required=0.9, partly=0.6),
        kind="prediction", expected="not_reproduced", domain=(0.0, 1.0), miss_cause="model-limitation",
        note="About 48 % of the cells agree. Misses: congested single-path SCTP/TCP cells (content-dependent "
             "backlog) and CMT-SCTP at 1e-2 (ns-2's CMT, with its delayed-ack rule, much slower: validation "
             "appendix). Until #33 the cells were chosen on either side's delay, so a cell the book put at the floor "
             "left the group whatever the paper said."),
    ClaimSpec(
        "tables-delay-floor", quote="Tables 2-5: average delay per strategy, bandwidth and error rate",
        where="Tables 2-5",
        quantity="fraction of the cells where the paper's delay is at the floor (<= 10 ms) for a window transport "
                 "(SCTP, CMT-SCTP, TCP) with the book's delay within a factor 2 (or 5 ms) of the paper's",
        paper_value=f"at the propagation floor in {_cells_in('delay', 'floor-transport')} cells (CMT without loss and at "
                    "1e-4, and at 1e-3 on 60 Mb/s; SCTP on 60 Mb/s without loss and at 1e-4)",
        value=_agreement("delay", "floor-transport"), criterion=Holds("delay within a factor 2", required=0.9, partly=0.6),
        kind="prediction", expected="reproduced", domain=(0.0, 1.0),
        note="A real prediction: retransmissions, the receive window and the timers could lift these delays off the "
             "floor (the ns-2 receive window of 64 KiB does, in every one of them: see the audit), and the book "
             "keeps them there. RTP's floor cells (datagrams: propagation plus queueing) are counted apart and not "
             "judged."),
    ClaimSpec(
        "tcp-good-initial-phase",
        quote="we observe that TCP performs well during the initial phase of the simulation, obtaining the expected "
              "result due to the congestion control",
        where=f"{_EVAL} (Fig. 12, 30 Mb/s, 1e-2)",
        quantity="TCP's mean per-second delay over the seconds before the losses start (20 s), 30 Mb/s, 1e-2 [s]",
        paper_value="performs well (Fig. 12, not transcribed)", value=_tcp_initial_phase,
        criterion=Range(0.0, 1.0, partly=(0.0, 10.0)), kind="prediction", expected="partly", domain=(0.0, 1000.0),
        miss_cause="paper-omits",
        note=lambda r: ("'Performs well' is read as under one second of delay (25 frames), 'partly' up to the 10 s "
                        "the chapter reads as prohibitive (tcp-delay-prohibitive). The book's TCP queues the "
                        "congestion peaks of the first 20 s behind its window: "
                        f"{_tcp_initial_phase(r):.1f} s on average, at most "
                        f"{_tcp_initial_phase(r, 'max'):.0f} s "
                        "in one second. The paper's video and Fig. 12's curve are not available: the book's "
                        "generated first scene stays above 30 Mb/s longer.")),
    ClaimSpec(
        "sctp-beats-tcp-sufficient-bandwidth",
        quote="The SCTP reliable approach outperforms TCP on lossy scenarios and scenarios where the bandwidth is "
              "sufficient",
        where=_EVAL,
        quantity="fraction of the 60 Mb/s cells (above the video's peaks) where SCTPReliable's delay is below TCP's",
        paper_value=_own("sctp_beats_tcp_sufficient"), value=_cv("sctp_beats_tcp_sufficient"),
        criterion=Holds("SCTPReliable delay < TCP delay at 60 Mb/s", required=0.75), kind="prediction",
        expected="reproduced", domain=(0.0, 1.0),
        note="'Sufficient' is read as the widest links, 60 Mb/s, above the video's largest 1-s rate; TCP's 64 KiB "
             "window throttles the peaks there and SCTP's 256 KiB does not, except at 1e-2, where the engine's "
             "SCTP is slower than ns-2's and than TCP (sctp-beats-tcp-under-loss). Under ns-2's 64 KiB SCTP window it fails "
             "(see the audit)."),
    ClaimSpec(
        "loss-rises-above-30-mbps",
        quote="When the video bandwidth exceeds 30 Mbps, the loss bandwidth at the reception rises clearly",
        where=f"{_EVAL} (Fig. 11, RTP, 30 Mb/s, 1e-2)",
        quantity="RTP, 30 Mb/s, 1e-2: mean lost bandwidth in the seconds whose coded rate exceeds 30 Mb/s over that in "
                 "the other seconds",
        paper_value="rises clearly above 30 Mb/s (figures.csv)", value=_loss_above_30,
        criterion=Range(2.0, float("inf"), partly=(1.2, float("inf"))), kind="prediction", expected="reproduced",
        domain=(0.0, float("inf")),
        note="'Rises clearly' is read as at least twice the loss of the other seconds (1.2 times for partly). Below "
             "the link rate RTP loses only the 1 % of transmission errors; above it the queue drops the excess."),
    ClaimSpec(
        "cmt-beats-tcp-and-rtp",
        quote="Using ns-2 simulations, it is shown that CMT-SCTP outperforms TCP and RTP in error-prone networking "
              "environments",
        where="Abstract",
        quantity="fraction of the 9 lossy cells where CMTMultiReliable's delay is below TCP's and its PSNR above RTP's "
                 "and RTPMulti's",
        paper_value=_own("cmt_beats_tcp_and_rtp"), value=_cv("cmt_beats_tcp_and_rtp"),
        criterion=Holds("CMT beats TCP on delay and RTP on PSNR under loss", required=0.75), kind="prediction",
        expected="reproduced", domain=(0.0, 1.0),
        note="'Outperforms' is read on the paper's two measures: TCP delivers everything too, so CMT must be faster; "
             "RTP is faster, so CMT must show a better picture."),
)

def _sctp(**changes):
    """A reading that changes fields of every SCTP configuration (:attr:`Params.sctp_overrides`)."""
    return lambda p: replace(p, sctp_overrides={**p.sctp_overrides, **changes})


NS2_RWND = 65536
"""ns-2.35's default SCTP receive window, ``initialRwnd_`` [bytes]."""
RFC2960_INIT_CWND = 2 * 1500
"""RFC 2960 sec. 7.2.1's initial cwnd, at most 2 MTUs [bytes] (the book's MTU, 1500 bytes). Not ns-2's:
ns-2.35's SCTP starts at min(4 MTU, max(2 MTU, 4380 bytes)) whatever ``initialCwnd_`` says (sctp.cc
``SctpAgent::Reset``), the book's 4380 bytes."""
NS2_SACK_DELAY = 0.2
"""ns-2.35's default delayed SACKs, ``useDelayedSacks_ 1`` with ``sackDelay_ 0.200`` [s] (the engine's
``SctpConfig.sack_delay``, validated against ns-2 with delayed SACKs on: validation appendix)."""

OPEN_RWND = 1 << 26
"""A receive window that never binds [bytes] (64 MiB): what a receiver that credits each chunk's bytes back on
arrival advertises, as ns-2.35's unordered receiver does (``sctp.cc`` ``SctpAgent::PassToStream`` passes an
unordered chunk to ``PassToUpperLayer`` at once); the validation appendix runs its lossy CMT and 30 Mb/s SCTP
cases with it in both simulators."""

BOOK_RWND, BOOK_INIT_CWND = sctp.SctpConfig().receive_buffer, sctp.SctpConfig().init_cwnd
"""The book's SCTP receive window and initial cwnd [bytes] (:class:`mmperf.transports.sctp.SctpConfig`)."""


def _sctp_set(name: str):
    """A span's setter: one field of every SCTP configuration at a value, as a whole number of bytes."""
    return lambda p, x: replace(p, sctp_overrides={**p.sctp_overrides, name: int(round(x))})

_DEFAULTS_QUOTE = "the paper: 'We left most of the SCTP parameters in ns-2 with their default values'"

ASSUMPTIONS = (
    Assumption(
        "receive_window",
        choice=f"{BOOK_RWND} bytes (256 KiB), held by an in-order receiver: the chunks above a loss keep their bytes "
               "off the window until they are delivered, as in ns-2's ordered receiver (sctp.cc InsertInStreamBuffer)",
        why="the paper's agents deliver in order (the starvation it reports is ns-2's ordered delivery: validation "
            "appendix); the engine is validated against ns-2 with 256 KiB at 60 Mb/s (sctp60-1e-2); the paper "
            "keeps ns-2's defaults without naming them",
        span=Span(NS2_RWND, BOOK_RWND, source=f"ns-2.35's initialRwnd_ {NS2_RWND} ({_DEFAULTS_QUOTE}) to the "
                                              "validation appendix's 256 KiB", set=_sctp_set("receive_buffer"), book=BOOK_RWND),
        alternatives=(Reading("credited-on-arrival",
                              source="ns-2.35's unordered receiver (unordered_ 1), which gives a chunk's bytes back "
                                     "to the window as it arrives (sctp.cc SctpAgent::PassToStream), so the window "
                                     "never binds while a loss waits for its T3 timer; the validation appendix runs "
                                     "ns-2 so, and the book's SCTP at 60 Mb/s and 1e-2 then meets it (0.94x ns-2's "
                                     "median mean delay, 1.36x with 256 KiB)",
                              apply=_sctp(receive_buffer=OPEN_RWND)),),
        parameter="sctp_overrides"),
    Assumption(
        "initial_cwnd",
        choice=f"{BOOK_INIT_CWND} bytes, RFC 4960 sec. 7.2.1's min(4 MTU, max(2 MTU, 4380 bytes))",
        why="the RFC's initial window, and ns-2.35's: its SCTP sets min(4 MTU, max(2 MTU, 4380 bytes)) whatever "
            "initialCwnd_ says (sctp.cc SctpAgent::Reset)",
        span=Span(RFC2960_INIT_CWND, BOOK_INIT_CWND, source=f"RFC 2960 sec. 7.2.1's at most 2 MTUs "
                                                            f"({RFC2960_INIT_CWND} bytes) to RFC 4960 sec. 7.2.1's "
                                                            "4380 bytes (ns-2.35's)",
                  set=_sctp_set("init_cwnd"), book=BOOK_INIT_CWND),
        parameter="sctp_overrides"),
    Assumption(
        "sctp_settings",
        choice="the RFC 4960 settings of the validation appendix together: a 256 KiB receive window, a SACK per "
               "packet and an initial cwnd of 4380 bytes",
        why="the engine is validated against ns-2 with these settings; the paper names only pathMaxRetrans, "
            "changePrimaryThresh and the reliability as changed, so ns-2's defaults are the alternatives (the "
            "receive window also as a span, above; ns-2's initial cwnd is the book's 4380 bytes)",
        alternatives=(
            Reading("delayed-sacks", source=f"ns-2.35's useDelayedSacks_ 1, sackDelay_ {NS2_SACK_DELAY}; "
                                            f"{_DEFAULTS_QUOTE}",
                    apply=_sctp(sack_delay=NS2_SACK_DELAY)),
            Reading("ns2-defaults", source=f"ns-2.35's defaults together: the {NS2_RWND}-byte receive window and "
                                           f"delayed SACKs, with ns-2's {BOOK_INIT_CWND}-byte initial cwnd (sctp.cc "
                                           f"SctpAgent::Reset); {_DEFAULTS_QUOTE}",
                    apply=_sctp(receive_buffer=NS2_RWND, sack_delay=NS2_SACK_DELAY)),
        ),
        parameter="sctp_overrides"),
    Assumption(
        "tcp_ssthresh",
        choice="ns-2.35 FullTcp's rule: after a fast retransmit or a timeout ssthresh is half of min(cwnd, window) "
               "in whole segments, at least 2",
        why="the paper ran ns-2's FullTcp, which has no setting for this rule (tcp.cc TcpAgent::slowdown); with it "
            "the book's TCP meets ns-2's on the chapter's schedule (validation appendix: 0.88 and 0.98 of ns-2's "
            "mean delay at 60 and 30 Mb/s, against 0.67 and 0.77 with RFC 5681's rule)",
        alternatives=(Reading("rfc5681", source="RFC 5681 sec. 3.1, eq. (4): ssthresh = max(FlightSize / 2, "
                                                "2 * SMSS), the engine's generic TCP",
                              apply=lambda p: replace(p, tcp_ssthresh="rfc5681")),),
        parameter="tcp_ssthresh"),
    Assumption(
        "delay_average",
        choice="per packet: the tables' average delay is the mean over every delivered packet",
        why="the tables give one 'average delay' per run; 'averaged per second' introduces the per-second "
            "series of Figs. 2-12, and a mean over packets weighs every packet of the video once",
        alternatives=(Reading("per-second", source="the paper, Evaluation scenarios: 'The results of each simulation "
                                                   "include the following information, averaged per second'",
                              apply=lambda p: replace(p, delay_average="second")),),
        parameter="delay_average"),
    Assumption(
        "unreliable_retransmissions",
        choice="PR-SCTP abandons a chunk of an unreliable stream after one retransmission (ns-2's reliability_ 1)",
        why="the paper: 'even in the unreliable mode, we have configured the SCTP protocol to send at least one "
            "retransmission for each loss'; in ns-2 reliability_ counts the retransmissions, so 0 sends none",
        alternatives=(Reading("reliability-0", source="the paper, literally: 'we set the Reliability parameter to 0 "
                                                      "when testing the use of the SCTP protocol in unreliable mode'",
                              apply=_sctp(rtx_limit=0)),),
        parameter="sctp_overrides"),
    Assumption(
        "lost_slice_rule",
        choice="freeze: a frame with a lost base slice repeats the last decoded frame; a lost enhancement slice "
               "falls back to the base layer",
        why="what a decoder that cannot conceal does with an undecodable frame; the paper does not say how its "
            "PSNR treats a damaged frame",
        alternatives=(Reading("black", source="the paper: 'black square artifacts due to complete video slices lost'",
                              apply=lambda p: replace(p, lost_slice_rule="black")),),
        parameter="lost_slice_rule"),
)
"""The chapter's open choices with their alternatives (:class:`mmperf.assumptions.Assumption`)."""

ABLATIONS = (
    Ablation("error-model", removes="the links' uniform transmission errors: no error in any cell (the cells keep "
                                    "their error-rate labels)",
             apply=lambda p: replace(p, error_model="none"),
             meant_to_produce=("tcp-delay-prohibitive", "sctp-beats-tcp-under-loss", "multistream-beats-single-stream",
                               "unreliable-lower-psnr", "mixed-between-reliable-and-unreliable", "rtp-worst-psnr",
                               "sctp-second-interface-sparse", "tables-*-informative", "cmt-beats-tcp-and-rtp")),
    Ablation("partial-reliability", removes="PR-SCTP's abandonment: the unreliable streams retransmit until "
                                            "delivered, like the reliable ones",
             apply=_sctp(rtx_limit=UNBOUNDED_RTX),
             meant_to_produce=("unreliable-lower-psnr", "unreliable-same-delay", "mixed-between-reliable-and-unreliable")),
    Ablation("multi-streaming", removes="one stream per layer: the reliable and the unreliable Multi strategies send "
                                        "both layers on one stream (the mixed ones keep two)",
             apply=lambda p: replace(p, multi_streaming=False), meant_to_produce=("multistream-beats-single-stream",)),
    Ablation("cmt", removes="concurrent multipath transfer: the CMT strategies run as baseline SCTP (primary path, "
                            "the second for retransmissions)",
             apply=lambda p: replace(p, cmt=False),
             meant_to_produce=("cmt-reliable-always-best", "cmt-uses-both-interfaces", "cmt-beats-tcp-and-rtp")),
)
"""The mechanisms the verdicts lean on, each with its removal (:class:`mmperf.assumptions.Ablation`).

SACK-based recovery (fast retransmit on gap reports) has no switch in the engine
(:mod:`mmperf.transports._engine`), so it is not ablated here."""
