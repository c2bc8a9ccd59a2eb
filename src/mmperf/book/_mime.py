"""The site's renderer for chart outputs (a myst-nb MIME render plugin).

Chapters store each chart as the standard Vega-Lite MIME bundle
(:func:`mmperf.charts.render_bundle`). When the site is built, myst-nb asks
this plugin first for :data:`mmperf.charts.VEGALITE_MIME` in the HTML builders,
and it emits the book's own ``div`` and script (:func:`mmperf.charts.site_html`),
which the vendored Vega-Embed draws. Other builders (LaTeX, text) fall back to
the bundle's static PNG. Registered in ``pyproject.toml`` under the entry point
group ``myst_nb.mime_renderers``.
"""

from __future__ import annotations

import json

from docutils import nodes

from mmperf.charts import VEGALITE_MIME, site_html, spec_digest

_HTML_BUILDERS = ("html", "dirhtml", "singlehtml", "readthedocs", "readthedocsdirhtml")


class VegaLiteRenderer:
    """Draw :data:`mmperf.charts.VEGALITE_MIME` outputs with the site's Vega-Embed."""

    mime_priority_overrides = [(b, "application/vnd.vegalite.v5+json", 1) for b in _HTML_BUILDERS]

    @staticmethod
    def handle_mime(renderer, data, inline):
        if inline or data.mime_type != VEGALITE_MIME:
            return None
        spec = data.content if isinstance(data.content, dict) else json.loads(data.string)
        meta = (data.output_metadata or {}).get(VEGALITE_MIME, {}).get("mmperf", {})
        # unique on the page and the same in every build: the spec's hash and the output's place
        element_id = meta.get("name") or f"mmperf-chart-{spec_digest(spec)}-{data.cell_index}-{data.output_index}"
        return [nodes.raw(text=site_html(spec, element_id=element_id), format="html",
                          classes=["output", "text_html"])]
