"""Least-squares lines with confidence bands."""

import numpy as np
import pytest

from mmperf.metrics.fits import grouped_fits, line_fit
from mmperf.seeds import rng
import pandas as pd


def test_exact_line():
    f = line_fit([0, 1, 2, 3, 4], [1, 3, 5, 7, 9])
    assert f.slope == pytest.approx(2) and f.intercept == pytest.approx(1) and f.r == pytest.approx(1)
    assert f.x_intercept() == pytest.approx(-0.5)


def test_band_brackets_the_line_and_slope_interval_covers_truth():
    g = rng("claypool1998", "test-fits")
    x = np.linspace(0, 6, 60)
    y = 3.0 * x + 1 + g.normal(0, 1, x.size)
    f = line_fit(x, y)
    assert (f.band["lower"] <= f.band["fit"]).all() and (f.band["fit"] <= f.band["upper"]).all()
    assert f.slope_low < 3.0 < f.slope_high
    assert 0.95 < f.r < 1


def test_grouped_fits():
    d = pd.DataFrame({"x": [0, 1, 2, 0, 1, 2], "y": [0, 1, 2, 0, 2, 4], "g": list("aaabbb")})
    s, b = grouped_fits(d, "x", "y", "g")
    assert s.set_index("g")["slope"].to_dict() == pytest.approx({"a": 1, "b": 2})
    assert set(b["g"]) == {"a", "b"}


@pytest.mark.parametrize("x,y,msg", [([1, 2], [1, 2], "at least 3"), ([1, 1, 1], [1, 2, 3], "constant"),
                                     ([1, 2, 3], [1, 2], "equal length")])
def test_errors(x, y, msg):
    with pytest.raises(ValueError, match=msg):
        line_fit(x, y)
