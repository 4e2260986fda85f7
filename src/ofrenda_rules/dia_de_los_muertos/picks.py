"""Día de los Muertos' moves as picks on the table (see :mod:`ofrenda_rules.picks`).

Every decision is one card: a card in hand to play, or (after a TAKE) a card
in front of another seat to take. Each pick names the element
:func:`~ofrenda_rules.dia_de_los_muertos.render_svg` draws with that ``id``:
``hand-red-14`` (a card in the viewer's hand) or ``trick-red-14`` (a card
played to the trick).

A menu never offers more than :data:`MENU` choices. When more cards than that
may be played (a 3-player hand holds 15), the card is picked in two steps: its
colour first (``hand-red``, the viewer's red cards in the picture, "Red cards
(6)"), then the card. A colour with more than :data:`MENU` playable cards (a
hand of 13 or more of one colour) adds a step between, with no place on the
table: the cards 1 to 10 or 11 to 20 of that colour.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions, observe
>>> state = new_game(Config(players=4), seed=7)
>>> paths = action_picks(observe(state, state.to_play), legal_actions(state))
>>> all(len(path) == 1 and path[0].element.startswith("hand-") for path in paths)
True
>>> state = new_game(Config(players=3), seed=7)
>>> paths = action_picks(observe(state, state.to_play), legal_actions(state))
>>> sorted({path[0].label for path in paths}), paths[0][-1].label
(['Black cards (4)', 'Red cards (6)', 'White cards (5)'], 'play Black 3 (Low, -1, TAKE)')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ofrenda_rules.dia_de_los_muertos.actions import Action, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
from ofrenda_rules.dia_de_los_muertos.events import CardLed, CardPlayed, Event
from ofrenda_rules.dia_de_los_muertos.text import describe_card, plays_replacement
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.picks import Pick

__all__ = ["MENU", "action_picks", "hand_id", "last_move_elements", "suit_id", "trick_id"]

MENU: Final = 12
"""The most choices one pick offers, so that no list is longer than a dozen entries (issue 38)."""

_BAND: Final = 10
"""A colour with more than :data:`MENU` playable cards is split into its cards up to this number and those above."""


def hand_id(card: Card) -> str:
    """The picture element of ``card`` in the viewer's hand."""
    return f"hand-{card.suit.value}-{card.number}"


def trick_id(card: Card) -> str:
    """The picture element of ``card`` played to the trick."""
    return f"trick-{card.suit.value}-{card.number}"


def suit_id(suit: Suit) -> str:
    """The picture element of the viewer's cards of ``suit`` in hand (the group around them)."""
    return f"hand-{suit.value}"


def _narrowing(cards: Sequence[Card]) -> dict[Card, tuple[Pick, ...]]:
    """The picks before each card when there are more than :data:`MENU` to choose from, else none.

    The colour first; then, for a colour with more than :data:`MENU` cards,
    its cards up to :data:`_BAND` or above it.
    """
    if len(cards) <= MENU:
        return {}
    before: dict[Card, tuple[Pick, ...]] = {}
    for suit in Suit:
        of_suit = [card for card in cards if card.suit is suit]
        if not of_suit:
            continue
        name = suit.value.capitalize()
        colour = Pick(f"{name} cards ({len(of_suit)})", suit_id(suit))
        if len(of_suit) <= MENU:
            before.update((card, (colour,)) for card in of_suit)
            continue
        low = [card for card in of_suit if card.number <= _BAND]
        high = [card for card in of_suit if card.number > _BAND]
        for band, (first, last) in ((low, (1, _BAND)), (high, (_BAND + 1, 20))):
            pick = Pick(f"{name} {first} to {last} ({len(band)})")
            before.update((card, (colour, pick)) for card in band)
    return before


def _path(view: View, action: Action, before: dict[Card, tuple[Pick, ...]]) -> tuple[Pick, ...]:
    deck = view.config.deck
    if isinstance(action, PlayCard):
        replacing = " as a replacement" if plays_replacement(view) else ""
        card = Pick(f"play {describe_card(deck, action.card)}{replacing}", hand_id(action.card))
        return (*before.get(action.card, ()), card)
    if isinstance(action, TakeCard):
        return (Pick(f"take {describe_card(deck, action.card)}", trick_id(action.card)),)
    raise ValueError(f"Día de los Muertos picks: {action!r} is not a player's decision")


def last_move_elements(events: Sequence[Event]) -> tuple[str, ...]:
    """The picture elements the last decision changed (its ``recent_events``): the card it played to the trick."""
    return tuple(trick_id(event.card) for event in events if isinstance(event, CardLed | CardPlayed))


def action_picks(view: View, actions: Sequence[Action]) -> tuple[tuple[Pick, ...], ...]:
    """The path of picks of each of ``actions`` (the legal actions of the seat whose ``view`` this is).

    One pick, the card; with more than :data:`MENU` cards to choose from, the
    colour first (and for a colour with more than :data:`MENU`, which half of it).

    Raises:
        ValueError: One of ``actions`` is a chance outcome, not a decision.
    """
    before = _narrowing([action.card for action in actions if isinstance(action, PlayCard)])
    return tuple(_path(view, action, before) for action in actions)
