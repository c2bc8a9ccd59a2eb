"""What Ortiz, Martinez Gracia & Skarmeta (2013) state about their set-up (inputs, never results).

Section names are the paper's ("Evaluation scenarios", "Evaluation results"); its numbers for
the results are in ``data/papers/ortiz2013`` and are never an input.

Examples
--------
>>> from mmperf.experiments.ortiz2013 import paper
>>> sorted(paper.STRATEGIES)[:2]
['CMTMultiMixed', 'CMTMultiReliable']
"""

from __future__ import annotations

import pandas as pd

from mmperf.media import scenes
from mmperf.transports import rtp, sctp, tcp

__all__ = ["BANDWIDTHS_MBPS", "ERROR_RATES", "FIGURE_OF", "FRAMES_PER_SCENE", "FRAME_RATE", "KEPT_CELL", "LINK_DELAY_S",
           "LOSS_START_S", "PAPER", "QUEUE_LIMIT", "STRATEGIES", "TABLE_OF_RATE", "config_of", "is_reliable",
           "strategy_table", "transport_of"]

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
"""The eleven strategies (Table 1 and the list in "Evaluation scenarios"), in the tables' order."""

BANDWIDTHS_MBPS = (30.0, 45.0, 60.0)  # Evaluation scenarios: 30, 45 and 60 Mb/s links
ERROR_RATES = (0.0, 1e-4, 1e-3, 1e-2)  # Tables 2-5: no error, uniform 1e-4, 1e-3, 1e-2
TABLE_OF_RATE = {0.0: "Table 2", 1e-4: "Table 3", 1e-3: "Table 4", 1e-2: "Table 5"}
LINK_DELAY_S = 0.005  # Evaluation scenarios: 5 ms links (Fig. 1)
QUEUE_LIMIT = 50  # ns-2's drop-tail default: "we left most of the parameters ... default"
LOSS_START_S = (20.0, 40.0)  # Evaluation scenarios: loss from 20 s on link 1, 40 s on link 2
FRAMES_PER_SCENE = scenes.PAPER_FRAMES  # Evaluation scenarios: four scenes, 2116 frames
FRAME_RATE = 25.0  # Evaluation scenarios: 25 frames per second
KEPT_CELL = (30.0, 1e-2)  # Figs. 2-12: the 30 Mb/s, 1e-2 cell, per second
FIGURE_OF = {s: i + 2 for i, s in enumerate(STRATEGIES)}
"""Figs. 2-12: each strategy's 30 Mb/s, 1e-2 mosaic (Fig. 2 CMTMultiReliable ... Fig. 12 TCP)."""


def config_of(strategy: str):
    """A strategy's transport configuration (:data:`STRATEGIES`).

    Parameters
    ----------
    strategy : str
        A key of :data:`STRATEGIES`.

    Returns
    -------
    RtpConfig, TcpConfig or SctpConfig

    Raises
    ------
    ValueError
        For an unknown strategy.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {list(STRATEGIES)}, got {strategy!r}")
    return STRATEGIES[strategy]


def transport_of(strategy: str) -> str:
    """The transport a strategy runs on: ``"rtp"``, ``"tcp"``, ``"sctp"`` or ``"cmt-sctp"``.

    Parameters
    ----------
    strategy : str
        One of the eleven names.

    Returns
    -------
    str
    """
    cfg = config_of(strategy)
    if isinstance(cfg, rtp.RtpConfig):
        return "rtp"
    if isinstance(cfg, tcp.TcpConfig):
        return "tcp"
    return "cmt-sctp" if cfg.cmt else "sctp"


def is_reliable(strategy: str) -> bool:
    """Whether a strategy retransmits every loss of both layers.

    Parameters
    ----------
    strategy : str
        Its name in Table 1.

    Returns
    -------
    bool
        True for TCP and the reliable SCTP/CMT strategies.
    """
    cfg = config_of(strategy)
    return isinstance(cfg, tcp.TcpConfig) or (isinstance(cfg, sctp.SctpConfig) and cfg.reliability == (R, R))


def strategy_table() -> pd.DataFrame:
    """Table 1 as derived from the configurations: multi-streaming and reliability flags.

    Returns
    -------
    pandas.DataFrame
        Tidy: ``strategy``, ``feature`` (``multi_streaming``, ``reliable``, ``unreliable``, ``mixed``), ``value`` (0/1).
    """
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
