"""The repository link is a setting: `_config.yml` carries the URL, empty by default; a build sets it
without editing the file (``--repository-url``, ``$MMPERF_REPOSITORY_URL``, ``make book REPO_URL=``).

The site is built three times with ``python -m mmperf.book build``, on a two-page book that uses the
committed ``_config.yml`` (the whole book would take minutes): with a URL every page links to the
repository and to its own source file there; without one, no page links anywhere off the site.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from mmperf.book import _site

ROOT = Path(__file__).resolve().parents[2]
URL = "https://github.com/example-org/mmperf"
PAGES = {"book/intro": ".md", "book/chapter": ".ipynb"}  # a page of each kind, as the book has


def _minimal_book(tmp_path: Path) -> Path:
    root = tmp_path / "site-root"
    (root / "book").mkdir(parents=True)
    shutil.copy2(ROOT / "_config.yml", root / "_config.yml")
    shutil.copy2(ROOT / "book" / "references.bib", root / "book" / "references.bib")
    shutil.copytree(ROOT / "book" / "_static", root / "book" / "_static")  # vendored JS the config loads
    (root / "book" / "intro.md").write_text("# A page\n\nThe first page.\n")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A chapter"), nbformat.v4.new_code_cell("6 * 7")])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, root / "book" / "chapter.ipynb")  # executed by the build, once
    (root / "_toc.yml").write_text("format: jb-book\nroot: book/intro\nchapters:\n  - file: book/chapter\n")
    return root


def _build(root: Path, *options: str, env_url: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (_site.REPOSITORY_ENV, "MMPERF_SEED")}
    env.update(MMPERF_BOOK_ROOT=str(root), PYTHONPATH=str(ROOT / "src"))
    if env_url is not None:
        env[_site.REPOSITORY_ENV] = env_url
    done = subprocess.run([sys.executable, "-m", "mmperf.book", "build", "--jobs", "1", *options],
                          cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    html = root / "_build" / "html"
    return {page: (html / f"{page}.html").read_text(encoding="utf-8") for page in PAGES}


def _external_links(page: str) -> set[str]:
    return set(re.findall(r'href="(https?://[^"]*)"', page))


def test_the_committed_config_has_no_repository_url_and_no_button(monkeypatch):
    monkeypatch.delenv(_site.REPOSITORY_ENV, raising=False)
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert config["repository"]["url"] == ""
    assert not any(config["html"][b] for b in ("use_repository_button", "use_edit_page_button", "use_issues_button"))
    assert config["sphinx"]["config"]["html_theme_options"]["use_source_button"] is False
    assert _site.repository_url(None, root=ROOT) == ""


def test_the_site_links_the_repository_only_when_a_url_is_set(tmp_path):
    root = _minimal_book(tmp_path)
    committed = (root / "_config.yml").read_bytes()

    pages = _build(root, "--repository-url", URL + ".git/")  # normalised to URL
    for page, html in pages.items():
        source = f"{page}{PAGES[page]}"
        assert f'href="{URL}"' in html, f"{page}: no repository link"
        assert f'href="{URL}/blob/main/{source}?plain=1"' in html, f"{page}: no source button"
        assert f'href="{URL}/edit/main/{source}"' in html, f"{page}: no edit button"
        assert f'href="{URL}/issues/new?' in html, f"{page}: no issues button"
        assert all(link.startswith(URL + "/") or link == URL for link in _external_links(html)), page
    # the footer of _config.yml's html: reaches the pages with the repository settings
    assert all('class="mmperf-version"' in html for html in pages.values())

    pages = _build(root)  # the same book again with no URL: every button gone (an incremental build)
    for page, html in pages.items():
        assert not _external_links(html), f"{page} links off the site: {_external_links(html)}"
        for button in ("source-repository-button", "source-file-button", "source-edit-button", "source-issues-button"):
            assert button not in html, f"{page} still has {button}"
        assert "example-org" not in html and 'href=""' not in html
    assert all('class="mmperf-version"' in html for html in pages.values())

    pages = _build(root, env_url=URL)  # the environment variable, as `make book` users may set it
    assert all(f'href="{URL}"' in html for html in pages.values())
    assert (root / "_config.yml").read_bytes() == committed  # set without editing the book's file


def test_the_url_comes_from_the_option_then_the_environment_then_the_file(tmp_path, monkeypatch):
    (tmp_path / "_config.yml").write_text("title: t\nrepository:\n  url: https://gitlab.com/in/file\n")
    monkeypatch.delenv(_site.REPOSITORY_ENV, raising=False)
    assert _site.repository_url(None, root=tmp_path) == "https://gitlab.com/in/file"
    monkeypatch.setenv(_site.REPOSITORY_ENV, "https://github.com/from/env")
    assert _site.repository_url(None, root=tmp_path) == "https://github.com/from/env"
    assert _site.repository_url("https://bitbucket.org/from/option", root=tmp_path) == "https://bitbucket.org/from/option"
    assert _site.repository_url("", root=tmp_path) == ""  # an explicit empty option: no link
    config = yaml.safe_load(_site.site_config(tmp_path, repository_url="https://bitbucket.org/a/b").read_text())
    assert config["html"]["use_repository_button"] and not config["html"]["use_issues_button"]  # none on Bitbucket
    assert config["repository"]["url"] == "https://bitbucket.org/a/b"


@pytest.mark.parametrize("bad", [
    "github.com/a/b", "ftp://github.com/a/b", "https://github.com/a", "https://github.com/a/b/c",
    "https://example.org/a/b", "https://github.com/a/b?x=1", "https://github.com/a b/c", "https://",
])
def test_a_bad_url_is_refused_naming_where_it_came_from(bad, tmp_path, monkeypatch):
    with pytest.raises(ValueError, match=r"--repository-url must be https://<host>/<owner>/<repository>"):
        _site.check_repository_url(bad, name="--repository-url")
    (tmp_path / "_config.yml").write_text("title: t\n")
    monkeypatch.setenv(_site.REPOSITORY_ENV, bad)
    with pytest.raises(ValueError, match=re.escape(f"${_site.REPOSITORY_ENV}") + ".*" + re.escape(repr(bad))):
        _site.repository_url(None, root=tmp_path)
    with pytest.raises(TypeError, match="repository_url must be a string"):
        _site.site_config(tmp_path, repository_url=None)


def test_a_bad_url_stops_the_build_before_anything_runs(tmp_path):
    env = {**os.environ, "MMPERF_BOOK_ROOT": str(tmp_path), _site.REPOSITORY_ENV: "https://example.org/a/b",
           "PYTHONPATH": str(ROOT / "src")}
    (tmp_path / "_config.yml").write_text("title: t\n")
    done = subprocess.run([sys.executable, "-m", "mmperf.book", "build"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0 and "MMPERF_REPOSITORY_URL must be https://" in done.stderr
    assert not (tmp_path / "_build").exists()
