"""ns-2's own run of the paper's SCTP configuration, as committed evidence (issue #18, item 4).

``validation/ns2.py ordered`` (``make validate``) replays the chapter's packet schedule in
ns-2.35 with the paper's settings (ns-2's defaults, ordered delivery, PR-SCTP with one
retransmission, pathMaxRetrans and changePrimaryThresh 1) and with controls, and commits one
row per case and seed to ``data/validation/ortiz-ordered.csv``, with the in-order delivery
over time in ``ortiz-ordered-series.csv``. This module only reads them: the book's mechanism
is not involved, and nothing here runs ns-2.
"""

from __future__ import annotations

import pandas as pd

from mmperf._paths import data_dir

__all__ = ["NS2_ORDERED", "ns2_ordered", "ns2_ordered_series", "ns2_stop_share"]

NS2_ORDERED = "ortiz-ordered"
"""Stem of the committed files in ``data/validation``."""


def _read(stem: str) -> pd.DataFrame:
    path = data_dir() / "validation" / f"{stem}.csv"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: `make validate` (python validation/ns2.py ordered) writes it")
    return pd.read_csv(path)


def ns2_ordered() -> pd.DataFrame:
    """The committed ns-2 runs of the paper's configuration and its controls: one row per case and seed.

    Returns
    -------
    pandas.DataFrame
        Columns ``case``, ``seed``, ``role`` (``paper``, ``control`` or ``variant``), ``strategy``,
        ``bandwidth_mbps``, ``error_rate``, ``loss_start_2_s``, ``ordered``, ``unrel_rtx`` (-1:
        reliable), ``last_delivery_s`` (last message passed to the application), ``last_delivery_share``
        (that over the sequence's 84.64 s), ``delivered_frac``, ``messages_delivered``,
        ``wrap_reached``, ``stalled``, ``held_bytes``, ``cum_tsn``, ``last_data_sent_s``,
        ``reading_check_max_s``.

    Raises
    ------
    FileNotFoundError
        If ``data/validation/ortiz-ordered.csv`` is missing.
    """
    return _read(NS2_ORDERED)


def ns2_ordered_series() -> pd.DataFrame:
    """Messages passed to the application by each time, in every committed ns-2 run.

    Returns
    -------
    pandas.DataFrame
        ``case``, ``seed``, ``time_s``, ``messages_delivered``.

    Raises
    ------
    FileNotFoundError
        If ``data/validation/ortiz-ordered-series.csv`` is missing.
    """
    return _read(f"{NS2_ORDERED}-series")


def ns2_stop_share(case: str = "unrel-ordered-30") -> float:
    """Median over the seeds of ns-2's last delivery / sequence duration in one case.

    Parameters
    ----------
    case : str, default "unrel-ordered-30"
        A case of :func:`ns2_ordered` (the default: the paper's SCTPUnreliable at 30 Mb/s, 1e-2).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``case`` is not in the committed results.
    """
    d = ns2_ordered()
    rows = d[d["case"] == case]
    if rows.empty:
        raise ValueError(f"case must be one of {sorted(d['case'].unique())}, got {case!r}")
    return float(rows["last_delivery_share"].median())
