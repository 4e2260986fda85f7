"""Token classes: one JSON string per instance, read and written by lookup, with the converter's results."""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import FormatError
from ofrenda_rules.json import _base, serialization
from ofrenda_rules.schema import json_schema
from ofrenda_rules.serialization import converter, dumps, legacy_converter, loads, register_token


@attrs.frozen
class Bead:
    """A small value class written as text: ``"blue-3"``."""

    colour: str
    size: int


@attrs.frozen
class Necklace:
    """Beads alone, in arrays, in arrays of arrays and optional."""

    clasp: Bead
    beads: tuple[Bead, ...]
    strands: tuple[tuple[Bead, ...], ...]
    spare: Bead | None


SHARED = tuple(Bead(colour, size) for colour in ("blue", "red") for size in range(1, 4))
PATTERN = "^(blue|red|green)-[0-9]+$"
_TEXT = re.compile(PATTERN)


def _text(bead: Bead) -> str:
    return f"{bead.colour}-{bead.size}"


def _parse(text: str) -> Bead:
    match = _TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"expected a bead such as 'blue-3', not {text!r}")
    colour, _, size = text.partition("-")
    return Bead(colour, int(size))


@pytest.fixture
def beads() -> Iterator[None]:
    """Beads registered as tokens for the test, and forgotten after it."""
    register_token(
        Bead,
        SHARED,
        text=_text,
        parse=_parse,
        pattern=PATTERN,
        example="blue-3",
        legacy=True,
    )
    yield
    del _base.TOKENS[Bead], _base.HOOKS[Bead]
    _base.OBJECTS_IN_V1.discard(Bead)
    serialization._LEGACY.clear()
    serialization._reset_compiled()


def necklace(*beads: Bead) -> Necklace:
    """A necklace of ``beads`` in every kind of place."""
    first = beads[0] if beads else SHARED[0]
    return Necklace(first, beads, (beads, beads[:1], ()), beads[-1] if beads else None)


@pytest.mark.usefixtures("beads")
def test_a_shared_bead_is_its_text_and_reads_back_as_the_same_object() -> None:
    value = necklace(*SHARED)
    text = dumps(value)
    assert '"clasp":"blue-1"' in text
    assert '"beads":["blue-1","blue-2","blue-3","red-1","red-2","red-3"]' in text
    back = loads(text, Necklace)
    assert back == value
    assert all(a is b for a, b in zip(back.beads, SHARED, strict=True))
    assert back.strands[0][5] is SHARED[5]


@pytest.mark.usefixtures("beads")
def test_a_bead_that_is_not_shared_is_written_and_parsed_by_the_hooks() -> None:
    odd = Bead("green", 7)
    value = necklace(SHARED[0], odd, Bead("blue", 1))
    text = dumps(value)
    assert '"beads":["blue-1","green-7","blue-1"]' in text
    assert loads(text, Necklace) == value
    assert dumps(odd) == '"green-7"'
    assert loads('"green-7"', Bead) == odd


@pytest.mark.usefixtures("beads")
@given(st.lists(st.sampled_from([*SHARED, Bead("green", 0), Bead("green", 12)]), max_size=8))
def test_the_compiled_codecs_agree_with_the_converter(items: list[Bead]) -> None:
    value = necklace(*items)
    assert serialization.to_json_value(value) == converter.unstructure(value, Necklace)
    assert loads(dumps(value), Necklace) == converter.structure(converter.unstructure(value, Necklace), Necklace)


@pytest.mark.usefixtures("beads")
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"colour": "blue", "size": 1}', r"\$\.clasp: expected a string, got an object"),
        ('"yellow-1"', r"\$\.clasp: 'yellow-1' does not match"),
        ("3", r"\$\.clasp: expected a string, got 3"),
    ],
)
def test_a_malformed_bead_is_refused_with_its_path(text: str, words: str) -> None:
    document = f'{{"clasp": {text}, "beads": [], "strands": [], "spare": null}}'
    with pytest.raises(FormatError, match=words):
        loads(document, Necklace)


@pytest.mark.usefixtures("beads")
def test_a_bad_bead_inside_an_array_is_refused_as_the_converter_refuses_it() -> None:
    with pytest.raises(FormatError, match=r"\$\.beads\[1\]: 'blue-x' does not match"):
        loads('{"clasp": "blue-1", "beads": ["blue-1", "blue-x"], "strands": [], "spare": null}', Necklace)


@pytest.mark.usefixtures("beads")
def test_the_schema_states_the_pattern_and_an_example() -> None:
    schema = json_schema(Necklace)
    defs = schema["$defs"]
    assert isinstance(defs, dict)
    clasp = defs["Necklace"]["properties"]["clasp"]
    assert clasp["type"] == "string"
    assert clasp["pattern"] == PATTERN
    assert clasp["examples"] == ["blue-3"]


@pytest.mark.usefixtures("beads")
def test_the_legacy_converter_reads_and_writes_objects() -> None:
    legacy = legacy_converter()
    value = necklace(SHARED[1], Bead("green", 4))
    written = legacy.unstructure(value, Necklace)
    assert written["clasp"] == {"colour": "blue", "size": 2}
    assert written["beads"][1] == {"colour": "green", "size": 4}
    assert legacy.structure(written, Necklace) == value
    assert converter.unstructure(value, Necklace)["clasp"] == "blue-2"
