"""Per-host identified sets from one long table of printed rows (mmperf.hosts.host_sets)."""

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts import calibration as hc
from mmperf.hosts import host_sets, testbed

LINK = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
TRUE = {"a": (0.10, 0.15), "b": (0.05, 0.30)}  # kernel_ms, app_ms of each host
P = {"a": np.array([0.2, 0.25, 0.3, 0.5, 1.0]), "b": np.array([0.3, 0.4, 0.6, 1.0])}


def _rows(hosts=("a", "b")) -> pd.DataFrame:
    frames = []
    for h in hosts:
        ck, ca = TRUE[h]
        y = testbed.read_rate(testbed.arrival_rate(P[h], LINK, packet_bytes=1256), kernel_ms=ck, app_ms=ca) * 1256 * 8 / 1e3
        y = np.round(y, 2)  # printed to two decimals
        frames.append(pd.DataFrame({"host": h, "packet_time_ms": P[h], "throughput_mbps": y, "link": [LINK] * len(y),
                                    "digit": host_sets.printed_digit(y, decimals=(2,))}))
    return pd.concat(frames, ignore_index=True)


@pytest.fixture(scope="module")
def sets():
    return host_sets.HostSets(_rows(), floors={"a": 0.01, "b": 0.0}, packet_bytes=1256, rel_error=0.01, grid_points=121)


def test_printed_digit_is_the_unit_of_the_last_printed_digit():
    assert host_sets.printed_digit([33.2, 15.60, 12.56, 7.0]).tolist() == [0.1, 0.1, 0.01, 0.1]
    assert host_sets.printed_digit([12.5, 12.25, 12.125], decimals=(0, 1, 2)).tolist() == [0.1, 0.01, 0.01]
    assert host_sets.printed_digit([3.0], decimals=(0,)).tolist() == [1.0]
    for bad in ((), (2, 1), (-1,), (1.5,), "12"):
        with pytest.raises(ValueError, match="decimals"):
            host_sets.printed_digit([1.0], decimals=bad)
    with pytest.raises(ValueError, match="values"):
        host_sets.printed_digit([1.0, np.nan])


def test_each_host_set_is_that_of_its_own_rows_and_holds_the_true_costs(sets):
    assert sets.hosts == ["a", "b"]
    for h in ("a", "b"):
        d = sets.rows[sets.rows["host"] == h]
        grid, _ = hc.identify_costs(d["packet_time_ms"].to_numpy(), d["throughput_mbps"].to_numpy(), LINK,
                                    digit=d["digit"].to_numpy(), packet_bytes=1256, rel_error=0.01,
                                    floor_ms=sets.floors[h], grid_points=121)
        got = sets.identified_set(h)
        pd.testing.assert_frame_equal(got.drop(columns="host"), grid)
        assert (got["host"] == h).all()
        c = sets.costs(h)
        ck, ca = TRUE[h]
        assert c["app_ms_low"] <= ca <= c["app_ms_high"] and c["kernel_ms_low"] <= ck <= c["kernel_ms_high"]
        assert c["rows"] == len(d) and c["floor_ms"] == sets.floors[h] and c["point"] == "fit"
        inside = got[got["inside"]]
        assert (inside[["kernel_ms", "app_ms"]].to_numpy() >= sets.floors[h]).all()
    assert sets.identified_set("a") is not sets.identified_set("a")  # a fresh frame each time, one computation


def test_named_points_are_the_ends_and_a_cost_takes_the_nearest_member(sets):
    low, high, fit = (sets.costs("b", point=p) for p in ("low", "high", "fit"))
    assert low["app_ms"] == low["app_ms_low"] and high["app_ms"] == high["app_ms_high"]
    assert fit["rms_rel_error"] <= min(low["rms_rel_error"], high["rms_rel_error"])
    near = sets.costs("b", point=high["app_ms"] * 1.5)  # beyond the set: its largest member
    assert near["app_ms"] == high["app_ms"]


def test_profile_marks_the_set_and_is_computed_on_the_profile_rows(sets):
    prof = sets.cost_profile("a", points=31)
    assert list(prof.columns) == ["host", "app_ms", "kernel_ms", "rms_rel_error", "inside"]
    c = sets.costs("a")
    np.testing.assert_array_equal(prof["inside"], (prof["app_ms"] >= c["app_ms_low"]) & (prof["app_ms"] <= c["app_ms_high"]))
    # the profile's best fit is near the true application cost
    best = prof.loc[prof["rms_rel_error"].idxmin()]
    assert best["app_ms"] == pytest.approx(TRUE["a"][1], rel=0.2)
    fewer = _rows(("a",)).iloc[:3]
    other = host_sets.HostSets(_rows(), floors={"a": 0.01, "b": 0.0}, packet_bytes=1256, rel_error=0.01,
                               profile_rows=fewer, grid_points=121)
    want = hc.cost_profile(fewer["packet_time_ms"], fewer["throughput_mbps"], LINK, packet_bytes=1256, points=31)
    pd.testing.assert_frame_equal(other.cost_profile("a", points=31)[["app_ms", "kernel_ms", "rms_rel_error"]], want)


def test_bad_input_is_refused_by_name(sets):
    with pytest.raises(ValueError, match="host"):
        sets.costs("c")
    with pytest.raises(ValueError, match="point"):
        sets.costs("a", point="middle")
    with pytest.raises(ValueError, match="point"):
        sets.costs("a", point=-1.0)
    with pytest.raises(ValueError, match="points"):
        sets.cost_profile("a", points=2)
    with pytest.raises(ValueError, match="floors"):
        host_sets.HostSets(_rows(), floors={"a": 0.0}, packet_bytes=1256, rel_error=0.01)
    with pytest.raises(ValueError, match="rows"):
        host_sets.HostSets(_rows().drop(columns="digit"), floors={"a": 0.0, "b": 0.0}, packet_bytes=1256, rel_error=0.01)
    with pytest.raises(ValueError, match="rel_error"):
        host_sets.HostSets(_rows(), floors={"a": 0.0, "b": 0.0}, packet_bytes=1256, rel_error=1.0)
    # printed rows no pair of costs can meet: an empty set, refused when a point is asked for
    rows = _rows(("a",)).assign(throughput_mbps=lambda d: d["throughput_mbps"][::-1].to_numpy() * [1, 1, 1, 0.5, 2])
    empty = host_sets.HostSets(rows, floors={"a": 0.0}, packet_bytes=1256, rel_error=0.0, grid_points=41)
    with pytest.raises(ValueError, match="rel_error"):
        empty.costs("a")
