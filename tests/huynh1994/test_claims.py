"""The paper's claims against the package (the chapter's scorecard, in tests).

Runs the chapter's experiments once, exactly as the chapter does (the paper's 2000
frames in the grid and single streams, the chapter's shorter sweeps, same random
streams, two worker processes; only the run-length check shortened) -- and checks each claim
with the chapter's criterion. Claims the book reproduces only partly are strict
xfails with the reason.
"""

import pytest

from mmperf.experiments import huynh1994 as E


@pytest.fixture(scope="module")
def values():
    results = E.run_all(frames=E.BOOK_FRAMES, sweep_frames=E.SWEEP_FRAMES, replications=E.REPLICATIONS, run_lengths=(60,),
                        workers=E.BOOK_WORKERS)
    return E.book_values(results)


@pytest.mark.parametrize(
    "claim,low,high",
    [
        ("move-halves-channel", 0.4, 0.6),
        ("channel-below-20", 0.0, 20.0),
        ("streaming-threefold", 2.7, 3.3),
        ("file-share-8fps", 42.5, 57.5),
        ("file-share-30fps", 15.0, 25.0),
        ("move-host-below-001", 0.0, 0.01),
        ("memory-386-35", 31.5, 38.5),   # calibrated
        ("memory-486-10", 7.5, 12.5),
        ("memory-move-near-zero", 0.0, 1.0),
        ("disk-24", 21.6, 26.4),          # calibrated
        ("ring-53-at-30", 48.0, 58.0),
        ("ring-20-at-8", 17.0, 23.0),
        ("host-386-saturates-60", 54.0, 66.0),  # calibrated
        ("host-486-saturates-240", 216.0, 264.0),
        ("adapter-knee-16", 15.0, 18.0),
        ("decompress-stage-8fps", 123.75, 126.25),
        ("decompress-stage-30fps", 33.0, 33.67),
    ],
)
def test_quantitative_claim(values, claim, low, high):
    assert low <= values[claim] <= high, values[claim]


@pytest.mark.parametrize(
    "claim",
    [
        "host-not-linear-in-rate",
        "central-uses-fewer-resources",
        "send-delay-falls-with-rate",
        "move-better-receive-386",
        "distributed-receive-higher",
        "move-386-486-coincide",
        "receive-exceeds-send",
        "more-queuing-at-decompression",
        "locate-transfers-and-queuing-larger",
        "locate-486-faster",
        "move-better-file-transfer",
    ],
)
def test_qualitative_claim_holds_in_every_case(values, claim):
    assert values[claim] == 1.0


def _partly(claim, reason):
    return pytest.param(claim, marks=pytest.mark.xfail(strict=True, raises=AssertionError, reason=reason), id=claim)


@pytest.mark.parametrize(
    "claim",
    [
        _partly("move-less-software-overhead",
                "partly: on the 486 the host runs 20 KLOCS faster than a 1.6 MIPS 80C186 runs 1 KLOC plus control elements"),
        _partly("send-same-at-low-rates",
                "partly: at 15 frames/s distributed mixing adds ~5 % to the send delay on both systems, "
                "and on the 386 Locate mode's host and driver queuing ~5 % more"),
        _partly("central-send-locate-equals-move",
                "partly: on the 386 at 30 frames/s central, Move's send delay is ~10.2 % below Locate's"),
        _partly("move-beats-locate-30fps-distributed",
                "partly: on the 486 the send delays of the two modes overlap within their 90 % intervals"),
    ],
)
def test_claims_only_partly_reproduced(values, claim):
    assert values[claim] >= 0.5  # partly: at least half of the cases hold
    assert values[claim] == 1.0  # the claim in full
