"""The seeded deal's fast path draws exactly what the kernel's generic ``settle`` draws."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.chance import settle
from ofrenda_rules.dia_de_los_muertos import Config, new_game
from ofrenda_rules.dia_de_los_muertos.rules import _apply_unchecked, _chance_weights, current_player
from ofrenda_rules.rng import Rng


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_fast_seeded_deal_equals_the_generic_chance_resolution(players: int, seed: int) -> None:
    fast = new_game(Config(players=players), seed=seed)
    unseeded = attrs.evolve(new_game(Config(players=players)), rng=Rng(seed))
    generic = settle(unseeded, current_player, _chance_weights, _apply_unchecked)
    assert fast == generic
