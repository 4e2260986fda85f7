"""JSON Schemas generated from the types, and the checker of the subset they use."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any, ClassVar, Literal

import attrs
import pytest

from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import Report, replay_schema, replay_to_json_value, verify
from ofrenda_rules.schema import DRAFT, check, faults, json_schema
from ofrenda_rules.serialization import register_tagged_union, to_json_value
from tests.kernel.games import GAME_CONFIGS, GAMES, recorded


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Tile:
    colour: Colour
    """The tile's colour."""
    odds: Fraction = Fraction(1, 2)


@attrs.frozen
class Place:
    TAG: ClassVar[str] = "place"
    tile: Tile
    at: tuple[int, int]


@attrs.frozen
class Pass:
    TAG: ClassVar[str] = "pass"


Move = Place | Pass
register_tagged_union(Move)


@attrs.frozen
class Board:
    tiles: tuple[Tile | None, ...]
    last: tuple[Move, ...]
    mode: Literal["easy", "hard"] = "easy"


def test_an_attrs_class_becomes_a_closed_object_with_its_required_fields() -> None:
    schema: Any = json_schema(Tile)
    assert schema["$schema"] == DRAFT
    tile = schema["$defs"]["Tile"]
    assert tile["required"] == ["colour"]
    assert tile["additionalProperties"] is False
    assert tile["properties"]["colour"] == {
        "type": "string",
        "enum": ["red", "blue"],
        "description": "The tile's colour.",
    }
    assert tile["properties"]["odds"]["pattern"]


@attrs.frozen
class Marked(Tile):
    mark: str = ""
    """The mark printed on it."""


def test_a_field_of_a_base_class_is_described_by_the_base_s_docstring() -> None:
    schema: Any = json_schema(Marked)
    properties = schema["$defs"]["Marked"]["properties"]
    assert properties["colour"]["description"] == "The tile's colour."
    assert properties["mark"]["description"] == "The mark printed on it."
    assert "description" not in properties["odds"]


def test_a_tagged_union_becomes_one_of_with_the_tag_as_a_const() -> None:
    schema: Any = json_schema(Move)
    assert [branch["$ref"] for branch in schema["oneOf"]] == ["#/$defs/Place", "#/$defs/Pass"]
    assert schema["$defs"]["Pass"]["properties"]["type"] == {"const": "pass"}
    assert schema["$defs"]["Place"]["required"] == ["type", "tile", "at"]


def test_fixed_tuples_optional_values_and_literals() -> None:
    schema: Any = json_schema(Board)
    board = schema["$defs"]["Board"]["properties"]
    assert board["tiles"]["items"]["anyOf"][1] == {"type": "null"}
    assert board["mode"]["enum"] == ["easy", "hard"]
    at = schema["$defs"]["Place"]["properties"]["at"]
    assert at["minItems"] == at["maxItems"] == 2 and at["items"] is False


def test_the_schema_follows_the_types_when_they_change() -> None:
    @attrs.frozen
    class Tile:  # the same name, one more field
        colour: Colour
        size: int

    schema: Any = json_schema(Tile)
    assert schema["$defs"]["Tile"]["required"] == ["colour", "size"]


def test_the_checker_accepts_the_converter_output() -> None:
    board = Board((Tile(Colour.RED), None), (Place(Tile(Colour.BLUE, Fraction(1, 3)), (1, 2)), Pass()), "hard")
    assert check(to_json_value(board), json_schema(Board)) == []


@pytest.mark.parametrize(
    ("document", "fault"),
    [
        ({"tiles": [], "last": [], "mode": "medium"}, "$.mode: 'medium' is not one of 'easy', 'hard'"),
        ({"tiles": [{"colour": "green"}], "last": []}, "$.tiles[0]"),
        ({"tiles": [], "last": [{"type": "jump"}]}, "$.last[0].type: 'jump' is not one of 'place', 'pass'"),
        ({"tiles": [], "last": [{"tile": {"colour": "red"}, "at": [1, 2]}]}, "$.last[0]: missing member 'type'"),
        ({"tiles": [], "last": [{"type": "place", "tile": {"colour": "red"}, "at": [1]}]}, "$.last[0].at: 1 items"),
        ({"tiles": [], "last": [{"type": "pass", "x": 1}]}, "$.last[0]: unknown member 'x'"),
        ({"tiles": [], "last": [], "extra": 1}, "$: unknown member 'extra'"),
        ({"tiles": {}, "last": []}, "$.tiles: expected an array"),
        ({"last": []}, "$: missing member 'tiles'"),
        ({"tiles": [{"colour": "red", "odds": 0.5}], "last": []}, "$.tiles[0]"),
        ({"tiles": [], "last": [{"type": "place", "tile": {"colour": "red"}, "at": [True, 2]}]}, "expected an integer"),
    ],
)
def test_the_checker_names_the_path_of_each_fault(document: object, fault: str) -> None:
    faults = check(document, json_schema(Board))
    assert faults
    assert any(fault in line for line in faults), faults


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
def test_every_document_a_game_writes_conforms_to_its_generated_schema(game: AnyGame, config: Any) -> None:
    schemas = {kind: json_schema(tp) for kind, tp in [("state", game.state_type), ("view", game.view_type)]}
    action_schema = json_schema(game.action_type)
    playout = random_playout(game, config, seed=None, player_seed=3)
    state = playout.initial
    for index, action in enumerate(playout.actions):
        assert check(to_json_value(action, game.action_type), action_schema) == []
        if index % 7 == 0:
            assert check(to_json_value(state), schemas["state"]) == []
            for seat in range(config.players):
                assert check(to_json_value(game.observe(state, seat)), schemas["view"]) == []
        state = game.apply(state, action)
    assert check(to_json_value(game.outcome(state)), json_schema(game.outcome_type)) == []
    assert check(to_json_value(config), json_schema(game.config_type)) == []


@pytest.mark.parametrize("game", GAMES)
def test_replays_and_reports_conform_to_their_schemas(game: AnyGame) -> None:
    replay = recorded(game, game.test_configs()[0], seed=9)
    assert check(replay_to_json_value(replay), replay_schema(game)) == []
    assert check(to_json_value(verify(replay)), json_schema(Report)) == []
    schema: Any = replay_schema(game)
    assert schema["properties"]["game"] == {"const": game.info.name}
    assert schema["required"] == ["format", "version", "game", "config", "seed", "steps"]


def test_a_pattern_ends_where_json_schema_ends_it_not_before_a_final_newline() -> None:
    schema = {"type": "string", "pattern": "^[0-9a-f]{4}$"}
    assert faults("00ff", schema) == []
    assert faults("00ff\n", schema) == [("$", "'00ff\\n' does not match ^[0-9a-f]{4}$")]
