"""The book's one paper-versus-book table: keys matched, order kept, differences and ratios exact."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, strategies as st

from mmperf.metrics.agreement import compare


def _frames(values_p, values_b):
    cells = [f"c{i}" for i in range(len(values_p))]
    paper = pd.DataFrame({"cell": cells, "value": values_p, "unit": "s"})
    book = pd.DataFrame({"cell": cells[::-1], "value": values_b[::-1], "sd": np.arange(len(cells), dtype=float)})
    return paper, book


@given(st.lists(st.floats(0.01, 1e6), min_size=1, max_size=20).flatmap(
    lambda p: st.tuples(st.just(p), st.lists(st.floats(0.01, 1e6), min_size=len(p), max_size=len(p)))))
def test_each_cell_is_matched_by_key_in_the_papers_order(pair):
    p, b = pair
    paper, book = _frames(p, b)
    out = compare(paper, book, on=["cell"], book_extra=["sd"], log_ratio=True)
    assert out["cell"].tolist() == paper["cell"].tolist()
    np.testing.assert_array_equal(out["paper"], p)
    np.testing.assert_array_equal(out["book"], b)
    np.testing.assert_array_equal(out["difference"], np.asarray(b) - np.asarray(p))
    np.testing.assert_allclose(10 ** out["log10_ratio"], np.asarray(b) / np.asarray(p), rtol=1e-12)
    assert list(out.columns) == ["cell", "unit", "paper", "book", "book_sd", "difference", "log10_ratio"]


def test_only_cells_in_both_are_kept_and_a_non_positive_ratio_is_nan():
    paper = pd.DataFrame({"k": [1, 2, 3], "value": [1.0, 0.0, 2.0]})
    book = pd.DataFrame({"k": [2, 1], "value": [5.0, 1.0]})
    out = compare(paper, book, on=["k"], log_ratio=True)
    assert out["k"].tolist() == [1, 2]
    assert out["log10_ratio"].iloc[0] == 0.0 and np.isnan(out["log10_ratio"].iloc[1])


@pytest.mark.parametrize("frame", ["paper", "book"])
def test_two_rows_for_one_key_are_refused_by_name(frame):
    good = pd.DataFrame({"k": [1, 2], "value": [1.0, 2.0]})
    bad = pd.DataFrame({"k": [1, 1], "value": [1.0, 2.0]})
    args = {"paper": good, "book": good, frame: bad}
    with pytest.raises(ValueError, match=frame):
        compare(args["paper"], args["book"], on=["k"])
