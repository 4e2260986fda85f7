"""The flower Path: nearest flower of a type ahead, bonuses, the rulebook's three scenarios."""

from __future__ import annotations

import pytest

from ofrenda_rules.ofrendados import Colour, Die, DrawObject, Flower, ObjectKind, UseDie, legal_actions, validate
from tests.ofrendados.helpers import PATH, O, P, board, creating, play, start

FACE = {Flower.A: (P, 4), Flower.B: (O, 2), Flower.C: (O, 3)}
"""A die face of each flower type in the default edition (purple 4 is flower A)."""


def _place_in_order(order: str) -> tuple[int, int, int]:
    """Place one flower of each type in ``order``; return (final space, pesos, candles drawn)."""
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
    return me.position, me.pesos, candles


@pytest.mark.parametrize(
    ("order", "space", "pesos", "candles"),
    [("ABC", 3, 1, 0), ("CAB", 7, 0, 1), ("CBA", 9, 0, 0)],
    ids=["scenario-1", "scenario-2", "scenario-3"],
)
def test_the_rulebooks_three_scenarios(order: str, space: int, pesos: int, candles: int) -> None:
    """Example: "Scenario 1: ... A, B and C, reaching the third flower on the path and also gaining one peso.
    Scenario 2: ... C, A and B, reaching the seventh flower ... gaining 1 candle for their offering.
    Scenario 3: ... C, B and A, reaching the ninth flower on the path. ... they did not get a bonus."
    """
    assert _place_in_order(order) == (space, pesos, candles)


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


def test_pesos_on_the_path_are_gained_at_once() -> None:
    state = creating(start(), [Die(O, 2)], board())
    state = play(state, [UseDie(Colour.ORANGE, 2)])
    assert state.boards[0].pesos == PATH.space(2).pesos == 1
