"""Positions of Ofrendados: hand-written examples, and every kind of impossible position refused."""

from __future__ import annotations

import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import PositionError
from ofrenda_rules.ofrendados import (
    Config,
    Phase,
    RevealCard,
    RollDie,
    State,
    TakeDie,
    apply,
    current_player,
    from_position,
    legal_actions,
    new_game,
    to_position,
)
from ofrenda_rules.ofrendados.components import Colour
from tests.ofrendados.helpers import without_events

TWO = Config(players=2)
EMPTY = "......./...../...../.../...|-|0|-"
DRAFT = f"draft:0 9,16,26 - Y6Y2Y5O4O4O5P6P4P5 -/- {EMPTY} {EMPTY}"
"""Round 1: three Calaveritas open, the nine dice rolled, seat 0 to draft first."""


def _opened(*pips: int) -> State:
    state = new_game(TWO)
    for card in (9, 16, 26):
        state = apply(state, RevealCard(card))
    for face in pips:
        state = apply(state, RollDie(face))
    return state


def test_a_hand_written_draft_is_the_state_play_reaches() -> None:
    """'The first player rolls all the dice ... then a snake draft of the orange and yellow dice.'"""
    state = from_position(DRAFT, TWO)
    assert state == without_events(_opened(6, 2, 5, 4, 4, 5, 6, 4, 5))
    assert current_player(state) == 0
    assert TakeDie(Colour.ORANGE, 4) in legal_actions(state)
    after = apply(apply(state, TakeDie(Colour.ORANGE, 4)), TakeDie(Colour.YELLOW, 6))
    text = to_position(after)
    assert text.split()[4] == "O4/Y6"
    assert from_position(text, TWO) == without_events(after)


def test_spacing_and_order_of_unordered_lists_are_free() -> None:
    state = from_position(DRAFT, TWO)
    after = apply(state, TakeDie(Colour.ORANGE, 4))
    text = to_position(after).replace(" ", "   ")
    assert from_position("\n" + text + "\t", TWO) == without_events(after)


def test_a_chance_pending_roll() -> None:
    text = f"roll:0 9,16,26 - Y6Y2 -/- {EMPTY} {EMPTY}"
    state = from_position(text, TWO)
    assert current_player(state) == CHANCE
    assert legal_actions(state) == tuple(RollDie(face) for face in range(1, 7))
    assert state == without_events(_opened(6, 2))


def test_owed_decisions_and_a_finished_game_round_trip() -> None:
    state = new_game(Config(players=3))
    seen_pending = False
    while current_player(state) != TERMINAL:
        text = to_position(state)
        seen_pending |= " pending=" in text
        assert from_position(text, state.config) == without_events(state)
        state = apply(state, legal_actions(state)[0])
    assert seen_pending
    assert state.phase is Phase.OVER
    assert from_position(to_position(state), state.config) == without_events(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DRAFT.replace("9,16,26", "9,16,9"), "card 9 appears twice in the market"),
        (DRAFT.replace("9,16,26", "9,16,99"), "card 99 does not exist"),
        (DRAFT.replace(" - Y6", " 16 Y6"), "card 16 appears in the market and in the discard"),
        (DRAFT.replace(" - Y6", " 1 Y6"), "1 Calaveritas discarded in 0 rounds"),
        (DRAFT.replace("Y6Y2Y5O4", "O6Y2Y5O4"), "die 1 rolled is orange"),
        (DRAFT.replace("P6P4P5", "P6P4P5P1"), "10 dice rolled"),
        (DRAFT.replace("-/-", "Y1/-"), "seat 0 drafted yellow 1, which is not among"),
        (DRAFT.replace("-/-", "-/Y6"), r"drafted dice \[0, 1\]: the snake draft gives \[1, 0\]"),
        (DRAFT.replace("draft:0", "draft:5"), "the game is over after 5 rounds"),
        (DRAFT.replace("draft:0", "dance:0"), "PHASE: 'dance' is not one of"),
        (DRAFT + " left=Y6", "belong to the create step"),
        (DRAFT + " acted=1", "belong to the create and buy steps"),
        (DRAFT + " done", "belong to the buy step"),
        (DRAFT + " rng=1:2:3", "is not 'SEED:COUNTER'"),
        (DRAFT + " colour=red", "'colour=red' is not a field"),
        (DRAFT + " done done", "given twice"),
        (DRAFT.replace("Y6Y2Y5", "Y6Y2Y7"), "is not a group of dice"),
        (DRAFT.replace(f" {EMPTY}", " ......./...../.....|-|0|-", 1), "is not 5 '/'-separated rows"),
        (DRAFT.replace(f" {EMPTY}", " ......./.c.../...../.../...|-|0|-", 1), "rests on nothing"),
        (DRAFT.replace(f" {EMPTY}", " ......./...../...../.../...|5,3|0|-", 1), "advance along the Path"),
        (DRAFT.replace(f" {EMPTY}", " ......./...../...../.../...|99|0|-", 1), "must be Path spaces 1-24"),
        (DRAFT.replace(f" {EMPTY}", " ......./...../...../.../...|-|lots|-", 1), "is not a number"),
        (DRAFT.replace(f" {EMPTY}", " ......./...../...../.../...|-|0", 1), "is not 4 '|'-separated parts"),
        (f"roll:0 9,16,26 - Y6Y2 -/- {EMPTY} {EMPTY} rng=1:2", "never waits"),
        (f"open:0 9,16,26 - - -/- {EMPTY} {EMPTY}", "the open step reveals"),
        ("draft:0", "a 2-player position has 7 fields"),
    ],
)
def test_impossible_positions_are_refused_with_their_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text, TWO)


def test_an_owed_draw_with_no_cell_is_refused() -> None:
    """'Portraits only from the 4th row up': with an empty sheet a portrait cannot be drawn, so it is dropped."""
    state = from_position(DRAFT, TWO)
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    text = to_position(state)
    assert text.startswith("create:0")
    assert from_position(text + " pending=draw:c", TWO).pending
    with pytest.raises(PositionError, match="has no cell"):
        from_position(text + " pending=draw:r", TWO)


def test_over_long_input_is_refused_before_parsing() -> None:
    with pytest.raises(PositionError, match="at most 4096 characters"):
        from_position(DRAFT + " " * 4096, TWO)
