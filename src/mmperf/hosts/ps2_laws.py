"""The PS/2 model's operational laws: every station's utilization in closed form, and their inverses.

The PS/2 video-conferencing model (:mod:`mmperf.hosts.ps2`) is an open queueing network, so its
stations' utilizations follow from the service demands alone by the utilization law
:math:`U = X D` (:func:`mmperf.networks.operational.utilization`), without simulating it:
:func:`utilizations` gives them for a :class:`~mmperf.hosts.ps2.Hardware` and a
:class:`~mmperf.hosts.ps2.Workload`, :func:`saturation_path_length` the video conferencing path
length at which the host and its memory reach 100 %, :func:`file_share` the background file
transfer's share of the host's work. The same laws, solved for a demand instead of a utilization,
calibrate the three numbers a paper may leave out: the host's instructions per clock
(:func:`instructions_per_clock`), its memory cycles per instruction
(:func:`memory_cycles_per_instruction`) and the disk's per-request overhead
(:func:`disk_request_overhead`).

References
----------
Lazowska et al., *Quantitative System Performance*, 1984, ch. 3 (operational laws);
K. D. Huynh, T. M. Khoshgoftaar, Multimedia Systems 1994, Table 1 and sec. 2 (the demands), sec. 5
(the utilizations and saturation points they report).

Examples
--------
>>> from mmperf.hosts.ps2 import Workload
>>> round(mean_requests_per_frame(8192, 4096), 4)
2.5415
>>> round(file_share(Workload(mode="locate", frame_rate=30, incoming_streams=2), request_bytes=4096), 3)
0.228
"""

from __future__ import annotations

import math
from dataclasses import replace

from mmperf import _validate
from mmperf.hosts.ps2 import Hardware, Workload
from mmperf.networks.operational import saturation_point, utilization

__all__ = ["STATIONS", "disk_request_overhead", "file_share", "host_instructions", "instructions_per_clock",
           "mean_requests_per_frame", "memory_cycles_per_instruction", "saturation_path_length", "utilizations"]

STATIONS = ("host", "memory", "channel", "video-adapter", "ring-adapter", "scsi-adapter", "disk", "ring", "i750")
"""The stations whose utilization :func:`utilizations` gives."""


def mean_requests_per_frame(mean_bytes: float, request_bytes: float) -> float:
    """Mean number of requests of ``request_bytes`` to read an exponential frame.

    :math:`E\\lceil X / b \\rceil = 1 / (1 - e^{-b/m})` for :math:`X \\sim \\mathrm{Exp}(m)`.

    Parameters
    ----------
    mean_bytes : float
        Mean frame size :math:`m` [bytes], > 0.
    request_bytes : float
        Request size :math:`b` [bytes], > 0.

    Returns
    -------
    float
        The mean number of requests per frame (>= 1).

    Raises
    ------
    ValueError, TypeError
        If an argument is not a finite number > 0.

    References
    ----------
    Huynh & Khoshgoftaar 1994, Table 1 (8-kB exponential frames, 4-kB file-system requests).

    Examples
    --------
    >>> round(mean_requests_per_frame(8192, 4096), 4)
    2.5415
    """
    _validate.positive(mean_bytes, "mean_bytes")
    _validate.positive(request_bytes, "request_bytes")
    return 1.0 / (1.0 - math.exp(-request_bytes / mean_bytes))


def _checked(workload, hardware=False) -> None:
    """Refuse, by name, a ``workload`` that is not a Workload (and a ``hardware`` not a Hardware, when given)."""
    _validate.instance(workload, "workload", Workload)
    if hardware is not False:
        _validate.instance(hardware, "hardware", Hardware)


def host_instructions(workload: Workload, *, request_bytes: float) -> tuple[float, float]:
    """Locate-mode host instructions per second of the video chains and of the file transfer.

    Each video frame (outgoing or incoming) runs the video conferencing code and one network
    request; each file frame runs the file system once per request of ``request_bytes`` and one
    network request.

    Parameters
    ----------
    workload : Workload
        The streams and path lengths (its mode is not read: this is the Locate-mode host's work).
    request_bytes : float
        File-system request size [bytes], > 0.

    Returns
    -------
    (float, float)
        Instructions per second of the video chains and of the file transfer.

    Raises
    ------
    TypeError, ValueError
        If ``workload`` is not a Workload or ``request_bytes`` not a finite number > 0.

    References
    ----------
    Huynh & Khoshgoftaar 1994, Table 1 (path lengths per frame and per request).

    Examples
    --------
    >>> video, file = host_instructions(Workload(mode="locate", frame_rate=30, incoming_streams=2), request_bytes=4096)
    >>> video
    1800000.0
    """
    _checked(workload)
    n_req = mean_requests_per_frame(workload.mean_frame_bytes, request_bytes)
    wl = workload
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams) * (wl.vc_instructions + wl.network_instructions)
    file = wl.file_frame_rate * (n_req * wl.file_system_instructions + wl.network_instructions) if wl.file_transfer else 0.0
    return video, file


def _channel_transfers(wl: Workload) -> float:
    """Micro Channel transfers per second: two per frame through system memory in Locate mode, one in Move."""
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams)
    file = wl.file_frame_rate if wl.file_transfer else 0.0
    return (2 if wl.mode == "locate" else 1) * (video + file)


def utilizations(hardware: Hardware, workload: Workload) -> dict:
    """Every station's utilization by the utilization law :math:`U = X D`, no simulation.

    The throughputs are the frame rates of the chains (outgoing and incoming video at the
    workload's frame rate, the file transfer at its own) and the demands are the model's own
    per-frame service times: path lengths at the host's or adapter's instruction rate, bytes
    (plus a control block) at the channel's and memory's rates, packets (plus MAC framing) at the
    ring's bit rate, the disk's requests, the i750's work. An exponential frame of mean :math:`m`
    needs :func:`mean_requests_per_frame` requests of the disk's request size. In Move mode the
    host only starts the streams, so its utilization is that one-off work over the workload's
    horizon; a pipelined Move-mode file transfer sends each disk block as its own channel transfer
    and ring packet (one control block and one MAC frame per block).

    Parameters
    ----------
    hardware : Hardware
        The system and its adapters.
    workload : Workload
        Mode, frame rate, streams, path lengths, run length.

    Returns
    -------
    dict of str to float
        Station (:data:`STATIONS`) to utilization [fraction].

    Raises
    ------
    TypeError
        If ``hardware`` is not a Hardware or ``workload`` not a Workload.

    References
    ----------
    Lazowska et al., *Quantitative System Performance*, 1984, ch. 3 (operational laws);
    Huynh & Khoshgoftaar 1994, Table 1 and sec. 2 (the demands), secs. 5.1-5.3 (the utilizations).

    Examples
    --------
    >>> from mmperf.hosts.ps2 import Hardware
    >>> hw = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6,
    ...               memory_cycles_per_instruction=0.9, memory_burst_factor=1.0, memory_bandwidth=50e6,
    ...               channel_rate=13.33e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> u = utilizations(hw, Workload(mode="locate", frame_rate=30, incoming_streams=2))
    >>> round(u["i750"], 4)
    0.9996
    """
    _checked(workload, hardware)
    hw, wl = hardware, workload
    video = wl.frame_rate * (int(wl.outgoing) + wl.incoming_streams)  # video frames/s through the PS/2
    file = wl.file_frame_rate if wl.file_transfer else 0.0
    m, scb = wl.mean_frame_bytes, hw.adapter_scb_instructions
    n_req = mean_requests_per_frame(m, hw.disk_request_bytes)
    locate = wl.mode == "locate"
    by_block = not locate and wl.move_file_transfer == "pipelined"
    packets = video + file * (n_req if by_block else 1.0)  # ring packets (and Move-mode channel transfers) per s
    transfers = _channel_transfers(wl)
    cpu = 1.0 / hw.host_instructions_per_s
    adapter = 1.0 / hw.adapter_instructions_per_s
    u = {"channel": utilization(throughput=transfers, demand=m / hw.channel_rate)
         + utilization(throughput=transfers / (video + file) * packets, demand=hw.control_block_bytes / hw.channel_rate)}
    if locate:
        instr = sum(host_instructions(wl, request_bytes=hw.disk_request_bytes))
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


def saturation_path_length(hardware: Hardware, workload: Workload) -> dict:
    """The Locate-mode video conferencing path length at which the host, and its memory, reach 100 %.

    Both utilizations are linear in the path length (:func:`utilizations`), so each reaches one
    at :func:`mmperf.networks.operational.saturation_point` of its slope, from its value with no
    video conferencing code.

    Parameters
    ----------
    hardware : Hardware
        The system.
    workload : Workload
        A Locate-mode workload (its ``vc_instructions`` is not read).

    Returns
    -------
    dict
        ``host`` and ``memory``: path lengths [instructions/frame].

    Raises
    ------
    TypeError
        If ``hardware`` is not a Hardware or ``workload`` not a Workload.
    ValueError
        If ``workload`` is not in Locate mode (in Move mode the host runs no path length per frame).

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 (the host saturates at 60 KLOCS on the 386, 240 on the 486).

    Examples
    --------
    >>> hw = Hardware(name="386", host_clock_hz=25e6, host_instructions_per_s=6.4e6,
    ...               memory_cycles_per_instruction=0.9, memory_burst_factor=1.0, memory_bandwidth=50e6,
    ...               channel_rate=13.33e6, adapter_instructions_per_s=1.6e6, adapter_scb_instructions=500,
    ...               control_block_bytes=32, compress_work=0.01666, decompress_work=0.00833, mix_time=0.00833,
    ...               disk_request_bytes=4096, disk_request_overhead=1.5e-3, disk_media_rate=2e6,
    ...               ring_bit_rate=16e6, ring_frame_overhead_bytes=21)
    >>> sorted(saturation_path_length(hw, Workload(mode="locate", frame_rate=30, incoming_streams=2)))
    ['host', 'memory']
    """
    _checked(workload, hardware)
    if workload.mode != "locate":
        raise ValueError(f"workload must be in Locate mode (mode='locate'), got mode={workload.mode!r}")
    u0 = utilizations(hardware, replace(workload, vc_instructions=0.0))
    u1 = utilizations(hardware, replace(workload, vc_instructions=1.0))
    # the utilization per instruction of path length is the slope: one "job" per unit of path length
    return {st: saturation_point(throughput=1.0, demand_per_unit=u1[st] - u0[st], base=u0[st]) for st in ("host", "memory")}


def file_share(workload: Workload, *, request_bytes: float) -> float:
    """Share of the Locate-mode host's work that is the background file transfer's [fraction].

    Parameters
    ----------
    workload : Workload
        The streams and path lengths, with the file transfer.
    request_bytes : float
        File-system request size [bytes], > 0.

    Returns
    -------
    float
        File-transfer instructions per second over all the host's.

    Raises
    ------
    TypeError, ValueError
        As :func:`host_instructions`.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 (almost 50 % at 8 frames/s, roughly 20 % at 30).

    Examples
    --------
    >>> round(file_share(Workload(mode="locate", frame_rate=8, incoming_streams=2), request_bytes=4096), 3)
    0.525
    """
    video, file = host_instructions(workload, request_bytes=request_bytes)
    return file / (file + video)


def instructions_per_clock(saturating: Workload, *, clock_hz: float, request_bytes: float) -> float:
    """The host's instructions per clock at which ``saturating`` keeps it busy 100 % (utilization law solved).

    Parameters
    ----------
    saturating : Workload
        The workload the host is known to saturate under (Locate mode).
    clock_hz : float
        Host clock [Hz], > 0.
    request_bytes : float
        File-system request size [bytes], > 0.

    Returns
    -------
    float
        Instructions per clock.

    Raises
    ------
    TypeError, ValueError
        If ``saturating`` is not a Workload or a number is not finite and > 0.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.2 (the i386 is ~100 % used at 60 KLOCS per frame).

    Examples
    --------
    >>> wl = Workload(mode="locate", frame_rate=30, incoming_streams=2, vc_instructions=60_000)
    >>> round(instructions_per_clock(wl, clock_hz=25e6, request_bytes=4096), 3)
    0.255
    """
    _validate.instance(saturating, "saturating", Workload)
    clock = _validate.positive(clock_hz, "clock_hz")
    return sum(host_instructions(saturating, request_bytes=request_bytes)) / clock


def memory_cycles_per_instruction(reference: Workload, *, utilization: float, clock_hz: float, burst_factor: float,
                                  memory_bandwidth: float, control_block_bytes: float, request_bytes: float) -> float:
    """Host-path memory cycles per instruction at which ``reference`` keeps memory ``utilization`` busy.

    The memory serves the host path (instructions x cycles x burst factor at the host clock) and
    the channel path (every Locate-mode transfer's frame and control block at ``memory_bandwidth``);
    the channel path's share is known, the host path's cycles per instruction are solved for.

    Parameters
    ----------
    reference : Workload
        The Locate-mode workload the utilization is known for.
    utilization : float
        Memory utilization [fraction], in [0, 1].
    clock_hz : float
        Host clock [Hz], > 0.
    burst_factor : float
        Share of a line fill's clocks with burst transfers, in (0, 1].
    memory_bandwidth : float
        Channel-path memory bandwidth [bytes/s], > 0.
    control_block_bytes : float
        Control block moved with each transfer [bytes], >= 0.
    request_bytes : float
        File-system request size [bytes], > 0.

    Returns
    -------
    float
        Clocks per instruction (negative when the channel path alone exceeds ``utilization``).

    Raises
    ------
    TypeError, ValueError
        If ``reference`` is not a Workload or a number is out of range.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.3 (memory ~35 % used on the 386 at 30 frames/s).

    Examples
    --------
    >>> wl = Workload(mode="locate", frame_rate=30, incoming_streams=2)
    >>> c = memory_cycles_per_instruction(wl, utilization=0.35, clock_hz=25e6, burst_factor=1.0,
    ...                                   memory_bandwidth=50e6, control_block_bytes=32, request_bytes=4096)
    >>> round(c, 3)
    3.33
    """
    _validate.instance(reference, "reference", Workload)
    target = _validate.fraction(utilization, "utilization")
    clock = _validate.positive(clock_hz, "clock_hz")
    burst = _validate.positive(burst_factor, "burst_factor")
    if burst > 1:
        raise ValueError(f"burst_factor must be a number in (0, 1], got {burst_factor!r}")
    bandwidth = _validate.positive(memory_bandwidth, "memory_bandwidth")
    block = _validate.non_negative(control_block_bytes, "control_block_bytes")
    instr = sum(host_instructions(reference, request_bytes=request_bytes))
    dma = _channel_transfers(reference) * (reference.mean_frame_bytes + block) / bandwidth
    return (target - dma) * clock / (instr * burst)


def disk_request_overhead(reference: Workload, *, utilization: float, media_rate: float, request_bytes: float) -> float:
    """The disk's per-request overhead at which ``reference``'s file transfer keeps it ``utilization`` busy [s].

    A file frame of mean :math:`m` bytes costs :func:`mean_requests_per_frame` overheads plus
    :math:`m` at the media rate; the overhead is solved for.

    Parameters
    ----------
    reference : Workload
        A workload with the file transfer.
    utilization : float
        Disk utilization [fraction], in [0, 1].
    media_rate : float
        Sustained media rate [bytes/s], > 0.
    request_bytes : float
        Request size [bytes], > 0.

    Returns
    -------
    float
        Seconds per request (negative when the media time alone exceeds ``utilization``).

    Raises
    ------
    TypeError, ValueError
        If ``reference`` is not a Workload with a file transfer or a number is out of range.

    References
    ----------
    Huynh & Khoshgoftaar 1994, sec. 5.3 (disk 24 % used by the background file transfer).

    Examples
    --------
    >>> wl = Workload(mode="locate", frame_rate=30, incoming_streams=2)
    >>> round(1e3 * disk_request_overhead(wl, utilization=0.24, media_rate=2e6, request_bytes=4096), 2)
    1.54
    """
    _validate.instance(reference, "reference", Workload)
    if not reference.file_transfer:
        raise ValueError("reference must carry the file transfer (file_transfer=True)")
    target = _validate.fraction(utilization, "utilization")
    rate = _validate.positive(media_rate, "media_rate")
    n_req = mean_requests_per_frame(reference.mean_frame_bytes, request_bytes)
    per_frame = target / reference.file_frame_rate
    return (per_frame - reference.mean_frame_bytes / rate) / n_req
