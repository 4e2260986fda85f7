"""The solo mode's Abuela: her die table, her payments from the supply, the candle on a 5 or 6."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import PositionError
from ofrenda_rules.ofrenda import (
    Config,
    DrawCandle,
    DrawPortrait,
    Phase,
    RollDie,
    State,
    TakePortrait,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    outcome,
)
from ofrenda_rules.ofrenda.position import from_position, to_position
from ofrenda_rules.serialization import dumps, loads
from tests.ofrenda.helpers import play, set_up, without_events

SOLO = Config(players=1)


def abuela_turn() -> State:
    state = set_up(SOLO, removed=(32, 33, 34), market=(10, 11, 12, 13), candles=(0, 1, 2, 3))
    assert state.phase is Phase.ABUELA_PORTRAIT
    return state


@pytest.mark.parametrize(("face", "space"), [(1, 0), (2, 0), (3, 1), (4, 2), (5, 3), (6, 3)])
def test_the_die_table(face: int, space: int) -> None:
    """ "1 or 2 - Discard from 1st space; 3 - 2nd space; 4 - 3rd space; 5 or 6 - 4th space.\""""
    state = play(abuela_turn(), RollDie(face))
    assert state.abuela_discards == ((10, 11, 12, 13)[space],)
    assert state.taken_space == space


def test_she_pays_skipped_portraits_from_the_general_supply() -> None:
    """ "If discarding a card from spaces 2-4, place Marigolds from the general supply onto the preceding cards.\""""
    state = abuela_turn()
    after = play(state, RollDie(4))
    assert after.market_marigolds[:2] == (1, 1)
    assert after.supply == state.supply - 2
    assert after.boards[0].marigolds == 3


def test_marigolds_on_her_discarded_portrait_return_to_the_supply() -> None:
    """Ruling: the rulebook does not say; the marigolds on the portrait she discards go back to the supply."""
    state = attrs.evolve(abuela_turn(), market_marigolds=(0, 0, 2, 0))
    after = play(state, RollDie(4))
    assert after.supply == state.supply - 2 + 2
    assert after.market == (10, 11, 13, None) and after.market_marigolds == (1, 1, 0, 0)


def test_with_abuela_marigolds_stay_they_wait_on_the_space_for_the_next_portrait() -> None:
    """Ruling 9, option ``abuela_marigolds_stay``: "Discard the Portrait from the space on the Family board" does
    not say what becomes of the marigolds on it. The two readings differ on the same position and the same roll."""
    position = to_position(attrs.evolve(abuela_turn(), market_marigolds=(0, 0, 2, 0)))
    returned = from_position(position, SOLO)
    staying = from_position(position, attrs.evolve(SOLO, abuela_marigolds_stay=True))
    assert returned.supply == staying.supply
    back, stay = play(returned, RollDie(4)), play(staying, RollDie(4))
    assert back.market == stay.market == (10, 11, 13, None)
    assert back.market_marigolds == (1, 1, 0, 0) and back.supply == returned.supply - 2 + 2
    # Portrait 13 slides onto the space the discarded portrait 12 left, and finds its 2 marigolds there.
    assert stay.market_marigolds == (1, 1, 2, 0) and stay.supply == staying.supply - 2
    taken = play(stay, DrawPortrait(14), TakePortrait(2))
    assert taken.boards[0].marigolds == 3 - 2 + 2


def test_with_abuela_marigolds_stay_a_card_drawn_to_the_last_space_takes_them() -> None:
    """Ruling 9: discarding from the 4th space with 2 marigolds on it; the drawn portrait lands on them, and the
    candle roll that follows (positions and JSON keep the marigolds on the empty space meanwhile)."""
    config = attrs.evolve(SOLO, abuela_marigolds_stay=True)
    state = from_position(to_position(attrs.evolve(abuela_turn(), market_marigolds=(0, 0, 0, 2))), config)
    rolled = play(state, RollDie(6))
    assert rolled.phase is Phase.ABUELA_CANDLE
    assert rolled.market == (10, 11, 12, None) and rolled.market_marigolds == (1, 1, 1, 2)
    assert from_position(to_position(rolled), config) == without_events(rolled)
    assert loads(dumps(rolled), State) == rolled
    refilled = play(rolled, RollDie(1))
    assert refilled.phase is Phase.REFILL_PORTRAIT and refilled.market_marigolds == (2, 1, 1, 2)
    assert from_position(to_position(refilled), config) == without_events(refilled)
    drawn = play(refilled, DrawPortrait(14), DrawCandle(4))
    assert drawn.market == (10, 11, 12, 14) and drawn.market_marigolds == (2, 1, 1, 2)
    assert sum(drawn.market_marigolds) + drawn.supply == sum(state.market_marigolds) + state.supply


def test_marigolds_on_an_empty_space_are_refused_in_a_position_unless_she_left_them() -> None:
    """Ruling 9: by default no marigold ever lies on an empty space of the Family board."""
    config = attrs.evolve(SOLO, abuela_marigolds_stay=True)
    rolled = play(
        from_position(to_position(attrs.evolve(abuela_turn(), market_marigolds=(0, 0, 0, 2))), config), RollDie(6)
    )
    text = to_position(rolled)
    assert "-+2" in text
    with pytest.raises(PositionError, match="2 marigolds lie on the empty space 3"):
        from_position(text, SOLO)


def test_on_a_five_or_six_she_also_discards_a_candle() -> None:
    """ "If Abuela rolled a 5 or 6, she will also discard a Candle. Roll the dice again to see which space the
    Candle comes from." The candle above the portrait she discarded is free."""
    state = play(abuela_turn(), RollDie(6))
    assert state.phase is Phase.ABUELA_CANDLE and current_player(state) == CHANCE
    free = play(state, RollDie(5))
    assert free.candle_discards == (3,) and free.supply == state.supply
    paid = play(state, RollDie(1))
    assert paid.candle_discards == (0,) and paid.supply == state.supply - 1
    assert paid.market_marigolds[0] == state.market_marigolds[0] + 1


def test_then_the_family_board_is_replenished_and_the_player_plays() -> None:
    """ "End by replenishing the Portrait and Candle spaces as normal.\""""
    state = play(abuela_turn(), RollDie(6), RollDie(3))
    assert state.phase is Phase.REFILL_PORTRAIT and state.market == (10, 11, 12, None)
    assert state.candle_market == (0, 2, 3, None)
    state = play(state, DrawPortrait(14), DrawCandle(4))
    assert state.phase is Phase.TAKE_PORTRAIT and not state.abuela and current_player(state) == 0
    assert legal_actions(state)[0] == TakePortrait(0)


def test_with_an_empty_supply_she_pays_what_there_is() -> None:
    """Ruling (limited marigolds): she pays skipped portraits from the left while the supply lasts."""
    state = attrs.evolve(abuela_turn(), supply=1)
    after = play(state, RollDie(5))
    assert after.market_marigolds[:3] == (1, 0, 0) and after.supply == 0


def test_a_solo_game_is_twelve_player_turns_between_abuela_turns() -> None:
    """ "you will be playing twelve turns as normal, in between automated turns of the strict Abuela.\""""
    state = new_game(SOLO, seed=21)
    turns = 0
    while not is_over(state):
        if state.phase is Phase.TAKE_PORTRAIT:
            turns += 1
            assert len(state.abuela_discards) == turns
        state = apply(state, legal_actions(state)[-1])
    assert turns == 12 and state.boards[0].turns == 12
    assert outcome(state).tier is not None
    # The 2-player deck of 35, less 3 removed, 4 + 3 dealt and 24 replenishments: one card is never drawn.
    assert len(state.deck) == 1


def test_her_second_roll_discards_one_candle_and_never_rolls_again() -> None:
    """ "If Abuela rolled a 5 or 6, she will also discard a Candle. Roll the dice again to see which space the
    Candle comes from, following the guidelines above." -- a 5 or 6 on the second roll is the 4th space, not
    another candle."""
    state = play(abuela_turn(), RollDie(5), RollDie(6))
    assert state.candle_discards == (3,) and state.phase is Phase.REFILL_PORTRAIT
    assert state.candle_market == (0, 1, 2, None)


def test_a_second_roll_on_an_empty_candle_space_discards_nothing() -> None:
    """Ruling: when the rolled candle space is empty (only possible once the bag has run out) she discards no
    candle and pays nothing."""
    state = attrs.evolve(abuela_turn(), candle_market=(0, 1, None, None), bag=())
    state = play(state, RollDie(6))
    assert state.phase is Phase.ABUELA_CANDLE
    after = play(state, RollDie(4))
    assert after.candle_discards == () and after.supply == state.supply
    assert after.market_marigolds == state.market_marigolds[:3] + (0,)
    assert after.candle_market == (0, 1, None, None) and after.phase is Phase.REFILL_PORTRAIT
