"""Loss patterns: each realises its rate, with its own structure; bad input is rejected."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from mmperf.networks import loss
from mmperf.seeds import rng


@settings(max_examples=50, deadline=None)
@given(n=st.integers(1, 400), rate=st.floats(0, 1), frames=st.integers(1, 5), start=st.integers(0, 399))
def test_burst_loss_rate_and_same_positions_every_frame(n, rate, frames, start):
    start = start % n
    m = loss.burst_loss(frames, n, rate, start=start)
    assert m.shape == (frames, n)
    assert np.all(m == m[0])  # the same positions in every frame
    assert abs(m[0].mean() - rate) <= 0.5 / n + 1e-12
    k = int(m[0].sum())
    if 0 < k < n:
        assert m[0, start] and np.array_equal(np.flatnonzero(np.roll(m[0], -start)), np.arange(k))


@settings(max_examples=50, deadline=None)
@given(rate=st.floats(0, 1), planes=st.integers(1, 8), per_plane=st.integers(1, 40))
def test_priority_drop_takes_least_significant_first(rate, planes, per_plane):
    pr = np.repeat(np.arange(planes), per_plane)
    m = loss.priority_drop(3, pr, rate)
    n = pr.size
    assert abs(m[0].mean() - rate) <= 0.5 / n + 1e-12
    if m[0].any():  # nothing kept has lower priority (a larger number) than anything dropped
        assert pr[~m[0]].max(initial=-1) <= pr[m[0]].min()


def test_random_loss_bernoulli_rate_within_binomial_bounds():
    for rate in (0.005, 0.03, 0.2):
        m = loss.random_loss(200, 264, rate, rng=rng("taylor1993", "test-random", f"{rate}"))
        n = m.size
        lo, hi = stats.binom.ppf([0.0005, 0.9995], n, rate)
        assert lo <= m.sum() <= hi
        # independent positions: no position is favoured (chi-square over positions)
        counts = m.sum(axis=0)
        assert stats.chisquare(counts).pvalue > 1e-4


def test_random_loss_exact_count_per_frame():
    m = loss.random_loss(50, 264, 0.025, rng=rng("taylor1993", "test-exact"), exact=True)
    assert np.all(m.sum(axis=1) == loss.per_frame_count(264, 0.025)) and loss.per_frame_count(264, 0.025) == 7
    assert len({tuple(np.flatnonzero(r)) for r in m}) > 40  # positions differ from frame to frame


def test_random_loss_is_deterministic_per_stream():
    a = loss.random_loss(3, 100, 0.1, rng=rng("taylor1993", "det"))
    b = loss.random_loss(3, 100, 0.1, rng=rng("taylor1993", "det"))
    assert np.array_equal(a, b)


@pytest.mark.parametrize("call, word", [
    (lambda: loss.burst_loss(1, 264, 3.0), "rate"),
    (lambda: loss.burst_loss(1, 264, -0.1), "rate"),
    (lambda: loss.burst_loss(0, 264, 0.1), "n_frames"),
    (lambda: loss.burst_loss(1, 264, 0.1, start=264), "start"),
    (lambda: loss.random_loss(1, 10, 0.1, rng=42), "rng"),
    (lambda: loss.priority_drop(1, [0.5, 1.5], 0.1), "priority"),
    (lambda: loss.priority_drop(1, [], 0.1), "priority"),
    (lambda: loss.pattern("gilbert", 1, 10, 0.1), "name"),
    (lambda: loss.pattern("random", 1, 10, 0.1), "rng"),
])
def test_bad_input_is_rejected(call, word):
    with pytest.raises((ValueError, TypeError), match=word):
        call()
