"""Final scoring, tie-breaks and the solo tiers."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.ofrenda import Config, Phase, SoloTier, State, new_game, outcome, score, solo_tier
from tests.ofrenda.helpers import set_up, with_board

TWO = Config(players=2)


def base(config: Config = TWO) -> State:
    return set_up(config, market=(12, 13, 14, 15), candles=(20, 21, 22, 23), hands=((19, 26, 27), (28, 29, 31)))


def test_a_lit_portrait_scores_two_per_adjacent_lit_and_one_per_adjacent_unlit() -> None:
    """ "Each lit Portrait scores 2 points per adjacent lit Portrait and 1 point per adjacent unlit Portrait.\""""
    # Slot 6 lit: neighbours 1 (lit), 5 and 7 (unlit); 2, 9, 10 empty. Slot 1 lit: 6 (lit), 5 (unlit).
    state = with_board(base(), 0, portraits={6: 0, 1: 5, 5: 6, 7: 10}, lit=(6, 1))
    assert score(state)[0] == (2 + 1 + 1) + (2 + 1)


def test_a_golden_slot_doubles_the_portrait_score() -> None:
    """ "Double the Portrait's score if it is in a golden slot." (slot 2 is golden)"""
    state = with_board(base(), 0, portraits={2: 0, 1: 5, 3: 6}, lit=(2,))
    assert score(state)[0] == 2 * (1 + 1)


def test_unlit_portraits_score_nothing() -> None:
    """ "Each unlit Portrait and Candle scores 0 points.\""""
    assert score(with_board(base(), 0, portraits={2: 0, 1: 5, 3: 6})) == (0, 0)


def test_marigolds_score_one_and_lit_candles_two_per_adjacent_lit_portrait() -> None:
    """ "Each Marigold scores 1 point per adjacent lit Portrait [...] Each lit Candle scores 2 points per adjacent
    lit Portrait (and 0 points per adjacent unlit Portrait).\""""
    state = with_board(base(), 0, portraits={1: 0, 2: 5, 6: 6, 7: 10}, marigold_slots=(2,))
    assert score(state)[0] == 0
    lit = with_board(state, 0, lit=(2, 6))
    # Portraits: slot 2 (golden) 2*(1 + 2 + 1) = 8; slot 6: 1 + 2 + 1 = 4. Marigold slot 2 (2, 6, 7): 2 lit -> 2.
    assert score(lit)[0] == 8 + 4 + 2
    board = lit.boards[0]
    with_candle = attrs.evolve(
        board, candle_slots=(None, 9, None, None, None, None, None, None), candle_lit=(False, True) + (False,) * 6
    )
    lit = attrs.evolve(lit, boards=(with_candle, lit.boards[1]))
    # Candle slot 1 (1, 2, 6): lit 2 and 6 -> 2 * 2.
    assert score(lit)[0] == 8 + 4 + 2 + 4


def finished(state: State, scores_lit_storage: list[tuple[dict[int, int], tuple[int, ...], int]]) -> State:
    for seat, (portraits, lit, marigolds) in enumerate(scores_lit_storage):
        state = with_board(state, seat, portraits=portraits, lit=lit, marigolds=marigolds)
    return attrs.evolve(state, phase=Phase.OVER)


def test_the_highest_score_wins() -> None:
    state = finished(base(), [({0: 0, 1: 5}, (0, 1), 0), ({0: 6, 1: 10}, (0,), 0)])
    result = outcome(state)
    assert result.scores == (4, 1) and result.ranks == (0, 1) and result.winners == (0,)


def test_ties_go_to_the_most_lit_portraits_then_the_most_marigolds_then_are_shared() -> None:
    """ "In the case of a tie, the player with the most lit Portraits on their Ofrenda is the winner. If there's
    still a tie, the player with the most Marigolds in their storage wins. If there's still a tie, the tied
    players share the victory.\""""
    # Seat 0: slot 0 lit next to unlit slot 1 -> 1 point, 1 lit. Seat 1: 1 point from a lit pair? No: a lone
    # lit portrait with one unlit neighbour and one more lit portrait without neighbours -> 1 point, 2 lit.
    state = finished(base(), [({0: 0, 1: 5}, (0,), 5), ({0: 6, 1: 10, 11: 11}, (0, 11), 0)])
    result = outcome(state)
    assert result.scores == (1, 1) and result.lit_portraits == (1, 2) and result.winners == (1,)
    state = finished(base(), [({0: 0, 1: 5}, (0,), 5), ({0: 6, 1: 10}, (0,), 2)])
    assert outcome(state).winners == (0,) and outcome(state).ranks == (0, 1)
    state = finished(base(), [({0: 0, 1: 5}, (0,), 2), ({0: 6, 1: 10}, (0,), 2)])
    assert outcome(state).winners == (0, 1) and outcome(state).ranks == (0, 0)


def test_outcome_needs_a_finished_game() -> None:
    with pytest.raises(GameNotOverError):
        outcome(new_game(TWO, seed=1))


@pytest.mark.parametrize(
    ("points", "tier"),
    [
        (0, SoloTier.MESS),
        (69, SoloTier.MESS),
        (70, SoloTier.STARTING),
        (79, SoloTier.STARTING),
        (80, SoloTier.VISITED),
        (89, SoloTier.VISITED),
        (90, SoloTier.CENTURIES),
        (109, SoloTier.CENTURIES),
        (110, SoloTier.BEST),
        (300, SoloTier.BEST),
    ],
)
def test_the_five_solo_tiers(points: int, tier: SoloTier) -> None:
    """Solo scoring: 0-69, 70-79, 80-89, 90-109, 110+."""
    assert solo_tier(points) is tier


def test_solo_outcome_names_the_tier_and_a_mess_is_a_loss() -> None:
    """Ruling: the solo game is won from the second tier (70 points) on; "what a mess" is a loss."""
    solo = set_up(Config(players=1), removed=(32, 33, 34))
    state = attrs.evolve(with_board(solo, 0, portraits={0: 0, 1: 5}, lit=(0, 1)), phase=Phase.OVER)
    result = outcome(state)
    assert result.tier is SoloTier.MESS and result.winners == () and result.ranks == (0,)
    assert "what a mess" in result.tier.verdict
    assert result.scores == (4,)


def test_score_counts_common_goal_tokens() -> None:
    config = Config(players=2, common_goals=True)
    state = set_up(config, goals=(0, 5, 10), market=(12, 13, 14, 15), hands=((19, 26, 27), (28, 29, 31)))
    board = attrs.evolve(state.boards[0], tokens=(8,))
    assert score(attrs.evolve(state, boards=(board, state.boards[1])))[0] == 8


def test_an_unlit_candle_scores_nothing_even_beside_lit_portraits() -> None:
    """ "Each unlit Portrait and Candle scores 0 points.\""""
    state = with_board(base(), 0, portraits={1: 0, 2: 5, 6: 6}, lit=(1, 2, 6))
    without = score(state)[0]
    board = attrs.evolve(state.boards[0], candle_slots=(None, 9) + (None,) * 6)
    unlit = attrs.evolve(state, boards=(board, state.boards[1]))
    assert score(unlit)[0] == without
    lit = attrs.evolve(unlit, boards=(attrs.evolve(board, candle_lit=(False, True) + (False,) * 6), state.boards[1]))
    assert score(lit)[0] == without + 2 * 3


def test_three_player_ties_share_places_and_the_tie_breaks_order_the_rest() -> None:
    """ "In the case of a tie, the player with the most lit Portraits on their Ofrenda is the winner. If there's
    still a tie, the player with the most Marigolds in their storage wins. If there's still a tie, the tied
    players share the victory." -- places below the first follow the same order (a ruling)."""
    three = set_up(
        Config(players=3),
        market=(12, 13, 14, 15),
        candles=(20, 21, 22, 23),
        hands=((19, 26, 27), (28, 29, 31), (32, 33, 34)),
    )
    # Seats 0 and 1: 1 point, 1 lit portrait, 2 marigolds (tied on everything); seat 2: 1 point, 1 lit, 0.
    state = finished(
        three,
        [({0: 0, 1: 5}, (0,), 2), ({0: 6, 1: 10}, (0,), 2), ({0: 11, 1: 17}, (0,), 0)],
    )
    result = outcome(state)
    assert result.scores == (1, 1, 1) and result.lit_portraits == (1, 1, 1)
    assert result.ranks == (0, 0, 2) and result.winners == (0, 1)
    # A higher score beats any tie-break: seat 2 now leads with 2 points and wins alone.
    state = finished(
        three,
        [({0: 0, 1: 5}, (0,), 9), ({0: 6, 1: 10}, (0,), 2), ({0: 11, 1: 17}, (0, 1), 0)],
    )
    result = outcome(state)
    assert result.scores == (1, 1, 4) and result.ranks == (1, 2, 0) and result.winners == (2,)
