"""Every game through PettingZoo: its own API and seed tests, masks, rewards and rendering.

Skipped where PettingZoo is not installed; ``nox -s adapters`` installs the
``pettingzoo`` extra and runs these tests.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from ofrenda_rules.adapters.pettingzoo import OfrendaEnv, env, raw_env  # noqa: E402
from ofrenda_rules.errors import ConfigError, IllegalActionError  # noqa: E402
from ofrenda_rules.registry import AnyGame, games, get_game  # noqa: E402
from ofrenda_rules.utility import Payoff, returns  # noqa: E402

CASES = [
    pytest.param(game, players, id=f"{game.info.name}-{players}p")
    for game in games()
    for players in game.info.player_counts
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_test_passes_for_every_player_count(game: AnyGame, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only (e.g. "all zeros" masks of seats not to move)
        api_test(env(game.info.name, players=players), num_cycles=400)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_seed_test_passes_for_every_player_count(game: AnyGame, players: int) -> None:
    seed_test(lambda: env(game.info.name, players=players), num_cycles=50)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_information_state_observations_pass_the_api_test(game: AnyGame) -> None:
    players = min(game.info.player_counts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game.info.name, players=players, observation="information_state"), num_cycles=200)


def play_to_end(table: Any) -> dict[str, float]:
    """Play the first legal id at every turn; every agent's summed rewards."""
    paid = {agent: 0.0 for agent in table.possible_agents}
    for _ in table.agent_iter(100_000):
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
        for name, reward in table.rewards.items():
            paid[name] += reward
    return paid


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_a_seeded_reset_plays_the_librarys_game_and_pays_its_returns(game: AnyGame) -> None:
    config = game.test_configs()[0]
    table = raw_env(game, config)
    table.reset(seed=11)
    state = game.new_game(config, 11)
    assert table.game_state == state
    rewards = {agent: 0.0 for agent in table.possible_agents}
    while (player := game.current_player(state)) >= 0:
        agent = table.agent_selection
        assert agent == f"player_{player}"
        observation = table.observe(agent)
        legal = game.legal_actions(state)
        ids = sorted(game.encode_action(config, action) for action in legal)
        assert list(np.flatnonzero(observation["action_mask"])) == ids
        assert observation["observation"].shape == game.observation_shape(config)
        assert table.observation_space(agent).contains(observation)
        others = [a for a in table.possible_agents if a != agent]
        for other in others:
            assert not table.observe(other)["action_mask"].any()
        action = legal[-1]
        table.step(game.encode_action(config, action))
        state = game.apply(state, action)
        for name, reward in table.rewards.items():
            rewards[name] += reward
        assert table.game_state == state
    paid = returns(game, state, Payoff.WIN_SHARE)
    assert [rewards[a] for a in table.possible_agents] == list(paid)
    assert all(table.terminations.values())


def test_illegal_and_malformed_actions_raise_the_librarys_error_and_change_nothing() -> None:
    game = get_game("dia_de_los_muertos")
    table = raw_env(game, game.config_type(players=4))
    table.reset(seed=3)
    before = table.game_state
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        table.step(illegal)
    with pytest.raises(IllegalActionError):
        table.step("two")
    with pytest.raises(IllegalActionError):
        table.step(None)
    assert table.game_state == before


def test_unseeded_resets_follow_the_last_seed() -> None:
    first, second = raw_env("portents"), raw_env("portents")
    first.reset(seed=5)
    second.reset(seed=5)
    first.reset()
    second.reset()
    assert first.game_state == second.game_state


def test_points_payoff_pays_normalised_points() -> None:
    game = get_game("ofrendados")
    table = raw_env(game, game.test_configs()[0], payoff=Payoff.POINTS)
    table.reset(seed=2)
    paid = play_to_end(table)
    state = table.game_state
    assert game.is_over(state)
    expected = returns(game, state, Payoff.POINTS)
    assert [paid[agent] for agent in table.possible_agents] == list(expected)
    assert expected != returns(game, state, Payoff.WIN_SHARE)


@pytest.mark.parametrize("mode", ["ansi", "svg"])
def test_render_returns_the_public_table(mode: str) -> None:
    game = get_game("dia_de_los_muertos")
    table = raw_env(game, game.config_type(players=3), render_mode=mode)
    table.reset(seed=1)
    shown = table.render()
    assert isinstance(shown, str)
    public = game.observe_public(table.game_state)
    expected = game.render_svg(public) if mode == "svg" else game.render_text(public)
    assert shown == expected


def test_bad_options_are_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="observation"):
        OfrendaEnv("portents", observation="pixels")
    with pytest.raises(ConfigError, match="render_mode"):
        OfrendaEnv("portents", render_mode="rgb_array")
