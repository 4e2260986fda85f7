"""Action ids of Ofrenda: the documented layout, the components in play, and the errors."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrenda import (
    Config,
    DiscardPortrait,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    LeaveEmpty,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    RollDie,
    SkipCandle,
    TakeCandle,
    TakePortrait,
    action_codec,
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)

TWO = Config(players=2)
FOUR = Config(players=4, common_goals=True)
SOLO = Config(players=1)


def test_two_player_layout() -> None:
    """35 portraits (player-count mark 2) and 35 candles are in play; 12 card slots, 4 candle, 4 marigold slots."""
    assert [encode_action(TWO, TakePortrait(s)) for s in range(4)] == [0, 1, 2, 3]
    assert [encode_action(TWO, TakeCandle(s)) for s in range(4)] == [4, 5, 6, 7]
    assert encode_action(TWO, SkipCandle()) == 8
    assert encode_action(TWO, PlacePortrait(card=0, slot=0)) == 9
    assert encode_action(TWO, PlacePortrait(card=2, slot=11)) == 9 + 2 * 12 + 11
    assert encode_action(TWO, DiscardPortrait(card=0)) == 9 + 35 * 12
    assert encode_action(TWO, PlaceCandle(slot=1, candle=0)) == 9 + 35 * 13
    assert encode_action(TWO, PlaceCandle(slot=7, candle=34)) == 9 + 35 * 13 + 4 * 35 - 1
    assert encode_action(TWO, PlaceMarigold(slot=0)) == 9 + 35 * 13 + 4 * 35
    assert encode_action(TWO, LeaveEmpty(slot=7)) == num_distinct_actions(TWO) - 1 == 615
    assert encode_action(TWO, DrawPortrait(34)) == 34
    assert encode_action(TWO, DrawCandle(0)) == 35
    assert max_chance_outcomes(TWO) == 70


def test_player_count_decides_the_portraits_in_play() -> None:
    """Rulebook: "Remove Portrait cards with a higher player count than you're playing with"."""
    assert num_distinct_actions(Config(players=3)) == 9 + 50 * 13 + 4 * 35 + 4 + 8
    assert num_distinct_actions(FOUR) == 9 + 65 * 13 + 4 * 35 + 4 + 8
    with pytest.raises(IllegalActionError, match="is not an action of Ofrenda under this configuration"):
        encode_action(TWO, PlacePortrait(card=50, slot=0))
    assert encode_action(FOUR, PlacePortrait(card=50, slot=0)) == 9 + 50 * 12


def test_common_goals_and_solo_add_their_chance_outcomes() -> None:
    assert max_chance_outcomes(FOUR) == 65 + 35 + 15
    assert encode_action(FOUR, DrawGoal(0)) == 100
    with pytest.raises(IllegalActionError):
        encode_action(TWO, DrawGoal(0))
    # Solo: the multiplayer-only candles go back to the box; the Abuela's die has six faces.
    assert max_chance_outcomes(SOLO) == 35 + 29 + 6
    assert [encode_action(SOLO, RollDie(face)) for face in (1, 6)] == [64, 69]
    with pytest.raises(IllegalActionError):
        encode_action(SOLO, DrawCandle(26))
    with pytest.raises(IllegalActionError):
        encode_action(TWO, RollDie(1))


def test_offering_in_any_slot_numbers_candles_and_marigolds_in_every_slot() -> None:
    with pytest.raises(IllegalActionError):
        encode_action(TWO, PlaceMarigold(slot=1))
    anywhere = Config(players=2, offering_in_any_slot=True)
    assert num_distinct_actions(anywhere) == num_distinct_actions(TWO) + 4 * 35 + 4
    assert decode_action(anywhere, encode_action(anywhere, PlaceMarigold(slot=1))) == PlaceMarigold(slot=1)


@pytest.mark.parametrize("action", [TakePortrait(4), TakePortrait(True), PlacePortrait(0, 12), LeaveEmpty(-1), 3])
def test_encoding_what_cannot_occur_is_refused(action: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        encode_action(TWO, action)  # type: ignore[arg-type]
    assert caught.value.rejection.code == "not-encodable"


@pytest.mark.parametrize(("action_id", "chance"), [(-1, False), (616, False), (70, True), (False, True)])
def test_decoding_an_id_out_of_range_is_refused(action_id: int, chance: bool) -> None:
    with pytest.raises(IllegalActionError) as caught:
        decode_action(TWO, action_id, chance=chance)
    assert caught.value.rejection.code == "no-such-action-id"


def test_tables_are_built_once_per_config() -> None:
    assert action_codec(TWO) is action_codec(Config(players=2))


def test_max_decisions_is_three_per_turn_and_one_per_offering_slot() -> None:
    """Twelve turns of take portrait, take or decline a candle, place or discard; each slot decided once."""
    assert max_decisions(SOLO) == 12 * 3 + 8
    assert max_decisions(FOUR) == 4 * (12 * 3 + 8)
