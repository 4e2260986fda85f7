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
from collections.abc import Sequence
from typing import TextIO

from ofrenda_rules import __version__
from ofrenda_rules._cli import analyse, info, play, records, replays, report, serve, simulate
from ofrenda_rules._cli.common import CliError
from ofrenda_rules.errors import OfrendaRulesError

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``ofrenda-rules`` and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="ofrenda-rules",
        description="Play, simulate, verify and inspect games of the ofrenda_rules library.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    info.add_parsers(sub)
    play.add_parser(sub)
    simulate.add_parser(sub)
    replays.add_parsers(sub)
    records.add_parser(sub)
    analyse.add_parsers(sub)
    report.add_parsers(sub)
    serve.add_parser(sub)
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
