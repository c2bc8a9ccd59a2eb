"""What Huynh & Khoshgoftaar (1994) state about their set-up: the model's inputs and the grid.

Table 1 and section 2 give the workload (frame sizes, path lengths, pipeline times, bus and ring
rates); sections 4.1-4.2 the experiment (systems, modes, mixings, frame rates, replications). The
three numbers of :data:`CALIBRATION` are figures the paper quotes that the book fits three
parameters the paper does not give to (``params.py``); the paper's results stay in
``data/papers/``.
"""

__all__ = ["CALIBRATION", "FRAME_RATES", "INPUTS", "KB", "LEVEL", "MIXINGS", "MODES", "PAPER", "PAPER_FRAMES",
           "REPLICATIONS", "SYSTEMS"]

PAPER = "huynh1994"
"""The paper's key (its data under ``data/papers/``, its streams of the root seed)."""

SYSTEMS = ("386", "486")
"""Sec. 2: the midrange PS/2 Model 70 (i386DX 25 MHz) and the PS/2 50 MHz Server (i486DX 50 MHz)."""
MODES = ("locate", "move")
"""Sec. 3: the two SCB operating modes."""
MIXINGS = ("central", "distributed")
"""Sec. 3: centralized mixing (one incoming composite stream) or fully distributed (two incoming streams)."""
FRAME_RATES = (8, 15, 30)
"""Figs. 4, 6-9: frame rates [frames/s]."""
LEVEL = 0.90
"""Sec. 4.2: confidence level."""
REPLICATIONS = 5
"""Sec. 4.2: independent replications."""
PAPER_FRAMES = 2000
"""Sec. 4.2: frames per replication."""

KB = 1024
"""Bytes in the paper's kB."""

INPUTS = {
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
"""The model's inputs the paper (or the standard it names) states, with their sources."""

CALIBRATION = {
    "host_saturation_vc_386": (60_000, "instruction/frame", "sec. 5.2: the i386 is ~100 % used at 60 KLOCS (Locate, distributed)"),
    "memory_util_386": (0.35, "fraction", "sec. 5.3: memory ~35 % used at 30 frames/s on the 386 (Locate)"),
    "disk_util": (0.24, "fraction", "sec. 5.3: disk 24 % used by the background file transfer"),
}
"""The three numbers the book calibrates on (386, Locate, distributed, 30 frames/s)."""
