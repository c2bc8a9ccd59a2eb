"""Command line of the book tooling: ``python -m mmperf.book --help``."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from mmperf._paths import build_dir, repo_root
from mmperf.book import _bench
from mmperf.book._execute import execute_notebooks, write_claims_csv


def _cmd_execute(args) -> int:
    start = time.perf_counter()
    results = execute_notebooks(args.notebooks or None, force=args.force, jobs=args.jobs)
    for r in results:
        extra = f" in {r.seconds:.1f} s" if r.action == "executed" else " (inputs unchanged)"
        print(f"{r.action:>9}  {r.notebook}{extra}")
    print(f"executed {sum(r.action == 'executed' for r in results)} of {len(results)} notebooks in {time.perf_counter() - start:.1f} s")
    return 0


def _cmd_claims(args) -> int:
    path = write_claims_csv(args.out)
    print(f"wrote {path}")
    return 0


def _cmd_build(args) -> int:
    _cmd_execute(argparse.Namespace(notebooks=None, force=args.force, jobs=args.jobs))
    _cmd_claims(argparse.Namespace(out=None))
    root = repo_root()
    jb = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb), "build", str(root), "--path-output", str(root), "-W", "-n", "--keep-going"]
    print("$", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=root)
    if done.returncode:
        print("jupyter-book build failed", file=sys.stderr)
        return done.returncode
    print(f"built {build_dir() / 'html' / 'index.html'}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mmperf.book", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("execute", help="execute chapters whose inputs changed (in place)")
    p.add_argument("notebooks", nargs="*", help="notebooks to execute (default: all of book/)")
    p.add_argument("--force", action="store_true", help="execute even if inputs are unchanged")
    p.add_argument("--jobs", type=int, default=2, help="chapters executed at once (default 2)")
    p.set_defaults(func=_cmd_execute)

    p = sub.add_parser("claims", help="write the scorecard CSV from the executed chapters")
    p.add_argument("--out", default=None, help="output path (default _build/claims.csv)")
    p.set_defaults(func=_cmd_claims)

    p = sub.add_parser("build", help="execute, write claims.csv, build the HTML site")
    p.add_argument("--force", action="store_true")
    p.add_argument("--jobs", type=int, default=2)
    p.set_defaults(func=_cmd_build)

    _bench.add_parser(sub)

    args = parser.parse_args(argv)
    if getattr(args, "jobs", 1) < 1:
        parser.error(f"--jobs must be a positive integer, got {args.jobs}")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
