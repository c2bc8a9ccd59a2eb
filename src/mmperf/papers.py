"""The papers' own numbers, transcribed as tidy tables.

The numbers live in ``data/papers/<paper>/<name>.csv`` in long format: one
value per row, with a ``value`` column, a ``unit`` column and one column per
dimension of the table (testbed, host, N, K, ...). Each table has a provenance
record in ``data/papers/<paper>/provenance.csv``: paper, table name, source
(table or figure number), section, page, what it holds, and any repair made to
damaged text.

These numbers are the yardstick the book's results are compared with. No
simulated result is ever read from them.

Examples
--------
>>> from mmperf.papers import table
>>> t = table("chodorek2018", "table1")  # doctest: +SKIP
"""

from __future__ import annotations

import html

import pandas as pd
import pandera.errors as pa_errors

from mmperf import PAPERS, _schemas
from mmperf._paths import data_dir

__all__ = ["PROVENANCE_COLUMNS", "provenance", "catalogue", "table", "PaperTableError", "show"]

PROVENANCE_COLUMNS = ["paper", "name", "source", "section", "page", "description", "repairs"]
"""Columns of each ``data/papers/<paper>/provenance.csv``."""


def _read_provenance(path) -> pd.DataFrame:
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = [c for c in PROVENANCE_COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"{path} lacks columns {missing}")
    return frame[PROVENANCE_COLUMNS]


def provenance() -> pd.DataFrame:
    """Return the provenance records of every transcribed table of every paper.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`PROVENANCE_COLUMNS`, one row per table.
    """
    root = data_dir() / "papers"
    frames = [_read_provenance(root / paper / "provenance.csv") for paper in PAPERS
              if (root / paper / "provenance.csv").is_file()]
    if not frames:
        return pd.DataFrame(columns=PROVENANCE_COLUMNS)
    return pd.concat(frames, ignore_index=True)


def catalogue(paper: str | None = None) -> pd.DataFrame:
    """List the transcribed tables, optionally for one paper.

    Parameters
    ----------
    paper : str, optional
        Paper key, one of :data:`mmperf.PAPERS`.

    Returns
    -------
    pandas.DataFrame
        Provenance rows of the tables.

    Raises
    ------
    ValueError
        If ``paper`` is not a known paper key.
    """
    prov = provenance()
    if paper is None:
        return prov
    _check_paper(paper)
    return prov[prov["paper"] == paper].reset_index(drop=True)


def _check_paper(paper: str) -> None:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {sorted(PAPERS)}, got {paper!r}")


def table(paper: str, name: str) -> pd.DataFrame:
    """Load one of a paper's tables as a tidy DataFrame.

    Parameters
    ----------
    paper : str
        Paper key, one of :data:`mmperf.PAPERS` (e.g. ``"taylor1993"``).
    name : str
        Table name as listed by :func:`catalogue` (e.g. ``"table1"``).

    Returns
    -------
    pandas.DataFrame
        Long format, one value per row, with ``value`` and ``unit`` columns and
        one column per dimension. ``frame.attrs["provenance"]`` holds the
        table's provenance record as a dict.

    Raises
    ------
    ValueError
        If ``paper`` or ``name`` is unknown; the message lists what exists.
    PaperTableError
        If the file does not match its declared schema (:mod:`mmperf._schemas`): a wrong type,
        a missing cell, a value out of range or a wrong unit; the message names the file.

    References
    ----------
    The provenance record names the table, section and page of the paper.
    """
    _check_paper(paper)
    prov = catalogue(paper)
    match = prov[prov["name"] == name]
    if match.empty:
        raise ValueError(
            f"no table {name!r} for paper {paper!r}; tables are {sorted(prov['name'])}"
        )
    path = data_dir() / "papers" / paper / f"{name}.csv"
    if not path.is_file():
        raise FileNotFoundError(f"table file {path} listed in provenance.csv is missing")
    try:
        frame = pd.read_csv(path)
    except (pd.errors.ParserError, UnicodeDecodeError) as err:
        raise PaperTableError(f"{path} is not a well-formed CSV file: {err}") from None
    for col in ("value", "unit"):
        if col not in frame.columns:
            raise PaperTableError(f"{path} lacks the required column {col!r}")
    if pd.api.types.is_integer_dtype(frame["value"]) and not (paper == "ortiz2013" and name == "table1"):
        frame["value"] = frame["value"].astype(float)  # whole numbers are values too
    try:
        frame = _schemas.schema(paper, name).validate(frame, lazy=True)
    except pa_errors.SchemaErrors as err:
        cases = err.failure_cases[["column", "check", "index", "failure_case"]].head(5).to_dict("records")
        raise PaperTableError(f"{path} does not match its declared schema ({len(err.failure_cases)} failures), "
                              f"e.g. {cases}") from None
    frame.attrs["provenance"] = match.iloc[0].to_dict()
    return frame


class PaperTableError(ValueError):
    """A table in ``data/papers`` is malformed (the message names the file and the failing cells)."""


class _TablesView:
    """HTML view of a paper's transcribed tables with their provenance."""

    def __init__(self, paper: str, max_rows: int):
        self.paper, self.max_rows = paper, max_rows

    def _repr_html_(self) -> str:
        parts = []
        for rec in catalogue(self.paper).to_dict("records"):
            frame = table(self.paper, rec["name"])
            shown = frame if len(frame) <= self.max_rows else frame.head(self.max_rows)
            more = "" if len(frame) <= self.max_rows else f"<p><small>first {self.max_rows} of {len(frame)} rows</small></p>"
            parts.append(
                f"<h4><code>{html.escape(rec['name'])}</code>: {html.escape(rec['source'])}</h4>"
                f"<p>{html.escape(rec['description'])}<br><small>Section {html.escape(rec['section'])}, "
                f"page {html.escape(rec['page'])}. Repairs: {html.escape(rec['repairs'].rstrip('.'))}. "
                f"{len(frame)} values, file <code>data/papers/{self.paper}/{html.escape(rec['name'])}.csv</code>.</small></p>"
                f"<div style='max-height:320px;overflow:auto'>{shown.to_html(index=False, border=0, na_rep='')}</div>{more}"
            )
        return "".join(parts) or "<p>No tables transcribed.</p>"

    def __repr__(self) -> str:
        return f"<tables of {self.paper}: {', '.join(catalogue(self.paper)['name'])}>"


def show(paper: str, *, max_rows: int = 400):
    """Display every transcribed table of a paper with its provenance (for the appendix).

    Parameters
    ----------
    paper : str
        Paper key, one of :data:`mmperf.PAPERS`.
    max_rows : int, default 400
        Rows shown per table (the rest is in the CSV).

    Returns
    -------
    object
        A view that renders as HTML (a notebook cell's last expression): each table of the
        paper with its source, section, page and repairs, at most ``max_rows`` rows each.

    Raises
    ------
    ValueError
        If ``paper`` is unknown or ``max_rows`` is not positive.
    """
    _check_paper(paper)
    if not isinstance(max_rows, int) or max_rows < 1:
        raise ValueError(f"max_rows must be a positive int, got {max_rows!r}")
    return _TablesView(paper, max_rows)
