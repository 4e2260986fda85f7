"""The ``ofrenda-rules`` command line.

``ofrenda-rules games`` lists the registered games; ``ofrenda-rules play GAME
--players N --seed S`` plays a seeded game between random players and prints
every move and the result.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import game_names, get_game

__all__ = ["main"]


def _games(_: argparse.Namespace) -> int:
    for name in game_names():
        info = get_game(name).info
        counts = ", ".join(str(n) for n in info.player_counts)
        print(f"{name:20} {info.title} ({info.publisher}); players: {counts}")
    return 0


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    config = game.config_type() if args.players is None else game.config_type(players=args.players)
    step = 0

    def show(state: object, action: object) -> None:
        nonlocal step
        step += 1
        print(f"{step:4}. {game.describe_action(state, action)}")

    result = random_playout(game, config, seed=args.seed, player_seed=args.seed + 1, on_step=show)
    final = game.outcome(result.final)
    print(f"Game over after {result.steps} moves.")
    for seat, points in enumerate(final.scores):
        print(f"  player {seat}: {points} points, place {final.ranks[seat] + 1}")
    print("Winner(s): " + (", ".join(f"player {s}" for s in final.winners) or "none"))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command."""
    parser = argparse.ArgumentParser(prog="ofrenda-rules", description="Rules engines for Day-of-the-Dead games.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the registered games").set_defaults(run=_games)
    play = commands.add_parser("play", help="play a seeded game between random players")
    play.add_argument("game", choices=game_names())
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=0)
    play.set_defaults(run=_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except OfrendaRulesError as exc:
        print(f"ofrenda-rules: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    raise SystemExit(main())
