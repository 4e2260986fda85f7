"""The rules of Día de los Muertos: legal actions, validation and transitions.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions, apply, current_player
>>> state = new_game(Config(players=3), seed=11)
>>> current_player(state)
0
>>> len(legal_actions(state))
15
>>> state = apply(state, legal_actions(state)[0])
>>> current_player(state)
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final, assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.copying import evolve
from ofrenda_rules.dia_de_los_muertos.actions import Action, DealCard, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
from ofrenda_rules.dia_de_los_muertos.events import Event
from ofrenda_rules.dia_de_los_muertos.start import new_game
from ofrenda_rules.dia_de_los_muertos.state import HAND_SIZES, Config, State
from ofrenda_rules.dia_de_los_muertos.tables import ConfigTables, index_of, sort_cards, tables
from ofrenda_rules.dia_de_los_muertos.transitions import deal_at, play_at, seeded_deal, take_at, winners
from ofrenda_rules.errors import IllegalActionError, Rejection
from ofrenda_rules.rng import Rng

__all__ = ["apply", "chance_outcomes", "current_player", "is_over", "legal_actions", "step"]
__all__ += ["hidden_variant", "new_game", "take_targets", "trick_winners", "validate"]


_DEAL_TOTALS: Final = {players: players * hand_size for players, hand_size in HAND_SIZES.items()}
"""Cards dealt in all, by player count (``ConfigTables.deal_total``, found without the tables)."""


_last: ConfigTables = tables(Config())
"""The tables of the configuration met last by :func:`legal_actions` or :func:`apply` (a game's states share one)."""


def _remember(config: Config) -> ConfigTables:
    """The tables of ``config``, remembered as the last ones met."""
    global _last  # one shared reference, replaced whole (safe across threads)
    _last = found = tables(config)
    return found


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` while dealing, or :data:`TERMINAL`."""
    if state.over:
        return TERMINAL
    if state.dealt < _DEAL_TOTALS[state.config.players]:
        return CHANCE
    return state.to_play


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.over


def _chance_weights(state: State) -> ChanceWeights[Action]:
    stock = state.stock
    return tables(state.config).deck.deal.many(stock), (1,) * len(stock)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The possible next cards of the deal, each equally likely; empty when not dealing.

    The pairs come from a table built once per deck edition (one per stock
    size and card), so a call only gathers them.
    """
    if state.over:
        return ()
    t = tables(state.config)
    if state.dealt >= t.deal_total:
        return ()
    stock = state.stock
    try:
        return tuple(map(t.deck.outcomes[len(stock)].__getitem__, map(id, stock)))
    except (IndexError, KeyError):  # a stock that is not part of the edition (a hand-made state)
        return probabilities(_chance_weights(state))


def take_targets(state: State, seat: int) -> tuple[Card, ...]:
    """Cards that ``seat`` may take with a TAKE card now, clockwise from its left.

    Any card face up in front of another player, except a locked lead card.
    """
    return tuple(_targets(tables(state.config), state, seat))


def _targets(t: ConfigTables, state: State, seat: int) -> list[Card]:
    in_front = state.in_front
    locked = state.lead_card if t.lock_lead else None
    targets = []
    for other in t.clockwise[seat % t.players]:
        card = in_front[other]
        if card is not None and (locked is None or not _same(card, locked)):
            targets.append(card)
    return targets


def _same(card: Card, other: Card | None) -> bool:
    """``card == other``, answered without calling ``Card.__eq__`` when the numbers differ."""
    return card is other or (other is not None and card.number == other.number and card == other)


def _playable(state: State, hand: Sequence[Card]) -> tuple[Card, ...]:
    if state.high_low is None:
        return tuple(hand)
    led = state.high_low.suit
    following = tuple(card for card in hand if card.suit is led)
    return following if following else tuple(hand)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order (hand order; targets clockwise).

    The actions are shared objects, one per card and kind, built once per deck edition.
    """
    if state.over:
        return ()
    config = state.config
    t = _last
    if t.config is not config:
        t = _remember(config)
    deck = t.deck
    if state.dealt < t.deal_total:
        return deck.deal.many(state.stock)
    seat = state.to_play
    if state.taking:
        return deck.take_action.many(_targets(t, state, seat))
    hand = state.hands[seat]
    high_low = state.high_low
    play = deck.play.by_id
    try:
        if high_low is not None:
            led = high_low.suit
            following = tuple([play[id(card)] for card in hand if card.suit is led])
            if following:
                return following
        return tuple([play[id(card)] for card in hand])
    except KeyError:  # cards that are not the edition's own objects
        return deck.play.many(_playable(state, hand))


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

    Every action is checked before it changes anything. For the three action
    classes themselves (not subclasses) holding a :class:`Card`, ``apply``
    checks legality inline, in the terms ``validate`` uses (the deal pending
    or complete, the card in the stock, in the hand or in front of another
    seat, colour followed, a take pending, an unlocked target); whenever one of
    those checks fails it asks ``validate`` for the rejection, so the error and
    its code are always exactly ``validate``'s. Any other action goes through
    ``validate`` first. A play or a take never resolves chance events, since
    none follow the deal; the new state is built once, whatever the step does.
    The most common steps, a :class:`PlayCard` holding the very card object in
    the hand and a :class:`TakeCard` holding the very card object in front of
    a seat (as :func:`legal_actions` gives them), are checked first, in fewer
    operations; anything else takes the general checks.
    ``tests/dia_de_los_muertos/test_fast_paths.py`` checks all of this against
    the straightforward implementation, rejection codes included.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    if action.__class__ is PlayCard:
        t = _last
        if t.config is state.config and not state.taking and not state.over and state.dealt >= t.deal_total:
            card = action.card
            seat = state.to_play
            hand = state.hands[seat]
            for index, held in enumerate(hand):
                if held is card:
                    high_low = state.high_low
                    if card.__class__ is Card:
                        if high_low is None or card.suit is high_low.suit:
                            return play_at(state, t, seat, index, state.voids)
                        if _holds_none(hand, high_low.suit):
                            return play_at(state, t, seat, index, _revealed(state, seat, high_low.suit))
                    break
    elif action.__class__ is TakeCard:
        t = _last
        if t.config is state.config and state.taking and not state.over and state.dealt >= t.deal_total:
            card = action.card
            if card.__class__ is Card:
                seat = state.to_play
                in_front = state.in_front
                for victim, lying in enumerate(in_front):
                    if lying is card:
                        if not (_same(card, in_front[seat]) or (t.lock_lead and _same(card, state.lead_card))):
                            return take_at(state, t, seat, victim)
                        break
    return _apply(state, action)


def _apply(state: State, action: Action) -> State:
    """:func:`apply` for every action but the common play: the inline checks, else ``validate``."""
    kind = action.__class__
    if kind is PlayCard or kind is TakeCard or kind is DealCard:
        card = action.card
        config = state.config
        t = _last
        if t.config is not config:
            t = _remember(config)
        if card.__class__ is Card and not state.over:
            if kind is PlayCard:
                if not state.taking and state.dealt >= t.deal_total:
                    seat = state.to_play
                    hand = state.hands[seat]
                    index = index_of(hand, card)
                    if index >= 0:
                        high_low = state.high_low
                        if high_low is None or card.suit is high_low.suit:
                            return play_at(state, t, seat, index, state.voids)
                        if _holds_none(hand, high_low.suit):
                            return play_at(state, t, seat, index, _revealed(state, seat, high_low.suit))
            elif kind is TakeCard:
                if state.taking and state.dealt >= t.deal_total:
                    seat = state.to_play
                    if not (_same(card, state.in_front[seat]) or (t.lock_lead and _same(card, state.lead_card))):
                        victim = index_of(state.in_front, card)
                        if victim >= 0:
                            return take_at(state, t, seat, victim)
            elif state.dealt < t.deal_total:
                index = index_of(state.stock, card)
                if index >= 0:
                    after = deal_at(state, t, index)
                    return after if after.rng is None else _settle(after)
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    return _settle(_apply_unchecked(state, action))


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and the events of this step, the whole truth (hidden cards included).

    It is :func:`apply` (which it calls, so ``apply(state, action) == step(state, action)[0]``)
    plus what the step did: a player decision's events are the new state's
    ``recent_events``; a card dealt (a chance step) adds its events to those
    already there (none, but for the deal's last card:
    :class:`~ofrenda_rules.dia_de_los_muertos.events.HandsDealt`). It raises exactly what :func:`apply` raises.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    after = apply(state, action)
    events = after.recent_events
    if isinstance(action, DealCard):
        events = events[len(state.recent_events) :]
    return after, events


def _holds_none(hand: tuple[Card, ...], suit: Suit) -> bool:
    """Whether ``hand`` holds no card of ``suit`` (so any card may be played)."""
    return not any(card.suit is suit for card in hand)


def _settle(state: State) -> State:
    if state.rng is not None and not state.over and state.dealt < tables(state.config).deal_total:
        state = seeded_deal(state, tables(state.config), state.rng)
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _apply_unchecked(state: State, action: Action) -> State:
    t = tables(state.config)
    if isinstance(action, DealCard):
        return _kept(deal_at(state, t, index_of(state.stock, action.card)), state.voids)
    if isinstance(action, PlayCard):
        seat = state.to_play
        high_low = state.high_low
        if high_low is not None and action.card.suit is not high_low.suit:
            voids = _revealed(state, seat, high_low.suit)
        else:
            voids = state.voids
        return play_at(state, t, seat, index_of(state.hands[seat], action.card), voids)
    if isinstance(action, TakeCard):
        return take_at(state, t, state.to_play, index_of(state.in_front, action.card))
    assert_never(action)


_set_voids: Callable[[State, tuple[tuple[Suit, ...], ...]], None] = vars(State)["voids"].__set__


def _kept(after: State, voids: tuple[tuple[Suit, ...], ...]) -> State:
    """``after``, just built by :func:`deal_at` (which leaves ``voids`` empty), with the known voids carried over.

    The state is new and not yet shared, so its slot is set in place (only a card dealt needs it).
    """
    if voids:
        _set_voids(after, voids)
    return after


_SUITS: Final = tuple(Suit)
_WITH_VOID: Final = {
    (row, suit): tuple(other for other in _SUITS if other in row or other is suit)
    for row in (tuple(s for i, s in enumerate(_SUITS) if mask >> i & 1) for mask in range(1 << len(_SUITS)))
    for suit in _SUITS
}
"""``_WITH_VOID[row, suit]``: a seat's known voids (suits in :class:`Suit` order) with ``suit`` added."""


def _revealed(state: State, seat: int, suit: Suit) -> tuple[tuple[Suit, ...], ...]:
    """The known voids of ``state`` with ``seat`` now known to hold no ``suit`` (it did not follow)."""
    voids = state.voids
    if not voids:
        voids = ((),) * len(state.hands)
    row = voids[seat]
    if suit not in row:
        added = _WITH_VOID.get((row, suit))
        if added is None:  # a hand-made row out of order
            added = tuple(other for other in _SUITS if other in row or other is suit)
        voids = (*voids[:seat], added, *voids[seat + 1 :])
    return voids


def trick_winners(state: State) -> tuple[int, int]:
    """The seats of the highest and of the lowest card of a full trick.

    Only the number counts; a tie goes to the card closest clockwise to the
    lead player (the lead player's own card first).
    """
    t = tables(state.config)
    return winners(state.in_front, t.from_seat[state.leader % t.players])


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    The other players' hands and the undealt stock are redealt at random from
    the same cards (keeping every hand's size), and the generator is replaced.
    The ``recent_events`` stay as they are: none names a card that ``player``
    cannot see (the deal's event only counts the cards).
    """
    n = state.config.players
    deck = tables(state.config).deck
    pool = [card for seat in range(n) if seat != player for card in state.hands[seat]]
    pool.extend(state.stock)
    pool, rng = rng.shuffled(pool)
    hands = list(state.hands)
    for seat in range(n):
        if seat != player:
            size = len(hands[seat])
            hands[seat] = sort_cards(deck, pool[:size])
            del pool[:size]
    new_rng = None if state.rng is None else Rng(rng.next_u64()[0])
    return evolve(state, hands=tuple(hands), stock=sort_cards(deck, pool), rng=new_rng)
