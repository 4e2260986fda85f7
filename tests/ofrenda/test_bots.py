"""Ofrenda's reference bot: legal whole games, a function of what the seat sees, better than random."""

from __future__ import annotations

import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import BotError
from ofrenda_rules.ofrenda import (
    GAME,
    Config,
    State,
    apply,
    current_player,
    hidden_variant,
    legal_actions,
    new_game,
    outcome,
    reference_bot,
)
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng

CONFIGS = GAME.test_configs()


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
@pytest.mark.parametrize("seed", [None, 8])
def test_the_bot_plays_whole_games_legally_in_every_seat(config: Config, seed: int | None) -> None:
    bots = dict.fromkeys(range(config.players), reference_bot)
    result = random_playout(GAME, config, seed, 2, bots=bots)
    assert GAME.is_over(result.final)
    assert GAME.turn_count(result.final) == 12 * config.players


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_the_bot_decides_on_what_its_seat_sees_only(config: Config) -> None:
    visited: list[State] = []
    random_playout(GAME, config, 6, 1, on_step=lambda state, action: visited.append(state))
    for state in visited[::3]:
        seat = current_player(state)
        if seat in (CHANCE, TERMINAL):
            continue
        choice = reference_bot(state)
        assert choice in legal_actions(state)
        for k in range(2):
            assert reference_bot(hidden_variant(state, seat, Rng(k))) == choice


def test_the_bot_refuses_a_chance_event() -> None:
    with pytest.raises(BotError, match="no seat is to move"):
        reference_bot(new_game(Config(players=2)))


def _points(config: Config, seat: int, seed: int, bot: bool) -> tuple[int, bool]:
    bots = {seat: reference_bot} if bot else {}
    final = random_playout(GAME, config, seed, seed + 100, bots=bots).final
    result = outcome(final)
    return result.scores[seat], seat in result.winners


def test_the_bot_beats_random_play() -> None:
    """A few seeded games: the bot wins its multiplayer games against random seats and outscores them solo."""
    two = Config(players=2)
    assert sum(_points(two, seed % 2, seed, True)[1] for seed in range(6)) >= 5
    solo = Config(players=1)
    bot = sum(_points(solo, 0, seed, True)[0] for seed in range(4))
    random = sum(_points(solo, 0, seed, False)[0] for seed in range(4))
    assert bot > 2 * random + 40


def test_a_move_applies() -> None:
    state = new_game(Config(players=3), seed=2)
    assert current_player(apply(state, reference_bot(state))) == 0
