"""Observation and information-state tensors of Portents, and the score bounds."""

from __future__ import annotations

import itertools
import math

import attrs
import pytest

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.portents import (
    GAME,
    Config,
    Difficulty,
    Light,
    Phase,
    Place,
    Push,
    Side,
    State,
    View,
    apply,
    current_player,
    encode_information_state,
    encode_observation,
    information_state_shape,
    is_over,
    legal_actions,
    new_game,
    observation_shape,
    observe,
    observe_public,
    score,
    score_bounds,
)
from ofrenda_rules.portents.altar import portents
from ofrenda_rules.portents.components import LANE_SLOTS
from ofrenda_rules.portents.tensors import OBSERVATION_SIZE, TURN_RECORD_SIZE
from tests.portents.boards import S, position

CONFIGS = GAME.test_configs()
HISTORY = 1185
"""Where the turn records start in an information state (see the module's table)."""


def _game(config: Config, seed: int | None) -> list[State]:
    """Every state of a random playout, the final one included."""
    seen: list[State] = []
    playout = random_playout(GAME, config, seed, 23, on_step=lambda state, _: seen.append(state))
    return [*seen, playout.final]


def _flat(shape: tuple[int, ...]) -> int:
    return math.prod(shape)


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_every_view_encodes_to_the_declared_shape_with_values_in_the_unit_interval(config: Config) -> None:
    size = _flat(observation_shape(config))
    for seed in (1, None):
        states = _game(config, seed)
        for state in states[:: max(1, len(states) // 25)]:
            views = [observe(state, seat) for seat in range(config.players)] + [observe_public(state)]
            for view in views:
                tensor = encode_observation(config, view)
                assert len(tensor) == size
                assert all(0.0 <= x <= 1.0 for x in tensor)


@pytest.mark.parametrize("config", [Config(), Config(players=1, feed_the_cat=True)], ids=GAME.describe_config)
def test_a_step_that_changes_the_table_changes_the_observation(config: Config) -> None:
    states = _game(config, None)
    changed = 0
    for before, after in itertools.pairwise(states):
        a, b = observe(before, 0), observe(after, 0)
        if _table(a) != _table(b):
            assert encode_observation(config, a) != encode_observation(config, b)
            changed += 1
    assert changed >= 50


def _table(view: View) -> tuple[object, ...]:
    """The view's fields but its recent events and the order of the collections (what the tensor sums up)."""
    fields = attrs.asdict(view, recurse=False)
    fields.pop("recent_events")
    fields["collected"] = tuple(frozenset(c) for c in fields["collected"])
    return tuple(sorted((k, repr(v)) for k, v in fields.items()))


def test_the_layout_puts_each_field_where_the_table_says() -> None:
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING, S.RED_WING, S.RED_CLAW]
    altar += [S.BLUE_CLAW, S.WHITE_WISHBONE, S.YELLOW_CLAW, S.RED_SKULL]
    hands = [[S.YELLOW_SKULL, S.BLUE_WING, S.WHITE_CLAW], [S.RED_WISHBONE, S.WHITE_WING, S.YELLOW_WISHBONE]]
    omens: list[S | None] = [None] * 16
    omens[5] = S.BLUE_WISHBONE
    state = position(altar, hands, lit=[4], omens=omens, active=1, collected=[[S.RED_CLAW], []])
    config = state.config
    tensor = encode_observation(config, observe(state, 1))
    ones = {i for i, x in enumerate(tensor) if x == 1.0}
    assert 6 + 0 not in ones and 1 + 2 in ones, "two players: not solo, standard seer"
    assert {11, 14, 17 + list(Phase).index(Phase.PUSH), 32} <= ones, "seat 1's view, seat 1 to move, push, active 1"
    assert 33 + 16 * 5 + S.BLUE_WISHBONE.index in ones
    assert 289 + 16 * 4 + S.RED_CLAW.index in ones and 433 + 4 in ones
    assert {458 + S.YELLOW_SKULL.index, 458 + 16 + S.WHITE_WING.index} <= ones
    assert 523 + S.RED_CLAW.index in ones
    public = encode_observation(config, observe_public(state))
    differ = [i for i in range(OBSERVATION_SIZE) if public[i] != tensor[i]]
    assert differ == [11, 12], "a spectator sees what a seat sees; only the perspective differs"


def test_recent_events_mark_what_the_last_decision_did() -> None:
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING, S.RED_WING, S.RED_CLAW]
    altar += [S.BLUE_CLAW, S.WHITE_WISHBONE, S.YELLOW_CLAW, S.RED_SKULL]
    hands = [[S.YELLOW_SKULL, S.BLUE_WING, S.WHITE_CLAW], [S.RED_WISHBONE, S.WHITE_WING, S.YELLOW_WISHBONE]]
    state = apply(position(altar, hands), Push(Side.WEST, (1, 0, 0)))
    tensor = encode_observation(state.config, observe(state, 0))
    assert tensor[720 + list(Side).index(Side.WEST)] == 1.0
    state = apply(state, Place(0, S.YELLOW_SKULL))
    tensor = encode_observation(state.config, observe(state, 0))
    assert tensor[693 + 0] == 1.0 and tensor[720 + list(Side).index(Side.WEST)] == 0.0


@pytest.mark.parametrize(
    "config",
    [Config(), Config(turn_limit=12), Config(players=1), Config(players=1, chaotic_cat=True, feed_the_cat=True)],
    ids=GAME.describe_config,
)
def test_the_information_state_recalls_every_turn(config: Config) -> None:
    size = _flat(information_state_shape(config))
    assert size <= 10_000
    for seed in (4, None):
        states = _game(config, seed)
        for seat in range(config.players):
            views = [observe(state, seat) for state in states]
            tensors = [encode_information_state(config, views[: k + 1]) for k in range(0, len(views), 7)]
            assert all(len(t) == size and all(0.0 <= x <= 1.0 for x in t) for t in tensors)
            final = encode_information_state(config, views)
            assert final[:OBSERVATION_SIZE] == encode_observation(config, views[-1])
            history = (size - HISTORY) // TURN_RECORD_SIZE
            present = sum(final[HISTORY + k * TURN_RECORD_SIZE] for k in range(history))
            assert present == min(states[-1].turns, history)
            assert len(set(tensors)) == len(tensors), "a longer history is a different information state"


def test_solo_turns_alternate_player_then_kitty() -> None:
    """The information state names the Kitty as the mover of odd turns: check it against play."""
    states = _game(Config(players=1), None)
    ended = {"player": 0, "kitty": 0}
    for before, after in itertools.pairwise(states):
        if after.turns > before.turns and before.phase is not Phase.KITTY:
            assert before.turns % 2 == 0, "the player ends even turns"
            ended["player"] += 1
        if after.turns > before.turns and before.phase is Phase.KITTY:
            assert before.turns % 2 == 1, "the Kitty ends odd turns"
            ended["kitty"] += 1
    assert ended["player"] >= 3 and ended["kitty"] >= 3


def test_bad_arguments_are_refused() -> None:
    state = new_game(Config(), seed=1)
    with pytest.raises(ConfigError, match="at least one view"):
        encode_information_state(Config(), [])
    with pytest.raises(ConfigError, match="mix seats"):
        encode_information_state(Config(), [observe(state, 0), observe(state, 1)])
    with pytest.raises(ConfigError, match="2-player game does not fit a 1-player"):
        encode_observation(Config(players=1), observe(state, 0))
    with pytest.raises(ConfigError, match="Portents Config"):
        observation_shape("players=2")  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_seeded_random_playouts_stay_within_the_score_bounds(config: Config) -> None:
    low, high = score_bounds(config)
    assert (low, high) == (0, 16)
    for seed in range(4):
        final = random_playout(GAME, config, seed, seed + 50).final
        assert all(low <= points <= high for points in score(final))


def test_a_solo_oracle_can_end_with_every_omen() -> None:
    """The upper bound is reached: 14 omens held, one red Portent on row 1 collects the last two."""
    config = Config(players=1, difficulty=Difficulty.OMNISCIENT_ORACLE)
    altar = [S.RED_SKULL, S.RED_CLAW, S.BLUE_WISHBONE, S.YELLOW_CLAW, S.WHITE_WING, S.BLUE_SKULL]
    altar += [S.WHITE_WISHBONE, S.YELLOW_SKULL, S.YELLOW_WING]
    hand = [S.RED_WING, S.WHITE_SKULL, S.BLUE_CLAW]
    rest = [s for s in S if s not in altar and s not in hand]
    west, east = LANE_SLOTS[0]
    omens: list[S | None] = [None] * 16
    omens[west], omens[east] = S.RED_WISHBONE, S.RED_WING
    held = [s for s in S if s not in (S.RED_WISHBONE, S.RED_WING)]
    state = position(
        altar, [hand], config=config, omens=omens, collected=[held], token=rest[0], bag=rest[1:], kitty_steps=3
    )
    assert not portents(state.altar, state.lit)
    state = apply(apply(state, Push(Side.NORTH, (0, 0, 1))), Place(2, S.RED_WING))
    for _ in range(8):  # one Burnt Offering per new Portent
        if is_over(state) or current_player(state) != 0:
            break
        light = legal_actions(state)[0]
        assert isinstance(light, Light)
        state = apply(state, light)
    assert is_over(state) and state.winners == (0,)
    assert score(state) == (16,) == (score_bounds(config)[1],)
