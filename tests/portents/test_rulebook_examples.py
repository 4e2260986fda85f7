"""The rulebook's worked examples, reproduced step by step on constructed boards.

The rulebook's pictures are not available; each board realises the situation
the text describes exactly.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.portents import Light, Phase, Place, Portent, Push, Side, Trait, apply, legal_actions
from ofrenda_rules.portents.components import DEFAULT_EDITION
from tests.portents.boards import S, position

E = DEFAULT_EDITION


def _omens(**by_name: S) -> tuple[S | None, ...]:
    omens: list[S | None] = [None] * 16
    for name, omen in by_name.items():
        omens[E.slot(name)] = omen
    return tuple(omens)


def test_three_portents_collect_nothing_the_red_claw_and_the_red_and_blue_wishbones() -> None:
    """'This example has 3 Portents. Here's what they collect: A) nothing B) the Red Claw
    C) the Red Wishbone & the Blue Wishbone.' (Collecting Omens)

    A Skull Portent in row 1 faces a Yellow Claw and a Blue Wing (no skull: nothing, though the
    Yellow Claw shares the Yellow Skull's colour); a Red Portent in row 2 faces the Red Claw and a
    White Wing; a Wishbone Portent in row 3 faces the Red and the Blue Wishbones.
    """
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
    altar += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
    altar += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
    omens = _omens(
        W1=S.YELLOW_CLAW, E1=S.BLUE_WING, W2=S.RED_CLAW, E2=S.WHITE_WING, W3=S.RED_WISHBONE, E3=S.BLUE_WISHBONE
    )
    state = position(altar, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []], omens=omens, lit=[])
    # Sleight of Hand: push one tile off each row from the west; the east column falls off.
    state = apply(state, Push(Side.WEST, (1, 1, 1)))
    assert state.pushed == (S.YELLOW_WING, S.BLUE_CLAW, S.WHITE_CLAW)
    assert [state.altar[s] for s in (0, 3, 6)] == [None, None, None]
    state = apply(state, Place(0, S.YELLOW_SKULL))
    state = apply(state, Place(3, S.RED_SKULL))
    state = apply(state, Place(6, S.YELLOW_WISHBONE))
    # Scrying: three new Portents.
    assert state.portents == (Portent(0, Trait.SKULL), Portent(1, Trait.RED), Portent(2, Trait.WISHBONE))
    assert sorted(state.collected[0]) == [S.RED_CLAW, S.RED_WISHBONE, S.BLUE_WISHBONE]
    assert state.omens[E.slot("W1")] is S.YELLOW_CLAW and state.omens[E.slot("E1")] is S.BLUE_WING
    assert state.omens[E.slot("E2")] is S.WHITE_WING
    # Palm: the pushed tiles are the new hand.
    assert state.hands[0] == (S.YELLOW_WING, S.BLUE_CLAW, S.WHITE_CLAW)
    # Each of the three Portents needs a Burnt Offering.
    assert state.phase is Phase.LIGHT
    for space in (1, 4, 7):
        state = apply(state, Light(space))
    assert state.phase is Phase.PUSH and state.active == 1
    assert [s for s in range(9) if state.lit[s]] == [1, 4, 7]


def test_two_portents_sharing_the_white_skull_need_a_second_burnt_offering() -> None:
    """'The player made 2 Portents on the Altar. The White Skull is in both Portents but it is only
    one Burnt Offering. Another Burnt Offering is needed. The player lights the Blue Skull.'

    A Skull Portent (row 1) and a White Portent (column 1) cross on the White Skull.
    """
    altar = [S.WHITE_SKULL, S.BLUE_SKULL, S.YELLOW_SKULL]
    altar += [S.WHITE_CLAW, S.RED_WING, S.BLUE_CLAW]
    altar += [S.WHITE_WING, S.YELLOW_WISHBONE, S.RED_CLAW]
    state = position(altar, [[], []], phase=Phase.PLACE)
    # Reach Scrying through the last placement of a turn.
    state = attrs.evolve(state, altar=(None, *altar[1:]), hands=((S.WHITE_SKULL,), ()))
    state = apply(state, Place(0, S.WHITE_SKULL))
    assert state.portents == (Portent(0, Trait.SKULL), Portent(3, Trait.WHITE))
    state = apply(state, Light(0))
    assert state.phase is Phase.LIGHT, "the White Skull alone is one Burnt Offering for two Portents"
    assert legal_actions(state) == (Light(1), Light(2), Light(3), Light(6))
    state = apply(state, Light(1))
    assert state.phase is Phase.PUSH
    assert [s for s in range(9) if state.lit[s]] == [0, 1]


def test_the_blue_wing_is_snuffed_and_the_yellow_wishbone_stays_lit() -> None:
    """'During Sleight of Hand a player pushes Burnt Offerings on the Altar. The Blue Wing is no
    longer part of any Portent and is snuffed. Flipping the Yellow Wishbone would make a new
    Portent. It stays lit.' (Snuff Old Burnt Offerings)
    """
    altar = [S.YELLOW_WISHBONE, S.YELLOW_CLAW, S.RED_SKULL]
    altar += [S.WHITE_CLAW, S.RED_WING, S.BLUE_SKULL]
    altar += [S.BLUE_WING, S.WHITE_WISHBONE, S.RED_CLAW]
    state = position(altar, [[S.YELLOW_SKULL, S.BLUE_CLAW, S.WHITE_SKULL], []], lit=[0, 6])
    # Both Burnt Offerings move one space east; they are not pushed off.
    state = apply(state, Push(Side.WEST, (1, 0, 1)))
    assert state.altar[1] is S.YELLOW_WISHBONE and state.lit[1]
    assert state.altar[7] is S.BLUE_WING and state.lit[7]
    state = apply(state, Place(0, S.YELLOW_SKULL))
    state = apply(state, Place(6, S.BLUE_CLAW))
    # No new Portent (row 1 shares Yellow, but the Yellow Wishbone is burnt); then the snuff.
    assert state.phase is Phase.PUSH
    assert state.lit[1], "flipping the Yellow Wishbone would make a Yellow Portent in row 1"
    assert not state.lit[7], "the Blue Wing is no longer part of any Portent"
    assert state.hands[0] == (S.RED_SKULL, S.RED_CLAW, S.WHITE_SKULL)
