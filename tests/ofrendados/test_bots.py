"""The Ofrendados reference bot: legal, deterministic, blind to the generator, and better than random play."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import BotError, ConfigError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    Beneath,
    Config,
    Die,
    DrawObject,
    ObjectKind,
    Pending,
    PendingKind,
    UseDie,
    apply,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    outcome,
    reference_bot,
)
from ofrenda_rules.ofrendados.actions import Action, BuyCard, RerollDie, TurnDie
from ofrenda_rules.ofrendados.bots import draw_delta
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.offering import drawable_cells, offering_score
from ofrenda_rules.ofrendados.state import ROUNDS, DiePowerTarget
from ofrenda_rules.rng import Rng
from tests.ofrendados.helpers import SHEET, O, Y, board, creating, start

CONFIGS = GAME.test_configs()


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_the_bot_plays_whole_games_legally(config: Config) -> None:
    state = new_game(config, seed=config.players)
    for _ in range(GAME.max_steps(config)):
        if is_over(state):
            break
        action = reference_bot(state)
        assert action in legal_actions(state)
        assert reference_bot(state) == action
        assert reference_bot(hidden_variant(state, current_player(state), Rng(7))) == action
        state = apply(state, action)
    assert is_over(state)
    assert any(sheet.qualified for sheet in outcome(state).sheets)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_beats_random_players(players: int) -> None:
    # A few fixed-seed games against random seats; the measured win rate over hundreds of games is in the docs.
    config = Config(players=players)
    wins = 0
    games = 6
    for game in range(games):
        seat = game % players
        chooser = random.Random(game)
        state = new_game(config, seed=500 + game)
        while not is_over(state):
            mover = current_player(state)
            state = apply(state, reference_bot(state) if mover == seat else chooser.choice(legal_actions(state)))
        wins += seat in outcome(state).winners
    assert wins >= games - 1


def test_the_bot_draws_where_the_object_scores_most() -> None:
    # A papel picado scores 2 per element beneath it: on the stack of two, not on the empty bottom row.
    stack = board({1: ObjectKind.FRUIT, 7: ObjectKind.TAMAL}, flowers=(13,))
    state = creating(start(players=2), [], seat_board=stack)
    state = attrs.evolve(state, pending=(Pending(PendingKind.DRAW, ObjectKind.PAPEL_PICADO),))
    assert reference_bot(state) == DrawObject(12)


def test_the_bot_heads_for_the_land_of_the_living() -> None:
    # Far from the land of the living, a flower die beats drawing a candle on an empty sheet.
    state = creating(start(players=2), [Die(O, 2), Die(Y, 1)])
    assert reference_bot(state) == UseDie(O, 2)


def test_the_bot_refuses_chance_and_finished_states() -> None:
    with pytest.raises(BotError, match="no seat is to move"):
        reference_bot(new_game(Config(players=2)))
    with pytest.raises(ConfigError, match="State"):
        reference_bot("state")  # type: ignore[arg-type]


@given(st.data())
def test_the_bots_draw_delta_is_the_change_of_the_offering_score(data: st.DataObject) -> None:
    # Sheets built by legal draws; every drawable cell and kind, under both readings of "beneath".
    sheet: tuple[ObjectKind | None, ...] = (None,) * SHEET.size
    kinds = list(ObjectKind)
    food = DEFAULT_EDITION.food_set_points
    for _ in range(data.draw(st.integers(0, SHEET.size - 1))):
        kind = data.draw(st.sampled_from(kinds))
        cells = drawable_cells(SHEET, sheet, kind)
        if cells:
            cell = data.draw(st.sampled_from(cells))
            sheet = (*sheet[:cell], kind, *sheet[cell + 1 :])
    for beneath in Beneath:
        before = offering_score(SHEET, sheet, beneath, food).total
        for kind in kinds:
            for cell in drawable_cells(SHEET, sheet, kind):
                after = (*sheet[:cell], kind, *sheet[cell + 1 :])
                expected = offering_score(SHEET, after, beneath, food).total - before
                assert draw_delta(SHEET, sheet, cell, kind, beneath, food) == expected


ANY_FACE, OPPOSITE_FACE, REROLL, ADJACENT_FACE = 16, 17, 18, 19  # the default edition's die-power cards


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        (ANY_FACE, TurnDie(ANY_FACE, Y, 1, 6)),  # the yellow 1 gains most as a 6 (a flower further on)
        (OPPOSITE_FACE, TurnDie(OPPOSITE_FACE, Y, 1, 6)),
        (ADJACENT_FACE, TurnDie(ADJACENT_FACE, O, 2, 3)),  # the yellow 2 is worth no more than the 1
        (REROLL, RerollDie(REROLL, Y, 1)),  # the yellow 1's mean over six faces beats its face; the orange 2's not
    ],
)
def test_the_bot_uses_a_die_power_on_the_die_it_improves_most(card: int, expected: Action) -> None:
    state = creating(start(players=2), [Die(O, 2), Die(Y, 1)], seat_board=board(cards=(card,)))
    assert expected in legal_actions(state)
    assert reference_bot(state) == expected


def test_the_bot_uses_a_die_once_its_power_is_spent_or_gains_nothing() -> None:
    spent = creating(start(players=2), [Die(O, 2), Die(Y, 1)], seat_board=board(cards=(ANY_FACE,)))
    spent = attrs.evolve(spent, powers_used=(ANY_FACE,))
    assert isinstance(reference_bot(spent), UseDie)
    # An orange 3 is worth more than its opposite face, the 4: the bot does not turn it.
    useless = creating(start(players=2), [Die(O, 3)], seat_board=board(cards=(OPPOSITE_FACE,)))
    assert TurnDie(OPPOSITE_FACE, O, 3, 4) in legal_actions(useless)
    assert reference_bot(useless) == UseDie(O, 3)


@pytest.mark.parametrize("players", [2, 3])
def test_the_bot_uses_every_die_power_it_buys_before_the_last_round(players: int) -> None:
    # Measured over 200 two-player games: 200 power cards bought, 613 uses (benchmarks/ofrendados_die_powers.py).
    config = Config(players=players)
    bought: dict[tuple[int, int], int] = {}
    used: set[tuple[int, int]] = set()
    for game in range(4):
        state = new_game(config, seed=900 + game)
        while not is_over(state):
            seat, action = current_player(state), reference_bot(state)
            if isinstance(action, BuyCard):
                effect = config.edition.card(action.card).effect
                if effect.kind is EffectKind.DIE_POWER and effect.power is not DiePower.DOUBLE_EXCHANGE:
                    bought[(game * players + seat, action.card)] = state.round
            elif isinstance(action, TurnDie | RerollDie):
                used.add((game * players + seat, action.card))
            state = apply(state, action)
    assert len(bought) >= 2
    assert all(round_bought < ROUNDS - 1 for round_bought in bought.values())
    assert set(bought) <= used


def test_with_powers_over_the_pool_the_bot_turns_a_pool_die_worth_more_than_any_it_could_take() -> None:
    state = start(players=2, die_powers=DiePowerTarget.POOL, yellow=(1, 1, 1), orange=(1, 1, 1))
    state = attrs.evolve(state, boards=(board(cards=(ANY_FACE,)), *state.boards[1:]))
    action = reference_bot(state)
    assert action in legal_actions(state)
    assert isinstance(action, TurnDie) and action.card == ANY_FACE and action.to != action.pips
