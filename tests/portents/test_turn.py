"""The two-player turn: pushes, Burnt Offerings, replacing, palming, Scrying and the end."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.portents import (
    Config,
    DrawTile,
    EndReason,
    Light,
    Pass,
    Phase,
    Place,
    Push,
    Side,
    apply,
    is_over,
    legal_actions,
    outcome,
    validate,
)
from ofrenda_rules.portents.altar import apply_push, max_shift
from ofrenda_rules.portents.turn import SHIFTS
from tests.portents.boards import S, position

# A board without Portents (checked below) and a hand without a shared trait.
ALTAR = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
ALTAR += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
ALTAR += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
HAND = [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]


def test_a_push_moves_each_chosen_lane_away_from_the_side_and_drops_the_far_tiles() -> None:
    """'Push 1, 2, or 3 tiles off the Altar from a single side ... in any arrangement as long as
    they move in the same direction from the same side.'"""
    altar, _lit, off, emptied = apply_push(tuple(ALTAR), (False,) * 9, Side.NORTH, (1, 0, 2))
    assert off == (S.WHITE_WISHBONE, S.BLUE_CLAW, S.WHITE_CLAW)
    assert altar[3] is S.BLUE_SKULL and altar[6] is S.RED_WING
    assert altar[8] is S.YELLOW_WING and altar[1] is S.WHITE_SKULL
    assert emptied == (0, 5, 2)
    assert [altar[s] for s in emptied] == [None, None, None]


def test_burnt_offerings_move_but_are_never_pushed_off() -> None:
    """'They can move around the Altar but they can't be pushed off of it.' 'The Red Claw may be
    pushed to the edge of the Altar, but no further.' and 'More pushing is blocked by a Burnt Offering.'"""
    lit = tuple(s == 4 for s in range(9))
    assert max_shift(lit, Side.NORTH, 1) == 1
    assert max_shift(lit, Side.WEST, 1) == 1
    assert max_shift(lit, Side.NORTH, 0) == 3
    state = position(ALTAR, [HAND, []], lit=[4])
    rejection = validate(state, Push(Side.NORTH, (0, 2, 0)))
    assert rejection is not None and rejection.code == "offering-blocks"
    assert "Red Claw" in rejection.message
    state = apply(state, Push(Side.NORTH, (0, 1, 0)))
    assert state.altar[7] is S.RED_CLAW and state.lit[7]
    edge = position(state.altar[:1] + (S.WHITE_SKULL,) + state.altar[2:], [HAND, []], lit=[7])
    assert validate(edge, Push(Side.NORTH, (0, 1, 0))) is not None
    assert validate(edge, Push(Side.SOUTH, (0, 2, 0))) is None


def test_pushed_tiles_enter_the_hand_after_the_empty_spaces_are_filled() -> None:
    """'Replace ... They may place their tiles freely in the empty spaces.' 'Palm. All the tiles that
    the active player pushed off of the Altar enter their hand for the next turn.'"""
    state = position(ALTAR, [HAND, []])
    state = apply(state, Push(Side.EAST, (0, 0, 1)))
    assert state.phase is Phase.PLACE and state.pushed == (S.WHITE_WISHBONE,)
    assert {a.space for a in legal_actions(state) if isinstance(a, Place)} == {8}
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Place(0, S.RED_SKULL))
    assert caught.value.rejection.code == "space-occupied"
    state = apply(state, Place(8, S.RED_SKULL))
    assert state.hands[0] == (S.YELLOW_SKULL, S.YELLOW_WISHBONE, S.WHITE_WISHBONE)
    assert state.active == 1 and state.phase is Phase.PUSH


def test_a_hand_may_never_end_sleight_of_hand_with_three_tiles_sharing_a_trait() -> None:
    """'IMPORTANT: A player may NEVER end this phase with 3 tiles sharing a common attribute in their hand.'"""
    state = position(ALTAR, [[S.YELLOW_SKULL, S.RED_SKULL, S.BLUE_WING], []])
    # Pushing the White Skull off (column 2 from the south) is fine only if a Skull is placed.
    state = apply(state, Push(Side.SOUTH, (0, 1, 0)))
    assert state.pushed == (S.WHITE_SKULL,)
    places = legal_actions(state)
    assert Place(7, S.BLUE_WING) not in places
    rejection = validate(state, Place(7, S.BLUE_WING))
    assert rejection is not None and rejection.code == "hand-shares-trait"
    assert places == (Place(7, S.YELLOW_SKULL), Place(7, S.RED_SKULL))


def test_a_push_that_can_only_end_with_a_shared_trait_is_not_legal() -> None:
    """'IMPORTANT: A player may NEVER end this phase with 3 tiles sharing a common attribute in their hand.'

    Pushing the Red Claw and the Blue Claw off row 2 and the White Claw off row 3 (from the west)
    palms three Claws, whatever is placed: illegal. With a legal hand of three, that is the only
    way a push can break the rule (one or two palmed tiles always leave a choice), so the illegal
    pushes are exactly the pushes of three tiles sharing a trait.
    """
    state = position(ALTAR, [[S.YELLOW_CLAW, S.RED_SKULL, S.BLUE_WING], []])
    rejection = validate(state, Push(Side.WEST, (0, 2, 1)))
    assert rejection is not None and rejection.code == "hand-shares-trait"
    assert "Red Claw" in rejection.message and "White Claw" in rejection.message
    legal = set(legal_actions(state))
    assert Push(Side.WEST, (0, 2, 1)) not in legal
    assert Push(Side.WEST, (0, 2, 0)) in legal, "palming two Claws: place the Yellow Claw"
    assert Push(Side.WEST, (0, 0, 3)) in legal
    for side in Side:
        for shifts in SHIFTS:
            _altar, _lit, off, _ = apply_push(tuple(ALTAR), (False,) * 9, side, shifts)
            three_alike = len(off) == 3 and bool(off[0].mask & off[1].mask & off[2].mask)
            assert (Push(side, shifts) in legal) is not three_alike, (side, shifts, off)


def test_a_push_moves_one_to_three_tiles() -> None:
    state = position(ALTAR, [HAND, []])
    for shifts in [(0, 0, 0), (2, 2, 0), (4, 0, 0), (-1, 1, 1)]:
        rejection = validate(state, Push(Side.NORTH, shifts))
        assert rejection is not None and rejection.code == "bad-push"
    assert len(SHIFTS) == 19
    assert all(validate(state, push) is None for push in legal_actions(state))


def test_with_no_legal_push_the_player_passes() -> None:
    """Ruling: a player with no legal push at all skips Sleight of Hand (``Pass``)."""
    # Three Burnt Offerings along the edges block only some lanes; a Pass is illegal then.
    state = position(ALTAR, [HAND, []])
    rejection = validate(state, Pass())
    assert rejection is not None and rejection.code == "push-available"
    # Burnt Offerings on every edge space block every lane from every side (a constructed position).
    blocked = position(ALTAR, [HAND, [S.YELLOW_CLAW]], lit=[0, 1, 2, 3, 5, 6, 7, 8])
    assert legal_actions(blocked) == (Pass(),)
    after = apply(blocked, Pass())
    assert after.altar == blocked.altar and after.hands == blocked.hands and after.turns == 1


def test_actions_of_the_wrong_step_are_rejected_with_a_reason() -> None:
    state = position(ALTAR, [HAND, []])
    for action, code in [
        (Place(0, S.RED_SKULL), "wrong-step"),
        (Light(0), "wrong-step"),
        (DrawTile(S.RED_SKULL), "not-a-chance-event"),
        ("push", "not-an-action"),
    ]:
        rejection = validate(state, action)  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == code


def test_a_fortune_of_four_wins_at_the_end_of_the_turn() -> None:
    """'The active player has created one Fortune of 4 Omens.'"""
    omens: list[S | None] = [None] * 16
    omens[15] = S.RED_SKULL  # W1, in line with row 1
    state = position(ALTAR, [HAND, []], omens=omens, collected=[[S.RED_CLAW, S.RED_WING, S.RED_WISHBONE], []])
    state = apply(state, Push(Side.WEST, (1, 0, 0)))
    state = apply(state, Place(0, S.YELLOW_SKULL))
    assert state.phase is Phase.LIGHT and S.RED_SKULL in state.collected[0]
    state = apply(state, Light(0))
    assert is_over(state)
    result = outcome(state)
    assert result.winners == (0,) and result.reason is EndReason.FORTUNE_OF_FOUR and result.ranks == (0, 1)


def test_two_fortunes_of_three_sharing_an_omen_win() -> None:
    """'Two Fortunes of 3 Omens, sharing an Omen' is a winning example."""
    from ofrenda_rules.portents.scoring import fortune_win

    assert fortune_win([S.RED_CLAW, S.RED_SKULL, S.RED_WING, S.BLUE_WING]) is None
    assert fortune_win([S.RED_CLAW, S.RED_SKULL, S.RED_WING, S.BLUE_WING, S.WHITE_WING]) is (
        EndReason.TWO_FORTUNES_OF_THREE
    )


@pytest.mark.parametrize(
    ("omens", "reason"),
    [
        ([S.BLUE_SKULL, S.BLUE_CLAW, S.BLUE_WING, S.BLUE_WISHBONE], EndReason.FORTUNE_OF_FOUR),
        (
            [S.RED_SKULL, S.RED_CLAW, S.RED_WING, S.YELLOW_WISHBONE, S.BLUE_WISHBONE, S.WHITE_WISHBONE],
            EndReason.TWO_FORTUNES_OF_THREE,
        ),
        ([S.RED_SKULL, S.RED_CLAW, S.RED_WING, S.BLUE_WING, S.WHITE_WING], EndReason.TWO_FORTUNES_OF_THREE),
        ([S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW, S.WHITE_CLAW], EndReason.FORTUNE_OF_FOUR),
        ([S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW, S.WHITE_SKULL], None),
        ([S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW, S.BLUE_SKULL, S.WHITE_WING], None),
    ],
    ids=["four-blue", "two-threes", "two-threes-sharing", "four-claws", "three-claws", "three-and-two"],
)
def test_the_rulebooks_game_winning_fortunes(omens: list[S], reason: EndReason | None) -> None:
    """'Game winning examples follow. One Fortune of 4 Blue Omens; Two Fortunes of 3 Omens; Two
    Fortunes of 3 Omens, sharing an Omen; One Fortune of 4 Claw Omens.' (and two near misses)"""
    from ofrenda_rules.portents.scoring import fortune_win

    assert fortune_win(omens) is reason


def test_four_burnt_offerings_at_the_end_of_a_turn_win_for_the_active_player() -> None:
    """'The turn ends with 4 Burnt Offerings on the Altar.'"""
    # Three old offerings (column 2) each in a row sharing a trait: they stay lit.
    altar: list[S | None] = [S.YELLOW_SKULL, S.BLUE_SKULL, S.WHITE_SKULL]
    altar += [S.YELLOW_CLAW, S.RED_CLAW, S.WHITE_CLAW]
    altar += [None, S.BLUE_WING, S.WHITE_WING]
    state = position(altar, [[], [S.YELLOW_WING]], lit=[1, 4, 7], active=1, phase=Phase.PLACE)
    state = apply(state, Place(6, S.YELLOW_WING))
    assert [p.lane for p in state.portents] == [3, 5], "a Yellow and a White column"
    state = apply(state, Light(0))
    state = apply(state, Light(2))
    assert is_over(state) and sum(state.lit) == 5
    result = outcome(state)
    assert result.winners == (1,) and result.reason is EndReason.FOUR_OFFERINGS


def test_exactly_four_burnt_offerings_end_the_game() -> None:
    """'The turn ends with 4 Burnt Offerings on the Altar.' -- four, not more: three old ones and one new."""
    altar: list[S | None] = [S.YELLOW_SKULL, S.BLUE_SKULL, S.WHITE_SKULL]
    altar += [S.YELLOW_CLAW, S.RED_CLAW, S.WHITE_CLAW]
    altar += [None, S.BLUE_WING, S.RED_WING]
    state = position(altar, [[], [S.YELLOW_WING]], lit=[1, 4, 7], active=1, phase=Phase.PLACE)
    state = apply(state, Place(6, S.YELLOW_WING))
    assert [p.lane for p in state.portents] == [3], "only the Yellow column"
    assert not is_over(state)
    state = apply(state, Light(0))
    assert sum(state.lit) == 4
    assert is_over(state)
    result = outcome(state)
    assert result.winners == (1,) and result.reason is EndReason.FOUR_OFFERINGS


def test_the_turn_limit_ends_an_undecided_game_in_a_draw() -> None:
    """Ruling: the two-player rules have no turn limit; ``Config.turn_limit`` turns make a draw."""
    state = position(ALTAR, [HAND, [S.YELLOW_CLAW, S.RED_SKULL, S.BLUE_WING]], config=Config(turn_limit=1))
    state = apply(state, Push(Side.EAST, (0, 0, 1)))
    state = apply(state, Place(8, S.RED_SKULL))
    assert is_over(state)
    result = outcome(state)
    assert result.reason is EndReason.TURN_LIMIT and result.winners == () and result.ranks == (0, 0)


def test_a_burnt_offering_never_helps_make_a_portent() -> None:
    """'This is not a new Claw Portent if the Red Claw was already a Burnt Offering.' and 'They can't be
    used to create new Portents or collect Omens.'"""
    from ofrenda_rules.portents.altar import portents, possible_portent

    # Row 1 is a Claw Portent, and no other lane is one.
    claws = (S.RED_CLAW, S.YELLOW_CLAW, S.WHITE_CLAW, S.RED_WING, S.BLUE_SKULL, S.RED_SKULL)
    altar = (*claws, S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.YELLOW_WING)
    assert [p.lane for p in portents(altar, (False,) * 9)] == [0]
    lit = (True,) + (False,) * 8
    assert portents(altar, lit) == ()
    assert possible_portent(altar, 0), "it stays lit: flipping it would make a Claw Portent"


@pytest.mark.parametrize("config", [Config(), Config(players=1, chaotic_cat=True, feed_the_cat=True)])
def test_no_portent_survives_a_turn_so_every_portent_at_scrying_is_new(config: Config) -> None:
    """Ruling 3: every new Portent is lit and snuffing never makes one, so each turn starts without
    Portents; the check for 'new Portents' can look at the whole altar."""
    from ofrenda_rules.playout import random_playout
    from ofrenda_rules.portents import GAME
    from ofrenda_rules.portents.altar import portents

    def check(state: object, action: object) -> None:
        from ofrenda_rules.portents import State

        assert isinstance(state, State)
        if state.phase is Phase.PUSH:
            assert portents(state.altar, state.lit) == ()

    for seed in range(3):
        random_playout(GAME, config, seed, seed, on_step=check)


def test_with_optional_push_a_player_may_always_pass() -> None:
    """Ruling 7: 'The active player may push 1, 2, or 3 tiles off the Altar from a single side.' By default
    the push is compulsory; with ``optional_push`` 'may' lets the player skip it, and ``Pass`` is listed
    after the pushes."""
    config = Config(optional_push=True)
    state = position(ALTAR, [HAND, [S.YELLOW_CLAW, S.BLUE_SKULL, S.WHITE_SKULL]], config=config)
    compulsory = position(ALTAR, [HAND, [S.YELLOW_CLAW, S.BLUE_SKULL, S.WHITE_SKULL]])
    assert legal_actions(state) == (*legal_actions(compulsory), Pass())
    assert validate(state, Pass()) is None
    rejection = validate(compulsory, Pass())
    assert rejection is not None and rejection.code == "push-available"
    after = apply(state, Pass())
    assert after.altar == state.altar and after.hands == state.hands and after.lit == state.lit
    assert after.turns == 1 and after.active == 1 and after.phase is Phase.PUSH


def test_an_optional_pass_cannot_keep_a_hand_sharing_a_trait() -> None:
    """'A player may NEVER end this phase with 3 tiles sharing a common attribute in their hand': a hand of
    three Skulls (after Feed the Cat) must be changed by a push, so even ``optional_push`` refuses the pass."""
    config = Config(players=1, optional_push=True, feed_the_cat=True)
    skulls = [S.YELLOW_SKULL, S.RED_SKULL, S.WHITE_SKULL]
    altar = [S.YELLOW_WISHBONE if tile is S.WHITE_SKULL else tile for tile in ALTAR]
    state = position(altar, [skulls], config=config, token=S.YELLOW_CLAW, bag=[S.WHITE_WING])
    assert len(set(altar) | set(skulls)) == 12
    actions = legal_actions(state)
    assert actions and Pass() not in actions
    rejection = validate(state, Pass())
    assert rejection is not None and rejection.code == "push-available"
