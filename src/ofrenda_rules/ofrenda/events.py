"""The events of Ofrenda: what each step did, in the rulebook's words.

:func:`~ofrenda_rules.ofrenda.rules.step` returns the events of one step, the
whole truth; a :class:`~ofrenda_rules.ofrenda.state.State` keeps those since
(and including) the most recent player decision in ``recent_events``, and a
:class:`~ofrenda_rules.ofrenda.view.View` carries them as its seat may know
them (:func:`event_seen_by`). Each class has a stable ``TAG``, its JSON
``"type"``. Spaces of the Family board are 0-3 from the left, card slots
0-11 and candle/marigold slots 0-7, as in actions.

Only two events carry hidden information: the portrait dealt to a hand (its
identity is the receiving seat's alone) and the portrait removed unseen in the
solo setup (nobody's). A view shows them with ``card=None``.

>>> from ofrenda_rules.json import dumps
>>> dumps(PortraitTaken(seat=0, space=2, card=14, paid=2, gained=1), Event)
'{"card":14,"gained":1,"paid":2,"seat":0,"space":2,"type":"portrait_taken"}'
>>> event_seen_by(PortraitDealt(seat=1, card=14), 0)
PortraitDealt(seat=1, card=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from ofrenda_rules.json import register_tagged_union
from ofrenda_rules.ofrenda.components import SoloTier

__all__ = [
    "EVENT_CLASSES",
    "AbuelaDiscardedCandle",
    "AbuelaMoved",
    "CandleDeclined",
    "CandleDrawn",
    "CandleLit",
    "CandlePlaced",
    "CandleTaken",
    "Event",
    "GameEnded",
    "GoalClaimed",
    "GoalDrawn",
    "MarigoldPlaced",
    "PortraitDealt",
    "PortraitDiscarded",
    "PortraitDrawn",
    "PortraitLit",
    "PortraitPlaced",
    "PortraitRemoved",
    "PortraitTaken",
    "SlotLeftEmpty",
    "SlotsSurrounded",
    "event_seen_by",
    "events_seen_by",
    "recast_hidden_cards",
]

# -- setup and replenishing (chance) ----------------------------------------------------------------


@attrs.frozen
class PortraitRemoved:
    """Solo setup: a portrait was removed unseen from the deck and returned to the box."""

    TAG: ClassVar[str] = "portrait_removed"
    card: int | None
    """The portrait removed; ``None`` in every view (nobody sees it)."""


@attrs.frozen
class GoalDrawn:
    """Common goals setup: a goal card of the next type was placed below the Family board, with its tokens."""

    TAG: ClassVar[str] = "goal_drawn"
    goal: int
    """The goal card."""


@attrs.frozen
class PortraitDrawn:
    """A portrait was drawn from the deck to a space of the Family board (at setup, or replenishing)."""

    TAG: ClassVar[str] = "portrait_drawn"
    space: int
    """The space it was placed in (the rightmost empty one)."""
    card: int
    """The portrait, unlit side up for all to see."""


@attrs.frozen
class CandleDrawn:
    """A candle was picked from the bag for a space of the Family board (at setup, or replenishing)."""

    TAG: ClassVar[str] = "candle_drawn"
    space: int
    """The space it was placed in."""
    candle: int
    """The candle."""


@attrs.frozen
class PortraitDealt:
    """Setup: a portrait was dealt to a player's starting hand."""

    TAG: ClassVar[str] = "portrait_dealt"
    seat: int
    """The player who received it."""
    card: int | None
    """The portrait; ``None`` in the other players' views."""


# -- the player's turn ----------------------------------------------------------------------------


@attrs.frozen
class PortraitTaken:
    """Take 1 Portrait: a player took a portrait from the Family board into their hand."""

    TAG: ClassVar[str] = "portrait_taken"
    seat: int
    """The player."""
    space: int
    """The space it was taken from."""
    card: int
    """The portrait (seen by all on the Family board)."""
    paid: int
    """Marigolds placed from storage, one on each skipped portrait."""
    gained: int
    """Marigolds that lay on the portrait, now in the player's storage."""


@attrs.frozen
class CandleTaken:
    """Take 1 Candle: a player took a candle from the Family board into their storage."""

    TAG: ClassVar[str] = "candle_taken"
    seat: int
    """The player."""
    space: int
    """The space it was taken from."""
    candle: int
    """The candle."""
    paid: int
    """``1`` when a marigold was placed on the portrait below it (not above the taken portrait), else ``0``."""


@attrs.frozen
class CandleDeclined:
    """A player chose to take no candle this turn."""

    TAG: ClassVar[str] = "candle_declined"
    seat: int
    """The player."""


@attrs.frozen
class PortraitPlaced:
    """A player placed a portrait from hand, unlit side up, on their Ofrenda."""

    TAG: ClassVar[str] = "portrait_placed"
    seat: int
    """The player."""
    card: int
    """The portrait."""
    slot: int
    """The card slot."""
    marigolds: int
    """Marigolds the slot gave (``1`` on a marigold-flower slot with the supply not empty), or ``-1`` when
    returned for a crossed-out one; ``0`` otherwise."""


@attrs.frozen
class PortraitDiscarded:
    """A player discarded a portrait from hand for marigolds (leaving a card slot empty for good)."""

    TAG: ClassVar[str] = "portrait_discarded"
    seat: int
    """The player."""
    card: int
    """The portrait, now face up on their discard pile."""
    gained: int
    """Marigolds gained from the supply (3, fewer if the supply ran short)."""


@attrs.frozen
class SlotsSurrounded:
    """The portrait just placed surrounded candle/marigold slots: the player may fill them now or never."""

    TAG: ClassVar[str] = "slots_surrounded"
    seat: int
    """The player."""
    slots: tuple[int, ...]
    """The surrounded candle/marigold slots, in order."""


@attrs.frozen
class CandlePlaced:
    """A player placed a candle from storage, unlit side up, in a surrounded slot."""

    TAG: ClassVar[str] = "candle_placed"
    seat: int
    """The player."""
    slot: int
    """The candle/marigold slot."""
    candle: int
    """The candle."""


@attrs.frozen
class MarigoldPlaced:
    """A player placed a marigold from storage in a surrounded slot."""

    TAG: ClassVar[str] = "marigold_placed"
    seat: int
    """The player."""
    slot: int
    """The candle/marigold slot."""


@attrs.frozen
class SlotLeftEmpty:
    """A player left a surrounded slot empty; it can never be filled."""

    TAG: ClassVar[str] = "slot_left_empty"
    seat: int
    """The player."""
    slot: int
    """The candle/marigold slot."""


@attrs.frozen
class PortraitLit:
    """A portrait's objective held and it was flipped to its lit side."""

    TAG: ClassVar[str] = "portrait_lit"
    seat: int
    """The player whose Ofrenda it is on."""
    slot: int
    """The card slot."""
    card: int
    """The portrait."""
    at_end: bool
    """Flipped in the final check at the end of the game (empty adjacent slots ignored), not in play."""


@attrs.frozen
class CandleLit:
    """A candle's objective held and it was flipped to its lit side."""

    TAG: ClassVar[str] = "candle_lit"
    seat: int
    """The player whose Ofrenda it is on."""
    slot: int
    """The candle/marigold slot."""
    candle: int
    """The candle."""
    at_end: bool
    """Flipped in the final check at the end of the game (end-of-game candles only light then)."""


@attrs.frozen
class GoalClaimed:
    """Common goals: at the end of their turn a player met a goal card and took its top scoring token."""

    TAG: ClassVar[str] = "goal_claimed"
    seat: int
    """The player."""
    goal: int
    """The goal card."""
    token: int | None
    """The scoring token taken; ``None`` when none was left on the card."""
    points: int
    """The token's value (``0`` without a token)."""


# -- the Abuela (solo) ----------------------------------------------------------------------------


@attrs.frozen
class AbuelaMoved:
    """The Abuela's turn: she rolled the die and discarded the portrait of the space it gives."""

    TAG: ClassVar[str] = "abuela_moved"
    face: int
    """The face rolled, 1 to 6 (1 or 2 give space 0, 3 space 1, 4 space 2, 5 or 6 space 3 and a candle too)."""
    space: int
    """The space she discarded from."""
    card: int
    """The portrait discarded."""
    paid: int
    """Marigolds from the general supply placed on the skipped portraits."""
    returned: int
    """Marigolds that lay on the discarded portrait, returned to the supply (``0`` when they stay on the space)."""


@attrs.frozen
class AbuelaDiscardedCandle:
    """The Abuela rolled 5 or 6 and rolled again: the candle of the space it gives is discarded."""

    TAG: ClassVar[str] = "abuela_discarded_candle"
    face: int
    """The second face rolled."""
    space: int
    """The space it gives."""
    candle: int | None
    """The candle discarded; ``None`` when that space held none."""
    paid: int
    """``1`` when a marigold from the supply was placed on the portrait below it, else ``0``."""


# -- the end --------------------------------------------------------------------------------------


@attrs.frozen
class GameEnded:
    """Every player has played 12 turns: the final flips are made and the Ofrendas scored."""

    TAG: ClassVar[str] = "game_ended"
    scores: tuple[int, ...]
    """Final points per seat."""
    winners: tuple[int, ...]
    """The seats that win (tied seats share the victory); in the solo mode ``(0,)`` unless the tier is a mess."""
    tier: SoloTier | None
    """The solo tier; ``None`` in a multiplayer game."""


Event = (
    PortraitRemoved
    | GoalDrawn
    | PortraitDrawn
    | CandleDrawn
    | PortraitDealt
    | PortraitTaken
    | CandleTaken
    | CandleDeclined
    | PortraitPlaced
    | PortraitDiscarded
    | SlotsSurrounded
    | CandlePlaced
    | MarigoldPlaced
    | SlotLeftEmpty
    | PortraitLit
    | CandleLit
    | GoalClaimed
    | AbuelaMoved
    | AbuelaDiscardedCandle
    | GameEnded
)
"""Every event of the game."""

EVENT_CLASSES: Final[tuple[type, ...]] = (
    PortraitRemoved,
    GoalDrawn,
    PortraitDrawn,
    CandleDrawn,
    PortraitDealt,
    PortraitTaken,
    CandleTaken,
    CandleDeclined,
    PortraitPlaced,
    PortraitDiscarded,
    SlotsSurrounded,
    CandlePlaced,
    MarigoldPlaced,
    SlotLeftEmpty,
    PortraitLit,
    CandleLit,
    GoalClaimed,
    AbuelaMoved,
    AbuelaDiscardedCandle,
    GameEnded,
)
"""The event classes, in the order of the union."""

register_tagged_union(Event)

_REMOVED_UNSEEN: Final = PortraitRemoved(None)


def event_seen_by(event: Event, seat: int) -> Event | None:
    """``event`` as ``seat`` may know it: the same event, or one with the hidden card left out.

    A portrait dealt to another seat and a portrait removed unseen show
    ``card=None``; every other event is public (the Family board, the
    Ofrendas, storages and discard piles are on the table). No event is
    dropped, so a view's events are as many as the state's. A spectator
    (``seat`` :data:`~ofrenda_rules.game.SPECTATOR`, ``-1``) holds no seat, so
    sees no dealt portrait at all.

    >>> event_seen_by(PortraitDealt(seat=0, card=14), 0)
    PortraitDealt(seat=0, card=14)
    >>> event_seen_by(PortraitDealt(seat=0, card=14), -1)
    PortraitDealt(seat=0, card=None)
    >>> event_seen_by(PortraitRemoved(card=3), 0)
    PortraitRemoved(card=None)
    """
    cls = type(event)
    if cls is PortraitDealt:
        assert isinstance(event, PortraitDealt)
        return event if event.seat == seat or event.card is None else PortraitDealt(event.seat, None)
    if cls is PortraitRemoved:
        return _REMOVED_UNSEEN
    return event


def events_seen_by(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """Each of ``events`` as ``seat`` may know it (see :func:`event_seen_by`); the tuple itself when all public."""
    for event in events:
        if type(event) is PortraitDealt or type(event) is PortraitRemoved:
            break
    else:
        return events
    seen = (event_seen_by(event, seat) for event in events)
    return tuple(event for event in seen if event is not None)


def recast_hidden_cards(
    events: tuple[Event, ...], dealt: Mapping[tuple[int, int], int], removed: Mapping[int, int]
) -> tuple[Event, ...]:
    """``events`` with the hidden cards renamed, for a state whose hidden cards were redealt.

    ``dealt`` maps ``(seat, old card)`` to the card that seat holds instead;
    ``removed`` maps an old removed portrait to its replacement. Cards not in
    the maps are kept.

    >>> recast_hidden_cards((PortraitDealt(1, 14), PortraitRemoved(3)), {(1, 14): 20}, {3: 7})
    (PortraitDealt(seat=1, card=20), PortraitRemoved(card=7))
    """
    recast: list[Event] = []
    for event in events:
        if isinstance(event, PortraitDealt) and event.card is not None:
            event = PortraitDealt(event.seat, dealt.get((event.seat, event.card), event.card))
        elif isinstance(event, PortraitRemoved) and event.card is not None:
            event = PortraitRemoved(removed.get(event.card, event.card))
        recast.append(event)
    return tuple(recast)
