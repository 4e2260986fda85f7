"""``ofrenda-rules play``: a seeded game at the terminal, people against bots."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any, Final, TextIO

from ofrenda_rules._cli.common import (
    CliError,
    add_config_arguments,
    config_from_args,
    game_from_args,
    players_of,
    seat_index,
    seed_type,
)
from ofrenda_rules._cli.text import event_lines, result_text, seats_shown, step_line
from ofrenda_rules.bots import Bot, bot_seed, check_bot_name, make_bot
from ofrenda_rules.chance import CHANCE, TERMINAL, actor_name
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.game import summarize_config
from ofrenda_rules.picks import Pick, picks_of
from ofrenda_rules.playout import random_move
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import Recorder, dump_replay
from ofrenda_rules.rng import Rng
from ofrenda_rules.undo import History, UndoRefusal, can_undo

__all__ = ["UNDO", "arguments", "run"]

UNDO: Final = object()
"""What a person's answer ``u`` stands for: take back the seat's last decision, when the rules allow it."""


def arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``play`` to its parser."""
    add_config_arguments(parser)
    parser.add_argument("--seed", type=seed_type, help="the game's seed (default: a fresh one, printed)")
    parser.add_argument("--bot-seed", type=seed_type, help="the bots' own seed (default: the game's seed)")
    parser.add_argument(
        "--human",
        type=int,
        action="append",
        default=[],
        metavar="SEAT",
        help="a person plays this seat, counted from 1 as Seat 1 (repeatable)",
    )
    parser.add_argument(
        "--chance",
        choices=("seed", "bots", "human"),
        default="seed",
        help="who resolves shuffles, draws and rolls: the library from the seed (default), the bots' generator "
        "or a person (physical dice); with bots or human the game is unseeded and outcomes are recorded as steps",
    )
    parser.add_argument(
        "--bots",
        default="reference",
        help="the bots of the seats no person plays: 'reference' (default), 'random', 'mcts' or 'mcts:N', "
        "or a comma-separated list, one per seat (a person's seat may be given any name)",
    )
    parser.add_argument("--save", metavar="FILE", help="write the game as a replay file")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")


PAGE: int = 12
"""The most choices a menu shows at a time; a longer one is shown in pages (``n`` and ``p`` turn them)."""


def _ask(out: TextIO, stdin: TextIO, prompt: str) -> str:
    print(prompt, end="", file=out, flush=True)
    line = stdin.readline()
    if not line:
        raise CliError("no more input: game abandoned")
    if not stdin.isatty():
        print(line.rstrip("\n"), file=out)  # echo piped answers so the transcript reads well
    answer = line.strip().lower()
    if answer in ("q", "quit", "exit"):
        raise CliError("game abandoned")
    return answer


def _chance(game: AnyGame, state: object, out: TextIO, stdin: TextIO) -> object:
    outcomes = game.chance_outcomes(state)
    legal = tuple(action for action, _ in outcomes)
    print("\n--- chance event: what happened? ---", file=out)
    for number, (action, probability) in enumerate(outcomes, start=1):
        print(f"  {number:3d}. {game.describe_action(state, action)}  (probability {probability})", file=out)
    while True:
        answer = _ask(out, stdin, f"your move (1-{len(legal)}, q to quit): ")
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        print(f"please type a number from 1 to {len(legal)}", file=out)


def _menu(out: TextIO, stdin: TextIO, path: list[Pick], options: tuple[Pick, ...]) -> Pick | object | None:
    """One pick among ``options`` (a page of at most :data:`PAGE` at a time), ``None`` to go back, or :data:`UNDO`."""
    page = 0
    pages = -(-len(options) // PAGE)
    while True:
        if path:
            print("  so far: " + " > ".join(pick.label for pick in path), file=out)
        first = page * PAGE
        shown = options[first : first + PAGE]
        for number, pick in enumerate(shown, start=1):
            print(f"  {number:3d}. {pick.label}", file=out)
        keys = [f"1-{len(shown)}"]
        if pages > 1:
            print(f"  (page {page + 1} of {pages}: n next, p previous)", file=out)
            keys.append("n/p pages")
        if path:
            keys.append("b back")
        else:
            keys.append("u undo")
        answer = _ask(out, stdin, f"your pick ({', '.join(keys)}, q quit): ")
        if answer.isdigit() and 1 <= int(answer) <= len(shown):
            return shown[int(answer) - 1]
        if answer in ("u", "undo") and not path:
            return UNDO
        if answer == "b" and path:
            return None
        if answer in ("n", "p") and pages > 1:
            page = (page + (1 if answer == "n" else -1)) % pages
            continue
        print(f"please type a number from 1 to {len(shown)}" + (", or b to go back" if path else ""), file=out)


def _choose(game: AnyGame, state: object, seat: int, out: TextIO, stdin: TextIO) -> tuple[object, bool]:
    """A person's decision, one pick at a time; with whether it was forced (a single legal action)."""
    print(f"\n--- your turn, Seat {seat + 1} ---", file=out)
    print(game.render_text(game.observe(state, seat)), file=out)
    tree = picks_of(game, state)
    if len(tree.actions) == 1:
        print("forced move: your only legal move is played for you", file=out)
        return tree.actions[0], True
    path: list[Pick] = []
    while (action := tree.action(path)) is None:
        options = tree.choices(path)
        if len(options) == 1:
            path.append(options[0])
            continue
        pick = _menu(out, stdin, path, options)
        if pick is UNDO:
            return UNDO, False
        if isinstance(pick, Pick):
            path.append(pick)
            continue
        path.pop()  # back: undo the last pick a person made (and the forced ones after it)
        while path and tree.forced(path[:-1]) is not None:
            path.pop()
    return action, False


def _undo(game: AnyGame, history: History[Any, Any], seat: int, out: TextIO) -> History[Any, Any]:
    """``seat``'s last decision taken back when the rules allow it (and the forced moves it led to), else why not."""
    answer = can_undo(history, seat)
    if isinstance(answer, UndoRefusal):
        print(f"cannot undo: {answer}", file=out)
        return history
    while True:
        history = answer.history
        print(f"Seat {seat + 1} takes back: {game.describe_action(history.state, answer.action)}", file=out)
        if len(game.legal_actions(history.state)) > 1:
            return history
        answer = can_undo(history, seat)  # a forced move would be played again at once: take back the one before
        if isinstance(answer, UndoRefusal):
            return history


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Play one game."""
    game = game_from_args(args)
    config = config_from_args(game, args)
    players = players_of(config)
    args.human = [seat_index("--human", number, players) for number in args.human]
    seed: int = secrets.randbits(64) if args.seed is None else args.seed
    bots = Rng(seed if args.bot_seed is None else args.bot_seed)
    names = args.bots.split(",")
    names = names * players if len(names) == 1 else names
    if len(names) != players:
        raise CliError(f"--bots: {len(names)} bots for {players} seats")
    policies: dict[int, Bot] = {}
    for seat, name in enumerate(names):
        if seat in args.human:
            continue
        try:
            if name != "random":
                policies[seat] = make_bot(game, name, bot_seed(bots.seed, seat))
            else:
                check_bot_name(game, name)
        except OfrendaRulesError as exc:
            raise CliError(f"--bots: {exc}") from None
    seeded = args.chance == "seed"
    humans = {*args.human, *((CHANCE,) if args.chance == "human" else ())}
    recorder = Recorder(game, config, seed if seeded else None)
    chance = f"seed {seed}" if seeded else f"unseeded (chance by the {args.chance}), bot seed {bots.seed}"
    print(f"{game.info.title}: {summarize_config(config)}, {chance}", file=out)
    moves = 0
    limit = game.max_steps(config)
    start: Any = recorder.state
    history: History[Any, Any] = History.start(game, start)
    while (player := game.current_player(recorder.state)) != TERMINAL:
        if moves >= limit:
            raise CliError(f"the game did not end within {limit} moves (a bug)")
        state = recorder.state
        if player == CHANCE and player in humans:
            action = _chance(game, state, out, stdin)
        elif player in humans:
            action, _ = _choose(game, state, player, out, stdin)
            if action is UNDO:
                history = _undo(game, history, player, out)
                recorder = Recorder(game, config, seed if seeded else None)
                for earlier in history.actions():
                    recorder.step(earlier)
                moves = history.length
                continue
        elif player in policies:
            action = policies[player](state)
        else:
            action, bots = random_move(game, state, bots)
        description = game.describe_action(state, action)
        events = recorder.step(action)
        reached: Any = recorder.state
        history = History(game, reached, history, action, player, history.length + 1)
        moves += 1
        if not args.quiet:
            lines = event_lines(game, events, seats_shown(humans, players))
            if humans - {CHANCE} and lines:  # a person reads each step once: its events say what it did
                print(f"{moves:4d}. {lines[0].strip()}", file=out)
                lines = lines[1:]
            else:
                print(step_line(moves, actor_name(player), description), file=out)
            for line in lines:
                print(line, file=out)
    if not args.quiet and humans - {CHANCE}:
        print(game.render_text(recorder.state), file=out)
    print("result:", file=out)
    print(result_text(game, game.outcome(recorder.state)), file=out)
    if args.save:
        try:
            Path(args.save).write_text(dump_replay(recorder.replay()), encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.save}: {exc}") from None
        print(f"replay written to {args.save}", file=out)
    return 0
