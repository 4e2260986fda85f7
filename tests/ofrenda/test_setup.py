"""Setup for 2-4 players, the solo mode and the common-goals variant."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    Config,
    DiscardPortrait,
    DrawGoal,
    DrawPortrait,
    GoalType,
    Phase,
    RollDie,
    apply,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from tests.ofrenda.helpers import play, set_up

E = DEFAULT_EDITION


@pytest.mark.parametrize("players", [2, 3, 4])
def test_portraits_marked_for_more_players_go_back_to_the_box(players: int) -> None:
    """Setup 2: "Remove Portrait cards with a higher player count than you're playing with.\""""
    state = new_game(Config(players=players), seed=1)
    assert all(E.portraits[c].players > players for c in state.box)
    in_play = set(state.deck) | set(c for c in state.market if c is not None) | {c for h in state.hands for c in h}
    assert in_play == {p.id for p in E.portraits if p.players <= players}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_market_hands_and_marigolds_after_setup(players: int) -> None:
    """Setup 4-9: 4 portraits and 4 candles on the Family board, 3 portraits in each hand, 3 marigolds each."""
    state = new_game(Config(players=players), seed=7)
    assert None not in state.market and None not in state.candle_market
    assert state.market_marigolds == (0, 0, 0, 0)
    assert [len(h) for h in state.hands] == [3] * players
    assert [b.marigolds for b in state.boards] == [3] * players
    assert state.supply == 36 - 3 * players
    assert state.phase is Phase.TAKE_PORTRAIT and current_player(state) == 0


def test_unseeded_setup_stops_at_every_draw() -> None:
    """Every shuffle and draw is a chance event: one portrait or candle at a time."""
    state = new_game(Config(players=2))
    assert current_player(state) == CHANCE and state.phase is Phase.SETUP_MARKET
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 35 and all(p == Fraction(1, 35) for _, p in outcomes)
    state = set_up(Config(players=2), market=(5, 6, 7, 8), candles=(10, 11, 12, 13), hands=((0, 1, 2), (3, 4, 9)))
    assert state.market == (5, 6, 7, 8) and state.candle_market == (10, 11, 12, 13)
    assert state.hands == ((0, 1, 2), (3, 4, 9))


def test_solo_removes_three_unseen_portraits_and_multiplayer_candles() -> None:
    """Solo setup: "randomly remove three Portraits from the deck [...] Return Candles with the multiplayer-only
    icon to the game box.\""""
    state = set_up(Config(players=1), removed=(30, 31, 32))
    assert state.removed == (30, 31, 32) and 30 not in state.deck
    assert len(state.deck) == 35 - 3 - 4 - 3
    assert set(state.candle_box) == {c.id for c in E.candles if c.multiplayer_only}
    assert not set(state.bag) & set(state.candle_box)
    assert len(state.hands) == 1 and len(state.boards) == 1


def test_the_abuela_has_the_first_turn() -> None:
    """ "Abuela has the first turn." -- her die roll is a chance event."""
    state = set_up(Config(players=1), removed=(30, 31, 32))
    assert state.phase is Phase.ABUELA_PORTRAIT and state.abuela
    assert current_player(state) == CHANCE
    assert legal_actions(state) == tuple(RollDie(f) for f in range(1, 7))
    assert all(p == Fraction(1, 6) for _, p in chance_outcomes(state))
    seeded = new_game(Config(players=1), seed=3)
    assert seeded.phase is Phase.TAKE_PORTRAIT and len(seeded.abuela_discards) == 1


def test_common_goals_take_one_card_of_each_type_with_its_token_stack() -> None:
    """Common goals setup: "Take one card of each type [...] place them in a stack on the respective Goal card in
    ascending order, such that the highest value is on top.\""""
    state = new_game(Config(players=3, common_goals=True))
    for kind in GoalType:
        assert state.phase is Phase.SETUP_GOAL
        assert legal_actions(state) == tuple(DrawGoal(g) for g in E.goals_of(kind))
        state = play(state, legal_actions(state)[-1])
    assert [E.goals[g].type for g in state.goals] == list(GoalType)
    for stack in state.stacks:
        values = [E.tokens[t].value for t in stack]
        assert len(stack) == 3 and values == sorted(values)
    assert len(state.unused_tokens) == 3
    assert state.phase is Phase.SETUP_MARKET
    assert isinstance(legal_actions(state)[0], DrawPortrait)


@pytest.mark.parametrize("players", [0, 5, True, "2"])
def test_player_counts_outside_one_to_four_are_refused(players: object) -> None:
    with pytest.raises(ConfigError):
        Config(players=players)  # type: ignore[arg-type]


def test_common_goals_are_not_for_the_solo_mode() -> None:
    """ "you may use this addition to the main multiplayer game.\""""
    with pytest.raises(ConfigError, match="multiplayer"):
        Config(players=1, common_goals=True)


def test_unlimited_marigolds_model_a_supply_that_cannot_run_dry() -> None:
    """Ruling 1 switched: every discard gains its 3 marigolds and every flower slot its 1, for a whole game
    in which every player always discards (the most marigolds a game can take from the supply)."""
    for players in (1, 4):
        config = Config(players=players, unlimited_marigolds=True)
        assert new_game(config).supply == config.marigold_total - 3 * players
        state = new_game(config, seed=1)
        while not is_over(state):
            legal = legal_actions(state)
            discards = [a for a in legal if isinstance(a, DiscardPortrait)]
            action = discards[0] if discards else legal[0]
            before = state.boards[state.seat].marigolds
            seat = state.seat
            state = apply(state, action)
            if discards:
                assert state.boards[seat].marigolds == before + 3
            assert state.supply > 0
        assert all(len(board.discards) == 12 for board in state.boards)


@pytest.mark.parametrize(
    "option",
    [
        "common_goals",
        "unlimited_marigolds",
        "offering_in_any_slot",
        "strict_empty_objectives",
        "zero_majority",
        "abuela_marigolds_stay",
    ],
)
def test_options_must_be_booleans(option: str) -> None:
    with pytest.raises(ConfigError, match=option):
        Config(players=2, **{option: "yes"})  # type: ignore[arg-type]


def test_the_edition_must_be_an_edition() -> None:
    with pytest.raises(ConfigError, match="must be an Edition, not str"):
        Config(edition="default")  # type: ignore[arg-type]
