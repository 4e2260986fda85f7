"""Plain-text rendering of any game's views, states and outcomes, for the terminal."""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Iterable

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.registry import AnyGame

__all__ = ["board", "event_lines", "fmt", "render", "render_outcome", "result_text", "seats_shown", "step_line"]

_WIDTH = 100


def _has_own_str(value: object) -> bool:
    return type(value).__str__ is not object.__str__


def fmt(value: object) -> str:
    """A short human form of a value from a state or view.

    >>> fmt((1, None, True))
    '[1, -, yes]'
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(fmt(item) for item in value) + "]"
    cls = type(value)
    if attrs.has(cls):
        if _has_own_str(value):
            return str(value)
        inner = ", ".join(f"{f.name}={fmt(getattr(value, f.name))}" for f in attrs.fields(cls) if f.init)
        return f"{type(value).__name__}({inner})"
    return str(value)


def _is_per_seat(value: object, players: int | None) -> bool:
    return (
        players is not None
        and players > 1
        and isinstance(value, tuple)
        and len(value) == players
        and all(isinstance(item, tuple) or attrs.has(type(item)) for item in value)
    )


def render(value: object, *, skip: Iterable[str] = (), players: int | None = None) -> str:
    """Every field of an attrs instance on its own line; per-seat tuples one seat a line.

    >>> @attrs.frozen
    ... class Demo:
    ...     hands: tuple[tuple[int, ...], ...]
    ...     turn: int
    >>> print(render(Demo(((1, 2), (3,)), 4), players=2))
    hands:
      seat 0: [1, 2]
      seat 1: [3]
    turn: 4
    """
    cls = type(value)
    if not attrs.has(cls):
        return fmt(value)
    skipped = set(skip)
    lines: list[str] = []
    for field in attrs.fields(cls):
        if field.name in skipped or not field.init:
            continue
        item = getattr(value, field.name)
        label = field.name.replace("_", " ")
        if _is_per_seat(item, players):
            lines.append(f"{label}:")
            lines.extend(f"  seat {seat}: {fmt(part)}" for seat, part in enumerate(item))
            continue
        text = fmt(item)
        if len(text) > _WIDTH and isinstance(item, tuple):
            lines.append(f"{label}:")
            body = ", ".join(fmt(part) for part in item)
            lines.extend(textwrap.wrap(body, _WIDTH, initial_indent="  ", subsequent_indent="  "))
        else:
            lines.append(f"{label}: {text}")
    return "\n".join(lines)


def render_outcome(outcome: object) -> str:
    """A final result: one line per seat (points, place, winner), then any other fields."""
    scores: tuple[int, ...] = getattr(outcome, "scores", ())
    ranks: tuple[int, ...] = getattr(outcome, "ranks", ())
    winners: tuple[int, ...] = getattr(outcome, "winners", ())
    lines = []
    for seat, points in enumerate(scores):
        mark = "  winner" if seat in winners else ""
        lines.append(f"  seat {seat}: {points:4d} points, place {ranks[seat] + 1}{mark}")
    if not winners:
        lines.append("  nobody wins")
    others = render(outcome, skip=("scores", "ranks", "winners"))
    if others:
        lines.extend(f"  {line}" for line in others.split("\n"))
    return "\n".join(lines)


def board(game: AnyGame, subject: object, players: int) -> str:
    """The game's text picture of a state or a view (its ``render_text``)."""
    return game.render_text(subject)


def result_text(game: AnyGame, outcome: object) -> str:
    """The result as the game words it (its ``describe_outcome``), indented."""
    return "\n".join(f"  {line}" for line in game.describe_outcome(outcome).split("\n"))


def step_line(number: int, actor: str, description: str) -> str:
    """One numbered step, as ``play`` and ``replay`` both print it: step 1 is the first action.

    The actor is named first, unless the description already begins with it.

    >>> step_line(7, "seat 2", "plays 5 of red")
    '   7. seat 2: plays 5 of red'
    >>> step_line(8, "seat 3", "seat 3 takes a candle")
    '   8. seat 3 takes a candle'
    """
    if description.lower().startswith(actor.lower() + " "):
        return f"{number:4d}. {description}"
    return f"{number:4d}. {actor}: {description}"


def seats_shown(humans: set[int], players: int) -> tuple[int, ...] | None:
    """Whose knowledge bounds the printed events: ``None`` (all) when no person plays, else the people's seats."""
    seats = tuple(sorted(seat for seat in humans if seat != CHANCE and 0 <= seat < players))
    return seats or None


def event_lines(game: AnyGame, events: tuple[object, ...], seats: tuple[int, ...] | None) -> list[str]:
    """The events of a step in English, indented under the step.

    With ``seats`` (the people at the terminal) an event is printed only as
    every one of those seats may know it alike, so that nothing hidden from a
    person at the table reaches the screen.
    """
    lines = []
    for event in events:
        shown: object | None = event
        if seats is not None:
            seen = [game.event_seen_by(event, seat) for seat in seats]
            shown = seen[0] if all(item == seen[0] for item in seen) else None
        if shown is not None:
            lines.append(f"        {game.describe_event(shown)}")
    return lines
