"""The built site in a real browser: headless Debian Chromium driven by Playwright.

Every page of ``_build/html`` is served on localhost and opened. A page fails
when it requests anything outside localhost, a resource fails to load or
answers with an error status, it logs a console error or an uncaught
exception or a Vega warning, a chart container holds no drawn chart (svg or canvas) or no
visible data mark, a chart
does not fit the reading column at 1280 px (or only by shrinking below 90 %),
or maths was left untypeset; at a phone's 390 px, a page is wider than the screen. A meta-refresh page is followed to the page it
redirects to. A screenshot of each failing page goes to ``_build/screenshots/`` (full-page screenshots of
every page took a third of this file's time).

Run after ``make book`` (``make test`` does both).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = os.environ.get("MMPERF_CHROMIUM", "/usr/bin/chromium")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
TIMEOUT_MS = 180_000  # generous: a chapter with many charts on a busy 2-core machine
VIEWPORT = {"width": 1280, "height": 900}  # the reference reader: a laptop with the book's sidebars shown
MIN_CHART_SCALE = 0.9  # at the reference width no chart is shrunk below 90 % of its drawn size

# Console errors that cannot be removed by configuration, by exact text, with the reason.
# (None today: the theme's duplicate THEBE_JS_URL came from sphinx_thebe, which the book drops,
# and the 'invalid theme mode' from an unset default mode, which _config.yml sets.)
ALLOWED_CONSOLE_ERRORS: dict[str, str] = {}

pytestmark = pytest.mark.browser


def _pages() -> list[str]:
    if not SITE.is_dir():
        return []
    pages = []
    for path in sorted(SITE.rglob("*.html")):
        rel = path.relative_to(SITE)
        if rel.parts[0] in {"_static", "_sources", "_images"}:
            continue
        pages.append(rel.as_posix())
    return pages


PAGES = _pages()

_META_REFRESH = re.compile(r"""<meta\s+http-equiv=["']refresh["']\s+content=["']\d+;\s*url=([^"']+)["']""", re.I)


def _redirect_target(page_path: str) -> str | None:
    """The page a meta-refresh page sends the reader to (site-relative), or None.

    Jupyter Book writes the site's ``index.html`` as such a redirect to the root
    chapter; the browser navigates away from it right after ``load``.
    """
    match = _META_REFRESH.search((SITE / page_path).read_text(encoding="utf-8", errors="replace"))
    return urljoin(page_path, match.group(1)) if match else None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output clean
        pass


@pytest.fixture(scope="module")
def server():
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make chromium` (or set MMPERF_CHROMIUM)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
            ],
        )
        yield browser
        browser.close()


def test_site_was_built():
    assert (SITE / "index.html").is_file(), "no built site: run `make book` first"
    assert len(PAGES) >= 4, f"expected the book's pages in {SITE}, found {PAGES}"


@pytest.mark.parametrize("page_path", PAGES)
def test_page_loads_offline_and_draws(server, browser, page_path):
    external: list[str] = []
    failed: list[str] = []
    bad_status: list[str] = []
    console_errors: list[str] = []
    page_errors: list[str] = []

    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)

    def route(r):
        host = urlparse(r.request.url).hostname
        if host in LOCAL_HOSTS:
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("requestfailed", lambda req: failed.append(f"{req.url} ({req.failure})") if urlparse(req.url).hostname in LOCAL_HOSTS else None)
    page.on("response", lambda resp: bad_status.append(f"{resp.status} {resp.url}") if resp.status >= 400 else None)
    page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
    vega_warnings: list[str] = []
    page.on("console", lambda msg: vega_warnings.append(msg.text) if msg.text.startswith("WARN") else None)
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))

    pending: set[str] = set()
    page.on("request", lambda req: pending.add(req.url))
    page.on("requestfinished", lambda req: pending.discard(req.url))
    page.on("requestfailed", lambda req: pending.discard(req.url))

    page.goto(f"{server}/{page_path}", wait_until="load")
    target = _redirect_target(page_path)
    if target is not None:
        # A redirect page: wait until the browser has moved on (the refresh fires after 'load',
        # and checking the page in between races the navigation), then check where it landed.
        assert (SITE / target).is_file(), f"{page_path} redirects to a missing page: {target}"
        page.wait_for_url(f"{server}/{target}", wait_until="load")
    # Every request settled (instead of Playwright's 'networkidle', which flaked here and hides
    # which request is stuck): poll, then name what is still in flight.
    for _ in range(TIMEOUT_MS // 100):
        if not pending:
            break
        page.wait_for_timeout(100)

    n_charts = page.locator(".mmperf-chart").count()
    if n_charts:
        page.wait_for_function(
            "() => [...document.querySelectorAll('.mmperf-chart')].every(el => el.querySelector('svg, canvas'))",
            timeout=TIMEOUT_MS,
        ) if not page_errors else None
    undrawn = page.evaluate(
        "() => [...document.querySelectorAll('.mmperf-chart')].filter(el => !el.querySelector('svg, canvas')).map(el => el.id)"
    )
    # Charts fit the reading column: none sticks out of its cell's output area (the book's CSS scales a
    # wide drawing down), and none is drawn so wide that scaling shrinks its text below MIN_CHART_SCALE.
    fit = page.evaluate(
        """() => [...document.querySelectorAll('.mmperf-chart')].map(el => {
             const svg = el.querySelector('svg.marks'); const area = el.closest('.cell_output') || el.parentElement;
             return svg && [el.id, parseFloat(svg.getAttribute('width')), svg.getBoundingClientRect().width, area.clientWidth];
           }).filter(Boolean)"""
    )
    sticking_out = [f"{i}: shown {shown:.0f} px in {avail} px" for i, _, shown, avail in fit if shown > avail + 0.5]
    too_wide = [f"{i}: drawn {drawn:.0f} px for {avail} px" for i, drawn, _, avail in fit if avail < MIN_CHART_SCALE * drawn]
    # Every chart shows its data: at least one data mark (Vega's role-mark groups, not axes or
    # legends) has a visible size.
    empty = page.evaluate(
        """() => [...document.querySelectorAll('.mmperf-chart')].filter(el => {
             const marks = [...el.querySelectorAll('svg g.role-mark > path, svg g.role-mark > line, svg g.role-mark > text, svg g.role-mark > rect, svg g.role-mark > g')];
             return !marks.some(m => { const b = m.getBBox(); return (b.width > 0.5 || b.height > 0.5) && b.width === b.width && b.height === b.height; });
           }).map(el => el.id)"""
    )
    n_math = page.locator("div.math, span.math").count()
    if n_math:
        page.wait_for_function("() => document.querySelectorAll('mjx-container').length > 0", timeout=TIMEOUT_MS)

    unexpected_console = [m for m in console_errors if m not in ALLOWED_CONSOLE_ERRORS]
    if any((pending, external, failed, bad_status, page_errors, unexpected_console, undrawn, vega_warnings, empty,
            sticking_out, too_wide)):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / (page_path.replace("/", "__").removesuffix(".html") + ".png")), full_page=True)
    context.close()

    assert not pending, f"{page_path}: requests never settled: {sorted(pending)}"
    assert not external, f"{page_path} requested outside localhost: {external}"
    assert not failed, f"{page_path} failed to load: {failed}"
    assert not bad_status, f"{page_path} got error responses: {bad_status}"
    assert not page_errors, f"{page_path} raised: {page_errors}"
    assert not unexpected_console, f"{page_path} logged console errors: {unexpected_console}"
    assert not undrawn, f"{page_path}: {len(undrawn)} of {n_charts} charts not drawn: {undrawn}"
    assert not vega_warnings, f"{page_path}: Vega warnings: {vega_warnings}"
    assert not empty, f"{page_path}: charts with no visible data mark: {empty}"
    assert not sticking_out, f"{page_path}: charts wider than the reading column: {sticking_out}"
    assert not too_wide, f"{page_path}: charts too wide to read at {VIEWPORT['width']} px: {too_wide}"


PHONE = {"width": 390, "height": 844}  # a phone held upright


@pytest.mark.parametrize("page_path", [p for p in PAGES if _redirect_target(p) is None])
def test_page_fits_a_phone_screen(server, browser, page_path):
    """At 390 px nothing makes the page wider than the screen (wide tables and charts scroll inside
    their own box), and charts are drawn."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname in LOCAL_HOSTS else r.abort())
    page.goto(f"{server}/{page_path}", wait_until="load")
    if page.locator(".mmperf-chart").count():
        page.wait_for_function(
            "() => [...document.querySelectorAll('.mmperf-chart')].every(el => el.querySelector('svg, canvas'))",
            timeout=TIMEOUT_MS)
    page.wait_for_timeout(200)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    wide = page.evaluate(
        """() => [...document.querySelectorAll('article *')].filter(el => el.getBoundingClientRect().right > window.innerWidth + 1
             && !el.closest('.cell_output .output, .highlight, .mmperf-claims, .table-wrapper, .MathJax, mjx-container, .mmperf-chart'))
             .slice(0, 5).map(el => el.tagName + '.' + el.className)"""
    )
    if width > PHONE["width"]:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / ("phone__" + page_path.replace("/", "__").removesuffix(".html") + ".png")))
    context.close()
    assert width <= PHONE["width"], f"{page_path}: {width} px wide at {PHONE['width']} px; first culprits {wide}"


FITTED_TABLE_PAGES = ["book/taylor1993.html", "book/ortiz2013.html"]
"""Chapters whose data tables are laid out to fit the text column at the reference width (#19)."""


@pytest.mark.parametrize("page_path", FITTED_TABLE_PAGES)
def test_tables_fit_the_text_column(server, browser, page_path):
    """At the reference width every data table of these chapters fits its column (no column hidden
    behind a scroll bar)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname in LOCAL_HOSTS else r.abort())
    page.goto(f"{server}/{page_path}", wait_until="load")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('table.dataframe')].map((t, i) =>
             [i, Math.round(t.getBoundingClientRect().width), Math.round(t.parentElement.clientWidth)])""")
    context.close()
    assert sizes, f"{page_path}: no data tables found"
    too_wide = [s for s in sizes if s[1] > s[2] + 1]
    assert not too_wide, f"{page_path}: tables wider than their column (index, width, column): {too_wide}"


def test_offline_search_finds_a_page(server, browser):
    context = browser.new_context()
    page = context.new_page()
    page.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname in LOCAL_HOSTS else r.abort())
    page.goto(f"{server}/search.html?q=scorecard", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results ul.search li').length > 0", timeout=TIMEOUT_MS)
    titles = page.locator("#search-results ul.search li a").all_inner_texts()
    context.close()
    assert any("scorecard" in t.lower() for t in titles), titles


def test_notebook_pages_offer_their_notebook_for_download(server, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/book/appendix/scorecard.html", wait_until="load")
    href = page.locator("a.btn-download-source-button").first.get_attribute("href")
    context.close()
    assert href and href.endswith(".ipynb")
    target = (SITE / "book" / "appendix" / href).resolve()
    assert target.is_file(), f"download link points to a missing file: {target}"
