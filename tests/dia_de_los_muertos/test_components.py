"""The deck edition: every constraint the rulebook and DESIGN.md state about the cards."""

from __future__ import annotations

import json
import pickle
from collections import Counter

import pytest

from ofrenda_rules.dia_de_los_muertos import DEFAULT_DECK, Card, Config, DeckEdition, Mark, Suit, load_deck
from ofrenda_rules.errors import EditionError, FormatError
from ofrenda_rules.serialization import dumps, legacy_converter, loads
from tests.dia_de_los_muertos.helpers import card


def test_sixty_cards_numbered_1_to_20_in_three_suits() -> None:
    """'60 playing cards numbered 1-20 in three suits.'"""
    assert len(DEFAULT_DECK.cards) == 60
    assert sorted((c.suit.value, c.number) for c in DEFAULT_DECK.cards) == sorted(
        (s.value, n) for s in Suit for n in range(1, 21)
    )


def test_point_values_match_the_rulebook_count() -> None:
    """'12 cards with value 0, 21 cards with value 1, 9 cards with value 2, and 18 cards with value -1.'"""
    assert Counter(c.points for c in DEFAULT_DECK.cards) == {0: 12, 1: 21, 2: 9, -1: 18}


@pytest.mark.parametrize("suit", list(Suit))
def test_each_suit_has_the_published_point_split_and_five_take_cards(suit: Suit) -> None:
    """DESIGN.md: per suit 4x0, 7x1, 3x2, 6x(-1); a published review says TAKE is on 5 cards per suit."""
    specs = [c for c in DEFAULT_DECK.cards if c.suit is suit]
    assert Counter(c.points for c in specs) == {0: 4, 1: 7, 2: 3, -1: 6}
    assert sum(c.take for c in specs) == 5


def test_every_card_is_marked_high_or_low() -> None:
    assert {c.mark for c in DEFAULT_DECK.cards} == {Mark.HIGH, Mark.LOW}


@pytest.mark.parametrize(
    ("text", "mark", "points", "take"),
    [
        ("R14", Mark.LOW, -1, False),
        ("R17", Mark.HIGH, 1, False),
        ("R3", Mark.HIGH, 0, False),
        ("R10", Mark.LOW, 2, True),
        ("W17", Mark.HIGH, 1, False),  # the example's "Green 17"
    ],
)
def test_the_rulebook_example_cards_are_printed_as_in_the_example(
    text: str, mark: Mark, points: int, take: bool
) -> None:
    """'Red 14 (L-1), Red 17 (H+1), Red 3 (H 0), Green 17 (H+1), Red 10 (L+2) TAKE.'"""
    spec = DEFAULT_DECK.spec(card(text))
    assert (spec.mark, spec.points, spec.take) == (mark, points, take)


def test_a_deck_loads_from_json_and_round_trips() -> None:
    text = dumps(DEFAULT_DECK)
    deck = load_deck(text)
    assert deck == DEFAULT_DECK
    assert Config(edition=deck).deck is deck
    assert loads(dumps(Config(edition=deck)), Config) == Config()


def _document() -> dict[str, object]:
    data = json.loads(dumps(DEFAULT_DECK))
    assert isinstance(data, dict)
    return data


def test_a_deck_with_a_duplicate_card_is_refused_with_the_reason() -> None:
    data = _document()
    cards = data["cards"]
    assert isinstance(cards, list)
    cards[1] = dict(cards[0])
    with pytest.raises(FormatError, match=r"red 1 appears 2 times.*red is missing \[2\]"):
        load_deck(json.dumps(data))


def test_a_deck_with_wrong_point_counts_is_refused() -> None:
    data = _document()
    cards = data["cards"]
    assert isinstance(cards, list)
    cards[0]["points"] = 2
    with pytest.raises(FormatError, match="cards worth 2 points, the rulebook has 9"):
        load_deck(json.dumps(data))


def test_a_deck_with_an_unknown_key_or_wrong_type_names_the_path() -> None:
    data = _document()
    data["extra"] = 1
    with pytest.raises(FormatError, match="extra"):
        load_deck(json.dumps(data))
    data = _document()
    cards = data["cards"]
    assert isinstance(cards, list)
    cards[3]["suit"] = "green"
    with pytest.raises(FormatError, match=r"\$\.cards\[3\]\.suit"):
        load_deck(json.dumps(data))


def test_constructing_an_invalid_edition_raises_edition_error() -> None:
    with pytest.raises(EditionError, match="is missing"):
        DeckEdition(name="short", cards=DEFAULT_DECK.cards[:-1])


def test_card_names_and_order() -> None:
    assert str(Card(Suit.WHITE, 17)) == "White 17"
    assert DEFAULT_DECK.deck[0] == Card(Suit.BLACK, 1)
    assert Card(Suit.RED, 1) in DEFAULT_DECK


def test_cards_read_from_json_or_a_pickle_are_the_decks_own_objects() -> None:
    card = loads('"red-14"', Card)
    assert card == Card(Suit.RED, 14)
    assert dumps(card) == '"red-14"'
    assert pickle.loads(pickle.dumps(Card(Suit.RED, 14))) is card
    assert len(pickle.dumps(Card(Suit.WHITE, 20))) < 100
    assert loads('"red-21"', Card) == Card(Suit.RED, 21)  # not a deck card: the rules refuse it
    assert dumps(Card(Suit.RED, 21)) == '"red-21"'
    assert loads('"black-0"', Card) == Card(Suit.BLACK, 0)
    assert loads('"white--3"', Card) == Card(Suit.WHITE, -3)


def test_every_card_of_the_deck_is_written_as_its_suit_and_number() -> None:
    for shared in DEFAULT_DECK.deck:
        assert dumps(shared) == f'"{shared.suit.value}-{shared.number}"'
        assert loads(dumps(shared), Card) is shared


def test_replay_format_1_cards_are_objects() -> None:
    legacy = legacy_converter()
    card = legacy.structure({"suit": "red", "number": 14}, Card)
    assert card == loads('"red-14"', Card)
    assert legacy.unstructure(card, Card) == {"number": 14, "suit": "red"}
    assert legacy.structure({"suit": "red", "number": 21}, Card) == Card(Suit.RED, 21)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"suit": "red", "number": 14}', r"expected a string, got an object"),
        ('"pink-2"', r"'pink-2' does not match"),
        ('"red-014"', r"'red-014' does not match"),
        ('"red 14"', r"'red 14' does not match"),
        ('"red-14\\n"', r"'red-14\\n' does not match"),
        ("14", "expected a string, got 14"),
        ("[1]", "expected a string, got an array"),
    ],
)
def test_a_malformed_card_is_refused_with_its_reason(text: str, words: str) -> None:
    with pytest.raises(FormatError, match=words):
        loads(text, Card)
