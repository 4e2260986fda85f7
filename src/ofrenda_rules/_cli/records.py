"""``ofrenda-rules record``: a replay (or a record) written as a text game record."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from ofrenda_rules._cli.common import (
    CliError,
    add_replay_file_argument,
    add_seat_argument,
    load_game_file,
    replay_seat,
)
from ofrenda_rules.records import to_record

__all__ = ["arguments", "run"]


def arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``record`` to its parser."""
    add_replay_file_argument(parser)
    add_seat_argument(parser, "write this seat's record (Seat 1 is 1): only what it could know")
    parser.add_argument("--date", help="the Date tag, YYYY-MM-DD")
    parser.add_argument("--out", "-o", metavar="OUT", help="write the record to this file instead of printing it")


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Write one record."""
    replay = load_game_file(args.file, stdin)
    seat = None if args.seat is None else replay_seat(replay, args.seat)
    text = to_record(replay, seat=seat, date=args.date)
    if args.out:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.out}: {exc.strerror or exc}") from None
        print(f"record written to {args.out} ({len(replay.steps)} moves)", file=out)
    else:
        print(text, end="", file=out)
    return 0
