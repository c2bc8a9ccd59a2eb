"""Huynh & Khoshgoftaar 1994: every model input with its source, and the experiment grid.

The paper's Table 1 and section 2 give the workload (frame sizes, path
lengths, pipeline times, bus and ring rates). They do not give the host's
instruction rate, the memory's share of each instruction, the disk's service
time or the adapters' 80C186 rate. The book fills those gaps openly:

* **Calibrated on one experiment** (386 system, Locate mode, fully
  distributed mixing, 30 frames/s, the configuration of Figs. 5 and 7), each
  by the utilization law (utilization = arrival rate x demand, exact for an
  open network) on one number the paper quotes for it:
  the i386's instructions per clock, so that the host saturates at 60 KLOCS
  of video conferencing code per frame (sec. 5.2); the host-path memory
  cycles per instruction, so that memory is 35 % used (sec. 5.3); the disk's
  per-request overhead, so that the disk is 24 % used (sec. 5.3).
* **Assumed from the hardware, not fitted** (:data:`_ASSUMPTIONS`): the i486
  executes twice the i386's instructions per clock at twice the clock; its
  memory does burst line fills (2-1-1-1 instead of 2-2-2-2 clocks); the 80C186
  runs at 16 MHz and ~10 clocks per instruction; token-ring frames carry 21
  bytes of MAC overhead.

The claims say which of their values follow from what (``claims.py``): the
three calibrated numbers, and the adapter knee, whose place the assumed 80C186
rate fixes in proportion, are ``calibrated``; utilizations and saturation
points computed by the operational laws (:func:`closed_forms`) are
``analytic``; delays and comparisons the simulation produces are predictions.

References
----------
K. D. Huynh, T. M. Khoshgoftaar, Multimedia Systems 1994, secs. 2, 4.2, 5 and Table 1.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import numpy as np
import pandas as pd

from mmperf.experiments._contract import check_workers, prepare_run
from mmperf.experiments.huynh1994.params import (  # the sweep constants: re-exported by the package
    ADAPTER_PATH_LENGTHS,
    HOST_PATH_LENGTHS,
    PAPER_FRAMES,
    REPLICATIONS,
    SWEEP_FRAMES,
    Params,
)
from mmperf.hosts.ps2 import COMPONENTS, Hardware, Workload, simulate
from mmperf.metrics.replications import batch_means, summarize_replications
from mmperf.networks.operational import utilization
from mmperf.results import Results
from mmperf.seeds import rng

PAPER = "huynh1994"

SYSTEMS = ("386", "486")
"""The midrange PS/2 Model 70 (i386DX 25 MHz) and the PS/2 50 MHz Server (i486DX 50 MHz)."""
MODES = ("locate", "move")
MIXINGS = ("central", "distributed")
FRAME_RATES = (8, 15, 30)
"""Frame rates of Figs. 4, 6-9 [frames/s]."""
LEVEL = 0.90
"""Confidence level (sec. 4.2)."""

# ----------------------------------------------------------------------------- inputs
KB = 1024

_PAPER_INPUTS = {
    # name: (value, unit, source)
    "frame_bytes_mean": (8 * KB, "byte", "Table 1: compression 45:1 = 360 kB:8 kB; sec. 4.1: exponential, mean 8 kB"),
    "file_request_bytes": (4 * KB, "byte", "Table 1: file transfer (background) size = 4 kB"),
    "file_frame_rate": (30.0, "frame/s", "sec. 2: continuous video file transfer at 30 frames/s"),
    "compress_work": (0.01666, "s", "sec. 2: compress a frame in 16.66 ms (50 % of cycles at 30 frames/s)"),
    "decompress_work": (0.00833, "s", "sec. 2: decompress a frame in 8.33 ms (25 % of cycles)"),
    "mix_time": (0.00833, "s", "sec. 2: mixing overhead 8.33 ms, same as decompression"),
    "vc_locate": (15_000, "instruction/frame", "Table 1: video conferencing 15 KLOCS/frame (Locate)"),
    "vc_move": (1_000, "instruction/frame", "Table 1: video conferencing 1 KLOC/frame (Move)"),
    "network": (5_000, "instruction/request", "Table 1: network support 5 KLOCS/request"),
    "file_system": (5_000, "instruction/request", "Table 1: file system 5 KLOCS/request"),
    "stream_start": (5_000, "instruction/stream", "Table 1: initial code (Move Mode) 5 KLOCS/stream"),
    "channel_386": (13.33e6, "byte/s", "sec. 2: 32-bit Micro Channel, 300 ns cycle, 13.33 MB/s"),
    "channel_486": (40e6, "byte/s", "sec. 2: 32-bit data streaming, 40 MB/s"),
    "clock_386": (25e6, "Hz", "sec. 2: i386DX at 25 MHz"),
    "clock_486": (50e6, "Hz", "sec. 2: i486DX at 50 MHz"),
    "ring_bit_rate": (16e6, "bit/s", "sec. 2: 16 Mbit/s token ring"),
}

_ASSUMPTIONS = {
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

CALIBRATION = {
    "host_saturation_vc_386": (60_000, "instruction/frame", "sec. 5.2: the i386 is ~100 % used at 60 KLOCS (Locate, distributed)"),
    "memory_util_386": (0.35, "fraction", "sec. 5.3: memory ~35 % used at 30 frames/s on the 386 (Locate)"),
    "disk_util": (0.24, "fraction", "sec. 5.3: disk 24 % used by the background file transfer"),
}
"""The three numbers the book calibrates on (386, Locate, distributed, 30 frames/s)."""


def _v(name: str) -> float:
    table = _PAPER_INPUTS if name in _PAPER_INPUTS else _ASSUMPTIONS
    return float(table[name][0])


def mean_requests_per_frame(mean_bytes: float, request_bytes: float) -> float:
    """Mean number of requests of ``request_bytes`` to read an exponential frame.

    :math:`E\\lceil X / b \\rceil = 1 / (1 - e^{-b/m})` for :math:`X \\sim \\mathrm{Exp}(m)`.

    Examples
    --------
    >>> round(mean_requests_per_frame(8192, 4096), 4)
    2.5415
    """
    if not (mean_bytes > 0 and request_bytes > 0):
        raise ValueError(f"mean_bytes and request_bytes must be > 0, got {mean_bytes!r}, {request_bytes!r}")
    return 1.0 / (1.0 - math.exp(-request_bytes / mean_bytes))


def _host_instructions(wl: Workload, request_bytes: float) -> tuple[float, float]:
    """Locate-mode host instructions per second of the video chains and of the file transfer.

    Each video frame (outgoing or incoming) runs the video conferencing code and one network
    request; each file frame runs the file system once per request of ``request_bytes`` and one
    network request. The one formula behind the calibration, :func:`closed_forms` and
    :func:`file_share_closed_form`.
    """
    n_req = mean_requests_per_frame(wl.mean_frame_bytes, request_bytes)
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams) * (wl.vc_instructions + wl.network_instructions)
    file = wl.file_frame_rate * (n_req * wl.file_system_instructions + wl.network_instructions) if wl.file_transfer else 0.0
    return video, file


def _channel_transfers(wl: Workload) -> float:
    """Micro Channel transfers per second: two per frame through system memory in Locate mode, one in Move."""
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams)
    file = wl.file_frame_rate if wl.file_transfer else 0.0
    return (2 if wl.mode == "locate" else 1) * (video + file)


def calibrate() -> dict:
    """Derive the three calibrated parameters from the numbers in :data:`CALIBRATION`.

    Returns
    -------
    dict
        ``ipc_386`` [instructions/clock], ``memory_cycles_per_instruction``
        [host clocks], ``disk_request_overhead`` [s].

    Examples
    --------
    >>> cal = calibrate()
    >>> round(cal["ipc_386"], 3), round(1e3 * cal["disk_request_overhead"], 2)
    (0.255, 1.54)
    """
    request = _v("file_request_bytes")
    # the reference configuration: Locate mode, distributed three-way conference, 30 frames/s
    at_saturation = workload("locate", 30.0, "distributed", vc_instructions=CALIBRATION["host_saturation_vc_386"][0])
    ipc_386 = sum(_host_instructions(at_saturation, request)) / _v("clock_386")
    # memory: host path (instructions x cycles) + channel path (every transfer passes through memory)
    wl = workload("locate", 30.0, "distributed")
    instr = sum(_host_instructions(wl, request))
    dma = _channel_transfers(wl) * (_v("frame_bytes_mean") + _v("control_block_bytes")) / _v("memory_bandwidth_386")
    cycles = (CALIBRATION["memory_util_386"][0] - dma) * _v("clock_386") / (instr * _v("memory_burst_386"))
    # disk: per frame n_req overheads + bytes at the media rate
    n_req = mean_requests_per_frame(_v("frame_bytes_mean"), _v("file_request_bytes"))
    per_frame = CALIBRATION["disk_util"][0] / _v("file_frame_rate")
    overhead = (per_frame - _v("frame_bytes_mean") / _v("disk_media_rate")) / n_req
    return {"ipc_386": ipc_386, "memory_cycles_per_instruction": cycles, "disk_request_overhead": overhead}


def hardware(system: str, **overrides) -> Hardware:
    """The model's :class:`~mmperf.hosts.ps2.Hardware` for the 386 or 486 system.

    Parameters
    ----------
    system : {'386', '486'}
        Which PS/2.
    **overrides
        Any :class:`Hardware` field, to explore (e.g. ``adapter_instructions_per_s=3.2e6``).

    Raises
    ------
    ValueError
        If ``system`` is unknown or an override is not a Hardware field.

    Examples
    --------
    >>> hw = hardware("486")
    >>> hw.channel_rate, round(hw.host_instructions_per_s / hardware("386").host_instructions_per_s)
    (40000000.0, 4)
    """
    if system not in SYSTEMS:
        raise ValueError(f"system must be one of {SYSTEMS}, got {system!r}")
    cal = calibrate()
    ipc = cal["ipc_386"] * (1.0 if system == "386" else _v("ipc_486_over_386"))
    clock = _v(f"clock_{system}")
    hw = Hardware(
        name=system,
        host_clock_hz=clock,
        host_instructions_per_s=ipc * clock,
        memory_cycles_per_instruction=cal["memory_cycles_per_instruction"],
        memory_burst_factor=_v(f"memory_burst_{system}"),
        memory_bandwidth=_v(f"memory_bandwidth_{system}"),
        channel_rate=_v(f"channel_{system}"),
        adapter_instructions_per_s=_v("adapter_rate"),
        adapter_scb_instructions=_v("adapter_scb"),
        control_block_bytes=_v("control_block_bytes"),
        compress_work=_v("compress_work"),
        decompress_work=_v("decompress_work"),
        mix_time=_v("mix_time"),
        disk_request_bytes=_v("file_request_bytes"),
        disk_request_overhead=cal["disk_request_overhead"],
        disk_media_rate=_v("disk_media_rate"),
        ring_bit_rate=_v("ring_bit_rate"),
        ring_frame_overhead_bytes=_v("ring_overhead"),
    )
    if overrides:
        valid = set(Hardware.__dataclass_fields__)
        bad = sorted(set(overrides) - valid)
        if bad:
            raise ValueError(f"unknown Hardware fields {bad}; valid fields are {sorted(valid)}")
        hw = replace(hw, **overrides)
    return hw


def workload(mode: str, frame_rate: float, mixing: str = "distributed", *, frames: int = PAPER_FRAMES,
             vc_instructions: float | None = None, **overrides) -> Workload:
    """The paper's workload for one configuration.

    Parameters
    ----------
    mode : {'locate', 'move'}
    frame_rate : float
        Video frame rate [frames/s].
    mixing : {'central', 'distributed', 'send-only', 'receive-only', 'file-only'}
        Central mixing (one incoming composite stream), fully distributed
        mixing in a three-way conference (two incoming streams), or one single
        stream alone (Fig. 10).
    frames : int
        Frames per video stream per replication.
    vc_instructions : float, optional
        Video conferencing path length per frame; default 15 KLOCS (Locate) or 1 KLOC (Move).
    **overrides
        Other :class:`Workload` fields.

    Raises
    ------
    ValueError
        If ``mixing`` is unknown (and as :class:`Workload` for other fields).

    Examples
    --------
    >>> wl = workload("move", 15, "distributed", frames=100)
    >>> wl.incoming_streams, wl.vc_instructions, wl.horizon
    (2, 1000.0, 6.666666666666667)
    """
    streams = {
        "central": dict(outgoing=True, incoming_streams=1, file_transfer=True),
        "distributed": dict(outgoing=True, incoming_streams=2, file_transfer=True),
        "send-only": dict(outgoing=True, incoming_streams=0, file_transfer=False),
        "receive-only": dict(outgoing=False, incoming_streams=1, file_transfer=False),
        "file-only": dict(outgoing=False, incoming_streams=0, file_transfer=True),
    }
    if mixing not in streams:
        raise ValueError(f"mixing must be one of {sorted(streams)}, got {mixing!r}")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if vc_instructions is None:
        vc_instructions = _v("vc_locate") if mode == "locate" else _v("vc_move")
    kwargs = dict(
        mode=mode, frame_rate=float(frame_rate), file_frame_rate=_v("file_frame_rate"),
        mean_frame_bytes=_v("frame_bytes_mean"), vc_instructions=float(vc_instructions),
        network_instructions=_v("network"), file_system_instructions=_v("file_system"),
        stream_start_instructions=_v("stream_start"), frames=frames, **streams[mixing],
    )
    kwargs.update(overrides)
    return Workload(**kwargs)


def parameter_table() -> pd.DataFrame:
    """Every model input with value, unit, kind (paper / assumption / calibrated) and source."""
    rows = [{"name": k, "value": v, "unit": u, "kind": "paper", "source": s} for k, (v, u, s) in _PAPER_INPUTS.items()]
    rows += [{"name": k, "value": v, "unit": u, "kind": "assumption", "source": s} for k, (v, u, s) in _ASSUMPTIONS.items()]
    cal = calibrate()
    units = {"ipc_386": "instruction/clock", "memory_cycles_per_instruction": "clock/instruction",
             "disk_request_overhead": "s"}
    srcs = {"ipc_386": "host_saturation_vc_386", "memory_cycles_per_instruction": "memory_util_386",
            "disk_request_overhead": "disk_util"}
    for k, v in cal.items():
        target = CALIBRATION[srcs[k]]
        rows.append({"name": k, "value": v, "unit": units[k], "kind": "calibrated",
                     "source": f"calibrated on {target[2]}"})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- experiments


def _replicate(task: tuple) -> dict:
    """One replication of one configuration (module level, so worker processes can run it)."""
    hw, wl, key, rep, root = task
    r = simulate(hw, wl, rng=rng(PAPER, *key, rep, root=root))
    return {"stations": r.stations.assign(rep=rep), "host": r.host_by_workload.assign(rep=rep),
            "delays": r.delays.assign(rep=rep), "frames": r.frames.assign(rep=rep)}


def _run_configs(configs: list[tuple], replications: int, *, workers: int = 1,
                 seed: int | None = None) -> list[tuple[dict, dict]]:
    """Every replication of every configuration, in one process or over a process pool.

    ``configs`` holds ``(labels, system, workload, key, hardware or None)``. Each
    replication draws its own stream ``rng(PAPER, *key, rep, root=seed)`` (``seed`` None:
    the book's root seed, :func:`mmperf.seeds.use`), so the results do not
    depend on ``workers`` or on which process ran what; they are gathered in the
    order of ``configs``, then ``rep``. Returns ``[(labels, tidy frames)]``.
    """
    if isinstance(replications, bool) or not isinstance(replications, int) or replications < 2:
        raise ValueError(f"replications must be an int >= 2, got {replications!r}")
    workers = check_workers(workers)
    tasks = [(hw or hardware(system), wl, key, rep, seed)
             for _, system, wl, key, hw in configs for rep in range(replications)]
    if workers == 1 or len(tasks) < 2:
        reps = [_replicate(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            reps = list(pool.map(_replicate, tasks))  # map returns in submission order
    runs = []
    for i, (labels, *_) in enumerate(configs):
        chunk = reps[i * replications:(i + 1) * replications]
        runs.append((labels, {k: pd.concat([c[k] for c in chunk], ignore_index=True) for k in chunk[0]}))
    return runs


def _collect(runs: list[tuple[dict, dict]]) -> dict:
    out = {}
    for labels, res in runs:
        for k, frame in res.items():
            out.setdefault(k, []).append(frame.assign(**labels))
    return {k: pd.concat(v, ignore_index=True) for k, v in out.items()}


def _grid_configs(frames, systems=SYSTEMS, modes=MODES, mixings=MIXINGS, frame_rates=FRAME_RATES, **wl) -> list:
    return [({"system": system, "mode": mode, "mixing": mixing, "frame_rate": f}, system,
             workload(mode, f, mixing, frames=frames, **wl), ("grid", system, mode, mixing, int(f)), None)
            for system in systems for mode in modes for mixing in mixings for f in frame_rates]


def _single_configs(frames, frame_rate=30, **wl) -> list:
    return [({"system": system, "mode": mode, "stream": stream}, system,
             workload(mode, frame_rate, stream, frames=frames, **wl), ("single", system, mode, stream), None)
            for system in SYSTEMS for mode in MODES for stream in ("send-only", "receive-only", "file-only")]


def _sweep_configs(kind: str, mode: str, path_lengths, frames, frame_rate=30, systems=SYSTEMS, **wl) -> list:
    return [({"system": system, "vc_instructions": float(L)}, system,
             workload(mode, frame_rate, "distributed", frames=frames, vc_instructions=float(L), **wl),
             (kind, system, int(L)), None)
            for system in systems for L in path_lengths]


def _run_length_configs(lengths, system="386", mode="locate", mixing="distributed", frame_rate=30,
                        warmup_share: float = 0.0, **wl) -> list:
    return [({"frames": int(n), "warmup_frames": int(round(warmup_share * n))}, system,
             workload(mode, frame_rate, mixing, frames=int(n), warmup_frames=int(round(warmup_share * n)), **wl),
             ("run-length", system, mode, mixing, int(frame_rate), int(n)), None)
            for n in lengths]


STEADY_SERIES = (("send", "compress/decompress"), ("send", "total"), ("receive", "compress/decompress"),
                 ("receive", "total"))
"""The delays whose steady state is examined (chain, component)."""


def steady_state(params, *, seed: int | None) -> pd.DataFrame:
    """Where the delays have a steady state, and their steady-state means where they do.

    One long replication (``params.steady_frames`` frames, the first ``params.warmup_share`` cut)
    per system, mode and mixing at 30 frames/s, under ``params``' mechanism options. Per delay of
    :data:`STEADY_SERIES`, the frames in the order they started are split into 20 batches
    (:func:`mmperf.metrics.replications.batch_means`): a delay has a steady state when the batch
    means show no trend; then its steady-state mean has a 90 % interval. Beside it, the paper's
    definition on the same sample path: the mean over the first 2000 frames after the cut.

    Returns
    -------
    pandas.DataFrame
        system, mode, mixing, chain, component, frames, ``window`` (mean of the first 2000 frames
        [s]), ``mean`` and ``half_width`` (batch means [s]), ``slope`` [s per batch], ``trend_p``,
        ``lag1``, ``steady``, ``stage_utilization`` (the decompression stage's busy share).
    """
    rows = []
    n = params.steady_frames
    for system in SYSTEMS:
        for mode in MODES:
            for mixing in MIXINGS:
                wl = workload(mode, 30, mixing, frames=n, phases=params.phases, **params.mechanism())
                r = simulate(hardware(system), wl, rng=rng(PAPER, "steady", system, mode, mixing, 30, root=seed),
                             keep_records=True)
                stage = float(r.stations.set_index("station").loc["decompress-stage", "utilization"])
                for chain, component in STEADY_SERIES:
                    rec = r.records[chain]
                    rec = rec[np.argsort(rec[:, -1], kind="stable")]
                    cut = params.warmup(n) / wl.frame_rate
                    rec = rec[rec[:, -1] >= cut]
                    x = rec[:, -2] if component == "total" else rec[:, COMPONENTS.index(component)]
                    bm = batch_means(x, batches=20, level=LEVEL)
                    window = x[rec[:, -1] < cut + PAPER_FRAMES / wl.frame_rate]
                    rows.append({"system": system, "mode": mode, "mixing": mixing, "chain": chain,
                                 "component": component, "frames": n, "window": float(window.mean()), **bm,
                                 "stage_utilization": stage})
    return pd.DataFrame(rows)


def summarize(frame: pd.DataFrame, *, by: list[str], value: str, level: float = LEVEL) -> pd.DataFrame:
    """90 % confidence intervals over replications (see :func:`mmperf.metrics.replications.summarize_replications`)."""
    return summarize_replications(frame, by=by, value=value, level=level)


def crossing(x, y, level: float) -> float:
    """First ``x`` at which ``y`` reaches ``level`` (linear interpolation); NaN if never.

    Raises
    ------
    ValueError
        If ``x`` and ``y`` differ in length or ``x`` is not increasing.

    Examples
    --------
    >>> crossing([0, 10, 20], [0.0, 0.5, 1.0], 0.75)
    15.0
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"x and y must be 1-D of the same length, got {x.shape} and {y.shape}")
    if np.any(np.diff(x) <= 0):
        raise ValueError("x must be strictly increasing")
    above = np.nonzero(y >= level)[0]
    if above.size == 0:
        return math.nan
    i = int(above[0])
    if i == 0:
        return float(x[0])
    x0, x1, y0, y1 = x[i - 1], x[i], y[i - 1], y[i]
    return float(x0 + (level - y0) * (x1 - x0) / (y1 - y0))


def saturation_point(x, y, *, below: float = 0.8) -> float:
    """Where a utilization that grows linearly with ``x`` reaches 100 %.

    Below saturation a station's utilization is linear in the work per frame
    (utilization law), but near 100 % a finite run underestimates it (work
    still queued at the end of the run). So the line is fitted by least
    squares to the points with utilization below ``below`` and solved for 1.

    Parameters
    ----------
    x, y : array_like
        Path lengths and utilizations [fraction].
    below : float, default 0.8
        Only points with ``y < below`` are fitted (at least two needed).

    Returns
    -------
    float
        :math:`x` at which the fitted line reaches 1; NaN if the slope is not positive.

    Raises
    ------
    ValueError
        If fewer than two points lie below ``below``.

    Examples
    --------
    >>> saturation_point([10, 20, 30, 40], [0.25, 0.5, 0.75, 0.95])
    40.0
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    keep = y < below
    if keep.sum() < 2:
        raise ValueError(f"need at least two points with utilization below {below}, got {int(keep.sum())}")
    slope, intercept = np.polyfit(x[keep], y[keep], 1)
    if slope <= 0:
        return math.nan
    return float((1.0 - intercept) / slope)


# ----------------------------------------------------------------------------- the chapter's runs

CONFIG = ["system", "mode", "mixing", "frame_rate"]


def utilization_summary(grid: dict) -> pd.DataFrame:
    """Mean and 90 % CI of every station's utilization per configuration [fraction]."""
    return summarize(grid["stations"], by=[*CONFIG, "station"], value="utilization")


def delay_summary(grid: dict, *, by=CONFIG) -> pd.DataFrame:
    """Mean and 90 % CI of the mean delay per chain and component [s]."""
    return summarize(grid["delays"], by=[*by, "chain", "component"], value="mean")


def saturation_path_lengths(host_sweep: dict) -> pd.DataFrame:
    """Per system: where the host processor, and where its memory, reach 100 % (linear
    extrapolation of the sweep's unsaturated points, :func:`saturation_point`) [instructions/frame]."""
    st = host_sweep["stations"]
    st = st[st["station"].isin(["host", "memory"])]
    mean = st.groupby(["system", "station", "vc_instructions"], as_index=False)["utilization"].mean()
    rows = []
    for (system, station), g in mean.groupby(["system", "station"]):
        g = g.sort_values("vc_instructions")
        rows.append({"system": system, "station": station,
                     "saturation": saturation_point(g["vc_instructions"], g["utilization"])})
    out = pd.DataFrame(rows).pivot(index="system", columns="station", values="saturation")
    out["system_saturation"] = out.min(axis=1)
    out["bottleneck"] = out[["host", "memory"]].idxmin(axis=1)
    return out.reset_index()


def adapter_knee(adapter_sweep: dict, *, factor: float = 1.5) -> pd.DataFrame:
    """Per system: the path length at which the mean receive/decompress delay first exceeds
    ``factor`` times its value at the shortest path length (interpolated) [instructions/frame]."""
    d = adapter_sweep["delays"]
    d = d[(d["chain"] == "receive") & (d["component"] == "total")]
    mean = d.groupby(["system", "vc_instructions"], as_index=False)["mean"].mean()
    rows = []
    for system, g in mean.groupby("system"):
        g = g.sort_values("vc_instructions")
        base = float(g["mean"].iloc[0])
        rows.append({"system": system, "base_delay": base,
                     "knee": crossing(g["vc_instructions"], g["mean"], factor * base)})
    return pd.DataFrame(rows)


def file_transfer_share(grid: dict) -> pd.DataFrame:
    """Share of the host's utilization due to the background file transfer (Locate mode),
    per replication: file-transfer busy time / all host busy time [fraction]."""
    h = grid["host"]
    h = h[h["mode"] == "locate"]
    wide = h.pivot_table(index=[*CONFIG, "rep"], columns="workload", values="utilization", aggfunc="sum")
    wide = wide.fillna(0.0)
    total = wide.sum(axis=1)
    out = pd.DataFrame({"with_file_transfer": total, "without_file_transfer": total - wide.get("file", 0.0),
                        "share": wide.get("file", 0.0) / total}).reset_index()
    return out


# ----------------------------------------------------------------------------- closed forms


STATIONS = ("host", "memory", "channel", "video-adapter", "ring-adapter", "scsi-adapter", "disk", "ring", "i750")
"""The stations whose utilization the operational laws give in closed form."""


def closed_forms(system: str, mode: str, mixing: str, frame_rate: float, *,
                 vc_instructions: float | None = None, frames: int = PAPER_FRAMES,
                 move_file_transfer: str = "pipelined") -> dict:
    """Every station's utilization by the utilization law :math:`U = X D`, no simulation.

    The throughputs are the frame rates of the chains (outgoing and incoming video at
    ``frame_rate``, the file transfer at 30 frames/s) and the demands are the model's
    own per-frame service times: path lengths at the host's or adapter's instruction
    rate, bytes (plus a control block) at the channel's and memory's rates, packets
    (plus MAC framing) at the ring's bit rate, the disk's requests, the i750's work.
    An exponential frame of mean :math:`m` needs :math:`1 / (1 - e^{-b/m})` requests of
    :math:`b` bytes on average (:func:`mean_requests_per_frame`).

    Parameters
    ----------
    system, mode, mixing, frame_rate
        One configuration (as :func:`workload`).
    vc_instructions : float, optional
        Video conferencing path length per frame (default the paper's).
    frames : int, default 2000
        Run length: Move mode's host only starts the streams, so its utilization is
        that one-off work divided by the run.
    move_file_transfer : {'pipelined', 'serial'}
        Move mode's file transfer (:class:`mmperf.hosts.ps2.Workload`): pipelined, each disk
        block is its own channel transfer and ring packet, so the file frame carries one
        control block and one MAC frame per block instead of one.

    Returns
    -------
    dict of str to float
        Station (:data:`STATIONS`) to utilization [fraction].

    References
    ----------
    Lazowska et al., *Quantitative System Performance*, 1984, ch. 3 (operational laws);
    Huynh & Khoshgoftaar 1994, Table 1 and sec. 2 (the demands).

    Examples
    --------
    >>> u = closed_forms("386", "locate", "distributed", 30)
    >>> round(u["host"], 3), round(u["disk"], 3), round(u["i750"], 4)
    (0.365, 0.24, 0.9996)
    """
    hw = hardware(system)
    wl = workload(mode, frame_rate, mixing, frames=frames, vc_instructions=vc_instructions,
                  move_file_transfer=move_file_transfer)
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams)  # video frames/s through the PS/2
    file = wl.file_frame_rate if wl.file_transfer else 0.0
    m, scb = wl.mean_frame_bytes, hw.adapter_scb_instructions
    n_req = mean_requests_per_frame(m, hw.disk_request_bytes)
    locate = mode == "locate"
    by_block = not locate and wl.move_file_transfer == "pipelined"
    packets = video + file * (n_req if by_block else 1.0)  # ring packets (and Move-mode channel transfers) per s
    transfers = _channel_transfers(wl)
    cpu = 1.0 / hw.host_instructions_per_s
    adapter = 1.0 / hw.adapter_instructions_per_s
    u = {"channel": utilization(throughput=transfers, demand=m / hw.channel_rate)
         + utilization(throughput=transfers / (video + file) * packets, demand=hw.control_block_bytes / hw.channel_rate)}
    if locate:
        instr = sum(_host_instructions(wl, hw.disk_request_bytes))
        u["host"] = utilization(throughput=instr, demand=cpu)
        mem_per_instr = hw.memory_cycles_per_instruction * hw.memory_burst_factor / hw.host_clock_hz
        u["memory"] = (utilization(throughput=instr, demand=mem_per_instr)
                       + utilization(throughput=transfers, demand=(m + hw.control_block_bytes) / hw.memory_bandwidth))
        u["video-adapter"] = utilization(throughput=video, demand=scb * adapter)
        u["ring-adapter"] = utilization(throughput=video + file, demand=scb * adapter)
    else:
        streams = int(wl.outgoing) + wl.incoming_streams + int(wl.file_transfer)
        u["host"] = streams * wl.stream_start_instructions * cpu / wl.horizon
        u["memory"] = 0.0
        u["video-adapter"] = utilization(throughput=video, demand=(wl.vc_instructions + scb) * adapter)
        u["ring-adapter"] = utilization(throughput=video + file, demand=scb * adapter)
    u["scsi-adapter"] = utilization(throughput=file * n_req, demand=scb * adapter)
    u["disk"] = utilization(throughput=file, demand=n_req * hw.disk_request_overhead + m / hw.disk_media_rate)
    u["ring"] = (utilization(throughput=video + file, demand=8 * m / hw.ring_bit_rate)
                 + utilization(throughput=packets, demand=8 * hw.ring_frame_overhead_bytes / hw.ring_bit_rate))
    u["i750"] = utilization(throughput=wl.frame_rate, demand=(
        hw.compress_work * wl.outgoing + hw.decompress_work * (wl.incoming_streams > 0)
        + hw.mix_time * (wl.incoming_streams > 1)))
    return {s: float(u[s]) for s in STATIONS}


def closed_form_table(frames: int = PAPER_FRAMES, *, move_file_transfer: str = "pipelined") -> pd.DataFrame:
    """:func:`closed_forms` over the paper's grid: columns system, mode, mixing, frame_rate, station,
    utilization [fraction]."""
    return pd.DataFrame([{"system": s, "mode": mo, "mixing": mx, "frame_rate": f, "station": st, "utilization": v}
                         for s in SYSTEMS for mo in MODES for mx in MIXINGS for f in FRAME_RATES
                         for st, v in closed_forms(s, mo, mx, f, frames=frames,
                                                   move_file_transfer=move_file_transfer).items()])


def saturation_closed_form(system: str, *, frame_rate: float = 30, mixing: str = "distributed") -> dict:
    """The Locate-mode video conferencing path length at which the host processor, and at which its
    memory, reach 100 % (:func:`closed_forms` is linear in the path length) [instructions/frame].

    Examples
    --------
    >>> round(saturation_closed_form("386")["host"])
    60000
    """
    u0 = closed_forms(system, "locate", mixing, frame_rate, vc_instructions=0.0)
    u1 = closed_forms(system, "locate", mixing, frame_rate, vc_instructions=1.0)
    return {st: (1.0 - u0[st]) / (u1[st] - u0[st]) for st in ("host", "memory")}


# ----------------------------------------------------------------------------- the contract


_DESCRIPTIONS = {
    "stations": "every station's utilization [fraction] and busy time [s], per configuration and replication (main grid)",
    "host_by_workload": "host utilization [fraction] by workload (video, file, start), per configuration and replication",
    "delays": "mean and shortest delay per frame [s] of each chain and component, per configuration and replication",
    "utilization": "mean utilization [fraction] per configuration and station, with its 90 % interval over replications",
    "delay": "mean delay [s] per configuration, chain and component, with its 90 % interval over replications",
    "closed_forms": "utilization [fraction] by the utilization law (no simulation) beside the simulated mean, per configuration and station",
    "file_share": "share of the host's busy time due to the file transfer [fraction], Locate mode, per replication",
    "host_sweep": "host and memory utilization [fraction] per Locate-mode path length [instructions/frame], per replication",
    "saturation": "path length [instructions/frame] at which the host processor and its memory reach 100 %: simulated sweep (extrapolated) and closed form",
    "adapter_sweep": "receive/decompress delay [s] per Move-mode path length on the video adapter [instructions/frame], per replication",
    "adapter_knee": "path length [instructions/frame] where the receive delay first exceeds 1.5 x its shortest-path value",
    "single": "mean delay [s] of each stream alone (Fig. 10), per system, mode, chain, component and replication",
    "run_length": "mean delay [s] per chain and component of the reference configuration against the replication length [frames]",
    "warmup": "mean delay [s] of the reference configuration with and without the warm-up cut, per chain and component",
    "steady_state": "per system, mode and mixing at 30 frames/s, one long run: whether each delay has a steady state (batch means without trend), its steady-state mean [s] with 90 % half-width, and the paper's 2000-frame window mean [s] on the same run",
}


def _tables(runs: dict, params) -> dict:
    grid = runs["grid"]
    util = utilization_summary(grid)
    cf = closed_form_table(params.frames, move_file_transfer=params.move_file_transfer).merge(
        util[[*CONFIG, "station", "mean"]].rename(columns={"mean": "simulated"}), on=[*CONFIG, "station"], how="left")
    sat = saturation_path_lengths(runs["host_sweep"])
    closed = pd.DataFrame([{"system": s, **{f"{k}_closed_form": v for k, v in saturation_closed_form(s).items()}}
                           for s in SYSTEMS])
    warm = pd.concat([runs["warmup"]["delays"].assign(warmup="none"),
                      runs["run_length"]["delays"].query("frames == @params.frames").assign(warmup="cut")])
    return {
        "stations": grid["stations"], "host_by_workload": grid["host"], "delays": grid["delays"],
        "utilization": util, "delay": delay_summary(grid), "closed_forms": cf,
        "file_share": file_transfer_share(grid),
        "host_sweep": runs["host_sweep"]["stations"].query("station in ['host', 'memory']").reset_index(drop=True),
        "saturation": sat.merge(closed, on="system"),
        "adapter_sweep": runs["adapter_sweep"]["delays"].query("chain == 'receive' and component == 'total'")
        .reset_index(drop=True),
        "adapter_knee": adapter_knee(runs["adapter_sweep"]),
        "single": runs["single"]["delays"],
        "run_length": runs["run_length"]["delays"],
        "warmup": summarize(warm, by=["warmup", "chain", "component"], value="mean"),
    }


def run(params=None, *, seed: int, workers: int = 1) -> Results:
    """Every experiment of the chapter under one root seed.

    The main grid (2 systems x 2 modes x 2 mixings x 3 frame rates), each stream alone
    (Fig. 10), the host and adapter path-length sweeps, the reference configuration
    (386, Locate, distributed, 30 frames/s) at several run lengths and without the
    warm-up cut; each configuration replicated ``params.replications`` times, each
    replication with its own stream of the root seed; and the closed forms the
    simulated utilizations are checked against.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Processes the replications are spread over; the results do not depend on it.

    Returns
    -------
    mmperf.results.Results
        The tables of :data:`_DESCRIPTIONS` (``res.catalogue()`` lists them); values
        ``calibration`` (the three calibrated numbers).

    Raises
    ------
    TypeError
        If ``params`` is not a huynh1994 Params.
    ValueError
        If ``seed`` or ``workers`` is out of range.

    Examples
    --------
    >>> from mmperf.experiments import huynh1994 as ex
    >>> p = ex.Params(frames=40, sweep_frames=20, replications=2, run_lengths=(20, 40))
    >>> r = ex.run(p, seed=1)
    >>> sorted(r.table("delay")["frame_rate"].unique().tolist())
    [8, 15, 30]
    """
    params, seed, workers = prepare_run(Params, params, seed=seed, workers=workers, paper=PAPER)
    wl = {"phases": params.phases, **params.mechanism()}
    groups = {
        "grid": _grid_configs(params.frames, warmup_frames=params.warmup(params.frames), **wl),
        "single": _single_configs(params.frames, warmup_frames=params.warmup(params.frames), **wl),
        "host_sweep": _sweep_configs("host-sweep", "locate", params.host_path_lengths, params.sweep_frames,
                                     warmup_frames=params.warmup(params.sweep_frames), **wl),
        "adapter_sweep": _sweep_configs("adapter-sweep", "move", params.adapter_path_lengths, params.sweep_frames,
                                        warmup_frames=params.warmup(params.sweep_frames), **wl),
        "run_length": _run_length_configs(params.run_lengths, warmup_share=params.warmup_share, **wl),
        "warmup": _run_length_configs([params.frames], **wl),
    }
    done = _run_configs([c for cs in groups.values() for c in cs], params.replications, workers=workers, seed=seed)
    runs, i = {}, 0
    for name, cs in groups.items():
        runs[name] = _collect(done[i:i + len(cs)])
        i += len(cs)
    tables = _tables(runs, params)
    tables["steady_state"] = steady_state(params, seed=seed)
    return Results(PAPER, seed=seed, params=params, tables=tables,
                   descriptions={k: _DESCRIPTIONS[k] for k in tables}, values={"calibration": calibrate()})


def file_share_closed_form(frame_rate: float, *, mixing: str = "distributed") -> float:
    """Share of the host's Locate-mode work that is the background file transfer's [fraction]
    (instructions per second of the file chain over all; the same on both systems).

    Examples
    --------
    >>> round(file_share_closed_form(8), 3), round(file_share_closed_form(30), 3)
    (0.525, 0.228)
    """
    video, file = _host_instructions(workload("locate", frame_rate, mixing), _v("file_request_bytes"))
    return file / (file + video)
