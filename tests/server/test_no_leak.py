"""No answer of the server carries another seat's hidden information.

The same property as ``observe``'s (``tests/properties``): along random games
of every configuration, a state and its ``hidden_variant`` for a seat (all
that seat cannot see redrawn) give that seat the same answer: view, events,
legal actions and their descriptions, result and picture; and a spectator the
same public answer.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import Rng
from ofrenda_rules.server.matches import seat_answer, spectator_answer
from tests.properties.candidates import Universe
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, sampled, seedings
from tests.properties.test_properties import scaled


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=True))
def test_a_seat_gets_the_same_answer_whatever_it_cannot_see(game: AnyGame, config: Any, seeds: Seeds) -> None:
    other = Rng(seeds.chance)

    def hook(before: Any, action: Any, after: Any) -> None:
        for seat in range(config.players):
            variant = game.hidden_variant(after, seat, other)
            assert seat_answer(game, variant, seat, picture=True) == seat_answer(game, after, seat, picture=True)
            watched = spectator_answer(game, after, picture=True)
            assert spectator_answer(game, variant, picture=True) == watched

    play(game, config, seeds, sampled(hook, seeds, 7))


CANDIDATES_PER_STATE = 24
"""Refused candidates checked at each sampled state (a different slice each time)."""


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=True))
def test_a_refusal_tells_the_seat_nothing_it_cannot_see(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """The server answers an illegal action with the rules' rejection: equal for a state and its hidden variant."""
    other = Rng(seeds.chance)
    universe = Universe(game.action_type)
    offset = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal offset
        universe.observe(game.legal_actions(before))
        seat = game.current_player(after)
        if not 0 <= seat < config.players:
            return
        variant = game.hidden_variant(after, seat, other)
        candidates = universe.candidates()
        step = max(1, len(candidates) // CANDIDATES_PER_STATE)
        offset += 1
        for candidate in candidates[offset % step :: step][:CANDIDATES_PER_STATE]:
            told = game.validate(after, candidate)
            if told is None:
                continue
            again = game.validate(variant, candidate)
            assert again is not None, f"{candidate!r} is refused or not by what seat {seat} cannot see"
            assert (told.code, told.message) == (again.code, again.message), f"the refusal of {candidate!r} leaks"

    play(game, config, seeds, sampled(hook, seeds, 5))
