"""Rules of Día de los Muertos, one test per rule sentence."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

import attrs
import pytest

from ofrenda_rules import CHANCE, TERMINAL, IllegalActionError
from ofrenda_rules.dia_de_los_muertos import (
    HAND_SIZES,
    Card,
    Config,
    DealCard,
    HighLowCard,
    Mark,
    PlayCard,
    State,
    Suit,
    TakeCard,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
    outcome,
    score,
    validate,
)
from ofrenda_rules.errors import ConfigError, GameNotOverError
from tests.dia_de_los_muertos.helpers import card, cards, deal, fill


def play(state: State, *texts: str) -> State:
    """Apply a sequence of plays (``"R14"``) and takes (``"take R14"``)."""
    for text in texts:
        if text.startswith("take "):
            state = apply(state, TakeCard(card(text[5:])))
        else:
            state = apply(state, PlayCard(card(text)))
    return state


def three_player(
    *partial: list[Card], avoid: dict[int, Suit] | None = None, lock_lead: bool = False, high_low_split: bool = False
) -> State:
    config = Config(players=3, lock_lead=lock_lead, high_low_split=high_low_split)
    return deal(config, fill(config, list(partial), avoid=avoid))


@pytest.mark.parametrize(("players", "size"), [(3, 15), (4, 12), (5, 11), (6, 10)])
def test_deal_sizes_by_player_count(players: int, size: int) -> None:
    """'3 players: 15 cards per player; 4: 12; 5: 11; 6: 10.'"""
    state = new_game(Config(players=players), seed=5)
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.stock) == 60 - players * size
    assert HAND_SIZES[players] == size


@pytest.mark.parametrize("players", [0, 1, 2, 7, True])
def test_unsupported_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ConfigError, match="3 to 6 players"):
        Config(players=players)


def test_unseeded_deal_is_a_chance_event_with_uniform_outcomes() -> None:
    state = new_game(Config(players=4))
    assert current_player(state) == CHANCE
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 60
    assert {p for _, p in outcomes} == {Fraction(1, 60)}
    state = apply(state, DealCard(card("R14")))
    assert state.hands[0] == (card("R14"),)
    assert DealCard(card("R14")) not in legal_actions(state)
    rejection = validate(state, DealCard(card("R14")))
    assert rejection is not None and rejection.code == "card-not-in-stock"


def test_player_left_of_dealer_leads_the_first_trick() -> None:
    """'The player to the left of the dealer leads to the first trick.' (seat 0, dealt first)"""
    state = new_game(Config(players=6), seed=1)
    assert current_player(state) == 0
    assert state.leader == 0


def test_lead_sets_the_high_low_card_from_its_colour_and_arrow() -> None:
    """'He takes the High/Low card matching the color of the played card ... High or Low side up.'"""
    state = three_player(cards("B1"))  # Black 1 is marked High
    state = play(state, "B1")
    assert state.high_low == HighLowCard(Suit.BLACK, Mark.HIGH)
    assert state.lead_card == card("B1")


def test_players_must_follow_the_colour_led_if_possible() -> None:
    """'Players must play a card matching the color of the first card played if possible.'"""
    state = three_player(cards("R1"), cards("R2", "B2"))
    state = play(state, "R1")
    assert all(a.card.suit is Suit.RED for a in legal_actions(state) if isinstance(a, PlayCard))
    rejection = validate(state, PlayCard(card("B2")))
    assert rejection is not None and rejection.code == "must-follow-colour"
    with pytest.raises(IllegalActionError, match="must follow the red lead"):
        apply(state, PlayCard(card("B2")))


def test_a_player_void_in_the_colour_led_may_play_any_card() -> None:
    state = three_player(cards("R1"), [], avoid={1: Suit.RED})
    state = play(state, "R1")
    assert len(legal_actions(state)) == 15


def test_only_the_number_decides_and_ties_go_closest_clockwise_to_the_lead() -> None:
    """'Only the number matters ... If there is a tie ... the closest card clockwise to the lead player wins.'"""
    # Black 17 is High: the highest card wins. Seat 1 void in black plays the White 20;
    # seat 2 plays the Black 20. Tie on 20: seat 1 is closer clockwise to the lead (seat 0).
    state = three_player(cards("B17"), cards("W20"), cards("B20"), avoid={1: Suit.BLACK})
    state = play(state, "B17", "W20", "B20")
    assert set(state.piles[1]) == set(cards("B17", "W20", "B20"))
    assert state.leader == 1 and current_player(state) == 1


def test_low_lead_makes_the_lowest_card_win() -> None:
    state = three_player(cards("R14"), cards("R2"), cards("R9"))  # Red 14 is Low
    state = play(state, "R14", "R2", "R9")
    assert set(state.piles[1]) == set(cards("R14", "R2", "R9"))


def test_take_card_takes_a_played_card_into_the_score_pile() -> None:
    """'When a Take card is played, the person playing the card MUST choose any card which has
    previously been played and immediately takes it into their score pile.'"""
    state = three_player(cards("R1"), cards("R4"), cards("R2"))  # Red 4 is a TAKE card
    state = play(state, "R1", "R4")
    assert state.taking and current_player(state) == 1
    assert legal_actions(state) == (TakeCard(card("R1")),)
    rejection = validate(state, PlayCard(card("R2")))
    assert rejection is not None and rejection.code == "take-pending"
    state = play(state, "take R1")
    assert state.piles[1] == (card("R1"),)
    assert state.in_front[0] is None


def test_take_card_may_not_take_its_own_card() -> None:
    """'He may NOT take his own just played card for scoring.'"""
    state = play(three_player(cards("R1"), cards("R4"), cards("R2")), "R1", "R4")
    rejection = validate(state, TakeCard(card("R4")))
    assert rejection is not None and rejection.code == "take-own-card"


def test_a_led_take_card_takes_nothing() -> None:
    """'If a TAKE card is the initial card played no card is taken.'"""
    state = play(three_player(cards("R4"), cards("R1"), cards("R2")), "R4")
    assert not state.taking
    assert current_player(state) == 1


def test_replacements_are_played_clockwise_until_everyone_has_a_card() -> None:
    """'Players whose cards were taken now play replacement cards ... Keep going clockwise until
    everyone has a card in front of them.' TAKEs among replacements chain."""
    # Seat 1 takes seat 0's lead; seat 2 plays; seat 0 replaces with a TAKE (Red 7)
    # and takes seat 2's card; seat 2 replaces; the trick is then complete.
    state = three_player(cards("R1", "R7"), cards("R4"), cards("R2", "R3"))
    state = play(state, "R1", "R4", "take R1")
    assert current_player(state) == 2  # everyone plays a first card before replacements
    state = play(state, "R2")
    assert current_player(state) == 0  # the replacement
    state = play(state, "R7")
    assert legal_actions(state) == (TakeCard(card("R4")), TakeCard(card("R2")))
    state = play(state, "take R2")
    assert current_player(state) == 2
    state = play(state, "R3")
    assert state.tricks == 1
    # Lead Red 1 was Low: the lowest card now in front (Red 3 of seat 2) wins the three cards.
    assert set(state.piles[2]) == set(cards("R7", "R4", "R3"))
    assert state.piles[0] == (card("R2"),)
    assert state.piles[1] == (card("R1"),)


def test_high_low_card_stays_when_the_lead_card_is_taken() -> None:
    state = play(three_player(cards("R1", "R20"), cards("R4"), cards("R2")), "R1", "R4", "take R1", "R2")
    assert state.high_low == HighLowCard(Suit.RED, Mark.LOW)
    assert current_player(state) == 0
    # The replacement must still follow the colour led: seat 0's only red card is the Red 20.
    assert legal_actions(state) == (PlayCard(card("R20")),)


def test_lock_variant_protects_the_lead_card() -> None:
    """'This lead card cannot be captured via a TAKE card. If the second card played is a Take card,
    no card is taken...the first card is locked.'"""
    state = play(three_player(cards("R1"), cards("R4"), cards("R2"), lock_lead=True), "R1", "R4")
    assert not state.taking
    assert current_player(state) == 2
    state = play(state, "R2")
    assert state.tricks == 1


def test_lock_variant_take_targets_exclude_the_lead() -> None:
    state = play(three_player(cards("R1"), cards("R2"), cards("R4"), lock_lead=True), "R1", "R2", "R4")
    assert legal_actions(state) == (TakeCard(card("R2")),)
    rejection = validate(state, TakeCard(card("R1")))
    assert rejection is not None and rejection.code == "take-locked-lead"


def test_advanced_game_splits_by_mark_and_the_high_low_card_picks_the_next_leader() -> None:
    """'All cards marked as "H" are collected by the player with the highest card ... "L" by the lowest.'"""
    # Black 1 (H) leads: High side. Seat 1 plays the Black 20 (L, the highest card),
    # seat 2 the Black 2 (L). The lowest card is the lead's own Black 1.
    state = play(three_player(cards("B1"), cards("B20"), cards("B2"), high_low_split=True), "B1", "B20", "B2")
    assert state.piles[1] == (card("B1"),)  # the only H card, to the highest card's player
    assert state.piles[0] == tuple(cards("B20", "B2"))  # the L cards, to the lowest card's player
    assert state.leader == 1  # the High/Low card shows High: the highest card's player leads


def test_the_game_stops_when_a_player_due_to_play_has_no_cards() -> None:
    """'When a player is due to play a card and has no cards remaining in hand stop the trick in progress.
    Any cards in players' hands or in front of a player are ignored and set aside.'"""
    dealt = new_game(Config(players=3), seed=3)
    late = attrs.evolve(dealt, hands=(tuple(cards("R1")), tuple(cards("R4")), tuple(cards("R2", "R3"))))
    state = play(late, "R1", "R4", "take R1", "R2")
    # Seat 0 must replace its taken Red 1 but has no card left: the game stops.
    assert state.over and current_player(state) == TERMINAL
    assert legal_actions(state) == ()
    assert state.piles == ((), (card("R1"),), ())
    assert state.set_aside == tuple(cards("R2", "R3", "R4"))
    assert all(hand == () for hand in state.hands)
    assert all(c is None for c in state.in_front)
    assert outcome(state).scores == (0, 1, 0)


def test_a_full_game_without_takes_lasts_one_trick_per_card() -> None:
    state = new_game(Config(players=3), seed=8)
    while current_player(state) != TERMINAL:
        state = apply(state, legal_actions(state)[-1])
    assert state.over
    total = sum(len(p) for p in state.piles) + len(state.set_aside)
    assert total == 45


def test_outcome_ties_go_to_most_cards_collected_then_shared() -> None:
    """'If multiple players tie for the highest score, the one who collected the most total cards wins.'"""
    state = new_game(Config(players=3), seed=2)
    piles = (tuple(cards("R1", "R8")), tuple(cards("R11")), tuple(cards("R13")))  # 1+0, 1, 1
    finished = attrs.evolve(state, piles=piles, over=True)
    result = outcome(finished)
    assert result.scores == (1, 1, 1)
    assert result.winners == (0,)
    assert result.ranks == (0, 1, 1)
    shared = attrs.evolve(finished, piles=(piles[1], piles[2], ()))
    assert outcome(shared).winners == (0, 1)


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(GameNotOverError):
        outcome(new_game(Config(), seed=1))


def test_score_counts_points_in_score_piles() -> None:
    state = attrs.evolve(new_game(Config(players=3), seed=1), piles=(tuple(cards("R6", "R2")), (), ()))
    assert score(state) == (2 - 1, 0, 0)


def test_actions_after_the_end_are_rejected() -> None:
    state = new_game(Config(players=3), seed=8)
    while current_player(state) != TERMINAL:
        state = apply(state, legal_actions(state)[0])
    rejection = validate(state, PlayCard(card("R1")))
    assert rejection is not None and rejection.code == "game-over"


@pytest.mark.parametrize(
    "action",
    ["nonsense", None, PlayCard(cast(Any, "R14")), TakeCard(cast(Any, 14)), DealCard(cast(Any, ("red", 14)))],
)
def test_something_that_is_not_an_action_is_rejected_with_the_typed_error(action: Any) -> None:
    state = new_game(Config(players=3), seed=1)
    rejection = validate(state, action)
    assert rejection is not None and rejection.code == "not-an-action"
    with pytest.raises(IllegalActionError, match="is not a Día de los Muertos action"):
        apply(state, action)
