"""Root conftest: what every collected item shares, the package's doctests included."""

import json
from pathlib import Path

import pandas as pd
import pytest
from _pytest.doctest import DoctestItem


@pytest.fixture(autouse=True)
def _doctests_see_pandas_defaults(request):
    """A doctest shows pandas' default display, whatever an earlier test in the same worker set
    (``mmperf.charts.setup`` sets ``display.float_format`` for the chapters' rounded tables)."""
    if isinstance(request.node, DoctestItem):
        with pd.option_context("display.float_format", None):
            yield
    else:
        yield


# Longest first. `make test` runs the files (its scheduling units: --dist loadfile) in collection
# order (--no-loadscope-reorder), so each worker takes the longest file left when it is free: a
# short file last, not a 100-s one, decides when the run ends. The order comes from the seconds
# each file took in a measured run (tests/durations.json; `make durations` measures it again);
# a file not listed there runs after the listed ones, in pytest's order.
DURATIONS = Path(__file__).with_name("tests") / "durations.json"


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_addoption(parser):
    parser.addoption("--record-durations", metavar="PATH", default=None,
                     help="write the seconds each test file took (setup, call and teardown) to PATH as JSON")


def pytest_collection_modifyitems(session, config, items):
    if not DURATIONS.is_file():
        return
    seconds = json.loads(DURATIONS.read_text())
    items.sort(key=lambda item: -float(seconds.get(_file_of(item.nodeid), 0.0)))  # stable: a file's own order kept


_SPENT: dict[str, float] = {}


def pytest_runtest_logreport(report):
    """Sum each file's seconds (on the controller too: xdist hands it every worker's reports)."""
    _SPENT[_file_of(report.nodeid)] = _SPENT.get(_file_of(report.nodeid), 0.0) + float(report.duration)


def pytest_sessionfinish(session, exitstatus):
    path = session.config.getoption("--record-durations")
    if path and not hasattr(session.config, "workerinput"):  # the controller (or a run without xdist) writes
        ordered = dict(sorted(((f, round(s, 1)) for f, s in _SPENT.items()), key=lambda kv: (-kv[1], kv[0])))
        Path(path).write_text(json.dumps(ordered, indent=1) + "\n")
