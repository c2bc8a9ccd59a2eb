"""Taylor & Polyzos (1993), hierarchically coded image animation over four testbeds.

The paper's contract (the same for every paper of the book):

* :class:`Params`: every knob, the paper's set-up as defaults (``Params().table()``);
* :func:`run` ``(params, *, seed, workers=1) -> Results``: every experiment under one root seed;
* :data:`CLAIMS`: the paper's claims as data, judged over seeds by :func:`mmperf.verdicts.judge`.

The grid, calibration and helpers the chapter charts with are in :mod:`.model`.
"""

from mmperf.experiments._contract import Chapter
from mmperf.experiments.taylor1993.claims import ABLATIONS, ASSUMPTIONS, CLAIMS
from mmperf.experiments.taylor1993.model import (
    ALPHA,
    alpha_band,
    Calibration,
    DESCRIPTIONS,
    IDENTIFICATION_LEVEL,
    DISPLAY_CALIBRATION_TABLE,
    GROUP,
    HOSTS,
    HOST_SHORT,
    LINKS,
    N_FRAMES,
    PACKETS_PER_FRAME,
    PACKET_BYTES,
    PAPER,
    QUALITY_RATES,
    QUANTITIES,
    QUANTITY_LABELS,
    SOCKET_BUFFER_PACKETS,
    SSIM_VISIBLE,
    TABLES,
    TableSpec,
    calibrate,
    compare_all,
    compare_table,
    compressibility,
    compressibility_images,
    cost_band,
    cost_profile,
    degrade,
    display_off_check,
    fit_host_costs,
    fluid_curves,
    fluid_display_loss,
    frame_packet_ratio,
    implied_display,
    loss_concentration,
    loss_mask,
    loss_positions,
    loss_sites,
    observed_frame_loss,
    paper_checks,
    paper_table,
    quality_curves,
    run,
    run_table,
    side_by_side,
    simulate_all,
    simulate_row,
    spec,
    testbed_tables,
    threshold,
)
from mmperf.experiments.taylor1993.params import Params
from mmperf.experiments.taylor1993.sensitivity import VARIANTS, sensitivity

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CHAPTERS", "CLAIMS", "Params", "VARIANTS", "sensitivity", "ALPHA", "alpha_band", "Calibration", "DESCRIPTIONS", "IDENTIFICATION_LEVEL", "DISPLAY_CALIBRATION_TABLE", "GROUP", "HOSTS", "HOST_SHORT", "LINKS", "N_FRAMES", "PACKETS_PER_FRAME", "PACKET_BYTES", "PAPER", "QUALITY_RATES", "QUANTITIES", "QUANTITY_LABELS", "SOCKET_BUFFER_PACKETS", "SSIM_VISIBLE", "TABLES", "TableSpec", "calibrate", "compare_all", "compare_table", "compressibility", "compressibility_images", "cost_band", "cost_profile", "degrade", "display_off_check", "fit_host_costs", "fluid_curves", "fluid_display_loss", "frame_packet_ratio", "implied_display", "loss_concentration", "loss_mask", "loss_positions", "loss_sites", "observed_frame_loss", "paper_checks", "paper_table", "quality_curves", "run", "run_table", "side_by_side", "simulate_all", "simulate_row", "spec", "testbed_tables", "threshold"]

CHAPTERS = (
    Chapter(key="taylor1993", paper="taylor1993", title="Taylor & Polyzos: hierarchically coded image animation", Params=Params, run=run, claims=CLAIMS,
            assumptions=ASSUMPTIONS, ablations=ABLATIONS, evidence="measurement"),
)
"""The paper's chapter in the book's registry (:data:`mmperf.experiments.CHAPTERS`)."""
