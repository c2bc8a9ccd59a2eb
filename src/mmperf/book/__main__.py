"""Command line of the book tooling: ``python -m mmperf.book --help``."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from mmperf import seeds
from mmperf._paths import book_root, repo_root
from mmperf.papers import PaperTableError
from mmperf.book import _audit, _bench, _site
from mmperf.book._pdf import build_pdf
from mmperf.book._execute import (
    BookLayoutError,
    NotebookExecutionError,
    execute_notebook,
    execute_notebooks,
    resolve_seed,
    stage_book,
    write_claims_csv,
)


def _seed_arg(text: str) -> int:
    try:
        return seeds.parse_seed(text, name="--seed")
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _book_root(seed: int) -> Path:
    """The book for the default seed (``$MMPERF_BOOK_ROOT`` or the repository); a staged copy under
    ``_build/seed-N`` otherwise."""
    if seed == seeds.DEFAULT_ROOT_SEED:
        return book_root()
    stage = stage_book(seed)
    print(f"root seed {seed}: the book is staged and built in {stage} (the committed chapters are untouched)")
    return stage


def _url_arg(text: str) -> str:
    try:
        return _site.check_repository_url(text, name="--repository-url")
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _cmd_execute(args, root: Path | None = None) -> int:
    start = time.perf_counter()
    seed = resolve_seed(args.seed)
    if args.out is not None:
        if len(args.notebooks) != 1:
            raise SystemExit("error: --out takes exactly one notebook")
        r = execute_notebook(args.notebooks[0], force=True, out=args.out, seed=seed)
        print(f"{r.action:>9}  {r.notebook} -> {args.out} in {r.seconds:.1f} s (root seed {seed})")
        return 0
    root = root or _book_root(seed)
    notebooks = None
    if args.notebooks:
        repo, notebooks = repo_root(), []
        for nb in args.notebooks:  # a committed chapter named for a staged build is run as the staged copy
            path = Path(nb).resolve()
            notebooks.append(root / path.relative_to(repo) if root != repo and path.is_relative_to(repo) else path)
    results = execute_notebooks(notebooks, force=args.force, jobs=args.jobs, seed=seed, root=root)
    for r in results:
        extra = f" in {r.seconds:.1f} s" if r.action == "executed" else " (inputs unchanged)"
        print(f"{r.action:>9}  {r.notebook}{extra}")
    print(f"executed {sum(r.action == 'executed' for r in results)} of {len(results)} notebooks "
          f"in {time.perf_counter() - start:.1f} s (root seed {seed})")
    return 0


def _cmd_claims(args) -> int:
    path = write_claims_csv(args.out, root=_book_root(resolve_seed(args.seed)))
    print(f"wrote {path}")
    return 0


def _cmd_build(args) -> int:
    seed = resolve_seed(args.seed)
    root = _book_root(seed)
    try:  # before executing anything: a bad URL in $MMPERF_REPOSITORY_URL or _config.yml stops at once
        url = _site.repository_url(args.repository_url, root=root)
    except (TypeError, ValueError) as err:
        raise SystemExit(f"error: {err}") from None
    _cmd_execute(argparse.Namespace(notebooks=[], force=args.force, jobs=args.jobs, seed=seed, out=None), root)
    print(f"wrote {write_claims_csv(root=root)}")
    config = _site.site_config(root, repository_url=url)
    print(f"repository link: {url}" if url else
          f"no repository link (set one with REPO_URL=..., ${_site.REPOSITORY_ENV} or --repository-url)")
    jb = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb), "build", str(root), "--path-output", str(root), "--config", str(config),
           "-W", "-n", "--keep-going"]
    print("$", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=root)
    if done.returncode:
        print("jupyter-book build failed", file=sys.stderr)
        return done.returncode
    print(f"built {root / '_build' / 'html' / 'index.html'} (root seed {seed})")
    return 0


def _cmd_pdf(args) -> int:
    seed = resolve_seed(args.seed)
    root = _book_root(seed)
    _cmd_execute(argparse.Namespace(notebooks=[], force=False, jobs=args.jobs, seed=seed, out=None), root)
    print(f"wrote {build_pdf(root)} (root seed {seed})")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mmperf.book", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("execute", help="execute chapters whose inputs changed (in place)")
    p.add_argument("notebooks", nargs="*", help="notebooks to execute (default: all of book/)")
    p.add_argument("--force", action="store_true", help="execute even if inputs are unchanged")
    p.add_argument("--jobs", type=int, default=2, help="chapters executed at once (default 2)")
    seed_help = (f"root seed (default $MMPERF_SEED, else {seeds.DEFAULT_ROOT_SEED}); another seed than the "
                 "default executes a copy of the book under _build/seed-N and leaves the committed chapters alone")
    p.add_argument("--seed", type=_seed_arg, default=None, help=seed_help)
    p.add_argument("--out", default=None, help="write the one executed notebook here (always executes)")
    p.set_defaults(func=_cmd_execute)

    p = sub.add_parser("claims", help="write the scorecard CSV from the executed chapters")
    p.add_argument("--out", default=None, help="output path (default _build/claims.csv)")
    p.add_argument("--seed", type=_seed_arg, default=None, help=seed_help)
    p.set_defaults(func=_cmd_claims)

    p = sub.add_parser("build", help="execute, write claims.csv, build the HTML site")
    p.add_argument("--force", action="store_true")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=_seed_arg, default=None, help=seed_help)
    p.add_argument("--repository-url", type=_url_arg, default=None,
                   help=f"the book's repository, linked from every page (default ${_site.REPOSITORY_ENV}, "
                        "else repository: url: in _config.yml; empty: no link)")
    p.set_defaults(func=_cmd_build)

    p = sub.add_parser("pdf", help="execute changed chapters, print the whole book to _build/pdf/book.pdf")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=_seed_arg, default=None, help=seed_help)
    p.set_defaults(func=_cmd_pdf)

    _bench.add_parser(sub)
    _audit.add_parser(sub)

    args = parser.parse_args(argv)
    if getattr(args, "jobs", 1) < 1:
        parser.error(f"--jobs must be a positive integer, got {args.jobs}")
    try:
        return args.func(args)
    except KeyboardInterrupt as err:
        print(f"error: {err or 'interrupted'}", file=sys.stderr)
        return 130
    except (BookLayoutError, NotebookExecutionError, PaperTableError, FileNotFoundError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
