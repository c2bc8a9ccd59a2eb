"""The Dask grid runner of the packet model (issue #20): two tiny cells on a one-worker LocalCluster,
the rows it writes, resuming, and refusing to mix settings."""

import json

import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")

from mmperf.experiments.chodorek2018 import packet_grid as grid  # noqa: E402

ARGS = ["--duration", "0.5", "--cells", "1:1,2:3", "--scenarios", "s1,s4", "--seed", "7", "--window", "head",
        "--buffer-packets", "50", "--rtt", "0.004"]


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as lc, \
            distributed.Client(lc) as c:
        yield c


def test_grid_writes_tidy_rows_and_resumes(tmp_path, client):
    out = tmp_path / "g.csv"
    assert grid.main(ARGS + ["--replications", "1", "--out", str(out)], client=client) == 0
    first = pd.read_csv(out)
    assert len(first) == 2 * 2 * 1 and not first.duplicated(grid.KEY).any()
    assert set(first.scenario) == {"s1", "s4"} and (first.duration_s == 0.5).all() and (first.seed == 7).all()
    # resume with two replications: only the new ones run, the old rows are kept as they were
    grid.main(ARGS + ["--replications", "2", "--out", str(out)], client=client)
    both = pd.read_csv(out)
    assert len(both) == 8
    pd.testing.assert_frame_equal(both[both.replication == 0].reset_index(drop=True), first)
    meta = json.loads(out.with_suffix(".json").read_text())
    assert meta["runs"] == 8 and meta["seed"] == 7 and meta["duration_s"] == 0.5
    assert meta["replications_per_cell"] == [2, 2] and meta["mmperf_version"]
    # the same request again runs nothing and changes nothing
    before = out.read_text()
    grid.main(ARGS + ["--replications", "2", "--out", str(out)], client=client)
    assert out.read_text() == before
    # a resumed grid equals one run in one go
    fresh = tmp_path / "h.csv"
    grid.main(ARGS + ["--replications", "2", "--out", str(fresh)], client=client)
    pd.testing.assert_frame_equal(pd.read_csv(fresh), both)


def test_grid_refuses_to_mix_settings(tmp_path, client):
    out = tmp_path / "g.csv"
    grid.main(ARGS + ["--replications", "1", "--out", str(out)], client=client)
    with pytest.raises(ValueError, match="duration_s"):
        grid.main(["--duration", "1.0"] + ARGS[2:] + ["--replications", "1", "--out", str(out)], client=client)
    with pytest.raises(ValueError, match="window"):
        grid.main([a if a != "head" else "excerpt" for a in ARGS] + ["--replications", "1", "--out", str(out)], client=client)


def test_redo_replaces_only_the_asked_rows_and_a_stale_tspec_span_is_refused(tmp_path, client):
    out = tmp_path / "g.csv"
    grid.main(ARGS + ["--replications", "1", "--out", str(out)], client=client)
    before = pd.read_csv(out)
    meta_path = out.with_suffix(".json")
    assert json.loads(meta_path.read_text())["tspec_span"] == "stream"
    # a grid whose reserved runs were run under the run's own TSpec (a .json without the setting) is stale
    meta = json.loads(meta_path.read_text())
    del meta["tspec_span"]
    meta_path.write_text(json.dumps(meta))
    with pytest.raises(ValueError, match="tspec_span"):
        grid.main(ARGS + ["--replications", "1", "--out", str(out)], client=client)
    with pytest.raises(ValueError, match="tspec_span"):  # redoing s1 alone leaves the stale s4 rows
        grid.main(ARGS[:5] + ["s1"] + ARGS[6:] + ["--replications", "1", "--redo", "--out", str(out)], client=client)
    # corrupt one s4 row: --redo on s4 reruns it and gives back exactly the rows one run in one go writes
    bad = before.copy()
    bad.loc[bad.scenario == "s4", "video_sent"] += 1
    bad.to_csv(out, index=False, float_format="%.9g")
    grid.main(ARGS[:5] + ["s4"] + ARGS[6:] + ["--replications", "1", "--redo", "--out", str(out)], client=client)
    pd.testing.assert_frame_equal(pd.read_csv(out), before)
    meta = json.loads(meta_path.read_text())
    assert meta["tspec_span"] == "stream" and meta["redo"]["runs"] == 2 and meta["redo"]["rows_changed"] == 2
    assert meta["command"] != meta["redo"]["command"]  # the grid's own command is kept beside the redo's


def test_bad_requests_name_the_parameter():
    with pytest.raises(ValueError, match="scenarios"):
        grid.tasks(["s9"], [(1, 1)], 1)
    with pytest.raises(ValueError, match="replications"):
        grid.tasks(["s1"], [(1, 1)], 0)
    with pytest.raises(ValueError, match="cells"):
        grid.tasks(["s1"], [(-1, 1)], 1)
    with pytest.raises(SystemExit):
        grid.parser().parse_args(["--cells", "1-1"])
