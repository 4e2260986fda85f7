"""The registry of games."""

from __future__ import annotations

import pytest

import ofrenda_rules
from ofrenda_rules.errors import UnknownGameError
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
