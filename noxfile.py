"""Quality gates. ``nox`` runs tests, typecheck, lint and docs."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True

PYPROJECT = nox.project.load_toml("pyproject.toml")


def _group(name: str) -> list[str]:
    return list(PYPROJECT["dependency-groups"][name])


@nox.session
def tests(session: nox.Session) -> None:
    """Unit tests, doctests and the property suite with the fast hypothesis profile."""
    session.install("-e", ".", *_group("test"))
    session.run("pytest", "-q", "--hypothesis-profile=fast", *session.posargs)


@nox.session
def exhaustive(session: nox.Session) -> None:
    """The property suite at a high example count."""
    session.install("-e", ".", *_group("test"))
    session.run("pytest", "-q", "tests/properties", "--hypothesis-profile=exhaustive", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """The generic fuzz suite (every loader of every game, hostile documents) at a high example count."""
    session.install("-e", ".", *_group("test"))
    session.run("pytest", "-q", "tests/fuzz", "--hypothesis-profile=fuzz", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".", *_group("typecheck"))
    session.run("mypy", "--strict")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and format check."""
    session.install(*_group("lint"))
    session.run("ruff", "check", "src", "tests", "noxfile.py", "docs", "benchmarks")
    session.run("ruff", "format", "--check", "src", "tests", "noxfile.py", "docs", "benchmarks")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx docs with warnings as errors and run their doctests."""
    session.install("-e", ".", *_group("docs"))
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session
def bench(session: nox.Session) -> None:
    """Random playouts per second and microseconds per step, for every registered game."""
    session.install("-e", ".")
    session.run("python", "benchmarks/bench.py", *session.posargs)
