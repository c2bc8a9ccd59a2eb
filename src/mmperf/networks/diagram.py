"""Node-link diagrams of simulated networks: nodes and links with coordinates, for a chart.

Examples
--------
>>> nodes, links = two_path_diagram(bandwidths_mbps=(30.0,), delay_s=0.005, queue_limit=50, loss_start_s=(20.0, 40.0))
>>> list(nodes["node"])
['sender', 's0', 's1', 'r0', 'r1', 'receiver']
"""

from __future__ import annotations

import pandas as pd

from mmperf import _validate

__all__ = ["two_path_diagram"]


def two_path_diagram(*, bandwidths_mbps, delay_s: float, queue_limit: int, loss_start_s) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A multihomed sender and receiver joined by two duplex links, as nodes and links on a 0-100 canvas.

    Sender and receiver are each a core node (the transport agent with the source or sink) and two
    interface nodes, as in an ns-2 multihoming scenario; two duplex links join the interfaces, each
    labelled with its bandwidth, delay, drop-tail limit and the onset of its uniform loss.

    Parameters
    ----------
    bandwidths_mbps : sequence of float
        The link bandwidths to label [Mb/s] (several: "30/45/60 Mb/s").
    delay_s : float
        One-way delay of each link [s].
    queue_limit : int
        Drop-tail limit [packets].
    loss_start_s : (float, float)
        Loss onset on link 1 and link 2 [s].

    Returns
    -------
    nodes : pandas.DataFrame
        ``node``, ``label`` (lines separated by ``"\\n"``), ``role`` (core or interface), ``x``, ``y``.
    links : pandas.DataFrame
        ``source``, ``target``, ``kind`` (internal or link), ``label`` and ``x``, ``y``, ``x2``, ``y2``.

    Raises
    ------
    ValueError
        If a bandwidth is not positive, the delay negative, the queue limit not a whole number >= 1,
        or ``loss_start_s`` not two non-negative times.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Fig. 1.

    Examples
    --------
    >>> _, links = two_path_diagram(bandwidths_mbps=(30.0, 60.0), delay_s=0.005, queue_limit=50, loss_start_s=(20.0, 40.0))
    >>> links["label"].iloc[4]
    'link 1: 30/60 Mb/s, 5 ms, drop-tail 50; uniform loss from 20 s'
    """
    bws = _validate.finite_array(bandwidths_mbps, "bandwidths_mbps", ndim=1)
    if (bws <= 0).any():
        raise ValueError(f"bandwidths_mbps must be positive, got {bandwidths_mbps!r}")
    delay = _validate.non_negative(delay_s, "delay_s")
    qlim = _validate.whole(queue_limit, "queue_limit", minimum=1)
    start = _validate.finite_array(loss_start_s, "loss_start_s", non_negative=True)
    if start.shape != (2,):
        raise ValueError(f"loss_start_s must be two non-negative times, got {loss_start_s!r}")
    bw = "/".join(f"{b:g}" for b in bws)
    nodes = pd.DataFrame([
        ("sender", "sender (core node)\nvideo source +\ntransport agent", "core", 10, 50),
        ("s0", "eth0", "interface", 35, 80), ("s1", "eth1", "interface", 35, 20),
        ("r0", "eth0", "interface", 65, 80), ("r1", "eth1", "interface", 65, 20),
        ("receiver", "receiver (core node)\ntransport agent +\nvideo sink", "core", 90, 50),
    ], columns=["node", "label", "role", "x", "y"])
    links = [("sender", "s0", "internal", ""), ("sender", "s1", "internal", ""),
             ("r0", "receiver", "internal", ""), ("r1", "receiver", "internal", "")]
    for i, (a, b) in enumerate((("s0", "r0"), ("s1", "r1"))):
        links.append((a, b, "link", f"link {i + 1}: {bw} Mb/s, {1000 * delay:g} ms, drop-tail "
                                    f"{qlim}; uniform loss from {start[i]:g} s"))
    links = pd.DataFrame(links, columns=["source", "target", "kind", "label"])
    xy = nodes.set_index("node")[["x", "y"]]
    links[["x", "y"]] = xy.loc[links["source"]].to_numpy()
    links[["x2", "y2"]] = xy.loc[links["target"]].to_numpy()
    return nodes, links
