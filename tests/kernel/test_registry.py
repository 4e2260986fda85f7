"""The registry of games."""

from __future__ import annotations

from typing import Any

import pytest

import ofrenda_rules
from ofrenda_rules.errors import ConfigError, UnknownGameError
from ofrenda_rules.registry import game_names, games, get_game


def test_every_registered_game_is_found_by_name_and_declares_its_facts() -> None:
    assert game_names()
    for game in games():
        assert get_game(game.info.name) is game
        assert game.info.player_counts
        assert game.info.title


def test_an_unknown_name_lists_the_registered_games() -> None:
    with pytest.raises(UnknownGameError, match="dia_de_los_muertos"):
        get_game("chess")
    with pytest.raises(LookupError):
        ofrenda_rules.get_game("")


@pytest.mark.parametrize("kind", ["negative", "past the last", "bool", "text"])
def test_every_game_observes_only_a_seat(kind: str) -> None:
    refused = 0
    for game in games():
        config = game.config_type()
        players: int = config.players
        seat: Any = {"negative": -1, "past the last": players, "bool": True, "text": "0"}[kind]
        state = game.new_game(config, 1)
        with pytest.raises(ConfigError, match=f"no seat {seat!r} in a {players}-player game"):
            game.observe(state, seat)
        refused += 1
    assert refused == len(games()) == 4
