"""The generic property suite, run over every registered game and configuration.

Hypothesis chooses the game seed and every action, so a failure shrinks to a
short game that can be replayed as it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import Rng, integer_weights
from ofrenda_rules.serialization import dumps, loads
from tests.properties.cases import CASES

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
Hook = Callable[[Any, Any, Any], None]


def sampled(hook: Hook, data: st.DataObject, stride: int) -> Hook:
    """Run an expensive ``hook`` on one step in ``stride`` (hypothesis picks the phase) and the first."""
    phase = data.draw(st.integers(0, stride - 1), label="phase")
    count = 0

    def wrapper(before: Any, action: Any, after: Any) -> None:
        nonlocal count
        if count % stride == phase or count == 0:
            hook(before, action, after)
        count += 1

    return wrapper


def play(game: AnyGame, config: Any, seed: int | None, data: st.DataObject, hook: Hook | None = None) -> Any:
    """Play to the end with hypothesis choosing actions; ``hook(before, action, after)`` each step."""
    state = game.new_game(config, seed)
    limit = game.max_steps(config)
    steps = 0
    # Chance events are sampled by their probabilities (as a table would), from a
    # generator hypothesis seeds; player decisions are chosen by hypothesis.
    chance_rng = Rng(data.draw(SEEDS, label="chance seed"))
    while (player := game.current_player(state)) != TERMINAL:
        assert steps < limit, f"no end after {limit} steps"
        legal = game.legal_actions(state)
        assert legal, f"player {player} has no legal action"
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert tuple(a for a, _ in outcomes) == legal
            assert sum(p for _, p in outcomes) == 1
            assert all(p > 0 for _, p in outcomes)
            index, chance_rng = chance_rng.choose(integer_weights([p for _, p in outcomes]))
            action = legal[index]
        else:
            assert game.chance_outcomes(state) == ()
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        after = game.apply(state, action)
        if hook is not None:
            hook(state, action, after)
        state = after
        steps += 1
    return state


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=SEEDS, data=st.data())
def test_seeded_playouts_terminate_with_the_right_number_of_turns(
    game: AnyGame, config: Any, seed: int, data: st.DataObject
) -> None:
    final = play(game, config, seed, data)
    assert game.is_over(final)
    assert game.legal_actions(final) == ()
    low, high = game.turn_bounds(config)
    assert low <= game.turn_count(final) <= high
    result = game.outcome(final)
    assert len(result.scores) == config.players
    assert result.scores == game.score(final)
    assert len(result.ranks) == config.players
    assert all(result.ranks[seat] == 0 for seat in result.winners)


@pytest.mark.parametrize(("game", "config"), CASES)
@given(data=st.data())
def test_unseeded_playouts_stop_at_chance_events_and_terminate(game: AnyGame, config: Any, data: st.DataObject) -> None:
    final = play(game, config, None, data)
    assert game.is_over(final)
    assert final.rng is None


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=SEEDS, data=st.data())
def test_apply_never_mutates_and_components_are_conserved(
    game: AnyGame, config: Any, seed: int, data: st.DataObject
) -> None:
    initial = game.new_game(config, seed)
    census = game.census(initial)

    def hook(before: Any, action: Any, after: Any) -> None:
        assert dumps(before) == snapshots[-1], "apply changed its input state"
        assert game.census(after) == census
        snapshots.append(dumps(after))

    snapshots = [dumps(initial)]
    play(game, config, seed, data, hook)


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=SEEDS, data=st.data())
def test_same_seed_and_actions_give_the_same_states(game: AnyGame, config: Any, seed: int, data: st.DataObject) -> None:
    record: list[tuple[Any, Any]] = []
    play(game, config, seed, data, lambda before, action, after: record.append((action, after)))
    state = game.new_game(config, seed)
    for action, expected in record:
        state = game.apply(state, action)
        assert state == expected


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=st.one_of(st.none(), SEEDS), data=st.data())
def test_json_round_trips_exactly(game: AnyGame, config: Any, seed: int | None, data: st.DataObject) -> None:
    assert loads(dumps(config), game.config_type) == config

    def hook(before: Any, action: Any, after: Any) -> None:
        assert loads(dumps(before), game.state_type) == before
        text = dumps(action, game.action_type)
        assert json.loads(text)["type"] == type(action).TAG
        assert loads(text, game.action_type) == action
        for seat in range(config.players):
            view = game.observe(before, seat)
            assert loads(dumps(view), game.view_type) == view

    final = play(game, config, seed, data, sampled(hook, data, 6))
    assert loads(dumps(final), game.state_type) == final
    result = game.outcome(final)
    assert loads(dumps(result), game.outcome_type) == result


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=SEEDS, data=st.data())
def test_illegal_actions_raise_the_typed_error_and_change_nothing(
    game: AnyGame, config: Any, seed: int | None, data: st.DataObject
) -> None:
    seen: list[Any] = []

    def hook(before: Any, action: Any, after: Any) -> None:
        legal = game.legal_actions(before)
        assert all(game.validate(before, a) is None for a in legal)
        snapshot = dumps(before)
        for candidate in seen[-12:]:
            if candidate in legal:
                continue
            rejection = game.validate(before, candidate)
            assert rejection is not None, f"{candidate!r} is not in legal_actions but validates"
            assert rejection.code and rejection.message
            with pytest.raises(IllegalActionError) as caught:
                game.apply(before, candidate)
            assert caught.value.rejection == rejection
            assert dumps(before) == snapshot
        seen.append(action)

    final = play(game, config, seed, data, sampled(hook, data, 2))
    for candidate in seen[-10:]:
        with pytest.raises(IllegalActionError) as caught:
            game.apply(final, candidate)
        assert caught.value.rejection.code


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=SEEDS, data=st.data(), other_seed=SEEDS)
def test_observe_leaks_no_hidden_information(
    game: AnyGame, config: Any, seed: int, data: st.DataObject, other_seed: int
) -> None:
    def hook(before: Any, action: Any, after: Any) -> None:
        for seat in range(config.players):
            variant = game.hidden_variant(after, seat, Rng(other_seed))
            assert game.census(variant) == game.census(after)
            assert game.observe(variant, seat) == game.observe(after, seat)
            text = dumps(game.observe(after, seat))
            assert '"rng"' not in text and '"counter"' not in text

    play(game, config, seed, data, sampled(hook, data, 3))


@pytest.mark.parametrize(("game", "config"), CASES)
def test_declared_facts_match_play(game: AnyGame, config: Any) -> None:
    assert config.players in game.info.player_counts
    state = game.new_game(config, None)
    if not game.info.has_chance:
        assert game.current_player(state) != CHANCE
    default = game.config_type()
    assert default.players in game.info.player_counts
    for players in game.info.player_counts:
        assert game.config_type(players=players).players == players
    assert attrs.has(game.state_type) and attrs.has(game.view_type)


@pytest.mark.parametrize(("game", "config"), CASES)
def test_something_that_is_not_an_action_raises_the_typed_error(game: AnyGame, config: Any) -> None:
    state = game.new_game(config, 1)
    snapshot = dumps(state)
    for junk in ("nonsense", None, 7, ("type", "play")):
        rejection = game.validate(state, junk)
        assert rejection is not None and rejection.code
        with pytest.raises(IllegalActionError):
            game.apply(state, junk)
    assert dumps(state) == snapshot
