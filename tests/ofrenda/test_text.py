"""Ofrenda at the terminal: actions with faces and costs, events as sentences, the text board, the result."""

from __future__ import annotations

import random

import attrs
import pytest

from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.ofrenda import (
    GAME,
    AbuelaDiscardedCandle,
    AbuelaMoved,
    CandleLit,
    Config,
    DiscardPortrait,
    Event,
    GameEnded,
    GoalClaimed,
    Outcome,
    PlaceCandle,
    PlacePortrait,
    PortraitDealt,
    PortraitLit,
    PortraitTaken,
    SkipCandle,
    SoloTier,
    State,
    TakeCandle,
    TakePortrait,
    current_player,
    describe_action,
    describe_event,
    describe_outcome,
    legal_actions,
    new_game,
    observe,
    render_text,
    step,
)
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION
from ofrenda_rules.ofrenda.text import WIDTH, portrait_label
from tests.ofrenda.helpers import play, settle_chance
from tests.ofrenda.test_examples import ANGIE, CANDLE, TAKEN, angie_before_example_a


def test_the_game_definition_offers_the_text_hooks() -> None:
    assert GAME.step is step and GAME.event_type is Event
    assert GAME.describe_event is describe_event and GAME.describe_outcome is describe_outcome
    assert GAME.render_text is render_text and GAME.describe_action is describe_action


def test_taking_a_portrait_names_its_face_and_its_cost() -> None:
    """Example A's choice: the third portrait costs two marigolds and gives the one lying on it."""
    state = angie_before_example_a()
    text = describe_action(state, TakePortrait(2))
    assert "portrait 25 (blue, water: " in text
    assert DEFAULT_EDITION.portraits[TAKEN].objective.describe() in text
    assert "pays 2 marigolds" in text and "gains the 1 marigold on it" in text
    assert describe_action(state, TakePortrait(0)).endswith(": free")


def test_a_candle_costs_a_marigold_unless_it_stands_above_the_taken_portrait() -> None:
    state = play(angie_before_example_a(), TakePortrait(2))
    far = describe_action(state, TakeCandle(0))
    assert "candle 9 (four or more calavera portraits)" in far and "pays 1 marigold" in far
    assert "free (above the portrait taken)" in describe_action(state, TakeCandle(2))
    assert describe_action(state, SkipCandle()) == f"Seat {ANGIE + 1} takes no candle"


def test_placing_names_the_slot_and_what_it_surrounds_discarding_what_it_gains() -> None:
    """Example B: slot 7 surrounds candle slot c2 and marigold slot m3; a discard gains three marigolds."""
    state = play(angie_before_example_a(), TakePortrait(2), TakeCandle(0))
    state = settle_chance(state, portraits=(20,), candles=(4,))
    assert "slot 7, surrounds c2 and m3" in describe_action(state, PlacePortrait(TAKEN, 6))
    assert "(golden: score doubled)" not in describe_action(state, PlacePortrait(TAKEN, 6))
    assert "slot 1 (flower: +1 marigold)" in describe_action(state, PlacePortrait(TAKEN, 0))
    assert "gains 3 marigolds" in describe_action(state, DiscardPortrait(TAKEN))
    dry = attrs.evolve(state, supply=0)
    assert "slot 1 (flower, but the supply is empty)" in describe_action(dry, PlacePortrait(TAKEN, 0))
    assert "gains 0 marigolds" in describe_action(dry, DiscardPortrait(TAKEN))


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (PortraitTaken(1, 2, 0, 2, 1), "Seat 2 took portrait 0 (blue, water: "),
        (PortraitDealt(2, None), "Seat 3 was dealt a portrait."),
        (PortraitLit(0, 2, 30, True), "in slot 3 was lit in the final check."),
        (CandleLit(1, 3, CANDLE, False), "Seat 2's candle 9 (four or more calavera portraits) in slot c4 was lit."),
        (GoalClaimed(3, 0, 4, 5), "Seat 4 met goal 0 (3 or more water portraits on the Ofrenda) and took a 5-point"),
        (GoalClaimed(3, 0, None, 0), "and no token was left."),
        (AbuelaMoved(5, 3, 12, 3, 1), "The Abuela rolled 5 and discarded portrait 12"),
        (AbuelaDiscardedCandle(2, 0, None, 0), "The Abuela rolled 2 for a candle, but space 1 held none."),
    ],
)
def test_events_read_as_sentences(event: Event, words: str) -> None:
    assert words in describe_event(event)


def test_the_end_names_the_winner_ties_and_the_solo_tier() -> None:
    assert describe_event(GameEnded((40, 52, 52), (1, 2), None)).endswith("Seats 2 and 3 share the victory.")
    solo = describe_event(GameEnded((64,), (), SoloTier.MESS))
    assert '64 points, tier "mess" (a loss)' in solo and "what a mess" in solo


def test_a_multiplayer_result_ranks_every_seat_with_points_and_tie_breaks() -> None:
    """ "In the case of a tie, the player with the most lit Portraits on their Ofrenda is the winner.\""""
    result = Outcome((50, 61, 61), (6, 7, 8), (2, 4, 1), (2, 1, 0), (2,), None)
    lines = describe_outcome(result).splitlines()
    assert lines[0].startswith("1st   Seat 3: 61 points (8 lit portraits")
    assert lines[1].startswith("2nd   Seat 2: 61 points")
    assert lines[2].startswith("3rd   Seat 1: 50 points")
    assert lines[3] == "Seat 3 wins on the tie-break: the most lit portraits."
    shared = describe_outcome(Outcome((5, 5), (1, 1), (0, 0), (0, 0), (0, 1), None))
    assert "1st=  Seat 1" in shared and "1st=  Seat 2" in shared and "Seats 1 and 2 share the victory" in shared


def test_a_solo_result_is_a_tier_and_a_win_or_a_loss() -> None:
    win = describe_outcome(Outcome((95,), (9,), (1,), (0,), (0,), SoloTier.CENTURIES))
    assert "95 points" in win and 'Tier "centuries" (90-109 points)' in win and "A win" in win
    assert "place" not in win and "1st" not in win
    loss = describe_outcome(Outcome((30,), (2,), (1,), (0,), (), SoloTier.MESS))
    assert "A loss" in loss and "1st" not in loss


def _mid_game(config: Config, seed: int, steps: int) -> State:
    rnd = random.Random(seed)
    state = new_game(config, seed)
    for _ in range(steps):
        if current_player(state) == TERMINAL:
            break
        actions = legal_actions(state)
        state = play(state, actions[rnd.randrange(len(actions))])
    return state


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_the_text_board_shows_the_table_within_100_columns(config: Config) -> None:
    state = _mid_game(config, 3, 40)
    text = render_text(state)
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    for card in state.market:
        if card is not None:
            assert f"portrait {card} (" in text
    for seat, board in enumerate(state.boards):
        assert f"Seat {seat + 1}: " in text
        for slot, card in enumerate(board.portraits):
            if card is not None:
                assert f"[{card:02d}" in text and f"slot {slot + 1:>2}" in text
        for hand_card in state.hands[seat]:
            assert f"    portrait {hand_card} (" in text
    if config.common_goals:
        assert "Common goal" in text


@pytest.mark.parametrize("config", [Config(players=2), Config(players=4)], ids=str)
def test_a_views_text_board_hides_the_other_hands(config: Config) -> None:
    state = _mid_game(config, 5, 25)
    for seat in range(config.players):
        text = render_text(observe(state, seat))
        assert f"(you are Seat {seat + 1})" in text
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        on_table = {c for c in state.market if c is not None}
        on_table.update(c for b in state.boards for c in (*b.portraits, *b.discards) if c is not None)
        for other in range(config.players):
            for card in state.hands[other]:
                listed = f"    portrait {card} (" in text
                assert listed == (other == seat or card in on_table)
            if other != seat:
                assert f"hand: {len(state.hands[other])} portrait" in text


def test_a_lit_portrait_and_a_lit_candle_are_marked_on_the_board() -> None:
    state = play(angie_before_example_a(), TakePortrait(2), TakeCandle(0))
    state = play(settle_chance(state, portraits=(20,), candles=(4,)), PlacePortrait(TAKEN, 6))
    text = render_text(state)
    assert (
        f"[{portrait_label(DEFAULT_EDITION, 30, True)}" in text and portrait_label(DEFAULT_EDITION, 30, True)[-1] == "*"
    )
    assert "slot  3 golden, lit: portrait 30 (" in text
    assert "Surrounded this turn, to decide: c2, m3" in text
    placed = render_text(play(state, PlaceCandle(1, CANDLE)))
    assert "slot c2, unlit: candle 9 (four or more calavera portraits)" in placed
