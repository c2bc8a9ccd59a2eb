"""The book's one crossing function (mmperf.metrics.crossing): closed forms, both directions, edges."""

import math

import numpy as np
import pandas as pd
import pytest

from mmperf.metrics.crossing import crossing, crossings


def test_linear_interpolation_recovers_a_line_crossing_exactly():
    x = np.linspace(0.0, 10.0, 11)
    # y = 2 x - 3 reaches 8 at x = 5.5, between grid points
    assert crossing(x, 2 * x - 3, level=8.0) == pytest.approx(5.5, abs=1e-12)
    # falling: y = 10 - x drops below 2.5 at 7.5
    assert crossing(x, 10 - x, level=2.5, direction="fall") == pytest.approx(7.5, abs=1e-12)


def test_rise_is_inclusive_and_fall_is_strict():
    x, y = [0.0, 1.0, 2.0], [0.0, 1.0, 2.0]
    assert crossing(x, [0.0, 1.0, 1.0], level=1.0) == 1.0       # a point on the level has risen to it
    assert math.isnan(crossing(x, [2.0, 1.0, 1.0], level=1.0, direction="fall"))  # ... but has not fallen below it
    assert crossing(x, [2.0, 1.0, 0.0], level=1.0, direction="fall") == 1.0


def test_first_point_and_never():
    assert crossing([3.0, 4.0], [5.0, 6.0], level=1.0) == 3.0
    assert math.isnan(crossing([3.0, 4.0], [0.0, 0.5], level=1.0))
    assert crossing([3.0, 4.0], [0.5, 0.0], level=1.0, direction="fall") == 3.0


def test_rise_of_a_curve_is_the_fall_of_its_negation():
    rng = np.random.default_rng(7)
    for _ in range(50):
        x = np.cumsum(rng.uniform(0.1, 1.0, 12))
        y = rng.normal(size=12)
        level = float(rng.normal())
        up = crossing(x, y, level=level)
        down = crossing(x, -y, level=-level, direction="fall")
        # >= against < of the negation: they differ only when a point sits exactly on the level
        if not np.any(y == level):
            assert (math.isnan(up) and math.isnan(down)) or up == down


def test_infinite_first_ordinate_is_accepted():
    # the PSNR of an undamaged frame is infinite; a later finite point still crosses
    assert crossing([0.0, 1.0, 2.0], [math.inf, 40.0, 20.0], level=30.0, direction="fall") == 1.5


@pytest.mark.parametrize("kwargs, word", [
    (dict(x=[1.0, 1.0], y=[0.0, 1.0], level=0.5), "x"),
    (dict(x=[1.0, 2.0], y=[0.0], level=0.5), "y"),
    (dict(x=[1.0, 2.0], y=[0.0, math.nan], level=0.5), "y"),
    (dict(x=[1.0, 2.0], y=[0.0, 1.0], level=math.nan), "level"),
    (dict(x=[1.0, 2.0], y=[0.0, 1.0], level=0.5, direction="up"), "direction"),
])
def test_bad_input_names_the_parameter(kwargs, word):
    with pytest.raises(ValueError, match=word):
        crossing(**kwargs)


def test_crossings_averages_replicates_per_abscissa_and_keeps_group_order():
    f = pd.DataFrame({"p": ["b", "b", "b", "a", "a"], "r": [10, 0, 10, 0, 10], "q": [0.8, 1.0, 0.6, 1.0, 0.95]})
    out = crossings(f, x="r", y="q", level=0.9, by="p", direction="fall")
    assert list(out["p"]) == ["b", "a"]
    # b: mean 0.7 at 10 -> 1.0 - 0.1 / 0.3 * 10 below 0.9 at 10/3; a never falls below 0.9
    assert out["crossing"].iloc[0] == pytest.approx(10 / 3)
    assert math.isnan(out["crossing"].iloc[1])
    with pytest.raises(ValueError, match="by"):
        crossings(f, x="r", y="q", level=0.9, by="nope")
