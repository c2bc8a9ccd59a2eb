"""Every knob of the Taylor & Polyzos (1993) chapter, with the paper's set-up as defaults."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pandas as pd

from mmperf.experiments.taylor1993.paper import GROUP, HOSTS, N_FRAMES, SOCKET_BUFFER_PACKETS, TABLES
from mmperf.hosts import testbed
from mmperf.hosts.cost_fit import POINTS as COST_POINTS
from mmperf.results import params_table

LINK_ERROR = 0.045
"""The link model's stated relative error in a row's throughput: the maximum-throughput tables'
own throughput and loss columns disagree by up to 4.5 % of the printed throughput (``paper_checks``,
``identity_off``; FDDI/Alpha row 3: 31.4 printed against 32.8 Mb/s), so
no model of the path can be held closer to a row than the row is to itself."""

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
    "band_points": ("points", "assumed", "application costs simulated across a host's identified set (the chapter's Figure 3)"),
    "ssim_level": ("SSIM", "assumed (a convention, not the paper's)", "mean SSIM below which a frame is visibly degraded"),
    "quality_rates": ("fraction", "assumed (grid)", "loss rates of the quality-versus-loss curves"),
    "quality_draws": ("draws", "assumed", "random-loss draws per rate"),
    "quality_frames": ("frames", "assumed", "frames of the test animation whose quality is measured"),
    "compress_level": ("zlib level", "assumed (zlib's default)", "deflate level of the compressibility check"),
    "abstract_run": ("bool", "reading of the abstract (assumption `abstract_reading`)",
                     "the abstract's 42.1 Mb/s / 3.4 % Alpha/FDDI run enters the Alpha's identification"),
    "link_error": ("fraction", "the maximum tables' own throughput-loss disagreement (up to 4.5 %)",
                   "the link model's stated relative error in a row's throughput (identified sets)"),
    "cost_points": ("(host, point) pairs", "the book's choice: each set's member of least rms error",
                    "the point of a host's identified set used ('fit', 'low', 'high', or the member nearest an application "
                    "cost in ms); () is 'fit' for every host"),
    "sensor_noise": ("grey levels", "assumed (the synthetic frame's)", "standard deviation of the test frame's sensor noise"),
    "livelock": ("bool", "the model (ablation `livelock`)", "kernel work at interrupt priority (receive livelock)"),
    "display_stage": ("bool", "the model (ablation `display`)", "the receiver rebuilds and displays each frame"),
    "buffer_bound": ("bool", "the model (ablation `socket-buffer`)", "the socket buffer's limit"),
}


def _cost(x) -> bool:
    """An application cost [ms]: a positive finite number (the member of a set nearest it is taken)."""
    return not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x) and x > 0


@dataclass(frozen=True)
class Params:
    """The chapter's configuration: defaults are the paper's set-up (see :meth:`table`).

    Raises
    ------
    ValueError
        If a count is not a whole number >= 1 (``band_points`` >= 2), a coefficient of variation is
        not in [0, 10), ``display_table`` is not an animation table,
        ``ssim_level`` is not in (0, 1), a loss rate or ``link_error`` is outside [0, 1),
        ``sensor_noise`` outside [0, 256) or ``cost_points`` names an unknown host or point (a point is
        one of ``COST_POINTS`` or a positive application cost [ms]).
    TypeError
        If a switch (``abstract_run``, ``livelock``, ``display_stage``, ``buffer_bound``) is not a bool.
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
    abstract_run: bool = True
    link_error: float = LINK_ERROR
    cost_points: tuple = ()
    sensor_noise: float = 2.0
    livelock: bool = True
    display_stage: bool = True
    buffer_bound: bool = True

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
        for name in ("abstract_run", "livelock", "display_stage", "buffer_bound"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {getattr(self, name)!r}")
        le = self.link_error
        if isinstance(le, bool) or not isinstance(le, (int, float)) or not (0 <= le < 1):
            raise ValueError(f"link_error must be a number in [0, 1), got {le!r}")
        sn = self.sensor_noise
        if isinstance(sn, bool) or not isinstance(sn, (int, float)) or not (0 <= sn < 256):
            raise ValueError(f"sensor_noise must be a number of grey levels in [0, 256), got {sn!r}")
        pts = self.cost_points
        if not isinstance(pts, tuple) or any(not (isinstance(x, tuple) and len(x) == 2 and x[0] in HOSTS
                                                   and (x[1] in COST_POINTS if isinstance(x[1], str) else _cost(x[1])))
                                             for x in pts):
            raise ValueError(f"cost_points must be a tuple of (host, point) pairs with a host of {HOSTS} and a point "
                             f"of {COST_POINTS} or an application cost in ms (a positive number), got {pts!r}")

    def with_(self, **changes) -> "Params":
        """A copy with some fields changed."""
        return replace(self, **changes)

    def table(self) -> pd.DataFrame:
        """Every parameter with its value, unit, source and description (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)
