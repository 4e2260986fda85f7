"""Every game through OpenSpiel: its own consistency test, serialisation, bots and CFR-style tooling.

Skipped where OpenSpiel is not installed; ``nox -s adapters`` installs the
``openspiel`` extra and runs these tests.
"""

from __future__ import annotations

import gc
import pickle
import random
import subprocess
import sys
import unittest
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
numpy = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

from ofrenda_rules.adapters import openspiel as openspiel_adapter  # noqa: E402
from ofrenda_rules.adapters.openspiel import PREFIX, parameters, register, short_name  # noqa: E402
from ofrenda_rules.digest import canonical_json  # noqa: E402
from ofrenda_rules.registry import AnyGame, games  # noqa: E402
from ofrenda_rules.serialization import dumps, loads, to_json_value  # noqa: E402

register()

CASES = [
    pytest.param(game, players, id=f"{game.info.name}-{players}p")
    for game in games()
    for players in game.info.player_counts
]


def load(game: AnyGame, **params: Any) -> Any:
    return pyspiel.load_game(short_name(game), params)


def test_the_adapters_player_ids_are_openspiels() -> None:
    assert int(pyspiel.PlayerId.CHANCE) == openspiel_adapter._SPIEL_CHANCE
    assert int(pyspiel.PlayerId.TERMINAL) == openspiel_adapter._SPIEL_TERMINAL


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test_with_serialisation_passes_for_every_player_count(game: AnyGame, players: int) -> None:
    spiel = load(game, players=players)
    assert spiel.num_players() == players
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_game_declares_the_library_facts(game: AnyGame, players: int) -> None:
    spiel = load(game, players=players)
    config = game.config_type(players=players)
    assert spiel.num_distinct_actions() == game.num_distinct_actions(config)
    assert spiel.max_chance_outcomes() == game.max_chance_outcomes(config)
    assert spiel.max_game_length() == game.max_decisions(config)
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 1.0)
    kind = spiel.get_type()
    assert kind.short_name == PREFIX + game.info.name
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert tuple(spiel.observation_tensor_shape()) == game.observation_shape(config)
    assert tuple(spiel.information_state_tensor_shape()) == game.information_state_shape(config)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_states_follow_the_library_and_serialise_through_its_json(game: AnyGame) -> None:
    config = game.test_configs()[0]
    spiel = load(game, players=config.players)
    state = spiel.new_initial_state()
    ours = game.new_game(config, None)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choice([a for a, _ in outcomes])
            ours = game.apply(ours, game.decode_action(config, action, chance=True))
        else:
            legal = state.legal_actions()
            assert legal == sorted(game.encode_action(config, a) for a in game.legal_actions(ours))
            action = rng.choice(legal)
            ours = game.apply(ours, game.decode_action(config, action))
        state.apply_action(action)
        assert state.ofrenda_state == ours
    assert loads(str(state), game.state_type) == ours
    assert set(vars(state)) == {"_track"}, "a state must serialise only its track (the library's JSON)"
    assert dumps(ours) in pickle.dumps(state._track).decode("utf-8", "replace")
    copy = pickle.loads(pickle.dumps(state))
    assert copy.ofrenda_state == ours and copy.history() == state.history()
    text = pyspiel.serialize_game_and_state(spiel, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.ofrenda_state == ours
    if not state.is_terminal() and not state.is_chance_node():
        player = state.current_player()
        assert state.observation_string(player) == state.observation_string(player)
        assert state.information_state_string(player).startswith(state.observation_string(player))
        view = game.observe(ours, player)
        assert state.observation_tensor(player) == pytest.approx(game.encode_observation(config, view))
        history = [game.observe(past, player) for past in state._track.states]
        expected = game.encode_information_state(config, history)
        assert state.information_state_tensor(player) == pytest.approx(expected)


def test_a_state_read_back_where_it_was_pickled_shares_its_track_and_a_pickle_alone_replays() -> None:
    game = next(g for g in games() if g.info.name == "dia_de_los_muertos")
    spiel = load(game, players=3)
    state = spiel.new_initial_state()
    rng = random.Random(5)
    for _ in range(25):
        outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(outcomes))
    blob = pickle.dumps(state)
    copy = pickle.loads(blob)
    assert copy._track is state._track, "read back while the original lives: the track itself, as a clone"
    assert state._track.shared, "a shared track's encoders are copied, not taken, by the tracks after it"
    ours, history = state.ofrenda_state, state.history()
    del state, copy
    gc.collect()
    again = pickle.loads(blob)  # the original is gone: its actions are replayed from the set-up
    assert again.ofrenda_state == ours and again.history() == history
    assert not again._track.shared


def test_a_clone_given_the_same_action_gets_the_same_track_and_another_action_its_own() -> None:
    game = next(g for g in games() if g.info.name == "ofrendados")
    spiel = load(game, players=3)
    state = spiel.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(outcomes))
    assert not state.is_terminal()
    first, second = state.legal_actions()[:2]
    twin, other = state.clone(), state.clone()
    state.apply_action(first)
    assert not state._track.shared
    twin.apply_action(first)
    assert twin._track is state._track, "the same action from the same track: that track, as a clone gets"
    assert state._track.shared, "a shared track's encoders are copied, not taken, by the tracks after it"
    other.apply_action(second)
    assert other._track is not state._track and other._track.actions[-1] == second
    assert str(other) == dumps(game.apply(twin._track.parent.states[-1], game.decode_action(spiel.config, second)))
    assert twin.history() == state.history() != other.history()


def test_equal_parameters_load_the_same_config_object() -> None:
    for game in games():
        players = max(game.info.player_counts)
        first, second = load(game, players=players), load(game, players=players)
        assert first is not second and first.config is second.config
        assert first.config.players == players
        assert load(game, players=min(game.info.player_counts)).config is not first.config


def test_perfect_recall_tells_apart_histories_that_end_in_the_same_view() -> None:
    game = next(g for g in games() if g.info.name == "dia_de_los_muertos")
    spiel = load(game, players=3)
    state = spiel.new_initial_state()
    strings = set()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for _ in range(6):
        player = state.current_player()
        strings.add(state.information_state_string(player))
        state.apply_action(state.legal_actions()[0])
    assert len(strings) == 6, "an information state repeated within one history"


def test_parameters_are_the_config_options_and_a_wrong_one_is_refused() -> None:
    game = next(g for g in games() if g.info.name == "portents")
    assert parameters(game)["players"] == game.config_type().players
    assert load(game, players=1, difficulty="standard-seer").num_players() == 1
    with pytest.raises(Exception, match="colour"):
        load(game, colour="blue")
    with pytest.raises(Exception, match="difficulty"):
        load(game, players=1, difficulty="impossible")


def test_openspiel_mcts_bot_plays_a_whole_game() -> None:
    game = next(g for g in games() if g.info.name == "dia_de_los_muertos")
    spiel = load(game, players=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy.random.RandomState(1))
    bot = mcts.MCTSBot(
        spiel, uct_c=1.4, max_simulations=4, evaluator=evaluator, random_state=numpy.random.RandomState(2)
    )
    state = spiel.new_initial_state()
    rng = random.Random(5)
    steps = 0
    while not state.is_terminal() and steps < 500:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bot.step(state))
        steps += 1
    assert state.is_terminal()
    returns = state.returns()
    assert all(value in (0.0, 1.0, 0.5, 1 / 3) for value in returns) and sum(returns) == pytest.approx(1.0)


def test_outcome_sampling_mccfr_runs_on_information_states() -> None:
    game = next(g for g in games() if g.info.name == "dia_de_los_muertos")
    spiel = load(game, players=3)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


# OpenSpiel's own simulation test, imported from the installed package after register(): its
# module lists every registered game at import, so it generates one test per game and player count.
from open_spiel.python.tests import games_sim_test  # noqa: E402

SIM_TESTS = sorted(name for name in dir(games_sim_test.GamesSimTest) if PREFIX in name)


def test_openspiels_games_sim_test_lists_every_game() -> None:
    listed = {short_name(game) for game in games() if any(name.endswith(short_name(game)) for name in SIM_TESTS)}
    assert listed == {short_name(game) for game in games()}


@pytest.mark.parametrize("name", SIM_TESTS)
def test_openspiels_games_sim_test_passes_unmodified(name: str) -> None:
    result = unittest.TestResult()
    games_sim_test.GamesSimTest(name).run(result)
    assert result.testsRun == 1 and not result.skipped
    assert result.wasSuccessful(), [text for _, text in (*result.errors, *result.failures)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiels_sim_game_passes_at_every_player_count(game: AnyGame, players: int) -> None:
    # The generated tests above cover 2..6 players of games up to 6; this covers every count (solo too).
    case = games_sim_test.GamesSimTest(f"test_game_sim_{short_name(game)}")
    case.sim_game(load(game, players=players))


def test_a_pickled_game_loads_in_a_process_that_never_registered() -> None:
    games_pickled = [pickle.dumps(load(game, players=n)) for game in games() for n in game.info.player_counts]
    program = (
        "import pickle, sys\n"
        "for blob in pickle.loads(sys.stdin.buffer.read()):\n"
        "    game = pickle.loads(blob)\n"
        "    state = game.new_initial_state()\n"
        "    print(str(game), state.is_chance_node())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], input=pickle.dumps(games_pickled), capture_output=True, check=True
    )
    lines = done.stdout.decode().splitlines()
    expected = [f"{load(game, players=players)} True" for game in games() for players in game.info.player_counts]
    assert lines == expected


def _played(spiel: Any, seed: int, decisions: int) -> Any:
    """A state after ``decisions`` random decisions (and every chance event before the next one)."""
    rng = random.Random(seed)
    state = spiel.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif made == decisions:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_resample_from_infostate_keeps_what_the_seat_knows(game: AnyGame, players: int) -> None:
    spiel = load(game, players=players)
    sampler = random.Random(11).random
    checked = 0
    differed = 0
    for seed in range(3):
        state = _played(spiel, seed, 1 + 4 * seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(4):
            drawn = state.resample_from_infostate(player, sampler)
            assert drawn.current_player() == player
            assert drawn.legal_actions() == state.legal_actions()
            assert drawn.observation_string(player) == state.observation_string(player)
            assert drawn.information_state_string(player) == state.information_state_string(player)
            assert drawn.observation_tensor(player) == state.observation_tensor(player)
            assert drawn.information_state_tensor(player) == state.information_state_tensor(player)
            drawn_state = drawn.ofrenda_state
            assert game.observe(drawn_state, player) == game.observe(state.ofrenda_state, player)
            differed += str(drawn) != str(state)
            again = pickle.loads(pickle.dumps(drawn))
            assert str(again) == str(drawn)
            assert again.information_state_string(player) == state.information_state_string(player)
            _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, drawn))
            assert str(loaded) == str(drawn)
            follow = drawn.clone()
            follow.apply_action(follow.legal_actions()[0])
            assert follow.history() == [drawn.legal_actions()[0]]
            checked += 1
    assert checked >= 4
    if game.info.hidden_information:
        assert differed > 0, "resampling never drew another hidden state"
    else:
        assert differed == 0, "a game without hidden information resampled what every seat sees"


def test_resample_from_infostate_takes_openspiels_sampler() -> None:
    game = next(g for g in games() if g.info.name == "ofrenda")
    spiel = load(game, players=3)
    state = _played(spiel, 1, 5)
    player = state.current_player()
    drawn = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert drawn.information_state_string(player) == state.information_state_string(player)


IMPERFECT_GAMES = [g for g in games() if g.info.hidden_information]
IMPERFECT = [pytest.param(g, id=g.info.name) for g in IMPERFECT_GAMES]


@pytest.mark.parametrize("game", IMPERFECT)
def test_openspiels_ismcts_bot_plays_whole_games_of_every_imperfect_information_game(game: AnyGame) -> None:
    spiel = load(game)
    rng = numpy.random.RandomState(4)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=3, random_state=rng)
    state = spiel.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 1000:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert state.is_terminal() and decisions > 10
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_imperfect_information_games_are_ofrenda_and_dia_de_los_muertos() -> None:
    assert sorted(game.info.name for game in IMPERFECT_GAMES) == ["dia_de_los_muertos", "ofrenda"]


def test_the_ismcts_example_runs_on_every_imperfect_information_game() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "openspiel_ismcts.py"
    done = subprocess.run([sys.executable, str(example), "2", "2"], capture_output=True, check=True, text=True)
    for game in games():
        ran = f"ofrenda_rules_{game.info.name}: ISMCTS" in done.stdout
        assert ran == game.info.hidden_information
    assert done.stdout.count("MCCFR (2 iterations)") == 2


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_information_state_tensors_read_step_by_step_and_on_clones_equal_the_whole_history(game: AnyGame) -> None:
    # The adapter updates each seat's encoder step by step, copying it into clones' branches.
    config = game.test_configs()[0]
    spiel = load(game, players=config.players)
    state = spiel.new_initial_state()
    rng = random.Random(8)
    checked = 0
    branches = []
    for step in range(300):
        if state.is_terminal():
            break
        for player in range(config.players):
            if step % 3 == player % 3:
                expected = game.encode_information_state(config, state._track.views(player))
                assert state.information_state_tensor(player) == pytest.approx(expected)
                checked += 1
        if step % 25 == 5:
            branches.append(state.clone())
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for branch in branches:
        for _ in range(3):
            if branch.is_terminal():
                break
            actions = [a for a, _ in branch.chance_outcomes()] if branch.is_chance_node() else branch.legal_actions()
            branch.apply_action(actions[-1])
        for player in range(config.players):
            expected = game.encode_information_state(config, branch._track.views(player))
            assert branch.information_state_tensor(player) == pytest.approx(expected)
            checked += 1
    assert checked >= 30 and branches


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_strings_are_the_canonical_json_of_the_library(game: AnyGame) -> None:
    config = game.test_configs()[0]
    state = _played(load(game, players=config.players), 2, 9)
    assert str(state) == canonical_json(to_json_value(state.ofrenda_state))
    for player in range(config.players):
        view = game.observe(state.ofrenda_state, player)
        assert state.observation_string(player) == canonical_json(to_json_value(view))
