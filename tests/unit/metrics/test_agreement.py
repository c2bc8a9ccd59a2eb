"""Cell-by-cell agreement: either tolerance suffices, NaN never agrees, shares per group add up."""

import numpy as np
import pytest

from mmperf.metrics import agreement


def test_within_is_the_union_of_the_absolute_and_the_relative_tolerance():
    book = np.array([1.0, 1.9, 4.1, 0.004, np.nan])
    paper = np.array([1.4, 1.0, 2.0, 0.001, 1.0])
    assert agreement.within(book, paper, abs_tol=0.5).tolist() == [True, False, False, True, False]
    assert agreement.within(book, paper, abs_tol=0.005, factor=2.0, strict=True).tolist() == [
        True, True, False, True, False]
    assert not agreement.within([1.5], [1.0], abs_tol=0.5, strict=True)[0]


def test_grouped_share_counts_every_cell_once():
    g = np.array(["a", "b", "a", "c", "a"])
    ok = np.array([True, False, False, True, True])
    out = agreement.grouped_share(g, ok, order=["a", "b", "c", "d"])
    assert out["cells"].sum() == 5 and out["agree"].sum() == ok.sum()
    assert out["fraction"].iloc[0] == pytest.approx(2 / 3) and np.isnan(out["fraction"].iloc[3])


@pytest.mark.parametrize("call, name", [
    (lambda: agreement.within([1.0], [1.0, 2.0], abs_tol=0.1), "book and paper"),
    (lambda: agreement.within([1.0], [1.0], abs_tol=-1.0), "abs_tol"),
    (lambda: agreement.within([1.0], [1.0], abs_tol=0.1, factor=0.5), "factor"),
    (lambda: agreement.grouped_share(["a"], [True, False], order=["a"]), "groups and agree"),
    (lambda: agreement.grouped_share(["a"], [True], order=[]), "order"),
])
def test_bad_input_is_named(call, name):
    with pytest.raises(ValueError, match=name):
        call()
