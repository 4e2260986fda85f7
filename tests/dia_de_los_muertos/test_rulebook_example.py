"""The rulebook's example trick (Expanded Game Variants, Advanced Game), step by step."""

from __future__ import annotations

import attrs

from ofrenda_rules.dia_de_los_muertos import (
    Config,
    HighLowCard,
    Mark,
    PlayCard,
    State,
    Suit,
    TakeCard,
    apply,
    current_player,
    legal_actions,
    score,
    trick_winners,
)
from tests.dia_de_los_muertos.helpers import card, cards, deal, fill


def example_deal(config: Config) -> State:
    """Seat 0 holds the Red 14, seat 1 the Red 17, seat 2 the Red 5 and Red 3, seat 3
    the White 17 and no red card, seat 4 the Red 10 (a TAKE card)."""
    partial = [cards("R14"), cards("R17"), cards("R5", "R3"), cards("W17"), cards("R10")]
    return deal(config, fill(config, partial, avoid={3: Suit.RED}))


def test_example_trick_in_the_advanced_game() -> None:
    """'The Red 17 is the highest card ... and collects the Red 17, Red 3, and Green 17 (+2).
    The Red 3 is the lowest card and collects the Red 14 and the Red 10 (+1).'

    The printed "Green 17" is read as the White 17 (the Flower suit, whose
    High/Low card is turquoise). The TAKE is reproduced: the Red 10 takes a Red 5
    and that player replaces it with the Red 3.
    """
    config = Config(players=5, high_low_split=True)
    state = example_deal(config)
    assert current_player(state) == 0

    state = apply(state, PlayCard(card("R14")))
    assert state.high_low == HighLowCard(Suit.RED, Mark.LOW)  # "High/Low card is Red/Low"
    state = apply(state, PlayCard(card("R17")))
    state = apply(state, PlayCard(card("R5")))
    # Seat 3 holds no red card, so may play the White 17.
    assert PlayCard(card("W17")) in legal_actions(state)
    state = apply(state, PlayCard(card("W17")))
    state = apply(state, PlayCard(card("R10")))  # a TAKE card
    assert current_player(state) == 4 and state.taking
    assert legal_actions(state) == tuple(TakeCard(c) for c in cards("R14", "R17", "R5", "W17"))
    state = apply(state, TakeCard(card("R5")))
    # The player whose card was taken plays a replacement.
    assert current_player(state) == 2
    before = state
    state = apply(state, PlayCard(card("R3")))

    # Cards played clockwise from the lead: Red 14, Red 17, Red 3, White 17, Red 10.
    full_trick = before.in_front[:2] + (card("R3"),) + before.in_front[3:]
    assert full_trick == tuple(cards("R14", "R17", "R3", "W17", "R10"))
    assert trick_winners(attrs.evolve(before, in_front=full_trick)) == (1, 2)
    assert set(state.piles[1]) == set(cards("R17", "R3", "W17"))
    assert score(state)[1] == 2
    assert set(state.piles[2]) == set(cards("R14", "R10"))
    assert score(state)[2] == 1
    assert state.piles[4] == (card("R5"),)
    # "The High/Low card determines whether the High or Low winning player leads": Low.
    assert state.leader == 2 and current_player(state) == 2
    assert state.tricks == 1


def test_same_trick_in_the_standard_game_goes_to_the_lowest_card() -> None:
    """'The highest or lowest card played (based on the initial card led ...) collects all cards.'"""
    config = Config(players=5)
    state = example_deal(config)
    for action in (
        PlayCard(card("R14")),
        PlayCard(card("R17")),
        PlayCard(card("R5")),
        PlayCard(card("W17")),
        PlayCard(card("R10")),
        TakeCard(card("R5")),
        PlayCard(card("R3")),
    ):
        state = apply(state, action)
    assert set(state.piles[2]) == set(cards("R14", "R17", "R3", "W17", "R10"))
    assert score(state)[2] == -1 + 1 + 0 + 1 + 2
    assert state.leader == 2
