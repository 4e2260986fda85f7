"""The player turn: take a portrait, take a candle, replenish, place or discard, candles and marigolds."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrenda import (
    Config,
    DiscardPortrait,
    DrawCandle,
    DrawPortrait,
    LeaveEmpty,
    Phase,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    RollDie,
    SkipCandle,
    State,
    TakeCandle,
    TakePortrait,
    apply,
    legal_actions,
    new_game,
    validate,
)
from tests.ofrenda.helpers import play, playing, set_up

TWO = Config(players=2)


def start(config: Config = TWO, **board: object) -> State:
    state = set_up(config, market=(11, 12, 13, 14), candles=(0, 1, 2, 3), hands=((20, 21, 22), (23, 24, 26)))
    if board:
        from tests.ofrenda.helpers import with_board

        state = with_board(state, 0, **board)  # type: ignore[arg-type]
    return state


def code(state: State, action: object) -> str | None:
    rejection = validate(state, action)  # type: ignore[arg-type]
    return None if rejection is None else rejection.code


# -- Take 1 Portrait -------------------------------------------------------------------------------


def test_the_portrait_furthest_from_the_deck_is_free() -> None:
    """ "Taking the Portrait furthest from the deck has no cost.\""""
    state = play(start(marigolds=0), TakePortrait(0))
    assert state.boards[0].marigolds == 0 and 11 in state.hands[0]


def test_skipped_portraits_get_one_marigold_each() -> None:
    """ "you must place one Marigold from your storage on each Portrait, from left to right, that you're
    skipping over.\""""
    state = play(start(), TakePortrait(3))
    assert state.market_marigolds == (1, 1, 1, 0) and state.boards[0].marigolds == 0


def test_a_portrait_you_cannot_pay_for_is_refused() -> None:
    state = start(marigolds=1)
    assert legal_actions(state) == (TakePortrait(0), TakePortrait(1))
    assert code(state, TakePortrait(2)) == "not-enough-marigolds"
    with pytest.raises(IllegalActionError) as caught:
        apply(state, TakePortrait(2))
    assert "2 portraits" in str(caught.value) and "1 marigolds" in str(caught.value)


def test_marigolds_on_the_taken_portrait_go_to_storage_without_limit() -> None:
    """ "If there are Marigolds on the Portrait that you took, place them in your storage. There is no limit.\""""
    state = attrs.evolve(start(marigolds=20), market_marigolds=(0, 9, 0, 0))
    state = play(state, TakePortrait(1))
    assert state.boards[0].marigolds == 20 - 1 + 9


# -- Take 1 Candle ---------------------------------------------------------------------------------


def test_the_candle_above_the_taken_portrait_is_free() -> None:
    """ "Taking the Candle in the space directly above the taken Portrait has no cost.\""""
    state = play(start(marigolds=0), TakePortrait(0))
    assert legal_actions(state) == (SkipCandle(), TakeCandle(0))
    state = play(state, TakeCandle(0))
    assert state.boards[0].candles == (0,) and state.market_marigolds == (0, 0, 0, 0)


def test_another_candle_costs_a_marigold_on_the_portrait_below_it() -> None:
    """ "To take any other Candle, you must place one Marigold from your storage on the Portrait below that
    Candle.\""""
    state = play(start(), TakePortrait(0), TakeCandle(3))
    assert state.boards[0].marigolds == 2
    # Slid left after the take: the portrait that was in space 3 is now in space 2, with its marigold.
    assert state.market[:3] == (12, 13, 14) and state.market_marigolds[:3] == (0, 0, 1)


def test_a_candle_needs_fewer_than_three_in_storage() -> None:
    """ "You must have fewer than three Candles in your storage to do so." -- the step is then skipped."""
    state = play(start(candles=(30, 31, 32)), TakePortrait(0))
    assert state.phase is Phase.REFILL_PORTRAIT
    assert code(state, TakeCandle(0)) == "chance-event-pending"


def test_declining_the_candle_refills_only_the_portrait() -> None:
    """ "If you took a Candle, slide the remaining Candles [...]" -- otherwise the candles stay."""
    state = play(start(), TakePortrait(1), SkipCandle())
    assert state.phase is Phase.REFILL_PORTRAIT
    state = play(state, DrawPortrait(15))
    assert state.market == (11, 13, 14, 15) and state.candle_market == (0, 1, 2, 3)
    assert state.phase is Phase.PLAY


def test_replenishing_draws_are_chance_events_over_the_deck_and_the_bag() -> None:
    state = play(start(), TakePortrait(0), TakeCandle(0))
    assert legal_actions(state) == tuple(DrawPortrait(c) for c in state.deck)
    state = play(state, DrawPortrait(state.deck[0]))
    assert legal_actions(state) == tuple(DrawCandle(c) for c in state.bag)
    assert code(state, DrawCandle(0)) == "impossible-outcome"


# -- Place or Discard 1 Portrait -------------------------------------------------------------------


def at_play(**board: object) -> State:
    return playing(start(), 0, (20, 21, 22, 11), **board)


def test_a_portrait_goes_in_any_empty_slot() -> None:
    """ "Place the Portrait unlit side face up in any empty slot of your Ofrenda.\""""
    state = at_play(portraits={3: 40})
    assert code(state, PlacePortrait(20, 3)) == "slot-taken"
    assert code(state, PlacePortrait(20, 12)) == "no-such-slot"
    assert code(state, PlacePortrait(99, 2)) == "card-not-in-hand"
    state = play(state, PlacePortrait(20, 2))
    assert state.boards[0].portraits[2] == 20 and 20 not in state.hands[0]


def test_a_marigold_flower_slot_gains_one_marigold() -> None:
    """ "Placing a Portrait in a marigold-flower slot immediately gains you one Marigold.\""""
    state = at_play()
    after = play(state, PlacePortrait(20, 0))
    assert after.boards[0].marigolds == 4 and after.supply == state.supply - 1


def test_a_crossed_out_slot_costs_one_marigold_and_needs_one() -> None:
    """ "Placing a Portrait in a crossed-out marigold-flower slot means you must return one Marigold back to the
    general supply - if you have no Marigolds in your storage, you're not allowed to place a Portrait there.\""""
    state = at_play()
    after = play(state, PlacePortrait(20, 5))
    assert after.boards[0].marigolds == 2 and after.supply == state.supply + 1
    broke = at_play(marigolds=0)
    assert PlacePortrait(20, 5) not in legal_actions(broke)
    rejection = validate(broke, PlacePortrait(20, 5))
    assert rejection is not None and rejection.code == "crossed-out-without-marigold"
    assert "slot 5 is crossed out" in rejection.message


def test_discarding_gains_three_marigolds() -> None:
    """ "Discard the Portrait and gain 3 Marigolds" -- into a discard pile next to your Ofrenda."""
    state = play(at_play(), DiscardPortrait(21))
    assert state.boards[0].discards == (21,) and state.boards[0].marigolds == 6
    assert state.boards[0].turns == 1 and state.seat == 1


def test_with_a_limited_supply_a_discard_gains_what_is_left() -> None:
    """Ruling: marigolds are limited to the 36 of the box by default; the supply gives what it has."""
    state = attrs.evolve(at_play(marigolds=32), supply=2)
    assert play(state, DiscardPortrait(21)).boards[0].marigolds == 34
    unlimited = playing(start(Config(players=2, unlimited_marigolds=True)), 0, (20, 21, 22, 11))
    assert play(unlimited, DiscardPortrait(21)).boards[0].marigolds == 6


def test_the_hand_is_four_portraits_at_the_play_step() -> None:
    """ "Choose a Portrait that you wish to play from the four Portraits you have in hand.\""""
    state = play(start(), TakePortrait(0), SkipCandle(), DrawPortrait(15))
    assert len(state.hands[0]) == 4
    assert len(legal_actions(state)) == 4 * (12 + 1)


# -- Place Candles and Marigolds -------------------------------------------------------------------


def test_completing_a_slot_offers_candles_and_marigolds_of_its_kind() -> None:
    """ "If you placed the third adjacent Portrait this turn, you may choose to place a Candle/Marigold from your
    storage into the surrounded slot.\""""
    state = at_play(portraits={0: 40, 1: 41}, candles=(9,))
    state = play(state, PlacePortrait(20, 5))
    assert state.phase is Phase.OFFERINGS and state.pending == (0,)
    # Slot 0 is a marigold slot: the candle cannot go there.
    assert legal_actions(state) == (PlaceMarigold(0), LeaveEmpty(0))
    assert code(state, PlaceCandle(0, 9)) == "marigold-slot"
    state = play(state, PlaceMarigold(0))
    assert state.boards[0].marigold_slots[0] and state.boards[0].marigolds == 1


def test_one_portrait_can_surround_several_slots() -> None:
    """ "It is possible for you to surround multiple Candle and Marigold slots by placing a single Portrait. If so,
    you may place Candles/Marigolds in all surrounded slots.\""""
    state = at_play(portraits={1: 40, 2: 41, 7: 42}, candles=(9,))
    state = play(state, PlacePortrait(20, 6))
    assert state.pending == (1, 2)
    assert code(state, PlaceMarigold(2)) == "not-this-slot"
    state = play(state, PlaceCandle(1, 9), PlaceMarigold(2))
    board = state.boards[0]
    assert board.candle_slots[1] == 9 and board.marigold_slots[2] and board.candles == ()
    assert state.phase is Phase.TAKE_PORTRAIT and state.seat == 1


def test_slots_surrounded_on_previous_turns_cannot_be_filled() -> None:
    """ "You cannot place Candles or Marigolds in slots that were surrounded by cards on previous turns.\""""
    state = at_play(portraits={0: 40, 1: 41}, candles=(9,))
    state = play(state, PlacePortrait(20, 5), LeaveEmpty(0))
    assert state.seat == 1
    # On a later turn nothing can be put in slot 0: only slots surrounded by this turn's portrait open.
    later = playing(state, 0, (21, 22, 11))
    assert code(later, PlaceMarigold(0)) == "wrong-step"
    assert all(0 not in play(later, action).pending for action in legal_actions(later))
    assert later.boards[0].marigold_slots[0] is False


def test_either_offering_in_any_slot_when_the_ruling_is_switched() -> None:
    """Ruling option ``offering_in_any_slot``: "place a Candle/Marigold [...] into the surrounded slot"."""
    config = Config(players=2, offering_in_any_slot=True)
    state = playing(start(config), 0, (20, 21, 22, 11), portraits={0: 40, 1: 41}, candles=(9,))
    state = play(state, PlacePortrait(20, 5))
    assert legal_actions(state) == (PlaceCandle(0, 9), PlaceMarigold(0), LeaveEmpty(0))


def test_a_slot_with_nothing_to_place_is_passed_over() -> None:
    """With no candle in storage, a surrounded candle slot offers no choice and stays empty."""
    state = at_play(portraits={1: 40, 6: 41})
    state = play(state, PlacePortrait(20, 2))
    assert state.phase is Phase.TAKE_PORTRAIT and state.boards[0].candle_slots[1] is None


# -- Turn order and the end ------------------------------------------------------------------------


def test_turns_move_clockwise_and_the_game_ends_after_twelve_turns_each() -> None:
    """ "The game ends when all players have performed 12 turns.\""""
    state = new_game(Config(players=3), seed=11)
    seats = []
    while state.phase is not Phase.OVER:
        if state.phase is Phase.TAKE_PORTRAIT:
            seats.append(state.seat)
        state = apply(state, legal_actions(state)[0])
    assert seats == [0, 1, 2] * 12
    assert all(b.turns == 12 for b in state.boards)
    assert all(len(h) == 3 for h in state.hands)
    assert all(len(b.discards) + sum(c is not None for c in b.portraits) == 12 for b in state.boards)


def test_actions_out_of_turn_or_of_the_wrong_kind_are_refused() -> None:
    state = start()
    assert code(state, PlacePortrait(20, 0)) == "wrong-step"
    assert code(state, RollDie(3)) == "not-a-chance-event"
    assert code(state, TakePortrait(4)) == "no-such-space"
    assert code(state, TakePortrait("1")) == "not-an-integer"  # type: ignore[arg-type]
    assert code(state, TakePortrait(True)) == "not-an-integer"
    assert code(new_game(TWO), DrawPortrait(True)) == "not-an-integer"
    assert code(new_game(TWO), DrawPortrait("3")) == "not-an-integer"  # type: ignore[arg-type]
    assert code(new_game(TWO), DrawPortrait(2.0)) == "not-an-integer"  # type: ignore[arg-type]
    assert code(state, "take") == "not-an-action"
    with pytest.raises(IllegalActionError) as caught:
        apply(state, RollDie(3))
    assert caught.value.rejection.code == "not-a-chance-event"
