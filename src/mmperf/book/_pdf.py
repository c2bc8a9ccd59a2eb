"""``python -m mmperf.book pdf``: the whole book as one PDF, offline (private).

The executed chapters are rendered by Jupyter Book's ``singlehtml`` builder into
one page, which the local headless Chromium prints to ``_build/pdf/book.pdf``
after the vendored Vega-Embed has drawn every chart (the charts are printed as
vector drawings). The print styles of ``book/_static/mmperf.css`` wrap code
and start every chapter on a new page. Nothing is fetched from the network.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

PDF_NAME = "book.pdf"

# Chromium flags for an offline, deterministic print: no GPU, no sandbox (containers run as
# root), a virtual clock long enough for Vega-Embed to draw every chart before printing.
_CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
    "--no-pdf-header-footer", "--run-all-compositor-stages-before-draw", "--virtual-time-budget=60000",
)


def chromium_path() -> Path:
    """The Chromium that prints the PDF (``$MMPERF_CHROMIUM`` or ``/usr/bin/chromium``)."""
    return Path(os.environ.get("MMPERF_CHROMIUM", "/usr/bin/chromium"))


def _single_page(root: Path) -> Path:
    """The single page of the ``singlehtml`` build, with its assets reachable.

    The book's root document lives in ``book/``, so Sphinx writes the page as
    ``_build/singlehtml/book/intro.html`` with links to ``_static/`` relative to
    that folder, while the assets are written one level up: link them in.
    """
    out = root / "_build" / "singlehtml"
    doc = yaml.safe_load((root / "_toc.yml").read_text())["root"]
    page = out / f"{Path(doc).with_suffix('')}.html"
    for asset in ("_static", "_images", "_sources"):
        link = page.parent / asset
        if page.parent != out and (out / asset).is_dir() and not link.exists():
            link.symlink_to(Path("..") / asset if page.parent.parent == out else (out / asset).resolve())
    return page


def build_pdf(root: Path, *, timeout_s: float = 900.0) -> Path:
    """Build the single-page HTML book under ``root`` and print it to ``_build/pdf/book.pdf``.

    Parameters
    ----------
    root : pathlib.Path
        The book's root (``_config.yml``, ``_toc.yml``), its chapters already executed.
    timeout_s : float, default 900
        Wall-clock limit of each of the two steps.

    Returns
    -------
    pathlib.Path
        The PDF.

    Raises
    ------
    FileNotFoundError
        If Chromium is missing (``make chromium`` installs it).
    RuntimeError
        If the HTML build or the print fails, or the PDF is not written.
    """
    chromium = chromium_path()
    if not chromium.is_file():
        raise FileNotFoundError(f"Chromium not found at {chromium}: run `make chromium` (or set MMPERF_CHROMIUM)")
    jb = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb), "build", str(root), "--builder", "singlehtml", "--path-output", str(root), "-n", "--keep-going"]
    print("$", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=root, timeout=timeout_s)
    page = _single_page(root)
    if done.returncode or not page.is_file():
        raise RuntimeError(f"the single-page HTML build failed (exit {done.returncode}); see the output above")
    out = root / "_build" / "pdf" / PDF_NAME
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".pdf.part")
    tmp.unlink(missing_ok=True)
    cmd = [str(chromium), *_CHROMIUM_FLAGS, f"--print-to-pdf={tmp}", page.as_uri()]
    print("$", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=root, timeout=timeout_s, capture_output=True, text=True)
    if done.returncode or not tmp.is_file() or tmp.stat().st_size == 0:
        tmp.unlink(missing_ok=True)
        raise RuntimeError(f"Chromium could not print {page} (exit {done.returncode}): {done.stderr[-2000:]}")
    tmp.replace(out)  # never a half-written book.pdf
    return out
