"""Resampling Día de los Muertos: a state drawn uniformly from those a seat cannot tell apart.

:func:`resample` keeps everything ``player`` knows -- its own hand, every card
played (in front, in the score piles, set aside), the hand sizes, the trick
in progress, the known voids -- and redeals what it does not know: the other
seats' hands and the undealt stock, together a pool of cards. The deal is
drawn uniformly among those consistent with the history:

* every hand keeps its size, and the stock its size;
* a seat in :attr:`~ofrenda_rules.dia_de_los_muertos.State.voids` gets no card
  of a suit it is known to lack (it did not follow that colour when led;
  following is compulsory, so it held none then, and hands only shrink);
* the cards seen played are where they went (they are not in the pool).

Nothing else that play reveals constrains the hidden cards: a card played is
public, and a seat that followed suit says nothing more about the cards it
kept (every legal card may be chosen). The draw is exact, not by rejection:
the deals are counted suit by suit (a table over the cards left of each suit,
one seat with voids after another; seats without voids and the stock take
whatever is left, in a number of ways that does not depend on which cards),
and each seat's share is drawn in proportion to the count of deals that
complete it. The unknown cards are sorted before drawing, so the result
depends only on what ``player`` knows and on ``rng``.

Cards dealt to other seats in ``recent_events`` become their new cards (as
in :func:`~ofrenda_rules.dia_de_los_muertos.hidden_variant`). Once the game
is over nothing is left to play, and the cards set aside and the stock are
kept as they are. A seeded state gets a fresh generator drawn from ``rng``; an
unseeded one stays unseeded.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
>>> from ofrenda_rules.rng import Draws, Rng
>>> state = new_game(Config(players=4), seed=3)
>>> drawn = resample(state, 0, Rng(seed=1))
>>> observe(drawn, 0) == observe(state, 0), drawn.hands[0] == state.hands[0]
(True, True)
>>> drawn.hands[1] == state.hands[1]
False
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ofrenda_rules.copying import evolve
from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
from ofrenda_rules.dia_de_los_muertos.state import State
from ofrenda_rules.dia_de_los_muertos.tables import sort_cards, tables
from ofrenda_rules.errors import OfrendaRulesError, check_seat
from ofrenda_rules.rng import Draws, Rng

__all__ = ["consistent_deals", "resample"]

_SUITS = tuple(Suit)
_Counts = tuple[int, int, int]


def _split_shares(size: int, allowed: tuple[bool, bool, bool], left: _Counts) -> list[_Counts]:
    """Every way to take ``size`` cards from ``left`` (cards left per suit) using only the allowed suits."""
    shares: list[_Counts] = []
    a_max = left[0] if allowed[0] else 0
    b_max = left[1] if allowed[1] else 0
    c_max = left[2] if allowed[2] else 0
    for a in range(min(a_max, size) + 1):
        for b in range(min(b_max, size - a) + 1):
            c = size - a - b
            if c <= c_max:
                shares.append((a, b, c))
    return shares


class _Counter:
    """Counts of the ways to give the constrained seats their cards, from a seat on, by the cards left per suit."""

    def __init__(self, seats: Sequence[tuple[int, tuple[bool, bool, bool]]], free: int) -> None:
        self.seats = seats
        """The constrained seats' sizes and allowed suits, in seat order."""
        self.free = free
        """How many cards the seats without voids and the stock take together."""
        self.memo: dict[tuple[int, _Counts], int] = {}

    def ways(self, index: int, left: _Counts) -> int:
        """Deals of seats ``index..`` (the free cards in any one fixed way) from ``left`` cards per suit."""
        if index == len(self.seats):
            return 1 if sum(left) == self.free else 0
        key = (index, left)
        known = self.memo.get(key)
        if known is not None:
            return known
        size, allowed = self.seats[index]
        total = 0
        for share in _split_shares(size, allowed, left):
            rest = (left[0] - share[0], left[1] - share[1], left[2] - share[2])
            total += (
                comb(left[0], share[0]) * comb(left[1], share[1]) * comb(left[2], share[2]) * self.ways(index + 1, rest)
            )
        self.memo[key] = total
        return total


def _below(n: int, draws: Draws) -> tuple[int, Draws]:
    """A uniform integer in ``[0, n)`` for any positive ``n`` (several 64-bit words when ``n`` needs them)."""
    if n <= 1 << 63:
        return draws.below(n), draws
    rng = draws.rng()
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    for _ in range(1000):  # each round is accepted with probability above 1/2
        value = 0
        for _ in range(words):
            word, rng = rng.next_u64()
            value = (value << 64) | word
        if value < limit:
            return value % n, Draws(rng)
    raise AssertionError("unreachable: 1000 rejections in a row")  # pragma: no cover


def _choose(weights: Sequence[int], draws: Draws) -> tuple[int, Draws]:
    r, draws = _below(sum(weights), draws)
    for index, weight in enumerate(weights):
        if r < weight:
            return index, draws
        r -= weight
    raise AssertionError("unreachable: r < total")  # pragma: no cover


def _sample(draws: Draws, items: list[Card], count: int) -> list[Card]:
    """``count`` of ``items`` drawn uniformly without replacement, in a uniformly random order.

    A Fisher-Yates shuffle stopped after ``count`` places; ``items`` is reordered.
    """
    size = len(items)
    for place in range(count):
        other = place + draws.below(size - place)
        items[place], items[other] = items[other], items[place]
    return items[:count]


def _problem(state: State, player: int) -> tuple[list[Card], list[int], _Counter]:
    """The sorted pool of unknown cards, the seats to deal them to, and the counter of consistent deals."""
    config = state.config
    n = config.players
    check_seat(player, n)
    deck = tables(config).deck
    pool = [card for seat in range(n) if seat != player for card in state.hands[seat]]
    pool.extend(state.stock)
    ordered = list(sort_cards(deck, pool))
    voids = state.voids
    seats = [seat for seat in range(n) if seat != player]
    constrained: list[tuple[int, tuple[bool, bool, bool]]] = []
    free = len(state.stock)
    for seat in seats:
        size = len(state.hands[seat])
        row = voids[seat] if voids else ()
        if row and size:
            allowed = (_SUITS[0] not in row, _SUITS[1] not in row, _SUITS[2] not in row)
            constrained.append((size, allowed))
        else:
            free += size
    return ordered, seats, _Counter(constrained, free)


def _suit_counts(cards: Sequence[Card]) -> _Counts:
    return (
        sum(1 for card in cards if card.suit is _SUITS[0]),
        sum(1 for card in cards if card.suit is _SUITS[1]),
        sum(1 for card in cards if card.suit is _SUITS[2]),
    )


def consistent_deals(state: State, player: int) -> int:
    """How many deals of the cards ``player`` cannot see are consistent with what it knows.

    A deal gives each other seat its hand (as a set of cards) and leaves the
    rest in the stock; :func:`resample` draws one of these uniformly.

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game
    >>> from math import factorial
    >>> consistent_deals(new_game(Config(players=6), seed=3), 0) == factorial(50) // factorial(10) ** 5
    True

    Raises:
        ConfigError: for a seat that is not in the game.

    """
    pool, seats, counter = _problem(state, player)
    if state.over:
        return 1
    sizes = [len(state.hands[seat]) for seat in seats]
    free_sizes = [size for seat, size in zip(seats, sizes, strict=True) if not (state.voids and state.voids[seat])]
    free_sizes = [size for size in free_sizes if size]
    arrangements = _multinomial(counter.free, [*free_sizes, len(state.stock)])
    return counter.ways(0, _suit_counts(pool)) * arrangements


def _multinomial(total: int, parts: Sequence[int]) -> int:
    result, left = 1, total
    for part in parts:
        result *= comb(left, part)
        left -= part
    return result


def resample(state: State, player: int, rng: Rng) -> State:
    """A state drawn uniformly from those that ``player`` cannot tell from ``state`` (see the module).

    Raises:
        ConfigError: for a seat that is not in the game.
        OfrendaRulesError: for a state whose known voids leave no consistent deal (not reachable by play).

    """
    pool, seats, counter = _problem(state, player)
    word, rng = rng.next_u64()
    new_rng = None if state.rng is None else Rng(word)
    if state.over:
        return evolve(state, rng=new_rng)
    deck = tables(state.config).deck
    by_suit = [[card for card in pool if card.suit is suit] for suit in _SUITS]
    left = _suit_counts(pool)
    if counter.ways(0, left) == 0:
        raise OfrendaRulesError(f"no deal of the hidden cards fits the known voids {state.voids!r}")
    drawn: dict[int, list[Card]] = {}
    voids = state.voids
    index = 0
    draws = Draws(rng)
    for seat in seats:
        size = len(state.hands[seat])
        if not (voids and voids[seat] and size):
            continue
        _, allowed = counter.seats[index]
        shares = _split_shares(size, allowed, left)
        weights = []
        for share in shares:
            after = (left[0] - share[0], left[1] - share[1], left[2] - share[2])
            weight = comb(left[0], share[0]) * comb(left[1], share[1]) * comb(left[2], share[2])
            weights.append(weight * counter.ways(index + 1, after))
        pick, draws = _choose(weights, draws)
        share = shares[pick]
        hand: list[Card] = []
        for suit_index, count in enumerate(share):
            if count:
                cards = by_suit[suit_index]
                hand.extend(_sample(draws, cards, count))
                by_suit[suit_index] = sorted(cards[count:], key=Card.sort_key)
        drawn[seat] = hand
        left = (left[0] - share[0], left[1] - share[1], left[2] - share[2])
        index += 1
    remaining = [card for cards in by_suit for card in cards]
    for seat in seats:
        if seat not in drawn:
            size = len(state.hands[seat])
            drawn[seat] = _sample(draws, remaining, size)
            del remaining[:size]
    hands = list(state.hands)
    for seat, cards in drawn.items():
        hands[seat] = sort_cards(deck, cards)
    return evolve(state, hands=tuple(hands), stock=sort_cards(deck, remaining), rng=new_rng)
