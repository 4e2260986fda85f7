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

from gymnasium import spaces as gymnasium_spaces  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from ofrenda_rules.adapters.pettingzoo import OfrendaEnv, VectorEnv, env, raw_env  # noqa: E402
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


@pytest.mark.parametrize(("game", "players"), CASES)
@pytest.mark.parametrize("kind", ["observation", "information_state"])
def test_flat_observations_pass_the_api_test_with_the_mask_in_the_info(game: AnyGame, players: int, kind: str) -> None:
    table = env(game.info.name, players=players, flat=True, observation=kind)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(table, num_cycles=60)
    table.reset(seed=3)
    space = table.observation_space(table.agent_selection)
    assert isinstance(space, gymnasium_spaces.Box) and len(space.shape) == 1
    checked = 0
    for agent in table.agent_iter(max_iter=300):
        observation, _, termination, truncation, info = table.last()
        assert observation.shape == space.shape and observation.dtype == np.float32
        state = table.unwrapped.game_state
        seat = int(agent.removeprefix("player_"))
        config = table.unwrapped.config
        view = game.observe(state, seat)
        if kind == "observation":
            assert observation.tolist() == pytest.approx(game.encode_observation(config, view))
        legal = {game.encode_action(config, a) for a in game.legal_actions(state)} if not termination else set()
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
        checked += 1
        table.step(None if termination or truncation else table.action_space(agent).sample(info["action_mask"]))
    assert checked >= 5


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_supersuits_dtype_wrapper_takes_the_flat_environment(game: AnyGame) -> None:
    supersuit = pytest.importorskip("supersuit")
    players = max(game.info.player_counts)
    wrapped = supersuit.dtype_v0(env(game.info.name, players=players, flat=True), np.float16)
    wrapped.reset(seed=5)
    steps = 0
    for agent in wrapped.agent_iter(max_iter=200):
        observation, _, termination, truncation, info = wrapped.last()
        assert observation.dtype == np.float16
        wrapped.step(None if termination or truncation else wrapped.action_space(agent).sample(info["action_mask"]))
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
@pytest.mark.parametrize("kind", ["observation", "information_state"])
def test_the_vector_environment_plays_the_librarys_games_side_by_side(game: AnyGame, kind: str) -> None:
    players = max(2, min(game.info.player_counts))
    table = VectorEnv(game.info.name, num_envs=3, observation=kind, players=players)
    observations, masks, seats = table.reset(seed=9)
    config = table.config
    rng = np.random.default_rng(1)
    ended = 0
    histories: list[list[list[Any]]] = [[[game.observe(s, p)] for p in range(players)] for s in table.states]
    for step in range(3000):
        for index, state in enumerate(table.states):
            seat = int(seats[index])
            assert seat == game.current_player(state)
            legal = {game.encode_action(config, a) for a in game.legal_actions(state)}
            assert set(np.flatnonzero(masks[index]).tolist()) == legal
            if kind == "observation":
                expected = game.encode_observation(config, game.observe(state, seat))
            elif step % 5 == 0:  # the whole history's encoding grows with it: every fifth step
                expected = game.encode_information_state(config, histories[index][seat])
            else:
                continue
            assert observations[index].tolist() == pytest.approx(expected)
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        before = list(table.states)
        observations, masks, seats, rewards, dones = table.step(actions)
        for index, state in enumerate(table.states):
            if dones[index]:
                finished = game.apply(before[index], game.decode_action(config, actions[index]))
                assert game.is_over(finished)
                assert rewards[index].tolist() == pytest.approx(list(returns(game, finished, Payoff.WIN_SHARE)))
                histories[index] = [[game.observe(state, p)] for p in range(players)]
                ended += 1
            else:
                assert not rewards[index].any()
                for p in range(players):
                    histories[index][p].append(game.observe(state, p))
        if ended >= 2:
            break
    assert ended >= 2


def test_the_vector_environment_refuses_bad_arguments_by_name() -> None:
    with pytest.raises(ConfigError, match="num_envs"):
        VectorEnv("portents", num_envs=0)
    with pytest.raises(ConfigError, match="observation"):
        VectorEnv("portents", num_envs=2, observation="everything")
    table = VectorEnv("portents", num_envs=2)
    with pytest.raises(ConfigError, match="reset"):
        table.step([0, 0])
    table.reset(seed=1)
    with pytest.raises(ConfigError, match="one action per game"):
        table.step([0])
