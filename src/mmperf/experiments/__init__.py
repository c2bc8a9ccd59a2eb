"""The book's chapters: one package per paper, one registry of chapters.

:data:`CHAPTERS` is every chapter of the book in its order, each a
:class:`~mmperf.chapter.Chapter` (key, title, ``Params``, ``run``, claims,
assumptions, ablations). The book tooling, the scorecard, the bench, the audit and the generated
tests iterate it; :func:`chapter` finds one by key.

The registry is built on first use, so importing one paper (``from mmperf.experiments import
taylor1993``) imports that paper alone: a chapter's inputs, and so its re-execution, depend on
the papers it uses and not on the other four.

Examples
--------
>>> from mmperf.experiments import CHAPTERS, chapter
>>> [c.key for c in CHAPTERS][:3]
['taylor1993', 'claypool1998-jitter', 'claypool1998-quality']
>>> chapter("ortiz2013").paper
'ortiz2013'
"""

from __future__ import annotations

import importlib

from mmperf.chapter import Chapter

__all__ = ["CHAPTERS", "Chapter", "PAPER_PACKAGES", "chapter"]

PAPER_PACKAGES = ("taylor1993", "claypool1998", "ortiz2013", "huynh1994", "chodorek2018")
"""The papers' packages, in the book's order; each exposes ``CHAPTERS``, a tuple of its chapters."""


def _registry() -> tuple[Chapter, ...]:
    chapters = []
    for name in PAPER_PACKAGES:
        module = importlib.import_module(f"{__name__}.{name}")
        chapters.extend(module.CHAPTERS)
    keys = [c.key for c in chapters]
    if len(set(keys)) != len(keys):
        raise ValueError(f"chapter keys repeat: {keys}")
    return tuple(chapters)


def chapter(key: str) -> Chapter:
    """The chapter whose key is ``key``.

    Parameters
    ----------
    key : str
        A chapter's key, e.g. ``"taylor1993"`` or ``"claypool1998-jitter"``.

    Returns
    -------
    Chapter
        The entry of :data:`CHAPTERS` with that key.

    Raises
    ------
    ValueError
        If no chapter has that key (the message lists the keys).
    """
    chapters = __getattr__("CHAPTERS")
    for c in chapters:
        if c.key == key:
            return c
    raise ValueError(f"chapter must be one of {[c.key for c in chapters]}, got {key!r}")


def __getattr__(name: str):
    if name == "CHAPTERS":  # built on first use, then an ordinary module attribute
        if "CHAPTERS" not in globals():
            globals()["CHAPTERS"] = _registry()
        return globals()["CHAPTERS"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
