"""Ortiz, Martinez Gracia & Skarmeta (2013), SCTP as a transport for scalable video.

The paper's contract (the same for every paper of the book):

* :class:`Params`: every knob, the paper's set-up as defaults (``Params().table()``);
* :func:`run` ``(params, *, seed, workers=1) -> Results``: every experiment under one root seed;
* :data:`CLAIMS`: the paper's claims as data, judged over seeds by :func:`mmperf.verdicts.judge`.

The strategies, the grid and the helpers the chapter charts with are in :mod:`.model`; ns-2's own
run of the paper's configuration (committed evidence, read only) in :mod:`.ns2`.

Examples
--------
>>> from mmperf.experiments import ortiz2013 as ex
>>> sorted(ex.STRATEGIES)[:2]
['CMTMultiMixed', 'CMTMultiReliable']
"""

from mmperf.experiments._contract import Chapter
from mmperf.experiments.ortiz2013.claims import ABLATIONS, ASSUMPTIONS, CLAIMS
from mmperf.experiments.ortiz2013.model import (
    BANDWIDTHS_MBPS,
    DEFECT_STRATEGIES,
    ERROR_RATES,
    FIGURE_OF,
    PAPER,
    SENSITIVITY_STRATEGIES,
    STRATEGIES,
    TABLE_OF_RATE,
    Params,
    Run,
    claim_values,
    compare_with_paper,
    figure_references,
    frames_panel,
    prepare_video,
    run,
    run_grid,
    run_one,
    side_by_side,
    split_agreement,
    split_cells,
    strategy_table,
    table_agreement,
    topology,
    transport_of,
)
from mmperf.experiments.ortiz2013.ns2 import ns2_ordered, ns2_ordered_series, ns2_stop_share

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CHAPTERS", "BANDWIDTHS_MBPS", "CLAIMS", "DEFECT_STRATEGIES", "ERROR_RATES", "FIGURE_OF", "PAPER", "Params", "Run",
           "SENSITIVITY_STRATEGIES", "STRATEGIES", "TABLE_OF_RATE", "claim_values", "compare_with_paper",
           "figure_references", "frames_panel", "ns2_ordered", "ns2_ordered_series", "ns2_stop_share",
           "prepare_video", "run", "run_grid", "run_one", "side_by_side", "split_agreement", "split_cells",
           "strategy_table", "table_agreement", "topology", "transport_of"]

CHAPTERS = (
    Chapter(key="ortiz2013", paper="ortiz2013", title="Ortiz et al.: SCTP as a transport for scalable video", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="simulation"),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
