"""The edition: every constraint the rulebook states about the components."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from ofrenda_rules.errors import EditionError, FormatError
from ofrenda_rules.portents import DEFAULT_EDITION, Direction, Sign, Trait, load_edition
from ofrenda_rules.portents.components import (
    COLOURS,
    LANE_SLOTS,
    LANES,
    RING,
    SHAPES,
    SLOT_LANE,
    Edge,
)
from ofrenda_rules.serialization import dumps


def test_sixteen_tiles_each_a_unique_colour_shape_combination() -> None:
    """'There are four shapes and four colors. Each BS Tile is a unique combination.'"""
    tiles = DEFAULT_EDITION.tiles
    assert len(tiles) == 16 and len(set(tiles)) == 16
    assert {(t.colour, t.shape) for t in tiles} == {(c, s) for c in COLOURS for s in SHAPES}
    assert [c.value for c in COLOURS] == ["yellow", "red", "blue", "white"]
    assert [s.value for s in SHAPES] == ["skull", "claw", "wishbone", "wing"]


def test_sixteen_omens_one_per_combination() -> None:
    """'Randomly place the Omen Tokens face-up in the 16 slots around the Altar.'"""
    assert sorted(DEFAULT_EDITION.omens) == sorted(Sign)


def test_three_slots_per_side_one_per_row_or_column_end_and_four_corner_slots() -> None:
    """16 omen slots: 3 per side (one per row/column end) and 4 corners at the diagonal ends."""
    edges = Counter(edge for edge, _ in RING)
    for edge in (Edge.NORTH, Edge.EAST, Edge.SOUTH, Edge.WEST):
        assert edges[edge] == 3
        assert sorted(p for e, p in RING if e is edge) == [0, 1, 2]
    for corner in (Edge.NORTHEAST, Edge.SOUTHEAST, Edge.SOUTHWEST, Edge.NORTHWEST):
        assert edges[corner] == 1
        assert SLOT_LANE[RING.index((corner, 0))] in (6, 7)


def test_every_lane_has_an_omen_slot_at_each_end() -> None:
    """'A new Portent is made in the same lane as an available Omen Token': 8 lanes, 2 ends each."""
    assert len(LANES) == 8
    assert all(len(slots) == 2 for slots in LANE_SLOTS)
    assert sorted(s for slots in LANE_SLOTS for s in slots) == list(range(16))
    names = DEFAULT_EDITION.slot_names
    assert [names[s] for s in LANE_SLOTS[0]] == ["E1", "W1"]
    assert [names[s] for s in LANE_SLOTS[3]] == ["N1", "S1"]
    assert [names[s] for s in LANE_SLOTS[7]] == ["NE", "SW"]


def test_the_kitty_starts_at_the_solo_start_icon_and_walks_one_circuit_clockwise() -> None:
    """'Place the Kitty ... pointing to the Omen Token by the Solo Start Icon.'"""
    path = DEFAULT_EDITION.kitty_path
    assert DEFAULT_EDITION.slot_names[path[0]] == DEFAULT_EDITION.solo_start == "S2"
    assert sorted(path) == list(range(16))
    assert all((b - a) % 16 == 1 for a, b in itertools.pairwise(path))


def test_traits_have_distinct_bits_and_signs_carry_their_colour_and_shape() -> None:
    assert sorted(t.bit for t in Trait) == [1 << i for i in range(8)]
    assert all(s.mask == s.colour.bit | s.shape.bit for s in Sign)
    assert str(Sign.RED_CLAW) == "Red Claw"


def _default_json() -> dict[str, object]:
    data = json.loads(dumps(DEFAULT_EDITION))
    assert isinstance(data, dict)
    return data


def test_an_edition_loads_from_json_and_round_trips() -> None:
    data = _default_json()
    data["kitty_direction"] = "counterclockwise"
    data["solo_start"] = "NE"
    edition = load_edition(json.dumps(data))
    assert edition.kitty_direction is Direction.COUNTERCLOCKWISE
    assert [edition.slot_names[s] for s in edition.kitty_path[:3]] == ["NE", "N3", "N2"]
    assert load_edition(dumps(edition)) == edition


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("tiles", ["red-claw"] * 16, "unique combination"),
        ("omens", ["red-claw", "red-wing"], "omen tokens"),
        ("slot_names", ["A"] * 16, "distinct"),
        ("solo_start", "Z9", "not a slot name"),
    ],
)
def test_an_edition_breaking_a_rulebook_constraint_is_refused(key: str, value: object, words: str) -> None:
    data = _default_json()
    data[key] = value
    with pytest.raises(FormatError, match=words):
        load_edition(json.dumps(data))


def test_malformed_edition_json_names_the_fault() -> None:
    with pytest.raises(FormatError, match="tiles"):
        load_edition('{"name": "x", "tiles": 3}')
    with pytest.raises(FormatError):
        load_edition("{")


def test_edition_errors_are_edition_errors_when_built_directly() -> None:
    with pytest.raises(EditionError):
        DEFAULT_EDITION.__class__("x", (), DEFAULT_EDITION.omens, DEFAULT_EDITION.slot_names, "S2")
