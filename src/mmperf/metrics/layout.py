"""A long table of cells laid out as a paper prints it: a row per item, a column group per setting.

Examples
--------
>>> import pandas as pd
>>> long = pd.DataFrame({"who": ["a", "a", "b", "b"], "rate": [30.0, 60.0, 30.0, 60.0],
...                      "paper": [1.0, 2.0, 3.0, 4.0], "book": [1.1, 2.1, 3.1, 4.1]})
>>> wide_layout(long, rows="who", columns="rate", values={"paper": "paper", "book": "book"},
...             column_label="{:g} Mb/s").columns.tolist()[:2]
[('30 Mb/s', 'paper'), ('30 Mb/s', 'book')]
"""

from __future__ import annotations

import pandas as pd

__all__ = ["wide_layout"]


def wide_layout(frame: pd.DataFrame, *, rows: str, columns: str, values: dict, row_order=None,
                column_label: str = "{}") -> pd.DataFrame:
    """Pivot a long table into a paper's layout: one row per ``rows`` item, one column group per ``columns`` key.

    Each group holds the ``values`` columns in the given order, under their labels; the groups follow
    the sorted keys.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per (``rows``, ``columns``) pair.
    rows, columns : str
        The columns naming a table row and a column group.
    values : dict
        ``{column of frame: its label}``: the numbers of each group, in this order.
    row_order : sequence, optional
        The rows in this order (those absent from ``frame`` skipped); default the sorted items.
    column_label : str, default "{}"
        Format of a group's label from its key (e.g. ``"{:g} Mb/s"``).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``rows``; two-level columns (group label, value label).

    Raises
    ------
    TypeError
        If ``frame`` is not a DataFrame or ``values`` not a dict, or ``column_label`` not a str.
    ValueError
        If ``frame`` is empty, lacks a named column, holds a (row, column) pair twice, or ``values`` is empty.

    References
    ----------
    Ortiz, Martinez Gracia & Skarmeta (2013), Tables 2-5 (a row per strategy, a column group per bandwidth).

    Examples
    --------
    >>> long = pd.DataFrame({"who": ["b", "a"], "rate": [30.0, 30.0], "v": [1.0, 2.0]})
    >>> wide_layout(long, rows="who", columns="rate", values={"v": "value"}, row_order=["b", "a", "c"]).values.tolist()
    [[1.0], [2.0]]
    """
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    if not isinstance(values, dict):
        raise TypeError(f"values must be a dict of column -> label, got {type(values).__name__}")
    if not isinstance(column_label, str):
        raise TypeError(f"column_label must be a format string, got {type(column_label).__name__}")
    if not values:
        raise ValueError("values must name at least one column")
    for name, col in (("rows", rows), ("columns", columns), *(("values", v) for v in values)):
        if not isinstance(col, str) or col not in frame.columns:
            raise ValueError(f"{name} must name a column of frame; {col!r} is not one of {list(frame.columns)}")
    if frame.empty or frame.duplicated([rows, columns]).any():
        raise ValueError(f"frame must hold one row per ({rows}, {columns}) pair, at least one")
    keys = sorted(frame[columns].unique())
    wide = frame.pivot(index=rows, columns=columns, values=list(values))[[(v, k) for k in keys for v in values]]
    wide.columns = pd.MultiIndex.from_tuples([(column_label.format(k), label) for k in keys for label in values.values()])
    order = sorted(wide.index) if row_order is None else [r for r in row_order if r in wide.index]
    return wide.loc[order]
