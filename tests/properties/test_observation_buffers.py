"""Every game's ``observation_buffer`` holds the values of its ``encode_observation``, view by view."""

from __future__ import annotations

import random
from array import array

import pytest

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import AnyGame, games

CASES = [
    pytest.param(game, config, id=f"{game.info.name}-{game.describe_config(config)}")
    for game in games()
    for config in game.test_configs()
]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_the_buffer_equals_the_observation_tensor_at_every_step(game: AnyGame, config: object) -> None:
    make = game.observation_buffer
    assert make is not None
    rng = random.Random(7)
    state = game.new_game(config, 13)
    seats = range(config.players)  # type: ignore[attr-defined]
    checked = 0
    for _ in range(400):
        for view in [*(game.observe(state, seat) for seat in seats), game.observe_public(state)]:
            buffer = make(config, view)
            assert isinstance(buffer, array) and buffer.typecode == "d"
            assert tuple(buffer) == game.encode_observation(config, view)
            checked += 1
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked >= 4 * (len(seats) + 1)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_a_view_of_another_game_is_refused_as_by_encode_observation(game: AnyGame) -> None:
    make = game.observation_buffer
    assert make is not None
    config = game.test_configs()[0]
    other = next(g for g in games() if g.info.name != game.info.name)
    foreign = other.observe(other.new_game(other.test_configs()[0], 1), 0)
    with pytest.raises((OfrendaRulesError, AttributeError, TypeError)) as expected:
        game.encode_observation(config, foreign)
    with pytest.raises(expected.type):
        make(config, foreign)
