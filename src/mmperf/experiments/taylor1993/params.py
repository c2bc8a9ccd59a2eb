"""Every knob of the Taylor & Polyzos (1993) chapter, with the paper's set-up as defaults."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from mmperf.hosts import testbed
from mmperf.results import params_table

SOCKET_BUFFER_PACKETS = 40  # "approximately 50K bytes ... approximately 40 packets" (sec. 3.4)
N_FRAMES = 100  # the paper sent 100 or 200 frames; the book sends 100 (its shorter run) in every run
GROUP = 2  # "generally 2 or 3"


@dataclass(frozen=True)
class TableSpec:
    """One table of section 3: its testbed, receiving host, experiment and packet times."""

    name: str
    testbed: str
    host: str
    experiment: str  # "max_throughput" or "animation"
    packet_times_ms: tuple[float, ...]
    throughput_unit: str  # "Mb/s" or "Kb/s", as the paper's header says

    @property
    def display(self) -> bool:
        return self.experiment == "animation"


TABLES = (
    TableSpec("s2k_max", "Sequoia 2000 Net", "DECstation 5000/240", "max_throughput", (7.5,), "Mb/s"),
    TableSpec("s2k_anim", "Sequoia 2000 Net", "DECstation 5000/240", "animation", (23.435,), "Kb/s"),
    TableSpec("atm_max", "ATM", "DECstation 5000/200", "max_throughput", (1.95, 1.3, 0.975, 0.946, 0.887), "Mb/s"),
    TableSpec("atm_anim", "ATM", "DECstation 5000/200", "animation", (19.529, 17.576, 15.623, 13.67), "Kb/s"),
    TableSpec("eth_max_ds200", "Ethernet", "DECstation 5000/200", "max_throughput", (1.301, 1.065, 0.976), "Mb/s"),
    TableSpec("eth_max_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "max_throughput", (1.25, 1.05, 0.85), "Mb/s"),
    TableSpec("eth_anim_ds200", "Ethernet", "DECstation 5000/200", "animation", (22.459, 20.675, 19.53, 19.525), "Kb/s"),
    TableSpec("eth_anim_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "animation", (2.817, 2.48), "Mb/s"),
    TableSpec("fddi_max_ds240", "FDDI", "DECstation 5000/240", "max_throughput", (0.65, 0.53, 0.488, 0.473), "Mb/s"),
    TableSpec("fddi_max_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "max_throughput", (0.3, 0.25, 0.2), "Mb/s"),
    TableSpec("fddi_anim_ds240", "FDDI", "DECstation 5000/240", "animation", (19.529, 15.623, 13.67), "Kb/s"),
    TableSpec("fddi_anim_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "animation", (2.254, 2.066, 1.878), "Mb/s"),
)
"""The experiment grid: the 12 tables of section 3 and the sender's packet time of each row."""

DISPLAY_CALIBRATION_TABLE = "atm_anim"
"""The one animation table the display-work ratio is calibrated on."""

QUALITY_RATES = (0.0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.25)
"""Loss rates of the quality-versus-loss curves (fractions)."""

SSIM_VISIBLE = 0.90
"""Mean SSIM below which the book calls a frame visibly degraded."""

_DOC = {
    # name: (unit, source, description)
    "n_frames": ("frames", "paper sec. 3 (100 or 200 frames were sent)", "frames per simulated run"),
    "group": ("packets", "paper sec. 2.3 ('generally 2 or 3')", "packets the sender sends back to back"),
    "socket_buffer_packets": ("packets", "paper sec. 3.4 ('approximately 40 packets')", "receiver's socket buffer"),
    "display_table": ("table", "calibration choice (the book's)", "the one animation table the display ratio is fitted on"),
    "cost_cv": ("coefficient of variation", "assumed", "variability of each packet's kernel and application cost"),
    "display_cv": ("coefficient of variation", "assumed", "variability of each frame's display time"),
    "band_points": ("points", "assumed", "Alpha application costs simulated across their profile interval"),
    "ssim_level": ("SSIM", "assumed (a convention, not the paper's)", "mean SSIM below which a frame is visibly degraded"),
    "quality_rates": ("fraction", "assumed (grid)", "loss rates of the quality-versus-loss curves"),
    "quality_draws": ("draws", "assumed", "random-loss draws per rate"),
    "quality_frames": ("frames", "assumed", "frames of the test animation whose quality is measured"),
    "compress_level": ("zlib level", "assumed (zlib's default)", "deflate level of the compressibility check"),
}


@dataclass(frozen=True)
class Params:
    """The chapter's configuration: defaults are the paper's set-up (see :meth:`table`).

    Raises
    ------
    ValueError
        If a count is not a whole number >= 1 (``band_points`` >= 2), a coefficient of variation is
        not in [0, 10), ``display_table`` is not an animation table,
        ``ssim_level`` is not in (0, 1) or a loss rate is outside [0, 1).
    """

    n_frames: int = N_FRAMES
    group: int = GROUP
    socket_buffer_packets: int = SOCKET_BUFFER_PACKETS
    display_table: str = DISPLAY_CALIBRATION_TABLE
    cost_cv: float = testbed.Host.cost_cv
    display_cv: float = testbed.Host.display_cv
    band_points: int = 7
    ssim_level: float = SSIM_VISIBLE
    quality_rates: tuple = QUALITY_RATES
    quality_draws: int = 3
    quality_frames: int = 1
    compress_level: int = 6

    def __post_init__(self):
        for name in ("n_frames", "group", "socket_buffer_packets", "quality_draws", "quality_frames", "band_points"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(f"{name} must be a whole number >= 1, got {v!r}")
        anim = [t.name for t in TABLES if t.display]
        if self.display_table not in anim:
            raise ValueError(f"display_table must be one of the animation tables {anim}, got {self.display_table!r}")
        if self.band_points < 2:
            raise ValueError(f"band_points must be a whole number >= 2, got {self.band_points!r}")
        for name in ("cost_cv", "display_cv"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not (0 <= v < 10):
                raise ValueError(f"{name} must be a number in [0, 10), got {v!r}")
        if not (isinstance(self.ssim_level, (int, float)) and 0 < self.ssim_level < 1):
            raise ValueError(f"ssim_level must be a number in (0, 1), got {self.ssim_level!r}")
        rates = tuple(self.quality_rates)
        if not rates or any(not (isinstance(r, (int, float)) and 0 <= r < 1) for r in rates) or list(rates) != sorted(set(rates)):
            raise ValueError(f"quality_rates must be increasing loss rates in [0, 1), got {self.quality_rates!r}")
        if not (isinstance(self.compress_level, int) and 0 <= self.compress_level <= 9):
            raise ValueError(f"compress_level must be a zlib level 0..9, got {self.compress_level!r}")

    def with_(self, **changes) -> "Params":
        """A copy with some fields changed."""
        return replace(self, **changes)

    def table(self) -> pd.DataFrame:
        """Every parameter with its value, unit, source and description (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)
