"""The compiled build: which modules mypyc compiles, and that a test run tests the build it means to.

``pyproject.toml`` lists the modules the compiled build compiles (its mypyc
hook, off by default). The ``compiled`` nox session installs that build and
sets ``OFRENDA_RULES_BUILD=compiled``; every other session tests the source
tree, where each of those modules must be plain Python (a stale compiled
module left beside the sources would otherwise be imported instead).

A compiled module keeps no docstrings at run time (mypyc drops them), so
pytest's doctest collection finds none in it; the doctests of each listed
module are therefore read from its Python source, which the wheel ships
beside the compiled module, and run against the module the build loaded.
"""

from __future__ import annotations

import ast
import doctest
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


def _source_of(name: str) -> Path:
    """The Python source of module ``name``, beside the file it is loaded from (compiled or not)."""
    origin = importlib.import_module(name).__file__
    assert origin is not None
    path = Path(origin)
    return path.with_name(path.name.split(".", 1)[0] + ".py")


def _docstrings(source: str) -> list[tuple[str, str, int]]:
    """Every docstring of a module's source: its name, text and first line, the module's own first."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False)
            if text is not None:
                label = getattr(node, "name", "<module>")
                found.append((label, text, node.body[0].lineno))
    return found


@pytest.mark.parametrize("name", _compiled_modules())
def test_each_listed_modules_doctests_pass_against_the_loaded_module(name: str) -> None:
    module = importlib.import_module(name)
    path = _source_of(name)
    source = path.read_text(encoding="utf-8")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    examples = 0
    for label, text, line in _docstrings(source):
        test = parser.get_doctest(text, dict(vars(module)), f"{name}.{label}", str(path), line)
        examples += len(test.examples)
        runner.run(test)
    assert examples == source.count(">>> "), f"{name}: not every example of the source was read"
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{name}: {results.failed} of {results.attempted} examples failed"
