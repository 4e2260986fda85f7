"""The offering sheet: the base rule, portraits from row 4, and scoring by position and quantity."""

from __future__ import annotations

from ofrenda_rules.ofrendados import Beneath, Die, DrawObject, ObjectKind, UseDie, legal_actions, validate
from ofrenda_rules.ofrendados.offering import drawable_cells, empty_cells, food_points, offering_score
from tests.ofrendados.helpers import SHEET, P, Y, board, creating, fill, play, start

K = ObjectKind
EMPTY = (None,) * SHEET.size


def _sheet(cells: dict[int, ObjectKind]) -> tuple[ObjectKind | None, ...]:
    return board(cells).sheet


def _score(cells: dict[int, ObjectKind], beneath: Beneath = Beneath.COLUMN) -> tuple[int, int, int, int, int, int]:
    s = offering_score(SHEET, _sheet(cells), beneath, (0, 1, 4, 9))
    return (s.candles, s.papel_picado, s.pan_de_muerto, s.food, s.portraits, s.full_rows)


def test_the_sheet_is_a_stepped_altar_of_five_rows() -> None:
    assert SHEET.widths == (7, 5, 5, 3, 3)
    assert SHEET.cells[7] == (2, 1) and SHEET.below[7] == 1


def test_objects_must_rest_on_another_object_or_the_bottom_row() -> None:
    """From the rulebook.

    "each object has a base. That is, you cannot place objects floating; they must rest on another object".
    """
    assert drawable_cells(SHEET, EMPTY, K.CANDLE) == SHEET.rows[0]
    one = _sheet({1: K.FRUIT})
    assert 7 in drawable_cells(SHEET, one, K.CANDLE)
    assert 8 not in drawable_cells(SHEET, one, K.CANDLE)
    state = creating(start(), [Die(Y, 1)], board({1: K.FRUIT}))
    state = play(state, [UseDie(Y, 1)])
    rejection = validate(state, DrawObject(8))
    assert rejection is not None and rejection.code == "no-base"
    taken = validate(state, DrawObject(1))
    assert taken is not None and taken.code == "cell-taken"
    assert validate(state, DrawObject(99)) is not None


def test_portraits_may_only_be_placed_starting_from_the_4th_row() -> None:
    """From the rulebook.

    "Portraits may only be placed starting from the 4th row".
    """
    three = _sheet(fill(3))
    assert drawable_cells(SHEET, three, K.PORTRAIT) == SHEET.rows[3]
    state = creating(start(), [Die(P, 1)], board(fill(1)))
    rejection = validate(state, UseDie(P, 1))
    assert rejection is not None and rejection.code == "no-room-for-object"
    state = creating(start(), [Die(P, 1)], board(fill(3)))
    state = play(state, [UseDie(P, 1)])
    assert legal_actions(state) == tuple(DrawObject(c) for c in SHEET.rows[3])
    low = validate(state, DrawObject(0))
    assert low is not None and low.code == "cell-taken"
    column = creating(start(), [Die(P, 1)], board({2: K.FRUIT, 8: K.FRUIT, 13: K.FRUIT}))
    column = play(column, [UseDie(P, 1)])
    assert legal_actions(column) == (DrawObject(17),)
    too_low = validate(column, DrawObject(0))
    assert too_low is not None and too_low.code == "portrait-too-low"


def test_a_candle_scores_one_per_papel_picado_or_candle_around_it() -> None:
    """From the rulebook.

    "The candle gives you 1 point for each piece of papel picado or candle that surrounds it (orthogonally)".
    """
    # cell 2 = (1,2); 1 and 3 beside it; 8 = (2,2) above it; 9 = (2,3) is diagonal.
    cells = {2: K.CANDLE, 1: K.PAPEL_PICADO, 3: K.CANDLE, 8: K.PAPEL_PICADO, 9: K.CANDLE, 4: K.FRUIT}
    candles, *_ = _score(cells)
    # candle 2: 1, 3, 8 -> 3; candle 3: 2 (candle) and 9 above -> 2; candle 9: 3 below, 8 beside -> 2.
    assert candles == 3 + 2 + 2


def test_papel_picado_scores_two_per_element_beneath_it() -> None:
    """From the rulebook.

    "The papel picado gives you 2 points for each element that is beneath it".
    """
    cells = {2: K.FRUIT, 8: K.TAMAL, 13: K.MOLE, 17: K.PAPEL_PICADO}  # column 2, rows 1-4
    assert _score(cells)[1] == 6
    assert _score(cells, Beneath.DIRECT)[1] == 2
    assert _score({0: K.PAPEL_PICADO})[1] == 0


def test_pan_de_muerto_scores_elements_beside_it_continuously_and_beneath_it() -> None:
    """From the rulebook.

    "The pan de muerto gives you 1 point for each element that is beside it (continuously) and beneath it".
    """
    # row 2 is cells 7..11 over columns 1..5; pan at 9 (column 3) with 7, 8 and 10 beside, 11 empty.
    cells = {**fill(1), 7: K.FRUIT, 8: K.FRUIT, 9: K.PAN_DE_MUERTO, 10: K.CANDLE}
    assert _score(cells)[2] == 3 + 1
    gap = {0: K.FRUIT, 2: K.PAN_DE_MUERTO, 3: K.FRUIT, 4: K.FRUIT}
    assert _score(gap)[2] == 2
    high = {2: K.FRUIT, 8: K.FRUIT, 13: K.PAN_DE_MUERTO, 14: K.FRUIT}  # column 2: rows 1 and 2 beneath it
    assert _score(high)[2] == 1 + 2
    assert _score(high, Beneath.DIRECT)[2] == 1 + 1


def test_food_scores_per_set() -> None:
    """From the rulebook.

    "Food: points per set" -- sets of different foods: 1, 4 or 9 points for 1, 2 or 3 kinds.
    """
    assert food_points((K.FRUIT,), (0, 1, 4, 9)) == 1
    assert food_points((K.FRUIT, K.TAMAL), (0, 1, 4, 9)) == 4
    assert food_points((K.FRUIT, K.TAMAL, K.MOLE, K.MOLE, K.TAMAL), (0, 1, 4, 9)) == 13
    assert food_points((K.FRUIT, K.FRUIT, K.FRUIT), (0, 1, 4, 9)) == 3


def test_each_portrait_gives_5_points() -> None:
    """From the rulebook.

    "Portrait: each portrait gives you 5 points".
    """
    assert _score({**fill(3), 17: K.PORTRAIT, 18: K.PORTRAIT})[4] == 10


def test_full_rows_score_the_points_printed_at_their_end() -> None:
    """From the rulebook.

    "if you completed any row of the offering, you get extra points".
    """
    assert _score(fill(1))[5] == 3
    assert _score(fill(5))[5] == 3 + 4 + 5 + 6 + 8
    partial = fill(2)
    del partial[11]
    assert _score(partial)[5] == 3


def test_empty_spaces_are_counted_for_the_tie_break() -> None:
    """From the rulebook.

    "the player who has left fewer empty spaces in their offering wins".
    """
    assert empty_cells(EMPTY) == 23
    assert empty_cells(_sheet(fill(2))) == 23 - 12
