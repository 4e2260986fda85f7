"""The ruling options play whole games: components are conserved and the game ends after 12 turns each."""

from __future__ import annotations

from typing import Any

import pytest

from ofrenda_rules.digest import canonical_json, legacy_state_digest, sha256_hex
from ofrenda_rules.ofrenda import GAME, Config, State
from ofrenda_rules.playout import random_playout
from ofrenda_rules.serialization import dumps, legacy_converter, loads

OPTIONS = [
    Config(players=1, unlimited_marigolds=True),
    Config(players=1, abuela_marigolds_stay=True),
    Config(players=4, unlimited_marigolds=True, common_goals=True),
    Config(players=3, offering_in_any_slot=True),
    Config(players=2, strict_empty_objectives=True, zero_majority=True),
]


@pytest.mark.parametrize("config", OPTIONS, ids=GAME.describe_config)
@pytest.mark.parametrize("seed", [None, 5])
def test_ruling_options_play_to_the_end(config: Config, seed: int | None) -> None:
    initial = GAME.new_game(config, seed)
    census = GAME.census(initial)

    def check(state: Any, action: Any) -> None:
        assert GAME.census(state) == census

    result = random_playout(GAME, config, seed=seed, player_seed=3, on_step=check)
    final: State = result.final
    assert GAME.census(final) == census
    assert GAME.turn_count(final) == 12 * config.players
    assert result.steps <= GAME.max_steps(config)
    assert loads(dumps(final), State) == final
    assert len(GAME.outcome(final).scores) == config.players


def test_version_1_digests_leave_out_abuela_marigolds_stay_at_its_default() -> None:
    """Version-1 replays never named ``abuela_marigolds_stay``; their digests are computed without it."""
    state = GAME.new_game(Config(players=1), 5)
    value = legacy_converter().unstructure(state, type(state))  # every member, flags as arrays
    assert value["boards"][0]["lit"] == [False] * 12
    assert value.pop("recent_events")
    assert value.pop("seen_in_hands") == [[]]
    assert value["config"].pop("abuela_marigolds_stay") is False
    del value["config"]["edition"]
    value["config"]["custom_edition"] = None
    assert legacy_state_digest(state, "custom_edition", None) == sha256_hex(canonical_json(value))
    switched = GAME.new_game(Config(players=1, abuela_marigolds_stay=True), 5)
    assert legacy_state_digest(switched, "custom_edition", None) != legacy_state_digest(state, "custom_edition", None)
