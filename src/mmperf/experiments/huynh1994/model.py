"""Huynh & Khoshgoftaar 1994: the model's inputs assembled, the experiment grid, and ``run``.

The paper's inputs are in :mod:`.paper` and the book's hardware assumptions in :mod:`.params`.
The paper does not give the host's instruction rate, the memory's share of each instruction or
the disk's service time: the book calibrates each on one number the paper quotes for it
(386 system, Locate mode, fully distributed mixing, 30 frames/s, the configuration of Figs. 5
and 7), by the utilization law solved for the demand (:mod:`mmperf.hosts.ps2_laws`): the i386's
instructions per clock, so that the host saturates at 60 KLOCS of video conferencing code per
frame (sec. 5.2); the host-path memory cycles per instruction, so that memory is 35 % used
(sec. 5.3); the disk's per-request overhead, so that the disk is 24 % used (sec. 5.3).

The mechanisms are :mod:`mmperf.hosts.ps2` (the queueing network), :mod:`mmperf.hosts.ps2_laws`
(its utilizations in closed form), :mod:`mmperf.hosts.ps2_runs` (replications, steady state),
:mod:`mmperf.hosts.capacity` (the grid's closed forms, the sweeps' saturation and knee points, the
file transfer's share of the host) and :mod:`mmperf.metrics.replications` (90 % intervals).

References
----------
K. D. Huynh, T. M. Khoshgoftaar, Multimedia Systems 1994, secs. 2, 4.2, 5 and Table 1.
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from mmperf.experiments._contract import prepare_run
from mmperf.experiments.huynh1994.paper import (
    CALIBRATION, FRAME_RATES, INPUTS, LEVEL, MIXINGS, MODES, PAPER, PAPER_FRAMES, SYSTEMS,
)
from mmperf.experiments.huynh1994.params import ASSUMED, Params
from mmperf.hosts import capacity, ps2_laws, ps2_runs
from mmperf.hosts.ps2 import Hardware, Workload
from mmperf.metrics.replications import summarize_replications
from mmperf.results import Results
from mmperf.seeds import rng

__all__ = [
    "CONFIG", "STATIONS", "STEADY_SERIES", "audit_run", "calibrate", "file_share_closed_form", "hardware",
    "parameter_table", "run", "saturation_closed_form", "steady_state", "workload",
]

CONFIG = ["system", "mode", "mixing", "frame_rate"]
"""The columns that name one configuration of the main grid."""
STATIONS = ps2_laws.STATIONS
"""The model's stations (:data:`mmperf.hosts.ps2_laws.STATIONS`)."""


def _v(name: str) -> float:
    table = INPUTS if name in INPUTS else ASSUMED
    return float(table[name][0])


def calibrate() -> dict:
    """The three calibrated parameters, from the numbers in :data:`CALIBRATION` (utilization laws solved).

    Returns
    -------
    dict
        ``ipc_386`` [instructions/clock], ``memory_cycles_per_instruction`` [host clocks],
        ``disk_request_overhead`` [s].

    Examples
    --------
    >>> cal = calibrate()
    >>> round(cal["ipc_386"], 3), round(1e3 * cal["disk_request_overhead"], 2)
    (0.255, 1.54)
    """
    request = _v("file_request_bytes")
    # the reference configuration: Locate mode, distributed three-way conference, 30 frames/s
    at_saturation = workload("locate", 30.0, "distributed", vc_instructions=CALIBRATION["host_saturation_vc_386"][0])
    ref = workload("locate", 30.0, "distributed")
    return {
        "ipc_386": ps2_laws.instructions_per_clock(at_saturation, clock_hz=_v("clock_386"), request_bytes=request),
        "memory_cycles_per_instruction": ps2_laws.memory_cycles_per_instruction(
            ref, utilization=CALIBRATION["memory_util_386"][0], clock_hz=_v("clock_386"),
            burst_factor=_v("memory_burst_386"), memory_bandwidth=_v("memory_bandwidth_386"),
            control_block_bytes=_v("control_block_bytes"), request_bytes=request),
        "disk_request_overhead": ps2_laws.disk_request_overhead(
            ref, utilization=CALIBRATION["disk_util"][0], media_rate=_v("disk_media_rate"), request_bytes=request),
    }


def hardware(system: str, params: Params | None = None, **overrides) -> Hardware:
    """The model's :class:`~mmperf.hosts.ps2.Hardware` for the 386 or 486 system.

    Parameters
    ----------
    system : {'386', '486'}
        Which PS/2.
    params : Params, optional
        The chapter's parameters (default ``Params()``): the 80C186's rate and the i486's
        instructions per clock over the i386's are taken from it.
    **overrides
        Any :class:`Hardware` field, to explore (e.g. ``adapter_instructions_per_s=3.2e6``).

    Returns
    -------
    mmperf.hosts.ps2.Hardware
        The system's clock [Hz], host instruction rate (the calibrated i386 instructions per clock,
        times ``params.ipc_486_over_386`` on the 486) [instructions/s], memory, channel [byte/s],
        adapter [instructions/s], disk and ring inputs, with ``overrides`` applied.

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
    params = Params() if params is None else params
    cal = calibrate()
    ipc = cal["ipc_386"] * (1.0 if system == "386" else params.ipc_486_over_386)
    clock = _v(f"clock_{system}")
    hw = Hardware(
        name=system,
        host_clock_hz=clock,
        host_instructions_per_s=ipc * clock,
        memory_cycles_per_instruction=cal["memory_cycles_per_instruction"],
        memory_burst_factor=_v(f"memory_burst_{system}"),
        memory_bandwidth=_v(f"memory_bandwidth_{system}"),
        channel_rate=_v(f"channel_{system}"),
        adapter_instructions_per_s=params.adapter_rate,
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
        The SCB operating mode (sec. 3): the host moves every frame (Locate) or the adapters move
        it over the channel by themselves (Move).
    frame_rate : float
        Video frame rate [frames/s].
    mixing : {'central', 'distributed', 'send-only', 'receive-only', 'file-only'}
        Central mixing (one incoming composite stream), fully distributed
        mixing in a three-way conference (two incoming streams), or one single
        stream alone (Fig. 10).
    frames : int, default 2000
        Frames per video stream per replication [frames].
    vc_instructions : float, optional
        Video conferencing path length [instructions/frame]; default 15 KLOCS (Locate) or 1 KLOC
        (Move), Table 1.
    **overrides
        Other :class:`Workload` fields.

    Returns
    -------
    mmperf.hosts.ps2.Workload
        The configuration's streams (outgoing, incoming, file transfer), frame rates [frames/s],
        mean frame size [byte] and path lengths [instructions] from Table 1.

    Raises
    ------
    ValueError
        If ``mode`` or ``mixing`` is unknown (and as :class:`Workload` for other fields).

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
    """Every model input with value, unit, kind (paper / assumption / calibrated) and source.

    Returns
    -------
    pandas.DataFrame
        One row per input: ``name``, ``value`` (in ``unit``), ``unit``, ``kind`` ('paper' for
        :data:`~mmperf.experiments.huynh1994.paper.INPUTS`, 'assumption' for
        :data:`~mmperf.experiments.huynh1994.params.ASSUMED`, 'calibrated' for :func:`calibrate`'s
        three numbers) and ``source``.

    Examples
    --------
    >>> t = parameter_table()
    >>> t.groupby("kind").size().to_dict()
    {'assumption': 10, 'calibrated': 3, 'paper': 16}
    """
    rows = [{"name": k, "value": v, "unit": u, "kind": "paper", "source": s} for k, (v, u, s) in INPUTS.items()]
    rows += [{"name": k, "value": v, "unit": u, "kind": "assumption", "source": s} for k, (v, u, s) in ASSUMED.items()]
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


def saturation_closed_form(system: str, *, params: Params | None = None, frame_rate: float = 30,
                           mixing: str = "distributed") -> dict:
    """The Locate-mode path length at which the host, and its memory, reach 100 % [instructions/frame].

    The utilization law solved for the video conferencing path length
    (:func:`mmperf.hosts.ps2_laws.saturation_path_length`), sec. 5.2.

    Parameters
    ----------
    system : {'386', '486'}
        Which PS/2.
    params : Params, optional
        The chapter's parameters (default ``Params()``), for the hardware.
    frame_rate : float, default 30
        Video frame rate [frames/s].
    mixing : {'central', 'distributed', 'send-only', 'receive-only', 'file-only'}, default 'distributed'
        The streams (as :func:`workload`).

    Returns
    -------
    dict of str to float
        ``host`` and ``memory``: the path length [instructions/frame] at which each is 100 % used.

    Raises
    ------
    ValueError
        As :func:`hardware` and :func:`workload`.

    Examples
    --------
    >>> round(saturation_closed_form("386")["host"])
    60000
    """
    return ps2_laws.saturation_path_length(hardware(system, params), workload("locate", frame_rate, mixing))


def file_share_closed_form(frame_rate: float, *, mixing: str = "distributed") -> float:
    """Share of the host's Locate-mode work that is the background file transfer's [fraction].

    In closed form (:func:`mmperf.hosts.ps2_laws.file_share`), sec. 5.2.

    Parameters
    ----------
    frame_rate : float
        Video frame rate [frames/s].
    mixing : {'central', 'distributed', 'send-only', 'receive-only', 'file-only'}, default 'distributed'
        The streams (as :func:`workload`).

    Returns
    -------
    float
        The file transfer's instructions over all the host's instructions per second [fraction].

    Raises
    ------
    ValueError
        As :func:`workload`.

    Examples
    --------
    >>> round(file_share_closed_form(8), 3), round(file_share_closed_form(30), 3)
    (0.525, 0.228)
    """
    return ps2_laws.file_share(workload("locate", frame_rate, mixing), request_bytes=_v("file_request_bytes"))


# ----------------------------------------------------------------------------- experiments


def _run_configs(configs: list[tuple], params: Params, *, workers: int, seed: int) -> list[tuple[dict, dict]]:
    """Every replication of every configuration ``(labels, system, workload, key, None)`` on
    :func:`hardware` under ``params`` (:func:`mmperf.hosts.ps2_runs.replicate`, streams
    ``rng(PAPER, *key, rep, root=seed)``)."""
    hws = {s: hardware(s, params) for s in SYSTEMS}
    return ps2_runs.replicate([(labels, hw or hws[system], wl, key) for labels, system, wl, key, hw in configs],
                              replications=params.replications, stream=(PAPER,), root=seed, workers=workers)


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
    per system, mode and mixing at 30 frames/s, under ``params``' mechanism options, examined by
    :func:`mmperf.hosts.ps2_runs.steady_state` (20 batch means per delay of :data:`STEADY_SERIES`,
    90 % intervals) beside the paper's definition on the same sample path: the mean over the first
    2000 frames after the cut.

    Parameters
    ----------
    params : Params
        The chapter's parameters (``steady_frames`` [frames], ``warmup_share`` [fraction],
        ``phases``, the mechanism options and the hardware).
    seed : int or None
        Root seed of the long runs' streams (``rng(PAPER, "steady", system, mode, mixing, 30)``).

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
                rows += [{"system": system, "mode": mode, "mixing": mixing, **row} for row in ps2_runs.steady_state(
                    hardware(system, params), wl, rng=rng(PAPER, "steady", system, mode, mixing, 30, root=seed),
                    series=STEADY_SERIES, warmup_frames=params.warmup(n), window_frames=PAPER_FRAMES, level=LEVEL)]
    return pd.DataFrame(rows)


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


def _tables(runs: dict, params, grid: list) -> dict:
    g, hws = runs["grid"], {s: hardware(s, params) for s in SYSTEMS}
    util = summarize_replications(g["stations"], by=[*CONFIG, "station"], value="utilization", level=LEVEL)
    cf = capacity.utilization_table([(labels, hws[system], wl) for labels, system, wl, _, _ in grid]).merge(
        util[[*CONFIG, "station", "mean"]].rename(columns={"mean": "simulated"}), on=[*CONFIG, "station"], how="left")
    sweep = runs["host_sweep"]["stations"].query("station in ['host', 'memory']").reset_index(drop=True)
    # sec. 5.2: where the host processor and its memory reach 100 %, and which first (the bottleneck)
    sat = capacity.saturations(sweep, x="vc_instructions", y="utilization", by=["system", "station"]).pivot(
        index="system", columns="station", values="saturation")
    sat["system_saturation"] = sat.min(axis=1)
    sat["bottleneck"] = sat[["host", "memory"]].idxmin(axis=1)
    closed = pd.DataFrame([{"system": s, **{f"{k}_closed_form": v for k, v in saturation_closed_form(s, params=params).items()}}
                           for s in SYSTEMS])
    adapter = runs["adapter_sweep"]["delays"].query("chain == 'receive' and component == 'total'").reset_index(drop=True)
    locate = g["host"][g["host"]["mode"] == "locate"]
    tables = {
        "stations": g["stations"], "host_by_workload": g["host"], "delays": g["delays"], "utilization": util,
        "delay": summarize_replications(g["delays"], by=[*CONFIG, "chain", "component"], value="mean", level=LEVEL),
        "closed_forms": cf,
        "file_share": capacity.workload_share(locate, index=[*CONFIG, "rep"], workload="workload", part="file").rename(
            columns={"total": "with_file_transfer", "without": "without_file_transfer"}),
        "host_sweep": sweep, "saturation": sat.reset_index().merge(closed, on="system"), "adapter_sweep": adapter,
        # sec. 5.2's knee: where the receive delay first exceeds 1.5 times its value at the shortest path length
        "adapter_knee": capacity.knees(adapter, x="vc_instructions", y="mean", by=["system"], factor=1.5).rename(
            columns={"base": "base_delay"}),
        "single": runs["single"]["delays"],
    }
    if "run_length" in runs:
        warm = pd.concat([runs["warmup"]["delays"].assign(warmup="none"),
                          runs["run_length"]["delays"].query("frames == @params.frames").assign(warmup="cut")])
        tables["run_length"] = runs["run_length"]["delays"]
        tables["warmup"] = summarize_replications(warm, by=["warmup", "chain", "component"], value="mean", level=LEVEL)
    return tables


def _run(params, *, seed: int, workers: int, full: bool) -> Results:
    wl = {"phases": params.phases, **params.mechanism()}
    groups = {
        "grid": _grid_configs(params.frames, warmup_frames=params.warmup(params.frames), **wl),
        "single": _single_configs(params.frames, warmup_frames=params.warmup(params.frames), **wl),
        "host_sweep": _sweep_configs("host-sweep", "locate", params.host_path_lengths, params.sweep_frames,
                                     warmup_frames=params.warmup(params.sweep_frames), **wl),
        "adapter_sweep": _sweep_configs("adapter-sweep", "move", params.adapter_path_lengths, params.sweep_frames,
                                        warmup_frames=params.warmup(params.sweep_frames), **wl),
    }
    if full:
        groups["run_length"] = _run_length_configs(params.run_lengths, warmup_share=params.warmup_share, **wl)
        groups["warmup"] = _run_length_configs([params.frames], **wl)
    done = _run_configs([c for cs in groups.values() for c in cs], params, workers=workers, seed=seed)
    runs, i = {}, 0
    for name, cs in groups.items():
        runs[name] = _collect(done[i:i + len(cs)])
        i += len(cs)
    tables = _tables(runs, params, groups["grid"])
    if full:
        tables["steady_state"] = steady_state(params, seed=seed)
    return Results(PAPER, seed=seed, params=params, tables=tables,
                   descriptions={k: _DESCRIPTIONS[k] for k in tables}, values={"calibration": calibrate()})


def run(params=None, *, seed: int, workers: int = 1) -> Results:
    """Every experiment of the chapter under one root seed.

    The main grid (2 systems x 2 modes x 2 mixings x 3 frame rates), each stream alone
    (Fig. 10), the host and adapter path-length sweeps, the reference configuration
    (386, Locate, distributed, 30 frames/s) at several run lengths and without the
    warm-up cut; each configuration replicated ``params.replications`` times, each
    replication with its own stream of the root seed; one long run per system, mode and
    mixing (the steady state); and the closed forms the simulated utilizations are
    checked against.

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
    return _run(params, seed=seed, workers=workers, full=True)


def audit_run(params=None, *, seed: int) -> Results:
    """What the verdict audit runs for one variant and seed (:attr:`mmperf.experiments.Chapter.audit_run`).

    :func:`run` without the tables no claim reads (``run_length``, ``warmup``, ``steady_state``:
    the run-length experiment and the long runs, a quarter of the run's time); every table the
    claims read is the one :func:`run` gives under the same seed.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``).
    seed : int
        Root seed.

    Returns
    -------
    mmperf.results.Results
        :func:`run`'s tables but those three.

    Raises
    ------
    TypeError, ValueError
        As :func:`run`.
    """
    params, seed, _ = prepare_run(Params, params, seed=seed, workers=1, paper=PAPER)
    return _run(params, seed=seed, workers=1, full=False)
