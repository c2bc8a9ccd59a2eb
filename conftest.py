"""Root conftest: what every collected item shares, the package's doctests included."""

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
