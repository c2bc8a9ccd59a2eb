"""Claypool, Habermann & Riedl (1998): jitter under processor load, priorities and network load (two chapters).

The paper has two chapters in the book's registry (:data:`CHAPTERS`), each on the common contract:

* the jitter chapter (Secs. 3-6, :mod:`.jitter_chapter`): :class:`Params`, :func:`run`, :data:`CLAIMS`;
* the quality chapter (Secs. 7-9, :mod:`.quality_chapter`): :class:`QualityParams`,
  :func:`run_quality`, :data:`QUALITY_CLAIMS`.

The grid, the configurations and the analyses both chapters share are in :mod:`.model`.
"""

from mmperf.experiments._contract import Chapter
from mmperf.experiments.claypool1998.jitter_chapter import ABLATIONS, ASSUMPTIONS, CLAIMS, Params, run
from mmperf.experiments.claypool1998.model import (
    NETWORKS, PAPER, REPS, N_PACKETS, SETUP, PAPER_SPECINT92, SPECINT92, CPUS, TS_POLICY, SCHEDULER,
    WORKSTATIONS, PARAMETERS, Environment, ENVIRONMENTS, QUIET_CLUSTER, RunConfig, trace, traces,
    reported_load, grid, TABLE4_HOGS, table4_grid, run_points, runs, table2_comparison,
    closest_approach, example_traces, REFLECTION_HOGS, reflection_configs, environment_configs,
    network_configs, CONFERENCE, SYSTEMS, FIG19_USERS, FIG19_SPECS, FIG19_MBPS, FIG20_USERS,
    FIG21_USERS, FIG21_LOADS, QUALITY_REPS, TABLE4_REPS, PROJECTION, PROJECTION_YEARS,
    NO_BUFFER_TICK_US, QUALITY_PARAMETERS, table4, fig19, fig20, fig21, bottleneck, projection,
    no_buffer_threshold, FIG16_CONFIG, what_if_grid, TABLE4_READINGS, paper_table4, paper_noise,
    table4_fig13_r, table4_readings,
)
from mmperf.experiments.claypool1998.model import __all__ as _MODEL_NAMES
from mmperf.experiments.claypool1998.quality_chapter import (
    QUALITY_ABLATIONS, QUALITY_ASSUMPTIONS, QUALITY_CLAIMS, QualityParams, run_quality,
)

CHAPTERS = (
    Chapter(key="claypool1998-jitter", paper="claypool1998", title="Claypool et al.: jitter", Params=Params, run=run,
            claims=CLAIMS, assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="measurement"),
    Chapter(key="claypool1998-quality", paper="claypool1998", title="Claypool et al.: quality and capacity planning",
            Params=QualityParams, run=run_quality, claims=QUALITY_CLAIMS, assumptions=QUALITY_ASSUMPTIONS,
            ablations=QUALITY_ABLATIONS, evidence="analysis"),
)
"""The paper's two chapters, in the book's order."""

__all__ = ["CHAPTERS", "CLAIMS", "Params", "QUALITY_CLAIMS", "QualityParams", "run", "run_quality", *_MODEL_NAMES]
