"""Colours, sizes and the layout of a Portents picture, and what it shows of a state or a view."""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.portents.components import DEFAULT_EDITION, RING, Edge, Edition, Sign, Trait
from ofrenda_rules.portents.state import Config, EndReason, Phase, State
from ofrenda_rules.portents.view import View, observe_public

COLOUR_FILLS: Final = {
    Trait.YELLOW: "#F0E442",
    Trait.RED: "#C8102E",
    Trait.BLUE: "#0072B2",
    Trait.WHITE: "#F4F4F0",
}
"""The fill of each tile colour -- the Okabe-Ito colour-blind-safe palette, red a true red (white a warm off-white)."""

_INK: Final = {Trait.YELLOW: "#1A1A1A", Trait.RED: "#FFFFFF", Trait.BLUE: "#FFFFFF", Trait.WHITE: "#1A1A1A"}
"""Icon and text colour on each tile colour (contrast of 4.5:1 or more)."""

_BACKGROUND: Final = "#FBF6EC"
_ALTAR: Final = "#4A2E4F"
_ALTAR_SPACE: Final = "#5E3F63"
_RING: Final = "#E9DCC4"
_LANE: Final = "#CDBB9A"
_DARK: Final = "#222222"
_MUTED: Final = "#6B5E4F"
_LIT_BODY: Final = "#2E1F14"
_LIT_TEXT: Final = "#FBE7C6"
_FLAME: Final = "#E69F00"
_PORTENT: Final = "#CC79A7"
_ACTIVE: Final = "#009E73"

_CELL: Final = 96
"""Side of one cell of the 5x5 grid the altar (inner 3x3) and the omen ring (outer cells) share."""
_TILE: Final = 84
"""Side of an altar tile."""
_OMEN_R: Final = 33
"""Radius of an omen token on the board."""
_HEADER: Final = 64
"""Height of the title band."""
_PANEL_W: Final = 440
"""Width of the side panel (hands, omens, the Kitty, the result)."""
_HAND_TILE: Final = 70
"""Side of a tile in a hand."""
_SMALL_TILE: Final = 50
"""Side of a tile in the smaller rows (pushed off, taken up, the bag, the Kitty token)."""
_CHIP_W: Final = 134
_CHIP_H: Final = 24
_CHIPS_PER_ROW: Final = 3

_PHASE_TEXT: Final = {
    Phase.OMENS: "setup: omen tokens are being laid in the slots",
    Phase.ALTAR: "setup: tiles are being laid on the altar",
    Phase.RESHUFFLE: "setup: the altar showed a Portent and is being reshuffled",
    Phase.HANDS: "setup: hands are being dealt",
    Phase.TOKEN: "setup: a tile for the Kitty token",
    Phase.FIRST_PLAYER: "setup: choosing the first player",
    Phase.OFFERING: "lights a tile on the altar (the second player's opening offering)",
    Phase.PUSH: "pushes 1-3 tiles off the altar from one side (Sleight of Hand)",
    Phase.PLACE: "fills the empty spaces from hand (Sleight of Hand)",
    Phase.LIGHT: "lights a Burnt Offering for each new Portent (Scrying)",
    Phase.SACRIFICE: "picks a hand tile to sacrifice to the Kitty (Feed the Cat)",
    Phase.FEED: "draws a tile from the bag for the sacrifice (Feed the Cat)",
    Phase.KITTY: "the Kitty's turn: tiles are drawn from the bag",
    Phase.OVER: "game over",
}

_REASON_TEXT: Final = {
    EndReason.FORTUNE_OF_FOUR: "a fortune of 4 omens",
    EndReason.TWO_FORTUNES_OF_THREE: "two fortunes of 3 omens",
    EndReason.FOUR_OFFERINGS: "the turn ended with 4 Burnt Offerings on the altar",
    EndReason.TURN_LIMIT: "the turn limit was reached: a draw",
    EndReason.SOLO_TARGET: "the target of the difficulty level was met",
    EndReason.KITTY_CIRCLED: "the Kitty circled the altar twice",
    EndReason.KITTY_FORTUNE_OF_THREE: "the Kitty made a fortune of 3",
    EndReason.KITTY_TWO_FORTUNES_OF_TWO: "the Kitty made two fortunes of 2",
    EndReason.KITTY_OFFERINGS: "a turn ended with 4 or more Burnt Offerings on the altar",
}


# --- layout tables -------------------------------------------------------------------------------------------------


def _ring_cell(edge: Edge, position: int) -> tuple[int, int]:
    """Column and row of a slot in the 5x5 grid."""
    cells = {
        Edge.NORTHWEST: (0, 0),
        Edge.NORTHEAST: (4, 0),
        Edge.SOUTHEAST: (4, 4),
        Edge.SOUTHWEST: (0, 4),
        Edge.NORTH: (position + 1, 0),
        Edge.SOUTH: (position + 1, 4),
        Edge.EAST: (4, position + 1),
        Edge.WEST: (0, position + 1),
    }
    return cells[edge]


_OUTWARD: Final = {
    Edge.NORTH: (0, -1),
    Edge.SOUTH: (0, 1),
    Edge.EAST: (1, 0),
    Edge.WEST: (-1, 0),
    Edge.NORTHEAST: (1, -1),
    Edge.SOUTHEAST: (1, 1),
    Edge.SOUTHWEST: (-1, 1),
    Edge.NORTHWEST: (-1, -1),
}


@attrs.frozen
class _Layout:
    """Where everything goes for one player count (computed once at import)."""

    margin: int
    board: int
    width: int
    panel_x: int
    slot_centres: tuple[tuple[float, float], ...]
    slot_outward: tuple[tuple[int, int], ...]
    space_origins: tuple[tuple[float, float], ...]


def _layout(players: int) -> _Layout:
    margin = 104 if players == 1 else 44
    board = 2 * margin + 5 * _CELL
    slot_centres = []
    slot_outward = []
    for edge, position in RING:
        col, row = _ring_cell(edge, position)
        slot_centres.append((margin + (col + 0.5) * _CELL, _HEADER + margin + (row + 0.5) * _CELL))
        slot_outward.append(_OUTWARD[edge])
    gap = (_CELL - _TILE) / 2
    space_origins = tuple(
        (margin + (1 + space % 3) * _CELL + gap, _HEADER + margin + (1 + space // 3) * _CELL + gap)
        for space in range(9)
    )
    return _Layout(
        margin=margin,
        board=board,
        width=board + _PANEL_W + 20,
        panel_x=board + 10,
        slot_centres=tuple(slot_centres),
        slot_outward=tuple(slot_outward),
        space_origins=space_origins,
    )


_LAYOUTS: Final = {players: _layout(players) for players in (1, 2)}


# --- the subject, normalised -----------------------------------------------------------------------------------------


@attrs.frozen
class _Table:
    """What a picture draws, built once from a State or a View: the view every seat has, and what a state adds.

    A state is drawn through its spectator's view (:func:`~ofrenda_rules.portents.view.observe_public`), which
    hides nothing but the bag; the state puts its bag back.
    """

    view: View
    """What the table shows (for a seat's view, that view itself)."""
    omniscient: bool
    you: int | None
    bag: tuple[Sign, ...] | None
    portent_lanes: tuple[tuple[int, Trait], ...]
    edition: Edition
    config: Config | None


def _table(subject: View | State, config: Config | None) -> _Table:
    if isinstance(subject, State):
        return attrs.evolve(_table(observe_public(subject), subject.config), omniscient=True, bag=subject.bag)
    view = subject
    return _Table(
        view=view,
        omniscient=False,
        you=None if view.player == SPECTATOR else view.player,
        bag=None,
        portent_lanes=tuple((p.lane, p.trait) for p in view.portents),
        edition=DEFAULT_EDITION if config is None else config.edition,
        config=config,
    )


def _seat_name(table: _Table, seat: int) -> str:
    if table.view.players == 1:
        return "the player" if table.you is None else "you"
    name = f"Seat {seat + 1}"
    if table.you == seat and table.view.players > 1:
        name += " (you)"
    return name


def _possessive(table: _Table, seat: int) -> str:
    """``"Seat 1's"``, ``"The player's"`` (solo, a state) or ``"Your"`` (solo, a view), for labels."""
    if table.view.players == 1:
        return "The player's" if table.you is None else "Your"
    return f"Seat {seat + 1}'s"


def _title_name(table: _Table, seat: int) -> str:
    name = _seat_name(table, seat)
    return name[0].upper() + name[1:]
