"""The words and small pieces of an Ofrendados picture: object icons, seat tokens, dice, the header."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrendados.components import ObjectKind
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.picture.layout import (
    _DIE_FILL,
    _DIE_INK,
    _MARGIN,
    _PHASE_WORDS,
    _SEAT_FILL,
    _SEAT_INK,
    WIDTH,
    _fragment,
    _Layout,
    _Table,
    _wrap,
)
from ofrenda_rules.ofrendados.scoring import ScoreSheet
from ofrenda_rules.ofrendados.state import ROUNDS, Die, Phase
from ofrenda_rules.svg import Picture


def _viewer(table: _Table, omniscient: str) -> str:
    """Whose picture this is: ``omniscient`` for a state, a spectator, or a seat."""
    if table.seat is None:
        return omniscient
    if table.seat == SPECTATOR:
        return "a spectator's view (public information)"
    return f"Seat {table.seat + 1}'s view"


def _player(table: _Table, seat: int) -> str:
    return f"Seat {seat + 1} (you)" if seat == table.seat else f"Seat {seat + 1}"


def _turn_words(table: _Table) -> str:
    """Whose decision it is, in words."""
    current = table.view.current_player
    if current == TERMINAL or table.view.phase is Phase.OVER:
        return "the game is over"
    if current == CHANCE:
        if table.view.rerolling is not None:
            return f"chance: the {table.view.rerolling} die is rerolled"
        if table.view.phase is Phase.ROLL:
            return "chance: the next die is rolled"
        return "chance: a Calaverita is revealed to the market"
    who = _player(table, current)
    if table.view.phase is Phase.DRAFT:
        return f"{who} takes a die"
    if table.view.phase is Phase.CREATE:
        return f"{who} uses their dice"
    if table.view.phase is Phase.BUY:
        return f"{who} may buy a Calaverita"
    return f"{who} to play"


def _round_words(table: _Table) -> str:
    if table.view.phase is Phase.OVER:
        return f"after round {ROUNDS} of {ROUNDS}"
    return f"round {table.view.round + 1} of {ROUNDS}"


# ---------------------------------------------------------------- small drawings


def _icon(picture: Picture, kind: ObjectKind, cx: float, cy: float, s: float) -> None:
    """A small picture of ``kind`` centred on ``(cx, cy)``, about ``s`` across."""
    h = s / 2
    if kind is ObjectKind.CANDLE:
        picture.rect(cx - 0.18 * s, cy - 0.1 * s, 0.36 * s, 0.6 * s, fill="#fffbe6", stroke="#7a6a3a")
        flame = [
            (cx, cy - 0.5 * s),
            (cx + 0.15 * s, cy - 0.24 * s),
            (cx, cy - 0.12 * s),
            (cx - 0.15 * s, cy - 0.24 * s),
        ]
        picture.polygon(flame, fill="#E69F00", stroke="#8a4b00", stroke_width=0.6)
    elif kind is ObjectKind.PAPEL_PICADO:
        teeth = 4
        bottom = [(cx + h - k * s / teeth / 2, cy + (0.3 if k % 2 == 0 else 0.12) * s) for k in range(2 * teeth + 1)]
        picture.polygon(
            [(cx - h, cy - 0.4 * s), (cx + h, cy - 0.4 * s), *bottom],
            fill="#CC79A7",
            stroke="#6b2d57",
            stroke_width=0.6,
        )
        picture.line(cx - h - 2, cy - 0.42 * s, cx + h + 2, cy - 0.42 * s, stroke="#444", width=0.8)
        picture.rect(cx - 0.12 * s, cy - 0.2 * s, 0.24 * s, 0.24 * s, fill="#fff")
    elif kind is ObjectKind.PAN_DE_MUERTO:
        r = 0.45 * s
        picture.path(
            f"M {cx - r:.2f} {cy + 0.25 * s:.2f} A {r:.2f} {r:.2f} 0 0 1 {cx + r:.2f} {cy + 0.25 * s:.2f} Z",
            fill="#C68642",
            stroke="#6b3e12",
        )
        picture.line(cx - 0.25 * s, cy - 0.05 * s, cx + 0.25 * s, cy + 0.15 * s, stroke="#6b3e12", width=1.4)
        picture.line(cx - 0.25 * s, cy + 0.15 * s, cx + 0.25 * s, cy - 0.05 * s, stroke="#6b3e12", width=1.4)
    elif kind is ObjectKind.FRUIT:
        picture.circle(cx, cy + 0.05 * s, 0.33 * s, fill="#D55E00", stroke="#6b2a00")
        picture.polygon(
            [(cx, cy - 0.28 * s), (cx + 0.3 * s, cy - 0.45 * s), (cx + 0.12 * s, cy - 0.22 * s)],
            fill="#009E73",
        )
    elif kind is ObjectKind.TAMAL:
        picture.polygon(
            [(cx - h, cy), (cx - 0.1 * s, cy - 0.3 * s), (cx + h, cy - 0.05 * s), (cx + 0.1 * s, cy + 0.3 * s)],
            fill="#D9C46A",
            stroke="#6b5a1e",
        )
        picture.line(cx - 0.3 * s, cy, cx + 0.3 * s, cy - 0.03 * s, stroke="#6b5a1e", width=0.8)
    elif kind is ObjectKind.MOLE:
        picture.path(
            f"M {cx - h:.2f} {cy - 0.1 * s:.2f} L {cx + h:.2f} {cy - 0.1 * s:.2f} "
            f"A {h:.2f} {0.38 * s:.2f} 0 0 1 {cx - h:.2f} {cy - 0.1 * s:.2f} Z",
            fill="#5C2E0E",
            stroke="#2b1505",
        )
        picture.rect(cx - h, cy - 0.18 * s, s, 0.1 * s, fill="#b0764a")
    elif kind is ObjectKind.PORTRAIT:
        picture.rect(cx - 0.38 * s, cy - h, 0.76 * s, s, fill="#8a6d3b", stroke="#3e2f14")
        picture.rect(cx - 0.28 * s, cy - 0.4 * s, 0.56 * s, 0.8 * s, fill="#f3ead8")
        picture.circle(cx, cy - 0.1 * s, 0.13 * s, fill="#555")
        picture.path(
            f"M {cx - 0.22 * s:.2f} {cy + 0.36 * s:.2f} Q {cx:.2f} {cy - 0.05 * s:.2f} {cx + 0.22 * s:.2f} "
            f"{cy + 0.36 * s:.2f} Z",
            fill="#555",
        )
    else:  # the sugar skull
        picture.circle(cx, cy - 0.06 * s, 0.36 * s, fill="#ffffff", stroke="#333")
        picture.rect(cx - 0.2 * s, cy + 0.18 * s, 0.4 * s, 0.22 * s, fill="#ffffff", stroke="#333", rx=2)
        picture.circle(cx - 0.14 * s, cy - 0.08 * s, 0.09 * s, fill="#0072B2")
        picture.circle(cx + 0.14 * s, cy - 0.08 * s, 0.09 * s, fill="#0072B2")
        picture.polygon(
            [(cx, cy + 0.02 * s), (cx - 0.05 * s, cy + 0.12 * s), (cx + 0.05 * s, cy + 0.12 * s)], fill="#333"
        )


def _token(picture: Picture, seat: int, cx: float, cy: float, r: float = 8) -> None:
    """A flower token of ``seat``: a disc of the seat's colour with its number, counted from 1 (Seat 1's shows 1)."""
    picture.circle(cx, cy, r, fill=_SEAT_FILL[seat % 4], stroke="#111", stroke_width=1)
    picture.text(
        cx, cy + r * 0.42, str(seat + 1), size=r * 1.2, anchor="middle", weight="bold", fill=_SEAT_INK[seat % 4]
    )


def _die(
    picture: Picture,
    layout: _Layout,
    edition: Edition,
    die: Die,
    x: float,
    y: float,
    side: float,
    element: str | None = None,
) -> None:
    """A die at ``(x, y)``: its colour (and initial), its pips and, below, what its face gives.

    ``element`` makes it a part of the table a player may pick (its ``id``).
    """
    face = str(edition.face(die.colour, die.pips))
    label = f"{die.colour.value} die showing {die.pips}: {face}"
    with picture.group(label=label, translate=(x, y), element=element, kind="die" if element else None):
        key = ("die", die.colour, die.pips, side)
        picture.paste(_fragment(layout, key, functools.partial(_draw_die, die=die, face=face, side=side)))


def _draw_die(picture: Picture, *, die: Die, face: str, side: float) -> None:
    picture.rect(0, 0, side, side, fill=_DIE_FILL[die.colour], stroke="#222", rx=5)
    ink = _DIE_INK[die.colour]
    picture.text(side / 2, side * 0.68, str(die.pips), size=side * 0.55, anchor="middle", weight="bold", fill=ink)
    picture.text(3, 9, die.colour.value[0].upper(), size=8, fill=ink)
    for k, line in enumerate(_wrap(face, 58, 9)[:2]):
        picture.text(side / 2, side + 11 + 10 * k, line, size=9, anchor="middle")


# ---------------------------------------------------------------- sections


def _header(picture: Picture, table: _Table, sheets: Sequence[ScoreSheet], ranks: Sequence[int]) -> None:
    who = _viewer(table, "the whole table (omniscient)")
    with picture.group(label="Game status"):
        picture.text(_MARGIN, 28, f"Ofrendados, the road to Mictlán: {who}", size=20, weight="bold")
        status = f"{_round_words(table).capitalize()}, {_PHASE_WORDS[table.view.phase]}: {_turn_words(table)}."
        if table.view.phase is Phase.OVER:
            result = _result_words(table, sheets, ranks)
            picture.text(_MARGIN, 50, f"Game over after {ROUNDS} rounds. {result}.", size=14, weight="bold")
        else:
            status += f" First player this round: {_player(table, table.view.first_player)}."
            picture.text(_MARGIN, 50, status, size=13)
        if table.seat == SPECTATOR:
            picture.text(WIDTH - _MARGIN, 50, "Spectator", size=13, anchor="end", weight="bold")
        elif table.seat is not None:
            picture.text(WIDTH - _MARGIN, 50, f"You are Seat {table.seat + 1}", size=13, anchor="end", weight="bold")


def _result_words(table: _Table, sheets: Sequence[ScoreSheet], ranks: Sequence[int]) -> str:
    winners = [seat for seat, rank in enumerate(ranks) if rank == 0 and sheets[seat].qualified]
    if not winners:
        return "Nobody reached the land of the living: nobody wins"
    names = " and ".join(_player(table, seat) for seat in winners)
    return f"Winner: {names} with {sheets[winners[0]].total} points"
