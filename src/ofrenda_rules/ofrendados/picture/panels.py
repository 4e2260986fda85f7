"""Each player's panel of an Ofrendados picture: the score sheet, the offering and lines of text."""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.ofrendados.components import Flower, ObjectKind, SheetSpec
from ofrenda_rules.ofrendados.offering import full_rows
from ofrenda_rules.ofrendados.picks import card_id as owned_card_id
from ofrenda_rules.ofrendados.picks import cell_id
from ofrenda_rules.ofrendados.picture.layout import (
    _CHAR,
    _OBJECT_SHORT,
    _SEAT_COLOUR_NAME,
    _SEAT_FILL,
    _fragment,
    _Layout,
    _name,
    _Table,
    _wrap,
)
from ofrenda_rules.ofrendados.picture.pieces import _die, _icon, _player, _token
from ofrenda_rules.ofrendados.scoring import ScoreSheet
from ofrenda_rules.ofrendados.state import PendingKind, Phase
from ofrenda_rules.svg import Picture, ordinal


@attrs.frozen
class _Line:
    text: str
    size: float = 11
    weight: str | None = None
    fill: str = "#222"
    italic: bool = False
    element: str | None = None


def _panel_lines(
    table: _Table, seat: int, sheet: ScoreSheet, rank: int, width: float
) -> tuple[list[_Line], list[_Line]]:
    """The lines before and after the drafted dice of ``seat``'s panel."""
    edition = table.config.edition
    path = edition.path
    board = table.view.boards[seat]
    counts = ", ".join(f"{flower.value} {n}" for flower, n in zip(Flower, sheet.flowers, strict=True))
    head: list[str] = [
        f"Pesos saved: {board.pesos}",
        f"Flowers on the Path: {len(board.flowers)} of {edition.flowers_per_player} ({counts})",
    ]
    if not board.flowers:
        head.append("Still in Mictlán: no flower on the Path yet")
    elif path.in_land_of_the_living(board.position):
        end = " (the end of the route)" if board.position == path.length else ""
        head.append(f"Furthest flower: space {board.position}{end}, in the land of the living")
    else:
        head.append(f"Furthest flower: space {board.position}, not yet in the land of the living")
    before = [_Line(line) for text in head for line in _wrap(text, width, 11)]
    after: list[_Line] = []
    if board.cards:
        after.append(_Line(f"Calaveritas bought ({len(board.cards)}):", weight="bold"))
        used = table.view.powers_used if (table.acting == seat or table.view.phase is Phase.DRAFT) else ()
        for card_id in board.cards:
            card = edition.card(card_id)
            note = " (used this round)" if card_id in used else ""
            text = f"#{card.id} {card.name} ({card.colour.value}): {card.effect.describe()}{note}"
            element = owned_card_id(seat, card_id)
            after.extend(_Line(line, size=10, element=element) for line in _wrap(text, width - 8, 10))
    if table.view.pending and table.acting == seat:
        owed = "; ".join(
            f"draw a {_name(p.object)}" if p.kind is PendingKind.DRAW else f"turn an object into a {_name(p.object)}"
            for p in table.view.pending
        )
        after.extend(_Line(line, weight="bold", fill="#8a2a00") for line in _wrap(f"Owes: {owed}", width, 11))
    parts = (
        f"path {sheet.flower_points} + flower majorities {sheet.flower_majorities} + end {sheet.end_bonus}"
        f" + offering {sheet.offering} + skull majority {sheet.calaverita_majority} + eternal {sheet.eternal}"
        f" + money {sheet.money}"
    )
    if table.view.phase is Phase.OVER:
        place = f"{ordinal(rank + 1)} place" if sheet.qualified else "no place (never reached the land of the living)"
        headline = f"Final score: {sheet.total} points, {place}"
    else:
        headline = f"Score if the game ended now: {sheet.total}"
    after.extend(_Line(line, size=12, weight="bold") for line in _wrap(headline, width, 12))
    if sheet.qualified:
        after.extend(_Line(line, size=10, fill="#444") for line in _wrap(f"= {parts}", width, 10))
    else:
        note = "(a player scores only with a flower in the land of the living)"
        after.extend(_Line(line, size=10, fill="#444", italic=True) for line in _wrap(note, width, 10))
    after.append(_Line(f"Empty spaces on the offering: {sheet.empty_spaces}", size=10, fill="#444"))
    return before, after


_LINE_GAP: Final = 4
_DRAFT_ROW_H: Final = 68


def _lines_height(lines: Sequence[_Line]) -> float:
    return sum(line.size + _LINE_GAP for line in lines)


def _text_width(layout: _Layout) -> float:
    """Width of the text column of a panel."""
    if layout.side_text:
        return layout.panel_width - 24 - layout.sheet_width - 8
    return layout.panel_width - 24


def _panel_height(table: _Table, layout: _Layout, seat: int, before: Sequence[_Line], after: Sequence[_Line]) -> float:
    drafted = _DRAFT_ROW_H if table.view.drafted[seat] else 0
    text = _lines_height(before) + drafted + _lines_height(after)
    if layout.side_text:
        return 40 + max(layout.sheet_height + 8, text) + 14
    return 40 + layout.sheet_height + 12 + text + 14


def _draw_lines(picture: Picture, lines: Sequence[_Line], x: float, y: float) -> float:
    """The lines from ``y`` down; consecutive lines naming one ``element`` (a card bought) form its group."""
    for element, run in itertools.groupby(lines, key=lambda line: line.element):
        with picture.group(element=element, kind="card") if element is not None else contextlib.nullcontext():
            for line in run:
                y += line.size + _LINE_GAP
                picture.text(
                    x, y - _LINE_GAP, line.text, size=line.size, weight=line.weight, fill=line.fill, italic=line.italic
                )
    return y


def _draw_sheet(picture: Picture, table: _Table, layout: _Layout, seat: int, x: float, y: float) -> None:
    spec: SheetSpec = table.config.edition.sheet
    board = table.view.boards[seat]
    full = set(full_rows(spec, board.sheet))
    label = f"Seat {seat + 1}'s offering sheet, the stepped altar ({spec.size} cells, bottom row first)"
    with picture.group(label=label, translate=(x, y)):
        for index, content in enumerate(board.sheet):
            row, column = spec.cells[index]
            what = "empty" if content is None else _name(content)
            label = f"Cell {index + 1} (row {row}, column {column + 1}): {what}"
            cx, cy = layout.sheet_cells[index]
            box = (cx, cy, layout.cell, layout.cell)
            with picture.group(label=label, element=cell_id(seat, index), kind="cell", box=box):
                draw = functools.partial(_draw_cell, spec=spec, layout=layout, index=index, content=content)
                picture.paste(_fragment(layout, ("cell", index, content), draw))
        _draw_rows(picture, spec=spec, layout=layout, full=full)


def _draw_cell(picture: Picture, *, spec: SheetSpec, layout: _Layout, index: int, content: ObjectKind | None) -> None:
    """One cell of a sheet and what is drawn in it, at its place on the sheet."""
    cell = layout.cell
    cx, cy = layout.sheet_cells[index]
    upper = spec.cells[index][0] >= spec.portrait_row
    fill = ("#efe6f7" if upper else "#f7f1e3") if content is None else "#fffaf0"
    picture.rect(cx, cy, cell, cell, fill=fill, stroke="#9c8a68")
    if content is not None:
        if cell >= 24:
            _icon(picture, content, cx + cell / 2, cy + cell * 0.42, cell * 0.62)
            picture.text(cx + cell / 2, cy + cell - 3, _OBJECT_SHORT[content], size=min(9, cell / 4.6), anchor="middle")
        else:
            _icon(picture, content, cx + cell / 2, cy + cell / 2, cell * 0.8)
    elif cell >= 20:
        picture.text(cx + 3, cy + 9, str(index + 1), size=7, fill="#a59a85")


def _draw_rows(picture: Picture, *, spec: SheetSpec, layout: _Layout, full: set[int]) -> None:
    """The points printed at the right of each row (marked when the row is full) and the portrait rows."""
    cell = layout.cell
    for row, cells in enumerate(spec.rows, start=1):
        if not cells:
            continue
        dx, dy = layout.sheet_cells[cells[-1]]
        points = spec.row_points[row - 1]
        done = row in full
        text = f"full +{points}" if done else f"+{points} if full"
        weight = "bold" if done else None
        picture.text(
            dx + cell + 4, dy + cell / 2 + 4, text, size=9.5, weight=weight, fill="#006b4e" if done else "#666"
        )
    portrait_cells = [i for i in range(spec.size) if spec.row_of(i) == spec.portrait_row]
    if portrait_cells:
        dx, dy = layout.sheet_cells[portrait_cells[0]]
        picture.text(dx - 4, dy + cell / 2 + 4, "portraits ↑", size=9, anchor="end", fill="#6a4f8a", italic=True)


def _draw_panel(
    picture: Picture,
    table: _Table,
    layout: _Layout,
    seat: int,
    x: float,
    y: float,
    height: float,
    lines: tuple[list[_Line], list[_Line]],
) -> None:
    width = layout.panel_width
    badges = []
    if seat == table.seat:
        badges.append("you")
    if table.view.phase is not Phase.OVER and seat == table.view.first_player:
        badges.append("first player")
    if table.view.current_player == seat:
        badges.append("to play")
    title = f"Seat {seat + 1} ({_SEAT_COLOUR_NAME[seat % 4]} tokens)"
    badges_width = sum(len(badge) * 7 + 18 for badge in badges)
    if 38 + len(title) * 14 * _CHAR + badges_width > width - 10:
        title = f"Seat {seat + 1}"
    label = f"{_player(table, seat).capitalize()}: offering, flowers, money, cards and score"
    with picture.group(label=label):
        to_play = table.view.current_player == seat
        picture.rect(
            x, y, width, height, fill="#fffdf8", stroke=_SEAT_FILL[seat % 4], stroke_width=4 if to_play else 2, rx=10
        )
        _token(picture, seat, x + 20, y + 20, 11)
        picture.text(x + 38, y + 25, title, size=14, weight="bold")
        bx = x + width - 10
        for badge in reversed(badges):
            w = len(badge) * 7 + 12
            bx -= w
            fill = "#222" if badge == "you" else "#006b4e" if badge == "to play" else "#7a6a3a"
            picture.rect(bx, y + 9, w, 18, fill=fill, rx=9)
            picture.text(bx + w / 2, y + 22, badge, size=11, anchor="middle", weight="bold", fill="#fff")
            bx -= 6
        if layout.side_text:
            sheet_x = x + 12
            tx, ly = x + 12 + layout.sheet_width + 8, y + 36
        else:
            sheet_x = x + max(12.0, (width - layout.sheet_width) / 2)
            tx, ly = x + 12, y + 40 + layout.sheet_height + 12
        _draw_sheet(picture, table, layout, seat, sheet_x, y + 40)
        before, after = lines
        ly = _draw_lines(picture, before, tx, ly)
        drafted = table.view.drafted[seat]
        if drafted:
            with picture.group(
                label=f"Seat {seat + 1}'s drafted dice this round: " + ", ".join(str(d) for d in drafted)
            ):
                picture.text(tx, ly + 14, "Drafted this round:", size=11, weight="bold")
                step = min(56.0, (_text_width(layout) - 16) / len(drafted))
                for k, die in enumerate(drafted):
                    _die(picture, layout, table.config.edition, die, tx + 8 + k * step, ly + 20, 22)
            ly += _DRAFT_ROW_H
        _draw_lines(picture, after, tx, ly)
