"""Ortiz, Martinez Gracia & Skarmeta (2013), SCTP as a transport for scalable video.

The paper's contract (the same for every paper of the book): :mod:`.paper` (what the paper
states about its set-up), :class:`Params` (:mod:`.params`), :func:`run` (:mod:`.model`,
composition only) and :data:`CLAIMS`, :data:`ASSUMPTIONS`, :data:`ABLATIONS` (:mod:`.claims`);
ns-2's own run of the paper's configuration (committed evidence, read only) in :mod:`.ns2`.

Examples
--------
>>> from mmperf.experiments import ortiz2013 as ex
>>> sorted(ex.STRATEGIES)[:2]
['CMTMultiMixed', 'CMTMultiReliable']
"""

from mmperf.chapter import Chapter
from mmperf.experiments.ortiz2013.claims import (
    ABLATIONS,
    ASSUMPTIONS,
    CLAIMS,
    claim_values,
    split_agreement,
    split_cells,
    table_agreement,
)
from mmperf.experiments.ortiz2013.model import (
    DEFECT_STRATEGIES,
    SENSITIVITY_STRATEGIES,
    compare_with_paper,
    figure_references,
    frames_panel,
    prepare_video,
    run,
    run_grid,
    run_one,
    side_by_side,
    topology,
)
from mmperf.experiments.ortiz2013.ns2 import ns2_ordered, ns2_ordered_series, ns2_stop_share
from mmperf.experiments.ortiz2013.paper import (
    BANDWIDTHS_MBPS,
    ERROR_RATES,
    FIGURE_OF,
    PAPER,
    STRATEGIES,
    TABLE_OF_RATE,
    is_reliable,
    strategy_table,
    transport_of,
)
from mmperf.experiments.ortiz2013.params import Params

__all__ = ["ABLATIONS", "ASSUMPTIONS", "BANDWIDTHS_MBPS", "CHAPTERS", "CLAIMS", "DEFECT_STRATEGIES", "ERROR_RATES",
           "FIGURE_OF", "PAPER", "Params", "SENSITIVITY_STRATEGIES", "STRATEGIES", "TABLE_OF_RATE", "claim_values",
           "compare_with_paper", "figure_references", "frames_panel", "is_reliable", "ns2_ordered",
           "ns2_ordered_series", "ns2_stop_share", "prepare_video", "run", "run_grid", "run_one", "side_by_side",
           "split_agreement", "split_cells", "strategy_table", "table_agreement", "topology", "transport_of"]

CHAPTERS = (
    Chapter(key="ortiz2013", paper="ortiz2013", title="Ortiz et al.: SCTP as a transport for scalable video",
            Params=Params, run=run, claims=CLAIMS, assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="simulation"),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
