"""The book tooling fails loudly and safely: a table-of-contents typo, a failing cell, a notebook
saved by a reader during execution, and SIGTERM during a parallel execution each stop with the file
named, leave every notebook byte-identical and leave no process behind."""

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import nbformat
import pytest

from mmperf.book._execute import BookLayoutError, NotebookExecutionError, book_notebooks, execute_notebook

ROOT = Path(__file__).resolve().parents[2]


def _book(tmp_path, sources: dict[str, str], toc_files=None) -> Path:
    root = tmp_path / "book-root"
    (root / "book").mkdir(parents=True)
    for name, code in sources.items():
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
        nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
        nbformat.write(nb, root / "book" / f"{name}.ipynb")
    (root / "book" / "intro.md").write_text("# Intro\n")
    files = toc_files if toc_files is not None else [f"book/{n}" for n in sources]
    (root / "_toc.yml").write_text("format: jb-book\nroot: book/intro\nchapters:\n" + "".join(f"  - file: {f}\n" for f in files))
    (root / "_config.yml").write_text("title: t\nexclude_patterns:\n  - book/drafts/*\n")
    return root


def test_a_toc_typo_fails_and_names_the_page(tmp_path):
    root = _book(tmp_path, {"a": "1", "b": "2"}, toc_files=["book/a", "book/bb"])
    with pytest.raises(BookLayoutError, match=r"lists pages that do not exist: \['book/bb'\]"):
        book_notebooks(root)


def test_a_notebook_left_out_of_the_toc_fails_unless_excluded(tmp_path):
    root = _book(tmp_path, {"a": "1", "b": "2"}, toc_files=["book/a"])
    with pytest.raises(BookLayoutError, match=r"does not list: \['book/b.ipynb'\]"):
        book_notebooks(root)
    (root / "book" / "drafts").mkdir()
    shutil.move(root / "book" / "b.ipynb", root / "book" / "drafts" / "b.ipynb")
    assert [p.name for p in book_notebooks(root)] == ["a.ipynb"]


def test_the_real_book_is_consistent():
    # every notebook under book/ is in the table of contents and every page it lists exists
    # (book_notebooks raises otherwise)
    notebooks = book_notebooks(ROOT)
    on_disk = sorted(p for p in (ROOT / "book").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    assert sorted(notebooks) == on_disk
    toc = (ROOT / "_toc.yml").read_text()
    assert all(f"file: {p.relative_to(ROOT).with_suffix('')}" in toc for p in notebooks)


def test_a_failing_cell_is_named_with_its_notebook(tmp_path):
    root = _book(tmp_path, {"bad": "x = 1\nraise RuntimeError('boom')"})
    path = root / "book" / "bad.ipynb"
    before = path.read_bytes()
    with pytest.raises(NotebookExecutionError, match=r"(?s)bad.ipynb: code cell 1 \(id .*\) failed: .*boom"):
        execute_notebook(path, root=root)
    assert path.read_bytes() == before


def test_a_notebook_saved_during_execution_is_not_overwritten(tmp_path):
    root = _book(tmp_path, {"slow": "import time; time.sleep(3)"})
    path = root / "book" / "slow.ipynb"
    saver = subprocess.Popen([sys.executable, "-c",
                              f"import time, pathlib; time.sleep(1.5); p = pathlib.Path({str(path)!r}); "
                              "p.write_text(p.read_text().replace('time.sleep(3)', 'time.sleep(3)  # edited'))"])
    with pytest.raises(RuntimeError, match="changed on disk while .* was executing"):
        execute_notebook(path, root=root, force=True)
    saver.wait()
    assert "# edited" in path.read_text()  # the reader's save survives
    assert not list(path.parent.glob("*.tmp"))


def _tagged_processes(tag: str) -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if f"MMPERF_TEST_TAG={tag}".encode() in (proc / "environ").read_bytes():
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc to find the processes left behind")
def test_sigterm_during_a_parallel_execution_writes_nothing_and_leaves_no_process(tmp_path):
    root = _book(tmp_path, {"a": "import time; time.sleep(120)", "b": "import time; time.sleep(120)"})
    before = {p: p.read_bytes() for p in (root / "book").glob("*.ipynb")}
    tag = uuid.uuid4().hex
    env = {**os.environ, "MMPERF_BOOK_ROOT": str(root), "MMPERF_TEST_TAG": tag}
    proc = subprocess.Popen([sys.executable, "-m", "mmperf.book", "execute", "--jobs", "2", "--force"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while len(_tagged_processes(tag)) < 5 and time.monotonic() < deadline:  # parent, 2 workers, 2 kernels
        time.sleep(0.5)
    assert len(_tagged_processes(tag)) >= 5, "the kernels did not start"
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, out
    assert "interrupted while executing" in out and "a.ipynb" in out and "b.ipynb" in out, out[-2000:]
    deadline = time.monotonic() + 20
    while _tagged_processes(tag) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = _tagged_processes(tag)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind: {left}"
    assert {p: p.read_bytes() for p in (root / "book").glob("*.ipynb")} == before
    assert not list((root / "book").glob("*.tmp"))
