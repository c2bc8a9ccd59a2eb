"""The resumable grid runner (mmperf.gridrun): rows appended as runs finish, resuming, refusing other
settings, a finished file independent of the finishing order, and finding a seed's committed grids."""

import json
from concurrent.futures import Future

import pandas as pd
import pytest

from mmperf import gridrun


class Reversed:
    """A stand-in for a Dask client whose tasks finish in the reverse order."""

    def map(self, fn, todo, pure, **kw):
        futures = []
        for t in reversed(todo):
            f = Future()
            f.set_result(fn(t, **kw))
            futures.append(f)
        return futures


def _row(task, scale):
    cell, rep = task
    return {"cell": cell, "rep": rep, "x": scale * rep + len(cell), "wall_s": 0.123}


def test_rows_are_appended_resumed_and_sorted_whatever_the_finishing_order(tmp_path):
    out = tmp_path / "g.csv"
    todo = [(c, r) for c in ("b", "aa") for r in range(3)]
    assert gridrun.run_tasks(_row, todo[:4], out, client=Reversed(), kwargs={"scale": 0.5}, columns={"seed": 7},
                             log=lambda s: None) == 4
    written = pd.read_csv(out)
    assert "wall_s" not in written and (written.seed == 7).all() and len(written) == 4
    done = gridrun.done_runs(out, key=["cell", "rep"], settings={"seed": 7})
    assert done == set(todo[:4])
    rest = [t for t in todo if t not in done]
    assert gridrun.run_tasks(_row, rest, out, client=Reversed(), kwargs={"scale": 0.5}, columns={"seed": 7},
                             log=lambda s: None) == 2
    resumed = gridrun.finish_grid(out, key=["cell", "rep"], order={"cell": ["b", "aa"]})
    assert list(zip(resumed.cell, resumed.rep)) == todo  # b before aa as ordered, reps ascending
    one_go = tmp_path / "h.csv"
    gridrun.run_tasks(_row, todo, one_go, client=Reversed(), kwargs={"scale": 0.5}, columns={"seed": 7}, log=lambda s: None)
    pd.testing.assert_frame_equal(gridrun.finish_grid(one_go, key=["cell", "rep"], order={"cell": ["b", "aa"]}), resumed)
    assert one_go.read_text() == out.read_text()
    assert gridrun.run_tasks(_row, [], out, client=None) == 0


def test_finish_keeps_the_first_of_duplicate_runs(tmp_path):
    out = tmp_path / "g.csv"
    out.write_text("cell,rep,x\na,0,1\na,0,2\n")
    assert gridrun.finish_grid(out, key=["cell", "rep"]).x.tolist() == [1]


def test_done_runs_refuses_other_settings_and_reads_a_missing_setting_as_given(tmp_path):
    out = tmp_path / "g.csv"
    assert gridrun.done_runs(out, key=["cell"], settings={"seed": 1}) == set()
    out.write_text("cell,seed,d\na,1,0.5\n")
    with pytest.raises(ValueError, match="seed"):
        gridrun.done_runs(out, key=["cell"], settings={"seed": 2})
    assert gridrun.done_runs(out, key=["cell"], settings={"d": 0.5 + 1e-13}) == {("a",)}
    with pytest.raises(ValueError, match="window"):
        gridrun.done_runs(out, key=["cell"], settings={"window": "head"})
    assert gridrun.done_runs(out, key=["cell"], settings={"window": "head"}, missing={"window": "head"}) == {("a",)}
    with pytest.raises(ValueError, match="window"):
        gridrun.done_runs(out, key=["cell"], settings={"window": "excerpt"}, missing={"window": "head"})
    with pytest.raises(ValueError, match="key"):
        gridrun.done_runs(out, key=["nope"], settings={})


def test_committed_grids_of_a_seed(tmp_path):
    for name, seed in (("a", 1), ("b", 2), ("c", 1)):
        (tmp_path / f"{name}.csv").write_text("x\n1\n")
        (tmp_path / f"{name}.json").write_text(json.dumps({"seed": seed}))
    (tmp_path / "d.csv").write_text("x\n1\n")  # no .json: skipped
    paths = [tmp_path / f"{n}.csv" for n in "dcba"] + [tmp_path / "missing.csv"]
    assert [p.name for p, _ in gridrun.committed_grids(paths, seed=1)] == ["c.csv", "a.csv"]
    assert gridrun.committed_grids(paths, seed=3) == []
