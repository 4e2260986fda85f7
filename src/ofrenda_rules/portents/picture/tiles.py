"""The tiles, omens and chips of a Portents picture."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from ofrenda_rules.portents.components import Sign, Trait
from ofrenda_rules.portents.picture.layout import (
    _CHIP_H,
    _CHIP_W,
    _DARK,
    _FLAME,
    _INK,
    _LIT_BODY,
    _LIT_TEXT,
    COLOUR_FILLS,
)
from ofrenda_rules.svg import Picture, number

# --- shapes --------------------------------------------------------------------------------------------------------


def _skull(p: Picture, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    p.circle(cx, cy - 0.18 * s, 0.72 * s, fill=ink)
    p.rect(cx - 0.42 * s, cy + 0.3 * s, 0.84 * s, 0.55 * s, fill=ink, rx=0.12 * s)
    p.circle(cx - 0.3 * s, cy - 0.12 * s, 0.2 * s, fill=hole)
    p.circle(cx + 0.3 * s, cy - 0.12 * s, 0.2 * s, fill=hole)
    p.polygon([(cx, cy + 0.12 * s), (cx - 0.1 * s, cy + 0.3 * s), (cx + 0.1 * s, cy + 0.3 * s)], fill=hole)
    for dx in (-0.2, 0.0, 0.2):
        p.line(cx + dx * s, cy + 0.55 * s, cx + dx * s, cy + 0.85 * s, stroke=hole, width=max(1.0, 0.07 * s))


def _claw(p: Picture, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
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


def _wishbone(p: Picture, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
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


def _wing(p: Picture, cx: float, cy: float, s: float, ink: str, hole: str) -> None:
    def pt(x: float, y: float) -> str:
        return f"{number(cx + x * s)},{number(cy + y * s)}"

    p.path(
        f"M {pt(-0.85, 0.55)} Q {pt(-0.7, -0.75)} {pt(0.9, -0.8)} L {pt(0.55, -0.35)} L {pt(0.8, -0.35)} "
        f"L {pt(0.4, 0.05)} L {pt(0.6, 0.1)} L {pt(0.15, 0.45)} L {pt(0.3, 0.55)} L {pt(-0.2, 0.8)} Z",
        fill=ink,
    )
    p.path(f"M {pt(-0.6, 0.4)} Q {pt(-0.3, -0.3)} {pt(0.5, -0.6)}", stroke=hole, stroke_width=max(1.0, 0.08 * s))


_SHAPE_DRAW: Final[dict[Trait, Callable[[Picture, float, float, float, str, str], None]]] = {
    Trait.SKULL: _skull,
    Trait.CLAW: _claw,
    Trait.WISHBONE: _wishbone,
    Trait.WING: _wing,
}


def _tile(
    p: Picture,
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

    Its label says "tile Blue Skull" (an omen's says "omen Blue Skull"), never the letters "BS", which read as
    the Blue Skull in the text board's codes. ``space`` writes the altar space's number (from 1) in the top-left
    corner; ``element`` and ``kind`` make the
    tile a part of the table a player may pick (its ``id`` and ``data-pick``).
    """
    what = f"Burnt Offering (lit): {sign}" if lit else f"tile {sign}"
    name = f"{label}{what}" if label else what
    with p.group(label=name, translate=(x, y), element=element, kind=kind, box=(0, 0, size, size)):
        p.paste(_tile_shapes(sign, size, lit))
        if space is not None:
            p.text(5, 12, str(space + 1), size=10, weight="bold", fill=_LIT_TEXT if lit else _INK[sign.colour])


@cache
def _tile_shapes(sign: Sign, size: float, lit: bool) -> tuple[str, ...]:
    """The shapes of a tile with its top-left corner at the origin (drawn once, pasted everywhere)."""
    p = Picture.scratch()
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
    p = Picture.scratch()
    fill = COLOUR_FILLS[sign.colour]
    ink = _INK[sign.colour]
    size = max(8.0, round(r * 0.27, 1))
    p.circle(0, 0, r, fill=fill, stroke=_DARK, stroke_width=1.5)
    _SHAPE_DRAW[sign.shape](p, 0, -r * 0.36, r * 0.34, ink, fill)
    p.text(0, r * 0.3, sign.colour.value.capitalize(), size=size, anchor="middle", fill=ink)
    p.text(0, r * 0.3 + size * 1.05, sign.shape.value, size=size, anchor="middle", fill=ink)
    return p.elements()


def _chip(p: Picture, x: float, y: float, sign: Sign, *, label: str) -> None:
    """A collected omen as a small named chip."""
    with p.group(label=f"{label}: {sign}", translate=(x, y)):
        p.paste(_chip_shapes(sign))


@cache
def _chip_shapes(sign: Sign) -> tuple[str, ...]:
    """The shapes of a chip with its top-left corner at the origin."""
    p = Picture.scratch()
    fill = COLOUR_FILLS[sign.colour]
    ink = _INK[sign.colour]
    p.rect(0, 0, _CHIP_W, _CHIP_H, fill=fill, stroke=_DARK, stroke_width=1, rx=_CHIP_H / 2)
    _SHAPE_DRAW[sign.shape](p, 13, _CHIP_H / 2, 7, ink, fill)
    p.text(25, 16, str(sign), size=10.5, fill=ink)
    return p.elements()


# --- the board -----------------------------------------------------------------------------------------------------
