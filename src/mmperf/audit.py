"""A chapter's committed verdict audit: its variants, where it lives, and whether it is fresh.

The audit (run by ``python -m mmperf.book audit``, :mod:`mmperf.book._audit`) judges every claim
of a chapter under every *variant* -- the book's own set-up (``"book"``), each alternative
reading of each of its assumptions, each ablation -- over :data:`AUDIT_SEEDS` root seeds, and is
committed as ``data/audit/<chapter>.csv`` with a ``.json`` beside it holding the hash of the code
that produced it. This module is what a chapter needs to read it back
(:meth:`mmperf.experiments.Chapter.verdicts`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from mmperf._imports import module_files
from mmperf._paths import repo_root
from mmperf.assumptions import BOOK
from mmperf.claims import check_frame
from mmperf.precision import round_sig
from mmperf.verdicts import judge_value

__all__ = ["AUDIT_DIR", "AUDIT_SEEDS", "COLUMNS", "MORRIS_LEVELS", "MORRIS_TRAJECTORIES", "audit_file", "code_hash",
           "continuous", "morris_design", "morris_effects", "read_audit", "variant_seeds", "variants"]

AUDIT_DIR = Path("data") / "audit"
"""Where the committed audits live, under the repository root."""

AUDIT_SEEDS = 5
"""Root seeds per variant: the chapter's first five judging seeds."""

COLUMNS = ["variant", "kind", "seed", "claim_id", "value", "status"]
"""The columns of an audit file: one row per variant, seed and claim."""

MORRIS_TRAJECTORIES = 4
"""Morris trajectories over a chapter's continuous assumptions (SALib's ``N``)."""

MORRIS_LEVELS = 4
"""Grid levels of each continuous assumption's range in the Morris design."""


_CHAPTER_FIELDS = ("key", "paper", "claims", "assumptions", "ablations", "run")


def _chapter(ch):
    """``ch`` if it is a chapter record (:class:`mmperf.experiments.Chapter`, read by its fields)."""
    missing = [f for f in _CHAPTER_FIELDS if not hasattr(ch, f)]
    if missing:
        raise TypeError(f"ch must be a chapter record (mmperf.experiments.Chapter, e.g. "
                        f"mmperf.experiments.chapter('huynh1994')), got {type(ch).__name__} without {missing}")
    return ch


def _root(root):
    if root is None:
        return repo_root()
    if isinstance(root, bool) or not isinstance(root, (str, Path)):
        raise TypeError(f"root must be a path (str or pathlib.Path) or None, got {type(root).__name__}")
    return Path(root)


def variants(ch) -> list[tuple[str, str, Callable]]:
    """Every variant of a chapter as ``(name, kind, apply)``: the book's own, each reading, each
    ablation and, for a chapter with two or more continuous assumptions, each point of its Morris
    design (``kind`` is ``"book"``, ``"reading"``, ``"ablation"`` or ``"morris"``).

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.

    Returns
    -------
    list of tuple
        ``(name, kind, apply)`` with ``apply(params) -> params``.
    """
    _chapter(ch)
    out = [(BOOK, "book", lambda p: p)]
    out += [(name, "reading", apply) for a in ch.assumptions for name, apply in a.variants()]
    out += [(b.variant()[0], "ablation", b.apply) for b in ch.ablations]
    design = morris_design(ch)
    if design is not None:
        spans = [a.span for a in continuous(ch)]
        out += [(f"morris:{i}", "morris", lambda p, row=row: _at(p, spans, row)) for i, row in enumerate(design)]
    return out


def variant_seeds(kind: str, seeds: list[int]) -> list[int]:
    """The seeds a variant of ``kind`` runs under: every audit seed, or the chapter's own alone for a
    Morris point (the screening asks how the claims move with the assumptions, not with the seed).

    Parameters
    ----------
    kind : {"book", "reading", "ablation", "morris"}
        The variant's kind (:func:`variants`).
    seeds : list of int
        The audit's seeds, the chapter's own first.

    Returns
    -------
    list of int
        ``seeds[:1]`` for a Morris point, else a copy of ``seeds``.

    Raises
    ------
    ValueError
        If ``kind`` is not one of the four.
    TypeError
        If ``seeds`` is not a non-empty list or tuple.
    """
    if kind not in ("book", "reading", "ablation", "morris"):
        raise ValueError(f"kind must be one of 'book', 'reading', 'ablation', 'morris', got {kind!r}")
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, (list, tuple)) or not seeds:
        raise TypeError(f"seeds must be a non-empty list of root seeds, got {seeds!r:.60}")
    return seeds[:1] if kind == "morris" else list(seeds)


def continuous(ch) -> list:
    """The chapter's continuous assumptions (those with a :class:`~mmperf.assumptions.Span`).

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.

    Returns
    -------
    list of Assumption
        Its assumptions whose ``span`` is set, in the ledger's order.

    Raises
    ------
    TypeError
        If ``ch`` is not a chapter record.
    """
    return [a for a in _chapter(ch).assumptions if a.span is not None]


def _problem(assumptions) -> dict:
    return {"num_vars": len(assumptions), "names": [a.name for a in assumptions],
            "bounds": [[a.span.low, a.span.high] for a in assumptions]}


def _at(params, spans, row):
    for span, value in zip(spans, row):
        params = span.set(params, float(value))
    return params


def morris_design(ch, *, trajectories: int = MORRIS_TRAJECTORIES) -> np.ndarray | None:
    """The Morris design over a chapter's continuous assumptions' joint range, or None with fewer than two.

    ``trajectories`` one-at-a-time paths through a grid of :data:`MORRIS_LEVELS` levels of each
    range (SALib's ``morris.sample``, seeded from the chapter's key, so the design is the same on
    every machine); ``(k + 1) x trajectories`` points for ``k`` assumptions.

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.
    trajectories : int, default :data:`MORRIS_TRAJECTORIES`
        How many Morris trajectories, a whole number in 2 .. 1000.

    Returns
    -------
    numpy.ndarray or None
        One row per point, one column per continuous assumption (in the ledger's order).

    Raises
    ------
    TypeError
        If ``ch`` is not a chapter record.
    ValueError
        If ``trajectories`` is not a whole number in 2 .. 1000.
    """
    from SALib.sample import morris  # the optional `grid` extra: only a chapter with a Morris design needs it

    cont = continuous(ch)
    if isinstance(trajectories, bool) or not isinstance(trajectories, int) or not 2 <= trajectories <= 1000:
        raise ValueError(f"trajectories must be a whole number in 2 .. 1000, got {trajectories!r}")
    if len(cont) < 2:
        return None
    seed = int.from_bytes(hashlib.sha256(ch.key.encode()).digest()[:4], "little")
    design = morris.sample(_problem(cont), N=trajectories, num_levels=MORRIS_LEVELS, seed=seed)
    return np.vectorize(round_sig)(design)


def morris_effects(ch, frame: pd.DataFrame | None) -> pd.DataFrame | None:
    """Morris elementary effects of each continuous assumption on each numeric claim value.

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.
    frame : pandas.DataFrame or None
        The chapter's audit (:func:`read_audit`).

    Returns
    -------
    pandas.DataFrame or None
        Columns ``claim_id``, ``assumption``, ``mu_star`` (mean absolute elementary effect: how far the
        claim's value moves, in its own unit, when the assumption crosses its whole range), ``sigma`` (their spread: interaction or
        non-linearity) and ``mu_star_conf`` (95 % bootstrap half-width); None without a design
        or without its rows in the audit. A claim with a missing value at a point is left out.
    """
    from SALib.analyze import morris  # the optional `grid` extra, as in morris_design

    if frame is not None:
        check_frame(frame, ("variant", "kind", "claim_id", "value"), name="frame")
    design = morris_design(ch)
    if design is None or frame is None:
        return None
    points = frame[frame["kind"] == "morris"]
    if points.empty:
        return None
    problem = _problem(continuous(ch))
    rows = []
    for spec in ch.claims:
        got = points[points["claim_id"] == spec.id].set_index("variant")["value"]
        values = [got.get(f"morris:{i}") for i in range(len(design))]
        if any(v is None for v in values):
            continue
        y = np.array([float(v) for v in values])
        res = morris.analyze(problem, design, y, num_resamples=100, num_levels=MORRIS_LEVELS, seed=1)
        rows += [{"claim_id": spec.id, "assumption": name, "mu_star": round_sig(float(m)), "sigma": round_sig(float(sd)),
                  "mu_star_conf": round_sig(float(c))}
                 for name, m, sd, c in zip(problem["names"], res["mu_star"], res["sigma"], res["mu_star_conf"])]
    return pd.DataFrame(rows, columns=["claim_id", "assumption", "mu_star", "sigma", "mu_star_conf"])


JUDGING_MODULES = ("mmperf/claims.py", "mmperf/verdicts.py", "mmperf/findings.py", "mmperf/experiments/__init__.py",
                   "mmperf/chapter.py")
"""Files left out of an audit's code hash: they judge the recorded values (every status is recomputed
from the value with the current criterion when the audit is read, :func:`read_audit`) and hold the
registry's plumbing, but produce no value."""


def code_hash(ch, *, root: Path | None = None) -> str:
    """SHA-256 of what produced an audit of chapter ``ch``'s values: every package file its paper's
    package imports (followed through imports) but :data:`JUDGING_MODULES`, the audit's own runner and
    variants, the paper's tables (a claim may read them) and the lock.

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.
    root : path, optional
        Repository root (default: the package's).

    Returns
    -------
    str
        The hex digest.
    """
    root = _root(root)
    _chapter(ch)
    package = ch.run.__module__.rsplit(".", 1)[0]
    h = hashlib.sha256()
    for f in module_files([package, ch.run.__module__, "mmperf.book._audit", __name__], root=root):
        rel = f.relative_to(root / "src").as_posix() if f.is_relative_to(root / "src") else str(f)
        if rel not in JUDGING_MODULES:
            h.update(b"\0file\0" + rel.encode() + b"\0" + f.read_bytes())
    for f in sorted((root / "data" / "papers" / ch.paper).rglob("*")):
        if f.is_file():
            h.update(b"\0data\0" + f.name.encode() + b"\0" + f.read_bytes())
    lock = root / "requirements.lock"
    if lock.is_file():
        h.update(b"\0lock\0" + lock.read_bytes())
    return h.hexdigest()


def audit_file(ch, *, root: Path | None = None) -> Path:
    """The committed audit of chapter ``ch`` (its ``.json`` is beside it).

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.
    root : path, optional
        Repository root (default: the package's).

    Returns
    -------
    pathlib.Path
        ``<root>/data/audit/<key>.csv``.
    """
    return _root(root) / AUDIT_DIR / f"{_chapter(ch).key}.csv"


def read_audit(ch, *, root: Path | None = None) -> tuple[pd.DataFrame | None, bool]:
    """The committed audit of a chapter and whether it is fresh (its code hash is the current code's).

    Parameters
    ----------
    ch : Chapter
        A chapter record of the registry.
    root : path, optional
        Repository root (default: the package's).

    Returns
    -------
    tuple
        ``(frame or None, fresh)``; ``(None, False)`` when no audit is committed.
    """
    path = audit_file(ch, root=root)
    meta_path = path.with_suffix(".json")
    if not path.is_file() or not meta_path.is_file():
        return None, False
    meta = json.loads(meta_path.read_text())
    frame = pd.read_csv(path, dtype={"variant": str, "kind": str, "claim_id": str, "status": str, "value": str},
                        keep_default_na=False)
    frame["value"] = [_value(v) for v in frame["value"]]
    specs = {s.id: s for s in ch.claims}
    same_claims = set(frame["claim_id"]) == set(specs)
    if same_claims:  # judged again with the current criteria: the audit records values
        frame["status"] = [judge_value(specs[c].criterion, v)[0] for c, v in zip(frame["claim_id"], frame["value"])]
    complete = meta.get("complete", False)
    return frame, bool(complete and same_claims and meta.get("code_hash") == code_hash(ch, root=root))


def _value(text):
    """A value as written to the CSV (a bool, a number or empty) read back."""
    if isinstance(text, str):
        if text in ("True", "False"):
            return text == "True"
        return float(text) if text.strip() else None
    if isinstance(text, float) and text != text:
        return None
    return text
