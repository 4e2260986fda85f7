"""Action ids of Ofrendados: the documented layout and its errors."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrendados import (
    BuyCard,
    Colour,
    Config,
    DrawObject,
    Pass,
    RerollDie,
    RevealCard,
    RewriteObject,
    RollDie,
    TakeDie,
    TurnDie,
    UseDie,
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)

CONFIG = Config(players=3)
# In the default edition: cards 11-15 rewrite, 16 any face, 17 opposite face, 18 reroll, 19 adjacent face.
MONEY = 16  # every face but the orange and purple sixes (2 pesos each) can be exchanged for money
TURNS = 18 * 5 + 18 * 1 + 3 * 10  # any face: 5 targets; opposite: 1; adjacent: 1 or 2 (10 per colour)


def test_dice_ids() -> None:
    assert encode_action(CONFIG, TakeDie(Colour.YELLOW, 1)) == 0
    assert encode_action(CONFIG, TakeDie(Colour.ORANGE, 6)) == 11
    assert encode_action(CONFIG, UseDie(Colour.YELLOW, 1)) == 12
    assert encode_action(CONFIG, UseDie(Colour.PURPLE, 6)) == 29
    assert encode_action(CONFIG, UseDie(Colour.YELLOW, 1, as_money=True)) == 30
    assert encode_action(CONFIG, UseDie(Colour.PURPLE, 5, as_money=True)) == 30 + MONEY - 1
    first_turn = 30 + MONEY
    assert encode_action(CONFIG, TurnDie(16, Colour.YELLOW, 1, 2)) == first_turn
    assert encode_action(CONFIG, TurnDie(17, Colour.YELLOW, 1, 6)) == first_turn + 90
    assert encode_action(CONFIG, TurnDie(19, Colour.YELLOW, 1, 2)) == first_turn + 90 + 18
    reroll = first_turn + TURNS
    assert encode_action(CONFIG, RerollDie(18, Colour.YELLOW, 1)) == reroll
    assert encode_action(CONFIG, DrawObject(0)) == reroll + 18


def test_sheet_market_and_chance_ids() -> None:
    draw = 30 + MONEY + TURNS + 18
    assert encode_action(CONFIG, DrawObject(22)) == draw + 22
    # Every rewrite card reaches row 1 in the default edition, so every cell is numbered.
    assert encode_action(CONFIG, RewriteObject(0)) == draw + 23
    assert encode_action(CONFIG, BuyCard(1)) == draw + 46
    assert encode_action(CONFIG, Pass()) == draw + 46 + 30 == num_distinct_actions(CONFIG) - 1 == 278
    assert max_chance_outcomes(CONFIG) == 36
    assert encode_action(CONFIG, RevealCard(30)) == 29
    assert decode_action(CONFIG, 30, chance=True) == RollDie(1)


@pytest.mark.parametrize(
    "action",
    [
        TakeDie(Colour.PURPLE, 1),  # purple dice are shared, never drafted
        UseDie(Colour.ORANGE, 6, as_money=True),  # already money
        TurnDie(16, Colour.YELLOW, 3, 3),  # not a turn
        TurnDie(17, Colour.YELLOW, 3, 5),  # the opposite of 3 is 4
        TurnDie(20, Colour.YELLOW, 3, 4),  # card 20 has no turning power
        RerollDie(16, Colour.YELLOW, 3),
        UseDie(Colour.YELLOW, 7),
        UseDie(Colour.YELLOW, 1, as_money=1),  # type: ignore[arg-type]
        RollDie(0),
    ],
)
def test_encoding_what_cannot_occur_is_refused(action: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        encode_action(CONFIG, action)  # type: ignore[arg-type]
    assert caught.value.rejection.code == "not-encodable"


@pytest.mark.parametrize(("action_id", "chance"), [(-1, False), (279, False), (36, True)])
def test_decoding_an_id_out_of_range_is_refused(action_id: int, chance: bool) -> None:
    with pytest.raises(IllegalActionError) as caught:
        decode_action(CONFIG, action_id, chance=chance)
    assert caught.value.rejection.code == "no-such-action-id"


def test_max_decisions() -> None:
    """Five rounds of draft picks, dice used, powers used and passes; cells, rewrites and purchases per game."""
    per_round = 6 + 3 * (2 + 3 + 1) + 4
    assert max_decisions(CONFIG) == 5 * per_round + 3 * 23 + 5 + 30
    assert max_decisions(Config(players=4)) == 5 * (8 + 4 * (2 + 4 + 1) + 4) + 4 * 23 + 5 + 30
