"""Tables derived once from a configuration, for the hot paths of the rules.

What never changes during a game (the cards of the edition in deck order,
what is printed on each, one action object per card, the High/Low card each
lead sets, the deal's chance outcomes with their probabilities) is computed
once per deck edition and per :class:`~ofrenda_rules.dia_de_los_muertos.Config`
and shared by every state of every game that uses it. The rules then look
these up instead of building objects, Fractions and sort keys on every step.

Every state a game creates holds the edition's own card objects (those of
:attr:`DeckTables.cards`), so a table finds a card by the object's identity
(``id``), which costs no Python-level hashing. This is exact: the tables keep
those card objects alive, and two live objects never share an ``id``. Any
other card object (from JSON, or built by a caller) is found by value instead,
with the same result, only slower.

>>> from ofrenda_rules.dia_de_los_muertos import Card, Config, Suit
>>> t = tables(Config(players=4))
>>> t.deal_total, t.deck.cards[0]
(48, Card(suit=Suit.BLACK, number=1))
>>> t.deck.play[Card(Suit.RED, 14)]
PlayCard(card=Card(suit=Suit.RED, number=14))
>>> t.deck.play[t.deck.cards[0]] is t.deck.play[Card(Suit.BLACK, 1)]
True
>>> t.deck.outcomes[60][id(t.deck.cards[0])]
(DealCard(card=Card(suit=Suit.BLACK, number=1)), Probability(1, 60))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Final, Generic, NamedTuple, TypeVar

import attrs

from ofrenda_rules.chance import Probability
from ofrenda_rules.dia_de_los_muertos.actions import DealCard, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card, DeckEdition, Mark
from ofrenda_rules.dia_de_los_muertos.events import (
    CardLed,
    CardPlayed,
    Event,
    HandsDealt,
    NoTake,
    NothingTaken,
    ReplacementDue,
    TakeDue,
)
from ofrenda_rules.dia_de_los_muertos.state import HAND_SIZES, Config, HighLowCard

__all__ = [
    "BY_CONFIG",
    "CardTable",
    "ConfigTables",
    "DeckTables",
    "PlayFacts",
    "index_of",
    "play_facts",
    "sort_cards",
    "tables",
]

V = TypeVar("V")

_CACHE_LIMIT: Final = 64
"""At most this many configurations keep their tables; the cache is emptied beyond."""
_DECK_LIMIT: Final = 8
"""At most this many deck editions keep their tables (about 0.4 MB each); the cache is emptied beyond."""


class CardTable(Generic[V]):
    """One value per card of an edition, found by card identity first, then by value.

    A card outside the edition (in a hand-made state) gets a value made on
    demand by the same function that built the table.
    """

    __slots__ = ("by_card", "by_id", "make")

    def __init__(self, make: Callable[[Card], V], cards: tuple[Card, ...]) -> None:
        self.make: Final = make
        """The function that gives a card its value."""
        self.by_card: Final = {card: make(card) for card in cards}
        """The values by card (equality)."""
        self.by_id: Final = {id(card): value for card, value in self.by_card.items()}
        """The values by ``id`` of the edition's own card objects."""

    def __getitem__(self, card: Card) -> V:
        found = self.by_id.get(id(card))
        if found is not None:
            return found
        found = self.by_card.get(card)
        return self.make(card) if found is None else found

    def many(self, cards: Sequence[Card]) -> tuple[V, ...]:
        """The values of ``cards``, in order."""
        try:
            return tuple(map(self.by_id.__getitem__, map(id, cards)))
        except KeyError:
            return tuple(map(self.__getitem__, cards))


def index_of(cards: Sequence[Card | None], card: Card) -> int:
    """The position of ``card`` in ``cards`` (the same object first, else an equal card), or -1 when absent."""
    for index, held in enumerate(cards):
        if held is card:
            return index
    try:
        return cards.index(card)
    except ValueError:
        return -1


class PlayFacts(NamedTuple):
    """Everything a play of one card by one seat may need, found in one look-up (see :attr:`DeckTables.plays`)."""

    led: tuple[Event, ...]
    """The events of the seat leading the card (with :class:`NothingTaken` for a TAKE card)."""
    high_low: HighLowCard
    """The High/Low card that leading the card sets."""
    played: tuple[Event, ...]
    """The event of the seat playing the card not as a lead, alone in a tuple."""
    take: bool
    """Whether the card is a TAKE card."""
    take_due: tuple[Event, ...]
    """A TAKE card played not as a lead with a card to take: its :class:`CardPlayed` and :class:`TakeDue`."""
    no_target: tuple[Event, ...]
    """A TAKE card played not as a lead with nothing to take: its :class:`CardPlayed` and :class:`NothingTaken`."""
    replaced: tuple[Event, ...]
    """:attr:`played` for the card played as a replacement (its :class:`CardPlayed` says so)."""
    replaced_take_due: tuple[Event, ...]
    """:attr:`take_due` for the card played as a replacement."""
    replaced_no_target: tuple[Event, ...]
    """:attr:`no_target` for the card played as a replacement."""


def play_facts(edition: DeckEdition, seat: int, card: Card) -> PlayFacts:
    """The :class:`PlayFacts` of ``seat`` playing ``card`` of ``edition`` (built anew; the tables keep one each)."""
    spec = edition.spec(card)
    played = CardPlayed(seat, card)
    replaced = CardPlayed(seat, card, replacement=True)
    take_due = TakeDue(seat, card)
    no_target = NothingTaken(seat, card, NoTake.NO_TARGET)
    return PlayFacts(
        led=_led(edition, seat, card),
        high_low=HighLowCard(card.suit, spec.mark),
        played=(played,),
        take=spec.take,
        take_due=(played, take_due),
        no_target=(played, no_target),
        replaced=(replaced,),
        replaced_take_due=(replaced, take_due),
        replaced_no_target=(replaced, no_target),
    )


@attrs.frozen(eq=False)
class DeckTables:
    """What is derived from one deck edition: per-card facts and shared action objects."""

    edition: DeckEdition
    """The edition these tables describe."""
    cards: tuple[Card, ...]
    """The 60 cards in sort order (suit, then number): the card objects every state of this deck holds."""
    rank: CardTable[int]
    """Each card's position in :attr:`cards` (its rank in :meth:`~ofrenda_rules.dia_de_los_muertos.Card.sort_key`
    order; a card outside the edition has none and raises ``KeyError``)."""
    high: CardTable[bool]
    """Whether the card is marked High (else Low)."""
    points: CardTable[int]
    """The card's point value in a score pile."""
    play: CardTable[PlayCard]
    """One :class:`PlayCard` per card."""
    take_action: CardTable[TakeCard]
    """One :class:`TakeCard` per card."""
    deal: CardTable[DealCard]
    """One :class:`DealCard` per card."""
    outcomes: tuple[dict[int, tuple[DealCard, Fraction]], ...]
    """``outcomes[k][id(card)]``: the chance outcome ``(deal[card], Fraction(1, k))`` of a k-card stock."""
    replacement_due: tuple[ReplacementDue, ...]
    """``replacement_due[seat]``: the event of ``seat`` having to play a replacement."""
    plays: tuple[CardTable[PlayFacts], ...]
    """``plays[seat][card]``: the :class:`PlayFacts` of ``seat`` playing ``card`` (its events, the High/Low card it
    sets when led, whether it is a TAKE card)."""


@attrs.frozen(eq=False)
class ConfigTables:
    """What is derived from one configuration: its deck's tables and the counts of seats and cards."""

    config: Config
    """The configuration these tables describe."""
    deck: DeckTables
    """The tables of the configuration's deck edition."""
    players: int
    """Number of seats."""
    deal_total: int
    """Cards dealt in all: the deal is a chance event while fewer have been dealt."""
    lock_lead: bool
    """The lock-the-lead variant."""
    high_low_split: bool
    """The High/Low-split variant."""
    lead_replacement_exempt: bool
    """Whether a TAKE played by the lead player as a replacement takes nothing (ruling 7)."""
    clockwise: tuple[tuple[int, ...], ...]
    """``clockwise[seat]``: the other seats, clockwise from the seat's left."""
    before: tuple[int, ...]
    """``before[seat]``: the seat to the right of ``seat``, the last to play once round the table from it."""
    from_seat: tuple[tuple[int, ...], ...]
    """``from_seat[seat]``: every seat, clockwise starting with ``seat`` itself."""
    empty_front: tuple[None, ...]
    """No card in front of any seat."""
    empty_hands: tuple[tuple[Card, ...], ...]
    """Every hand empty."""
    seats: range
    """Every seat, in order."""
    taken: tuple[tuple[dict[int, tuple[Event, ...]], ...], ...]
    """``taken[seat][victim][id(card)]``: the events of ``seat`` taking ``card`` from ``victim`` (filled on use)."""
    hands_dealt: HandsDealt
    """The event of the deal's completion (the same for every game of this configuration)."""


def sort_cards(deck: DeckTables, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` sorted by :meth:`~ofrenda_rules.dia_de_los_muertos.Card.sort_key` (a stable sort)."""
    try:
        ranks = list(map(deck.rank.by_id.__getitem__, map(id, cards)))
    except KeyError:
        return tuple(sorted(cards, key=Card.sort_key))
    return tuple(map(cards.__getitem__, sorted(range(len(cards)), key=ranks.__getitem__)))


def _led(edition: DeckEdition, seat: int, card: Card) -> tuple[Event, ...]:
    spec = edition.spec(card)
    led = CardLed(seat, card, spec.mark)
    return (led, NothingTaken(seat, card, NoTake.LED)) if spec.take else (led,)


def _deck_tables(edition: DeckEdition) -> DeckTables:
    cards = edition.deck
    deals = CardTable(DealCard, cards)
    outcomes: list[dict[int, tuple[DealCard, Fraction]]] = [{}]
    for size in range(1, len(cards) + 1):
        probability = Probability(1, size)
        outcomes.append({id(card): (deals[card], probability) for card in cards})
    ranks = {card: rank for rank, card in enumerate(cards)}
    seats = range(max(HAND_SIZES))
    return DeckTables(
        edition=edition,
        cards=cards,
        rank=CardTable(ranks.__getitem__, cards),
        high=CardTable(lambda card: edition.spec(card).mark is Mark.HIGH, cards),
        points=CardTable(lambda card: edition.spec(card).points, cards),
        play=CardTable(PlayCard, cards),
        take_action=CardTable(TakeCard, cards),
        deal=deals,
        outcomes=tuple(outcomes),
        replacement_due=tuple(map(ReplacementDue, seats)),
        plays=tuple(CardTable(partial(play_facts, edition, seat), cards) for seat in seats),
    )


_DECKS: dict[DeckEdition, DeckTables] = {}
BY_CONFIG: Final[dict[int, ConfigTables]] = {}
"""The tables of recent configurations by ``id`` of the configuration: check ``.config is config`` on a hit."""


def _config_tables(config: Config) -> ConfigTables:
    edition = config.deck
    deck = _DECKS.get(edition)
    if deck is None:
        if len(_DECKS) >= _DECK_LIMIT:
            _DECKS.clear()
        deck = _DECKS[edition] = _deck_tables(edition)
    n = config.players
    seats = range(n)
    built = ConfigTables(
        config=config,
        deck=deck,
        players=n,
        deal_total=n * config.hand_size,
        lock_lead=config.lock_lead,
        high_low_split=config.high_low_split,
        lead_replacement_exempt=config.lead_replacement_exempt,
        clockwise=tuple(tuple((seat + step) % n for step in range(1, n)) for seat in seats),
        before=tuple((seat - 1) % n for seat in seats),
        from_seat=tuple(tuple((seat + step) % n for step in range(n)) for seat in seats),
        empty_front=(None,) * n,
        empty_hands=((),) * n,
        seats=seats,
        taken=tuple(tuple({} for _ in seats) for _ in seats),
        hands_dealt=HandsDealt((config.hand_size,) * n, len(deck.cards) - n * config.hand_size),
    )
    if len(BY_CONFIG) >= _CACHE_LIMIT:
        BY_CONFIG.clear()
    BY_CONFIG[id(config)] = built
    return built


def tables(config: Config) -> ConfigTables:
    """The tables of ``config``, built on first use and then shared.

    They are found by the configuration object's identity (every state of a
    game holds the same one), and per deck edition by value, so a
    configuration read back from JSON reuses its edition's tables.
    """
    found = BY_CONFIG.get(id(config))
    if found is not None and found.config is config:
        return found
    return _config_tables(config)
