"""Tables over a grid of testbed runs: where each run lost its packets, by site and by position in the frame.

A grid is a dict ``{key: Run}`` of :class:`mmperf.hosts.testbed.Run` (e.g. the output of
:func:`mmperf.hosts.testbed_runs.simulate_cases`), each key a tuple named column by column by
``keys`` (e.g. ``("table", "row")``). Every function returns one long table with a row (or a block of
rows) per run, in the grid's order, the key columns first:

- :func:`loss_sites`: packets sent and lost at the sender's interface queue and at the socket buffer;
- :func:`loss_positions`: per packet position, the frames that lost it
  (:func:`mmperf.metrics.loss_position.position_losses`) and its bit plane;
- :func:`typical_masks`: the loss flags of one typical frame of each run that loses
  (:func:`mmperf.metrics.loss_position.typical_frame`);
- :func:`loss_concentrations`: how concentrated each lossy run's losses are
  (:func:`mmperf.metrics.loss_position.loss_concentration`).

References
----------
Taylor & Polyzos (1993), sec. 3.4: the losses of the animation experiment fall at the socket buffer,
on the packets arriving while a frame is displayed, at the same positions frame after frame.

Examples
--------
>>> from mmperf.hosts import testbed
>>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
>>> host = testbed.Host("h", kernel_ms=0.1, app_ms=0.15, display_ms=30.0)
>>> run = testbed.simulate(testbed.Stream(packet_time_ms=0.3, n_frames=3), link, host, display=True,
...                        rng=np.random.default_rng(1))
>>> loss_sites({("t", 1): run}, keys=("table", "row"))[["table", "row", "sent"]].to_dict("records")
[{'table': 't', 'row': 1, 'sent': 792}]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf import _validate as _v
from mmperf.hosts import testbed, testbed_runs
from mmperf.metrics import loss_position

__all__ = ["loss_concentrations", "loss_positions", "loss_sites", "typical_masks"]

_CONCENTRATION = ["lost", "first_lost_index", "share_in_top", "share_after_buffer"]


def _grid(runs, keys) -> list:
    """``runs`` as a list of ``(key dict, Run)``, or a named error."""
    if isinstance(keys, str) or not isinstance(keys, (tuple, list)) or not keys \
            or not all(isinstance(k, str) for k in keys):
        raise ValueError(f"keys must be a non-empty tuple of column names, got {keys!r}")
    if not isinstance(runs, dict):
        raise TypeError(f"runs must be a dict of key -> Run, got {type(runs).__name__}")
    out = []
    for key, run in runs.items():
        if not isinstance(key, tuple) or len(key) != len(keys):
            raise ValueError(f"runs must be keyed by tuples of {len(keys)} values (one per name of keys), got {key!r}")
        if not isinstance(run, testbed.Run):
            raise TypeError(f"runs must map each key to a Run, got {type(run).__name__} for {key!r}")
        out.append((dict(zip(keys, key)), run))
    return out


def loss_sites(runs: dict, *, keys=("table", "row")) -> pd.DataFrame:
    """Where each run's packets were lost: at the sender's interface queue (the link) or the receiver's socket buffer.

    Parameters
    ----------
    runs : dict of tuple to mmperf.hosts.testbed.Run
        The grid.
    keys : tuple of str, default ("table", "row")
        The names of the key's parts (the first columns).

    Returns
    -------
    pandas.DataFrame
        Per run: the key columns, ``sent``, ``lost_link``, ``lost_socket``.

    Raises
    ------
    TypeError
        If ``runs`` is not a dict of Runs.
    ValueError
        If ``keys`` is not a tuple of names or a key does not have one value per name.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 ("the bottleneck is host system performance").

    Examples
    --------
    >>> loss_sites({}, keys=("table", "row")).columns.tolist()
    ['table', 'row', 'sent', 'lost_link', 'lost_socket']
    """
    rows = []
    for key, run in _grid(runs, keys):
        s = run.summary()
        rows.append({**key, "sent": s["sent"], "lost_link": s["lost_link"], "lost_socket": s["lost_socket"]})
    return pd.DataFrame(rows, columns=[*keys, "sent", "lost_link", "lost_socket"])


def loss_positions(runs: dict, *, keys=("table", "row"), packets_per_plane: int) -> pd.DataFrame:
    """Per run and packet position: the frames that lost it, their share, and the position's bit plane.

    Parameters
    ----------
    runs : dict of tuple to mmperf.hosts.testbed.Run
        The grid (at least one run).
    keys : tuple of str, default ("table", "row")
        The names of the key's parts.
    packets_per_plane : int
        Packets of each bit plane, sent plane after plane (:attr:`mmperf.coding.bitplane.Layout.packets_per_plane`).

    Returns
    -------
    pandas.DataFrame
        The key columns, ``index`` (the position), ``lost`` (frames), ``share_of_frames`` and ``plane``
        (``index // packets_per_plane``).

    Raises
    ------
    TypeError
        If ``runs`` is not a dict of Runs.
    ValueError
        As :func:`loss_sites`, if ``runs`` is empty or ``packets_per_plane`` is not a whole number >= 1.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 (where in the frame the packets are lost).

    Examples
    --------
    >>> from mmperf.hosts import testbed
    >>> link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    >>> run = testbed.simulate(testbed.Stream(packet_time_ms=0.3, n_frames=2), link,
    ...                        testbed.Host("h", kernel_ms=0.1, app_ms=0.15), display=False, rng=np.random.default_rng(1))
    >>> int(loss_positions({("t", 1): run}, packets_per_plane=33)["plane"].max())
    7
    """
    grid = _grid(runs, keys)
    per_plane = _v.whole(packets_per_plane, "packets_per_plane", minimum=1)
    if not grid:
        raise ValueError("runs must hold at least one run")
    frames = []
    for key, run in grid:
        out = loss_position.position_losses(testbed_runs.lost_matrix(run))
        out["plane"] = out["index"] // per_plane
        frames.append(out.assign(**key))
    return pd.concat(frames, ignore_index=True)[[*keys, "index", "lost", "share_of_frames", "plane"]]


def typical_masks(runs: dict, *, keys=("table", "row"), skip: int = 1) -> pd.DataFrame:
    """The loss flags of one typical frame of each run that loses (runs that lose nothing are left out).

    Parameters
    ----------
    runs : dict of tuple to mmperf.hosts.testbed.Run
        The grid.
    keys : tuple of str, default ("table", "row")
        The names of the key's parts.
    skip : int, default 1
        Frames skipped at the start (:func:`mmperf.metrics.loss_position.typical_frame`: the first frame
        after them that loses the run's median number of packets among frames with loss).

    Returns
    -------
    pandas.DataFrame
        The key columns, ``index`` (the position) and ``lost`` (bool), a block per lossy run.

    Raises
    ------
    TypeError
        If ``runs`` is not a dict of Runs.
    ValueError
        As :func:`loss_sites`, or if ``skip`` is not a whole number >= 0.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 (the frames the loss damages).

    Examples
    --------
    >>> typical_masks({}).columns.tolist()
    ['table', 'row', 'index', 'lost']
    """
    grid = _grid(runs, keys)
    skip = _v.whole(skip, "skip")
    frames = []
    for key, run in grid:
        lost = testbed_runs.lost_matrix(run)
        try:
            mask = lost[loss_position.typical_frame(lost, skip=skip)]
        except ValueError:
            continue  # a run that loses nothing has no typical lossy frame
        frames.append(pd.DataFrame({**key, "index": np.arange(lost.shape[1]), "lost": mask}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=[*keys, "index", "lost"])


def loss_concentrations(runs: dict, *, keys=("table", "row"), top: int = 20, start: int = 0) -> pd.DataFrame:
    """How concentrated each lossy run's losses are (runs that lose nothing are left out).

    Parameters
    ----------
    runs : dict of tuple to mmperf.hosts.testbed.Run
        The grid.
    keys : tuple of str, default ("table", "row")
        The names of the key's parts.
    top : int, default 20
        As :func:`mmperf.metrics.loss_position.loss_concentration` (at least this many most-lost positions).
    start : int, default 0
        As :func:`mmperf.metrics.loss_position.loss_concentration` (first position of the expected burst).

    Returns
    -------
    pandas.DataFrame
        The key columns, ``lost``, ``first_lost_index``, ``share_in_top``, ``share_after_buffer``.

    Raises
    ------
    TypeError
        If ``runs`` is not a dict of Runs.
    ValueError
        As :func:`loss_sites`, or as :func:`mmperf.metrics.loss_position.loss_concentration` for ``top`` and
        ``start``.

    References
    ----------
    Taylor & Polyzos (1993), sec. 3.4 ("the loss was not random at all, but occurred in bursts").

    Examples
    --------
    >>> loss_concentrations({}, top=20, start=40).columns.tolist()
    ['table', 'row', 'lost', 'first_lost_index', 'share_in_top', 'share_after_buffer']
    """
    grid = _grid(runs, keys)
    top, start = _v.whole(top, "top", minimum=1), _v.whole(start, "start")
    rows = []
    for key, run in grid:
        lost = testbed_runs.lost_matrix(run)
        if lost.any():
            rows.append({**key, **loss_position.loss_concentration(lost, top=top, start=start)})
    return pd.DataFrame(rows, columns=[*keys, *_CONCENTRATION])
