"""Every claim's quote against the paper's own text: found word for word, or the closest passage.

The papers' texts are not in the repository (``../shared/papers`` beside it, or the folder given). A
quote counts as found when each of its parts (split at ``...`` and ``[...]``) appears in the paper once
both are reduced to lower-case words (punctuation, ligatures and line-end hyphens dropped). What is not
found is printed with the passage of the paper closest to it, for a reader to judge: a claim quoting a
table describes its cells (``Table 4: Processor ...``), and a sentence the extraction breaks across a
page, writes in TeX (``\\leq``) or prints with its ligatures lost (Taylor's ``bu\ufffder``) cannot
match. Anything else is a misquote, to be corrected in the chapter's ``claims.py``.

``python validation/quotes.py [papers_dir]`` (with ``src`` on ``PYTHONPATH``). Nothing of the book
imports this; it writes nothing.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

from mmperf._paths import repo_root
from mmperf.experiments import CHAPTERS

TEXTS = {"taylor1993": "taylor-polyzos-1993-hierarchical-coding.txt",
         "claypool1998": "claypool-habermann-riedl-1998-jitter.txt",
         "ortiz2013": "ortiz-et-al-2013-sctp-svc.txt",
         "huynh1994": "huynh-khoshgoftaar-videoconf-pcs.txt",
         "chodorek2018": "chodorek-tfd-qos-hd-video.txt"}
"""The text file of each paper (``../shared/papers/README.md``)."""


def words(text: str) -> str:
    """Lower-case words and numbers, one space apart (ligatures and line-end hyphens undone)."""
    for ligature, letters in (("\ufb00", "ff"), ("\ufb01", "fi"), ("\ufb02", "fl"), ("\ufb03", "ffi"), ("\ufb04", "ffl")):
        text = text.replace(ligature, letters)
    text = re.sub(r"-\s*\n\s*", "", text)
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def closest(part: str, paper: list[str]) -> tuple[float, str]:
    """The paper's passage of the same length in words most like ``part``, and the likeness (0-1)."""
    q = part.split()
    best = (0.0, 0)
    for i in range(max(1, len(paper) - len(q) + 1)):
        if paper[i] != q[0] and paper[min(i + len(q), len(paper)) - 1] != q[-1]:
            continue
        r = difflib.SequenceMatcher(None, q, paper[i:i + len(q)]).ratio()
        best = max(best, (r, i))
    return best[0], " ".join(paper[best[1]:best[1] + len(q)])


def check(papers_dir: Path) -> list[dict]:
    """One row per claim: ``chapter, claim, found, part`` (the first part not found), ``likeness``, ``passage``."""
    rows = []
    for chapter in CHAPTERS:
        text = words((papers_dir / TEXTS[chapter.paper]).read_text())
        paper = text.split()
        for spec in chapter.claims:
            parts = [words(p) for p in re.split(r"\.\.\.|\u2026|\[[^\]]*\]", spec.quote) if words(p)]
            missing = [p for p in parts if p not in text]
            row = {"chapter": chapter.key, "claim": spec.id, "found": not missing}
            if missing:
                row["part"] = missing[0]
                row["likeness"], row["passage"] = closest(missing[0], paper)
            rows.append(row)
    return rows


def main(argv: list[str]) -> int:
    papers_dir = Path(argv[0]) if argv else repo_root().parent / "shared" / "papers"
    if not papers_dir.is_dir():
        print(f"error: no papers folder at {papers_dir} (give it as the first argument)", file=sys.stderr)
        return 2
    rows = check(papers_dir)
    for r in rows:
        if not r["found"]:
            print(f"{r['chapter']} {r['claim']} (likeness {r['likeness']:.2f})\n  quote: {r['part'][:200]}\n"
                  f"  paper: {r['passage'][:200]}")
    print(f"{sum(r['found'] for r in rows)} of {len(rows)} quotes found word for word in the papers' texts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
