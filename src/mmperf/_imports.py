"""Which package files a piece of code imports, followed through their imports (private helper).

The book re-executes a chapter when a file its code imports changes, and the audit records the
hash of the files a chapter's package imports: both follow imports statically, through the AST,
lazy imports inside functions included, so nothing is imported to find out.
"""

from __future__ import annotations

import ast
from pathlib import Path

from mmperf._paths import repo_root

__all__ = ["imported_names", "module_files"]


def _module_file(src: Path, name: str) -> Path | None:
    """The file of module ``name`` (dotted, e.g. ``mmperf.hosts.ps2``) under ``src``, if it is one."""
    base = src.joinpath(*name.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def imported_names(tree: ast.AST, package: str | None) -> set[str]:
    """Dotted names of the modules a parsed file imports, anywhere in it (lazy imports too)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level and package:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)  # a submodule imported by name
    return names


def module_files(names, *, root: Path | None = None) -> list[Path]:
    """The package files that importing the modules ``names`` runs, followed through their imports.

    Parameters
    ----------
    names : iterable of str
        Dotted module names (names outside ``mmperf`` are ignored).
    root : path, optional
        Repository root (default: the one the package lives in).

    Returns
    -------
    list of pathlib.Path
        Sorted files under ``src/``.
    """
    src = (root or repo_root()) / "src"
    found: set[Path] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if not name.startswith("mmperf"):
            continue
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # importing a.b.c runs a/__init__ and a/b/__init__ too
            path = _module_file(src, ".".join(parts[:i]))
            if path is None or path in found:
                continue
            found.add(path)
            package = ".".join(parts[:i]) if path.name == "__init__.py" else ".".join(parts[: i - 1])
            tree = ast.parse(path.read_text(encoding="utf-8"))
            todo.extend(imported_names(tree, package))
    return sorted(found)
