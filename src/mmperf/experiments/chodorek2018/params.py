"""Every knob of the Chodorek & Chodorek chapter, with the paper's set-up as defaults."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.experiments.chodorek2018 import paper
from mmperf.experiments.chodorek2018.paper import SCENARIOS  # noqa: F401 (the package's name)
from mmperf.media import hdvideo
from mmperf.networks import bottleneck

__all__ = ["AUDIT_CELLS", "BUCKETS", "CONGESTION_CONTROLS", "PACKET_READINGS", "Params", "RESERVED_QUEUES", "SCENARIOS",
           "SENDERS", "TSPEC_SPANS"]

_DOC = {
    # name: (unit, source, description)
    "capacity_bps": ("bit/s", "paper sec. IV.A (1 Gb/s shared link)", "bottleneck link rate"),
    "buffer_candidates_packets": ("packets of 1500 B", "calibration (the book's search range; the paper gives no buffer)",
                                  "drop-tail buffers tried; the smallest whose unloaded runs (K = 0, every N) print PER 0.00 % is chosen"),
    "rtt_candidates_s": ("s", "calibration (the book's search range; the paper gives no RTT)",
                         "base round trips tried; the one whose s1 K = 1, N = 1 utilization is nearest the target is chosen"),
    "rtt_target_utilization_pct": ("%", "paper Table I (s1, K = 1, N = 1)", "link utilization the RTT is calibrated on"),
    "rtt_calibration_replications": ("runs", "assumed", "replications averaged per buffer and per RTT candidate (packet model)"),
    "grid_duration_s": ("s", "the chapter's budget (the paper's runs are 152 s)",
                        "run length of the committed packet grids and of the calibration: a tenth of each 19-s clip (1.9 s of each of the eight)"),
    "grid_window": ("window", "the chapter's budget (rates matched to the 152-s streams)",
                    "what a grid run sends of each stream: 'excerpt' (the start of every clip) or 'head' (its first seconds)"),
    "grid_replications": ("runs", "the chapter's budget (the paper: 20)", "replications per cell of every seed's packet grid"),
    "slot_s": ("s", "model resolution (the book's)", "time slot of the fluid bottleneck"),
    "packet_bytes": ("bytes", "assumed (Ethernet MTU)", "TCP segment on the wire; buffer unit"),
    "video": ("model", "paper sec. IV.D (30 frame/s, 8 clips of 19 s, 40 Mb/s target); mean 63 Mb/s calibrated on Table II K = 0, N = 1",
              "the synthetic HD video (mmperf.media.hdvideo.VideoModel)"),
    "n_values": ("streams", "paper sec. IV.E (N = 1..10)", "numbers of HD video streams N"),
    "k_values": ("flows", "paper sec. IV.E (K = 0..10)", "numbers of TCP flows K"),
    "scenarios": ("keys", "paper sec. IV.E (s1-s4)", "QoS scenarios run"),
    "replications": ("runs", "paper sec. V (20 replications)", "runs per cell"),
    "duration_s": ("s", "paper sec. IV.D (152-s sequence)", "simulated time per run"),
    "next_time_s": ("s", "paper sec. III.B (Next Time, 300 ms)", "TFD window: the horizon each option announces and its renewal period"),
    "s2_fraction": ("x target", "paper sec. IV.E (150 % of target)", "s2 static reservation as a multiple of the 40 Mb/s target"),
    "peak_window_s": ("s", "assumed (the paper's 'peak rate' has no window)", "averaging window of the s3 peak rate"),
    "reservable_fraction": ("fraction", "assumed (admission up to the link)", "share of the link reservations may take"),
    "sensitivity_buffers_packets": ("packets", "the book's sensitivity check", "buffers of the best-effort sensitivity figure"),
    "sensitivity_rtts_s": ("s", "the book's sensitivity check", "base round trips of the sensitivity figure"),
    "sensitivity_replications": ("runs", "the book's sensitivity check", "replications per sensitivity point"),
    "reserved_queue": ("reading", "assumed (the paper names no scheduler; see the ledger)",
                       "the reserved FIFO's limit: unbounded, bounded (its own limit = the buffer) or shared (one port buffer)"),
    "bucket": ("reading", "assumed (the paper gives no TSpec; see the ledger)",
               "token-bucket depth: 'burst' the stream's largest one-frame burst, 'tspec' one frame interval at the reserved rate"),
    "tspec_span": ("reading", "RSVP sender TSpec (RFC 2205/2210): the whole flow",
                   "what the TSpec (s3's peak rate, every bucket depth) and admission describe: 'stream' the whole 152-s "
                   "stream, 'run' only what a run sends (s4's windows are always those sent)"),
    "sender": ("reading", "assumed (VLC's sending is not described; see the ledger)",
               "video packets: 'paced' over each frame interval or 'burst' (a frame back to back at the line rate)"),
    "congestion_control": ("reading", "assumed (the paper's Linux hosts; see the ledger)", "the TCP senders: 'newreno' or 'cubic'"),
    "tfd_renewal": ("switch", "ablation (the paper renews every 300 ms)",
                    "True: s4 renews its rate every window; False: s4 holds one static rate, the mean of its announcements"),
    "qos": ("switch", "ablation (the paper's s2-s4 reserve)", "True: s2-s4 reserve; False: every scenario is best effort"),
    "buffer_packets": ("packets of 1500 B", "assumed (a span of the ledger; the paper gives no buffer)",
                       "None: the seed's calibration; a number: the drop-tail limit of the audit packet grid"),
    "rtt_s": ("s", "assumed (a span of the ledger; the paper gives no RTT)",
              "None: the seed's calibration; a number: the base round trip of the audit packet grid"),
    "audit_grid": ("switch", "the audit's budget",
                   "True: judge on a small live packet grid (audit_cells, audit_duration_s, audit_replications); used as well "
                   "whenever a packet-level reading or ablation differs from the book's"),
    "audit_cells": ("(K, N)", "the audit's budget: the cells the claims read", "cells of the audit packet grid (every scenario)"),
    "audit_duration_s": ("s", "the audit's budget", "run length of the audit packet grid"),
    "audit_replications": ("runs", "the audit's budget", "replications per cell of the audit packet grid"),
}

RESERVED_QUEUES = ("unbounded", "bounded", "shared")
"""Readings of the reserved FIFO's limit (:func:`mmperf.networks.shared_bottleneck.simulate`)."""

BUCKETS = ("burst", "tspec")
"""Readings of the token bucket's depth."""

TSPEC_SPANS = ("stream", "run")
"""What a sender's TSpec describes: the whole stream it will send, or only the part a run sends."""

SENDERS = ("paced", "burst")
"""Readings of the video sender (:func:`mmperf.media.hdvideo.packet_schedule`)."""

CONGESTION_CONTROLS = ("newreno", "cubic")
"""Readings of the TCP senders (:func:`mmperf.networks.shared_bottleneck.simulate`)."""

AUDIT_CELLS = tuple((k, n) for k in (0, 1, 4, 7, 8, 9, 10) for n in (1, 5, 10))
"""(K, N) of the audit packet grid: every K a claim reads (0, 1, 7-10, one in between) at N = 1, 5, 10."""

PACKET_READINGS = ("reserved_queue", "bucket", "tspec_span", "sender", "congestion_control", "tfd_renewal", "qos", "buffer_packets", "rtt_s")
"""The fields only the packet model can express: a run whose value of one differs from the default is judged
on the audit packet grid (the fluid model has none of them)."""


def _increasing(value, name: str, check, what: str) -> tuple:
    """``value`` as a tuple if it is a non-empty, increasing sequence whose items pass ``check(item, name)``."""
    if not isinstance(value, (tuple, list)) or not value:
        raise ValueError(f"{name} must be a non-empty tuple of {what}, got {value!r}")
    out = tuple(check(v, name) for v in value)
    if list(out) != sorted(set(out)):
        raise ValueError(f"{name} must be increasing without repeats, got {value!r}")
    return out


def _ints(value, name: str, minimum: int) -> tuple:
    return _increasing(value, name, lambda v, n: _validate.whole(v, n, minimum=minimum), f"whole numbers >= {minimum}")


def _positives(value, name: str) -> tuple:
    return _increasing(value, name, _validate.positive, "numbers > 0")


@dataclass(frozen=True)
class Params:
    """The chapter's configuration: defaults are the paper's set-up (see :meth:`table`).

    The buffer and the base RTT are not given by the paper: :func:`~mmperf.experiments.chodorek2018.run`
    calibrates them per root seed from ``buffer_candidates_packets`` and ``rtt_candidates_s``
    (give one candidate to fix a value).

    Parameters
    ----------
    capacity_bps : float, default 1e9
        Bottleneck link rate [bit/s]; source: paper sec. IV.A (1 Gb/s shared link).
    buffer_candidates_packets : tuple, default (25, 50, 100, 150, 200, 300, 400, 500)
        Drop-tail buffers tried; the smallest whose unloaded runs (K = 0, every N) print PER 0.00 % is chosen
        [packets of 1500 B]; source: calibration (the book's search range; the paper gives no buffer).
    rtt_candidates_s : tuple of float, default (0.002, 0.004, 0.006, 0.008, 0.010, 0.012)
        Base round trips tried; the one whose s1 K = 1, N = 1 utilization is nearest the target is chosen [s];
        source: calibration (the book's search range; the paper gives no RTT).
    rtt_target_utilization_pct : float, default 83.4
        Link utilization the RTT is calibrated on [%]; source: paper Table I (s1, K = 1, N = 1).
    rtt_calibration_replications : int, default 5
        Replications averaged per buffer and per RTT candidate (packet model) [runs]; source: assumed.
    slot_s : float, default 0.002
        Time slot of the fluid bottleneck [s]; source: model resolution (the book's).
    packet_bytes : int, default 1500
        TCP segment on the wire; buffer unit [bytes]; source: assumed (Ethernet MTU).
    video : mmperf.media.hdvideo.VideoModel, default VideoModel()
        The synthetic HD video [model]; source: paper sec. IV.D (30 frame/s, 8
        clips of 19 s, 40 Mb/s target); mean 63 Mb/s calibrated on Table II K = 0, N = 1.
    n_values : tuple, default (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        Numbers of HD video streams N [streams]; source: paper sec. IV.E (N = 1..10).
    k_values : tuple, default (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        Numbers of TCP flows K [flows]; source: paper sec. IV.E (K = 0..10).
    scenarios : tuple, default ('s1', 's2', 's3', 's4')
        QoS scenarios run [keys]; source: paper sec. IV.E (s1-s4).
    replications : int, default 20
        Runs per cell [runs]; source: paper sec. V (20 replications).
    duration_s : float, default 152.0
        Simulated time per run [s]; source: paper sec. IV.D (152-s sequence).
    next_time_s : float, default 0.3
        TFD window: the horizon each option announces and its renewal period [s]; source: paper sec. III.B (Next
        Time, 300 ms).
    s2_fraction : float, default 1.5
        The s2 static reservation as a multiple of the 40 Mb/s target [x target]; source: paper sec. IV.E (150 % of
        target).
    peak_window_s : float, default 1.0
        Averaging window of the s3 peak rate [s]; source: assumed (the paper's 'peak rate' has no window).
    reservable_fraction : float, default 1.0
        Share of the link reservations may take [fraction]; source: assumed (admission up to the link).
    sensitivity_buffers_packets : tuple, default (10, 25, 50, 100, 400)
        Buffers of the best-effort sensitivity figure [packets]; source: the book's sensitivity check.
    sensitivity_rtts_s : tuple, default (0.002, 0.004, 0.01)
        Base round trips of the sensitivity figure [s]; source: the book's sensitivity check.
    sensitivity_replications : int, default 2
        Replications per sensitivity point [runs]; source: the book's sensitivity check.
    reserved_queue : {"unbounded", "bounded", "shared"}, default 'unbounded'
        The reserved FIFO's limit: unbounded, bounded (its own limit = the buffer) or shared (one port buffer)
        [reading]; source: assumed (the paper names no scheduler; see the ledger).
    bucket : {"burst", "tspec"}, default 'burst'
        Token-bucket depth: 'burst' the stream's largest one-frame burst, 'tspec' one frame interval at the
        reserved rate [reading]; source: assumed (the paper gives no TSpec; see the ledger).
    tspec_span : {"stream", "run"}, default 'stream'
        What the TSpec (s3's peak rate, every bucket depth) and admission control describe: 'stream' the whole
        152-s stream (a run of an excerpt still reserves for the flow), 'run' only what the run sends; s4
        announces each 300-ms window of what is sent under both [reading]; source: RSVP sender TSpec (RFC
        2205/2210): the whole flow.
    sender : {"paced", "burst"}, default 'paced'
        Video packets: 'paced' over each frame interval or 'burst' (a frame back to back at the line rate)
        [reading]; source: assumed (VLC's sending is not described; see the ledger).
    congestion_control : {"newreno", "cubic"}, default 'newreno'
        The TCP senders: 'newreno' or 'cubic' [reading]; source: assumed (the paper's Linux hosts; see the
        ledger).
    tfd_renewal : bool, default True
        True: s4 renews its rate every window; False: s4 holds one static rate, the mean of its announcements
        [switch]; source: ablation (the paper renews every 300 ms).
    qos : bool, default True
        True: s2-s4 reserve; False: every scenario is best effort [switch]; source: ablation (the paper's s2-s4
        reserve).
    grid_duration_s : float, default 15.2
        Run length of the committed packet grids and of the calibration: a tenth of each 19-s clip (1.9 s of
        each of the eight) [s]; source: the chapter's budget (the paper's runs are 152 s).
    grid_window : {"excerpt", "head"}, default 'excerpt'
        What a grid run sends of each stream: 'excerpt' (the start of every clip) or 'head' (its first seconds)
        [window]; source: the chapter's budget (rates matched to the 152-s streams).
    grid_replications : int, default 1
        Replications per cell of every seed's packet grid [runs]; source: the chapter's budget (the paper: 20).
    buffer_packets : int or None, default None
        None: the seed's calibration; a number: the drop-tail limit of the audit packet grid [packets of 1500
        B]; source: assumed (a span of the ledger; the paper gives no buffer).
    rtt_s : float or None, default None
        None: the seed's calibration; a number: the base round trip of the audit packet grid [s]; source:
        assumed (a span of the ledger; the paper gives no RTT).
    audit_grid : bool, default False
        True: judge on a small live packet grid (audit_cells, audit_duration_s, audit_replications); used as
        well whenever a packet-level reading or ablation differs from the book's [switch]; source: the audit's
        budget.
    audit_cells : tuple of (int, int), default AUDIT_CELLS
        Cells of the audit packet grid (every scenario) [(K, N)]; source: the audit's budget: the cells the
        claims read.
    audit_duration_s : float, default 4.0
        Run length of the audit packet grid [s]; source: the audit's budget.
    audit_replications : int, default 1
        Replications per cell of the audit packet grid [runs]; source: the audit's budget.

    Raises
    ------
    ValueError
        If a value is out of range, NaN or infinite (the message names the parameter).

    Examples
    --------
    >>> p = Params()
    >>> p.replications, p.link(buffer_packets=50, rtt_s=0.004).buffer_bytes
    (20, 75000.0)
    """

    capacity_bps: float = paper.CAPACITY_BPS
    buffer_candidates_packets: tuple = (25, 50, 100, 150, 200, 300, 400, 500)
    rtt_candidates_s: tuple = (0.002, 0.004, 0.006, 0.008, 0.010, 0.012)
    rtt_target_utilization_pct: float = 83.4
    rtt_calibration_replications: int = 5
    slot_s: float = 0.002
    packet_bytes: int = 1500
    video: hdvideo.VideoModel = field(default_factory=hdvideo.VideoModel)
    n_values: tuple = paper.N_VALUES
    k_values: tuple = paper.K_VALUES
    scenarios: tuple = tuple(paper.SCENARIOS)
    replications: int = paper.REPLICATIONS
    duration_s: float = paper.DURATION_S
    next_time_s: float = paper.NEXT_TIME_S
    s2_fraction: float = paper.S2_FRACTION
    peak_window_s: float = 1.0
    reservable_fraction: float = 1.0
    sensitivity_buffers_packets: tuple = (10, 25, 50, 100, 400)
    sensitivity_rtts_s: tuple = (0.002, 0.004, 0.010)
    sensitivity_replications: int = 2
    reserved_queue: str = "unbounded"
    bucket: str = "burst"
    tspec_span: str = "stream"
    sender: str = "paced"
    congestion_control: str = "newreno"
    tfd_renewal: bool = True
    qos: bool = True
    grid_duration_s: float = 15.2
    grid_window: str = "excerpt"
    grid_replications: int = 1
    buffer_packets: int | None = None
    rtt_s: float | None = None
    audit_grid: bool = False
    audit_cells: tuple = AUDIT_CELLS
    audit_duration_s: float = 4.0
    audit_replications: int = 1

    def __post_init__(self):
        for name, allowed in (("reserved_queue", RESERVED_QUEUES), ("bucket", BUCKETS), ("tspec_span", TSPEC_SPANS),
                              ("sender", SENDERS),
                              ("congestion_control", CONGESTION_CONTROLS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        if self.grid_window not in ("head", "excerpt"):
            raise ValueError(f"grid_window must be one of ('head', 'excerpt'), got {self.grid_window!r}")
        _validate.positive(self.grid_duration_s, "grid_duration_s")
        _validate.whole(self.grid_replications, "grid_replications", minimum=1)
        if self.buffer_packets is not None:
            _validate.whole(self.buffer_packets, "buffer_packets", minimum=1)
        if self.rtt_s is not None and _validate.positive(self.rtt_s, "rtt_s") < self.slot_s:
            raise ValueError(f"rtt_s must be at least one slot ({self.slot_s} s), got {self.rtt_s!r}")
        for name in ("tfd_renewal", "qos", "audit_grid"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")
        cells = self.audit_cells
        if (not isinstance(cells, tuple) or not cells
                or not all(isinstance(c, tuple) and len(c) == 2 for c in cells)):
            raise ValueError(f"audit_cells must be a non-empty tuple of (K, N) pairs, got {cells!r}")
        for k, n in cells:
            _validate.whole(k, "audit_cells K", minimum=0)
            _validate.whole(n, "audit_cells N", minimum=1)
        _validate.positive(self.audit_duration_s, "audit_duration_s")
        _validate.whole(self.audit_replications, "audit_replications", minimum=1)
        bad = [s for s in self.scenarios if s not in SCENARIOS] if isinstance(self.scenarios, (tuple, list)) else [self.scenarios]
        if bad or not self.scenarios:
            raise ValueError(f"scenarios must be a non-empty subset of {list(SCENARIOS)}, got {self.scenarios!r}")
        if not isinstance(self.video, hdvideo.VideoModel):
            raise ValueError(f"video must be a mmperf.media.hdvideo.VideoModel, got {type(self.video).__name__}")
        _validate.positive(self.capacity_bps, "capacity_bps")
        _ints(self.buffer_candidates_packets, "buffer_candidates_packets", 1)
        _positives(self.rtt_candidates_s, "rtt_candidates_s")
        pct = _validate.positive(self.rtt_target_utilization_pct, "rtt_target_utilization_pct")
        if pct > 100:
            raise ValueError(f"rtt_target_utilization_pct must be in (0, 100], got {pct!r}")
        for name in ("rtt_calibration_replications", "packet_bytes", "replications", "sensitivity_replications"):
            _validate.whole(getattr(self, name), name, minimum=1)
        _ints(self.n_values, "n_values", 1)
        _ints(self.k_values, "k_values", 0)
        _ints(self.sensitivity_buffers_packets, "sensitivity_buffers_packets", 1)
        _positives(self.sensitivity_rtts_s, "sensitivity_rtts_s")
        for name in ("slot_s", "duration_s", "next_time_s", "s2_fraction", "peak_window_s"):
            _validate.positive(getattr(self, name), name)
        frac = _validate.positive(self.reservable_fraction, "reservable_fraction")
        if frac > 1:
            raise ValueError(f"reservable_fraction must be in (0, 1], got {frac!r}")
        if min(self.rtt_candidates_s + self.sensitivity_rtts_s) < self.slot_s:
            raise ValueError(f"rtt_candidates_s and sensitivity_rtts_s must be at least one slot ({self.slot_s} s)")
        spw = self.next_time_s / self.slot_s
        if abs(spw - round(spw)) > 1e-9:
            raise ValueError(f"next_time_s ({self.next_time_s}) must be a whole number of slots ({self.slot_s} s)")
        if self.replications < self.rtt_calibration_replications:
            raise ValueError(f"rtt_calibration_replications ({self.rtt_calibration_replications}) must not exceed "
                             f"replications ({self.replications})")

    @property
    def n_slots(self) -> int:
        """Slots per run."""
        return int(round(self.duration_s / self.slot_s))

    @property
    def slots_per_window(self) -> int:
        """Slots per TFD window (Next Time)."""
        return int(round(self.next_time_s / self.slot_s))

    def link(self, *, buffer_packets: int, rtt_s: float) -> bottleneck.Link:
        """The bottleneck with a chosen buffer and base RTT."""
        return bottleneck.Link(capacity_bps=self.capacity_bps, buffer_packets=int(buffer_packets), rtt_s=float(rtt_s),
                               slot_s=self.slot_s, packet_bytes=self.packet_bytes)

    @property
    def uses_audit_grid(self) -> bool:
        """Whether :func:`~mmperf.experiments.chodorek2018.run` judges on the live audit packet grid: ``audit_grid``
        is set, or a packet-level reading or ablation (:data:`PACKET_READINGS`) differs from the book's."""
        default = Params.__dataclass_fields__
        return self.audit_grid or any(getattr(self, f) != default[f].default for f in PACKET_READINGS)

    def with_(self, **changes) -> "Params":
        """A copy with some fields changed (``dataclasses.replace``)."""
        return replace(self, **changes)

    def table(self) -> pd.DataFrame:
        """Every parameter with its value, unit and source (paper section, calibration or assumption)."""
        rows = []
        for f in fields(self):
            unit, source, what = _DOC[f.name]
            value = getattr(self, f.name)
            if isinstance(value, hdvideo.VideoModel):
                value = (f"mean {value.mean_rate_bps / 1e6:g} Mb/s on the wire, target {value.target_rate_bps / 1e6:g} Mb/s, "
                         f"{value.frame_rate:g} frame/s, {len(value.clips)} clips of {value.clip_s:g} s")
            elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
                value = " ".join(f"({a},{b})" for a, b in value)
            elif isinstance(value, tuple):
                value = ", ".join(f"{v:g}" if isinstance(v, (float, np.floating)) else str(v) for v in value)
            else:
                value = f"{value:g}" if isinstance(value, float) else str(value)
            rows.append({"parameter": f.name, "value": value, "unit": unit, "source": source, "description": what})
        return pd.DataFrame(rows)
