"""Tables over a grid of testbed runs (mmperf.hosts.run_tables): loss sites, positions, typical frames, concentration."""

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts import calibration as hc
from mmperf.hosts import run_tables, testbed, testbed_runs
from mmperf.metrics import loss_position

LINK = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
HOSTS = pd.DataFrame({"kernel_ms": [0.1], "app_ms": [0.15], "display_ms": [60.0]}, index=["h"])
CAL = hc.HostCalibration(hosts=HOSTS, kappa=1.0, buffer_packets=40, display_table="t")


@pytest.fixture(scope="module")
def runs():
    # a lossless run (slow sender, no display), a display-bound one and an overloaded one
    cases = [testbed_runs.Case(("slow", 1), 2.0, LINK, "h", False), testbed_runs.Case(("anim", 1), 0.5, LINK, "h", True),
             testbed_runs.Case(("max", 1), 0.2, LINK, "h", False)]
    return testbed_runs.simulate_cases(cases, CAL, n_frames=6, group=2, streams=("unit",), seed=3)


def test_loss_sites_account_for_every_lost_packet(runs):
    s = run_tables.loss_sites(runs, keys=("table", "row"))
    assert list(s.columns) == ["table", "row", "sent", "lost_link", "lost_socket"]
    assert list(zip(s["table"], s["row"])) == list(runs)
    for r in s.itertuples():
        lost = testbed_runs.lost_matrix(runs[(r.table, r.row)])
        assert r.lost_link + r.lost_socket == int(lost.sum()) and r.sent == lost.size
    assert s.loc[s["table"] == "slow", ["lost_link", "lost_socket"]].to_numpy().sum() == 0


def test_loss_positions_sum_to_the_runs_losses_and_name_each_plane(runs):
    p = run_tables.loss_positions(runs, packets_per_plane=33)
    assert list(p.columns) == ["table", "row", "index", "lost", "share_of_frames", "plane"]
    assert len(p) == 264 * len(runs)
    for key, run in runs.items():
        block = p[(p["table"] == key[0]) & (p["row"] == key[1])]
        lost = testbed_runs.lost_matrix(run)
        np.testing.assert_array_equal(block["lost"], lost.sum(axis=0))
        np.testing.assert_allclose(block["share_of_frames"], lost.mean(axis=0))
    assert (p.groupby("plane")["index"].agg(["min", "max"]).to_numpy() == [[33 * k, 33 * k + 32] for k in range(8)]).all()


def test_typical_masks_leave_out_lossless_runs_and_match_the_typical_frame(runs):
    m = run_tables.typical_masks(runs)
    lossy = [k for k, r in runs.items() if testbed_runs.lost_matrix(r)[1:].any()]
    assert ("slow", 1) not in lossy and len(lossy) >= 1
    assert sorted(set(zip(m["table"], m["row"]))) == sorted(lossy)
    for key in lossy:
        lost = testbed_runs.lost_matrix(runs[key])
        got = m[(m["table"] == key[0]) & (m["row"] == key[1])]["lost"].to_numpy()
        np.testing.assert_array_equal(got, lost[loss_position.typical_frame(lost, skip=1)])
    empty = run_tables.typical_masks({("slow", 1): runs[("slow", 1)]})
    assert empty.empty and list(empty.columns) == ["table", "row", "index", "lost"]


def test_loss_concentrations_are_those_of_each_lossy_run(runs):
    c = run_tables.loss_concentrations(runs, top=20, start=40)
    assert ("slow", 1) not in set(zip(c["table"], c["row"]))
    for r in c.itertuples():
        want = loss_position.loss_concentration(testbed_runs.lost_matrix(runs[(r.table, r.row)]), top=20, start=40)
        assert {k: getattr(r, k) for k in want} == want
    # a display-bound run loses just after the socket buffer
    anim = c[c["table"] == "anim"].iloc[0]
    assert anim["first_lost_index"] >= 40 and anim["share_after_buffer"] > 0.9


def test_bad_grids_are_refused_by_name(runs):
    run = runs[("anim", 1)]
    with pytest.raises(TypeError, match="runs"):
        run_tables.loss_sites([run])
    with pytest.raises(ValueError, match="runs must be keyed"):
        run_tables.loss_sites({("t",): run})
    with pytest.raises(TypeError, match="runs must map"):
        run_tables.loss_sites({("t", 1): "run"})
    with pytest.raises(ValueError, match="keys"):
        run_tables.loss_sites(runs, keys="table")
    with pytest.raises(ValueError, match="runs must hold"):
        run_tables.loss_positions({}, packets_per_plane=33)
    with pytest.raises(ValueError, match="packets_per_plane"):
        run_tables.loss_positions(runs, packets_per_plane=0)
    with pytest.raises(ValueError, match="top"):
        run_tables.loss_concentrations(runs, top=0)
