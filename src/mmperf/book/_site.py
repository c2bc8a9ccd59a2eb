"""The site's configuration: the repository link as a setting (private).

``_config.yml`` carries the book's public repository under ``repository: url:``, empty by
default. A build may set it without editing the committed file (``--repository-url``,
``$MMPERF_REPOSITORY_URL``, ``make book REPO_URL=...``): the build then reads a copy of
``_config.yml`` under ``_build/`` with the URL filled in and the repository buttons switched on
(the repository link, "show source", "suggest edit" and, for GitHub and GitLab, "open issue").
With no URL every one of them is off, so the site has no button and no broken link.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import yaml

REPOSITORY_ENV = "MMPERF_REPOSITORY_URL"
"""Environment variable read when no ``--repository-url`` is given."""

PROVIDERS = ("github", "gitlab", "bitbucket")
"""The hosts sphinx-book-theme builds repository links for (found in the URL's host name)."""

_PART = re.compile(r"^[A-Za-z0-9_.-]+$")


def check_repository_url(url: str, *, name: str = "repository URL") -> str:
    """A repository URL in its normal form, or ``""`` for none.

    Parameters
    ----------
    url : str
        ``https://<host>/<owner>/<repository>`` on GitHub, GitLab or Bitbucket (the host name
        contains ``github``, ``gitlab`` or ``bitbucket``), or an empty string for no link.
    name : str, default "repository URL"
        What the value is called in an error message (the option or variable it came from).

    Returns
    -------
    str
        The URL without surrounding blanks, a trailing ``/`` or a ``.git`` suffix; ``""`` if empty.

    Raises
    ------
    TypeError
        If ``url`` is not a string.
    ValueError
        If ``url`` is not empty and not such a URL (the message names ``name`` and the value).

    Examples
    --------
    >>> check_repository_url("https://github.com/example/mmperf.git/")
    'https://github.com/example/mmperf'
    >>> check_repository_url("  ")
    ''
    """
    if not isinstance(url, str):
        raise TypeError(f"{name} must be a string (https://github.com/OWNER/REPO, or empty), got {url!r}")
    text = url.strip()
    if not text:
        return ""
    expected = (f"{name} must be https://<host>/<owner>/<repository> on GitHub, GitLab or Bitbucket "
                f"(or empty for no repository link), got {url!r}")
    parts = urlsplit(text)
    path = parts.path.rstrip("/")
    path = path[: -len(".git")] if path.endswith(".git") else path
    segments = [s for s in path.split("/") if s]
    if (parts.scheme not in ("https", "http") or not parts.hostname or parts.query or parts.fragment
            or len(segments) != 2 or not all(_PART.match(s) for s in segments)
            or not any(p in parts.hostname.lower() for p in PROVIDERS)):
        raise ValueError(expected)
    return f"{parts.scheme}://{parts.netloc}/{segments[0]}/{segments[1]}"


def _provider(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return next(p for p in PROVIDERS if p in host)


def _read_config(root: Path) -> dict:
    path = Path(root) / "_config.yml"
    if not path.is_file():
        raise FileNotFoundError(f"book configuration {path} is missing")
    config = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(config, dict):
        raise ValueError(f"{path} must be a mapping of settings, got {type(config).__name__}")
    return config


def _section(mapping: dict, key: str) -> dict:
    """``mapping[key]``, created empty when missing or null."""
    value = mapping.get(key) or {}
    mapping[key] = value
    return value


def repository_url(url: str | None = None, *, root: Path) -> str:
    """The repository URL of a build: ``url``, else ``$MMPERF_REPOSITORY_URL``, else ``_config.yml``'s.

    Parameters
    ----------
    url : str, optional
        The ``--repository-url`` option (``""`` means no link, whatever the file says).
    root : pathlib.Path
        The book's root (with ``_config.yml``).

    Returns
    -------
    str
        The URL (see :func:`check_repository_url`), or ``""`` for no repository link.

    Raises
    ------
    TypeError, ValueError
        If the URL taken is not a repository URL (the message names where it came from).
    FileNotFoundError
        If ``_config.yml`` is missing.
    """
    if url is not None:
        return check_repository_url(url, name="--repository-url")
    env = os.environ.get(REPOSITORY_ENV)
    if env is not None and env.strip():
        return check_repository_url(env, name=f"${REPOSITORY_ENV}")
    stored = (_read_config(root).get("repository") or {}).get("url") or ""
    return check_repository_url(stored, name=f"repository: url: in {Path(root) / '_config.yml'}")


def site_config(root: Path, *, repository_url: str) -> Path:
    """Write the configuration the site is built with: ``_config.yml`` with the repository settings.

    Parameters
    ----------
    root : pathlib.Path
        The book's root (with ``_config.yml``); the copy goes to ``<root>/_build/site-config/``.
    repository_url : str
        The book's repository (see :func:`check_repository_url`), or ``""`` for none: every
        repository button is then switched off.

    Returns
    -------
    pathlib.Path
        The written ``_config.yml`` (pass it to ``jupyter-book build --config``).

    Raises
    ------
    TypeError, ValueError
        If ``repository_url`` is not a repository URL or ``""``, or ``_config.yml`` is not a mapping.
    FileNotFoundError
        If ``_config.yml`` is missing.
    """
    url = check_repository_url(repository_url, name="repository_url")
    config = _read_config(root)
    on = bool(url)
    _section(config, "repository")["url"] = url
    html = _section(config, "html")
    html["use_repository_button"] = on
    html["use_edit_page_button"] = on
    html["use_issues_button"] = on and _provider(url) in ("github", "gitlab")  # the theme has none for Bitbucket
    sphinx = _section(config, "sphinx")
    # the theme options under sphinx: config: only add to those of html: and repository: with
    # recursive_update (otherwise they replace them, and the link is lost)
    sphinx["recursive_update"] = True
    theme = _section(_section(sphinx, "config"), "html_theme_options")
    theme["use_source_button"] = on
    out = Path(root) / "_build" / "site-config" / "_config.yml"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = ("# Written by `python -m mmperf.book build` from _config.yml with the repository settings "
            "of this build; edit _config.yml, not this file.\n")
    text += yaml.safe_dump(config, sort_keys=False, allow_unicode=True, width=100)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    return out
