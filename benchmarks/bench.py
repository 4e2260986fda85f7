"""Benchmark: every game at every player count, seeded and driver mode, against OpenSpiel, in one run.

Run with ``nox -s bench`` or, from the repository root,
``PYTHONPATH=src python benchmarks/bench.py [--seconds S] [--out FILE] [--no-openspiel] [GAME ...]``.

Measured, each as the median of ``--repetitions`` timed runs of ``--seconds``
after a warm-up:

* each game at each player count (and the game's extra ``bench_configs``), in
  seeded mode (``new_game(config, seed)``: chance resolved inside ``apply``)
  and driver mode (``seed=None``: the loop picks each chance outcome from
  ``chance_outcomes``); a step is one ``apply`` call of the loop;
* OpenSpiel's python_kuhn_poker, python_liars_poker and C++ hearts through the
  same loop (when open_spiel imports; the ``bench`` extra installs it);
* JSON round trip and size, and pickle size, of sampled mid-game states;
* the attrs construction floor.

It prints tables and the goals (PASS / FAIL / MISSING) and writes everything
as JSON to ``benchmarks/results/`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.machinery
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import bench_driver
import bench_floor
import bench_goals
import bench_openspiel
import bench_states

from ofrenda_rules.registry import AnyGame, game_names, get_game

RESULTS = Path(__file__).resolve().parent / "results"


def configs_of(game: AnyGame) -> list[tuple[Any, bool]]:
    """``Config(players=n)`` for every player count, then the game's other bench configs; ``(config, is_default)``."""
    chosen: dict[str, tuple[Any, bool]] = {}
    for players in game.info.player_counts:
        config = game.config_type(players=players)
        chosen.setdefault(game.describe_config(config), (config, True))
    for config in game.bench_configs():
        chosen.setdefault(game.describe_config(config), (config, False))
    return sorted(chosen.values(), key=lambda pair: (pair[0].players, not pair[1]))


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _build() -> str:
    """Which build is measured: ``source``, or ``compiled`` with the modules that are (pyproject.toml's mypyc hook)."""
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    hooks = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    names = [path.removeprefix("/src/").removesuffix(".py").replace("/", ".") for path in hooks["mypyc"]["include"]]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [
        name for name in names if ((spec := importlib.util.find_spec(name)) and str(spec.origin).endswith(suffixes))
    ]
    if not compiled:
        return "source"
    return f"compiled ({len(compiled)} of the {len(names)} modules of the mypyc hook)"


def _git() -> str:
    try:
        root = Path(__file__).resolve().parent.parent
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no", "src"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{commit}{'+dirty' if dirty else ''}" if commit else "unknown"


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def machine() -> dict[str, Any]:
    """Where and with what this run was made."""
    return {
        "cpu": _cpu(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "attrs": _version("attrs"),
        "cattrs": _version("cattrs"),
        "commit": _git(),
        "build": _build(),
        "load_average_at_start": _load(),
    }


def _say(text: str) -> None:
    print(text, flush=True)


HEADER = (
    f"{'game':20} {'config':52} {'mode':6} {'us/step':>9} {'games/s':>9} {'steps/game':>10} {'spread':>7} {'x kuhn':>7}"
)


def _line(game: str, config: str, mode: str, m: dict[str, Any], kuhn_us: float | None) -> str:
    ratio = f"{m['us_per_step'] / kuhn_us:7.2f}" if kuhn_us else f"{'-':>7}"
    return (
        f"{game:20} {config:52.52} {mode:6} {m['us_per_step']:9.2f} {m['games_per_second']:9.1f} "
        f"{m['steps_per_game']:10.1f} {m['spread']:7.0%} {ratio}"
    )


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Measure everything the arguments ask for and return the results document."""
    result: dict[str, Any] = {
        "name": "ofrenda_rules benchmark",
        "timestamp": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "settings": {"seconds": args.seconds, "repetitions": args.repetitions, "games": args.games},
    }
    _say(f"machine: {result['machine']}")
    _say(
        f"settings: {args.repetitions} repetitions of {args.seconds} s per row, interleaved, "
        "after a warm-up; medians shown\n"
    )

    plays: dict[tuple[str, str, str], bench_driver.PlayOne] = {}
    info: dict[tuple[str, str, str], dict[str, Any]] = {}
    if args.no_openspiel:
        result["openspiel"] = {"available": False, "missing": "skipped (--no-openspiel)"}
    else:
        loaded, version = bench_openspiel.load()
        if loaded:
            result["openspiel"] = {"available": True, "version": version}
        else:
            result["openspiel"] = {"available": False, "missing": version}
        for name, spiel_game in loaded.items():
            key = (name, "", "driver")
            plays[key] = bench_driver.openspiel(spiel_game)
            info[key] = {"library": "open_spiel", "game": name, "config": "", "mode": "driver"}
    if not result["openspiel"]["available"]:
        _say(f"OpenSpiel rows missing: {result['openspiel']['missing']}; goals 1-3 will be MISSING\n")
    configs: list[tuple[AnyGame, Any, str]] = []
    for name in args.games:
        game = get_game(name)
        for config, default in configs_of(game):
            label = game.describe_config(config)
            configs.append((game, config, label))
            for mode in ("seeded", "driver"):
                key = (name, label, mode)
                plays[key] = bench_driver.ours(game, config, seeded=mode == "seeded")
                info[key] = {
                    "library": "ofrenda_rules",
                    "game": name,
                    "config": label,
                    "players": config.players,
                    "default": default,
                    "max_steps": game.max_steps(config),
                    "mode": mode,
                }
    measured = bench_driver.measure(plays, args.seconds, args.repetitions, _say)

    reference = {
        key[0]: {**info[key], **m.to_json()} for key, m in measured.items() if info[key]["library"] == "open_spiel"
    }
    kuhn_us = reference[bench_goals.KUHN]["us_per_step"] if bench_goals.KUHN in reference else None
    rows: list[dict[str, Any]] = []
    _say("\n" + HEADER)
    for key, m in measured.items():
        row = {**info[key], **m.to_json()}
        if kuhn_us:
            row["step_vs_kuhn"] = round(row["us_per_step"] / kuhn_us, 3)
        if row["library"] == "ofrenda_rules":
            rows.append(row)
        else:
            reference[row["game"]] = row
        label = "(OpenSpiel)" if row["library"] == "open_spiel" else row["config"]
        _say(_line(row["game"], label, row["mode"], row, kuhn_us))

    states: list[dict[str, Any]] = []
    for game, config, label in configs:
        sizes = bench_states.measure_states(game, config, args.repetitions)
        states.append({"game": game.info.name, "config": label, **sizes.to_json()})
    result["openspiel_rows"] = list(reference.values())
    result["rows"] = rows

    _say(
        f"\n{'game':20} {'config':52} {'states':>6} {'JSON B med':>10} {'JSON B max':>10} "
        f"{'rt us med':>9} {'rt us max':>9} {'floor':>7} {'x floor':>7} {'pickle B max':>12}"
    )
    for s in states:
        _say(
            f"{s['game']:20} {s['config']:52.52} {s['states']:6} {s['json_bytes_median']:10.0f} "
            f"{s['json_bytes_max']:10} {s['json_round_trip_us_median']:9.1f} {s['json_round_trip_us_max']:9.1f} "
            f"{s['json_floor_us_of_max']:7.1f} {s['json_round_trip_vs_floor_max']:7.2f} {s['pickle_bytes_max']:12}"
        )
    result["states"] = states

    floor = bench_floor.measure_floor(args.repetitions, min(args.seconds, 0.5))
    result["attrs_floor_ns"] = floor
    _say("\nattrs floor (a frozen attrs class of 10 fields), ns per call:")
    for label, ns in floor.items():
        _say(f"  {label:40} {ns:9.1f}")

    goals = bench_goals.evaluate(rows, reference, states)
    result["goals"] = [goal.to_json() for goal in goals]
    _say("\ngoals (ratios from this run):")
    for goal in goals:
        measured_text = "missing" if goal.measured is None else f"{goal.measured:.3f}"
        comparison = "<=" if goal.at_most else ">="
        worst = f"  [worst: {goal.worst}]" if goal.worst else ""
        _say(
            f"  {goal.status:7} goal {goal.number} {goal.game:20} {goal.what:48} "
            f"{measured_text:>9} {comparison} {goal.target:g}{worst}"
        )
    result["machine"]["load_average_at_end"] = _load()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"games to measure (default all: {game_names()})")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each timed repetition (default 1.0)")
    parser.add_argument("--repetitions", type=int, default=5, help="timed repetitions per row (default 5)")
    parser.add_argument("--out", type=Path, help="JSON file to write (default benchmarks/results/<UTC time>.json)")
    parser.add_argument("--no-openspiel", action="store_true", help="do not measure OpenSpiel's games")
    args = parser.parse_args(argv)
    unknown = [name for name in args.games if name not in game_names()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(game_names())}")
    if args.seconds <= 0 or args.repetitions < 1:
        parser.error("--seconds must be positive and --repetitions at least 1")
    args.games = list(args.games or game_names())
    try:
        result = run(args)
    except bench_driver.BenchError as error:
        print(f"benchmark guard failed: {error}", file=sys.stderr)
        return 1
    out = args.out or RESULTS / f"{datetime.datetime.now(datetime.UTC):%Y%m%dT%H%M%SZ}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    _say(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
