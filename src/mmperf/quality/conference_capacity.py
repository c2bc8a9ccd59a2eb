"""How many users a videoconference system supports: a user sweep that stops past the limit, and the limit as
processor power grows.

Both run :func:`mmperf.quality.planning.sweep` and read its limit with
:func:`mmperf.quality.planning.max_acceptable_users`. Built for Claypool, Habermann & Riedl (1998),
Secs. 8.5.3 (Fig. 20) and 9 (the Ethernet bottleneck).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.quality import planning

__all__ = ["users_until_unacceptable", "capacity_growth"]


def users_until_unacceptable(systems, *, users, stop_after: int | None, reps: int, **kwargs) -> pd.DataFrame:
    """Sweep each system's conference size upward, stopping once it has been unacceptable ``stop_after`` times in a row.

    Parameters
    ----------
    systems : list of mmperf.quality.planning.System
        The systems, each swept on its own.
    users : sequence of int
        Conference sizes in increasing order, each >= 1.
    stop_after : int or None
        A system's sweep stops once its mean quality has been unacceptable (> 1) at this many user counts in
        a row (>= 1); None: the whole of ``users``.
    reps : int
        Runs per point, >= 1.
    **kwargs
        Passed to :func:`mmperf.quality.planning.sweep` (``model``, ``limits``, ``scheduler``, ``root``).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`mmperf.quality.planning.sweep` for every system and user count run, system by system.

    Raises
    ------
    ValueError, TypeError
        If a system is not a System, ``users`` is empty or not increasing whole numbers >= 1, or ``stop_after``
        or ``reps`` is out of range.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 8.5.3 and Fig. 20 (quality against users for three systems).

    Examples
    --------
    >>> s = planning.System("fast", 300.0, 800.0)
    >>> m = planning.ConferenceModel(frame_cpu_spec_us=225_000.0, n_frames=30)
    >>> users_until_unacceptable([s], users=[1, 2], stop_after=1, reps=1, model=m, root=1)["users"].tolist()
    [1, 2]
    """
    systems = _validate.items(systems, "systems", planning.System)
    n = _validate.whole_array(users, "users", minimum=1)
    if n.size == 0 or (np.diff(n) <= 0).any():
        raise ValueError(f"users must be a non-empty increasing sequence of user counts, got {list(users)!r}")
    if stop_after is not None:
        stop_after = _validate.whole(stop_after, "stop_after", minimum=1)
    out = []
    for s in systems:
        bad = 0
        for k in users:
            out.append(planning.sweep([s], users=(k,), reps=reps, **kwargs))
            bad = bad + 1 if out[-1]["quality"].mean() > 1.0 else 0
            if stop_after is not None and bad >= stop_after:
                break
    return pd.concat(out, ignore_index=True)


def capacity_growth(name: str, specint92: float, networks: Mapping, *, years, doubling_years: float = 1.0, users,
                    reps: int = 1, **kwargs) -> pd.DataFrame:
    """The largest acceptable conference on each network as a processor's power doubles every ``doubling_years``.

    At year ``y`` the processor has ``specint92 * 2 ** (y / doubling_years)`` SPECint92; on each network it
    is the system ``f"{name} x2^{y:g} + {network}"`` (the name is part of its runs' seed keys).

    Parameters
    ----------
    name : str
        Label of the processor.
    specint92 : float
        Its power today [SPECint92], > 0.
    networks : mapping of str to float
        Network name to bandwidth [Mbit/s], non-empty.
    years : sequence of float
        Years of growth [years], each >= 0.
    doubling_years : float, default 1.0
        Years for the processor's power to double, > 0.
    users : sequence of int
        Conference sizes tried, each >= 1.
    reps : int, default 1
        Runs per point, >= 1.
    **kwargs
        Passed to :func:`mmperf.quality.planning.sweep` (``model``, ``limits``, ``scheduler``, ``root``).

    Returns
    -------
    pandas.DataFrame
        ``year``, ``specint92`` and, per network, ``<network>_users`` (its name in lower case, spaces as
        underscores): the largest acceptable conference (:func:`mmperf.quality.planning.max_acceptable_users`).

    Raises
    ------
    ValueError, TypeError
        If a number is out of range, ``networks`` is not a non-empty mapping of bandwidths or ``years`` is empty.

    References
    ----------
    Claypool, Habermann & Riedl (1998), Sec. 9 (processor power doubles each year; Ethernet becomes the bottleneck).

    Examples
    --------
    >>> m = planning.ConferenceModel(frame_cpu_spec_us=225_000.0, n_frames=30)
    >>> g = capacity_growth("IPX", 21.8, {"HIPPI": 800.0}, years=[0.0, 1.0], users=[1, 2], model=m, root=1)
    >>> g.columns.tolist()
    ['year', 'specint92', 'hippi_users']
    """
    _validate.text(name, "name")
    spec0 = _validate.positive(specint92, "specint92")
    if not isinstance(networks, Mapping) or not networks:
        raise TypeError(f"networks must be a non-empty mapping of network name to Mbit/s, got {networks!r:.80}")
    for net, mbps in networks.items():
        _validate.positive(mbps, f"networks[{net!r}]")
    ys = _validate.finite_array(years, "years", ndim=1, non_negative=True)
    if ys.size == 0:
        raise ValueError("years must hold at least one year")
    doubling = _validate.positive(doubling_years, "doubling_years")
    try:
        _validate.finite(spec0 * 2.0**(float(ys.max()) / doubling), "specint92 * 2 ** (years / doubling_years)")
    except OverflowError:
        raise ValueError(f"doubling_years must keep the power finite over the years, got {doubling_years!r}") from None
    rows = []
    for y in years:
        spec = spec0 * 2.0**(y / doubling)
        systems = {net: planning.System(f"{name} x2^{y:g} + {net}", spec, mbps) for net, mbps in networks.items()}
        best = planning.max_acceptable_users(planning.sweep(list(systems.values()), users=users, reps=reps, **kwargs))
        rows.append({"year": float(y), "specint92": spec,
                     **{f"{net.lower().replace(' ', '_')}_users": int(best[s.name]) for net, s in systems.items()}})
    return pd.DataFrame(rows)
