"""The package's layers, checked (issue #29).

import-linter checks the contracts of ``pyproject.toml`` (``[tool.importlinter]``): the layers
(book -> experiments -> ... -> core), no import cycle inside any package, no private module
imported from outside its package. Two rules it cannot express are read here from the source:

* no private *name* (``_x``: a function, class or constant) is used outside the package that
  defines it, imported (``from mmperf.metrics.jitter import _x``) or as an attribute
  (``jitter._x``); a top-level module (``mmperf.charts``) is its own package;
* no import inside a function, except of an optional or heavy third-party dependency, with a
  comment on the line (or just above the block) saying why: a function-local import of
  ``mmperf`` hides an import cycle or a back-arrow from the linter's reader.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from mmperf._paths import repo_root

SRC = repo_root() / "src"
ROOT = "mmperf"
MODULES = {}
for _path in sorted((SRC / ROOT).rglob("*.py")):
    _parts = _path.relative_to(SRC).with_suffix("").parts
    MODULES[".".join(_parts[:-1] if _parts[-1] == "__init__" else _parts)] = _path


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _package_of(module: str) -> str:
    """The package a module belongs to: a package's ``__init__`` is its own; a top-level module too."""
    if MODULES[module].name == "__init__.py":
        return module
    parent = module.rsplit(".", 1)[0]
    return module if parent == ROOT else parent


def _inside(importer: str, package: str) -> bool:
    return importer == package or importer.startswith(package + ".")


def _private_use(importer: str, module: str, name: str) -> str | None:
    """Why ``importer`` may not use ``module.name`` (None if it may)."""
    if not _is_private(name):
        return None
    target = f"{module}.{name}"
    if target in MODULES:  # a private module: its parent package may import it (import-linter checks it too)
        owner = module
    elif module in MODULES:
        owner = _package_of(module)
    else:
        return None
    return None if _inside(importer, owner) else f"{target} is private to {owner}"


def _resolve(importer: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer if MODULES[importer].name == "__init__.py" else importer.rsplit(".", 1)[0]
    base = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
    return f"{base}.{node.module}" if node.module else base


def _private_names_across_packages() -> list[str]:
    found = []
    for importer, path in MODULES.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        aliases = {}  # local name -> the mmperf module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = _resolve(importer, node)
                if module.split(".")[0] != ROOT:
                    continue
                for a in node.names:
                    if f"{module}.{a.name}" in MODULES:
                        aliases[a.asname or a.name] = f"{module}.{a.name}"
                    why = _private_use(importer, module, a.name)
                    if why:
                        found.append(f"{path.relative_to(SRC)}:{node.lineno}: imports {why}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.split(".")[0] == ROOT and a.asname:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                why = _private_use(importer, aliases[node.value.id], node.attr)
                if why:
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}: uses {why}")
    return found


def _explained(lines: list[str], lineno: int) -> bool:
    """A comment on the import's line, or on the line above its block of imports."""
    if "#" in lines[lineno - 1]:
        return True
    k = lineno - 2
    while k >= 0 and lines[k].strip().startswith(("import ", "from ")):
        k -= 1
    return k >= 0 and lines[k].strip().startswith("#")


def _function_local_imports() -> list[str]:
    found = []
    for importer, path in MODULES.items():
        text = path.read_text()
        lines = text.splitlines()
        for fn in ast.walk(ast.parse(text, filename=str(path))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [_resolve(importer, node)] if node.level else [node.module or ""]
                else:
                    continue
                where = f"{path.relative_to(SRC)}:{node.lineno}"
                if any(n.split(".")[0] == ROOT for n in names) or (isinstance(node, ast.ImportFrom) and node.level):
                    found.append(f"{where}: imports {', '.join(names)} inside {fn.name}() (import it at the top)")
                elif not _explained(lines, node.lineno):
                    found.append(f"{where}: imports {', '.join(names)} inside {fn.name}() without a comment "
                                 "saying why (an optional or heavy dependency), or at the top")
    return sorted(set(found))


def test_the_import_contracts_hold():
    """``lint-imports`` on this checkout's source: every contract of pyproject.toml is kept."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
                           "--no-cache", "--no-logo"], cwd=repo_root(), env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"lint-imports found broken contracts:\n{done.stdout}\n{done.stderr}"
    assert "0 broken" in done.stdout and "kept" in done.stdout, done.stdout


def test_no_private_name_is_used_across_packages():
    found = _private_names_across_packages()
    assert not found, "private names used outside their package (make them public, or move the need):\n" + "\n".join(found)


def test_no_function_local_import_but_optional_heavy_dependencies():
    found = _function_local_imports()
    assert not found, "function-local imports:\n" + "\n".join(found)


def test_the_checks_see_what_they_forbid(tmp_path, monkeypatch):
    """The two source checks find a private name, a local import of mmperf and an unexplained one."""
    pkg = tmp_path / ROOT
    (pkg / "lower").mkdir(parents=True)
    (pkg / "upper").mkdir()
    for init in (pkg / "__init__.py", pkg / "lower" / "__init__.py", pkg / "upper" / "__init__.py"):
        init.write_text("")
    (pkg / "lower" / "low.py").write_text("def _secret():\n    return 1\n")
    (pkg / "upper" / "up.py").write_text(
        "from mmperf.lower import low\nfrom mmperf.lower.low import _secret\n\n\n"
        "def f():\n    import json\n    from mmperf.lower import low as again\n    return low._secret() + again._secret()\n\n\n"
        "def g():\n    import numpy  # heavy: only g needs it\n    return numpy\n")
    modules = {}
    for path in sorted(pkg.rglob("*.py")):
        parts = path.relative_to(tmp_path).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    monkeypatch.setitem(globals(), "SRC", tmp_path)
    monkeypatch.setitem(globals(), "MODULES", modules)
    private = _private_names_across_packages()
    assert any("up.py:2: imports mmperf.lower.low._secret" in f for f in private)
    assert any("up.py:8: uses mmperf.lower.low._secret" in f for f in private)
    local = _function_local_imports()
    assert any("up.py:6: imports json inside f() without a comment" in f for f in local)
    assert any("up.py:7: imports mmperf.lower inside f()" in f for f in local)
    assert not any("up.py:12" in f for f in local)  # explained by its comment
