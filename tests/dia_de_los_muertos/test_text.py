"""Text for people: cards by face, actions, the text board and the result."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Config,
    DealCard,
    Outcome,
    PlayCard,
    State,
    TakeCard,
    apply,
    chance_outcomes,
    current_player,
    describe_action,
    describe_card,
    describe_outcome,
    from_position,
    legal_actions,
    new_game,
    observe,
    outcome,
    render_text,
    step,
    to_position,
)
from ofrenda_rules.dia_de_los_muertos.events import CardPlayed, describe_event
from ofrenda_rules.dia_de_los_muertos.picks import action_picks
from ofrenda_rules.dia_de_los_muertos.text import WIDTH, plays_replacement
from tests.dia_de_los_muertos.helpers import card
from tests.dia_de_los_muertos.test_rulebook_example import example_deal

HANDS = "B1B2B3B4B5R1R2R3R4R5W1W2W3W4W5/B6B7B8B9B10R6R7R8R9R10W6W7W8W9W10/B11B12B13B14B15R11R12R13R14R15W11W12W13W14W15"


def test_cards_read_as_printed() -> None:
    deck = Config().deck
    # Rulebook example: "Red 14 (L-1)", "Red 10 (L+2) TAKE", "Red 3 (H 0)".
    assert describe_card(deck, card("R14")) == "Red 14 (Low, -1)"
    assert describe_card(deck, card("R10")) == "Red 10 (Low, +2, TAKE)"
    assert describe_card(deck, card("R3")) == "Red 3 (High, 0)"


def test_actions_say_what_they_do() -> None:
    state = example_deal(Config(players=5))
    lead = describe_action(state, PlayCard(card("R14")))
    assert lead.startswith("Seat 1 leads Red 14 (Low, -1): the High/Low card becomes red, Low side up")
    assert "the lowest card wins" in lead
    for name in ("R14", "R17", "R5", "W17"):
        state = apply(state, PlayCard(card(name)))
    take = describe_action(state, PlayCard(card("R10")))
    assert take.startswith("Seat 5 plays: Red 10 (Low, +2, TAKE) -- TAKE: then takes a card")
    state = apply(state, PlayCard(card("R10")))
    taking = describe_action(state, TakeCard(card("R5")))
    assert taking == (
        "Seat 5 takes Red 5 (High, -1) from Seat 3 into its score pile; Seat 3 must then play a replacement"
    )
    state = apply(state, TakeCard(card("R5")))
    assert describe_action(state, PlayCard(card("R3"))) == "Seat 3 plays a replacement: Red 3 (High, 0)"
    led_take = from_position(f"{HANDS} -/-/- -/-/- 1:- 1 0", Config(players=3))
    assert describe_action(led_take, PlayCard(card("R10"))).endswith("; a TAKE card led takes nothing")
    dealing = new_game(Config(players=3))
    assert describe_action(dealing, DealCard(card("W7"))) == "deal White 7 to Seat 1 (card 1 of 45)"


def test_a_replacement_is_told_as_one_when_the_seats_between_have_no_card() -> None:
    """A seat whose card was taken plays a replacement, even when no seat after it has a card.

    Rulebook: "Keep going clockwise and players whose cards were taken now
    play replacement cards." Seat 1 leads Red 1; Seat 2's Red 10 (TAKE) takes
    it; Seat 3's Red 13 (TAKE) takes the Red 10; Seat 1 replaces with Red 4
    (TAKE) and takes the Red 13: Seat 2 is next, with no card in front of
    Seat 3, and replaces.
    """
    state = from_position(f"{HANDS} -/-/- -/-/- 0:- 0 0", Config(players=3))
    assert not plays_replacement(state)
    for action in (
        PlayCard(card("R1")),
        PlayCard(card("R10")),
        TakeCard(card("R1")),
        PlayCard(card("R13")),
        TakeCard(card("R10")),
    ):
        state = apply(state, action)
    assert describe_action(state, PlayCard(card("R4"))).startswith("Seat 1 plays a replacement: Red 4")
    state = apply(apply(state, PlayCard(card("R4"))), TakeCard(card("R13")))
    assert state.to_play == 1
    assert state.in_front[2] is None
    assert describe_action(state, PlayCard(card("R6"))) == "Seat 2 plays a replacement: Red 6 (Low, +2)"
    (path,) = [
        path for path in action_picks(observe(state, 1), legal_actions(state)) if path[0].element == "hand-red-6"
    ]
    assert path[0].label == "play Red 6 (Low, +2) as a replacement"
    # Read back from its position (no last step), the table still shows it: the lead player replaced its lead card.
    assert plays_replacement(from_position(to_position(state), Config(players=3)))


def test_a_replacement_is_told_after_every_place_after_it_was_emptied_two_steps_back() -> None:
    """The state says a replacement is due even where the table and the last step cannot tell.

    Rulebook: "players whose cards were taken now play replacement cards."
    Seat 1 leads Red 1; Seat 2's Red 10 (TAKE) takes it; Seat 3's Red 13
    (TAKE) takes the Red 10; Seat 1 replaces with Red 4 (TAKE), taking the
    Red 13; Seat 2 replaces with Red 7 (TAKE), taking the Red 4. Seat 3 now
    replaces: no card lies after it or in front of the leader, and the last
    step (Seat 2 taking from Seat 1) names neither Seat 3 nor a seat after it,
    so a guess from the table and the last step (the rule before
    ``State.replacing``) said "plays".
    """
    config = Config(players=3)
    state = from_position(f"{HANDS} -/-/- -/-/- 0:- 0 0", config)
    for action in (
        PlayCard(card("R1")),
        PlayCard(card("R10")),
        TakeCard(card("R1")),
        PlayCard(card("R13")),
        TakeCard(card("R10")),
        PlayCard(card("R4")),
        TakeCard(card("R13")),
        PlayCard(card("R7")),
        TakeCard(card("R4")),
    ):
        state = apply(state, action)
    assert state.to_play == 2 and state.in_front == (None, card("R7"), None) and not state.taking
    assert state.replacing and plays_replacement(state) and plays_replacement(observe(state, 2))
    assert describe_action(state, PlayCard(card("R11"))) == "Seat 3 plays a replacement: Red 11 (High, +1)"
    paths = action_picks(observe(state, 2), legal_actions(state))
    (path,) = [path for path in paths if path[0].element == "hand-red-11"]
    assert path[0].label == "play Red 11 (High, +1) as a replacement"
    # The position says it too (the TURN field), and reads back the same.
    assert to_position(state).split()[4] == "2:replace"
    assert from_position(to_position(state), config) == attrs.evolve(state, recent_events=())
    after, events = step(state, PlayCard(card("R11")))
    assert events[0] == CardPlayed(2, card("R11"), replacement=True)
    assert describe_event(events[0]) == "Seat 3 played Red 11 as a replacement"
    assert after.to_play == 0 and after.replacing  # the leader's Red 4 was taken too: it replaces in turn
    done = apply(after, PlayCard(card("R2")))
    assert done.tricks == 1 and not done.replacing  # the trick is complete; the next lead is no replacement


def test_every_replacement_and_no_first_play_is_told_as_a_replacement() -> None:
    """Over seeded games of every size and variant, replacements are told as such, and nothing else is.

    A seat's play is a replacement exactly when it has already played to the
    trick (its card was taken): the action's description and pick, the
    :class:`CardPlayed` event and its sentence, the seat's view and the
    position all agree with that count, kept here independently of the rules.
    """
    replacements = firsts = leads = 0
    for seed in range(48):
        rnd = random.Random(seed)
        config = Config(
            players=3 + seed % 4,
            lock_lead=seed % 3 == 1,
            high_low_split=seed % 2 == 1,
            lead_replacement_exempt=seed % 5 == 2,
        )
        state = new_game(config, seed=seed)
        played: set[int] = set()
        while not state.over:
            legal = legal_actions(state)
            action = legal[rnd.randrange(len(legal))]
            if not isinstance(action, PlayCard):
                state = apply(state, action)
                continue
            seat = state.to_play
            if state.high_low is None:
                played = set()
                leads += 1
            replacing = seat in played
            view = observe(state, seat)
            assert plays_replacement(state) is replacing is plays_replacement(view) is state.replacing
            text = describe_action(state, action)
            label = action_picks(view, (action,))[0][-1].label
            after, events = step(state, action)
            played.add(seat)
            if state.high_low is None:
                assert not isinstance(events[0], CardPlayed)
                state = after
                continue
            event = events[0]
            assert isinstance(event, CardPlayed) and event.seat == seat
            assert event.replacement is replacing
            assert text.startswith(f"Seat {seat + 1} {'plays a replacement:' if replacing else 'plays:'} ")
            assert label.endswith(" as a replacement") is replacing
            assert describe_event(event).endswith(" as a replacement") is replacing
            assert (":replace" in to_position(state).split()[4]) is replacing
            if replacing:
                replacements += 1
            else:
                firsts += 1
            state = after
    assert leads > 300
    assert firsts > 1000
    assert replacements > 100


def _states(config: Config, seed: int | None) -> list[State]:
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    states = [state]
    while not state.over:
        if current_player(state) == CHANCE:
            options = chance_outcomes(state)
            action = options[rnd.randrange(len(options))][0]
        else:
            legal = legal_actions(state)
            action = legal[rnd.randrange(len(legal))]
        state = apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("config", [Config(players=3), Config(players=6, lock_lead=True, high_low_split=True)])
def test_the_board_shows_the_table_within_the_width(config: Config) -> None:
    for state in _states(config, None)[::7]:
        board = render_text(state)
        assert max(map(len, board.splitlines())) <= WIDTH
        for seat, hand in enumerate(state.hands):
            for held in hand:
                assert describe_card(config.deck, held) in board
            view = observe(state, seat)
            seen = render_text(view)
            assert max(map(len, seen.splitlines())) <= WIDTH
            assert f"Seat {seat + 1} (you)" in seen
            for other, other_hand in enumerate(state.hands):
                for held in other_hand:
                    shown = describe_card(config.deck, held) in seen or re.search(rf"dealt {held}\b", seen) is not None
                    assert shown == (other == seat), (other, held)


def test_the_board_announces_the_trick_just_won() -> None:
    state = example_deal(Config(players=5, high_low_split=True))
    for action in (
        PlayCard(card("R14")),
        PlayCard(card("R17")),
        PlayCard(card("R5")),
        PlayCard(card("W17")),
        PlayCard(card("R10")),
    ):
        state = apply(state, action)
    board = render_text(observe(state, 0))
    assert "trick 1, Seat 5 must take a card" in board
    assert (
        "High/Low card: red, Low side up (follow red; the lowest card wins)\n"
        "Lead card: Red 14 (Low, -1), led by Seat 1\n" in board
    )
    assert "  in front: Red 10 (Low, +2, TAKE)" in board
    state = apply(apply(state, TakeCard(card("R5"))), PlayCard(card("R3")))
    board = render_text(observe(state, 3))
    assert "Seat 3 won trick 1 with Red 3, the lowest card" in board
    assert "Seat 3, leader <- to play" in board
    assert "score pile (3 cards, 2 points): Red 17 · Red 3 · White 17" in board
    assert "HighLowCard(" not in board


def test_a_finished_game_reads_right() -> None:
    state = _states(Config(players=4), 5)[-1]
    result = outcome(state)
    text = describe_outcome(result)
    first = result.winners[0]
    assert text.splitlines()[0] == (
        f"1st: Seat {first + 1}, {result.scores[first]} points ({result.cards_collected[first]} cards collected)"
    )
    assert text.splitlines()[-1] == f"Seat {first + 1} wins."
    board = render_text(state)
    assert "game over after" in board and f"Seat {first + 1} wins" in board
    assert GAME.describe_outcome is describe_outcome and GAME.render_text is render_text


def test_ties_share_a_place_or_go_to_the_most_cards() -> None:
    shared = Outcome(scores=(3, 3, 1), cards_collected=(5, 5, 9), ranks=(0, 0, 2), winners=(0, 1))
    assert describe_outcome(shared).splitlines() == [
        "1st (tied): Seat 1, 3 points (5 cards collected)",
        "1st (tied): Seat 2, 3 points (5 cards collected)",
        "3rd: Seat 3, 1 point (9 cards collected)",
        "Seat 1 and Seat 2 share the win: tied on points and on cards collected.",
    ]
    broken = Outcome(scores=(3, 3, -1), cards_collected=(5, 7, 1), ranks=(1, 0, 2), winners=(1,))
    assert describe_outcome(broken).splitlines() == [
        "1st: Seat 2, 3 points (7 cards collected)",
        "2nd: Seat 1, 3 points (5 cards collected)",
        "3rd: Seat 3, -1 point (1 card collected)",
        "Seat 2 wins: tied on points with Seat 1, it collected the most cards.",
    ]
