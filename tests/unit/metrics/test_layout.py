"""A long table laid out as a paper prints it: every cell lands at its row, group and label, and only there."""

import numpy as np
import pandas as pd
import pytest

from mmperf.metrics.layout import wide_layout


def _long():
    rng = np.random.default_rng(3)
    rows = [{"who": w, "rate": r, "paper": rng.random(), "book": rng.random()}
            for w in ("c", "a", "b") for r in (60.0, 30.0, 45.0)]
    return pd.DataFrame(rows)


def test_every_cell_lands_at_its_row_group_and_label():
    long = _long()
    wide = wide_layout(long, rows="who", columns="rate", values={"paper": "P", "book": "B"}, column_label="{:g} Mb/s")
    assert list(wide.index) == ["a", "b", "c"]
    assert wide.columns.tolist() == [(f"{r} Mb/s", q) for r in (30, 45, 60) for q in ("P", "B")]
    for _, row in long.iterrows():
        for col, label in (("paper", "P"), ("book", "B")):
            assert wide.loc[row["who"], (f"{row['rate']:g} Mb/s", label)] == row[col]
    assert wide.size == 2 * len(long)


def test_row_order_is_kept_and_unknown_rows_skipped():
    wide = wide_layout(_long(), rows="who", columns="rate", values={"book": "book"}, row_order=["z", "c", "a", "b"])
    assert list(wide.index) == ["c", "a", "b"]


@pytest.mark.parametrize("kw, exc, name", [
    ({"rows": "nope"}, ValueError, "rows"), ({"values": {}}, ValueError, "values"),
    ({"values": ["paper"]}, TypeError, "values"), ({"frame": "abc"}, TypeError, "frame"),
    ({"column_label": 3}, TypeError, "column_label")])
def test_bad_layouts_are_refused_by_name(kw, exc, name):
    args = dict(frame=_long(), rows="who", columns="rate", values={"paper": "P"})
    with pytest.raises(exc, match=name):
        wide_layout(**{**args, **kw})
    with pytest.raises(ValueError, match="one row per"):
        wide_layout(pd.concat([_long(), _long()]), rows="who", columns="rate", values={"paper": "P"})
