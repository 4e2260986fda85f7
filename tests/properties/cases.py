"""The (game, config) pairs the generic property suite runs over."""

from __future__ import annotations

import pytest

from ofrenda_rules.registry import games

CASES = [
    pytest.param(game, config, id=f"{game.info.name}[{game.describe_config(config)}]")
    for game in games()
    for config in game.test_configs()
]
"""Every registered game with every configuration it declares for testing."""
