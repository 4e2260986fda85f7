"""The transitions of Día de los Muertos, each building the next state once.

These functions assume the action is legal (``rules.apply`` checks first):
each takes the position of the card concerned (in the stock, in the hand or
in front of the victim), works on plain tuples with the configuration's
:mod:`~ofrenda_rules.dia_de_los_muertos.tables`, and constructs exactly one
:class:`~ofrenda_rules.dia_de_los_muertos.State`, whatever happens in the
step (a card played, play passed on, a trick won, the game stopped).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

from ofrenda_rules.dia_de_los_muertos.building import all_dealt, deal_one, new_state, new_trick_won, play_on
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import (
    CardTaken,
    Event,
    GameScored,
    GameStopped,
    HandsDealt,
    NoTake,
    NothingTaken,
    TrickSplit,
)
from ofrenda_rules.dia_de_los_muertos.state import HighLowCard, State
from ofrenda_rules.dia_de_los_muertos.tables import CardTable, ConfigTables, sort_cards
from ofrenda_rules.rng import Rng, below_each

__all__ = ["below_each", "deal_at", "has_take_target", "play_at", "seeded_deal", "take_at", "winners"]

T = TypeVar("T")
_Hands = tuple[tuple[Card, ...], ...]
_Front = tuple[Card | None, ...]
_Events = tuple[Event, ...]
_Voids = tuple[tuple[Suit, ...], ...]


def deal_at(state: State, t: ConfigTables, index: int) -> State:
    """Deal ``state.stock[index]`` to the next seat clockwise from seat 0, keeping the hand sorted.

    The deal's last card adds the one :class:`HandsDealt` event; every card before it adds none.
    """
    stock = state.stock
    card = stock[index]
    dealt = state.dealt
    seat = dealt % t.players
    hands = list(state.hands)
    hands[seat] = _inserted(t, hands[seat], card)
    left = stock[:index] + stock[index + 1 :]
    events = state.recent_events
    if dealt + 1 >= t.deal_total:
        events = (*events, _hands_dealt(t, hands, left))
    return deal_one(state, tuple(hands), left, dealt + 1, events)


def _inserted(t: ConfigTables, hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted ``hand`` with ``card`` added, after any equal card: ``sort_cards`` of both, without a sort."""
    rank = t.deck.rank.by_id.get
    placed = rank(id(card))
    if placed is not None:
        for at, held in enumerate(hand):
            held_rank = rank(id(held))
            if held_rank is None:
                break  # a card that is not the edition's own: sort by value below
            if held_rank > placed:
                return (*hand[:at], card, *hand[at:])
        else:
            return (*hand, card)
    return sort_cards(t.deck, (*hand, card))


def _hands_dealt(t: ConfigTables, hands: Sequence[Sequence[Card]], stock: Sequence[Card]) -> HandsDealt:
    """The event of the completed deal: the configuration's shared one when the counts are the usual ones."""
    shared = t.hands_dealt
    sizes = tuple(map(len, hands))
    if sizes == shared.hand_sizes and len(stock) == shared.undealt:
        return shared
    return HandsDealt(sizes, len(stock))  # a hand-made state, with other counts


def seeded_deal(state: State, t: ConfigTables, rng: Rng) -> State:
    """Finish the deal with the generator: exactly what ``settle`` would draw, without the per-card objects.

    Each dealt card is ``stock[rng.below(len(stock))]`` (uniform weights), the
    last card of a one-card stock drawing nothing, as the kernel specifies.
    The cards are dealt as their ranks in the deck (integers), which sort
    hands fast; cards that are not the edition's own objects are dealt as they are.
    """
    deck = t.deck
    rank = deck.rank.by_id.__getitem__
    try:
        # A new game's stock is the edition's own tuple of cards, whose ranks are its positions.
        stock = list(range(len(deck.cards))) if state.stock is deck.cards else list(map(rank, map(id, state.stock)))
        held = [list(map(rank, map(id, hand))) for hand in state.hands]
    except KeyError:
        cards = list(state.stock)
        hands = [list(hand) for hand in state.hands]
        rng = _draw(cards, hands, state.dealt, t, rng)
        return _dealt(state, t, tuple(sort_cards(deck, hand) for hand in hands), tuple(cards), rng)
    rng = _draw(stock, held, state.dealt, t, rng)
    card = deck.cards.__getitem__
    hands_dealt = tuple(tuple(map(card, sorted(hand))) for hand in held)
    return _dealt(state, t, hands_dealt, tuple(map(card, stock)), rng)


def _draw(stock: list[T], hands: list[list[T]], dealt: int, t: ConfigTables, rng: Rng) -> Rng:
    """Move the rest of the deal from ``stock`` to ``hands``, one draw per card; return the advanced generator."""
    size = len(stock)
    stop = size - (t.deal_total - dealt)  # the stock left after the deal
    picks, rng = below_each(rng, range(size, max(stop, 1), -1))
    if stop <= 0:
        picks.append(0)  # a one-card stock deals its card without a draw
    drawn = list(map(stock.pop, picks))  # in the order dealt: seats dealt % n, dealt % n + 1, ...
    n = t.players
    for seat, hand in enumerate(hands):
        hand.extend(drawn[(seat - dealt) % n :: n])
    return rng


def _dealt(state: State, t: ConfigTables, hands: _Hands, stock: tuple[Card, ...], rng: Rng) -> State:
    return all_dealt(state, hands, stock, t.deal_total, rng, (*state.recent_events, _hands_dealt(t, hands, stock)))


def has_take_target(t: ConfigTables, in_front: _Front, seat: int, lead_card: Card | None) -> bool:
    """Whether a card lies in front of another seat than ``seat`` that a TAKE may take (not a locked lead)."""
    locked = lead_card if t.lock_lead else None
    for other in t.clockwise[seat % t.players]:
        card = in_front[other]
        if card is not None and (
            locked is None or not (card is locked or (card.number == locked.number and card == locked))
        ):
            return True
    return False


def play_at(state: State, t: ConfigTables, seat: int, index: int, voids: _Voids = ()) -> State:
    """Seat ``seat`` plays the card at ``index`` of its hand: a lead, a follow, a replacement or a TAKE.

    The new state's known voids are ``voids`` (the caller's: ``state.voids``, or those with the void this play reveals).
    """
    hands = list(state.hands)
    hand = hands[seat]
    card = hand[index]
    hands[seat] = hand[:index] + hand[index + 1 :]
    front = list(state.in_front)
    front[seat] = card
    in_front = tuple(front)
    high_low = state.high_low
    plays = t.deck.plays[seat]
    facts = plays.by_id.get(id(card)) or plays[card]
    events: _Events
    lead_card: Card | None
    # PlayFacts by index (a tuple look-up): 0 led, 1 high_low, 2 played, 3 take, 4 take_due, 5 no_target,
    # 6 replaced, 7 replaced_take_due, 8 replaced_no_target.
    replacing = state.replacing
    if high_low is None:
        lead_card = card
        high_low = facts[1]
        events = facts[0]  # with NothingTaken for a TAKE card led
    else:
        lead_card = state.lead_card
        if facts[3]:  # a TAKE card
            # Ruling 7: under ``lead_replacement_exempt=True`` the lead player's replacement TAKE takes nothing.
            if seat == state.leader and t.lead_replacement_exempt:
                events = (facts[6][0], NothingTaken(seat, card, NoTake.LEAD_REPLACEMENT))
            elif has_take_target(t, in_front, seat, lead_card):
                after = tuple(hands)
                due = facts[7] if replacing else facts[4]
                piles = state.piles
                return play_on(state, after, in_front, lead_card, high_low, seat, True, piles, due, voids, replacing)
            else:
                events = facts[8] if replacing else facts[5]
        else:
            events = facts[6] if replacing else facts[2]
    after = tuple(hands)
    # Every seat has played once round the table: whoever plays next in this trick replaces a taken card.
    replacing = replacing or seat == t.before[state.leader]
    for nxt in t.clockwise[seat]:
        if front[nxt] is None:
            if after[nxt]:  # the common case, inline: play passes to a seat that holds cards
                piles = state.piles
                return play_on(state, after, in_front, lead_card, high_low, nxt, False, piles, events, voids, replacing)
            break
    return _pass_on(state, t, seat, after, in_front, state.piles, lead_card, high_low, events, voids, replacing)


def take_at(state: State, t: ConfigTables, seat: int, victim: int) -> State:
    """Seat ``seat`` takes the card in front of ``victim`` into its score pile, then play passes on (voids kept)."""
    front = list(state.in_front)
    card = front[victim]
    assert card is not None
    front[victim] = None
    piles = list(state.piles)
    piles[seat] = (*piles[seat], card)
    row = t.taken[seat][victim]
    events = row.get(id(card))
    if events is None:
        events = (CardTaken(seat, card, victim), t.deck.replacement_due[victim])
        if id(card) in t.deck.rank.by_id:  # only the edition's own cards, which stay alive: a bounded cache
            row[id(card)] = events
    replacing = state.replacing or seat == t.before[state.leader]  # as after a play: see play_at
    return _pass_on(
        state,
        t,
        seat,
        state.hands,
        tuple(front),
        tuple(piles),
        state.lead_card,
        state.high_low,
        events,
        state.voids,
        replacing,
    )


def _pass_on(
    state: State,
    t: ConfigTables,
    seat: int,
    hands: _Hands,
    in_front: _Front,
    piles: _Hands,
    lead_card: Card | None,
    high_low: HighLowCard | None,
    events: _Events,
    voids: _Voids,
    replacing: bool,
) -> State:
    """Pass play clockwise to the next seat without a card in front, or end the trick; the known voids are ``voids``.

    ``replacing``: whether every seat has played to the trick, so that the next seat due plays a replacement.
    """
    for nxt in t.clockwise[seat % t.players]:
        if in_front[nxt] is None:
            if not hands[nxt]:
                leader, tricks = state.leader, state.tricks
                return _stop(state, t, hands, in_front, piles, leader, lead_card, high_low, nxt, tricks, events, voids)
            return play_on(state, hands, in_front, lead_card, high_low, nxt, False, piles, events, voids, replacing)
    assert high_low is not None
    seats = t.from_seat[state.leader % t.players]
    by_seat = cast("tuple[Card, ...]", in_front)  # complete: a card in front of every seat
    trick = [by_seat[other] for other in seats]  # clockwise from the lead
    high_seat, low_seat = winners(in_front, seats)
    side = high_low.side
    side_winner = high_seat if side is Mark.HIGH else low_seat
    collected = list(piles)
    points = t.deck.points
    split: _Events = ()
    if t.high_low_split:
        marks = t.deck.high
        high_cards: list[Card] = []
        low_cards: list[Card] = []
        for card in trick:
            marked_high = marks.by_id.get(id(card))
            (high_cards if (marks[card] if marked_high is None else marked_high) else low_cards).append(card)
        if high_seat == low_seat:  # one seat collects the whole trick, in order
            collected[high_seat] = (*collected[high_seat], *trick)
        else:
            collected[high_seat] = (*collected[high_seat], *high_cards)
            collected[low_seat] = (*collected[low_seat], *low_cards)
        high_points = _points(points, high_cards)
        low_points = _points(points, low_cards)
        won = (high_points if side_winner == high_seat else 0) + (low_points if side_winner == low_seat else 0)
        split = (TrickSplit(high_seat, tuple(high_cards), high_points, low_seat, tuple(low_cards), low_points),)
    else:
        collected[side_winner] = (*collected[side_winner], *trick)
        try:
            won = sum(map(points.by_id.__getitem__, map(id, trick)))
        except KeyError:
            won = _points(points, trick)
    tricks = state.tricks + 1
    won_event = new_trick_won(tricks, side_winner, by_seat, side, won)
    events = events + split + (won_event,) if split else events + (won_event,)
    if not hands[side_winner]:
        return _stop(
            state,
            t,
            hands,
            t.empty_front,
            tuple(collected),
            side_winner,
            None,
            None,
            side_winner,
            tricks,
            events,
            voids,
        )
    return new_state(
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
        events,
        voids,
        False,
    )


def _points(points: CardTable[int], cards: Sequence[Card]) -> int:
    """The points of ``cards``, found by card identity (by value for cards that are not the edition's own)."""
    try:
        return sum(map(points.by_id.__getitem__, map(id, cards)))
    except KeyError:
        return sum(map(points.__getitem__, cards))


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
    events: _Events,
    voids: _Voids,
) -> State:
    """The seat due to play has no card left: the game stops and the cards still in play are set aside."""
    cards = [card for hand in hands for card in hand]
    cards.extend(card for card in in_front if card is not None)
    points = t.deck.points
    value = points.by_id.__getitem__
    try:
        scores = tuple([sum(map(value, map(id, pile))) for pile in piles])
    except KeyError:
        scores = tuple([_points(points, pile) for pile in piles])
    counts = tuple(map(len, piles))
    best = max(zip(scores, counts, strict=True))
    scored = GameScored(scores, counts, tuple([seat for seat in t.seats if (scores[seat], counts[seat]) == best]))
    return new_state(
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
        (*events, GameStopped(to_play, len(cards)), scored),
        voids,
        False,
    )
