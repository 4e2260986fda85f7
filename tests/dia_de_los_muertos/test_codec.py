"""Action ids of Día de los Muertos: the documented layout and its errors."""

from __future__ import annotations

import pytest

from ofrenda_rules.dia_de_los_muertos import (
    Card,
    Config,
    DealCard,
    PlayCard,
    Suit,
    TakeCard,
    action_codec,
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.errors import ConfigError, IllegalActionError

CONFIG = Config(players=4)


def test_play_take_and_deal_ids_follow_the_deck_order() -> None:
    """PlayCard(card) is the card's index in the deck (black, red, white; 1-20), TakeCard 60 + index."""
    assert num_distinct_actions(CONFIG) == 120
    assert max_chance_outcomes(CONFIG) == 60
    assert encode_action(CONFIG, PlayCard(Card(Suit.BLACK, 1))) == 0
    assert encode_action(CONFIG, PlayCard(Card(Suit.RED, 14))) == 33
    assert encode_action(CONFIG, PlayCard(Card(Suit.WHITE, 20))) == 59
    assert encode_action(CONFIG, TakeCard(Card(Suit.BLACK, 1))) == 60
    assert encode_action(CONFIG, TakeCard(Card(Suit.RED, 10))) == 89
    assert encode_action(CONFIG, DealCard(Card(Suit.WHITE, 1))) == 40
    assert decode_action(CONFIG, 119) == TakeCard(Card(Suit.WHITE, 20))
    assert decode_action(CONFIG, 59, chance=True) == DealCard(Card(Suit.WHITE, 20))
    deck = CONFIG.deck.deck
    assert [decode_action(CONFIG, i) for i in range(60)] == [PlayCard(card) for card in deck]


def test_the_layout_is_the_same_for_every_player_count_and_variant() -> None:
    for config in (Config(players=3), Config(players=6, lock_lead=True, high_low_split=True)):
        assert action_codec(config).decisions == action_codec(CONFIG).decisions
        assert action_codec(config).chance == action_codec(CONFIG).chance


@pytest.mark.parametrize(
    "action",
    [PlayCard(Card(Suit.RED, 21)), TakeCard(Card(Suit.RED, True)), PlayCard("Red 3"), "PlayCard", None],  # type: ignore[arg-type]
)
def test_encoding_what_is_not_an_action_of_the_deck_is_refused(action: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        encode_action(CONFIG, action)  # type: ignore[arg-type]
    assert caught.value.rejection.code == "not-encodable"


@pytest.mark.parametrize(("action_id", "chance"), [(-1, False), (120, False), (60, True), (True, False), (1.0, False)])
def test_decoding_an_id_out_of_range_is_refused(action_id: int, chance: bool) -> None:
    with pytest.raises(IllegalActionError, match="numbers its") as caught:
        decode_action(CONFIG, action_id, chance=chance)
    assert caught.value.rejection.code == "no-such-action-id"


def test_a_config_of_another_game_is_refused() -> None:
    with pytest.raises(ConfigError):
        num_distinct_actions(object())  # type: ignore[arg-type]


def test_tables_are_built_once_per_config() -> None:
    assert action_codec(CONFIG) is action_codec(CONFIG)
    assert action_codec(Config(players=4)) is action_codec(CONFIG)


def test_max_decisions_counts_every_play_and_one_take_per_take_card() -> None:
    """Every dealt card is played once; a TAKE card played (not as a lead) lets its player take one card."""
    takes = sum(1 for spec in CONFIG.deck.cards if spec.take)
    assert takes == 15
    assert max_decisions(CONFIG) == 4 * 12 + 15
    assert max_decisions(Config(players=6)) == 60 + 15
