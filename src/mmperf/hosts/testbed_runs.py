"""A grid of paced-stream runs over :mod:`mmperf.hosts.testbed`: one simulation per case, one random stream each.

A *case* is one row of an experiment grid: a key (e.g. ``(table, row)``), the sender's packet time,
the link, the receiving host's name and whether the receiver displays the frames. :func:`simulate_cases`
runs each with the host a calibration builds (:meth:`mmperf.hosts.calibration.HostCalibration.host`),
on the named random stream ``(*streams, *key)`` of the root seed, so a case rerun with one change
(no display, a larger buffer, another cost) is a paired comparison. :func:`lost_matrix` reads a run's
losses by frame and packet position; :func:`fluid_curve` is the fluid limit of a host on a link.

References
----------
Taylor & Polyzos (1993), sec. 2-3: the 12 tables, each a grid of packet times on one testbed.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.hosts import testbed
from mmperf.seeds import check_seed, rng

__all__ = ["Case", "fluid_curve", "lost_matrix", "simulate_cases"]


class Case(NamedTuple):
    """One run of an experiment grid.

    Parameters
    ----------
    key : tuple
        The case's name in the results and in its random stream (e.g. ``(table, row)``).
    packet_time_ms : float
        The sender's packet time [ms].
    link : mmperf.hosts.testbed.Link
        The path.
    host : str
        The receiving host's name (a host of the calibration).
    display : bool
        Whether the receiver displays each frame.
    """

    key: tuple
    packet_time_ms: float
    link: testbed.Link
    host: str
    display: bool


def simulate_cases(cases, calibration, *, n_frames: int, group: int, streams: tuple, seed: int | None = None,
                   display: bool | None = None) -> dict:
    """Simulate every case once: ``{key: Run}``.

    Parameters
    ----------
    cases : iterable of Case
        The grid.
    calibration : object with a ``host(name)`` method
        Builds each case's :class:`~mmperf.hosts.testbed.Host`
        (:class:`mmperf.hosts.calibration.HostCalibration`).
    n_frames : int
        Frames per run.
    group : int
        Packets the sender sends back to back.
    streams : tuple
        Prefix of every case's random-stream key (``rng(*streams, *key, root=seed)``).
    seed : int, optional
        Root seed (default: the process's).
    display : bool, optional
        Force the display on or off in every case (default: each case's own).

    Returns
    -------
    dict
        ``{case.key: mmperf.hosts.testbed.Run}``, in the order of ``cases``.

    Raises
    ------
    TypeError
        If ``cases`` does not hold :class:`Case` records (with a Link and a bool display), ``calibration`` has no
        ``host`` method or ``streams`` is not a tuple.
    ValueError
        If a case's host is unknown to the calibration, a count is not a whole number >= 1, the grid asks for
        more packets than the machine allows, or ``seed`` is not a root seed.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.

    Examples
    --------
    >>> from mmperf.hosts import calibration as hc
    >>> hosts = pd.DataFrame({"kernel_ms": [0.1], "app_ms": [0.15], "display_ms": [0.0]}, index=["h"])
    >>> cal = hc.HostCalibration(hosts=hosts, kappa=0.0, buffer_packets=40, display_table="-")
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> runs = simulate_cases([Case(("t", 1), 0.3, link, "h", False)], cal, n_frames=2, group=2,
    ...                       streams=("doc",), seed=1)
    >>> runs[("t", 1)].summary()["loss_pct"]
    0.0
    """
    if isinstance(cases, (str, bytes)) or not hasattr(cases, "__iter__"):
        raise TypeError(f"cases must be a sequence of Case records, got {type(cases).__name__}")
    cases = list(cases)
    for c in cases:
        if not isinstance(c, Case):
            raise TypeError(f"cases must hold Case records, got {c!r:.80}")
        _v.instance(c.link, "cases: a case's link", testbed.Link)
        _v.flag(c.display, "cases: a case's display")
    if not callable(getattr(calibration, "host", None)):
        raise TypeError(f"calibration must have a host(name) method (a HostCalibration), got {type(calibration).__name__}")
    n = _v.whole(n_frames, "n_frames", minimum=1)
    _v.events(n * testbed.PACKETS_PER_FRAME * len(cases), "n_frames", what="packets")
    _v.whole(group, "group", minimum=1)
    if not isinstance(streams, tuple):
        raise TypeError(f"streams must be a tuple of stream names, got {streams!r:.80}")
    if seed is not None:
        check_seed(seed, name="seed")
    if display is not None:
        _v.flag(display, "display")
    out = {}
    for c in cases:
        stream = testbed.Stream(packet_time_ms=c.packet_time_ms, group=group, n_frames=n_frames)
        out[c.key] = testbed.simulate(stream, c.link, calibration.host(c.host),
                                      display=c.display if display is None else display,
                                      rng=rng(*streams, *c.key, root=seed))
    return out


def lost_matrix(run: testbed.Run) -> np.ndarray:
    """A run's losses by frame and packet position.

    Parameters
    ----------
    run : mmperf.hosts.testbed.Run
        A simulated run.

    Returns
    -------
    numpy.ndarray
        Booleans, frames x packets per frame: True where the packet was lost (at the link or the socket).

    Raises
    ------
    TypeError
        If ``run`` is not a :class:`~mmperf.hosts.testbed.Run`.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 (where in the frame packets are lost).

    Examples
    --------
    >>> from mmperf.seeds import check_seed, rng
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> r = testbed.simulate(testbed.Stream(packet_time_ms=0.3, n_frames=2), link,
    ...                      testbed.Host("h", kernel_ms=0.1, app_ms=0.15), display=False, rng=rng("doc"))
    >>> lost_matrix(r).shape
    (2, 264)
    """
    _v.instance(run, "run", testbed.Run)
    return ~run.packets["received"].to_numpy().reshape(run.stream.n_frames, run.stream.packets_per_frame)


def fluid_curve(link: testbed.Link, host: testbed.Host, *, low_ms: float, high_ms: float, points: int,
                packet_bytes: int = testbed.PACKET_BYTES + testbed.UDP_IP_BYTES) -> pd.DataFrame:
    """A host's fluid throughput on a link over a range of packet times.

    Parameters
    ----------
    link : mmperf.hosts.testbed.Link
        The path.
    host : mmperf.hosts.testbed.Host
        The receiving host.
    low_ms, high_ms : float
        The range of packet times [ms], ``0 < low_ms <= high_ms``.
    points : int
        Packet times, evenly spaced, >= 2.
    packet_bytes : int, default 1256
        Bytes per packet counted in the throughput.

    Returns
    -------
    pandas.DataFrame
        Columns ``packet_time`` [ms] and ``throughput_mbps``
        (:func:`mmperf.hosts.testbed.fluid_received_rate`).

    Raises
    ------
    TypeError
        If ``link`` or ``host`` is not a Link / Host.
    ValueError
        If the range is not positive and increasing or ``points`` is not a whole number >= 2.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3 (the maximum-throughput tables).

    Examples
    --------
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> c = fluid_curve(link, testbed.Host("h", kernel_ms=0.1, app_ms=0.15), low_ms=0.2, high_ms=0.5, points=4)
    >>> [round(v, 2) for v in c["throughput_mbps"]]
    [33.49, 33.49, 25.12, 20.1]
    """
    _v.instance(link, "link", testbed.Link)
    _v.instance(host, "host", testbed.Host)
    lo, hi = _v.positive(low_ms, "low_ms"), _v.positive(high_ms, "high_ms")
    if hi < lo:
        raise ValueError(f"high_ms must be >= low_ms, got {high_ms!r} < {low_ms!r}")
    n = _v.whole(points, "points", minimum=2)
    nb = _v.whole(packet_bytes, "packet_bytes", minimum=1)
    _v.size(n, "points")
    p = np.linspace(lo, hi, n)
    r = testbed.fluid_received_rate(p, link, host, packet_bytes=nb)
    return pd.DataFrame({"packet_time": p, "throughput_mbps": r * nb * 8 / 1000})
