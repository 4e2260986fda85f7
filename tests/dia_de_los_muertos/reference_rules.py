"""The rules of Día de los Muertos as written before the fast paths: a test oracle.

This is the straightforward implementation (``evolve`` per change, a new
action object per card, Fractions per call) that ``rules.py`` replaced with
tables and one-state-per-step transitions; ``test_fast_paths.py`` checks that
both agree on every state, action, rejection code and chance outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.copying import evolve
from ofrenda_rules.dia_de_los_muertos.actions import Action, DealCard, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.errors import IllegalActionError, Rejection
from ofrenda_rules.rng import Rng

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "hidden_variant",
    "is_over",
    "legal_actions",
    "new_game",
    "take_targets",
    "trick_winners",
    "validate",
]


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game: the 60 cards shuffled, ready to deal.

    With a ``seed`` the deal is made at once with the library's generator;
    without one the state waits for :class:`DealCard` chance outcomes, one card
    at a time, clockwise from seat 0 (the player to the left of the dealer),
    who then leads the first trick.
    """
    config = Config() if config is None else config
    n = config.players
    state = State(
        config=config,
        hands=((),) * n,
        stock=config.deck.deck,
        dealt=0,
        in_front=(None,) * n,
        leader=0,
        lead_card=None,
        high_low=None,
        to_play=0,
        taking=False,
        piles=((),) * n,
        set_aside=(),
        tricks=0,
        over=False,
        rng=None if seed is None else Rng(seed),
    )
    return _settle(state)


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` while dealing, or :data:`TERMINAL`."""
    if state.over:
        return TERMINAL
    if state.dealt < state.config.players * state.config.hand_size:
        return CHANCE
    return state.to_play


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.over


def _chance_weights(state: State) -> ChanceWeights[Action]:
    return tuple(DealCard(card) for card in state.stock), (1,) * len(state.stock)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The possible next cards of the deal, each equally likely; empty when not dealing."""
    if current_player(state) != CHANCE:
        return ()
    return probabilities(_chance_weights(state))


def take_targets(state: State, seat: int) -> tuple[Card, ...]:
    """Cards that ``seat`` may take with a TAKE card now, clockwise from its left.

    Any card face up in front of another player, except a locked lead card.
    """
    n = state.config.players
    locked = state.lead_card if state.config.lock_lead else None
    targets = []
    for step in range(1, n):
        card = state.in_front[(seat + step) % n]
        if card is not None and card != locked:
            targets.append(card)
    return tuple(targets)


def _playable(state: State, hand: Sequence[Card]) -> tuple[Card, ...]:
    if state.high_low is None:
        return tuple(hand)
    led = state.high_low.suit
    following = tuple(card for card in hand if card.suit is led)
    return following if following else tuple(hand)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order (hand order; targets clockwise)."""
    player = current_player(state)
    if player == TERMINAL:
        return ()
    if player == CHANCE:
        return _chance_weights(state)[0]
    if state.taking:
        return tuple(TakeCard(card) for card in take_targets(state, player))
    return tuple(PlayCard(card) for card in _playable(state, state.hands[player]))


def validate(state: State, action: Action) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not."""
    candidate: object = action
    if not isinstance(candidate, DealCard | PlayCard | TakeCard) or not isinstance(candidate.card, Card):
        return Rejection("not-an-action", f"{candidate!r} is not a Día de los Muertos action")
    player = current_player(state)
    if player == TERMINAL:
        return Rejection("game-over", "the game is over; no action can be taken")
    if isinstance(action, DealCard):
        if player != CHANCE:
            return Rejection("not-a-chance-event", "the deal is complete; no card can be dealt")
        if action.card not in state.stock:
            return Rejection("card-not-in-stock", f"{action.card} is not among the undealt cards")
        return None
    if player == CHANCE:
        return Rejection("chance-event-pending", f"the deal is not complete; deal a card, not {action!r}")
    if isinstance(action, PlayCard):
        if state.taking:
            return Rejection("take-pending", f"player {player} played a TAKE card and must first take a card")
        hand = state.hands[player]
        if action.card not in hand:
            return Rejection("card-not-in-hand", f"{action.card} is not in player {player}'s hand")
        if action.card not in _playable(state, hand):
            assert state.high_low is not None
            led = state.high_low.suit.value
            return Rejection(
                "must-follow-colour",
                f"player {player} holds {led} cards and must follow the {led} lead, not play {action.card}",
            )
        return None
    if isinstance(action, TakeCard):
        if not state.taking:
            return Rejection("no-take-pending", f"player {player} has not just played a TAKE card")
        if action.card == state.in_front[player]:
            return Rejection("take-own-card", f"player {player} may not take their own just-played {action.card}")
        if state.config.lock_lead and action.card == state.lead_card:
            return Rejection("take-locked-lead", f"the lead card {action.card} is locked and cannot be taken")
        if action.card not in state.in_front:
            return Rejection("card-not-in-front", f"{action.card} is not face up in front of any player")
        return None
    assert_never(action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    return _settle(_apply_unchecked(state, action))


def _settle(state: State) -> State:
    if state.rng is not None and not state.over and state.dealt < state.config.players * state.config.hand_size:
        state = _seeded_deal(state, state.rng)
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _seeded_deal(state: State, rng: Rng) -> State:
    """Finish the deal with the generator: exactly what ``settle`` would draw, without the per-card objects.

    Each dealt card is ``stock[rng.below(len(stock))]`` (uniform weights), the
    last card of a one-card stock drawing nothing, as the kernel specifies.
    """
    n = state.config.players
    stock = list(state.stock)
    hands = [list(hand) for hand in state.hands]
    for index in range(state.dealt, n * state.config.hand_size):
        if len(stock) == 1:
            pick = 0
        else:
            pick, rng = rng.below(len(stock))
        hands[index % n].append(stock.pop(pick))
    return evolve(
        state,
        hands=tuple(tuple(sorted(hand, key=Card.sort_key)) for hand in hands),
        stock=tuple(stock),
        dealt=n * state.config.hand_size,
        rng=rng,
    )


def _apply_unchecked(state: State, action: Action) -> State:
    if isinstance(action, DealCard):
        return _deal(state, action.card)
    if isinstance(action, PlayCard):
        return _play(state, action.card)
    if isinstance(action, TakeCard):
        return _take(state, action.card)
    assert_never(action)


def _replace(items: tuple[Card | None, ...], index: int, value: Card | None) -> tuple[Card | None, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _with_card(hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (cards,) + hands[seat + 1 :]


def _deal(state: State, card: Card) -> State:
    seat = state.dealt % state.config.players
    hand = tuple(sorted((*state.hands[seat], card), key=Card.sort_key))
    return evolve(
        state,
        hands=_with_card(state.hands, seat, hand),
        stock=tuple(c for c in state.stock if c != card),
        dealt=state.dealt + 1,
    )


def _play(state: State, card: Card) -> State:
    seat = state.to_play
    spec = state.config.deck.spec(card)
    leading = state.high_low is None
    state = evolve(
        state,
        hands=_with_card(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        in_front=_replace(state.in_front, seat, card),
    )
    if leading:
        state = evolve(state, lead_card=card, high_low=HighLowCard(card.suit, spec.mark))
    elif state.high_low is not None and card.suit is not state.high_low.suit:  # a void revealed
        rows = [set(row) for row in state.voids] or [set() for _ in state.hands]
        rows[seat].add(state.high_low.suit)
        state = evolve(state, voids=tuple(tuple(s for s in Suit if s in row) for row in rows))
    exempt = seat == state.leader and state.config.lead_replacement_exempt
    if not leading and spec.take and not exempt and take_targets(state, seat):
        return evolve(state, taking=True)
    return _advance(state, seat)


def _take(state: State, card: Card) -> State:
    seat = state.to_play
    victim = state.in_front.index(card)
    piles = _with_card(state.piles, seat, (*state.piles[seat], card))
    state = evolve(state, in_front=_replace(state.in_front, victim, None), piles=piles, taking=False)
    return _advance(state, seat)


def _advance(state: State, seat: int) -> State:
    """Pass play clockwise to the next seat without a card in front, or end the trick.

    Play that comes round past the last seat before the leader (clockwise from
    the lead) starts the replacements: the next seat has played already.
    """
    n = state.config.players
    leader = state.leader
    for step in range(1, n):
        nxt = (seat + step) % n
        if state.in_front[nxt] is None:
            wrapped = (nxt - leader) % n <= (seat - leader) % n
            return _due(evolve(state, to_play=nxt, replacing=state.replacing or wrapped))
    return _finish_trick(state)


def _due(state: State) -> State:
    """A seat is due to play: the game stops if its hand is empty."""
    if state.hands[state.to_play]:
        return state
    cards = [card for hand in state.hands for card in hand]
    cards.extend(card for card in state.in_front if card is not None)
    n = state.config.players
    return evolve(
        state,
        hands=((),) * n,
        in_front=(None,) * n,
        set_aside=tuple(sorted(cards, key=Card.sort_key)),
        taking=False,
        over=True,
        replacing=False,
    )


def trick_winners(state: State) -> tuple[int, int]:
    """The seats of the highest and of the lowest card of a full trick.

    Only the number counts; a tie goes to the card closest clockwise to the
    lead player (the lead player's own card first).
    """
    n = state.config.players
    high_seat = low_seat = -1
    high = 0
    low = 21
    for step in range(n):
        seat = (state.leader + step) % n
        card = state.in_front[seat]
        assert card is not None
        if card.number > high:
            high, high_seat = card.number, seat
        if card.number < low:
            low, low_seat = card.number, seat
    return high_seat, low_seat


def _finish_trick(state: State) -> State:
    assert state.high_low is not None
    n = state.config.players
    high_seat, low_seat = trick_winners(state)
    side_winner = high_seat if state.high_low.side is Mark.HIGH else low_seat
    piles = list(state.piles)
    deck = state.config.deck
    for step in range(n):
        card = state.in_front[(state.leader + step) % n]
        assert card is not None
        if state.config.high_low_split:
            collector = high_seat if deck.spec(card).mark is Mark.HIGH else low_seat
        else:
            collector = side_winner
        piles[collector] = (*piles[collector], card)
    state = evolve(
        state,
        piles=tuple(piles),
        in_front=(None,) * n,
        leader=side_winner,
        to_play=side_winner,
        lead_card=None,
        high_low=None,
        tricks=state.tricks + 1,
        replacing=False,
    )
    return _due(state)


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    The other players' hands and the undealt stock are redealt at random from
    the same cards (keeping every hand's size), and the generator is replaced.
    """
    n = state.config.players
    pool = [card for seat in range(n) if seat != player for card in state.hands[seat]]
    pool.extend(state.stock)
    pool, rng = rng.shuffled(pool)
    hands = list(state.hands)
    for seat in range(n):
        if seat != player:
            size = len(hands[seat])
            hands[seat] = tuple(sorted(pool[:size], key=Card.sort_key))
            del pool[:size]
    new_rng = None if state.rng is None else Rng(rng.next_u64()[0])
    return evolve(state, hands=tuple(hands), stock=tuple(sorted(pool, key=Card.sort_key)), rng=new_rng)
