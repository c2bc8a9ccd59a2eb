"""Each claim of Chodorek & Chodorek checked against the package (on a 3-replication grid).

The chapter runs 20 replications; three keep this suite fast and give the same verdicts.
A claim the book does not reproduce is an xfail(strict=True): if the model ever starts
reproducing it, the test says so.
"""

import pytest

from mmperf.experiments import chodorek2018 as X


@pytest.fixture(scope="module")
def book():
    return X.claim_values(X.summarize(X.run_grid(X.Params(replications=3))))


@pytest.fixture(scope="module")
def paper():
    return X.claim_values(X.paper_tables())


def test_paper_tables_pass_their_own_claims(paper):
    assert paper["s1-per-rises-with-k"] >= 0.9
    assert paper["s1-per-falls-with-n"] >= 0.8
    assert paper["s1-acceptable-k-le-6"] < 5 < paper["s1-unacceptable-k-ge-9"]
    assert paper["s2-under-5"] < 5
    assert paper["s3-range"] >= 0.9
    assert paper["s4-max"] <= 0.07
    assert paper["s4-nonzero-only-in-corner"] >= 0.9
    assert paper["s4-required-throughput"] <= 1
    assert abs(paper["s1-worst-case-throughput"] - 54) < 1
    assert paper["static-reduces-tcp"] >= 0.9
    assert paper["s4-smallest-tcp-reduction"] >= 0.8
    assert paper["s4-utilization-close-to-best-effort"] <= 3


# --- reproduced -------------------------------------------------------------

def test_s1_per_rises_with_k(book):
    assert book["s1-per-rises-with-k"] >= 0.9


def test_s1_acceptable_for_k_le_6(book):
    assert book["s1-acceptable-k-le-6"] < 5


def test_s2_under_5_percent(book):
    assert book["s2-under-5"] < 5


def test_s4_per_at_most_0_07(book):
    assert 0 <= book["s4-max"] <= 0.07


def test_s4_delivers_required_throughput_within_1mbps(book):
    assert book["s4-required-throughput"] <= 1


def test_s4_smallest_tcp_reduction(book):
    assert book["s4-smallest-tcp-reduction"] >= 0.8


def test_s4_utilization_close_to_best_effort(book):
    assert book["s4-utilization-close-to-best-effort"] <= 3


# --- partly reproduced ------------------------------------------------------

def test_s4_nonzero_corner_partly(book):
    assert book["s4-nonzero-only-in-corner"] >= 0.5


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the book's s4 is lossless everywhere, also in the paper's loaded corner")
def test_s4_nonzero_only_in_corner(book):
    assert book["s4-nonzero-only-in-corner"] >= 0.9


def test_static_reservations_reduce_tcp_partly(book):
    assert book["static-reduces-tcp"] >= 0.5


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the book's reservations are work-conserving; they cost TCP little")
def test_static_reservations_reduce_tcp(book):
    assert book["static-reduces-tcp"] >= 0.9


# --- not reproduced ---------------------------------------------------------

@pytest.mark.xfail(strict=True, raises=AssertionError, reason="in the fluid drop-tail FIFO the video's loss follows TCP's, which grows with N")
def test_s1_per_falls_with_n_for_many_tcp_flows(book):
    assert book["s1-per-falls-with-n"] >= 0.8


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the book's best-effort losses are 20-100 times below the paper's")
def test_s1_unacceptable_for_k_ge_9(book):
    assert book["s1-unacceptable-k-ge-9"] > 5


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="a peak-rate reservation with a one-frame bucket leaves almost no excess in the model")
def test_s3_per_between_0_02_and_0_49(book):
    assert book["s3-range"] >= 0.9


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="best effort costs the book's single stream 0.3 % of its throughput, not 46 %")
def test_s1_worst_case_54_percent(book):
    assert abs(book["s1-worst-case-throughput"] - 54) <= 10
