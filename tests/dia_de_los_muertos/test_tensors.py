"""Observation and information-state tensors: shapes, ranges, and the history they keep."""

from __future__ import annotations

import math
import random

import pytest

from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    CardLed,
    CardPlayed,
    CardTaken,
    Config,
    Event,
    State,
    TrickWon,
    View,
    apply,
    encode_information_state,
    encode_observation,
    hidden_variant,
    information_state_shape,
    legal_actions,
    new_game,
    observation_shape,
    observe,
    observe_public,
    score_bounds,
    step,
)
from ofrenda_rules.dia_de_los_muertos.tensors import _layout
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng


def _game(config: Config, seed: int) -> tuple[list[State], list[Event]]:
    """The states of a random seeded game and the events of every step."""
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    states, events = [state], list(state.recent_events)
    while not state.over:
        state, happened = step(state, rnd.choice(legal_actions(state)))
        states.append(state)
        events.extend(happened)
    return states, events


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_every_view_has_the_declared_shape_and_values_in_range(config: Config) -> None:
    states, _ = _game(config, 4)
    (size,) = observation_shape(config)
    assert size == 133 + 190 * config.players
    for state in states[::3]:
        for view in (*(observe(state, seat) for seat in range(config.players)), observe_public(state)):
            tensor = encode_observation(config, view)
            assert len(tensor) == size
            assert all(math.isfinite(x) and -1.0 <= x <= 1.0 for x in tensor)
            assert sum(tensor[:60]) == len(view.hand)
    views = [observe(state, 1) for state in states]
    history = encode_information_state(config, views)
    assert len(history) == information_state_shape(config)[0]
    assert history[:size] == encode_observation(config, views[-1])
    assert all(0.0 <= x <= 1.0 for x in history[size:])


def test_the_observation_of_a_seat_ignores_what_it_cannot_see() -> None:
    config = Config(players=5)
    state = new_game(config, seed=9)
    for _ in range(7):
        state = apply(state, legal_actions(state)[0])
    for seat in range(5):
        variant = hidden_variant(state, seat, Rng(seat))
        assert variant.hands != state.hands
        assert encode_observation(config, observe(variant, seat)) == encode_observation(config, observe(state, seat))


def test_the_history_records_who_played_each_card_when_and_in_what_order() -> None:
    config = Config(players=4, lock_lead=False)
    states, events = _game(config, 21)
    layout = _layout(config)
    tensor = encode_information_state(config, [observe(state, 2) for state in states])
    p, h, k, f = config.players, config.hand_size, layout.plays, layout.features
    index = {card: number for number, card in enumerate(config.deck.deck)}
    trick, place, plays, takes = 0, 0, 0, 0
    for event in events:
        if isinstance(event, CardLed | CardPlayed):
            if isinstance(event, CardLed):
                place = 0
                assert tensor[layout.history_leaders + p * trick + event.seat] == 1.0
            row = tensor[layout.size + f * index[event.card] :][:f]
            assert row[:p] == tuple(1.0 if seat == event.seat else 0.0 for seat in range(p))
            assert row[p + trick] == 1.0 and sum(row[p : p + h]) == 1.0
            assert row[p + h + place] == 1.0 and sum(row[p + h : p + h + k]) == 1.0
            assert row[p + h + k] == (1.0 if isinstance(event, CardLed) else 0.0)
            place += 1
            plays += 1
        elif isinstance(event, CardTaken):
            assert tensor[layout.size + f * index[event.card] + p + h + k + 1] == 1.0
            takes += 1
        elif isinstance(event, TrickWon):
            assert tensor[layout.history_winners + p * trick + event.seat] == 1.0
            trick += 1
    played = sum(tensor[layout.size + f * card + seat] for card in range(60) for seat in range(p))
    assert played == plays > 0
    taken = sum(tensor[layout.size + f * card + p + h + k + 1] for card in range(60))
    assert taken == takes


def test_different_histories_give_different_information_states() -> None:
    """Two plays the seat saw differently leave different tensors, although the later views may agree."""
    config = Config(players=3)
    state = new_game(config, seed=2)
    first: list[View] = [observe(state, 0)]
    seen: set[tuple[float, ...]] = set()
    for action in legal_actions(state)[:5]:
        after = apply(state, action)
        seen.add(encode_information_state(config, [*first, observe(after, 0)]))
    assert len(seen) == 5


def test_foreign_views_are_refused() -> None:
    with pytest.raises(OfrendaRulesError, match="3-player"):
        encode_observation(Config(players=4), observe(new_game(Config(players=3), seed=1), 0))
    with pytest.raises(OfrendaRulesError, match="at least"):
        encode_information_state(Config(players=3), [])
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(OfrendaRulesError, match="different seats"):
        encode_information_state(Config(players=3), [observe(state, 0), observe(state, 1)])


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_random_games_score_within_the_bounds(config: Config) -> None:
    low, high = score_bounds(config)
    for seed in range(12):
        scores = random_playout(GAME, config, seed, seed).final
        assert all(low <= points <= high for points in GAME.score(scores))


def test_the_bounds_are_reached_by_a_seat_that_collects_every_card_of_a_sign() -> None:
    config = Config(players=3)
    deck = config.deck
    positive = [c for c in deck.deck if deck.spec(c).points > 0]
    negative = [c for c in deck.deck if deck.spec(c).points < 0]
    zero = [c for c in deck.deck if deck.spec(c).points == 0]
    low, high = score_bounds(config)
    assert (low, high) == (-18, 39)
    text = "".join(f"{c.suit.name[0]}{c.number}" for c in (*positive, *zero))  # 42 cards, 39 points
    rest = "".join(f"{c.suit.name[0]}{c.number}" for c in negative[:3])
    state = GAME.from_position(f"-/-/- -/-/- {text}/{rest}/- 0:- 0 15 over:-", config)
    assert GAME.score(state)[0] == high
    text = "".join(f"{c.suit.name[0]}{c.number}" for c in (*negative, *zero[:9]))  # 27 cards, -18 points
    rest = "".join(f"{c.suit.name[0]}{c.number}" for c in positive[:18])
    state = GAME.from_position(f"-/-/- -/-/- {text}/{rest}/- 0:- 0 15 over:-", config)
    assert GAME.score(state)[0] == low
