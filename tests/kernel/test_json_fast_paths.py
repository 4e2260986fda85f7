"""The fast paths of ``dumps`` and ``loads``: the same text, the same objects, the same refusals."""

from __future__ import annotations

import json
from typing import Any, cast

import attrs
import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.json import serialization
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import MAX_DEPTH, converter, dumps, from_json_value, loads, parse_json
from tests.kernel.games import FIRST_CONFIGS


def _values(game: AnyGame, config: Any) -> list[tuple[object, object]]:
    """States, views and actions of two random playouts, each with the type to write it as."""
    found: list[tuple[object, object]] = []

    def step(state: Any, action: Any) -> None:
        found.append((state, game.state_type))
        found.append((action, game.action_type))
        found.append((game.observe(state, 0), game.view_type))

    for seed in (2, None):
        result = random_playout(game, config, seed=seed, player_seed=3, on_step=step)
        found.append((result.final, game.state_type))
    return found[:: max(1, len(found) // 60)]


def _canonical(value: object, cls: object) -> str:
    return json.dumps(converter.unstructure(value, unstructure_as=cls), sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(("game", "config"), FIRST_CONFIGS)
def test_dumps_writes_the_canonical_text_and_loads_counts_instead_of_walking(
    game: AnyGame, config: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for cls in (game.state_type, game.view_type, game.action_type):
        counting = _fastjson.counting_structurer(converter, cls)
        assert counting is not None and counting[1] <= MAX_DEPTH, cls
    values = _values(game, config)
    texts = [(value, cls, dumps(value, cls)) for value, cls in values]
    for value, cls, text in texts:
        assert serialization._text_emitter(value, cls) is not None
        assert text == _canonical(value, cls)  # byte for byte what json.dumps(sort_keys=True) writes

    def no_walk(*args: object, **kwargs: object) -> object:
        raise AssertionError("loads took the general path")

    with monkeypatch.context() as patch:
        patch.setattr(serialization, "parse_json", no_walk)
        for value, cls, text in texts:
            assert loads(text, cls) == value
            assert loads(text.encode(), cls) == value


def _with_duplicate(value: object, path: tuple[str | int, ...]) -> str:
    """Canonical JSON text of ``value`` where the object at ``path`` writes its first member twice."""
    if isinstance(value, dict):
        members = [
            f"{json.dumps(key)}:{_with_duplicate(value[key], path[1:] if path and path[0] == key else ('-',))}"
            for key in sorted(value)
        ]
        if not path:
            members.insert(0, members[0])
        return "{" + ",".join(members) + "}"
    if isinstance(value, list):
        items = [_with_duplicate(item, path[1:] if path and path[0] == i else ("-",)) for i, item in enumerate(value)]
        return "[" + ",".join(items) + "]"
    return json.dumps(value)


def _object_paths(value: object, at: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found: list[tuple[str | int, ...]] = []
    if isinstance(value, dict):
        found.append(at)
        for key, item in value.items():
            found += _object_paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _object_paths(item, (*at, index))
    return found


def _general_error(text: str, cls: object, max_bytes: int = serialization.MAX_DOCUMENT_BYTES) -> str:
    with pytest.raises(FormatError) as general:
        from_json_value(parse_json(text, max_bytes=max_bytes), cls)
    return str(general.value)


def _deep(levels: int) -> object:
    value: object = 0
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(("game", "config"), FIRST_CONFIGS)
def test_loads_refuses_what_the_general_path_refuses_in_its_words(game: AnyGame, config: Any) -> None:
    state = random_playout(game, config, seed=8, player_seed=9).final
    document = converter.unstructure(state)
    text = dumps(state, game.state_type)
    paths = _object_paths(document)
    broken = [_with_duplicate(document, path) for path in paths[:: max(1, len(paths) // 12)] + [paths[-1]]]
    for text_with_duplicate in broken:
        assert json.loads(text_with_duplicate) == document  # the duplicate hides in the parsed value
        with pytest.raises(FormatError, match="appears twice") as refused:
            loads(text_with_duplicate, game.state_type)
        assert str(refused.value) == _general_error(text_with_duplicate, game.state_type)
    key = sorted(document)[0]
    for wrong in (_deep(MAX_DEPTH + 1), _deep(MAX_DEPTH - 2), {"extra": 1}, None, "x"):
        wrong_text = json.dumps({**document, key: wrong}, sort_keys=True, separators=(",", ":"))
        with pytest.raises(FormatError) as refused:
            loads(wrong_text, game.state_type)
        assert str(refused.value) == _general_error(wrong_text, game.state_type)
    for wrong_text in (text.replace(":0", ":NaN", 1), text[:-1], text + "]", "\ufeff" + text, text + "x"):
        assert wrong_text != text
        with pytest.raises(FormatError) as refused:
            loads(wrong_text, game.state_type)
        assert str(refused.value) == _general_error(wrong_text, game.state_type)
    with pytest.raises(FormatError, match="exceeds the limit") as refused:
        loads(text, game.state_type, max_bytes=len(text) - 1)
    assert str(refused.value) == _general_error(text, game.state_type, max_bytes=len(text) - 1)


@attrs.frozen
class _Note:
    text: str
    numbers: tuple[int, ...] = ()


@attrs.frozen
class _Point:
    x: int
    y: int


def _structure_point(value: object, _: object) -> _Point:
    if type(value) is not dict or set(value) != {"x", "y"} or any(type(v) is not int for v in value.values()):
        raise TypeError(f"expected a point, not {value!r}")
    return _Point(value["x"], value["y"])


def _unstructure_point(point: _Point) -> dict[str, object]:
    return {"y": point.y, "x": point.x}  # not sorted: the hook is not declared flat


@attrs.frozen
class _Path:
    points: tuple[_Point, ...]
    note: _Note


serialization.register_hooks(_Point, _structure_point, _unstructure_point)


def test_a_colon_in_a_string_or_an_undeclared_hook_takes_the_general_path() -> None:
    note = _Note("a:b", (1, 2))
    assert loads(dumps(note), _Note) == note
    with pytest.raises(FormatError, match="appears twice"):
        loads('{"numbers":[],"text":"a","text":"b"}', _Note)
    path = _Path((_Point(1, 2), _Point(3, 4)), _Note("x"))
    assert _fastjson.counting_structurer(converter, _Path) is None
    assert _fastjson.plain_unstructurer(converter, _Path) is None
    assert _fastjson.text_emitter(converter, _Path) is None
    assert dumps(path) == '{"note":{"numbers":[],"text":"x"},"points":[{"x":1,"y":2},{"x":3,"y":4}]}'
    assert loads(dumps(path), _Path) == path
    with pytest.raises(FormatError, match="appears twice"):
        loads('{"note":{"numbers":[],"text":"x"},"points":[{"x":1,"x":1,"y":2}]}', _Path)
    with pytest.raises(FormatError, match="nested deeper"):
        loads(json.dumps({"note": {"numbers": _deep(MAX_DEPTH), "text": "x"}, "points": []}), _Path)


@attrs.frozen
class _Mixed:
    count: int
    flags: tuple[bool | None, ...]  # an array (``tuple[bool, ...]`` is a string, see test_compact_json)
    rows: tuple[tuple[int, ...], ...]
    note: _Note | None
    pair: tuple[int, str]


def test_the_compiled_writer_writes_what_json_dumps_writes_even_for_values_of_other_types() -> None:
    assert _fastjson.text_emitter(converter, _Mixed) is not None
    values = [
        _Mixed(3, (True, False), ((1, 2), ()), _Note("a", (4,)), (1, "b")),
        _Mixed(3, (), (), None, (1, "\u00e9\n")),
        _Mixed(cast(int, True), cast(Any, (1, None, "x")), cast(Any, ([1], (2.5,))), None, cast(Any, [None, 2])),
        _Mixed(cast(int, "7"), (), cast(Any, (({"b": 1, "a": 2},),)), cast(Any, None), (0, "")),
    ]
    for value in values:
        assert dumps(value) == _canonical(value, _Mixed)
    with pytest.raises(TypeError):
        dumps(_Mixed(1, cast(Any, (object(),)), (), None, (1, "")))


@attrs.frozen
class _Arrays:
    numbers: tuple[int, ...]
    words: tuple[str, ...]
    slots: tuple[int | None, ...]
    flags: tuple[bool | None, ...]  # an array (``tuple[bool, ...]`` is a string, see test_compact_json)


def test_arrays_of_scalars_written_in_one_call_are_cut_back_exactly() -> None:
    text = _fastjson.text_emitter(converter, _Arrays)
    assert text is not None
    values = [
        _Arrays((1, 2), ("a", "b"), (None, 3), (True,)),
        _Arrays((), (), (), ()),
        _Arrays((), ("],[",), (), ()),  # a string holding the cut: one piece too many, written the general way
        _Arrays((5,), ("x],[", "],[y"), (None,), (False, True)),
        _Arrays(cast(Any, ([1, 2], (3, (4,)))), ("]", "["), cast(Any, ("],[",)), cast(Any, (1, "a,b"))),
        _Arrays(cast(Any, [7]), cast(Any, [[]]), cast(Any, ([], [])), cast(Any, ((),))),
    ]
    for value in values:
        assert dumps(value) == _canonical(value, _Arrays)
    for value in values[:4]:
        assert loads(dumps(value), _Arrays) == value
    with pytest.raises(_fastjson.Slow):
        text(values[2])
    assert text(values[0]) == '{"flags":[true],"numbers":[1,2],"slots":[null,3],"words":["a","b"]}'
