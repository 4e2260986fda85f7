"""Building a :class:`~ofrenda_rules.dia_de_los_muertos.State` straight into its slots.

The transitions build one state per step. ``State``'s attrs ``__init__`` only
stores its arguments, so the kernel's :func:`~ofrenda_rules.copying.plain_constructor`
and :func:`~ofrenda_rules.copying.replacer` build it into its slots, for about
a third of the cost of calling ``State(...)``; were ``State`` ever to validate
or convert a field, they would call ``State`` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ofrenda_rules.copying import plain_constructor, replacer
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import Event, TrickWon
from ofrenda_rules.dia_de_los_muertos.state import HighLowCard, State
from ofrenda_rules.rng import Rng

__all__ = ["all_dealt", "deal_one", "new_state", "new_trick_won", "play_on"]

_Hands = tuple[tuple[Card, ...], ...]
_Front = tuple[Card | None, ...]
_Events = tuple[Event, ...]
_Voids = tuple[tuple[Suit, ...], ...]

new_state: Final[Callable[..., State]] = plain_constructor(State)
"""Build a :class:`State` from all its fields, positionally: the transitions' constructor."""

deal_one: Final[Callable[[State, _Hands, tuple[Card, ...], int, _Events], State]] = replacer(
    State, ("hands", "stock", "dealt", "recent_events"), {"voids": ()}
)
"""The state after one card is dealt: ``state`` with these hands, stock, count dealt and events, and no voids known."""

all_dealt: Final[Callable[[State, _Hands, tuple[Card, ...], int, Rng, _Events], State]] = replacer(
    State, ("hands", "stock", "dealt", "rng", "recent_events"), {"voids": ()}
)
"""The state after the whole deal at once: ``state`` with these hands, stock, count, generator and events, no voids."""

play_on: Final[
    Callable[[State, _Hands, _Front, Card | None, HighLowCard | None, int, bool, _Hands, _Events, _Voids, bool], State]
] = replacer(
    State,
    ("hands", "in_front", "lead_card", "high_low", "to_play", "taking", "piles", "recent_events", "voids", "replacing"),
    {"over": False},
)
"""The state after a step within a trick: ``state`` with the given fields (``replacing`` last), the game not over.

The stock, the count dealt, the lead seat, the cards set aside, the tricks and
the generator are ``state``'s.
"""

new_trick_won: Final[Callable[[int, int, tuple[Card, ...], Mark, int], TrickWon]] = plain_constructor(TrickWon)
"""Build a :class:`TrickWon` (once per trick) straight into its slots, as :data:`new_state` does a state."""
