"""Instruction counts of the benchmark's step and JSON round trip, under callgrind.

Times depend on the machine's load; instruction counts do not. This script
counts, with valgrind's callgrind, the instructions the bench driver's loop
spends per step, and the instructions one JSON round trip (``dumps`` +
``loads``) spends per sampled state, by the difference of two runs: the same
process with the work and without it (imports, set-up and warm-up included in
both), divided by the steps or states. About 7.8k instructions made 1 µs on
the 2-core machine of ``docs/performance.md``.

Run from the repository root (``valgrind`` must be on ``PATH``)::

    PYTHONPATH=src python benchmarks/instructions.py steps ofrenda --players 1 --games 60
    PYTHONPATH=src python benchmarks/instructions.py json dia_de_los_muertos --players 4
    PYTHONPATH=src python benchmarks/instructions.py steps kuhn --games 60

``kuhn`` is OpenSpiel's ``python_kuhn_poker`` (the ``bench`` extra). ``--variant
NAME`` picks a config from the game's ``bench_configs()`` by its description
instead of ``Config(players=N)``. ``PYTHONHASHSEED`` is fixed to 0 in the
measured runs. The counts are printed, and written as JSON with ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
_COLLECTED = re.compile(r"Collected : (\d+)")


def _config(game: Any, players: int | None, variant: str | None) -> Any:
    if variant is not None:
        for config in game.bench_configs():
            if game.describe_config(config) == variant:
                return config
        known = [game.describe_config(config) for config in game.bench_configs()]
        raise SystemExit(f"no bench config {variant!r}; known: {known}")
    return game.config_type(players=players if players is not None else game.info.player_counts[0])


def _work(kind: str, name: str, players: int | None, variant: str | None, count: int, warm: int) -> int:
    """Do the measured work (``count`` games or states) after ``warm`` of the same; return steps or states."""
    import random

    sys.path.insert(0, str(HERE))
    import bench_driver

    if name == "kuhn":
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

        play = bench_driver.openspiel(pyspiel.load_game("python_kuhn_poker"))
        if kind != "steps":
            raise SystemExit("kuhn has only steps")
    else:
        from ofrenda_rules.registry import get_game

        game = get_game(name)
        config = _config(game, players, variant)
        if kind == "steps":
            play = bench_driver.ours(game, config, seeded=True)
        else:
            import bench_states

            from ofrenda_rules.serialization import dumps, loads

            states = bench_states.sample(game, config, playouts=2, per_playout=6)
            state_type = game.state_type
            for state in states[:warm]:
                loads(dumps(state), state_type)
            for _ in range(count):
                for state in states:
                    loads(dumps(state), state_type)
            return count * len(states)
    rand = random.Random(12345).random
    for index in range(warm):
        play(1_000_000 + index, rand)
    steps = 0
    for index in range(count):
        steps += play(index, rand)
    return steps


def _count(argv: list[str]) -> tuple[int, int]:
    """Instructions and the work's size of one callgrind run of this script's ``--inner`` mode."""
    with tempfile.TemporaryDirectory() as scratch:
        result_file = Path(scratch) / "size"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={scratch}/out",
            sys.executable,
            __file__,
            "--inner",
            str(result_file),
            *argv,
        ]
        env = dict(os.environ, PYTHONHASHSEED="0")
        completed = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        found = _COLLECTED.search(completed.stderr)
        if completed.returncode != 0 or found is None:
            raise SystemExit(f"callgrind run failed:\n{completed.stderr[-3000:]}")
        return int(found.group(1)), int(result_file.read_text())


def main() -> None:
    """Parse the arguments, run the two counts (or the inner work), print and write the result."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("kind", choices=["steps", "json"])
    parser.add_argument("game", help="a registered game's name, or kuhn")
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant", help="a bench config's description")
    parser.add_argument("--games", type=int, default=60, help="games (steps) or round trips per state (json)")
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        size = _work(args.kind, args.game, args.players, args.variant, args.count, args.warm)
        Path(args.inner).write_text(str(size))
        return
    common = [args.kind, args.game, "--warm", str(args.warm)]
    if args.players is not None:
        common += ["--players", str(args.players)]
    if args.variant is not None:
        common += ["--variant", args.variant]
    base, _ = _count([*common, "--count", "0"])
    full, size = _count([*common, "--count", str(args.games)])
    unit = "step" if args.kind == "steps" else "round trip"
    per = (full - base) / size
    result = {
        "kind": args.kind,
        "game": args.game,
        "players": args.players,
        "variant": args.variant,
        "count": args.games,
        "size": size,
        "instructions": full - base,
        "per_unit": per,
    }
    print(f"{args.game} {args.kind}: {size} {unit}s, {per:,.0f} instructions per {unit}")
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
