"""Clock pacing (mmperf.hosts.pacing.tick_pacing)."""

import pytest

from mmperf.hosts.pacing import tick_pacing

TICK = 1000 / 256


def test_an_exact_pacing_is_found_with_the_fewest_ticks():
    for k, g in ((1, 2), (3, 4), (5, 8)):
        r = tick_pacing(k * TICK / g, tick_ms=TICK, groups=[1, 2, 4, 8])
        # the fewest ticks that give the time: k/g in lowest terms
        assert r["tick_packet_time"] == pytest.approx(k * TICK / g) and r["rel_diff"] == pytest.approx(0, abs=1e-12)
        assert r["ticks"] * g == k * r["group"]


def test_without_a_pacing_in_tolerance_the_nearest_is_taken():
    r = tick_pacing(1.0, tick_ms=TICK, groups=[1], max_ticks=3)
    assert (r["ticks"], r["group"]) == (1, 1) and r["rel_diff"] == pytest.approx(TICK - 1)
    with pytest.raises(ValueError, match="groups"):
        tick_pacing(1.0, tick_ms=TICK, groups=[0])
