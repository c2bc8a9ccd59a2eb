"""Declared schemas of the papers' tables in ``data/papers`` (private; used by :mod:`mmperf.papers`).

Every table is validated when it is loaded: column types, allowed values of its dimensions,
ranges of its values and their units. A malformed row (a shifted field, a typo in a number, a
missing cell) fails loudly with the file named instead of changing a result silently.
"""

from __future__ import annotations

import pandera.pandas as pa

_FINITE = pa.Check(lambda s: s.abs() < float("inf"), element_wise=False, error="value must be finite")


def _common(extra: dict) -> dict:
    cols = {
        "value": pa.Column(float, checks=[_FINITE], nullable=False, coerce=False),
        "unit": pa.Column(str, checks=pa.Check.str_length(min_value=1), nullable=False),
    }
    cols.update(extra)
    return cols


def _percent_in_range(frame) -> bool:
    pct = frame.loc[frame["unit"] == "%", "value"]
    return bool(((pct >= -100) & (pct <= 100)).all())


_PERCENT = pa.Check(_percent_in_range, error="a value in % must lie in [-100, 100]")
_TEXT = pa.Column(str, checks=pa.Check.str_length(min_value=1), nullable=False)

_TAYLOR_QUANTITIES = ["frame_time", "packet_time", "throughput", "loss", "max_lost_per_frame", "avg_lost_per_frame"]
_TAYLOR_UNITS = {"frame_time": "ms", "packet_time": "ms", "loss": "%", "max_lost_per_frame": "packets",
                 "avg_lost_per_frame": "packets"}


def _taylor_units(frame) -> bool:
    want = frame["quantity"].map(_TAYLOR_UNITS)
    thr = frame["quantity"] == "throughput"
    return bool(((frame["unit"] == want) | (thr & frame["unit"].isin(["Mb/s", "Kb/s"]))).all())


def _taylor_table() -> pa.DataFrameSchema:
    return pa.DataFrameSchema(_common({
        "testbed": pa.Column(str, pa.Check.isin(["Ethernet", "FDDI", "ATM", "Sequoia 2000 Net"])),
        "host": pa.Column(str, pa.Check.isin(["DECstation 5000/200", "DECstation 5000/240", "DEC 3000/500 Alpha AXP"])),
        "experiment": pa.Column(str, pa.Check.isin(["max_throughput", "animation"])),
        "row": pa.Column(int, pa.Check.ge(1)),
        "quantity": pa.Column(str, pa.Check.isin(_TAYLOR_QUANTITIES)),
        "value": pa.Column(float, checks=[_FINITE, pa.Check.ge(0)], nullable=False),
    }), checks=[_PERCENT, pa.Check(_taylor_units, error="each quantity must carry its unit (throughput Mb/s or Kb/s)")],
        strict=True, name="taylor1993 table")


def _chodorek_table(metrics: list[str], unit: str) -> pa.DataFrameSchema:
    return pa.DataFrameSchema(_common({
        "scenario": pa.Column(str, pa.Check.isin(["s1", "s2", "s3", "s4"])),
        "K": pa.Column(int, pa.Check.in_range(0, 10)),
        "N": pa.Column(int, pa.Check.in_range(1, 10)),
        "metric": pa.Column(str, pa.Check.isin(metrics)),
        "value": pa.Column(float, checks=[_FINITE, pa.Check.ge(0)], nullable=False),
        "unit": pa.Column(str, pa.Check.eq(unit)),
    }), checks=[_PERCENT], strict=True, name="chodorek2018 table")


def schema(paper: str, name: str) -> pa.DataFrameSchema:
    """The declared schema of one table (a loose one, value and unit, for a table not listed here)."""
    if name == "quoted":
        return pa.DataFrameSchema(_common({"quantity": _TEXT}), name=f"{paper} quoted")  # a quoted % may exceed 100 (150 % of a target)
    if paper == "taylor1993":
        return _taylor_table()
    if paper == "chodorek2018" and name in ("table1", "table2"):
        return (_chodorek_table(["per", "link_utilization"], "%") if name == "table1"
                else _chodorek_table(["video_throughput", "tcp_throughput"], "Mb/s"))
    if paper == "ortiz2013" and name == "results":
        return pa.DataFrameSchema(_common({
            "table": _TEXT, "strategy": _TEXT, "metric": pa.Column(str, pa.Check.isin(["avg_delay", "psnr_y"])),
            "bandwidth_mbps": pa.Column(int, pa.Check.gt(0)),
            "error_rate": pa.Column(float, pa.Check.in_range(0.0, 1.0)),
            "unit": pa.Column(str, pa.Check.isin(["s", "dB"])),
        }), strict=True, name="ortiz2013 results")
    if paper == "ortiz2013" and name == "table1":
        return pa.DataFrameSchema({"strategy": _TEXT, "feature": _TEXT,
                                   "value": pa.Column(int, pa.Check.isin([0, 1])), "unit": pa.Column(str, pa.Check.eq("flag"))},
                                  strict=True, name="ortiz2013 table1")
    if paper == "claypool1998" and name == "table2":
        return pa.DataFrameSchema(_common({"row": _TEXT, "column": _TEXT,
                                           "value": pa.Column(float, pa.Check.in_range(-1.0, 1.0)),
                                           "unit": pa.Column(str, pa.Check.eq("r"))}), strict=True, name="claypool1998 table2")
    if paper in ("claypool1998", "huynh1994"):
        return pa.DataFrameSchema(_common({"value": pa.Column(float, checks=[_FINITE, pa.Check.gt(0)], nullable=False)}),
                                  checks=[_PERCENT], name=f"{paper} {name}")
    return pa.DataFrameSchema(_common({}), checks=[_PERCENT], name=f"{paper} {name}")
