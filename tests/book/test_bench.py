"""``make bench AGAINST=REF``: chapters timed at another commit and here, alternately (``mmperf.book._bench``)."""

from __future__ import annotations

import subprocess

import pytest

from mmperf.book import _bench
from mmperf.book.__main__ import main


def _fake(times: dict, missing=()):
    """An ``execute`` that returns each side's next time and logs every call."""
    calls = []

    def execute(side, stem):
        calls.append((side, stem))
        if side == "ref" and stem in missing:
            return None
        return times[side].pop(0)
    return execute, calls


def test_warm_up_then_rounds_alternate_which_side_goes_first():
    execute, calls = _fake({"ref": [99.0, 10.0, 12.0, 11.0], "head": [99.0, 13.0, 14.0, 12.0]})
    frame = _bench.alternate(["book/a.ipynb"], execute, rounds=3)
    assert [side for side, _ in calls] == ["ref", "head", "ref", "head", "head", "ref", "ref", "head"]
    row = frame.iloc[0]
    # the warm-up runs (99 s: compiling) are not timed; medians of the rounds
    assert (row["ref_s"], row["head_s"], row["rounds"]) == (11.0, 13.0, 3)
    assert row["change_pct"] == pytest.approx(round(100 * (13 / 11 - 1), 1))


def test_a_notebook_the_ref_lacks_is_reported_not_timed():
    execute, calls = _fake({"ref": [], "head": []}, missing={"book/new.ipynb"})
    frame = _bench.alternate(["book/new.ipynb"], execute, rounds=2)
    assert calls == [("ref", "book/new.ipynb")]
    assert frame.iloc[0]["note"] == "not in ref" and frame.iloc[0]["rounds"] == 0


@pytest.mark.parametrize("rounds", [0, -1, 1.5, True])
def test_rounds_must_be_a_whole_number_from_one(rounds):
    with pytest.raises((TypeError, ValueError), match="rounds"):
        _bench.alternate(["book/a.ipynb"], lambda side, stem: 1.0, rounds=rounds)


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    (root / "book").mkdir()
    (root / "book" / "a.ipynb").write_text("first\n")
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True)
    (root / "book" / "a.ipynb").write_text("changed, not committed\n")
    (root / "untracked.txt").write_text("x\n")
    return root


def test_the_ref_side_is_the_commits_tree_alone(repo, tmp_path):
    commit = _bench._commit(repo, "HEAD")
    assert len(commit) == 40 and commit == subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    out = _bench._export(repo, commit, tmp_path / "ref")
    assert (out / "book" / "a.ipynb").read_text() == "first\n"
    assert not (out / "untracked.txt").exists()


@pytest.mark.parametrize("ref", ["no-such-branch", "-h", "", "  ", "HEAD~5"])
def test_a_ref_that_names_no_commit_is_refused(repo, ref):
    with pytest.raises(ValueError, match="against must name a commit"):
        _bench._commit(repo, ref)


def test_a_ref_must_be_text(repo):
    with pytest.raises(TypeError, match="against must be a str"):
        _bench._commit(repo, 1234)


def test_command_line_names_the_bad_ref():
    with pytest.raises(SystemExit, match="against must name a commit"):
        main(["bench", "--against", "no-such-ref-anywhere"])
