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


def test_dia_de_los_muertos_fast_observations_equal_the_encoding_from_scratch_on_every_path() -> None:
    """Día de los Muertos' fast buffers, from a view or straight from a state, equal the encoding from scratch
    byte for byte: on the usual path (cards found by identity), for a view or state whose cards are equal copies
    (as read back from JSON) and for a view telling of two tricks collected (both encoded from scratch), and as
    the observation part of an information state."""
    import attrs

    from ofrenda_rules.dia_de_los_muertos import (
        Config,
        apply,
        encode_observation,
        is_over,
        legal_actions,
        new_game,
        observation_buffer,
        observe,
        observe_public,
    )
    from ofrenda_rules.dia_de_los_muertos.components import Card
    from ofrenda_rules.dia_de_los_muertos.events import TrickWon
    from ofrenda_rules.dia_de_los_muertos.tensors import InformationStateEncoder, state_observation_buffer

    def copied(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(card.suit, card.number) for card in cards)

    copies = doubled = prefixes = direct = 0
    for players in (3, 6):
        config = Config(players=players, lock_lead=players == 6, high_low_split=players == 6)
        rng = random.Random(players)
        state = new_game(config, 21)
        encoders = [InformationStateEncoder(config) for _ in range(players)]
        tricks: list[TrickWon] = []
        for _ in range(500):
            equal = attrs.evolve(
                state,
                hands=tuple(copied(hand) for hand in state.hands),
                piles=tuple(copied(pile) for pile in state.piles),
            )
            seats = list(range(players))
            rng.shuffle(seats)
            for view in [*(observe(state, seat) for seat in seats), observe_public(state)]:
                scratch = array("d", encode_observation(config, view)).tobytes()
                assert observation_buffer(config, view).tobytes() == scratch
                if view.player >= 0:
                    read = state_observation_buffer(state, view.player)
                    assert read.readonly and read.format == "d" and read.tobytes() == scratch
                    assert state_observation_buffer(equal, view.player).tobytes() == scratch
                    direct += 1
                other = attrs.evolve(
                    view,
                    hand=copied(view.hand),
                    piles=tuple(copied(pile) for pile in view.piles),
                    in_front=tuple(None if card is None else Card(card.suit, card.number) for card in view.in_front),
                )
                assert other.hand == view.hand and other.piles == view.piles
                assert observation_buffer(config, other).tobytes() == scratch
                copies += 1
                won = [event for event in view.recent_events if isinstance(event, TrickWon)]
                tricks += won
                if won and len(tricks) > 1:
                    twice = attrs.evolve(view, recent_events=(*view.recent_events, tricks[0]))
                    expected = array("d", encode_observation(config, twice)).tobytes()
                    assert observation_buffer(config, twice).tobytes() == expected
                    doubled += 1
                if view.player >= 0:
                    encoder = encoders[view.player]
                    encoder.add(view)
                    size = len(scratch) // 8
                    assert encoder.buffer()[:size].tobytes() == scratch
                    prefixes += 1
            if is_over(state):
                break
            state = apply(state, rng.choice(legal_actions(state)))
    assert copies >= 2 * 100 and prefixes >= 2 * 80 and direct >= 2 * 80 and doubled >= 2 * 5
