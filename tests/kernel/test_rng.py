"""The counter-based generator: its specified algorithm and test vectors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.rng import BLOCK, MASK64, Draws, Rng, below_each, integer_weights, words

# Reference SplitMix64 outputs (seed 0 and seed 1234567), as published with the algorithm.
SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
SEED1234567 = [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77, 0x3FBEF740E9177B3F]


@pytest.mark.parametrize(("seed", "expected"), [(0, SEED0), (1234567, SEED1234567)])
def test_next_u64_matches_reference_splitmix64(seed: int, expected: list[int]) -> None:
    rng = Rng(seed)
    for value in expected:
        got, rng = rng.next_u64()
        assert got == value
    assert rng.counter == len(expected)


def test_below_is_rejection_sampled_and_reproducible() -> None:
    rng = Rng(42)
    draws = []
    for _ in range(5):
        value, rng = rng.below(6)
        draws.append(value)
    assert draws == [1, 1, 0, 0, 4]
    assert rng.counter == 5


def test_below_rejects_words_above_the_limit() -> None:
    # n = 2**63 + 1: limit = n, so roughly half the words are rejected and redrawn.
    n = 2**63 + 1
    rng = Rng(0)
    value, after = rng.below(n)
    first, _ = rng.next_u64()
    assert first >= n  # 0xE220... is above the limit, so a second word is drawn
    assert after.counter == 2
    assert value == Rng(0, 1).next_u64()[0] % n


def test_choose_walks_cumulative_weights() -> None:
    r, _ = Rng(42).below(10)
    index, _ = Rng(42).choose([3, 3, 4])
    assert index == (0 if r < 3 else 1 if r < 6 else 2)


def test_integer_weights_scale_probabilities() -> None:
    assert integer_weights([Fraction(1, 4), Fraction(3, 4)]) == (1, 3)


@pytest.mark.parametrize("seed", [-1, MASK64 + 1, 1.5, True])
def test_invalid_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ConfigError, match="seed"):
        Rng(seed)  # type: ignore[arg-type]


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).below(0)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1])
def test_draws_and_below_each_draw_what_below_draws_one_by_one(seed: int) -> None:
    bounds = [1, 2, 3, 6, 7, 60, 64, 65, 1000, 2**63 + 1, 2**64]
    expected, rng = [], Rng(seed, 5)
    for bound in bounds:
        value, rng = rng.below(bound)
        expected.append(value)
    draws = Draws(Rng(seed, 5))
    assert [draws.below(bound) for bound in bounds] == expected and draws.rng() == rng
    assert below_each(Rng(seed, 5), bounds) == (expected, rng)
    assert below_each(rng, []) == ([], rng)
    with pytest.raises(ValueError, match="positive bound"):
        below_each(rng, [3, 0])
    with pytest.raises(ValueError, match="positive bound"):
        Draws(rng).below(0)


def _below_by_words(rng: Rng, n: int) -> tuple[int, Rng]:
    """``below(n)`` as the module docstring specifies it, from ``next_u64`` (which mixes each word alone)."""
    limit = (2**64 // n) * n
    while True:
        word, rng = rng.next_u64()
        if word < limit:
            return word % n, rng


@pytest.mark.parametrize("start", [0, 1, 15, 16, 17, 1000, 1023, 1024, 1025, 5000])
def test_draws_mixed_in_blocks_are_the_words_of_next_u64(start: int) -> None:
    # Draws mixes 16 words at a time (a block) and remembers the blocks last used. Each start crosses
    # a block within the 40 draws, rejections included.
    bounds = [6, 2**63 + 1, 40, 1, 2**64, 65] * 7
    for seed in (0, 3, 2**63, 2**64 - 1):
        expected, rng = [], Rng(seed, start)
        for bound in bounds:
            value, rng = _below_by_words(rng, bound)
            expected.append(value)
        draws = Draws(Rng(seed, start))
        assert [draws.below(bound) for bound in bounds] == expected
        assert draws.rng() == rng and type(draws.rng()) is Rng


def test_draws_are_right_for_more_blocks_than_are_remembered() -> None:
    # 300 streams, more than the 256 blocks remembered: the oldest are dropped, and mixed again when drawn again.
    for _ in range(2):
        for seed in range(300):
            rng, expected = Rng(seed * 7919, 30), []
            after = rng
            for _ in range(3):
                value, after = _below_by_words(after, 10)
                expected.append(value)
            draws = Draws(rng)
            assert [draws.below(10) for _ in range(3)] == expected and draws.rng() == after


@pytest.mark.parametrize("seed", [0, 1, 1234567, 2**64 - 1])
@pytest.mark.parametrize("counter", [0, 1, 15, 16, 17, 1000])
@pytest.mark.parametrize("count", [0, 1, 2, 16, 41])
def test_words_are_the_next_u64_outputs_in_order(seed: int, counter: int, count: int) -> None:
    rng, expected = Rng(seed, counter), []
    for _ in range(count):
        value, rng = rng.next_u64()
        expected.append(value)
    assert words(Rng(seed, counter), count) == tuple(expected)


def test_words_match_the_published_vectors_and_refuse_a_negative_count() -> None:
    assert words(Rng(0), 4) == tuple(SEED0)
    assert words(Rng(1234567), 4) == tuple(SEED1234567)
    with pytest.raises(ValueError, match="at least 0"):
        words(Rng(0), -1)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1])
@pytest.mark.parametrize("counter", [0, 5, BLOCK - 1, BLOCK, 3 * BLOCK + 7])
def test_draws_one_by_one_and_at_once_draw_what_below_draws(seed: int, counter: int) -> None:
    # 2**63 + 1 rejects about half the words, so the draws cross blocks after rejections too.
    bounds = [1, 2, 3, 6, 7, 60, 64, 65, 1000, 2**63 + 1, 2**64] * 4
    rng, values = Rng(seed, counter), []
    for bound in bounds:
        value, rng = _below_by_words(rng, bound)
        values.append(value)
    one_by_one = Draws(Rng(seed, counter))
    assert [one_by_one.below(bound) for bound in bounds] == values
    assert one_by_one.rng() == rng and one_by_one.counter == rng.counter
    at_once = Draws(Rng(seed, counter))
    assert at_once.below_each(bounds[:7]) + at_once.below_each(bounds[7:]) == values
    assert at_once.rng() == rng


def test_draws_refuse_a_bound_that_is_not_positive() -> None:
    draws = Draws(Rng(42))
    with pytest.raises(ValueError, match="positive bound"):
        draws.below(0)
    with pytest.raises(ValueError, match="positive bound"):
        draws.below_each([6, 6, -1, 6])
    assert draws.counter == 2  # the draws before the bad bound were made
    assert draws.below(6) == Rng(42, 2).below(6)[0]
