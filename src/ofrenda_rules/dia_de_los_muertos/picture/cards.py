"""Cards, suit icons and stacks of a Día de los Muertos picture."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from ofrenda_rules.dia_de_los_muertos.components import Card, CardSpec, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.picture.layout import (
    _BACK,
    _BACK_TRIM,
    _BORDERS,
    _INK,
    _PAPER,
    _SUIT_NAMES,
    _SUIT_SYMBOLS,
)
from ofrenda_rules.svg import Picture


@functools.lru_cache(maxsize=2048)
def _describe_card(spec: CardSpec) -> str:
    """``Red 14: Low arrow, -1 point, TAKE``."""
    arrow = "High arrow" if spec.mark is Mark.HIGH else "Low arrow"
    points = _points(spec.points, sign=True)
    take = ", TAKE" if spec.take else ""
    return f"{_SUIT_NAMES[spec.suit]} {spec.number} ({_SUIT_SYMBOLS[spec.suit]}): {arrow}, {points}{take}"


def _cards(count: int) -> str:
    """``"1 card"``, ``"12 cards"``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _points(value: int, *, sign: bool = False) -> str:
    """``"-1 point"``, ``"3 points"``, or with ``sign`` ``"+3 points"``."""
    text = f"{value:+d}" if sign and value else str(value)
    return f"{text} point{'' if abs(value) == 1 else 's'}"


def _card_names(cards: Sequence[Card]) -> str:
    return ", ".join(str(card) for card in cards)


def _suit_icon(picture: Picture, cx: float, cy: float, size: float, suit: Suit) -> None:
    """The suit's symbol, drawn (no font needed): a skull, an offering candle or a flower."""
    r = size / 2
    if suit is Suit.BLACK:
        picture.circle(cx, cy - r * 0.15, r * 0.78, fill="#f4f1ea", stroke="#1a1a1a", stroke_width=1.2)
        picture.rect(cx - r * 0.42, cy + r * 0.45, r * 0.84, r * 0.45, fill="#f4f1ea", stroke="#1a1a1a")
        picture.circle(cx - r * 0.3, cy - r * 0.2, r * 0.2, fill="#1a1a1a")
        picture.circle(cx + r * 0.3, cy - r * 0.2, r * 0.2, fill="#1a1a1a")
        picture.polygon(
            [(cx, cy + r * 0.05), (cx - r * 0.1, cy + r * 0.28), (cx + r * 0.1, cy + r * 0.28)], fill="#1a1a1a"
        )
    elif suit is Suit.RED:
        picture.rect(cx - r * 0.3, cy - r * 0.2, r * 0.6, r * 1.1, fill="#c8102e", stroke="#7a0a1c")
        picture.line(cx, cy - r * 0.2, cx, cy - r * 0.4, stroke="#333", width=1)
        picture.polygon(
            [(cx, cy - r), (cx + r * 0.22, cy - r * 0.55), (cx, cy - r * 0.38), (cx - r * 0.22, cy - r * 0.55)],
            fill="#f2a900",
            stroke="#b36b00",
            stroke_width=0.8,
        )
        picture.rect(cx - r * 0.75, cy + r * 0.85, r * 1.5, r * 0.15, fill="#7a0a1c")
    else:
        for index in range(5):
            angle = -math.pi / 2 + 2 * math.pi * index / 5
            picture.circle(
                cx + r * 0.5 * math.cos(angle),
                cy + r * 0.5 * math.sin(angle),
                r * 0.42,
                fill="#ffffff",
                stroke="#6b6b6b",
                stroke_width=0.9,
            )
        picture.circle(cx, cy, r * 0.3, fill="#f2a900", stroke="#b36b00", stroke_width=0.8)


@functools.lru_cache(maxsize=2048)
def _face_shapes(spec: CardSpec, scale: float, outline: str | None, dash: str | None, dim: bool) -> tuple[str, ...]:
    """A card face drawn at the origin, once per printed card, size and marking."""

    def draw(picture: Picture) -> None:
        s = scale
        w, h = 60 * s, 86 * s
        if outline is not None:
            picture.rect(-4, -4, w + 8, h + 8, fill="none", stroke=outline, stroke_width=3, rx=7 * s, dash=dash)
        picture.rect(0, 0, w, h, fill=_PAPER, stroke="#555555", stroke_width=1, rx=5 * s)
        picture.rect(2.5 * s, 2.5 * s, w - 5 * s, h - 5 * s, stroke=_BORDERS[spec.suit], stroke_width=4 * s, rx=4 * s)
        picture.text(7 * s, 21 * s, str(spec.number), size=18 * s, weight="bold")
        picture.text(7 * s, 31 * s, _SUIT_NAMES[spec.suit], size=8.5 * s)
        # The arrow: up for High, down for Low, with its letter.
        ax, ay = w - 12 * s, 14 * s
        if spec.mark is Mark.HIGH:
            arrow = [(ax, ay - 6 * s), (ax + 6 * s, ay + 3 * s), (ax - 6 * s, ay + 3 * s)]
        else:
            arrow = [(ax, ay + 3 * s), (ax + 6 * s, ay - 6 * s), (ax - 6 * s, ay - 6 * s)]
        picture.polygon(arrow, fill=_INK)
        letter = "H" if spec.mark is Mark.HIGH else "L"
        picture.text(ax, ay + 14 * s, letter, size=9 * s, anchor="middle", weight="bold")
        if spec.points:  # the rulebook: 0-point cards have no marking
            picture.circle(15 * s, 50 * s, 9 * s, fill="#ffffff", stroke=_INK, stroke_width=1.2)
            picture.text(15 * s, 54 * s, f"{spec.points:+d}", size=10 * s, anchor="middle", weight="bold")
        _suit_icon(picture, 40 * s, 49 * s, 20 * s, spec.suit)
        if spec.take:
            picture.rect(4 * s, h - 19 * s, w - 8 * s, 13 * s, fill=_INK, rx=2 * s)
            picture.text(w / 2, h - 9 * s, "TAKE", size=9.5 * s, anchor="middle", weight="bold", fill="#ffffff")
        else:
            picture.text(w - 7 * s, h - 9 * s, str(spec.number), size=10 * s, anchor="end", weight="bold")
        if dim:
            picture.rect(0, 0, w, h, fill="#ffffff", opacity=0.55, rx=5 * s)

    return Picture.record(draw)


def _card_face(
    picture: Picture,
    x: float,
    y: float,
    spec: CardSpec,
    *,
    scale: float = 1.0,
    label: str | None = None,
    outline: str | None = None,
    dash: str | None = None,
    dim: bool = False,
    element: str | None = None,
    kind: str | None = None,
) -> None:
    """A card face up, drawn as printed: number, arrow, point value, TAKE, suit border and symbol.

    The card is 60 x 86 at ``scale`` 1; ``label`` names the card's group (the card itself by default);
    ``element`` and ``kind`` make it a part of the table a player may pick (its ``id`` and ``data-pick``).
    """
    box = (0, 0, 60 * scale, 86 * scale)
    group = picture.group(
        label=label or _describe_card(spec), css_class="card", translate=(x, y), element=element, kind=kind, box=box
    )
    with group:
        picture.paste(_face_shapes(spec, scale, outline, dash, dim))


@functools.lru_cache(maxsize=64)
def _stack_shapes(layers: int, w: float, h: float) -> tuple[str, ...]:
    """A face-down pile of ``layers`` offset backs at the origin, or a dashed outline for none."""

    def draw(picture: Picture) -> None:
        if layers == 0:
            picture.rect(0, 0, w, h, stroke="#9a8f7a", dash="3 2", rx=3)
        for layer in range(layers):
            offset = 2.5 * (layers - 1 - layer)
            picture.rect(offset, offset, w, h, fill=_BACK, stroke="#1f1030", rx=3)
            picture.rect(offset + 3, offset + 3, w - 6, h - 6, stroke=_BACK_TRIM, stroke_width=1, rx=2)
            picture.circle(offset + w / 2, offset + h / 2, min(w, h) / 5, fill=_BACK_TRIM)

    return Picture.record(draw)


def _stack(picture: Picture, x: float, y: float, count: int, *, w: float = 24, h: float = 34) -> None:
    """A face-down pile: up to three offset backs, or a dashed outline when empty."""
    with picture.group(translate=(x, y)):
        picture.paste(_stack_shapes(min(count, 3), w, h))
