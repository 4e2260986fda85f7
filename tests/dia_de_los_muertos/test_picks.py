"""Día de los Muertos' moves as picks: a card, and its colour first when there are more than a dozen to choose from."""

from __future__ import annotations

import re

import pytest

from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Config,
    PlayCard,
    Suit,
    from_position,
    legal_actions,
    new_game,
    observe,
    render_svg,
)
from ofrenda_rules.dia_de_los_muertos.picks import MENU, action_picks, hand_id, suit_id
from ofrenda_rules.picks import Pick, PickTree, picks_of
from tests.dia_de_los_muertos.helpers import card

# Seat 1 holds thirteen red cards, a black and a white one, and leads.
RED_HAND = (
    "R1R2R3R4R5R6R7R8R9R10R11R12R13B1W1/B2B3B4B5B6B7B8B9B10B11B12B13B14B15B16/W2W3W4W5W6W7W8W9W10W11W12W13W14W15W16"
)


def _widest(tree: PickTree[object]) -> int:
    """The most choices any step of ``tree`` offers (walking every path, bounded by the tree)."""
    widest = 0
    stack: list[tuple[Pick, ...]] = [()]
    budget = 10 * sum(len(path) for path in tree.paths) + 1
    while stack:
        budget -= 1
        assert budget > 0
        prefix = stack.pop()
        options = tree.choices(prefix)
        widest = max(widest, len(options))
        stack.extend((*prefix, option) for option in options)
    return widest


def test_a_fifteen_card_lead_is_picked_by_colour_then_card() -> None:
    """A 3-player hand holds 15 cards: "3 players: 15 cards per player". The colour comes first, then the card."""
    state = new_game(Config(players=3), seed=7)
    seat = state.to_play
    hand = state.hands[seat]
    assert len(legal_actions(state)) == len(hand) == 15
    tree = picks_of(GAME, state)
    colours = tree.choices(())
    assert [pick.element for pick in colours] == [suit_id(suit) for suit in Suit if any(c.suit is suit for c in hand)]
    checked = 0
    for colour in colours:
        suit = colour.element.removeprefix("hand-") if colour.element else ""
        held = [c for c in hand if c.suit.value == suit]
        assert colour.label == f"{suit.capitalize()} cards ({len(held)})"
        assert [pick.element for pick in tree.choices((colour,))] == [hand_id(c) for c in held]
        for held_card in held:
            assert tree.action((colour, tree.choices((colour,))[held.index(held_card)])) == PlayCard(held_card)
            checked += 1
    assert checked == 15
    assert _widest(tree) <= MENU
    ids = set(re.findall(r' id="([^"]+)"', render_svg(observe(state, seat))))
    assert tree.elements() <= ids  # every colour group and card is drawn with its id


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_hand_of_a_dozen_or_fewer_is_one_pick(players: int) -> None:
    state = new_game(Config(players=players), seed=7)
    paths = action_picks(observe(state, state.to_play), legal_actions(state))
    assert len(paths) == Config(players=players).hand_size <= MENU
    assert all(
        len(path) == 1 and path[0].element == hand_id(action.card)
        for path, action in zip(paths, legal_actions(state), strict=True)
        if isinstance(action, PlayCard)
    )


def test_following_the_colour_led_needs_no_colour_pick() -> None:
    """Only the cards of the colour led may be played when the seat holds one: here one card, one pick."""
    state = from_position(f"{RED_HAND.replace('W2', '', 1)} -/-/W2 -/-/- 2:W2 0 0", Config(players=3))
    (path,) = action_picks(observe(state, 0), legal_actions(state))
    assert path == (Pick("play White 1 (High, +1)", "hand-white-1"),)


def test_a_seat_void_in_the_colour_led_picks_among_its_whole_hand() -> None:
    """Seat 3 holds no black card and may play any of its 15 white cards: White (forced), a half, then the card."""
    state = from_position(f"{RED_HAND.replace('B2', '', 1)} -/B2/- -/-/- 1:B2 2 0", Config(players=3))
    tree = picks_of(GAME, state)
    (white,) = tree.choices(())
    assert white == Pick("White cards (15)", "hand-white") and tree.forced(()) == white
    assert tree.choices((white,)) == (Pick("White 1 to 10 (9)"), Pick("White 11 to 20 (6)"))
    assert _widest(tree) <= MENU


def test_a_colour_of_more_than_a_dozen_cards_is_split_into_its_low_and_high_numbers() -> None:
    """Thirteen red cards in hand: Red, then "Red 1 to 10" or "Red 11 to 20" (off the table), then the card."""
    state = from_position(f"{RED_HAND} -/-/- -/-/- 0:- 0 0", Config(players=3))
    tree = picks_of(GAME, state)
    red = Pick("Red cards (13)", "hand-red")
    assert tree.choices(()) == (Pick("Black cards (1)", "hand-black"), red, Pick("White cards (1)", "hand-white"))
    low, high = Pick("Red 1 to 10 (10)"), Pick("Red 11 to 20 (3)")
    assert tree.choices((red,)) == (low, high)
    assert [pick.element for pick in tree.choices((red, high))] == ["hand-red-11", "hand-red-12", "hand-red-13"]
    assert tree.action((red, low, Pick("play Red 4 (Low, +1, TAKE)", "hand-red-4"))) == PlayCard(card("R4"))
    assert _widest(tree) <= MENU
    assert len(tree.paths) == 15
