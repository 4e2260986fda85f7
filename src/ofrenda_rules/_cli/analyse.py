"""``ofrenda-rules analyse`` (a seat's moves, estimated by the search bot) and ``ofrenda-rules continue``."""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any, TextIO

from ofrenda_rules._cli.common import (
    CliError,
    add_output_arguments,
    add_replay_file_argument,
    add_seat_argument,
    load_game_file,
    players_of,
    replay_seat,
    seed_type,
)
from ofrenda_rules._cli.play import UNDO, _choose
from ofrenda_rules._cli.text import event_lines, result_text, step_line
from ofrenda_rules.analysis import (
    DEFAULT_BUDGET,
    AnalysisError,
    analyse,
    analysis_html,
    analysis_json,
    analysis_text,
    continue_from,
    parse_budget,
)
from ofrenda_rules.bots import Bot, bot_seed, make_bot
from ofrenda_rules.bots.playout import random_move
from ofrenda_rules.chance import CHANCE, TERMINAL, actor_name
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import get_game
from ofrenda_rules.rng import Rng

__all__ = ["analyse_arguments", "continue_arguments", "run_analyse", "run_continue"]


def analyse_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``analyse`` to its parser."""
    add_replay_file_argument(parser)
    add_seat_argument(parser, "the seat to analyse, 1 to N", required=True)
    parser.add_argument(
        "--budget",
        default=str(DEFAULT_BUDGET),
        metavar="LEVEL|N|mcts:N[:D]",
        help=f"the search per decision: a level, easy, medium, hard or expert (default {DEFAULT_BUDGET}), "
        "or N iterations of MCTS, mcts:N:D to cut its playouts after D steps",
    )
    parser.add_argument("--seed", type=seed_type, default=0, help="the search's seed (default 0)")
    parser.add_argument("--moves", type=int, default=3, metavar="K", help="list the K best moves of each decision")
    add_output_arguments(
        parser,
        "print the analysis as a JSON document instead of text",
        "also write the replay viewer with the evaluation line",
        "OUT",
    )


def continue_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``continue`` to its parser."""
    add_replay_file_argument(parser)
    parser.add_argument("--step", type=int, required=True, metavar="K", help="the step to start after (0: set-up)")
    add_seat_argument(parser, "whose knowledge is kept, 1 to N", required=True)
    parser.add_argument(
        "--bots",
        default="reference",
        help="the bots: 'reference' (default), 'random', 'mcts' or 'mcts:N', or a comma-separated list, one per seat",
    )
    parser.add_argument("--human", action="store_true", help="a person at the terminal plays the seat")
    parser.add_argument("--seed", type=seed_type, help="the seed of the fresh draw and the bots (default: a new one)")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")


def run_analyse(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Analyse one seat's decisions in a replay."""
    replay = load_game_file(args.file, stdin)
    seat = replay_seat(replay, args.seat)
    budget: int | str = int(args.budget) if args.budget.isdigit() else args.budget
    try:
        parse_budget(budget)
        analysis = analyse(replay, seat, budget=budget, seed=args.seed)
    except OfrendaRulesError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    if args.json:
        print(json.dumps(analysis_json(analysis), indent=2, ensure_ascii=False), file=out)
    else:
        print(analysis_text(analysis, moves=max(0, args.moves)), file=out)
    if args.html:
        try:
            Path(args.html).write_text(analysis_html(replay, analysis), encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.html}: {exc}") from None
        print(f"viewer written to {args.html}", file=err if args.json else out)
    return 0


def run_continue(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Play on from a step of a replay."""
    replay = load_game_file(args.file, stdin)
    seat = replay_seat(replay, args.seat)
    game = get_game(replay.game)
    players = players_of(replay.config)
    seed: int = secrets.randbits(64) if args.seed is None else args.seed
    names = args.bots.split(",")
    names = names * players if len(names) == 1 else names
    if len(names) != players:
        raise CliError(f"--bots: {len(names)} bots for {players} seats")
    policies: dict[int, Bot] = {}
    try:
        for index, name in enumerate(names):
            if not (args.human and index == seat):
                policies[index] = make_bot(game, name, bot_seed(seed, index))
    except OfrendaRulesError as exc:
        raise CliError(f"--bots: {exc}") from None
    try:
        state: Any = continue_from(replay, args.step, seat, seed)
    except AnalysisError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    print(
        f"{game.info.title}: continuing after step {args.step} as Seat {seat + 1} knew it "
        f"(unseen cards and draws drawn afresh), seed {seed}",
        file=out,
    )
    shown = (seat,) if args.human else None
    chance = Rng(bot_seed(seed, players))
    number = args.step
    limit = number + game.max_steps(replay.config)
    while (player := game.current_player(state)) != TERMINAL:
        if number >= limit:
            raise CliError(f"the game did not end within {limit} steps (a bug)")
        if player == CHANCE:
            action, chance = random_move(game, state, chance)
        elif player in policies:
            action = policies[player](state)
        else:
            action, _ = _choose(game, state, player, out, stdin)
            if action is UNDO:
                print("undo is not offered in a continued game", file=out)
                continue
        description = game.describe_action(state, action)
        state, events = game.step(state, action)
        number += 1
        if not args.quiet:
            print(step_line(number, actor_name(player), description), file=out)
            for line in event_lines(game, events, shown):
                print(line, file=out)
    print("result:", file=out)
    print(result_text(game, game.outcome(state)), file=out)
    return 0
