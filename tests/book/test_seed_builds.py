"""Builds with another root seed: the seed is an input, and the committed chapters stay as they are."""

import shutil
from pathlib import Path

import nbformat
import pytest

from mmperf import seeds
from mmperf.book import _execute
from mmperf.book._execute import execute_notebook, input_hash, resolve_seed, stage_book

FIXTURE = Path(__file__).parent / "fixtures" / "tiny.ipynb"
ROOT = Path(__file__).resolve().parents[2]


def test_the_seed_is_part_of_the_input_hash():
    nb = ROOT / "book" / "taylor1993.ipynb"
    assert input_hash(nb, seed=1) != input_hash(nb, seed=2)
    assert input_hash(nb, seed=seeds.DEFAULT_ROOT_SEED) == input_hash(nb, seed=None) or resolve_seed() != seeds.DEFAULT_ROOT_SEED


def test_resolve_seed_reads_the_environment(monkeypatch):
    monkeypatch.setenv("MMPERF_SEED", "7")
    assert resolve_seed() == 7
    assert resolve_seed(3) == 3
    with pytest.raises(ValueError, match="seed must be"):
        resolve_seed(-3)


def test_a_non_default_seed_never_overwrites_a_committed_chapter(monkeypatch):
    chapter = ROOT / "book" / "taylor1993.ipynb"
    before = chapter.read_bytes()
    with pytest.raises(ValueError, match="would overwrite the committed chapter"):
        execute_notebook(chapter, seed=7)
    assert chapter.read_bytes() == before


def _last_output(tmp_path, code: str, **execute_options) -> dict:
    """Execute the fixture notebook with one more cell, ``code``; return that cell's first output."""
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(code))
    path = tmp_path / "probe.ipynb"
    nbformat.write(nb, path)
    out = tmp_path / "out.ipynb"
    execute_notebook(path, out=out, **execute_options)
    return nbformat.read(out, as_version=4).cells[-1].outputs[0]


def test_a_kernel_runs_with_the_seed_it_is_given(tmp_path):
    out = _last_output(tmp_path, "from mmperf import seeds\nseeds.use(None)", seed=7)
    assert "root seed **7**" in out["data"]["text/markdown"]


def test_staging_copies_the_book_and_keeps_executed_copies(tmp_path, monkeypatch):
    monkeypatch.setattr(_execute, "build_dir", lambda: tmp_path / "_build")
    stage = stage_book(7)
    assert stage == tmp_path / "_build" / "seed-7"
    for name in ("_config.yml", "_toc.yml", "book/intro.md", "book/taylor1993.ipynb"):
        assert (stage / name).is_file(), name
    staged = stage / "book" / "taylor1993.ipynb"
    nb = nbformat.read(staged, as_version=4)
    nb.metadata["mmperf"]["marker"] = "kept"  # outputs of a staged execution, same code
    nbformat.write(nb, staged)
    stage_book(7)
    assert nbformat.read(staged, as_version=4).metadata["mmperf"].get("marker") == "kept"
    nb.cells[-1].source += "\n# edited"  # the code changed: the copy is refreshed
    nbformat.write(nb, staged)
    stage_book(7)
    assert "marker" not in nbformat.read(staged, as_version=4).metadata["mmperf"]


def test_a_kernel_is_told_the_book_it_belongs_to(tmp_path):
    out = _last_output(tmp_path, "from mmperf._paths import book_root\nprint(book_root())", seed=7, root=tmp_path)
    assert out["text"].strip() == str(tmp_path.resolve())
