"""Rules checked over whole games: complete legal actions, exact chance pools, the market, candle storage.

Each test plays unseeded random games (chance drawn from ``chance_outcomes``)
and checks a rulebook sentence at every step, so a defect anywhere in a game
shows up, not only in a hand-built position.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    GAME,
    Action,
    Config,
    DiscardPortrait,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    GoalType,
    LeaveEmpty,
    Phase,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    RollDie,
    SkipCandle,
    State,
    TakeCandle,
    TakePortrait,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    validate,
)
from ofrenda_rules.ofrenda.objectives import candle_fulfilled, portrait_fulfilled
from ofrenda_rules.playout import random_playout

E = DEFAULT_EDITION
CONFIGS = [
    Config(players=1),
    Config(players=2, common_goals=True),
    Config(players=3),
    Config(players=4, common_goals=True, offering_in_any_slot=True),
]


def states(config: Config, player_seed: int = 7) -> list[State]:
    """Every state of one unseeded random game, the final one included."""
    seen: list[State] = []
    result = random_playout(GAME, config, seed=None, player_seed=player_seed, on_step=lambda s, a: seen.append(s))
    return [*seen, result.final]


def steps(config: Config) -> Iterator[tuple[State, Action, State]]:
    """``(before, action, after)`` for every step of one unseeded random game."""
    seen: list[State] = []
    actions: list[Action] = []

    def record(state: State, action: Action) -> None:
        seen.append(state)
        actions.append(action)

    result = random_playout(GAME, config, seed=None, player_seed=11, on_step=record)
    after = [*seen[1:], result.final]
    return zip(seen, actions, after, strict=True)


def every_candidate() -> tuple[Action, ...]:
    """A superset of every action that could ever be legal, with out-of-range values."""
    out: list[Action] = []
    out += [DrawPortrait(c) for c in range(-1, 66)]
    out += [DrawCandle(c) for c in range(-1, 36)]
    out += [DrawGoal(g) for g in range(-1, 16)]
    out += [RollDie(f) for f in range(8)]
    out += [TakePortrait(s) for s in range(-1, 5)]
    out += [TakeCandle(s) for s in range(-1, 5)]
    out += [SkipCandle()]
    out += [PlacePortrait(c, s) for c in range(65) for s in range(-1, 13)]
    out += [DiscardPortrait(c) for c in range(-1, 66)]
    out += [PlaceCandle(s, c) for s in range(-1, 9) for c in range(35)]
    out += [PlaceMarigold(s) for s in range(-1, 9)]
    out += [LeaveEmpty(s) for s in range(-1, 9)]
    return tuple(out)


CANDIDATES = every_candidate()


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_legal_actions_are_exactly_the_actions_validate_accepts(config: Config) -> None:
    """legal_actions is complete: nothing legal is missing, nothing illegal is present, no duplicates.

    Every candidate action (all spaces, slots, cards, candles, goals and die faces, plus out-of-range
    values) is checked against ``validate`` at every third state of a whole game.
    """
    for state in states(config)[::3]:
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal)
        accepted = {a for a in CANDIDATES if validate(state, a) is None}
        assert accepted == set(legal), f"phase {state.phase.value}"


def _seen_portraits(state: State) -> set[int]:
    seen = set(state.box) | set(state.removed) | set(state.abuela_discards)
    seen |= {c for c in state.market if c is not None}
    seen |= {c for hand in state.hands for c in hand}
    for board in state.boards:
        seen |= {c for c in board.portraits if c is not None} | set(board.discards)
    return seen


def _seen_candles(state: State) -> set[int]:
    seen = set(state.candle_box) | set(state.candle_discards) | {c for c in state.candle_market if c is not None}
    for board in state.boards:
        seen |= set(board.candles) | {c for c in board.candle_slots if c is not None}
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_every_draw_and_roll_is_uniform_over_the_right_pool(config: Config) -> None:
    """Setup 3 and 6: "Shuffle the remaining Portrait cards into a deck", "Draw 4 Candles randomly from the bag";
    Replenish: "Place a new Candle randomly picked from the bag"; Solo: "randomly remove three Portraits",
    "roll the dice"; Common goals: "Sort and shuffle the Goal cards into the three types [...] Take one card of
    each type".

    At every chance event the outcomes are exactly the cards still in the deck (every portrait not seen
    anywhere else), the candles still in the bag, the goal cards of the next type, or the six die faces,
    each with the same exact probability.
    """
    all_portraits = {p.id for p in E.portraits}
    all_candles = {c.id for c in E.candles}
    chance_states = 0
    for state in states(config):
        if current_player(state) != CHANCE:
            assert chance_outcomes(state) == ()
            continue
        chance_states += 1
        outcomes = chance_outcomes(state)
        actions = tuple(a for a, _ in outcomes)
        assert actions == legal_actions(state)
        assert {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
        phase = state.phase
        if phase in (Phase.SETUP_REMOVE, Phase.SETUP_MARKET, Phase.SETUP_DEAL, Phase.REFILL_PORTRAIT):
            pool = all_portraits - _seen_portraits(state)
            assert set(state.deck) == pool and set(actions) == {DrawPortrait(c) for c in pool}
        elif phase in (Phase.SETUP_CANDLES, Phase.REFILL_CANDLE):
            pool = all_candles - _seen_candles(state)
            assert set(state.bag) == pool and set(actions) == {DrawCandle(c) for c in pool}
            if config.solo:
                assert not any(E.candles[c].multiplayer_only for c in pool)
        elif phase is Phase.SETUP_GOAL:
            kind = list(GoalType)[len(state.goals)]
            assert actions == tuple(DrawGoal(g.id) for g in E.goals if g.type is kind)
        else:
            assert phase in (Phase.ABUELA_PORTRAIT, Phase.ABUELA_CANDLE)
            assert actions == tuple(RollDie(face) for face in range(1, 7))
    assert chance_states > 12 * config.players


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_four_portraits_and_four_candles_in_the_market_at_the_end_of_every_turn(config: Config) -> None:
    """Replenish: "There should always be four Portraits and four Candles in the market at the end of your
    turn."; Place or Discard: "Choose a Portrait that you wish to play from the four Portraits you have in hand."

    Candles only while the bag holds any (with ``offering_in_any_slot`` four players can empty it).
    """
    turns = 0
    for state in states(config):
        if state.phase is Phase.TAKE_PORTRAIT:
            turns += 1
            assert None not in state.market
            assert None not in state.candle_market or not state.bag
            assert len(state.hands[state.seat]) == 3
        if state.phase is Phase.PLAY:
            assert len(state.hands[state.seat]) == 4
    assert turns == 12 * config.players


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_candles_never_leave_storage_except_onto_the_ofrenda(config: Config) -> None:
    """Take 1 Candle: "You may never discard Candles from your storage." -- and storage never holds more than
    three candles ("You must have fewer than three Candles in your storage to do so")."""
    for before, action, after in steps(config):
        for seat, (old, new) in enumerate(zip(before.boards, after.boards, strict=True)):
            gone = set(old.candles) - set(new.candles)
            assert len(new.candles) <= 3
            if gone:
                assert isinstance(action, PlaceCandle) and before.seat == seat and gone == {action.candle}
                assert new.candle_slots[action.slot] == action.candle


def test_with_an_empty_bag_candle_spaces_stay_empty_and_the_game_goes_on() -> None:
    """Ruling 2: with ``offering_in_any_slot`` four players can empty the candle bag; the emptied spaces of the
    Family board then stay empty, offer no candle, and the game still ends after twelve turns each."""
    config = Config(players=4, offering_in_any_slot=True)

    def greedy(state: State) -> Action:
        legal = legal_actions(state)
        for kind in (PlaceCandle, TakeCandle):
            for action in legal:
                if isinstance(action, kind):
                    return action
        return legal[0]

    state = GAME.new_game(config, 1)
    emptied = False
    while current_player(state) >= 0:
        if state.phase is Phase.TAKE_CANDLE and not state.bag:
            empty = [s for s, c in enumerate(state.candle_market) if c is None]
            assert all(TakeCandle(s) not in legal_actions(state) for s in empty)
        state = apply(state, greedy(state))
        emptied = emptied or (not state.bag and None in state.candle_market)
    assert emptied and state.phase is Phase.OVER
    assert all(board.turns == 12 for board in state.boards)


def _check_lit_sides(state: State) -> None:
    config = state.config
    neighbours = E.neighbours
    final = state.phase is Phase.OVER
    for seat, board in enumerate(state.boards):
        for slot, card in enumerate(board.portraits):
            if card is None:
                assert not board.lit[slot]
                continue
            full = all(board.portraits[n] is not None for n in neighbours[slot])
            due = final or full
            assert board.lit[slot] == (due and portrait_fulfilled(config, board, slot, final=final))
        for k, candle in enumerate(board.candle_slots):
            if candle is None:
                assert not board.candle_lit[k]
                continue
            due = final or not E.candles[candle].end_of_game
            assert board.candle_lit[k] == (due and candle_fulfilled(config, state.boards, seat, candle))


@pytest.mark.parametrize(
    "config", [*CONFIGS, Config(players=2, strict_empty_objectives=True, zero_majority=True)], ids=GAME.describe_config
)
def test_lit_sides_are_exactly_the_objectives_due_and_fulfilled(config: Config) -> None:
    """Portrait Objectives: "As soon as a Portrait has all its adjacent slots filled, check if the objective has
    been fulfilled and, if so, flip the Portrait to its lit side. At the end of the game, double check unlit
    Portraits' objectives, ignoring any empty Portrait slots." Candle Objectives: "As soon as the objective is
    fulfilled, flip the Candle to its lit side. Objectives marked with an end-of-game icon can only be flipped
    at the end of the game." Scoring: "First, check if you can flip any remaining unlit Portraits and Candles".

    At every player decision and at the end of several games, each portrait is lit exactly when its
    neighbourhood is full (or the game is over) and its objective holds, and each placed candle exactly when
    it may be flipped and its objective holds.
    """
    lit = 0
    for player_seed in range(3):
        game = states(config, player_seed)
        for state in game[::4]:
            _check_lit_sides(state)
        final = game[-1]
        _check_lit_sides(final)
        assert final.phase is Phase.OVER
        lit += sum(sum(board.lit) + sum(board.candle_lit) for board in final.boards)
    assert lit > 0
