"""One step of Ofrenda on a working copy: the action, then (in a seeded game) the draws that follow.

:func:`do_action` applies one legal action to a
:class:`~ofrenda_rules.ofrenda.work.Work`; :func:`resolve_draws` resolves the
chance events that follow with the state's own generator, exactly as the
kernel's ``chance.settle`` would, until a player must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ofrenda_rules.ofrenda.abuela import FACES, do_abuela_candle, do_abuela_portrait
from ofrenda_rules.ofrenda.actions import (
    Action,
    DiscardPortrait,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    LeaveEmpty,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    RollDie,
    SkipCandle,
    TakeCandle,
    TakePortrait,
)
from ofrenda_rules.ofrenda.components import GoalType
from ofrenda_rules.ofrenda.edition import SOLO_REMOVED
from ofrenda_rules.ofrenda.events import CandleDrawn, Event, PortraitDealt, PortraitDrawn, PortraitRemoved
from ofrenda_rules.ofrenda.piles import drawn, rest_of
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Phase, State
from ofrenda_rules.ofrenda.turn import (  # the phases as module constants: see turn.py
    _ABUELA_PORTRAIT,
    _REFILL_CANDLE,
    _REFILL_PORTRAIT,
    _SETUP_GOAL,
    HAND_SIZE,
    _after_candle_refill,
    do_discard_portrait,
    do_draw_candle,
    do_draw_goal,
    do_draw_portrait,
    do_leave_empty,
    do_next_setup,
    do_place_candle,
    do_place_marigold,
    do_place_portrait,
    do_skip_candle,
    do_take_candle,
    do_take_portrait,
)
from ofrenda_rules.ofrenda.work import CANDLE_DRAWN, PORTRAIT_DRAWN, Work
from ofrenda_rules.rng import Draws

__all__ = [
    "CANDLE_DRAWS",
    "CHANCE_PHASES",
    "DICE",
    "PORTRAIT_DRAWS",
    "do_action",
    "goal_type",
    "resolve_draws",
    "resolve_setup",
]

PORTRAIT_DRAWS: Final = frozenset({Phase.SETUP_REMOVE, Phase.SETUP_MARKET, Phase.SETUP_DEAL, Phase.REFILL_PORTRAIT})
"""The phases waiting for a portrait drawn from the deck."""
CANDLE_DRAWS: Final = frozenset({Phase.SETUP_CANDLES, Phase.REFILL_CANDLE})
"""The phases waiting for a candle drawn from the bag."""
DICE: Final = frozenset({Phase.ABUELA_PORTRAIT, Phase.ABUELA_CANDLE})
"""The phases waiting for the Abuela's die."""
CHANCE_PHASES: Final = PORTRAIT_DRAWS | CANDLE_DRAWS | DICE | {Phase.SETUP_GOAL}
"""Every phase that waits for a chance outcome."""
_GOAL_TYPES: Final = tuple(GoalType)
_SIDES: Final = len(FACES)
_EMPTY_MARKET: Final = (None,) * MARKET_SIZE


def goal_type(state: State | Work) -> GoalType:
    """The type of the next goal card to draw (common goals setup)."""
    return _GOAL_TYPES[len(state.goals)]


def resolve_draws(w: Work) -> None:
    """Resolve chance events with the generator of a seeded game until a decision (nothing if unseeded).

    Draws exactly what the kernel's ``chance.settle`` draws over
    ``legal_actions``: every outcome has weight 1, so ``Rng.choose`` is
    ``Rng.below(n)`` and picks the outcome at that index (in the order of
    the deck, the bag, the faces or the goal cards); an event with one
    outcome draws nothing. A test compares both over many seeds.
    """
    rng = w.rng
    phase = w.phase
    if rng is None or phase not in CHANCE_PHASES:
        return
    draws = Draws(rng)
    below = draws.below
    while True:
        if phase is _REFILL_PORTRAIT or phase is _REFILL_CANDLE:
            _refill(w, below)
        elif phase in PORTRAIT_DRAWS:
            deck = w.deck
            n = len(deck)
            index = 0 if n == 1 else below(n)
            do_draw_portrait(w, deck[index], index)
        elif phase in CANDLE_DRAWS:
            bag = w.bag
            n = len(bag)
            index = 0 if n == 1 else below(n)
            do_draw_candle(w, bag[index], index)
        elif phase in DICE:
            face = FACES[below(_SIDES)]
            if phase is _ABUELA_PORTRAIT:
                do_abuela_portrait(w, face)
            else:
                do_abuela_candle(w, face)
        elif phase is _SETUP_GOAL:
            goals = w.config.edition.goals_of(goal_type(w))
            do_draw_goal(w, goals[0 if len(goals) == 1 else below(len(goals))])
        else:
            if draws.counter != rng.counter:
                w.rng = draws.rng()
            return
        phase = w.phase


def _refill(w: Work, below: Callable[[int], int]) -> None:
    """The draws that replenish the Family board, portraits then candles, and the phase after them.

    What ``do_draw_portrait`` and ``do_draw_candle`` do one draw at a time
    (in ``REFILL_PORTRAIT``, then ``REFILL_CANDLE``), by :func:`_deal` for each row: the
    Family board's rows and the events are read once and stored once.
    """
    events = w.recent_events
    candles_next = w.phase is _REFILL_CANDLE  # else portraits first
    if not candles_next:
        w.deck, market, events = _deal(w.deck, w.market, PORTRAIT_DRAWN, PortraitDrawn, events, below)
        w.market = market
    bag = w.bag
    if candles_next or (None in w.candle_market and bag):
        w.bag, candle_market, events = _deal(bag, w.candle_market, CANDLE_DRAWN, CandleDrawn, events, below)
        w.candle_market = candle_market
    w.recent_events = events
    _after_candle_refill(w, False)  # every space replenished, or the bag empty


def _deal(
    pile: tuple[int, ...],
    spaces: tuple[int | None, ...],
    announced: tuple[tuple[Event, ...], ...],
    announce: Callable[[int, int], Event],
    events: tuple[Event, ...],
    below: Callable[[int], int],
) -> tuple[tuple[int, ...], tuple[int | None, ...], tuple[Event, ...]]:
    """Deal random items of ``pile`` into the empty ``spaces`` of a Family board row, leftmost first.

    Stops when every space is full or the pile is empty. ``announced[space][item]`` is the event of
    the draw, made once in the tables (``announce(space, item)`` where the tables end). Gives the pile,
    the row and ``events`` with the draws' events added.
    """
    row = list(spaces)
    while True:
        n = len(pile)
        index = 0 if n == 1 else below(n)
        item = pile[index]
        pile = drawn(pile, item, index)
        space = row.index(None)
        row[space] = item
        table = announced[space] if space < len(announced) else ()
        events += (table[item] if item < len(table) else announce(space, item),)
        if not (None in row and pile):
            return pile, tuple(row), events


def resolve_setup(w: Work) -> None:
    """Resolve a seeded game's setup from its first state, then the draws that follow (as :func:`resolve_draws`).

    The same draws, in the same order, with the same events as
    :func:`resolve_draws` makes one setup step at a time (a test compares
    both over many seeds), without a phase change per draw: the solo
    removals, the common goals, 4 portraits and 4 candles for the Family
    board, then the hands, one portrait to each seat in turn. An unusual
    start (a deck too small for the setup) takes the general path.
    """
    rng = w.rng
    config = w.config
    players = config.players
    deck = list(w.deck)
    removed = SOLO_REMOVED if players == 1 else 0
    if (
        rng is None
        or w.goals
        or w.removed
        or w.market != _EMPTY_MARKET
        or w.candle_market != _EMPTY_MARKET
        or any(w.hands)
        or len(deck) < removed + MARKET_SIZE + HAND_SIZE * players
    ):
        do_next_setup(w)
        resolve_draws(w)
        return
    draws = Draws(rng)
    below = draws.below

    def pick(items: list[int]) -> int:
        n = len(items)
        return items.pop(0 if n == 1 else below(n))

    if removed:
        taken = [pick(deck) for _ in range(removed)]
        for card in taken:
            w.emit(PortraitRemoved, card)
        w.removed = tuple(sorted(taken))
    if config.common_goals:
        while len(w.goals) < len(_GOAL_TYPES):
            goals = config.edition.goals_of(goal_type(w))
            do_draw_goal(w, goals[0 if len(goals) == 1 else below(len(goals))])
    market: list[int] = []
    for space in range(MARKET_SIZE):
        card = pick(deck)
        market.append(card)
        drawn = PORTRAIT_DRAWN[space]
        w.recent_events += (drawn[card] if card < len(drawn) else PortraitDrawn(space, card),)
    w.market = tuple(market)
    bag = list(w.bag)
    candles: list[int] = []
    while bag and len(candles) < MARKET_SIZE:
        candle = pick(bag)
        drawn_candle = CANDLE_DRAWN[len(candles)]
        w.recent_events += (drawn_candle[candle] if candle < len(drawn_candle) else CandleDrawn(len(candles), candle),)
        candles.append(candle)
    w.bag = rest_of(w.bag, tuple(bag))
    w.candle_market = (*candles, *((None,) * (MARKET_SIZE - len(candles))))
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(HAND_SIZE):
        for seat, hand in enumerate(hands):
            card = pick(deck)
            hand.append(card)
            w.emit(PortraitDealt, seat, card)
    w.hands = tuple([tuple(sorted(hand)) for hand in hands])
    w.deck = rest_of(w.deck, tuple(deck))
    w.rng = draws.rng()
    do_next_setup(w)
    resolve_draws(w)


def _roll(w: Work, action: RollDie) -> None:
    if w.phase is _ABUELA_PORTRAIT:
        do_abuela_portrait(w, action.face)
    else:
        do_abuela_candle(w, action.face)


def _draw_portrait(w: Work, action: DrawPortrait) -> None:
    do_draw_portrait(w, action.card)


def _draw_candle(w: Work, action: DrawCandle) -> None:
    do_draw_candle(w, action.candle)


def _draw_goal(w: Work, action: DrawGoal) -> None:
    do_draw_goal(w, action.goal)


def _take_portrait(w: Work, action: TakePortrait) -> None:
    w.recent_events = ()
    do_take_portrait(w, action.space)


def _take_candle(w: Work, action: TakeCandle) -> None:
    w.recent_events = ()
    do_take_candle(w, action.space)


def _skip_candle(w: Work, action: SkipCandle) -> None:
    w.recent_events = ()
    do_skip_candle(w)


def _place_portrait(w: Work, action: PlacePortrait) -> None:
    w.recent_events = ()
    do_place_portrait(w, action.card, action.slot)


def _discard_portrait(w: Work, action: DiscardPortrait) -> None:
    w.recent_events = ()
    do_discard_portrait(w, action.card)


def _place_candle(w: Work, action: PlaceCandle) -> None:
    w.recent_events = ()
    do_place_candle(w, action.slot, action.candle)


def _place_marigold(w: Work, action: PlaceMarigold) -> None:
    w.recent_events = ()
    do_place_marigold(w, action.slot)


def _leave_empty(w: Work, action: LeaveEmpty) -> None:
    w.recent_events = ()
    do_leave_empty(w, action.slot)


_HANDLERS: Final[dict[type, Callable[[Work, Any], None]]] = {
    DrawPortrait: _draw_portrait,
    DrawCandle: _draw_candle,
    DrawGoal: _draw_goal,
    RollDie: _roll,
    TakePortrait: _take_portrait,
    TakeCandle: _take_candle,
    SkipCandle: _skip_candle,
    PlacePortrait: _place_portrait,
    DiscardPortrait: _discard_portrait,
    PlaceCandle: _place_candle,
    PlaceMarigold: _place_marigold,
    LeaveEmpty: _leave_empty,
}
"""What :func:`do_action` does, by the exact class of the action.

A player decision's handler replaces the working copy's ``recent_events``
with its own events; a chance outcome's adds its events to them. Only a
decision's class may be applied in a decision phase and only a chance
outcome's in a chance phase (``rules.validate``), so this is the same as
deciding by the phase.
"""


def do_action(w: Work, action: Action) -> None:
    """Apply one legal action to the working copy (no draw resolved).

    A player decision replaces the state's ``recent_events`` with its own
    events; a chance outcome adds its events to them.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:  # an instance of a subclass of an action class
        handler = next(h for cls, h in _HANDLERS.items() if isinstance(action, cls))
    handler(w, action)
