"""The executor's cache and nbval's teeth, on a tiny notebook."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from mmperf.book import _execute
from mmperf.book._execute import execute_notebook, input_hash

FIXTURE = Path(__file__).parent / "fixtures" / "tiny.ipynb"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    path = tmp_path_factory.mktemp("nb") / "tiny.ipynb"
    shutil.copy(FIXTURE, path)
    result = execute_notebook(path)
    assert result.action == "executed"
    return path


def _nbval(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--nbval", str(path), "-q",
         "--nbval-sanitize-with", str(ROOT / "book" / "nbval-sanitize.cfg"), "--rootdir", str(path.parent)],
        capture_output=True, text=True, cwd=path.parent,
    )


def test_execution_is_cached_by_input_hash(executed, tmp_path):
    nb = nbformat.read(executed, as_version=4)
    assert nb.metadata["mmperf"]["input_hash"] == input_hash(executed)
    assert all("execution" not in c.metadata for c in nb.cells)
    assert execute_notebook(executed).action == "cached"
    assert execute_notebook(executed, force=True).action == "executed"
    # editing a code cell invalidates the cache
    changed = tmp_path / "changed.ipynb"
    nb.cells[2].source = "int(x.sum()) + 1"
    nbformat.write(nb, changed)
    assert input_hash(changed) != input_hash(executed)
    assert execute_notebook(changed).action == "executed"


def test_two_executions_write_identical_files(executed, tmp_path):
    again = tmp_path / "again.ipynb"
    execute_notebook(executed, force=True, out=again)
    assert again.read_text() == executed.read_text()


def test_a_failing_cell_leaves_the_notebook_untouched(tmp_path):
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.cells[2].source = "raise RuntimeError('boom')"
    path = tmp_path / "fails.ipynb"
    nbformat.write(nb, path)
    before = path.read_text()
    with pytest.raises(Exception, match="boom"):
        execute_notebook(path)
    assert path.read_text() == before
    assert not list(tmp_path.glob("*.tmp"))


def test_nbval_passes_on_unchanged_outputs_and_fails_on_changed_ones(executed, tmp_path):
    ok = _nbval(executed)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    tampered = tmp_path / "tampered.ipynb"
    data = json.loads(executed.read_text())
    result_cell = data["cells"][2]
    value = result_cell["outputs"][0]["data"]["text/plain"]
    result_cell["outputs"][0]["data"]["text/plain"] = str(int("".join(value)) + 1)
    tampered.write_text(json.dumps(data))
    bad = _nbval(tampered)
    assert bad.returncode != 0, "nbval must fail when a chapter's output changes"
    assert "1 failed" in bad.stdout


def test_book_notebooks_follow_the_table_of_contents():
    listed = _execute.book_notebooks(ROOT)
    assert listed, "the table of contents lists no notebook"
    assert all(p.suffix == ".ipynb" and p.is_file() for p in listed)
    names = [p.name for p in listed]
    assert names.index("scorecard.ipynb") == len(names) - 1 or "scorecard.ipynb" in names


def test_a_mechanism_change_re_executes_only_the_chapters_that_import_it(tmp_path):
    """The input hash covers the modules a chapter imports (transitively) and its paper's data."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copytree(ROOT / "data", copy / "data")
    shutil.copy(ROOT / "requirements.lock", copy / "requirements.lock")
    chapters = ["taylor1993", "claypool1998-jitter", "ortiz2013", "huynh1994", "chodorek2018"]
    before = {c: input_hash(ROOT / "book" / f"{c}.ipynb", root=copy, seed=1) for c in chapters}
    ps2 = copy / "src" / "mmperf" / "hosts" / "ps2.py"  # the PS/2 model: Huynh's chapter only
    ps2.write_text(ps2.read_text() + "\n# edited\n")
    after = {c: input_hash(ROOT / "book" / f"{c}.ipynb", root=copy, seed=1) for c in chapters}
    assert [c for c in chapters if before[c] != after[c]] == ["huynh1994"]
    # a module every chapter reaches through other modules (seeds) moves every chapter
    seeds_py = copy / "src" / "mmperf" / "seeds.py"
    seeds_py.write_text(seeds_py.read_text() + "\n# edited\n")
    mid = {c: input_hash(ROOT / "book" / f"{c}.ipynb", root=copy, seed=1) for c in chapters}
    assert all(mid[c] != after[c] for c in chapters)
    # the paper's data: Ortiz's tables move only Ortiz
    table = next((copy / "data" / "papers" / "ortiz2013").glob("*.csv"))
    table.write_text(table.read_text() + "\n")
    final = {c: input_hash(ROOT / "book" / f"{c}.ipynb", root=copy, seed=1) for c in chapters}
    assert [c for c in chapters if final[c] != mid[c]] == ["ortiz2013"]


def test_the_kernel_start_up_lines_run_before_the_first_cell_and_leave_no_trace(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import sys\nrepr(sys.modules.get('rfc3987_syntax', 'imported later'))"),
                nbformat.v4.new_code_cell("1 + 1")]
    path = tmp_path / "startup.ipynb"
    nbformat.write(nb, path)
    execute_notebook(path)
    cells = nbformat.read(path, as_version=4).cells
    assert _execute.KERNEL_STARTUP
    assert cells[0].outputs[0]["data"]["text/plain"] == "'None'"  # the start-up line ran in this kernel
    assert [c.execution_count for c in cells] == [1, 2]  # and took no execution count
    assert all(o["output_type"] == "execute_result" for c in cells for o in c.outputs)  # nor printed anything
