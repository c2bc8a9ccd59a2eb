"""Every knob of the Huynh & Khoshgoftaar (1994) chapter, with the paper's set-up as defaults."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from mmperf.experiments.huynh1994.paper import PAPER_FRAMES, REPLICATIONS
from mmperf.hosts.ps2 import Workload
from mmperf.results import params_table

__all__ = ["ADAPTER_PATH_LENGTHS", "ASSUMED", "HOST_PATH_LENGTHS", "Params", "RUN_LENGTHS", "SWEEP_FRAMES"]

ASSUMED = {
    # name: (value, unit, source): the hardware the paper does not describe, assumed by the book
    "ipc_486_over_386": (2.0, "ratio", "book assumption: an i486 executes about twice the instructions per clock of an i386"),
    "memory_burst_386": (1.0, "ratio", "book assumption: i386 line fill 2-2-2-2 clocks (no burst)"),
    "memory_burst_486": (5 / 8, "ratio", "book assumption: i486 burst line fill 2-1-1-1 = 5 of 8 clocks (sec. 5.3: 'burst mode')"),
    "memory_bandwidth_386": (50e6, "byte/s", "book assumption: 4 bytes per 2 clocks at 25 MHz"),
    "memory_bandwidth_486": (160e6, "byte/s", "book assumption: 16 bytes per 5 clocks at 50 MHz"),
    "adapter_rate": (1.6e6, "instruction/s", "book assumption: 80C186 at 16 MHz, ~10 clocks per instruction"),
    "adapter_scb": (500, "instruction", "book assumption: 80C186 code to decode or build one control block/element"),
    "control_block_bytes": (32, "byte", "book assumption: control block / control element moved over the channel"),
    "disk_media_rate": (2.0e6, "byte/s", "book assumption: sustained media rate of a 1992 SCSI-2 disk"),
    "ring_overhead": (21, "byte", "IEEE 802.5 MAC frame: SD, AC, FC, 2 x 6 address, FCS, ED, FS"),
}
"""The hardware inputs the paper does not give, as the book assumes them (not fitted)."""

SWEEP_FRAMES = 200
"""Frames per replication in the path-length sweeps (shorter than the paper's 2000 to fit the
chapter's time budget)."""
HOST_PATH_LENGTHS = (15e3, 30e3, 45e3, 90e3, 180e3, 300e3)
"""Locate-mode video conferencing path lengths of the host sweep [instructions/frame]."""
ADAPTER_PATH_LENGTHS = (1e3, 8e3, 12e3, 14e3, 16e3, 18e3, 20e3)
"""Move-mode video conferencing path lengths of the adapter sweep [instructions/frame]."""
RUN_LENGTHS = (100, 500, 2000, 8000)
"""Replication lengths [frames] of the run-length experiment (the paper's 2000 among them)."""

_DOC = {
    # name: (unit, source, description)
    "frames": ("frames", "paper sec. 4.2 ('2000 frames')", "frames per video stream per replication (grid, single streams)"),
    "replications": ("replications", "paper sec. 4.2 (5 replications, 90 % intervals)", "independent replications per configuration"),
    "sweep_frames": ("frames", "the book's (time budget; the paper: 2000)", "frames per replication in the two path-length sweeps"),
    "phases": ("", "assumed (the paper does not say)", "'random': each stream starts at a uniform phase within its frame time, drawn per replication"),
    "warmup_share": ("fraction", "assumed (the book's)", "share of each replication's frame times left out of the delay means (warm-up cut)"),
    "host_path_lengths": ("instructions/frame", "paper sec. 5.2 ('Fig. 5b'): up to and past 60 and 240 KLOCS", "Locate-mode video conferencing path lengths of the host sweep"),
    "adapter_path_lengths": ("instructions/frame", "paper sec. 5.2 (Fig. 5): around the 16-KLOCS knee", "Move-mode video conferencing path lengths of the adapter sweep"),
    "run_lengths": ("frames", "the book's (the paper's 2000 among them)", "replication lengths of the run-length experiment"),
    "move_file_transfer": ("", "paper sec. 5.5 (disk and ring 'operate in parallel'); the block is the book's", "Move mode's file transfer: 'pipelined' by 4-kB disk block, or 'serial' (disk, then ring)"),
    "i750": ("", "assumed (the paper does not say)", "the i750's discipline over compression, mixing, decompression: 'fcfs' or 'priority' (capture and compression first)"),
    "decompress_hold": ("frame times", "paper sec. 2 (single-stage pipelines 'run at the frame rate')", "shortest time the decompression stage holds a frame (1: clocked at the frame rate; 0.5: at twice the rate, as RTV's)"),
    "steady_frames": ("frames", "the book's (ten times the paper's 2000)", "frames of the one long run per configuration of the steady-state analysis (batch means)"),
    "infinite_servers": ("", "the book's (ablations only)", "FCFS stations replaced by infinite servers (none in the book's model)"),
    "adapter_rate": ("instruction/s", "assumed (the paper does not say): 80C186 at 16 MHz, ~10 clocks per instruction", "the adapters' 80C186 instruction rate"),
    "ipc_486_over_386": ("ratio", "assumed (the paper does not say): about twice, clock for clock", "the i486's instructions per clock over the i386's (calibrated) ones"),
}


@dataclass(frozen=True)
class Params:
    """The chapter's configuration: defaults are the paper's set-up (see :meth:`table`).

    The hardware and workload inputs (Table 1, sec. 2, the book's assumptions and its three
    calibrated numbers) are listed by :func:`mmperf.experiments.huynh1994.parameter_table`.

    Parameters
    ----------
    frames : int, default 2000
        Frames per video stream per replication in the grid and the single streams [frames], >= 20
        (sec. 4.2).
    replications : int, default 5
        Independent replications per configuration, >= 2 (sec. 4.2).
    sweep_frames : int, default 200
        Frames per replication in the two path-length sweeps [frames], >= 20 (the book's, for time).
    phases : {'random', 'aligned'}, default 'random'
        'random': each stream starts at a uniform phase within its frame time, drawn per
        replication; 'aligned': every stream starts at time 0 (the paper does not say).
    warmup_share : float, default 0.05
        Share of each replication's frame times left out of the delay means (warm-up cut)
        [fraction], in [0, 0.5).
    host_path_lengths : tuple of float, default HOST_PATH_LENGTHS
        Locate-mode video conferencing path lengths of the host sweep [instructions/frame],
        increasing (sec. 5.2: up to and past 60 and 240 KLOCS).
    adapter_path_lengths : tuple of float, default ADAPTER_PATH_LENGTHS
        Move-mode video conferencing path lengths of the adapter sweep [instructions/frame],
        increasing (sec. 5.2: around the 16-KLOCS knee).
    run_lengths : tuple of int, default RUN_LENGTHS
        Replication lengths of the run-length experiment [frames], increasing, each >= 20.
    steady_frames : int, default 20000
        Frames of the one long run per configuration of the steady-state analysis [frames], >= 200.
    move_file_transfer : {'pipelined', 'serial'}, default 'pipelined'
        Move mode's file transfer: pipelined by 4-kB disk block, or serial (disk, then ring);
        sec. 5.5.
    i750 : {'fcfs', 'priority'}, default 'fcfs'
        The i750's discipline over compression, mixing and decompression ('priority': capture and
        compression first); the paper does not say.
    decompress_hold : float, default 1.0
        Shortest time the decompression stage holds a frame [frame times] (1: clocked at the frame
        rate, sec. 2; 0.5: at twice the rate, as RTV's).
    infinite_servers : tuple of str, default ()
        Stations replaced by infinite servers (ablations only; none in the book's model).
    adapter_rate : float, default 1.6e6
        The adapters' 80C186 instruction rate [instructions/s], finite and > 0 (assumed: 16 MHz,
        about 10 clocks per instruction).
    ipc_486_over_386 : float, default 2.0
        The i486's instructions per clock over the i386's calibrated ones [ratio], finite and > 0
        (assumed: about twice, clock for clock).

    Raises
    ------
    ValueError
        If a count is not a whole number (``frames``, ``sweep_frames`` >= 20, ``replications`` >= 2),
        ``adapter_rate`` or ``ipc_486_over_386`` is not a finite number > 0,
        ``phases`` is not 'aligned' or 'random', ``warmup_share`` is not in [0, 0.5), or a path-length
        or run-length grid is not increasing and positive.
    """

    frames: int = PAPER_FRAMES
    replications: int = REPLICATIONS
    sweep_frames: int = SWEEP_FRAMES
    phases: str = "random"
    warmup_share: float = 0.05
    host_path_lengths: tuple = HOST_PATH_LENGTHS
    adapter_path_lengths: tuple = ADAPTER_PATH_LENGTHS
    run_lengths: tuple = RUN_LENGTHS
    steady_frames: int = 20_000
    move_file_transfer: str = "pipelined"
    i750: str = "fcfs"
    decompress_hold: float = 1.0
    infinite_servers: tuple = ()
    adapter_rate: float = ASSUMED["adapter_rate"][0]
    ipc_486_over_386: float = ASSUMED["ipc_486_over_386"][0]

    def __post_init__(self):
        for name, low in (("frames", 20), ("sweep_frames", 20), ("replications", 2), ("steady_frames", 200)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < low:
                raise ValueError(f"{name} must be a whole number >= {low}, got {v!r}")
        # the mechanism options are checked where they act (mmperf.hosts.ps2.Workload)
        Workload(mode="move", frame_rate=30.0, **self.mechanism())
        for name in ("adapter_rate", "ipc_486_over_386"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not (0 < v < 1e12):
                raise ValueError(f"{name} must be a finite number > 0, got {v!r}")
        if self.phases not in ("aligned", "random"):
            raise ValueError(f"phases must be 'aligned' or 'random', got {self.phases!r}")
        w = self.warmup_share
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not (0 <= w < 0.5):
            raise ValueError(f"warmup_share must be a number in [0, 0.5), got {w!r}")
        for name in ("host_path_lengths", "adapter_path_lengths", "run_lengths"):
            v = tuple(getattr(self, name))
            ok = len(v) >= 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 < x < 1e12
                                     for x in v) and list(v) == sorted(set(v))
            if not ok:
                raise ValueError(f"{name} must be at least two increasing positive numbers, got {getattr(self, name)!r}")
        if any(int(n) != n or n < 20 for n in self.run_lengths):
            raise ValueError(f"run_lengths must be whole numbers of frames >= 20, got {self.run_lengths!r}")

    def mechanism(self) -> dict:
        """The mechanism options every simulated configuration takes (:class:`mmperf.hosts.ps2.Workload` fields)."""
        return {"move_file_transfer": self.move_file_transfer, "i750": self.i750,
                "decompress_hold": self.decompress_hold, "infinite_servers": tuple(self.infinite_servers)}

    def warmup(self, frames: int) -> int:
        """Frames cut at the start of a replication of ``frames`` frames."""
        return int(round(self.warmup_share * frames))

    def with_(self, **changes) -> "Params":
        """A copy with some fields changed."""
        return replace(self, **changes)

    def table(self) -> pd.DataFrame:
        """Every parameter with its value, unit, source and description (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)
