"""Flags as one string, and members at their default left out: the compiled codecs agree with the converter."""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator

import attrs
import pytest
from cattrs.gen import make_dict_unstructure_fn
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import FormatError
from ofrenda_rules.json import _base, serialization
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.schema import json_schema
from ofrenda_rules.serialization import FLAGS, converter, dumps, legacy_converter, loads, register_defaults_omitted


@attrs.frozen
class Altar:
    """Flags alone, in arrays, optional, and beside scalar arrays."""

    lit: tuple[bool, ...]
    rows: tuple[tuple[bool, ...], ...]
    spare: tuple[bool, ...] | None
    counts: tuple[int, ...]


class Speed(enum.Enum):
    """An option's values."""

    SLOW = "slow"
    FAST = "fast"


@attrs.frozen
class Options:
    """A config-like class: one required member, defaults of every kind."""

    players: int
    speed: Speed = Speed.SLOW
    strict: bool = False
    limit: int | None = None
    seats: tuple[int, ...] = ()
    lit: tuple[bool, ...] = (False, False)


@attrs.frozen
class Table:
    """Options inside another class, so the enclosing codecs are compiled too."""

    options: Options
    turn: int


@pytest.fixture
def omitting() -> Iterator[None]:
    """``Options`` registered for the test, and forgotten after it."""
    register_defaults_omitted(Options)
    yield
    del _base.DEFAULTS_OMITTED[Options]
    converter.register_unstructure_hook(Options, make_dict_unstructure_fn(Options, converter))
    serialization._LEGACY.clear()
    serialization._reset_compiled()


flags = st.lists(st.booleans(), max_size=14).map(tuple)


def test_flags_are_one_string_of_0_and_1() -> None:
    altar = Altar((True, False, True), ((False,), (), (True, True)), None, (1, 2))
    text = dumps(altar)
    assert text == '{"counts":[1,2],"lit":"101","rows":["0","","11"],"spare":null}'
    assert loads(text, Altar) == altar
    assert dumps((), FLAGS) == '""'


@given(flags, st.lists(flags, max_size=4), st.none() | flags)
def test_the_compiled_codecs_agree_with_the_converter_on_flags(
    lit: tuple[bool, ...], rows: list[tuple[bool, ...]], spare: tuple[bool, ...] | None
) -> None:
    altar = Altar(lit, tuple(rows), spare, (len(lit),))
    value = converter.unstructure(altar, Altar)
    assert serialization.to_json_value(altar) == value
    assert json.loads(dumps(altar)) == value
    assert loads(dumps(altar), Altar) == converter.structure(value, Altar) == altar


@pytest.mark.parametrize(
    ("lit", "words"),
    [
        ("[true, false]", r"\$\.lit: expected a string, got an array"),
        ('"0120"', r"\$\.lit: '0120' does not match"),
        ('"01\\n"', r"\$\.lit: '01\\n' does not match"),
        ("true", r"\$\.lit: expected a string, got True"),
    ],
)
def test_malformed_flags_are_refused_with_their_path(lit: str, words: str) -> None:
    with pytest.raises(FormatError, match=words):
        loads(f'{{"lit": {lit}, "rows": [], "spare": null, "counts": []}}', Altar)


def test_the_schema_states_the_pattern_of_flags() -> None:
    defs = json_schema(Altar)["$defs"]
    assert isinstance(defs, dict)
    lit = defs["Altar"]["properties"]["lit"]
    assert (lit["type"], lit["pattern"], lit["examples"]) == ("string", "^[01]*$", ["0110"])
    assert defs["Altar"]["properties"]["rows"]["items"]["pattern"] == "^[01]*$"


def test_the_legacy_converter_writes_flags_as_arrays() -> None:
    altar = Altar((True, False), ((True,),), (False,), ())
    written = legacy_converter().unstructure(altar, Altar)
    assert written == {"lit": [True, False], "rows": [[True]], "spare": [False], "counts": []}
    assert legacy_converter().structure(written, Altar) == altar


@pytest.mark.usefixtures("omitting")
def test_members_at_their_default_are_left_out_and_read_back() -> None:
    assert dumps(Options(3)) == '{"players":3}'
    chosen = Options(3, Speed.FAST, True, 7, (1,), (True, False))
    assert dumps(chosen) == '{"limit":7,"lit":"10","players":3,"seats":[1],"speed":"fast","strict":true}'
    assert loads('{"players":3}', Options) == Options(3)
    assert loads(dumps(chosen), Options) == chosen
    assert loads('{"players": 3, "strict": false, "lit": "00"}', Options) == Options(3)  # written in full: the same


@pytest.mark.usefixtures("omitting")
@given(
    st.integers(1, 6),
    st.sampled_from(Speed),
    st.booleans(),
    st.none() | st.integers(0, 9),
    st.lists(st.integers(0, 5), max_size=3).map(tuple),
    st.sampled_from([(False, False), (True, False), ()]),
    st.integers(0, 3),
)
def test_the_compiled_codecs_agree_with_the_converter_on_defaults(
    players: int,
    speed: Speed,
    strict: bool,
    limit: int | None,
    seats: tuple[int, ...],
    lit: tuple[bool, ...],
    turn: int,
) -> None:
    table = Table(Options(players, speed, strict, limit, seats, lit), turn)
    value = converter.unstructure(table, Table)
    assert serialization.to_json_value(table) == value
    assert json.loads(dumps(table)) == value
    assert loads(dumps(table), Table) == converter.structure(value, Table) == table


@pytest.mark.usefixtures("omitting")
@pytest.mark.parametrize(
    ("document", "words"),
    [
        ('{"strict": true}', r"\$: missing member 'players'"),
        ('{"players": 3, "haste": 1}', r"haste"),
        ('{"players": 3, "strict": 1}', r"\$\.strict: expected true or false"),
    ],
)
def test_a_missing_required_member_or_an_unknown_one_is_still_refused(document: str, words: str) -> None:
    with pytest.raises(FormatError, match=words):
        loads(document, Options)


@pytest.mark.usefixtures("omitting")
def test_the_legacy_converter_writes_every_member() -> None:
    written = legacy_converter().unstructure(Options(2), Options)
    assert written == {
        "players": 2,
        "speed": "slow",
        "strict": False,
        "limit": None,
        "seats": [],
        "lit": [False, False],
    }


def test_a_factory_default_cannot_be_left_out() -> None:
    @attrs.frozen
    class Listed:
        items: tuple[int, ...] = attrs.field(factory=tuple)

    with pytest.raises(TypeError, match="factory"):
        register_defaults_omitted(Listed)


@pytest.mark.usefixtures("omitting")
def test_the_compiled_codecs_take_omitted_members_without_falling_back() -> None:
    emit = _fastjson.text_emitter(converter, Table)
    assert emit is not None
    assert emit(Table(Options(2, strict=True), 1)) == '{"options":{"players":2,"strict":true},"turn":1}'
    read = _fastjson.structurer(converter, Table)
    assert read({"options": {"players": 2}, "turn": 1}) == Table(Options(2), 1)  # no Slow raised
    with pytest.raises(_fastjson.Slow):
        read({"options": {"players": 2, "extra": 1}, "turn": 1})


def test_the_compiled_codecs_take_flags_without_falling_back() -> None:
    emit = _fastjson.text_emitter(converter, Altar)
    assert emit is not None
    assert emit(Altar((True,), ((False, True),), None, ())) == '{"counts":[],"lit":"1","rows":["01"],"spare":null}'
    read = _fastjson.structurer(converter, Altar)
    assert read({"lit": "10", "rows": ["1"], "spare": "", "counts": [3]}) == Altar((True, False), ((True,),), (), (3,))
    with pytest.raises(_fastjson.Slow):
        read({"lit": [True], "rows": [], "spare": None, "counts": []})
