"""Sizes, colours, recorded fragments and the layout of an Ofrendados picture; what it shows of a game."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Final

import attrs

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados.cards import CardColour, CardSpec
from ofrenda_rules.ofrendados.components import Colour, Flower, ObjectKind
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.state import Config, Phase, State
from ofrenda_rules.ofrendados.view import View, observe_public
from ofrenda_rules.svg import Picture

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


def _fragment(layout: _Layout, key: object, draw: Callable[[Picture], None]) -> tuple[str, ...]:
    """The drawing ``key`` for ``layout``: recorded on first use, then looked up."""
    found = layout.cache.get(key)
    if found is None:
        found = layout.cache[key] = Picture.record(draw)
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


_MARKET_CARD_W: Final = 188


def _card_lines(card: CardSpec) -> tuple[list[str], list[str]]:
    """The name and the effect of ``card`` in lines that fit a market card."""
    return _wrap(card.name, _MARKET_CARD_W - 16, 13), _wrap(card.effect.describe(), _MARKET_CARD_W - 16, 11)


def _card_height(edition: Edition) -> float:
    """The height of a market card: enough for the longest name and effect of the edition."""
    tallest = max(
        (_card_lines(card) for card in edition.cards), key=lambda lines: 16 * len(lines[0]) + 14 * len(lines[1])
    )
    return max(110.0, 36 + 16 * len(tallest[0]) + 4 + 14 * len(tallest[1]) + 4)


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
    """What the picture draws, built once from a state or a view.

    Everything in Ofrendados lies open, so a state is drawn through its spectator's view
    (:func:`~ofrenda_rules.ofrendados.view.observe_public`), knowing whose turn it is.
    """

    view: View
    """What the table shows (for a seat's view, that view itself)."""
    config: Config
    seat: int | None
    """The seat whose view this is (``None`` for a state, ``SPECTATOR`` for a spectator's view)."""
    acting: int | None
    """Whose CREATE or BUY turn it is, where known."""


def _table(subject: View | State, config: Config | None) -> _Table:
    if isinstance(subject, State):
        if config is not None and config != subject.config:
            raise ConfigError("render_svg(state, config=...) takes no other config than the state's own")
        acting = subject.acting if subject.phase in (Phase.CREATE, Phase.BUY) else None
        return _Table(view=observe_public(subject), config=subject.config, seat=None, acting=acting)
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
    return _Table(view=subject, config=config, seat=subject.player, acting=subject.current_player if known else None)
