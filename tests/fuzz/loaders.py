"""Every way untrusted JSON enters the library, for each registered game, with a schema and real documents.

A :class:`Loader` is one entry point: its name, the JSON Schema of what it
reads, a few real documents (from a recorded game) to damage, and the call.
:func:`loaders` lists them for a game from the registry alone: replays (read
and verified), states, actions, views, configs, outcomes, and every edition
loader the game's package exports (a public ``load_*`` function whose return
type is an attrs class).

Extension point: when a game gains another reader of untrusted text (for
instance ``from_position(text, config)`` for positions, issue 14 item 7),
add one :class:`Loader` for it in :func:`loaders`, with its schema (or ``{}``
for a notation that is not JSON) and a few real documents; every fuzz test
then covers it at once.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import dump_replay, load_replay, record, replay_schema, verify_text
from ofrenda_rules.schema import json_schema
from ofrenda_rules.serialization import loads, to_json_value

__all__ = ["Loader", "loaders"]


@attrs.frozen
class Loader:
    """One entry point for untrusted text."""

    name: str
    """What it reads, e.g. ``"state"``."""
    schema: Mapping[str, Any] = attrs.field(repr=False)
    """The JSON Schema of a valid document."""
    documents: tuple[object, ...] = attrs.field(repr=False)
    """Real documents (plain JSON values) to damage."""
    load: Callable[[str | bytes], object] = attrs.field(repr=False)
    """The call; it must return or raise the library's own error, nothing else."""
    never_raises: bool = False
    """Whether even the library's error must not escape (``verify_text`` reports instead)."""


def _typed(cls: object) -> Callable[[str | bytes], object]:
    return lambda text: loads(text, cls)


def _edition_loaders(game: AnyGame) -> list[Loader]:
    """Every ``load_*`` function the game's package exports, with the packaged default as the real document."""
    package = importlib.import_module(f"ofrenda_rules.{game.info.name}")
    found = []
    for name in getattr(package, "__all__", ()):
        function = getattr(package, name)
        if not name.startswith("load_") or not inspect.isfunction(function):
            continue
        returned = typing.get_type_hints(function).get("return")
        if not isinstance(returned, type) or not attrs.has(returned):
            continue
        defaults = [value for value in vars(package).values() if isinstance(value, returned)]
        documents = tuple(to_json_value(value) for value in defaults)
        found.append(Loader(name.removeprefix("load_"), json_schema(returned), documents, function))
    return found


@functools.cache
def loaders(game: AnyGame) -> tuple[Loader, ...]:
    """Every entry point of ``game`` for untrusted text (see the module docstring)."""
    config = game.test_configs()[0]
    playout = random_playout(game, config, seed=3, player_seed=1)
    replay_document = json.loads(dump_replay(record(game, config, 3, playout.actions)))
    state = game.new_game(config, 3)
    states = [state]
    for action in playout.actions:
        state = game.apply(state, action)
        states.append(state)
    end = states[-1]
    states = states[:: max(len(states) // 4, 1)]
    return (
        Loader("replay", replay_schema(game), (replay_document,), load_replay),
        Loader("verified replay", replay_schema(game), (replay_document,), verify_text, never_raises=True),
        Loader("state", json_schema(game.state_type), tuple(to_json_value(s) for s in states), _typed(game.state_type)),
        Loader(
            "action",
            json_schema(game.action_type),
            tuple(to_json_value(a, game.action_type) for a in playout.actions[:10]),
            _typed(game.action_type),
        ),
        Loader(
            "view",
            json_schema(game.view_type),
            tuple(to_json_value(game.observe(s, 0)) for s in states),
            _typed(game.view_type),
        ),
        Loader("config", json_schema(game.config_type), (to_json_value(config),), _typed(game.config_type)),
        Loader(
            "outcome", json_schema(game.outcome_type), (to_json_value(game.outcome(end)),), _typed(game.outcome_type)
        ),
        *_edition_loaders(game),
    )
