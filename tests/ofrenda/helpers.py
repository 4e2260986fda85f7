"""Building Ofrenda positions for tests: chosen draws, then chosen Ofrendas."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.ofrenda import (
    Action,
    Config,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    State,
    apply,
    current_player,
    legal_actions,
    new_game,
)


def without_events(state: State) -> State:
    """``state`` with no recent events -- what a position describes (positions leave the events out)."""
    return attrs.evolve(state, recent_events=())


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in turn, each checked against ``legal_actions`` first."""
    for action in actions:
        assert action in legal_actions(state), f"{action!r} not legal in phase {state.phase.value}"
        state = apply(state, action)
    return state


def set_up(
    config: Config,
    *,
    removed: Sequence[int] = (),
    goals: Sequence[int] = (),
    market: Sequence[int] = (0, 1, 2, 3),
    candles: Sequence[int] = (0, 1, 2, 3),
    hands: Sequence[Sequence[int]] = (),
) -> State:
    """An unseeded game whose setup draws are the given ones (hands default to the lowest free cards)."""
    state = new_game(config)
    draws: list[Action] = [DrawPortrait(c) for c in removed]
    draws += [DrawGoal(g) for g in goals]
    draws += [DrawPortrait(c) for c in market]
    draws += [DrawCandle(c) for c in candles]
    state = play(state, *draws)
    if not hands:
        free = [c for c in state.deck]
        hands = [free[3 * seat : 3 * seat + 3] for seat in range(config.players)]
    for round_ in range(3):
        for seat in range(config.players):
            state = play(state, DrawPortrait(hands[seat][round_]))
    return state


def with_board(
    state: State,
    seat: int,
    *,
    portraits: Mapping[int, int] | None = None,
    lit: Iterable[int] = (),
    marigolds: int | None = None,
    candles: Sequence[int] | None = None,
    marigold_slots: Iterable[int] = (),
) -> State:
    """``state`` with parts of one player's Ofrenda and storage replaced (placed cards leave the deck)."""
    board = state.boards[seat]
    changes: dict[str, Any] = {}
    deck = state.deck
    if portraits is not None:
        cards: list[int | None] = [None] * len(board.portraits)
        for slot, card in portraits.items():
            cards[slot] = card
        changes["portraits"] = tuple(cards)
        deck = tuple(c for c in deck if c not in portraits.values())
    lit_slots = set(lit)
    if lit_slots:
        changes["lit"] = tuple(slot in lit_slots for slot in range(len(board.lit)))
    supply = state.supply
    if marigolds is not None:
        supply -= marigolds - board.marigolds
        changes["marigolds"] = marigolds
    bag = state.bag
    if candles is not None:
        changes["candles"] = tuple(sorted(candles))
        bag = tuple(c for c in bag if c not in candles)
    placed = set(marigold_slots)
    if placed:
        changes["marigold_slots"] = tuple(k in placed for k in range(len(board.marigold_slots)))
        supply -= len(placed)
    board = attrs.evolve(board, **changes)
    boards = state.boards[:seat] + (board,) + state.boards[seat + 1 :]
    return attrs.evolve(state, boards=boards, deck=deck, bag=bag, supply=supply)


def settle_chance(state: State, portraits: Sequence[int] = (), candles: Sequence[int] = ()) -> State:
    """Resolve pending draws with the given portraits and candles, in order."""
    portrait_iter = iter(portraits)
    candle_iter = iter(candles)
    while current_player(state) == CHANCE:
        outcome = legal_actions(state)[0]
        if isinstance(outcome, DrawPortrait):
            outcome = DrawPortrait(next(portrait_iter))
        elif isinstance(outcome, DrawCandle):
            outcome = DrawCandle(next(candle_iter))
        state = play(state, outcome)
    return state


def playing(state: State, seat: int, hand: Sequence[int], **board: object) -> State:
    """``state`` at ``seat``'s Play step holding ``hand`` (cards leave the deck), with ``with_board`` changes."""
    from ofrenda_rules.ofrenda import Phase

    state = with_board(state, seat, **board)  # type: ignore[arg-type]
    deck = tuple(c for c in state.deck if c not in hand)
    hands = state.hands[:seat] + (tuple(sorted(hand)),) + state.hands[seat + 1 :]
    return attrs.evolve(state, phase=Phase.PLAY, seat=seat, hands=hands, deck=deck)
