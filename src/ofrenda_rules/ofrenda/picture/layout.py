"""Sizes, colours, words and the layout of an Ofrenda picture for each edition."""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.ofrenda.components import Feature, OfferingKind
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.state import Phase

# Sizes (user units = pixels at 100%).
_CARD_W: Final = 96
_CARD_H: Final = 84
_HALF: Final = 56  # one column of the offset rows: half a card plus half the gap between cards
_ROW_GAP: Final = 46  # room between rows for the candle and marigold slots
_PANEL_W: Final = 8 * _HALF + _CARD_W + 24
_MARGIN: Final = 12
_MARIGOLD_R: Final = 13

# Colour-blind-safe colours (Okabe-Ito) for the five family branches, with a shape each; names are always written.
_BRANCH_FILL: Final = {
    Feature.BLUE: "#0072B2",
    Feature.GREEN: "#009E73",
    Feature.ORANGE: "#E69F00",
    Feature.PINK: "#CC79A7",
    Feature.YELLOW: "#F0E442",
}
_BRANCH_INK: Final = {
    Feature.BLUE: "#ffffff",
    Feature.GREEN: "#ffffff",
    Feature.ORANGE: "#000000",
    Feature.PINK: "#000000",
    Feature.YELLOW: "#000000",
}
_LIT_FILL: Final = "#fff3c4"
_UNLIT_FILL: Final = "#e2e2e2"
_GOLD: Final = "#b8860b"
_MARIGOLD_FILL: Final = "#f28c28"
_INK: Final = "#222222"
_FACE_DOWN: Final = "#5b3a6b"
_BACKGROUND: Final = "#fbf7ef"
_PANEL_FILL: Final = "#f3ebdd"
_CURRENT: Final = "#d55e00"

_PHASE_WORDS: Final = {
    Phase.SETUP_REMOVE: "setup: removing portraits unseen",
    Phase.SETUP_GOAL: "setup: drawing goal cards",
    Phase.SETUP_MARKET: "setup: drawing portraits to the Family board",
    Phase.SETUP_CANDLES: "setup: drawing candles to the Family board",
    Phase.SETUP_DEAL: "setup: dealing hands",
    Phase.ABUELA_PORTRAIT: "the Abuela rolls for the portrait she discards",
    Phase.ABUELA_CANDLE: "the Abuela rolls for the candle she discards",
    Phase.TAKE_PORTRAIT: "take a portrait",
    Phase.TAKE_CANDLE: "take a candle or none",
    Phase.REFILL_PORTRAIT: "replenish: a portrait is drawn",
    Phase.REFILL_CANDLE: "replenish: a candle is drawn",
    Phase.PLAY: "place or discard a portrait",
    Phase.OFFERINGS: "place candles or marigolds in surrounded slots",
    Phase.OVER: "game over",
}


_LEGEND: Final = (
    "Portraits: branch (colour, shape, name) and number / favourite offering / objective about the adjacent "
    "portraits / side (LIT or unlit).",
    "Candles: C + number, side, objective; E = lit only at the end of the game, M = multiplayer only.",
)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _feature(feature: Feature, *, short: bool = False) -> str:
    if feature is Feature.PAPEL_PICADO:
        return "papel" if short else "papel picado"
    return str(feature.value)


# ---------------------------------------------------------------------------------------------------------------
# Per-edition layout of an Ofrenda (precomputed once per edition).


@attrs.frozen
class _Layout:
    card_xy: tuple[tuple[float, float], ...]
    """Top-left corner of each card slot, relative to the pyramid."""
    offering_xy: tuple[tuple[float, float], ...]
    """Centre of each candle/marigold slot."""
    offering_half: tuple[float, ...]
    """Half the width a candle may take in each candle/marigold slot without touching its neighbours."""
    width: float
    height: float


_LAYOUTS: dict[int, tuple[Edition, _Layout]] = {}


def _layout(edition: Edition) -> _Layout:
    cached = _LAYOUTS.get(id(edition))
    if cached is not None and cached[0] is edition:
        return cached[1]
    rows = edition.board.rows
    coords = edition.coordinates
    top = len(rows) - 1
    pitch = _CARD_H + _ROW_GAP
    card_xy = tuple((col * _HALF, (top - row) * pitch) for row, col in coords)
    centres: list[tuple[float, float]] = []
    gaps: list[int] = []
    for offering in edition.board.offering_slots:
        cells = [coords[c] for c in offering.cards]
        col = sum(c for _, c in cells) / 3
        low = min(r for r, _ in cells)
        centres.append((col * _HALF + _CARD_W / 2, (top - low) * pitch - _ROW_GAP / 2))
        gaps.append(low)
    halves: list[float] = []
    for k, (x, _) in enumerate(centres):
        room = _CARD_W / 2 - 4
        for j, (other_x, _) in enumerate(centres):
            if j == k or gaps[j] != gaps[k]:
                continue
            distance = abs(other_x - x)
            if edition.board.offering_slots[j].kind is OfferingKind.MARIGOLD:
                room = min(room, distance - _MARIGOLD_R - 4)
            else:
                room = min(room, distance / 2 - 3)
        halves.append(max(room, _MARIGOLD_R))
    max_col = max(c for _, c in coords)
    layout = _Layout(
        tuple(card_xy), tuple(centres), tuple(halves), max_col * _HALF + _CARD_W, len(rows) * pitch - _ROW_GAP
    )
    _LAYOUTS[id(edition)] = (edition, layout)
    return layout


# ---------------------------------------------------------------------------------------------------------------
# Components.
