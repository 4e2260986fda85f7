"""The deck of Día de los Muertos as data: suits, cards and editions.

A card is named by its suit and number (:class:`Card`); what is printed on it
(its High/Low mark, its point value, whether it is a TAKE card) comes from the
:class:`DeckEdition` in play. The default edition is reconstructed from every
fact the rulebook states and a few the library adds (see the docs page), and another deck
loads from JSON with :func:`load_deck`, validated against the rulebook.

>>> card = Card(Suit.RED, 10)
>>> spec = DEFAULT_DECK.spec(card)
>>> spec.mark, spec.points, spec.take
(Mark.LOW, 2, True)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from ofrenda_rules.editions import EditionCatalog
from ofrenda_rules.errors import EditionError
from ofrenda_rules.game import NamedEnum
from ofrenda_rules.json import load_packaged, register_numbered_token

__all__ = [
    "DEFAULT_DECK",
    "EDITIONS",
    "MAX_NAME_LENGTH",
    "NUMBERS",
    "POINT_DISTRIBUTION",
    "Card",
    "CardSpec",
    "DeckEdition",
    "Mark",
    "Suit",
    "load_deck",
]


class Suit(NamedEnum):
    """The three suits, named by border colour as the rulebook's example does."""

    BLACK = "black"
    """Suit #1, Skull, black border; its High/Low card has a red background."""
    RED = "red"
    """Suit #2, Offering, red border; its High/Low card has a beige background."""
    WHITE = "white"
    """Suit #3, Flower, white border; its High/Low card has a turquoise background."""


class Mark(NamedEnum):
    """The arrow printed on a card: whether a lead makes the highest or lowest card win."""

    HIGH = "high"
    """Up arrow (H)."""
    LOW = "low"
    """Down arrow (L)."""


NUMBERS: Final = tuple(range(1, 21))
"""Every suit is numbered 1 to 20."""

POINT_DISTRIBUTION: Final = {0: 12, 1: 21, 2: 9, -1: 18}
"""The rulebook's count of cards per point value across the 60 playing cards."""

_SUIT_ORDER: Final = {Suit.BLACK: 0, Suit.RED: 1, Suit.WHITE: 2}


@attrs.frozen(order=False, cache_hash=True)
class Card:
    """A playing card, named by suit and number (unique in a deck).

    Its hash is computed once (the same value): decks, hands and descriptions look cards up in
    dicts and sets all the time, and hashing the suit goes through ``enum``'s Python ``__hash__``.
    """

    suit: Suit
    """The card's suit."""
    number: int
    """The card's number, 1 to 20; only the number decides a trick."""

    def sort_key(self) -> tuple[int, int]:
        """Order of cards in hands and listings: by suit (black, red, white), then number."""
        return (_SUIT_ORDER[self.suit], self.number)

    def __str__(self) -> str:
        return f"{self.suit.value.capitalize()} {self.number}"


@attrs.frozen
class CardSpec:
    """What is printed on one card of an edition."""

    suit: Suit
    """The card's suit."""
    number: int
    """The card's number."""
    mark: Mark
    """High (up arrow) or Low (down arrow)."""
    points: int
    """Its point value in a score pile -- 2, 1, 0 or -1."""
    take: bool
    """Whether it is a TAKE card."""

    @property
    def card(self) -> Card:
        """The card this spec describes."""
        return Card(self.suit, self.number)


MAX_NAME_LENGTH: Final = 200
"""Longest name of a deck edition, in characters (untrusted JSON is bounded)."""


def _check_cards(
    instance: DeckEdition, attribute: attrs.Attribute[tuple[CardSpec, ...]], cards: tuple[CardSpec, ...]
) -> None:
    name = instance.name
    problems = deck_problems(cards)
    if len(name) > MAX_NAME_LENGTH:
        problems.insert(0, f"its name has {len(name)} characters, more than {MAX_NAME_LENGTH}")
    if problems:
        label = repr(name if len(name) <= 40 else name[:37] + "...")
        more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise EditionError(f"deck edition {label} is invalid: " + "; ".join(problems[:10]) + more)


def deck_problems(cards: tuple[CardSpec, ...]) -> list[str]:
    """Every rulebook constraint that a list of card specs breaks (empty when valid)."""
    problems: list[str] = []
    if len(cards) > 2 * len(NUMBERS) * len(Suit):  # far too many to list what is wrong with each
        return [f"a deck has {len(NUMBERS) * len(Suit)} cards, not {len(cards)}"]
    names = Counter((c.suit, c.number) for c in cards)
    for (suit, number), count in sorted(names.items(), key=lambda kv: (kv[0][0].value, kv[0][1])):
        if count > 1:
            problems.append(f"{suit.value} {number} appears {count} times")
        if number not in NUMBERS:
            problems.append(f"{suit.value} {number} is not numbered 1-20")
    for suit in Suit:
        missing = [n for n in NUMBERS if (suit, n) not in names]
        if missing:
            problems.append(f"{suit.value} is missing {missing}")
    points = Counter(c.points for c in cards)
    for value in sorted(set(points) | set(POINT_DISTRIBUTION)):
        want = POINT_DISTRIBUTION.get(value, 0)
        if points.get(value, 0) != want:
            problems.append(f"{points.get(value, 0)} cards worth {value} points, the rulebook has {want}")
    return problems


@attrs.frozen
class DeckEdition:
    """The 60 playing cards of one printing, validated against the rulebook.

    The rulebook fixes three suits numbered 1-20 and the point values (12 cards
    of 0, 21 of 1, 9 of 2, 18 of -1); an edition that breaks any of these is
    refused with :class:`~ofrenda_rules.errors.EditionError`.
    """

    name: str
    """A label for the printing, e.g. the publisher and year."""
    cards: tuple[CardSpec, ...] = attrs.field(validator=_check_cards)
    """The 60 playing cards."""
    _by_card: dict[Card, CardSpec] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_card", {spec.card: spec for spec in self.cards})

    def spec(self, card: Card) -> CardSpec:
        """What is printed on ``card``."""
        return self._by_card[card]

    def __contains__(self, card: object) -> bool:
        return card in self._by_card

    @property
    def deck(self) -> tuple[Card, ...]:
        """All 60 cards in sort order."""
        return tuple(sorted(self._by_card, key=Card.sort_key))


DEFAULT_DECK: Final = load_packaged("ofrenda_rules.dia_de_los_muertos", "data/default_deck.json", DeckEdition)
"""The default edition, reconstructed (see the docs' component page)."""

EDITIONS: Final = EditionCatalog("dia_de_los_muertos", DeckEdition, DEFAULT_DECK, legacy_key="deck")
"""The game's editions -- the default deck and the custom decks registered in this process."""


_CARDS: Final = {(card.suit.value, card.number): card for card in DEFAULT_DECK._by_card}
"""The default deck's own card objects by suit and number: every card read from JSON or a pickle is one of them."""
_CARD_INDEX: Final = {key: index for index, key in enumerate(sorted(_CARDS))}
_CARD_KEYS: Final = tuple(sorted(_CARDS))


def _card_at(index: int) -> Card:
    """Unpickle a card: the shared object at ``index`` in suit-then-number order."""
    return _CARDS[_CARD_KEYS[index]]


def _reduce_card(card: Card) -> tuple[object, ...]:
    index = _CARD_INDEX.get((card.suit.value, card.number))
    return (_card_at, (index,)) if index is not None else (Card, (card.suit, card.number))


register_numbered_token(  # a card is written as its text, "red-14"; the deck's cards are shared objects
    Card,
    _CARDS.values(),
    kind="suit",
    kinds=Suit,
    number="number",
    example="red-14",
    legacy=True,  # replay format 1 wrote {"number": 14, "suit": "red"}
)
Card.__reduce__ = _reduce_card  # type: ignore[assignment, method-assign]


def load_deck(text: str | bytes) -> DeckEdition:
    """Load a deck edition from JSON, validated, and register it (see :data:`EDITIONS`).

    Raises:
        FormatError: malformed JSON, wrong types or unknown keys (with the path),
            or a deck that breaks a rulebook constraint.

    """
    return EDITIONS.load(text)
