"""The actions of Ofrenda: four chance outcomes and eight small decisions.

Each action class has a stable ``TAG`` used as its JSON ``"type"``. Spaces
of the Family board are numbered 0-3 from the left (the free space is 0);
card slots 0-11 and candle/marigold slots 0-7 as on the docs' board picture.

>>> from ofrenda_rules.json import dumps
>>> dumps(PlacePortrait(card=12, slot=6), Action)
'{"card":12,"slot":6,"type":"place_portrait"}'
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from ofrenda_rules.json import register_tagged_union

__all__ = [
    "ACTION_CLASSES",
    "Action",
    "DiscardPortrait",
    "DrawCandle",
    "DrawGoal",
    "DrawPortrait",
    "LeaveEmpty",
    "PlaceCandle",
    "PlaceMarigold",
    "PlacePortrait",
    "RollDie",
    "SkipCandle",
    "TakeCandle",
    "TakePortrait",
]


@attrs.frozen
class DrawPortrait:
    """Chance outcome: the portrait drawn from the deck is ``card``.

    Where it goes follows from the phase: removed unseen (solo setup), to
    the Family board, or dealt to the hand with the fewest cards.
    """

    TAG: ClassVar[str] = "draw_portrait"
    card: int
    """The portrait drawn."""


@attrs.frozen
class DrawCandle:
    """Chance outcome: the candle picked from the bag is ``candle`` (to the leftmost empty space)."""

    TAG: ClassVar[str] = "draw_candle"
    candle: int
    """The candle picked."""


@attrs.frozen
class DrawGoal:
    """Chance outcome (common goals): ``goal`` is the card of the next type placed below the Family board."""

    TAG: ClassVar[str] = "draw_goal"
    goal: int
    """The goal card drawn."""


@attrs.frozen
class RollDie:
    """Chance outcome (solo): the Abuela's die shows ``face`` (1-6)."""

    TAG: ClassVar[str] = "roll_die"
    face: int
    """The face rolled."""


@attrs.frozen
class TakePortrait:
    """Take the portrait in ``space``, paying one marigold on each portrait to its left."""

    TAG: ClassVar[str] = "take_portrait"
    space: int
    """The space, 0-3 (0 is furthest from the deck and free)."""


@attrs.frozen
class TakeCandle:
    """Take the candle in ``space``: free above the taken portrait, else one marigold on the portrait below."""

    TAG: ClassVar[str] = "take_candle"
    space: int
    """The space, 0-3."""


@attrs.frozen
class SkipCandle:
    """Decline the optional candle."""

    TAG: ClassVar[str] = "skip_candle"


@attrs.frozen
class PlacePortrait:
    """Place ``card`` from hand, unlit side up, in the empty card ``slot`` of your Ofrenda."""

    TAG: ClassVar[str] = "place_portrait"
    card: int
    """The portrait played."""
    slot: int
    """The card slot, 0-11."""


@attrs.frozen
class DiscardPortrait:
    """Discard ``card`` from hand and gain three marigolds."""

    TAG: ClassVar[str] = "discard_portrait"
    card: int
    """The portrait discarded."""


@attrs.frozen
class PlaceCandle:
    """Place ``candle`` from storage, unlit side up, in the surrounded candle ``slot``."""

    TAG: ClassVar[str] = "place_candle"
    slot: int
    """The candle/marigold slot, 0-7."""
    candle: int
    """The candle placed."""


@attrs.frozen
class PlaceMarigold:
    """Place a marigold from storage in the surrounded marigold ``slot``."""

    TAG: ClassVar[str] = "place_marigold"
    slot: int
    """The candle/marigold slot."""


@attrs.frozen
class LeaveEmpty:
    """Leave the surrounded ``slot`` empty (it can never be filled later)."""

    TAG: ClassVar[str] = "leave_empty"
    slot: int
    """The candle/marigold slot."""


Action = (
    DrawPortrait
    | DrawCandle
    | DrawGoal
    | RollDie
    | TakePortrait
    | TakeCandle
    | SkipCandle
    | PlacePortrait
    | DiscardPortrait
    | PlaceCandle
    | PlaceMarigold
    | LeaveEmpty
)
"""Every action of the game."""

ACTION_CLASSES: Final[tuple[type, ...]] = (
    DrawPortrait,
    DrawCandle,
    DrawGoal,
    RollDie,
    TakePortrait,
    TakeCandle,
    SkipCandle,
    PlacePortrait,
    DiscardPortrait,
    PlaceCandle,
    PlaceMarigold,
    LeaveEmpty,
)
"""The action classes, for ``isinstance`` checks on untrusted input."""

register_tagged_union(Action)
