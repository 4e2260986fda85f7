"""The library's import graph, read from its source: which module imports which (docs/architecture.md).

Every ``import`` and ``from ... import`` statement counts, at module level or
inside a function, a class or a ``try``; only the body of an
``if TYPE_CHECKING:`` block is left out (it never runs). An edge goes to the
module named: ``from ofrenda_rules.json import schema`` is an edge to
``ofrenda_rules.json.schema`` (a submodule), ``from ofrenda_rules.json import
dumps`` an edge to the package ``ofrenda_rules.json``. A package's
``__init__`` that Python runs before a submodule is not an edge of its own:
the graph is the one the code states.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs

PACKAGE = "ofrenda_rules"
SOURCE = Path(__file__).resolve().parents[2] / "src"


@attrs.frozen
class Graph:
    """Modules by dotted name, each with the modules of the package it imports and the outside modules it imports."""

    internal: Mapping[str, frozenset[str]]
    """The package's modules each module imports."""
    external: Mapping[str, frozenset[str]]
    """The top-level names of the modules outside the package each module imports (``attrs``, ``json``, ...)."""


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_statements(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module that can run: nested ones too, none under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)  # the ``else`` branch runs
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found


def module_names(source: Path = SOURCE) -> dict[str, tuple[Path, bool]]:
    """Every module of the package: its dotted name, its file and whether it is a package's ``__init__``."""
    modules: dict[str, tuple[Path, bool]] = {}
    for path in sorted((source / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(source).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = (path, is_package)
    return modules


def edges(name: str, is_package: bool, tree: ast.AST, known: Iterable[str]) -> tuple[set[str], set[str]]:
    """The package's modules and the outside top-level modules that module ``name`` imports."""
    modules = set(known)
    here = name if is_package else name.rpartition(".")[0]
    internal: set[str] = set()
    external: set[str] = set()
    for statement in import_statements(tree):
        if isinstance(statement, ast.Import):
            targets = [alias.name for alias in statement.names]
            for target in targets:
                if target == PACKAGE or target.startswith(PACKAGE + "."):
                    internal.add(target)
                else:
                    external.add(target.partition(".")[0])
            continue
        if statement.level:
            base = here.split(".")
            base = base[: len(base) - (statement.level - 1)]
            module = ".".join([*base, *([statement.module] if statement.module else [])])
        else:
            module = statement.module or ""
        if module != PACKAGE and not module.startswith(PACKAGE + "."):
            external.add(module.partition(".")[0])
            continue
        for alias in statement.names:
            submodule = f"{module}.{alias.name}"
            internal.add(submodule if submodule in modules else module)
    internal.discard(name)
    return internal, external


def read_graph(source: Path = SOURCE) -> Graph:
    """The import graph of the package under ``source``."""
    modules = module_names(source)
    internal: dict[str, frozenset[str]] = {}
    external: dict[str, frozenset[str]] = {}
    for name, (path, is_package) in modules.items():
        inside, outside = edges(name, is_package, ast.parse(path.read_text(encoding="utf-8")), modules)
        internal[name] = frozenset(inside)
        external[name] = frozenset(outside)
    return Graph(internal, external)


def cycles(graph: Mapping[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each an import circle), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        # Tarjan's algorithm without recursion: (node, the targets still to visit).
        work: list[tuple[str, list[str]]] = []
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work.append((root, sorted(graph.get(root, ()))))
        while work:
            node, targets = work[-1]
            if targets:
                target = targets.pop()
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, sorted(graph.get(target, ()))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)
