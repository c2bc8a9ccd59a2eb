import base64
import json
import struct

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


def test_chart_output_is_the_standard_bundle_and_deterministic():
    a = charts.render_bundle(_chart([1, 2, 3]).to_dict())
    charts.setup()  # a new session (a re-execution)
    b = charts.render_bundle(_chart([1, 2, 3]).to_dict())
    assert a == b
    assert set(a) == {charts.VEGALITE_MIME, "image/png", "text/plain"}
    spec = a[charts.VEGALITE_MIME]
    assert spec["$schema"].endswith("/vega-lite/v5.json") and spec["mark"] == {"type": "line"}
    png = base64.b64decode(a["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width > 100 and height > 100  # a drawn chart, not an empty image


def test_every_chart_compiles_under_the_vega_lite_that_notebook_viewers_run():
    import vl_convert

    spec = charts.render_bundle(_chart([1, 2, 3]).to_dict())[charts.VEGALITE_MIME]
    vega = vl_convert.vegalite_to_vega(spec, vl_version="5.21")
    assert vega["$schema"].endswith("/vega/v5.json")


def test_site_html_loads_nothing_remote_and_has_unique_ids():
    spec = charts.render_bundle(_chart([1, 2, 3]).to_dict())[charts.VEGALITE_MIME]
    first, second = charts.site_html(spec), charts.site_html(spec)
    # the only URL is the spec's $schema, which Vega-Embed reads as a version tag, never fetches
    assert charts.SITE_SCHEMA in first
    assert first.replace(f'"$schema":"{charts.SITE_SCHEMA}"', "").count("http") == 0
    assert "<script src" not in first
    assert 'class="mmperf-chart"' in first and "vegaEmbed" in first
    assert first.split('"')[3] != second.split('"')[3]
    assert 'id="fixed"' in charts.site_html(spec, element_id="fixed")


def test_the_site_renderer_is_registered_for_html_builders_only():
    from importlib.metadata import entry_points

    from myst_nb.core.render import MimeData, get_mime_priority

    (ep,) = [e for e in entry_points(group="myst_nb.mime_renderers") if e.name == "mmperf_vegalite"]
    plugin = ep.load()
    assert get_mime_priority("html", [])[0] == charts.VEGALITE_MIME
    assert charts.VEGALITE_MIME not in get_mime_priority("latex", [])[:1]
    spec = charts.render_bundle(_chart([1, 2, 3]).to_dict())[charts.VEGALITE_MIME]
    data = MimeData(charts.VEGALITE_MIME, spec, cell_index=4, output_index=0,
                    output_metadata={charts.VEGALITE_MIME: {"mmperf": {"name": "fig-x"}}})
    (node,) = plugin.handle_mime(None, data, False)
    assert 'id="fig-x"' in node.astext() and "vegaEmbed" in node.astext()
    assert plugin.handle_mime(None, MimeData("text/plain", "x"), False) is None


def test_the_renderer_is_the_active_one():
    bundle = _chart([1, 2, 3])._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert charts.VEGALITE_MIME in bundle and "image/png" in bundle


def test_figures_are_numbered_in_order_and_need_a_caption():
    f1 = charts.figure(_chart([1, 2, 3]), caption="first", name="fig-a")
    f2 = charts.figure(_chart([1, 2, 4]), caption="second")
    b1, b2 = f1._repr_mimebundle_(), f2._repr_mimebundle_()
    assert "Figure 1." in b1["text/html"] and 'id="fig-a"' in b1["text/html"]
    assert "Figure 2." in b2["text/html"]
    assert f2.caption_bundle()["text/plain"] == "Figure 2. second"
    with pytest.raises(ValueError, match="caption"):
        charts.figure(_chart([1, 2, 3]), caption=" ")


def test_a_chart_figure_displays_the_chart_bundle_then_its_caption():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    InteractiveShell.instance()
    fig = charts.figure(_chart([1, 2, 3]), caption="what to notice", name="fig-b")
    with capture_output() as out:
        fig._ipython_display_()
    chart, caption = out.outputs
    assert charts.VEGALITE_MIME in chart.data and "image/png" in chart.data
    assert chart.metadata[charts.VEGALITE_MIME]["mmperf"]["name"] == "fig-b"
    assert "what to notice" in caption.data["text/html"]


def test_image_grid_validates_and_renders_png():
    img = (np.arange(64, dtype=np.uint8).reshape(8, 8) * 4).astype(np.uint8)
    html = charts.image_grid({"a": img}, width=64)._repr_html_()
    assert html.count("data:image/png;base64,") == 1
    with pytest.raises(ValueError, match="uint8"):
        charts.image_grid({"bad": img.astype(float)})
    with pytest.raises(ValueError, match="at least one"):
        charts.image_grid({})


def _committed_charts():
    import json
    from pathlib import Path

    from mmperf.book._execute import book_notebooks

    root = Path(__file__).resolve().parents[2]
    for nb in book_notebooks(root):
        for i, cell in enumerate(json.loads(nb.read_text())["cells"]):
            for out in cell.get("outputs", []):
                spec = out.get("data", {}).get(charts.VEGALITE_MIME)
                if spec is not None:
                    yield f"{nb.stem} cell {i}", spec, out


def test_every_committed_chart_has_a_static_image_and_tooltips():
    found = list(_committed_charts())
    assert len(found) >= 40
    for where, spec, out in found:
        assert "image/png" in out["data"], f"{where}: no static image"
        text = json.dumps(spec)
        assert '"tooltip"' in text, f"{where}: no tooltip"
        assert "text/html" not in out["data"], f"{where}: HTML would hide the chart in JupyterLab"
