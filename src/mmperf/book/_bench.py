"""``python -m mmperf.book bench``: chapter and build timings, peak memory (private).

Each chapter is executed ``--repeat`` times from scratch (a fresh kernel, no
cache) in a child process; the whole build (execute every chapter, write the
scorecard, build the site) is timed on a copy of the repository. Peak memory
is the largest resident set of any process of the job, read from ``wait4``.
Extra benchmarks come from the modules of :mod:`mmperf.benchmarks`.
Everything is written to ``_build/bench.csv``.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from mmperf._paths import build_dir, repo_root

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


def _seeds_run(notebook: Path) -> int:
    """How many root seeds the chapter judged its claims under (1 for a chapter not yet on the contract)."""
    from mmperf.claims import collect

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
    from mmperf.book._execute import book_notebooks

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
                cmd = [sys.executable, "-m", "mmperf.book", "_run", str(nb), str(out)]
                samples.append(_run_measured(cmd, cwd=copy, env=env))
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
    import mmperf.benchmarks as extra

    for mod in pkgutil.iter_modules(extra.__path__):
        if mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"mmperf.benchmarks.{mod.name}")
        for row in module.run():
            rows.append({c: row.get(c, "" if c in ("metric", "note", "kind") else float("nan")) for c in COLUMNS} | {"kind": row.get("kind", "extra")})
            print(f"{row['target']}: {row.get('metric', '')} {row.get('value', '')}", flush=True)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame["seeds"] = frame["seeds"].astype("Int64")  # a count: 10, not 10.0 (blank for non-chapter rows)
    out = build_dir() / "bench.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    tmpfile = out.with_suffix(".csv.tmp")
    frame.to_csv(tmpfile, index=False)
    tmpfile.replace(out)
    print(f"wrote {out}")
    return frame


def _cmd_bench(args) -> int:
    run_bench(repeat=args.repeat, build_repeat=args.build_repeat, skip_build=args.skip_build, only=args.only,
              skip_audit=args.skip_audit)
    return 0


def _cmd_run(args) -> int:
    from mmperf.book._execute import execute_notebook

    execute_notebook(args.notebook, force=True, out=args.out)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="time chapters and the whole build; write _build/bench.csv")
    p.add_argument("--repeat", type=int, default=3, help="executions per chapter (default 3)")
    p.add_argument("--build-repeat", type=int, default=1, help="whole-build repetitions (default 1)")
    p.add_argument("--skip-build", action="store_true", help="do not time the whole build")
    p.add_argument("--only", nargs="*", help="notebook stems to time")
    p.add_argument("--skip-audit", action="store_true", help="do not time the whole verdict audit (about 20 min)")
    p.set_defaults(func=_cmd_bench)
    p = sub.add_parser("_run", help="internal: execute one notebook into OUT, uncached (used by bench)")
    p.add_argument("notebook")
    p.add_argument("out")
    p.set_defaults(func=_cmd_run)


