"""The flower Path: nearest flower of a type ahead, bonuses, the rulebook's three scenarios."""

from __future__ import annotations

import pytest

from ofrenda_rules.ofrendados import Colour, Die, DrawObject, Flower, ObjectKind, UseDie, legal_actions, validate
from tests.ofrendados.helpers import PATH, O, P, board, creating, play, start

FACE = {Flower.A: (P, 4), Flower.B: (O, 2), Flower.C: (O, 3)}
"""A die face of each flower type in the default edition (purple 4 is flower A)."""


def _place_in_order(order: str) -> tuple[tuple[int, ...], int, int]:
    """Place one flower of each type in ``order`` with dice; return (spaces stepped on, pesos, candles drawn)."""
    dice = [Die(*FACE[Flower(letter)]) for letter in order]
    state = creating(start(), dice)
    candles = 0
    for letter in order:
        colour, pips = FACE[Flower(letter)]
        state = play(state, [UseDie(colour, pips)])
        while state.pending and state.acted == 0:
            assert state.pending[0].object is ObjectKind.CANDLE
            candles += 1
            state = play(state, [legal_actions(state)[0]])
    me = state.boards[0]
    assert me.sheet.count(ObjectKind.CANDLE) == candles
    return me.flowers, me.pesos, candles


@pytest.mark.parametrize(
    ("order", "spaces", "pesos", "candles"),
    [("ABC", (1, 2, 3), 1, 0), ("CAB", (3, 5, 7), 0, 1), ("CBA", (3, 7, 9), 0, 0)],
    ids=["scenario-1", "scenario-2", "scenario-3"],
)
def test_the_rulebooks_three_scenarios(order: str, spaces: tuple[int, ...], pesos: int, candles: int) -> None:
    """Example: "Player A obtained, from their dice, 1 flower A, 1 flower B and 1 flower C.
    Scenario 1: The player placed the pieces in the order A, B and C, reaching the third flower on the path
    and also gaining one peso. Scenario 2: The player placed the pieces in the order C, A and B, reaching the
    seventh flower on the path and also gaining 1 candle for their offering. Scenario 3: The player placed the
    pieces in the order C, B and A, reaching the ninth flower on the path. In this case they did not get a bonus."

    Step by step: each flower lands on the nearest flower of its type, and only the named bonus is gained.
    """
    assert _place_in_order(order) == (spaces, pesos, candles)


def test_a_flower_goes_on_the_nearest_flower_of_its_type_skipping_others() -> None:
    """From the rulebook.

    "place one of your tokens ... on the nearest flower of the selected type (skipping over flowers of other types)".
    """
    for position in range(PATH.length):
        for flower in Flower:
            target = PATH.next_space(position, flower)
            between = range(position + 1, target if target else PATH.length + 1)
            assert all(PATH.space(s).flower is not flower for s in between)
            if target:
                assert PATH.space(target).flower is flower


def test_a_flower_with_none_of_its_type_ahead_cannot_be_placed() -> None:
    """Ruling: no flower of the type lies ahead, so the die must be used another way."""
    last_a = max(n for n in range(1, PATH.length + 1) if PATH.space(n).flower is Flower.A)
    state = creating(start(), [Die(P, 4)], board(flowers=[last_a]))
    rejection = validate(state, UseDie(P, 4))
    assert rejection is not None and rejection.code == "no-flower-ahead"
    assert legal_actions(state) == (UseDie(P, 4, as_money=True),)


def test_a_player_with_all_21_flowers_placed_cannot_place_more() -> None:
    """Components: "21 flowers per player"."""
    state = creating(start(), [Die(O, 2)], board(flowers=list(range(1, 22))))
    rejection = validate(state, UseDie(O, 2))
    assert rejection is not None and rejection.code == "no-flower-tokens"


def test_a_candle_bonus_must_be_drawn_before_the_next_die() -> None:
    """From the rulebook.

    "Stepping on flower A also gives you 1 candle" (on the starred flowers), "exchanged in the same round".
    """
    state = creating(start(), [Die(P, 4), Die(O, 2)], board(flowers=[3]))
    state = play(state, [UseDie(P, 4)])
    assert state.boards[0].position == 5
    assert validate(state, UseDie(O, 2)) is not None
    state = play(state, [DrawObject(0)])
    assert state.boards[0].sheet[0] is ObjectKind.CANDLE


@pytest.mark.parametrize(("start_at", "space", "candle"), [(0, 1, False), (3, 5, True), (7, 9, False), (9, 11, True)])
def test_only_the_starred_a_flowers_give_a_candle(start_at: int, space: int, candle: bool) -> None:
    """From the rulebook.

    "* Stepping on flower A also gives you 1 candle (velita) for your offering." Scenario 1 steps on the A of
    space 1 and scenario 3 on the A of space 9 without a bonus: only the starred A flowers give a candle.
    """
    state = creating(start(), [Die(P, 4), Die(O, 2)], board(flowers=[start_at] if start_at else []))
    state = play(state, [UseDie(P, 4)])
    assert state.boards[0].position == space
    assert [p.object for p in state.pending] == ([ObjectKind.CANDLE] if candle else [])
    assert (PATH.space(space).object is ObjectKind.CANDLE) is candle


@pytest.mark.parametrize(
    ("start_at", "die", "space", "kind"),
    [(15, (O, 2), 16, ObjectKind.PAPEL_PICADO), (20, (O, 3), 21, ObjectKind.PAN_DE_MUERTO)],
)
def test_object_bonuses_of_the_path_are_drawn_at_once(
    start_at: int, die: tuple[Colour, int], space: int, kind: ObjectKind
) -> None:
    """From the rulebook.

    "Some flowers also have bonuses that can be exchanged in the same round": the object is owed at once and
    must be drawn before the next die.
    """
    state = creating(start(), [Die(*die), Die(O, 6)], board({1: ObjectKind.FRUIT}, flowers=[start_at]))
    state = play(state, [UseDie(*die)])
    assert state.boards[0].position == space
    assert legal_actions(state) == tuple(DrawObject(c) for c in (0, 2, 3, 4, 5, 6, 7))
    rejection = validate(state, UseDie(O, 6))
    assert rejection is not None and rejection.code == "decision-owed"
    state = play(state, [DrawObject(7)])
    assert state.boards[0].sheet[7] is kind


def test_a_token_lands_in_the_land_of_the_living_only_past_quetzalcoatls_head() -> None:
    """From the rulebook.

    "you must have at least 1 flower in the land of the living (on the flowers on a white background, crossing
    the head of Quetzalcóatl)": space 12 is the last before the head, space 13 the first past it.
    """
    assert PATH.head == 12 and not PATH.in_land_of_the_living(12) and PATH.in_land_of_the_living(13)
    assert PATH.length == 24


def test_pesos_on_the_path_are_gained_at_once() -> None:
    """From the rulebook.

    Scenario 1: "... also gaining one peso": the peso of space 2 is gained when the flower is placed.
    """
    state = creating(start(), [Die(O, 2)], board())
    state = play(state, [UseDie(Colour.ORANGE, 2)])
    assert state.boards[0].pesos == PATH.space(2).pesos == 1
