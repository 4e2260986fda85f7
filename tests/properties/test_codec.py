"""Action ids over every registered game and configuration: round trips, ranges, the decision bound.

The second test is the exhaustive check of issue 16 (item 3): at sampled
states, every id of the numbering in force is decoded and validated, and
exactly the legal actions pass; every other one is refused by ``apply``
with ``IllegalActionError`` and the state is left as it was.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.registry import AnyGame
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, sampled, seedings

PROFILE_EXAMPLES = settings().max_examples
"""Examples of the active hypothesis profile; the randomised sessions cap these whole-id-range checks."""


def _numbering(game: AnyGame, config: Any, chance: bool) -> int:
    return game.max_chance_outcomes(config) if chance else game.num_distinct_actions(config)


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seeds=seedings(seeded=None))
@settings(max_examples=min(PROFILE_EXAMPLES, 20))
def test_every_legal_action_has_a_distinct_id_that_decodes_back(game: AnyGame, config: Any, seeds: Seeds) -> None:
    decisions = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal decisions
        chance = game.current_player(before) == CHANCE
        decisions += not chance
        size = _numbering(game, config, chance)
        ids = [game.encode_action(config, legal) for legal in game.legal_actions(before)]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        for action_id, legal in zip(ids, game.legal_actions(before), strict=True):
            assert 0 <= action_id < size
            assert game.decode_action(config, action_id, chance=chance) == legal

    play(game, config, seeds, hook)
    assert decisions <= game.max_decisions(config)


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seeds=seedings(seeded=None))
@settings(max_examples=min(PROFILE_EXAMPLES, 20))
def test_validate_accepts_exactly_the_ids_of_legal_actions(game: AnyGame, config: Any, seeds: Seeds) -> None:
    def hook(before: Any, action: Any, after: Any) -> None:
        chance = game.current_player(before) == CHANCE
        legal_ids = {game.encode_action(config, legal) for legal in game.legal_actions(before)}
        snapshot = copy.deepcopy(before)
        for action_id in range(_numbering(game, config, chance)):
            candidate = game.decode_action(config, action_id, chance=chance)
            rejection = game.validate(before, candidate)
            assert (rejection is None) == (action_id in legal_ids), (action_id, candidate, rejection)
            if rejection is not None:
                with pytest.raises(IllegalActionError) as caught:
                    game.apply(before, candidate)
                assert caught.value.rejection == rejection
        # States are immutable: a refused apply that changed its input would show here.
        assert before == snapshot

    play(game, config, seeds, sampled(hook, seeds, 40))
