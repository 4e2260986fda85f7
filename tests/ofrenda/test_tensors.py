"""Ofrenda's observation and information-state tensors: shapes, ranges, what they tell apart."""

from __future__ import annotations

import math

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.ofrenda import (
    GAME,
    Config,
    State,
    View,
    apply,
    encode_information_state,
    encode_observation,
    from_position,
    hidden_variant,
    information_state_shape,
    is_over,
    legal_actions,
    new_game,
    observation_layout,
    observation_shape,
    observe,
    observe_public,
    score_bounds,
)
from ofrenda_rules.ofrenda.components import OfferingKind
from ofrenda_rules.ofrenda.scoring import board_score
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng

CONFIGS = GAME.test_configs()


def _playout(config: Config, seed: int | None) -> list[State]:
    states: list[State] = []

    def keep(state: State, action: object) -> None:
        if len(states) < 10_000:
            states.append(state)

    states.append(random_playout(GAME, config, seed, 3, on_step=keep).final)
    return states


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_every_view_encodes_to_the_declared_shape_with_finite_mostly_unit_values(config: Config) -> None:
    (size,) = observation_shape(config)
    (info,) = information_state_shape(config)
    sections = observation_layout(config)
    assert [start for _, start, _ in sections] == [0, *(start + length for _, start, length in sections[:-1])]
    assert sum(length for _, _, length in sections) == info and info <= 10_000
    outside = total = 0
    for state in _playout(config, None)[::5]:
        for view in [*(observe(state, seat) for seat in range(config.players)), observe_public(state)]:
            x = encode_observation(config, view)
            assert len(x) == size and all(math.isfinite(v) and v >= 0.0 for v in x)
            outside += sum(1 for v in x if v > 1.0)
            total += len(x)
            assert encode_information_state(config, [view])[:size] == x
    assert outside <= total // 1000


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_the_tensors_are_functions_of_the_view(config: Config) -> None:
    for state in _playout(config, 5)[::17]:
        for seat in range(config.players):
            variant = hidden_variant(state, seat, Rng(1))
            assert encode_observation(config, observe(variant, seat)) == encode_observation(
                config, observe(state, seat)
            )


def _views(config: Config, seed: int | None, seat: int) -> list[View]:
    """Every view ``seat`` has in a game played with the first legal action (chance by a fixed generator)."""
    state = new_game(config, seed)
    views = [observe(state, seat)]
    rng = Rng(9)
    while not is_over(state):
        actions = legal_actions(state)
        if GAME.current_player(state) == CHANCE:
            index, rng = rng.below(len(actions))
        else:
            index = 0
        state = apply(state, actions[index])
        views.append(observe(state, seat))
    return views


@pytest.mark.parametrize(
    "config", [Config(players=1), Config(players=2), Config(players=4, common_goals=True)], ids=GAME.describe_config
)
@pytest.mark.parametrize("seed", [None, 4])
def test_the_information_state_tells_every_prefix_of_a_history_apart(config: Config, seed: int | None) -> None:
    views = _views(config, seed, config.players - 1)
    seen = {encode_information_state(config, views[: i + 1]) for i in range(len(views))}
    assert len(seen) == len(views)
    assert all(len(x) == information_state_shape(config)[0] for x in seen)


def test_the_history_records_what_a_seat_saw_taken_and_played_by_another() -> None:
    """Two histories ending in the same view differ in when each portrait was taken."""
    config = Config(players=2)
    views = _views(config, 7, 0)
    last = encode_information_state(config, views)
    offsets = {name: start for name, start, _ in observation_layout(config)}
    seats = offsets["seats"]
    taken = [v for v in last[seats : seats + 65] if v > 0]
    assert len(taken) == 12, "seat 0 took 12 portraits, each stamped with its turn"
    assert sorted(taken) == [pytest.approx((t + 1) / 12) for t in range(12)]
    assert encode_information_state(config, views[-1:]) != last


def test_a_view_s_own_hand_and_the_portraits_seen_in_other_hands_are_encoded() -> None:
    empty = "-/-/3/-/-/-/-/0"
    text = f"take_candle:0 0+1,-,25,7 3,2,15,1 4,18,29,31/17,20,30 -/-/2/-/-/-/-/0 {empty} taken=1 seen=4/-"
    config = Config()
    state = from_position(text, config)
    offsets = {name: start for name, start, _ in observation_layout(config)}
    mine = encode_observation(config, observe(state, 1))
    assert [c for c in range(65) if mine[offsets["hand"] + c]] == [17, 20, 30]
    # Seat 1's blocks are relative: seat 0 is block 1 for it.
    assert [c for c in range(65) if mine[offsets["seen_in_hands"] + 65 + c]] == [4]
    public = encode_observation(config, observe_public(state))
    assert not any(public[offsets["hand"] : offsets["hand"] + 65])
    assert [c for c in range(65) if public[offsets["seen_in_hands"] + c]] == [4]


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_finished_games_score_within_the_bounds(config: Config) -> None:
    low, high = score_bounds(config)
    for seed in range(6):
        final = random_playout(GAME, config, seed, seed + 1).final
        assert all(low <= points <= high for points in GAME.outcome(final).scores)


def test_the_high_bound_is_reached_by_an_ofrenda_where_everything_scores_its_most() -> None:
    """Every card slot lit, a lit candle in each candle slot and a marigold in each marigold slot: 144 points."""
    config = Config(players=1)
    edition = config.edition
    board = GAME.new_game(config, 1).boards[0]
    kinds = [slot.kind for slot in edition.board.offering_slots]
    full = attrs.evolve(
        board,
        portraits=tuple(range(12)),
        lit=(True,) * 12,
        marigold_slots=tuple(kind is OfferingKind.MARIGOLD for kind in kinds),
        candle_slots=tuple(20 + k if kind is OfferingKind.CANDLE else None for k, kind in enumerate(kinds)),
        candle_lit=tuple(kind is OfferingKind.CANDLE for kind in kinds),
    )
    assert board_score(edition, full) == score_bounds(config)[1] == 144
    assert score_bounds(Config(players=2, common_goals=True)) == (0, 162)
