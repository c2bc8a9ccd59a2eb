"""Huynh & Khoshgoftaar (1994): a PS/2 in a video conference, SCB Locate against Move mode.

The paper's contract (the same for every paper of the book): :mod:`.paper` (what the paper
states), :class:`Params` (every knob, ``Params().table()``), :func:`run`
``(params, *, seed, workers=1) -> Results`` (:mod:`.model`, composition of the mechanisms
:mod:`mmperf.hosts.ps2`, :mod:`mmperf.hosts.ps2_laws`, :mod:`mmperf.hosts.ps2_runs` and
:mod:`mmperf.hosts.capacity`), and
:data:`CLAIMS`, :data:`ASSUMPTIONS`, :data:`ABLATIONS` (:mod:`.claims`).
"""

from mmperf.experiments._contract import Chapter
from mmperf.experiments.huynh1994.claims import ABLATIONS, ASSUMPTIONS, CLAIMS
from mmperf.experiments.huynh1994.model import (
    CONFIG, STATIONS, audit_run, calibrate, file_share_closed_form, hardware, parameter_table, run, saturation_closed_form,
    steady_state, workload,
)
from mmperf.experiments.huynh1994.paper import (
    CALIBRATION, FRAME_RATES, LEVEL, MIXINGS, MODES, PAPER, PAPER_FRAMES, REPLICATIONS, SYSTEMS,
)
from mmperf.experiments.huynh1994.params import ADAPTER_PATH_LENGTHS, HOST_PATH_LENGTHS, RUN_LENGTHS, SWEEP_FRAMES, Params

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CHAPTERS", "ADAPTER_PATH_LENGTHS", "CALIBRATION", "CLAIMS", "CONFIG", "FRAME_RATES",
           "HOST_PATH_LENGTHS", "LEVEL", "MIXINGS", "MODES", "PAPER", "PAPER_FRAMES", "Params", "REPLICATIONS", "RUN_LENGTHS",
           "STATIONS", "SWEEP_FRAMES", "SYSTEMS", "audit_run", "calibrate", "file_share_closed_form", "hardware",
           "parameter_table", "run", "saturation_closed_form", "steady_state", "workload"]

CHAPTERS = (
    Chapter(key="huynh1994", paper="huynh1994", title="Huynh & Khoshgoftaar: a PS/2 in a video conference", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="simulation", audit_run=audit_run),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
