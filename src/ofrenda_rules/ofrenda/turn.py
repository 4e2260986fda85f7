"""State transitions of Ofrenda: setup draws, the player turn, the end of the game.

These functions assume a legal action (``rules.validate`` checks first).
"""

from __future__ import annotations

from typing import TypeVar

from ofrenda_rules.copying import evolve
from ofrenda_rules.ofrenda.components import GoalType, OfferingKind
from ofrenda_rules.ofrenda.edition import SOLO_REMOVED, TURNS
from ofrenda_rules.ofrenda.objectives import candle_fulfilled, goal_fulfilled, portrait_fulfilled
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Phase, PlayerBoard, State

__all__ = [
    "DISCARD_GAIN",
    "HAND_SIZE",
    "discard_portrait",
    "draw_candle",
    "draw_goal",
    "draw_portrait",
    "finish",
    "leave_empty",
    "next_setup",
    "place_candle",
    "place_marigold",
    "place_portrait",
    "refill",
    "skip_candle",
    "slot_options",
    "take_candle",
    "take_portrait",
]

HAND_SIZE = 3
"""Portraits dealt to each player at setup."""
DISCARD_GAIN = 3
"""Marigolds gained by discarding a portrait."""

T = TypeVar("T")


def _put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _board(state: State, seat: int, board: PlayerBoard) -> State:
    return evolve(state, boards=_put(state.boards, seat, board))


def gain_from_supply(state: State, wanted: int) -> int:
    """How many of ``wanted`` marigolds the general supply can give."""
    return min(wanted, state.supply)


# -- setup -------------------------------------------------------------------------------------


def next_setup(state: State) -> State:
    """Move to the next setup step that needs a draw, or start the first turn."""
    config = state.config
    if config.solo and len(state.removed) < SOLO_REMOVED:
        return evolve(state, phase=Phase.SETUP_REMOVE)
    if config.common_goals and len(state.goals) < len(GoalType):
        return evolve(state, phase=Phase.SETUP_GOAL)
    if None in state.market:
        return evolve(state, phase=Phase.SETUP_MARKET)
    if None in state.candle_market and state.bag:
        return evolve(state, phase=Phase.SETUP_CANDLES)
    if sum(len(hand) for hand in state.hands) < HAND_SIZE * config.players:
        return evolve(state, phase=Phase.SETUP_DEAL)
    if config.solo:
        return evolve(state, phase=Phase.ABUELA_PORTRAIT, abuela=True)
    return evolve(state, phase=Phase.TAKE_PORTRAIT)


def draw_portrait(state: State, card: int) -> State:
    """A portrait leaves the deck: removed (solo setup), to the Family board, or dealt."""
    deck = tuple(c for c in state.deck if c != card)
    phase = state.phase
    if phase is Phase.SETUP_REMOVE:
        return next_setup(evolve(state, deck=deck, removed=tuple(sorted((*state.removed, card)))))
    if phase is Phase.SETUP_DEAL:
        sizes = [len(hand) for hand in state.hands]
        seat = sizes.index(min(sizes))
        hand = tuple(sorted((*state.hands[seat], card)))
        return next_setup(evolve(state, deck=deck, hands=_put(state.hands, seat, hand)))
    space = state.market.index(None)
    state = evolve(state, deck=deck, market=_put(state.market, space, card))
    return next_setup(state) if phase is Phase.SETUP_MARKET else _after_portrait_refill(state)


def draw_candle(state: State, candle: int) -> State:
    """A candle leaves the bag for the leftmost empty candle space."""
    space = state.candle_market.index(None)
    state = evolve(
        state, bag=tuple(c for c in state.bag if c != candle), candle_market=_put(state.candle_market, space, candle)
    )
    return next_setup(state) if state.phase is Phase.SETUP_CANDLES else _after_candle_refill(state)


def draw_goal(state: State, goal: int) -> State:
    """The goal card of the next type is placed, with its token stack."""
    kind = state.config.edition.goals[goal].type
    stack = state.config.edition.token_stack(kind, state.config.players)
    unused = tuple(t for t in state.unused_tokens if t not in stack)
    return next_setup(evolve(state, goals=(*state.goals, goal), stacks=(*state.stacks, stack), unused_tokens=unused))


# -- the turn ------------------------------------------------------------------------------------


def take_portrait(state: State, space: int) -> State:
    """Take the portrait in ``space``: pay the skipped spaces, gain the marigolds on it."""
    seat = state.seat
    board = state.boards[seat]
    card = state.market[space]
    assert card is not None
    gained = state.market_marigolds[space]
    piles = tuple(m + 1 if i < space else 0 if i == space else m for i, m in enumerate(state.market_marigolds))
    board = evolve(board, marigolds=board.marigolds - space + gained)
    state = evolve(
        state,
        market=_put(state.market, space, None),
        market_marigolds=piles,
        hands=_put(state.hands, seat, tuple(sorted((*state.hands[seat], card)))),
        taken_space=space,
    )
    state = light_candles(_board(state, seat, board), seat)
    if can_take_candle(state):
        return evolve(state, phase=Phase.TAKE_CANDLE)
    return refill(state)


def can_take_candle(state: State) -> bool:
    """Whether the current player may take any candle now."""
    board = state.boards[state.seat]
    if len(board.candles) >= 3:
        return False
    for space, candle in enumerate(state.candle_market):
        if candle is not None and (space == state.taken_space or board.marigolds >= 1):
            return True
    return False


def take_candle(state: State, space: int) -> State:
    """Take the candle in ``space``, paying a marigold on the portrait below unless it is the taken one."""
    seat = state.seat
    board = state.boards[seat]
    candle = state.candle_market[space]
    assert candle is not None
    piles = state.market_marigolds
    paid = 0
    if space != state.taken_space:
        paid = 1
        piles = _put(piles, space, piles[space] + 1)
    board = evolve(board, marigolds=board.marigolds - paid, candles=tuple(sorted((*board.candles, candle))))
    state = evolve(
        state, candle_market=_put(state.candle_market, space, None), market_marigolds=piles, candle_space=space
    )
    return refill(_board(state, seat, board))


def skip_candle(state: State) -> State:
    """Decline the candle."""
    return refill(state)


def refill(state: State) -> State:
    """Slide the Family board to the left and wait for the replenishing draws."""
    if None in state.market:
        pairs = [(c, m) for c, m in zip(state.market, state.market_marigolds, strict=True) if c is not None]
        empty = MARKET_SIZE - len(pairs)
        state = evolve(
            state,
            market=tuple(c for c, _ in pairs) + (None,) * empty,
            market_marigolds=tuple(m for _, m in pairs) + (0,) * empty,
        )
    if None in state.candle_market:
        candles = tuple(c for c in state.candle_market if c is not None)
        state = evolve(state, candle_market=candles + (None,) * (MARKET_SIZE - len(candles)))
    return _after_portrait_refill(state)


def _after_portrait_refill(state: State) -> State:
    if None in state.market and state.deck:
        return evolve(state, phase=Phase.REFILL_PORTRAIT)
    return _after_candle_refill(state)


def _after_candle_refill(state: State) -> State:
    if None in state.candle_market and state.bag:
        return evolve(state, phase=Phase.REFILL_CANDLE)
    if state.abuela:
        return evolve(state, phase=Phase.TAKE_PORTRAIT, abuela=False, taken_space=None, candle_space=None)
    return evolve(state, phase=Phase.PLAY)


def place_portrait(state: State, card: int, slot: int) -> State:
    """Place ``card`` in ``slot``; flip completed neighbourhoods; open surrounded slots."""
    seat = state.seat
    config = state.config
    edition = config.edition
    board = state.boards[seat]
    effect = edition.slot_effect[slot]
    supply = state.supply
    marigolds = board.marigolds
    if effect > 0:
        gained = gain_from_supply(state, 1)
        marigolds += gained
        supply -= gained
    elif effect < 0:
        marigolds -= 1
        supply += 1
    portraits = _put(board.portraits, slot, card)
    board = evolve(board, portraits=portraits, marigolds=marigolds)
    lit = list(board.lit)
    for s in (slot, *edition.neighbours[slot]):
        if portraits[s] is not None and all(portraits[n] is not None for n in edition.neighbours[s]):
            lit[s] = portrait_fulfilled(config, board, s)
    board = evolve(board, lit=tuple(lit))
    filled = 0
    for s, c in enumerate(portraits):
        if c is not None:
            filled |= 1 << s
    masks = edition.offering_masks
    pending = tuple(k for k in edition.offering_slots_of[slot] if masks[k] & filled == masks[k])
    state = evolve(
        state, hands=_put(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)), supply=supply
    )
    state = light_candles(_board(state, seat, board), seat)
    return _next_pending(evolve(state, pending=pending))


def discard_portrait(state: State, card: int) -> State:
    """Discard ``card`` for three marigolds from the supply."""
    seat = state.seat
    board = state.boards[seat]
    gained = gain_from_supply(state, DISCARD_GAIN)
    board = evolve(board, marigolds=board.marigolds + gained, discards=(*board.discards, card))
    state = evolve(
        state,
        hands=_put(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        supply=state.supply - gained,
    )
    return end_turn(light_candles(_board(state, seat, board), seat))


def slot_options(state: State, slot: int) -> tuple[bool, bool]:
    """Whether a candle, and whether a marigold, may be placed in the surrounded ``slot``."""
    board = state.boards[state.seat]
    kind = state.config.edition.board.offering_slots[slot].kind
    typed = not state.config.offering_in_any_slot
    candle = bool(board.candles) and (not typed or kind is OfferingKind.CANDLE)
    marigold = board.marigolds >= 1 and (not typed or kind is OfferingKind.MARIGOLD)
    return candle, marigold


def _next_pending(state: State) -> State:
    pending = state.pending
    while pending and slot_options(state, pending[0]) == (False, False):
        pending = pending[1:]
    if pending:
        return evolve(state, pending=pending, phase=Phase.OFFERINGS)
    return end_turn(evolve(state, pending=()))


def place_candle(state: State, slot: int, candle: int) -> State:
    """Place ``candle`` from storage in ``slot``; it lights at once if its objective holds."""
    seat = state.seat
    board = state.boards[seat]
    board = evolve(
        board,
        candles=tuple(c for c in board.candles if c != candle),
        candle_slots=_put(board.candle_slots, slot, candle),
    )
    state = light_candles(_board(state, seat, board), seat)
    return _next_pending(evolve(state, pending=state.pending[1:]))


def place_marigold(state: State, slot: int) -> State:
    """Place a marigold from storage in ``slot``."""
    seat = state.seat
    board = state.boards[seat]
    board = evolve(board, marigolds=board.marigolds - 1, marigold_slots=_put(board.marigold_slots, slot, True))
    state = light_candles(_board(state, seat, board), seat)
    return _next_pending(evolve(state, pending=state.pending[1:]))


def leave_empty(state: State, slot: int) -> State:
    """Leave ``slot`` empty for good."""
    return _next_pending(evolve(state, pending=state.pending[1:]))


def light_candles(state: State, seat: int, *, final: bool = False) -> State:
    """Light every unlit candle on the Ofrenda of ``seat`` whose objective holds.

    Candles with the end-of-game icon are only checked when ``final``.
    """
    board = state.boards[seat]
    candles = state.config.edition.candles
    lit = board.candle_lit
    changed = False
    for k, candle in enumerate(board.candle_slots):
        if candle is None or lit[k] or (candles[candle].end_of_game and not final):
            continue
        if candle_fulfilled(state.config, state.boards, seat, candle):
            lit = _put(lit, k, True)
            changed = True
    return _board(state, seat, evolve(board, candle_lit=lit)) if changed else state


def _take_goals(state: State, seat: int) -> State:
    board = state.boards[seat]
    edition = state.config.edition
    stacks = state.stacks
    for index, goal in enumerate(state.goals):
        if goal in board.goals_met or not goal_fulfilled(edition, board, goal):
            continue
        tokens = board.tokens
        if stacks[index]:
            tokens = (*tokens, stacks[index][-1])
            stacks = _put(stacks, index, stacks[index][:-1])
        board = evolve(board, goals_met=(*board.goals_met, goal), tokens=tokens)
    return _board(evolve(state, stacks=stacks), seat, board)


def end_turn(state: State) -> State:
    """Count the turn, take common-goal tokens, pass to the next turn or end the game."""
    seat = state.seat
    board = state.boards[seat]
    state = _board(state, seat, evolve(board, turns=board.turns + 1))
    if state.goals:
        state = _take_goals(state, seat)
    state = evolve(state, taken_space=None, candle_space=None, pending=(), die=None)
    config = state.config
    if all(b.turns >= TURNS for b in state.boards):
        return finish(state)
    if config.solo:
        return evolve(state, phase=Phase.ABUELA_PORTRAIT, abuela=True)
    return evolve(state, phase=Phase.TAKE_PORTRAIT, seat=(seat + 1) % config.players)


def finish(state: State) -> State:
    """Final scoring flips: unlit portraits (ignoring empty slots), then every placed candle."""
    config = state.config
    for seat, board in enumerate(state.boards):
        lit = tuple(
            was or (card is not None and portrait_fulfilled(config, board, slot, final=True))
            for slot, (card, was) in enumerate(zip(board.portraits, board.lit, strict=True))
        )
        state = _board(state, seat, evolve(board, lit=lit))
    for seat in range(config.players):
        state = light_candles(state, seat, final=True)
    return evolve(state, phase=Phase.OVER)
