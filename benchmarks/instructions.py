"""Instruction counts of the benchmark's step and JSON round trip, under callgrind.

Times depend on the machine's load; instruction counts do not. This script
counts, with valgrind's callgrind, the instructions the bench driver's loop
spends per step, and the instructions one JSON round trip (``dumps`` +
``loads``) spends per sampled state, by the difference of two runs: the same
process with the work and without it (imports, set-up and warm-up included in
both), divided by the steps or states. About 7.8k instructions made 1 µs on
the 2-core machine of ``docs/performance.md``.

Run from the repository root (``valgrind`` must be on ``PATH``)::

    PYTHONPATH=src python benchmarks/instructions.py steps ofrenda --players 1
    PYTHONPATH=src python benchmarks/instructions.py steps ofrenda --players 1 --games 60 --warm 5
    PYTHONPATH=src python benchmarks/instructions.py steps ofrenda --players 2 --driver
    PYTHONPATH=src python benchmarks/instructions.py json dia_de_los_muertos --players 4
    PYTHONPATH=src python benchmarks/instructions.py largest ofrenda --players 4
    PYTHONPATH=src python benchmarks/instructions.py steps kuhn
    PYTHONPATH=src python benchmarks/instructions.py goals

``kuhn`` is OpenSpiel's ``python_kuhn_poker`` and ``hearts`` its C++ hearts
(the ``bench`` extra). ``--variant NAME`` picks a config from the game's
``bench_configs()`` by its description instead of ``Config(players=N)``;
``--driver`` plays in driver mode (the loop resolves chance) instead of
seeded mode. ``json`` counts the mean round trip over a sample of mid-game
states; ``largest`` the round trip of the one with the largest JSON among
the states the benchmark sizes (``bench_states.measure_states``' playouts).
``PYTHONHASHSEED`` is fixed to 0 in the measured runs. The counts are
printed, and written as JSON with ``--out``. With ``--simulate`` callgrind
also simulates the caches and the branch predictor (valgrind's models, not
the machine's: a first-level and a last-level cache, a simple predictor),
and the misses and mispredicted branches per step (round trip) are printed
too::

    PYTHONPATH=src python benchmarks/instructions.py steps portents --players 1 --simulate

A step count plays whole games until ``--steps`` steps (default 6000) after
a warm-up of ``--warm-steps`` (default 2000), as ``bench.py`` times whole
games after a warm-up: the tables a game fills as it meets new positions
(the Kitty's pushes, the open pushes per pattern of Burnt Offerings, a
Portent's lights) are then warm, as in a long run, and the counted games are
many enough that their mix of lengths (a short game carries its set-up over
few steps) moves the figure by about 1%. The warm-up and the counted games
choose their actions with generators of their own, so the counted games do
not depend on the warm-up. ``--games`` and ``--warm`` count whole games
instead (round 8 and before: 60 games after 5).

``goals`` (``nox -s count``) counts every configuration the benchmark times
(of the games named, all if none), seeded and driver mode, Kuhn's steps
(1000 games, three times, the median: two imports of open_spiel differ by a
few million instructions) and hearts', ``--jobs`` callgrind runs at a time
(default: one per CPU), and prints goals 1-3 of ``docs/performance.md`` as
ratios of instructions (games per second as the inverse ratio of
instructions per game): the same verdicts as ``bench.py``'s, but ones the
machine's load cannot move. With ``--largest`` it counts the
largest state's round trip too; goal 4 is a time, so for it the counts are
printed without a verdict.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
_EVENTS = re.compile(r"Events +: ([A-Za-z0-9 ]+)\n")
_TOTALS = re.compile(r"Collected : ([\d ]+)\n")
_SIMULATION = ("--cache-sim=yes", "--branch-sim=yes")
"""Callgrind's cache and branch-predictor simulation (``--simulate``): valgrind's own model of the caches
(first level and last level only) and of a simple branch predictor, not the machine's."""
SIMULATED: dict[str, tuple[str, ...]] = {
    "i1_misses": ("I1mr",),
    "d1_misses": ("D1mr", "D1mw"),
    "d1_read_misses": ("D1mr",),
    "ll_misses": ("ILmr", "DLmr", "DLmw"),
    "mispredicts": ("Bcm", "Bim"),
    "indirect_mispredicts": ("Bim",),
}
"""The simulated figures ``--simulate`` reports per step (or round trip), each the sum of callgrind events."""
_STEPS = 6000
"""Steps a step count plays (whole games, until at least this many): every game's, Kuhn's and hearts'."""
_WARM_STEPS = 2000
"""Steps of the warm-up before them (whole games, in both runs of a count)."""
_KUHN_RUNS = 3
"""Kuhn is counted this many times, the median taken: two imports of open_spiel differ by millions of instructions."""


def _config(game: Any, players: int | None, variant: str | None) -> Any:
    if variant is not None:
        for config in game.bench_configs():
            if game.describe_config(config) == variant:
                return config
        known = [game.describe_config(config) for config in game.bench_configs()]
        raise SystemExit(f"no bench config {variant!r}; known: {known}")
    return game.config_type(players=players if players is not None else game.info.player_counts[0])


def _largest_state(game: Any, config: Any) -> Any:
    """The mid-game state with the largest JSON among the playouts ``bench_states.measure_states`` sizes."""
    import bench_states

    from ofrenda_rules.serialization import dumps

    best: tuple[int, Any] = (-1, None)
    for k in range(4):
        for seed in (k + 1, None):
            for state in bench_states.record(game, config, seed, player_seed=1000 + k)[1:-1]:
                size = len(dumps(state, game.state_type).encode())
                if size > best[0]:
                    best = (size, state)
    return best[1]


def _work(
    kind: str,
    name: str,
    config_args: tuple[int | None, str | None, bool],
    count: int,
    warm: int,
    state_file: str | None,
    steps_target: int = 0,
    warm_steps: int = 0,
) -> tuple[int, int]:
    """Do the measured work after a warm-up; return the steps (or states) and the games (or round trips).

    ``count`` games or round trips after ``warm`` of the same; with ``steps_target`` (``warm_steps``), whole
    games until at least that many steps instead.
    """
    import random

    sys.path.insert(0, str(HERE))
    import bench_driver

    players, variant, driver = config_args
    if name in ("kuhn", "hearts"):
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

        play = bench_driver.openspiel(pyspiel.load_game("python_kuhn_poker" if name == "kuhn" else "hearts"))
        if kind != "steps":
            raise SystemExit(f"{name} has only steps")
    else:
        from ofrenda_rules.registry import get_game

        game = get_game(name)
        config = _config(game, players, variant)
        if kind == "steps":
            play = bench_driver.ours(game, config, seeded=not driver)
        else:
            import bench_states

            from ofrenda_rules.serialization import dumps, loads

            state_type = game.state_type
            if kind == "json":
                states = bench_states.sample(game, config, playouts=2, per_playout=6)
            else:  # the parent found the state (outside callgrind) and wrote its JSON
                states = [loads(Path(str(state_file)).read_text(), state_type)]
            for state in (states * warm)[:warm]:
                loads(dumps(state, state_type), state_type)
            for _ in range(count):
                for state in states:
                    loads(dumps(state, state_type), state_type)
            return count * len(states), count
    _games(play, 1_000_000, random.Random(54321).random, warm, warm_steps)
    return _games(play, 0, random.Random(12345).random, count, steps_target)


def _games(play: Any, first: int, rand: Any, games: int, steps_target: int) -> tuple[int, int]:
    """Play ``games`` games (or, with ``steps_target``, whole games until that many steps); the steps and games."""
    played = steps = 0
    while played < games if not steps_target else steps < steps_target:
        steps += play(first + played, rand)
        played += 1
    return steps, played


def _events(stderr: str) -> dict[str, int] | None:
    """Callgrind's event totals by event name (``Ir``: instructions), from its summary on standard error."""
    names, totals = _EVENTS.search(stderr), _TOTALS.search(stderr)
    if names is None or totals is None:
        return None
    return dict(zip(names.group(1).split(), map(int, totals.group(1).split()), strict=True))


def _count(argv: list[str], simulate: bool = False) -> tuple[dict[str, int], int, int]:
    """Every event's total (``Ir``: instructions), the work's size and its games (round trips) of one ``--inner`` run.

    With ``simulate`` callgrind also simulates the caches and the branch predictor (:data:`_SIMULATION`).
    """
    with tempfile.TemporaryDirectory() as scratch:
        result_file = Path(scratch) / "size"
        command = [
            "valgrind",
            "--tool=callgrind",
            *(_SIMULATION if simulate else ()),
            f"--callgrind-out-file={scratch}/out",
            sys.executable,
            __file__,
            "--inner",
            str(result_file),
            *argv,
        ]
        env = dict(os.environ, PYTHONHASHSEED="0")
        completed = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        events = _events(completed.stderr)
        if completed.returncode != 0 or events is None:
            raise SystemExit(f"callgrind run failed:\n{completed.stderr[-3000:]}")
        size, games = result_file.read_text().split()
        return events, int(size), int(games)


def measure(
    kind: str,
    game: str,
    *,
    players: int | None = None,
    variant: str | None = None,
    driver: bool = False,
    games: int = 60,
    warm: int = 5,
    steps: int = 0,
    warm_steps: int = 0,
    simulate: bool = False,
) -> dict[str, Any]:
    """Count one measurement (two callgrind runs: without the work and with it); its figures as a dict.

    A step count with ``steps`` (``warm_steps``) plays whole games until that many steps, not ``games``
    (``warm``) games. With ``simulate`` the figures include :data:`SIMULATED`'s, per step (round trip).
    """
    common = [kind, game, "--warm", str(warm), "--warm-steps", str(warm_steps)]
    if players is not None:
        common += ["--players", str(players)]
    if variant is not None:
        common += ["--variant", variant]
    if driver:
        common.append("--driver")
    with tempfile.TemporaryDirectory() as scratch:
        if kind == "largest":
            sys.path.insert(0, str(HERE))
            from ofrenda_rules.registry import get_game
            from ofrenda_rules.serialization import dumps

            found = get_game(game)
            state_file = Path(scratch) / "state.json"
            state_file.write_text(dumps(_largest_state(found, _config(found, players, variant)), found.state_type))
            common += ["--state-file", str(state_file)]
        base, _, _ = _count([*common, "--count", "0", "--steps", "0"], simulate)
        full, size, played = _count([*common, "--count", str(games), "--steps", str(steps)], simulate)
    result: dict[str, Any] = {
        "kind": kind,
        "game": game,
        "players": players,
        "variant": variant,
        "mode": "driver" if driver else "seeded",
        "count": played,
        "warm": f"{warm_steps} steps" if warm_steps else f"{warm} games",
        "size": size,
        "instructions": full["Ir"] - base["Ir"],
        "per_unit": (full["Ir"] - base["Ir"]) / size,
    }
    if simulate:
        result["simulated_per_unit"] = {
            figure: sum(full[event] - base[event] for event in events) / size for figure, events in SIMULATED.items()
        }
    return result


def _say(result: dict[str, Any]) -> str:
    unit = "step" if result["kind"] == "steps" else "round trip"
    said = f"{result['size']} {unit}s, {result['per_unit']:,.0f} instructions per {unit}"
    for figure, value in result.get("simulated_per_unit", {}).items():
        said += f"\n  simulated {figure.replace('_', ' ')} per {unit}: {value:,.1f}"
    return said


def goals(steps: int, warm_steps: int, out: Path | None, jobs_at_once: int, only: list[str], largest: bool) -> int:
    """Count every benchmarked configuration (of the games in ``only``, all if empty); print goals 1-3 as ratios."""
    sys.path.insert(0, str(HERE))
    from bench import configs_of

    from ofrenda_rules.registry import game_names, get_game

    unknown = [name for name in only if name not in game_names()]
    if unknown:
        raise SystemExit(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(game_names())}")
    by_steps = {"kind": "steps", "steps": steps, "warm_steps": warm_steps}
    kuhn_job = {**by_steps, "game": "kuhn"}
    jobs: list[tuple[str, str, str, dict[str, Any]]] = [
        *(("kuhn", "", f"run {k}", kuhn_job) for k in range(_KUHN_RUNS)),
        ("hearts", "", "seeded", {**by_steps, "game": "hearts"}),
    ]
    names = [name for name in game_names() if not only or name in only]
    for name in names:
        game = get_game(name)
        for config, default in configs_of(game):
            label = game.describe_config(config)
            where: dict[str, Any] = {"players": config.players} if default else {"variant": label}
            for driver in (False, True):
                mode = "driver" if driver else "seeded"
                jobs.append((name, label, mode, {**by_steps, "game": name, "driver": driver, **where}))
            if largest:
                jobs.append((name, label, "largest", {"kind": "largest", "game": name, "games": 5, **where}))
    began = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs_at_once) as pool:
        futures = [pool.submit(measure, **job[3]) for job in jobs]
        results: dict[tuple[str, str, str], dict[str, Any]] = {}
        for (name, label, mode, _), future in zip(jobs, futures, strict=True):
            results[name, label, mode] = future.result()
            print(f"{name:20} {label[:45]:45} {mode:8} {_say(results[name, label, mode])}", flush=True)
    kuhn = statistics.median(results["kuhn", "", f"run {k}"]["per_unit"] for k in range(_KUHN_RUNS))
    hearts = results["hearts", "", "seeded"]
    hearts_per_game = hearts["instructions"] / games_of(hearts)
    print(f"\ncounted in {time.monotonic() - began:.0f} s; python_kuhn_poker {kuhn:,.0f} instructions per step\n")
    verdicts: list[dict[str, Any]] = []

    def verdict(goal: int, name: str, what: str, value: float, target: float, worst: str, at_most: bool = True) -> None:
        passed = value <= target if at_most else value >= target
        sign = "<=" if at_most else ">="
        print(
            f"  {'PASS' if passed else 'FAIL'}    goal {goal} {name:20} {what:52} "
            f"{value:8.3f} {sign} {target}  [worst: {worst}]"
        )
        verdicts.append(
            {
                "goal": goal,
                "game": name,
                "what": what,
                "value": round(value, 4),
                "target": target,
                "worst": worst,
                "pass": passed,
            }
        )

    print("goals (ratios of instructions, from this count):")
    for name in names:
        rows = {key[1:]: value for key, value in results.items() if key[0] == name}
        for goal, mode, target in ((1, "seeded", 1.0 if name == "dia_de_los_muertos" else 2.0), (2, "driver", 3.0)):
            worst = max((value["per_unit"], label) for (label, m), value in rows.items() if m == mode)
            verdict(
                goal, name, f"{mode} step / Kuhn step, instructions (worst config)", worst[0] / kuhn, target, worst[1]
            )
        if name == "dia_de_los_muertos":
            four = rows["players=4", "seeded"]
            ratio = hearts_per_game / (four["instructions"] / games_of(four))
            verdict(
                3, name, "4 players seeded games per instruction / C++ hearts'", ratio, 0.4, "players=4", at_most=False
            )
        if not largest:
            continue
        most = max((value["per_unit"], label) for (label, m), value in rows.items() if m == "largest")
        print(
            f"  (time)  goal 4 {name:20} {'JSON round trip of the largest state, instructions':52} "
            f"{most[0]:10,.0f}  [{most[1]}]"
        )
    if out is not None:
        record = {"kuhn_per_step": kuhn, "results": [value for value in results.values()], "goals": verdicts}
        out.write_text(json.dumps(record, indent=2) + "\n")
        print(f"\nwrote {out}")
    return 0


def games_of(result: dict[str, Any]) -> int:
    """The games a step count played (its ``count``)."""
    return int(result["count"])


def _amounts(args: argparse.Namespace) -> tuple[int, int, int, int]:
    """The games, warm-up games, steps and warm-up steps a command line asks for, defaults filled in.

    A step count plays whole games until ``--steps`` after ``--warm-steps`` (defaults 6000 and 2000),
    unless ``--games`` (``--warm``) asks for whole games instead; the other kinds count games only;
    ``goals`` counts steps, with the step defaults.
    """
    games = 60 if args.games is None else args.games
    warm = 5 if args.warm is None else args.warm
    if args.kind == "goals":
        return games, warm, args.steps or _STEPS, args.warm_steps or _WARM_STEPS
    if args.kind != "steps":
        return games, warm, args.steps or 0, 0
    steps = args.steps if args.steps is not None else 0 if args.games is not None else _STEPS
    warm_steps = args.warm_steps if args.warm_steps is not None else 0 if args.warm is not None else _WARM_STEPS
    return games, warm, steps, warm_steps


def main() -> int:
    """Parse the arguments, run the two counts (or the inner work, or every goal's), print and write the result."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("kind", choices=["steps", "json", "largest", "goals"])
    parser.add_argument("game", nargs="*", help="a registered game's name, or kuhn or hearts (goals: games to count)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant", help="a bench config's description")
    parser.add_argument("--driver", action="store_true", help="driver mode: the loop resolves chance")
    parser.add_argument("--games", type=int, help="games (steps: instead of --steps), round trips per state (60)")
    parser.add_argument("--warm", type=int, help="games (or round trips) of warm-up (steps: instead of --warm-steps)")
    parser.add_argument("--steps", type=int, help=f"steps, goals: whole games until this many steps (default {_STEPS})")
    parser.add_argument("--warm-steps", type=int, help=f"steps, goals: warm-up steps (default {_WARM_STEPS})")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--largest", action="store_true", help="goals: count the largest state's round trip too")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="goals: callgrind runs at a time")
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--state-file", help=argparse.SUPPRESS)
    parser.add_argument(
        "--simulate", action="store_true", help="steps, json, largest: simulate caches and branches too (slower)"
    )
    args = parser.parse_args()
    games, warm, steps, warm_steps = _amounts(args)
    if args.kind == "goals":
        return goals(steps, warm_steps, args.out, max(1, args.jobs), args.game, args.largest)
    if len(args.game) != 1:
        parser.error(f"{args.kind} needs one game")
    args.game = args.game[0]
    if args.inner is not None:
        size, played = _work(
            args.kind,
            args.game,
            (args.players, args.variant, args.driver),
            args.count,
            warm,
            args.state_file,
            steps,
            warm_steps,
        )
        Path(args.inner).write_text(f"{size} {played}")
        return 0
    result = measure(
        args.kind,
        args.game,
        players=args.players,
        variant=args.variant,
        driver=args.driver,
        games=games,
        warm=warm,
        steps=steps,
        warm_steps=warm_steps,
        simulate=args.simulate,
    )
    print(f"{args.game} {args.kind}: {_say(result)}")
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
