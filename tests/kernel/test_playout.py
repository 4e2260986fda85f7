"""The generic playout driver."""

from __future__ import annotations

from typing import Any

import pytest

from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, games


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.name)
def test_bots_replace_the_random_player_of_their_seats(game: AnyGame) -> None:
    moved: list[int] = []

    def first_legal(state: Any) -> Any:
        moved.append(game.current_player(state))
        return game.legal_actions(state)[0]

    result = random_playout(game, game.config_type(), seed=3, player_seed=4, bots={0: first_legal})
    assert game.is_over(result.final)
    assert moved and set(moved) == {0}


def test_the_same_seeds_give_the_same_playout() -> None:
    for game in games():
        config = game.config_type()
        one = random_playout(game, config, seed=5, player_seed=6)
        two = random_playout(game, config, seed=5, player_seed=6)
        assert one.actions == two.actions and one.final == two.final
