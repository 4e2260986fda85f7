"""Ofrenda's moves as picks on the table (see :mod:`ofrenda_rules.picks`).

Labels number slots and spaces as the pictures do (card slot 0-11, candle/marigold slot 0-7, Family
board space 1-4).

A placement is a portrait in hand, then a slot of the ofrenda; a discard is
"discard a portrait for marigolds", then the portrait (so that no menu holds
more than twelve choices: a portrait's are its empty slots alone); a take is
a space of the Family board; a surrounded candle/marigold slot is filled with
a candle from storage, a marigold, or left empty. Each
pick names the element :func:`~ofrenda_rules.ofrenda.render_svg` draws with
that ``id``: ``seat0-hand-12`` (a portrait in hand), ``seat0-slot-4`` (a card
slot), ``seat0-candle-3`` (a candle in storage), ``seat0-marigolds`` (the
marigolds in storage), ``market-2`` and ``candle-market-2`` (the Family
board's spaces).

>>> from ofrenda_rules.ofrenda import new_game, legal_actions, observe
>>> state = new_game(seed=7)
>>> paths = action_picks(observe(state, 0), legal_actions(state))
>>> [pick.element for pick in paths[0]]
['market-0']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ofrenda_rules.ofrenda import actions as act
from ofrenda_rules.ofrenda.events import CandlePlaced, Event, MarigoldPlaced, PortraitPlaced, SlotLeftEmpty
from ofrenda_rules.ofrenda.view import View
from ofrenda_rules.picks import Pick

__all__ = [
    "DISCARD",
    "action_picks",
    "candle_market_id",
    "hand_id",
    "last_move_elements",
    "market_id",
    "marigolds_id",
    "offering_slot_id",
    "slot_id",
    "storage_candle_id",
]


DISCARD: Final = Pick("discard a portrait for marigolds")
"""The first pick of a discard, beside the portraits in hand (no place on the table)."""


def hand_id(seat: int, card: int) -> str:
    """The picture element of portrait ``card`` in ``seat``'s hand."""
    return f"seat{seat}-hand-{card}"


def slot_id(seat: int, slot: int) -> str:
    """The picture element of card ``slot`` of ``seat``'s ofrenda."""
    return f"seat{seat}-slot-{slot}"


def offering_slot_id(seat: int, slot: int) -> str:
    """The picture element of candle/marigold ``slot`` of ``seat``'s ofrenda."""
    return f"seat{seat}-offering-{slot}"


def storage_candle_id(seat: int, candle: int) -> str:
    """The picture element of ``candle`` in ``seat``'s storage."""
    return f"seat{seat}-candle-{candle}"


def marigolds_id(seat: int) -> str:
    """The picture element of the marigolds in ``seat``'s storage."""
    return f"seat{seat}-marigolds"


def market_id(space: int) -> str:
    """The picture element of portrait ``space`` of the Family board."""
    return f"market-{space}"


def candle_market_id(space: int) -> str:
    """The picture element of candle ``space`` of the Family board."""
    return f"candle-market-{space}"


def _offering(seat: int, slot: int) -> Pick:
    return Pick(f"candle/marigold slot {slot + 1}", offering_slot_id(seat, slot))


def _path(view: View, action: act.Action) -> tuple[Pick, ...]:
    seat = view.player
    if isinstance(action, act.TakePortrait):
        card = view.market[action.space] if 0 <= action.space < len(view.market) else None
        what = "a portrait" if card is None else f"portrait {card}"
        return (Pick(f"take {what} from space {action.space + 1}", market_id(action.space)),)
    if isinstance(action, act.TakeCandle):
        candle = view.candle_market[action.space] if 0 <= action.space < len(view.candle_market) else None
        what = "a candle" if candle is None else f"candle {candle}"
        return (Pick(f"take {what} from space {action.space + 1}", candle_market_id(action.space)),)
    if isinstance(action, act.SkipCandle):
        return (Pick("take no candle"),)
    if isinstance(action, act.PlacePortrait):
        return (
            Pick(f"portrait {action.card}", hand_id(seat, action.card)),
            Pick(f"place it in slot {action.slot + 1}", slot_id(seat, action.slot)),
        )
    if isinstance(action, act.DiscardPortrait):
        # The discard comes first, so that a portrait's menu is its slots alone: at most twelve (issue 38).
        return (DISCARD, Pick(f"discard portrait {action.card}", hand_id(seat, action.card)))
    if isinstance(action, act.PlaceCandle):
        return (_offering(seat, action.slot), Pick(f"candle {action.candle}", storage_candle_id(seat, action.candle)))
    if isinstance(action, act.PlaceMarigold):
        return (_offering(seat, action.slot), Pick("a marigold", marigolds_id(seat)))
    if isinstance(action, act.LeaveEmpty):
        return (_offering(seat, action.slot), Pick("leave it empty"))
    raise ValueError(f"Ofrenda picks: {action!r} is not a player's decision")


def last_move_elements(events: Sequence[Event]) -> tuple[str, ...]:
    """The picture elements the last decision changed (its ``recent_events``): the slot it filled or left empty."""
    found: list[str] = []
    for event in events:
        if isinstance(event, PortraitPlaced):
            found.append(slot_id(event.seat, event.slot))
        elif isinstance(event, CandlePlaced | MarigoldPlaced | SlotLeftEmpty):
            found.append(offering_slot_id(event.seat, event.slot))
    return tuple(found)


def action_picks(view: View, actions: Sequence[act.Action]) -> tuple[tuple[Pick, ...], ...]:
    """The path of picks of each of ``actions`` (the legal actions of the seat whose ``view`` this is).

    Raises:
        ValueError: One of ``actions`` is a chance outcome, not a decision.
    """
    return tuple(_path(view, action) for action in actions)
