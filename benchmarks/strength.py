"""The bots' strength, measured (``nox -s strength``): a rating ladder, and win rates with 95% Wilson intervals.

**The ladder** (``--ladder``, the nox session's default): for each game of
:data:`LADDER_CASES`, a round robin of the random bot, the reference bot and
every level (``easy``, ``medium``, ``hard``, ``expert``), ``--games`` seeded
games a pair (default 500). In a two-player game the pair's bots take seat
``i % 2`` in turn; with four players each holds two seats (alternating,
rotated every game), so one bot's share and the other's sum to one. The
ratings are a Bradley-Terry fit (Elo scale, 400 points for 10:1 odds; a
shared win counts half; one virtual drawn game a pair keeps a bot that never
won finite), anchored at the reference bot = 0, with 95% intervals from 200
bootstrap resamplings of each pair's games. Every bot's mean milliseconds of
CPU-bound wall time per decision (single-action decisions included) is
measured in the same games.

**The goals** (every run): each level against the reference bot, the level in
seat ``i % players`` and the reference bot in every other seat.

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
import itertools
import json
import math
import multiprocessing
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ofrenda_rules.bots import LEVEL_NAMES, bot_seed, make_bot
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import get_game
from ofrenda_rules.report.stats import wilson_interval
from ofrenda_rules.serialization import dumps, loads

CASES: tuple[tuple[str, int], ...] = (
    ("dia_de_los_muertos", 4),
    ("ofrenda", 2),
    ("ofrendados", 2),
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
    *((level, "reference") for level in LEVEL_NAMES),
)
"""(tested, opponent) pairings of a multiplayer game; a solo game plays each tested bot alone."""


def play_games(job: tuple[str, str, str, str, list[int]]) -> list[tuple[int, float, int, float, float]]:
    """Play the games of ``job``: (win, share, decisions, seconds and CPU seconds of the tested bot) per game."""
    name, config_json, tested, opponent, seeds = job
    game = get_game(name)
    config = loads(config_json, game.config_type)
    players: int = config.players
    results = []
    for seed in seeds:
        seat_of_tested = seed % players
        count = [0]
        spent = [0.0, 0.0]
        policies: dict[int, Any] = {}
        for seat in range(players):
            kind = tested if seat == seat_of_tested else opponent
            if kind == "random":
                continue
            bot = make_bot(game, kind, bot_seed(seed, seat))
            if seat == seat_of_tested:

                def counted(state: Any, bot: Any = bot, count: list[int] = count, spent: list[float] = spent) -> Any:
                    count[0] += 1
                    began = time.perf_counter()
                    began_cpu = time.process_time()
                    action = bot(state)
                    spent[0] += time.perf_counter() - began
                    spent[1] += time.process_time() - began_cpu
                    return action

                policies[seat] = counted
            else:
                policies[seat] = bot
        played = random_playout(game, config, seed, seed, bots=policies)
        winners = game.outcome(played.final).winners
        win = seat_of_tested in winners
        results.append((int(win), 1.0 / len(winners) if win else 0.0, count[0], spent[0], spent[1]))
    return results


def measure(
    name: str, players: int, tested: str, opponent: str, games: int, first_seed: int, jobs: int, chunk: int
) -> dict[str, Any]:
    game = get_game(name)
    config = game.config_type(players=players)
    seeds = [first_seed + i for i in range(games)]
    work = [(name, dumps(config), tested, opponent, seeds[i : i + chunk]) for i in range(0, games, chunk)]
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(play_games, work)
    elapsed = time.perf_counter() - began
    rows = [row for part in parts for row in part]
    wins = sum(row[0] for row in rows)
    decisions = sum(row[2] for row in rows)
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
        "win_share": sum(row[1] for row in rows) / len(rows),
        "seconds": elapsed,
        "tested_decisions": decisions,
        "ms_per_decision": 1000.0 * sum(row[3] for row in rows) / max(1, decisions),
        "cpu_ms_per_decision": 1000.0 * sum(row[4] for row in rows) / max(1, decisions),
    }


LADDER_CASES: tuple[tuple[str, int], ...] = (
    ("dia_de_los_muertos", 4),
    ("ofrenda", 2),
    ("ofrendados", 2),
    ("portents", 2),
)
"""(game, players) of the rating ladder."""

ENTRANTS: tuple[str, ...] = ("random", "reference", *LEVEL_NAMES)
"""The bots of the ladder."""

BOOTSTRAP = 200
"""Bootstrap resamplings for the ratings' intervals."""


def ladder_games(job: tuple[str, str, str, str, list[int]]) -> list[tuple[float, int, float, int, float]]:
    """Play ``job``'s games of bot ``a`` against bot ``b``: per game a's share, then decisions and seconds of a, of b.

    Game ``seed`` gives ``a`` the seats ``s`` with ``(s - seed) % 2 == 0`` (in a two-player game, seat
    ``seed % 2``) and ``b`` the others.
    """
    name, config_json, a, b, seeds = job
    game = get_game(name)
    config = loads(config_json, game.config_type)
    players: int = config.players
    results = []
    for seed in seeds:
        clock: dict[str, list[Any]] = {a: [0, 0.0], b: [0, 0.0]}
        mine = {seat for seat in range(players) if (seat - seed) % 2 == 0}
        policies: dict[int, Any] = {}
        for seat in range(players):
            kind = a if seat in mine else b
            bot = make_bot(game, kind, bot_seed(seed, seat))

            def timed(state: Any, bot: Any = bot, tally: list[Any] = clock[kind]) -> Any:
                began = time.perf_counter()
                action = bot(state)
                tally[0] += 1
                tally[1] += time.perf_counter() - began
                return action

            policies[seat] = timed
        played = random_playout(game, config, seed, seed, bots=policies)
        winners = game.outcome(played.final).winners
        share = sum(1.0 for seat in winners if seat in mine) / len(winners) if winners else 0.5
        results.append((share, int(clock[a][0]), float(clock[a][1]), int(clock[b][0]), float(clock[b][1])))
    return results


def bradley_terry(names: Sequence[str], scores: dict[tuple[str, str], list[float]]) -> dict[str, float]:
    """Elo-scale Bradley-Terry ratings (reference = 0) from each pair's per-game shares of the first bot.

    A minorise-maximise fit (Hunter, 2004) with one virtual drawn game per pair.
    """
    wins = {name: 0.0 for name in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), shares in scores.items():
        total = sum(shares) + 0.5
        wins[a] += total
        wins[b] += len(shares) + 1.0 - total
        games[(a, b)] = games[(b, a)] = len(shares) + 1.0
    strength = {name: 1.0 for name in names}
    for _ in range(2000):
        updated = {}
        for name in names:
            denominator = sum(
                count / (strength[name] + strength[other]) for (one, other), count in games.items() if one == name
            )
            updated[name] = wins[name] / denominator if denominator else strength[name]
        norm = math.exp(sum(math.log(value) for value in updated.values()) / len(updated))
        updated = {name: value / norm for name, value in updated.items()}
        change = max(abs(math.log(updated[name] / strength[name])) for name in names)
        strength = updated
        if change < 1e-10:
            break
    anchor = strength.get("reference", 1.0)
    return {name: 400.0 * math.log10(strength[name] / anchor) for name in names}


def ladder(name: str, players: int, games: int, first_seed: int, jobs: int, chunk: int) -> dict[str, Any]:
    """The round robin of :data:`ENTRANTS` in one game, with ratings, intervals and costs."""
    game = get_game(name)
    config = game.config_type(players=players)
    scores: dict[tuple[str, str], list[float]] = {}
    decisions = {entrant: 0 for entrant in ENTRANTS}
    seconds = {entrant: 0.0 for entrant in ENTRANTS}
    pairs = []
    began = time.perf_counter()
    for a, b in itertools.combinations(ENTRANTS, 2):
        seeds = [first_seed + i for i in range(games)]
        work = [(name, dumps(config), a, b, seeds[i : i + chunk]) for i in range(0, games, chunk)]
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(ladder_games, work)
        rows = [row for part in parts for row in part]
        scores[(a, b)] = [share for share, _, _, _, _ in rows]
        for _, a_moves, a_seconds, b_moves, b_seconds in rows:
            decisions[a] += a_moves
            seconds[a] += a_seconds
            decisions[b] += b_moves
            seconds[b] += b_seconds
        share = sum(scores[(a, b)]) / len(rows)
        wins = round(sum(scores[(a, b)]))
        low, high = wilson_interval(wins, len(rows))
        pairs.append({"a": a, "b": b, "games": len(rows), "share_a": share, "wilson_95": [low, high]})
        print(f"  {name} {players}p {a} vs {b}: {share:.3f} [{low:.3f}, {high:.3f}] over {len(rows)}", flush=True)
    ratings = bradley_terry(ENTRANTS, scores)
    generator = random.Random(first_seed)
    samples: dict[str, list[float]] = {entrant: [] for entrant in ENTRANTS}
    for _ in range(BOOTSTRAP):
        drawn = {pair: [generator.choice(shares) for _ in shares] for pair, shares in scores.items()}
        for entrant, rating in bradley_terry(ENTRANTS, drawn).items():
            samples[entrant].append(rating)
    table = []
    for entrant in ENTRANTS:
        ordered = sorted(samples[entrant])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        table.append(
            {
                "bot": entrant,
                "rating": ratings[entrant],
                "interval_95": [low, high],
                "ms_per_decision": 1000.0 * seconds[entrant] / max(1, decisions[entrant]),
                "decisions": decisions[entrant],
            }
        )
    return {
        "game": name,
        "players": players,
        "games_per_pair": games,
        "seconds": time.perf_counter() - began,
        "pairs": pairs,
        "ratings": table,
    }


def ladder_markdown(ladders: Sequence[dict[str, Any]]) -> str:
    """The ladders' ratings as a Markdown table."""
    lines = [
        "| game | players | bot | rating (Elo, reference = 0) | 95% interval | ms per decision | games a pair |",
        "| --- | ---: | --- | ---: | --- | ---: | ---: |",
    ]
    for entry in ladders:
        for row in entry["ratings"]:
            low, high = row["interval_95"]
            lines.append(
                f"| {entry['game']} | {entry['players']} | {row['bot']} | {row['rating']:.0f} "
                f"| [{low:.0f}, {high:.0f}] | {row['ms_per_decision']:.1f} | {entry['games_per_pair']} |"
            )
    return "\n".join(lines)


def markdown(results: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| game | players | bot | against | games | win rate | 95% interval | win share | ms per decision |",
        "| --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for row in results:
        low, high = row["wilson_95"]
        lines.append(
            f"| {row['game']} | {row['players']} | {row['tested']} | {row['opponent']} | {row['games']} "
            f"| {row['win_rate']:.3f} | [{low:.3f}, {high:.3f}] | {row['win_share']:.3f} "
            f"| {row['ms_per_decision']:.1f} |"
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
    parser.add_argument("--ladder", action="store_true", help="also play the rating ladder (--games a pair)")
    parser.add_argument("--ladder-only", action="store_true", help="play the rating ladder only")
    parser.add_argument("--players", type=int, action="append", default=[], help="only these player counts")
    parser.add_argument(
        "--tested", action="append", default=[], metavar="BOT", help="only the pairings of these tested bots"
    )
    args = parser.parse_args(argv)
    budgets = dict(MCTS)
    for item in args.mcts:
        name, _, value = item.partition("=")
        budgets[name] = value
    wanted = [(name, players) for name, players in CASES if not args.games_to_measure or name in args.games_to_measure]
    wanted = [(name, players) for name, players in wanted if not args.players or players in args.players]
    ladders = []
    if args.ladder or args.ladder_only:
        for name, players in LADDER_CASES:
            if (name, players) not in wanted:
                continue
            print(f"ladder: {name} {players}p, {args.games} games a pair", flush=True)
            ladders.append(ladder(name, players, args.games, args.seed, args.jobs, args.chunk))
            print(ladder_markdown(ladders[-1:]), flush=True)
    results = []
    for name, players in [] if args.ladder_only else wanted:
        search = budgets[name]
        pairings = PAIRINGS if players > 1 else (("random", "-"), ("reference", "-"), ("mcts", "-"))
        if args.tested:
            pairings = tuple(pairing for pairing in pairings if pairing[0] in args.tested)
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
                f"(share {row['win_share']:.3f}) "
                f"[{low:.3f}, {high:.3f}] over {row['games']} games in {row['seconds']:.0f} s "
                f"({row['ms_per_decision']:.1f} ms, {row['cpu_ms_per_decision']:.1f} CPU ms a decision)",
                flush=True,
            )
    print()
    print(markdown(results))
    if ladders:
        print()
        print(ladder_markdown(ladders))
    if args.out:
        document = {
            "machine": {"platform": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count()},
            "load_average": list(os.getloadavg()),
            "mcts": budgets,
            "results": results,
            "ladder": ladders,
        }
        Path(args.out).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
