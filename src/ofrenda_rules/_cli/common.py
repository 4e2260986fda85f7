"""Shared pieces of the subcommands: options for a game's config, random bots, errors."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from ofrenda_rules.errors import FormatError, OfrendaRulesError
from ofrenda_rules.records import RecordError, load_game
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import AnyReplay, ReplayFormatError
from ofrenda_rules.replays.load import parse_strict
from ofrenda_rules.rng import MASK64
from ofrenda_rules.serialization import from_json_value, to_json_value

__all__ = [
    "CliError",
    "add_config_arguments",
    "add_output_arguments",
    "add_replay_file_argument",
    "add_seat_argument",
    "config_from_args",
    "game_from_args",
    "load_game_file",
    "read_document",
    "read_text",
]


class CliError(Exception):
    """A usage or input problem, reported as one line on stderr with exit status 2."""


def add_replay_file_argument(parser: argparse.ArgumentParser) -> None:
    """The ``FILE`` argument of the subcommands that read one replay or record."""
    parser.add_argument("file", metavar="FILE", help="a replay or record file ('-' reads standard input)")


def add_seat_argument(parser: argparse.ArgumentParser, help_text: str, *, required: bool = False) -> None:
    """``--seat``, a seat counted from 1 as people count them (``N`` when ``required``, else ``SEAT``).

    :func:`seat_index` makes it a 0-based index against the game's seats.
    """
    parser.add_argument("--seat", type=int, required=required, metavar="N" if required else "SEAT", help=help_text)


def add_output_arguments(
    parser: argparse.ArgumentParser, json_help: str, html_help: str | None = None, html_metavar: str = "FILE"
) -> None:
    """``--html OUT`` (when ``html_help`` is given) and ``--json``, the output options of the reading subcommands."""
    if html_help is not None:
        parser.add_argument("--html", metavar=html_metavar, help=html_help)
    parser.add_argument("--json", action="store_true", help=json_help)


def add_config_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every game-playing subcommand shares: game, players, options, config."""
    parser.add_argument("game", help="a registered game name (see 'ofrenda-rules games')")
    parser.add_argument("--players", "-p", type=int, help="number of seats (default: the game's default config)")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help='set a config field; VALUE is JSON (true, 3, "hard") or a bare word (hard)',
    )
    parser.add_argument("--config", metavar="JSON|FILE", help="a whole config as JSON text or a JSON file")


def game_from_args(args: argparse.Namespace) -> AnyGame:
    """The game named on the command line."""
    try:
        return get_game(args.game)
    except OfrendaRulesError as exc:
        raise CliError(str(exc)) from None


def read_text(name: str, stdin: TextIO | None = None) -> str:
    """The text of a file (``-`` is standard input)."""
    if name == "-":
        return (stdin or sys.stdin).read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {name}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {name}: not UTF-8 text (byte {exc.start})") from None


def load_game_file(name: str, stdin: TextIO | None = None) -> AnyReplay:
    """The replay in a replay or record file (``-`` is standard input).

    Raises:
        CliError: naming the file, when it cannot be read or is not a valid replay or record.
    """
    try:
        return load_game(read_document(name, stdin))
    except (ReplayFormatError, RecordError) as exc:
        raise CliError(f"{name}: {exc}") from None


def read_document(name: str, stdin: TextIO | None = None) -> str | bytes:
    """The raw content of a file (``-`` is standard input), undecoded where possible.

    Files are read as bytes so that the loader, not the operating system's
    locale, decides about the encoding (a replay must be UTF-8).

    Raises:
        CliError: when the file cannot be read (missing, a directory, no permission).
    """
    if name == "-":
        source = stdin or sys.stdin
        buffer = getattr(source, "buffer", None)
        if buffer is not None:
            data: object = buffer.read()
            if isinstance(data, bytes):
                return data
        return source.read()
    try:
        return Path(name).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {name}: {exc.strerror or exc}") from None


def _option_value(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def config_from_args(game: AnyGame, args: argparse.Namespace) -> object:
    """The config from ``--config``, then ``--players`` and each ``--option``, validated by the game."""
    value = to_json_value(game.config_type())
    assert isinstance(value, dict)
    if args.config:
        text = args.config if _looks_like_json(args.config) else read_text(args.config)
        try:
            loaded = parse_strict(text)
        except FormatError as exc:
            raise CliError(f"--config: {exc}") from None
        if not isinstance(loaded, dict):
            raise CliError(f"--config: a config is a JSON object, not {_json_kind(loaded)}")
        value.update(loaded)
    if args.players is not None:
        value["players"] = args.players
    for option in args.option:
        name, sep, raw = option.partition("=")
        if not sep or not name:
            raise CliError(f"--option {option!r}: expected NAME=VALUE")
        value[name.strip().replace("-", "_")] = _option_value(raw.strip())
    try:
        return from_json_value(value, game.config_type)
    except OfrendaRulesError as exc:
        reason = str(exc).removeprefix(f"invalid {game.config_type.__qualname__}: ")
        raise CliError(f"invalid config for {game.info.name}: {reason}") from None


def _looks_like_json(text: str) -> bool:
    """Whether ``--config`` holds JSON text rather than a file name: a JSON value's first character."""
    start = text.lstrip()[:1]
    return start in ("{", "[", '"', "-") or start.isdigit() or text.strip() in ("true", "false", "null")


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return "a number"


def players_of(config: object) -> int:
    """The number of seats of a config (every game's ``Config`` has ``players``)."""
    players = getattr(config, "players", None)
    if not isinstance(players, int):
        raise CliError(f"{type(config).__name__} has no player count")
    return players


def seed_type(text: str) -> int:
    """An argparse type: a seed in ``[0, 2**64)``."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value <= MASK64:
        raise argparse.ArgumentTypeError(f"a seed is in [0, 2**64), not {value}")
    return value


def seat_index(flag: str, number: int, players: int) -> int:
    """The 0-based seat of a seat number a person gave (``--human 1`` is Seat 1, index 0), checked against the table.

    People count seats from 1, as every text the command line prints names
    them ("Seat 1".."Seat N"); code and JSON keep 0-based indices.

    Raises:
        CliError: naming the flag and the seats there are, for 0, a negative number or one past the last seat.

    >>> seat_index("--seat", 2, 3)
    1
    >>> seat_index("--human", 0, 3)
    Traceback (most recent call last):
    ...
    ofrenda_rules._cli.common.CliError: --human 0: seats are numbered from 1 (Seat 1 to Seat 3 in a 3-player game)
    """
    if number < 1:
        raise CliError(
            f"{flag} {number}: seats are numbered from 1 (Seat 1 to Seat {players} in a {players}-player game)"
        )
    if number > players:
        there = "the only seat is Seat 1" if players == 1 else f"the seats are Seat 1 to Seat {players}"
        raise CliError(f"{flag} {number}: no such seat in a {players}-player game ({there})")
    return number - 1


def replay_seat(replay: AnyReplay, number: int) -> int:
    """The 0-based seat of a person's 1-based ``--seat`` against the seats of ``replay``'s game.

    Raises:
        CliError: as :func:`seat_index` does, for a number that is no seat of the game.
    """
    return seat_index("--seat", number, players_of(replay.config))


__all__ += ["players_of", "replay_seat", "seat_index", "seed_type"]
