"""``experiments/`` composes mechanisms and holds no model logic of its own (issue #29, item 3), checked
on the source where a rule can be read there:

* no ``while`` loop: event loops, fixed points and iterative searches (bisections, calibrations) are
  mechanisms and live in the packages below, named for what they do;
* no import of what a mechanism is built with: a compiler (numba), an event scheduler (simpy, heapq),
  solvers and estimators (scipy, statsmodels), or a cluster (dask, distributed: grids run through
  :mod:`mmperf.gridrun`).

What is left in ``experiments/`` is configuration (``paper.py``, ``params.py``), claims (``claims.py``)
and composition (``run``: which mechanism, which cells, which table of the paper).
"""

from __future__ import annotations

import ast
from pathlib import Path

from mmperf._paths import repo_root

EXPERIMENTS = repo_root() / "src" / "mmperf" / "experiments"
FORBIDDEN = ("numba", "simpy", "heapq", "scipy", "statsmodels", "dask", "distributed")


def _imported(node) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        return [node.module]
    return []


def _model_logic(root: Path) -> list[str]:
    """Every ``while`` loop and forbidden import under ``root``, as ``path:line: what``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.While):
                found.append(f"{where}: a while loop (an event loop or a search: a mechanism)")
            for name in _imported(node):
                if name.split(".")[0] in FORBIDDEN:
                    found.append(f"{where}: imports {name} (what mechanisms are built with)")
    return found


def test_experiments_hold_no_loop_or_solver_of_their_own():
    found = _model_logic(EXPERIMENTS)
    assert not found, "model logic in experiments/ (move it to the mechanism package it belongs to):\n" + "\n".join(found)


def test_the_check_sees_what_it_forbids(tmp_path):
    (tmp_path / "paper").mkdir()
    (tmp_path / "paper" / "model.py").write_text(
        "import heapq\nfrom scipy.optimize import brentq\nimport numpy as np\n\n\n"
        "def run(x):\n    while x > 1:\n        x /= 2\n    return np.sqrt(x)\n")
    found = _model_logic(tmp_path)
    assert found == ["paper/model.py:1: imports heapq (what mechanisms are built with)",
                     "paper/model.py:2: imports scipy.optimize (what mechanisms are built with)",
                     "paper/model.py:7: a while loop (an event loop or a search: a mechanism)"]
