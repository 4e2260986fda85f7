"""The bots' strength, measured (``nox -s strength``): win rates with 95% Wilson intervals.

For each game (one config per game, and the solo modes), each pairing of a
tested bot against an opponent bot is played over ``--games`` seeded games:
game ``i`` has seed ``--seed + i`` and puts the tested bot in seat
``i % players``, every other seat being the opponent (so no seat's advantage
favours either side). A win counts when the tested bot is among the winners;
its *share* splits a shared win. ``random`` against ``random`` is the
baseline: what an equally strong bot gets in that seat rotation. In a solo
game the tested bot plays alone against the game's automaton, and the win
rate is its rate of solo wins.

The search bot's budget per game (``mcts:N``, or ``mcts:N:D`` with playouts
cut after ``D`` steps) is set by ``--mcts`` (default :data:`MCTS`): a
playout's cost differs by a factor of ten between the games.
Results are written as JSON (``--out``) and printed as a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ofrenda_rules.bots import bot_seed, make_bot
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import get_game
from ofrenda_rules.report.stats import wilson_interval
from ofrenda_rules.serialization import dumps, loads

CASES: tuple[tuple[str, int], ...] = (
    ("dia_de_los_muertos", 4),
    ("ofrenda", 2),
    ("ofrendados", 3),
    ("portents", 2),
    ("ofrenda", 1),
    ("portents", 1),
)
"""(game, players) measured."""

MCTS: dict[str, str] = {
    "dia_de_los_muertos": "mcts:100",
    "ofrenda": "mcts:30",
    "ofrendados": "mcts:30:40",
    "portents": "mcts:20:40",
}
"""The search bot of each game, with its budget."""

PAIRINGS: tuple[tuple[str, str], ...] = (
    ("random", "random"),
    ("reference", "random"),
    ("mcts", "random"),
    ("mcts", "reference"),
)
"""(tested, opponent) pairings of a multiplayer game; a solo game plays each tested bot alone."""


def play_games(job: tuple[str, str, str, str, list[int]]) -> list[tuple[int, float, int]]:
    """Play the games of ``job``: (win, share, decisions of the tested bot) per game."""
    name, config_json, tested, opponent, seeds = job
    game = get_game(name)
    config = loads(config_json, game.config_type)
    players: int = config.players
    results = []
    for seed in seeds:
        seat_of_tested = seed % players
        count = [0]
        policies: dict[int, Any] = {}
        for seat in range(players):
            kind = tested if seat == seat_of_tested else opponent
            if kind == "random":
                continue
            bot = make_bot(game, kind, bot_seed(seed, seat))
            if seat == seat_of_tested:

                def counted(state: Any, bot: Any = bot, count: list[int] = count) -> Any:
                    count[0] += 1
                    return bot(state)

                policies[seat] = counted
            else:
                policies[seat] = bot
        played = random_playout(game, config, seed, seed, bots=policies)
        winners = game.outcome(played.final).winners
        win = seat_of_tested in winners
        results.append((int(win), 1.0 / len(winners) if win else 0.0, count[0]))
    return results


def measure(
    name: str, players: int, tested: str, opponent: str, games: int, first_seed: int, jobs: int, chunk: int
) -> dict[str, object]:
    game = get_game(name)
    config = game.config_type(players=players)
    seeds = [first_seed + i for i in range(games)]
    work = [(name, dumps(config), tested, opponent, seeds[i : i + chunk]) for i in range(0, games, chunk)]
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(play_games, work)
    elapsed = time.perf_counter() - began
    rows = [row for part in parts for row in part]
    wins = sum(win for win, _, _ in rows)
    low, high = wilson_interval(wins, len(rows))
    return {
        "game": name,
        "players": players,
        "tested": tested,
        "opponent": opponent if players > 1 else "(solo automaton)",
        "games": len(rows),
        "wins": wins,
        "win_rate": wins / len(rows),
        "wilson_95": [low, high],
        "win_share": sum(share for _, share, _ in rows) / len(rows),
        "seconds": elapsed,
        "tested_decisions": sum(decisions for _, _, decisions in rows),
    }


def markdown(results: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| game | players | bot | against | games | win rate | 95% interval | win share |",
        "| --- | ---: | --- | --- | ---: | ---: | --- | ---: |",
    ]
    for row in results:
        low, high = row["wilson_95"]
        lines.append(
            f"| {row['game']} | {row['players']} | {row['tested']} | {row['opponent']} | {row['games']} "
            f"| {row['win_rate']:.3f} | [{low:.3f}, {high:.3f}] | {row['win_share']:.3f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("games_to_measure", nargs="*", metavar="GAME", help="only these games (default: all)")
    parser.add_argument("--games", type=int, default=500, help="games per pairing (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="games per task")
    parser.add_argument("--mcts", action="append", default=[], metavar="GAME=SPEC", help="the mcts bot of GAME")
    parser.add_argument("--out", help="write the results as JSON to this file")
    args = parser.parse_args(argv)
    budgets = dict(MCTS)
    for item in args.mcts:
        name, _, value = item.partition("=")
        budgets[name] = value
    results = []
    for name, players in CASES:
        if args.games_to_measure and name not in args.games_to_measure:
            continue
        search = budgets[name]
        pairings = PAIRINGS if players > 1 else (("random", "-"), ("reference", "-"), ("mcts", "-"))
        for tested, opponent in pairings:
            row = measure(
                name,
                players,
                search if tested == "mcts" else tested,
                search if opponent == "mcts" else opponent,
                args.games,
                args.seed,
                args.jobs,
                args.chunk,
            )
            results.append(row)
            low, high = row["wilson_95"]
            print(
                f"{name} {players}p {row['tested']} vs {row['opponent']}: {row['win_rate']:.3f} "
                f"[{low:.3f}, {high:.3f}] over {row['games']} games in {row['seconds']:.0f} s",
                flush=True,
            )
    print()
    print(markdown(results))
    if args.out:
        document = {
            "machine": {"platform": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count()},
            "load_average": list(os.getloadavg()),
            "mcts": budgets,
            "results": results,
        }
        Path(args.out).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
