"""Offline, deterministic Altair charts for the book, drawn in every notebook viewer.

:func:`setup` switches Altair to the ``mmperf`` renderer. Each chart's output is
the standard MIME bundle of a chart (:func:`render_bundle`): the Vega-Lite spec
under :data:`VEGALITE_MIME`, which JupyterLab and VS Code draw natively; a PNG
rendered offline at execution time (vl-convert) for code hosts, nbviewer and any
viewer without JavaScript; and a line of text. The book's site draws the spec
with its own vendored Vega-Embed (:func:`site_html`, called by the site's MIME
renderer :mod:`mmperf.book._mime`), so the site needs no network.

Every number in a chart's data and spec is rounded to
:data:`mmperf.precision.SIGNIFICANT_DIGITS` significant digits before the spec
is hashed or embedded (a data transformer rounds the frames, so Altair names
each dataset after its rounded values), and tables print their floats at the
same precision, so the outputs are the same on every CPU. nbval compares the
spec; it does not compare the PNG.

:func:`figure` wraps a chart (or an image) in a numbered figure with a caption.

Examples
--------
>>> import altair as alt, pandas as pd
>>> from mmperf import charts
>>> charts.setup()
>>> c = alt.Chart(pd.DataFrame({"x": [1, 2], "y": [3, 4]})).mark_line().encode(x="x", y="y")
>>> bundle = charts.render_bundle(c.to_dict())
>>> sorted(bundle)
['application/vnd.vegalite.v5+json', 'image/png', 'text/plain']
>>> charts.site_html(bundle[charts.VEGALITE_MIME]).startswith('<div class="mmperf-chart"')
True
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
from PIL import Image

from mmperf import _validate
from mmperf.precision import format_float, round_frame, round_json

__all__ = [
    "VENDOR", "VEGALITE_MIME", "SITE_SCHEMA", "chart_id", "to_rounded_values", "static_png",
    "render_bundle", "site_html", "setup", "spec_digest", "Figure", "figure", "ImageGrid", "image_grid",
    "status_matrix"
]

VENDOR = {
    "vega": "vega.min.js",
    "vega-lite": "vega-lite.min.js",
    "vega-embed": "vega-embed.min.js",
}
"""Script files served from ``book/_static/vendor`` (see ``_config.yml``)."""

_EMBED_OPTIONS = {"renderer": "svg", "actions": {"export": True, "source": False, "compiled": False, "editor": False}}

_state: dict[str, Any] = {"seen": {}, "figures": 0}


VEGALITE_MIME = "application/vnd.vegalite.v5+json"
"""MIME type of a chart's spec in the notebook: the type JupyterLab's and VS Code's own Vega-Lite
renderers draw. Altair writes Vega-Lite 6 specs; every chart of the book also compiles under
Vega-Lite 5 (tested), so the spec is filed under the v5 type those renderers know."""

_NOTEBOOK_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
SITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v6.4.1.json"
"""Vega-Lite version the site's vendored scripts run (``book/_static/vendor``); the site's
renderer tags the spec with it so Vega-Embed has no version to warn about."""


def _spec_json(spec: dict) -> str:
    return json.dumps(spec, sort_keys=True, separators=(",", ":"), allow_nan=False)


def spec_digest(spec: dict) -> str:
    """The first 12 hex digits of the SHA-256 of a Vega-Lite spec's canonical JSON.

    Parameters
    ----------
    spec : dict
        A Vega-Lite specification (JSON-serialisable, no NaN).

    Returns
    -------
    str
        12 lowercase hex digits, the same for equal specs in every process and build.
    """
    _validate.instance(spec, "spec", dict)
    return hashlib.sha256(_spec_json(spec).encode()).hexdigest()[:12]


def chart_id(spec: dict) -> str:
    """A deterministic element id for a spec: a hash, suffixed when repeated in a session.

    Parameters
    ----------
    spec : dict
        A Vega-Lite spec (``chart.to_dict()``).

    Returns
    -------
    str
        ``mmperf-chart-<digest>`` (the first 12 hex digits of :func:`spec_digest`), with ``-N``
        appended for the N-th repeat of the same spec since :func:`setup`, so ids stay unique
        on a page.

    Raises
    ------
    TypeError
        If ``spec`` is not a dict.
    """
    _validate.instance(spec, "spec", dict)
    digest = spec_digest(spec)
    n = _state["seen"].get(digest, 0)
    _state["seen"][digest] = n + 1
    return f"mmperf-chart-{digest}" + (f"-{n}" if n else "")


def to_rounded_values(data, **_options) -> dict:
    """Altair data transformer: a frame's floats rounded to the book's precision, inline.

    Parameters
    ----------
    data : pandas.DataFrame, dict or geo object
        The chart's data; a frame is rounded with :func:`mmperf.precision.round_frame` first.
    **_options : dict
        Options Altair passes to every data transformer; not used.

    Returns
    -------
    dict
        ``{"values": [...]}``: the data inlined in the spec (:func:`altair.to_values`).

    Raises
    ------
    TypeError
        If ``data`` is not a frame, a dict or an object with ``__geo_interface__``.
    """
    if isinstance(data, pd.DataFrame):
        data = round_frame(data)
    elif not isinstance(data, dict) and not hasattr(data, "__geo_interface__"):
        raise TypeError(f"data must be a pandas.DataFrame, a dict or a geo object, got {type(data).__name__}")
    return alt.to_values(data)


def _title(spec: dict) -> str:
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        title = " ".join(map(str, title))
    return str(title) if title else "untitled"


def static_png(spec: dict) -> str:
    """The chart drawn offline as a PNG (base64), for viewers that run no JavaScript.

    Rendered by vl-convert (Vega and a rasterizer compiled in: no browser, no network).
    nbval does not compare it (the spec is compared instead).

    Parameters
    ----------
    spec : dict
        A Vega-Lite spec (``chart.to_dict()``), drawn at scale 1.

    Returns
    -------
    str
        The base64 (ASCII) text of a PNG with a 256-colour palette (median cut, no dithering).
    """
    import vl_convert  # heavy (a Deno runtime with Vega): imported only when a chart is drawn offline

    drawn = Image.open(io.BytesIO(vl_convert.vegalite_to_png(spec, scale=1.0))).convert("RGB")
    # a palette of 256 colours (median cut, no dithering: deterministic) keeps a chart's PNG about
    # ten times smaller than the full-colour one, with no visible difference for flat chart colours
    small = drawn.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    small.save(buf, format="PNG", optimize=True)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def render_bundle(spec: dict, **_meta) -> dict:
    """Render a Vega-Lite spec as the standard MIME bundle of a chart.

    Every float of the spec is rounded (:func:`mmperf.precision.round_json`) first.
    The bundle holds the spec under :data:`VEGALITE_MIME` (JupyterLab and VS Code
    draw it natively; the book's site draws it with its vendored Vega-Embed, see
    :func:`site_html`), a static ``image/png`` (code hosts, nbviewer, any viewer
    without JavaScript) and a ``text/plain`` line naming the chart.

    Parameters
    ----------
    spec : dict
        A Vega-Lite spec (``chart.to_dict()``).
    **_meta : dict
        Keywords an Altair renderer receives (embed options); not used.

    Returns
    -------
    dict
        MIME type to content.

    Raises
    ------
    TypeError
        If ``spec`` is not a dict.
    """
    spec = round_json(_validate.instance(spec, "spec", dict))
    return {
        VEGALITE_MIME: {**spec, "$schema": _NOTEBOOK_SCHEMA},
        "image/png": static_png(spec),
        "text/plain": f"<Altair chart: {_title(spec)}>",
    }


def site_html(spec: dict, *, element_id: str | None = None) -> str:
    """The site's HTML for a chart: a ``div`` that the vendored Vega-Embed draws into.

    Parameters
    ----------
    spec : dict
        The spec as stored in the notebook (under :data:`VEGALITE_MIME`).
    element_id : str, optional
        The element's id (default: a hash of the spec, :func:`chart_id`).

    Returns
    -------
    str
        A ``div`` and the script that draws the chart in it, or says why it cannot.
    """
    _validate.instance(spec, "spec", dict)
    if element_id is not None:
        _validate.text(element_id, "element_id")
    spec = {**round_json(spec), "$schema": SITE_SCHEMA}
    div_id = element_id or chart_id(spec)
    payload = _spec_json(spec).replace("</", "<\\/")
    options = json.dumps(_EMBED_OPTIONS, sort_keys=True)
    script = (
        "(function(){"
        f"var el=document.getElementById('{div_id}');"
        f"var spec={payload};"
        "function draw(){vegaEmbed(el,spec,"
        f"{options}"
        ").catch(function(e){el.textContent='Chart error: '+e;console.error(e);});}"
        "if(window.vegaEmbed){draw();}else{"
        "el.textContent='This chart is drawn by Vega-Embed, which the built book serves; "
        "open the chapter in the book to see it.';}"
        "})();"
    )
    return f'<div class="mmperf-chart" id="{div_id}"></div>\n<script type="text/javascript">{script}</script>'


def _theme() -> dict:
    return {
        "config": {
            "view": {"continuousWidth": 460, "continuousHeight": 280},
            "font": "sans-serif",
            "title": {"fontSize": 14, "anchor": "start"},
            "axis": {"labelFontSize": 11, "titleFontSize": 12},
            "legend": {"labelFontSize": 11, "titleFontSize": 12},
            # every mark has a tooltip: a chart's own tooltip encoding where it has one, else
            # the encoded fields under their titles (which carry the units)
            "mark": {"tooltip": {"content": "encoding"}},
        }
    }


def setup() -> None:
    """Use the book's renderer, data transformer and theme for every Altair chart in this
    session, and print the floats of every table at the book's precision.

    Call once at the top of a chapter. Also resets the figure counter.
    """
    if "mmperf" not in alt.renderers.names():
        alt.renderers.register("mmperf", render_bundle)
    alt.renderers.enable("mmperf")
    if "mmperf" not in alt.data_transformers.names():
        alt.data_transformers.register("mmperf", to_rounded_values)
    alt.data_transformers.enable("mmperf")
    alt.theme.register("mmperf", enable=True)(_theme)
    pd.set_option("display.float_format", format_float)
    _state["seen"].clear()
    _state["figures"] = 0


class Figure:
    """A numbered figure: a chart or other displayable, and its caption.

    A chart is displayed as two outputs, the chart's own bundle (:func:`render_bundle`,
    so every notebook viewer draws it) and the caption; anything else as one HTML figure.
    Made by :func:`figure`, which numbers it.

    Parameters
    ----------
    content : altair.Chart or displayable
        The chart, or any object with ``_repr_mimebundle_`` or ``_repr_html_``.
    number : int
        The figure's number in the chapter (``Figure N.``).
    caption : str
        What the figure shows and what to notice in it.
    name : str or None
        Anchor id for links (``#name``), or None for no anchor.
    """

    def __init__(self, content, number: int, caption: str, name: str | None):
        self.content, self.number, self.caption, self.name = content, number, caption, name

    def _inner_bundle(self) -> dict:
        if isinstance(self.content, alt.TopLevelMixin):
            return render_bundle(self.content.to_dict())
        if hasattr(self.content, "_repr_mimebundle_"):
            bundle = self.content._repr_mimebundle_()
            return bundle[0] if isinstance(bundle, tuple) else bundle
        if hasattr(self.content, "_repr_html_"):
            return {"text/html": self.content._repr_html_(), "text/plain": repr(self.content)}
        raise TypeError(f"figure content must be an Altair chart or have an HTML repr, got {type(self.content).__name__}")

    def _caption_html(self) -> str:
        return f"<strong>Figure {self.number}.</strong> {html.escape(self.caption)}"

    def caption_bundle(self) -> dict:
        """The caption on its own (shown under a chart)."""
        return {
            "text/html": f'<p class="mmperf-figcaption">{self._caption_html()}</p>',
            "text/plain": f"Figure {self.number}. {self.caption}",
        }

    def _ipython_display_(self):
        from IPython.display import display  # optional: IPython is present only in a notebook kernel

        inner = self._inner_bundle()
        if VEGALITE_MIME in inner:
            meta = {VEGALITE_MIME: {"mmperf": {"figure": self.number, "name": self.name}}}
            display(inner, raw=True, metadata=meta)
            display(self.caption_bundle(), raw=True)
        else:
            display(self._repr_mimebundle_(), raw=True)

    def _repr_mimebundle_(self, include=None, exclude=None):
        inner = self._inner_bundle()
        anchor = f' id="{html.escape(self.name)}"' if self.name else ""
        body = inner.get("text/html")
        if body is None and "image/png" in inner:
            body = f'<img alt="{html.escape(self.caption)}" src="data:image/png;base64,{inner["image/png"].strip()}"/>'
        return {
            "text/html": (
                f'<figure class="mmperf-figure"{anchor}>{body}'
                f"<figcaption>{self._caption_html()}</figcaption></figure>"
            ),
            "text/plain": f"Figure {self.number}. {self.caption}",
        }


def figure(content, caption: str, *, name: str | None = None) -> Figure:
    """Wrap a chart in a numbered figure with a caption saying what to notice.

    Parameters
    ----------
    content : altair.Chart or displayable
        The chart (or any object with an HTML representation).
    caption : str
        What the figure shows and what to notice in it.
    name : str, optional
        Anchor id for links (``#name``).

    Returns
    -------
    Figure
        Displays as ``Figure N. caption``; N counts the figures since :func:`setup`.

    Raises
    ------
    ValueError
        If ``caption`` is empty.
    """
    if not isinstance(caption, str) or not caption.strip():
        raise ValueError("caption must be a non-empty string saying what the figure shows")
    if name is not None:
        _validate.text(name, "name")
    _state["figures"] += 1
    return Figure(content, _state["figures"], caption, name)


class ImageGrid:
    """A row of grey-scale images with titles, displayed as inline PNGs.

    Made by :func:`image_grid`, which checks its inputs.

    Parameters
    ----------
    images : dict of str to numpy.ndarray
        Title to image: uint8 arrays, 2-D (grey) or 3-D (RGB).
    width : int
        Display width of each image in CSS pixels.
    """

    def __init__(self, images: dict[str, Any], width: int):
        self.images, self.width = images, width

    def _repr_html_(self) -> str:
        cells = []
        for title, img in self.images.items():
            buf = io.BytesIO()
            Image.fromarray(np.asarray(img)).save(buf, format="PNG", optimize=False)
            data = base64.b64encode(buf.getvalue()).decode()
            cells.append(
                f'<div style="display:inline-block;margin:4px;text-align:center;vertical-align:top">'
                f'<img style="width:{self.width}px;image-rendering:pixelated" alt="{html.escape(title)}" '
                f'src="data:image/png;base64,{data}"/><br><small>{html.escape(title)}</small></div>'
            )
        return '<div class="mmperf-image-grid">' + "".join(cells) + "</div>"

    def __repr__(self) -> str:
        return f"<ImageGrid: {', '.join(self.images)}>"


def image_grid(images: dict[str, Any], *, width: int = 240) -> ImageGrid:
    """Show images side by side, each titled (use with :func:`figure` for a caption).

    Parameters
    ----------
    images : dict of str to numpy.ndarray
        Title to image: uint8 arrays, 2-D (grey) or 3-D (RGB).
    width : int, default 240
        Display width of each image in CSS pixels.

    Returns
    -------
    ImageGrid
        Displays, as a cell's last expression, the images in a row, each with its title under it.

    Raises
    ------
    ValueError
        If ``images`` is empty, an image is not uint8 2-D/3-D, or ``width`` is not positive.
    """
    _validate.instance(images, "images", dict)
    if not images:
        raise ValueError("images must hold at least one title -> image pair")
    for title, img in images.items():
        arr = np.asarray(img)
        if arr.dtype != np.uint8 or arr.ndim not in (2, 3):
            raise ValueError(f"images[{title!r}] must be a 2-D or 3-D uint8 array, got {arr.dtype} with shape {arr.shape}")
    if not (isinstance(width, int) and width > 0):
        raise ValueError(f"width must be a positive int, got {width!r}")
    return ImageGrid(dict(images), width)


STATUS_COLOURS = {"reproduced": "#4c9a4c", "partly": "#e0b040", "not_reproduced": "#c8504b"}
"""The colour of each verdict, as the scorecard shows it."""


def status_matrix(matrix: pd.DataFrame, *, title: str) -> alt.Chart:
    """A claims x variants matrix of verdicts as a heatmap a reader can scan (one cell per claim and variant).

    Parameters
    ----------
    matrix : pandas.DataFrame
        Index: claim ids; columns: variants (the book's run, each reading, each ablation); values:
        ``reproduced``, ``partly`` or ``not_reproduced`` (:meth:`mmperf.experiments.Chapter.audit_matrix`).
    title : str
        The chart's title.

    Returns
    -------
    altair.Chart
        One rectangle per claim and variant, coloured by status (:data:`STATUS_COLOURS`), claims as rows.

    Raises
    ------
    TypeError
        If ``matrix`` is not a DataFrame or ``title`` not a string.
    ValueError
        If a value is not a status.
    """
    _validate.instance(matrix, "matrix", pd.DataFrame)
    _validate.instance(title, "title", str)
    long = matrix.rename_axis(index="claim", columns="variant").stack().rename("status").reset_index()
    bad = sorted(set(long["status"]) - set(STATUS_COLOURS))
    if bad:
        raise ValueError(f"matrix must hold the statuses {sorted(STATUS_COLOURS)}, got {bad}")
    return alt.Chart(long).mark_rect(stroke="white").encode(
        x=alt.X("variant:N", sort=list(matrix.columns), title="variant (the book, each reading, each ablation)",
                axis=alt.Axis(labelAngle=-60, labelLimit=150)),
        y=alt.Y("claim:N", sort=list(matrix.index), title=None, axis=alt.Axis(labelLimit=190)),
        color=alt.Color("status:N", scale=alt.Scale(domain=list(STATUS_COLOURS), range=list(STATUS_COLOURS.values())),
                        title="verdict (seeds' majority)", legend=alt.Legend(orient="bottom")),
        tooltip=["claim", "variant", "status"],
    ).properties(title=title, width=alt.Step(16), height=alt.Step(12))
