"""Interned classes: arrays of shared instances written and read whole, with exactly the same results."""

from __future__ import annotations

import json
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import FormatError
from ofrenda_rules.json import _base, serialization
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.serialization import dumps, loads, register_interned


@attrs.frozen
class Coin:
    """A small value class: two scalar members, a string and a number."""

    metal: str
    value: int


@attrs.frozen
class Purse:
    """Arrays of coins, nested and not."""

    coins: tuple[Coin, ...]
    stacks: tuple[tuple[Coin, ...], ...]
    flags: tuple[bool, ...]


@attrs.frozen
class Flag:
    """A value class with a boolean and a number member (``true == 1`` in a lookup)."""

    up: bool
    height: int


@attrs.frozen
class Mast:
    """Arrays of flags."""

    flags: tuple[Flag, ...]


SHARED = (Coin("gold", 5), Coin("silver", 1), Coin("copper", 0))
FLAGS = (Flag(True, 1), Flag(False, 0), Flag(True, 0))


@pytest.fixture
def interned() -> Iterator[None]:
    """Coins and flags interned for the test, and forgotten after it."""
    register_interned(Coin, SHARED)
    register_interned(Flag, FLAGS)
    yield
    del _base.INTERNED[Coin], _base.INTERNED[Flag]
    serialization._reset_compiled()


def outcome(text: str, cls: type) -> object:
    """What ``loads`` gives for ``text``: the value, or the kind of error."""
    try:
        return loads(text, cls)
    except FormatError:
        return FormatError


def plain_outcomes(texts: list[str], cls: type) -> list[object]:
    """``outcome`` of each text with nothing interned."""
    saved = dict(_base.INTERNED)
    _base.INTERNED.clear()
    serialization._reset_compiled()
    try:
        return [outcome(text, cls) for text in texts]
    finally:
        _base.INTERNED.update(saved)
        serialization._reset_compiled()


def test_shared_instances_are_read_as_themselves(interned: None) -> None:
    purse = Purse((SHARED[0], Coin("tin", 2)), ((SHARED[1], SHARED[2]), ()), (True,))
    text = dumps(purse)
    assert text == (
        '{"coins":[{"metal":"gold","value":5},{"metal":"tin","value":2}],'
        '"flags":"1","stacks":[[{"metal":"silver","value":1},{"metal":"copper","value":0}],[]]}'
    )
    back = loads(text, Purse)
    assert back == purse
    assert back.stacks[0][0] is SHARED[1] and back.stacks[0][1] is SHARED[2]
    assert loads('{"coins":[{"value":5,"metal":"gold"}],"flags":"","stacks":[]}', Purse).coins[0] is SHARED[0]


def test_the_text_is_unchanged_by_interning(interned: None) -> None:
    purses = [
        Purse(SHARED, (SHARED, SHARED[:1]), (False, True)),
        Purse((Coin("gold", 5), Coin("lead", 9)), (), ()),  # an equal coin that is not the shared one
        Purse([SHARED[0]], (), ()),  # type: ignore[arg-type]  # a list where a tuple is declared
    ]
    texts = [dumps(purse) for purse in purses]
    saved = dict(_base.INTERNED)
    _base.INTERNED.clear()
    serialization._reset_compiled()
    try:
        assert [dumps(purse) for purse in purses] == texts
    finally:
        _base.INTERNED.update(saved)
        serialization._reset_compiled()


FAULTS = [
    '{"coins":[{"metal":"gold","value":5.0}],"flags":"","stacks":[]}',  # 5.0 == 5
    '{"coins":[{"metal":"gold","value":true}],"flags":"","stacks":[]}',  # a bool for a number
    '{"coins":[{"metal":"silver","value":true}],"flags":"","stacks":[]}',  # true == 1
    '{"coins":[{"metal":"gold","value":5,"year":1}],"flags":"","stacks":[]}',  # an extra member
    '{"coins":[{"metal":"gold"}],"flags":"","stacks":[]}',  # a missing member
    '{"coins":[["gold",5]],"flags":"","stacks":[]}',  # not an object
    '{"coins":["gold"],"flags":"","stacks":[]}',
    '{"coins":[null],"flags":"","stacks":[]}',
    '{"coins":[{"metal":["gold"],"value":5}],"flags":"","stacks":[]}',  # unhashable
    '{"coins":{"metal":"gold","value":5},"flags":"","stacks":[]}',  # not an array
    '{"coins":[{"metal":"gold","value":5},{"metal":"gold","value":"5"}],"flags":"","stacks":[]}',
    '{"coins":[],"flags":"","stacks":[[{"metal":"silver","value":1.0}]]}',
    '{"coins":[],"flags":"","stacks":[[{"metal":"silver","value":1}],{"metal":"gold","value":5}]}',  # not an array
    '{"coins":[],"flags":"","stacks":[[{"metal":"silver","value":1}],"gold"]}',
    '{"coins":[],"flags":"","stacks":[[],[{"metal":"silver","value":1,"year":2}]]}',
]


def test_faults_are_refused_as_before(interned: None) -> None:
    assert [outcome(text, Purse) for text in FAULTS] == [FormatError] * len(FAULTS)
    assert plain_outcomes(FAULTS, Purse) == [FormatError] * len(FAULTS)


def test_booleans_and_numbers_are_told_apart(interned: None) -> None:
    texts = [
        '{"flags":[{"height":1,"up":1}]}',
        '{"flags":[{"height":true,"up":true}]}',
        '{"flags":[{"height":0,"up":false}]}',
    ]
    results = [outcome(text, Mast) for text in texts]
    assert results == plain_outcomes(texts, Mast)
    assert results[:2] == [FormatError, FormatError]
    assert isinstance(results[2], Mast) and results[2].flags[0] is FLAGS[1]


scalars = st.one_of(
    st.sampled_from(["gold", "silver", "copper", "tin"]),
    st.integers(min_value=-1, max_value=6),
    st.booleans(),
    st.none(),
    st.sampled_from([5.0, 1.0, 0.0]),
)
members = st.dictionaries(st.sampled_from(["metal", "value", "year"]), scalars, max_size=3)
elements = st.one_of(members, scalars, st.lists(scalars, max_size=2))


@given(st.lists(elements, max_size=5), st.lists(st.one_of(st.lists(elements, max_size=3), elements), max_size=3))
def test_any_document_reads_as_without_interning(coins: list[object], stacks: list[list[object]]) -> None:
    text = json.dumps({"coins": coins, "flags": [], "stacks": stacks})
    register_interned(Coin, SHARED)
    try:
        interned_result = outcome(text, Purse)
    finally:
        del _base.INTERNED[Coin]
        serialization._reset_compiled()
    assert interned_result == outcome(text, Purse)


def test_unusable_instances_leave_the_class_as_it_was() -> None:
    @attrs.frozen
    class One:
        only: int

    register_interned(One, [One(1)])  # a single member: no key tuple, the element-by-element path
    try:
        compiler = _fastjson._compiler(serialization.converter)
        assert compiler.interned(One) is None
        assert compiler.interned(Coin) is None  # not registered
    finally:
        del _base.INTERNED[One]
        serialization._reset_compiled()
