"""The rules of Ofrenda: setup, legal actions, validation and transitions.

>>> from ofrenda_rules.ofrenda import Config, new_game, legal_actions, apply, current_player
>>> state = new_game(Config(players=2), seed=5)
>>> current_player(state), state.phase.value
(0, 'take_portrait')
>>> legal_actions(state)[0]
TakePortrait(space=0)
>>> state = apply(state, legal_actions(state)[0])
>>> state.phase.value
'take_candle'
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.errors import IllegalActionError, Rejection
from ofrenda_rules.ofrenda.abuela import FACES, abuela_candle, abuela_portrait
from ofrenda_rules.ofrenda.actions import (
    ACTION_CLASSES,
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
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config, Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.turn import (
    discard_portrait,
    draw_candle,
    draw_goal,
    draw_portrait,
    leave_empty,
    next_setup,
    place_candle,
    place_marigold,
    place_portrait,
    skip_candle,
    slot_options,
    take_candle,
    take_portrait,
)
from ofrenda_rules.ofrenda.validation import validate_decision
from ofrenda_rules.rng import Rng

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "hidden_variant",
    "is_over",
    "legal_actions",
    "new_game",
    "validate",
]

_PORTRAIT_DRAWS = frozenset({Phase.SETUP_REMOVE, Phase.SETUP_MARKET, Phase.SETUP_DEAL, Phase.REFILL_PORTRAIT})
_CANDLE_DRAWS = frozenset({Phase.SETUP_CANDLES, Phase.REFILL_CANDLE})
_DICE = frozenset({Phase.ABUELA_PORTRAIT, Phase.ABUELA_CANDLE})
_CHANCE = _PORTRAIT_DRAWS | _CANDLE_DRAWS | _DICE | {Phase.SETUP_GOAL}
# Actions are immutable: the hot path reuses one instance per value.
_draw_portrait = cache(DrawPortrait)
_draw_candle = cache(DrawCandle)
_place_portrait = cache(PlacePortrait)


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game; with a ``seed`` every draw and roll is made at once.

    Portraits marked for more players go back to the box (the solo mode uses
    the 2-player deck, less 3 removed unseen, and no multiplayer-only
    candles). Seat 0 is the starting player; in the solo mode the Abuela
    plays first. Without a seed the state waits for each draw: the solo
    removals, the goal cards, 4 portraits and 4 candles for the Family board,
    then the hands, 3 portraits each.

    >>> state = new_game(Config(players=4), seed=1)
    >>> len(state.deck), state.market_marigolds, [len(hand) for hand in state.hands]
    (49, (0, 0, 0, 0), [3, 3, 3, 3])
    >>> new_game(Config(players=1)).phase
    Phase.SETUP_REMOVE
    """
    config = Config() if config is None else config
    edition = config.edition
    n = config.players
    deck_players = max(n, 2)
    deck = tuple(p.id for p in edition.portraits if p.players <= deck_players)
    box = tuple(p.id for p in edition.portraits if p.players > deck_players)
    bag = tuple(c.id for c in edition.candles if not (config.solo and c.multiplayer_only))
    candle_box = tuple(c.id for c in edition.candles if config.solo and c.multiplayer_only)
    slots = len(edition.board.offering_slots)
    cards = len(edition.coordinates)
    board = PlayerBoard(
        portraits=(None,) * cards,
        lit=(False,) * cards,
        marigold_slots=(False,) * slots,
        candle_slots=(None,) * slots,
        candle_lit=(False,) * slots,
        marigolds=3,
        candles=(),
        discards=(),
        goals_met=(),
        tokens=(),
        turns=0,
    )
    state = State(
        config=config,
        phase=Phase.SETUP_MARKET,
        seat=0,
        abuela=False,
        deck=deck,
        box=box,
        removed=(),
        abuela_discards=(),
        market=(None,) * MARKET_SIZE,
        market_marigolds=(0,) * MARKET_SIZE,
        candle_market=(None,) * MARKET_SIZE,
        bag=bag,
        candle_box=candle_box,
        candle_discards=(),
        supply=config.marigold_total - 3 * n,
        hands=((),) * n,
        boards=(board,) * n,
        goals=(),
        stacks=(),
        unused_tokens=tuple(t.id for t in edition.tokens),
        taken_space=None,
        candle_space=None,
        pending=(),
        die=None,
        rng=None if seed is None else Rng(seed),
    )
    return _settle(next_setup(state))


def current_player(state: State) -> PlayerId:
    """The seat to decide, :data:`CHANCE` for a draw or a roll, or :data:`TERMINAL`."""
    phase = state.phase
    if phase is Phase.OVER:
        return TERMINAL
    if phase in _CHANCE:
        return CHANCE
    return state.seat


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is Phase.OVER


def _goal_type(state: State) -> GoalType:
    return list(GoalType)[len(state.goals)]


def _chance_weights(state: State) -> ChanceWeights[Action]:
    phase = state.phase
    outcomes: tuple[Action, ...]
    if phase in _PORTRAIT_DRAWS:
        outcomes = tuple(map(_draw_portrait, state.deck))
    elif phase in _CANDLE_DRAWS:
        outcomes = tuple(map(_draw_candle, state.bag))
    elif phase in _DICE:
        outcomes = tuple(RollDie(face) for face in FACES)
    else:
        outcomes = tuple(DrawGoal(g) for g in state.config.edition.goals_of(_goal_type(state)))
    return outcomes, (1,) * len(outcomes)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the pending draw or roll, each equally likely; empty at a decision."""
    if state.phase not in _CHANCE:
        return ()
    return probabilities(_chance_weights(state))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action in a deterministic order.

    Portrait spaces and candle spaces left to right (declining the candle
    first); portraits in hand in card order, each in every allowed slot then
    its discard; for a surrounded slot each candle in storage, then a
    marigold, then leaving it empty.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase in _CHANCE:
        return _chance_weights(state)[0]
    board = state.boards[state.seat]
    if phase is Phase.TAKE_PORTRAIT:
        return tuple(TakePortrait(s) for s, c in enumerate(state.market) if c is not None and board.marigolds >= s)
    if phase is Phase.TAKE_CANDLE:
        takes = tuple(
            TakeCandle(s)
            for s, c in enumerate(state.candle_market)
            if c is not None and (s == state.taken_space or board.marigolds >= 1)
        )
        return (SkipCandle(), *takes)
    if phase is Phase.PLAY:
        effect = state.config.edition.slot_effect
        empty = [s for s, c in enumerate(board.portraits) if c is None and (effect[s] >= 0 or board.marigolds >= 1)]
        actions: list[Action] = []
        for card in state.hands[state.seat]:
            actions.extend(_place_portrait(card, s) for s in empty)
            actions.append(DiscardPortrait(card))
        return tuple(actions)
    slot = state.pending[0]
    candle, marigold = slot_options(state, slot)
    options: list[Action] = [PlaceCandle(slot, c) for c in board.candles] if candle else []
    if marigold:
        options.append(PlaceMarigold(slot))
    options.append(LeaveEmpty(slot))
    return tuple(options)


def validate(state: State, action: Action) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not."""
    candidate: object = action
    if not isinstance(candidate, ACTION_CLASSES):
        return Rejection("not-an-action", f"{candidate!r} is not an Ofrenda action")
    for value in attrs.astuple(action, recurse=False):
        if type(value) is not int:
            return Rejection("not-an-integer", f"{action!r} names {value!r}; spaces, slots and components are integers")
    phase = state.phase
    if phase is Phase.OVER:
        return Rejection("game-over", "the game is over; no action can be taken")
    chance_action = isinstance(action, DrawPortrait | DrawCandle | DrawGoal | RollDie)
    if phase in _CHANCE:
        if not chance_action:
            return Rejection("chance-event-pending", f"a {phase.value} chance event is pending, not {action!r}")
        if action not in _chance_weights(state)[0]:
            return Rejection("impossible-outcome", f"{action!r} is not a possible outcome of the {phase.value} event")
        return None
    if chance_action:
        return Rejection("not-a-chance-event", f"player {state.seat} must decide ({phase.value}), not {action!r}")
    return validate_decision(state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    In a seeded game the draws and rolls that follow (the Abuela's turn
    included) are resolved before returning.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    >>> state = new_game(Config(players=2), seed=1)
    >>> try:
    ...     apply(state, TakePortrait(5))
    ... except IllegalActionError as error:
    ...     print(error.rejection)
    the Family board has spaces 0-3, not 5 [no-such-space]
    """
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    return _settle(_apply_unchecked(state, action))


def _settle(state: State) -> State:
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _apply_unchecked(state: State, action: Action) -> State:
    if isinstance(action, DrawPortrait):
        return draw_portrait(state, action.card)
    if isinstance(action, DrawCandle):
        return draw_candle(state, action.candle)
    if isinstance(action, DrawGoal):
        return draw_goal(state, action.goal)
    if isinstance(action, RollDie):
        if state.phase is Phase.ABUELA_PORTRAIT:
            return abuela_portrait(state, action.face)
        return abuela_candle(state, action.face)
    if isinstance(action, TakePortrait):
        return take_portrait(state, action.space)
    if isinstance(action, TakeCandle):
        return take_candle(state, action.space)
    if isinstance(action, SkipCandle):
        return skip_candle(state)
    if isinstance(action, PlacePortrait):
        return place_portrait(state, action.card, action.slot)
    if isinstance(action, DiscardPortrait):
        return discard_portrait(state, action.card)
    if isinstance(action, PlaceCandle):
        return place_candle(state, action.slot, action.candle)
    if isinstance(action, PlaceMarigold):
        return place_marigold(state, action.slot)
    return leave_empty(state, action.slot)


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    The other players' hands, the deck and the solo mode's unseen removed
    portraits are redealt at random from the same cards (keeping every
    size), and the generator is replaced.
    """
    n = state.config.players
    pool = [card for seat in range(n) if seat != player for card in state.hands[seat]]
    pool.extend(state.deck)
    pool.extend(state.removed)
    pool, rng = rng.shuffled(pool)
    hands = list(state.hands)
    for seat in range(n):
        if seat != player:
            size = len(hands[seat])
            hands[seat] = tuple(sorted(pool[:size]))
            del pool[:size]
    removed = tuple(sorted(pool[: len(state.removed)]))
    deck = tuple(sorted(pool[len(state.removed) :]))
    new_rng = None if state.rng is None else Rng(rng.next_u64()[0])
    return attrs.evolve(state, hands=tuple(hands), deck=deck, removed=removed, rng=new_rng)
