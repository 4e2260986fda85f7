"""Resampling for search: Portents redraws only the future (the generator), honouring everything seen."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.portents import (
    GAME,
    Action,
    Config,
    DrawTile,
    Phase,
    Push,
    Side,
    State,
    apply,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    observe,
    resample,
)
from ofrenda_rules.portents.events import KittyDrew
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, from_json_value, parse_json
from tests.portents.boards import S, position

CONFIGS = GAME.test_configs()


def _states(config: Config, seed: int | None, count: int = 6) -> list[State]:
    """A few states along a random playout (seeded: only decision points; unseeded: chance events too)."""
    seen: list[State] = []
    random_playout(GAME, config, seed, 17, on_step=lambda state, _: seen.append(state))
    step = max(1, len(seen) // count)
    return seen[::step][:count]


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
@pytest.mark.parametrize("seed", [3, None])
def test_the_view_of_every_seat_is_unchanged_and_only_the_generator_is_redrawn(
    config: Config, seed: int | None
) -> None:
    for index, state in enumerate(_states(config, seed)):
        for seat in range(config.players):
            drawn = resample(state, seat, Rng(index))
            assert observe(drawn, seat) == observe(state, seat)
            assert attrs.evolve(drawn, rng=state.rng) == state, "nothing but the generator changes"
            if state.rng is None:
                assert drawn.rng is None, "an unseeded state stays unseeded"
            else:
                assert drawn.rng == Rng(Rng(index).next_u64()[0]), "a fresh generator drawn from rng"
                assert drawn.rng != state.rng


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, feed_the_cat=True)])
def test_the_draw_depends_only_on_what_the_seat_knows(config: Config) -> None:
    for state in _states(config, 5):
        for seat in range(config.players):
            for x in range(3):
                variant = hidden_variant(state, seat, Rng(100 + x))
                assert resample(variant, seat, Rng(9)) == resample(state, seat, Rng(9))


@pytest.mark.parametrize("config", [Config(), Config(players=1, chaotic_cat=True, feed_the_cat=True)])
def test_a_drawn_state_is_legal_round_trips_and_plays_to_the_end(config: Config) -> None:
    for index, state in enumerate(_states(config, 8, count=4)):
        drawn = resample(state, 0, Rng(index))
        assert GAME.census(drawn) == GAME.census(state)
        assert from_json_value(parse_json(dumps(drawn, State)), State) == drawn
        for _ in range(GAME.max_steps(config)):
            if is_over(drawn):
                break
            legal = legal_actions(drawn)
            drawn = apply(drawn, legal[len(legal) // 2])
        assert is_over(drawn)


def test_what_was_seen_mid_turn_is_kept_by_every_draw() -> None:
    """Tiles pushed this turn, an emptied space, the Kitty's token and a bag whose contents follow from the table."""
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING, S.RED_WING, S.RED_CLAW]
    altar += [S.BLUE_CLAW, S.WHITE_WISHBONE, S.YELLOW_CLAW, S.RED_SKULL]
    hand = [S.YELLOW_SKULL, S.BLUE_WING, S.WHITE_CLAW]
    rest = [s for s in S if s not in altar and s not in hand]
    state = position(altar, [hand], config=Config(players=1), token=rest[0], bag=rest[1:], lit=[4], kitty_steps=5)
    state = attrs.evolve(state, rng=Rng(1))
    state = apply(state, Push(Side.WEST, (1, 0, 0)))
    assert state.phase is Phase.PLACE and state.pushed
    for r in range(50):
        drawn = resample(state, 0, Rng(r))
        assert attrs.evolve(drawn, rng=state.rng) == state
        assert (drawn.pushed, drawn.altar, drawn.lit, drawn.bag, drawn.token) == (
            state.pushed,
            state.altar,
            state.lit,
            state.bag,
            state.token,
        )


def test_the_kittys_next_draw_is_uniform_over_the_bag_after_resampling() -> None:
    """The only thing resampled is the future: the Kitty's first draw follows chance_outcomes exactly."""
    state = new_game(Config(players=1), seed=12)
    unseeded = attrs.evolve(state, rng=None)
    turn: list[Action] = []
    node = unseeded
    while current_player(node) != CHANCE:  # a turn is a few decisions (bounded by max_decisions)
        action = legal_actions(node)[0]
        turn.append(action)
        node = apply(node, action)
        assert len(turn) < 20
    exact = {outcome.tile: float(p) for outcome, p in GAME.chance_outcomes(node) if isinstance(outcome, DrawTile)}
    draws = 3000
    counts: Counter[S] = Counter()
    for r in range(draws):
        after = resample(state, 0, Rng(r))
        for action in turn:
            after = apply(after, action)
        first = next(e for e in after.recent_events if isinstance(e, KittyDrew))
        counts[first.tile] += 1
    assert set(counts) <= set(exact)
    for tile, p in exact.items():
        assert abs(counts[tile] / draws - p) < 0.04, (tile, counts[tile], p)


def test_a_bad_seat_is_refused() -> None:
    state = new_game(Config(players=1), seed=1)
    for seat in (1, -1, True):
        with pytest.raises(ConfigError, match="no seat"):
            resample(state, seat, Rng(0))
