"""What ``play`` and ``replay`` print for any game: numbered steps, their events, the result."""

from __future__ import annotations

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.registry import AnyGame

__all__ = ["event_lines", "result_text", "seats_shown", "step_line"]


def result_text(game: AnyGame, outcome: object) -> str:
    """The result as the game words it (its ``describe_outcome``), indented."""
    return "\n".join(f"  {line}" for line in game.describe_outcome(outcome).split("\n"))


def step_line(number: int, actor: str, description: str) -> str:
    """One numbered step, as ``play`` and ``replay`` both print it: step 1 is the first action.

    The actor is named first, unless the description already begins with it.

    >>> step_line(7, "Seat 2", "plays 5 of red")
    '   7. Seat 2: plays 5 of red'
    >>> step_line(8, "Seat 3", "Seat 3 takes a candle")
    '   8. Seat 3 takes a candle'
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
