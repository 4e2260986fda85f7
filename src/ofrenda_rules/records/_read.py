"""Reading a text game record into a replay, strictly (see :mod:`ofrenda_rules.records`)."""

from __future__ import annotations

import re
from typing import Final

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import FormatError
from ofrenda_rules.records._moves import HIDDEN, MoveError, notation
from ofrenda_rules.records._write import NOTATION_VERSION
from ofrenda_rules.registry import game_names, get_game
from ofrenda_rules.replay import (
    FORMAT,
    MAX_REPLAY_BYTES,
    MAX_STEPS,
    VERSION,
    AnyReplay,
    ReplayFormatError,
    load_replay_value,
)
from ofrenda_rules.serialization import parse_json

__all__ = ["MAX_RECORD_LINE", "TAGS", "RecordError", "from_record"]

MAX_RECORD_LINE: Final = 1_000_000
"""The longest line a record may have, in characters (a tag carrying a custom edition is the longest)."""

TAGS: Final = ("Record", "Game", "Config", "Edition", "Seed", "Seats", "Seat", "Date", "Result")
"""Every tag a record may carry (``Record``, ``Game`` and ``Config`` are required)."""

_TAG: Final = re.compile(r"\[([A-Za-z]+) (.*)\]")
_MOVE: Final = re.compile(r"([1-9][0-9]{0,5})\. +(\*|S[1-9][0-9]?) +([^{}]*?) *(\{[^{}]*\})? *")
_COMMENT: Final = re.compile(r"\{[^{}]*\} *")
_DATE: Final = re.compile(r"[0-9?]{4}-[0-9?]{2}-[0-9?]{2}")
_STEP_PATH: Final = re.compile(r"^\$\.steps\[(\d+)\]")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f]")


class RecordError(FormatError):
    """A game record that cannot be read: the line and column (both from 1) of the fault, and why.

    Attributes:
        line: the line of the fault (``0`` when the fault is the whole text, e.g. its size).
        column: the column of the fault on that line.

    """

    def __init__(self, line: int, column: int, reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        where = f"line {line}, column {column}" if line else "record"
        super().__init__(f"{where}: {reason}")


RecordError.__module__ = "ofrenda_rules.records"


def _json(text: str, line: int, column: int, name: str) -> object:
    try:
        return parse_json(text)
    except FormatError as exc:
        raise RecordError(line, column, f"the {name} tag's value is not JSON: {exc}") from None


def from_record(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> AnyReplay:
    """Read a game record (untrusted text) into a replay that :func:`~ofrenda_rules.replay.verify` re-executes.

    The record is bounded (``max_bytes``, ``MAX_RECORD_LINE``), every
    line must be a tag, a move, a comment in braces or blank; tags come
    before the moves, each at most once; moves are numbered 1, 2, 3, ...
    and each names its actor (``S1``.. or ``*``). The config, edition, result
    and actions are then checked by the game's own validators as a replay's
    are. A seat's record that hides something (``??``) is readable text but
    not a replay.

    Raises:
        RecordError: naming the line and column of the first fault.

    """
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise RecordError(0, 0, f"{len(text)} bytes exceed the limit of {max_bytes}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(
                0, 0, f"not UTF-8 text: byte {exc.start} is {text[exc.start : exc.start + 1]!r}"
            ) from None
    if len(text) > max_bytes:
        raise RecordError(0, 0, f"{len(text)} characters exceed the limit of {max_bytes}")
    if text.startswith("\ufeff"):
        raise RecordError(1, 1, "a byte order mark is not allowed")
    tags: dict[str, tuple[object, int, int]] = {}
    moves: list[tuple[int, str, str, int, int]] = []  # (line, actor, move text, move column, actor column)
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.removesuffix("\r")
        if len(line) > MAX_RECORD_LINE:
            raise RecordError(number, MAX_RECORD_LINE + 1, f"the line is longer than {MAX_RECORD_LINE} characters")
        control = _CONTROL.search(line)
        if control is not None:
            raise RecordError(number, control.start() + 1, f"control character {control.group()!r}")
        stripped = line.strip(" \t")
        if not stripped or _COMMENT.fullmatch(stripped):
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        if stripped.startswith("["):
            match = _TAG.fullmatch(stripped)
            if match is None:
                raise RecordError(number, indent + 1, "a tag is [Name value], the value in JSON")
            if moves:
                raise RecordError(number, indent + 1, "tags come before the moves")
            name = match.group(1)
            if name not in TAGS:
                raise RecordError(number, indent + 2, f"unknown tag {name!r} (tags: {', '.join(TAGS)})")
            if name in tags:
                raise RecordError(number, indent + 2, f"the {name} tag is given twice (first on line {tags[name][1]})")
            column = indent + match.start(2) + 1
            tags[name] = (_json(match.group(2), number, column, name), number, column)
            continue
        match = _MOVE.fullmatch(stripped)
        if match is None:
            raise RecordError(number, indent + 1, "a move is 'N. ACTOR MOVE', e.g. '12. S2 play red-14'")
        expected = len(moves) + 1
        if expected > MAX_STEPS:
            raise RecordError(number, indent + 1, f"more than {MAX_STEPS} moves")
        if int(match.group(1)) != expected:
            raise RecordError(number, indent + 1, f"move {match.group(1)} where move {expected} was due")
        if not match.group(3):
            raise RecordError(number, indent + match.end(2) + 2, "the move is missing")
        moves.append((number, match.group(2), match.group(3), indent + match.start(3) + 1, indent + match.start(2) + 1))
    return _replay(tags, moves)


def _replay(tags: dict[str, tuple[object, int, int]], moves: list[tuple[int, str, str, int, int]]) -> AnyReplay:
    for required in ("Record", "Game", "Config"):
        if required not in tags:
            raise RecordError(1, 1, f"the {required} tag is missing")
    version, line, column = tags["Record"]
    if version != NOTATION_VERSION or isinstance(version, bool):
        raise RecordError(line, column, f"notation version {version!r}: this library reads version {NOTATION_VERSION}")
    name, line, column = tags["Game"]
    if not isinstance(name, str) or name not in game_names():
        raise RecordError(line, column, f"unknown game {name!r} (games: {', '.join(game_names())})")
    game = get_game(name)
    config, line, column = tags["Config"]
    if not isinstance(config, dict):
        raise RecordError(line, column, "the Config tag's value is a JSON object")
    seed: object = None
    if "Seed" in tags:
        seed, line, column = tags["Seed"]
        if seed == HIDDEN:
            raise RecordError(line, column, "a seat's record hides the seed: it cannot be replayed")
    document: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "game": name,
        "config": config,
        "seed": seed,
        "steps": [],
    }
    for tag, member in (("Result", "result"), ("Edition", "edition")):
        if tag in tags:
            document[member] = tags[tag][0]
    try:
        header = load_replay_value(document)  # the tags alone, checked before the moves
    except ReplayFormatError as exc:
        raise _located(exc, tags, moves) from None
    players: int = getattr(header.config, "players")  # noqa: B009
    if "Seats" in tags:
        names, line, column = tags["Seats"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) != players:
            raise RecordError(line, column, f"the Seats tag is a list of {players} names")
    if "Seat" in tags:
        seat, line, column = tags["Seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= players:
            raise RecordError(line, column, f"the Seat tag is a seat from 1 to {players}")
    if "Date" in tags:
        date, line, column = tags["Date"]
        if not isinstance(date, str) or not _DATE.fullmatch(date):
            raise RecordError(line, column, "the Date tag is 'YYYY-MM-DD' ('?' for an unknown digit)")
    moves_of = notation(game)
    steps: list[dict[str, object]] = []
    for number, actor, move, column, actor_column in moves:
        if actor == "*":
            player = CHANCE
        else:
            player = int(actor[1:]) - 1
            if player >= players:
                raise RecordError(number, actor_column, f"no seat {actor} in this game")
        tokens = move.split()
        if HIDDEN in tokens:
            offset = _token_offset(move, tokens.index(HIDDEN))
            raise RecordError(number, column + offset, "a hidden move (??) from a seat's record cannot be replayed")
        try:
            action = moves_of.read(tokens)
        except MoveError as exc:
            offset = _token_offset(move, exc.token)
            raise RecordError(number, column + offset, str(exc)) from None
        steps.append({"action": action, "player": player})
    document["steps"] = steps
    try:
        return load_replay_value(document)
    except ReplayFormatError as exc:
        raise _located(exc, tags, moves) from None


def _token_offset(move: str, index: int) -> int:
    position = 0
    for _ in range(index):
        position = move.index(" ", position)
        while move[position] == " ":
            position += 1
    return position


def _located(
    exc: ReplayFormatError, tags: dict[str, tuple[object, int, int]], moves: list[tuple[int, str, str, int, int]]
) -> RecordError:
    """The replay loader's fault (at a JSON path) at the line and column of the record it came from."""
    path = exc.path
    reason = str(exc).removeprefix(f"{path}: ")
    match = _STEP_PATH.match(path)
    if match is not None and int(match.group(1)) < len(moves):
        line, _actor, _move, column, actor_column = moves[int(match.group(1))]
        return RecordError(line, actor_column if ".player" in path else column, reason)
    for tag, member in (("Config", "$.config"), ("Seed", "$.seed"), ("Result", "$.result"), ("Edition", "$.edition")):
        if path.startswith(member) and tag in tags:
            _value, line, column = tags[tag]
            return RecordError(line, column, f"{path.replace(member, tag, 1)}: {reason}")
    _value, line, column = tags["Config"]
    return RecordError(line, column, f"{path}: {reason}")
