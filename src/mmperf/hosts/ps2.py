"""A queueing-network model of an IBM PS/2 in a video conference (SCB Locate vs Move mode).

The model follows Huynh & Khoshgoftaar (1994), who built it in RESQ: a set of
open chains (outgoing video, one or two incoming video streams, a background
video file transfer) flowing through the stations of one participant's
PS/2. Here it is a discrete-event simulation with two engines that run the
same model: a SimPy model (``_Model``, the readable reference) and a compiled
event loop (:mod:`mmperf.hosts._ps2_core`, the default, 17 times faster on the
chapter's heaviest configuration), tested against each other.

Stations
--------
``host``
    The host processor (i386 25 MHz or i486 50 MHz), FCFS, executing software
    path lengths in instructions at ``Hardware.host_instructions_per_s``.
``memory``
    System memory behind the dual-path controller: host-path requests (the
    host's memory cycles, ``memory_cycles_per_instruction`` per instruction at
    the host clock, shortened by ``memory_burst_factor``) and channel-path
    requests (DMA at ``memory_bandwidth``) are buffered, so the requester goes
    on working *concurrently* with the memory: a host burst ends when both its
    processor time and its memory requests are done, a DMA transfer when both
    the channel and the memory are. One controller serves the requests of both
    paths in arrival order (the book merges the two FIFOs; their arbitration
    is not modelled).
``channel``
    The Micro Channel, processor sharing at ``channel_rate`` bytes/s (13.33
    MB/s, or 40 MB/s streaming on the 486).
``video-adapter``, ``ring-adapter``, ``scsi-adapter``
    The 80C186 control processor of each adapter, FCFS at
    ``adapter_instructions_per_s``; in Move mode its queue *is* the delivery
    pipe of control elements from the other adapters.
``i750``
    The pixel processor: one FCFS processor serving three task classes,
    compression (``compress_work`` per captured frame), mixing (``mix_time`` per
    composite frame) and decompression (``decompress_work`` per displayed frame).
``compress-stage``, ``decompress-stage``
    The single-stage pipelines clocked at the frame rate (sec. 2): a stage holds
    one frame at a time, from its entry until the later of one frame time and
    the end of the i750 work the frame needs; a frame that finds the stage
    occupied waits (pipeline queuing). A stage therefore books one frame time
    per frame at one frame per frame time: utilization 1, the paper's own
    definition, so a stage fed at irregular times has no steady state (its wait
    is the running maximum of the arrival jitter, see :func:`stage_wait_bound`).
``disk``
    The SCSI disk: ``disk_request_overhead`` per request of up to
    ``disk_request_bytes`` plus the bytes at ``disk_media_rate``.
``ring``
    The 16 Mb/s token ring, FCFS over every packet of the conference (token
    waiting is negligible, as the paper assumes).

Locate mode: the host runs the video conferencing software
(``Workload.vc_instructions`` per frame), network support and file system per
request, builds a control block for every adapter operation and may have one
request outstanding per device (a device token; waiting for it is the
*operating-system queuing*); data pass through system memory (two channel
transfers). Move mode: the host runs ``stream_start_instructions`` once per
stream; the video adapter's 80C186 runs the video conferencing code, adapters
exchange control elements through delivery pipes and move data adapter to
adapter (one channel transfer). Move mode's file transfer is pipelined by disk
block by default (``Workload.move_file_transfer``): the disk reads block
:math:`b + 1` while the ring adapter moves and sends block :math:`b`, so the
two slow subsystems "operate in parallel" (sec. 5.5) and a frame takes about
the larger of the disk's and the ring's times, plus the 80C186s' work.

References
----------
K. D. Huynh, T. M. Khoshgoftaar, *A performance analysis of personal
computers in a video conferencing environment*, Multimedia Systems, 1994,
secs. 2-4 and Table 1.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields, replace

import numpy as np
import pandas as pd
import simpy

from mmperf.hosts import _ps2_core
from mmperf.networks.queueing import FCFSStation, PSStation
from mmperf import _validate

__all__ = ["Hardware", "Workload", "Replication", "simulate", "describe", "stage_wait_bound", "COMPONENTS", "MODES", "MOVE_FILE_TRANSFERS", "I750_DISCIPLINES",
           "ENGINES",
           "CHAINS"]

MODES = ("locate", "move")
"""The two SCB operating modes."""

I750_DISCIPLINES = ("fcfs", "priority")
"""The i750's disciplines: one FCFS queue, or capture and compression first."""

MOVE_FILE_TRANSFERS = ("pipelined", "serial")
"""Move mode's file transfer: disk and ring in parallel by block, or one after the other."""

CHAINS = ("send", "receive", "file")
"""Open chains: outgoing video (compress/send), incoming video (receive/decompress), file transfer."""

COMPONENTS = (
    "compress/decompress",
    "video conferencing software",
    "network software",
    "file system software",
    "data transfers",
    "queuing",
    "mixing",
)
"""Delay components recorded per frame (``queuing`` is device-driver queuing in Locate
mode and delivery-pipe / adapter queuing in Move mode)."""

_C = {name: i for i, name in enumerate(COMPONENTS)}


def _positive(obj, name: str, *, allow_zero: bool = False) -> None:
    label = f"{type(obj).__name__}.{name}"
    value = getattr(obj, name)
    _validate.non_negative(value, label) if allow_zero else _validate.positive(value, label)


@dataclass(frozen=True)
class Hardware:
    """Physical parameters of one PS/2 system and its adapters.

    All times in seconds, rates in instructions/s, bytes/s or bits/s.
    The paper's values (and the book's assumptions) are assembled with their
    sources in the Huynh chapter's experiment module (``experiments/huynh1994``).

    Parameters
    ----------
    name : str
        The system's name (``"386"``, ``"486"``), non-empty.
    host_clock_hz : float
        Host processor clock [Hz].
    host_instructions_per_s : float
        Host processor speed [instructions/s]: the time of a software path length.
    memory_cycles_per_instruction : float
        Memory cycles (at the host clock) each host instruction requests from the memory
        controller (may be 0).
    memory_burst_factor : float
        Share, in (0, 1], of those cycles a burst line fill takes (1: no burst mode).
    memory_bandwidth : float
        Memory's rate for channel-path (DMA) transfers [bytes/s].
    channel_rate : float
        Micro Channel rate, shared by its transfers [bytes/s].
    adapter_instructions_per_s : float
        Speed of each adapter's 80C186 control processor [instructions/s].
    adapter_scb_instructions : float
        80C186 instructions to decode or build one control block or element (may be 0).
    control_block_bytes : float
        Bytes of the control block or element added to every channel transfer (may be 0).
    compress_work, decompress_work : float
        i750 time to compress one captured frame, and to decompress one displayed frame [s].
    mix_time : float
        i750 time to mix one composite frame [s].
    disk_request_bytes : float
        Largest disk request [bytes]; a file frame takes ``ceil(bytes / disk_request_bytes)``.
    disk_request_overhead : float
        Time of one disk request besides its data transfer [s] (may be 0).
    disk_media_rate : float
        The disk's sustained media rate [bytes/s].
    ring_bit_rate : float
        Token ring rate [bits/s].
    ring_frame_overhead_bytes : float
        MAC bytes added to every ring packet (may be 0).

    Raises
    ------
    ValueError, TypeError
        If a field is not a positive finite number (those marked "may be 0" may be 0), ``name``
        is empty, or ``memory_burst_factor`` exceeds 1.
    """

    name: str
    host_clock_hz: float
    host_instructions_per_s: float
    memory_cycles_per_instruction: float
    memory_burst_factor: float
    memory_bandwidth: float
    channel_rate: float
    adapter_instructions_per_s: float
    adapter_scb_instructions: float
    control_block_bytes: float
    compress_work: float
    decompress_work: float
    mix_time: float
    disk_request_bytes: float
    disk_request_overhead: float
    disk_media_rate: float
    ring_bit_rate: float
    ring_frame_overhead_bytes: float

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"Hardware.name must be a non-empty string, got {self.name!r}")
        zero_ok = {"memory_cycles_per_instruction", "control_block_bytes", "ring_frame_overhead_bytes",
                   "adapter_scb_instructions", "disk_request_overhead"}
        for f in fields(self):
            if f.name != "name":
                _positive(self, f.name, allow_zero=f.name in zero_ok)
        if self.memory_burst_factor > 1:
            raise ValueError(f"Hardware.memory_burst_factor must be in (0, 1], got {self.memory_burst_factor!r}")


@dataclass(frozen=True)
class Workload:
    """What one participant's PS/2 carries.

    Parameters
    ----------
    mode : {'locate', 'move'}
        SCB operating mode.
    frame_rate : float
        Video frame rate [frames/s]; frames arrive deterministically.
    outgoing : bool
        Whether the participant sends its own video (compress/send chain).
    incoming_streams : int
        Incoming video streams: 1 with central mixing, 2 with fully distributed
        mixing in a three-way conference (then mixed on the i750), 0 for none.
    file_transfer : bool
        Whether the background video file transfer (disk to ring) runs.
    file_frame_rate : float
        Frame rate of the file transfer [frames/s] (30 in the paper).
    mean_frame_bytes : float
        Mean compressed frame size [bytes]; sizes are exponential.
    vc_instructions : float
        Video conferencing path length per frame [instructions], on the host in
        Locate mode and on the video adapter's 80C186 in Move mode.
    network_instructions, file_system_instructions : float
        Host path lengths per network / file-system request [instructions] (Locate mode).
    stream_start_instructions : float
        Host path length to start one stream in Move mode [instructions].
    frames : int
        Frames per video stream in a replication (the file transfer runs over the same time).
    phases : {'aligned', 'random'}
        'aligned': every stream's first frame arrives at time 0, as the
        deterministic sources of a RESQ model start together; 'random': each
        stream starts at a uniform random phase within its frame time.
    warmup_frames : int
        Frame times at the start of a replication whose frames are left out of the
        delay means (the warm-up cut; utilizations cover the whole horizon).
    move_file_transfer : {'pipelined', 'serial'}
        Move mode's file transfer. 'pipelined' (sec. 5.5: Move mode "allows these two slow
        subsystems to operate in parallel"): the disk reads the frame's blocks of
        ``Hardware.disk_request_bytes`` back to back while the ring adapter pulls each block
        read over the channel and sends it as its own packet. 'serial': the whole frame is read
        from disk, then moved and sent as one packet (the disk and the ring one after the other).
    i750 : {'fcfs', 'priority'}
        The i750's discipline over compression, mixing and decompression. 'fcfs': one queue
        in arrival order. 'priority': capture and compression first, preemptive: a
        compression starts when its frame enters the stage and the other tasks are served,
        first come first served, in the time compression leaves (needs a compression that
        fits in a frame time).
    decompress_hold : float
        Shortest time the decompression stage holds a frame, as a share of the frame time
        (in [0, 1]): 1 is a stage clocked at the frame rate (sec. 2), 0.5 at twice the frame
        rate (the RTV decompression pipeline, sec. 2), 0 only the i750's work.
    infinite_servers : tuple of str
        FCFS stations (``_ps2_core.FCFS_NAMES``: host, memory, the three adapters, disk,
        ring, i750) replaced by infinite servers, where no job waits (ablations).

    Raises
    ------
    ValueError, TypeError
        If a parameter is out of range.
    """

    mode: str
    frame_rate: float
    outgoing: bool = True
    incoming_streams: int = 1
    file_transfer: bool = True
    file_frame_rate: float = 30.0
    mean_frame_bytes: float = 8192.0
    vc_instructions: float = 15_000.0
    network_instructions: float = 5_000.0
    file_system_instructions: float = 5_000.0
    stream_start_instructions: float = 5_000.0
    frames: int = 2000
    phases: str = "aligned"
    warmup_frames: int = 0
    move_file_transfer: str = "pipelined"
    i750: str = "fcfs"
    decompress_hold: float = 1.0
    infinite_servers: tuple = ()

    def __post_init__(self):
        if self.phases not in ("aligned", "random"):
            raise ValueError(f"Workload.phases must be 'aligned' or 'random', got {self.phases!r}")
        if self.move_file_transfer not in MOVE_FILE_TRANSFERS:
            raise ValueError(f"Workload.move_file_transfer must be one of {MOVE_FILE_TRANSFERS}, "
                             f"got {self.move_file_transfer!r}")
        if self.i750 not in I750_DISCIPLINES:
            raise ValueError(f"Workload.i750 must be one of {I750_DISCIPLINES}, got {self.i750!r}")
        _validate.fraction(self.decompress_hold, "Workload.decompress_hold")
        if (not isinstance(self.infinite_servers, tuple)
                or not set(self.infinite_servers) <= set(_ps2_core.FCFS_NAMES)):
            raise ValueError(f"Workload.infinite_servers must be a tuple of names from {_ps2_core.FCFS_NAMES}, "
                             f"got {self.infinite_servers!r}")
        if self.mode not in MODES:
            raise ValueError(f"Workload.mode must be one of {MODES}, got {self.mode!r}")
        for name in ("outgoing", "file_transfer"):
            _validate.flag(getattr(self, name), f"Workload.{name}")
        for name in ("frame_rate", "file_frame_rate", "mean_frame_bytes"):
            _positive(self, name)
        for name in ("vc_instructions", "network_instructions", "file_system_instructions",
                     "stream_start_instructions"):
            _positive(self, name, allow_zero=True)
        if not (isinstance(self.incoming_streams, (int, np.integer)) and 0 <= self.incoming_streams <= 8):
            raise ValueError(f"Workload.incoming_streams must be an int in 0..8, got {self.incoming_streams!r}")
        if not (isinstance(self.frames, (int, np.integer)) and self.frames >= 2):
            raise ValueError(f"Workload.frames must be an int >= 2, got {self.frames!r}")
        if (isinstance(self.warmup_frames, bool) or not isinstance(self.warmup_frames, (int, np.integer))
                or not 0 <= self.warmup_frames <= self.frames - 2):
            raise ValueError(f"Workload.warmup_frames must be an int in 0..frames - 2 ({self.frames - 2}), "
                             f"got {self.warmup_frames!r}")
        # up to ten streams' per-frame records of a few numbers each
        _validate.size(64 * int(self.frames), "Workload.frames (64 recorded numbers per frame)")
        if not (self.outgoing or self.incoming_streams or self.file_transfer):
            raise ValueError("Workload must carry at least one stream (outgoing, incoming_streams or file_transfer)")

    @property
    def mixing(self) -> str:
        """'distributed' when several incoming streams are mixed locally, else 'central'."""
        return "distributed" if self.incoming_streams > 1 else "central"

    @property
    def horizon(self) -> float:
        """Simulated time over which frames arrive and utilization is measured [s]."""
        return self.frames / self.frame_rate


@dataclass(frozen=True)
class Replication:
    """One replication of :func:`simulate`.

    Parameters
    ----------
    stations : pandas.DataFrame
        One row per station: ``station``, ``utilization`` [fraction of the horizon],
        ``arrivals``, ``departures``, ``in_system`` (0 once drained), ``busy`` [s].
    host_by_workload : pandas.DataFrame
        Host utilization split by workload (``video``, ``file``, ``start``).
    delays : pandas.DataFrame
        Per chain and component: ``mean`` and ``min`` delay per frame [s]
        (component ``total`` is the end-to-end delay of the chain).
    frames : pandas.DataFrame
        Frames generated and completed per chain.
    records : dict or None
        With ``simulate(..., keep_records=True)``: per chain, one row per frame (incoming
        streams one after the other), columns :data:`COMPONENTS`, the total delay [s] and the
        frame's start time [s] (NaN for a frame not completed); else None.
    """

    stations: pd.DataFrame
    host_by_workload: pd.DataFrame
    delays: pd.DataFrame
    frames: pd.DataFrame
    records: dict | None = None


class _Token:
    """One outstanding request per device (Locate mode): a FIFO lock that costs
    no SimPy event when it is free."""

    __slots__ = ("env", "busy", "waiters")

    def __init__(self, env: simpy.Environment):
        self.env = env
        self.busy = False
        self.waiters: list = []

    def acquire(self):
        """Take the token; return None if granted now, else an event to wait for."""
        if not self.busy:
            self.busy = True
            return None
        ev = self.env.event()
        self.waiters.append(ev)
        return ev

    def release(self) -> None:
        if self.waiters:
            self.waiters.pop(0).succeed()  # hand over; stays busy
        else:
            self.busy = False


class _Stage:
    """A single-stage pipeline clocked at the frame rate: one frame at a time, each held for
    at least one frame time (sec. 2), queued FIFO when the stage is occupied."""

    __slots__ = ("name", "token", "horizon", "arrivals", "departures", "busy", "wait_total")

    def __init__(self, env: simpy.Environment, name: str, *, horizon: float):
        self.name, self.token, self.horizon = name, _Token(env), horizon
        self.arrivals = self.departures = 0
        self.busy = self.wait_total = 0.0

    def stats(self) -> dict:
        return {"station": self.name, "arrivals": self.arrivals, "departures": self.departures,
                "in_system": self.arrivals - self.departures, "busy": self.busy,
                "utilization": self.busy / self.horizon, "wait_total": self.wait_total}


class _PriorityI750(FCFSStation):
    """The i750 with capture and compression first (``Workload.i750 = 'priority'``): a compression
    starts at once, preempting; mixing and decompression are served first come first served in the
    time the compressions leave, ``[phase + k T, phase + k T + busy)`` for captured frame ``k``
    (:func:`mmperf.hosts._ps2_core.preempted_end`), since captured frames enter the compression
    stage exactly at the frame rate when a compression fits in a frame time."""

    def __init__(self, env, name, *, horizon, phase, period, busy, frames):
        super().__init__(env, name, horizon=horizon)
        self._phase, self._period, self._busy, self._frames = phase, period, busy, frames

    def _book(self, s: float, tag: str) -> tuple[float, float]:
        now = self.env.now
        if tag == "compress-stage":
            start, end = now, now + s
        else:
            start = self._free_at if self._free_at > now else now
            end = _ps2_core.preempted_end(start, s, self._phase, self._period, self._busy, self._frames)
            self._free_at = end
        self._count(start, end, s, tag)
        return start, end


class _Model:
    """One replication: stations, chains and per-frame records (no globals)."""

    def __init__(self, hw: Hardware, wl: Workload, rng: np.random.Generator):
        self.hw, self.wl = hw, wl
        self.env = env = simpy.Environment()
        self.locate = wl.mode == "locate"
        self.T = wl.horizon
        h = self.T
        inputs = _draw_inputs(wl, rng)

        def fcfs(name):
            return FCFSStation(env, name, horizon=h, infinite=name in wl.infinite_servers)

        self.host = fcfs("host")
        self.memory = fcfs("memory")
        self.channel = PSStation(env, "channel", rate=hw.channel_rate, horizon=h)
        self.adapter = {name: fcfs(f"{name}-adapter") for name in ("video", "ring", "scsi")}
        self.frame_time = 1.0 / wl.frame_rate
        if wl.i750 == "priority" and "i750" not in wl.infinite_servers:
            self.i750 = _PriorityI750(env, "i750", horizon=h, phase=float(inputs["phases"][0]), period=self.frame_time,
                                      busy=hw.compress_work, frames=wl.frames if wl.outgoing else 0)
        else:
            self.i750 = fcfs("i750")
        self.compress = _Stage(env, "compress-stage", horizon=h)
        self.decompress = _Stage(env, "decompress-stage", horizon=h)
        self.decompress_hold = wl.decompress_hold * (1.0 / wl.frame_rate)
        self.disk = fcfs("disk")
        self.ring = fcfs("ring")
        self.token = {name: _Token(env) for name in ("video", "ring", "scsi")}
        self.mem_per_instr = hw.memory_cycles_per_instruction * hw.memory_burst_factor / hw.host_clock_hz
        self._pending: dict[int, list] = {}
        n = wl.frames
        n_file = self.n_file = len(inputs["file_sizes"])
        # plain Python floats: numpy scalars are slow in the per-event arithmetic
        self.out_sizes = inputs["out_sizes"].tolist()
        self.in_sizes = [a.tolist() for a in inputs["in_sizes"]]
        self.file_sizes = inputs["file_sizes"].tolist()
        phases = inputs["phases"].tolist()
        self.out_phase, self.in_phase, self.file_phase = phases[0], phases[1:-1], phases[-1]
        # records: chain -> array (frames x (components, total, source time))
        width = len(COMPONENTS) + 2
        self.records = {
            "send": np.full((n if wl.outgoing else 0, width), np.nan),
            "receive": np.full((n * wl.incoming_streams, width), np.nan),
            "file": np.full((n_file, width), np.nan),
        }

    # ------------------------------------------------------------------ building blocks
    def _host(self, instructions: float, tag: str):
        """Host burst: processor and its memory requests, concurrently (dual-path controller)."""
        if instructions <= 0:
            return
        hw = self.hw
        _, cpu_end = self.host._book(instructions / hw.host_instructions_per_s, tag)
        end = cpu_end
        mem = self.mem_per_instr * instructions
        if mem > 0:
            _, mem_end = self.memory._book(mem, "host-path")
            end = max(end, mem_end)
        yield self.env.timeout(end - self.env.now)
        self.host.leave()
        if mem > 0:
            self.memory.leave()

    def _adapter(self, name: str, instructions: float, tag: str):
        """80C186 work; returns (wait, service)."""
        station = self.adapter[name]
        now = self.env.now
        start, end = station._book(instructions / self.hw.adapter_instructions_per_s, tag)
        yield self.env.timeout(end - now)
        station.leave()
        return start - now, end - start

    def _transfer(self, nbytes: float, *, via_memory: bool, tag: str):
        """One Micro Channel transfer (plus its control block), through memory in Locate mode."""
        total = nbytes + self.hw.control_block_bytes
        mem_end = None
        if via_memory:
            _, mem_end = self.memory._book(total / self.hw.memory_bandwidth, "channel-path")
        yield from self.channel.serve(total, tag=tag)
        if via_memory:
            if mem_end > self.env.now:
                yield self.env.timeout(mem_end - self.env.now)
            self.memory.leave()

    def _transmit(self, nbytes: float, tag: str):
        bits = (nbytes + self.hw.ring_frame_overhead_bytes) * 8
        yield from self.ring._serve(bits / self.hw.ring_bit_rate, tag)

    def _locate_io(self, device: str, c: np.ndarray, nbytes: float, tag: str, *, extra=None, scb_count: int = 1):
        """A Locate-mode adapter operation: wait for the device token (OS queuing),
        the adapter fetches and decodes the control block, data move through memory,
        optional extra work (disk or ring) while the request is outstanding."""
        env = self.env
        t = env.now
        token = self.token[device]
        wait = token.acquire()
        if wait is not None:
            yield wait
        c[_C["queuing"]] += env.now - t
        t = env.now
        yield from self._adapter(device, scb_count * self.hw.adapter_scb_instructions, tag)
        if extra is not None and extra[0] == "before":
            yield from extra[1]
        yield from self._transfer(nbytes, via_memory=True, tag=tag)
        if extra is not None and extra[0] == "after":
            yield from extra[1]
        token.release()
        c[_C["data transfers"]] += env.now - t

    def _host_step(self, instructions: float, c: list, component: str, tag: str):
        """Locate mode: the host runs ``instructions`` (a :meth:`_host` burst), counted as ``component``."""
        t = self.env.now
        yield from self._host(instructions, tag)
        c[_C[component]] += self.env.now - t

    def _move_step(self, adapter: str, instructions: float, c: list, component: str, tag: str):
        """Move mode: a control element waits in the adapter's delivery pipe (queuing),
        then the adapter's 80C186 runs ``instructions`` (counted as ``component``)."""
        wait, service = yield from self._adapter(adapter, instructions, tag)
        c[_C["queuing"]] += wait
        c[_C[component]] += service

    def _move_to_ring(self, size: float, c: list, tag: str):
        """Move mode: the ring adapter takes the control element, pulls the data
        adapter to adapter over the channel and sends the packet."""
        yield from self._move_step("ring", self.hw.adapter_scb_instructions, c, "network software", tag)
        t = self.env.now
        yield from self._transfer(size, via_memory=False, tag=tag)
        yield from self._transmit(size, tag)
        c[_C["data transfers"]] += self.env.now - t

    def _stage(self, stage: _Stage, work: float):
        """Pass one frame through a clocked single-stage pipeline; the i750 does ``work`` for it
        (FCFS with its other task classes) while the frame is in the stage."""
        env = self.env
        t = env.now
        stage.arrivals += 1
        wait = stage.token.acquire()
        if wait is not None:
            yield wait
        entry = env.now
        _, work_end = self.i750._book(work, stage.name)
        leave = max(entry + (self.frame_time if stage is self.compress else self.decompress_hold), work_end)
        yield env.timeout(leave - entry)
        self.i750.leave()
        stage.token.release()
        stage.departures += 1
        stage.wait_total += entry - t
        stage.busy += max(0.0, min(leave, stage.horizon) - min(entry, stage.horizon))

    def _display(self, k: int, c: np.ndarray):
        """Mix (distributed: wait for frame k of every incoming stream) and decompress."""
        env, wl = self.env, self.wl
        t = env.now
        if wl.incoming_streams > 1:
            entry = self._pending.get(k)
            if entry is None:
                entry = self._pending[k] = [0, env.event()]
            entry[0] += 1
            if entry[0] < wl.incoming_streams:
                mix_done, dec_done = yield entry[1]
            else:
                del self._pending[k]
                yield from self.i750._serve(self.hw.mix_time, "mixer")
                mix_done = env.now
                yield from self._stage(self.decompress, self.hw.decompress_work)
                dec_done = env.now
                entry[1].succeed((mix_done, dec_done))
            c[_C["mixing"]] += mix_done - t
            c[_C["compress/decompress"]] += dec_done - mix_done
        else:
            yield from self._stage(self.decompress, self.hw.decompress_work)
            c[_C["compress/decompress"]] += env.now - t

    # ------------------------------------------------------------------ chains
    def _send(self, k: int):
        env, hw, wl = self.env, self.hw, self.wl
        row = self.records["send"][k]
        c = [0.0] * len(COMPONENTS)
        t0 = env.now
        size = self.out_sizes[k]
        yield from self._stage(self.compress, hw.compress_work)
        c[_C["compress/decompress"]] += env.now - t0
        if self.locate:
            yield from self._host_step(wl.vc_instructions, c, "video conferencing software", "video")
            yield from self._locate_io("video", c, size, "video")
            yield from self._host_step(wl.network_instructions, c, "network software", "video")
            yield from self._locate_io("ring", c, size, "video", extra=("after", self._transmit(size, "video")))
        else:
            yield from self._move_step("video", wl.vc_instructions + hw.adapter_scb_instructions, c,
                                       "video conferencing software", "video")
            yield from self._move_to_ring(size, c, "video")
        row[:-2] = c
        row[-2] = env.now - t0
        row[-1] = t0

    def _receive(self, s: int, k: int):
        env, hw, wl = self.env, self.hw, self.wl
        row = self.records["receive"][s * wl.frames + k]
        c = [0.0] * len(COMPONENTS)
        size = self.in_sizes[s][k]
        yield from self._transmit(size, "incoming")  # the remote sender's packet on the ring
        t0 = env.now  # the frame is read from the ring
        if self.locate:
            yield from self._host_step(wl.network_instructions, c, "network software", "video")
            yield from self._locate_io("ring", c, size, "video")
            yield from self._host_step(wl.vc_instructions, c, "video conferencing software", "video")
            yield from self._locate_io("video", c, size, "video")
        else:
            yield from self._move_step("ring", hw.adapter_scb_instructions, c, "network software", "video")
            yield from self._move_step("video", wl.vc_instructions + hw.adapter_scb_instructions, c,
                                       "video conferencing software", "video")
            t = env.now
            yield from self._transfer(size, via_memory=False, tag="video")
            c[_C["data transfers"]] += env.now - t
        yield from self._display(k, c)
        row[:-2] = c
        row[-2] = env.now - t0
        row[-1] = t0

    def _disk_read(self, size: float, n_req: int):
        hw = self.hw
        yield from self.disk._serve(n_req * hw.disk_request_overhead + size / hw.disk_media_rate, "file")

    def _move_pipelined(self, size: float, n_req: int, c: list):
        """Move mode, pipelined by block: the disk reads the frame's blocks back to back (booked at
        once, one SCSI read of ``n_req`` blocks) while the ring adapter pulls each block that is read
        over the channel and sends it as its own packet: disk and ring work in parallel."""
        env, hw = self.env, self.hw
        t = env.now
        ends = [self.disk._book(hw.disk_request_overhead + b / hw.disk_media_rate, "file")[1]
                for b in _blocks(size, n_req, hw.disk_request_bytes)]
        for b, end in zip(_blocks(size, n_req, hw.disk_request_bytes), ends):
            if end > env.now:
                yield env.timeout(end - env.now)
            self.disk.leave()
            yield from self._transfer(b, via_memory=False, tag="file")
            yield from self._transmit(b, "file")
        c[_C["data transfers"]] += env.now - t

    def _file(self, k: int):
        env, hw, wl = self.env, self.hw, self.wl
        row = self.records["file"][k]
        c = [0.0] * len(COMPONENTS)
        t0 = env.now
        size = self.file_sizes[k]
        n_req = max(1, int(math.ceil(size / hw.disk_request_bytes)))
        if self.locate:
            yield from self._host_step(n_req * wl.file_system_instructions, c, "file system software", "file")
            yield from self._locate_io("scsi", c, size, "file", extra=("before", self._disk_read(size, n_req)),
                                       scb_count=n_req)
            yield from self._host_step(wl.network_instructions, c, "network software", "file")
            yield from self._locate_io("ring", c, size, "file", extra=("after", self._transmit(size, "file")))
        elif wl.move_file_transfer == "serial":
            yield from self._move_step("scsi", n_req * hw.adapter_scb_instructions, c, "file system software", "file")
            t = env.now
            yield from self._disk_read(size, n_req)
            c[_C["data transfers"]] += env.now - t
            yield from self._move_to_ring(size, c, "file")
        else:
            yield from self._move_step("scsi", n_req * hw.adapter_scb_instructions, c, "file system software", "file")
            yield from self._move_step("ring", hw.adapter_scb_instructions, c, "network software", "file")
            yield from self._move_pipelined(size, n_req, c)
        row[:-2] = c
        row[-2] = env.now - t0
        row[-1] = t0

    # ------------------------------------------------------------------ sources
    def _source(self, n: int, phase: float, period: float, make):
        env = self.env
        for k in range(n):
            yield env.timeout(phase + k * period - env.now)
            env.process(make(k))

    def _start_streams(self):
        n_streams = int(self.wl.outgoing) + self.wl.incoming_streams + int(self.wl.file_transfer)
        yield from self._host(n_streams * self.wl.stream_start_instructions, "start")

    def run(self) -> Replication:
        env, wl = self.env, self.wl
        if not self.locate:
            env.process(self._start_streams())
        if wl.outgoing:
            env.process(self._source(wl.frames, self.out_phase, self.frame_time, self._send))
        for s in range(wl.incoming_streams):
            env.process(self._source(wl.frames, self.in_phase[s], self.frame_time,
                                     lambda k, s=s: self._receive(s, k)))
        if self.n_file:
            env.process(self._source(self.n_file, self.file_phase, 1.0 / wl.file_frame_rate, self._file))
        env.run()
        return self._results()

    def _results(self) -> Replication:
        stations = [st.stats() for st in (self.host, self.memory, self.channel, *self.adapter.values(), self.disk,
                                          self.ring, self.i750, self.compress, self.decompress)]
        return _replication(self.wl, stations, dict(self.host.busy_by_tag), self.records, keep_records=True)


def _blocks(size: float, n_req: int, block: float) -> list[float]:
    """Bytes of each of the ``n_req`` disk requests of a ``size``-byte frame: full blocks, then the rest."""
    return [block] * (n_req - 1) + [size - (n_req - 1) * block]


def _draw_inputs(wl: Workload, rng: np.random.Generator) -> dict:
    """The random inputs of one replication, drawn in a fixed order (both engines use them).

    Returns ``out_sizes`` (``wl.frames``), ``in_sizes`` (``incoming_streams`` x ``frames``),
    ``file_sizes`` [bytes] and ``phases`` (outgoing, each incoming stream, file) [s], all 0
    with aligned phases.
    """
    n, frame_time = wl.frames, 1.0 / wl.frame_rate
    n_file = int(math.floor(wl.horizon * wl.file_frame_rate)) if wl.file_transfer else 0
    mean = wl.mean_frame_bytes
    out_sizes = rng.exponential(mean, n)
    out_phase = rng.uniform(0, frame_time)
    in_sizes = [rng.exponential(mean, n) for _ in range(wl.incoming_streams)]
    in_phase = [rng.uniform(0, frame_time) for _ in range(wl.incoming_streams)]
    file_sizes = rng.exponential(mean, n_file)
    file_phase = rng.uniform(0, 1.0 / wl.file_frame_rate)
    phases = np.array([out_phase, *in_phase, file_phase], dtype=float)
    if wl.phases == "aligned":
        phases[:] = 0.0
    return {"out_sizes": out_sizes, "in_sizes": np.array(in_sizes, dtype=float).reshape(wl.incoming_streams, n),
            "file_sizes": file_sizes, "phases": phases}


def _replication(wl: Workload, stations: list[dict], host_busy_by_tag: dict, records: dict, *,
                 keep_records: bool = False) -> Replication:
    """Assemble a :class:`Replication` from station counters (``stats()`` dicts in the report's
    order), the host's busy time per tag and the per-frame records of each chain."""
    T = wl.horizon
    columns = ["station", "utilization", "arrivals", "departures", "in_system", "busy"]
    stations = pd.DataFrame({c: [row[c] for row in stations] for c in columns})  # columns: fast to build
    tags = sorted(host_busy_by_tag.items())
    host_tags = pd.DataFrame({"workload": [tag for tag, _ in tags], "utilization": [busy / T for _, busy in tags]})
    delays = {"chain": [], "component": [], "mean": [], "min": []}
    frames = {"chain": [], "generated": [], "completed": []}
    warmup = wl.warmup_frames / wl.frame_rate
    for chain, rec in records.items():
        if rec.shape[0] == 0:
            continue
        done = ~np.isnan(rec[:, -2])
        for key, value in zip(frames, (chain, rec.shape[0], int(done.sum()))):
            frames[key].append(value)
        r = rec[done & (rec[:, -1] >= warmup - 1e-12)]
        for j, comp in enumerate((*COMPONENTS, "total")):
            for key, value in zip(delays, (chain, comp, float(r[:, j].mean()), float(r[:, j].min()))):
                delays[key].append(value)
    return Replication(stations=stations, host_by_workload=host_tags, delays=pd.DataFrame(delays),
                       frames=pd.DataFrame(frames), records=records if keep_records else None)


def _simulate_compiled(hw: Hardware, wl: Workload, rng: np.random.Generator, keep_records: bool = False) -> Replication:
    """One replication on the compiled engine (:mod:`mmperf.hosts._ps2_core`)."""
    inputs = _draw_inputs(wl, rng)
    raw = _ps2_core.run_model(hw, wl, inputs["out_sizes"] if wl.outgoing else np.empty(0), inputs["in_sizes"],
                              inputs["file_sizes"], inputs["phases"])
    T = wl.horizon
    (fc, fci), (stf, sti) = raw["fcfs"], raw["stages"]

    def row(name, busy, arrivals, departures):
        return {"station": name, "arrivals": int(arrivals), "departures": int(departures),
                "in_system": int(arrivals - departures), "busy": float(busy), "utilization": float(busy) / T}

    names = ["host", "memory", "video-adapter", "ring-adapter", "scsi-adapter", "disk", "ring", "i750"]
    fcfs = [row(name, fc[i, 1], fci[i, 0], fci[i, 1]) for i, name in enumerate(names)]
    stations = [*fcfs[:2], row("channel", *raw["channel"]), *fcfs[2:],
                row("compress-stage", stf[0], *sti[0]), row("decompress-stage", stf[1], *sti[1])]
    tags = {tag: float(raw["host_tags"][i, 0]) for i, tag in enumerate(("video", "file", "start"))
            if raw["host_tags"][i, 1]}
    return _replication(wl, stations, tags, raw["records"], keep_records=keep_records)


ENGINES = ("compiled", "simpy")
"""Engines of :func:`simulate`: the compiled event loop and the SimPy reference model."""


def simulate(hardware: Hardware, workload: Workload, *, rng: np.random.Generator,
             engine: str = "compiled", keep_records: bool = False) -> Replication:
    """Run one replication of the PS/2 video-conferencing model.

    Parameters
    ----------
    hardware : Hardware
        The system (386 or 486) and its adapters.
    workload : Workload
        Mode, frame rate, streams and path lengths.
    rng : numpy.random.Generator
        Randomness for frame sizes and stream phases (from :func:`mmperf.seeds.rng`).
    engine : {'compiled', 'simpy'}
        'compiled' (default): the explicit event loop of :mod:`mmperf.hosts._ps2_core`;
        'simpy': the SimPy model, the reference it is tested against. Both draw the
        same inputs and take simultaneous events in the same order, so they return
        the same replication (to rounding).
    keep_records : bool, default False
        Keep every frame's delay components (``Replication.records``), e.g. for a steady-state
        analysis of one long run (:func:`mmperf.metrics.replications.batch_means`).

    Returns
    -------
    Replication
        Station utilizations and counts, host load by workload, delay components.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``engine`` is not one of :data:`ENGINES`.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 4.1 (models), Table 1 (inputs).

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> hw = Hardware(name="486", host_clock_hz=50e6, host_instructions_per_s=25.5e6,
    ...               memory_cycles_per_instruction=0.5, memory_burst_factor=5 / 8, memory_bandwidth=160e6,
    ...               channel_rate=40e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> rep = simulate(hw, Workload(mode="move", frame_rate=30, frames=60), rng=rng("doctest", "ps2"))
    >>> bool(rep.stations.set_index("station").loc["host", "utilization"] < 1e-3)
    True
    """
    if not isinstance(hardware, Hardware):
        raise TypeError(f"hardware must be a Hardware, got {type(hardware).__name__}")
    if not isinstance(workload, Workload):
        raise TypeError(f"workload must be a Workload, got {type(workload).__name__}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    if workload.i750 == "priority" and workload.outgoing and hardware.compress_work > 1.0 / workload.frame_rate:
        raise ValueError(f"Workload.i750='priority' needs a compression that fits in a frame time, got "
                         f"{hardware.compress_work!r} s at {workload.frame_rate!r} frames/s")
    if not isinstance(keep_records, bool):
        raise TypeError(f"keep_records must be a bool, got {type(keep_records).__name__}")
    if engine == "simpy":
        rep = _Model(hardware, workload, rng).run()
        return rep if keep_records else replace(rep, records=None)
    return _simulate_compiled(hardware, workload, rng, keep_records)


def stage_wait_bound(arrivals, frame_time: float) -> np.ndarray:
    r"""Time each frame spends in a clocked single-stage pipeline, in closed form.

    A stage that holds each frame for one frame time :math:`T`, fed one frame
    per frame time at :math:`a_k = kT + d_k` (offset :math:`d_k` from the clock),
    releases frame :math:`k` at :math:`D_k = \max(a_k, D_{k-1}) + T`, so

    .. math:: D_k - a_k = T + \max_{j \le k} d_j - d_k .

    The stage is busy all the time (utilization 1): the wait is the running
    maximum of the jitter so far, and it grows with the run length (like the
    logarithm of the number of frames for light-tailed jitter) instead of
    settling to a steady state.

    Parameters
    ----------
    arrivals : array_like
        Arrival times of frames 0, 1, ... at the stage [s], one per frame time on average.
    frame_time : float
        The stage's clock period :math:`T` [s].

    Returns
    -------
    numpy.ndarray
        Time in the stage (wait plus one frame time) of every frame [s].

    Raises
    ------
    ValueError
        If ``frame_time`` is not a positive finite number or ``arrivals`` is not a finite 1-D array.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 2 (single-stage pipelines "run at the frame rate") and sec. 5.5.

    Examples
    --------
    >>> stage_wait_bound([0.0, 1.5, 2.0, 3.0], 1.0).tolist()
    [1.0, 1.0, 1.5, 1.5]
    """
    T = _validate.positive(frame_time, "frame_time")
    a = _validate.finite_array(arrivals, "arrivals", allow_empty=True)
    if a.ndim != 1 or not np.all(np.isfinite(a)):
        raise ValueError(f"arrivals must be a 1-D array of finite times, got shape {a.shape}")
    d = a - T * np.arange(a.size)
    return T + np.maximum.accumulate(d) - d if a.size else a


def describe(hardware: Hardware) -> dict:
    """Return the hardware parameters as a plain dict (for tables).

    Parameters
    ----------
    hardware : Hardware
        One PS/2 system.

    Returns
    -------
    dict
        Field name to value, in the fields' order (times in s, rates per s).

    Raises
    ------
    TypeError
        If ``hardware`` is not a :class:`Hardware`.
    """
    return asdict(_validate.instance(hardware, "hardware", Hardware))
