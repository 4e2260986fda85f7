"""Bots by name: their names, budgets, determinism and errors (their strength is a benchmark, never a test)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import attrs
import pytest

from ofrenda_rules.bots import (
    BOT_KINDS,
    BotError,
    MctsBot,
    RandomBot,
    ReferenceBot,
    bot_kinds,
    check_bot_name,
    make_bot,
)
from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import AnyGame, games, get_game
from ofrenda_rules.rng import Rng

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_every_game_offers_every_bot_kind(game: AnyGame) -> None:
    assert bot_kinds(game) == BOT_KINDS
    state = game.new_game(game.test_configs()[0], 5)
    for name in ("random", "reference", "mcts:2"):
        bot = make_bot(game, name, 9)
        assert bot(state) in game.legal_actions(state)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'"),
        ("reference:3", "only mcts takes a budget"),
        ("mcts:many", "a number of iterations"),
        ("mcts:0", "iterations must be in"),
        ("mcts:10000000", "iterations must be in"),
        ("mcts:5:0", "playout steps must be in"),
        ("mcts:5:2:1", "then playout steps"),
        ("", "unknown bot ''"),
    ],
)
def test_bad_names_are_refused_with_the_reason(name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        check_bot_name(get_game("portents"), name)
    with pytest.raises(ConfigError, match=message):
        make_bot(get_game("portents"), name, 1)


def test_names_make_the_named_bots() -> None:
    game = get_game("ofrendados")
    assert isinstance(make_bot(game, "random", 1), RandomBot)
    assert isinstance(make_bot(game, "reference", 1), ReferenceBot)
    search = make_bot(game, "mcts:17", 1)
    assert isinstance(search, MctsBot) and search.iterations == 17
    default = make_bot(game, "mcts", 1)
    assert isinstance(default, MctsBot) and default.iterations == 200


def play(game: AnyGame, config: Any, seed: int, names: list[str]) -> tuple[Any, ...]:
    seats = [make_bot(game, name, seed + seat) for seat, name in enumerate(names)]
    state = game.new_game(config, seed)
    moves = []
    while not game.is_over(state):
        action = seats[game.current_player(state)](state)
        moves.append(action)
        state = game.apply(state, action)
    return tuple(moves)


def test_bots_are_deterministic_given_their_seeds() -> None:
    game = get_game("dia_de_los_muertos")
    config = game.config_type(players=3)
    names = ["mcts:8", "reference", "random"]
    assert play(game, config, 4, names) == play(game, config, 4, names)
    assert play(game, config, 4, names) != play(game, config, 5, names)


def test_a_bot_refuses_a_state_where_no_seat_is_to_move() -> None:
    game = get_game("portents")
    state = game.new_game(game.config_type(), None)
    assert game.current_player(state) == CHANCE
    for name in ("random", "reference", "mcts:2"):
        with pytest.raises(BotError, match="no seat is to move"):
            make_bot(game, name, 1)(state)


def test_the_search_needs_a_sane_budget() -> None:
    with pytest.raises(ConfigError, match="iterations"):
        MctsBot(get_game("portents"), Rng(1), iterations=0)


def test_the_search_plays_a_forced_move_without_searching() -> None:
    calls = []
    base = get_game("dia_de_los_muertos")
    resample = base.resample

    def counting(state: Any, player: int, rng: Rng) -> Any:
        calls.append(player)
        return resample(state, player, rng)

    game = attrs.evolve(base, resample=counting)
    state = game.new_game(game.config_type(players=3), 2)
    bot = MctsBot(game, Rng(3), iterations=5)
    while len(game.legal_actions(state)) != 1:
        state = game.apply(state, game.legal_actions(state)[0])
    assert bot(state) == game.legal_actions(state)[0]
    assert calls == []
    while len(game.legal_actions(state)) == 1:
        state = game.apply(state, game.legal_actions(state)[0])
    bot(state)
    assert len(calls) == 5, "one resampled state per iteration"


def test_cut_playouts_pay_the_standings() -> None:
    game = get_game("portents")
    state = game.new_game(game.config_type(players=2), 3)
    bot = make_bot(game, "mcts:6:5", 2)
    assert isinstance(bot, MctsBot) and bot.playout_steps == 5
    assert bot(state) in game.legal_actions(state)
    solo = game.new_game(game.config_type(players=1), 3)
    assert make_bot(game, "mcts:4:3", 2)(solo) in game.legal_actions(solo)


def test_a_time_limit_stops_the_search_early() -> None:
    game = get_game("dia_de_los_muertos")
    state = game.new_game(game.config_type(players=4), 8)
    bot = MctsBot(game, Rng(1), iterations=1_000_000, max_seconds=0.0)
    assert bot(state) in game.legal_actions(state)


def test_the_bots_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "mcts_bot.py"), run_name="__main__")
    assert "win shares (mcts, reference, random)" in capsys.readouterr().out
