"""A single-hop LAN: Ethernet, Fibre Channel or HIPPI, idle or loaded.

The delay of one datagram across the LAN is its transmission time at the
link rate plus any wait behind other traffic queued ahead of it:

* **Background traffic** of a shared medium (other users' file and window
  traffic on a daytime Ethernet): with probability ``utilization`` the
  datagram finds a burst in progress and waits its exponential residual
  (mean ``burst_bytes`` at the link rate).
* **A bulk transfer** (``netperf``, run on the sending and receiving hosts
  themselves, Sec. 6.1) keeps a TCP window of data queued at the sender's
  interface; the datagram finds a uniform fraction of that window ahead of it
  and waits for it to drain at the link rate. A faster link drains the same
  window sooner, so jitter under load falls with bandwidth.

References
----------
Claypool, Habermann & Riedl 1998, Secs. 4.3 (Fig. 8) and 6 (Figs. 12-13).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = ["Network", "NETWORKS", "Traffic", "network_delay_arrays", "network_delays"]


@dataclass(frozen=True)
class Network:
    """A LAN technology.

    Parameters
    ----------
    name : str
        Label.
    mbps : float
        Nominal bandwidth in Mb/s (Sec. 6.1: Ethernet 10, Fibre Channel 266, HIPPI 800).
    propagation_us : float, default 5
        Fixed latency (propagation and adapter), in microseconds.
    """

    name: str
    mbps: float
    propagation_us: float = 5.0

    def __post_init__(self):
        _validate.positive(self.mbps, "mbps")
        _validate.non_negative(self.propagation_us, "propagation_us")

    def transmit_us(self, size_bytes) -> np.ndarray:
        """Time to put ``size_bytes`` on the wire, in microseconds (8 bits per byte / Mb/s)."""
        return _validate.finite_array(size_bytes, "size_bytes", non_negative=True, allow_empty=True) * 8.0 / self.mbps


NETWORKS = {
    "Ethernet": Network("Ethernet", 10.0),
    "Fibre Channel": Network("Fibre Channel", 266.0),
    "HIPPI": Network("HIPPI", 800.0),
}
"""The three networks of Sec. 6.1."""


@dataclass(frozen=True)
class Traffic:
    """Other traffic sharing the path of the stream.

    Parameters
    ----------
    utilization : float, default 0
        Fraction of time a background burst occupies a shared medium, in [0, 1).
    burst_bytes : float, default 32,768
        Mean size of a background burst (an NFS transfer).
    bulk : bool, default False
        A bulk transfer (netperf) runs between the same two hosts.
    window_bytes : float, default 65,536
        Data the bulk transfer keeps queued: the largest TCP window without
        window scaling.
    """

    utilization: float = 0.0
    burst_bytes: float = 32_768.0
    bulk: bool = False
    window_bytes: float = 65_536.0

    def __post_init__(self):
        _validate.fraction(self.utilization, "utilization", closed=False)
        _validate.positive(self.burst_bytes, "burst_bytes")
        _validate.positive(self.window_bytes, "window_bytes")
        if not isinstance(self.bulk, (bool, np.bool_)):
            raise TypeError(f"bulk must be a bool, got {self.bulk!r}")


def network_delays(n: int, size_bytes: float, *, network: Network, traffic: Traffic = Traffic(),
                   rng: np.random.Generator) -> pd.DataFrame:
    """Draw the LAN delay of ``n`` datagrams of ``size_bytes``.

    Parameters
    ----------
    n : int
        Number of datagrams.
    size_bytes : float
        Datagram size.
    network : Network
        The LAN.
    traffic : Traffic, optional
        Background and bulk traffic (default: an idle network).
    rng : numpy.random.Generator
        Source of randomness.

    Returns
    -------
    pandas.DataFrame
        Columns ``transmit_us``, ``wait_us`` (behind other traffic) and ``delay_us``
        (transmission + wait + propagation).

    Raises
    ------
    ValueError
        If ``n`` is negative or ``size_bytes`` not positive.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> d = network_delays(3, 1250, network=NETWORKS["Ethernet"], rng=rng("doc"))
    >>> d["transmit_us"].tolist()
    [1000.0, 1000.0, 1000.0]
    """
    return pd.DataFrame(network_delay_arrays(n, size_bytes, network=network, traffic=traffic, rng=rng))


def network_delay_arrays(n: int, size_bytes: float, *, network: Network, traffic: Traffic,
                         rng: np.random.Generator) -> dict:
    """:func:`network_delays` as a dict of arrays (for callers that run thousands of streams).

    Parameters
    ----------
    n : int
        Number of datagrams, >= 0.
    size_bytes : float
        Datagram size [bytes], > 0.
    network : Network
        The LAN.
    traffic : Traffic
        Background and bulk traffic (no default here).
    rng : numpy.random.Generator
        Source of randomness.

    Returns
    -------
    dict of numpy.ndarray
        ``transmit_us``, ``wait_us`` and ``delay_us``, one entry per datagram.

    Raises
    ------
    ValueError
        If ``n`` is negative or ``size_bytes`` not positive.
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    _validate.size(8 * int(n), "8 * n (the packets' delay arrays)")
    _validate.positive(size_bytes, "size_bytes")
    _validate.instance(network, "network", Network)
    _validate.instance(traffic, "traffic", Traffic)
    _validate.instance(rng, "rng", np.random.Generator)
    tx = np.full(n, float(network.transmit_us(size_bytes)))
    wait = np.zeros(n)
    if traffic.utilization > 0:
        busy = rng.random(n) < traffic.utilization
        wait += np.where(busy, rng.exponential(network.transmit_us(traffic.burst_bytes), size=n), 0.0)
    if traffic.bulk:
        wait += rng.uniform(0.0, float(network.transmit_us(traffic.window_bytes)), size=n)
    return {"transmit_us": tx, "wait_us": wait, "delay_us": tx + wait + network.propagation_us}
