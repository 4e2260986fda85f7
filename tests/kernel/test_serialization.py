"""The shared converter, its tagged unions and its handling of untrusted JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofrenda_rules.errors import FormatError
from ofrenda_rules.serialization import MAX_DEPTH, dumps, loads, parse_json, register_tagged_union


@attrs.frozen
class Knock:
    TAG: ClassVar[str] = "knock"


@attrs.frozen
class Wager:
    TAG: ClassVar[str] = "wager"
    amount: int
    odds: Fraction


Move = Knock | Wager
register_tagged_union(Move)


def test_tagged_union_round_trips_with_the_stable_tag() -> None:
    move = Wager(3, Fraction(1, 6))
    text = dumps(move, Move)
    assert text == '{"amount":3,"odds":"1/6","type":"wager"}'
    assert loads(text, Move) == move
    assert loads('{"type":"knock"}', Move) == Knock()


def test_registering_twice_is_harmless_and_duplicate_tags_are_refused() -> None:
    register_tagged_union(Move)

    @attrs.frozen
    class Other:
        TAG: ClassVar[str] = "knock"

    with pytest.raises(TypeError, match="duplicate tags"):
        register_tagged_union(Knock | Other)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ('{"type":"wager","amount":"x","odds":"1/2"}', r"\$\.amount"),
        ('{"type":"wager","amount":1,"odds":"1/2","extra":0}', "extra"),
        ('{"type":"shout"}', "shout"),
        ('{"type":"wager","amount":1,"odds":"1/0"}', r"not '1/0' @ \$\.odds"),
        ('{"type":"wager","amount":1,"odds":"half"}', r"\$\.odds: 'half' does not match"),
        ('{"type":"wager","amount":1,"odds":[1]}', r"\$\.odds: expected a string, got an array"),
    ],
)
def test_malformed_documents_raise_format_error(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        loads(text, Move)


def test_size_and_depth_limits() -> None:
    with pytest.raises(FormatError, match="exceeds the limit"):
        parse_json("[" * 10 + "]" * 10, max_bytes=5)
    with pytest.raises(FormatError, match="nested deeper"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(FormatError, match="nested deeper"):
        parse_json("[" * 100000 + "]" * 100000)
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == eval("[" * MAX_DEPTH + "]" * MAX_DEPTH)


@attrs.frozen
class Holder:
    last: Move | None
    count: int
    flag: bool = False
    name: str = ""


@pytest.mark.parametrize(
    "holder", [Holder(Wager(1, Fraction(1, 2)), 2), Holder(None, 3), Holder(Knock(), 0, True, "x")]
)
def test_an_optional_tagged_union_field_keeps_its_tag(holder: Holder) -> None:
    text = dumps(holder)
    assert loads(text, Holder) == holder
    if holder.last is not None:
        assert f'"type":"{type(holder.last).TAG}"' in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"last":null,"count":true}', r"\$\.count: expected an integer, got True"),
        ('{"last":null,"count":1,"flag":1}', r"\$\.flag: expected true or false, got 1"),
        ('{"last":null,"count":1,"name":5}', r"\$\.name: expected a string, got 5"),
        ('{"last":{"type":"shout"},"count":1}', r"\$\.last\.type: 'shout' is not one of 'knock', 'wager'"),
        (
            '{"last":[],"count":1}',
            r"\$\.last: expected an object with a 'type' member \(one of 'knock', 'wager'\), got an array",
        ),
        ('{"last":null,"count":1,"count":2}', "appears twice"),
        ('{"last":null,"count":NaN}', "NaN is not a JSON number"),
        ('{"last":null,"count":' + "9" * 5000 + "}", "not valid JSON"),
    ],
)
def test_leaves_are_strict_and_faults_are_named(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        loads(text, Holder)


_KEYS = st.sampled_from(["a", "b", "a:b", ":", "\\u0061", "\\u003a", "c"])
_SCALARS = st.one_of(
    st.integers(-5, 5), st.booleans(), st.none(), st.sampled_from(['"x"', '"x:y"', '":"', '"\\u003a"'])
)


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


_DOCUMENTS = st.recursive(
    _SCALARS.map(_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
        st.lists(st.tuples(_KEYS, inner), max_size=4).map(
            lambda pairs: "{" + ",".join(f'"{k}":{v}' for k, v in pairs) + "}"
        ),
    ),
    max_leaves=12,
)


def _strict(text: str) -> object:
    """The member-by-member parse that the fast path must agree with."""

    def pairs_hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [k for k, _ in pairs]
        if len(set(keys)) != len(keys):
            raise ValueError("duplicate")
        return dict(pairs)

    return json.loads(text, object_pairs_hook=pairs_hook)


@settings(max_examples=300, deadline=None)
@given(_DOCUMENTS)
def test_the_fast_parse_refuses_exactly_the_documents_with_a_duplicate_member(text: str) -> None:
    try:
        expected: object = _strict(text)
    except ValueError:
        with pytest.raises(FormatError, match="appears twice"):
            parse_json(text)
        with pytest.raises(FormatError, match="appears twice"):
            parse_json(text.encode())
    else:
        assert parse_json(text) == expected
        assert parse_json(text.encode()) == expected
