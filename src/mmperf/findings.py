"""What reproduces, and why: the book's findings across its chapters, as tidy tables.

Built from the scorecard (:func:`mmperf.book.collect_book_claims`, one row per claim with
:data:`mmperf.claims.CSV_COLUMNS`) for the closing chapter: the verdicts by paper and by the kind
of evidence the paper offered, the causes of the misses, and the assumptions whose readings
decide the most verdicts.

Examples
--------
>>> import pandas as pd
>>> frame = pd.DataFrame({"paper": ["a", "a", "b"], "kind": ["prediction"] * 3,
...     "status_majority": ["reproduced", "not_reproduced", "partly"], "fragile": [False] * 3,
...     "readings": ["robust", "depends", "robust"], "depends_on": ["", "cv", ""], "paper_reading": ["book", "cv=0.3", ""],
...     "vacuous": [False] * 3, "structural": [None] * 3, "evidence": ["measurement"] * 2 + ["simulation"],
...     "miss_cause": ["", "model-limitation", "paper-omits"]})
>>> verdict_groups(frame).tolist()
['reproduced', 'depends on a reading', 'partly']
>>> deciding_assumptions(frame)[["assumption", "verdicts", "paper_reproduced"]].values.tolist()
[['cv', 1, 1]]
"""

from __future__ import annotations

import pandas as pd

from mmperf.claims import MISS_CAUSES, check_frame, exclusions

_GROUP_COLUMNS = ("kind", "status_majority", "fragile", "readings", "vacuous", "structural")
"""The columns :func:`verdict_groups` reads."""

__all__ = ["GROUPS", "by", "deciding_assumptions", "miss_causes", "verdict_groups"]

GROUPS = ("reproduced", "partly", "not reproduced", "fragile over seeds", "depends on a reading", "vacuous",
          "structural", "calibrated, construction or analytic")
"""Where each claim falls, in the order charts stack them: the three verdicts of the predictions that
count toward the headline, then why a prediction leaves it, then the claims that are not predictions."""


def verdict_groups(frame: pd.DataFrame) -> pd.Series:
    """Each claim's group (:data:`GROUPS`): its verdict if it is a prediction that counts, else the first
    reason it leaves the headline (fragile, depends, vacuous, structural), else its kind.

    Parameters
    ----------
    frame : pandas.DataFrame
        Claims with :data:`mmperf.claims.CSV_COLUMNS`.

    Returns
    -------
    pandas.Series
        Same index as ``frame``.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns ``kind``, ``status_majority``, ``fragile``,
        ``readings``, ``vacuous`` and ``structural``.
    """
    check_frame(frame, _GROUP_COLUMNS)
    marks = exclusions(frame)
    names = {"fragile": "fragile over seeds", "depends": "depends on a reading", "vacuous": "vacuous",
             "structural": "structural"}

    def group(i):
        if frame.at[i, "kind"] != "prediction":
            return GROUPS[-1]
        for col, name in names.items():
            if marks.at[i, col]:
                return name
        return str(frame.at[i, "status_majority"]).replace("not_reproduced", "not reproduced")

    return pd.Series([group(i) for i in frame.index], index=frame.index, name="group")


def by(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    """Claims per value of ``column`` (``paper``, ``evidence``, ...) and per group, as a tidy table.

    Parameters
    ----------
    frame : pandas.DataFrame
        The scorecard's claims (:data:`mmperf.claims.CSV_COLUMNS`).
    column : str
        The column to group the claims by.

    Returns
    -------
    pandas.DataFrame
        Columns ``column``, ``group`` (:data:`GROUPS`, in that order) and ``claims`` (a count), with
        a zero row for every group a value lacks; and ``share`` [%] of the value's counted predictions
        that are reproduced (the same on each of its rows; NaN without any).

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns :func:`verdict_groups` reads, or ``column``
        is not one of its columns.
    """
    check_frame(frame, _GROUP_COLUMNS)
    if column not in frame.columns:
        raise ValueError(f"column must be one of {list(frame.columns)}, got {column!r}")
    groups = verdict_groups(frame)
    counts = pd.crosstab(frame[column], groups).reindex(columns=list(GROUPS), fill_value=0)
    counted = counts[["reproduced", "partly", "not reproduced"]].sum(axis=1)
    share = (100.0 * counts["reproduced"] / counted.where(counted > 0)).rename("share")
    out = counts.stack().rename("claims").reset_index().rename(columns={"level_1": "group", "col_0": "group"})
    out.columns = [column, "group", "claims"]
    return out.merge(share.reset_index(), on=column)


def miss_causes(frame: pd.DataFrame) -> pd.DataFrame:
    """Why the predictions the book does not reproduce are missed, per paper.

    Parameters
    ----------
    frame : pandas.DataFrame
        The scorecard's claims (:data:`mmperf.claims.CSV_COLUMNS`).

    Returns
    -------
    pandas.DataFrame
        Columns ``paper``, ``cause`` (:data:`mmperf.claims.MISS_CAUSES`, or ``not yet classified``)
        and ``claims``: every prediction whose verdict is partly or not reproduced.

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns ``paper``, ``kind``, ``status_majority`` and
        ``miss_cause``.
    """
    check_frame(frame, ("paper", "kind", "status_majority", "miss_cause"))
    missed = frame[(frame["kind"] == "prediction") & (frame["status_majority"] != "reproduced")]
    cause = missed["miss_cause"].fillna("").replace("", "not yet classified")
    order = list(MISS_CAUSES) + ["not yet classified"]
    table = pd.crosstab(missed["paper"], cause).reindex(columns=order, fill_value=0)
    out = table.stack().rename("claims").reset_index()
    out.columns = ["paper", "cause", "claims"]
    return out


def deciding_assumptions(frame: pd.DataFrame) -> pd.DataFrame:
    """The assumptions whose readings change verdicts, most verdicts first.

    Parameters
    ----------
    frame : pandas.DataFrame
        The scorecard's claims with their audit columns (:data:`mmperf.claims.CSV_COLUMNS`).

    Returns
    -------
    pandas.DataFrame
        Columns ``paper``, ``assumption``, ``verdicts`` (claims whose status depends on it),
        ``paper_reproduced`` (of those, how many are reproduced under one of its alternative
        readings) and ``claims`` (their ids, ``;``-separated).

    Raises
    ------
    TypeError, ValueError
        If ``frame`` is not a DataFrame with the columns ``paper``, ``readings`` and ``depends_on``.
    """
    check_frame(frame, ("paper", "readings", "depends_on"))
    rows = []
    for _, r in frame[frame["readings"].astype(str) == "depends"].iterrows():
        readings = [x for x in str(r.get("paper_reading") or "").split(";") if x]
        for name in [x for x in str(r["depends_on"]).split(";") if x]:
            rows.append({"paper": r["paper"], "assumption": name, "claim": r.get("claim_id", ""),
                         "reproduced": any(x.startswith(f"{name}=") for x in readings)})
    if not rows:
        return pd.DataFrame(columns=["paper", "assumption", "verdicts", "paper_reproduced", "claims"])
    df = pd.DataFrame(rows)
    out = (df.groupby(["paper", "assumption"], sort=False)
           .agg(verdicts=("claim", "size"), paper_reproduced=("reproduced", "sum"),
                claims=("claim", lambda s: ";".join(str(x) for x in s)))
           .reset_index().sort_values(["verdicts", "paper", "assumption"], ascending=[False, True, True]))
    out["paper_reproduced"] = out["paper_reproduced"].astype(int)
    return out.reset_index(drop=True)
