"""Final scoring: the land-of-the-living gate, the Path, majorities, money and the tie-break."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.ofrendados import (
    Board,
    Config,
    MajorityCount,
    MajorityTies,
    ObjectKind,
    Phase,
    State,
    outcome,
    score,
)
from ofrenda_rules.ofrendados.scoring import majority, neighbours, score_sheets
from tests.ofrendados.helpers import PATH, board, fill, start

K = ObjectKind
LIVING = PATH.head + 1  # space 13, flower B


def _with(state: State, *boards: Board) -> State:
    return attrs.evolve(state, boards=tuple(boards))


def test_nobody_scores_without_a_flower_in_the_land_of_the_living() -> None:
    """From the rulebook.

    "to be able to score at the end of the game ... you must have at least 1 flower in the land of the living".
    """
    state = _with(start(2), board(fill(2), flowers=[1, 2, 3], pesos=9), board(flowers=[LIVING]))
    sheets = score_sheets(state)
    assert not sheets[0].qualified and sheets[0].total == 0
    assert sheets[1].qualified and sheets[1].total > 0


def test_the_path_scores_a_point_per_flower_and_majorities_per_type() -> None:
    """From the rulebook.

    "1.1 Count the total of each of your flowers ... 1.3 For each type of flower, add the points ... for majority".
    """
    # seat 0: A(1) B(2) C(3) B(13): A1 B2 C1. seat 1: C(3) A(5) B(13): A1 B1 C1. seat 2: C(3) C(4) B(13).
    state = _with(start(3), board(flowers=[1, 2, 3, 13]), board(flowers=[3, 5, 13]), board(flowers=[3, 4, 13]))
    sheets = score_sheets(state)
    assert [s.flowers for s in sheets] == [(1, 2, 1), (1, 1, 1), (0, 1, 2)]
    assert [s.flower_points for s in sheets] == [4, 3, 3]
    # A: seats 0, 1 tie first -> 8 each; B: seat 0 first 10, seats 1, 2 tie second -> 4 each;
    # C: seat 2 first 10, seats 0, 1 tie second -> 4 each.
    assert [s.flower_majorities for s in sheets] == [8 + 10 + 4, 8 + 4 + 4, 0 + 4 + 10]


def test_reaching_the_end_of_the_route_gives_10_points() -> None:
    """From the rulebook.

    "If you reach the end of the route, you get an extra bonus of 10 points".
    """
    state = _with(start(2), board(flowers=[PATH.length]), board(flowers=[PATH.length - 1]))
    assert [s.end_bonus for s in score_sheets(state)] == [10, 0]


def test_majority_ties_split_the_places_rounded_down() -> None:
    """From the rulebook.

    "In case of a tie, the points are divided": tied players share the places they cover, rounded down.
    """
    table = (10, 6, 2)
    assert majority((3, 2, 1, 0), (True,) * 4, table) == (10, 6, 2, 0)
    assert majority((3, 3, 3, 3), (True,) * 4, table) == (4, 4, 4, 4)
    assert majority((3, 3, 3), (True,) * 3, table) == (6, 6, 6)
    assert majority((4, 1, 1, 1), (True,) * 4, table) == (10, 2, 2, 2)
    assert majority((2, 5), (False, True), table) == (0, 10)
    assert majority((4, 3, 2, 1), (True,) * 4, table) == (10, 6, 2, 0)
    assert majority((1, 3, 3, 2), (True,) * 4, table) == (0, 8, 8, 2)
    assert majority((0, 0, 0), (True,) * 3, table) == (0, 0, 0)


def test_with_the_split_option_tied_players_divide_the_points_of_their_place() -> None:
    """From the rulebook.

    "In case of a tie, the points are divided": option ``MajorityTies.SPLIT_PLACE`` divides only the points of
    the tied place (ruling 18); the next player still takes the place after the tied ones.
    """
    split = MajorityTies.SPLIT_PLACE
    assert majority((3, 3, 1), (True,) * 3, (10, 6, 2), split) == (5, 5, 2)
    assert majority((4, 3, 3, 1), (True,) * 4, (10, 6, 2), split) == (10, 3, 3, 0)
    assert majority((3, 3, 3, 3), (True,) * 4, (10, 6, 2), split) == (2, 2, 2, 2)
    assert majority((4, 2, 1, 1), (True,) * 4, (10, 6, 2), split) == (10, 6, 1, 1)
    boards = (
        board({0: K.CALAVERITA}, flowers=[LIVING]),
        board({0: K.CALAVERITA}, flowers=[LIVING]),
        board(flowers=[LIVING]),
    )
    state = _with(start(3), *boards)
    assert [s.calaverita_majority for s in score_sheets(state)] == [8, 8, 0]
    option = attrs.evolve(state, config=Config(players=3, majority_ties=split))
    assert [s.calaverita_majority for s in score_sheets(option)] == [5, 5, 0]
    # all three tie on one flower B each: (10 + 6 + 2) / 3 = 6 each, or 10 / 3 = 3 each
    assert [s.flower_majorities for s in score_sheets(state)] == [6, 6, 6]
    assert [s.flower_majorities for s in score_sheets(option)] == [3, 3, 3]


def test_the_calaverita_majority_counts_drawn_sugar_skulls_or_cards() -> None:
    """From the rulebook.

    "Calaverita: points by majority. Whoever has the most Calaveritas takes 10 points, second 6 ...".
    """
    boards = (
        board({0: K.CALAVERITA, 1: K.CALAVERITA}, flowers=[LIVING]),
        board({0: K.CALAVERITA}, flowers=[LIVING], cards=[21, 22]),
    )
    drawn = _with(start(2), *boards)
    assert [s.calaverita_majority for s in score_sheets(drawn)] == [10, 6]
    cards = attrs.evolve(drawn, config=Config(players=2, calaverita_majority=MajorityCount.CARDS))
    assert [s.calaverita_majority for s in score_sheets(cards)] == [0, 10]


def test_unqualified_players_take_no_place_in_majorities_unless_the_option_says_so() -> None:
    state = _with(start(2), board({0: K.CALAVERITA, 1: K.CALAVERITA}), board({0: K.CALAVERITA}, flowers=[LIVING]))
    assert score_sheets(state)[1].calaverita_majority == 10
    option = attrs.evolve(state, config=Config(players=2, unqualified_in_majorities=True))
    assert score_sheets(option)[1].calaverita_majority == 6


def test_saved_money_adds_a_point_per_peso() -> None:
    """From the rulebook.

    "Money you have not exchanged for Calaveritas adds to your final points".
    """
    state = _with(start(2), board(flowers=[LIVING], pesos=7), board(flowers=[LIVING]))
    a, b = score_sheets(state)
    assert a.money == 7 and a.total - b.total == 7


def test_neighbours_are_left_and_right_or_the_single_opponent() -> None:
    assert neighbours(0, 2) == (1,)
    assert neighbours(1, 2, opponent_twice=True) == (0, 0)
    assert neighbours(0, 3) == (2, 1)
    assert neighbours(0, 3, opponent_twice=True) == (2, 1)
    assert neighbours(3, 4) == (2, 0)


def test_a_tie_goes_to_fewer_empty_spaces() -> None:
    """From the rulebook.

    "In case of a tie, the player who has left fewer empty spaces in their offering wins".
    """
    # Equal points: one fruit (1 point) versus one pesos... both 1 point; seat 1 has a drawn object.
    state = _with(start(2), board(flowers=[LIVING], pesos=1), board({0: K.FRUIT}, flowers=[LIVING]))
    state = attrs.evolve(state, phase=Phase.OVER, round=5)
    result = outcome(state)
    assert result.scores[0] == result.scores[1]
    assert result.ranks == (1, 0) and result.winners == (1,)


def test_unqualified_players_rank_below_every_qualified_player() -> None:
    """Ruling 19: a player outside the land of the living scores nothing and ranks below those who crossed;
    among themselves the tie-break on fewer empty spaces still applies."""
    state = _with(
        start(3),
        board(fill(2), flowers=[1, 2, 3, 4, 12], pesos=20),
        board(flowers=[LIVING]),
        board(fill(1), flowers=[3]),
    )
    result = outcome(attrs.evolve(state, phase=Phase.OVER, round=5))
    assert result.scores == (0, 1 + 10, 0)
    assert result.ranks == (1, 0, 2) and result.winners == (1,)


def test_nobody_wins_when_nobody_reached_the_land_of_the_living() -> None:
    state = attrs.evolve(start(2), phase=Phase.OVER, round=5)
    assert outcome(state).winners == () and score(state) == (0, 0)


def test_outcome_needs_a_finished_game() -> None:
    with pytest.raises(GameNotOverError):
        outcome(start(2))
