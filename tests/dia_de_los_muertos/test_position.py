"""Positions of Día de los Muertos: hand-written examples, and every kind of impossible position refused."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos import (
    Config,
    DealCard,
    HighLowCard,
    Mark,
    PlayCard,
    Suit,
    TakeCard,
    apply,
    current_player,
    from_position,
    legal_actions,
    new_game,
    to_position,
)
from ofrenda_rules.errors import FormatError, PositionError
from tests.dia_de_los_muertos.helpers import card, cards
from tests.dia_de_los_muertos.test_rulebook_example import example_deal

THREE = Config(players=3)
HANDS3 = (
    "B1B2B3B4B5R1R2R3R4R5W1W2W3W4W5/B6B7B8B9B10R6R7R8R9R10W6W7W8W9W10/B11B12B13B14B15R11R12R13R14R15W11W12W13W14W15"
)
START3 = f"{HANDS3} -/-/- -/-/- 0:- 0 0"


def test_a_given_deal_and_lead_seat() -> None:
    """A hand-written deal, seat 2 to lead: the 15 cards left out are the stock."""
    state = from_position(f"{HANDS3} -/-/- -/-/- 2:- 2 0", THREE)
    assert state.hands[0] == tuple(cards(*(f"{suit}{n}" for suit in "BRW" for n in range(1, 6))))
    assert len(state.stock) == 15 and card("B16") in state.stock
    assert state.dealt == 45
    assert current_player(state) == 2
    assert legal_actions(state) == tuple(PlayCard(c) for c in state.hands[2])
    assert state.rng is None


def test_hands_are_read_in_any_order_and_written_sorted_with_any_spacing() -> None:
    shuffled = HANDS3.replace("B1B2B3B4B5R1", "R1B5B4B3B2B1")
    state = from_position(f"  {shuffled}\t-/-/-  -/-/- 0:-\n0 0 ", THREE)
    assert to_position(state) == START3


def test_lowercase_is_not_the_notation() -> None:
    with pytest.raises(PositionError, match="not a group of cards"):
        from_position(START3.lower(), THREE)


def test_the_rulebook_example_trick_with_a_take_pending() -> None:
    """'Red 14 (L-1) ... Red 17 (H+1) ... Red 5 ... White 17 ... Red 10 (L+2) TAKE': seat 4 must take."""
    config = Config(players=5, high_low_split=True)
    dealt = example_deal(config)
    hands = to_position(dealt).split()[0]
    played = {"R14": 0, "R17": 1, "R5": 2, "W17": 3, "R10": 4}
    for name in played:
        hands = hands.replace(name, "", 1)
    text = f"{hands} R14/R17/R5/W17/R10 -/-/-/-/- 0:R14 4:take 0 voids=-/-/-/R/-"  # W17 did not follow red
    state = from_position(text, config)
    expected = dealt
    for name in played:
        expected = apply(expected, PlayCard(card(name)))
    assert state == attrs.evolve(expected, recent_events=())  # positions leave events out
    assert state.high_low == HighLowCard(Suit.RED, Mark.LOW)
    assert legal_actions(state) == tuple(TakeCard(c) for c in cards("R14", "R17", "R5", "W17"))
    after = apply(state, TakeCard(card("R5")))
    expected_fields = ["R14/R17/-/W17/R10", "-/-/-/-/R5", "0:R14", "2:replace", "0", "voids=-/-/-/R/-"]
    assert to_position(after).split()[1:] == expected_fields  # seat 2 replaces the Red 5 taken


def test_a_chance_pending_position_during_the_deal() -> None:
    """Five cards dealt one at a time from seat 0: seat 0 holds two, the others one; the deal goes on."""
    state = from_position("R14W3/B20/R1/B5 -/-/-/- -/-/-/- 0:- 0 0", Config(players=4))
    assert current_player(state) == CHANCE
    assert state.dealt == 5 and len(state.stock) == 55
    expected = new_game(Config(players=4))
    for name in ("R14", "B20", "R1", "B5", "W3"):
        expected = apply(expected, DealCard(card(name)))
    assert state == attrs.evolve(expected, recent_events=())
    assert DealCard(card("R14")) not in legal_actions(state)


def test_a_finished_game_with_cards_set_aside_and_a_generator() -> None:
    state = new_game(Config(players=3), seed=5)
    while current_player(state) >= 0:
        state = apply(state, legal_actions(state)[0])
    text = to_position(state)
    assert " over:" in text and text.endswith(f"rng={state.rng.seed}:{state.rng.counter}")  # type: ignore[union-attr]
    assert from_position(text, state.config) == attrs.evolve(state, recent_events=())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B1B1/-/- -/-/- -/-/- 0:- 0 0", "B1 appears twice in hand 0"),
        (f"{HANDS3} -/-/- B1/-/- 0:- 0 0", "B1 appears in hand 0 and in pile 0"),
        ("G5/-/- -/-/- -/-/- 0:- 0 0", "hand 0: 'G5' is not a group of cards"),
        ("R21/-/- -/-/- -/-/- 0:- 0 0", "hand 0: 'R21' is not a group of cards"),
        ("-/- -/-/- -/-/- 0:- 0 0", "HANDS: 2 seats given, the game has 3"),
        ("R1/-/W2 -/-/- -/-/- 0:- 0 0", "hand 1 holds 0 cards, but after 2 cards dealt"),
        (f"{HANDS3}B16 -/-/- -/-/- 0:- 0 0", "46 cards are placed, but a 3-player game deals only 45"),
        (f"{HANDS3.replace('B1B2', 'B2')} -/-/- -/-/- 0:- 0 0", "hand 0 holds 14 cards, but after 44 cards dealt"),
        (f"{HANDS3} -/-/- -/-/- 0:- 3 0", "TURN: '3' is not a seat"),
        (f"{HANDS3} -/-/- -/-/- 0:- 1 0", r"before the lead the seat to play \(1\) is the leader \(0\)"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0:fast 0", "TURN: '0:fast' is not a seat"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 x", "TRICKS: 'x' is not a count"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 1", "hand 0 holds 15 cards, but after 1 tricks it holds at most 14"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 0 rng=1:99999999999999999999", "must be below 2\\*\\*64"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 0 rng=1", "rng: '1' is not 'SEED:COUNTER'"),
        ("R14W3/B20/R1 -/-/- -/-/- 0:- 0 0 rng=1:0", "a seeded game is dealt at once"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 0 extra", "a position has 6 fields"),
        (f"{HANDS3} -/-/- -/-/- 0:- 0 0 over:-", "a finished game has no cards in hand"),
    ],
)
def test_impossible_positions_are_refused_with_their_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text, THREE)


def _trick(front: str, lead: str, turn: str, *, lock: bool = False, piles: str = "-/-/-") -> str:
    """The 3-player deal above with the cards in ``front`` played from the hands."""
    hands = HANDS3
    for name in [*front.split("/"), *piles.split("/")]:
        if name != "-":
            hands = hands.replace(name, "", 1)
    return f"{hands} {front} {piles} {lead} {turn} 0"


def test_a_trick_in_progress_is_read() -> None:
    state = from_position(_trick("R3/R7/-", "0:R3", "2"), THREE)
    assert state.high_low == HighLowCard(Suit.RED, Mark.HIGH)
    assert legal_actions(state) == tuple(PlayCard(c) for c in cards("R11", "R12", "R13", "R14", "R15"))


@pytest.mark.parametrize(
    ("text", "config", "message"),
    [
        (_trick("R3/R7/-", "0:R5", "2"), THREE, "the lead card R5 must be in front of, or taken into a pile from,"),
        (_trick("R3/R7/-", "0:-", "2"), THREE, "cards are in front but no lead card is given"),
        (_trick("R3/R7/-", "0:R3", "1"), THREE, "seat 1 is due to play but already has R7 in front"),
        (_trick("R3/R6/-", "0:R3", "1:take"), THREE, "seat 1 must take, but has no TAKE card in front"),
        (_trick("-/R7/-", "0:R3", "2", piles="-/R3/-"), Config(players=3, lock_lead=True), "locked in front of"),
        (_trick("R3/R6/-", "0:R3", "2", piles="R1/-/-"), THREE, "the piles hold 1 cards, but 0 tricks collect 0"),
        (_trick("R3/R7/-", "0:R3", "2") + " over:-", THREE, "a finished game has no cards in hand"),
    ],
)
def test_impossible_tricks_are_refused(text: str, config: Config, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text, config)


def test_a_taken_lead_card_and_the_leaders_replacement_are_possible() -> None:
    """Seat 1 took the lead Red 3 with its Red 7 TAKE; seat 2 followed, and the leader plays again."""
    text = _trick("-/R7/R11", "0:R3", "0:replace", piles="-/R3/-")
    state = from_position(text, THREE)
    assert current_player(state) == 0
    assert to_position(state) == text


def test_position_errors_are_format_errors_and_long_text_is_refused_before_parsing() -> None:
    assert issubclass(PositionError, FormatError)
    with pytest.raises(PositionError, match="at most 4096 characters, not 5000"):
        from_position("x" * 5000, THREE)


def test_a_replacement_due_is_written_in_the_turn_and_checked_against_the_table() -> None:
    """``SEAT:replace`` when the seat due replaces its taken card; a first-round play never has a later card played.

    Rulebook: "Keep going clockwise and players whose cards were taken now play replacement cards."
    """
    # Seat 1 took the lead Red 3 with its Red 7 TAKE; seat 2 followed: the leader replaces.
    replacing = _trick("-/R7/R11", "0:R3", "0:replace", piles="-/R3/-")
    assert from_position(replacing, THREE).replacing
    with pytest.raises(PositionError, match=r"the leader, seat 0, plays again only to replace .*write 0:replace"):
        from_position(_trick("-/R7/R11", "0:R3", "0", piles="-/R3/-"), THREE)
    # Seat 2 took seat 1's card: seat 1 replaces, since seat 2 played after it.
    with pytest.raises(PositionError, match=r"seat 2 has played after seat 1, so seat 1 plays a replacement"):
        from_position(_trick("R3/-/R7", "0:R3", "1", piles="-/-/R11"), THREE)
    assert from_position(_trick("R3/-/R7", "0:R3", "1:replace", piles="-/-/R11"), THREE).to_play == 1
    # No replacement before the lead, and a mark that is not one is refused.
    with pytest.raises(PositionError, match="cannot play a replacement before the lead"):
        from_position(START3.replace(" 0:- 0 0", " 0:- 0:replace 0"), THREE)
    with pytest.raises(PositionError, match="':take', ':replace' or ':replace:take'"):
        from_position(START3.replace(" 0:- 0 0", " 0:- 0:take:replace 0"), THREE)
