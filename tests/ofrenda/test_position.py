"""Positions of Ofrenda: hand-written examples, and every kind of impossible position refused."""

from __future__ import annotations

import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import PositionError
from ofrenda_rules.ofrenda import (
    Config,
    DrawCandle,
    DrawPortrait,
    Phase,
    SkipCandle,
    State,
    TakeCandle,
    TakePortrait,
    apply,
    current_player,
    from_position,
    legal_actions,
    new_game,
    to_position,
)
from tests.ofrenda.helpers import without_events

TWO = Config()
EMPTY = "-/-/3/-/-/-/-/0"
TAKE_CANDLE = f"take_candle:0 0+1,-,25,7 3,2,15,1 4,18,29,31/17,20,30 -/-/2/-/-/-/-/0 {EMPTY} taken=1 seen=4/-"
"""Seat 0 took portrait 4 from the second space, paying a marigold onto portrait 0; a candle to take or decline."""


def _dealt() -> State:
    state = new_game(TWO)
    for card in (0, 4, 25, 7):
        state = apply(state, DrawPortrait(card))
    for candle in (3, 2, 15, 1):
        state = apply(state, DrawCandle(candle))
    for card in (18, 17, 29, 20, 31, 30):
        state = apply(state, DrawPortrait(card))
    return state


def test_a_hand_written_position_is_the_state_play_reaches() -> None:
    """'Take a portrait ... pay one marigold on each portrait you skip.'"""
    state = from_position(TAKE_CANDLE, TWO)
    assert state == without_events(apply(_dealt(), TakePortrait(1)))
    assert state.phase is Phase.TAKE_CANDLE and state.supply == 30
    assert legal_actions(state)[:3] == (SkipCandle(), TakeCandle(0), TakeCandle(1))
    assert to_position(state) == TAKE_CANDLE


def test_spacing_list_order_and_keyed_field_order_are_free() -> None:
    text = TAKE_CANDLE.replace("4,18,29,31/17,20,30", "31,4,29,18/30,17,20").replace(" ", "  ")
    assert to_position(from_position("\t" + text + "\n", TWO)) == TAKE_CANDLE


def test_a_chance_pending_deal() -> None:
    text = f"setup_deal:0 0,4,25,7 3,2,15,1 18,29/17 {EMPTY} {EMPTY}"
    state = from_position(text, TWO)
    assert current_player(state) == CHANCE
    assert DrawPortrait(18) not in legal_actions(state) and DrawPortrait(20) in legal_actions(state)
    expected = _dealt()
    assert to_position(state) == text
    assert len(state.deck) == len(expected.deck) + 3


def test_the_abuelas_turn_and_a_finished_solo_game_round_trip() -> None:
    solo = Config(players=1)
    state = new_game(solo)
    seen_abuela = False
    while current_player(state) != TERMINAL:
        text = to_position(state)
        seen_abuela |= "abuela-turn" in text
        assert from_position(text, solo) == without_events(state)
        state = apply(state, legal_actions(state)[0])
    assert seen_abuela
    assert from_position(to_position(state), solo) == without_events(state)


def test_common_goals_and_their_token_stacks_are_derived() -> None:
    config = Config(players=3, common_goals=True)
    state = new_game(config, seed=4)
    while current_player(state) != TERMINAL:
        state = apply(state, legal_actions(state)[-1])
    text = to_position(state)
    assert " goals=" in text
    assert from_position(text, config) == without_events(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (TAKE_CANDLE.replace("25,7", "25,4"), "portrait 4 appears in the market and in hand 0"),
        (TAKE_CANDLE.replace("25,7", "25,70"), "portrait 70 does not exist"),
        (TAKE_CANDLE.replace("25,7", "25,50"), "portrait 50 is marked for 4 players"),
        (TAKE_CANDLE.replace("3,2,15,1", "3,2,15,3"), "candle 3 appears twice in the market"),
        (TAKE_CANDLE.replace("0+1,", "0+40,"), "marigolds are in play, but the game has 36"),
        (TAKE_CANDLE.replace("4,18,29,31/", "4,18,29,31,5/"), "hand 0 holds 5 portraits"),
        (TAKE_CANDLE.replace(" taken=1", ""), "taken=SPACE is given"),
        (TAKE_CANDLE.replace("take_candle", "take_portrait"), "hand 0 holds 4 portraits"),
        (TAKE_CANDLE + " pending=0", "pending="),
        (TAKE_CANDLE + " die=3", "belong to the solo mode"),
        (TAKE_CANDLE + " goals=0,9,10", "only in the common-goals variant"),
        (f"setup_deal:0 0,4,25,7 3,2,15,1 18/- {EMPTY} {EMPTY} rng=1:2", "never waits"),
        (TAKE_CANDLE.replace(" taken=1", " taken=1 taken=1"), "given twice"),
        (TAKE_CANDLE.replace("take_candle", "juggle"), "PHASE: 'juggle' is not one of"),
        (TAKE_CANDLE.replace("take_candle:0", "take_candle:2"), "SEAT: 2 is not a seat"),
        (TAKE_CANDLE.replace(f" {EMPTY} ", " -/-/3/-/-/-/0 "), "board 1: .* is not 8"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "-/-/2/-/-/-/-/1"), "seat 0 placed or discarded 0 portraits in 1"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "0:12/-/2/-/-/-/-/0"), "placed or discarded 1 portraits in 0"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "-/-/2/5,6,8,9/-/-/-/0"), "stores 4 candles"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "-/0:m/2/-/-/-/-/0"), "filled before its card slots"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "-/-/2/-/-/-/3/0"), "token 3 without having met"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "-/-/two/-/-/-/-/0"), "is not a number"),
        (TAKE_CANDLE.replace("-/-/2/-/-/-/-/0", "0:12*/-/2/-/-/-/-/0"), "shows its unlit side by its objective"),
        ("take_candle:0 0+1,-,25,7", "a 2-player position has 6 fields"),
    ],
)
def test_impossible_positions_are_refused_with_their_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text, TWO)


def test_a_goal_met_must_be_fulfilled() -> None:
    config = Config(common_goals=True)
    state = new_game(config, seed=1)
    text = to_position(state)
    goal = state.goals[0]
    with pytest.raises(PositionError, match=f"seat 0 met goal {goal}, but its Ofrenda does not fulfil it"):
        from_position(text.replace("/3/-/-/-/-/0", f"/3/-/-/{goal}/-/0", 1), config)


def test_solo_only_components_are_checked() -> None:
    solo = Config(players=1)
    text = to_position(new_game(solo, seed=2))
    state = from_position(text, solo)
    assert state.removed and state.candle_box
    with pytest.raises(PositionError, match="for the multiplayer game"):
        from_position(text.replace("/0 ", f"/0 abuela-candles={state.candle_box[0]} ", 1), solo)
    with pytest.raises(PositionError, match="removes 3 portraits"):
        from_position(text.replace("removed=", f"removed={state.deck[0]},"), solo)


def test_over_long_input_is_refused_before_parsing() -> None:
    with pytest.raises(PositionError, match="at most 4096 characters"):
        from_position(TAKE_CANDLE + " " * 4096, TWO)
