"""The compiled build: which modules mypyc compiles, and that a test run tests the build it means to.

``pyproject.toml`` lists the modules the compiled build compiles (its mypyc
hook, off by default). The ``compiled`` nox session installs that build and
sets ``OFRENDA_RULES_BUILD=compiled``; every other session tests the source
tree, where each of those modules must be plain Python (a stale compiled
module left beside the sources would otherwise be imported instead).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import tomllib
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
HOOK = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
    "mypyc"
]
"""The mypyc hook's table in ``pyproject.toml``."""


def _compiled_modules() -> list[str]:
    """The module names the compiled build compiles, from the mypyc hook's ``include`` list."""
    paths = HOOK["include"]
    assert paths, "the mypyc hook compiles nothing"
    names = []
    for path in paths:
        assert path.startswith("/src/") and path.endswith(".py"), path
        names.append(path.removeprefix("/src/").removesuffix(".py").replace("/", "."))
    return names


def test_the_hook_is_off_by_default_and_compiles_only_modules_of_the_package() -> None:
    assert HOOK["enable-by-default"] is False
    for name in _compiled_modules():
        assert name.startswith("ofrenda_rules."), name
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("name", _compiled_modules())
def test_each_listed_module_is_compiled_exactly_in_the_compiled_build(name: str) -> None:
    origin = importlib.import_module(name).__file__
    assert origin is not None
    compiled = origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    expected = os.environ.get("OFRENDA_RULES_BUILD", "source") == "compiled"
    assert compiled is expected, f"{name} is loaded from {origin}"
