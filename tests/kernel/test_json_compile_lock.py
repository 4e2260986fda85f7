"""The compiled JSON codecs are compiled by one thread at a time, and a failed compile leaves nothing behind."""

from __future__ import annotations

import threading
from collections.abc import Callable

import attrs
import pytest

from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.serialization import converter, from_json_value, to_json_value


@attrs.frozen
class Leaf:
    """A class no other test compiles."""

    value: int


@attrs.frozen
class Node:
    """A class that contains itself: compiled with a forwarder in its table."""

    value: int
    below: tuple[Node, ...] = ()


def test_a_second_thread_waits_for_the_compile_instead_of_calling_the_forwarder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    inside, release = threading.Event(), threading.Event()
    original = _fastjson._Compiler._compile

    def slow_compile(source: str, name: str, env: dict[str, object]) -> object:
        if "o.below" in source:  # Node's function: the forwarder already stands in its table
            inside.set()
            assert release.wait(10)
        return original(source, name, env)

    _fastjson.reset()
    monkeypatch.setattr(_fastjson._Compiler, "_compile", staticmethod(slow_compile))
    results: dict[str, object] = {}

    def compile_node() -> None:
        results["first"] = _fastjson.unstructurer(converter, Node)(Node(1, (Node(2),)))

    def second() -> None:
        try:
            results["second"] = _fastjson.unstructurer(converter, Node)(Node(3))
        except RecursionError as error:  # what a shared forwarder did
            results["second"] = error

    first_thread = threading.Thread(target=compile_node)
    first_thread.start()
    assert inside.wait(10)
    second_thread = threading.Thread(target=second)
    second_thread.start()
    second_thread.join(0.2)
    assert second_thread.is_alive()  # it waits for the lock
    release.set()
    first_thread.join(10)
    second_thread.join(10)
    assert results == {"first": {"value": 1, "below": [{"value": 2, "below": []}]}, "second": {"value": 3, "below": []}}


def test_a_failed_compile_leaves_no_forwarder(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(source: str, name: str, env: dict[str, object]) -> object:
        raise RuntimeError("compile failed")

    _fastjson.reset()
    with monkeypatch.context() as patch:
        patch.setattr(_fastjson._Compiler, "_compile", staticmethod(broken))
        with pytest.raises(RuntimeError, match="compile failed"):
            _fastjson.unstructurer(converter, Leaf)
    assert _fastjson.unstructurer(converter, Leaf)(Leaf(4)) == {"value": 4}
    assert _fastjson._DEPTH == [0]


@attrs.frozen
class Seen:
    """A class no other test writes."""

    value: int


@pytest.mark.parametrize(
    ("compile_name", "cache_name", "use"),
    [
        ("unstructurer", "_UNSTRUCTURERS", lambda n: to_json_value(Seen(n)) == {"value": n}),
        ("structurer", "_STRUCTURERS", lambda n: from_json_value({"value": n}, Seen) == Seen(n)),
    ],
    ids=["to_json_value", "from_json_value"],
)
def test_the_compilers_lock_is_taken_only_the_first_time_a_class_is_met(
    monkeypatch: pytest.MonkeyPatch, compile_name: str, cache_name: str, use: Callable[[int], bool]
) -> None:
    from ofrenda_rules.json import serialization

    calls: list[type] = []
    original = getattr(_fastjson, compile_name)

    def counted(conv: object, cls: type) -> object:
        calls.append(cls)
        return original(conv, cls)

    monkeypatch.setattr(_fastjson, compile_name, counted)
    getattr(serialization, cache_name).pop(Seen, None)
    assert all(use(n) for n in range(3))
    assert calls == [Seen]  # compiled (under the lock) once, then found in the cache
    serialization._reset_compiled()
    assert use(3)
    assert calls == [Seen, Seen]  # a reset forgets it


def test_hooks_registered_after_a_class_was_written_take_over() -> None:
    from ofrenda_rules.json import serialization

    @attrs.frozen
    class Late:
        value: int

    def structure(data: object, _: object) -> Late:  # the same JSON, read as a tenth of it
        assert isinstance(data, dict)
        return Late(int(data["value"]) // 10)

    def unstructure(late: Late) -> dict[str, int]:  # written ten times as large
        return {"value": late.value * 10}

    assert serialization.to_json_value(Late(1)) == {"value": 1}
    assert serialization.from_json_value({"value": 1}, Late) == Late(1)
    serialization.register_hooks(Late, structure, unstructure)
    assert serialization.to_json_value(Late(2)) == {"value": 20}
    assert serialization.from_json_value({"value": 20}, Late) == Late(2)
