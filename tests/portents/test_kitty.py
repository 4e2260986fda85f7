"""The solo game against the Kitty: its turn, its wins, the difficulties and the four challenges."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError, PositionError
from ofrenda_rules.portents import (
    Config,
    Difficulty,
    DrawTile,
    EndReason,
    Phase,
    Place,
    Push,
    Sacrifice,
    Side,
    Sign,
    State,
    apply,
    current_player,
    legal_actions,
    observe,
    outcome,
    validate,
)
from ofrenda_rules.portents._position_checks import check_state
from ofrenda_rules.portents.altar import portents
from ofrenda_rules.portents.components import DEFAULT_EDITION
from ofrenda_rules.portents.kitty import kitty_slot, start_kitty_turn
from ofrenda_rules.portents.scoring import kitty_fortune_win, solo_target_met
from tests.portents.boards import S, position

E = DEFAULT_EDITION
ALTAR = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
ALTAR += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
ALTAR += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
HAND = [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]
TOKEN = S.YELLOW_CLAW
BAG = [S.RED_WISHBONE, S.BLUE_WING, S.WHITE_WING]


def solo(config: Config | None = None, **changes: Any) -> State:
    config = Config(players=1) if config is None else config
    chaotic = config.chaotic_cat
    omens: list[Sign | None] = [None] * 16
    omens[E.slot("S2")] = S.RED_SKULL
    omens[E.slot("SE")] = S.BLUE_SKULL
    state = position(
        ALTAR,
        [HAND],
        config=config,
        omens=omens,
        token=None if chaotic else TOKEN,
        bag=[*BAG, TOKEN] if chaotic else BAG,
    )
    return attrs.evolve(state, **changes)


def no_portent_turn(state: State) -> State:
    """Push the White Wishbone off row 3 from the east and place the Red Skull: no Portent."""
    state = apply(state, Push(Side.EAST, (0, 0, 1)))
    return apply(state, Place(8, S.RED_SKULL))


def test_the_kitty_starts_by_the_solo_start_icon() -> None:
    """'Place the Kitty, hatless side up, adjacent to the Altar pointing to the Omen Token by the Solo Start Icon.'"""
    state = solo()
    assert E.slot_names[kitty_slot(state)] == "S2"
    assert not observe(state, 0).kitty_hat


def test_catastrophe_the_kitty_steals_its_omen_then_pushes_three_with_its_token_tile_first() -> None:
    """'If the player didn't create a new Portent on their turn the Kitty will begin its turn by
    stealing the Omen token in its current position.' 'The Kitty always pushes 3 tiles off of the
    Altar if it can ... The first BS Tile it pushes onto the Altar is always the BS Tile on its token.
    After that ... draw and place BS Tiles from the bag randomly until the lane is filled. Draw one
    more tile and place it on the Kitty token ... put the tiles the Kitty pushed off the Altar into the bag.'"""
    state = no_portent_turn(solo())
    assert state.kitty_omens == (S.RED_SKULL,) and state.omens[E.slot("S2")] is None
    # Column 2 pushed from the south: its three tiles are off; the token tile went in first (deepest).
    assert state.altar[1] is TOKEN and state.altar[4] is None and state.altar[7] is None
    assert current_player(state) == CHANCE and state.kitty_fill == (4, 7)
    assert legal_actions(state) == tuple(DrawTile(t) for t in BAG)
    state = apply(state, DrawTile(S.BLUE_WING))
    state = apply(state, DrawTile(S.WHITE_WING))
    assert state.altar[4] is S.BLUE_WING and state.altar[7] is S.WHITE_WING
    assert current_player(state) == CHANCE and state.token is None
    state = apply(state, DrawTile(S.RED_WISHBONE))
    assert state.token is S.RED_WISHBONE
    assert sorted(state.bag) == sorted([S.WHITE_SKULL, S.RED_CLAW, S.WHITE_CLAW]), "the pushed tiles"
    assert state.phase is Phase.PUSH and state.kitty_steps == 1 and state.turns == 2
    assert E.slot_names[kitty_slot(state)] == "S1", "one step clockwise"


def test_no_catastrophe_after_a_new_portent() -> None:
    state = solo()
    state = attrs.evolve(state, made_portent=True, phase=Phase.PLACE, altar=(None, *ALTAR[1:]), hands=((S.RED_SKULL,),))
    state = apply(state, Place(0, S.RED_SKULL))  # no Portent now, but one was made earlier this turn
    assert state.kitty_omens == ()


def test_catastrophe_on_an_empty_slot_steals_nothing() -> None:
    """Ruling: when the Kitty's slot is empty, the Catastrophe steals nothing."""
    state = solo()
    state = attrs.evolve(state, omens=(None,) * 16)
    state = no_portent_turn(state)
    assert state.kitty_omens == ()


def test_a_burnt_offering_blocks_the_kitty_but_it_still_swaps_its_token_tile() -> None:
    """'If a Burnt Offering would prevent the Kitty from pushing any BS tiles off the Altar, the Kitty
    will still swap out the current tile on its token with a random draw from the bag.'"""
    state = start_kitty_turn(attrs.evolve(solo(), lit=tuple(s == 1 for s in range(9))))
    assert state.altar[1] is S.WHITE_SKULL and state.altar[4] is S.RED_CLAW
    assert state.kitty_fill == () and state.token is None and current_player(state) == CHANCE
    state = apply(state, DrawTile(S.BLUE_WING))
    assert state.token is S.BLUE_WING and TOKEN in state.bag and S.BLUE_WING not in state.bag


def test_more_pushing_is_blocked_by_a_burnt_offering() -> None:
    """'NOTE: More pushing is blocked by a Burnt Offering.' (a Burnt Offering in the middle: 1 tile)"""
    state = start_kitty_turn(attrs.evolve(solo(), lit=tuple(s == 4 for s in range(9))))
    assert state.altar[7] is TOKEN and state.altar[4] is S.BLUE_WISHBONE
    assert state.altar[1] is S.RED_CLAW and state.lit[1], "the Red Claw pushed to the edge, no further"
    assert state.kitty_fill == () and state.bag == tuple(sorted(BAG)) and state.pushed == (S.WHITE_SKULL,)


def test_from_a_corner_the_kitty_makes_a_wide_push_furthest_lane_first() -> None:
    """'If the Kitty is pushing from a corner Omen ... it changes its pattern into a wide push ... The
    first tile will go to the furthest possible lane on the counter clockwise side from its current corner.'"""
    state = solo(kitty_steps=E.kitty_path.index(E.slot("SE")))
    state = attrs.evolve(state, made_portent=False)
    state = no_portent_turn(state)
    assert state.kitty_omens == (S.BLUE_SKULL,)
    # The east side, counter-clockwise of the south-east corner: one tile off each row.
    assert state.altar[2] is TOKEN and state.kitty_fill == (5, 8)
    assert state.altar[0] is S.WHITE_SKULL and state.altar[3] is S.RED_CLAW


def test_chaotic_cat_draws_every_tile_from_the_bag() -> None:
    """'Chaotic Cat: Put all the Kitty's tiles into the bag ... and draw randomly as the Kitty pushes.'"""
    state = no_portent_turn(solo(Config(players=1, chaotic_cat=True)))
    assert state.token is None and state.kitty_fill == (1, 4, 7) and len(state.bag) == 4
    for tile in (S.YELLOW_CLAW, S.BLUE_WING, S.WHITE_WING):
        state = apply(state, DrawTile(tile))
    assert state.phase is Phase.PUSH and state.token is None and len(state.bag) == 4


def test_feed_the_cat_swaps_a_hand_tile_with_a_bag_draw() -> None:
    """'Feed the Cat: At the end of your turn set aside one tile to sacrifice, draw a tile from the bag
    to replace it, then add your sacrifice to the bag.'"""
    state = no_portent_turn(solo(Config(players=1, feed_the_cat=True)))
    assert state.phase is Phase.SACRIFICE and current_player(state) == 0
    assert legal_actions(state) == tuple(Sacrifice(t) for t in state.hands[0])
    state = apply(state, Sacrifice(S.WHITE_WISHBONE))
    assert current_player(state) == CHANCE and legal_actions(state) == tuple(DrawTile(t) for t in BAG)
    state = apply(state, DrawTile(S.BLUE_WING))
    assert S.BLUE_WING in state.hands[0] and S.WHITE_WISHBONE not in state.hands[0]
    assert state.phase is Phase.KITTY


def test_felis_pyromanias_moves_the_kitty_an_extra_step_with_fewer_than_two_offerings() -> None:
    """'If there aren't at least 2 Burnt Offerings on the Altar at the end of your turn, the Kitty
    advances one extra step on its turn.'"""
    state = no_portent_turn(solo(Config(players=1, felis_pyromanias=True)))
    for tile in BAG:
        state = apply(state, DrawTile(tile))
    assert state.kitty_steps == 2


def test_dont_disturb_the_cat_forbids_the_kittys_sides() -> None:
    """'You can't push tiles from the same side as the Kitty. When it's on a corner you can't push
    from either side it touches.'"""
    config = Config(players=1, dont_disturb_the_cat=True)
    state = solo(config)
    rejection = validate(state, Push(Side.SOUTH, (1, 0, 0)))
    assert rejection is not None and rejection.code == "kitty-side"
    assert validate(state, Push(Side.EAST, (0, 0, 1))) is None
    corner = solo(config, kitty_steps=E.kitty_path.index(E.slot("SE")))
    sides = {a.side for a in legal_actions(corner) if isinstance(a, Push)}
    assert sides == {Side.NORTH, Side.WEST}


def test_the_kitty_wins_after_circling_the_altar_twice() -> None:
    """'The Kitty Wins if: The Kitty circles the Altar twice.' (32 steps; the hat after the first 16)"""
    state = solo(kitty_steps=16)
    assert observe(state, 0).kitty_hat
    state = solo(kitty_steps=31)
    state = no_portent_turn(attrs.evolve(state, omens=(None,) * 16))
    for tile in BAG[: 3 if state.kitty_fill else 1]:
        if current_player(state) == CHANCE:
            state = apply(state, DrawTile(tile))
    result = outcome(state)
    assert result.reason is EndReason.KITTY_CIRCLED and result.winners == () and result.kitty_won
    assert result.ranks == (1,)


def test_the_kitty_wins_with_a_fortune_of_three_or_two_fortunes_of_two() -> None:
    """'The Kitty creates 1 Fortune of 3. The Kitty creates 2 Fortunes of 2.'"""
    assert kitty_fortune_win([S.RED_CLAW, S.RED_WING, S.RED_SKULL]) is EndReason.KITTY_FORTUNE_OF_THREE
    assert kitty_fortune_win([S.RED_CLAW, S.RED_WING, S.BLUE_CLAW]) is EndReason.KITTY_TWO_FORTUNES_OF_TWO
    assert kitty_fortune_win([S.RED_CLAW, S.BLUE_WING]) is None
    state = no_portent_turn(solo(kitty_omens=(S.RED_CLAW, S.RED_WING)))
    for tile in BAG:
        state = apply(state, DrawTile(tile))
    assert outcome(state).reason is EndReason.KITTY_FORTUNE_OF_THREE, "the stolen Red Skull"


def test_four_burnt_offerings_after_the_players_turn_win_for_the_kitty() -> None:
    """'The Altar has 4 or more Burnt Offerings on it at the end of a turn.'"""
    altar: list[Sign | None] = [S.YELLOW_SKULL, S.BLUE_SKULL, S.WHITE_SKULL]
    altar += [S.YELLOW_CLAW, S.RED_CLAW, S.WHITE_CLAW]
    altar += [None, S.BLUE_WING, S.WHITE_WING]
    state = position(altar, [[S.YELLOW_WING]], config=Config(players=1), lit=[1, 4, 7], phase=Phase.PLACE)
    state = apply(state, Place(6, S.YELLOW_WING))
    from ofrenda_rules.portents import Light

    state = apply(apply(state, Light(0)), Light(2))
    assert outcome(state).reason is EndReason.KITTY_OFFERINGS


@pytest.mark.parametrize(
    ("difficulty", "omens", "met"),
    [
        (Difficulty.CUTE_CLAIRVOYANT, "RC RS RW RH BS", False),
        (Difficulty.CUTE_CLAIRVOYANT, "RC RS RW RH BS WS", True),
        (Difficulty.MIDDLING_MEDIUM, "RC RS RW RH BS WS", False),
        (Difficulty.MIDDLING_MEDIUM, "RC RS RW RH BS WS BW WW", True),
        (Difficulty.STANDARD_SEER, "RC RS RW RH BS WS BW WW", False),
        (Difficulty.STANDARD_SEER, "RC RS RW RH BS WS BW WW YS", True),
        (Difficulty.EXPERT_EVOCATOR, "RC RS RW RH BS WS BW WW YS", False),
        (Difficulty.EXPERT_EVOCATOR, "RC RS RW RH BS WS BW WW YS YW BC", True),
    ],
)
def test_solo_targets_when_fours_count_as_threes(difficulty: Difficulty, omens: str, met: bool) -> None:
    """The Solo Victory Conditions chart read with a fortune of 4 counting among those of 3
    (``Config(fours_count_as_threes=True)``)."""
    config = Config(players=1, difficulty=difficulty, fours_count_as_threes=True)
    assert solo_target_met(config, _signs(omens)) is met


TEN = "RC RS RW RH BS WS YS BW WW BC"  # Red 4, Skull 4, Wing 3, Blue 3
THIRTEEN = "RC RS RW RH BS BC BH BW WS WC WH WW YS"  # all traits but Yellow: four of them 4+, three of them 3


@pytest.mark.parametrize(
    ("difficulty", "omens", "met"),
    [
        (Difficulty.CUTE_CLAIRVOYANT, "RC RS RW RH BS WS", False),  # Red 4, Skull 3: one fortune of 3 only
        (Difficulty.CUTE_CLAIRVOYANT, TEN, True),
        (Difficulty.MIDDLING_MEDIUM, "RC RS RW RH BS WS BW WW", False),  # Red 4, Skull 3, Wing 3
        (Difficulty.MIDDLING_MEDIUM, TEN, True),
        (Difficulty.STANDARD_SEER, TEN, False),  # two of 4 but only two more of 3
        (Difficulty.STANDARD_SEER, TEN + " WC", True),  # White 3 and Claw 3 join
        (Difficulty.EXPERT_EVOCATOR, THIRTEEN.replace(" BH", ""), False),  # Wishbone 2: six traits of 3+
        (Difficulty.EXPERT_EVOCATOR, THIRTEEN, True),
    ],
)
def test_solo_targets_per_difficulty(difficulty: Difficulty, omens: str, met: bool) -> None:
    """The Solo Victory Conditions chart: Cute Clairvoyant 1 fortune of 4 & 2 of 3, Middling Medium
    1 & 3, Standard Seer 2 & 3, Expert Evocator 3 & 4; by default the fortunes of 3 are other traits
    than the fortunes of 4 (ruling 15)."""
    assert solo_target_met(Config(players=1, difficulty=difficulty), _signs(omens)) is met


def test_the_omniscient_oracle_needs_fifteen_omens() -> None:
    config = Config(players=1, difficulty=Difficulty.OMNISCIENT_ORACLE)
    signs = list(S)
    assert not solo_target_met(config, signs[:14])
    assert solo_target_met(config, signs[:15])


def _signs(text: str) -> list[Sign]:
    colours = {"Y": "YELLOW", "R": "RED", "B": "BLUE", "W": "WHITE"}
    shapes = {"S": "SKULL", "C": "CLAW", "H": "WISHBONE", "W": "WING"}
    return [Sign[f"{colours[code[0]]}_{shapes[code[1]]}"] for code in text.split()]


def test_the_kittys_own_portents_collect_omens_for_it_and_it_lights_an_offering() -> None:
    """Ruling: the Kitty scries like a player; it lights the lowest-numbered tile of each new Portent."""
    omens: list[Sign | None] = [None] * 16
    omens[E.slot("W3")] = S.WHITE_SKULL
    state = solo(
        token=S.WHITE_WING,
        bag=(S.YELLOW_CLAW, S.RED_WISHBONE, S.BLUE_WING),
        lit=tuple(s == 4 for s in range(9)),
        omens=tuple(omens),
        made_portent=True,
    )
    state = start_kitty_turn(state)
    # The Red Claw (lit) stops at the edge: one tile pushed, the token's White Wing fills space 7.
    assert state.altar[7] is S.WHITE_WING and state.altar[1] is S.RED_CLAW
    state = apply(state, DrawTile(S.YELLOW_CLAW))
    assert state.kitty_omens == (S.WHITE_SKULL,), "row 3 became a White Portent"
    assert state.lit[6] and not state.lit[1], "the new offering lit, the Red Claw snuffed"
    assert state.phase is Phase.PUSH


def test_a_kitty_that_only_steals_leaves_its_portent_to_the_player() -> None:
    """Ruling 14 with ``kitty_only_steals``: the Kitty collects omens only by stealing, so its push makes
    the White Portent of row 3 but neither collects the White Skull nor lights nor snuffs; the Portent
    stands, and the player's next Scrying finds it new (ruling 3) and collects the omen."""
    omens: list[Sign | None] = [None] * 16
    omens[E.slot("W3")] = S.WHITE_SKULL
    rest = iter(sign for sign in Sign if sign not in omens)
    state = solo(
        Config(players=1, kitty_only_steals=True),
        token=S.WHITE_WING,
        bag=(S.YELLOW_CLAW, S.RED_WISHBONE, S.BLUE_WING),
        lit=tuple(s == 4 for s in range(9)),
        omens=tuple(omen if omen is not None else next(rest) for omen in omens),
        made_portent=True,
        turns=1,  # the player's turn is played
    )
    state = start_kitty_turn(state)
    state = apply(state, DrawTile(S.YELLOW_CLAW))
    assert state.phase is Phase.PUSH and state.kitty_omens == ()
    assert state.lit == tuple(s == 1 for s in range(9)), "the Red Claw pushed to the edge stays lit, none lit"
    assert [p.lane for p in portents(state.altar, state.lit)] == [2], "row 3 stands"
    check_state(state)
    with pytest.raises(PositionError, match="that no Burnt Offering broke"):
        check_state(attrs.evolve(state, config=Config(players=1)))
    # The player pushes from the east, leaving row 3 alone; the Scrying finds the standing Portent:
    push = next(a for a in legal_actions(state) if isinstance(a, Push) and a.side is Side.EAST and a.shifts[2] == 0)
    state = apply(state, push)
    while state.phase is Phase.PLACE:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.LIGHT and 2 in [p.lane for p in state.portents]
    assert S.WHITE_SKULL in state.collected[0]


def test_observe_shows_everything_but_the_bag_and_the_generator_and_hidden_variant_changes_only_it() -> None:
    from ofrenda_rules.portents import hidden_variant, new_game
    from ofrenda_rules.rng import Rng
    from ofrenda_rules.serialization import dumps

    state = new_game(Config(players=1), 3)
    view = observe(state, 0)
    assert view.hands == state.hands and view.token == state.token
    assert view.bag_size == len(state.bag) > 0
    text = dumps(view)
    assert '"rng"' not in text and '"bag"' not in text
    other = hidden_variant(state, 0, Rng(9))
    assert other.rng != state.rng and attrs.evolve(other, rng=state.rng) == state
    with pytest.raises(ValueError, match="no seat"):
        observe(state, 1)


def test_every_action_has_a_description() -> None:
    from ofrenda_rules.playout import random_playout
    from ofrenda_rules.portents import GAME

    texts: list[str] = []
    config = Config(players=1, feed_the_cat=True)
    random_playout(GAME, config, None, 4, on_step=lambda s, a: texts.append(GAME.describe_action(s, a)))
    assert texts and all(texts)
    assert any(t.startswith("Seat 1 pushes from the") for t in texts)


def test_an_edition_can_send_the_kitty_counter_clockwise() -> None:
    """Ruling: the rulebook gives no direction; the edition's ``kitty_direction`` chooses it."""
    from ofrenda_rules.portents import Direction

    edition = attrs.evolve(E, kitty_direction=Direction.COUNTERCLOCKWISE)
    state = no_portent_turn(solo(Config(players=1, edition=edition)))
    for tile in BAG:
        state = apply(state, DrawTile(tile))
    assert edition.slot_names[kitty_slot(state)] == "S3"


@pytest.mark.parametrize(
    ("first", "slot", "stolen", "fill"), [(False, "S2", S.RED_SKULL, (4, 7)), (True, "S1", S.YELLOW_SKULL, (3, 6))]
)
def test_felis_pyromanias_extra_step_at_the_end_or_first(
    first: bool, slot: str, stolen: Sign, fill: tuple[int, ...]
) -> None:
    """Felis Pyromanias: '... the Kitty advances one extra step on its turn.' By default the extra step
    comes with the usual one, after the Kitty acted from S2; with ``felis_step_first`` it comes first,
    and the Kitty steals and pushes from S1 (column 1, its token tile deepest)."""
    config = Config(players=1, felis_pyromanias=True, felis_step_first=first)
    omens = list(solo().omens)
    omens[E.slot("S1")] = S.YELLOW_SKULL
    rest = iter(sign for sign in Sign if sign not in omens)
    state = solo(config, omens=tuple(omen if omen is not None else next(rest) for omen in omens))
    check_state(state)
    state = no_portent_turn(state)
    assert state.phase is Phase.KITTY and state.kitty_fill == fill and state.altar[fill[0] - 3] is TOKEN
    assert stolen in state.kitty_omens and state.omens[E.slot(slot)] is None
    assert state.kitty_steps == (1 if first else 0) and state.kitty_extra is not first
    check_state(state)  # a position the rules reach under this option
    with pytest.raises(PositionError, match=r"kitty-extra|the Kitty walked 1 steps"):
        check_state(attrs.evolve(state, config=attrs.evolve(config, felis_step_first=not first)))
    for tile in BAG:
        state = apply(state, DrawTile(tile))
    assert state.kitty_steps == 2 and E.slot_names[kitty_slot(state)] == "SW"


def test_felis_step_first_needs_felis_pyromanias() -> None:
    with pytest.raises(ConfigError, match="felis_pyromanias"):
        Config(players=1, felis_step_first=True)
