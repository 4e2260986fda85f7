"""The compiled JSON codecs agree with the shared converter, value for value and error for error."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from ofrenda_rules import _fastjson
from ofrenda_rules.errors import FormatError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import converter, from_json_value, to_json_value
from tests.kernel.games import GAME_CONFIGS


def _states(game: AnyGame, config: Any) -> list[Any]:
    states: list[Any] = []
    for seed in (3, None):
        result = random_playout(game, config, seed=seed, player_seed=4, on_step=lambda s, a: states.append(s))
        states.append(result.final)
    return states


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
def test_the_compiled_codec_writes_and_reads_what_the_converter_does(game: AnyGame, config: Any) -> None:
    structure = _fastjson.structurer(converter, game.state_type)
    states = _states(game, config)
    for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
        value = converter.unstructure(state)
        assert to_json_value(state) == value
        assert structure(json.loads(json.dumps(value))) == converter.structure(value, game.state_type) == state
        for seat in range(config.players):
            view = game.observe(state, seat)
            view_value = converter.unstructure(view)
            assert to_json_value(view) == view_value
            assert from_json_value(view_value, game.view_type) == view
    if game.is_over(states[-1]):
        outcome = game.outcome(states[-1])
        assert to_json_value(outcome) == converter.unstructure(outcome)


def _mutations(value: object) -> list[object]:
    """Every document that differs from ``value`` in one place: a member dropped, added or mistyped."""
    found: list[object] = []
    if isinstance(value, dict):
        for key in value:
            dropped = {k: v for k, v in value.items() if k != key}
            found.append(dropped)
            wrongs: tuple[object, ...] = (None, True, "x", 7, [], {})
            for wrong in wrongs:
                found.append({**value, key: wrong})
            found += [{**value, key: inner} for inner in _mutations(value[key])[:6]]
        found.append({**value, "extra": 1})
    elif isinstance(value, list) and value:
        found.append(value[:-1])
        found += [[inner, *value[1:]] for inner in _mutations(value[0])[:6]]
    return found


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS[:: max(1, len(GAME_CONFIGS) // 8)])
def test_the_compiled_codec_refuses_what_the_converter_refuses(game: AnyGame, config: Any) -> None:
    state = _states(game, config)[7]
    structure = _fastjson.structurer(converter, game.state_type)
    for document in _mutations(converter.unstructure(state)):
        try:
            expected = converter.structure(document, game.state_type)
        except Exception:
            with pytest.raises(_fastjson.Slow):
                structure(document)
            with pytest.raises(FormatError):
                from_json_value(document, game.state_type)
        else:
            with contextlib.suppress(_fastjson.Slow):  # it may decline what the converter accepts (a default left out)
                assert structure(document) == expected
            assert from_json_value(document, game.state_type) == expected
