"""Observation and information-state tensors of Ofrendados, and the score bounds."""

from __future__ import annotations

import math
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    Beneath,
    Config,
    Die,
    ObjectKind,
    State,
    TakeDie,
    UseDie,
    View,
    apply,
    encode_information_state,
    encode_observation,
    information_state_shape,
    is_over,
    legal_actions,
    new_game,
    observation_shape,
    observe,
    observe_public,
    outcome,
    score,
    score_bounds,
    step,
)
from ofrenda_rules.ofrendados.bounds import max_offering
from ofrenda_rules.ofrendados.offering import offering_score
from ofrenda_rules.ofrendados.tensors import _new_events
from tests.ofrendados.helpers import PATH, SHEET, O, P, Y, board, creating, start

CONFIGS = GAME.test_configs()


def _playout(config: Config, seed: int) -> tuple[list[State], list[list[View]]]:
    """A seeded random game: its states and every seat's views, in order."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    states = [state]
    views = [[observe(state, seat)] for seat in range(config.players)]
    while not is_over(state):
        state = apply(state, chooser.choice(legal_actions(state)))
        states.append(state)
        for seat in range(config.players):
            views[seat].append(observe(state, seat))
    return states, views


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_tensors_have_their_shape_and_stay_in_range_over_a_game(config: Config) -> None:
    (length,) = observation_shape(config)
    (info_length,) = information_state_shape(config)
    assert info_length > length
    states, views = _playout(config, seed=config.players)
    for index, state in enumerate(states[:: max(1, len(states) // 12)]):
        for view in (observe(state, index % config.players), observe_public(state)):
            tensor = encode_observation(config, view)
            assert len(tensor) == length
            assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in tensor)
    for seat_views in views:
        tensor = encode_information_state(config, seat_views)
        assert len(tensor) == info_length
        assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in tensor)
        assert tensor[:length] == encode_observation(config, seat_views[-1])


def test_the_viewer_and_the_spectator_are_told_apart() -> None:
    config = Config(players=3)
    state = new_game(config, seed=2)
    tensors = {encode_observation(config, observe(state, seat)) for seat in range(3)}
    tensors.add(encode_observation(config, observe_public(state)))
    assert len(tensors) == 4


def test_every_step_of_a_game_changes_the_information_state() -> None:
    config = Config(players=2)
    _, views = _playout(config, seed=11)
    seen = {encode_information_state(config, views[0][: k + 1]) for k in range(len(views[0]))}
    assert len(seen) == len(views[0])


def test_the_information_state_remembers_the_draft_order_the_view_forgets() -> None:
    # Seat 0 picks first and fourth in a 2-player draft: taking yellow 1 then yellow 2, or the reverse,
    # leaves the same table but a different history.
    state = start(players=2, yellow=(1, 2, 3), orange=(1, 2, 3))
    config = state.config
    histories = []
    for first, second in ((1, 2), (2, 1)):
        picks = [TakeDie(Y, first), TakeDie(O, 1), TakeDie(O, 2), TakeDie(Y, second)]
        current = state
        views = [observe(current, 0)]
        for action in picks:
            current = apply(current, action)
            views.append(observe(current, 0))
        histories.append(views)
    first_views, second_views = histories
    assert attrs.evolve(first_views[-1], recent_events=()) == attrs.evolve(second_views[-1], recent_events=())
    assert encode_observation(config, first_views[-1]) == encode_observation(config, second_views[-1])
    assert encode_information_state(config, first_views) != encode_information_state(config, second_views)


def test_the_information_state_remembers_the_order_dice_were_used() -> None:
    # Two money faces used in either order leave the same table (4 pesos more) but a different history.
    state = creating(start(players=2), [Die(O, 6), Die(P, 6)])
    config = state.config
    histories = []
    for order in ((Die(O, 6), Die(P, 6)), (Die(P, 6), Die(O, 6))):
        current = state
        views = [observe(current, 0)]
        for die in order:
            current = apply(current, UseDie(die.colour, die.pips))
            views.append(observe(current, 0))
        histories.append(views)
    first_views, second_views = histories
    assert encode_observation(config, first_views[-1]) == encode_observation(config, second_views[-1])
    assert encode_information_state(config, first_views) != encode_information_state(config, second_views)


@pytest.mark.parametrize("seed", [0, 1])
def test_events_repeated_after_a_fed_chance_outcome_are_read_once(seed: int) -> None:
    # Unseeded: every chance outcome is fed, and each such view repeats the earlier events.
    config = Config(players=3)
    chooser = random.Random(seed)
    state = new_game(config)
    views = [observe(state, 1)]
    every = list(state.recent_events)
    for _ in range(400):
        if is_over(state):
            break
        state, events = step(state, chooser.choice(legal_actions(state)))
        every.extend(events)
        views.append(observe(state, 1))
    assert any(view.current_player == CHANCE for view in views[1:])
    assert _new_events(views) == every


def test_bad_views_are_refused_with_a_config_error() -> None:
    config = Config(players=2)
    state = new_game(config, seed=1)
    other = new_game(Config(players=3), seed=1)
    with pytest.raises(ConfigError, match="another configuration"):
        encode_observation(config, observe(other, 0))
    with pytest.raises(ConfigError, match="View"):
        encode_observation(config, "view")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="at least"):
        encode_information_state(config, [])
    with pytest.raises(ConfigError, match="one seat"):
        encode_information_state(config, [observe(state, 0), observe(state, 1)])
    with pytest.raises(ConfigError, match="Config"):
        observation_shape("config")  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_finished_games_score_within_the_bounds(config: Config) -> None:
    low, high = score_bounds(config)
    assert 0 == low < high < 1000
    for seed in range(3):
        states, _ = _playout(config, seed=100 + seed)
        assert all(low <= points <= high for points in outcome(states[-1]).scores)


def test_an_unqualified_offering_full_of_objects_scores_the_least() -> None:
    state = new_game(Config(players=2), seed=0)
    full = board({cell: ObjectKind.CANDLE for cell in range(SHEET.size)}, flowers=(1, 2, 3), pesos=40)
    state = attrs.evolve(state, boards=(full, state.boards[1]))
    assert score(state)[0] == score_bounds(state.config)[0] == 0


def test_a_rich_finished_offering_scores_within_the_bound() -> None:
    # At the end of the Path with every flower type's majority, a full sheet, every pink card and much money.
    state = new_game(Config(players=2, opponent_as_both_neighbours=True), seed=0)
    pink = tuple(card.id for card in DEFAULT_EDITION.cards if card.effect.kind.value == "eternal")
    mix = (ObjectKind.PAPEL_PICADO, ObjectKind.PAN_DE_MUERTO, ObjectKind.CANDLE, ObjectKind.FRUIT)
    sheet = {cell: mix[cell % len(mix)] for cell in range(SHEET.size)}
    rich = board(sheet, flowers=tuple(range(PATH.length - 20, PATH.length + 1)), pesos=60, cards=pink)
    other = board(dict.fromkeys(range(SHEET.size), ObjectKind.CALAVERITA))
    state = attrs.evolve(state, boards=(rich, other))
    points = score(state)[0]
    assert 150 < points <= score_bounds(state.config)[1]


@given(st.lists(st.sampled_from([*ObjectKind, None]), min_size=SHEET.size, max_size=SHEET.size))
def test_the_offering_bound_covers_every_sheet(cells: list[ObjectKind | None]) -> None:
    for beneath in Beneath:
        points = offering_score(SHEET, tuple(cells), beneath, DEFAULT_EDITION.food_set_points).total
        assert points <= max_offering(DEFAULT_EDITION, beneath)
