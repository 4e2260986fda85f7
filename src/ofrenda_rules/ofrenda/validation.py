"""Why a player's decision is or is not legal: one rejection code per reason.

Every rejection names the values involved, e.g. ``PlacePortrait(card=3,
slot=6)`` in a crossed-out slot without a marigold: "slot 6 is crossed out
and player 0 has no marigold to return".
"""

from __future__ import annotations

from ofrenda_rules.errors import Rejection
from ofrenda_rules.ofrenda.actions import (
    Action,
    DiscardPortrait,
    LeaveEmpty,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    SkipCandle,
    TakeCandle,
    TakePortrait,
)
from ofrenda_rules.ofrenda.components import OfferingKind
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Phase, State
from ofrenda_rules.ofrenda.turn import slot_options

__all__ = ["validate_decision"]

_PHASE_OF: dict[type, Phase] = {
    TakePortrait: Phase.TAKE_PORTRAIT,
    TakeCandle: Phase.TAKE_CANDLE,
    SkipCandle: Phase.TAKE_CANDLE,
    PlacePortrait: Phase.PLAY,
    DiscardPortrait: Phase.PLAY,
    PlaceCandle: Phase.OFFERINGS,
    PlaceMarigold: Phase.OFFERINGS,
    LeaveEmpty: Phase.OFFERINGS,
}

_WAITING = {
    Phase.TAKE_PORTRAIT: "take a portrait",
    Phase.TAKE_CANDLE: "take a candle or decline",
    Phase.PLAY: "place or discard a portrait",
    Phase.OFFERINGS: "decide a surrounded candle/marigold slot",
}


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high


def validate_decision(state: State, action: Action) -> Rejection | None:
    """The rejection of a player decision in a decision phase, or ``None``."""
    seat = state.seat
    phase = _PHASE_OF.get(type(action))
    if phase is None:
        return Rejection("not-a-decision", f"{action!r} is a chance outcome, not a player decision")
    if phase is not state.phase:
        return Rejection("wrong-step", f"player {seat} must {_WAITING[state.phase]} now, not {action!r}")
    board = state.boards[seat]
    if isinstance(action, TakePortrait):
        space = action.space
        if not _is_int(space, 0, MARKET_SIZE):
            return Rejection("no-such-space", f"the Family board has spaces 0-{MARKET_SIZE - 1}, not {space!r}")
        if state.market[space] is None:
            return Rejection("empty-space", f"there is no portrait in space {space}")
        if board.marigolds < space:
            return Rejection(
                "not-enough-marigolds",
                f"taking the portrait in space {space} skips {space} portraits; player {seat} has "
                f"{board.marigolds} marigolds",
            )
        return None
    if isinstance(action, TakeCandle):
        space = action.space
        if not _is_int(space, 0, MARKET_SIZE):
            return Rejection("no-such-space", f"the Family board has spaces 0-{MARKET_SIZE - 1}, not {space!r}")
        if len(board.candles) >= 3:
            return Rejection("candle-storage-full", f"player {seat} already has {len(board.candles)} candles")
        if state.candle_market[space] is None:
            return Rejection("empty-space", f"there is no candle in space {space}")
        if space != state.taken_space and board.marigolds < 1:
            return Rejection(
                "not-enough-marigolds",
                f"the candle in space {space} is not above the taken portrait and player {seat} has no marigold",
            )
        return None
    if isinstance(action, SkipCandle):
        return None
    if isinstance(action, PlacePortrait | DiscardPortrait):
        card = action.card
        if type(card) is not int or card not in state.hands[seat]:
            return Rejection("card-not-in-hand", f"portrait {card!r} is not in player {seat}'s hand")
        if isinstance(action, DiscardPortrait):
            return None
        slot = action.slot
        slots = len(board.portraits)
        if not _is_int(slot, 0, slots):
            return Rejection("no-such-slot", f"the Ofrenda has card slots 0-{slots - 1}, not {slot!r}")
        if board.portraits[slot] is not None:
            return Rejection("slot-taken", f"card slot {slot} already holds portrait {board.portraits[slot]}")
        if state.config.edition.slot_effect[slot] < 0 and board.marigolds < 1:
            return Rejection(
                "crossed-out-without-marigold",
                f"slot {slot} is crossed out and player {seat} has no marigold to return",
            )
        return None
    if isinstance(action, PlaceCandle | PlaceMarigold | LeaveEmpty):
        return _validate_offering(state, action)
    return Rejection("not-a-decision", f"{action!r} is a chance outcome, not a player decision")


def _validate_offering(state: State, action: PlaceCandle | PlaceMarigold | LeaveEmpty) -> Rejection | None:
    seat = state.seat
    slot = action.slot
    head = state.pending[0]
    if slot != head:
        return Rejection("not-this-slot", f"player {seat} must decide candle/marigold slot {head} now, not {slot!r}")
    if isinstance(action, LeaveEmpty):
        return None
    candle_ok, marigold_ok = slot_options(state, slot)
    kind = state.config.edition.board.offering_slots[slot].kind
    if isinstance(action, PlaceMarigold):
        if marigold_ok:
            return None
        if not state.config.offering_in_any_slot and kind is OfferingKind.CANDLE:
            return Rejection("candle-slot", f"slot {slot} is a candle slot; a marigold cannot go there")
        return Rejection("no-marigold", f"player {seat} has no marigold in storage")
    if not candle_ok:
        if not state.config.offering_in_any_slot and kind is OfferingKind.MARIGOLD:
            return Rejection("marigold-slot", f"slot {slot} is a marigold slot; a candle cannot go there")
        return Rejection("no-candle", f"player {seat} has no candle in storage")
    if type(action.candle) is not int or action.candle not in state.boards[seat].candles:
        return Rejection("candle-not-in-storage", f"candle {action.candle!r} is not in player {seat}'s storage")
    return None
