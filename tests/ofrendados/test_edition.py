"""The default edition follows every component sentence of the rulebook; bad editions are refused."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    CardColour,
    Colour,
    Config,
    EffectKind,
    Flower,
    ObjectKind,
    State,
    apply,
    is_over,
    legal_actions,
    load_edition,
    new_game,
)
from ofrenda_rules.ofrendados.checks import EFFECTS_BY_COLOUR
from ofrenda_rules.serialization import dumps, loads


def _default_json() -> dict[str, object]:
    text = resources.files("ofrenda_rules.ofrendados").joinpath("data/default_edition.json").read_text()
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def test_the_box_has_four_dice_of_each_of_three_colours() -> None:
    """Components: "4 yellow dice, 4 orange dice, 4 purple dice"."""
    assert DEFAULT_EDITION.dice_in_box == 4
    assert {spec.colour for spec in DEFAULT_EDITION.dice} == set(Colour)


@pytest.mark.parametrize(("players", "per_colour"), [(2, 3), (3, 3), (4, 4)])
def test_setup_uses_three_dice_of_each_colour_for_2_3_players_and_four_for_4(players: int, per_colour: int) -> None:
    """Setup: "2-3 players: 3 dice of each colour; 4 players: 4 dice of each colour"."""
    assert Config(players=players).dice_per_colour == per_colour


def test_every_face_gives_an_object_a_flower_or_money() -> None:
    """From the rulebook.

    "each die corresponds to an object to draw on the offering, a flower for the Path, or money".
    """
    for spec in DEFAULT_EDITION.dice:
        assert len(spec.faces) == 6
        for face in spec.faces:
            assert (face.object is not None) + (face.flower is not None) + (face.pesos > 0) == 1
    flowers = {face.flower for spec in DEFAULT_EDITION.dice for face in spec.faces if face.flower}
    assert flowers == set(Flower)


def test_there_are_thirty_calaveritas_of_three_colours_with_effects_of_their_colour() -> None:
    """Components: "30 market cards (Calaveritas)"; orange immediate, purple modify, pink neighbours."""
    cards = DEFAULT_EDITION.cards
    assert len(cards) == 30 and DEFAULT_EDITION.card_ids == tuple(range(1, 31))
    for card in cards:
        assert card.effect.kind in EFFECTS_BY_COLOUR[card.colour]
    assert {c.colour for c in cards} == set(CardColour)
    assert sum(1 for c in cards if c.effect.kind is EffectKind.REWRITE) >= 1
    assert sum(1 for c in cards if c.effect.kind is EffectKind.DIE_POWER) >= 1


def test_each_player_has_21_flower_tokens() -> None:
    """Components: "84 flower tokens (21 flowers per player)"."""
    assert DEFAULT_EDITION.flowers_per_player == 21


def test_the_sheet_allows_portraits_from_the_fourth_row_and_every_cell_has_a_base() -> None:
    """From the rulebook.

    "Portraits may only be placed starting from the 4th row"; objects "must rest on another object".
    """
    sheet = DEFAULT_EDITION.sheet
    assert len(sheet.widths) >= 4 and sheet.portrait_row == 4
    for cell, (row, _) in enumerate(sheet.cells):
        assert row == 1 or sheet.below[cell] >= 0
    assert len(sheet.row_points) == len(sheet.widths)


def test_the_path_has_every_flower_on_both_sides_of_quetzalcoatl_and_a_10_point_end() -> None:
    """The Path: flowers A, B and C, a land of the living past the head, and "an extra bonus of 10 points"."""
    path = DEFAULT_EDITION.path
    assert path.end_bonus == 10
    for flower in Flower:
        assert any(s.flower is flower for s in path.spaces[: path.head])
        assert any(s.flower is flower for s in path.spaces[path.head :])
    for space in path.spaces:
        if space.object is ObjectKind.CANDLE:
            assert space.flower is Flower.A


def test_majorities_are_10_6_2() -> None:
    """From the rulebook.

    "10 points for first place, 6 points for second and 2 points for third".
    """
    assert DEFAULT_EDITION.majority_points == (10, 6, 2)


def test_the_edition_round_trips_through_json() -> None:
    assert loads(dumps(DEFAULT_EDITION), type(DEFAULT_EDITION)) == DEFAULT_EDITION
    assert load_edition(json.dumps(_default_json())) == DEFAULT_EDITION


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"].pop(), "there are 30 Calaveritas"),
        (lambda d: d.update(dice_in_box=3), "4 dice of each colour"),
        (lambda d: d["dice"][0]["faces"].pop(), "faces, not 6"),
        (lambda d: d["dice"][0]["faces"][0].update(pesos=2), "exactly one object, flower or money"),
        (lambda d: d["sheet"].update(widths=[7, 5, 5], first=[0, 1, 1], row_points=[1, 2, 3]), "4th row"),
        (lambda d: d["sheet"].update(first=[0, 1, 1, 2, 6]), "nothing beneath"),
        (lambda d: d["path"].update(head=24), "Quetzalcóatl's head"),
        (lambda d: d["path"].update(end_bonus=5), "10 points"),
        (lambda d: d["path"]["spaces"][1].update(object="candle"), "only flower A"),
        (lambda d: d["cards"][0].update(colour="pink"), "is pink but its effect is draw"),
        (lambda d: d["cards"][1].update(id=1), "card 1 appears 2 times"),
        (lambda d: d.update(majority_points=[10, 5, 2]), "10, 6 and 2"),
        (lambda d: d.update(flowers_per_player=20), "21 flower tokens"),
        (lambda d: d["dice"][1].update(colour="yellow"), "once for each colour"),
        (lambda d: d["dice"][1].update(faces=[{"flower": "A"}, {"flower": "B"}] * 3), "every flower type A, B and C"),
        (lambda d: d["dice"][2]["faces"][5].update(pesos=-2), "exactly one object, flower or money"),
        (lambda d: d["path"].update(head=23), "no flower A in the land of the living"),
        (lambda d: d["path"]["spaces"][12].update(pesos=-1), "space 13 gives negative pesos"),
        (lambda d: d["path"]["spaces"][15].update(object="portrait"), "space 16 gives a portrait"),
        (lambda d: d["path"]["spaces"][1].update(pesos=0), "scenario A-B-C reaches space 3 with 1 pesos"),
        (lambda d: d["path"]["spaces"][4].update(object=None), "scenario C-A-B reaches space 7"),
        (lambda d: d["path"]["spaces"][8].update(object="candle"), "scenario C-B-A reaches space 9"),
        (lambda d: d["path"]["spaces"][5].update(flower="B"), "scenario C-A-B"),
        (lambda d: d["sheet"].update(row_points=[3, 4, 5, 6]), "one value per row"),
        (lambda d: d["sheet"].update(widths=[7, 5, 5, 3, 0]), "row 5 has no cell"),
        (lambda d: d["sheet"].update(row_points=[3, 4, 5, 6, -1]), "must not be negative"),
        (lambda d: d["sheet"].update(portrait_row=3), "starting from the 4th row"),
        (lambda d: d["cards"][0].update(cost=-1), "costs -1 pesos, not 0 to 99"),
        (lambda d: [c.update(colour="orange") for c in d["cards"][20:]], "no pink Calaverita"),
        (lambda d: d["cards"][0]["effect"].update(objects=[]), "draws nothing"),
        (lambda d: d["cards"][0]["effect"].update(objects=["candle"] * 24), "more objects than the sheet holds"),
        (lambda d: d["sheet"].update(widths=[10**8, 5, 5, 3, 3]), "row 1 has 100000000 cells; an edition may"),
        (lambda d: d["sheet"].update(widths=[1] * 21, first=[0] * 21, row_points=[0] * 21), "the sheet has 21 rows"),
        (lambda d: d["path"]["spaces"].extend([{"flower": "A"}] * 10**4), "the Path has 10024 spaces"),
        (lambda d: d["path"].update(spaces=[]), "the Path has 0 spaces"),
        (lambda d: d["cards"][3]["effect"].update(objects=["portrait", "candle"]), "a portrait only on its own"),
        (lambda d: d["cards"][6].update(effect={"kind": "flower"}), "names no flower"),
        (lambda d: d["cards"][10]["effect"]["objects"].append("candle"), "into another kind"),
        (lambda d: d["cards"][13]["effect"].update(min_row=3), "makes portraits below row 4"),
        (lambda d: d["cards"][15].update(effect={"kind": "die_power"}), "names no die power"),
        (lambda d: d["cards"][20]["effect"].update(points=0), "needs a measure and positive points"),
        (lambda d: d["cards"][20]["effect"].update(objects=["candle"]), "lists object kinds only when"),
        (lambda d: d.update(food_set_points=[0, 1, 4]), "food_set_points must give points"),
    ],
)
def test_editions_that_break_a_rulebook_constraint_are_refused(change: object, message: str) -> None:
    """Every constraint the rulebook states about the components is checked; a broken one is named."""
    data = _default_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(FormatError, match=message):
        load_edition(json.dumps(data))


def test_malformed_edition_json_names_the_path() -> None:
    data = _default_json()
    data["surprise"] = 1
    with pytest.raises(FormatError, match="surprise"):
        load_edition(json.dumps(data))


def test_a_user_edition_is_played_with_its_own_components() -> None:
    """A user's printed components load from JSON and the rules read every table from them."""
    data = _default_json()
    data["name"] = "a smaller altar"
    data["sheet"] = {"widths": [5, 5, 3, 2], "first": [0, 0, 1, 1], "row_points": [2, 3, 4, 9], "portrait_row": 4}
    dice = data["dice"]
    assert isinstance(dice, list)
    dice[0]["faces"][0] = {"object": "portrait"}
    edition = load_edition(json.dumps(data))
    assert edition.sheet.size == 15 and edition.face(Colour.YELLOW, 1).object is ObjectKind.PORTRAIT
    state = new_game(Config(players=2, edition=edition), seed=3)
    while not is_over(state):
        state = apply(state, legal_actions(state)[-1])
    assert all(len(board.sheet) == 15 for board in state.boards)
    assert loads(dumps(state), State) == state
