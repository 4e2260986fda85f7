"""Helpers to build Día de los Muertos positions through explicit chance outcomes."""

from __future__ import annotations

from collections.abc import Sequence

from ofrenda_rules.dia_de_los_muertos import (
    Card,
    Config,
    DealCard,
    State,
    Suit,
    apply,
    new_game,
)

R, B, W = Suit.RED, Suit.BLACK, Suit.WHITE


def card(text: str) -> Card:
    """``"R14"`` is the Red 14, ``"B3"`` the Black 3, ``"W17"`` the White 17."""
    suit = {"R": R, "B": B, "W": W}[text[0]]
    return Card(suit, int(text[1:]))


def cards(*texts: str) -> list[Card]:
    return [card(t) for t in texts]


def deal(config: Config, hands: Sequence[Sequence[Card]]) -> State:
    """Deal exactly ``hands`` with DealCard chance outcomes, one card at a time clockwise from seat 0.

    Hands may be partial: the rest of each hand is filled from the remaining
    cards in deck order, skipping suits the hand must not hold (a hand given
    with a trailing ``None``-free list keeps its suits as listed: see ``fill``).
    """
    state = new_game(config)
    size = config.hand_size
    for index in range(size * config.players):
        seat, position = index % config.players, index // config.players
        state = apply(state, DealCard(hands[seat][position]))
    return state


def fill(config: Config, partial: Sequence[Sequence[Card]], avoid: dict[int, Suit] | None = None) -> list[list[Card]]:
    """Complete partial hands to full size from unused cards, keeping ``avoid[seat]`` suits out of that hand."""
    avoid = avoid or {}
    used = {c for hand in partial for c in hand}
    pool = [c for c in config.deck.deck if c not in used]
    hands = [list(hand) for hand in partial] + [[] for _ in range(config.players - len(partial))]
    for seat, hand in enumerate(hands):
        while len(hand) < config.hand_size:
            pick = next(c for c in pool if c.suit is not avoid.get(seat))
            pool.remove(pick)
            hand.append(pick)
    return hands
