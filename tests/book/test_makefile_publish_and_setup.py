"""`make publish` and the set-up targets, run against throwaway repositories (nothing reaches the
network, nothing is installed).

`make publish` puts a built site on the ``gh-pages`` branch of ``PUBLISH_REMOTE`` with ghp-import
and refuses to start without a remote; `make chromium` and `make ns2` wait for the dpkg lock
instead of failing when another package manager holds it (issue #36).
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = ROOT / "Makefile"
BIN = Path(sys.executable).parent  # the environment's ghp-import


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def _make(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    env.pop("MAKEFLAGS", None)
    return subprocess.run(["make", "--no-print-directory", "-f", str(MAKEFILE), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_publish_puts_the_site_on_the_remotes_gh_pages_branch(tmp_path):
    remote = tmp_path / "remote.git"
    _git("init", "--bare", "-q", str(remote), cwd=tmp_path)
    work = tmp_path / "work"  # ghp-import writes the gh-pages branch of the repository it runs in
    work.mkdir()
    _git("init", "-q", cwd=work)
    site = tmp_path / "html"
    (site / "book").mkdir(parents=True)
    (site / "index.html").write_text('<meta http-equiv="Refresh" content="0; url=book/intro.html" />\n')
    (site / "book" / "intro.html").write_text("<p>first</p>\n")

    # -o book: the site is given (SITE), not built from the repository's chapters
    done = _make("-o", "book", "publish", f"PUBLISH_REMOTE={remote}", f"SITE={site}", f"BIN={BIN}", cwd=work)
    assert done.returncode == 0, done.stdout + done.stderr
    files = set(_git("ls-tree", "-r", "--name-only", "gh-pages", cwd=remote).split())
    assert files == {"index.html", ".nojekyll", "book/intro.html"}
    assert _git("show", "gh-pages:book/intro.html", cwd=remote) == "<p>first</p>\n"

    # publishing again replaces the site: a page removed from the build is removed from gh-pages
    (site / "book" / "intro.html").unlink()
    done = _make("-o", "book", "publish", f"PUBLISH_REMOTE={remote}", f"SITE={site}", f"BIN={BIN}", cwd=work)
    assert done.returncode == 0, done.stdout + done.stderr
    assert set(_git("ls-tree", "-r", "--name-only", "gh-pages", cwd=remote).split()) == {"index.html", ".nojekyll"}
    assert len(_git("rev-list", "gh-pages", cwd=remote).split()) == 2


def test_publish_without_a_remote_is_refused_before_building(tmp_path):
    done = _make("publish", f"BIN={tmp_path / 'no-such-bin'}", cwd=tmp_path)
    assert done.returncode != 0
    assert "no remote to publish to: make publish PUBLISH_REMOTE=origin" in done.stderr
    assert not (tmp_path / "_build").exists() and "mmperf.book build" not in done.stdout


def test_publish_without_a_built_site_is_refused(tmp_path):
    _git("init", "-q", cwd=tmp_path)
    done = _make("-o", "book", "publish", "PUBLISH_REMOTE=origin", f"SITE={tmp_path / 'none'}", f"BIN={BIN}",
                 cwd=tmp_path)
    assert done.returncode != 0 and "no built site in" in done.stderr
    assert "gh-pages" not in _git("branch", "--list", cwd=tmp_path)


def test_make_book_passes_the_repository_url():
    done = _make("-n", "book", "REPO_URL=https://github.com/example-org/mmperf", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "-m mmperf.book build" in done.stdout and "--repository-url 'https://github.com/example-org/mmperf'" in done.stdout
    done = _make("-n", "book", cwd=ROOT)
    assert "--repository-url" not in done.stdout


def test_apt_get_waits_for_the_dpkg_lock_and_says_so(tmp_path):
    # -n prints the recipes without running them; a missing program makes both targets install it
    for target, missing in (("chromium", f"CHROMIUM={tmp_path / 'no-chromium'}"), ("ns2", "")):
        done = _make("-n", target, *([missing] if missing else []), "APT_LOCK_WAIT=600", cwd=ROOT)
        assert done.returncode == 0, done.stderr
        calls = [line for line in done.stdout.replace(";", "\n").replace("&&", "\n").splitlines() if "apt-get" in line
                 and "echo" not in line]
        assert len(calls) == 2, calls  # update, install
        assert all("apt-get -o DPkg::Lock::Timeout=600 " in c for c in calls), calls
        assert "apt-get waits up to 600 s for the dpkg lock" in done.stdout
