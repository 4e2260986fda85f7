"""The layers of the library, checked on its import graph (docs/architecture.md states them).

* no import circle anywhere in the package;
* the kernel imports only the kernel: no game, not the registry, no tool, no extra;
* a game imports the kernel, the kits (encodings, undo) and its own modules: no other game, not the registry,
  no tool;
* the kernel, the kits, the games, the registry, the replays, the records and the bots import nothing outside the
  standard library but the core dependencies (attrs, cattrs, typing-extensions).

The graph counts imports inside functions and leaves out ``if TYPE_CHECKING:`` blocks
(:mod:`tests.architecture.imports`); the first tests check that reading on planted modules.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Mapping
from pathlib import Path

from tests.architecture.imports import PACKAGE, cycles, edges, module_names, read_graph

P = PACKAGE + "."

KERNEL_ROOTS = (
    P + "_draws",
    P + "chance",
    P + "copying",
    P + "digest",
    P + "editions",
    P + "errors",
    P + "fast_state",
    P + "game",
    P + "json",
    P + "picks",
    P + "rng",
    P + "schema",
    P + "serialization",
    P + "svg",
)
"""The kernel: the game contract (and its picks), errors, the generator, chance, copying and the one way to build
a state fast, editions, JSON (and its old names), SVG."""
ENCODING_ROOTS = (P + "encodings", P + "action_ids", P + "positions", P + "undo")
"""The kits the games build on beyond the contract: integer ids and position notation (and the old names of their
modules), undo."""
GAMES = ("dia_de_los_muertos", "ofrenda", "ofrendados", "portents")
"""The games' subpackages."""
EXTRA_ROOTS = (P + "adapters", P + "server", P + "simulation.ray_backend", P + "report.html")
"""The modules built on an optional dependency (an extra)."""
CORE_DEPENDENCIES = frozenset({"attrs", "cattrs", "typing_extensions"})
"""The library's runtime dependencies."""
CORE_ONLY_ROOTS = (
    *KERNEL_ROOTS,
    *ENCODING_ROOTS,
    *(P + game for game in GAMES),
    P + "registry",
    P + "replays",
    P + "bots",
    P + "analysis",
)
"""The modules that import nothing outside the standard library but the core dependencies."""


def _under(name: str, roots: tuple[str, ...]) -> bool:
    return any(name == root or name.startswith(root + ".") for root in roots)


def _game_of(name: str) -> str | None:
    for game in GAMES:
        if _under(name, (P + game,)):
            return game
    return None


def layer_faults(graph: Mapping[str, frozenset[str]]) -> list[str]:
    """Every import that crosses the layers the wrong way, in words."""
    faults: list[str] = []
    for name, targets in sorted(graph.items()):
        for target in sorted(targets):
            if _under(name, KERNEL_ROOTS) and not _under(target, KERNEL_ROOTS):
                faults.append(f"kernel module {name} imports {target}")
            game = _game_of(name)
            if game is not None and not (
                _under(target, KERNEL_ROOTS) or _under(target, ENCODING_ROOTS) or _game_of(target) == game
            ):
                faults.append(f"module {name} of {game} imports {target}")
            if _under(name, ENCODING_ROOTS) and not (_under(target, KERNEL_ROOTS) or _under(target, ENCODING_ROOTS)):
                faults.append(f"kit module {name} imports {target}")
    return faults


def dependency_faults(external: Mapping[str, frozenset[str]]) -> list[str]:
    """Every import of a module outside the standard library and the core dependencies where none is allowed."""
    allowed = CORE_DEPENDENCIES | sys.stdlib_module_names
    return [
        f"{name} imports {outside}"
        for name, outsides in sorted(external.items())
        if _under(name, CORE_ONLY_ROOTS)
        for outside in sorted(outsides - allowed)
    ]


# -- the reading itself, on planted modules --------------------------------------------------------


def _plant(root: Path, files: Mapping[str, str]) -> Path:
    for relative, text in files.items():
        path = root / PACKAGE / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_imports_inside_functions_count_and_type_checking_blocks_do_not(tmp_path: Path) -> None:
    source = _plant(
        tmp_path,
        {
            "__init__.py": "",
            "errors.py": "",
            "game.py": "",
            "registry.py": "",
            "kit/__init__.py": "from . import tool\n",
            "kit/tool.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from ofrenda_rules import registry\n"
                "else:\n    import numpy\n"
                "def f():\n    from ..game import thing\n    from ofrenda_rules import errors\n"
                "class C:\n    def g(self):\n        import attrs.validators\n"
            ),
        },
    )
    graph = read_graph(source)
    assert graph.internal[P + "kit.tool"] == {P + "game", P + "errors"}
    assert graph.external[P + "kit.tool"] == {"typing", "numpy", "attrs"}
    assert graph.internal[P + "kit"] == {P + "kit.tool"}
    names = module_names(source)
    assert set(names) == {PACKAGE, P + "errors", P + "game", P + "registry", P + "kit", P + "kit.tool"}


def test_relative_imports_resolve_from_the_package() -> None:
    known = {PACKAGE, P + "a", P + "a.b", P + "a.c", P + "d"}
    tree = ast.parse("from . import c\nfrom .. import d\nfrom ..a import b, name\nfrom .c import x\n")
    internal, external = edges(P + "a.b", False, tree, known)
    assert internal == {P + "a.c", P + "d", P + "a"}
    assert not external


def test_cycles_are_found_and_chains_are_not() -> None:
    chain = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset()}
    assert cycles(chain) == []
    circle = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a", "d"}), "d": frozenset({"d2"})}
    assert cycles(circle) == [["a", "b", "c"]]
    two = {"x": frozenset({"y"}), "y": frozenset({"x"}), "z": frozenset({"z2"}), "z2": frozenset({"z"})}
    assert cycles(two) == [["x", "y"], ["z", "z2"]]


def test_the_layer_rules_flag_a_kernel_module_importing_a_game_the_registry_or_a_tool() -> None:
    planted = {
        P + "editions": frozenset({P + "registry"}),
        P + "json.schema": frozenset({P + "ofrenda.state"}),
        P + "rng": frozenset({P + "bots"}),
        P + "portents.rules": frozenset({P + "ofrenda.state", P + "portents.state", P + "encodings.positions"}),
        P + "encodings.positions": frozenset({P + "replays"}),
    }
    assert layer_faults(planted) == [
        f"kernel module {P}editions imports {P}registry",
        f"kit module {P}encodings.positions imports {P}replays",
        f"kernel module {P}json.schema imports {P}ofrenda.state",
        f"module {P}portents.rules of portents imports {P}ofrenda.state",
        f"kernel module {P}rng imports {P}bots",
    ]
    assert dependency_faults(
        {P + "game": frozenset({"attrs", "numpy"}), P + "server.app": frozenset({"starlette"})}
    ) == [f"{P}game imports numpy"]


# -- the library ------------------------------------------------------------------------------------


def test_the_package_has_no_import_circle() -> None:
    graph = read_graph()
    assert len(graph.internal) > 150  # the whole package was read
    assert sum(len(targets) for targets in graph.internal.values()) > 500
    assert cycles(graph.internal) == []


def test_every_module_imports_within_its_layer() -> None:
    graph = read_graph()
    kernel = [name for name in graph.internal if _under(name, KERNEL_ROOTS)]
    games = [name for name in graph.internal if _game_of(name) is not None]
    assert len(kernel) >= 18 and len(games) >= 80  # each layer was found
    assert layer_faults(graph.internal) == []


def test_the_core_imports_only_its_dependencies() -> None:
    graph = read_graph()
    checked = [name for name in graph.external if _under(name, CORE_ONLY_ROOTS)]
    assert len(checked) >= 110
    assert dependency_faults(graph.external) == []
    extras = [name for name in graph.external if _under(name, EXTRA_ROOTS)]
    assert extras and all(not _under(name, CORE_ONLY_ROOTS) for name in extras)
