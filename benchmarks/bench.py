"""Benchmark: random playouts per second and microseconds per step, per game and configuration.

Run with ``nox -s bench`` (or ``python benchmarks/bench.py [--seconds S] [GAME...]``).
Seeded games resolve chance inside ``apply``, so a step is one player decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ofrenda_rules.game import GameDefinition
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import game_names, get_game


def bench_config(game: GameDefinition[Any, Any, Any, Any, Any], config: Any, seconds: float) -> dict[str, Any]:
    games = steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games < 3:
        result = random_playout(game, config, seed=games, player_seed=games + 1)
        games += 1
        steps += result.steps
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "games_per_second": round(games / elapsed, 2),
        "us_per_step": round(1e6 * elapsed / max(steps, 1), 1),
        "steps_per_game": round(steps / games, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(game_names()))
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    for name in args.games:
        game = get_game(name)
        for config in game.bench_configs():
            label = game.describe_config(config)
            row = bench_config(game, config, args.seconds)
            if args.json:
                print(json.dumps({"game": name, "config": label, **row}))
            else:
                print(
                    f"{name:20} {label:40} {row['games_per_second']:10.1f} games/s "
                    f"{row['us_per_step']:9.1f} us/step {row['steps_per_game']:7.1f} steps/game"
                )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
