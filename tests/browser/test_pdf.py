"""`make pdf`: the whole book as one PDF, printed offline by the local Chromium.

Built once per session (`python -m mmperf.book pdf`, as `make pdf` runs it). The PDF must
start every chapter on a page of its own, hold every chapter's title, and show every chart
drawn (no placeholder left by a chart script that did not run)."""

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("MMPERF_CHROMIUM", "/usr/bin/chromium"))


def _chapters() -> list[tuple[str, str]]:
    """(path, title) of every chapter in the table of contents, titles read from the chapters."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    out = []
    for f in files:
        path = ROOT / f"{f}.ipynb"
        if path.is_file():
            first = json.loads(path.read_text())["cells"][0]
            title = "".join(first["source"]).splitlines()[0].lstrip("# ").strip()
        else:
            title = (ROOT / f"{f}.md").read_text().splitlines()[0].lstrip("# ").strip()
        out.append((f, title))
    return out


@pytest.fixture(scope="module")
def pages() -> list[str]:
    import pypdfium2

    if not CHROMIUM.is_file():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make chromium` (or set MMPERF_CHROMIUM)")
    done = subprocess.run([sys.executable, "-m", "mmperf.book", "pdf"], cwd=ROOT, capture_output=True,
                          text=True, timeout=1200, env={**os.environ, "MMPERF_SEED": ""})
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    pdf = ROOT / "_build" / "pdf" / "book.pdf"
    assert pdf.is_file() and not pdf.with_suffix(".pdf.part").exists()
    doc = pypdfium2.PdfDocument(pdf)  # PDFium's text layer: the same text as pypdf's, 15x faster on this book
    try:
        return [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    finally:
        doc.close()


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())  # ligatures (ﬀ, ﬃ) as letters, typographic quotes as plain


def test_every_chapter_starts_a_page_and_its_title_is_in_the_text(pages):
    chapters = _chapters()
    assert len(chapters) >= 8
    tops = [_norm(p[:400]) for p in pages]
    text = _norm(" ".join(pages))
    for f, title in chapters:
        words = _norm(title)
        assert words in text, f"{f}: title {title!r} not in the PDF"
        if f != "book/intro":
            assert any(words in top for top in tops), f"{f}: {title!r} does not start a page"
    assert len(pages) >= len(chapters)


def test_every_chart_was_drawn_before_printing(pages):
    text = " ".join(pages)
    assert "drawn by Vega-Embed" not in text
    assert "Chart error" not in text
