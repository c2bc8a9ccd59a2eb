"""Book tooling: execute the chapters, collect the scorecard, build, benchmark.

Command line (what ``make book``, ``make bench`` and a researcher use)::

    python -m mmperf.book execute [NOTEBOOK ...] [--force] [--jobs N]
    python -m mmperf.book claims            # write _build/claims.csv
    python -m mmperf.book build [--force]   # execute + claims + jupyter-book build
    python -m mmperf.book pdf               # execute + the whole book as _build/pdf/book.pdf
    python -m mmperf.book bench [--repeat N] [--skip-build]

A chapter is executed in place when its inputs changed: its code cells, the
package's source, the data and the lock. The hash of those inputs is kept in
the notebook's metadata, so the committed, executed notebooks are a cache that
is valid exactly when nothing they depend on has moved. ``--force`` executes
regardless. Notebooks whose metadata has ``"mmperf": {"after_chapters": true}``
(the scorecard) run after all others and depend on their claims.
"""

from mmperf.book._execute import (
    ExecutionResult,
    book_notebooks,
    collect_book_claims,
    execute_notebook,
    execute_notebooks,
    input_hash,
    write_claims_csv,
)

__all__ = [
    "ExecutionResult",
    "book_notebooks",
    "collect_book_claims",
    "execute_notebook",
    "execute_notebooks",
    "input_hash",
    "write_claims_csv",
]
