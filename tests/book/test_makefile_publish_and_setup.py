"""`make chromium` and `make ns2` wait for the dpkg lock instead of failing when another package
manager holds it (issue #36); checked with `make -n`, so nothing is installed."""

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
