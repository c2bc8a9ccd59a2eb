"""Ortiz, Martinez Gracia & Skarmeta 2013: the experiment grid and ``run`` (composition only).

The 3 x 4 x 11 grid streams the coded test video with each strategy of Table 1 over each network
(:mod:`mmperf.media.stream_grid`); the tables are its per-run summaries,
the paper beside them, and the per-second series of Figs. 2-12 (:mod:`mmperf.metrics.delivery`).

Examples
--------
>>> from mmperf.experiments import ortiz2013 as ex
>>> ex.transport_of("CMTMultiMixed")
'cmt-sctp'
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.chapter import prepare_run
from mmperf.experiments.ortiz2013.paper import FIGURE_OF, PAPER, STRATEGIES, TABLE_OF_RATE
from mmperf.experiments.ortiz2013.params import Params
from mmperf.media import stream_grid, streaming
from mmperf.metrics import agreement
from mmperf.metrics.layout import wide_layout
from mmperf.networks.diagram import two_path_diagram
from mmperf.papers import table
from mmperf.results import Results
from mmperf.seeds import int_seed

__all__ = ["DEFECT_STRATEGIES", "PANEL_STRATEGIES", "SENSITIVITY_STRATEGIES", "compare_with_paper", "figure_references",
           "frames_panel", "loss_seed", "prepare_video", "run", "run_grid", "run_one", "side_by_side", "topology"]

DEFECT_STRATEGIES = ("SCTPUnreliable", "SCTPMultiUnreliable", "SCTPMultiMixed")
"""The unreliable strategies run again with the modelled ns-2 receiver defect."""
SENSITIVITY_STRATEGIES = ("RTP", "RTPMulti", "SCTPUnreliable")
"""Strategies whose PSNR under heavy loss is decoded with every lost-slice rule."""
PANEL_STRATEGIES = ("CMTMultiReliable", "SCTPUnreliable", "RTPMulti", "RTP")
"""Strategies whose decoded frame the chapter shows side by side."""


def prepare_video(params: Params | None = None) -> svc.CodedVideo:
    """The paper's four-scene sequence, coded (:func:`mmperf.media.stream_grid.coded_four_scenes`).

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``).

    Returns
    -------
    CodedVideo
    """
    params = Params() if params is None else params
    return stream_grid.coded_four_scenes(frames_per_scene=params.frames_per_scene, height=params.height,
                                         width=params.width, frame_rate=params.frame_rate)


def loss_seed(bandwidth_mbps: float, error_rate: float, *, root: int) -> int:
    """Seed of one grid cell's error-model draws: the same for every strategy of the cell, from the root seed.

    Parameters
    ----------
    bandwidth_mbps, error_rate : float
        The cell.
    root : int
        The root seed.

    Returns
    -------
    int
    """
    return int_seed(PAPER, "uniform-loss", f"{float(bandwidth_mbps):g}", f"{float(error_rate):g}", root=root)


def _options(params):
    return dict(t_end=params.t_end_s, lost_slice_rule=params.lost_slice_rule, delay_average=params.delay_average)


def run_one(video: svc.CodedVideo, strategy: str, bandwidth_mbps: float, error_rate: float,
            params: Params | None = None, *, seed: int, trace_events: int = 0, **config_changes) -> streaming.Stream:
    """One strategy on one grid cell (:func:`mmperf.media.streaming.stream`), the cell's loss draws from ``seed``.

    Parameters
    ----------
    video : CodedVideo
        From :func:`prepare_video`.
    strategy : str
        A key of :data:`.paper.STRATEGIES`.
    bandwidth_mbps, error_rate : float
        The cell.
    params : Params, optional
        The configuration (default ``Params()``).
    seed : int
        Root seed (:func:`loss_seed`).
    trace_events : int, default 0
        Keep an SCTP sender's first events.
    **config_changes
        Extra fields of this run's transport configuration (e.g. ``ns2_rwnd_defect=True``).

    Returns
    -------
    mmperf.media.streaming.Stream

    Raises
    ------
    ValueError
        For an unknown strategy or bad network parameters.
    """
    params = Params() if params is None else params
    cfg = params.config(strategy)
    cfg = replace(cfg, **config_changes) if config_changes else cfg
    return streaming.stream(video, cfg, params.network(bandwidth_mbps, error_rate), trace_events=trace_events,
                            seed=loss_seed(bandwidth_mbps, error_rate, root=seed), **_options(params))


def run_grid(video: svc.CodedVideo, params: Params | None = None, *, seed: int, keep=None):
    """Every strategy on every (bandwidth, error rate) cell (:func:`mmperf.media.stream_grid.stream_grid`).

    Parameters
    ----------
    video : CodedVideo
        From :func:`prepare_video`.
    params : Params, optional
        The configuration (default ``Params()``).
    seed : int
        Root seed of the loss draws.
    keep : callable, optional
        ``keep(strategy, bandwidth, error_rate) -> bool``: the runs returned in full.

    Returns
    -------
    summary : pandas.DataFrame
        One row per run (:meth:`~mmperf.media.streaming.Stream.summary`), with a ``table`` column.
    kept : dict
        ``(strategy, bandwidth, error_rate) -> Stream`` for the runs ``keep`` selects.
    """
    params = Params() if params is None else params
    summary, kept = stream_grid.stream_grid(
        video, strategies=params.strategies, bandwidths_mbps=params.bandwidths_mbps, error_rates=params.error_rates,
        config_of=params.config, network_of=params.network, seed_of=lambda bw, e: loss_seed(bw, e, root=seed),
        keep=keep, **_options(params))
    summary.insert(0, "table", summary["error_rate"].map(lambda e: TABLE_OF_RATE.get(e, "n/a")))
    return summary, kept


def compare_with_paper(summary: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Paper and book delay and PSNR per cell, with the log10 delay ratio and the PSNR difference.

    Parameters
    ----------
    summary : pandas.DataFrame
        :func:`run_grid`'s summary.
    paper : pandas.DataFrame
        :func:`mmperf.papers.table` ``("ortiz2013", "results")``.

    Returns
    -------
    pandas.DataFrame
        ``paper_delay_s``, ``paper_psnr_db``, ``book_delay_s``, ``book_psnr_db``, ``delay_log10_ratio``,
        ``psnr_diff_db`` per (strategy, bandwidth, error rate), in the tables' order.
    """
    on = ["strategy", "bandwidth_mbps", "error_rate"]
    delay, psnr = (agreement.compare(paper[paper["metric"] == m][on + ["value"]].rename(columns={"value": _BOOK_OF[m]}),
                                     summary, on=on, value=_BOOK_OF[m],
                                     log_ratio=m == "avg_delay") for m in ("avg_delay", "psnr_y"))
    m = delay.rename(columns={"paper": "paper_delay_s", "book": "book_delay_s", "log10_ratio": "delay_log10_ratio"}).merge(
        psnr.rename(columns={"paper": "paper_psnr_db", "book": "book_psnr_db", "difference": "psnr_diff_db"}), on=on)
    cols = ["paper_delay_s", "paper_psnr_db", "book_delay_s", "book_psnr_db", "delay_log10_ratio", "psnr_diff_db"]
    m = m[on + cols].assign(_o=m["strategy"].map({s: i for i, s in enumerate(STRATEGIES)}))
    return m.sort_values(["error_rate", "_o", "bandwidth_mbps"]).drop(columns="_o").reset_index(drop=True)


_BOOK_OF = {"avg_delay": "avg_delay_s", "psnr_y": "psnr_db"}


def side_by_side(comparison: pd.DataFrame, error_rate: float, quantity: str | None = None) -> pd.DataFrame:
    """One of Tables 2-5 laid out like the paper, book beside paper (:func:`mmperf.metrics.layout.wide_layout`).

    Parameters
    ----------
    comparison : pandas.DataFrame
        :func:`compare_with_paper`.
    error_rate : float
        The table's error rate.
    quantity : {None, "delay", "psnr"}
        Both quantities, or one.

    Returns
    -------
    pandas.DataFrame
        One row per strategy; columns (bandwidth, quantity).

    Raises
    ------
    ValueError
        If ``comparison`` has no row at ``error_rate`` or ``quantity`` is not None, "delay" or "psnr".
    """
    c = comparison[np.isclose(comparison["error_rate"], error_rate)]
    if c.empty:
        raise ValueError(f"no rows for error_rate={error_rate!r}; have {sorted(comparison['error_rate'].unique())}")
    if quantity not in (None, "delay", "psnr"):
        raise ValueError(f"quantity must be None, 'delay' or 'psnr', got {quantity!r}")
    cols = {"paper_delay_s": "delay paper [s]", "book_delay_s": "delay book [s]",
            "paper_psnr_db": "PSNR paper [dB]", "book_psnr_db": "PSNR book [dB]"}
    if quantity is not None:
        cols = {k: v.split(" ", 1)[1] for k, v in cols.items() if k.endswith("_s" if quantity == "delay" else "_db")}
    return wide_layout(c, rows="strategy", columns="bandwidth_mbps", values=cols, row_order=STRATEGIES,
                       column_label="{:g} Mb/s")


def figure_references(paper_results: pd.DataFrame, figures: pd.DataFrame, params: Params | None = None) -> pd.DataFrame:
    """What the paper states for each panel of Figs. 2-12, as reference values beside the book's series.

    The figures' curves did not survive the text extraction: what remains is the Tables 2-5 value
    of the kept cell (average delay, PSNR-Y) and the numbers the text states about the figures
    (``figures.csv``: congestion up to 20 s, the receiver stopping at about the middle in Figs. 6, 7, 9).

    Parameters
    ----------
    paper_results, figures : pandas.DataFrame
        :func:`mmperf.papers.table` ``("ortiz2013", "results")`` and ``("ortiz2013", "figures")``.
    params : Params, optional
        The configuration (default ``Params()``).

    Returns
    -------
    pandas.DataFrame
        ``strategy``, ``figure``, ``quantity`` (``avg_delay_s``, ``psnr_db``, ``congestion_until_s``,
        ``receiver_stops_s``), ``value``, ``source``.

    Raises
    ------
    ValueError
        If the paper's tables lack the kept cell.
    """
    params = Params() if params is None else params
    kb, ke = float(params.kept_bandwidth_mbps), float(params.kept_error_rate)
    cell = paper_results[np.isclose(paper_results["bandwidth_mbps"], kb) & np.isclose(paper_results["error_rate"], ke)]
    if cell.empty:
        raise ValueError(f"the paper's tables have no cell {kb:g} Mb/s, {ke:g}")
    table_name = TABLE_OF_RATE.get(ke, "Tables 2-5")
    duration = sum(params.frames_per_scene) / params.frame_rate
    rows = []
    for s in params.strategies:
        c = cell[cell["strategy"] == s].set_index("metric")["value"]
        rows += [{"strategy": s, "quantity": "avg_delay_s", "value": float(c["avg_delay"]), "source": table_name},
                 {"strategy": s, "quantity": "psnr_db", "value": float(c["psnr_y"]), "source": table_name}]
        for _, f in figures[figures["strategy"].isin([s, "all"])].iterrows():
            if f["quantity"] == "receiver_stops_fraction":
                rows.append({"strategy": s, "quantity": "receiver_stops_s", "value": float(f["value"]) * duration,
                             "source": f"text on Fig. {int(f['figure'])}"})
            elif f["quantity"] == "congestion_until_s":
                rows.append({"strategy": s, "quantity": "congestion_until_s", "value": float(f["value"]),
                             "source": "text on Figs. 2-12"})
    out = pd.DataFrame(rows)
    out.insert(1, "figure", out["strategy"].map(FIGURE_OF))
    return out


def topology(params: Params | None = None, bandwidth_mbps: float | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The book's network as the nodes and links of the paper's Fig. 1 (:func:`mmperf.networks.diagram.two_path_diagram`).

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``).
    bandwidth_mbps : float, optional
        The bandwidth to label (default every bandwidth of the grid).

    Returns
    -------
    nodes, links : pandas.DataFrame
    """
    params = Params() if params is None else params
    bws = params.bandwidths_mbps if bandwidth_mbps is None else (_validate.positive(bandwidth_mbps, "bandwidth_mbps"),)
    return two_path_diagram(bandwidths_mbps=bws,
                            delay_s=params.delay_s, queue_limit=params.queue_limit, loss_start_s=params.loss_start_s)


def frames_panel(video: svc.CodedVideo, kept: dict, *, bandwidth_mbps: float, error_rate: float,
                 rtp_black: svc.Decoded | None = None) -> tuple[int, dict]:
    """A frame where RTP froze and RTPMulti showed a partial picture, as each strategy displays it.

    Parameters
    ----------
    video : CodedVideo
        From :func:`prepare_video`.
    kept : dict
        :func:`run_grid`'s kept runs, with RTP, RTPMulti and :data:`PANEL_STRATEGIES` at the cell.
    bandwidth_mbps, error_rate : float
        The cell.
    rtp_black : Decoded, optional
        RTP's packets decoded with black concealment (decoded here when not given).

    Returns
    -------
    t_show : int
        The frame.
    panels : dict
        Titled images (uint8): the original first, RTP with black concealment last.
    """
    cell = lambda s: kept[(s, float(bandwidth_mbps), float(error_rate))]  # noqa: E731
    rtp_dec, multi_dec = cell("RTP").decoded, cell("RTPMulti").decoded
    idx = np.arange(video.n_frames)
    cand = np.flatnonzero((rtp_dec.status == "frozen") & (multi_dec.status == "partial")
                          & (idx >= int(25 * video.frame_rate)) & (rtp_dec.shown < idx - 3))
    t_show = int(cand[0]) if cand.size else min(700, video.n_frames - 1)
    panels = {f"original, frame {t_show}": video.original[t_show]}
    for s in PANEL_STRATEGIES:
        dec = cell(s).decoded
        panels[f"{s}: {dec.status[t_show]}, {dec.psnr[t_show]:.1f} dB"] = dec.image(t_show)
    black = rtp_black if rtp_black is not None else video.decode(cell("RTP").result.delivered, base_loss="black")
    panels[f"RTP, black concealment: {black.psnr[t_show]:.1f} dB"] = black.image(t_show)
    return t_show, panels


_RULES = ("freeze", "black", "freeze-any")
_DESCRIPTIONS = {
    "video": "the coded test video: mean layer rates [Mb/s], peak 1-s rate [Mb/s], PSNR-Y [dB], packets, duration [s]",
    "video_rates": "coded rate per second and layer [Mb/s]",
    "summary": "one row per run of the grid (strategy x bandwidth x error rate): delay [s], PSNR [dB], shares, counts",
    "comparison": "Tables 2-5, paper beside book per cell: delay [s] and PSNR-Y [dB], log10 delay ratio, PSNR difference",
    "links": "per second and interface, the kept cell: bandwidth [Mb/s] and discards [packets/s]",
    "sink": "per second of sending, the kept cell: mean delay [s] and lost bandwidth [Mb/s]",
    "psnr_series": "per second, the kept cell: mean PSNR-Y [dB]",
    "frame_status": "share of frames displayed full, partial or frozen [%], the kept cell",
    "decoder_sensitivity": "mean PSNR-Y [dB] of three lost-slice rules at the kept error rate, per bandwidth",
    "ns2_defect": "the unreliable strategies at the kept cell with the modelled ns-2 receiver defect",
}


def run(params: Params | None = None, *, seed: int, workers: int = 1) -> Results:
    """Run every experiment of the chapter under one root seed.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``: the loss draws of every grid cell and of the defect runs.
    workers : int, default 1
        Accepted for the common contract (seeds are spread over processes by :func:`mmperf.verdicts.run_seeds`).

    Returns
    -------
    mmperf.results.Results
        Tables ``video``, ``video_rates``, ``summary`` (one row per run of the grid), ``comparison``,
        ``links``, ``sink``, ``psnr_series`` (per second, the kept cell), ``frame_status``,
        ``decoder_sensitivity`` and ``ns2_defect``; values ``t_show`` and ``frames_panel``.

    Raises
    ------
    TypeError
        If ``params`` is not an ortiz2013 ``Params``.
    ValueError
        If ``seed`` or ``workers`` is out of range.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), "Evaluation scenarios" and "Evaluation results" (Tables 2-5, Figs. 2-12).
    """
    params, seed, workers = prepare_run(Params, params, seed=seed, workers=workers, paper=PAPER)
    video = prepare_video(params)
    kb, ke = float(params.kept_bandwidth_mbps), float(params.kept_error_rate)
    keep = lambda s, bw, e: (bw == kb and e == ke) or (e == ke and s in SENSITIVITY_STRATEGIES)  # noqa: E731
    summary, kept = run_grid(video, params, seed=seed, keep=keep)
    series = {s: kept[(s, kb, ke)].per_second() for s in params.strategies}
    n = video.n_frames
    status = pd.DataFrame([{k: float(np.count_nonzero(kept[(s, kb, ke)].decoded.status == k)) / n
                            for k in ("full", "partial", "frozen")} for s in params.strategies], index=list(params.strategies))
    sens, decodes = [], {}
    for bw in params.bandwidths_mbps:
        for s in SENSITIVITY_STRATEGIES:
            r = kept[(s, float(bw), ke)]
            for rule in _RULES:
                decodes[(s, float(bw), rule)] = (r.decoded if rule == params.lost_slice_rule else
                                                 video.decode(r.result.delivered, base_loss=rule))
            sens.append({"strategy": s, "bandwidth_mbps": float(bw),
                         **{f"psnr_{rule.replace('-', '_')}_db": float(decodes[(s, float(bw), rule)].psnr.mean())
                            for rule in _RULES}})
    horizon = replace(params, t_end_s=params.defect_t_end_s)
    defect = pd.DataFrame([{"strategy": s, "bandwidth_mbps": kb, "error_rate": ke,
                            **run_one(video, s, kb, ke, horizon, seed=seed, ns2_rwnd_defect=True).summary()}
                           for s in DEFECT_STRATEGIES])
    video_table, rates = stream_grid.video_tables(video)
    t_show, panel = frames_panel(video, kept, bandwidth_mbps=kb, error_rate=ke,
                                 rtp_black=decodes.get(("RTP", kb, "black")))
    tables = {
        "video": video_table, "video_rates": rates, "summary": summary,
        "comparison": compare_with_paper(summary, table(PAPER, "results")),
        "links": pd.concat([series[s]["links"].assign(strategy=s) for s in params.strategies], ignore_index=True),
        "sink": pd.concat([series[s]["sink"].assign(strategy=s) for s in params.strategies], ignore_index=True),
        "psnr_series": pd.concat([series[s]["psnr"].assign(strategy=s) for s in params.strategies], ignore_index=True),
        "frame_status": (100 * status).rename(columns=lambda c: f"{c}_pct").rename_axis("strategy").reset_index(),
        "decoder_sensitivity": pd.DataFrame(sens),
        "ns2_defect": defect,
    }
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=_DESCRIPTIONS,
                   values={"t_show": t_show, "frames_panel": panel})
