"""Where the repository's data lives (private helper)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def repo_root() -> Path:
    """The repository root: ``$MMPERF_ROOT`` if set, else two levels above the package."""
    env = os.environ.get("MMPERF_ROOT")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """The ``data/`` folder of the repository."""
    path = repo_root() / "data"
    if not path.is_dir():
        raise FileNotFoundError(
            f"data folder {path} not found: install mmperf editable from the repository "
            "(pip install -e .) or set MMPERF_ROOT to the repository root"
        )
    return path


def build_dir() -> Path:
    """The ``_build/`` folder of the repository (created on demand by writers)."""
    return repo_root() / "_build"


def book_root() -> Path:
    """The root of the book being built: ``$MMPERF_BOOK_ROOT`` if set, else the repository.

    A build with another root seed stages the book's sources under
    ``_build/seed-N/`` and executes them there; its kernels see that folder
    here, so a page that collects the chapters (the scorecard) reads the
    chapters of the same build.
    """
    env = os.environ.get("MMPERF_BOOK_ROOT")
    return Path(env).resolve() if env else repo_root()


def git_commit(root: Path | None = None) -> str:
    """The commit the repository's work tree is at, with ``+dirty`` when ``src/`` has uncommitted
    changes (a record of which code produced committed data); ``"unknown"`` outside git."""
    root = root or repo_root()
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no", "src"],
                               capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
