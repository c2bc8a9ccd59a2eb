"""UDP/RTP transport: one datagram per packet, no retransmission, no congestion control.

In the paper's *RTP* strategy every packet goes through the first interface;
in *RTPMulti* the base layer goes through the first and the enhancement layer
through the second (Ortiz et al. 2013, "Evaluation scenarios"). Each packet
carries 40 bytes of IP/UDP/RTP headers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mmperf import _validate
from mmperf.networks.packetsim import Network, uniforms
from mmperf.seeds import check_seed
from mmperf.transports._common import TransportResult, check_inputs, check_layers, counters_frame
from mmperf.transports._engine import run_datagram

__all__ = ["HEADER_BYTES", "RtpConfig", "run"]

HEADER_BYTES = 40
"""IPv4 (20) + UDP (8) + RTP (12) header bytes."""


@dataclass(frozen=True)
class RtpConfig:
    """RTP strategy.

    Parameters
    ----------
    layer_paths : tuple of int, default (0, 0)
        Path (0 = first interface, 1 = second) of the base and enhancement layers.
    """

    layer_paths: tuple[int, int] = (0, 0)

    def __post_init__(self):
        if (not isinstance(self.layer_paths, (tuple, list)) or len(self.layer_paths) != 2
                or any(isinstance(p, bool) or p not in (0, 1) for p in self.layer_paths)):
            raise ValueError(f"layer_paths must be two path indices in {{0, 1}}, got {self.layer_paths!r}")


def run(gen_time, sizes, layers, network: Network, config: RtpConfig = RtpConfig(), *, seed: int = 0,
        bin_s: float = 1.0) -> TransportResult:
    """Send packets over UDP/RTP.

    Parameters
    ----------
    gen_time : array_like of float
        Time each packet is handed to the sender [s] (non-decreasing).
    sizes : array_like of int
        Payload of each packet [bytes].
    layers : array_like of int
        Layer of each packet (0 base, 1 enhancement).
    network : Network
        The two links.
    config : RtpConfig
        Which path carries which layer.
    seed : int
        Seed of the links' error models.
    bin_s : float
        Width of the statistics bins [s].

    Returns
    -------
    TransportResult
        Each packet's delivery time (-1 if lost), the links' counters and statistics.

    Raises
    ------
    ValueError, TypeError
        On malformed inputs.
    """
    gen_time, sizes = check_inputs(gen_time, sizes, network)
    layers = check_layers(layers, gen_time.size)
    if not isinstance(config, RtpConfig):
        raise TypeError(f"config must be an RtpConfig, got {type(config).__name__}")
    path_of = np.array(np.asarray(config.layer_paths, dtype=np.int64)[layers])
    rate, delay, qlim, per, start = network.arrays()
    bin_s = _validate.positive(bin_s, "bin_s")
    nbins = _validate.size(6 * (int(gen_time[-1] / bin_s) + 2 if gen_time.size else 2),
                           "the statistics bins (times / bin_s, 6 numbers a bin)") // 6
    unif = uniforms(check_seed(seed), gen_time.size + 1)
    deliver, counters, stats = run_datagram(gen_time, sizes, path_of, float(HEADER_BYTES), rate, delay, qlim,
                                            per, start, unif, float(bin_s), nbins)
    return TransportResult(
        transport="rtp", gen_time=gen_time, deliver_time=deliver, transmissions=np.ones(gen_time.size, np.int64),
        abandoned=np.zeros(gen_time.size, bool), link_counters=counters_frame(counters, [0, 0]),
        link_stats=stats, end_time=float(deliver.max(initial=0.0)), bin_s=float(bin_s))
