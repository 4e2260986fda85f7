"""The ``ofrenda-rules`` command line, for every registered game.

Subcommands: ``games`` (the registry), ``play GAME`` (a seeded game between
random bots, a person taking seats with ``--human``), ``simulate GAME`` (many
games, summarised; ``--jobs`` for worker processes), ``report`` and ``compare``
(balance statistics of results files), ``verify FILE...`` (check
replays and records), ``replay FILE`` (step through one, or ``--html`` for a viewer),
``record FILE`` (a replay as a text game record, ``--seat N`` for one seat's),
``analyse FILE --seat N`` (the search bot's estimate of every move of Seat N,
``--html`` for the viewer with an evaluation line), ``continue FILE --step K
--seat N`` (play on from step K with what Seat N could not see drawn afresh),
``schema GAME`` (the JSON Schema of replays and other documents) and
``serve`` (the game server, with the ``server`` extra). The core commands use
only the standard library.

>>> main(["play", "dia_de_los_muertos", "--players", "3", "--seed", "7", "--quiet"])
Día de los Muertos: players=3, seed 7
result:
  1st: Seat 2, 5 points (17 cards collected)
  2nd: Seat 3, 5 points (9 cards collected)
  3rd: Seat 1, -4 points (15 cards collected)
  Seat 2 wins: tied on points with Seat 3, it collected the most cards.
0
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TextIO

from ofrenda_rules import __version__
from ofrenda_rules._cli import analyse, info, play, records, replays, report, serve, simulate
from ofrenda_rules._cli.common import CliError
from ofrenda_rules.errors import OfrendaRulesError

__all__ = ["build_parser", "main"]


class _Command(NamedTuple):
    """A subcommand: its name, help line and description, the function adding its arguments, and what runs it."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]
    description: str | None = None


_COMMANDS: Final = (
    _Command(
        "games", help="list the registered games and their facts", arguments=info.games_arguments, run=info.run_games
    ),
    _Command(
        "schema",
        help="print the JSON Schema of a game's replays (or of another document)",
        description="Print a JSON Schema (draft 2020-12) generated from the library's types.",
        arguments=info.schema_arguments,
        run=info.run_schema,
    ),
    _Command(
        "play",
        help="play a seeded game: bots, and people at the terminal with --human",
        description="Play a seeded game and print every move and the result. Without --human every seat is a "
        "bot (the game's reference bot unless --bots says otherwise) and nothing is read from standard input.",
        arguments=play.arguments,
        run=play.run,
    ),
    _Command(
        "simulate",
        help="play many seeded games between bots (random, reference, mcts) and summarise them",
        description="Game i uses the seed S+i for the game and for its random bots. Prints score "
        "distributions, win rates per seat and game lengths.",
        arguments=simulate.arguments,
        run=simulate.run,
    ),
    _Command(
        "verify",
        help="re-execute replay files and report the first divergence of each",
        description="Exit status 0 when every replay verifies, 1 when one does not.",
        arguments=replays.verify_arguments,
        run=replays.run_verify,
    ),
    _Command(
        "replay",
        help="step through a replay file, showing the state after each step",
        description="Print each step and the state after it: the whole state, or one seat's view with --seat.",
        arguments=replays.replay_arguments,
        run=replays.run_replay,
    ),
    _Command(
        "record",
        help="write a replay file as a text game record (tags, then one move per line)",
        description="Print the game record of a replay (or of a record); with --seat, only what that seat "
        "could know (unknown moves as ??). Seats are counted from 1 (Seat 1), as --human counts them.",
        arguments=records.arguments,
        run=records.run,
    ),
    _Command(
        "analyse",
        help="estimate every move of one seat in a replay with the search bot, and mark the costly ones",
        description="For each decision of the seat, the search bot's estimate of every legal move (the seat's "
        "share of the win, 0 to 1), searched from what that seat could see only; moves that lose 0.05, 0.10 or "
        "0.20 against the best are marked inaccuracy, mistake or blunder.",
        arguments=analyse.analyse_arguments,
        run=analyse.run_analyse,
    ),
    _Command(
        "continue",
        help="play on from any step of a replay, with what a seat could not see drawn afresh",
        description="Start a new game from the table after step K of a replay as seat N knew it: other hands, "
        "deck order and future draws are drawn afresh, consistent with all the seat saw. The seat is played by "
        "a person with --human, else by its bot; the other seats by their bots.",
        arguments=analyse.continue_arguments,
        run=analyse.run_continue,
    ),
    _Command(
        "report",
        help="balance statistics of results files (HTML: pip install ofrenda-rules[report])",
        description="Win rates with 95%% intervals and fairness tests, score and length distributions, solo tiers "
        "and the games' counters, per config, player count and option value, from files written by "
        "'simulate --out'.",
        arguments=report.report_arguments,
        run=report.run_report,
    ),
    _Command(
        "compare",
        help="two results files side by side, with the significance of each difference",
        description="Compare the games of A and B (each file's games pooled): win rates per seat (two-proportion "
        "z-test), scores and lengths (Welch t, Mann-Whitney U), counters (Welch t).",
        arguments=report.compare_arguments,
        run=report.run_compare,
    ),
    _Command(
        "serve",
        help="run the game server (pip install ofrenda-rules[server])",
        description="Serve matches of every game over HTTP and WebSockets, stored in SQLite.",
        arguments=serve.arguments,
        run=serve.run,
    ),
)
"""The subcommands, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``ofrenda-rules`` and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="ofrenda-rules",
        description="Play, simulate, verify and inspect games of the ofrenda_rules library.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in _COMMANDS:
        command_parser = sub.add_parser(command.name, help=command.help, description=command.description)
        command.arguments(command_parser)
        command_parser.set_defaults(run=command.run)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """Run the command line; return the exit status (0 ok, 1 a replay failed, 2 a usage or input error)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int | None) else 2
    try:
        status: int = args.run(args, out, err, stdin or sys.stdin)
    except CliError as exc:
        print(f"ofrenda-rules: error: {exc}", file=err)
        return 2
    except OfrendaRulesError as exc:
        print(f"ofrenda-rules: error: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("ofrenda-rules: interrupted", file=err)
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    raise SystemExit(main())
