"""The transitions of Día de los Muertos, each building the next state once.

These functions assume the action is legal (``rules.apply`` checks first):
each takes the position of the card concerned (in the stock, in the hand or
in front of the victim), works on plain tuples with the configuration's
:mod:`~ofrenda_rules.dia_de_los_muertos.tables`, and constructs exactly one
:class:`~ofrenda_rules.dia_de_los_muertos.State`, whatever happens in the
step (a card played, play passed on, a trick won, the game stopped).
"""

from __future__ import annotations

from ofrenda_rules.dia_de_los_muertos.components import Card, Mark
from ofrenda_rules.dia_de_los_muertos.state import HighLowCard, State
from ofrenda_rules.dia_de_los_muertos.tables import ConfigTables, sort_cards
from ofrenda_rules.rng import Rng

__all__ = ["deal_at", "has_take_target", "play_at", "seeded_deal", "take_at", "winners"]

_Hands = tuple[tuple[Card, ...], ...]
_Front = tuple[Card | None, ...]


def deal_at(state: State, t: ConfigTables, index: int) -> State:
    """Deal ``state.stock[index]`` to the next seat clockwise from seat 0, keeping the hand sorted."""
    stock = state.stock
    card = stock[index]
    seat = state.dealt % t.players
    hands = list(state.hands)
    hands[seat] = sort_cards(t.deck, (*hands[seat], card))
    return State(
        state.config,
        tuple(hands),
        stock[:index] + stock[index + 1 :],
        state.dealt + 1,
        state.in_front,
        state.leader,
        state.lead_card,
        state.high_low,
        state.to_play,
        state.taking,
        state.piles,
        state.set_aside,
        state.tricks,
        state.over,
        state.rng,
    )


def seeded_deal(state: State, t: ConfigTables, rng: Rng) -> State:
    """Finish the deal with the generator: exactly what ``settle`` would draw, without the per-card objects.

    Each dealt card is ``stock[rng.below(len(stock))]`` (uniform weights), the
    last card of a one-card stock drawing nothing, as the kernel specifies.
    """
    n = t.players
    stock = list(state.stock)
    hands = [list(hand) for hand in state.hands]
    for index in range(state.dealt, t.deal_total):
        if len(stock) == 1:
            pick = 0
        else:
            pick, rng = rng.below(len(stock))
        hands[index % n].append(stock.pop(pick))
    deck = t.deck
    return State(
        state.config,
        tuple(sort_cards(deck, hand) for hand in hands),
        tuple(stock),
        t.deal_total,
        state.in_front,
        state.leader,
        state.lead_card,
        state.high_low,
        state.to_play,
        state.taking,
        state.piles,
        state.set_aside,
        state.tricks,
        state.over,
        rng,
    )


def has_take_target(t: ConfigTables, in_front: _Front, seat: int, lead_card: Card | None) -> bool:
    """Whether a card lies in front of another seat than ``seat`` that a TAKE may take (not a locked lead)."""
    locked = lead_card if t.lock_lead else None
    for other in t.clockwise[seat % t.players]:
        card = in_front[other]
        if card is not None and (locked is None or not (card is locked or card == locked)):
            return True
    return False


def play_at(state: State, t: ConfigTables, seat: int, index: int) -> State:
    """Seat ``seat`` plays the card at ``index`` of its hand: a lead, a follow, a replacement or a TAKE."""
    hands = list(state.hands)
    hand = hands[seat]
    card = hand[index]
    hands[seat] = hand[:index] + hand[index + 1 :]
    in_front = state.in_front
    in_front = (*in_front[:seat], card, *in_front[seat + 1 :])
    high_low = state.high_low
    if high_low is None:
        return _pass_on(state, t, seat, tuple(hands), in_front, state.piles, card, t.deck.high_low[card])
    lead_card = state.lead_card
    if t.deck.take[card] and has_take_target(t, in_front, seat, lead_card):
        return State(
            state.config,
            tuple(hands),
            state.stock,
            state.dealt,
            in_front,
            state.leader,
            lead_card,
            high_low,
            seat,
            True,
            state.piles,
            state.set_aside,
            state.tricks,
            False,
            state.rng,
        )
    return _pass_on(state, t, seat, tuple(hands), in_front, state.piles, lead_card, high_low)


def take_at(state: State, t: ConfigTables, seat: int, victim: int) -> State:
    """Seat ``seat`` takes the card in front of ``victim`` into its score pile, then play passes on."""
    in_front = state.in_front
    card = in_front[victim]
    assert card is not None
    piles = list(state.piles)
    piles[seat] = (*piles[seat], card)
    in_front = (*in_front[:victim], None, *in_front[victim + 1 :])
    return _pass_on(state, t, seat, state.hands, in_front, tuple(piles), state.lead_card, state.high_low)


def _pass_on(
    state: State,
    t: ConfigTables,
    seat: int,
    hands: _Hands,
    in_front: _Front,
    piles: _Hands,
    lead_card: Card | None,
    high_low: HighLowCard | None,
) -> State:
    """Pass play clockwise to the next seat without a card in front, or end the trick."""
    for nxt in t.clockwise[seat % t.players]:
        if in_front[nxt] is None:
            if not hands[nxt]:
                return _stop(state, t, hands, in_front, piles, state.leader, lead_card, high_low, nxt, state.tricks)
            return State(
                state.config,
                hands,
                state.stock,
                state.dealt,
                in_front,
                state.leader,
                lead_card,
                high_low,
                nxt,
                False,
                piles,
                state.set_aside,
                state.tricks,
                False,
                state.rng,
            )
    assert high_low is not None
    seats = t.from_seat[state.leader % t.players]
    high_seat, low_seat = winners(in_front, seats)
    side_winner = high_seat if high_low.side is Mark.HIGH else low_seat
    collected = list(piles)
    split = t.high_low_split
    high = t.deck.high
    for other in seats:
        card = in_front[other]
        assert card is not None
        collector = (high_seat if high[card] else low_seat) if split else side_winner
        collected[collector] = (*collected[collector], card)
    tricks = state.tricks + 1
    if not hands[side_winner]:
        return _stop(state, t, hands, t.empty_front, tuple(collected), side_winner, None, None, side_winner, tricks)
    return State(
        state.config,
        hands,
        state.stock,
        state.dealt,
        t.empty_front,
        side_winner,
        None,
        None,
        side_winner,
        False,
        tuple(collected),
        state.set_aside,
        tricks,
        False,
        state.rng,
    )


def winners(in_front: _Front, seats: tuple[int, ...]) -> tuple[int, int]:
    """The seats of the highest and of the lowest card of a full trick, ties to the first of ``seats``."""
    high_seat = low_seat = -1
    high = 0
    low = 21
    for seat in seats:
        card = in_front[seat]
        assert card is not None
        number = card.number
        if number > high:
            high, high_seat = number, seat
        if number < low:
            low, low_seat = number, seat
    return high_seat, low_seat


def _stop(
    state: State,
    t: ConfigTables,
    hands: _Hands,
    in_front: _Front,
    piles: _Hands,
    leader: int,
    lead_card: Card | None,
    high_low: HighLowCard | None,
    to_play: int,
    tricks: int,
) -> State:
    """The seat due to play has no card left: the game stops and the cards still in play are set aside."""
    cards = [card for hand in hands for card in hand]
    cards.extend(card for card in in_front if card is not None)
    return State(
        state.config,
        t.empty_hands,
        state.stock,
        state.dealt,
        t.empty_front,
        leader,
        lead_card,
        high_low,
        to_play,
        False,
        piles,
        sort_cards(t.deck, cards),
        tricks,
        True,
        state.rng,
    )
