"""A die in JSON: its colour and pips as one string, the dice of play as shared objects."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.ofrendados import Colour, Config, State, new_game
from ofrenda_rules.ofrendados.state import Die
from ofrenda_rules.ofrendados.tables import DICE
from ofrenda_rules.serialization import dumps, legacy_converter, loads


def test_every_die_of_play_is_written_as_its_colour_and_pips_and_read_back_as_itself() -> None:
    for die in DICE:
        assert dumps(die) == f'"{die.colour.value}-{die.pips}"'
        assert loads(dumps(die), Die) is die


def test_a_state_reads_back_with_the_shared_dice() -> None:
    state = new_game(Config(players=3), seed=5)
    assert state.rolled
    text = dumps(state)
    assert f'"{state.rolled[0].colour.value}-{state.rolled[0].pips}"' in text
    back = loads(text, State)
    assert back == state
    assert all(die is next(shared for shared in DICE if shared == die) for die in back.rolled)


def test_a_die_outside_play_is_written_and_read_all_the_same() -> None:
    assert dumps(Die(Colour.PURPLE, 9)) == '"purple-9"'
    assert loads('"purple-9"', Die) == Die(Colour.PURPLE, 9)


def test_replay_format_1_dice_are_objects() -> None:
    legacy = legacy_converter()
    assert legacy.unstructure(DICE[0], Die) == {"colour": DICE[0].colour.value, "pips": DICE[0].pips}
    assert legacy.structure({"colour": "yellow", "pips": 4}, Die) == Die(Colour.YELLOW, 4)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"colour": "yellow", "pips": 4}', "expected a string, got an object"),
        ('"green-4"', "'green-4' does not match"),
        ('"yellow-04"', "'yellow-04' does not match"),
        ("4", "expected a string, got 4"),
    ],
)
def test_a_malformed_die_is_refused_with_its_reason(text: str, words: str) -> None:
    with pytest.raises(FormatError, match=words):
        loads(text, Die)
