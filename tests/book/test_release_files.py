"""The release files agree on one version: pyproject, the package, CITATION.cff and the book's footer."""

import re
import tomllib
from pathlib import Path

import yaml

import mmperf

ROOT = Path(__file__).resolve().parents[2]


def test_one_version_everywhere():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert mmperf.__version__ == version
    assert yaml.safe_load((ROOT / "CITATION.cff").read_text())["version"] == version
    footer = yaml.safe_load((ROOT / "_config.yml").read_text())["html"]["extra_footer"]
    assert re.search(rf"mmperf {re.escape(version)}\b", footer)
    assert f"## {version}" in (ROOT / "CHANGELOG.md").read_text()


def test_licences_are_there():
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert "CC BY 4.0" in (ROOT / "LICENSE-text.md").read_text()
    vendored = ROOT / "book" / "_static" / "vendor" / "licenses"
    assert len(list(vendored.glob("*.LICENSE"))) >= 4
