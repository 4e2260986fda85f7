"""The path and the dice of an Ofrendados picture."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from ofrenda_rules.ofrendados.components import Colour, PathSpec
from ofrenda_rules.ofrendados.events import DieRerolled, DieRolled, DieTurned
from ofrenda_rules.ofrendados.picks import die_id
from ofrenda_rules.ofrendados.picture.layout import (
    _FLOWER_FILL,
    _FLOWER_INK,
    _HEAD_BAND,
    _MARGIN,
    _MARKET_CARD_W,
    _PATH_LABEL_W,
    _PER_ROW,
    _SPACE_H,
    _SPACE_W,
    _fragment,
    _Layout,
    _name,
    _Table,
    _wrap,
)
from ofrenda_rules.ofrendados.picture.pieces import _die, _player, _token
from ofrenda_rules.ofrendados.state import MARKET_SIZE, Die, Phase
from ofrenda_rules.svg import Picture


def _draw_path(picture: Picture, table: _Table, layout: _Layout) -> None:
    path: PathSpec = table.config.edition.path
    holders: list[list[int]] = [[] for _ in range(path.length + 1)]
    for seat, board in enumerate(table.view.boards):
        for space in board.flowers:
            if 1 <= space <= path.length:
                holders[space].append(seat)
    with picture.group(label=f"The Path: {path.length} flowers from Mictlán to the land of the living"):
        picture.paste(_fragment(layout, "path", functools.partial(_draw_static_path, path=path, layout=layout)))
        mx, my = layout.mictlan
        waiting = [seat for seat, board in enumerate(table.view.boards) if not board.flowers]
        if waiting:
            names = ", ".join(f"Seat {seat + 1}" for seat in waiting)
            with picture.group(label=f"Waiting in Mictlán: {names}"):
                for k, seat in enumerate(waiting):
                    _token(picture, seat, mx + 22 + k * 24, my + 70, 9)
        for number in range(1, path.length + 1):
            seats = holders[number]
            if not seats:
                continue
            x, y = layout.spaces[number - 1]
            names = ", ".join(f"Seat {seat + 1}" for seat in seats)
            with picture.group(label=f"Flower tokens on space {number}: {names}"):
                count = len(seats)
                r = 8 if count <= 4 else 5.5
                step = min(2 * r + 2, (_SPACE_W - 8) / count)
                start = x + _SPACE_W / 2 - step * (count - 1) / 2
                for k, seat in enumerate(seats):
                    _token(picture, seat, start + k * step, y + _SPACE_H - 14, r)


def _draw_static_path(picture: Picture, *, path: PathSpec, layout: _Layout) -> None:
    """What never changes on the Path: the board, its spaces, Mictlán and the head."""
    for x, y, width, living in layout.row_boxes:
        picture.rect(x, y + 2, width, _SPACE_H - 4, fill="#ffffff" if living else "#ddd5ea", stroke="#8c7aa8", rx=8)
    mx, my = layout.mictlan
    middle = mx + (_PATH_LABEL_W - 10) / 2
    with picture.group(label="Mictlán, where the flower tokens start"):
        picture.rect(mx, my + 2, _PATH_LABEL_W - 10, _SPACE_H - 4, fill="#4b3b63", stroke="#2e2340", rx=8)
        picture.text(middle, my + 24, "MICTLÁN", size=14, anchor="middle", weight="bold", fill="#fff")
        picture.text(middle, my + 40, "tokens start here", size=10, anchor="middle", fill="#fff")
    if layout.head_y is not None:
        hy = layout.head_y
        with picture.group(label=f"The head of Quetzalcóatl, after space {path.head}: the land of the living begins"):
            left = _MARGIN + _PATH_LABEL_W
            picture.rect(left, hy + 4, _PER_ROW * _SPACE_W, _HEAD_BAND - 8, fill="#009E73", rx=10)
            picture.polygon(
                [(left - 4, hy + _HEAD_BAND / 2), (left + 16, hy + 2), (left + 16, hy + _HEAD_BAND - 2)],
                fill="#006b4e",
            )
            words = f"Head of Quetzalcóatl: the land of the living begins after space {path.head}"
            centre = left + _PER_ROW * _SPACE_W / 2
            picture.text(centre, hy + _HEAD_BAND / 2 + 5, words, size=12, anchor="middle", weight="bold", fill="#fff")
            picture.text(middle, hy + _HEAD_BAND + 30, "LAND OF", size=12, anchor="middle", weight="bold")
            picture.text(middle, hy + _HEAD_BAND + 46, "THE LIVING", size=12, anchor="middle", weight="bold")
            picture.text(middle, hy + _HEAD_BAND + 62, "(white spaces)", size=10, anchor="middle")
    for number in range(1, path.length + 1):
        _draw_space(picture, layout, path, number)


def _space_bonus(path: PathSpec, number: int) -> list[str]:
    space = path.space(number)
    parts = []
    if space.object is not None:
        parts.append(f"+ {_name(space.object)}")
    if space.pesos:
        parts.append(f"+{space.pesos} peso" + ("s" if space.pesos != 1 else ""))
    if number == path.length:
        parts.append(f"END +{path.end_bonus} pts")
    return parts


def _draw_space(picture: Picture, layout: _Layout, path: PathSpec, number: int) -> None:
    space = path.space(number)
    x, y = layout.spaces[number - 1]
    bonus = _space_bonus(path, number)
    side = "land of the living" if path.in_land_of_the_living(number) else "before the head"
    label = f"Space {number}: flower {space.flower.value}" + "".join(f", {b}" for b in bonus) + f" ({side})"
    with picture.group(label=label):
        cx = x + _SPACE_W / 2
        if number == path.length:
            picture.rect(x + 3, y + 5, _SPACE_W - 6, _SPACE_H - 10, fill="#fff3c4", stroke="#8a6d00", rx=6, dash="4 2")
        picture.text(x + 6, y + 16, str(number), size=11, weight="bold", fill="#444")
        picture.polygon(layout.petals[number - 1], fill=_FLOWER_FILL[space.flower], stroke="#5a3a00", stroke_width=0.8)
        picture.circle(cx, y + 34, 10, fill=_FLOWER_FILL[space.flower], stroke="#5a3a00", stroke_width=0.8)
        ink = _FLOWER_INK[space.flower]
        picture.text(cx, y + 40, space.flower.value, size=16, anchor="middle", weight="bold", fill=ink)
        for k, line in enumerate(bonus[:2]):
            picture.text(cx, y + 66 + 11 * k, line, size=9.5, anchor="middle", weight="bold" if "END" in line else None)


def _dice_rows(table: _Table) -> list[tuple[str, tuple[Die, ...]]]:
    rows: list[tuple[str, tuple[Die, ...]]] = []
    per = table.config.dice_per_colour
    if table.view.phase is Phase.ROLL:
        rows.append((f"Rolled so far: {len(table.view.rolled)} of {3 * per} dice", table.view.rolled))
    if table.view.pool:
        rows.append(("Left to draft (yellow and orange)", table.view.pool))
    purple = tuple(die for die in table.view.rolled if die.colour is Colour.PURPLE)
    if purple and table.view.phase in (Phase.DRAFT, Phase.CREATE):
        rows.append(("Purple dice: every player uses them", purple))
    if table.view.phase is Phase.CREATE and table.view.dice_left:
        who = "the acting player" if table.acting is None else _player(table, table.acting)
        rows.append((f"Dice {who} has still to use", table.view.dice_left))
    if table.view.phase is Phase.BUY and table.view.rolled:
        rows.append(("This round's dice as rolled", table.view.rolled))
    return rows


_DIE_ROW_H: Final = 66


def _middle_height(table: _Table, layout: _Layout) -> float:
    dice = 30 + max(1, len(_dice_rows(table)) + (1 if table.view.rerolling is not None else 0)) * _DIE_ROW_H
    lines = len(_discard_lines(table)) + (len(_deck_lines(table)) if table.seat is None else 0)
    market = 30 + layout.card_height + 10 + 13 * lines + 6
    return max(dice, market)


_MARKET_TEXT_W: Final = MARKET_SIZE * (_MARKET_CARD_W + 10) - 10


def _deck_lines(table: _Table) -> list[str]:
    listing = ", ".join(str(card) for card in table.view.deck) or "empty"
    return _wrap(f"Deck (omniscient; unordered): {listing}", _MARKET_TEXT_W, 10)


def _discard_lines(table: _Table) -> list[str]:
    if not table.view.discard:
        return []
    return _wrap("Discarded: " + ", ".join(str(card) for card in table.view.discard), _MARKET_TEXT_W, 10)


def _changed_dice(events: Sequence[object]) -> dict[tuple[Colour, int], tuple[str, int]]:
    """The dice the recent events rerolled or turned, by colour and new face: how, and the face they showed."""
    changed: dict[tuple[Colour, int], tuple[str, int]] = {}
    rerolled: DieRerolled | None = None
    for event in events:
        if isinstance(event, DieRerolled):
            rerolled = event
        elif isinstance(event, DieRolled) and rerolled is not None and rerolled.colour is event.colour:
            changed[(event.colour, event.pips)] = ("rerolled", rerolled.pips)
            rerolled = None
        elif isinstance(event, DieTurned):
            changed[(event.colour, event.to)] = ("turned", event.pips)
    return changed


def _draw_dice(
    picture: Picture,
    table: _Table,
    layout: _Layout,
    top: float,
    height: float,
    changed: dict[tuple[Colour, int], tuple[str, int]],
) -> None:
    edition = table.config.edition
    width = 500.0
    rows = _dice_rows(table)
    named: set[str] = set()  # the first die of each colour and face drawn is the one picks name
    changed = dict(changed)  # each changed die is marked once, on the first die of its colour and face
    with picture.group(label="The dice of the round"):
        picture.rect(_MARGIN, top, width, height, fill="#f4f1fa", stroke="#8c7aa8", rx=8)
        picture.text(_MARGIN + 10, top + 20, "Dice", size=14, weight="bold")
        y = top + 30
        if not rows and table.view.rerolling is None:
            words = (
                "The game is over: no more dice."
                if table.view.phase is Phase.OVER
                else "No dice rolled yet this round."
            )
            picture.text(_MARGIN + 10, y + 20, words, size=12, italic=True)
        for title, dice in rows:
            with picture.group(label=f"{title}: " + ", ".join(str(d) for d in dice)):
                picture.text(_MARGIN + 10, y + 10, title, size=11, weight="bold")
                step = min(60.0, (width - 30) / max(len(dice), 1))
                for k, die in enumerate(dice):
                    name = die_id(die.colour, die.pips)
                    element: str | None = None
                    if name not in named and table.view.phase in (Phase.DRAFT, Phase.CREATE):
                        named.add(name)
                        element = name
                    _die(picture, layout, edition, die, _MARGIN + 20 + k * step, y + 16, 26, element)
                    note = changed.pop((die.colour, die.pips), None)
                    if note is not None:
                        how, before = note
                        with picture.group(label=f"The {die} die was just {how}: it showed {before}"):
                            picture.text(_MARGIN + 20 + k * step + 28, y + 24, f"was {before}", size=8)
                            picture.text(_MARGIN + 20 + k * step + 28, y + 33, how, size=8)
            y += _DIE_ROW_H
        if table.view.rerolling is not None:
            die = table.view.rerolling
            with picture.group(label=f"Being rerolled: the {die} die (a chance event)"):
                picture.text(_MARGIN + 10, y + 10, "Being rerolled (chance)", size=11, weight="bold")
                _die(picture, layout, edition, die, _MARGIN + 20, y + 16, 26)
                picture.text(_MARGIN + 60, y + 34, f"the {die} die is rolled again", size=11, italic=True)
