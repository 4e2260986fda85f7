"""The rulebook's Examples A and B, step by step, as one turn of Angie (seat 0)."""

from __future__ import annotations

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.ofrenda import (
    Config,
    DiscardPortrait,
    DrawCandle,
    DrawPortrait,
    LeaveEmpty,
    Phase,
    PlaceCandle,
    PlacePortrait,
    SkipCandle,
    State,
    TakeCandle,
    TakePortrait,
    current_player,
    legal_actions,
    score,
)
from tests.ofrenda.helpers import play, set_up, with_board

ANGIE = 0
TAKEN = 25  # blue water: the portrait in the third space
CANDLE = 9  # "four or more calavera portraits": not fulfilled by Angie's Ofrenda


def angie_before_example_a() -> State:
    """Angie has two marigolds; a marigold lies on the portrait of the third space.

    Her Ofrenda already holds portraits in slots 1 (blue), 2 (the golden slot:
    "two or more adjacent blue"), 3 (orange) and 7 (green).
    """
    state = set_up(
        Config(players=2), market=(11, 12, TAKEN, 13), candles=(CANDLE, 1, 2, 3), hands=((14, 16, 17), (18, 19, 21))
    )
    state = with_board(state, ANGIE, portraits={1: 10, 2: 30, 3: 2, 7: 6}, marigolds=2)
    return attrs.evolve(state, market_marigolds=(0, 0, 1, 0), supply=state.supply - 1)


def test_example_a_take_the_third_portrait_then_a_candle_not_above_it() -> None:
    """Example A: "She must spend two Marigolds to take it, placing one each on the cards in the first and
    second spaces. She gains the Marigold on the card that she is taking, meaning her storage now has one
    Marigold in it. [...] She wants to take the Candle above space 1. Since this is not above the Portrait that
    she took, she will have to pay one Marigold. She places this on top of the card in space 1."
    """
    state = angie_before_example_a()
    assert state.phase is Phase.TAKE_PORTRAIT and current_player(state) == ANGIE
    assert legal_actions(state) == (TakePortrait(0), TakePortrait(1), TakePortrait(2))
    state = play(state, TakePortrait(2))
    assert TAKEN in state.hands[ANGIE]
    assert state.market == (11, 12, None, 13)
    assert state.market_marigolds == (1, 1, 0, 0)
    assert state.boards[ANGIE].marigolds == 1
    assert state.phase is Phase.TAKE_CANDLE
    assert legal_actions(state) == (SkipCandle(), TakeCandle(0), TakeCandle(1), TakeCandle(2), TakeCandle(3))
    state = play(state, TakeCandle(0))
    assert state.boards[ANGIE].marigolds == 0
    assert state.boards[ANGIE].candles == (CANDLE,)
    assert state.market_marigolds == (2, 1, 0, 0)
    # Replenish: the remaining portraits (and their marigolds) slide left, new cards fill the right.
    assert current_player(state) == CHANCE and state.phase is Phase.REFILL_PORTRAIT
    assert state.market == (11, 12, 13, None)
    assert state.market_marigolds == (2, 1, 0, 0)
    state = play(state, DrawPortrait(20))
    assert state.market == (11, 12, 13, 20)
    assert state.phase is Phase.REFILL_CANDLE and state.candle_market == (1, 2, 3, None)
    state = play(state, DrawCandle(4))
    assert state.candle_market == (1, 2, 3, 4)
    assert state.phase is Phase.PLAY and current_player(state) == ANGIE


def test_example_b_place_the_taken_portrait_surrounding_a_candle_and_a_marigold_slot() -> None:
    """Example B: "By placing in this particular slot, she surrounds both a Candle slot and a Marigold slot.
    [...] She decides to place the Candle she had just taken, placing it showing its unlit side. Unfortunately,
    she has no more Marigolds in her supply, so she is unable to place one in the Marigold slot. Placing this
    Portrait also surrounds the adjacent card, which has an objective of two or more adjacent blue cards. This
    objective has been achieved, so she immediately flips it to its lit side. [...] the card is in a golden
    slot, meaning that it will double its score at the end of the game."
    """
    state = play(angie_before_example_a(), TakePortrait(2), TakeCandle(0), DrawPortrait(20), DrawCandle(4))
    before = score(state)[ANGIE]
    assert before == 0
    # "Angie must play one of the four Portrait cards she has in her hand. She considers discarding one of her
    # cards because she is short on Marigolds, but instead decides to play the Portrait she just took."
    assert state.hands[ANGIE] == (14, 16, 17, TAKEN) and state.boards[ANGIE].marigolds == 0
    assert DiscardPortrait(TAKEN) in legal_actions(state) and PlacePortrait(TAKEN, 6) in legal_actions(state)
    # With no marigold the crossed-out slots 5 and 8 are closed to her.
    assert PlacePortrait(TAKEN, 5) not in legal_actions(state) and PlacePortrait(TAKEN, 8) not in legal_actions(state)
    state = play(state, PlacePortrait(TAKEN, 6))
    board = state.boards[ANGIE]
    assert board.portraits[6] == TAKEN
    # Slot 2 (golden, "two or more adjacent blue") now has all of 1, 3, 6, 7 filled: 10 and 25 are blue.
    assert board.lit[2] and not any(board.lit[s] for s in (1, 3, 6, 7))
    # Surrounded: candle slot 1 (card slots 1, 2, 6) and marigold slot 2 (card slots 2, 6, 7).
    assert state.phase is Phase.OFFERINGS and state.pending == (1, 2)
    assert legal_actions(state) == (PlaceCandle(1, CANDLE), LeaveEmpty(1))
    state = play(state, PlaceCandle(1, CANDLE))
    board = state.boards[ANGIE]
    assert board.candle_slots[1] == CANDLE and not board.candle_lit[1]
    # With no marigold in storage the marigold slot offers no choice and stays empty.
    assert board.marigold_slots[2] is False
    # The lit golden portrait: 1 point per adjacent unlit portrait (four of them), doubled.
    assert score(state)[ANGIE] == 8
    # Her turn is over: the next player takes a portrait.
    assert state.phase is Phase.TAKE_PORTRAIT and current_player(state) == 1
    assert state.boards[ANGIE].turns == 1
