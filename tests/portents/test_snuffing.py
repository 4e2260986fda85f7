"""Ruling 5, snuffing, under both readings (``Config.snuff_each_alone``), and ruling 3 under each.

'Snuff Old Burnt Offerings. ... If they are no longer a part of any Portent, flip the Burnt Offering
tile to its unlit side. If flipping a Burnt Offering over would create a new Portent, it stays lit.'
"""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.errors import PositionError
from ofrenda_rules.portents import Config, Light, Pass, Phase, Push, Side, Sign, State, apply, legal_actions
from ofrenda_rules.portents.altar import portents
from ofrenda_rules.portents.components import DEFAULT_EDITION, Trait
from ofrenda_rules.portents.position import from_position, to_position
from ofrenda_rules.portents.state import Portent
from tests.portents.boards import S, position

DEFAULT = Config()
LITERAL = Config(snuff_each_alone=True)


def _omens(**at: Sign) -> tuple[Sign, ...]:
    """All 16 omens on the ring, with the named slots holding the given signs."""
    slots: list[Sign | None] = [None] * 16
    for name, sign in at.items():
        slots[DEFAULT_EDITION.slot(name)] = sign
    rest = iter(sign for sign in Sign if sign not in at.values())
    return tuple(sign if sign is not None else next(rest) for sign in slots)


def _scrying(config: Config, altar: list[Sign], lit: tuple[int, ...], hands: list[list[Sign]], token: Sign) -> State:
    """The Scrying phase of a two-player turn, with one new Portent on row 3 waiting for its light."""
    state = position(altar, hands, config=config, lit=lit, token=token, phase=Phase.LIGHT, omens=_omens(N1=S.RED_SKULL))
    found = portents(state.altar, state.lit)
    assert found == (Portent(2, Trait.WISHBONE),)
    return attrs.evolve(state, portents=found, made_portent=True, turns=3, active=1)


# Row 1 holds two old offerings (the Red and the Yellow Claw) with the White Claw; row 3 is a new Portent.
TWO_OLD = [S.RED_CLAW, S.YELLOW_CLAW, S.WHITE_CLAW]
TWO_OLD += [S.RED_WING, S.BLUE_SKULL, S.RED_SKULL]
TWO_OLD += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.YELLOW_WISHBONE]
TWO_OLD_HANDS = [[S.BLUE_CLAW, S.YELLOW_WING, S.WHITE_SKULL], [S.BLUE_WING, S.YELLOW_SKULL, S.RED_WISHBONE]]


@pytest.mark.parametrize(("config", "lit_after"), [(DEFAULT, {0, 1, 6}), (LITERAL, {6})])
def test_two_old_offerings_in_one_lane(config: Config, lit_after: set[int]) -> None:
    """Two old offerings and an unlit tile sharing a trait: each keeps the other lit by default ('part of
    any possible Portent'); read literally, flipping either alone (the other still null) makes no
    Portent, so both are snuffed, and together they leave a Claw Portent standing."""
    state = _scrying(config, TWO_OLD, (0, 1), TWO_OLD_HANDS, S.WHITE_WING)
    after = apply(state, Light(6))
    assert after.phase is Phase.PUSH and after.active == 0
    assert {space for space, flag in enumerate(after.lit) if flag} == lit_after
    standing = portents(after.altar, after.lit)
    assert standing == (() if config == DEFAULT else (Portent(0, Trait.CLAW),))
    # The position is one the rules reach under this reading only.
    text = to_position(after)
    assert from_position(text, config) == attrs.evolve(after, recent_events=())
    if config == LITERAL:
        with pytest.raises(PositionError, match="that no Burnt Offering broke"):
            from_position(text, DEFAULT)


def test_a_portent_left_by_snuffing_is_new_at_the_next_scrying() -> None:
    """Ruling 3 under the literal reading: the Claw Portent the snuff left was not on the altar at the
    last check for new Portents, so the next Scrying finds it: it collects the Claw omen at its end and
    needs a Burnt Offering of its own."""
    omens = _omens(W1=S.BLUE_CLAW, N1=S.RED_SKULL)
    state = _scrying(LITERAL, TWO_OLD, (0, 1), TWO_OLD_HANDS, S.WHITE_WING)
    state = apply(attrs.evolve(state, omens=omens), Light(6))
    assert portents(state.altar, state.lit) == (Portent(0, Trait.CLAW),)
    # After a push that leaves row 1 alone, the Scrying finds the Portent too.
    push = next(
        a for a in legal_actions(state) if isinstance(a, Push) and a.side in (Side.EAST, Side.WEST) and not a.shifts[0]
    )
    after = apply(state, push)
    while after.phase is Phase.PLACE:
        after = apply(after, legal_actions(after)[0])
    assert after.phase is Phase.LIGHT and Portent(0, Trait.CLAW) in after.portents
    assert S.BLUE_CLAW in after.collected[0]


# Column 1 is Red (the old Red Claw, the Red Wing, the Red Wishbone); row 3 is a new Wishbone Portent.
CROSSING = [S.RED_CLAW, S.YELLOW_SKULL, S.WHITE_WING]
CROSSING += [S.RED_WING, S.BLUE_SKULL, S.WHITE_CLAW]
CROSSING += [S.RED_WISHBONE, S.BLUE_WISHBONE, S.YELLOW_WISHBONE]
CROSSING_HANDS = [[S.YELLOW_CLAW, S.BLUE_WING, S.WHITE_SKULL], [S.BLUE_CLAW, S.YELLOW_WING, S.RED_SKULL]]


@pytest.mark.parametrize(
    ("config", "space", "kept"), [(DEFAULT, 6, True), (DEFAULT, 7, True), (LITERAL, 6, False), (LITERAL, 7, True)]
)
def test_an_offering_lit_this_turn_and_an_old_one(config: Config, space: int, kept: bool) -> None:
    """The old Red Claw's column is Red. Lighting the Red Wishbone for the new Portent keeps it lit by
    default (the column is still a possible Portent); read literally it is snuffed, since flipping it
    alone, the Red Wishbone being null, makes no Portent. Lighting the Blue Wishbone instead, flipping
    the Red Claw would make a Red Portent under both readings."""
    state = _scrying(config, CROSSING, (0,), CROSSING_HANDS, S.WHITE_WISHBONE)
    after = apply(state, Light(space))
    assert after.lit[0] is kept and after.lit[space]
    assert portents(after.altar, after.lit) == ()


def test_a_pass_scries_a_portent_left_by_snuffing() -> None:
    """With both ``snuff_each_alone`` and ``optional_push``: 'no Sleight of Hand, then Scrying as usual'
    (ruling 7) finds the Claw Portent the snuff left standing, and its omens."""
    config = Config(snuff_each_alone=True, optional_push=True)
    state = _scrying(config, TWO_OLD, (0, 1), TWO_OLD_HANDS, S.WHITE_WING)
    state = apply(attrs.evolve(state, omens=_omens(W1=S.BLUE_CLAW, N1=S.RED_SKULL)), Light(6))
    assert Pass() in legal_actions(state)
    after = apply(state, Pass())
    assert after.phase is Phase.LIGHT and after.portents == (Portent(0, Trait.CLAW),)
    assert state.omens[DEFAULT_EDITION.slot("E1")] is S.RED_CLAW, "the other end of row 1 holds a Claw too"
    assert set(after.collected[0]) == {S.BLUE_CLAW, S.RED_CLAW} and after.made_portent
    assert set(legal_actions(after)) == {Light(0), Light(1), Light(2)}
