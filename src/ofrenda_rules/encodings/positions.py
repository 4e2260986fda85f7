"""What every game's position notation shares: bounded input, fields, keys, numbers, the generator.

A *position* is a one-line text that sets up any reachable state of a game
(as FEN does for chess); each game defines its own grammar in its
``position`` module (``to_position`` and ``from_position``). This module holds
the parts of reading one that are the same in every game, so that they are
bounded and worded alike:

>>> split_fields("  a  b=1  c ")
['a', 'b=1', 'c']
>>> keyed_fields(["rng=7:2", "done"], keys=("rng", "done"), flags=("done",), position="a demo position")
{'rng': '7:2', 'done': ''}
>>> parse_rng("7:2"), format_rng(parse_rng("7:2"))
(Rng(seed=7, counter=2), 'rng=7:2')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Final, NoReturn, TypeVar

from ofrenda_rules.errors import PositionError
from ofrenda_rules.rng import MASK64, Rng

__all__ = [
    "MAX_POSITION_CHARS",
    "flag_fields",
    "format_rng",
    "join_fields",
    "keyed_fields",
    "parse_group",
    "parse_number",
    "parse_numbers",
    "parse_rng",
    "place_each_once",
    "refuse",
    "split_fields",
    "split_head",
    "split_seats",
]

MAX_POSITION_CHARS: Final = 4096
"""The longest position text any game reads; a longer one is refused before it is parsed."""

_P = TypeVar("_P")
_T = TypeVar("_T")

_PAIR: Final = re.compile(r"([0-9]{1,20}):([0-9]{1,20})")


def split_fields(text: object) -> list[str]:
    """The whitespace-separated fields of a position, after checking it is a string of bounded length.

    Raises:
        PositionError: not a string, or longer than :data:`MAX_POSITION_CHARS`.

    """
    if not isinstance(text, str):
        raise PositionError(f"a position is a string, not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"a position is at most {MAX_POSITION_CHARS} characters, not {len(text)}")
    return text.split()


def split_head(
    text: object, *, players: int, fixed: int, layout: str, phases: Mapping[str, _P]
) -> tuple[list[str], _P, str]:
    """The fields of a position that opens with ``PHASE:X``, ``fixed`` fields and a board per seat before keyed ones.

    Returns the fields, the phase the first field names and the text after its colon.

    >>> split_head("over:3 a b", players=1, fixed=2, layout="PHASE:N A and a B per seat", phases={"over": 0})
    (['over:3', 'a', 'b'], 0, '3')

    Raises:
        PositionError: as :func:`split_fields`, too few fields (``layout`` says which), or an unknown phase.

    """
    fields = split_fields(text)
    if len(fields) < fixed + players:
        raise PositionError(
            f"a {players}-player position has {fixed + players} fields ({layout}) before the keyed ones, "
            f"not {len(fields)}"
        )
    phase_text, _, rest = fields[0].partition(":")
    if phase_text not in phases:
        raise PositionError(f"PHASE: {phase_text!r} is not one of {', '.join(phases)}")
    return fields, phases[phase_text], rest


def keyed_fields(fields: Iterable[str], *, keys: Sequence[str], flags: Sequence[str], position: str) -> dict[str, str]:
    """The optional ``key=value`` fields (and bare ``flag`` fields) that end a position.

    Raises:
        PositionError: an unknown key, a flag given a value, a key without one,
            or a key given twice.

    """
    keyed: dict[str, str] = {}
    for field in fields:
        key, equals, value = field.partition("=")
        if key not in keys or (key in flags) == bool(equals):
            raise PositionError(f"{field!r} is not a field of {position} (keys: {', '.join(keys)})")
        if key in keyed:
            raise PositionError(f"the field {key} is given twice")
        keyed[key] = value
    return keyed


def flag_fields(flags: Sequence[str], values: Sequence[bool]) -> list[str]:
    """The bare flag fields of a position to write: each of ``flags`` whose value is true, in order.

    The writer's side of :func:`keyed_fields`'s ``flags``.

    >>> flag_fields(("done", "refill"), (False, True))
    ['refill']
    """
    return [flag for flag, value in zip(flags, values, strict=True) if value]


def parse_number(text: str, what: str, *, digits: int = 3) -> int:
    """A non-negative decimal number of at most ``digits`` digits.

    Raises:
        PositionError: naming ``what`` when ``text`` is not such a number.

    """
    if not (0 < len(text) <= digits and text.isascii() and text.isdigit()):
        raise PositionError(f"{what}: {text!r} is not a number")
    return int(text)


def parse_numbers(text: str, what: str, example: str) -> tuple[int, ...]:
    """A comma-separated list of numbers of at most 3 digits, or ``-`` for none.

    Raises:
        PositionError: naming ``what`` (and showing ``example``) when ``text`` is not such a list.

    """
    if text == "-":
        return ()
    items = text.split(",")
    if not all(0 < len(item) <= 3 and item.isascii() and item.isdigit() for item in items):
        raise PositionError(f"{what}: {text!r} is not a list of numbers ({example!r}, or '-' for none)")
    return tuple(int(item) for item in items)


def parse_group(
    text: str, what: str, *, pattern: re.Pattern[str], items: str, example: str, parse: Callable[[str], tuple[_P, ...]]
) -> tuple[_P, ...]:
    """A group of pieces written back to back (``pattern`` matches a whole one), read by ``parse``; ``-`` for none.

    >>> parse_group("ab", "HAND", pattern=re.compile("[a-z]+"), items="letters", example="abc", parse=tuple)
    ('a', 'b')
    >>> parse_group("-", "HAND", pattern=re.compile("[a-z]+"), items="letters", example="abc", parse=tuple)
    ()

    Raises:
        PositionError: naming ``what`` when ``text`` is not such a group (``items`` and ``example`` say what one is).

    """
    if text == "-":
        return ()
    if not pattern.fullmatch(text):
        raise PositionError(f"{what}: {text!r} is not a group of {items} (e.g. {example!r}, or '-' for none)")
    return parse(text)


def split_seats(text: str, what: str, players: int) -> list[str]:
    """The ``/``-separated parts of a field that gives one part per seat.

    Raises:
        PositionError: naming ``what`` when there is not one part per seat.

    """
    parts = text.split("/")
    if len(parts) != players:
        raise PositionError(f"{what}: {len(parts)} seats given, the game has {players} ({text!r})")
    return parts


def refuse(message: str) -> NoReturn:
    """Refuse a position no game reaches: raise its :class:`~ofrenda_rules.errors.PositionError`."""
    raise PositionError(message)


def place_each_once(
    kind: str,
    places: Iterable[tuple[str, Iterable[_T | None]]],
    *,
    label: Callable[[_T], str],
    known: tuple[Container[_T], str] | None = None,
) -> dict[_T, str]:
    """Where each piece of a position lies, checking that none lies in two places (or twice in one).

    ``places`` pairs each place's words (``"in hand 0"``) with what lies there
    (``None`` for an empty spot); ``label`` names a piece in a message
    (``"tile YS"``); ``known``, when given, is the pieces the edition has and
    how it numbers them (``"0-39"``).

    >>> place_each_once("card", [("in hand 0", [3, None]), ("in the market", [5])], label=lambda card: f"card {card}")
    {3: 'in hand 0', 5: 'in the market'}
    >>> place_each_once("card", [("in hand 0", [3]), ("in the market", [3])], label=lambda card: f"card {card}")
    Traceback (most recent call last):
    ...
    ofrenda_rules.errors.PositionError: card 3 appears in hand 0 and in the market; every card is in exactly one place

    Raises:
        PositionError: a piece the edition does not have, or one in two places.

    """
    where: dict[_T, str] = {}
    for place, pieces in places:
        for piece in pieces:
            if piece is None:
                continue
            if known is not None and piece not in known[0]:
                refuse(f"{label(piece)} does not exist (the edition numbers them {known[1]})")
            if piece in where:
                twice = f"twice {place}" if where[piece] == place else f"{where[piece]} and {place}"
                refuse(f"{label(piece)} appears {twice}; every {kind} is in exactly one place")
            where[piece] = place
    return where


def parse_rng(text: str) -> Rng:
    """The generator of a seeded game from the value of its ``rng=SEED:COUNTER`` field.

    Raises:
        PositionError: not two numbers, or one not below ``2**64``.

    """
    match = _PAIR.fullmatch(text)
    if match is None:
        raise PositionError(f"rng: {text!r} is not 'SEED:COUNTER'")
    seed, counter = int(match[1]), int(match[2])
    if seed > MASK64 or counter > MASK64:
        raise PositionError(f"generator rng={text}: seed and counter must be below 2**64")
    return Rng(seed=seed, counter=counter)


def format_rng(rng: Rng) -> str:
    """The ``rng=SEED:COUNTER`` field of a seeded game's generator."""
    return f"rng={rng.seed}:{rng.counter}"


def join_fields(fields: Sequence[str], rng: Rng | None) -> str:
    """A position's text: its ``fields``, then the generator's ``rng=`` field when the game is seeded.

    >>> join_fields(["over:3", "a"], Rng(seed=7, counter=2)), join_fields(["over:3", "a"], None)
    ('over:3 a rng=7:2', 'over:3 a')
    """
    return " ".join([*fields, format_rng(rng)] if rng is not None else fields)
