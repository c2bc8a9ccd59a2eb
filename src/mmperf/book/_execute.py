"""Executing chapter notebooks in place, with an input-hash cache (private)."""

from __future__ import annotations

import hashlib
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import nbformat

from mmperf import claims as _claims
from mmperf._paths import build_dir, repo_root

KERNEL = "python3"
TIMEOUT_S = 900


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


def book_notebooks(root: Path | None = None) -> list[Path]:
    """The notebooks of the book: those ``_toc.yml`` lists, in its order.

    A notebook in ``book/`` that the table of contents does not list is a draft:
    it is neither executed nor built.
    """
    import yaml

    root = root or repo_root()
    toc_path = root / "_toc.yml"
    if not toc_path.is_file():
        raise FileNotFoundError(f"table of contents {toc_path} is missing")
    toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    paths = []
    for name in _toc_files(toc):
        path = root / (name if name.endswith(".ipynb") else name + ".ipynb")
        if path.is_file():
            paths.append(path)
    return paths


def _package_files(root: Path) -> list[Path]:
    files = sorted((root / "src" / "mmperf").rglob("*.py"))
    files += sorted(p for p in (root / "data").rglob("*") if p.is_file())
    lock = root / "requirements.lock"
    if lock.is_file():
        files.append(lock)
    return files


def _after_chapters(nb) -> bool:
    return bool(nb.metadata.get("mmperf", {}).get("after_chapters", False))


def input_hash(path: str | Path, *, extra: str = "", root: Path | None = None) -> str:
    """SHA-256 of everything a notebook's outputs depend on.

    Parameters
    ----------
    path : path
        The notebook.
    extra : str, optional
        More text to hash (the scorecard hashes the chapters' claims).
    root : path, optional
        Repository root (default: the one the package lives in).

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
    for f in _package_files(root):
        h.update(b"\0file\0" + str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    h.update(b"\0extra\0" + extra.encode())
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


def execute_notebook(path: str | Path, *, force: bool = False, extra: str = "", out: str | Path | None = None) -> ExecutionResult:
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

    Returns
    -------
    ExecutionResult

    Raises
    ------
    FileNotFoundError
        If the notebook does not exist.
    nbclient.exceptions.CellExecutionError
        If a cell fails; the notebook file is then left untouched.
    """
    from nbclient import NotebookClient

    path = Path(path).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"notebook {path} does not exist")
    root = repo_root()
    rel = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    nb = nbformat.read(path, as_version=4)
    digest = input_hash(path, extra=extra)
    has_outputs = any(c.get("outputs") for c in nb.cells if c.cell_type == "code")
    if not force and out is None and has_outputs and nb.metadata.get("mmperf", {}).get("input_hash") == digest:
        return ExecutionResult(rel, "cached", 0.0)
    start = time.perf_counter()
    saved_hashseed = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = "0"  # the kernel inherits it: string hashing fixed
    try:
        client = NotebookClient(
            nb,
            timeout=TIMEOUT_S,
            kernel_name=KERNEL,
            resources={"metadata": {"path": str(path.parent)}},
            record_timing=False,
        )
        client.execute()
    finally:
        if saved_hashseed is None:
            os.environ.pop("PYTHONHASHSEED", None)
        else:
            os.environ["PYTHONHASHSEED"] = saved_hashseed
    seconds = time.perf_counter() - start
    _clean(nb)
    nb.metadata.setdefault("mmperf", {})["input_hash"] = digest
    target = Path(out) if out is not None else path
    tmp = target.with_name(target.name + ".tmp")
    nbformat.write(nb, tmp)
    tmp.replace(target)
    return ExecutionResult(rel, "executed", seconds)


def _execute_one(args) -> ExecutionResult:
    path, force, extra = args
    return execute_notebook(path, force=force, extra=extra)


def collect_book_claims(notebooks: Iterable[Path] | None = None):
    """Claims embedded in the book's chapter notebooks (see :func:`mmperf.claims.collect`)."""
    if notebooks is None:
        notebooks = [p for p in book_notebooks() if not _after_chapters(nbformat.read(p, as_version=4))]
    return _claims.collect(notebooks)


def write_claims_csv(path: str | Path | None = None) -> Path:
    """Write the book's scorecard to ``_build/claims.csv`` (or ``path``)."""
    frame = collect_book_claims()
    return _claims.write_csv(frame, path or build_dir() / "claims.csv")


def execute_notebooks(
    notebooks: Sequence[str | Path] | None = None, *, force: bool = False, jobs: int = 2
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
    paths = [Path(p).resolve() for p in (notebooks if notebooks else book_notebooks())]
    for p in paths:
        if not p.is_file():
            raise FileNotFoundError(f"notebook {p} does not exist")
    first = [p for p in paths if not _after_chapters(nbformat.read(p, as_version=4))]
    later = [p for p in paths if p not in first]
    results: list[ExecutionResult] = []
    if jobs > 1 and len(first) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(first))) as pool:
            results.extend(pool.map(_execute_one, [(p, force, "") for p in first]))
    else:
        results.extend(execute_notebook(p, force=force) for p in first)
    if later:
        claims_json = collect_book_claims().to_json(orient="records")
        results.extend(execute_notebook(p, force=force, extra=claims_json) for p in later)
    return results
