"""The chapter's parameters: every knob, the paper's set-up (:mod:`.paper`) as defaults.

Examples
--------
>>> from mmperf.experiments.ortiz2013.params import Params
>>> Params().network(30.0, 1e-2).loss_rate
0.01
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.experiments.ortiz2013 import paper
from mmperf.metrics.delivery import DELAY_AVERAGES
from mmperf.networks.packetsim import Network
from mmperf.results import params_table
from mmperf.transports import sctp, tcp

__all__ = ["ERROR_MODELS", "TCP_SSTHRESH_RULES", "Params"]

ERROR_MODELS = ("uniform", "none")
"""The links' transmission errors: the paper's uniform loss, or none (the ablation)."""

TCP_SSTHRESH_RULES = ("ns2", "rfc5681")
"""TCP's ssthresh after a loss: ns-2.35 FullTcp's half of min(cwnd, window) in whole segments (the paper's
simulator), or RFC 5681's half of the flight size (:class:`mmperf.transports.tcp.TcpConfig`'s
``ssthresh_whole_segments`` True and False)."""

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
                            "0.2 s; ns-2's initial cwnd is 4380 bytes too): see the assumption ledger"),
    "tcp_overrides": ("-", "none: the book's TCP configuration (64 KiB window, initial window 2 segments, "
                           "RTO 3 s initial, 0.2 s minimum)"),
    "tcp_ssthresh": ("-", "'ns2': ns-2.35 FullTcp's rule, the paper's simulator (tcp.cc TcpAgent::slowdown, half "
                          "of min(cwnd, window) in whole segments); 'rfc5681' (half the flight size): see the ledger"),
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
    """Everything a researcher may change, with the paper's values as defaults: :meth:`table` lists each
    knob with its unit and source.

    Parameters
    ----------
    bandwidths_mbps, error_rates : tuple of float
        The grid (paper: 30/45/60 Mb/s; 0, 1e-4, 1e-3, 1e-2).
    strategies : tuple of str
        Keys of :data:`.paper.STRATEGIES`.
    delay_s, queue_limit, loss_start_s : float, int, (float, float)
        Each link's one-way delay [s], drop-tail limit [packets] and loss onsets on links 1 and 2 [s].
    frames_per_scene, frame_rate, height, width : tuple of int, float, int, int
        The test sequence: scene lengths, frames per second and the coding resolution [pixels].
    sctp_overrides, tcp_overrides : dict
        Fields changed in every SCTP / TCP configuration (e.g. ``{"receive_buffer": 65536}``).
    t_end_s, defect_t_end_s : float
        Horizon of the grid's runs and of the modelled ns-2 defect runs [s].
    kept_bandwidth_mbps, kept_error_rate : float
        The cell whose per-second series are charted (Figs. 2-12).
    delay_average, lost_slice_rule, error_model, tcp_ssthresh : str
        :data:`mmperf.metrics.delivery.DELAY_AVERAGES`, :data:`mmperf.coding.svc.LOST_SLICE_RULES`,
        :data:`ERROR_MODELS`, :data:`TCP_SSTHRESH_RULES` (readings and an ablation of the ledger).
    multi_streaming, cmt : bool
        One stream per layer, and CMT, in the strategies that have them (False: the ablations).

    Raises
    ------
    ValueError
        For an unknown strategy, a non-positive or non-finite bandwidth, an error rate outside
        [0, 1), a non-positive horizon, a kept cell outside the grid, or an unknown
        ``delay_average``, ``lost_slice_rule``, ``error_model`` or ``tcp_ssthresh``.
    TypeError
        If ``multi_streaming`` or ``cmt`` is not a bool.
    """

    bandwidths_mbps: tuple = paper.BANDWIDTHS_MBPS
    error_rates: tuple = paper.ERROR_RATES
    strategies: tuple = tuple(paper.STRATEGIES)
    delay_s: float = paper.LINK_DELAY_S
    queue_limit: int = paper.QUEUE_LIMIT
    loss_start_s: tuple = paper.LOSS_START_S
    frames_per_scene: tuple = paper.FRAMES_PER_SCENE
    frame_rate: float = paper.FRAME_RATE
    height: int = 120
    width: int = 160
    sctp_overrides: dict = field(default_factory=dict)
    tcp_overrides: dict = field(default_factory=dict)
    t_end_s: float = 1000.0
    kept_bandwidth_mbps: float = paper.KEPT_CELL[0]
    kept_error_rate: float = paper.KEPT_CELL[1]
    defect_t_end_s: float = 300.0
    delay_average: str = "packet"
    lost_slice_rule: str = "freeze"
    error_model: str = "uniform"
    tcp_ssthresh: str = "ns2"
    multi_streaming: bool = True
    cmt: bool = True

    def __post_init__(self):
        for s in self.strategies:
            paper.config_of(s)
        for name, allowed in (("delay_average", DELAY_AVERAGES), ("lost_slice_rule", svc.LOST_SLICE_RULES),
                              ("error_model", ERROR_MODELS), ("tcp_ssthresh", TCP_SSTHRESH_RULES)):
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
        cfg = paper.config_of(strategy)
        if isinstance(cfg, sctp.SctpConfig):
            if not self.cmt and cfg.cmt:
                names = {f.name for f in fields(cfg)}
                cfg = replace(cfg, **{k: False for k in names if k == "cmt" or k.startswith("cmt_")})
            if not self.multi_streaming and cfg.multi_stream and cfg.reliability[0] == cfg.reliability[1]:
                cfg = replace(cfg, multi_stream=False)
            return replace(cfg, **self.sctp_overrides) if self.sctp_overrides else cfg
        if isinstance(cfg, tcp.TcpConfig):
            cfg = replace(cfg, ssthresh_whole_segments=self.tcp_ssthresh == "ns2")
            return replace(cfg, **self.tcp_overrides) if self.tcp_overrides else cfg
        return cfg

