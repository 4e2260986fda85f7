"""The common-goals variant: goals met at the end of a turn, the topmost token, once per goal."""

from __future__ import annotations

import attrs

from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    Config,
    DiscardPortrait,
    PlacePortrait,
    State,
)
from ofrenda_rules.ofrenda.objectives import goal_fulfilled
from tests.ofrenda.helpers import play, playing, set_up, with_board

E = DEFAULT_EDITION
THREE = Config(players=3, common_goals=True)
GOALS = (0, 6, 11)  # three water portraits; a row of four; a row of five


def base() -> State:
    return set_up(THREE, goals=GOALS, market=(10, 11, 12, 13), hands=((14, 16, 17), (18, 19, 20), (21, 22, 23)))


def test_a_goal_met_at_the_end_of_the_turn_takes_the_topmost_token() -> None:
    """ "If, at the end of your turn, you have achieved the requirements of a Goal card, take the topmost available
    Scoring token from that card.\""""
    state = playing(base(), 0, (25, 14, 16, 17), portraits={5: 0, 6: 9})  # two water portraits
    top = state.stacks[0][-1]
    state = play(state, PlacePortrait(25, 0))  # a third
    assert state.boards[0].tokens == (top,) and E.tokens[top].value == 4
    assert state.stacks[0] == base().stacks[0][:-1]
    assert state.boards[0].goals_met == (0,)


def test_later_players_take_the_next_token_and_each_goal_scores_once() -> None:
    """ "You can only score points from each Goal card once per game.\""""
    state = playing(base(), 0, (25, 14, 16, 17), portraits={5: 0, 6: 9})
    state = play(state, PlacePortrait(25, 0))
    state = playing(state, 1, (21, 18, 19, 20), portraits={5: 34, 6: 13})
    state = play(state, PlacePortrait(21, 0))
    assert [E.tokens[t].value for t in state.boards[1].tokens] == [3]
    state = playing(state, 0, (1, 14, 16))
    state = play(state, DiscardPortrait(1))
    assert [E.tokens[t].value for t in state.boards[0].tokens] == [4]


def test_several_goals_in_one_turn() -> None:
    """ "You can achieve and take Scoring tokens from multiple Goal cards in the same turn.\""""
    state = playing(base(), 0, (25, 14, 16, 17), portraits={1: 0, 2: 9, 3: 1})
    state = play(state, PlacePortrait(25, 0))  # water x3 and a row of four (0-3)
    assert sorted(E.tokens[t].type.value for t in state.boards[0].tokens) == ["features", "small_groups"]


def test_an_empty_stack_gives_nothing() -> None:
    state = attrs.evolve(base(), stacks=((), *base().stacks[1:]))
    state = playing(state, 0, (25, 14, 16, 17), portraits={5: 0, 6: 9})
    state = play(state, PlacePortrait(25, 0))
    assert state.boards[0].tokens == () and state.boards[0].goals_met == (0,)


def test_surrounded_slots_and_patterns() -> None:
    """ "You have surrounded two Candle/Marigold slots." / "a group of five Portraits forming one of the depicted
    patterns.\""""
    state = base()
    two = with_board(state, 0, portraits={0: 1, 1: 2, 5: 3, 2: 4, 6: 5}).boards[0]
    assert goal_fulfilled(E, two, 5)
    one = with_board(state, 0, portraits={0: 1, 1: 2, 5: 3}).boards[0]
    assert not goal_fulfilled(E, one, 5)
    row = with_board(state, 0, portraits={0: 1, 1: 2, 2: 3, 3: 4, 4: 5}).boards[0]
    assert goal_fulfilled(E, row, 11) and goal_fulfilled(E, row, 6)
    upper = with_board(state, 0, portraits={5: 1, 6: 2, 7: 3, 8: 4, 9: 5}).boards[0]
    assert goal_fulfilled(E, upper, 6) and not goal_fulfilled(E, upper, 11)
    peak = with_board(state, 0, portraits={0: 1, 5: 2, 9: 3, 6: 4, 2: 5}).boards[0]
    assert goal_fulfilled(E, peak, 12)
