"""The compiled JSON codecs agree with the shared converter, value for value and error for error."""

from __future__ import annotations

import contextlib
import json
from typing import Any, ClassVar, cast, get_args

import attrs
import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.json import serialization
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.schema import faults, json_schema
from ofrenda_rules.serialization import converter, dumps, from_json_value, loads, register_tagged_union, to_json_value
from tests.kernel.games import FIRST_CONFIGS, GAME_CONFIGS


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
        assert to_json_value(state) == value == json.loads(json.dumps(value))
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
            if faults(document, json_schema(game.state_type)):  # the converter is lenient ({} for an empty array)
                with pytest.raises(FormatError):
                    from_json_value(document, game.state_type)
            else:
                assert from_json_value(document, game.state_type) == expected


# --- tagged unions -----------------------------------------------------------------------------------------------


def _events_and_actions(game: AnyGame, config: Any, limit: int = 150) -> tuple[list[Any], list[Any], list[Any]]:
    """States, events and actions met in two random playouts (at most ``limit`` of each)."""
    states: list[Any] = []
    actions: list[Any] = []

    def step(state: Any, action: Any) -> None:
        states.append(state)
        actions.append(action)

    for seed in (5, None):
        result = random_playout(game, config, seed=seed, player_seed=6, on_step=step)
        states.append(result.final)
    events = [event for state in states for event in getattr(state, "recent_events", ())]
    every = max(1, len(states) // limit)
    return states[::every][:limit], events[: limit * 2], actions[:limit]


@pytest.mark.parametrize(("game", "config"), FIRST_CONFIGS)
def test_tagged_unions_compile_to_what_the_converter_writes_and_reads(game: AnyGame, config: Any) -> None:
    _, events, actions = _events_and_actions(game, config)
    assert events, "the playouts must produce events"
    for union, values in ((game.event_type, events), (game.action_type, actions)):
        unstructure = _fastjson.union_unstructurer(converter, union)
        structure = _fastjson.union_structurer(converter, union)
        assert unstructure is not None and structure is not None
        for value in values:
            expected = converter.unstructure(value, unstructure_as=union)
            assert expected["type"] == type(value).TAG
            assert unstructure(value) == to_json_value(value, union) == expected
            assert json.dumps(unstructure(value), sort_keys=True) == json.dumps(expected, sort_keys=True)
            document = json.loads(json.dumps(expected))
            assert document == expected  # plain JSON values: lists, never tuples
            assert structure(document) == from_json_value(document, union) == converter.structure(document, union)
            assert structure(document) == value


@pytest.mark.parametrize(("game", "config"), FIRST_CONFIGS)
def test_states_actions_and_views_never_reach_the_converter(
    game: AnyGame, config: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    states, _, actions = _events_and_actions(game, config, limit=40)
    assert any(getattr(state, "recent_events", ()) for state in states)
    documents = [
        (value, cls, dumps(value, cls))
        for state in states
        for value, cls in [(state, game.state_type)]
        + [(game.observe(state, seat), game.view_type) for seat in range(config.players)]
    ] + [(action, game.action_type, dumps(action, game.action_type)) for action in actions]

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError(f"the converter was called: {args!r}")

    monkeypatch.setattr(converter, "unstructure", refuse)
    monkeypatch.setattr(converter, "structure", refuse)
    for value, cls, text in documents:
        assert dumps(value, cls) == text
        assert loads(text, cls) == value


def _slow_message(document: object, cls: object, monkeypatch: pytest.MonkeyPatch) -> str:
    """The error the converter alone gives (the compiled paths switched off)."""
    with monkeypatch.context() as patch:
        patch.setattr(serialization, "_compiled", lambda cls: False)
        patch.setattr(serialization, "_union_codec", lambda cls: None)
        with pytest.raises(FormatError) as slow:
            from_json_value(document, cls)
    return str(slow.value)


def _broken_members(member: dict[str, Any], other_tag: str) -> list[object]:
    """Ways to break one tagged object: its tag, its members, its kind."""
    broken: list[object] = [
        {**member, "type": "no-such-tag"},
        {**member, "type": other_tag},
        {**member, "type": 7},
        {**member, "type": ["x"]},
        {key: value for key, value in member.items() if key != "type"},
        {**member, "extra": 1},
        "not an object",
        None,
    ]
    for key in [key for key in member if key != "type"][:3]:
        broken.append({k: v for k, v in member.items() if k != key})
        broken.append({**member, key: {"wrong": True}})
    return broken


@pytest.mark.parametrize(("game", "config"), FIRST_CONFIGS)
def test_broken_tagged_documents_get_the_converters_error(
    game: AnyGame, config: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    states, _, actions = _events_and_actions(game, config, limit=60)
    state = next(state for state in reversed(states) if getattr(state, "recent_events", ()))
    document = converter.unstructure(state)
    tags = sorted(cls.TAG for cls in get_args(game.event_type))
    refused = 0
    for position in {0, len(document["recent_events"]) - 1}:
        event = document["recent_events"][position]
        other = next(tag for tag in tags if tag != event["type"])
        for wrong in _broken_members(event, other):
            events = list(document["recent_events"])
            events[position] = wrong
            broken = {**document, "recent_events": events}
            refused += _same_verdict(broken, game.state_type, monkeypatch)
            if isinstance(wrong, dict) and wrong.get("type") == "no-such-tag":
                with pytest.raises(FormatError) as fast:
                    from_json_value(broken, game.state_type)
                assert "$.recent_events[" in str(fast.value)
                assert all(tag in str(fast.value) for tag in tags)  # every expected tag is named
    action = converter.unstructure(actions[len(actions) // 2], unstructure_as=game.action_type)
    action_tags = sorted(cls.TAG for cls in get_args(game.action_type))
    other = next(tag for tag in action_tags if tag != action["type"])
    for wrong in _broken_members(action, other):
        refused += _same_verdict(wrong, game.action_type, monkeypatch)
        if isinstance(wrong, dict) and wrong.get("type") == "no-such-tag":
            with pytest.raises(FormatError) as fast:
                from_json_value(wrong, game.action_type)
            assert all(tag in str(fast.value) for tag in action_tags)
    assert refused > 10


def _same_verdict(document: object, cls: object, monkeypatch: pytest.MonkeyPatch) -> int:
    """Check that ``document`` loads as the converter loads it, or fails with its message; 1 if refused."""
    try:
        expected = converter.structure(document, cast(Any, cls))
    except Exception:
        with pytest.raises(FormatError) as fast:
            from_json_value(document, cls)
        assert str(fast.value) == _slow_message(document, cls, monkeypatch)
        return 1
    assert from_json_value(document, cls) == expected  # e.g. another member's tag over members that fit it
    return 0


@attrs.frozen
class _Rest:
    TAG: ClassVar[str] = "rest"


@attrs.frozen
class _Wait:
    TAG: ClassVar[str] = "wait"
    turns: int


@attrs.frozen
class _Move:
    TAG: ClassVar[str] = "move"
    steps: tuple[int, int, int]
    then: _Rest | _Wait | None = None


@attrs.frozen
class _Typed:
    TAG: ClassVar[str] = "typed"
    type: str


@attrs.frozen
class _Log:
    first: _Rest | _Move
    maybe: _Rest | _Move | None
    all: tuple[_Rest | _Move, ...]


register_tagged_union(_Rest | _Wait)
register_tagged_union(_Rest | _Move)
register_tagged_union(_Typed | _Rest)


def test_a_union_alone_optional_nested_and_in_a_tuple() -> None:
    log = _Log(_Rest(), None, (_Move((1, 2, 3), _Wait(2)), _Move((0, 0, 1)), _Rest()))
    value = cast(dict[str, Any], to_json_value(log))
    assert value == converter.unstructure(log)
    assert value["all"][0] == {"steps": [1, 2, 3], "then": {"turns": 2, "type": "wait"}, "type": "move"}
    document = json.loads(json.dumps(value))
    assert _fastjson.structurer(converter, _Log)(document) == log
    assert _fastjson.union_structurer(converter, _Typed | _Rest) is None  # a member's field is named "type"
    assert _fastjson.union_unstructurer(converter, _Typed | _Rest) is None
    assert to_json_value(_Typed("x"), _Typed | _Rest) == converter.unstructure(_Typed("x"), _Typed | _Rest)
    assert _fastjson.union_structurer(converter, _Rest | None) is None  # not a registered union
    assert _fastjson.union_structurer(converter, _Move | _Rest) is not None  # the same union, in another order
    with pytest.raises(_fastjson.Slow):
        _fastjson.structurer(converter, _Log)({**document, "maybe": {"type": "fly"}})
    with pytest.raises(FormatError, match="fly"):
        from_json_value({**document, "maybe": {"type": "fly"}}, _Log)
    with pytest.raises(FormatError):
        from_json_value({**document, "first": {"type": "move", "steps": [1, 2]}}, _Log)


def _refused_state_text(size: int) -> tuple[AnyGame, str]:
    """A state document of about ``size`` bytes that the fast decoder gives up on (an unknown member)."""
    game, config = cast(tuple[AnyGame, Any], FIRST_CONFIGS[0].values)
    document = cast(dict[str, object], json.loads(dumps(game.new_game(config, 3))))
    document["refused_padding"] = "x" * size
    return game, json.dumps(document)


def test_each_give_up_of_the_fast_decoder_is_a_new_exception_with_a_short_traceback() -> None:
    # Issue 37: one shared Slow() raised again and again kept every earlier raise's frames, and the
    # refused documents they held, in its traceback.
    game, text = _refused_state_text(100)
    structure = _fastjson.structurer(converter, game.state_type)
    caught: list[_fastjson.Slow] = []
    for _ in range(3):
        try:
            structure(json.loads(text))
        except _fastjson.Slow as exc:
            caught.append(exc)
    assert len(caught) == 3
    assert len({id(exc) for exc in caught}) == 3
    depths = []
    for slow in caught:
        depth, tb = 0, slow.__traceback__
        while tb is not None:
            depth, tb = depth + 1, tb.tb_next
        depths.append(depth)
    assert depths[0] == depths[1] == depths[2] < 10


def test_refused_documents_leave_no_memory_behind() -> None:
    # 1,000 refused loads of a 100 kB document grew a process by 220 MB before the fix; the traced
    # memory now stays within a small bound of where it started, however many are refused.
    import gc
    import tracemalloc

    game, text = _refused_state_text(100_000)

    def refuse(times: int) -> None:
        for _ in range(times):
            with pytest.raises(FormatError, match="refused_padding"):
                loads(text, game.state_type)

    refuse(20)  # warm the caches the first refusals fill (schemas, compiled codecs)
    gc.collect()
    tracemalloc.start()
    try:
        refuse(10)
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        refuse(200)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # 200 leaked documents would be 20 MB at the very least; the bound is a twentieth of that.
    assert after - before < 1_000_000, f"{after - before} bytes kept by 200 refused loads"
