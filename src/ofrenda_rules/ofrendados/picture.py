"""SVG pictures of an Ofrendados table.

:func:`render_svg` draws a :class:`~ofrenda_rules.ofrendados.state.State`
(the whole table, an omniscient picture) or a
:class:`~ofrenda_rules.ofrendados.view.View` (what one seat sees, with that
seat marked "you"; a spectator's view, :func:`~ofrenda_rules.ofrendados.view.observe_public`, marks no
seat) as one standalone SVG document:

* the Path from Mictlán to the land of the living, every space with its
  number, flower type (letter and colour) and bonus, Quetzalcóatl's head
  between the two sides, the end bonus, and every player's flower tokens
  (numbered discs in the player's colour; players with no flower yet wait in
  Mictlán);
* the dice of the round: the pool left to draft, the shared purple dice, the
  acting player's dice still to use, a die being rerolled -- each with its
  colour letter, pips and what the face gives;
* the market: each open Calaverita with its number, name, colour, cost and
  effect; the deck and the discard as counts (a state also lists the deck's
  cards, which are unordered);
* each player's offering sheet as the stepped altar, every drawn object in its
  cell (an icon and its name), the points of each row when full, the portrait
  rows; beside it the player's pesos, flowers, position, drafted dice, cards
  bought, owed decisions and score (as if the game ended now, or the final
  result and place).

Ofrendados hides nothing but the order of the unrevealed Calaveritas, which
the state never stores, so a view shows the same table as its state, with the
deck as a count. A view carries no config: pass ``config=`` to draw it with
another edition or other scoring options than the defaults.

>>> from ofrenda_rules.ofrendados import Config, new_game, observe
>>> state = new_game(Config(players=2), seed=3)
>>> svg = render_svg(observe(state, 1))
>>> svg.startswith("<svg") and "<title>Ofrendados: player 1's view" in svg and "Player 1 (you)" in svg
True
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL, PlayerId
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrendados.cards import CardColour, CardSpec
from ofrenda_rules.ofrendados.components import Colour, Flower, ObjectKind, PathSpec, SheetSpec
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.events import DieRerolled, DieRolled, DieTurned
from ofrenda_rules.ofrendados.offering import full_rows
from ofrenda_rules.ofrendados.picks import card_id as owned_card_id
from ofrenda_rules.ofrendados.picks import cell_id, die_id, last_move_elements, market_id
from ofrenda_rules.ofrendados.rules import current_player
from ofrenda_rules.ofrendados.scoring import ScoreSheet, board_score_sheets, rank_sheets
from ofrenda_rules.ofrendados.state import MARKET_SIZE, ROUNDS, Board, Config, Die, Pending, PendingKind, Phase, State
from ofrenda_rules.ofrendados.view import View
from ofrenda_rules.svg import Picture, ordinal

__all__ = ["render_svg"]

WIDTH: Final = 1180
"""Width of every picture; the height follows the edition and the player count."""

_MARGIN: Final = 16
_HEADER: Final = 58
_PER_ROW: Final = 12
_SPACE_W: Final = 82
_SPACE_H: Final = 104
_PATH_LABEL_W: Final = 130
_HEAD_BAND: Final = 28
_CHAR: Final = 0.6
"""Width of an average character in ems (DejaVu Sans is wide; this errs on the generous side)."""

_FLOWER_FILL: Final = {Flower.A: "#E69F00", Flower.B: "#F0E442", Flower.C: "#D55E00"}
_FLOWER_INK: Final = {Flower.A: "#222", Flower.B: "#222", Flower.C: "#fff"}
_SEAT_FILL: Final = ("#0072B2", "#009E73", "#CC79A7", "#333333")
_SEAT_INK: Final = ("#fff", "#fff", "#222", "#fff")
_SEAT_COLOUR_NAME: Final = ("blue", "green", "pink", "black")
_DIE_FILL: Final = {Colour.YELLOW: "#F0E442", Colour.ORANGE: "#E69F00", Colour.PURPLE: "#7B4FA0"}
_DIE_INK: Final = {Colour.YELLOW: "#222", Colour.ORANGE: "#222", Colour.PURPLE: "#fff"}
_CARD_FILL: Final = {CardColour.ORANGE: "#E69F00", CardColour.PURPLE: "#7B4FA0", CardColour.PINK: "#CC79A7"}
_CARD_INK: Final = {CardColour.ORANGE: "#222", CardColour.PURPLE: "#fff", CardColour.PINK: "#222"}
_CARD_ROLE: Final = {
    CardColour.ORANGE: "immediate",
    CardColour.PURPLE: "modifies",
    CardColour.PINK: "Eternal",
}
_OBJECT_SHORT: Final = {
    ObjectKind.CANDLE: "candle",
    ObjectKind.PAPEL_PICADO: "papel",
    ObjectKind.PAN_DE_MUERTO: "pan",
    ObjectKind.FRUIT: "fruit",
    ObjectKind.TAMAL: "tamal",
    ObjectKind.MOLE: "mole",
    ObjectKind.PORTRAIT: "portrait",
    ObjectKind.CALAVERITA: "calav.",
}
_PHASE_WORDS: Final = {
    Phase.OPEN: "opening the market",
    Phase.ROLL: "rolling the dice",
    Phase.DRAFT: "the draft",
    Phase.CREATE: "time to get creative",
    Phase.BUY: "buying Calaveritas",
    Phase.OVER: "game over",
}


def _name(kind: ObjectKind) -> str:
    return kind.value.replace("_", " ")


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines of at most ``width`` user units at font ``size`` (words kept whole where they fit)."""
    limit = max(4, int(width / (size * _CHAR)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > limit:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:limit])
            word = word[limit:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= limit:
            line = f"{line} {word}"
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return lines


class _Canvas(Picture):
    """A :class:`~ofrenda_rules.svg.Picture` that replays drawings recorded once (the parts that never change)."""

    def replay(self, fragment: Sequence[str]) -> None:
        """Add the recorded ``fragment`` at the current place."""
        self.paste(fragment)


def _fragment(layout: _Layout, key: object, draw: Callable[[_Canvas], None]) -> tuple[str, ...]:
    """The drawing ``key`` for ``layout``: recorded on first use, then looked up."""
    found = layout.cache.get(key)
    if found is None:
        found = layout.cache[key] = _Canvas.record(draw)
    return found


# ---------------------------------------------------------------- layout, once per edition and player count


@attrs.frozen
class _Layout:
    """Where everything goes for one edition and player count (computed once, see :func:`_layout`)."""

    path_top: float
    path_height: float
    spaces: tuple[tuple[float, float], ...]
    """Top-left corner of each Path space (space ``i`` is ``spaces[i - 1]``)."""
    petals: tuple[tuple[tuple[float, float], ...], ...]
    """The marigold outline around each space's flower."""
    mictlan: tuple[float, float]
    """Top-left corner of the Mictlán box."""
    head_y: float | None
    """Top of the band of Quetzalcóatl's head (``None`` when the Path has no land of the living)."""
    row_boxes: tuple[tuple[float, float, float, bool], ...]
    """Each row of the Path: ``(x, y, width, in the land of the living)``."""
    middle_top: float
    columns: int
    """Player panels per row."""
    panel_width: float
    cell: float
    """Side of one cell of the offering sheet."""
    side_text: bool
    """Whether a panel's text stands beside its sheet (wide panels) rather than below it."""
    sheet_width: float
    """Width of the sheet with the row points at its right."""
    sheet_cells: tuple[tuple[float, float], ...]
    """Top-left corner of each sheet cell, relative to the sheet's top-left corner."""
    sheet_height: float
    card_height: float
    """Height of a market card."""
    cache: dict[object, tuple[str, ...]] = attrs.field(factory=dict, eq=False, hash=False, repr=False)
    """Drawings recorded for this layout (see :func:`_fragment`)."""


def _marigold(cx: float, cy: float, outer: float, inner: float, points: int = 12) -> tuple[tuple[float, float], ...]:
    corners = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * k / points - math.pi / 2
        corners.append((round(cx + radius * math.cos(angle), 2), round(cy + radius * math.sin(angle), 2)))
    return tuple(corners)


@functools.lru_cache(maxsize=16)
def _layout(edition: Edition, players: int) -> _Layout:
    path = edition.path
    n = path.length
    head = min(max(path.head, 0), n)
    top = float(_HEADER + 8)
    x0 = _MARGIN + _PATH_LABEL_W
    spaces: list[tuple[float, float]] = []
    row_boxes: list[tuple[float, float, float, bool]] = []
    y = top
    head_y: float | None = None
    for side, (first, last) in enumerate(((1, head), (head + 1, n))):
        if side == 1 and first <= last:
            head_y = y
            y += _HEAD_BAND
        number = first
        while number <= last:
            count = min(_PER_ROW, last - number + 1)
            row_boxes.append((x0, y, count * _SPACE_W, side == 1))
            for k in range(count):
                spaces.append((x0 + k * _SPACE_W, y))
            number += count
            y += _SPACE_H
    petals = tuple(_marigold(x + _SPACE_W / 2, sy + 34, 19, 15) for x, sy in spaces)
    path_height = y - top
    columns = 2 if players in (2, 4) else 3
    panel_width = (WIDTH - 2 * _MARGIN - 12 * (columns - 1)) / columns
    sheet = edition.sheet
    lowest = min(sheet.first)
    span = max(f + w for f, w in zip(sheet.first, sheet.widths, strict=False)) - lowest
    rows = len(sheet.widths)
    side_text = panel_width >= 520
    room = panel_width - 24 - 70 - (230 if side_text else 0)
    cell = float(max(8, min(44, int(room / max(span, 1)))))
    sheet_cells = tuple(((column - lowest) * cell, (rows - row) * cell) for row, column in sheet.cells)
    return _Layout(
        path_top=top,
        path_height=path_height,
        spaces=tuple(spaces),
        petals=petals,
        mictlan=(float(_MARGIN), top),
        head_y=head_y,
        row_boxes=tuple(row_boxes),
        middle_top=top + path_height + 12,
        columns=columns,
        panel_width=panel_width,
        cell=cell,
        side_text=side_text,
        sheet_width=span * cell + 70,
        sheet_cells=sheet_cells,
        sheet_height=rows * cell,
        card_height=_card_height(edition),
    )


# ---------------------------------------------------------------- the subject, as one record


@attrs.frozen
class _Table:
    """What the picture draws, from a state or a view."""

    config: Config
    seat: int | None
    """The seat whose view this is (``None`` for a state, ``SPECTATOR`` for a spectator's view)."""
    round: int
    first_player: int
    phase: Phase
    current: PlayerId
    acting: int | None
    """Whose CREATE or BUY turn it is, where known."""
    deck: tuple[int, ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    rolled: tuple[Die, ...]
    pool: tuple[Die, ...]
    drafted: tuple[tuple[Die, ...], ...]
    dice_left: tuple[Die, ...]
    rerolling: Die | None
    powers_used: tuple[int, ...]
    pending: tuple[Pending, ...]
    boards: tuple[Board, ...]


def _table(subject: View | State, config: Config | None) -> _Table:
    if isinstance(subject, State):
        if config is not None and config != subject.config:
            raise ConfigError("render_svg(state, config=...) takes no other config than the state's own")
        current = current_player(subject)
        acting = subject.acting if subject.phase in (Phase.CREATE, Phase.BUY) else None
        return _Table(
            config=subject.config,
            seat=None,
            round=subject.round,
            first_player=subject.first_player,
            phase=subject.phase,
            current=current,
            acting=acting,
            deck=subject.deck,
            market=subject.market,
            discard=subject.discard,
            rolled=subject.rolled,
            pool=subject.pool,
            drafted=subject.drafted,
            dice_left=subject.dice_left,
            rerolling=subject.rerolling,
            powers_used=subject.powers_used,
            pending=subject.pending,
            boards=subject.boards,
        )
    if not isinstance(subject, View):
        raise TypeError(f"render_svg draws an Ofrendados State or View, not {type(subject).__name__}")
    config = subject.config if config is None else config
    if config.players != subject.players:
        raise ConfigError(
            f"the config is for {config.players} players but the view is of a {subject.players}-player game"
        )
    sheet_size = config.edition.sheet.size
    if any(len(board.sheet) != sheet_size for board in subject.boards):
        raise ConfigError(f"the view's sheets do not have the {sheet_size} cells of edition {config.edition.name!r}")
    known = subject.current_player >= 0 and subject.phase in (Phase.CREATE, Phase.BUY)
    return _Table(
        config=config,
        seat=subject.player,
        round=subject.round,
        first_player=subject.first_player,
        phase=subject.phase,
        current=subject.current_player,
        acting=subject.current_player if known else None,
        deck=subject.deck,
        market=subject.market,
        discard=subject.discard,
        rolled=subject.rolled,
        pool=subject.pool,
        drafted=subject.drafted,
        dice_left=subject.dice_left,
        rerolling=subject.rerolling,
        powers_used=subject.powers_used,
        pending=subject.pending,
        boards=subject.boards,
    )


def _viewer(table: _Table, omniscient: str) -> str:
    """Whose picture this is: ``omniscient`` for a state, a spectator, or a seat."""
    if table.seat is None:
        return omniscient
    if table.seat == SPECTATOR:
        return "a spectator's view (public information)"
    return f"player {table.seat}'s view"


def _player(table: _Table, seat: int) -> str:
    return f"player {seat} (you)" if seat == table.seat else f"player {seat}"


def _turn_words(table: _Table) -> str:
    """Whose decision it is, in words."""
    current = table.current
    if current == TERMINAL or table.phase is Phase.OVER:
        return "the game is over"
    if current == CHANCE:
        if table.rerolling is not None:
            return f"chance: the {table.rerolling} die is rerolled"
        if table.phase is Phase.ROLL:
            return "chance: the next die is rolled"
        return "chance: a Calaverita is revealed to the market"
    who = _player(table, current)
    if table.phase is Phase.DRAFT:
        return f"{who} takes a die"
    if table.phase is Phase.CREATE:
        return f"{who} uses their dice"
    if table.phase is Phase.BUY:
        return f"{who} may buy a Calaverita"
    return f"{who} to play"


def _round_words(table: _Table) -> str:
    if table.phase is Phase.OVER:
        return f"after round {ROUNDS} of {ROUNDS}"
    return f"round {table.round + 1} of {ROUNDS}"


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
    """A flower token of ``seat``: a disc of the seat's colour with its number."""
    picture.circle(cx, cy, r, fill=_SEAT_FILL[seat % 4], stroke="#111", stroke_width=1)
    picture.text(cx, cy + r * 0.42, str(seat), size=r * 1.2, anchor="middle", weight="bold", fill=_SEAT_INK[seat % 4])


def _die(
    picture: _Canvas,
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
        picture.replay(_fragment(layout, key, functools.partial(_draw_die, die=die, face=face, side=side)))


def _draw_die(picture: _Canvas, *, die: Die, face: str, side: float) -> None:
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
        status = f"{_round_words(table).capitalize()}, {_PHASE_WORDS[table.phase]}: {_turn_words(table)}."
        if table.phase is Phase.OVER:
            result = _result_words(table, sheets, ranks)
            picture.text(_MARGIN, 50, f"Game over after {ROUNDS} rounds. {result}.", size=14, weight="bold")
        else:
            status += f" First player this round: {_player(table, table.first_player)}."
            picture.text(_MARGIN, 50, status, size=13)
        if table.seat == SPECTATOR:
            picture.text(WIDTH - _MARGIN, 50, "Spectator", size=13, anchor="end", weight="bold")
        elif table.seat is not None:
            picture.text(WIDTH - _MARGIN, 50, f"You are player {table.seat}", size=13, anchor="end", weight="bold")


def _result_words(table: _Table, sheets: Sequence[ScoreSheet], ranks: Sequence[int]) -> str:
    winners = [seat for seat, rank in enumerate(ranks) if rank == 0 and sheets[seat].qualified]
    if not winners:
        return "Nobody reached the land of the living: nobody wins"
    names = " and ".join(_player(table, seat) for seat in winners)
    return f"Winner: {names} with {sheets[winners[0]].total} points"


def _draw_path(picture: _Canvas, table: _Table, layout: _Layout) -> None:
    path: PathSpec = table.config.edition.path
    holders: list[list[int]] = [[] for _ in range(path.length + 1)]
    for seat, board in enumerate(table.boards):
        for space in board.flowers:
            if 1 <= space <= path.length:
                holders[space].append(seat)
    with picture.group(label=f"The Path: {path.length} flowers from Mictlán to the land of the living"):
        picture.replay(_fragment(layout, "path", functools.partial(_draw_static_path, path=path, layout=layout)))
        mx, my = layout.mictlan
        waiting = [seat for seat, board in enumerate(table.boards) if not board.flowers]
        if waiting:
            names = ", ".join(f"player {seat}" for seat in waiting)
            with picture.group(label=f"Waiting in Mictlán: {names}"):
                for k, seat in enumerate(waiting):
                    _token(picture, seat, mx + 22 + k * 24, my + 70, 9)
        for number in range(1, path.length + 1):
            seats = holders[number]
            if not seats:
                continue
            x, y = layout.spaces[number - 1]
            names = ", ".join(f"player {seat}" for seat in seats)
            with picture.group(label=f"Flower tokens on space {number}: {names}"):
                count = len(seats)
                r = 8 if count <= 4 else 5.5
                step = min(2 * r + 2, (_SPACE_W - 8) / count)
                start = x + _SPACE_W / 2 - step * (count - 1) / 2
                for k, seat in enumerate(seats):
                    _token(picture, seat, start + k * step, y + _SPACE_H - 14, r)


def _draw_static_path(picture: _Canvas, *, path: PathSpec, layout: _Layout) -> None:
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
    if table.phase is Phase.ROLL:
        rows.append((f"Rolled so far: {len(table.rolled)} of {3 * per} dice", table.rolled))
    if table.pool:
        rows.append(("Left to draft (yellow and orange)", table.pool))
    purple = tuple(die for die in table.rolled if die.colour is Colour.PURPLE)
    if purple and table.phase in (Phase.DRAFT, Phase.CREATE):
        rows.append(("Purple dice: every player uses them", purple))
    if table.phase is Phase.CREATE and table.dice_left:
        who = "the acting player" if table.acting is None else _player(table, table.acting)
        rows.append((f"Dice {who} has still to use", table.dice_left))
    if table.phase is Phase.BUY and table.rolled:
        rows.append(("This round's dice as rolled", table.rolled))
    return rows


_DIE_ROW_H: Final = 66
_MARKET_CARD_W: Final = 188


def _middle_height(table: _Table, layout: _Layout) -> float:
    dice = 30 + max(1, len(_dice_rows(table)) + (1 if table.rerolling is not None else 0)) * _DIE_ROW_H
    lines = len(_discard_lines(table)) + (len(_deck_lines(table)) if table.seat is None else 0)
    market = 30 + layout.card_height + 10 + 13 * lines + 6
    return max(dice, market)


_MARKET_TEXT_W: Final = MARKET_SIZE * (_MARKET_CARD_W + 10) - 10


def _deck_lines(table: _Table) -> list[str]:
    listing = ", ".join(str(card) for card in table.deck) or "empty"
    return _wrap(f"Deck (omniscient; unordered): {listing}", _MARKET_TEXT_W, 10)


def _discard_lines(table: _Table) -> list[str]:
    if not table.discard:
        return []
    return _wrap("Discarded: " + ", ".join(str(card) for card in table.discard), _MARKET_TEXT_W, 10)


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
    picture: _Canvas,
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
        if not rows and table.rerolling is None:
            words = "The game is over: no more dice." if table.phase is Phase.OVER else "No dice rolled yet this round."
            picture.text(_MARGIN + 10, y + 20, words, size=12, italic=True)
        for title, dice in rows:
            with picture.group(label=f"{title}: " + ", ".join(str(d) for d in dice)):
                picture.text(_MARGIN + 10, y + 10, title, size=11, weight="bold")
                step = min(60.0, (width - 30) / max(len(dice), 1))
                for k, die in enumerate(dice):
                    name = die_id(die.colour, die.pips)
                    element: str | None = None
                    if name not in named and table.phase in (Phase.DRAFT, Phase.CREATE):
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
        if table.rerolling is not None:
            die = table.rerolling
            with picture.group(label=f"Being rerolled: the {die} die (a chance event)"):
                picture.text(_MARGIN + 10, y + 10, "Being rerolled (chance)", size=11, weight="bold")
                _die(picture, layout, edition, die, _MARGIN + 20, y + 16, 26)
                picture.text(_MARGIN + 60, y + 34, f"the {die} die is rolled again", size=11, italic=True)


def _card_lines(card: CardSpec) -> tuple[list[str], list[str]]:
    """The name and the effect of ``card`` in lines that fit a market card."""
    return _wrap(card.name, _MARKET_CARD_W - 16, 13), _wrap(card.effect.describe(), _MARKET_CARD_W - 16, 11)


def _card_height(edition: Edition) -> float:
    """The height of a market card: enough for the longest name and effect of the edition."""
    tallest = max(
        (_card_lines(card) for card in edition.cards), key=lambda lines: 16 * len(lines[0]) + 14 * len(lines[1])
    )
    return max(110.0, 36 + 16 * len(tallest[0]) + 4 + 14 * len(tallest[1]) + 4)


def _draw_card(picture: _Canvas, layout: _Layout, card: CardSpec, x: float, y: float) -> None:
    label = f"Calaverita {card.id} {card.name}: {card.colour.value}, cost {card.cost} pesos; {card.effect.describe()}"
    with picture.group(label=label, translate=(x, y)):
        picture.replay(
            _fragment(layout, ("card", card.id), functools.partial(_draw_card_face, layout=layout, card=card))
        )


def _draw_card_face(picture: _Canvas, *, layout: _Layout, card: CardSpec) -> None:
    w, h = _MARKET_CARD_W, layout.card_height
    picture.rect(0, 0, w, h, fill="#fffdf6", stroke=_CARD_FILL[card.colour], stroke_width=2.5, rx=8)
    picture.rect(0, 0, w, 24, fill=_CARD_FILL[card.colour], rx=8)
    picture.rect(0, 14, w, 10, fill=_CARD_FILL[card.colour])
    ink = _CARD_INK[card.colour]
    role = f"#{card.id} {card.colour.value}: {_CARD_ROLE[card.colour]}"
    picture.text(8, 17, role, size=10.5, weight="bold", fill=ink)
    picture.circle(w - 18, 12, 15, fill="#F0E442", stroke="#7a6a00")
    picture.text(w - 18, 12, str(card.cost), size=13, anchor="middle", weight="bold")
    picture.text(w - 18, 22, "pesos", size=6.5, anchor="middle")
    name, effect = _card_lines(card)
    line_y = 44
    for line in name:
        picture.text(8, line_y, line, size=13, weight="bold")
        line_y += 16
    line_y += 4
    for line in effect:
        picture.text(8, line_y, line, size=11)
        line_y += 14


def _draw_market(picture: _Canvas, table: _Table, layout: _Layout, top: float, height: float) -> None:
    edition = table.config.edition
    x0 = _MARGIN + 512
    width = WIDTH - _MARGIN - x0
    deck = len(table.deck)
    card_h = layout.card_height
    label = f"The market: {len(table.market)} Calaveritas open; deck {deck}; discard {len(table.discard)}"
    with picture.group(label=label):
        picture.rect(x0, top, width, height, fill="#fbf3ea", stroke="#b07a3a", rx=8)
        picture.text(x0 + 10, top + 20, "Market: Calaveritas", size=14, weight="bold")
        counts = f"Deck: {deck} face down   Discarded: {len(table.discard)}"
        picture.text(WIDTH - _MARGIN - 10, top + 20, counts, size=11, anchor="end")
        y = top + 30
        for slot in range(max(MARKET_SIZE, len(table.market))):
            x = x0 + 10 + slot * (_MARKET_CARD_W + 10)
            if slot < len(table.market):
                card = table.market[slot]
                with picture.group(element=market_id(card), kind="market"):
                    _draw_card(picture, layout, edition.card(card), x, y)
            else:
                with picture.group(label="An empty market space"):
                    picture.rect(x, y, _MARKET_CARD_W, card_h, fill="none", stroke="#b07a3a", rx=8, dash="5 4")
                    middle = x + _MARKET_CARD_W / 2
                    picture.text(middle, y + card_h / 2, "empty", size=12, anchor="middle", italic=True, fill="#777")
        y += card_h + 10
        discard = _discard_lines(table)
        if discard:
            with picture.group(label="Discarded unsold: " + ", ".join(str(card) for card in table.discard)):
                for line in discard:
                    y += 13
                    picture.text(x0 + 10, y, line, size=10)
        if table.seat is None:
            with picture.group(label="The deck, face down (omniscient picture: its cards, in no order)"):
                for line in _deck_lines(table):
                    y += 13
                    picture.text(x0 + 10, y, line, size=10, fill="#555")


# ---------------------------------------------------------------- the players


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
    board = table.boards[seat]
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
        used = table.powers_used if (table.acting == seat or table.phase is Phase.DRAFT) else ()
        for card_id in board.cards:
            card = edition.card(card_id)
            note = " (used this round)" if card_id in used else ""
            text = f"#{card.id} {card.name} ({card.colour.value}): {card.effect.describe()}{note}"
            element = owned_card_id(seat, card_id)
            after.extend(_Line(line, size=10, element=element) for line in _wrap(text, width - 8, 10))
    if table.pending and table.acting == seat:
        owed = "; ".join(
            f"draw a {_name(p.object)}" if p.kind is PendingKind.DRAW else f"turn an object into a {_name(p.object)}"
            for p in table.pending
        )
        after.extend(_Line(line, weight="bold", fill="#8a2a00") for line in _wrap(f"Owes: {owed}", width, 11))
    parts = (
        f"path {sheet.flower_points} + flower majorities {sheet.flower_majorities} + end {sheet.end_bonus}"
        f" + offering {sheet.offering} + skull majority {sheet.calaverita_majority} + eternal {sheet.eternal}"
        f" + money {sheet.money}"
    )
    if table.phase is Phase.OVER:
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
    drafted = _DRAFT_ROW_H if table.drafted[seat] else 0
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


def _draw_sheet(picture: _Canvas, table: _Table, layout: _Layout, seat: int, x: float, y: float) -> None:
    spec: SheetSpec = table.config.edition.sheet
    board = table.boards[seat]
    full = set(full_rows(spec, board.sheet))
    label = f"Player {seat}'s offering sheet, the stepped altar ({spec.size} cells, bottom row first)"
    with picture.group(label=label, translate=(x, y)):
        for index, content in enumerate(board.sheet):
            row, column = spec.cells[index]
            what = "empty" if content is None else _name(content)
            label = f"Cell {index} (row {row}, column {column}): {what}"
            cx, cy = layout.sheet_cells[index]
            box = (cx, cy, layout.cell, layout.cell)
            with picture.group(label=label, element=cell_id(seat, index), kind="cell", box=box):
                draw = functools.partial(_draw_cell, spec=spec, layout=layout, index=index, content=content)
                picture.replay(_fragment(layout, ("cell", index, content), draw))
        _draw_rows(picture, spec=spec, layout=layout, full=full)


def _draw_cell(picture: _Canvas, *, spec: SheetSpec, layout: _Layout, index: int, content: ObjectKind | None) -> None:
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
        picture.text(cx + 3, cy + 9, str(index), size=7, fill="#a59a85")


def _draw_rows(picture: _Canvas, *, spec: SheetSpec, layout: _Layout, full: set[int]) -> None:
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
    picture: _Canvas,
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
    if table.phase is not Phase.OVER and seat == table.first_player:
        badges.append("first player")
    if table.current == seat:
        badges.append("to play")
    title = f"Player {seat} ({_SEAT_COLOUR_NAME[seat % 4]} tokens)"
    badges_width = sum(len(badge) * 7 + 18 for badge in badges)
    if 38 + len(title) * 14 * _CHAR + badges_width > width - 10:
        title = f"Player {seat}"
    label = f"{_player(table, seat).capitalize()}: offering, flowers, money, cards and score"
    with picture.group(label=label):
        to_play = table.current == seat
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
        drafted = table.drafted[seat]
        if drafted:
            with picture.group(label=f"Player {seat}'s drafted dice this round: " + ", ".join(str(d) for d in drafted)):
                picture.text(tx, ly + 14, "Drafted this round:", size=11, weight="bold")
                step = min(56.0, (_text_width(layout) - 16) / len(drafted))
                for k, die in enumerate(drafted):
                    _die(picture, layout, table.config.edition, die, tx + 8 + k * step, ly + 20, 22)
            ly += _DRAFT_ROW_H
        _draw_lines(picture, after, tx, ly)


def _describe(table: _Table, sheets: Sequence[ScoreSheet], ranks: Sequence[int]) -> str:
    n = table.config.players
    who = _viewer(table, "the whole table")
    places = []
    for seat, board in enumerate(table.boards):
        where = f"on space {board.position}" if board.flowers else "in Mictlán"
        places.append(f"player {seat} {where} with {sheets[seat].total} points")
    market = ", ".join(table.config.edition.card(card).name for card in table.market) or "empty"
    text = (
        f"Ofrendados, {n} players, {who}: {_round_words(table)}, {_PHASE_WORDS[table.phase]}; {_turn_words(table)}. "
        f"Path: {'; '.join(places)}. Market: {market}."
    )
    if table.phase is Phase.OVER:
        text += f" {_result_words(table, sheets, ranks)}."
    return text


def render_svg(subject: View | State, *, config: Config | None = None) -> str:
    """A standalone SVG picture of an Ofrendados table.

    Args:
        subject: A :class:`~ofrenda_rules.ofrendados.state.State` (the whole table, an omniscient picture) or a
            :class:`~ofrenda_rules.ofrendados.view.View` (the table as its seat sees it, that seat marked "you"; a
            spectator's view marks no seat and is titled as a spectator's).
        config: For a view, another configuration to draw it with (by default the
            view's own). A state uses its own config; passing another one is an error.

    Returns:
        The SVG document as text (the same subject always gives the same text).

    Raises:
        ConfigError: ``config`` does not match the subject.
        TypeError: ``subject`` is not an Ofrendados state or view.

    """
    table = _table(subject, config)
    layout = _layout(table.config.edition, table.config.players)
    sheets = board_score_sheets(table.config, table.boards)
    ranks = rank_sheets(sheets)
    middle = _middle_height(table, layout)
    panels_top = layout.middle_top + middle + 12
    lines = [
        _panel_lines(table, seat, sheets[seat], ranks[seat], _text_width(layout)) for seat in range(len(table.boards))
    ]
    heights = [_panel_height(table, layout, seat, *lines[seat]) for seat in range(len(table.boards))]
    columns = layout.columns
    row_heights = [max(heights[i : i + columns]) for i in range(0, len(heights), columns)]
    height = panels_top + sum(row_heights) + 12 * len(row_heights) + 4
    who = _viewer(table, "the whole table, omniscient")
    title = f"Ofrendados: {who}, {_round_words(table)}, {_PHASE_WORDS[table.phase]}"
    picture = _Canvas(WIDTH, math.ceil(height), title=title, desc=_describe(table, sheets, ranks), background="#fbf8f2")
    picture.mark_last_move(last_move_elements(subject.recent_events))
    _header(picture, table, sheets, ranks)
    _draw_path(picture, table, layout)
    _draw_dice(picture, table, layout, layout.middle_top, middle, _changed_dice(subject.recent_events))
    _draw_market(picture, table, layout, layout.middle_top, middle)
    y = panels_top
    for row, row_height in enumerate(row_heights):
        for column in range(columns):
            seat = row * columns + column
            if seat >= len(table.boards):
                break
            x = _MARGIN + column * (layout.panel_width + 12)
            _draw_panel(picture, table, layout, seat, x, y, row_height, lines[seat])
        y += row_height + 12
    return picture.document()
