import altair as alt
import numpy as np
import pandas as pd
import pytest

from mmperf import charts


@pytest.fixture(autouse=True)
def _setup():
    charts.setup()


def _chart(y):
    return alt.Chart(pd.DataFrame({"x": [1, 2, 3], "y": y})).mark_line().encode(x="x:Q", y="y:Q").properties(title="t")


def test_chart_output_is_deterministic_and_loads_nothing_remote():
    a = charts.render_bundle(_chart([1, 2, 3]).to_dict())
    charts.setup()  # a new session (a re-execution) starts the id counter again
    b = charts.render_bundle(_chart([1, 2, 3]).to_dict())
    assert a == b
    html = a["text/html"]
    # the only URL is the spec's $schema, which Vega-Embed reads as a version tag, never fetches
    assert html.replace('"$schema":"https://vega.github.io/schema/vega-lite/v6', "").count("http") == 0
    assert "<script src" not in html
    assert 'class="mmperf-chart"' in html and "vegaEmbed" in html


def test_identical_specs_on_one_page_get_distinct_ids():
    spec = _chart([1, 2, 3]).to_dict()
    first = charts.render_bundle(spec)["text/html"]
    second = charts.render_bundle(spec)["text/html"]
    assert first != second
    assert charts.render_bundle(_chart([3, 2, 1]).to_dict())["text/html"].split('"')[3] not in first


def test_the_renderer_is_the_active_one():
    bundle = _chart([1, 2, 3])._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "mmperf-chart" in bundle["text/html"]


def test_figures_are_numbered_in_order_and_need_a_caption():
    f1 = charts.figure(_chart([1, 2, 3]), caption="first", name="fig-a")
    f2 = charts.figure(_chart([1, 2, 4]), caption="second")
    b1, b2 = f1._repr_mimebundle_(), f2._repr_mimebundle_()
    assert "Figure 1." in b1["text/html"] and 'id="fig-a"' in b1["text/html"]
    assert "Figure 2." in b2["text/html"]
    with pytest.raises(ValueError, match="caption"):
        charts.figure(_chart([1, 2, 3]), caption=" ")


def test_image_grid_validates_and_renders_png():
    img = (np.arange(64, dtype=np.uint8).reshape(8, 8) * 4).astype(np.uint8)
    html = charts.image_grid({"a": img}, width=64)._repr_html_()
    assert html.count("data:image/png;base64,") == 1
    with pytest.raises(ValueError, match="uint8"):
        charts.image_grid({"bad": img.astype(float)})
    with pytest.raises(ValueError, match="at least one"):
        charts.image_grid({})
