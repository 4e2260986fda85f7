"""Día de los Muertos' moves as picks on the table (see :mod:`ofrenda_rules.picks`).

Every decision is one card: a card in hand to play, or (after a TAKE) a card
in front of another seat to take. Each pick names the element
:func:`~ofrenda_rules.dia_de_los_muertos.render_svg` draws with that ``id``:
``hand-red-14`` (a card in the viewer's hand) or ``trick-red-14`` (a card
played to the trick).

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions, observe
>>> state = new_game(Config(players=3), seed=7)
>>> seat = state.to_play
>>> paths = action_picks(observe(state, seat), legal_actions(state))
>>> all(len(path) == 1 and path[0].element.startswith("hand-") for path in paths)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ofrenda_rules.dia_de_los_muertos.actions import Action, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card
from ofrenda_rules.dia_de_los_muertos.events import CardLed, CardPlayed, Event
from ofrenda_rules.dia_de_los_muertos.text import describe_card, plays_replacement
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.picks import Pick

__all__ = ["action_picks", "hand_id", "last_move_elements", "trick_id"]


def hand_id(card: Card) -> str:
    """The picture element of ``card`` in the viewer's hand."""
    return f"hand-{card.suit.value}-{card.number}"


def trick_id(card: Card) -> str:
    """The picture element of ``card`` played to the trick."""
    return f"trick-{card.suit.value}-{card.number}"


def _path(view: View, action: Action) -> tuple[Pick, ...]:
    deck = view.config.deck
    if isinstance(action, PlayCard):
        replacing = " as a replacement" if plays_replacement(view) else ""
        return (Pick(f"play {describe_card(deck, action.card)}{replacing}", hand_id(action.card)),)
    if isinstance(action, TakeCard):
        return (Pick(f"take {describe_card(deck, action.card)}", trick_id(action.card)),)
    raise ValueError(f"Día de los Muertos picks: {action!r} is not a player's decision")


def last_move_elements(events: Sequence[Event]) -> tuple[str, ...]:
    """The picture elements the last decision changed (its ``recent_events``): the card it played to the trick."""
    return tuple(trick_id(event.card) for event in events if isinstance(event, CardLed | CardPlayed))


def action_picks(view: View, actions: Sequence[Action]) -> tuple[tuple[Pick, ...], ...]:
    """The path of picks of each of ``actions`` (the legal actions of the seat whose ``view`` this is).

    Raises:
        ValueError: One of ``actions`` is a chance outcome, not a decision.
    """
    return tuple(_path(view, action) for action in actions)
