"""``python -m mmperf.book bench``: chapter and build timings, peak memory (private).

Each chapter is executed ``--repeat`` times from scratch (a fresh kernel, no
cache) in a child process; the whole build (execute every chapter, write the
scorecard, build the site) is timed on a copy of the repository. Peak memory
is the largest resident set of any process of the job, read from ``wait4``.
Extra benchmarks come from the modules of :mod:`mmperf.benchmarks`.
Everything is written to ``_build/bench.csv``.

``--against REF`` instead times each chapter at commit ``REF`` and in this working tree, alternately on
this machine (:func:`run_against`), into ``_build/bench-against.csv``: a machine's speed drifts by a few per
cent from one day to the next, so a chapter is only "slower than" another commit when both are timed
side by side.
"""

from __future__ import annotations

import importlib
import io
import os
import pkgutil
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import pandas as pd

import mmperf.benchmarks as extra
from mmperf import _validate
from mmperf._paths import build_dir, repo_root
from mmperf.book._execute import book_notebooks, execute_notebook
from mmperf.claims import collect

COLUMNS = ["target", "kind", "repeats", "seeds", "median_s", "min_s", "max_s", "peak_rss_mb", "metric", "value", "note"]
"""Columns of ``_build/bench.csv``."""


def _run_measured(cmd: list[str], *, cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """Run a command; return (wall seconds, peak RSS in MB of it and its descendants).

    The command's stderr goes to a temporary file (a pipe read only at the end could
    fill up and stall a chatty kernel); its tail is shown if the command fails.
    """
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            tail = err.read().decode(errors="replace")[-3000:]
            raise RuntimeError(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{tail}")
    return seconds, usage.ru_maxrss / 1024.0


def _run_notebook(copy: Path, notebook: Path, out: Path, env: dict) -> tuple[float, float]:
    """Execute ``notebook`` of the repository copy ``copy`` into ``out`` with that copy's ``_run``, measured."""
    cmd = [sys.executable, "-m", "mmperf.book", "_run", str(notebook), str(out)]
    return _run_measured(cmd, cwd=copy, env=env)


def _write_csv(frame: pd.DataFrame, name: str) -> Path:
    """Write ``frame`` to ``_build/name`` through a temporary file (never half a file)."""
    out = build_dir() / name
    out.parent.mkdir(parents=True, exist_ok=True)
    tmpfile = out.with_suffix(".csv.tmp")
    frame.to_csv(tmpfile, index=False)
    tmpfile.replace(out)
    print(f"wrote {out}")
    return out


def _seeds_run(notebook: Path) -> int:
    """How many root seeds the chapter judged its claims under (1 for a chapter not yet on the contract)."""
    claims = collect([notebook])
    return int(claims["seeds"].max()) if len(claims) else 1


def _summary(target: str, kind: str, samples: list[tuple[float, float]], note: str = "") -> dict:
    times = [s for s, _ in samples]
    return {
        "target": target,
        "kind": kind,
        "repeats": len(samples),
        "median_s": round(statistics.median(times), 3),
        "min_s": round(min(times), 3),
        "max_s": round(max(times), 3),
        "peak_rss_mb": round(max(m for _, m in samples), 1),
        "metric": "",
        "value": float("nan"),
        "note": note,
    }


def _copy_repo(root: Path, dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".venv", "_build", ".git", "__pycache__", ".pytest_cache", ".hypothesis", "*.egg-info")
    shutil.copytree(root, dest, ignore=ignore)
    return dest


def run_bench(*, repeat: int = 3, build_repeat: int = 1, skip_build: bool = False, only: list[str] | None = None,
              skip_audit: bool = False) -> pd.DataFrame:
    """Time every chapter, the whole build and the extra benchmarks.

    Parameters
    ----------
    repeat : int, default 3
        Executions per chapter (the median is reported).
    build_repeat : int, default 1
        Whole-build repetitions.
    skip_build : bool, default False
        Leave out the whole-build timing.
    only : list of str, optional
        Notebook stems to time (default: all).
    skip_audit : bool, default False
        Leave out the timing of the whole verdict audit (``make audit --fresh`` on 2 workers).

    Returns
    -------
    pandas.DataFrame
        The rows written to ``_build/bench.csv`` (:data:`COLUMNS`).

    Raises
    ------
    ValueError
        If ``repeat`` or ``build_repeat`` is below 1.
    """
    if repeat < 1 or build_repeat < 1:
        raise ValueError(f"repeat and build_repeat must be >= 1, got {repeat} and {build_repeat}")
    root = repo_root()
    rows = []
    with tempfile.TemporaryDirectory(prefix="mmperf-bench-") as tmp:
        tmp = Path(tmp)
        copy = _copy_repo(root, tmp / "repo")
        env = {**os.environ, "MMPERF_ROOT": str(copy)}
        for nb in book_notebooks(copy):
            if only and nb.stem not in only:
                continue
            samples = []
            for i in range(repeat):
                out = tmp / f"{nb.stem}-{i}.ipynb"
                samples.append(_run_notebook(copy, nb, out, env))
            rel = str(nb.relative_to(copy))
            rows.append(_summary(rel, "chapter", samples, "fresh kernel, execution only") | {"seeds": _seeds_run(out)})
            print(f"{rel}: median {rows[-1]['median_s']} s, peak {rows[-1]['peak_rss_mb']} MB", flush=True)
        if not skip_build:
            samples = []
            for _ in range(build_repeat):
                shutil.rmtree(copy / "_build", ignore_errors=True)
                cmd = [sys.executable, "-m", "mmperf.book", "build", "--force"]
                samples.append(_run_measured(cmd, cwd=copy, env=env))
            rows.append(_summary("make book (all chapters forced, site build)", "build", samples, "environment already set up"))
            print(f"whole build: median {rows[-1]['median_s']} s, peak {rows[-1]['peak_rss_mb']} MB", flush=True)
            samples = []
            for _ in range(build_repeat):
                cmd = [sys.executable, "-m", "mmperf.book", "build"]
                samples.append(_run_measured(cmd, cwd=copy, env=env))
            rows.append(_summary("make book (cached executions)", "build", samples, "inputs unchanged since the forced build"))
            print(f"cached build: median {rows[-1]['median_s']} s", flush=True)
        if not skip_audit:
            cmd = [sys.executable, "-m", "mmperf.book", "audit", "--fresh", "--workers", "2"]
            rows.append(_summary("make audit (every chapter, fresh, 2 workers)", "audit", [_run_measured(cmd, cwd=copy, env=env)],
                                 "every reading and ablation x 5 seeds on a Dask LocalCluster"))
            print(f"whole audit: {rows[-1]['median_s']} s, peak {rows[-1]['peak_rss_mb']} MB", flush=True)

    for mod in pkgutil.iter_modules(extra.__path__):
        if mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"mmperf.benchmarks.{mod.name}")
        for row in module.run():
            rows.append({c: row.get(c, "" if c in ("metric", "note", "kind") else float("nan")) for c in COLUMNS} | {"kind": row.get("kind", "extra")})
            print(f"{row['target']}: {row.get('metric', '')} {row.get('value', '')}", flush=True)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame["seeds"] = frame["seeds"].astype("Int64")  # a count: 10, not 10.0 (blank for non-chapter rows)
    _write_csv(frame, "bench.csv")
    return frame


AGAINST_COLUMNS = ["target", "ref", "rounds", "ref_s", "head_s", "change_pct", "note"]
"""Columns of ``_build/bench-against.csv``."""


def _commit(root: Path, ref) -> str:
    """The full hash of commit ``ref`` of the repository at ``root``."""
    option_or_blank = _validate.text(ref, "against").startswith("-") or not ref.strip()
    found = None if option_or_blank else subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], capture_output=True, text=True)
    if found is None or found.returncode or not found.stdout.strip():
        raise ValueError(f"against must name a commit of this repository (a hash, tag or branch), got {ref!r}")
    return found.stdout.strip()


def _export(root: Path, commit: str, dest: Path) -> Path:
    """Write the tree of ``commit`` (its committed files only, as ``git archive`` gives them) to ``dest``."""
    tar = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", commit], capture_output=True, check=True)
    dest.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as archive:
        archive.extractall(dest, filter="data")
    return dest


def alternate(stems: list[str], execute, *, rounds: int) -> pd.DataFrame:
    """Time each notebook on the two sides in turn, after one untimed warm-up run of each.

    Parameters
    ----------
    stems : list of str
        Notebook paths relative to the book's root (``book/taylor1993.ipynb``).
    execute : callable
        ``execute(side, stem) -> seconds``, ``side`` being ``"ref"`` or ``"head"``; returns None when
        the notebook does not exist on that side.
    rounds : int
        Timed executions per side; the side that goes first alternates from one round to the next, so
        a drift of the machine's speed during a notebook's rounds falls on both.

    Returns
    -------
    pandas.DataFrame
        One row per notebook: ``target``, ``rounds``, ``ref_s`` and ``head_s`` (medians [s]),
        ``change_pct`` (head over ref, minus 1 [%]) and ``note``.
    """
    rounds = _validate.whole(rounds, "rounds", minimum=1)
    rows = []
    for stem in stems:
        if execute("ref", stem) is None:  # the warm-up runs write numba's caches on both sides
            rows.append({"target": stem, "rounds": 0, "note": "not in ref"})
            continue
        execute("head", stem)
        samples = {"ref": [], "head": []}
        for i in range(rounds):
            for side in (("ref", "head") if i % 2 == 0 else ("head", "ref")):
                samples[side].append(execute(side, stem))
        ref_s, head_s = (round(statistics.median(samples[s]), 3) for s in ("ref", "head"))
        rows.append({"target": stem, "rounds": rounds, "ref_s": ref_s, "head_s": head_s,
                     "change_pct": round(100 * (head_s / ref_s - 1), 1), "note": "warm caches, fresh kernel"})
        print(f"{stem}: ref {ref_s} s, head {head_s} s ({rows[-1]['change_pct']:+} %)", flush=True)
    return pd.DataFrame(rows, columns=[c for c in AGAINST_COLUMNS if c != "ref"])


def run_against(ref: str, *, rounds: int = 2, only: list[str] | None = None) -> pd.DataFrame:
    """Time every chapter at commit ``ref`` and in this working tree, alternately, on this machine.

    Both sides run on copies (``ref``'s committed tree, and this working tree), with this
    environment's packages, each notebook through its own side's ``python -m mmperf.book _run``;
    each side's kernels are compiled by a warm-up run first, so the rounds time execution alone.

    Parameters
    ----------
    ref : str
        A commit of this repository (hash, tag or branch).
    rounds : int, default 2
        Timed executions per side and notebook (medians reported).
    only : list of str, optional
        Notebook stems to time (default: every notebook of this tree's book).

    Returns
    -------
    pandas.DataFrame
        The rows written to ``_build/bench-against.csv`` (:data:`AGAINST_COLUMNS`).

    Raises
    ------
    ValueError
        If ``ref`` names no commit, ``rounds`` is below 1 or ``only`` names no notebook of the book.
    """
    root = repo_root()
    commit = _commit(root, ref)
    rounds = _validate.whole(rounds, "rounds", minimum=1)
    with tempfile.TemporaryDirectory(prefix="mmperf-bench-against-") as tmp:
        tmp = Path(tmp)
        sides = {"ref": _export(root, commit, tmp / "ref"), "head": _copy_repo(root, tmp / "head")}
        stems = [str(nb.relative_to(sides["head"])) for nb in book_notebooks(sides["head"])
                 if not only or nb.stem in only]
        if not stems:
            raise ValueError(f"only must name notebooks of the book (stems such as 'taylor1993'), got {only!r}")

        def execute(side: str, stem: str):
            copy = sides[side]
            if not (copy / stem).is_file():
                return None
            env = {**os.environ, "MMPERF_ROOT": str(copy), "PYTHONPATH": str(copy / "src")}
            return _run_notebook(copy, copy / stem, tmp / f"{side}.ipynb", env)[0]

        frame = alternate(stems, execute, rounds=rounds)
    frame.insert(1, "ref", commit[:12])
    _write_csv(frame, "bench-against.csv")
    return frame


def _cmd_bench(args) -> int:
    if args.against is not None:
        try:
            run_against(args.against, rounds=args.rounds, only=args.only)
        except (TypeError, ValueError) as err:
            raise SystemExit(f"error: {err}") from err
        return 0
    run_bench(repeat=args.repeat, build_repeat=args.build_repeat, skip_build=args.skip_build, only=args.only,
              skip_audit=args.skip_audit)
    return 0


def _cmd_run(args) -> int:
    execute_notebook(args.notebook, force=True, out=args.out)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="time chapters and the whole build; write _build/bench.csv")
    p.add_argument("--repeat", type=int, default=3, help="executions per chapter (default 3)")
    p.add_argument("--build-repeat", type=int, default=1, help="whole-build repetitions (default 1)")
    p.add_argument("--skip-build", action="store_true", help="do not time the whole build")
    p.add_argument("--only", nargs="*", help="notebook stems to time")
    p.add_argument("--skip-audit", action="store_true", help="do not time the whole verdict audit (about 20 min)")
    p.add_argument("--against", metavar="REF", help="time each chapter at commit REF and in this tree, alternately "
                   "(warm caches); write _build/bench-against.csv instead")
    p.add_argument("--rounds", type=int, default=2, help="with --against: timed runs per side (default 2)")
    p.set_defaults(func=_cmd_bench)
    p = sub.add_parser("_run", help="internal: execute one notebook into OUT, uncached (used by bench)")
    p.add_argument("notebook")
    p.add_argument("out")
    p.set_defaults(func=_cmd_run)


