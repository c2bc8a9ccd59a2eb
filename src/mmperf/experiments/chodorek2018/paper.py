"""The set-up Chodorek & Chodorek (2018) state: the inputs the paper fixes (never its results).

Every value here is quoted from the paper with its section; :mod:`.params` takes its defaults from
them. The paper's results (Tables I and II, the quoted ranges) are in ``data/papers/chodorek2018`` and
never feed a result.
"""

from __future__ import annotations

__all__ = ["CAPACITY_BPS", "CLIPS", "CLIP_S", "DURATION_S", "FRAME_RATE", "K_VALUES", "NEXT_TIME_S", "N_VALUES",
           "REPLICATIONS", "S2_FRACTION", "SCENARIOS", "TARGET_RATE_BPS"]

CAPACITY_BPS = 1e9
"""The shared link: Gigabit Ethernet between the two routers (Sec. IV.A)."""

FRAME_RATE = 30.0
"""Video frames per second: 1080p at 30 frame/s (Sec. IV.D)."""

CLIPS = 8
"""The VQEG sequences concatenated into one test sequence (Sec. IV.D)."""

CLIP_S = 19.0
"""Length of each sequence [s] (Sec. IV.D): 8 x 19 s = :data:`DURATION_S`."""

DURATION_S = 152.0
"""Length of the test sequence, and so of a run [s] (Sec. IV.D)."""

TARGET_RATE_BPS = 40e6
"""The H.264 encoder's target rate [bit/s] (Sec. IV.D)."""

N_VALUES = tuple(range(1, 11))
"""Numbers of HD video streams N (Sec. IV.E)."""

K_VALUES = tuple(range(0, 11))
"""Numbers of competing TCP (iPerf) flows K (Sec. IV.E)."""

SCENARIOS = {
    "s1": "best effort",
    "s2": "static RSVP, 150 % of target",
    "s3": "static RSVP, peak rate",
    "s4": "dynamic TFD, every 300 ms",
}
"""Scenario key -> short description (Sec. IV.E)."""

S2_FRACTION = 1.5
"""The s2 static reservation: 150 % of the target rate (Sec. IV.E)."""

NEXT_TIME_S = 0.3
"""The TFD option's Next Time: the announcement window and renewal period [s] (Sec. III.B, IV.E)."""

REPLICATIONS = 20
"""Runs per cell (Sec. V)."""
