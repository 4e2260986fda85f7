"""SVG pictures of a Portents table: the altar in its ring of omens, hands, collections and the Kitty.

:func:`render_svg` draws a :class:`~ofrenda_rules.portents.state.State` face
up (the whole table, the bag's contents included: an omniscient picture) or a
:class:`~ofrenda_rules.portents.view.View` as its seat sees it: everything on
the table -- hands are played face up in Portents -- but the bag only as a
count of tiles, and the seat marked "you". A spectator's view
(:func:`~ofrenda_rules.portents.view.observe_public`) is drawn the same, titled
as a spectator's, with no seat marked "you".

The board is laid out like the printed one: the 3x3 altar (spaces numbered
0-8 from the north-west), the sixteen omen slots around it named as the
edition names them, faint lines along the eight lanes, Burnt Offerings drawn
dark with a flame and the word "lit", and new Portents waiting for their
Burnt Offerings marked along their lanes. Every tile and omen shows its
colour *and* its shape as a picture and in words (the colours are the
Okabe-Ito colour-blind-safe ones, never the only clue). In the solo game the
Kitty sits outside the slot it points at, with the tile on its token, its
hat once it has circled the altar, and its steps.

>>> from ofrenda_rules.portents import Config, new_game, observe
>>> svg = render_svg(new_game(Config(players=1), seed=1))
>>> svg.startswith("<svg") and "The Kitty" in svg
True
>>> "Bag: 3 tiles" in render_svg(observe(new_game(Config(players=1), seed=1), 0))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.components import (
    DEFAULT_EDITION,
    LANE_NAMES,
    LANE_SLOTS,
    LANES,
    RING,
    Edge,
    Edition,
    Side,
    Sign,
    Trait,
)
from ofrenda_rules.portents.kitty import CIRCUIT, kitty_hat, kitty_slot
from ofrenda_rules.portents.picks import hand_id, last_move_elements, side_id, space_id
from ofrenda_rules.portents.rules import current_player
from ofrenda_rules.portents.state import ORACLE_OMENS, SOLO_TARGETS, Config, Difficulty, EndReason, Phase, State
from ofrenda_rules.portents.view import View
from ofrenda_rules.svg import Picture, number

__all__ = ["COLOUR_FILLS", "render_svg"]

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
    """What a picture draws, from a State or a View alike."""

    omniscient: bool
    you: int | None
    players: int
    current: int
    phase: Phase
    omens: tuple[Sign | None, ...]
    altar: tuple[Sign | None, ...]
    lit: tuple[bool, ...]
    lit_now: tuple[int, ...]
    taken: tuple[Sign, ...]
    hands: tuple[tuple[Sign, ...], ...]
    pushed: tuple[Sign, ...]
    token: Sign | None
    bag: tuple[Sign, ...] | None
    bag_size: int
    collected: tuple[tuple[Sign, ...], ...]
    kitty_omens: tuple[Sign, ...]
    kitty_slot: int
    kitty_steps: int
    kitty_hat: bool
    active: int
    portent_lanes: tuple[tuple[int, Trait], ...]
    turns: int
    winners: tuple[int, ...]
    reason: EndReason | None
    edition: Edition
    config: Config | None


def _table(subject: View | State, config: Config | None) -> _Table:
    if isinstance(subject, State):
        state = subject
        return _Table(
            omniscient=True,
            you=None,
            players=state.config.players,
            current=current_player(state),
            phase=state.phase,
            omens=state.omens,
            altar=state.altar,
            lit=state.lit,
            lit_now=state.lit_now,
            taken=state.taken,
            hands=state.hands,
            pushed=state.pushed,
            token=state.token,
            bag=state.bag,
            bag_size=len(state.bag),
            collected=state.collected,
            kitty_omens=state.kitty_omens,
            kitty_slot=kitty_slot(state),
            kitty_steps=state.kitty_steps,
            kitty_hat=kitty_hat(state),
            active=state.active,
            portent_lanes=tuple((p.lane, p.trait) for p in state.portents),
            turns=state.turns,
            winners=state.winners,
            reason=state.reason,
            edition=state.config.edition,
            config=state.config,
        )
    view = subject
    return _Table(
        omniscient=False,
        you=None if view.player == SPECTATOR else view.player,
        players=view.players,
        current=view.current_player,
        phase=view.phase,
        omens=view.omens,
        altar=view.altar,
        lit=view.lit,
        lit_now=view.lit_now,
        taken=view.taken,
        hands=view.hands,
        pushed=view.pushed,
        token=view.token,
        bag=None,
        bag_size=view.bag_size,
        collected=view.collected,
        kitty_omens=view.kitty_omens,
        kitty_slot=view.kitty_slot,
        kitty_steps=view.kitty_steps,
        kitty_hat=view.kitty_hat,
        active=view.active,
        portent_lanes=tuple((p.lane, p.trait) for p in view.portents),
        turns=view.turns,
        winners=view.winners,
        reason=view.reason,
        edition=DEFAULT_EDITION if config is None else config.edition,
        config=config,
    )


def _seat_name(table: _Table, seat: int) -> str:
    if table.players == 1:
        return "the player" if table.you is None else "you"
    name = f"player {seat}"
    if table.you == seat and table.players > 1:
        name += " (you)"
    return name


def _possessive(table: _Table, seat: int) -> str:
    """``"Player 1's"``, ``"The player's"`` (solo, a state) or ``"Your"`` (solo, a view), for labels."""
    if table.players == 1:
        return "The player's" if table.you is None else "Your"
    return f"Player {seat}'s"


def _title_name(table: _Table, seat: int) -> str:
    name = _seat_name(table, seat)
    return name[0].upper() + name[1:]


class _Sketch(Picture):
    """A :class:`~ofrenda_rules.svg.Picture` with defaults for scratch drawings (tiles, omens and chips are cached)."""

    def __init__(
        self, width: float = 0, height: float = 0, *, title: str = "", desc: str = "", background: str | None = None
    ) -> None:
        super().__init__(width, height, title=title, desc=desc, background=background)


# --- shapes --------------------------------------------------------------------------------------------------------


def _skull(p: _Sketch, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    p.circle(cx, cy - 0.18 * s, 0.72 * s, fill=ink)
    p.rect(cx - 0.42 * s, cy + 0.3 * s, 0.84 * s, 0.55 * s, fill=ink, rx=0.12 * s)
    p.circle(cx - 0.3 * s, cy - 0.12 * s, 0.2 * s, fill=hole)
    p.circle(cx + 0.3 * s, cy - 0.12 * s, 0.2 * s, fill=hole)
    p.polygon([(cx, cy + 0.12 * s), (cx - 0.1 * s, cy + 0.3 * s), (cx + 0.1 * s, cy + 0.3 * s)], fill=hole)
    for dx in (-0.2, 0.0, 0.2):
        p.line(cx + dx * s, cy + 0.55 * s, cx + dx * s, cy + 0.85 * s, stroke=hole, width=max(1.0, 0.07 * s))


def _claw(p: _Sketch, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    def pt(x: float, y: float) -> str:
        return f"{number(cx + x * s)},{number(cy + y * s)}"

    for base, control, tip in (
        ((-0.55, -0.75), (-0.95, 0.1), (-0.45, 0.85)),
        ((-0.12, -0.8), (-0.3, 0.2), (0.1, 0.95)),
        ((0.3, -0.75), (0.45, 0.15), (0.75, 0.75)),
    ):
        bx, by = base
        d = (
            f"M {pt(bx, by)} Q {pt(*control)} {pt(*tip)} "
            f"Q {pt(control[0] + 0.3, control[1] - 0.05)} {pt(bx + 0.3, by)} Z"
        )
        p.path(d, fill=ink)
    p.rect(cx - 0.65 * s, cy - 0.95 * s, 1.3 * s, 0.3 * s, fill=ink, rx=0.12 * s)


def _wishbone(p: _Sketch, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    def pt(x: float, y: float) -> str:
        return f"{number(cx + x * s)},{number(cy + y * s)}"

    p.path(
        f"M {pt(-0.6, 0.9)} Q {pt(-0.55, -0.2)} {pt(0, -0.55)} Q {pt(0.55, -0.2)} {pt(0.6, 0.9)}",
        stroke=ink,
        stroke_width=max(1.5, 0.22 * s),
    )
    p.circle(cx, cy - 0.62 * s, 0.26 * s, fill=ink)
    p.circle(cx - 0.6 * s, cy + 0.9 * s, 0.14 * s, fill=ink)
    p.circle(cx + 0.6 * s, cy + 0.9 * s, 0.14 * s, fill=ink)


def _wing(p: _Sketch, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    def pt(x: float, y: float) -> str:
        return f"{number(cx + x * s)},{number(cy + y * s)}"

    p.path(
        f"M {pt(-0.85, 0.55)} Q {pt(-0.7, -0.75)} {pt(0.9, -0.8)} L {pt(0.55, -0.35)} L {pt(0.8, -0.35)} "
        f"L {pt(0.4, 0.05)} L {pt(0.6, 0.1)} L {pt(0.15, 0.45)} L {pt(0.3, 0.55)} L {pt(-0.2, 0.8)} Z",
        fill=ink,
    )
    p.path(f"M {pt(-0.6, 0.4)} Q {pt(-0.3, -0.3)} {pt(0.5, -0.6)}", stroke=hole, stroke_width=max(1.0, 0.08 * s))


_SHAPE_DRAW: Final[dict[Trait, Callable[[_Sketch, float, float, float, str, str], None]]] = {
    Trait.SKULL: _skull,
    Trait.CLAW: _claw,
    Trait.WISHBONE: _wishbone,
    Trait.WING: _wing,
}


def _tile(
    p: _Sketch,
    x: float,
    y: float,
    size: float,
    sign: Sign,
    *,
    lit: bool = False,
    label: str = "",
    space: int | None = None,
    element: str | None = None,
    kind: str | None = None,
) -> None:
    """A BS tile with its top-left corner at ``(x, y)``: unlit in its colour, or a dark Burnt Offering.

    ``space`` writes the altar space's number in the top-left corner; ``element`` and ``kind`` make the
    tile a part of the table a player may pick (its ``id`` and ``data-pick``).
    """
    what = f"Burnt Offering (lit): {sign}" if lit else f"BS tile: {sign}"
    name = f"{label}{what}" if label else what
    with p.group(label=name, translate=(x, y), element=element, kind=kind, box=(0, 0, size, size)):
        p.paste(_tile_shapes(sign, size, lit))
        if space is not None:
            p.text(5, 12, str(space), size=10, weight="bold", fill=_LIT_TEXT if lit else _INK[sign.colour])


@cache
def _tile_shapes(sign: Sign, size: float, lit: bool) -> tuple[str, ...]:
    """The shapes of a tile with its top-left corner at the origin (drawn once, pasted everywhere)."""
    p = _Sketch()
    fill = COLOUR_FILLS[sign.colour]
    ink = _INK[sign.colour]
    text_size = max(7.5, round(size * 0.135, 1))
    second = size - max(3.0, size * 0.09)
    first = second - text_size * 1.05
    icon_y = (first - text_size) / 2 + size * 0.04
    icon_s = min(size * 0.22, (first - text_size) * 0.42)
    if lit:
        p.rect(0, 0, size, size, fill=_LIT_BODY, stroke=fill, stroke_width=3, rx=size * 0.1)
        _SHAPE_DRAW[sign.shape](p, size * 0.5, icon_y + size * 0.05, icon_s * 0.8, _LIT_TEXT, _LIT_BODY)
        p.path(_flame(size * 0.84, size * 0.06, size * 0.22), fill=_FLAME)
        p.text(size * 0.24, size * 0.2, "LIT", size=text_size, weight="bold", fill=_FLAME)
        band = first - text_size - size * 0.02
        p.rect(3, band, size - 6, size - 3 - band, fill=fill, rx=size * 0.06)
    else:
        p.rect(0, 0, size, size, fill=fill, stroke=_DARK, stroke_width=1.5, rx=size * 0.1)
        _SHAPE_DRAW[sign.shape](p, size * 0.5, icon_y, icon_s, ink, fill)
    p.text(size / 2, first, sign.colour.value.capitalize(), size=text_size, anchor="middle", fill=ink)
    p.text(size / 2, second, sign.shape.value, size=text_size, anchor="middle", fill=ink)
    return p.elements()


def _flame(cx: float, top: float, h: float) -> str:
    """A flame of height ``h`` whose tip is at ``(cx, top)``."""

    def pt(dx: float, dy: float) -> str:
        return f"{number(cx + dx * h)},{number(top + dy * h)}"

    return (
        f"M {pt(0, 0)} Q {pt(0.45, 0.45)} {pt(0.32, 0.8)} Q {pt(0.2, 1.02)} {pt(0, 1)} "
        f"Q {pt(-0.3, 0.98)} {pt(-0.32, 0.7)} Q {pt(-0.3, 0.45)} {pt(-0.1, 0.4)} Q {pt(0.05, 0.25)} {pt(0, 0)} Z"
    )


@cache
def _omen_shapes(sign: Sign, r: float) -> tuple[str, ...]:
    """The shapes of an omen token centred on the origin."""
    p = _Sketch()
    fill = COLOUR_FILLS[sign.colour]
    ink = _INK[sign.colour]
    size = max(8.0, round(r * 0.27, 1))
    p.circle(0, 0, r, fill=fill, stroke=_DARK, stroke_width=1.5)
    _SHAPE_DRAW[sign.shape](p, 0, -r * 0.36, r * 0.34, ink, fill)
    p.text(0, r * 0.3, sign.colour.value.capitalize(), size=size, anchor="middle", fill=ink)
    p.text(0, r * 0.3 + size * 1.05, sign.shape.value, size=size, anchor="middle", fill=ink)
    return p.elements()


def _chip(p: _Sketch, x: float, y: float, sign: Sign, *, label: str) -> None:
    """A collected omen as a small named chip."""
    with p.group(label=f"{label}: {sign}", translate=(x, y)):
        p.paste(_chip_shapes(sign))


@cache
def _chip_shapes(sign: Sign) -> tuple[str, ...]:
    """The shapes of a chip with its top-left corner at the origin."""
    p = _Sketch()
    fill = COLOUR_FILLS[sign.colour]
    ink = _INK[sign.colour]
    p.rect(0, 0, _CHIP_W, _CHIP_H, fill=fill, stroke=_DARK, stroke_width=1, rx=_CHIP_H / 2)
    _SHAPE_DRAW[sign.shape](p, 13, _CHIP_H / 2, 7, ink, fill)
    p.text(25, 16, str(sign), size=10.5, fill=ink)
    return p.elements()


# --- the board -----------------------------------------------------------------------------------------------------


def _draw_board(p: _Sketch, table: _Table, layout: _Layout) -> None:
    m = layout.margin
    top = _HEADER + m
    names = table.edition.slot_names
    with p.group(label="The altar board: 3 by 3 spaces inside a ring of 16 omen slots"):
        p.rect(m - 8, top - 8, 5 * _CELL + 16, 5 * _CELL + 16, fill=_RING, stroke=_MUTED, stroke_width=1.5, rx=18)
        for lane, (a, b) in enumerate(LANE_SLOTS):
            (x1, y1), (x2, y2) = layout.slot_centres[a], layout.slot_centres[b]
            p.line(x1, y1, x2, y2, stroke=_LANE, width=3, dash="2 6" if lane >= 6 else None)
        for lane, trait in table.portent_lanes:
            a, b = LANE_SLOTS[lane]
            (x1, y1), (x2, y2) = layout.slot_centres[a], layout.slot_centres[b]
            with p.group(label=f"New Portent on {LANE_NAMES[lane]}: {trait.value}, waiting for a Burnt Offering"):
                p.line(x1, y1, x2, y2, stroke=_PORTENT, width=10)
        p.rect(m + _CELL - 4, top + _CELL - 4, 3 * _CELL + 8, 3 * _CELL + 8, fill=_ALTAR, rx=10)
    for slot in range(16):
        cx, cy = layout.slot_centres[slot]
        omen = table.omens[slot]
        label = f"Omen slot {names[slot]}: " + ("empty" if omen is None else f"omen {omen}")
        with p.group(label=label, translate=(cx, cy)):
            if omen is None:
                p.circle(0, 0, _OMEN_R, fill=_BACKGROUND, stroke=_MUTED, stroke_width=1.5)
                p.text(0, 4, "empty", size=10, anchor="middle", fill=_MUTED, italic=True)
            else:
                p.paste(_omen_shapes(omen, _OMEN_R))
            if table.players > 1 or slot != table.kitty_slot:  # else the Kitty stands there and names it
                nx, ny = _NAME_OFFSETS[layout.slot_outward[slot]]
                p.text(nx, ny, names[slot], size=12, anchor="middle", weight="bold", fill=_MUTED)
    lit_now = set(table.lit_now)
    portent_spaces = {space for lane, _ in table.portent_lanes for space in LANES[lane]}
    for space in range(9):
        x, y = layout.space_origins[space]
        sign = table.altar[space]
        label = f"Altar space {space} (row {space // 3 + 1}, column {space % 3 + 1}): "
        if sign is None:
            box = (x, y, _TILE, _TILE)
            with p.group(label=f"{label}empty", element=space_id(space), kind="space", box=box):
                p.rect(x, y, _TILE, _TILE, fill=_ALTAR_SPACE, stroke="#C9B6CC", stroke_width=1.5, rx=8, dash="5 4")
                p.text(x + _TILE / 2, y + _TILE / 2 + 4, "empty", size=11, anchor="middle", fill="#E8DDEA")
                p.text(x + 5, y + 12, str(space), size=10, weight="bold", fill="#E8DDEA")
            continue
        _tile(
            p, x, y, _TILE, sign, lit=table.lit[space], label=label, space=space, element=space_id(space), kind="space"
        )
        if space in portent_spaces:
            with p.group(label=f"Space {space} is in a new Portent"):
                p.rect(x - 3, y - 3, _TILE + 6, _TILE + 6, stroke=_PORTENT, stroke_width=3, rx=10)
        if space in lit_now:
            with p.group(label=f"Space {space} was lit in this Scrying phase"):
                p.rect(x + _TILE - 30, y + _TILE - 44, 28, 13, fill=_FLAME, rx=4)
                p.text(x + _TILE - 16, y + _TILE - 34, "new", size=9, anchor="middle", weight="bold", fill=_DARK)
    _draw_sides(p, layout)
    if table.players == 1:
        _draw_solo_start(p, table, layout)
        _draw_kitty(p, table, layout)


def _draw_sides(p: _Sketch, layout: _Layout) -> None:
    """The four sides of the altar as parts a player may pick to push from: the ring's strip along each side.

    Transparent, over the side's omen slots, so that a click anywhere along a side picks it.
    """
    m, top = layout.margin, _HEADER + layout.margin
    strips = {
        Side.NORTH: (m + _CELL, top, 3 * _CELL, _CELL),
        Side.EAST: (m + 4 * _CELL, top + _CELL, _CELL, 3 * _CELL),
        Side.SOUTH: (m + _CELL, top + 4 * _CELL, 3 * _CELL, _CELL),
        Side.WEST: (m, top + _CELL, _CELL, 3 * _CELL),
    }
    for side, (x, y, w, h) in strips.items():
        label = f"The {side.value} side of the altar (a push from it moves tiles away from it)"
        with p.group(label=label, element=side_id(side), kind="side", box=(x, y, w, h)):
            p.rect(x, y, w, h, fill="#ffffff", opacity=0)


def _name_offset(ox: int, oy: int) -> tuple[float, float]:
    """Where a slot's name goes, from the slot's centre, given its outward direction."""
    if ox and oy:
        return ox * 36, oy * 36 + (8 if oy > 0 else 0)
    if oy:
        return 0, oy * (_OMEN_R + 7) + (9 if oy > 0 else -1)
    return ox * (_OMEN_R + 16), 4


_NAME_OFFSETS: Final = {direction: _name_offset(*direction) for direction in _OUTWARD.values()}


def _draw_solo_start(p: _Sketch, table: _Table, layout: _Layout) -> None:
    slot = table.edition.slot(table.edition.solo_start)
    cx, cy = layout.slot_centres[slot]
    ox, oy = layout.slot_outward[slot]
    x, y = cx - ox * (_OMEN_R + 4) + oy * 30, cy - oy * (_OMEN_R + 4) + ox * 30
    with p.group(label=f"Solo start icon by slot {table.edition.solo_start}"):
        p.polygon(_star(x, y, 7, 3), fill=_FLAME, stroke=_DARK, stroke_width=0.8)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    # a five-pointed star from precomputed unit directions
    for i, (ux, uy) in enumerate(_STAR_UNITS):
        r = outer if i % 2 == 0 else inner
        points.append((cx + ux * r, cy + uy * r))
    return points


_STAR_UNITS: Final = (
    (0.0, -1.0),
    (0.5878, -0.809),
    (0.9511, -0.309),
    (0.9511, 0.309),
    (0.5878, 0.809),
    (0.0, 1.0),
    (-0.5878, 0.809),
    (-0.9511, 0.309),
    (-0.9511, -0.309),
    (-0.5878, -0.809),
)


def _draw_kitty(p: _Sketch, table: _Table, layout: _Layout) -> None:
    slot = table.kitty_slot
    name = table.edition.slot_names[slot]
    cx, cy = layout.slot_centres[slot]
    ox, oy = layout.slot_outward[slot]
    distance = 66 if ox and oy else 92
    kx, ky = cx + ox * distance, cy + oy * distance
    steps = f"{table.kitty_steps} of {2 * CIRCUIT} steps"
    hat = "hat on (one circuit done)" if table.kitty_hat else "hatless"
    if table.token is None:
        chaotic = table.config is not None and table.config.chaotic_cat
        token_text = "no tile on its token" + (" (Chaotic Cat)" if chaotic else "")
    else:
        token_text = f"{table.token} on its token"
    with p.group(label=f"The Kitty at slot {name}, pointing at it; {steps}; {hat}; {token_text}"):
        tip_x, tip_y = (
            cx + ox * (_OMEN_R + 3) * (0.75 if ox and oy else 1),
            cy + oy * (_OMEN_R + 3) * (0.75 if ox and oy else 1),
        )
        p.line(kx, ky, tip_x, tip_y, stroke=_DARK, width=3)
        p.circle(tip_x, tip_y, 4, fill=_DARK)
        body = "#3C3C3C"
        p.polygon([(kx - 32, ky - 22), (kx - 26, ky - 44), (kx - 12, ky - 28)], fill=body)
        p.polygon([(kx + 32, ky - 22), (kx + 26, ky - 44), (kx + 12, ky - 28)], fill=body)
        p.rect(kx - 36, ky - 30, 72, 74, fill=body, stroke=_DARK, rx=16)
        if table.kitty_hat:
            p.polygon([(kx - 16, ky - 30), (kx + 16, ky - 30), (kx + 4, ky - 62)], fill="#6A3D9A", stroke=_DARK)
            p.polygon(_star(kx + 1, ky - 42, 5, 2), fill=_FLAME)
        if table.token is not None:
            _tile(p, kx - 24, ky - 26, 48, table.token, label="On the Kitty token: ")
        else:
            p.text(kx, ky, "no tile", size=10, anchor="middle", fill="#FFFFFF")
        p.text(
            kx,
            ky + 38,
            f"{name} {table.kitty_steps}/{2 * CIRCUIT}",
            size=11,
            anchor="middle",
            weight="bold",
            fill="#FFFFFF",
        )


# --- the panel -----------------------------------------------------------------------------------------------------

_Block = tuple[float, Callable[[_Sketch, float, float], None]]
"""A panel block: its height and how to draw it at ``(x, y)``."""


def _tile_row_height(count: int, size: float, width: float) -> float:
    per_row = max(1, int((width + 6) // (size + 6)))
    rows = max(1, -(-count // per_row))
    return rows * (size + 6)


def _draw_tile_row(
    p: _Sketch,
    x: float,
    y: float,
    tiles: Sequence[Sign],
    size: float,
    width: float,
    label: str,
    element: Callable[[Sign], str] | None = None,
) -> None:
    per_row = max(1, int((width + 6) // (size + 6)))
    for i, tile in enumerate(tiles):
        tx, ty = x + (i % per_row) * (size + 6), y + (i // per_row) * (size + 6)
        _tile(p, tx, ty, size, tile, label=label, element=element and element(tile), kind="hand")


def _chips_height(count: int) -> float:
    rows = max(1, -(-count // _CHIPS_PER_ROW))
    return rows * (_CHIP_H + 5)


def _draw_chips(p: _Sketch, x: float, y: float, omens: Sequence[Sign], label: str) -> None:
    if not omens:
        p.text(x, y + 16, "none yet", size=11, fill=_MUTED, italic=True)
    for i, omen in enumerate(omens):
        _chip(p, x + (i % _CHIPS_PER_ROW) * (_CHIP_W + 5), y + (i // _CHIPS_PER_ROW) * (_CHIP_H + 5), omen, label=label)


def _count(n: int, noun: str) -> str:
    """``"1 omen"``, ``"3 omens"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _fortunes_text(omens: Sequence[Sign], least: int) -> str:
    counts = fortune_counts(omens)
    parts = [f"{trait.value} {count}" for trait, count in zip(Trait, counts, strict=True) if count >= least]
    return ", ".join(parts) if parts else "none"


def _seat_block(table: _Table, seat: int, width: float) -> _Block:
    hand = table.hands[seat] if seat < len(table.hands) else ()
    omens = table.collected[seat] if seat < len(table.collected) else ()
    hand_h = _tile_row_height(len(hand), _HAND_TILE, width - 20) if hand else 20
    height = 30 + 18 + hand_h + 18 + _chips_height(len(omens)) + 24

    def draw(p: _Sketch, x: float, y: float) -> None:
        name = _title_name(table, seat)
        whose = _possessive(table, seat)
        moving = table.current == seat and table.phase is not Phase.OVER
        won = seat in table.winners
        heading = name + (" -- to move" if moving else "") + (" -- WINNER" if won else "")
        with p.group(label=f"{name}: hand of {len(hand)} tiles, {len(omens)} omens collected"):
            stroke = _ACTIVE if moving or won else _MUTED
            p.rect(x, y, width, height - 6, fill="#FFFFFF", stroke=stroke, stroke_width=3 if moving or won else 1, rx=8)
            if moving:
                p.polygon([(x + 10, y + 10), (x + 10, y + 24), (x + 21, y + 17)], fill=_ACTIVE)
            p.text(x + (26 if moving else 10), y + 22, heading, size=15, weight="bold")
            p.text(x + width - 10, y + 22, _count(len(omens), "omen"), size=14, anchor="end", weight="bold")
            yy = y + 30
            p.text(x + 10, yy + 12, f"Hand ({len(hand)} tiles, face up)", size=11, fill=_MUTED)
            yy += 18
            with p.group(label=f"{whose} hand: " + (", ".join(str(t) for t in hand) or "empty")):
                if hand:
                    in_hand = partial(hand_id, seat)
                    _draw_tile_row(p, x + 10, yy, hand, _HAND_TILE, width - 20, f"{whose} hand: ", in_hand)
                else:
                    p.text(x + 10, yy + 14, "empty", size=11, fill=_MUTED, italic=True)
            yy += hand_h
            p.text(x + 10, yy + 12, "Omens collected", size=11, fill=_MUTED)
            yy += 16
            with p.group(label=f"{whose} omens: " + (", ".join(str(o) for o in omens) or "none")):
                _draw_chips(p, x + 10, yy, omens, f"{whose} omen")
            yy += _chips_height(len(omens))
            p.text(x + 10, yy + 13, f"Fortunes (3 or more): {_fortunes_text(omens, 3)}", size=11)

    return height, draw


def _kitty_block(table: _Table, width: float) -> _Block:
    omens = table.kitty_omens
    bag_h = _tile_row_height(len(table.bag), 48, width - 20) if table.bag else 0
    height = 30 + 20 + 18 + _chips_height(len(omens)) + 22 + 20 + bag_h + 12

    def draw(p: _Sketch, x: float, y: float) -> None:
        name = table.edition.slot_names[table.kitty_slot]
        moving = table.phase is Phase.KITTY
        won = table.phase is Phase.OVER and not table.winners
        heading = "The Kitty" + (" -- its turn" if moving else "") + (" -- WINNER" if won else "")
        with p.group(label=f"The Kitty: at {name}, {table.kitty_steps} steps, {len(omens)} omens"):
            stroke = _ACTIVE if moving or won else _MUTED
            p.rect(x, y, width, height - 6, fill="#F3EEF6", stroke=stroke, stroke_width=3 if moving or won else 1, rx=8)
            p.text(x + 10, y + 22, heading, size=15, weight="bold")
            p.text(x + width - 10, y + 22, _count(len(omens), "omen"), size=14, anchor="end", weight="bold")
            hat = "hat on" if table.kitty_hat else "hatless"
            token = "-" if table.token is None else str(table.token)
            p.text(
                x + 10,
                y + 44,
                f"At {name}; {table.kitty_steps} of {2 * CIRCUIT} steps ({hat}); token: {token}",
                size=11,
            )
            yy = y + 50
            p.text(x + 10, yy + 12, "Omens collected or stolen", size=11, fill=_MUTED)
            yy += 18
            with p.group(label="The Kitty's omens: " + (", ".join(str(o) for o in omens) or "none")):
                _draw_chips(p, x + 10, yy, omens, "The Kitty's omen")
            yy += _chips_height(len(omens))
            p.text(x + 10, yy + 14, f"Fortunes (2 or more): {_fortunes_text(omens, 2)}", size=11)
            yy += 22
            if table.bag is None:
                with p.group(label=f"The bag: {table.bag_size} tiles, face down"):
                    p.text(x + 10, yy + 13, f"Bag: {_count(table.bag_size, 'tile')} (drawn at random, unseen)", size=11)
            else:
                with p.group(label="The bag: " + (", ".join(str(t) for t in table.bag) or "empty")):
                    p.text(x + 10, yy + 13, f"Bag ({_count(table.bag_size, 'tile')}, shown face up here):", size=11)
                    if table.bag:
                        _draw_tile_row(p, x + 10, yy + 20, table.bag, 48, width - 20, "In the bag: ")

    return height, draw


def _level(config: Config) -> str:
    """The difficulty level's name, e.g. "Standard Seer"."""
    return config.difficulty.value.replace("-", " ").title()


def _target_text(config: Config) -> str:
    level = _level(config)
    if config.difficulty is Difficulty.OMNISCIENT_ORACLE:
        need = f"{ORACLE_OMENS} or more omens"
    else:
        fours, threes = SOLO_TARGETS[config.difficulty]
        need = f"{fours} fortune{'s' if fours > 1 else ''} of 4 and {threes} of 3"
    return f"Target ({level}): {need}"


def _info_block(table: _Table, width: float) -> _Block:
    lines: list[str] = []
    if table.players == 1 and table.config is not None:
        lines.append(_target_text(table.config))
        if table.config.challenges:
            lines.append("Challenges: " + ", ".join(c.replace("_", " ") for c in table.config.challenges))
    elif table.players == 2:
        lines.append("To win: a fortune of 4, two fortunes of 3, or 4 Burnt Offerings")
    lit = sum(1 for space in range(9) if table.lit[space] and table.altar[space] is not None)
    lines.append(f"Burnt Offerings on the altar: {lit} of 4")
    if table.portent_lanes:
        lines.append(
            "New Portents to light: "
            + ", ".join(f"{LANE_NAMES[lane]} ({trait.value})" for lane, trait in table.portent_lanes)
        )
    rows: list[tuple[str, tuple[Sign, ...]]] = []
    if table.pushed:
        rows.append((f"Pushed off this turn, to be palmed by {_seat_name(table, table.active)}", table.pushed))
    if table.taken:
        rows.append(("Taken up from the altar for the reshuffle", table.taken))
    if table.players == 2 and table.token is not None:
        rows.append(("On the Kitty token (unused; a reminder)", (table.token,)))
    rows_h = sum(18 + _tile_row_height(len(tiles), _SMALL_TILE, width) for _, tiles in rows)
    height = len(lines) * 17 + rows_h + 10

    def draw(p: _Sketch, x: float, y: float) -> None:
        yy = y
        with p.group(label="The game: " + "; ".join(lines)):
            for line in lines:
                p.text(x, yy + 13, line, size=12)
                yy += 17
        for caption, tiles in rows:
            with p.group(label=f"{caption}: " + ", ".join(str(t) for t in tiles)):
                p.text(x, yy + 13, caption, size=11, fill=_MUTED)
                _draw_tile_row(p, x, yy + 18, tiles, _SMALL_TILE, width, f"{caption}: ")
            yy += 18 + _tile_row_height(len(tiles), _SMALL_TILE, width)

    return height, draw


# --- text ----------------------------------------------------------------------------------------------------------


def _status(table: _Table) -> str:
    if table.phase is Phase.OVER:
        return "Game over: " + _result(table)
    current = table.current
    if current == CHANCE or table.phase in _NOBODY:
        return f"Turn {table.turns + 1}: {_PHASE_TEXT[table.phase]}"
    if current == TERMINAL:
        return "Game over"
    who = _title_name(table, current)
    doing = _PHASE_TEXT[table.phase]
    if who == "You":  # "you push", not "you pushes"
        verb, rest = doing.split(" ", 1)
        doing = f"{verb[:-2] if verb.endswith('shes') else verb[:-1]} {rest}"
    return f"Turn {table.turns + 1}: {who} {doing}"


_NOBODY: Final = frozenset(
    (Phase.OMENS, Phase.ALTAR, Phase.RESHUFFLE, Phase.HANDS, Phase.TOKEN, Phase.FIRST_PLAYER, Phase.KITTY, Phase.FEED)
)
"""Phases in which no seat decides (chance events and the Kitty)."""


def _result(table: _Table) -> str:
    reason = "" if table.reason is None else _REASON_TEXT[table.reason]
    if table.reason is EndReason.SOLO_TARGET and table.config is not None:
        reason = f"the {_level(table.config)} target was met"
    if table.players == 1:
        if table.winners:
            return ("you win" if table.you is not None else "the player wins") + f" -- {reason}"
        return f"the Kitty wins -- {reason}"
    if not table.winners:
        return reason
    return f"{_seat_name(table, table.winners[0])} wins -- {reason}"


def _title(table: _Table) -> str:
    mode = "solo against the Kitty" if table.players == 1 else "2 players"
    if table.omniscient:
        return f"Portents ({mode}) -- the whole table, face up (omniscient picture)"
    if table.you is None:
        return f"Portents ({mode}) -- a spectator's view (public information only)"
    return f"Portents ({mode}) -- the view of player {table.you}" + (" (you)" if table.players == 1 else "")


def _desc(table: _Table) -> str:
    lit = sum(1 for space in range(9) if table.lit[space] and table.altar[space] is not None)
    omens = "; ".join(
        f"{_seat_name(table, seat)} {len(table.collected[seat])} omens" for seat in range(len(table.collected))
    )
    parts = [_status(table) + ".", f"Omens collected: {omens}."]
    if table.players == 1:
        name = table.edition.slot_names[table.kitty_slot]
        parts.append(f"The Kitty is at {name} after {table.kitty_steps} steps with {len(table.kitty_omens)} omens.")
    parts.append(f"{lit} Burnt Offerings on the altar; {sum(o is not None for o in table.omens)} omens in the ring.")
    return " ".join(parts)


# --- the picture ---------------------------------------------------------------------------------------------------


def render_svg(subject: View | State, *, config: Config | None = None) -> str:
    """A standalone SVG picture of a Portents table.

    A :class:`~ofrenda_rules.portents.state.State` is drawn whole and face up
    (the bag's contents too: an omniscient picture); a
    :class:`~ofrenda_rules.portents.view.View` as its seat sees it -- the
    table and both hands (played face up), the bag as a count -- with that
    seat marked "you".

    Args:
        subject: The state or the view to draw.
        config: For a view, the game's configuration: a view does not carry
            it, so without it the slots take the default edition's names and
            the solo target and challenges are not written. Ignored for a
            state, which has its own.

    Returns:
        The SVG document as text; the same subject always gives the same text.

    Raises:
        TypeError: ``subject`` is neither a Portents state nor a view.
    """
    if not isinstance(subject, View | State):
        raise TypeError(f"render_svg draws a Portents State or View, not {type(subject).__name__}")
    table = _table(subject, config)
    layout = _LAYOUTS[table.players]
    panel_w = _PANEL_W
    blocks = [_info_block(table, panel_w)]
    blocks.extend(_seat_block(table, seat, panel_w) for seat in range(table.players))
    if table.players == 1:
        blocks.append(_kitty_block(table, panel_w))
    panel_h = sum(h for h, _ in blocks)
    height = max(_HEADER + layout.board, _HEADER + 10 + panel_h + 10)
    p = _Sketch(layout.width, height, title=_title(table), desc=_desc(table), background=_BACKGROUND)
    p.mark_last_move(last_move_elements(subject.recent_events))
    with p.group(label="Title and whose turn it is"):
        heading = "Portents" + (" -- solo against the Kitty" if table.players == 1 else "")
        view = (
            " -- the whole table (omniscient)"
            if table.omniscient
            else " -- a spectator's view"
            if table.you is None
            else (" -- your view" if table.players == 1 else f" -- the view of player {table.you}")
        )
        p.text(16, 28, heading + view, size=20, weight="bold")
        over = table.phase is Phase.OVER
        p.text(16, 52, _status(table), size=14, weight="bold" if over else None, fill=_ACTIVE if over else _DARK)
    _draw_board(p, table, layout)
    y: float = _HEADER + 10
    for block_h, draw in blocks:
        draw(p, layout.panel_x, y)
        y += block_h
    return p.document()
