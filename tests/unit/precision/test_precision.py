"""The book's precision: rounding that no CPU can change."""

import json
import math

import altair as alt
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, strategies as st

from mmperf import charts
from mmperf.precision import SIGNIFICANT_DIGITS, format_float, round_array, round_frame, round_json, round_sig

finite = st.floats(allow_nan=False, allow_infinity=False)


@given(finite)
def test_rounding_is_idempotent_and_close(x):
    r = round_sig(x)
    assert round_sig(r) == r
    assert abs(r - x) <= 0.5 * 10 ** (1 - SIGNIFICANT_DIGITS) * abs(x) * (1 + 1e-12)


@given(finite)
def test_a_rounded_number_prints_with_at_most_the_book_digits(x):
    # repr is the shortest text that reads back as the same float
    digits = repr(round_sig(x)).split("e")[0].replace("-", "").replace(".", "").strip("0")
    assert len(digits) <= SIGNIFICANT_DIGITS


@given(st.floats(min_value=1e-300, max_value=1e300))
def test_last_bit_differences_vanish(x):
    """Neighbours one ulp apart round alike unless they straddle a rounding boundary."""
    up = np.nextafter(x, np.inf)
    boundary = float(format(x, f".{SIGNIFICANT_DIGITS + 3}g"))  # a value exactly half-way would show ...500
    if format(boundary, ".17g").rstrip("0").endswith("5"):
        return
    assert round_sig(up) == round_sig(x)


def test_negative_zero_and_non_finite_values():
    assert math.copysign(1, round_sig(-0.0)) == 1
    assert math.copysign(1, round_sig(-1e-320)) == 1 or round_sig(-1e-320) != 0
    assert math.isnan(round_sig(float("nan")))
    assert round_sig(float("inf")) == float("inf")
    with pytest.raises(TypeError, match="x must be a real number"):
        round_sig("1.0")


def test_frames_arrays_and_specs_are_rounded_everywhere():
    frame = pd.DataFrame({"a": [1 / 3, 2 / 3], "b": [1, 2], "c": ["x", "y"], "d": [0.1 + 0.2, None]})
    out = round_frame(frame)
    assert out["a"].tolist() == [0.333333, 0.666667]
    assert out["b"].tolist() == [1, 2] and out["c"].tolist() == ["x", "y"]
    assert out["d"].iloc[0] == 0.3 and math.isnan(out["d"].iloc[1])
    assert frame["a"].iloc[0] == 1 / 3  # the input is not modified
    assert round_array(np.array([[1 / 7]])).shape == (1, 1)
    assert round_json({"a": [1 / 3, {"b": (2 / 3,)}], "t": True}) == {"a": [0.333333, {"b": [0.666667]}], "t": True}


def test_table_text_has_no_long_numbers():
    assert format_float(1 / 3) == "0.333333"
    assert format_float(123456789.123) == "123457000"
    assert format_float(-0.0) == "0"
    assert format_float(1e-9 / 3) == "3.33333e-10"


def test_chart_data_and_dataset_names_come_from_rounded_values():
    charts.setup()
    a = pd.DataFrame({"x": [0.0, 1.0], "y": [0.1 + 0.2, 1 / 3]})
    b = a.assign(y=[0.3, np.nextafter(1 / 3, 1)])  # differs from a in the last bits only
    ca, cb = (alt.Chart(f).mark_line().encode(x="x", y="y") for f in (a, b))
    ba = charts.render_bundle(ca.to_dict())
    charts.setup()  # a fresh chapter: element ids restart
    bb = charts.render_bundle(cb.to_dict())
    assert ba == bb
    spec = ca.to_dict()
    (values,) = spec["datasets"].values()
    assert [v["y"] for v in values] == [0.3, 0.333333]
