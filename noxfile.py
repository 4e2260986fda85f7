"""Quality gates.

``nox`` runs tests, compiled, invariants, browser, adapters, server, ray, report, typecheck, lint and docs.
Sessions run only by name include ``learn`` (self-play learning through the PettingZoo adapter).
"""

from __future__ import annotations

import datetime
import os
import secrets
import shutil
from pathlib import Path

import nox
import nox.command

nox.options.sessions = [
    "tests",
    "compiled",
    "invariants",
    "browser",
    "adapters",
    "server",
    "ray",
    "report",
    "typecheck",
    "lint",
    "docs",
]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True

PYPROJECT = nox.project.load_toml("pyproject.toml")


def _group(name: str) -> list[str]:
    return list(PYPROJECT["dependency-groups"][name])


@nox.session
def tests(session: nox.Session) -> None:
    """Unit tests, doctests and the property suite with the fast, derandomised hypothesis profile."""
    session.install("-e", ".", *_group("test"))
    session.run("pytest", "-q", "--hypothesis-profile=fast", *session.posargs)


def _compiled_wheel(session: nox.Session) -> Path:
    """The compiled build's wheel (the mypyc hook of pyproject.toml), built from nothing in a copy of the sources.

    The hook writes each compiled module beside its source, so the build runs in a copy: the source tree,
    which the other sessions test, keeps only Python modules.
    """
    scratch = Path(session.create_tmp())
    source, wheels = scratch / "source", scratch / "wheels"
    for path in (source, wheels):
        shutil.rmtree(path, ignore_errors=True)
    skipped = shutil.ignore_patterns(".git", ".nox", "__pycache__", "*.so", "build", "dist", "_build", "*.egg-info")
    shutil.copytree(".", source, ignore=skipped)
    session.run(
        "python",
        "-m",
        "pip",
        "wheel",
        "-q",
        "--no-deps",
        "-w",
        str(wheels),
        str(source),
        env={"HATCH_BUILD_HOOKS_ENABLE": "1"},
    )
    (wheel,) = wheels.glob("ofrenda_rules-*.whl")
    return wheel


COMPILED_TESTS = [
    *("tests/kernel", "tests/properties", "tests/dia_de_los_muertos", "tests/ofrenda", "tests/ofrendados"),
    *("tests/portents", "tests/golden", "tests/fuzz", "tests/cli", "tests/docs"),
]
"""The tests the compiled build runs: those that reach its compiled modules (the generator's, every game's rules)."""


@nox.session
def compiled(session: nox.Session) -> None:
    """The compiled build (mypyc, docs/performance.md): built from nothing, installed as a wheel, then tested.

    The tests import the installed wheel, not the source tree, and ``OFRENDA_RULES_BUILD=compiled`` makes
    ``tests/kernel/test_build.py`` check that every module the build lists is the compiled one.
    """
    session.install(*_group("test"))
    session.install("--force-reinstall", str(_compiled_wheel(session)))
    session.run(
        "pytest",
        "-q",
        "--hypothesis-profile=fast",
        *(session.posargs or COMPILED_TESTS),
        env={"OFRENDA_RULES_BUILD": "compiled"},
    )


def _hypothesis_seed(session: nox.Session) -> list[str]:
    """A fresh random ``--hypothesis-seed``, printed so a failure reproduces, unless posargs give one."""
    if any(arg.startswith("--hypothesis-seed") for arg in session.posargs):
        return []
    seed = secrets.randbelow(2**32)
    session.log(f"hypothesis seed {seed}; reproduce with: nox -s {session.name} -- --hypothesis-seed={seed}")
    return [f"--hypothesis-seed={seed}"]


@nox.session
def invariants(session: nox.Session) -> None:
    """The property suite with fresh random games on every run: at least 200 full games per configuration."""
    session.install("-e", ".", *_group("test"))
    session.run(
        "pytest",
        "-q",
        "tests/properties",
        "--hypothesis-profile=invariants",
        "--min-games-per-config=200",
        "--game-lengths",
        *_hypothesis_seed(session),
        *session.posargs,
    )


@nox.session
def exhaustive(session: nox.Session) -> None:
    """The property suite at a high example count: at least 10,000 full games per game."""
    session.install("-e", ".", *_group("test"))
    session.run(
        "pytest",
        "-q",
        "tests/properties",
        "--hypothesis-profile=exhaustive",
        "--min-games-per-config=200",
        "--min-games-per-game=10000",
        "--game-lengths",
        *_hypothesis_seed(session),
        *session.posargs,
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """The generic fuzz suite (every loader of every game, hostile documents) at a high example count."""
    session.install("-e", ".[server]", *_group("test"))
    session.run("pytest", "-q", "tests/fuzz", "--hypothesis-profile=fuzz", *session.posargs)
    # The soak's short version (nox -s soak runs 100,000): refused loads and requests, memory within the bound.
    session.run("python", "benchmarks/soak.py", "--requests", "6000", "--loads", "6000")


def _install_chromium(session: nox.Session) -> None:
    """Debian's Chromium and its driver, installed once (CI runs as root; no browser is downloaded otherwise)."""
    if shutil.which("chromium") and shutil.which("chromedriver"):
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        session.error("the browser tests need Debian's chromium and chromium-driver: apt-get install them as root")
    env = {"DEBIAN_FRONTEND": "noninteractive"}
    session.run("apt-get", "update", "-qq", external=True, env=env)
    session.run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver", external=True, env=env)


@nox.session
def browser(session: nox.Session) -> None:
    """The HTML replay viewer and the server's browser client, driven in headless Chromium by selenium."""
    _install_chromium(session)
    session.install("-e", ".[server]", *_group("browser"))
    session.run("pytest", "-q", "tests/browser", *session.posargs, env={"OFRENDA_REQUIRE_BROWSER": "1"})


@nox.session
def adapters(session: nox.Session) -> None:
    """The framework adapters (extras ``openspiel`` and ``pettingzoo``) against the frameworks' own test suites."""
    # SuperSuit: its wrappers must take the flat PettingZoo environment (tests/adapters).
    session.install("-e", ".[openspiel,pettingzoo]", "supersuit>=3.9", *_group("test"))
    try:
        session.run("python", "-c", "import pyspiel", silent=True)
    except nox.command.CommandFailed:
        session.warn("OpenSpiel has no wheel for this platform: the openspiel adapter is not tested here")
    session.run("pytest", "-q", "-rs", "tests/adapters", "src/ofrenda_rules/adapters", *session.posargs)


@nox.session
def learn(session: nox.Session) -> None:
    """Self-play learning through the PettingZoo adapter: maskable PPO beats the random bot (not run by default).

    Trains a small policy on Ofrendados for 16,384 of its decisions (about two minutes on two cores), then plays
    200 games against the random bot; fails when it wins fewer than 90% of them. ``nox -s learn -- --game
    portents --timesteps 30000`` passes options to ``examples/learn_selfplay.py``.
    """
    session.install("-e", ".[pettingzoo]", *_group("learn"))
    session.run("nice", "-n", "10", "python", "examples/learn_selfplay.py", *session.posargs, external=True)


POSTGRES_URL = "postgresql://ofrenda:ofrenda@127.0.0.1:5432/ofrenda_test"


def _start_postgres(session: nox.Session) -> str:
    """Debian's PostgreSQL, installed and started if need be, with an empty test database; its URL."""
    if shutil.which("pg_ctlcluster") is None or not Path("/usr/lib/postgresql").is_dir():
        if shutil.which("apt-get") is None or os.geteuid() != 0:
            session.error("the server tests need Debian's postgresql: apt-get install it as root")
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", "-qq", external=True, env=env)
        session.run("apt-get", "install", "-y", "-qq", "postgresql", external=True, env=env)
    version = sorted(Path("/usr/lib/postgresql").iterdir(), key=lambda p: int(p.name))[-1].name
    # 2: the cluster is already running.
    session.run("pg_ctlcluster", version, "main", "start", external=True, success_codes=[0, 2])
    as_postgres = ("runuser", "-u", "postgres", "--")
    role = (
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ofrenda') "
        "THEN CREATE ROLE ofrenda LOGIN PASSWORD 'ofrenda'; END IF; END $$;"
    )
    session.run(*as_postgres, "psql", "-q", "-v", "ON_ERROR_STOP=1", "-c", role, external=True)
    session.run(*as_postgres, "dropdb", "--if-exists", "ofrenda_test", external=True)
    session.run(*as_postgres, "createdb", "-O", "ofrenda", "ofrenda_test", external=True)
    return POSTGRES_URL


@nox.session
def server(session: nox.Session) -> None:
    """The game server (extra ``server``): its API, ``serve`` on loopback ports, PostgreSQL shared by processes."""
    url = _start_postgres(session)
    session.install("-e", ".[server]", *_group("server-test"))
    env = {"OFRENDA_POSTGRES_URL": url, "OFRENDA_REQUIRE_POSTGRES": "1"}
    session.run("pytest", "-q", "tests/server", "src/ofrenda_rules/server", *session.posargs, env=env)


@nox.session
def report(session: nox.Session) -> None:
    """Balance reports (extra ``report``): statistics, the HTML report with matplotlib charts, the CLI."""
    session.install("-e", ".[report]", *_group("test"))
    session.run("pytest", "-q", "tests/report", "src/ofrenda_rules/report", *session.posargs)


@nox.session
def serverbench(session: nox.Session) -> None:
    """The server under load beside its floor (a bare endpoint committing one row per action), at 200 and 1,000
    concurrent matches, on SQLite and PostgreSQL: actions per second, p50/p99 latency, memory."""
    url = _start_postgres(session)
    session.install("-e", ".[server]", *_group("server-test"))
    results = "benchmarks/results"
    for matches in (200, 1000):
        for database, label in ((None, "sqlite"), (url, "postgresql")):
            chosen = [] if database is None else ["--database", database]
            floor = f"{results}/server-floor-{label}-{matches}.json"
            session.run("python", "benchmarks/server_floor.py", "--matches", str(matches), *chosen, "--out", floor)
            served = f"{results}/server-{label}-{matches}.json"
            session.run("python", "benchmarks/server_load.py", "--matches", str(matches), *chosen, "--out", served)
    two = f"{results}/server-postgresql-200-2-processes.json"  # two processes sharing PostgreSQL
    session.run("python", "benchmarks/server_load.py", "--database", url, "--processes", "2", "--out", two)


@nox.session(default=False)
def soak(session: nox.Session) -> None:
    """100,000 refused requests of every kind against a server on loopback, and 100,000 refused loads:
    resident memory after the soak within 16 MiB of memory before it (benchmarks/results/soak.json)."""
    session.install("-e", ".[server]")
    session.run("python", "benchmarks/soak.py", "--out", "benchmarks/results/soak.json", *session.posargs)


@nox.session
def ray(session: nox.Session) -> None:
    """Simulations on a local Ray instance (extra ``ray``): the same records as local, retries, resuming."""
    session.install("-e", ".[ray]", *_group("test"))
    env = {"OFRENDA_REQUIRE_RAY": "1", "RAY_USAGE_STATS_ENABLED": "0"}
    session.run("pytest", "-q", "tests/simulation", "src/ofrenda_rules/simulation", *session.posargs, env=env)


@nox.session
def strength(session: nox.Session) -> None:
    """The bots' rating ladder (every level, random, reference: 500 games a pair; `-- --games N` for fewer) and
    win rates against the reference bot, with intervals (a benchmark, many hours on two cores)."""
    session.install("-e", ".")
    session.run(
        "python", "benchmarks/strength.py", "--ladder", "--out", "benchmarks/results/strength.json", *session.posargs
    )


@nox.session
def scale(session: nox.Session) -> None:
    """Scaling on Ray: games per second with 1 and 2 workers, Ray against local processes (a benchmark)."""
    session.install("-e", ".[ray]")
    session.run(
        "python",
        "benchmarks/scale.py",
        "--out",
        "benchmarks/results/scale.json",
        *session.posargs,
        env={"RAY_USAGE_STATS_ENABLED": "0"},
    )


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".", *_group("typecheck"))
    session.run("mypy", "--strict")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and format check."""
    session.install(*_group("lint"))
    trees = ("src", "tests", "conftest.py", "noxfile.py", "docs", "benchmarks", "examples")
    session.run("ruff", "check", *trees)
    session.run("ruff", "format", "--check", *trees)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx docs nitpicky with warnings as errors, check their internal links, run their doctests."""
    session.install("-e", ".", *_group("docs"))
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "docs/check_links.py", "docs/_build/html")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


def _install_for_bench(session: nox.Session, target: str, *options: str) -> None:
    """Install ``target`` with the ``bench`` extra, or without it (and say so) if open_spiel will not install."""
    try:
        session.install("--only-binary", "open_spiel", *options, f"{target}[bench]")
    except nox.command.CommandFailed:
        session.warn("the bench extra (open_spiel) did not install; measuring without OpenSpiel")
        session.install(*options, target)


@nox.session
def bench(session: nox.Session) -> None:
    """Every game at every player count, seeded and driver mode, against OpenSpiel; results in benchmarks/results/.

    The ``bench`` extra installs open_spiel where its environment marker says a wheel
    exists; if that install fails all the same, the session measures our games alone
    and reports the OpenSpiel rows (and the goals that need them) as missing.
    """
    _install_for_bench(session, ".", "-e")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session(name="bench-observations")
def bench_observations(session: nox.Session) -> None:
    """Tensor reads next to steps in OpenSpiel's loop, and random_sim_test, beside python_kuhn_poker (not default)."""
    session.install("-e", ".[openspiel]")
    out = f"benchmarks/results/{datetime.date.today().isoformat()}-observations.json"
    session.run("python", "benchmarks/bench_observations.py", "--out", out, *session.posargs)


@nox.session(name="bench-compiled")
def bench_compiled(session: nox.Session) -> None:
    """The bench session's measurements of the compiled build (the wheel the compiled session tests)."""
    _install_for_bench(session, str(_compiled_wheel(session)), "--force-reinstall")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session
def count(session: nox.Session) -> None:
    """Goals 1-3 as ratios of instructions (valgrind's callgrind), which the machine's load cannot move.

    Every configuration the bench times, seeded and driver mode, the largest
    mid-game state's JSON round trip, and OpenSpiel's Kuhn and hearts, counted by
    ``benchmarks/instructions.py goals`` (each step count 6000 steps after a warm-up of 2000; about half an
    hour on 2 cores); the counts go to ``benchmarks/results/`` with the date. Installs Debian's valgrind if need be.
    """
    if shutil.which("valgrind") is None:
        if shutil.which("apt-get") is None or os.geteuid() != 0:
            session.error("the count session needs valgrind: apt-get install it as root")
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", "-qq", external=True, env=env)
        session.run("apt-get", "install", "-y", "-qq", "valgrind", external=True, env=env)
    session.install("--only-binary", "open_spiel", "-e", ".[bench]")
    out = Path("benchmarks/results") / f"{datetime.date.today().isoformat()}-instructions.json"
    session.run("python", "benchmarks/instructions.py", "goals", "--largest", "--out", str(out), *session.posargs)
