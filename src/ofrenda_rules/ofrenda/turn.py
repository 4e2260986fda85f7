"""State transitions of Ofrenda: setup draws, the player turn, the end of the game.

These functions assume a legal action (``rules.validate`` checks first).
Each rule is written once, as a ``do_*`` function that changes a
:class:`~ofrenda_rules.ofrenda.work.Work` in place, so that a whole step (the
action, the phase changes it causes and, in a seeded game, the draws that
follow) builds its next state once. The functions without the prefix are the
same transitions from one immutable state to the next.
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.ofrenda.components import GoalType
from ofrenda_rules.ofrenda.edition import SOLO_REMOVED, TURNS
from ofrenda_rules.ofrenda.events import (
    CandleDeclined,
    CandleDrawn,
    CandleLit,
    CandlePlaced,
    CandleTaken,
    GameEnded,
    GoalClaimed,
    GoalDrawn,
    MarigoldPlaced,
    PortraitDealt,
    PortraitDiscarded,
    PortraitDrawn,
    PortraitLit,
    PortraitPlaced,
    PortraitRemoved,
    PortraitTaken,
    SlotLeftEmpty,
    SlotsSurrounded,
)
from ofrenda_rules.ofrenda.piles import drawn
from ofrenda_rules.ofrenda.piles import replaced as _put
from ofrenda_rules.ofrenda.piles import without as _without
from ofrenda_rules.ofrenda.scoring import result_of
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Phase, State
from ofrenda_rules.ofrenda.tables import GOAL_FEATURE_COUNT
from ofrenda_rules.ofrenda.work import (
    CANDLE_DECLINED,
    CANDLE_DRAWN,
    PORTRAIT_DRAWN,
    PORTRAIT_TAKEN_FREE,
    Board,
    Work,
    candle_holds,
    filled,
    goal_holds,
    portrait_holds,
    remember_filled,
    tables_of,
    transition,
)

# The phases as module constants: reading an Enum member off its class (``Phase.PLAY``) goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_ABUELA_PORTRAIT: Final = Phase.ABUELA_PORTRAIT
_OFFERINGS: Final = Phase.OFFERINGS
_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY
_REFILL_CANDLE: Final = Phase.REFILL_CANDLE
_REFILL_PORTRAIT: Final = Phase.REFILL_PORTRAIT
_SETUP_CANDLES: Final = Phase.SETUP_CANDLES
_SETUP_DEAL: Final = Phase.SETUP_DEAL
_SETUP_GOAL: Final = Phase.SETUP_GOAL
_SETUP_MARKET: Final = Phase.SETUP_MARKET
_SETUP_REMOVE: Final = Phase.SETUP_REMOVE
_TAKE_CANDLE: Final = Phase.TAKE_CANDLE
_TAKE_PORTRAIT: Final = Phase.TAKE_PORTRAIT

__all__ = [
    "DISCARD_GAIN",
    "HAND_SIZE",
    "discard_portrait",
    "do_discard_portrait",
    "do_draw_candle",
    "do_draw_goal",
    "do_draw_portrait",
    "do_end_turn",
    "do_finish",
    "do_leave_empty",
    "do_light_candles",
    "do_next_setup",
    "do_place_candle",
    "do_place_marigold",
    "do_place_portrait",
    "do_refill",
    "do_skip_candle",
    "do_take_candle",
    "do_take_portrait",
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

_ONE: Final = 1
_NO_CANDLES: Final = (None,) * 8
"""The candle slots of a printed Ofrenda with no candle (another board's take the general path)."""
_GOAL_TYPES = tuple(GoalType)


def _with_card(hands: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``hands`` with ``card`` added to the sorted hand of ``seat`` (lists sorted in place, then frozen)."""
    changed = list(hands)
    hand = list(changed[seat])
    hand.append(card)
    hand.sort()
    changed[seat] = tuple(hand)
    return tuple(changed)


def gain_from_supply(state: State | Work, wanted: int) -> int:
    """How many of ``wanted`` marigolds the general supply can give."""
    return min(wanted, state.supply)


# -- setup -------------------------------------------------------------------------------------


def do_next_setup(w: Work) -> None:
    """Move to the next setup step that needs a draw, or start the first turn."""
    config = w.config
    if config.players == 1 and len(w.removed) < SOLO_REMOVED:
        w.phase = _SETUP_REMOVE
    elif config.common_goals and len(w.goals) < len(_GOAL_TYPES):
        w.phase = _SETUP_GOAL
    elif None in w.market:
        w.phase = _SETUP_MARKET
    elif None in w.candle_market and w.bag:
        w.phase = _SETUP_CANDLES
    elif sum(map(len, w.hands)) < HAND_SIZE * config.players:
        w.phase = _SETUP_DEAL
    elif config.players == 1:
        w.phase = _ABUELA_PORTRAIT
        w.abuela = True
    else:
        w.phase = _TAKE_PORTRAIT


def do_draw_portrait(w: Work, card: int, index: int = -1) -> None:
    """A portrait leaves the deck (from ``index`` when known): removed (solo setup), to the Family board, or dealt."""
    deck = w.deck = drawn(w.deck, card, index)
    phase = w.phase
    if phase is _REFILL_PORTRAIT or phase is _SETUP_MARKET:
        market = w.market
        space = market.index(None)
        market = w.market = _put(market, space, card)
        table = PORTRAIT_DRAWN[space] if space < len(PORTRAIT_DRAWN) else ()
        w.recent_events += (table[card] if card < len(table) else PortraitDrawn(space, card),)
        if phase is _SETUP_MARKET:
            do_next_setup(w)
        elif not (None in market and deck):  # else the next portrait is drawn (the phase stays)
            _after_candle_refill(w)
    elif phase is _SETUP_REMOVE:
        w.removed = tuple(sorted((*w.removed, card)))
        w.emit(PortraitRemoved, card)
        do_next_setup(w)
    else:
        sizes = [len(hand) for hand in w.hands]
        seat = sizes.index(min(sizes))
        w.hands = _with_card(w.hands, seat, card)
        w.emit(PortraitDealt, seat, card)
        do_next_setup(w)


def do_draw_candle(w: Work, candle: int, index: int = -1) -> None:
    """A candle leaves the bag (from ``index`` when known) for the leftmost empty candle space."""
    bag = w.bag = drawn(w.bag, candle, index)
    candle_market = w.candle_market
    space = candle_market.index(None)
    candle_market = w.candle_market = _put(candle_market, space, candle)
    table = CANDLE_DRAWN[space] if space < len(CANDLE_DRAWN) else ()
    w.recent_events += (table[candle] if candle < len(table) else CandleDrawn(space, candle),)
    if w.phase is _SETUP_CANDLES:
        do_next_setup(w)
    elif not (None in candle_market and bag):  # else the next candle is drawn (the phase stays)
        _after_candle_refill(w)


def do_draw_goal(w: Work, goal: int) -> None:
    """The goal card of the next type is placed, with its token stack."""
    kind = w.config.edition.goals[goal].type
    stack = w.tables.token_stacks.get((kind, w.config.players))
    if stack is None:
        stack = w.config.edition.token_stack(kind, w.config.players)
    w.unused_tokens = tuple(t for t in w.unused_tokens if t not in stack)
    w.goals = (*w.goals, goal)
    w.stacks = (*w.stacks, stack)
    w.emit(GoalDrawn, goal)
    do_next_setup(w)


# -- the turn ------------------------------------------------------------------------------------


def do_take_portrait(w: Work, space: int) -> None:
    """Take the portrait in ``space``: pay the skipped spaces, gain the marigolds on it."""
    seat = w.seat
    market = w.market
    card = market[space]
    assert card is not None
    piles = w.market_marigolds
    pile = piles[space]
    if pile != space:  # else the storage is unchanged: the Ofrenda stays the same object
        w.board(seat).marigolds += pile - space
    if pile == 0 and seat < len(PORTRAIT_TAKEN_FREE) and card < len(PORTRAIT_TAKEN_FREE[0][0]):
        w.recent_events += (PORTRAIT_TAKEN_FREE[seat][space][card],)
    else:
        w.emit(PortraitTaken, seat, space, card, space, pile)
    if space or pile:  # a marigold on each skipped portrait; those on the taken one are gained
        w.market_marigolds = (*map(_ONE.__add__, piles[:space]), 0, *piles[space + 1 :])
    w.market = _put(market, space, None)
    w.hands = _with_card(w.hands, seat, card)
    w.seen_in_hands = _with_card(w.seen_in_hands, seat, card)
    w.taken_space = space
    if w.tables.lit_by_storage:  # else no candle can light: no Ofrenda changed (see ``Tables.lit_by_storage``)
        do_light_candles(w, seat)
    if can_take_candle(w):
        w.phase = _TAKE_CANDLE
    else:
        do_refill(w)


def can_take_candle(state: State | Work) -> bool:
    """Whether the current player may take any candle now."""
    board = state.boards[state.seat]
    if len(board.candles) >= 3:
        return False
    taken = state.taken_space
    for space, candle in enumerate(state.candle_market):
        if candle is not None and (space == taken or board.marigolds >= 1):
            return True
    return False


def do_take_candle(w: Work, space: int) -> None:
    """Take the candle in ``space``, paying a marigold on the portrait below unless it is the taken one."""
    candle = w.candle_market[space]
    assert candle is not None
    board = w.board(w.seat)
    paid = 0
    if space != w.taken_space:
        paid = 1
        board.marigolds -= 1
        w.market_marigolds = _put(w.market_marigolds, space, w.market_marigolds[space] + 1)
    w.emit(CandleTaken, w.seat, space, candle, paid)
    board.candles = tuple(sorted((*board.candles, candle)))
    w.candle_market = _put(w.candle_market, space, None)
    w.candle_space = space
    do_refill(w)


def do_skip_candle(w: Work) -> None:
    """Decline the candle, then replenish."""
    seat = w.seat
    w.add(CANDLE_DECLINED[seat] if seat < len(CANDLE_DECLINED) else CandleDeclined(seat))
    do_refill(w)


def do_refill(w: Work) -> None:
    """Slide the Family board to the left and wait for the replenishing draws.

    The marigolds on a portrait slide with it; marigolds lying on an empty
    space (only those the Abuela leaves there under ``abuela_marigolds_stay``)
    stay on that space, for the portrait that slides or is drawn into it.
    """
    market = w.market
    holes = market.count(None)
    if holes:
        space = market.index(None)
        lying = w.market_marigolds
        if holes == 1 and not lying[space]:  # the usual case: one space emptied, nothing left lying on it
            w.market = (*market[:space], *market[space + 1 :], None)
            w.market_marigolds = (*lying[:space], *lying[space + 1 :], 0)
            hole = True
        else:
            cards: list[int] = []
            kept: list[int] = []
            left: list[tuple[int, int]] = []
            for space, (card, pile) in enumerate(zip(market, lying, strict=True)):
                if card is not None:
                    cards.append(card)
                    kept.append(pile)
                elif pile:
                    left.append((space, pile))
            empty = MARKET_SIZE - len(cards)
            w.market = (*cards, *((None,) * empty))
            piles = [*kept, *((0,) * empty)]
            for space, pile in left:
                piles[space] += pile
            w.market_marigolds = tuple(piles)
            hole = None in w.market
    else:
        hole = False
    candle_market = w.candle_market
    candle_holes = candle_market.count(None)
    if candle_holes == 1:
        space = candle_market.index(None)
        w.candle_market = (*candle_market[:space], *candle_market[space + 1 :], None)
        candle_hole = True
    elif candle_holes:
        candles = [c for c in candle_market if c is not None]
        w.candle_market = (*candles, *((None,) * (MARKET_SIZE - len(candles))))
        candle_hole = None in w.candle_market
    else:
        candle_hole = False
    # Whether a space is still empty is known from the slide: no scan of the board for ``None`` (an int compared
    # with ``None`` costs a failed rich comparison each).
    if hole and w.deck:
        w.phase = _REFILL_PORTRAIT
    else:
        _after_candle_refill(w, candle_hole)


def _after_candle_refill(w: Work, hole: bool | None = None) -> None:
    """The phase after the Family board's portraits are replenished; ``hole``: whether a candle space is empty."""
    if (None in w.candle_market if hole is None else hole) and w.bag:
        w.phase = _REFILL_CANDLE
    elif w.abuela:
        w.phase = _TAKE_PORTRAIT
        w.abuela = False
        w.taken_space = None
        w.candle_space = None
    else:
        w.phase = _PLAY


def do_place_portrait(w: Work, card: int, slot: int) -> None:
    """Place ``card`` in ``slot``; flip completed neighbourhoods; open surrounded slots."""
    seat = w.seat
    tables = w.tables
    board = w.board(seat)
    effect = tables.slot_effect[slot]
    if effect > 0:
        gained = min(1, w.supply)  # ``gain_from_supply``, inline
        board.marigolds += gained
        w.supply -= gained
    elif effect < 0:
        gained = -1
        board.marigolds -= 1
        w.supply += 1
    else:
        gained = 0
    portraits = board.portraits
    mask = filled(portraits) | 1 << slot  # the slot was empty
    portraits = board.portraits = _put(portraits, slot, card)
    remember_filled(portraits, mask)
    w.emit(PortraitPlaced, seat, card, slot, gained)
    neighbour_masks = tables.neighbour_masks
    lit = None
    for s in tables.closed[slot]:
        around = neighbour_masks[s]
        card_s = portraits[s]
        if card_s is not None and around & mask == around and portrait_holds(tables, w.config, portraits, s):
            if lit is None:
                lit = list(board.lit)
            lit[s] = True
            w.emit(PortraitLit, seat, s, card_s, False)
    if lit is not None:
        board.lit = tuple(lit)
    masks = tables.offering_masks
    pending = tuple([k for k in tables.offering_slots_of[slot] if masks[k] & mask == masks[k]])
    if pending:
        w.emit(SlotsSurrounded, seat, pending)
    hands = w.hands
    w.hands = _put(hands, seat, _without(hands[seat], card))
    seen = w.seen_in_hands
    if card in seen[seat]:
        w.seen_in_hands = _put(seen, seat, _without(seen[seat], card))
    do_light_candles(w, seat)
    w.pending = pending
    _next_pending(w)


def do_discard_portrait(w: Work, card: int) -> None:
    """Discard ``card`` for three marigolds from the supply."""
    seat = w.seat
    board = w.board(seat)
    gained = gain_from_supply(w, DISCARD_GAIN)
    board.marigolds += gained
    board.discards = (*board.discards, card)
    w.emit(PortraitDiscarded, seat, card, gained)
    w.hands = _put(w.hands, seat, _without(w.hands[seat], card))
    if card in w.seen_in_hands[seat]:
        w.seen_in_hands = _put(w.seen_in_hands, seat, _without(w.seen_in_hands[seat], card))
    w.supply -= gained
    do_light_candles(w, seat)
    do_end_turn(w)


def slot_options(state: State | Work, slot: int) -> tuple[bool, bool]:
    """Whether a candle, and whether a marigold, may be placed in the surrounded ``slot``."""
    board = state.boards[state.seat]
    any_slot = state.config.offering_in_any_slot
    is_candle = tables_of(state).offering_is_candle[slot]
    return bool(board.candles) and (any_slot or is_candle), board.marigolds >= 1 and (any_slot or not is_candle)


def _next_pending(w: Work) -> None:
    pending = w.pending
    if pending:  # skip the slots that can take nothing (as ``slot_options`` says)
        board = w.boards[w.seat]
        candle_ok = bool(board.candles)
        marigold_ok = board.marigolds >= 1
        any_slot = w.config.offering_in_any_slot
        is_candle = w.tables.offering_is_candle
        while pending:
            candle_slot = is_candle[pending[0]]
            if (candle_ok and (any_slot or candle_slot)) or (marigold_ok and (any_slot or not candle_slot)):
                break
            pending = pending[1:]
    if pending:
        w.pending = pending
        w.phase = _OFFERINGS
    else:
        w.pending = ()
        do_end_turn(w)


def do_place_candle(w: Work, slot: int, candle: int) -> None:
    """Place ``candle`` from storage in ``slot``; it lights at once if its objective holds."""
    seat = w.seat
    board = w.board(seat)
    board.candles = _without(board.candles, candle)
    board.candle_slots = _put(board.candle_slots, slot, candle)
    w.emit(CandlePlaced, seat, slot, candle)
    do_light_candles(w, seat)
    w.pending = w.pending[1:]
    _next_pending(w)


def do_place_marigold(w: Work, slot: int) -> None:
    """Place a marigold from storage in ``slot``."""
    seat = w.seat
    board = w.board(seat)
    board.marigolds -= 1
    board.marigold_slots = _put(board.marigold_slots, slot, True)
    w.emit(MarigoldPlaced, seat, slot)
    do_light_candles(w, seat)
    w.pending = w.pending[1:]
    _next_pending(w)


def do_leave_empty(w: Work, slot: int) -> None:
    """Leave ``slot`` empty for good."""
    w.emit(SlotLeftEmpty, w.seat, slot)
    w.pending = w.pending[1:]
    _next_pending(w)


def do_light_candles(w: Work, seat: int, *, final: bool = False) -> None:
    """Light every unlit candle on the Ofrenda of ``seat`` whose objective holds.

    Candles with the end-of-game icon are only checked when ``final``.
    """
    board = w.boards[seat]
    slots = board.candle_slots
    if slots == _NO_CANDLES:  # (an equality stops at the first candle; ``count(None)`` compares every one)
        return
    tables = w.tables
    end = tables.candle_end
    lit = board.candle_lit
    changed = False
    for k, candle in enumerate(slots):
        if candle is None or lit[k] or (end[candle] and not final):
            continue
        if candle_holds(tables, w.config, w.boards, seat, candle):
            lit = _put(lit, k, True)
            changed = True
            w.emit(CandleLit, seat, k, candle, final)
    if changed:
        w.board(seat).candle_lit = lit


def _take_goals(w: Work, seat: int) -> None:
    board = w.board(seat)
    tables = w.tables
    stacks = w.stacks
    mask = -1  # the filled slots, worked out for the first goal on them
    for index, goal in enumerate(w.goals):
        if goal in board.goals_met:
            continue
        if mask < 0 and tables.goal_code[goal] != GOAL_FEATURE_COUNT:
            mask = filled(board.portraits)
        if not goal_holds(tables, board, goal, mask):
            continue
        tokens = board.tokens
        token: int | None = None
        if stacks[index]:
            token = stacks[index][-1]
            tokens = (*tokens, token)
            stacks = _put(stacks, index, stacks[index][:-1])
        w.emit(GoalClaimed, seat, goal, token, 0 if token is None else w.config.edition.tokens[token].value)
        board.goals_met = (*board.goals_met, goal)
        board.tokens = tokens
    w.stacks = stacks


def do_end_turn(w: Work) -> None:
    """Count the turn, take common-goal tokens, pass to the next turn or end the game."""
    seat = w.seat
    w.board(seat).turns += 1
    if w.goals:
        _take_goals(w, seat)
    w.taken_space = None
    w.candle_space = None
    w.pending = ()
    w.die = None
    config = w.config
    if w.boards[seat].turns >= TURNS and all(b.turns >= TURNS for b in w.boards):
        do_finish(w)
    elif config.players == 1:
        w.phase = _ABUELA_PORTRAIT
        w.abuela = True
    else:
        w.phase = _TAKE_PORTRAIT
        w.seat = (seat + 1) % config.players


def do_finish(w: Work) -> None:
    """Final scoring flips: unlit portraits (ignoring empty slots), then every placed candle."""
    config = w.config
    tables = w.tables
    for seat in range(len(w.boards)):
        board = w.board(seat)
        portraits = board.portraits
        lit = list(board.lit)
        for slot, card in enumerate(portraits):
            if card is not None and not lit[slot] and portrait_holds(tables, config, portraits, slot, final=True):
                lit[slot] = True
                w.emit(PortraitLit, seat, slot, card, True)
        board.lit = tuple(lit)
    for seat in range(config.players):
        do_light_candles(w, seat, final=True)
    boards = tuple(b.build() if isinstance(b, Board) else b for b in w.boards)
    w.boards = boards
    result = result_of(config, boards)
    w.emit(GameEnded, result.scores, result.winners, result.tier)
    w.phase = _OVER


# -- the same transitions, from one immutable state to the next ------------------------------------


def next_setup(state: State) -> State:
    """Move to the next setup step that needs a draw, or start the first turn."""
    return transition(do_next_setup, state)


def draw_portrait(state: State, card: int) -> State:
    """A portrait leaves the deck: removed (solo setup), to the Family board, or dealt."""
    return transition(do_draw_portrait, state, card)


def draw_candle(state: State, candle: int) -> State:
    """A candle leaves the bag for the leftmost empty candle space."""
    return transition(do_draw_candle, state, candle)


def draw_goal(state: State, goal: int) -> State:
    """The goal card of the next type is placed, with its token stack."""
    return transition(do_draw_goal, state, goal)


def take_portrait(state: State, space: int) -> State:
    """Take the portrait in ``space``: pay the skipped spaces, gain the marigolds on it."""
    return transition(do_take_portrait, state, space)


def take_candle(state: State, space: int) -> State:
    """Take the candle in ``space``, paying a marigold on the portrait below unless it is the taken one."""
    return transition(do_take_candle, state, space)


def skip_candle(state: State) -> State:
    """Decline the candle."""
    return refill(state)


def refill(state: State) -> State:
    """Slide the Family board to the left and wait for the replenishing draws."""
    return transition(do_refill, state)


def place_portrait(state: State, card: int, slot: int) -> State:
    """Place ``card`` in ``slot``; flip completed neighbourhoods; open surrounded slots."""
    return transition(do_place_portrait, state, card, slot)


def discard_portrait(state: State, card: int) -> State:
    """Discard ``card`` for three marigolds from the supply."""
    return transition(do_discard_portrait, state, card)


def place_candle(state: State, slot: int, candle: int) -> State:
    """Place ``candle`` from storage in ``slot``; it lights at once if its objective holds."""
    return transition(do_place_candle, state, slot, candle)


def place_marigold(state: State, slot: int) -> State:
    """Place a marigold from storage in ``slot``."""
    return transition(do_place_marigold, state, slot)


def leave_empty(state: State, slot: int) -> State:
    """Leave ``slot`` empty for good."""
    return transition(do_leave_empty, state, slot)


def light_candles(state: State, seat: int, *, final: bool = False) -> State:
    """Light every unlit candle on the Ofrenda of ``seat`` whose objective holds.

    Candles with the end-of-game icon are only checked when ``final``.
    """
    w = Work(state)
    do_light_candles(w, seat, final=final)
    return w.build()


def end_turn(state: State) -> State:
    """Count the turn, take common-goal tokens, pass to the next turn or end the game."""
    return transition(do_end_turn, state)


def finish(state: State) -> State:
    """Final scoring flips: unlit portraits (ignoring empty slots), then every placed candle."""
    return transition(do_finish, state)
