"""Chodorek & Chodorek (2018): HD video against TCP on a 1 Gb/s link, four QoS scenarios.

The paper's contract (the same for every paper of the book):

* :class:`Params`: every knob, the paper's set-up as defaults (``Params().table()``);
* :func:`run` ``(params, *, seed, workers=1) -> Results``: every experiment under one root seed
  (:func:`judging_runs`: the runs the chapter judges its claims on, one per judging seed;
  :func:`committed_run`: a seed's committed packet grid without the fluid model);
* :data:`CLAIMS`: the paper's claims as data, judged over seeds by :func:`mmperf.verdicts.judge`.

The grid is 4 scenarios x N = 1..10 video streams x K = 0..10 TCP flows x 20
replications of 152 s (Sec. IV.E, V); the set-up the paper states is in :mod:`.paper`. Calibrated per
seed on the packet model (:func:`.packet.calibrate`, see the chapter): the buffer (the smallest
candidate that keeps every K = 0 run at PER 0.00 %) and the base RTT (s1, K = 1, N = 1 utilization
83.4 %); the stream's mean wire rate (63 Mb/s, Table II K = 0, N = 1) is fixed in :class:`Params`.
The mechanisms are in :mod:`mmperf.networks.shared_bottleneck` (packets), :mod:`mmperf.networks.bottleneck`
and :mod:`mmperf.networks.admission` (fluid), :mod:`mmperf.networks.policing` (the policer's inputs),
:mod:`mmperf.networks.calibration` (the searches), :mod:`mmperf.media.hdvideo`, :mod:`mmperf.media.excerpt` and
:mod:`mmperf.media.multistream` (the streams), :mod:`mmperf.metrics.surrogate` (fluid against packets) and
:mod:`mmperf.gridrun` (the resumable packet grid on Dask).
"""

from mmperf.chapter import Chapter
from mmperf.experiments.chodorek2018.claims import ABLATIONS, ASSUMPTIONS, CLAIMS, PAPER_VALUES, claim_values, in_corner
from mmperf.experiments.chodorek2018.model import (
    METRICS,
    PAPER,
    SENSITIVITY_CELLS,
    all_arrivals,
    audit_run,
    buffer_sensitivity,
    committed_run,
    compare,
    declared_statistics,
    grid,
    judging_runs,
    one_stream,
    paper_consistency,
    paper_tables,
    reservations,
    run,
    run_cell,
    run_grid,
    stream_statistics,
    summarize,
    video_arrivals,
    window_rates,
)
from mmperf.experiments.chodorek2018.params import SCENARIOS, Params

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CHAPTERS", "CLAIMS", "METRICS", "PAPER", "PAPER_VALUES", "Params", "SCENARIOS", "SENSITIVITY_CELLS", "all_arrivals",
           "buffer_sensitivity", "claim_values", "committed_run", "compare", "declared_statistics", "grid", "in_corner",
           "judging_runs", "one_stream", "paper_consistency", "paper_tables", "reservations", "run", "run_cell", "run_grid",
           "stream_statistics", "summarize", "video_arrivals", "window_rates"]

CHAPTERS = (
    Chapter(key="chodorek2018", paper="chodorek2018", title="Chodorek & Chodorek: TFD-capable dynamic QoS for HD video", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="measurement", judging_runs=judging_runs,
            audit_run=audit_run),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
