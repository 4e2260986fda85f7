"""The library's bots by name in the adapters: OpenSpiel's ``LibraryBot`` and PettingZoo's ``BotPolicy``.

Every game and every level name (with ``random``, ``reference`` and ``mcts:N``)
moves legally through both adapters; a bot is shown only states resampled for
its seat; a bad name, seat or turn raises the library's typed errors. Skipped
where a framework is not installed (``nox -s adapters`` installs both).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

import pytest

from ofrenda_rules.bots import LEVEL_NAMES, BotError
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.serialization import dumps

NAMES = ("random", "reference", *LEVEL_NAMES, "mcts:4:8")
"""Every bot kind the games offer, ``mcts`` with a small budget."""

GAME_NAMES = [pytest.param(game, name, id=f"{game.info.name}-{name}") for game in games() for name in NAMES]

DECISIONS = 2
"""Decisions a level bot plays in each test (the expert levels take seconds a decision)."""


def players_of(game: AnyGame) -> int:
    """Two seats where the game allows it (four for Día de los Muertos, its usual table), else the fewest."""
    counts = game.info.player_counts
    return 4 if 4 in counts and game.info.name == "dia_de_los_muertos" else (2 if 2 in counts else min(counts))


class TestOpenSpiel:
    """``LibraryBot`` and ``library_bots`` (the ``openspiel`` extra)."""

    @pytest.fixture(autouse=True)
    def _spiel(self) -> None:
        pytest.importorskip("pyspiel")

    @staticmethod
    def load(game: AnyGame, players: int) -> Any:
        import pyspiel

        from ofrenda_rules.adapters.openspiel import register, short_name

        register()
        return pyspiel.load_game(short_name(game), {"players": players})

    @pytest.mark.parametrize(("game", "name"), GAME_NAMES)
    def test_every_bot_name_moves_legally_in_every_game(self, game: AnyGame, name: str) -> None:
        import numpy as np

        from ofrenda_rules.adapters.openspiel import library_bots

        players = players_of(game)
        spiel = self.load(game, players)
        bots = library_bots(spiel, [name] * players, seed=11)
        assert [bot.player_id() for bot in bots] == list(range(players))
        rng = np.random.RandomState(5)
        state = spiel.new_initial_state()
        moved = 0
        for _ in range(10_000):
            if state.is_terminal() or moved == DECISIONS:
                break
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moved += 1
        assert moved == DECISIONS

    @pytest.mark.parametrize("game", games(), ids=lambda game: game.info.name)
    @pytest.mark.parametrize("name", ["random", "reference"])
    def test_evaluate_bots_plays_whole_games(self, game: AnyGame, name: str) -> None:
        import numpy as np
        from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

        from ofrenda_rules.adapters.openspiel import library_bots

        played = 0
        for players in game.info.player_counts:
            spiel = self.load(game, players)
            returns = evaluate_bots(
                spiel.new_initial_state(), library_bots(spiel, [name] * players, seed=players), np.random.RandomState(3)
            )
            assert len(returns) == players and all(0.0 <= value <= 1.0 for value in returns)
            assert sum(returns) <= 1.0 + 1e-9
            played += 1
        assert played == len(game.info.player_counts)

    @pytest.mark.parametrize("game", [g for g in games() if g.info.hidden_information], ids=lambda g: g.info.name)
    def test_a_bot_is_shown_resampled_states_never_the_true_one(self, game: AnyGame) -> None:
        import numpy as np

        from ofrenda_rules.adapters.openspiel import LibraryBot

        players = players_of(game)
        spiel = self.load(game, players)
        bots = [LibraryBot(spiel, "random", seat, seed=2) for seat in range(players)]
        shown: list[Any] = []
        for bot in bots:
            inner = bot._bot

            def spy(state: Any, inner: Any = inner) -> Any:
                shown.append(state)
                return inner(state)

            bot._bot = spy
        rng = np.random.RandomState(9)
        state = spiel.new_initial_state()
        same_view = differs = 0
        for _ in range(10_000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            seat = state.current_player()
            true = state.ofrenda_state
            action = bots[seat].step(state)
            drawn = shown[-1]
            assert dumps(game.observe(drawn, seat)) == dumps(game.observe(true, seat))
            same_view += 1
            differs += dumps(drawn) != dumps(true)
            state.apply_action(action)
        assert same_view == len(shown) > 0
        assert differs > 0  # the hidden parts were drawn afresh at least once

    def test_a_bad_name_raises_config_error_naming_it(self) -> None:
        from ofrenda_rules.adapters.openspiel import LibraryBot, library_bots

        game = games()[0]
        spiel = self.load(game, players_of(game))
        with pytest.raises(ConfigError, match="unknown bot 'grandmaster'"):
            LibraryBot(spiel, "grandmaster", 0)
        with pytest.raises(ConfigError, match="only mcts takes a budget"):
            library_bots(spiel, ["easy:3"] * spiel.num_players())
        with pytest.raises(ConfigError, match="player_id"):
            LibraryBot(spiel, "easy", spiel.num_players())
        with pytest.raises(ConfigError, match="one bot name per seat"):
            library_bots(spiel, ["easy"] * (spiel.num_players() + 1))
        with pytest.raises(ConfigError, match="single string"):
            library_bots(spiel, "easy")

    def test_a_bot_asked_out_of_turn_raises_bot_error(self) -> None:
        from ofrenda_rules.adapters.openspiel import LibraryBot

        game = next(g for g in games() if g.info.name == "ofrendados")
        spiel = self.load(game, 2)
        state = spiel.new_initial_state()
        for _ in range(1000):
            if not state.is_chance_node():
                break
            state.apply_action(state.chance_outcomes()[0][0])
        other = 1 - state.current_player()
        with pytest.raises(BotError, match="not this bot's"):
            LibraryBot(spiel, "reference", other).step(state)
        with pytest.raises(ConfigError, match="not one of"):
            portents = next(g for g in games() if g.info.name == "portents")
            LibraryBot(spiel, "reference", state.current_player()).step(self.load(portents, 2).new_initial_state())


class TestPettingZoo:
    """``BotPolicy`` (the ``pettingzoo`` extra)."""

    @pytest.fixture(autouse=True)
    def _zoo(self) -> None:
        pytest.importorskip("pettingzoo")

    @pytest.mark.parametrize(("game", "name"), GAME_NAMES)
    def test_every_bot_name_moves_legally_in_every_game(self, game: AnyGame, name: str) -> None:
        from ofrenda_rules.adapters.pettingzoo import BotPolicy, env

        table = env(game.info.name, players=players_of(game))
        table.reset(seed=13)
        policy = BotPolicy(table, name, seed=4)
        moved = 0
        for agent in table.agent_iter(max_iter=10_000):
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            if moved == DECISIONS:
                break
            action = policy(observation, agent)
            assert observation["action_mask"][action] == 1
            table.step(action)
            moved += 1
        assert moved == DECISIONS

    @pytest.mark.parametrize("game", games(), ids=lambda game: game.info.name)
    def test_reference_policies_play_whole_games_for_every_player_count(self, game: AnyGame) -> None:
        from ofrenda_rules.adapters.pettingzoo import BotPolicy, env

        finished = 0
        for players in game.info.player_counts:
            table = env(game.info.name, players=players)
            table.reset(seed=players)
            policy = BotPolicy(table, "reference", seed=1)
            paid = dict.fromkeys(table.possible_agents, 0.0)
            for agent in table.agent_iter(max_iter=100_000):
                observation, reward, termination, truncation, _ = table.last()
                paid[agent] += reward
                table.step(None if termination or truncation else policy(observation, agent))
            assert table.unwrapped.game.is_over(table.unwrapped.game_state)
            assert 0.0 <= sum(paid.values()) <= 1.0 + 1e-9
            finished += 1
        assert finished == len(game.info.player_counts)

    @pytest.mark.parametrize("game", [g for g in games() if g.info.hidden_information], ids=lambda g: g.info.name)
    def test_a_policy_is_shown_resampled_states_never_the_true_one(self, game: AnyGame) -> None:
        from ofrenda_rules.adapters.pettingzoo import BotPolicy, env

        table = env(game.info.name, players=players_of(game))
        table.reset(seed=21)
        inner = table.unwrapped.game
        policy = BotPolicy(table, "random", seed=8)
        shown: list[Any] = []
        policy._bots = {seat: _Recorder(shown, inner) for seat in range(len(table.possible_agents))}
        same_view = differs = 0
        for agent in table.agent_iter(max_iter=100_000):
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            seat = int(agent.removeprefix("player_"))
            true = table.unwrapped.game_state
            action = policy(observation, agent)
            assert dumps(inner.observe(shown[-1], seat)) == dumps(inner.observe(true, seat))
            same_view += 1
            differs += dumps(shown[-1]) != dumps(true)
            table.step(action)
        assert same_view == len(shown) > 0
        assert differs > 0  # the hidden parts were drawn afresh at least once

    def test_a_bad_name_raises_config_error_naming_it(self) -> None:
        from ofrenda_rules.adapters.pettingzoo import BotPolicy, env

        table = env("ofrenda", players=2)
        with pytest.raises(ConfigError, match="unknown bot 'grandmaster'"):
            BotPolicy(table, "grandmaster")
        with pytest.raises(ConfigError, match="only mcts takes a budget"):
            BotPolicy(table, "hard:9")
        with pytest.raises(ConfigError, match="environments of"):
            BotPolicy(object(), "easy")
        policy = BotPolicy(table, "easy")
        with pytest.raises(ConfigError, match="call reset"):
            policy(None, "player_0")
        table.reset(seed=1)
        with pytest.raises(ConfigError, match="not an agent"):
            policy(None, "player_7")
        waiting = next(agent for agent in table.possible_agents if agent != table.agent_selection)
        with pytest.raises(BotError, match="is not to move"):
            policy(None, waiting)


class _Recorder:
    """A random bot recording the states it is shown."""

    def __init__(self, seen: list[Any], game: AnyGame) -> None:
        self.seen, self.game = seen, game

    def __call__(self, state: Any) -> Any:
        self.seen.append(state)
        return self.game.legal_actions(state)[0]


def test_the_bots_example_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    monkeypatch.setattr(sys, "argv", ["adapter_bots.py"])
    example = Path(__file__).resolve().parents[2] / "examples" / "adapter_bots.py"
    runpy.run_path(str(example), run_name="__main__")
    printed = capsys.readouterr().out
    assert "OpenSpiel, Ofrenda: easy vs reference returns [" in printed
    assert "PettingZoo, Ofrendados: easy vs reference rewards {" in printed
