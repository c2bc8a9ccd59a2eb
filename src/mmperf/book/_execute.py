"""Executing chapter notebooks in place, with an input-hash cache (private)."""

from __future__ import annotations

import ast
import compileall
import contextlib
import fnmatch
import hashlib
import json
import os
import multiprocessing
from multiprocessing.connection import wait
import shutil
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import nbformat
import psutil
import yaml

import mmperf
from mmperf import PAPERS
from mmperf import claims as _claims
from mmperf import seeds as _seeds
from mmperf._imports import imported_names, module_files
from mmperf._paths import book_root, build_dir, repo_root

KERNEL = "python3"
TIMEOUT_S = 900

KERNEL_STARTUP = (
    # altair imports jsonschema, whose optional "iri" format checker imports rfc3987_syntax, which builds
    # an Earley parser of RFC 3987 at import: 2.2 s of every chapter's kernel. The Vega-Lite schema has no
    # "iri" or "iri-reference" format (only "uri", "uri-reference", "color-hex", checked without it), so
    # leaving it out changes no validation and no output.
    "import sys; sys.modules.setdefault('rfc3987_syntax', None)",
)
"""Lines every chapter's kernel runs before the first cell (IPython's ``exec_lines``: no output, no
execution count); they may only save time, never change an output."""


@dataclass(frozen=True)
class ExecutionResult:
    """What happened to one notebook.

    Attributes
    ----------
    notebook : str
        Path relative to the repository root.
    action : {'executed', 'cached'}
    seconds : float
        Wall time of the execution (0 when cached).
    """

    notebook: str
    action: str
    seconds: float


def resolve_seed(seed=None) -> int:
    """The root seed of an execution: ``seed``, else ``$MMPERF_SEED``, else the book's default.

    Raises
    ------
    TypeError, ValueError
        If the seed (or ``$MMPERF_SEED``) is not a whole number in ``0 .. 2**63 - 1``.
    """
    if seed is not None:
        return _seeds.check_seed(seed)
    return _seeds.root_from_env()


def staging_root(seed: int) -> Path:
    """Where a build with a non-default root seed puts its copy of the book: ``_build/seed-N``."""
    return build_dir() / f"seed-{_seeds.check_seed(seed)}"


def _same_code(a: Path, b: Path) -> bool:
    code = lambda p: [c.source for c in nbformat.read(p, as_version=4).cells]
    return code(a) == code(b)


def stage_book(seed: int, *, root: Path | None = None) -> Path:
    """Copy the book's sources into :func:`staging_root` for a build with another seed.

    The committed chapters are never touched: the copy is executed and built
    instead. A staged notebook whose code is unchanged keeps its outputs, so
    its input-hash cache (which covers the seed) still works.

    Returns
    -------
    pathlib.Path
        The staging root (with ``_config.yml``, ``_toc.yml`` and ``book/``).
    """
    root = root or repo_root()
    stage = staging_root(seed)
    stage.mkdir(parents=True, exist_ok=True)
    for name in ("_config.yml", "_toc.yml"):
        shutil.copy2(root / name, stage / name)
    for src in sorted((root / "book").rglob("*")):
        if not src.is_file() or ".ipynb_checkpoints" in src.parts:
            continue
        dst = stage / src.relative_to(root)
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix == ".ipynb" and dst.is_file() and _same_code(src, dst):
            continue
        shutil.copy2(src, dst)
    return stage


def _toc_files(node) -> list[str]:
    files = []
    if isinstance(node, dict):
        if "file" in node:
            files.append(node["file"])
        if "root" in node:
            files.append(node["root"])
        for key in ("parts", "chapters", "sections"):
            for child in node.get(key, []) or []:
                files.extend(_toc_files(child))
    return files


class BookLayoutError(ValueError):
    """``_toc.yml`` and ``book/`` disagree (a listed page is missing, or a notebook is neither
    listed nor excluded)."""


def _excluded(root: Path, rel: str) -> bool:
    """Whether ``_config.yml``'s ``exclude_patterns`` leave out a path (a deliberate draft)."""
    config = root / "_config.yml"
    patterns = (yaml.safe_load(config.read_text(encoding="utf-8")) or {}).get("exclude_patterns", []) if config.is_file() else []
    return any(fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(rel, pat.rstrip("/") + "/*") for pat in patterns)


def book_notebooks(root: Path | None = None) -> list[Path]:
    """The notebooks of the book: those ``_toc.yml`` lists, in its order.

    The table of contents is checked against ``book/``: every page it lists
    must exist (as ``.ipynb`` or ``.md``), and every notebook under ``book/``
    must be listed or left out on purpose by ``exclude_patterns`` in
    ``_config.yml``, so a typo cannot drop a chapter silently.

    Raises
    ------
    FileNotFoundError
        If ``_toc.yml`` is missing.
    BookLayoutError
        If a listed page does not exist or a notebook is neither listed nor excluded
        (the message names the file and ``_toc.yml``).
    """
    root = root or book_root()
    toc_path = root / "_toc.yml"
    if not toc_path.is_file():
        raise FileNotFoundError(f"table of contents {toc_path} is missing")
    try:
        toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        raise BookLayoutError(f"{toc_path} is not valid YAML: {err}") from None
    paths, missing = [], []
    for name in _toc_files(toc):
        stem = name[: -len(".ipynb")] if name.endswith(".ipynb") else name[: -len(".md")] if name.endswith(".md") else name
        if (root / f"{stem}.ipynb").is_file():
            paths.append(root / f"{stem}.ipynb")
        elif not (root / f"{stem}.md").is_file():
            missing.append(name)
    if missing:
        raise BookLayoutError(f"{toc_path} lists pages that do not exist: {missing} (as .ipynb or .md under {root})")
    listed = {p.resolve() for p in paths}
    stray = sorted(str(p.relative_to(root)) for p in (root / "book").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts and p.resolve() not in listed
                   and not _excluded(root, str(p.relative_to(root))))
    if stray:
        raise BookLayoutError(f"notebooks under book/ that {toc_path} does not list: {stray}; list them, or leave "
                              "them out on purpose with exclude_patterns in _config.yml")
    return paths


def _parse_cells(nb) -> ast.Module:
    body = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = [ln for ln in cell.source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        try:
            body.extend(ast.parse("\n".join(lines)).body)
        except SyntaxError:
            continue  # the kernel will say what is wrong; the cell still counts through its source
    return ast.Module(body=body, type_ignores=[])


def chapter_modules(nb, *, root: Path | None = None) -> list[Path]:
    """The package files a notebook's code imports, directly or through other modules.

    Every module a chapter imports (and every package ``__init__`` on the way)
    is followed through its own imports, lazy ones inside functions included,
    so a change to a mechanism re-executes exactly the chapters that use it.

    Returns
    -------
    list of pathlib.Path
        Sorted files under ``src/``.
    """
    return module_files(imported_names(_parse_cells(nb), None), root=root)


def _chapter_files(nb, root: Path) -> list[Path]:
    """Everything a notebook's outputs depend on: its modules, the data of the papers they name, the lock."""
    modules = chapter_modules(nb, root=root)
    # the papers a chapter reads tables of: named in its code or in the experiment modules it uses
    text = "".join(c.source for c in nb.cells if c.cell_type == "code")
    # a paper package's own modules (experiments/<paper>/*.py), not the registry, which names every paper
    text += "".join(p.read_text(encoding="utf-8") for p in modules if p.parent.parent.name == "experiments")
    papers = [p for p in PAPERS if p in text]
    files = list(modules)
    for paper in papers:
        files += sorted(p for p in (root / "data" / "papers" / paper).rglob("*") if p.is_file())
    lock = root / "requirements.lock"
    if lock.is_file():
        files.append(lock)
    return files


def _after_chapters(path: Path) -> bool:
    """Whether a notebook runs after the chapters (the scorecard). Read as plain JSON: a page that
    collects the chapters must not warn about (or depend on) how nbformat would normalise them."""
    meta = json.loads(Path(path).read_text(encoding="utf-8")).get("metadata", {})
    return bool(meta.get("mmperf", {}).get("after_chapters", False))


def input_hash(path: str | Path, *, extra: str = "", root: Path | None = None, seed: int | None = None) -> str:
    """SHA-256 of everything a notebook's outputs depend on.

    Parameters
    ----------
    path : path
        The notebook.
    extra : str, optional
        More text to hash (the scorecard hashes the chapters' claims).
    root : path, optional
        Repository root (default: the one the package lives in).
    seed : int, optional
        The root seed the notebook runs with (default: :func:`resolve_seed`).

    Returns
    -------
    str
        Hex digest.
    """
    root = root or repo_root()
    nb = nbformat.read(path, as_version=4)
    h = hashlib.sha256()
    for cell in nb.cells:
        if cell.cell_type == "code":
            h.update(b"\0cell\0" + cell.source.encode())
    for f in _chapter_files(nb, root):
        h.update(b"\0file\0" + str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    h.update(b"\0extra\0" + extra.encode())
    h.update(b"\0seed\0" + str(resolve_seed(seed)).encode())
    return h.hexdigest()


def _clean(nb) -> None:
    """Drop volatile metadata so two executions write identical files."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("execution", None)
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": KERNEL}


@contextlib.contextmanager
def _kernel_env(**values: str):
    """Set environment variables that the kernel started inside inherits; restore them after."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def execute_notebook(
    path: str | Path,
    *,
    force: bool = False,
    extra: str = "",
    out: str | Path | None = None,
    seed: int | None = None,
    root: str | Path | None = None,
) -> ExecutionResult:
    """Execute one notebook in place (or into ``out``) unless its inputs are unchanged.

    Parameters
    ----------
    path : path
        The notebook.
    force : bool, default False
        Execute even if the stored input hash matches.
    extra : str, optional
        Extra input text for the hash (see :func:`input_hash`).
    out : path, optional
        Write the executed notebook here instead of in place.
    seed : int, optional
        Root seed of the kernel (``$MMPERF_SEED`` in it); default :func:`resolve_seed`.
        It is part of the input hash.
    root : path, optional
        Root of the book being built (``$MMPERF_BOOK_ROOT`` in the kernel); default the repository.

    Returns
    -------
    ExecutionResult

    Raises
    ------
    FileNotFoundError
        If the notebook does not exist.
    ValueError
        If a non-default seed would overwrite a committed chapter in place
        (build it with :func:`stage_book` or pass ``out``).
    NotebookExecutionError
        If a cell fails (the message names the notebook and the cell); the notebook file is
        then left untouched.
    RuntimeError
        If the target file changed on disk while the notebook was executing (nothing is written).
    """
    # heavy (2 s to import: jupyter_client, zmq): only when a notebook is executed, not to hash or list them
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    path = Path(path).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"notebook {path} does not exist")
    repo = repo_root()
    rel = str(path.relative_to(repo)) if path.is_relative_to(repo) else str(path)
    seed = resolve_seed(seed)
    committed = repo / "book"
    if seed != _seeds.DEFAULT_ROOT_SEED and out is None and path.is_relative_to(committed):
        raise ValueError(
            f"root seed {seed} would overwrite the committed chapter {rel} (it ran with the default "
            f"{_seeds.DEFAULT_ROOT_SEED}); write it elsewhere with out=..., e.g. under {staging_root(seed)}"
        )
    nb = nbformat.read(path, as_version=4)
    digest = input_hash(path, extra=extra, seed=seed)
    has_outputs = any(c.get("outputs") for c in nb.cells if c.cell_type == "code")
    if not force and out is None and has_outputs and nb.metadata.get("mmperf", {}).get("input_hash") == digest:
        return ExecutionResult(rel, "cached", 0.0)
    start = time.perf_counter()
    book = Path(root).resolve() if root is not None else book_root()
    target = Path(out) if out is not None else path
    before = target.read_bytes() if target.is_file() else None  # to refuse a lost update
    # the kernel inherits these: string hashing fixed, the root seed, the book it belongs to
    with _kernel_env(PYTHONHASHSEED="0", MMPERF_SEED=str(seed), MMPERF_BOOK_ROOT=str(book)):
        client = NotebookClient(
            nb,
            timeout=TIMEOUT_S,
            kernel_name=KERNEL,
            extra_arguments=[f"--IPKernelApp.exec_lines={line}" for line in KERNEL_STARTUP],
            resources={"metadata": {"path": str(path.parent)}},
            record_timing=False,
        )
        try:
            client.execute()
        except CellExecutionError as err:
            raise NotebookExecutionError(f"{rel}: {_failed_cell(nb)} failed: {err}") from err
        except KeyboardInterrupt:
            raise KeyboardInterrupt(f"interrupted while executing {rel}: its kernel was stopped and nothing "
                                    "was written") from None
    seconds = time.perf_counter() - start
    _clean(nb)
    nb.metadata.setdefault("mmperf", {})["input_hash"] = digest
    _write_atomically(nb, target, before, rel)
    return ExecutionResult(rel, "executed", seconds)


class NotebookExecutionError(RuntimeError):
    """A cell of a notebook failed; the message names the notebook and the cell."""


def _failed_cell(nb) -> str:
    code = [c for c in nb.cells if c.cell_type == "code"]
    for i, cell in enumerate(code, start=1):
        if any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            return f"code cell {i} (id {cell.get('id', '?')})"
    return "a cell"


def _write_atomically(nb, target: Path, before: bytes | None, rel: str) -> None:
    """Write through a temporary file and a rename, never over a file changed since execution began."""
    now = target.read_bytes() if target.is_file() else None
    if now != before:
        raise RuntimeError(f"{target} changed on disk while {rel} was executing; its execution is not written "
                           "(nothing was overwritten): execute it again")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    try:
        nbformat.write(nb, tmp)
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def _execute_one(args) -> ExecutionResult:
    path, force, extra, seed, root = args
    return execute_notebook(path, force=force, extra=extra, seed=seed, root=root)


def collect_book_claims(notebooks: Iterable[Path] | None = None, *, root: Path | None = None):
    """Claims embedded in the book's chapter notebooks (see :func:`mmperf.claims.collect`).

    ``root`` is the book's root (default :func:`mmperf._paths.book_root`: the
    repository, or the staged copy a build with another seed executes).
    """
    if notebooks is None:
        notebooks = [p for p in book_notebooks(root) if not _after_chapters(p)]
    return _claims.collect(notebooks)


def write_claims_csv(path: str | Path | None = None, *, root: Path | None = None) -> Path:
    """Write the book's scorecard to ``<root>/_build/claims.csv`` (or ``path``)."""
    frame = collect_book_claims(root=root)
    target = path or Path(root or book_root()) / "_build" / "claims.csv"
    return _claims.write_csv(frame, target)


def _compile_package() -> None:
    """Write the bytecode of the ``mmperf`` package the kernels import (only files whose source is newer).

    Every chapter's kernel and each of its worker processes imports about 1 MB of the package's
    source; without ``.pyc`` files (with ``PYTHONDONTWRITEBYTECODE`` set Python never writes them)
    each process compiles it again. Output-neutral: bytecode changes no result.
    """
    compileall.compile_dir(Path(mmperf.__file__).parent, quiet=2, workers=1)


def execute_notebooks(
    notebooks: Sequence[str | Path] | None = None,
    *,
    force: bool = False,
    jobs: int = 2,
    seed: int | None = None,
    root: str | Path | None = None,
) -> list[ExecutionResult]:
    """Execute the book's notebooks whose inputs changed, chapters first.

    Parameters
    ----------
    notebooks : sequence of path, optional
        Which notebooks (default: all of ``book/``).
    force : bool, default False
        Execute every one regardless of the cache.
    jobs : int, default 2
        Chapters executed at once (each in its own kernel).
    seed : int, optional
        Root seed (default :func:`resolve_seed`).
    root : path, optional
        Root of the book (default the repository; a staged copy for another seed).

    Returns
    -------
    list of ExecutionResult

    Raises
    ------
    ValueError
        If ``jobs`` is not a positive integer.
    """
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive integer, got {jobs!r}")
    seed = resolve_seed(seed)
    root = Path(root).resolve() if root is not None else book_root()
    paths = [Path(p).resolve() for p in (notebooks if notebooks else book_notebooks(root))]
    for p in paths:
        if not p.is_file():
            raise FileNotFoundError(f"notebook {p} does not exist")
    _compile_package()
    first = [p for p in paths if not _after_chapters(p)]
    later = [p for p in paths if p not in first]
    results: list[ExecutionResult] = []
    with _terminate_raises():
        if jobs > 1 and len(first) > 1:
            results.extend(_execute_in_pool([(p, force, "", seed, root) for p in first], min(jobs, len(first))))
        else:
            results.extend(execute_notebook(p, force=force, seed=seed, root=root) for p in first)
        if later:
            claims_json = collect_book_claims(root=root).to_json(orient="records")
            results.extend(execute_notebook(p, force=force, extra=claims_json, seed=seed, root=root) for p in later)
    return results


def _raise_interrupt(signum, _frame):
    raise KeyboardInterrupt(f"terminated by signal {signum}")


@contextlib.contextmanager
def _terminate_raises():
    """Within the block, SIGTERM interrupts like Ctrl-C, so every kernel and worker is cleaned up
    and no notebook is written after the cancel."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _end_worker(signum, _frame):
    """A pool worker told to stop (SIGTERM from ``Pool.terminate``) kills its kernel and exits at once:
    nothing is written, and nothing is left behind."""
    try:
        for child in psutil.Process().children(recursive=True):
            try:
                child.kill()
            except psutil.Error:
                pass
    finally:
        os._exit(128 + signum)


def _worker_main(task, conn) -> None:
    signal.signal(signal.SIGTERM, _end_worker)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which stops every worker
    try:
        conn.send(("ok", _execute_one(task)))
    except BaseException as err:  # sent back whole, so the parent raises it with the notebook named
        conn.send(("error", err))
    finally:
        conn.close()


def _stop(processes) -> None:
    for p in processes:
        p.terminate()  # SIGTERM: the worker kills its kernel and exits without writing
    for p in processes:
        p.join(10)
        if p.is_alive():
            p.kill()
            p.join()


def _execute_in_pool(tasks: list, workers: int) -> list[ExecutionResult]:
    """Run :func:`_execute_one` over ``tasks``, at most ``workers`` processes at a time.

    On an interrupt (Ctrl-C, or SIGTERM under :func:`_terminate_raises`) or a failure, every
    running worker is stopped, with its kernel, before the exception propagates.
    """
    ctx = multiprocessing.get_context("fork")
    results: list = [None] * len(tasks)
    queue, running = list(enumerate(tasks)), {}
    try:
        while queue or running:
            while queue and len(running) < workers:
                i, task = queue.pop(0)
                recv, send = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_worker_main, args=(task, send), daemon=True)
                proc.start()
                send.close()
                running[recv] = (i, proc)
            for conn in wait(list(running), timeout=0.5):  # a short wait: signals are handled between waits
                i, proc = running.pop(conn)
                try:
                    kind, value = conn.recv()
                except EOFError:
                    kind, value = "error", RuntimeError(f"the worker executing {tasks[i][0]} died (exit code {proc.exitcode})")
                proc.join()
                if kind == "error":
                    raise value
                results[i] = value
        return results
    except KeyboardInterrupt:
        names = [str(tasks[i][0]) for i, _ in running.values()]
        _stop([proc for _, proc in running.values()])
        raise KeyboardInterrupt(f"interrupted while executing {names}: every worker and kernel was stopped and "
                                "none of them was written") from None
    except BaseException:
        _stop([proc for _, proc in running.values()])
        raise
