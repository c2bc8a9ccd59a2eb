"""``validation/quotes.py``: a quote is found in a paper's text word for word (whatever the punctuation, the
ligatures and the line-end hyphens), a changed word is not, and the closest passage is the one it came from."""

import importlib.util
from pathlib import Path

from mmperf.experiments import CHAPTERS

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("mmperf_validation_quotes", ROOT / "validation" / "quotes.py")
quotes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(quotes)


def test_words_undo_the_extraction_s_marks():
    assert quotes.words("Buffer over\ufb02ow: the e\ufb00ect's\nhyphen-\n  ated (2-3%)") == \
        "buffer overflow the effect s hyphenated 2 3"


def _papers(tmp_path, altered: str | None = None) -> Path:
    """A papers folder whose texts hold every claim's quote (for ``altered``, a word of it changed)."""
    texts = {}
    for chapter in CHAPTERS:
        for spec in chapter.claims:
            quote = spec.quote.replace(" the ", " a ", 1) if spec.id == altered else spec.quote
            texts.setdefault(chapter.paper, []).append(f"Some words before. {quote} And after.")
    for paper, parts in texts.items():
        (tmp_path / quotes.TEXTS[paper]).write_text("\n\n".join(parts))
    return tmp_path


def test_every_quote_is_found_in_a_text_that_holds_it(tmp_path):
    rows = quotes.check(_papers(tmp_path))
    assert len(rows) == sum(len(c.claims) for c in CHAPTERS) and all(r["found"] for r in rows)


def test_a_changed_word_is_not_found_and_the_closest_passage_is_its_source(tmp_path):
    spec = next(s for c in CHAPTERS for s in c.claims if " the " in s.quote and "..." not in s.quote)
    rows = {r["claim"]: r for r in quotes.check(_papers(tmp_path, altered=spec.id))}
    row = rows[spec.id]
    assert not row["found"] and sum(not r["found"] for r in rows.values()) == 1
    assert row["passage"] == quotes.words(spec.quote.replace(" the ", " a ", 1)) and 0.8 < row["likeness"] < 1
