"""Claypool, Habermann & Riedl (1998): jitter under processor load, priorities and network load (two chapters).

The paper has two chapters in the book's registry (:data:`CHAPTERS`), each on the common contract: the jitter
chapter (Secs. 3-6: :class:`Params`, :func:`run`, :data:`CLAIMS`) and the quality chapter (Secs. 7-9:
:class:`QualityParams`, :func:`run_quality`, :data:`QUALITY_CLAIMS`). The set-up the paper states is in
:mod:`.paper`, the parameters in :mod:`.params`, the experiments in :mod:`.model`, the claims and ledgers in
:mod:`.claims`.
"""

from mmperf.chapter import Chapter
from mmperf.experiments.claypool1998.claims import (
    ABLATIONS, ASSUMPTIONS, CLAIMS, QUALITY_ABLATIONS, QUALITY_ASSUMPTIONS, QUALITY_CLAIMS)
from mmperf.experiments.claypool1998.model import (
    FIG16_CONFIG, RunConfig, example_traces, grid, network_configs, paper_table4, run, run_points, run_quality,
    table2_comparison, table4_fig13_r, table4_readings, trace, traces, what_if_grid)
from mmperf.experiments.claypool1998.paper import (
    CPUS, NETWORKS, PAPER, PAPER_SPECINT92, SETUP, WORKSTATIONS)
from mmperf.experiments.claypool1998.params import (
    CONFERENCE, ENVIRONMENTS, PARAMETERS, QUALITY_PARAMETERS, REPS, SCHEDULER, SPECINT92, SYSTEMS, TS_POLICY, Params,
    QualityParams)

CHAPTERS = (
    Chapter(key="claypool1998-jitter", paper="claypool1998", title="Claypool et al.: jitter", Params=Params, run=run,
            claims=CLAIMS, assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="measurement"),
    Chapter(key="claypool1998-quality", paper="claypool1998", title="Claypool et al.: quality and capacity planning",
            Params=QualityParams, run=run_quality, claims=QUALITY_CLAIMS, assumptions=QUALITY_ASSUMPTIONS,
            ablations=QUALITY_ABLATIONS, evidence="analysis"),
)
"""The paper's two chapters, in the book's order."""

__all__ = [
    "CHAPTERS", "CLAIMS", "QUALITY_CLAIMS", "Params", "QualityParams", "run", "run_quality", "PAPER", "SETUP",
    "PAPER_SPECINT92", "SPECINT92", "CPUS", "TS_POLICY", "SCHEDULER", "WORKSTATIONS", "NETWORKS", "ENVIRONMENTS", "REPS",
    "PARAMETERS", "QUALITY_PARAMETERS", "CONFERENCE", "SYSTEMS", "RunConfig", "trace", "traces", "grid", "run_points",
    "table2_comparison", "example_traces", "network_configs", "FIG16_CONFIG", "what_if_grid", "paper_table4",
    "table4_fig13_r", "table4_readings",
]
