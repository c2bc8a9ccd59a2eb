"""The same outputs on every CPU: a chapter-sized output, computed twice, once with numpy's
SIMD dispatch lowered, is byte-identical once the book has rounded it (mmperf.precision)."""

import hashlib
import os
import subprocess
import sys

import pytest

LOWERED = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"

# The Claypool jitter chapter's run table, its Table 2 of correlations and one of its charts,
# displayed as the chapter displays them (charts.setup(): rounded tables and chart data).
SCRIPT = r"""
import hashlib, json, sys
import altair as alt
from mmperf import charts, claims
from mmperf.results import Results
from mmperf.verdicts import judge
from mmperf.experiments import claypool1998 as X
charts.setup()
runs = X.run_points(X.grid(), reps=X.REPS)
t2 = X.table2_comparison(runs)
chart = alt.Chart(runs).mark_circle().encode(x="experiment:N", y=alt.Y(runs.select_dtypes("float").columns[0] + ":Q"))
shown = runs.to_html() + t2.to_html() + json.dumps(charts.render_bundle(chart.to_dict()), sort_keys=True)
spec = claims.ClaimSpec("mean-r", quote="q", where="w", quantity="mean r", paper_value="-",
                        value=lambda r: r.value("mean_r"), criterion=claims.Range(0, 1), kind="prediction",
                        expected="reproduced")
run = Results("claypool1998", seed=1, params=None, tables={}, descriptions={},
              values={"mean_r": float(t2["book"].abs().mean())})
record = judge([spec], {1: run}, book_seed=1).frame.iloc[0].to_dict()
shown += json.dumps(record, sort_keys=True, default=str)
print(hashlib.sha256(shown.encode()).hexdigest(), len(shown))
"""


def _digest(env_extra: dict, *, digits: int | None = None) -> list:
    script = SCRIPT if digits is None else f"import mmperf.precision as P; P._FMT = '.{digits}g'\n" + SCRIPT
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    env.update(env_extra, PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


def test_a_chapter_output_is_byte_identical_with_numpy_dispatch_lowered():
    native = _digest({})
    lowered = _digest({"NPY_DISABLE_CPU_FEATURES": LOWERED})
    assert int(native[1]) > 100_000  # chapter-sized: the whole run table and more
    assert native == lowered


def _dispatches_above_baseline() -> bool:
    from numpy._core._multiarray_umath import __cpu_features__

    return bool(__cpu_features__.get("AVX512F", False))  # where the control was seen to differ


@pytest.mark.skipif(not _dispatches_above_baseline(), reason="control checked on AVX-512 CPUs only")
def test_without_the_rounding_the_same_output_differs():
    """The control: at 17 digits the lowered dispatch does change the output (so the test above can fail)."""
    assert _digest({}, digits=17) != _digest({"NPY_DISABLE_CPU_FEATURES": LOWERED}, digits=17)


def test_no_committed_output_holds_a_number_with_14_or_more_digits():
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    long_number = re.compile(r"(?<![0-9a-fA-F])[0-9]*\.?[0-9]{14,}")  # 14+ digits in a row, not inside a hex hash
    found = {}
    for path in sorted((root / "book").rglob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            for out in cell.get("outputs", []):
                text = json.dumps(out.get("data", {})) + "".join(out.get("text", ""))
                hits = [m for m in long_number.findall(text) if len(m.replace(".", "").lstrip("0")) >= 14]
                if hits:
                    found[f"{path.name} cell {i}"] = hits[:3]
    assert not found, f"outputs with numbers of 14+ significant digits: {found}"
