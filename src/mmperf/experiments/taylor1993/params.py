"""Every knob of the Taylor & Polyzos (1993) chapter, with the paper's set-up as defaults."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from mmperf.hosts import testbed
from mmperf.results import params_table

from mmperf.experiments.taylor1993.model import (
    DISPLAY_CALIBRATION_TABLE,
    GROUP,
    N_FRAMES,
    QUALITY_RATES,
    SOCKET_BUFFER_PACKETS,
    SSIM_VISIBLE,
    TABLES,
)

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
