"""register_texts_kept: the texts of recent instances kept by identity change no text dumps writes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.json import _base, serialization
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.serialization import dumps, register_texts_kept, to_json_value


@attrs.frozen
class Shelf:
    """A value shared from table to table: arrays, a number, a member left out at its default."""

    books: tuple[int | None, ...]
    height: int
    labels: tuple[str, ...] = ()


serialization.register_defaults_omitted(Shelf)


@attrs.frozen
class Room:
    """Shelves in an array, and one on its own."""

    shelves: tuple[Shelf, ...]
    best: Shelf


@pytest.fixture
def kept() -> Iterator[None]:
    """Shelves' texts kept for the test, and no more after it."""
    register_texts_kept(Shelf)
    yield
    _base.TEXTS_KEPT.discard(Shelf)
    serialization._reset_compiled()


def plain(value: object) -> str:
    """The canonical text the general way: the converter's value, written by ``json.dumps``."""
    return json.dumps(to_json_value(value), sort_keys=True, separators=(",", ":"))


shelves = st.builds(
    Shelf,
    st.lists(st.none() | st.integers(-5, 99), max_size=4).map(tuple),
    st.integers(0, 9),
    st.lists(st.text(max_size=3), max_size=2).map(tuple),
)


@given(pool=st.lists(shelves, min_size=1, max_size=5), picks=st.lists(st.integers(0, 99), min_size=1, max_size=12))
def test_rooms_sharing_shelves_are_written_as_before(pool: list[Shelf], picks: list[int]) -> None:
    register_texts_kept(Shelf)
    try:
        for start in range(len(picks)):
            chosen = tuple(pool[pick % len(pool)] for pick in picks[start:])
            room = Room(chosen, chosen[0])
            assert dumps(room) == plain(room)
            assert dumps(chosen[-1]) == plain(chosen[-1])
    finally:
        _base.TEXTS_KEPT.discard(Shelf)
        serialization._reset_compiled()


def test_more_instances_than_kept_are_all_written_right(kept: None) -> None:
    many = [Shelf((index, None), index % 7) for index in range(_fastjson._MOST_TEXTS_KEPT * 2 + 3)]
    for _ in range(2):
        for shelf in many:
            assert dumps(shelf) == plain(shelf)
    assert dumps(Room(tuple(many[:5]), many[-1])) == plain(Room(tuple(many[:5]), many[-1]))


def test_a_leaf_of_another_type_keeps_nothing(kept: None) -> None:
    odd = Shelf((1.5,), 2)  # type: ignore[arg-type]  # a float where an int is declared: written the general way
    assert dumps(odd) == plain(odd) == '{"books":[1.5],"height":2}'
    assert dumps(Room((odd, odd), odd)) == plain(Room((odd, odd), odd))


def test_a_class_that_is_not_attrs_is_refused() -> None:
    with pytest.raises(TypeError, match="not an attrs class"):
        register_texts_kept(dict)
