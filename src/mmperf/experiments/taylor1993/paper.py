"""The set-up Taylor & Polyzos (1993) states: testbeds, hosts, packets, the 12 tables' packet times.

Inputs the paper fixes, each with its section; its results stay in ``data/papers/taylor1993``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mmperf.hosts import testbed

__all__ = ["PAPER", "FRAME_SHAPE", "PACKETS_PER_FRAME", "PACKET_BYTES", "SOCKET_BUFFER_PACKETS", "N_FRAMES", "GROUP", "ULTRIX_TICK_MS",
           "LINKS", "HOSTS", "ALPHA", "HOST_SHORT", "HARDWARE", "TableSpec", "TABLES"]

PAPER = "taylor1993"
FRAME_SHAPE = (550, 550)  # the animation's 8-bit frames, 550x550 pixels (sec. 2.1)
PACKETS_PER_FRAME = 264  # a 550x550 8-bit frame in 1224-byte bit-plane packets (sec. 2.1)
PACKET_BYTES = testbed.PACKET_BYTES + testbed.UDP_IP_BYTES  # 1256: counted in throughput (sec. 2.1)
SOCKET_BUFFER_PACKETS = 40  # "approximately 50K bytes ... approximately 40 packets" (sec. 3.4)
N_FRAMES = 100  # the paper sent 100 or 200 frames (sec. 3); the book sends 100 in every run
GROUP = 2  # packets sent back to back: "generally 2 or 3" (sec. 2.1)
ULTRIX_TICK_MS = 1000 / 256
"""The sender's clock tick [ms]: Ultrix on the DECstation 5000 runs its clock at 256 Hz."""

LINKS = {
    # 10 Mb/s; 14 B header + 4 B FCS + 8 B preamble + 12 B inter-frame gap
    "Ethernet": testbed.Link("Ethernet", rate_mbps=10.0, overhead_bytes=38),
    # 100 Mb/s; preamble 8, SD/FC/addresses 14, LLC/SNAP 8, FCS 4, ED/FS 2
    "FDDI": testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36),
    # 100 Mb/s TAXI; AAL5 trailer 8 B, 1264 B -> 27 cells x 53 B = 1431 B
    "ATM": testbed.Link("ATM", rate_mbps=100.0, overhead_bytes=1431 - 1256),
    # Berkeley - San Diego: "the first DS3 link is already in operation connecting UC Berkeley to
    # UC San Diego" (sec. 1.3), the experiment's path; C-bit DS3 payload 44.21 Mb/s, ~10 B HDLC framing
    "Sequoia 2000 Net": testbed.Link("Sequoia 2000 Net", rate_mbps=44.21, overhead_bytes=10, propagation_ms=10.0),
}
"""The four networks (sec. 1.3, 2.3)."""

HOSTS = ("DECstation 5000/200", "DECstation 5000/240", "DEC 3000/500 Alpha AXP")
"""Receiving hosts, as the tables name them (sec. 2.3)."""
ALPHA = "DEC 3000/500 Alpha AXP"
HOST_SHORT = {"DECstation 5000/200": "DS5000/200", "DECstation 5000/240": "DS5000/240",
              "DEC 3000/500 Alpha AXP": "Alpha 3000/500"}

HARDWARE = {"DECstation 5000/200": (25.0, 4), "DECstation 5000/240": (40.0, 4), "DEC 3000/500 Alpha AXP": (150.0, 8)}
"""Per host, the processor clock [MHz] and load/store width [bytes] (MIPS R3000 at 25 and 40 MHz,
Alpha 21064 at 150 MHz, sec. 2.3): the physical floor of its per-packet costs
(:func:`mmperf.hosts.identification.copy_floor_ms`)."""


@dataclass(frozen=True)
class TableSpec:
    """One table of section 3: its testbed, receiving host, experiment and packet times.

    Parameters
    ----------
    name : str
        The book's key for the table (``"atm_max"``, ...).
    testbed : str
        The network, a key of :data:`LINKS`.
    host : str
        The receiving host, one of :data:`HOSTS`.
    experiment : {"max_throughput", "animation"}
        Which of the paper's two experiments the table reports.
    packet_times_ms : tuple of float
        The sender's inter-packet times the table's rows were run at [ms].
    throughput_unit : {"Mb/s", "Kb/s"}
        The unit of the table's throughput column, as the paper's header prints it.
    """

    name: str
    testbed: str
    host: str
    experiment: str  # "max_throughput" or "animation"
    packet_times_ms: tuple[float, ...]
    throughput_unit: str  # "Mb/s" or "Kb/s", as the paper's header says

    @property
    def display(self) -> bool:
        return self.experiment == "animation"


TABLES = (
    TableSpec("s2k_max", "Sequoia 2000 Net", "DECstation 5000/240", "max_throughput", (7.5,), "Mb/s"),
    TableSpec("s2k_anim", "Sequoia 2000 Net", "DECstation 5000/240", "animation", (23.435,), "Kb/s"),
    TableSpec("atm_max", "ATM", "DECstation 5000/200", "max_throughput", (1.95, 1.3, 0.975, 0.946, 0.887), "Mb/s"),
    TableSpec("atm_anim", "ATM", "DECstation 5000/200", "animation", (19.529, 17.576, 15.623, 13.67), "Kb/s"),
    TableSpec("eth_max_ds200", "Ethernet", "DECstation 5000/200", "max_throughput", (1.301, 1.065, 0.976), "Mb/s"),
    TableSpec("eth_max_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "max_throughput", (1.25, 1.05, 0.85), "Mb/s"),
    TableSpec("eth_anim_ds200", "Ethernet", "DECstation 5000/200", "animation", (22.459, 20.675, 19.53, 19.525), "Kb/s"),
    TableSpec("eth_anim_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "animation", (2.817, 2.48), "Mb/s"),
    TableSpec("fddi_max_ds240", "FDDI", "DECstation 5000/240", "max_throughput", (0.65, 0.53, 0.488, 0.473), "Mb/s"),
    TableSpec("fddi_max_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "max_throughput", (0.3, 0.25, 0.2), "Mb/s"),
    TableSpec("fddi_anim_ds240", "FDDI", "DECstation 5000/240", "animation", (19.529, 15.623, 13.67), "Kb/s"),
    TableSpec("fddi_anim_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "animation", (2.254, 2.066, 1.878), "Mb/s"),
)
"""The experiment grid: the 12 tables of section 3 and the sender's packet time of each row."""
