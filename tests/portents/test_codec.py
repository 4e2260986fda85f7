"""Action ids of Portents: the documented layout and its errors."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.portents import (
    ChooseFirst,
    Config,
    DrawOmen,
    DrawTile,
    Light,
    Pass,
    Place,
    Push,
    Sacrifice,
    Side,
    Sign,
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.portents.turn import SHIFTS

TWO = Config()
FEED = Config(players=1, feed_the_cat=True)


def test_decision_ids() -> None:
    assert len(SHIFTS) == 19
    assert encode_action(TWO, Push(Side.NORTH, SHIFTS[0])) == 0
    assert encode_action(TWO, Push(Side.EAST, (0, 0, 1))) == 19 + SHIFTS.index((0, 0, 1))
    assert encode_action(TWO, Push(Side.WEST, SHIFTS[18])) == 75
    assert encode_action(TWO, Pass()) == 76
    assert encode_action(TWO, Place(0, Sign.YELLOW_SKULL)) == 77
    assert encode_action(TWO, Place(8, Sign.WHITE_WING)) == 220
    assert encode_action(TWO, Light(0)) == 221
    assert encode_action(TWO, Light(8)) == 229 == num_distinct_actions(TWO) - 1
    assert encode_action(FEED, Sacrifice(Sign.YELLOW_SKULL)) == 230
    assert num_distinct_actions(FEED) == 246
    assert decode_action(FEED, 245) == Sacrifice(Sign.WHITE_WING)


def test_chance_ids() -> None:
    assert encode_action(TWO, DrawOmen(Sign.YELLOW_SKULL)) == 0
    assert encode_action(TWO, DrawTile(Sign.WHITE_WING)) == 31
    assert encode_action(TWO, ChooseFirst(1)) == 33
    assert max_chance_outcomes(TWO) == 34
    assert max_chance_outcomes(FEED) == 32
    assert decode_action(TWO, 32, chance=True) == ChooseFirst(0)


@pytest.mark.parametrize(
    ("config", "action"),
    [
        (TWO, Push(Side.NORTH, (0, 0, 0))),
        (TWO, Push(Side.NORTH, (2, 2, 0))),
        (TWO, Push(Side.NORTH, [1, 0, 0])),  # type: ignore[arg-type]
        (TWO, Place(9, Sign.RED_CLAW)),
        (TWO, Light(True)),
        (TWO, Sacrifice(Sign.RED_CLAW)),  # only with Feed the Cat
        (FEED, ChooseFirst(0)),  # only with two players
    ],
)
def test_encoding_what_cannot_occur_is_refused(config: Config, action: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        encode_action(config, action)  # type: ignore[arg-type]
    assert caught.value.rejection.code == "not-encodable"


@pytest.mark.parametrize(("action_id", "chance"), [(-1, False), (230, False), (34, True), ("3", False)])
def test_decoding_an_id_out_of_range_is_refused(action_id: int, chance: bool) -> None:
    with pytest.raises(IllegalActionError) as caught:
        decode_action(TWO, action_id, chance=chance)
    assert caught.value.rejection.code == "no-such-action-id"


def test_max_decisions() -> None:
    """A turn: one push or pass, up to 3 placements, one light per lane; solo at most 32 turns."""
    assert max_decisions(TWO) == 1 + 200 * 12
    assert max_decisions(Config(turn_limit=12)) == 1 + 12 * 12
    assert max_decisions(Config(players=1)) == 32 * 12
    assert max_decisions(FEED) == 32 * 13
