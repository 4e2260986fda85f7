"""One simulated game as a record, and results files as JSON Lines.

A results file holds one game a line, written as games finish: the seed, the
config, the bots, the scores, places and winners, the game's length, and the
game's counters (what a report needs beyond the result: for example how often
each card was bought). A line is the canonical JSON of a :class:`GameRecord`,
so the same game always writes the same line. A run that was interrupted may
leave a last line cut short; :func:`read_results` reports it and resuming
drops it.

>>> record = GameRecord(
...     game="portents", config={"players": 2}, seed=7, bots=("random", "random"),
...     scores=(3, 1), ranks=(0, 1), winners=(0,), steps=40, decisions=40, turns=20,
... )
>>> line = record_line(record)
>>> line[:60]
'{"bots":["random","random"],"config":{"players":2},"counters'
>>> parse_line(line) == record
True
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import attrs

from ofrenda_rules.digest import canonical_json
from ofrenda_rules.errors import FormatError
from ofrenda_rules.serialization import from_json_value, parse_json, to_json_value

__all__ = ["GameRecord", "ResultsFile", "parse_line", "read_results", "record_line"]

MAX_LINE_BYTES = 1024 * 1024
"""The longest line a results file may hold (1 MiB)."""


@attrs.frozen
class GameRecord:
    """One simulated game, as a results file stores it."""

    game: str
    """The registry name of the game."""
    config: object
    """The config as the library's JSON."""
    seed: int
    """The game's seed (the random bots' seed too)."""
    bots: tuple[str, ...]
    """The bot of each seat (``random``, ``reference``...)."""
    scores: tuple[int, ...]
    """Final points per seat."""
    ranks: tuple[int, ...]
    """Final place per seat (``0`` is first)."""
    winners: tuple[int, ...]
    """The seats that won (none when all lose)."""
    steps: int
    """Actions applied, chance outcomes included (none in a seeded game)."""
    decisions: int
    """Player decisions."""
    turns: int
    """Turns (or tricks, rounds) by the game's own count."""
    counters: tuple[tuple[str, int], ...] = ()
    """The game's counters for reports, as sorted ``(name, count)`` pairs."""
    solo_tier: str | None = None
    """The tier of a solo game, where the game has tiers."""


def record_line(record: GameRecord) -> str:
    """The record as one line of canonical JSON (no newline)."""
    return canonical_json(to_json_value(record))


def parse_line(line: str) -> GameRecord:
    """A record from one line; :class:`~ofrenda_rules.errors.FormatError` names what is wrong."""
    return from_json_value(parse_json(line, max_bytes=MAX_LINE_BYTES), GameRecord)


@attrs.frozen
class ResultsFile:
    """What a results file holds."""

    records: tuple[GameRecord, ...]
    """Every complete line, in file order."""
    truncated: bool
    """Whether the last line was cut short (an interrupted run)."""
    size: int
    """The byte length of the complete lines (where a resumed run appends)."""


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as stream:
        yield from enumerate(stream, start=1)


def read_results(path: str | Path) -> ResultsFile:
    """Read a results file; a last line without its newline counts as cut short and is left out.

    Raises:
        FormatError: for a complete line that is not a record, naming the line.
    """
    target = Path(path)
    records: list[GameRecord] = []
    size = 0
    truncated = False
    for number, raw in _lines(target):
        if not raw.endswith(b"\n"):
            truncated = True
            break
        try:
            records.append(parse_line(raw.decode("utf-8")))
        except (FormatError, UnicodeDecodeError) as exc:
            raise FormatError(f"{target}: line {number}: {exc}") from None
        size += len(raw)
    return ResultsFile(tuple(records), truncated, size)
