"""metrics.trends: where a family of lines comes closest, and the one-sided Welch comparison (Claypool et al. 1998)."""

import numpy as np
import pytest

from mmperf.metrics.trends import closest_approach, significantly_above


@pytest.mark.parametrize("x0", [0.5, 1.0, 2.37, 5.0])
def test_lines_through_one_point_meet_there(x0):
    slopes = np.array([2.0, -1.0, 0.5])
    intercepts = 3.0 - slopes * x0  # every line passes through (x0, 3)
    assert closest_approach(intercepts, slopes) == pytest.approx(x0, abs=0.005)


def test_parallel_lines_are_closest_at_the_first_grid_point():
    assert closest_approach([0.0, 1.0], [2.0, 2.0], grid=[3.0, 4.0, 5.0]) == 3.0


def test_closest_approach_refuses_one_line_and_mismatched_arrays():
    with pytest.raises(ValueError, match="intercepts and slopes"):
        closest_approach([1.0], [1.0])
    with pytest.raises(ValueError, match="intercepts and slopes"):
        closest_approach([1.0, 2.0], [1.0, 2.0, 3.0])


def test_significance_is_one_sided_and_needs_a_real_difference():
    g = np.random.default_rng(3)
    a, b = g.normal(10, 1, 30), g.normal(8, 1, 30)
    assert significantly_above(a, b) and not significantly_above(b, a)
    assert not significantly_above(a, a)
    near = b + 0.01  # a shift far inside the noise
    assert not significantly_above(near, b)


def test_a_stricter_level_never_adds_a_significance():
    g = np.random.default_rng(4)
    for _ in range(20):
        a, b = g.normal(0.5, 1, 8), g.normal(0, 1, 8)
        assert significantly_above(a, b, level=0.01) <= significantly_above(a, b, level=0.1)


def test_significance_refuses_bad_levels_and_short_samples():
    with pytest.raises(ValueError, match="level"):
        significantly_above([1.0, 2.0], [0.0, 1.0], level=1.0)
    with pytest.raises(ValueError, match="a and b"):
        significantly_above([1.0], [0.0, 1.0])
