"""Sizes, colours and seats of a Día de los Muertos picture, and what it shows of a state or a view."""

from __future__ import annotations

import math
from typing import Final

import attrs

from ofrenda_rules.dia_de_los_muertos.components import Card, DeckEdition, Suit
from ofrenda_rules.dia_de_los_muertos.state import Config, State
from ofrenda_rules.dia_de_los_muertos.view import View, observe_public

WIDTH: Final = 1100
"""Width of every picture, in pixels; the height grows with the hands drawn below the table."""

_HEADER: Final = 56
_TABLE_HEIGHT: Final = 600
_CENTRE: Final = (WIDTH / 2, _HEADER + _TABLE_HEIGHT / 2)
_PANEL_W: Final = 250
_PANEL_H: Final = 112
_TRICK_W: Final = 64
_TRICK_H: Final = 92
_HAND_W: Final = 60
_HAND_H: Final = 86
_SMALL_W: Final = 46
_SMALL_H: Final = 66

# Colours: Okabe-Ito where a colour carries meaning, and every meaning also written out.
_FELT: Final = "#2f5d50"
_FELT_EDGE: Final = "#1e3d35"
_PAPER: Final = "#f3e9d2"
_PANEL: Final = "#fdf3e1"
_INK: Final = "#222222"
_TO_PLAY: Final = "#0072b2"
_TARGET: Final = "#e69f00"
_WINNER: Final = "#b8860b"
_BACK: Final = "#4b2a6b"
_BACK_TRIM: Final = "#f2a900"

_SUIT_NAMES: Final = {Suit.BLACK: "Black", Suit.RED: "Red", Suit.WHITE: "White"}
_SUIT_SYMBOLS: Final = {Suit.BLACK: "Skull", Suit.RED: "Offering", Suit.WHITE: "Flower"}
_BORDERS: Final = {Suit.BLACK: "#1a1a1a", Suit.RED: "#c8102e", Suit.WHITE: "#ffffff"}
_HIGH_LOW_BACKGROUNDS: Final = {Suit.BLACK: "#c8102e", Suit.RED: "#eedcb3", Suit.WHITE: "#3fb8af"}
_HIGH_LOW_INK: Final = {Suit.BLACK: "#ffffff", Suit.RED: _INK, Suit.WHITE: _INK}


@attrs.frozen
class _Seat:
    """Where one seat's parts are drawn, by its place around the table (0 is the bottom)."""

    panel: tuple[float, float]
    """Top-left corner of the seat's panel."""
    trick: tuple[float, float]
    """Top-left corner of the card in front of the seat."""


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float) -> bool:
    return (
        a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap
    )


def _layout(players: int) -> tuple[_Seat, ...]:
    """Seat places around an oval table, clockwise from the bottom; each trick card between its seat and the middle.

    Panels sit on an outer oval and cards on an inner one, on the same ray
    from the middle; a card that would touch its panel slides towards the
    middle until it clears it (bounded).
    """
    cx, cy = _CENTRE
    seats = []
    for place in range(players):
        angle = math.pi / 2 + 2 * math.pi * place / players  # y grows downwards: a growing angle turns clockwise
        dx, dy = math.cos(angle), math.sin(angle)
        px, py = cx + 405 * dx, cy + 238 * dy
        panel = (px - _PANEL_W / 2, py - _PANEL_H / 2, float(_PANEL_W), float(_PANEL_H))
        factor = 1.0
        for _ in range(40):
            tx, ty = cx + 215 * factor * dx, cy + 126 * factor * dy
            card = (tx - _TRICK_W / 2, ty - _TRICK_H / 2, float(_TRICK_W), float(_TRICK_H))
            tabs = (card[0], card[1] - 10, card[2], card[3] + 20)  # the LEAD tab above, the "can be taken" tab below
            if not _overlap(panel, tabs, 4):
                break
            factor -= 0.02
        seats.append(
            _Seat(panel=(round(panel[0], 1), round(panel[1], 1)), trick=(round(card[0], 1), round(card[1], 1)))
        )
    return tuple(seats)


_LAYOUTS: Final = {players: _layout(players) for players in (3, 4, 5, 6)}
"""Seat places per player count, computed once."""

_HIGH_LOW_W: Final = 150
_HIGH_LOW_H: Final = 80


def _high_low_top(players: int) -> float:
    """The top of the High/Low card: centred, or just below any upper trick card (with its tabs) that reaches it."""
    cx, cy = _CENTRE
    top = cy - _HIGH_LOW_H / 2
    for seat in _LAYOUTS[players]:
        x, y = seat.trick
        above = y + _TRICK_H / 2 < cy
        if above and x < cx + _HIGH_LOW_W / 2 + 4 and x + _TRICK_W > cx - _HIGH_LOW_W / 2 - 4:
            top = max(top, y + _TRICK_H + 12)
    return top


_HIGH_LOW_TOPS: Final = {players: _high_low_top(players) for players in _LAYOUTS}
"""Where the High/Low card lies, per player count."""


@attrs.frozen
class _Table:
    """What a picture draws, built once from a state or a view: the view and the hidden cards a state adds.

    A state is drawn through its spectator's view (:func:`~ofrenda_rules.dia_de_los_muertos.view.observe_public`)
    with every hand, the stock and the set-aside cards put back face up.
    """

    view: View
    """What the table shows (for a seat's view, that view itself)."""
    viewer: int | None  # a seat, SPECTATOR (every hand face down), or None for a state (all face up)
    config: Config
    hands: tuple[tuple[Card, ...] | None, ...]
    stock: tuple[Card, ...] | None
    set_aside: tuple[Card, ...] | None

    @property
    def edition(self) -> DeckEdition:
        """The deck the cards are drawn from (the config's)."""
        return self.config.deck


def _from_state(state: State) -> _Table:
    public = _from_view(observe_public(state), state.config)
    return attrs.evolve(public, viewer=None, hands=state.hands, stock=state.stock, set_aside=state.set_aside)


def _from_view(view: View, config: Config) -> _Table:
    hands: list[tuple[Card, ...] | None] = [None] * view.players
    if 0 <= view.player < view.players:  # not for SPECTATOR (-1), who holds no hand
        hands[view.player] = view.hand
    return _Table(view=view, viewer=view.player, config=config, hands=tuple(hands), stock=None, set_aside=None)
