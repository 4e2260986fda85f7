"""Resampling Ofrendados states: only the future (the generator) is redrawn, exactly uniformly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados import (
    GAME,
    Action,
    CardRevealed,
    Config,
    DiceRolled,
    Phase,
    RoundStarted,
    State,
    apply,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    observe,
    resample,
    step,
)
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

CONFIGS = GAME.test_configs()


def _positions(config: Config, seed: int, every: int = 9) -> list[State]:
    """States along a seeded random game."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    found = [state]
    while not is_over(state):
        state = apply(state, chooser.choice(legal_actions(state)))
        if len(found) * every < 200 and chooser.random() < 1 / every:
            found.append(state)
    return [*found, state]


def _finish(state: State, seed: int) -> tuple[State, list[object]]:
    chooser = random.Random(seed)
    events: list[object] = []
    for _ in range(GAME.max_steps(state.config)):
        if is_over(state):
            break
        state, step_events = step(state, chooser.choice(legal_actions(state)))
        events.extend(step_events)
    return state, events


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_a_resampled_state_looks_the_same_and_is_a_legal_state(config: Config) -> None:
    for index, state in enumerate(_positions(config, seed=config.players)):
        player = index % config.players
        drawn = resample(state, player, Rng(index))
        for seat in range(config.players):
            assert observe(drawn, seat) == observe(state, seat)
        assert GAME.census(drawn) == GAME.census(state)
        assert loads(dumps(drawn, State), State) == drawn
        assert drawn.rng is not None and drawn.rng != state.rng
        assert resample(state, player, Rng(index)) == drawn  # a function of the generator given
        finished, events = _finish(drawn, seed=index)
        assert is_over(finished)
        # What was seen stays where it was: later reveals come from the cards unrevealed when resampled.
        revealed = [event.card for event in events if isinstance(event, CardRevealed)]
        assert set(revealed) <= set(state.deck)
        assert len(revealed) == len(set(revealed))


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_resampling_depends_only_on_what_the_seat_knows(config: Config) -> None:
    for index, state in enumerate(_positions(config, seed=40 + config.players, every=15)):
        player = index % config.players
        variant = hidden_variant(state, player, Rng(1000 + index))
        assert resample(variant, player, Rng(index)) == resample(state, player, Rng(index))


def test_an_unseeded_state_stays_unseeded() -> None:
    state = new_game(Config(players=2))
    assert resample(state, 1, Rng(3)) == state
    assert resample(state, 1, Rng(3)).rng is None


def test_a_bad_seat_or_state_is_refused() -> None:
    state = new_game(Config(players=2), seed=1)
    with pytest.raises(ConfigError, match="no seat 2"):
        resample(state, 2, Rng(0))
    with pytest.raises(ConfigError, match="no seat True"):
        resample(state, True, Rng(0))
    with pytest.raises(ConfigError, match="State"):
        resample("state", 0, Rng(0))  # type: ignore[arg-type]


def _round_boundary(config: Config, seed: int) -> tuple[State, Action]:
    """A seeded state and an action whose step starts the next round (its reveals and rolls are chance)."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    for _ in range(GAME.max_steps(config)):
        for action in legal_actions(state):
            _, events = step(state, action)
            if state.phase is Phase.BUY and any(isinstance(e, RoundStarted) for e in events):
                return state, action
        state = apply(state, chooser.choice(legal_actions(state)))
    raise AssertionError("no round boundary found")


def _chi_square(counts: Counter[int], outcomes: list[int], draws: int) -> float:
    expected = draws / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


def test_the_next_reveal_and_roll_after_resampling_are_uniform() -> None:
    # Exact distribution: each unrevealed card is the first revealed with probability 1 / |deck|, and each face of
    # the first yellow die 1 / 6. Fixed seeds; thresholds far in the tail of the chi-square laws (p < 1e-6).
    state, action = _round_boundary(Config(players=2), seed=5)
    deck: list[int] = list(state.deck)
    draws = 3000
    cards: Counter[int] = Counter()
    faces: Counter[int] = Counter()
    for k in range(draws):
        after, events = step(resample(state, 0, Rng(k)), action)
        cards[after.market[0]] += 1
        rolled = next(e for e in events if isinstance(e, DiceRolled))
        faces[rolled.yellow[0]] += 1
    assert set(cards) <= set(deck)
    assert _chi_square(cards, deck, draws) < 60 + 2 * len(deck)
    assert _chi_square(faces, list(range(1, 7)), draws) < 40
