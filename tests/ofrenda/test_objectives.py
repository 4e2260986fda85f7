"""Portrait and candle objectives: when they are checked and what they mean."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    Config,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    PlayerBoard,
    State,
    new_game,
)
from ofrenda_rules.ofrenda.objectives import candle_fulfilled, portrait_fulfilled
from ofrenda_rules.ofrenda.turn import finish
from tests.ofrenda.helpers import play, playing, set_up, with_board

E = DEFAULT_EDITION
TWO = Config(players=2)
# Portraits used below (branch, offering; objective):
#   0 blue water (two or more adjacent blue)      10 blue salt (all adjacent blue or fruit)
#   2 orange salt (none salt or orange)            5 blue fruit / 25 blue water / 30 blue fruit
#   6 green salt / 11 green papel picado / 17 orange water / 18 pink fruit / 4 yellow calavera


def board(state: State, seat: int = 0) -> PlayerBoard:
    return state.boards[seat]


def base() -> State:
    return set_up(TWO, market=(12, 13, 14, 15), candles=(20, 21, 22, 23), hands=((19, 20, 21), (22, 23, 24)))


def placed(portraits: dict[int, int], config: Config = TWO) -> PlayerBoard:
    state = set_up(config, market=(12, 13, 14, 15), candles=(20, 21, 22, 23), hands=((19, 20, 21), (22, 23, 24)))
    return with_board(state, 0, portraits=portraits).boards[0]


@pytest.mark.parametrize(
    ("neighbours", "holds"),
    [({1: 5, 5: 25}, True), ({1: 5, 5: 6}, False)],
)
def test_two_or_more_adjacent_portraits_have_the_feature(neighbours: dict[int, int], holds: bool) -> None:
    """ "Two or more adjacent Portraits have the depicted feature.\""""
    assert portrait_fulfilled(TWO, placed({0: 0, **neighbours}), 0) is holds


@pytest.mark.parametrize(
    ("neighbours", "holds"),
    [({1: 5, 5: 18}, True), ({1: 5, 5: 6}, False)],
)
def test_all_adjacent_portraits_have_one_of_the_two_features(neighbours: dict[int, int], holds: bool) -> None:
    """ "All adjacent Portraits have at least one of the two depicted features." (10: blue or fruit)"""
    assert portrait_fulfilled(TWO, placed({0: 10, **neighbours}), 0) is holds


@pytest.mark.parametrize(
    ("neighbours", "holds"),
    [({1: 5, 5: 11}, True), ({1: 5, 5: 17}, False), ({1: 6, 5: 11}, False)],
)
def test_no_adjacent_portrait_has_either_feature(neighbours: dict[int, int], holds: bool) -> None:
    """ "No adjacent Portraits have either of the two depicted features." (2: none salt or orange)"""
    assert portrait_fulfilled(TWO, placed({0: 2, **neighbours}), 0) is holds


def test_a_portrait_flips_as_soon_as_its_neighbourhood_is_full() -> None:
    """ "As soon as a Portrait has all its adjacent slots filled, check if the objective has been fulfilled and,
    if so, flip the Portrait to its lit side.\""""
    state = playing(base(), 0, (25, 19, 20, 21), portraits={0: 0})
    state = play(state, PlacePortrait(25, 1))
    assert not board(state).lit[0]  # slot 5 is still empty
    state = playing(state, 0, (5, 19, 20))
    state = play(state, PlacePortrait(5, 5))
    assert board(state).lit[0]


def test_a_portrait_placed_into_a_full_neighbourhood_is_checked_at_once() -> None:
    state = playing(base(), 0, (0, 19, 20, 21), portraits={1: 5, 5: 25})
    state = play(state, PlacePortrait(0, 0))
    assert board(state).lit[0]


def test_at_the_end_unlit_portraits_are_checked_ignoring_empty_slots() -> None:
    """ "At the end of the game, double check unlit Portraits' objectives, ignoring any empty Portrait slots.\""""
    state = with_board(base(), 0, portraits={6: 0, 1: 5, 2: 25})
    assert not board(state).lit[6]
    assert board(finish(state)).lit[6]


@pytest.mark.parametrize(("strict", "lit"), [(False, True), (True, False)])
def test_an_objective_with_no_adjacent_portrait_at_the_end(strict: bool, lit: bool) -> None:
    """Ruling: an all/none objective with no adjacent portrait at the end holds (vacuously), unless the
    ``strict_empty_objectives`` option is set; "two or more" never holds."""
    config = Config(players=2, strict_empty_objectives=strict)
    state = with_board(set_up(config), 0, portraits={0: 10, 4: 2, 11: 0})
    final = finish(state)
    assert board(final).lit[0] is lit and board(final).lit[4] is lit
    assert not board(final).lit[11]


# -- candles ---------------------------------------------------------------------------------------


def candle_holds(candle: int, seat: int = 0, config: Config = TWO, **boards: Mapping[str, Any]) -> bool:
    state = set_up(config, market=(12, 13, 14, 15), candles=(31, 32, 33, 34), hands=((19, 20, 21), (22, 23, 24)))
    for key, changes in boards.items():
        state = with_board(state, int(key[1:]), **changes)
    return candle_fulfilled(config, state.boards, seat, candle)


def test_candle_four_portraits_with_the_feature() -> None:
    """ "You have four or more Portraits with the depicted feature on your Ofrenda." (candle 0: blue)"""
    assert candle_holds(0, s0={"portraits": {0: 0, 1: 5, 2: 10, 3: 25}})
    assert not candle_holds(0, s0={"portraits": {0: 0, 1: 5, 2: 10, 3: 6}})


def test_candle_two_portraits_with_each_feature() -> None:
    """ "You have two or more Portraits with each of the depicted features." (candle 10: blue and green)"""
    assert candle_holds(10, s0={"portraits": {0: 0, 1: 5, 2: 6, 3: 11}})
    assert not candle_holds(10, s0={"portraits": {0: 0, 1: 5, 2: 6, 3: 17}})


def test_candle_full_set_of_colours_or_offerings() -> None:
    """ "You have at least one full set of the five different colours/offerings." (20: colours, 22: offerings)"""
    colours = {0: 0, 1: 6, 2: 17, 3: 18, 4: 4}
    assert candle_holds(20, s0={"portraits": colours})
    assert not candle_holds(20, s0={"portraits": {0: 0, 1: 6, 2: 17, 3: 18}})
    offerings = {0: 0, 1: 5, 2: 2, 3: 11, 4: 4}
    assert candle_holds(22, s0={"portraits": offerings})
    assert not candle_holds(22, s0={"portraits": colours | {4: 9}})


def test_candle_four_marigolds_on_the_ofrenda() -> None:
    """ "You have four or more Marigolds on your Ofrenda.\""""
    assert candle_holds(24, s0={"marigold_slots": (0, 2, 4, 6)})
    assert not candle_holds(24, s0={"marigold_slots": (0, 2, 4), "marigolds": 9})


def test_candle_three_marigolds_in_storage() -> None:
    """ "You have three or more Marigolds in your storage.\""""
    assert candle_holds(32, s0={"marigolds": 3})
    assert not candle_holds(32, s0={"marigolds": 2})


def test_candle_feature_majority_is_shared_by_tied_players() -> None:
    """ "You are among the players with the majority of Portraits with the depicted feature." (26: blue)"""
    two_blue = {"portraits": {0: 0, 1: 5}}
    assert candle_holds(26, s0=two_blue, s1={"portraits": {0: 10, 1: 25}})
    assert not candle_holds(26, s0=two_blue, s1={"portraits": {0: 10, 1: 25, 2: 30}})


def test_candle_marigold_majority() -> None:
    """ "You are among the players with the majority of Marigolds on your Ofrenda.\""""
    assert candle_holds(31, s0={"marigold_slots": (0,)})
    assert not candle_holds(31, s0={"marigold_slots": (0,)}, s1={"marigold_slots": (0, 2)})


@pytest.mark.parametrize(("zero", "holds"), [(False, False), (True, True)])
def test_a_majority_of_nothing(zero: bool, holds: bool) -> None:
    """Ruling: with nobody counting any, a majority candle stays unlit (``zero_majority`` lights it)."""
    assert candle_holds(26, config=Config(players=2, zero_majority=zero)) is holds


def test_a_candle_lights_when_placed_if_its_objective_already_holds() -> None:
    """ "As soon as the objective is fulfilled, flip the Candle to its lit side.\""""
    state = playing(base(), 0, (30, 19, 20, 21), portraits={1: 0, 6: 5, 9: 10}, candles=(0,))
    state = play(state, PlacePortrait(30, 2), PlaceCandle(1, 0))
    assert board(state).candle_slots[1] == 0 and board(state).candle_lit[1]


def test_a_placed_candle_lights_later_when_its_objective_is_met() -> None:
    state = playing(base(), 0, (30, 19, 20, 21), portraits={1: 0, 6: 5}, candles=(0,))
    state = play(state, PlacePortrait(30, 2), PlaceCandle(1, 0))
    assert not board(state).candle_lit[1]
    state = playing(state, 0, (25, 19, 20))
    state = play(state, PlacePortrait(25, 11))
    assert board(state).candle_lit[1]


def test_end_of_game_candles_only_light_at_the_end() -> None:
    """ "Objectives marked with an end-of-game icon can only be flipped at the end of the game.\""""
    state = playing(base(), 0, (30, 19, 20, 21), portraits={1: 0, 6: 5}, candles=(32,), marigolds=5)
    state = play(state, PlacePortrait(30, 2), PlaceCandle(1, 32))
    assert board(state).marigolds >= 3 and not board(state).candle_lit[1]
    assert board(finish(state)).candle_lit[1]


def test_solo_games_never_use_majority_candles() -> None:
    state = new_game(Config(players=1), seed=2)
    assert all(not E.candles[c].multiplayer_only for c in state.bag)


def test_player_boards_are_frozen() -> None:
    """States are immutable: a board cannot be changed in place, only replaced."""
    b = placed({0: 0})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        b.marigolds = 3  # type: ignore[misc]


def test_a_placed_candle_lights_when_a_placed_marigold_fulfils_it() -> None:
    """Candle Objectives: "As soon as the objective is fulfilled, flip the Candle to its lit side." -- the fourth
    marigold on the Ofrenda lights a placed "four or more Marigolds on your Ofrenda" candle (24) at once."""
    portraits = {0: 0, 1: 1, 5: 2, 2: 3, 6: 4, 7: 5, 3: 6, 4: 7, 8: 8}
    state = playing(base(), 0, (30, 19, 20, 21), portraits=portraits, marigold_slots=(0, 2, 4), marigolds=2)
    candle_slots = (None, 24) + (None,) * 6
    boards = (attrs.evolve(board(state), candle_slots=candle_slots), *state.boards[1:])
    state = attrs.evolve(state, boards=boards, bag=tuple(c for c in state.bag if c != 24))
    state = play(state, PlacePortrait(30, 10))
    assert state.pending == (6,) and not board(state).candle_lit[1]
    state = play(state, PlaceMarigold(6))
    assert sum(board(state).marigold_slots) == 4 and board(state).candle_lit[1]
