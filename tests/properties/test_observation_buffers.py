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


@pytest.mark.parametrize(("game", "config"), CASES)
def test_the_fast_buffers_are_byte_identical_to_encodings_from_scratch_over_playouts(
    game: AnyGame, config: object
) -> None:
    """``observation_buffer`` (which rewrites only what changed in a buffer it keeps), ``state_observation_buffer``
    (the same read straight from the state, what the adapters call) and the incremental information state equal,
    byte for byte, the encodings of each view from scratch, over interleaved playouts.

    Three games are played side by side, a step of each in turn, and the seats are read in a shuffled order at
    every step, so the kept buffers jump between games, seats and stages of a game.
    """
    make, encoder_of = game.observation_buffer, game.information_state_encoder
    assert make is not None and encoder_of is not None
    direct = game.state_observation_buffer
    direct_reads = 0
    rng = random.Random(11)
    players: int = config.players  # type: ignore[attr-defined]
    tables = [game.new_game(config, seed) for seed in (3, 4, 5)]
    encoders = [[encoder_of(config) for _ in range(players)] for _ in tables]
    histories: list[list[list[object]]] = [[[] for _ in range(players)] for _ in tables]
    observations = states = 0
    for _ in range(150):
        for table, state in enumerate(tables):
            if game.is_over(state):
                continue
            seats = list(range(players))
            rng.shuffle(seats)
            for seat in seats:
                view = game.observe(state, seat)
                expected = array("d", game.encode_observation(config, view)).tobytes()
                # The state-direct read and the view's share the kept observation: mixed, in a random order.
                if direct is not None and rng.random() < 0.5:
                    assert direct(state, seat).tobytes() == expected
                    direct_reads += 1
                fast = make(config, view)
                assert fast.tobytes() == expected
                observations += 1
                if direct is not None and rng.random() < 0.5:
                    with direct(state, seat) as kept:  # released: the next read still works
                        assert kept.readonly and kept.format == "d"
                        assert kept.tobytes() == expected
                    direct_reads += 1
                encoders[table][seat].add(view)
                histories[table][seat].append(view)
                if rng.random() < 0.3 or seat == game.current_player(state):
                    read = encoders[table][seat].buffer().tobytes()
                    assert read == array("d", game.encode_information_state(config, histories[table][seat])).tobytes()
                    states += 1
            tables[table] = game.apply(state, rng.choice(game.legal_actions(state)))
    assert observations >= 3 * 10 * players
    assert states >= 3 * 5
    assert direct is None or direct_reads >= 3 * 10 * players


DIRECT = [pytest.param(game, id=game.info.name) for game in games() if game.state_observation_buffer is not None]


def test_some_games_read_observations_straight_from_states() -> None:
    assert {param.values[0].info.name for param in DIRECT} >= {"ofrenda", "ofrendados"}  # type: ignore[union-attr]


@pytest.mark.parametrize("game", DIRECT)
def test_the_state_read_refuses_what_is_not_a_seat_and_changes_nothing(game: AnyGame) -> None:
    direct = game.state_observation_buffer
    assert direct is not None
    config = game.test_configs()[0]
    state = game.new_game(config, 5)
    players: int = config.players
    before = direct(state, 0).tobytes()
    refused = 0
    for seat in (-1, players, True, "0", 1.0):
        with pytest.raises(OfrendaRulesError, match="seat"):
            direct(state, seat)  # type: ignore[arg-type]
        refused += 1
    assert refused == 5
    assert (
        direct(state, 0).tobytes()
        == before
        == array("d", game.encode_observation(config, game.observe(state, 0))).tobytes()
    )
