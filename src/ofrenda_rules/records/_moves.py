"""Moves in words: a game's actions as short text and back, derived from its action classes.

A move is the action's tag (the words of its JSON ``type``, with ``-``
between words), then its fields in the order the class declares them:

* an ``int`` as a decimal number: ``take-portrait 2``;
* a name (an enum, a card) as its JSON string: ``play red-14``, ``push north 1,0,2``;
* a tuple of ``int`` as numbers joined by commas: ``1,0,2``;
* a ``bool`` as its own name (``as-money``) when true, left out when false,
  after the other fields: ``use-die orange 3 as-money``.

The move is the action's JSON in other clothes; the game's own validators
check it when the record is read (:func:`~ofrenda_rules.records.from_record`).
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import to_json_value

__all__ = ["HIDDEN", "Field", "MoveError", "Notation", "notation"]

HIDDEN: Final = "??"
"""A move, a chance outcome or a seed a seat's record does not know."""

_NAME: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")
_INT: Final = re.compile(r"^-?[0-9]{1,19}$")
_INTS: Final = re.compile(r"^-?[0-9]{1,19}(,-?[0-9]{1,19})*$")


class MoveError(Exception):
    """A move that cannot be read: the message, and the token's index in the move (``0`` is the word)."""

    def __init__(self, message: str, token: int) -> None:
        self.token = token
        super().__init__(message)


@attrs.frozen
class Field:
    """One field of an action class as a move writes it."""

    name: str
    """The attribute (and JSON member) name."""
    kind: str
    """``"int"``, ``"ints"`` (a tuple of int), ``"flag"`` (a bool) or ``"name"`` (any other value, a JSON string)."""

    @property
    def flag(self) -> str:
        """The word of a ``bool`` field when true."""
        return self.name.replace("_", "-")


def _kind(tp: object) -> str:
    if tp is bool:
        return "flag"
    if tp is int:
        return "int"
    if typing.get_origin(tp) is tuple and all(arg in (int, Ellipsis) for arg in typing.get_args(tp)):
        return "ints"
    return "name"


@attrs.frozen
class Notation:
    """The moves of one game: its action classes by word, with their fields."""

    game: str
    """The game's registry name."""
    words: dict[str, tuple[type, tuple[Field, ...]]] = attrs.field(repr=False)
    """Each move word and the action class and fields it stands for."""
    tags: dict[str, str] = attrs.field(repr=False)
    """The JSON ``type`` tag of each move word."""

    def write(self, game: AnyGame, action: object) -> str:
        """``action`` as a move."""
        value = to_json_value(action, game.action_type)
        assert isinstance(value, dict)
        word = str(value["type"]).replace("_", "-")
        _cls, fields = self.words[word]
        parts = [word]
        flags = []
        for field in fields:
            item = value.get(field.name)
            if field.kind == "flag":
                if item:
                    flags.append(field.flag)
            elif field.kind == "int":
                parts.append(str(item))
            elif field.kind == "ints":
                assert isinstance(item, list)
                parts.append(",".join(str(i) for i in item))
            else:
                text = str(item)
                if not _NAME.match(text):
                    raise ValueError(f"{action!r}: {field.name} {text!r} cannot be written in a move")
                parts.append(text)
        return " ".join(parts + flags)

    def read(self, tokens: Sequence[str]) -> dict[str, object]:
        """The JSON value of the action the move's ``tokens`` name; :class:`MoveError` when they name none."""
        word = tokens[0]
        entry = self.words.get(word)
        if entry is None:
            raise MoveError(f"no move {word!r} in {self.game} (moves: {', '.join(sorted(self.words))})", 0)
        _cls, fields = entry
        value: dict[str, object] = {"type": self.tags[word]}
        positional = [field for field in fields if field.kind != "flag"]
        flags = {field.flag: field for field in fields if field.kind == "flag"}
        rest = list(enumerate(tokens[1:], start=1))
        for field in positional:
            if not rest:
                wanted = " ".join(f.name for f in positional)
                raise MoveError(f"{word} needs {len(positional)} values ({wanted}), got {len(tokens) - 1}", 0)
            index, token = rest.pop(0)
            if field.kind == "int":
                if not _INT.match(token):
                    raise MoveError(f"{word}: {field.name} must be a whole number, not {token!r}", index)
                value[field.name] = int(token)
            elif field.kind == "ints":
                if not _INTS.match(token):
                    raise MoveError(f"{word}: {field.name} must be numbers joined by commas, not {token!r}", index)
                value[field.name] = [int(part) for part in token.split(",")]
            else:
                if not _NAME.match(token):
                    raise MoveError(f"{word}: {field.name} {token!r} is not a name", index)
                value[field.name] = token
        for index, token in rest:
            field_of_flag = flags.get(token)
            if field_of_flag is None:
                raise MoveError(f"{word}: unexpected {token!r} after its values", index)
            if field_of_flag.name in value:
                raise MoveError(f"{word}: {token!r} given twice", index)
            value[field_of_flag.name] = True
        for field in flags.values():
            value.setdefault(field.name, False)
        return value


@functools.cache
def notation(game: AnyGame) -> Notation:
    """The move notation of ``game``, derived once from its action classes."""
    words: dict[str, tuple[type, tuple[Field, ...]]] = {}
    tags: dict[str, str] = {}
    for cls in typing.get_args(game.action_type):
        tag = str(cls.TAG)
        word = tag.replace("_", "-")
        hints = typing.get_type_hints(cls)
        fields = tuple(Field(field.name, _kind(hints[field.name])) for field in attrs.fields(cls))
        words[word] = (cls, fields)
        tags[word] = tag
    return Notation(game.info.name, words, tags)


def moves_table(game: AnyGame) -> tuple[tuple[str, str], ...]:
    """Each move word with its values, for the docs: ``(word, "take-portrait SPACE")``."""
    rows = []
    for word, (cls, fields) in notation(game).words.items():
        parts = [word] + [f.name.upper() for f in fields if f.kind != "flag"]
        parts += [f"[{f.flag}]" for f in fields if f.kind == "flag"]
        doc = (cls.__doc__ or "").strip().split("\n")[0]
        rows.append((" ".join(parts), doc))
    return tuple(rows)
