"""The Ofrendados reference bot: legal, deterministic, blind to the generator, and better than random play."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import ConfigError
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
from ofrenda_rules.ofrendados.bots import draw_delta
from ofrenda_rules.ofrendados.offering import drawable_cells, offering_score
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
    with pytest.raises(ConfigError, match="chance"):
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
