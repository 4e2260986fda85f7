"""Resampling Ofrenda states: what a seat knows is kept, the rest is drawn uniformly."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import pytest

from ofrenda_rules.ofrenda import (
    GAME,
    Config,
    State,
    apply,
    from_position,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    observe,
    resample,
    to_position,
)
from ofrenda_rules.ofrenda.resample import unseen_portraits
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

CONFIGS = GAME.test_configs()


def _states(config: Config, seed: int | None, every: int) -> list[State]:
    """Every ``every``-th state of a random playout (chance resolved by the driver when unseeded)."""
    visited: list[State] = []

    def keep(state: State, action: object) -> None:
        if len(visited) < 10_000:
            visited.append(state)

    result = random_playout(GAME, config, seed, 7, on_step=keep)
    visited.append(result.final)
    return visited[::every]


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
@pytest.mark.parametrize("seed", [None, 11])
def test_a_resampled_state_looks_the_same_to_the_seat_and_is_a_legal_state(config: Config, seed: int | None) -> None:
    rng = Rng(5)
    for state in _states(config, seed, 9):
        for seat in range(config.players):
            drawn = resample(state, seat, rng)
            rng = Rng(rng.next_u64()[0])
            assert observe(drawn, seat) == observe(state, seat)
            assert GAME.census(drawn) == GAME.census(state)
            assert loads(dumps(drawn), State) == drawn
            assert (drawn.rng is None) == (state.rng is None)
            for other in range(config.players):
                assert set(state.seen_in_hands[other]) <= set(drawn.hands[other])


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_resampling_depends_only_on_what_the_seat_knows(config: Config) -> None:
    for state in _states(config, 3, 23):
        for seat in range(config.players):
            variant = hidden_variant(state, seat, Rng(99 + seat))
            assert resample(variant, seat, Rng(8)) == resample(state, seat, Rng(8))


@pytest.mark.parametrize("config", [Config(players=1), Config(players=3, common_goals=True)], ids=GAME.describe_config)
def test_a_resampled_state_plays_to_the_end(config: Config) -> None:
    for seed in (None, 2):
        for state in _states(config, seed, 31)[:-1]:
            drawn = resample(state, 0, Rng(4))
            rng = Rng(6)
            steps = 0
            while not is_over(drawn):
                actions = legal_actions(drawn)
                index, rng = rng.below(len(actions))
                drawn = apply(drawn, actions[index])
                steps += 1
                assert steps <= GAME.max_steps(config)


def test_a_seeded_state_gets_a_fresh_generator_and_an_unseeded_one_none() -> None:
    seeded = new_game(Config(players=2), seed=1)
    first = resample(seeded, 0, Rng(1))
    assert first.rng is not None and first.rng != seeded.rng
    assert resample(seeded, 0, Rng(2)).rng != first.rng
    assert resample(new_game(Config(players=2)), 0, Rng(1)).rng is None


def test_portraits_taken_face_up_stay_in_their_hand_and_the_seats_own_hand_is_kept() -> None:
    """Seat 0 took portrait 4 face up: every draw for seat 1 leaves it in hand 0."""
    empty = "-/-/3/-/-/-/-/0"
    text = f"take_candle:0 0+1,-,25,7 3,2,15,1 4,18,29,31/17,20,30 -/-/2/-/-/-/-/0 {empty} taken=1 seen=4/-"
    state = from_position(text, Config())
    assert state.seen_in_hands == ((4,), ())
    rng = Rng(3)
    hands = set()
    for _ in range(200):
        drawn = resample(state, 1, rng)
        rng = Rng(rng.next_u64()[0])
        assert 4 in drawn.hands[0] and len(drawn.hands[0]) == 4
        assert drawn.hands[1] == (17, 20, 30)
        assert to_position(drawn).startswith("take_candle:0")
        hands.add(drawn.hands[0])
    assert len(hands) > 50, "the face-down portraits of hand 0 are redrawn"
    assert 18 in unseen_portraits(state, 1) and 4 not in unseen_portraits(state, 1)


def _small_case() -> State:
    """A three-player state where seat 0 cannot tell apart a few hundred assignments, both others hiding cards."""
    states: list[State] = []
    random_playout(GAME, Config(players=3), 21, 0, on_step=lambda state, action: states.append(state))
    for state in states:
        sizes = [len(state.hands[s]) - len(state.seen_in_hands[s]) for s in (1, 2)]
        pool = len(unseen_portraits(state, 0))
        if min(sizes) >= 1 and 20 <= math.comb(pool, sizes[0]) * math.comb(pool - sizes[0], sizes[1]) <= 400:
            return state
    raise AssertionError("no small case in this game")


def test_resampling_is_uniform_over_the_consistent_assignments() -> None:
    state = _small_case()
    pool = unseen_portraits(state, 0)
    sizes = [len(state.hands[s]) - len(state.seen_in_hands[s]) for s in (1, 2)]
    exact = [
        (frozenset(one), frozenset(two))
        for one in combinations(pool, sizes[0])
        for two in combinations([c for c in pool if c not in one], sizes[1])
    ]
    assert len(exact) == math.comb(len(pool), sizes[0]) * math.comb(len(pool) - sizes[0], sizes[1])
    draws = 4000
    counts: Counter[tuple[frozenset[int], frozenset[int]]] = Counter()
    rng = Rng(17)
    for _ in range(draws):
        drawn = resample(state, 0, rng)
        rng = Rng(rng.next_u64()[0])
        key = tuple(frozenset(c for c in drawn.hands[s] if c not in state.seen_in_hands[s]) for s in (1, 2))
        counts[(key[0], key[1])] += 1
    assert set(counts) <= set(exact)
    expected = draws / len(exact)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in exact)
    df = len(exact) - 1
    assert chi2 < df + 6 * math.sqrt(2 * df), (chi2, df)
