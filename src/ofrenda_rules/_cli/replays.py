"""``ofrenda-rules verify`` and ``ofrenda-rules replay``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from ofrenda_rules._cli.common import (
    CliError,
    add_output_arguments,
    add_replay_file_argument,
    add_seat_argument,
    load_game_file,
    read_document,
    replay_seat,
)
from ofrenda_rules._cli.text import event_lines, result_text, step_line
from ofrenda_rules.chance import actor_name
from ofrenda_rules.game import summarize_config
from ofrenda_rules.records import is_record, verify_record
from ofrenda_rules.registry import get_game
from ofrenda_rules.replay import AnyReplay, verify, verify_text
from ofrenda_rules.serialization import to_json_value
from ofrenda_rules.viewer import ViewerError, replay_html

__all__ = ["SETUP_EVENTS_SHOWN", "replay_arguments", "run_replay", "run_verify", "verify_arguments"]

SETUP_EVENTS_SHOWN = 8
"""Set-up events ``replay`` prints before summing up the rest (a deal is one event per card)."""


def verify_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``verify`` to its parser."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="replay or record files ('-' reads standard input)")
    add_output_arguments(parser, "print the reports as a JSON array")


def replay_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``replay`` to its parser."""
    add_replay_file_argument(parser)
    add_seat_argument(parser, "show what this seat (Seat 1 is 1) sees instead of the whole state")
    parser.add_argument("--pause", action="store_true", help="wait for Enter after each step")
    parser.add_argument(
        "--until", type=int, metavar="STEP", help="stop after this step (1 is the first, as play numbers)"
    )
    parser.add_argument(
        "--html",
        metavar="OUT",
        help="write a self-contained HTML viewer of the replay (pictures, events, step controls) instead of printing",
    )


def run_verify(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Verify each file; a file that cannot be read is reported and the others are still verified.

    The exit status is 2 when a file could not be read, else 1 when a replay
    does not verify, else 0.
    """
    failed = unreadable = 0
    rows: list[object] = []
    for name in args.files:
        try:
            content = read_document(name, stdin)
        except CliError as exc:
            unreadable += 1
            print(f"ofrenda-rules: error: {exc}", file=err)
            if args.json:
                rows.append({"file": name, "error": str(exc)})
            continue
        report = verify_record(content) if is_record(content) else verify_text(content)
        failed += not report.ok
        if args.json:
            rows.append({"file": name, "report": to_json_value(report)})
        else:
            print(f"{name}: {report.summary()}", file=out)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False), file=out)
    return 2 if unreadable else 1 if failed else 0


def run_replay(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Step through one replay."""
    replay = load_game_file(args.file, stdin)
    game = get_game(replay.game)
    if args.seat is not None:
        args.seat = replay_seat(replay, args.seat)
    seeded = f"seed {replay.seed}" if replay.seed is not None else "unseeded (chance outcomes are steps)"
    print(f"{game.info.title}: {summarize_config(replay.config)}, {seeded}, {len(replay.steps)} steps", file=out)

    if args.html:
        return _write_html(replay, args.seat, args.html, out)

    def show(state: object) -> None:
        subject = state if args.seat is None else game.observe(state, args.seat)
        print("\n".join(f"    {line}" for line in game.render_text(subject).split("\n")), file=out)

    seats = None if args.seat is None else (args.seat,)
    state = game.new_game(replay.config, replay.seed)
    print("setup:", file=out)
    lines = event_lines(game, getattr(state, "recent_events", ()), seats)
    for line in lines[:SETUP_EVENTS_SHOWN]:
        print(line, file=out)
    if len(lines) > SETUP_EVENTS_SHOWN:  # a deal card by card: the board below shows where everything went
        print(f"        ... and {len(lines) - SETUP_EVENTS_SHOWN} more set-up events", file=out)
    show(state)
    for number, step in enumerate(replay.steps, start=1):
        if args.until is not None and number > args.until:
            break
        if args.pause:
            print("(Enter for the next step) ", end="", file=out, flush=True)
            if not stdin.readline():
                break
        rejection = None if game.is_over(state) else game.validate(state, step.action)
        if game.is_over(state) or rejection is not None:
            break
        player = game.current_player(state)
        actor = actor_name(player)
        print(step_line(number, actor, game.describe_action(state, step.action)), file=out)
        state, events = game.step(state, step.action)
        for line in event_lines(game, events, seats):
            print(line, file=out)
        show(state)
    if game.is_over(state):
        print("result:", file=out)
        print(result_text(game, game.outcome(state)), file=out)
    report = verify(replay)
    print(report.summary(), file=out)
    return 0 if report.ok else 1


def _write_html(replay: AnyReplay, seat: int | None, target: str, out: TextIO) -> int:
    try:
        page = replay_html(replay, seat=seat)
    except ViewerError as exc:
        raise CliError(f"cannot show the replay: {exc}") from None
    try:
        Path(target).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {target}: {exc}") from None
    print(f"viewer written to {target} ({len(replay.steps)} steps)", file=out)
    return 0
