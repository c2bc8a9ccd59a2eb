"""The results of one run of a paper's experiments: named, labelled tables.

Every paper's ``run(params, *, seed)`` returns a :class:`Results`: its tables
by name (tidy DataFrames whose column names carry their units, e.g.
``loss_pct``, ``throughput_mbps``), a one-line description of each, the seed
and the parameters that produced them. Nothing is read by position.

Examples
--------
>>> import pandas as pd
>>> from mmperf.results import Results
>>> r = Results("taylor1993", seed=1, params=None,
...             tables={"loss": pd.DataFrame({"row": [1], "loss_pct": [0.5]})},
...             descriptions={"loss": "loss per run"})
>>> r.table("loss")["loss_pct"].item()
0.5
>>> r.names
('loss',)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping

import pandas as pd

from mmperf import PAPERS
from mmperf.seeds import check_seed


@dataclass(frozen=True)
class Results:
    """Named tables of one run of one paper.

    Parameters
    ----------
    paper : str
        Paper key (:data:`mmperf.PAPERS`).
    seed : int
        The root seed the run drew its random streams from.
    params : object
        The paper's ``Params`` the run used.
    tables : mapping of str to pandas.DataFrame
        The run's tables by name.
    descriptions : mapping of str to str
        What each table holds (one line, with units).
    values : mapping of str to object, optional
        Scalars of the run that are not tables (a calibrated constant, a count).

    Raises
    ------
    ValueError
        If ``paper`` is unknown, a table is not a DataFrame or has no description.
    """

    paper: str
    seed: int
    params: Any
    tables: Mapping[str, pd.DataFrame]
    descriptions: Mapping[str, str]
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        if self.paper not in PAPERS:
            raise ValueError(f"paper must be one of {list(PAPERS)}, got {self.paper!r}")
        check_seed(self.seed)
        for name, frame in self.tables.items():
            if not isinstance(frame, pd.DataFrame):
                raise ValueError(f"table {name!r} must be a pandas DataFrame, got {type(frame).__name__}")
            if not self.descriptions.get(name):
                raise ValueError(f"table {name!r} needs a description (what it holds, with units)")

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the tables, in the order the run produced them."""
        return tuple(self.tables)

    def table(self, name: str) -> pd.DataFrame:
        """The table called ``name``.

        Raises
        ------
        KeyError
            If there is no such table (the message lists the names there are).
        """
        if name not in self.tables:
            raise KeyError(f"{self.paper} results have no table {name!r}; tables are {list(self.tables)}")
        return self.tables[name]

    def value(self, name: str) -> Any:
        """The scalar called ``name`` (see ``values``)."""
        if name not in self.values:
            raise KeyError(f"{self.paper} results have no value {name!r}; values are {list(self.values)}")
        return self.values[name]

    def catalogue(self) -> pd.DataFrame:
        """One row per table: name, rows, columns and description."""
        return pd.DataFrame([{"table": n, "rows": len(t), "columns": ", ".join(map(str, t.columns)),
                              "description": self.descriptions[n]} for n, t in self.tables.items()])


def params_table(params, doc: Mapping[str, tuple]) -> pd.DataFrame:
    """A paper's ``Params`` as the chapter's parameter table: one row per field.

    Parameters
    ----------
    params : dataclass instance
        A paper's ``Params``.
    doc : mapping of str to tuple
        Field name to ``(unit, source)`` or ``(unit, source, description)``.

    Returns
    -------
    pandas.DataFrame
        Columns ``parameter``, ``value`` (text; a tuple's items joined by commas), ``unit``,
        ``source`` and, where ``doc`` gives one, ``description``.

    Raises
    ------
    KeyError
        If a field has no entry in ``doc``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     rates: tuple = (30.0, 60.0)
    >>> params_table(P(), {"rates": ("Mb/s", "paper")}).iloc[0].tolist()
    ['rates', '30.0, 60.0', 'Mb/s', 'paper']
    """
    rows = []
    for f in fields(params):
        if f.name not in doc:
            raise KeyError(f"parameter {f.name!r} of {type(params).__name__} has no unit and source in the table's doc")
        entry = doc[f.name]
        value = getattr(params, f.name)
        row = {"parameter": f.name, "value": ", ".join(map(str, value)) if isinstance(value, tuple) else str(value),
               "unit": entry[0], "source": entry[1]}
        if len(entry) > 2:
            row["description"] = entry[2]
        rows.append(row)
    return pd.DataFrame(rows)
