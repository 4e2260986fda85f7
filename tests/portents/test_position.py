"""Positions of Portents: hand-written examples, and every kind of impossible position refused."""

from __future__ import annotations

import random

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import PositionError
from ofrenda_rules.portents import (
    Config,
    DrawOmen,
    Phase,
    Sign,
    apply,
    current_player,
    from_position,
    legal_actions,
    new_game,
    to_position,
)

TWO = Config()
SOLO = Config(players=1)
ALTAR = "BW*YSBH/RSWHYC/WWYWBS"
OMENS = "WCRHWWBS/RWWSYHRC/YWBCYSRS/YCBWBHWH"
START = f"{ALTAR} {OMENS} YHRWWC/RCBCWS -/- push:1 0 first=1 token=RH"
"""Player 1, the first player, to push; player 0 lit the Blue Wing in the north-west corner."""


def test_a_hand_written_two_player_position() -> None:
    state = from_position(START, TWO)
    assert state.phase is Phase.PUSH and current_player(state) == 1
    assert state.altar[:3] == (Sign.BLUE_WING, Sign.YELLOW_SKULL, Sign.BLUE_WISHBONE)
    assert state.lit == (True,) + (False,) * 8
    assert state.omens[0] is Sign.WHITE_CLAW and state.omens[15] is Sign.WHITE_WISHBONE
    assert state.hands == (
        (Sign.YELLOW_WISHBONE, Sign.RED_WING, Sign.WHITE_CLAW),
        (Sign.RED_CLAW, Sign.BLUE_CLAW, Sign.WHITE_SKULL),
    )
    assert to_position(state) == START
    after = apply(state, legal_actions(state)[0])
    assert after.recent_events
    assert from_position(to_position(after), TWO) == attrs.evolve(after, recent_events=())


def test_spacing_and_the_order_of_keyed_fields_are_free() -> None:
    text = f"  {ALTAR}\t{OMENS} WCRWYH/RCBCWS -/-  push:1 0 token=RH first=1\n"
    assert to_position(from_position(text, TWO)) == START


def test_a_chance_pending_setup_position() -> None:
    """'Randomly place the Omen Tokens face-up in the 16 slots': two placed, the next draw pending."""
    state = from_position("....../....../...... YSYC..../......../......../........ -/- -/- omens:0 0", TWO)
    assert current_player(state) == CHANCE
    expected = apply(apply(new_game(TWO), DrawOmen(Sign.YELLOW_SKULL)), DrawOmen(Sign.YELLOW_CLAW))
    assert state == attrs.evolve(expected, recent_events=())
    assert len(legal_actions(state)) == 14


def test_the_kittys_turn_waiting_for_a_draw() -> None:
    state = new_game(Config(players=1), seed=None)
    while state.phase is not Phase.KITTY:
        state = apply(state, legal_actions(state)[0])
    text = to_position(state)
    assert " kitty:0 1 " in text and " fill=" in text and "token=" not in text
    assert from_position(text, SOLO) == attrs.evolve(state, recent_events=())
    assert current_player(from_position(text, SOLO)) == CHANCE


def test_a_finished_game_round_trips() -> None:
    state = new_game(TWO, seed=7)
    while current_player(state) != TERMINAL:
        state = apply(state, legal_actions(state)[0])
    text = to_position(state)
    assert "end=turn-limit:-" in text
    assert from_position(text, TWO) == attrs.evolve(state, recent_events=())


def _start(**changes: str) -> str:
    fields = START.split()
    for index, value in changes.items():
        fields[int(index[1:])] = value
    return " ".join(fields)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (START.replace("YSBH/", "YSYS/"), "tile YS appears twice on the altar"),
        (START.replace("WCRHWWBS", "WCRHWWWC"), "omen WC appears twice in the slots"),
        (START.replace("BW*", "XX*"), "ALTAR: .* is not three '/'-separated rows"),
        (START.replace(f"{ALTAR} ", "BW*YSBH/RSWHYC "), "ALTAR"),
        (START.replace("WCRHWWBS/", "WCRHWWBS"), "OMENS: .* is not four"),
        (START.replace("YHRWWC/RCBCWS", "YHRWWC"), "HANDS: 1 seats given, the game has 2"),
        (START.replace("YHRWWC/", "YHRW/"), "15 tiles and 16 omens are placed"),
        (START.replace("YHRWWC/RCBCWS", "YHRWWCRC/BCWS"), r"hands of \[4, 2\] tiles"),
        (START.replace("push:1", "dance:1"), "PHASE: 'dance' is not one of"),
        (START.replace("push:1", "push:2"), "'2' is not a seat"),
        (START + " foo=1", "'foo=1' is not a field"),
        (START + " first=1", "the field first is given twice"),
        (START.replace("first=1", "first=0"), "seat 1 cannot be active"),
        (START.replace(" token=RH", ""), "15 tiles and 16 omens"),
        (START + " kitty=0:-", "belongs to the solo game"),
        (START + " end=fortune-of-four:1", "a finished game .* and only a finished game"),
        (START.replace("push:1", "over:1"), "a finished game .* and only a finished game"),
        (START.replace("push:1 0", "over:1 1") + " end=fortune-of-four:1", "does not follow from the position"),
        (START + " lighting=3", r"lighting=\) only in the light phase"),
        (START.replace("WWYWBS", "WWYWRW").replace("YHRWWC", "YHBSWC"), "shows a Portent on lane 2"),
        (START.replace("YHRWWC/RCBCWS", "YHRWWS/RCBCWC"), "three tiles sharing a trait"),
        (START.replace("BW*", "BW").replace("push:1 0", "push:1 200"), "the game ends as a draw after 200"),
        (START.replace("push:1 0", "push:0 1"), "Burnt Offering BW on space 0 is in no possible Portent"),
        (START.replace("BW*", "BW"), "0 Burnt Offerings in the first turn: the setup lights one"),
        (START.replace("BW*YS", "BW*YS*"), "2 Burnt Offerings in the first turn: the setup lights one"),
        (START.replace("BW*YSBH", "BW*YS*BH*"), "3 Burnt Offerings in the first turn: the setup lights one"),
        (START + " rng=1:x", "rng: '1:x' is not 'SEED:COUNTER'"),
        (START + " rng=1:18446744073709551616", "must be below 2"),
        ("....../....../...... ..YC..../......../......../........ -/- -/- omens:0 0", "filled in order"),
        ("....../....../...... YSYC..../......../......../........ -/- -/- omens:0 0 rng=1:0", "never waits"),
    ],
)
def test_impossible_positions_are_refused_with_their_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_position(text, TWO)


def test_every_first_turn_position_play_reaches_is_accepted() -> None:
    """The first turn's check of Burnt Offerings (the setup's one, and those lit since) accepts what play makes."""
    seen: dict[Phase, int] = {}
    for seed in range(40):
        state = new_game(TWO, seed=seed)
        moves = random.Random(seed)
        while state.turns == 0 and state.phase is not Phase.OVER:
            if state.phase in (Phase.PUSH, Phase.PLACE, Phase.LIGHT):
                assert from_position(to_position(state), TWO) == attrs.evolve(state, recent_events=())
                seen[state.phase] = seen.get(state.phase, 0) + 1
            state = apply(state, moves.choice(legal_actions(state)))
    assert seen[Phase.PUSH] == 40 and seen[Phase.PLACE] >= 40 and seen[Phase.LIGHT] >= 1


def test_solo_positions_need_the_kitty_and_keep_its_count_of_steps() -> None:
    state = new_game(SOLO, seed=3)
    text = to_position(state)
    assert from_position(text, SOLO) == attrs.evolve(state, recent_events=())
    with pytest.raises(PositionError, match="kitty=STEPS:OMENS"):
        from_position(text.replace(" kitty=0:-", ""), SOLO)
    with pytest.raises(PositionError, match="the Kitty walked 5 steps in 0 turns"):
        from_position(text.replace(" kitty=0:-", " kitty=5:-"), SOLO)
    with pytest.raises(PositionError, match="with Chaotic Cat the Kitty has no token tile"):
        from_position(text, Config(players=1, chaotic_cat=True))


def test_over_long_input_is_refused_before_parsing() -> None:
    with pytest.raises(PositionError, match="at most 4096 characters"):
        from_position(START + " " * 4096, TWO)
