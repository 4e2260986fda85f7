"""The default edition against every constraint of the rulebook and DESIGN.md; editions from JSON."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from ofrenda_rules.errors import EditionError, FormatError
from ofrenda_rules.ofrenda import (
    BRANCHES,
    DEFAULT_EDITION,
    OFFERINGS,
    CandleKind,
    Config,
    GoalKind,
    GoalType,
    ObjectiveKind,
    OfferingKind,
    load_edition,
    new_game,
)
from ofrenda_rules.ofrenda.edition import deck_needed, slot_coordinates
from ofrenda_rules.serialization import dumps, loads

E = DEFAULT_EDITION
RAW: dict[str, Any] = json.loads(
    resources.files("ofrenda_rules.ofrenda").joinpath("data/default_edition.json").read_text()
)


def test_component_counts_match_the_rulebook() -> None:
    """Components: "65 Portrait cards", "36 Marigolds", "35 Candles", "15 Goal cards, 12 Scoring tokens"."""
    assert (len(E.portraits), len(E.candles), len(E.goals), len(E.tokens), E.marigolds) == (65, 35, 15, 12, 36)


def test_board_is_a_5_4_3_pyramid_of_twelve_card_slots() -> None:
    """DESIGN.md: "12 card slots [...] a 5-4-3 pyramid of offset rows fits exactly"."""
    assert E.board.rows == (5, 4, 3)
    assert len(E.coordinates) == 12


def test_every_card_slot_has_two_to_six_neighbours() -> None:
    """ "All card slots are adjacent to between two and six other card slots, whether horizontally or diagonally.\""""
    counts = [len(n) for n in E.neighbours]
    assert min(counts) == 2 and max(counts) == 6


def test_adjacency_is_horizontal_or_diagonal_never_vertical() -> None:
    """DESIGN.md: "adjacent (horizontally or diagonally, never vertically)"."""
    for a, neighbours in enumerate(E.neighbours):
        for b in neighbours:
            (ra, xa), (rb, xb) = E.coordinates[a], E.coordinates[b]
            assert (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)
            assert a in E.neighbours[b]
    # Slot 2 (bottom row) and slot 10 (top row) share a column but are not adjacent.
    assert E.coordinates[2][1] == E.coordinates[10][1] and 10 not in E.neighbours[2]


def test_candle_and_marigold_slots_touch_three_mutually_adjacent_card_slots() -> None:
    """ "Each Candle and Marigold slot on your Ofrenda is adjacent to three card slots" (mutually adjacent)."""
    kinds = Counter(slot.kind for slot in E.board.offering_slots)
    assert kinds[OfferingKind.CANDLE] >= 1 and kinds[OfferingKind.MARIGOLD] >= 4
    for slot in E.board.offering_slots:
        a, b, c = slot.cards
        assert b in E.neighbours[a] and c in E.neighbours[a] and c in E.neighbours[b]
    assert len({frozenset(slot.cards) for slot in E.board.offering_slots}) == len(E.board.offering_slots)


def test_one_placement_can_surround_a_candle_and_a_marigold_slot() -> None:
    """Example B: "By placing in this particular slot, she surrounds both a Candle slot and a Marigold slot.\""""
    assert any(
        {E.board.offering_slots[k].kind for k in E.offering_slots_of[slot]} == set(OfferingKind) for slot in range(12)
    )


def test_board_has_golden_flower_and_crossed_out_slots() -> None:
    """Golden outlines double a portrait's score; marigold-flower slots gain one; crossed-out ones cost one."""
    assert E.board.golden and E.board.flower and E.board.crossed
    assert not set(E.board.flower) & set(E.board.crossed)


def test_portraits_show_a_branch_an_offering_and_a_player_count_mark() -> None:
    """ "Each Portrait card shows a family branch (colour/shape), a favourite offering, and a player count.\""""
    assert all(p.branch in BRANCHES and p.offering in OFFERINGS and p.players in (2, 3, 4) for p in E.portraits)
    assert set(Counter(p.branch for p in E.portraits).values()) == {13}
    assert set(Counter(p.offering for p in E.portraits).values()) == {13}


def test_portrait_objectives_are_of_the_three_kinds() -> None:
    """The three portrait objectives: all have one of two features; two or more have one; none has either."""
    kinds = Counter(p.objective.kind for p in E.portraits)
    assert set(kinds) == set(ObjectiveKind)
    for p in E.portraits:
        want = 1 if p.objective.kind is ObjectiveKind.AT_LEAST_TWO else 2
        assert len(set(p.objective.features)) == want


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_deck_lasts_a_whole_game(players: int) -> None:
    """DESIGN.md: "Deck of 65 must cover a 4-player game (4 market + 12 hands + 48 replenishments)"; the solo
    deck (the 2-player deck less 3) also covers the Abuela's 12 discards."""
    usable = sum(1 for p in E.portraits if p.players <= max(players, 2))
    assert usable >= deck_needed(players)
    assert deck_needed(4) == 64


def test_candles_have_all_seven_objective_kinds() -> None:
    """Candle Objectives: the seven kinds listed in the rulebook."""
    assert {c.objective.kind for c in E.candles} == set(CandleKind)


def test_majority_candles_are_multiplayer_only() -> None:
    """ "You are among the players with the majority [...] (Only used in multiplayer mode.)\""""
    majority = other = 0
    for c in E.candles:
        if c.objective.kind in (CandleKind.FEATURE_MAJORITY, CandleKind.MARIGOLD_MAJORITY):
            assert c.multiplayer_only and c.end_of_game
            majority += 1
        else:
            assert not c.multiplayer_only
            other += 1
    assert (majority, other) == (6, 29)


def test_candles_that_can_become_false_carry_the_end_of_game_icon() -> None:
    """ "Objectives marked with an end-of-game icon can only be flipped at the end of the game.\""""
    for c in E.candles:
        changing = c.objective.kind in (
            CandleKind.FEATURE_MAJORITY,
            CandleKind.MARIGOLD_MAJORITY,
            CandleKind.MARIGOLDS_IN_STORAGE,
        )
        assert c.end_of_game == changing


def test_goal_cards_have_three_types_and_the_five_listed_goals() -> None:
    """ "Sort and shuffle the Goal cards into the three types based on card back."""
    assert Counter(g.type for g in E.goals) == {t: 5 for t in GoalType}
    kinds = Counter((g.kind, g.count) for g in E.goals)
    assert kinds[(GoalKind.FEATURE_COUNT, 3)] and kinds[(GoalKind.SURROUNDED_SLOTS, 2)]
    assert kinds[(GoalKind.PATTERN, 4)] >= 2 and kinds[(GoalKind.PATTERN, 5)]


def test_every_goal_pattern_fits_on_the_board() -> None:
    """A depicted pattern must be placeable on the Ofrenda."""
    patterns = 0
    for goal in E.goals:
        if goal.kind is GoalKind.PATTERN:
            assert E.goal_placements[goal.id]
            assert all(bin(mask).count("1") == goal.count for mask in E.goal_placements[goal.id])
            patterns += 1
    assert patterns == 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_scoring_token_per_player_on_each_goal_highest_on_top(players: int) -> None:
    """ "Remove any Scoring tokens that aren't used with your player count. [...] in ascending order, such that
    the highest value is on top.\""""
    for kind in GoalType:
        stack = E.token_stack(kind, players)
        assert len(stack) == players
        values = [E.tokens[t].value for t in stack]
        assert values == sorted(values)


def test_slot_coordinates_offset_rows() -> None:
    assert slot_coordinates((5, 4, 3))[5:9] == ((1, 1), (1, 3), (1, 5), (1, 7))


def test_an_edition_round_trips_through_json_and_plays() -> None:
    edition = load_edition(json.dumps(RAW))
    assert edition == E
    assert loads(dumps(E), type(E)) == E
    assert Config(edition=edition) == Config()
    renamed = copy.deepcopy(RAW)
    renamed["name"] = "My printing"
    custom = load_edition(json.dumps(renamed))
    config = Config(players=3, edition=custom)
    assert config.edition is custom
    assert loads(dumps(config), Config) == config
    assert new_game(config, seed=1).config.edition.name == "My printing"


def _broken(change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(RAW)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["portraits"].pop(), "64 portraits"),
        (lambda d: d["candles"].pop(), "34 candles"),
        (lambda d: d["goals"].pop(), "14 goal cards"),
        (lambda d: d.update(marigolds=40), "40 marigolds"),
        (lambda d: d["board"].update(rows=[4, 4, 4]), "not a pyramid"),
        (lambda d: d["board"].update(rows=[12]), "adjacent to 1 slots"),
        (lambda d: d["board"]["offering_slots"][0].update(cards=[0, 1, 2]), "not mutually adjacent"),
        (lambda d: d["board"]["offering_slots"][1].update(cards=[0, 1, 5]), "repeats the card slots"),
        (lambda d: d["board"].update(crossed=[0, 5]), "both flower and crossed out"),
        (lambda d: d["portraits"][3].update(players=5), "player-count mark 5"),
        (lambda d: d["portraits"][3].update(branch="water"), "not a family branch"),
        (lambda d: d["portraits"][0]["objective"].update(features=["blue", "green"]), "1 distinct feature"),
        (lambda d: [p.update(players=4) for p in d["portraits"][20:]], "a game needs 34"),
        (lambda d: d["candles"][26].update(multiplayer_only=False), "only used in multiplayer mode"),
        (lambda d: d["candles"][20]["objective"].update(category=None), "only a full_set objective"),
        (lambda d: d["goals"][6]["patterns"][0].append([0, 20]), "is not 4 distinct cells"),
        (lambda d: d["goals"][11]["patterns"][0].__setitem__(4, [1, 9]), "fits nowhere"),
        (lambda d: d["tokens"][0].update(players=3), "tokens for 2 players"),
        (lambda d: d["portraits"][0].update(colour="blue"), "colour"),
        (lambda d: d["board"].update(rows=[6, 5, 4]), "has 15 card slots"),
        (lambda d: d["board"].update(golden=[2, 12]), "golden slots"),
        (lambda d: d["board"]["offering_slots"][0].update(cards=[0, 1]), "three distinct card slots"),
        (lambda d: d["portraits"][3].update(id=4), "portrait 3 is numbered 4"),
        (lambda d: d["portraits"][3].update(offering="blue"), "not an offering"),
        (
            lambda d: [
                p["objective"].update(kind="all_either") for p in d["portraits"] if len(p["objective"]["features"]) == 2
            ],
            "include all three kinds",
        ),
        (lambda d: d["candles"][0].update(id=1), "candle 0 is numbered 1"),
        (lambda d: d["candles"][0]["objective"].update(features=[]), "depicts 1 distinct feature"),
        (
            lambda d: [
                c.update(objective={"kind": "four_of_feature", "features": ["blue"]}) for c in d["candles"][24:26]
            ],
            "miss the objective kinds",
        ),
        (lambda d: [c.update(multiplayer_only=True) for c in d["candles"]], "multiplayer-only icon for the solo"),
        (lambda d: [g.update(type="features") for g in d["goals"] if g["type"] == "large_groups"], "no goal card"),
        (lambda d: d["goals"][0].update(feature=None), "only a feature_count goal"),
        (lambda d: d["goals"][6].update(patterns=[]), "only a pattern goal"),
        (lambda d: d["goals"][5].update(count=0), "count 0 must be positive"),
        (lambda d: d["goals"][5].update(count=9), "fewer than 9 candle/marigold slots"),
        (lambda d: d["tokens"][0].update(id=5), "token 0 is numbered 5"),
        (lambda d: d["tokens"][0].update(value=0), "value 0 is not valid"),
    ],
)
def test_an_edition_that_breaks_a_constraint_is_refused(change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(FormatError, match=message):
        load_edition(_broken(change))


def test_building_an_invalid_edition_directly_raises_edition_error() -> None:
    import attrs

    with pytest.raises(EditionError, match="64 portraits"):
        attrs.evolve(E, portraits=E.portraits[:-1])


def test_malformed_json_is_a_format_error() -> None:
    with pytest.raises(FormatError):
        load_edition("{not json")


@pytest.mark.parametrize("rows", [[10**9], [5, 4, -3], [1] * 13, [10**40, 1]])
def test_absurd_board_rows_are_refused_before_any_table_is_built(rows: list[int]) -> None:
    """Issue 14 (fuzz suite): rows of a billion slots made the loader build the board for minutes."""
    data = json.loads(dumps(DEFAULT_EDITION))
    data["board"]["rows"] = rows
    with pytest.raises(FormatError, match="must be 0 to 12 slots each, in at most 12 rows"):
        load_edition(json.dumps(data))


def test_an_edition_name_is_bounded() -> None:
    data = json.loads(dumps(DEFAULT_EDITION))
    data["name"] = "x" * 201
    with pytest.raises(FormatError, match="name has 201 characters, more than 200"):
        load_edition(json.dumps(data))
