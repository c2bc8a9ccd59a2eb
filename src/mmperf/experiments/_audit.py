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

import pandas as pd

from mmperf._imports import module_files
from mmperf._paths import repo_root
from mmperf.assumptions import BOOK

__all__ = ["AUDIT_DIR", "AUDIT_SEEDS", "COLUMNS", "audit_file", "code_hash", "read_audit", "variants"]

AUDIT_DIR = Path("data") / "audit"
"""Where the committed audits live, under the repository root."""

AUDIT_SEEDS = 5
"""Root seeds per variant: the chapter's first five judging seeds."""

COLUMNS = ["variant", "kind", "seed", "claim_id", "value", "status"]
"""The columns of an audit file: one row per variant, seed and claim."""


def variants(ch) -> list[tuple[str, str, Callable]]:
    """Every variant of a chapter as ``(name, kind, apply)``: the book's own, then each reading, then
    each ablation (``kind`` is ``"book"``, ``"reading"`` or ``"ablation"``)."""
    out = [(BOOK, "book", lambda p: p)]
    out += [(name, "reading", apply) for a in ch.assumptions for name, apply in a.variants()]
    out += [(*b.variant()[:1], "ablation", b.apply) for b in ch.ablations]
    return out


def code_hash(ch, *, root: Path | None = None) -> str:
    """SHA-256 of the code an audit of chapter ``ch`` ran: every package file its paper's package
    imports (followed through imports), and the lock."""
    root = root or repo_root()
    package = ch.run.__module__.rsplit(".", 1)[0]
    h = hashlib.sha256()
    for f in module_files([package, ch.run.__module__, "mmperf.book._audit", __name__], root=root):
        h.update(b"\0file\0" + str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    lock = root / "requirements.lock"
    if lock.is_file():
        h.update(b"\0lock\0" + lock.read_bytes())
    return h.hexdigest()


def audit_file(ch, *, root: Path | None = None) -> Path:
    """The committed audit of chapter ``ch`` (its ``.json`` is beside it)."""
    return (root or repo_root()) / AUDIT_DIR / f"{ch.key}.csv"


def read_audit(ch, *, root: Path | None = None) -> tuple[pd.DataFrame | None, bool]:
    """The committed audit of a chapter and whether it is fresh (its code hash is the current code's).

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
    frame = pd.read_csv(path, dtype={"variant": str, "kind": str, "claim_id": str, "status": str})
    frame["value"] = [_value(v) for v in frame["value"]]
    complete = meta.get("complete", False)
    return frame, bool(complete and meta.get("code_hash") == code_hash(ch, root=root))


def _value(text):
    """A value as written to the CSV (a bool, a number or empty) read back."""
    if isinstance(text, str):
        return {"True": True, "False": False}.get(text, text)
    if isinstance(text, float) and text != text:
        return None
    return text
