"""Taylor & Polyzos (1993), hierarchically coded image animation over four testbeds.

The paper's contract (the same for every paper of the book): :class:`Params` (every knob, the
paper's set-up as defaults, :mod:`.paper`), :func:`run` ``(params, *, seed, workers=1) -> Results``
and :data:`CLAIMS` / :data:`ASSUMPTIONS` / :data:`ABLATIONS` (:mod:`.claims`). The calibration and the
tables the chapter charts with are composed in :mod:`.model`.
"""

from mmperf.chapter import Chapter
from mmperf.experiments.taylor1993.claims import ABLATIONS, ASSUMPTIONS, CLAIMS
from mmperf.experiments.taylor1993.model import (
    DESCRIPTIONS, QUANTITIES, Calibration, abstract_run, alpha_band, calibrate, clock_ticks, compare_all,
    compare_table, fluid_curves, frame_packet_ratio, identification,
    implied_display, paper_checks, paper_table, run, side_by_side, simulate_all, simulate_row, spec,
)
from mmperf.experiments.taylor1993.paper import (
    ALPHA, FRAME_SHAPE, GROUP, HARDWARE, HOST_SHORT, HOSTS, LINKS, N_FRAMES, PACKET_BYTES, PACKETS_PER_FRAME, PAPER,
    SOCKET_BUFFER_PACKETS, TABLES, TableSpec,
)
from mmperf.experiments.taylor1993.params import (
    COST_POINTS, DISPLAY_CALIBRATION_TABLE, LINK_ERROR, QUALITY_RATES, SSIM_VISIBLE, Params,
)

__all__ = [
    "ABLATIONS", "ALPHA", "ASSUMPTIONS", "CHAPTERS", "CLAIMS", "COST_POINTS", "Calibration", "DESCRIPTIONS",
    "DISPLAY_CALIBRATION_TABLE", "FRAME_SHAPE", "GROUP", "HARDWARE", "HOSTS", "HOST_SHORT", "LINKS", "LINK_ERROR", "N_FRAMES",
    "PACKETS_PER_FRAME", "PACKET_BYTES", "PAPER", "Params", "QUALITY_RATES", "QUANTITIES",
    "SOCKET_BUFFER_PACKETS", "SSIM_VISIBLE", "TABLES", "TableSpec", "abstract_run", "alpha_band", "calibrate",
    "clock_ticks", "compare_all", "compare_table", "fluid_curves",
    "frame_packet_ratio", "identification", "implied_display", "paper_checks", "paper_table", "run",
    "side_by_side", "simulate_all", "simulate_row", "spec",
]

CHAPTERS = (
    Chapter(key="taylor1993", paper="taylor1993", title="Taylor & Polyzos: hierarchically coded image animation", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="measurement"),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
