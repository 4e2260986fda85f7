"""Parameters over the registry, so that newly registered games are covered automatically."""

from __future__ import annotations

from typing import Any

import pytest

from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.replay import AnyReplay, record

GAMES = [pytest.param(game, id=game.info.name) for game in games()]
"""Every registered game."""

GAME_CONFIGS = [
    pytest.param(game, config, id=f"{game.info.name}[{game.describe_config(config)}]")
    for game in games()
    for config in game.test_configs()
]
"""Every registered game with every configuration it declares for testing."""

FIRST_CONFIGS = [
    pytest.param(game, game.test_configs()[0], id=f"{game.info.name}[{game.describe_config(game.test_configs()[0])}]")
    for game in games()
]
"""Every registered game with the first configuration it declares for testing."""


def recorded(game: AnyGame, config: Any, seed: int | None, player_seed: int = 0) -> AnyReplay:
    """A random game recorded as a replay with digests."""
    playout = random_playout(game, config, seed=seed, player_seed=player_seed)
    return record(game, config, seed, playout.actions)
