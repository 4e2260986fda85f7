"""The registry of games: look a game up by name, list them all.

Games live in their own subpackages and are imported on first use, so
``import ofrenda_rules`` stays cheap.

>>> from ofrenda_rules import registry
>>> "dia_de_los_muertos" in registry.game_names()
True
>>> registry.get_game("dia_de_los_muertos").info.title
'Día de los Muertos'
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from ofrenda_rules.editions import set_game_loader
from ofrenda_rules.errors import UnknownGameError
from ofrenda_rules.game import GameDefinition

__all__ = ["AnyGame", "game_names", "games", "get_game"]

AnyGame = GameDefinition[Any, Any, Any, Any, Any]
"""A game definition seen by generic code, whatever its types."""

GAME_MODULES: Final[tuple[str, ...]] = ("dia_de_los_muertos", "ofrenda", "ofrendados", "portents")
"""Names of the registered games; each is the subpackage ``ofrenda_rules.<name>``.

A game is listed here only once it passes the generic property suite.
"""

_cache: dict[str, AnyGame] = {}


def game_names() -> tuple[str, ...]:
    """The registered game names, in a stable order."""
    return GAME_MODULES


def get_game(name: str) -> AnyGame:
    """The game registered under ``name``.

    Raises:
        UnknownGameError: when no game has that name; the message lists the names.

    """
    game = _cache.get(name)
    if game is not None:
        return game
    if name not in GAME_MODULES:
        raise UnknownGameError(f"no game named {name!r}; registered games: {', '.join(GAME_MODULES)}")
    module = importlib.import_module(f"ofrenda_rules.{name}")
    game = module.GAME
    if not isinstance(game, GameDefinition) or game.info.name != name:
        raise TypeError(f"ofrenda_rules.{name}.GAME is not the definition of {name!r}")
    _cache[name] = game
    return game


set_game_loader(get_game)  # unpickling a default edition imports its game through the registry


def games() -> tuple[AnyGame, ...]:
    """Every registered game, in the order of :func:`game_names`."""
    return tuple(get_game(name) for name in GAME_MODULES)
