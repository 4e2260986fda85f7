"""Building a :class:`~ofrenda_rules.dia_de_los_muertos.State` straight into its slots.

The transitions build one state per step; :func:`new_state` does it for
about half the cost of calling ``State(...)``, and only while ``State``'s
attrs ``__init__`` merely stores its arguments (checked when this module loads).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import Event, TrickWon
from ofrenda_rules.dia_de_los_muertos.state import HighLowCard, State
from ofrenda_rules.rng import Rng

__all__ = ["STATE_FIELDS", "new_state", "new_trick_won", "plain_init", "play_on"]

_Hands = tuple[tuple[Card, ...], ...]
_Front = tuple[Card | None, ...]

STATE_FIELDS: Final = (
    "config",
    "hands",
    "stock",
    "dealt",
    "in_front",
    "leader",
    "lead_card",
    "high_low",
    "to_play",
    "taking",
    "piles",
    "set_aside",
    "tricks",
    "over",
    "rng",
    "recent_events",
    "voids",
)
"""The fields of :class:`State`, in ``__init__`` order, as :func:`new_state` stores them."""


def plain_init(cls: type) -> bool:
    """Whether the attrs ``__init__`` of ``cls`` does nothing but store :data:`STATE_FIELDS` in order.

    True when the fields are exactly those, each an ``__init__`` argument
    without validator or converter, and the class has no pre- or post-init hook.
    """
    fields = attrs.fields(cls)
    return (
        tuple(field.name for field in fields) == STATE_FIELDS
        and all(field.init and field.validator is None and field.converter is None for field in fields)
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
    )


def _slot_setter(name: str) -> Callable[[State, object], None]:
    setter: Callable[[State, object], None] = vars(State)[name].__set__
    return setter


(
    _set_config,
    _set_hands,
    _set_stock,
    _set_dealt,
    _set_in_front,
    _set_leader,
    _set_lead_card,
    _set_high_low,
    _set_to_play,
    _set_taking,
    _set_piles,
    _set_set_aside,
    _set_tricks,
    _set_over,
    _set_rng,
    _set_recent_events,
    _set_voids,
) = map(_slot_setter, STATE_FIELDS)


def _stored(
    config: object,
    hands: _Hands,
    stock: tuple[Card, ...],
    dealt: int,
    in_front: _Front,
    leader: int,
    lead_card: Card | None,
    high_low: HighLowCard | None,
    to_play: int,
    taking: bool,
    piles: _Hands,
    set_aside: tuple[Card, ...],
    tricks: int,
    over: bool,
    rng: Rng | None,
    recent_events: tuple[Event, ...],
    voids: tuple[tuple[Suit, ...], ...] = (),
) -> State:
    state: State = object.__new__(State)
    _set_config(state, config)
    _set_hands(state, hands)
    _set_stock(state, stock)
    _set_dealt(state, dealt)
    _set_in_front(state, in_front)
    _set_leader(state, leader)
    _set_lead_card(state, lead_card)
    _set_high_low(state, high_low)
    _set_to_play(state, to_play)
    _set_taking(state, taking)
    _set_piles(state, piles)
    _set_set_aside(state, set_aside)
    _set_tricks(state, tricks)
    _set_over(state, over)
    _set_rng(state, rng)
    _set_recent_events(state, recent_events)
    _set_voids(state, voids)
    return state


new_state: Final[Callable[..., State]] = _stored if plain_init(State) else State
"""Build a :class:`State` from its fields, positionally: the transitions' constructor.

``State``'s attrs ``__init__`` only stores its arguments (checked by
:func:`plain_init` when this module loads), so ``new_state`` stores them
straight into the instance's slots, which costs about half as much; were
``State`` ever to validate or convert a field, ``new_state`` is ``State`` itself.
"""


def _play_on_stored(
    state: State,
    hands: _Hands,
    in_front: _Front,
    lead_card: Card | None,
    high_low: HighLowCard | None,
    to_play: int,
    taking: bool,
    piles: _Hands,
    recent_events: tuple[Event, ...],
    voids: tuple[tuple[Suit, ...], ...],
) -> State:
    after: State = object.__new__(State)
    _set_config(after, state.config)
    _set_hands(after, hands)
    _set_stock(after, state.stock)
    _set_dealt(after, state.dealt)
    _set_in_front(after, in_front)
    _set_leader(after, state.leader)
    _set_lead_card(after, lead_card)
    _set_high_low(after, high_low)
    _set_to_play(after, to_play)
    _set_taking(after, taking)
    _set_piles(after, piles)
    _set_set_aside(after, state.set_aside)
    _set_tricks(after, state.tricks)
    _set_over(after, False)
    _set_rng(after, state.rng)
    _set_recent_events(after, recent_events)
    _set_voids(after, voids)
    return after


def _play_on_init(
    state: State,
    hands: _Hands,
    in_front: _Front,
    lead_card: Card | None,
    high_low: HighLowCard | None,
    to_play: int,
    taking: bool,
    piles: _Hands,
    recent_events: tuple[Event, ...],
    voids: tuple[tuple[Suit, ...], ...],
) -> State:
    return State(
        state.config,
        hands,
        state.stock,
        state.dealt,
        in_front,
        state.leader,
        lead_card,
        high_low,
        to_play,
        taking,
        piles,
        state.set_aside,
        state.tricks,
        False,
        state.rng,
        recent_events,
        voids,
    )


play_on: Final = _play_on_stored if plain_init(State) else _play_on_init
"""The state after a step within a trick: ``state`` with the given fields, the game not over.

The stock, the count dealt, the lead seat, the cards set aside, the tricks and
the generator are ``state``'s. Built into the slots like :data:`new_state`
(and by ``State(...)`` were ``State``'s ``__init__`` ever to do more than store).
"""


def _plain_event(cls: type, names: tuple[str, ...]) -> bool:
    """Whether the attrs ``__init__`` of the event class ``cls`` only stores ``names`` in order."""
    fields = attrs.fields(cls)
    return (
        tuple(field.name for field in fields) == names
        and all(field.init and field.validator is None and field.converter is None for field in fields)
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
    )


_TRICK_WON_FIELDS: Final = ("trick", "seat", "cards", "side", "points")
_set_trick, _set_seat, _set_cards, _set_side, _set_points = (vars(TrickWon)[name].__set__ for name in _TRICK_WON_FIELDS)


def _trick_won(trick: int, seat: int, cards: tuple[Card, ...], side: Mark, points: int) -> TrickWon:
    event: TrickWon = object.__new__(TrickWon)
    _set_trick(event, trick)
    _set_seat(event, seat)
    _set_cards(event, cards)
    _set_side(event, side)
    _set_points(event, points)
    return event


new_trick_won: Final[Callable[[int, int, tuple[Card, ...], Mark, int], TrickWon]] = (
    _trick_won if _plain_event(TrickWon, _TRICK_WON_FIELDS) else TrickWon
)
"""Build a :class:`TrickWon` (once per trick) straight into its slots, as :data:`new_state` does a state."""
