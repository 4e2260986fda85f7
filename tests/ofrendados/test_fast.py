"""The fast rules equal the rules they replaced (tests/ofrendados/reference.py), on every state of whole games.

legal_actions is generated directly from the edition's tables instead of
checking candidates, an action is applied to one mutable copy frozen once,
and a seeded game resolves its chance events inside that copy: each must give
exactly what the evolve-based rules gave, order of actions and generator
draws included. The reference rules know no events, so states are compared
without their ``recent_events`` (tests/ofrendados/test_events.py checks those).
"""

from __future__ import annotations

import pickle

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    Action,
    Board,
    Config,
    Die,
    State,
    UseDie,
    apply,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    moves,
    new_game,
    validate,
)
from ofrenda_rules.ofrendados.tables import DICE, die_index, shared_die, sorted_dice
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps
from tests.ofrendados import reference
from tests.ofrendados.helpers import without_events

POWER_CARDS = (16, 17, 18, 19, 20)
CONFIGS = [pytest.param(c, id=GAME.describe_config(c)) for c in GAME.test_configs()]


def _with_powers(state: State) -> State:
    """Seat 0 owns every die-power card from the start, so that turns and rerolls happen."""
    return attrs.evolve(
        state,
        deck=tuple(c for c in state.deck if c not in POWER_CARDS),
        market=tuple(c for c in state.market if c not in POWER_CARDS),
        boards=(attrs.evolve(state.boards[0], cards=POWER_CARDS), *state.boards[1:]),
    )


def _expected(state: State, action: Action) -> State:
    return without_events(reference._settle(reference._apply_unchecked(state, action)))


def _check_step(state: State, rng: Rng) -> tuple[State, Rng]:
    """Compare everything at ``state``, then take a random legal step (compared too)."""
    fresh = attrs.evolve(state)  # no cached legal actions
    assert current_player(state) == reference.current_player(fresh)
    legal = legal_actions(state)
    assert legal == reference.legal_actions(fresh)
    assert chance_outcomes(fresh) == reference.chance_outcomes(fresh)
    index, rng = rng.below(len(legal))
    action = legal[index]
    after = apply(state, action)
    expected = _expected(fresh, action)
    assert without_events(after) == expected
    assert dumps(without_events(after), State) == dumps(expected, State)
    # An equal action built by the caller goes through validate and gives the same state.
    assert apply(fresh, attrs.evolve(action)) == after
    return after, rng


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("powers", [False, True])
def test_unseeded_games_step_exactly_as_the_reference_rules(config: Config, powers: bool) -> None:
    for game in range(2):
        state = new_game(config)
        assert without_events(state) == without_events(reference.new_game(config))
        if powers:
            state = _with_powers(state)
        rng = Rng(1000 * game + config.players)
        steps = 0
        while not is_over(state):
            state, rng = _check_step(state, rng)
            steps += 1
            assert steps <= GAME.max_steps(config)
        assert legal_actions(state) == () == reference.legal_actions(state)


@pytest.mark.parametrize("config", CONFIGS)
def test_seeded_games_draw_exactly_what_the_generic_settle_draws(config: Config) -> None:
    """A seeded game's chance events are resolved inside apply with the same draws as ``chance.settle``."""
    for seed in range(200):
        assert without_events(new_game(config, seed)) == without_events(reference.new_game(config, seed))
    for seed in range(8):
        state = new_game(config, seed)
        if seed % 4 == 0:
            state = _with_powers(state)
        rng = Rng(seed)
        while not is_over(state):
            assert current_player(state) != CHANCE
            state, rng = _check_step(state, rng)


def test_legal_actions_are_kept_on_the_state_and_never_serialised() -> None:
    state = new_game(Config(players=2), seed=3)
    text = dumps(state, State)
    legal = legal_actions(state)
    assert legal_actions(state) is legal
    assert dumps(state, State) == text and "legal" not in text
    assert state == attrs.evolve(state) and hash(state) == hash(attrs.evolve(state))
    assert "_legal" not in repr(state)


def test_an_action_listed_for_another_state_is_still_validated() -> None:
    """The identity shortcut of apply only covers the actions listed for this very state."""
    state = new_game(Config(players=2), seed=3)
    taken = apply(state, legal_actions(state)[0])
    creating = state
    while creating.phase.value != "create":
        creating = apply(creating, legal_actions(creating)[0])
    listed = legal_actions(creating)
    use = next(a for a in listed if isinstance(a, UseDie))
    rejection = validate(taken, use)
    assert rejection is not None
    with pytest.raises(IllegalActionError) as error:
        apply(taken, use)
    assert error.value.rejection == rejection


def test_shared_dice_follow_the_dice_order_and_are_found_by_value_too() -> None:
    assert list(DICE) == sorted(DICE)
    for index, die in enumerate(DICE):
        assert die_index(die) == index == die_index(attrs.evolve(die))
        assert shared_die(die.colour, die.pips) is die
    assert shared_die(DICE[0].colour, 7) == attrs.evolve(DICE[0], pips=7)
    mixed = (DICE[17], attrs.evolve(DICE[3]), DICE[9], DICE[3])
    assert sorted_dice(mixed) == tuple(sorted(mixed)) == sorted_dice(list(reversed(mixed)))
    assert sorted_dice(DICE[::-1]) == DICE
    with pytest.raises(KeyError):
        die_index(attrs.evolve(DICE[0], pips=0))


def test_chance_outcomes_are_applied_like_legal_actions_and_others_are_still_checked() -> None:
    state = new_game(Config(players=3))
    outcomes = chance_outcomes(state)
    assert [p for _, p in outcomes] == [outcomes[0][1]] * len(outcomes) and sum(p for _, p in outcomes) == 1
    for action, _ in outcomes[:5]:
        assert without_events(apply(state, action)) == _expected(attrs.evolve(state), action)
    assert legal_actions(state) == tuple(a for a, _ in outcomes)
    revealed = outcomes[0][0]
    after = apply(state, revealed)
    chance_outcomes(after)
    with pytest.raises(IllegalActionError) as error:
        apply(after, revealed)
    assert error.value.rejection.code == "card-not-in-deck"


def _unshared(state: State) -> State:
    """``state`` with every die replaced by an equal die built afresh (not one of the shared ``DICE``)."""

    def copies(dice: tuple[Die, ...]) -> tuple[Die, ...]:
        return tuple(Die(die.colour, die.pips) for die in dice)

    rerolling = state.rerolling
    return attrs.evolve(
        state,
        rolled=copies(state.rolled),
        pool=copies(state.pool),
        drafted=tuple(copies(dice) for dice in state.drafted),
        dice_left=copies(state.dice_left),
        rerolling=None if rerolling is None else Die(rerolling.colour, rerolling.pips),
    )


@pytest.mark.parametrize("config", CONFIGS)
def test_dice_built_elsewhere_give_the_same_actions_and_states(config: Config) -> None:
    """The lookups by identity (dice, the tables' actions) fall back to values: same actions, same next states."""
    rng = Rng(config.players)
    for seed in range(2):
        state = _with_powers(new_game(config, seed)) if seed else new_game(config, seed)
        while not is_over(state):
            copy = _unshared(state)
            assert copy == state and all(a is not b for a, b in zip(copy.dice_left, state.dice_left, strict=True))
            legal = legal_actions(state)
            assert legal_actions(copy) == legal
            index, rng = rng.below(len(legal))
            after = apply(state, legal[index])
            assert apply(copy, attrs.evolve(legal[index])) == after
            assert apply(_unshared(state), legal[index]) == after
            state = after


def test_a_board_built_without_init_equals_one_built_by_it() -> None:
    """moves._new_board stores a board's fields into its slots (the kernel's fast way) instead of calling __init__."""
    board = Board(sheet=(None,) * DEFAULT_EDITION.sheet.size, flowers=(2, 5), pesos=3, cards=(16,))
    changed = moves._new_board(board.sheet, board.flowers, 7, board.cards)
    built = Board(board.sheet, board.flowers, 7, board.cards)
    assert type(changed) is Board and changed == built and hash(changed) == hash(built) and repr(changed) == repr(built)
    assert attrs.asdict(changed, recurse=False) == attrs.asdict(built, recurse=False) and board.pesos == 3
    assert pickle.dumps(changed) == pickle.dumps(built) and pickle.loads(pickle.dumps(changed)) == built
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        changed.pesos = 1  # type: ignore[misc]


def test_a_next_state_frozen_unchanged_is_its_state_field_by_field() -> None:
    """NextState copies every field of a State and freeze builds a State with each of them (and no cached actions)."""
    fields = [field.name for field in attrs.fields(State) if field.init]
    checked = 0
    for players in (2, 4):
        state = new_game(Config(players=players), 3)
        for _ in range(40):
            if is_over(state):
                break
            legal_actions(state)  # fills the private cache, which a frozen copy must not carry
            frozen = moves.NextState(state).freeze()
            assert type(frozen) is State and frozen == state and frozen is not state
            assert [getattr(frozen, name) is getattr(state, name) for name in fields] == [True] * len(fields)
            assert frozen._legal is None and pickle.dumps(frozen) == pickle.dumps(state)
            checked += 1
            state = apply(state, legal_actions(state)[0])
    assert checked == 80
