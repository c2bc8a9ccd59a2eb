"""Huynh & Khoshgoftaar (1994): a PS/2 in a video conference, SCB Locate against Move mode.

The paper's contract (the same for every paper of the book):

* :class:`Params`: every knob, the paper's set-up as defaults (``Params().table()``);
* :func:`run` ``(params, *, seed, workers=1) -> Results``: every experiment under one root seed;
* :data:`CLAIMS`: the paper's claims as data, judged over seeds by :func:`mmperf.verdicts.judge`.

The model's inputs (Table 1, sec. 2, the book's assumptions and its three calibrated
numbers), the closed forms and the grid are in :mod:`.model`; the mechanism is
:mod:`mmperf.hosts.ps2`.
"""

from mmperf.experiments._contract import Chapter
from mmperf.experiments.huynh1994.claims import ABLATIONS, ASSUMPTIONS, CLAIMS
from mmperf.experiments.huynh1994.model import (
    ADAPTER_PATH_LENGTHS, CALIBRATION, CONFIG, FRAME_RATES, HOST_PATH_LENGTHS, LEVEL, MIXINGS, MODES, PAPER,
    PAPER_FRAMES, REPLICATIONS, STATIONS, SWEEP_FRAMES, SYSTEMS, adapter_knee, calibrate, closed_form_table,
    closed_forms, crossing, file_share_closed_form, hardware, mean_requests_per_frame, parameter_table, run,
    saturation_closed_form, saturation_point, steady_state, summarize, workload,
)
from mmperf.experiments.huynh1994.params import RUN_LENGTHS, Params

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CHAPTERS", "ADAPTER_PATH_LENGTHS", "CALIBRATION", "CLAIMS", "CONFIG", "FRAME_RATES", "HOST_PATH_LENGTHS", "LEVEL",
           "MIXINGS", "MODES", "PAPER", "PAPER_FRAMES", "Params", "REPLICATIONS", "RUN_LENGTHS", "STATIONS",
           "SWEEP_FRAMES", "SYSTEMS", "adapter_knee", "calibrate", "closed_form_table", "closed_forms", "crossing",
           "file_share_closed_form", "hardware", "mean_requests_per_frame", "parameter_table", "run",
           "saturation_closed_form", "saturation_point", "steady_state", "summarize", "workload"]

CHAPTERS = (
    Chapter(key="huynh1994", paper="huynh1994", title="Huynh & Khoshgoftaar: a PS/2 in a video conference", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="simulation"),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
