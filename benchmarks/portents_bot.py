"""Measure Portents' reference bot: time and actions applied per move, memory, and win rates.

Not a test (it takes minutes): run from the repository root, e.g.::

    PYTHONPATH=src python benchmarks/portents_bot.py --games-2p 300 --games-solo 320

Two players: the bot against a uniformly random player, the bot's seat
alternating with the game number. Solo: the bot plays every solo test
configuration (the 16 challenge combinations, difficulties spread over them)
in turn, game ``g`` on configuration ``g % 16``. Every game is seeded (seed ``g``),
the random player draws from ``Rng(1000 + g)``. Times are per ``choose``
call, CPU time of the process (stable on a shared machine) and wall-clock;
actions are counted by wrapping the bot's ``apply``. Memory is the process's
peak resident size.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Final

from ofrenda_rules.portents import Action, Config, State, apply, current_player, is_over, legal_actions, new_game
from ofrenda_rules.portents import bots as bots_module
from ofrenda_rules.portents.bots import MOVE_BUDGET, SearchBot
from ofrenda_rules.portents.definition import solo_test_configs
from ofrenda_rules.rng import Rng

_TURN_CAP: Final = 1000
"""Decisions at most per game in this script (a bounded loop; no game comes near it)."""


class _Counter:
    def __init__(self, inner: Callable[[State, Action], State]) -> None:
        self.inner = inner
        self.count = 0

    def __call__(self, state: State, action: Action) -> State:
        self.count += 1
        return self.inner(state, action)


def _play(
    config: Config, seed: int, bot: SearchBot, bot_seat: int, counter: _Counter, moves: list[tuple[float, float, int]]
) -> State:
    state = new_game(config, seed)
    rng = Rng(1000 + seed)
    for _ in range(_TURN_CAP):
        if is_over(state):
            break
        seat = current_player(state)
        if config.solo or seat == bot_seat:
            before = counter.count
            start, cpu = time.perf_counter(), time.process_time()
            action = bot.choose(state)
            moves.append((time.process_time() - cpu, time.perf_counter() - start, counter.count - before))
        else:
            legal = legal_actions(state)
            index, rng = rng.below(len(legal))
            action = legal[index]
        state = apply(state, action)
    return state


def _summary(moves: list[tuple[float, float, int]]) -> dict[str, float]:
    cpu = sorted(c for c, _, _ in moves)
    wall = sorted(w for _, w, _ in moves)
    applied = sorted(n for _, _, n in moves)
    return {
        "moves": len(moves),
        "cpu_median_ms": round(statistics.median(cpu) * 1000, 2),
        "cpu_p99_ms": round(cpu[int(0.99 * (len(cpu) - 1))] * 1000, 2),
        "cpu_max_ms": round(cpu[-1] * 1000, 2),
        "cpu_mean_ms": round(statistics.fmean(cpu) * 1000, 2),
        "wall_median_ms": round(statistics.median(wall) * 1000, 2),
        "wall_max_ms": round(wall[-1] * 1000, 2),
        "median_applied": statistics.median(applied),
        "max_applied": applied[-1],
        "moves_over_1000_applied": sum(1 for n in applied if n > 1000),
    }


def main(argv: list[str] | None = None) -> None:
    """Play the games and print one JSON object of results."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games-2p", type=int, default=300)
    parser.add_argument("--games-solo", type=int, default=320)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--budget", type=int, default=MOVE_BUDGET, help="actions applied at most per decision")
    args = parser.parse_args(argv)
    counter = _Counter(apply)
    setattr(bots_module, "apply", counter)  # noqa: B010 (count the bot's actions)
    bot = SearchBot(budget=args.budget)
    results: dict[str, object] = {"budget": args.budget}
    moves: list[tuple[float, float, int]] = []
    wins = draws = 0
    start = time.perf_counter()
    for game in range(args.first, args.first + args.games_2p):
        final = _play(Config(), game, bot, game % 2, counter, moves)
        wins += (game % 2) in final.winners
        draws += not final.winners
    if args.games_2p:
        results["two_players"] = {
            "games": args.games_2p,
            "bot_wins": wins,
            "draws": draws,
            "seconds": round(time.perf_counter() - start, 1),
            **_summary(moves),
        }
    solo = solo_test_configs()
    moves = []
    won = 0
    per_config: dict[str, list[int]] = {}
    start = time.perf_counter()
    for game in range(args.first, args.first + args.games_solo):
        config = solo[game % len(solo)]
        final = _play(config, game, bot, 0, counter, moves)
        key = " ".join([config.difficulty.value, *config.challenges])
        record = per_config.setdefault(key, [0, 0])
        record[0] += bool(final.winners)
        record[1] += 1
        won += bool(final.winners)
        print(game, key, bool(final.winners), file=sys.stderr, flush=True)
    if args.games_solo:
        results["solo"] = {
            "games": args.games_solo,
            "bot_wins": won,
            "per_config": per_config,
            "seconds": round(time.perf_counter() - start, 1),
            **_summary(moves),
        }
    results["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
