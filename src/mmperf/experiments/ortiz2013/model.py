"""Ortiz, Martinez Gracia & Skarmeta 2013: parameters, strategies, experiment grid and ``run``.

Everything the chapter runs is defined here: the eleven transmission
strategies of the paper's Table 1 as transport configurations, the network
(two 5 ms duplex links of 30, 45 or 60 Mb/s, uniform loss of 0, 1e-4, 1e-3 or
1e-2 from 20 s on link 1 and 40 s on link 2), the test video, and the 3 x 4 x 11
grid of runs with the per-run metrics of the paper (average delay, PSNR-Y) and
of its Figs. 2-12 (per second: bandwidth and discards per interface, delay,
loss bandwidth, PSNR).

Examples
--------
>>> from mmperf.experiments import ortiz2013 as ex
>>> sorted(ex.STRATEGIES)[:2]
['CMTMultiMixed', 'CMTMultiReliable']
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass, field, fields, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.experiments._contract import prepare_run
from mmperf.media import scenes
from mmperf.networks.packetsim import Network
from mmperf.papers import table
from mmperf.results import Results, params_table
from mmperf.seeds import int_seed
from mmperf.transports import rtp, sctp, tcp

PAPER = "ortiz2013"

R, U = "reliable", "unreliable"
STRATEGIES: dict[str, object] = {
    "CMTMultiReliable": sctp.SctpConfig(cmt=True, multi_stream=True, reliability=(R, R)),
    "CMTMultiUnreliable": sctp.SctpConfig(cmt=True, multi_stream=True, reliability=(U, U)),
    "CMTMultiMixed": sctp.SctpConfig(cmt=True, multi_stream=True, reliability=(R, U)),
    "SCTPMultiReliable": sctp.SctpConfig(multi_stream=True, reliability=(R, R)),
    "SCTPMultiUnreliable": sctp.SctpConfig(multi_stream=True, reliability=(U, U)),
    "SCTPMultiMixed": sctp.SctpConfig(multi_stream=True, reliability=(R, U)),
    "SCTPReliable": sctp.SctpConfig(multi_stream=False, reliability=(R, R)),
    "SCTPUnreliable": sctp.SctpConfig(multi_stream=False, reliability=(U, U)),
    "RTPMulti": rtp.RtpConfig(layer_paths=(0, 1)),
    "RTP": rtp.RtpConfig(layer_paths=(0, 0)),
    "TCP": tcp.TcpConfig(),
}
"""The paper's eleven strategies (Table 1 and the list in "Evaluation scenarios"), in the tables' order."""

BANDWIDTHS_MBPS = (30.0, 45.0, 60.0)
ERROR_RATES = (0.0, 1e-4, 1e-3, 1e-2)
TABLE_OF_RATE = {0.0: "Table 2", 1e-4: "Table 3", 1e-3: "Table 4", 1e-2: "Table 5"}
DELAY_AVERAGES = ("packet", "second")
"""How a run's average delay is taken: over delivered packets, or over seconds (the mean of per-second means)."""
ERROR_MODELS = ("uniform", "none")
"""The links' transmission errors: the paper's uniform loss, or none (the ablation)."""


def strategy_table() -> pd.DataFrame:
    """Table 1 as derived from the configurations: multi-streaming and reliability flags (tidy)."""
    rows = []
    for name, cfg in STRATEGIES.items():
        if isinstance(cfg, sctp.SctpConfig):
            multi, rel = cfg.multi_stream, cfg.reliability
        elif isinstance(cfg, rtp.RtpConfig):
            multi, rel = cfg.layer_paths[0] != cfg.layer_paths[1], (U, U)
        else:
            multi, rel = False, (R, R)
        flags = {"multi_streaming": multi, "reliable": rel == (R, R), "unreliable": rel == (U, U),
                 "mixed": rel == (R, U)}
        rows += [{"strategy": name, "feature": k, "value": int(v)} for k, v in flags.items()]
    return pd.DataFrame(rows)


def transport_of(strategy: str) -> str:
    """``"rtp"``, ``"tcp"``, ``"sctp"`` or ``"cmt-sctp"`` for a strategy name."""
    cfg = _config(strategy)
    if isinstance(cfg, rtp.RtpConfig):
        return "rtp"
    if isinstance(cfg, tcp.TcpConfig):
        return "tcp"
    return "cmt-sctp" if cfg.cmt else "sctp"


def _config(strategy: str):
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {list(STRATEGIES)}, got {strategy!r}")
    return STRATEGIES[strategy]


_DOC = {
    # name: (unit, source)
    "bandwidths_mbps": ("Mb/s", "paper: 30, 45 and 60 Mb/s links"),
    "error_rates": ("packet error rate", "paper, Tables 2-5: 0, 1e-4, 1e-3, 1e-2"),
    "strategies": ("-", "paper, Table 1: eleven strategies"),
    "delay_s": ("s", "paper: 5 ms links"),
    "queue_limit": ("packets", "ns-2 default drop-tail limit (the paper keeps defaults)"),
    "loss_start_s": ("s", "paper: loss from 20 s on link 1, 40 s on link 2"),
    "frames_per_scene": ("frames", "paper: four scenes, 2116 frames"),
    "frame_rate": ("frames/s", "paper: 25"),
    "height": ("pixels", "the book's coding resolution (sizes scaled to the paper's rates)"),
    "width": ("pixels", "the book's coding resolution"),
    "sctp_overrides": ("-", "none: the book's SCTP configuration (256 KiB receive window, a SACK per packet, "
                            "initial cwnd 4380 bytes, one retransmission before abandoning), the settings the "
                            "validation appendix runs in ns-2; not ns-2's defaults (64 KiB, SACKs delayed by "
                            "0.2 s, 2 MTU): see the assumption ledger"),
    "tcp_overrides": ("-", "none: the book's TCP configuration (64 KiB window, initial window 2 segments, "
                           "RTO 3 s initial, 0.2 s minimum)"),
    "delay_average": ("-", "the book's: 'packet' (mean over delivered packets); the paper's results are "
                           "'averaged per second' ('second': mean of the per-second means): see the ledger"),
    "lost_slice_rule": ("-", "the book's decoder: 'freeze' (a lost base slice freezes the frame); the paper "
                             "describes 'black square artifacts' ('black'): see the ledger"),
    "error_model": ("-", "paper: uniform loss ('none' is the ablation without transmission errors)"),
    "multi_streaming": ("-", "paper, Table 1: one stream per layer in the Multi strategies (False: the "
                             "ablation, one stream where both layers share a reliability)"),
    "cmt": ("-", "paper, Table 1: CMT in the CMT strategies (False: the ablation, baseline SCTP)"),
    "t_end_s": ("s", "the book's: data not delivered by then counts as lost"),
    "kept_bandwidth_mbps": ("Mb/s", "paper: Figs. 2-12 show the 30 Mb/s, 1e-2 cell"),
    "kept_error_rate": ("packet error rate", "paper: Figs. 2-12"),
    "defect_t_end_s": ("s", "the book's horizon of the ns-2 defect runs"),
}


@dataclass(frozen=True)
class Params:
    """Everything a researcher may change, with the paper's values as defaults (see :meth:`table`).

    Attributes
    ----------
    bandwidths_mbps, error_rates : tuple of float
        The grid (paper: 30/45/60 Mb/s; 0, 1e-4, 1e-3, 1e-2).
    strategies : tuple of str
        Strategy names, keys of :data:`STRATEGIES`.
    delay_s : float
        One-way delay of each link (paper: 5 ms).
    queue_limit : int
        Drop-tail queue limit [packets] (ns-2 default 50; the paper keeps defaults).
    loss_start_s : (float, float)
        Loss onset on link 1 and link 2 (paper: 20 s and 40 s).
    frames_per_scene : tuple of int
        Scene lengths (paper: 2116 frames in all).
    frame_rate : float
        Frames per second (paper: 25).
    height, width : int
        Resolution at which the book codes the video (the sizes are scaled to the paper's rates).
    sctp_overrides, tcp_overrides : dict
        Fields to change in every SCTP / TCP configuration (e.g. ``{"receive_buffer": 65536}``).
        The book's configurations are not ns-2's defaults: the SCTP receive window is 256 KiB
        (ns-2: 64 KiB), a SACK is sent per packet (ns-2 delays them by up to 0.2 s) and the
        initial cwnd is 4380 bytes (ns-2: 2 MTU); the chapter's ledger judges ns-2's values beside them.
    delay_average : {"packet", "second"}
        The tables' average delay: over every delivered packet, or the mean of the per-second mean
        delays (seconds of generation, the ``sink`` series of Figs. 2-12).
    lost_slice_rule : {"freeze", "black", "freeze-any"}
        How the decoder treats a lost slice (:meth:`mmperf.coding.svc.CodedVideo.decode`).
    error_model : {"uniform", "none"}
        The links' transmission errors: the paper's uniform loss, or none (an ablation; the error
        rates stay as labels of the cells).
    multi_streaming : bool
        One stream per layer in the Multi strategies; False sends both layers on one stream where
        they share a reliability (the mixed strategies keep two, which one stream cannot carry).
    cmt : bool
        Concurrent multipath transfer in the CMT strategies; False runs them as baseline SCTP.
    t_end_s : float
        The simulation stops at this time [s]; data not delivered by then counts as lost.
    kept_bandwidth_mbps, kept_error_rate : float
        The cell whose per-second series the chapter charts (the paper's Figs. 2-12: 30 Mb/s, 1e-2).
    defect_t_end_s : float
        Horizon of the runs with the modelled ns-2 receiver defect [s].

    Raises
    ------
    ValueError
        For an unknown strategy, a non-positive or non-finite bandwidth, an error rate outside
        [0, 1), a non-positive horizon, a kept cell outside the grid, or an unknown
        ``delay_average``, ``lost_slice_rule`` or ``error_model``.
    TypeError
        If ``multi_streaming`` or ``cmt`` is not a bool.
    """

    bandwidths_mbps: tuple = BANDWIDTHS_MBPS
    error_rates: tuple = ERROR_RATES
    strategies: tuple = tuple(STRATEGIES)
    delay_s: float = 0.005
    queue_limit: int = 50
    loss_start_s: tuple = (20.0, 40.0)
    frames_per_scene: tuple = scenes.PAPER_FRAMES
    frame_rate: float = 25.0
    height: int = 120
    width: int = 160
    sctp_overrides: dict = field(default_factory=dict)
    tcp_overrides: dict = field(default_factory=dict)
    t_end_s: float = 1000.0
    kept_bandwidth_mbps: float = 30.0
    kept_error_rate: float = 1e-2
    defect_t_end_s: float = 300.0
    delay_average: str = "packet"
    lost_slice_rule: str = "freeze"
    error_model: str = "uniform"
    multi_streaming: bool = True
    cmt: bool = True

    def __post_init__(self):
        for s in self.strategies:
            _config(s)
        for name, allowed in (("delay_average", DELAY_AVERAGES), ("lost_slice_rule", svc.LOST_SLICE_RULES),
                              ("error_model", ERROR_MODELS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        for name in ("multi_streaming", "cmt"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {getattr(self, name)!r}")
        if not self.bandwidths_mbps or any(not (np.isfinite(b) and b > 0) for b in self.bandwidths_mbps):
            raise ValueError(f"bandwidths_mbps must be positive finite numbers, got {self.bandwidths_mbps!r}")
        if not self.error_rates or any(not 0 <= e < 1 for e in self.error_rates):
            raise ValueError(f"error_rates must lie in [0, 1), got {self.error_rates!r}")
        for name in ("t_end_s", "defect_t_end_s", "delay_s", "frame_rate"):
            _validate.positive(getattr(self, name), name)
        if self.kept_bandwidth_mbps not in self.bandwidths_mbps or self.kept_error_rate not in self.error_rates:
            raise ValueError(f"kept_bandwidth_mbps, kept_error_rate must be a cell of the grid, got "
                             f"{self.kept_bandwidth_mbps!r}, {self.kept_error_rate!r}")

    def table(self) -> pd.DataFrame:
        """Every knob with its value, unit and source (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)

    def network(self, bandwidth_mbps: float, error_rate: float) -> Network:
        """The two-link network of one grid cell."""
        rate = float(error_rate) if self.error_model == "uniform" else 0.0
        return Network(float(bandwidth_mbps), self.delay_s, self.queue_limit, rate, tuple(self.loss_start_s))

    def config(self, strategy: str):
        """The transport configuration of a strategy, with the overrides applied."""
        cfg = _config(strategy)
        if isinstance(cfg, sctp.SctpConfig):
            if not self.cmt and cfg.cmt:
                names = {f.name for f in fields(cfg)}
                cfg = replace(cfg, **{k: False for k in names if k == "cmt" or k.startswith("cmt_")})
            if not self.multi_streaming and cfg.multi_stream and cfg.reliability[0] == cfg.reliability[1]:
                cfg = replace(cfg, multi_stream=False)
            return replace(cfg, **self.sctp_overrides) if self.sctp_overrides else cfg
        if isinstance(cfg, tcp.TcpConfig) and self.tcp_overrides:
            return replace(cfg, **self.tcp_overrides)
        return cfg


def prepare_video(params: Params | None = None) -> svc.CodedVideo:
    """Generate the four-scene sequence and code it (calibrated once, see :mod:`mmperf.coding.svc`).

    The coding draws no random numbers, so it is computed once per process for each
    (scenes, resolution, frame rate) and shared by every seed.
    """
    params = Params() if params is None else params
    return _video(tuple(params.frames_per_scene), params.height, params.width, float(params.frame_rate))


@functools.lru_cache(maxsize=4)
def _video(frames_per_scene, height, width, frame_rate) -> svc.CodedVideo:
    seq = scenes.four_scenes(frames_per_scene=frames_per_scene, height=height, width=width, frame_rate=frame_rate)
    return svc.encode(seq.frames(), frame_rate=frame_rate)


@dataclass
class Run:
    """One simulated grid cell: the transport result and the decoded video.

    ``delay_average`` is how :meth:`summary` averages the delay: ``"packet"`` over every delivered
    packet, ``"second"`` the mean over the seconds of the per-second mean delays (:meth:`sink`).
    """

    strategy: str
    bandwidth_mbps: float
    error_rate: float
    result: object
    decoded: svc.Decoded
    delay_average: str = "packet"

    def sink(self) -> pd.DataFrame:
        """Per second of sending (generation time): mean delay of the delivered packets [s] (NaN in
        a second with none) and the lost bandwidth [Mb/s], as at the paper's video sink."""
        r = self.result
        bs = r.bin_s
        b = (r.gen_time // bs).astype(int)
        nb = int(b.max()) + 1
        ok = r.delivered
        dsum = np.bincount(b[ok], weights=(r.deliver_time - r.gen_time)[ok], minlength=nb)
        dcnt = np.bincount(b[ok], minlength=nb)
        sizes = self.decoded.video.packets["bytes"].to_numpy()
        lost = np.bincount(b[~ok], weights=sizes[~ok], minlength=nb)
        return pd.DataFrame({"time_s": np.arange(nb) * bs,
                             "delay_s": np.where(dcnt > 0, dsum / np.maximum(dcnt, 1), np.nan),
                             "loss_mbps": lost * 8 / bs / 1e6})

    def average_delay(self) -> float:
        """The run's average delay [s] under :attr:`delay_average` (NaN when nothing was delivered)."""
        if self.delay_average == "second":
            per_s = self.sink()["delay_s"].dropna()
            return float(per_s.mean()) if len(per_s) else np.nan
        d = self.result.delay()
        return float(d.mean()) if d.size else np.nan

    def summary(self) -> dict:
        r = self.result
        lc = r.link_counters
        return {
            "strategy": self.strategy, "bandwidth_mbps": self.bandwidth_mbps, "error_rate": self.error_rate,
            "avg_delay_s": self.average_delay(),
            "psnr_db": float(self.decoded.psnr.mean()),
            "delivered_frac": float(r.delivered.mean()),
            "frozen_frac": float((self.decoded.status == "frozen").mean()),
            "partial_frac": float((self.decoded.status == "partial").mean()),
            "link2_share": float(lc["offered"].iloc[1] / max(lc["offered"].sum(), 1)),
            "queue_drops": int(lc["queue_drops"].sum()), "error_drops": int(lc["error_drops"].sum()),
            "retransmissions": int((r.transmissions - 1).clip(min=0).sum()),
            "abandoned": int(r.abandoned.sum()), "receiver_window_drops": int(r.receiver_window_drops),
            "last_delivery_s": float(r.deliver_time.max()),
        }

    def per_second(self) -> dict[str, pd.DataFrame]:
        """Per-second series of Figs. 2-12: ``links`` (bandwidth, discards per interface),
        ``sink`` (delay, loss bandwidth) and ``psnr``."""
        r = self.result
        bs = r.bin_s
        stats = r.link_stats
        last = int(np.ceil(max(r.end_time, r.gen_time.max()) / bs)) + 1
        last = min(last, stats.shape[1])
        links = []
        for p in range(2):
            links.append(pd.DataFrame({
                "time_s": np.arange(last) * bs, "interface": f"eth{p}",
                "bandwidth_mbps": stats[p, :last, 0] * 8 / bs / 1e6,
                "discards": stats[p, :last, 1] + stats[p, :last, 2]}))
        sink = self.sink()
        ft = self.decoded.frame_table()
        psnr = ft.groupby((ft["time_s"] // bs) * bs)["psnr_db"].mean().rename_axis("time_s").reset_index()
        return {"links": pd.concat(links, ignore_index=True), "sink": sink, "psnr": psnr}


def loss_seed(bandwidth_mbps: float, error_rate: float, *, root: int) -> int:
    """Seed of one grid cell's error-model draws: the same for every strategy of the cell, from the root seed."""
    return int_seed(PAPER, "uniform-loss", f"{float(bandwidth_mbps):g}", f"{float(error_rate):g}", root=root)


def run_one(video: svc.CodedVideo, strategy: str, bandwidth_mbps: float, error_rate: float,
            params: Params | None = None, *, seed: int, trace_events: int = 0, **config_changes) -> Run:
    """Simulate one strategy on one network and decode what arrived.

    Parameters
    ----------
    video : CodedVideo
        From :func:`prepare_video`.
    strategy : str
        Key of :data:`STRATEGIES`.
    bandwidth_mbps, error_rate : float
        The grid cell.
    params : Params, optional
    seed : int
        Root seed: the cell's loss draws come from it (the same for every strategy of the cell).
    trace_events : int, default 0
        For an SCTP or CMT-SCTP strategy, keep the sender's first ``trace_events``
        events in ``run.result.trace`` (see :func:`mmperf.transports.sctp.run`).
    **config_changes
        Extra fields for this run's transport configuration (e.g. ``ns2_rwnd_defect=True``).

    Returns
    -------
    Run

    Raises
    ------
    ValueError
        For an unknown strategy or bad network parameters.
    """
    params = Params() if params is None else params
    cfg = params.config(strategy)
    if config_changes:
        cfg = replace(cfg, **config_changes)
    net = params.network(bandwidth_mbps, error_rate)
    seed = loss_seed(bandwidth_mbps, error_rate, root=seed)
    memo = _memo(video)
    if "schedule" not in memo:
        memo["schedule"] = (video.send_times(), video.packets["bytes"].to_numpy(), video.packets["layer"].to_numpy())
    gen, sizes, layers = memo["schedule"]
    if isinstance(cfg, rtp.RtpConfig):
        res = rtp.run(gen, sizes, layers, net, cfg, seed=seed)
    elif isinstance(cfg, tcp.TcpConfig):
        res = tcp.run(gen, sizes, net, cfg, seed=seed, t_end=params.t_end_s)
    else:
        res = sctp.run(gen, sizes, layers, net, cfg, seed=seed, t_end=params.t_end_s, trace_events=trace_events)
    return Run(strategy, float(bandwidth_mbps), float(error_rate), res,
               video.decode(res.delivered, base_loss=params.lost_slice_rule), params.delay_average)


_MEMOS: dict[int, tuple] = {}


def _memo(obj) -> dict:
    """This process's memo of one object, dropped with it: a coded video's send schedule and
    loss-free runs, a run's :func:`claim_values`."""
    key = id(obj)
    hit = _MEMOS.get(key)
    if hit is not None and hit[0]() is obj:
        return hit[1]
    memo: dict = {}
    _MEMOS[key] = (weakref.ref(obj, lambda _, k=key: _MEMOS.pop(k, None)), memo)
    return memo


def run_grid(video: svc.CodedVideo, params: Params | None = None, *, seed: int, keep=None):
    """Run every strategy on every (bandwidth, error rate) cell.

    A cell without errors (error rate 0) draws nothing from the seed: its runs are the same
    under every root seed, so their summaries are computed once per process (per video and
    ``params``) and reused by the grids of the other seeds.

    Parameters
    ----------
    video : CodedVideo
    params : Params, optional
    seed : int
        Root seed of the loss draws.
    keep : callable, optional
        ``keep(strategy, bandwidth, error_rate) -> bool``: which :class:`Run`
        objects to return in full (by default none; the summaries are always returned).

    Returns
    -------
    summary : pandas.DataFrame
        One row per run (see :meth:`Run.summary`), with a ``table`` column naming the paper's table.
    kept : dict
        ``(strategy, bandwidth, error_rate) -> Run`` for the runs selected by ``keep``.
    """
    params = Params() if params is None else params
    rows, kept = [], {}
    memo = _memo(video)
    for per in params.error_rates:
        for bw in params.bandwidths_mbps:
            for s in params.strategies:
                want = keep is not None and keep(s, float(bw), float(per))
                key = ("loss-free", repr(params), s, float(bw))
                if per == 0 and not want and key in memo:
                    rows.append(dict(memo[key]))
                    continue
                run = run_one(video, s, bw, per, params, seed=seed)
                rows.append(run.summary())
                if per == 0:
                    memo[key] = dict(rows[-1])
                if want:
                    kept[(s, float(bw), float(per))] = run
    summary = pd.DataFrame(rows)
    summary.insert(0, "table", summary["error_rate"].map(lambda e: TABLE_OF_RATE.get(e, "n/a")))
    return summary, kept


def compare_with_paper(summary: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Side by side: paper and book delay and PSNR per cell, with differences.

    ``paper`` is :func:`mmperf.papers.table` ``("ortiz2013", "results")``.
    """
    p = paper.pivot_table(index=["strategy", "bandwidth_mbps", "error_rate"], columns="metric",
                          values="value").reset_index()
    p = p.rename(columns={"avg_delay": "paper_delay_s", "psnr_y": "paper_psnr_db"})
    b = summary[["strategy", "bandwidth_mbps", "error_rate", "avg_delay_s", "psnr_db"]].rename(
        columns={"avg_delay_s": "book_delay_s", "psnr_db": "book_psnr_db"})
    m = p.merge(b, on=["strategy", "bandwidth_mbps", "error_rate"], how="inner")
    m["delay_log10_ratio"] = np.log10(m["book_delay_s"] / m["paper_delay_s"])
    m["psnr_diff_db"] = m["book_psnr_db"] - m["paper_psnr_db"]
    order = {s: i for i, s in enumerate(STRATEGIES)}
    m["_o"] = m["strategy"].map(order)
    return m.sort_values(["error_rate", "_o", "bandwidth_mbps"]).drop(columns="_o").reset_index(drop=True)


def side_by_side(comparison: pd.DataFrame, error_rate: float, quantity: str | None = None) -> pd.DataFrame:
    """One of Tables 2-5 laid out like the paper, book beside paper, for one error rate.

    Columns: (bandwidth, quantity) with quantities paper/book delay [s] and paper/book PSNR [dB];
    ``quantity="delay"`` or ``"psnr"`` keeps one of them (half as wide: fits a text column).

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
    w = c.pivot(index="strategy", columns="bandwidth_mbps", values=list(cols))
    w = w.rename(columns=cols, level=0).swaplevel(0, 1, axis=1).sort_index(axis=1, level=0, sort_remaining=False)
    w.columns = pd.MultiIndex.from_tuples([(f"{b:g} Mb/s", q) for b, q in w.columns])
    order = [s for s in STRATEGIES if s in w.index]
    return w.loc[order, [(f"{b:g} Mb/s", q) for b in sorted(c["bandwidth_mbps"].unique()) for q in cols.values()]]


FULL_PSNR_EPS_DB = 1e-6
"""Two PSNRs closer than this [dB] are the same decode (the comparative claims' tie)."""


def _cells(summary, rates=None):
    s = summary if rates is None else summary[summary["error_rate"].isin(rates)]
    return s.groupby(["bandwidth_mbps", "error_rate"], sort=True)


def claim_values(summary: pd.DataFrame) -> dict[str, float]:
    """The book's side of the paper's comparative claims, computed from a grid summary.

    Each value is the fraction of the grid cells (bandwidth x error rate) in
    which the claimed ordering holds; see the chapter for the quotes.
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
    """Fractions of Tables 2-5 cells where the book agrees with the paper.

    PSNR agrees within ``psnr_db``; delay within a factor ``delay_factor`` or
    ``delay_abs_s`` (whichever is looser).
    """
    c = comparison
    psnr = float((c["psnr_diff_db"].abs() <= psnr_db).mean())
    delay = float(((c["delay_log10_ratio"].abs() <= np.log10(delay_factor)) |
                   ((c["book_delay_s"] - c["paper_delay_s"]).abs() < delay_abs_s)).mean())
    return {"psnr": psnr, "delay": delay}


PSNR_GROUPS = ("below-full", "full-transport", "full-reliable")
"""The PSNR cells of Tables 2-5, split on the paper's value alone (:func:`split_cells`)."""
DELAY_GROUPS = ("above-floor", "floor-transport", "floor-rtp")
"""The delay cells of Tables 2-5, split on the paper's value alone (:func:`split_cells`)."""


def is_reliable(strategy: str) -> bool:
    """Whether a strategy retransmits every loss of both layers (TCP and the reliable SCTP/CMT strategies)."""
    cfg = _config(strategy)
    return isinstance(cfg, tcp.TcpConfig) or (isinstance(cfg, sctp.SctpConfig) and cfg.reliability == (R, R))


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

    The cells are grouped by :func:`split_cells` (``margin_db``, ``delay_floor_s``: on the paper's
    value alone) and each group is judged by :func:`table_agreement` (``psnr_db``,
    ``delay_factor``, ``delay_abs_s``).

    Returns
    -------
    pandas.DataFrame
        One row per (metric, group): ``metric`` (``"psnr"`` or ``"delay"``), ``group``
        (:data:`PSNR_GROUPS` or :data:`DELAY_GROUPS`), ``cells``, ``agree`` and ``fraction`` (NaN
        for an empty group).
    """
    c = split_cells(comparison, margin_db=margin_db, delay_floor_s=delay_floor_s)
    rows = []
    for metric, groups in (("psnr", PSNR_GROUPS), ("delay", DELAY_GROUPS)):
        for group in groups:
            sub = c[c[f"{metric}_group"] == group]
            frac = (table_agreement(sub, psnr_db=psnr_db, delay_factor=delay_factor, delay_abs_s=delay_abs_s)[metric]
                    if len(sub) else np.nan)
            rows.append({"metric": metric, "group": group, "cells": int(len(sub)),
                         "agree": int(round(frac * len(sub))) if len(sub) else 0, "fraction": frac})
    return pd.DataFrame(rows)


FIGURE_OF = {s: i + 2 for i, s in enumerate(STRATEGIES)}
"""The paper's figure of each strategy's 30 Mb/s, 1e-2 mosaic (Fig. 2 CMTMultiReliable ... Fig. 12 TCP)."""


def figure_references(paper_results: pd.DataFrame, figures: pd.DataFrame, params: Params | None = None) -> pd.DataFrame:
    """What the paper states for each panel of Figs. 2-12, as reference values beside the book's series.

    The figures are images that did not survive the text extraction, so their curves cannot be
    read; what remains is the Tables 2-5 value of the figures' cell (30 Mb/s, 1e-2 by default:
    the average delay and PSNR-Y over the run) and the few numbers the text states about the
    figures (``data/papers/ortiz2013/figures.csv``: congestion up to 20 s, the receiver stopping at
    about the middle of the sequence in Figs. 6, 7 and 9).

    Parameters
    ----------
    paper_results : pandas.DataFrame
        :func:`mmperf.papers.table` ``("ortiz2013", "results")``.
    figures : pandas.DataFrame
        :func:`mmperf.papers.table` ``("ortiz2013", "figures")``.
    params : Params, optional
        The kept cell (``kept_bandwidth_mbps``, ``kept_error_rate``), the strategies and the
        sequence (frames, frame rate) that turns "the middle of the simulation" into seconds.

    Returns
    -------
    pandas.DataFrame
        One row per strategy and reference: ``strategy``, ``figure``, ``quantity``
        (``avg_delay_s``, ``psnr_db``, ``congestion_until_s``, ``receiver_stops_s``),
        ``value`` and ``source``.

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
    """The book's network as the nodes and links of the paper's Fig. 1, for a node-link diagram.

    Sender and receiver are each a core node (the transport agent with the video source or
    sink) and two interface nodes, as in the paper's ns-2 scenario; two duplex links join the
    interfaces, each with its bandwidth, delay, drop-tail limit and uniform loss from its onset.

    Parameters
    ----------
    params : Params, optional
    bandwidth_mbps : float, optional
        The link bandwidth to label (default: every bandwidth of the grid, e.g. "30/45/60 Mb/s").

    Returns
    -------
    nodes : pandas.DataFrame
        ``node``, ``label`` (lines separated by ``"\\n"``), ``role`` (core or interface), ``x``, ``y``
        (diagram coordinates, 0-100).
    links : pandas.DataFrame
        ``source``, ``target``, ``kind`` (internal or link), ``label`` and the coordinates
        ``x``, ``y``, ``x2``, ``y2``.
    """
    params = Params() if params is None else params
    bws = params.bandwidths_mbps if bandwidth_mbps is None else (_validate.positive(bandwidth_mbps, "bandwidth_mbps"),)
    bw = "/".join(f"{b:g}" for b in bws)
    nodes = pd.DataFrame([
        ("sender", "sender (core node)\nvideo source +\ntransport agent", "core", 10, 50),
        ("s0", "eth0", "interface", 35, 80), ("s1", "eth1", "interface", 35, 20),
        ("r0", "eth0", "interface", 65, 80), ("r1", "eth1", "interface", 65, 20),
        ("receiver", "receiver (core node)\ntransport agent +\nvideo sink", "core", 90, 50),
    ], columns=["node", "label", "role", "x", "y"])
    links = [("sender", "s0", "internal", ""), ("sender", "s1", "internal", ""),
             ("r0", "receiver", "internal", ""), ("r1", "receiver", "internal", "")]
    for i, (a, b) in enumerate((("s0", "r0"), ("s1", "r1"))):
        links.append((a, b, "link", f"link {i + 1}: {bw} Mb/s, {1000 * params.delay_s:g} ms, drop-tail "
                                    f"{params.queue_limit}; uniform loss from {params.loss_start_s[i]:g} s"))
    links = pd.DataFrame(links, columns=["source", "target", "kind", "label"])
    xy = nodes.set_index("node")[["x", "y"]]
    links[["x", "y"]] = xy.loc[links["source"]].to_numpy()
    links[["x2", "y2"]] = xy.loc[links["target"]].to_numpy()
    return nodes, links


DEFECT_STRATEGIES = ("SCTPUnreliable", "SCTPMultiUnreliable", "SCTPMultiMixed")
"""The unreliable strategies run again with the modelled ns-2 receiver defect."""

SENSITIVITY_STRATEGIES = ("RTP", "RTPMulti", "SCTPUnreliable")
"""Strategies whose PSNR under heavy loss is decoded with every lost-slice rule."""

PANEL_STRATEGIES = ("CMTMultiReliable", "SCTPUnreliable", "RTPMulti", "RTP")
"""Strategies whose decoded frame the chapter shows side by side."""


def frames_panel(video: svc.CodedVideo, kept: dict, *, bandwidth_mbps: float, error_rate: float) -> tuple[int, dict]:
    """A frame where RTP froze and RTPMulti showed a partial picture, as each strategy displays it.

    Returns the frame index and a dict of titled images (uint8), the original first and RTP's
    packets decoded with black concealment last.
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
    black = video.decode(cell("RTP").result.delivered, base_loss="black")
    panels[f"RTP, black concealment: {black.psnr[t_show]:.1f} dB"] = black.image(t_show)
    return t_show, panels


def run(params: Params | None = None, *, seed: int, workers: int = 1) -> Results:
    """Run every experiment of the chapter under one root seed.

    The video coding draws nothing (computed once per process); the loss draws of every
    grid cell and of the defect runs come from ``seed``.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract (seeds are spread over processes by
        :func:`mmperf.verdicts.run_seeds`).

    Returns
    -------
    mmperf.results.Results
        Tables ``video`` (the coded video's quantities), ``video_rates`` (per second and layer),
        ``summary`` (one row per run of the grid), ``comparison`` (paper beside book per cell),
        ``links``, ``sink``, ``psnr_series`` (per second, the kept cell, every strategy),
        ``frame_status``, ``decoder_sensitivity`` and ``ns2_defect``; values ``t_show`` and
        ``frames_panel`` (titled images of one frame).

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
    links, sink, psnr = [], [], []
    for s in params.strategies:
        ps = kept[(s, kb, ke)].per_second()
        links.append(ps["links"].assign(strategy=s))
        sink.append(ps["sink"].assign(strategy=s))
        psnr.append(ps["psnr"].assign(strategy=s))
    status = pd.concat([pd.Series(kept[(s, kb, ke)].decoded.status).value_counts(normalize=True).rename(s)
                        for s in params.strategies], axis=1).T.reindex(columns=["full", "partial", "frozen"]).fillna(0.0)
    sens = []
    for bw in params.bandwidths_mbps:
        for s in SENSITIVITY_STRATEGIES:
            r = kept[(s, float(bw), ke)]
            sens.append({"strategy": s, "bandwidth_mbps": float(bw),
                         **{f"psnr_{rule.replace('-', '_')}_db": float(video.decode(r.result.delivered, base_loss=rule).psnr.mean())
                            for rule in ("freeze", "black", "freeze-any")}})
    defect = pd.DataFrame([
        {"strategy": s, **run_one(video, s, kb, ke, replace(params, t_end_s=params.defect_t_end_s), seed=seed,
                                  ns2_rwnd_defect=True).summary()} for s in DEFECT_STRATEGIES])
    rates = video.rates()
    per_s = rates.pivot(index="time_s", columns="layer", values="rate_mbps")
    total = per_s["base"] + per_s["enhancement"]
    t_show, panel = frames_panel(video, kept, bandwidth_mbps=kb, error_rate=ke)
    tables = {
        "video": pd.DataFrame({"quantity": ["base_rate_mbps", "total_rate_mbps", "peak_rate_mbps", "psnr_full_db",
                                            "psnr_base_db", "packets", "duration_s"],
                               "value": [float(per_s["base"].mean()), float(total.mean()), float(total.max()),
                                         float(video.psnr_full().mean()), float(video.psnr_base().mean()),
                                         float(video.n_packets), video.n_frames / video.frame_rate]}),
        "video_rates": rates,
        "summary": summary,
        "comparison": compare_with_paper(summary, table(PAPER, "results")),
        "links": pd.concat(links, ignore_index=True),
        "sink": pd.concat(sink, ignore_index=True),
        "psnr_series": pd.concat(psnr, ignore_index=True),
        "frame_status": (100 * status).rename(columns=lambda c: f"{c}_pct").rename_axis("strategy").reset_index(),
        "decoder_sensitivity": pd.DataFrame(sens),
        "ns2_defect": defect,
    }
    descriptions = {
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
    return Results(PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions,
                   values={"t_show": t_show, "frames_panel": panel})
