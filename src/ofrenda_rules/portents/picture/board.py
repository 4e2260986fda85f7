"""The altar board, its sides, the solo start and the kitty of a Portents picture."""

from __future__ import annotations

from typing import Final

from ofrenda_rules.portents.components import LANE_NAMES, LANE_SLOTS, LANES, Side
from ofrenda_rules.portents.kitty import CIRCUIT
from ofrenda_rules.portents.picks import side_id, space_id
from ofrenda_rules.portents.picture.layout import (
    _ALTAR,
    _ALTAR_SPACE,
    _BACKGROUND,
    _CELL,
    _DARK,
    _FLAME,
    _HEADER,
    _LANE,
    _MUTED,
    _OMEN_R,
    _OUTWARD,
    _PORTENT,
    _RING,
    _TILE,
    _Layout,
    _Table,
)
from ofrenda_rules.portents.picture.tiles import _omen_shapes, _tile
from ofrenda_rules.svg import Picture, star_points


def _draw_board(p: Picture, table: _Table, layout: _Layout) -> None:
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
        omen = table.view.omens[slot]
        label = f"Omen slot {names[slot]}: " + ("empty" if omen is None else f"omen {omen}")
        with p.group(label=label, translate=(cx, cy)):
            if omen is None:
                p.circle(0, 0, _OMEN_R, fill=_BACKGROUND, stroke=_MUTED, stroke_width=1.5)
                p.text(0, 4, "empty", size=10, anchor="middle", fill=_MUTED, italic=True)
            else:
                p.paste(_omen_shapes(omen, _OMEN_R))
            if table.view.players > 1 or slot != table.view.kitty_slot:  # else the Kitty stands there and names it
                nx, ny = _NAME_OFFSETS[layout.slot_outward[slot]]
                p.text(nx, ny, names[slot], size=12, anchor="middle", weight="bold", fill=_MUTED)
    lit_now = set(table.view.lit_now)
    portent_spaces = {space for lane, _ in table.portent_lanes for space in LANES[lane]}
    for space in range(9):
        x, y = layout.space_origins[space]
        sign = table.view.altar[space]
        label = f"Altar space {space + 1} (row {space // 3 + 1}, column {space % 3 + 1}): "
        if sign is None:
            box = (x, y, _TILE, _TILE)
            with p.group(label=f"{label}empty", element=space_id(space), kind="space", box=box):
                p.rect(x, y, _TILE, _TILE, fill=_ALTAR_SPACE, stroke="#C9B6CC", stroke_width=1.5, rx=8, dash="5 4")
                p.text(x + _TILE / 2, y + _TILE / 2 + 4, "empty", size=11, anchor="middle", fill="#E8DDEA")
                p.text(x + 5, y + 12, str(space + 1), size=10, weight="bold", fill="#E8DDEA")
            continue
        _tile(
            p,
            x,
            y,
            _TILE,
            sign,
            lit=table.view.lit[space],
            label=label,
            space=space,
            element=space_id(space),
            kind="space",
        )
        if space in portent_spaces:
            with p.group(label=f"Space {space + 1} is in a new Portent"):
                p.rect(x - 3, y - 3, _TILE + 6, _TILE + 6, stroke=_PORTENT, stroke_width=3, rx=10)
        if space in lit_now:
            with p.group(label=f"Space {space + 1} was lit in this Scrying phase"):
                p.rect(x + _TILE - 30, y + _TILE - 44, 28, 13, fill=_FLAME, rx=4)
                p.text(x + _TILE - 16, y + _TILE - 34, "new", size=9, anchor="middle", weight="bold", fill=_DARK)
    _draw_sides(p, layout)
    if table.view.players == 1:
        _draw_solo_start(p, table, layout)
        _draw_kitty(p, table, layout)


def _draw_sides(p: Picture, layout: _Layout) -> None:
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


def _draw_solo_start(p: Picture, table: _Table, layout: _Layout) -> None:
    slot = table.edition.slot(table.edition.solo_start)
    cx, cy = layout.slot_centres[slot]
    ox, oy = layout.slot_outward[slot]
    x, y = cx - ox * (_OMEN_R + 4) + oy * 30, cy - oy * (_OMEN_R + 4) + ox * 30
    with p.group(label=f"Solo start icon by slot {table.edition.solo_start}"):
        p.polygon(star_points(x, y, 7, 3), fill=_FLAME, stroke=_DARK, stroke_width=0.8)


def _draw_kitty(p: Picture, table: _Table, layout: _Layout) -> None:
    slot = table.view.kitty_slot
    name = table.edition.slot_names[slot]
    cx, cy = layout.slot_centres[slot]
    ox, oy = layout.slot_outward[slot]
    distance = 66 if ox and oy else 92
    kx, ky = cx + ox * distance, cy + oy * distance
    steps = f"{table.view.kitty_steps} of {2 * CIRCUIT} steps"
    hat = "hat on (one circuit done)" if table.view.kitty_hat else "hatless"
    if table.view.token is None:
        chaotic = table.config is not None and table.config.chaotic_cat
        token_text = "no tile on its token" + (" (Chaotic Cat)" if chaotic else "")
    else:
        token_text = f"{table.view.token} on its token"
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
        if table.view.kitty_hat:
            p.polygon([(kx - 16, ky - 30), (kx + 16, ky - 30), (kx + 4, ky - 62)], fill="#6A3D9A", stroke=_DARK)
            p.polygon(star_points(kx + 1, ky - 42, 5, 2), fill=_FLAME)
        if table.view.token is not None:
            _tile(p, kx - 24, ky - 26, 48, table.view.token, label="On the Kitty token: ")
        else:
            p.text(kx, ky, "no tile", size=10, anchor="middle", fill="#FFFFFF")
        p.text(
            kx,
            ky + 38,
            f"{name} {table.view.kitty_steps}/{2 * CIRCUIT}",
            size=11,
            anchor="middle",
            weight="bold",
            fill="#FFFFFF",
        )


# --- the panel -----------------------------------------------------------------------------------------------------
