"""The set-up Claypool, Habermann & Riedl (1998) state, with their section numbers.

Inputs the paper fixes (stream periods and sizes, buffers, hosts, classes, the axes of its figures);
its results stay in ``data/papers/claypool1998`` (``tests/claypool1998/test_paper_tables.py`` checks
these values against that transcription).
"""

from __future__ import annotations

import numpy as np

from mmperf.networks.lan import NETWORKS

__all__ = [
    "PAPER", "SETUP", "PAPER_SPECINT92", "WORKSTATIONS", "SEC4_HOSTS", "CPUS", "NETWORKS", "CLASSES",
    "ENVIRONMENT_NAMES", "FIG19_USERS", "FIG19_SPECS", "FIG19_MBPS", "FIG20_USERS", "FIG21_LOADS",
    "PRIORITY_HOGS", "LOAD_HOGS", "PROJECTION_YEARS",
]

PAPER = "claypool1998"

SETUP = {
    "audio_period": 160_000.0,  # us, Sec. 3: audio-rate interarrival
    "audio_size": 1280.0,  # bytes, Sec. 3
    "mid_period": 100_000.0,  # us, Sec. 3
    "mid_size": 4000.0,  # bytes, Sec. 3
    "video_period": 33_000.0,  # us, Sec. 3
    "video_size": 6000.0,  # bytes, Sec. 3
    "fig5_period_1": 30_000.0,  # us, Sec. 3, Fig. 5 rates
    "fig5_period_2": 70_000.0,
    "fig5_period_3": 110_000.0,
    "fig5_period_4": 160_000.0,
    "fig3_period_top": 160_000.0,  # us, Fig. 3 upper (reflecting) stream
    "fig3_period_bottom": 30_000.0,  # us, Fig. 3 lower stream
    "gaps_buffer": 250_000.0,  # us, Sec. 3: playout buffer of the gaps measure
    "fig16_max_buffer": 250.0,  # ms, Sec. 8.1: largest buffer of the compensation curve
    "fig19_users": 5.0,  # users, Sec. 8.5.2
    "hardware_doubling": 1.0,  # years, Sec. 9
}
"""The paper's experimental setup (stream periods and sizes, buffers, users), with sources."""

PAPER_SPECINT92 = {"SLC": 8.6, "IPC": 13.8, "IPX": 21.8, "Sparc 5": 64.0}
"""Processor power of the four Sun workstations [SPECint92], Table 3."""

WORKSTATIONS = ["SLC", "IPC", "IPX", "Sparc 5"]
"""The four Sun workstations of Sec. 4 (Table 3)."""

SEC4_HOSTS = ("SLC", "IPC", "IPX", "Sparc 5")
"""The Suns whose operating system the paper does not name (it names SunOS 5.4 only for the SPARCclassics, Sec. 5.1)."""

CPUS = {"SGI Challenge L": 4}
"""Processors per host where more than one: Sec. 6.1, "We used 4 processor SGI Challenge L workstations"."""

CLASSES = ("default", "niced", "real-time")
"""The scheduling classes of Sec. 5.1 (nice -19 by setpriority; real-time by priocntl)."""

ENVIRONMENT_NAMES = ("multi-user, day", "multi-user, night", "single-user, day", "single-user, night",
                     "single-user, dedicated network")
"""The five environments of Fig. 8 (Sec. 4.3), top to bottom."""

LOAD_HOGS = range(0, 7)
"""Counter processes of Sec. 4.2 (Figs. 6-7: loads 0 to 6)."""

PRIORITY_HOGS = range(1, 7)
"""Counter processes of Sec. 5 (Figs. 10-11: loads 1 to 6)."""

FIG19_USERS = int(SETUP["fig19_users"])
"""Users of Fig. 19 (Sec. 8.5.2)."""

FIG19_SPECS = [8.6, 13.8, 21.8, 26.4, 30.0, 35.0, 40.0, 45.0, 50.0, 64.0, 80.0, 100.0, 150.0, 200.0, 300.0]
"""Fig. 19's processor axis [SPECint92] (the book's points over the paper's axis; Table 3's hosts among them)."""

FIG19_MBPS = [10.0, 20.0, 50.0, 100.0, 266.0, 500.0, 800.0, 1600.0]
"""Fig. 19's bandwidth axis [Mb/s] (the book's points; Ethernet, Fibre Channel and HIPPI among them)."""

FIG20_USERS = list(range(1, 21)) + list(range(25, 85, 5))
"""Fig. 20's user axis (the book's points, Sec. 8.5.3)."""

FIG21_LOADS = list(range(0, 7))
"""Fig. 21's load axis: 0 to 6 counter processes, as in Sec. 4 (Sec. 8.5.4)."""

PROJECTION_YEARS = np.arange(0.0, 10.01, 1.0)
"""Fig. 22's years (Sec. 9)."""
