"""The property suite's own settings: what a test's weight gives and what the simplest example is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.playing import PREFIX_ALL, Seeds, seedings
from tests.properties.test_properties import scaled


def _first_example(seeded: bool | None) -> Seeds:
    """The example a test of one example plays (the first hypothesis tries)."""
    drawn: list[Seeds] = []

    @settings(max_examples=1, derandomize=True, database=None)
    @given(seedings(seeded=seeded))
    def probe(seeds: Seeds) -> None:
        drawn.append(seeds)

    probe()
    assert len(drawn) == 1
    return drawn[0]


def test_the_simplest_seeds_are_a_seeded_game_of_random_decisions() -> None:
    """The example hypothesis tries first, and the only one a test weighted down to one example plays."""
    checked = 0
    for seeded in (True, None):
        first = _first_example(seeded)
        assert first.game is not None, seeded
        assert first.prefix == PREFIX_ALL, seeded
        checked += 1
    assert checked == 2
    unseeded = _first_example(False)
    assert unseeded.game is None and unseeded.prefix == PREFIX_ALL


def test_a_weight_scales_the_examples_down_to_one() -> None:
    assert scaled(0.1, base=4).max_examples == 1
    assert scaled(0.25, base=4).max_examples == 1
    assert scaled(0.5, base=4).max_examples == 2
    assert scaled(1, base=4).max_examples == 4
    assert scaled(0.05, base=200).max_examples == 10
    assert scaled(0.1, base=200).max_examples == 20
    assert scaled(0.25, base=400).max_examples == 100


def test_a_weighted_test_plays_its_count_of_examples() -> None:
    played: list[int] = []

    @scaled(0.5, base=4)
    @given(st.integers())
    def weighted(value: int) -> None:
        played.append(value)

    weighted()
    assert len(played) == 2
