"""Setup: omens, the altar, hands, the Kitty token and the first player, as chance events."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.portents import (
    ChooseFirst,
    Config,
    Difficulty,
    DrawOmen,
    Light,
    Phase,
    Sign,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
)
from ofrenda_rules.portents.altar import hand_ok, portents
from ofrenda_rules.rng import Rng


def test_omens_are_drawn_slot_by_slot_each_equally_likely() -> None:
    """'Randomly place the Omen Tokens face-up in the 16 slots around the Altar.'"""
    state = new_game(Config(), None)
    assert current_player(state) == CHANCE and state.phase is Phase.OMENS
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 16 and all(p == Fraction(1, 16) for _, p in outcomes)
    state = apply(state, DrawOmen(Sign.RED_CLAW))
    assert state.omens[0] is Sign.RED_CLAW
    assert DrawOmen(Sign.RED_CLAW) not in legal_actions(state)
    assert len(chance_outcomes(state)) == 15


@pytest.mark.parametrize("seed", range(10))
def test_the_starting_altar_shows_no_portent_and_no_hand_shares_a_trait(seed: int) -> None:
    """'3a. If any Portents are present, reshuffle' and '4a. Neither player may start with three
    tiles sharing an attribute in hand.'"""
    state = new_game(Config(), seed)
    assert portents(state.altar, (False,) * 9) == ()
    assert all(len(hand) == 3 and hand_ok(hand) for hand in state.hands)
    assert state.token is not None, "the last tile goes on the Kitty token as a reminder"
    assert len({*state.altar, *state.hands[0], *state.hands[1], state.token}) == 16


def test_the_first_player_is_random_and_the_second_lights_one_tile() -> None:
    """'Determine 1st player randomly. The 2nd player then chooses any BS Tile on the Altar and
    flips it over to its Burnt Offering side.'"""
    state, rng = new_game(Config(), None), Rng(3)
    while state.phase is not Phase.FIRST_PLAYER:  # random draws: always the first could reshuffle forever
        index, rng = rng.below(len(legal_actions(state)))
        state = apply(state, legal_actions(state)[index])
    assert chance_outcomes(state) == ((ChooseFirst(0), Fraction(1, 2)), (ChooseFirst(1), Fraction(1, 2)))
    state = apply(state, ChooseFirst(1))
    assert current_player(state) == 0 and legal_actions(state) == tuple(Light(s) for s in range(9))
    state = apply(state, Light(4))
    assert state.lit[4] and sum(state.lit) == 1
    assert current_player(state) == 1 and state.phase is Phase.PUSH


def test_solo_setup_gives_the_player_three_tiles_a_token_tile_and_three_in_the_bag() -> None:
    """'The Player takes 3 random BS tiles ... Place one random BS tile onto the Kitty Token and put
    the rest into the bag.' The player always takes the first turn; no tile starts lit (a ruling)."""
    state = new_game(Config(players=1), 4)
    assert len(state.hands) == 1 and len(state.hands[0]) == 3
    assert state.token is not None and len(state.bag) == 3
    assert sum(state.lit) == 0 and current_player(state) == 0 and state.phase is Phase.PUSH


def test_chaotic_cat_puts_all_four_spare_tiles_in_the_bag() -> None:
    """'Chaotic Cat: Put all the Kitty's tiles into the bag instead of placing one tile on the Kitty token.'"""
    state = new_game(Config(players=1, chaotic_cat=True), 4)
    assert state.token is None and len(state.bag) == 4


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3},
        {"players": 0},
        {"players": 2, "chaotic_cat": True},
        {"players": 2, "difficulty": Difficulty.EXPERT_EVOCATOR},
        {"players": 1, "feed_the_cat": 1},
        {"players": 1, "difficulty": "hard"},
        {"turn_limit": 0},
    ],
)
def test_invalid_configs_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        Config(**kwargs)  # type: ignore[arg-type]


def test_every_challenge_combines_with_every_difficulty() -> None:
    """'applying these advanced modifications to the solo game in any combination you fancy.'"""
    config = Config(
        players=1,
        difficulty=Difficulty.OMNISCIENT_ORACLE,
        chaotic_cat=True,
        feed_the_cat=True,
        felis_pyromanias=True,
        dont_disturb_the_cat=True,
    )
    assert config.challenges == ("chaotic_cat", "feed_the_cat", "felis_pyromanias", "dont_disturb_the_cat")
