"""The seeded deal's fast path draws exactly what the kernel's generic ``settle`` and ``Rng.below`` draw."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from ofrenda_rules.chance import settle
from ofrenda_rules.dia_de_los_muertos import Config, new_game
from ofrenda_rules.dia_de_los_muertos.rules import _apply_unchecked, _chance_weights, current_player
from ofrenda_rules.rng import Rng, below_each


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1, *range(1000, 1030)])
def test_fast_seeded_deal_equals_the_generic_chance_resolution(players: int, seed: int) -> None:
    fast = new_game(Config(players=players), seed=seed)
    unseeded = attrs.evolve(new_game(Config(players=players)), rng=Rng(seed))
    generic = settle(unseeded, current_player, _chance_weights, _apply_unchecked)
    assert fast == generic


def _one_by_one(rng: Rng, bounds: list[int]) -> tuple[list[int], Rng]:
    values = []
    for bound in bounds:
        value, rng = rng.below(bound)
        values.append(value)
    return values, rng


@pytest.mark.parametrize("seed", [0, 5, 99, 2**64 - 1])
def test_below_each_draws_what_rng_below_draws_one_by_one(seed: int) -> None:
    """Deal-sized bounds, and bounds above 2**63 where about half the words are rejected."""
    bounds = [*range(60, 0, -1), 2**63 + 1, 3 * 2**62, 2**64 - 1, 7, 2**63 + 1, 1]
    rng = Rng(seed, counter=3)
    values, after = below_each(rng, bounds)
    assert (values, after) == _one_by_one(rng, bounds)
    assert after.counter > 3 + len(bounds)  # some words were rejected


def test_below_each_matches_the_conformance_vectors() -> None:
    vectors = json.loads((Path(__file__).parents[2] / "conformance" / "rng.json").read_text())["below"]
    for vector in vectors:
        values, after = below_each(Rng(vector["seed"]), [vector["n"]] * len(vector["values"]))
        assert values == vector["values"]
        assert after.counter == vector["counter_after"]


def test_below_each_of_nothing_keeps_the_generator_and_refuses_a_bound_below_one() -> None:
    rng = Rng(8, counter=2)
    assert below_each(rng, []) == ([], rng)
    with pytest.raises(ValueError, match="positive bound"):
        below_each(rng, [3, 0])
