"""Continue from here: any step of a replay, what the seat could not see drawn afresh, played on by bots."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ofrenda_rules.analysis import AnalysisError, continue_from, play_on, position_at, replay_states
from ofrenda_rules.bots import RandomBot
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import AnyReplay, Step, record
from ofrenda_rules.rng import Rng
from tests.kernel.games import GAME_CONFIGS


def a_replay(game: AnyGame, config: Any, seed: int | None) -> AnyReplay:
    playout = random_playout(game, config, seed=seed, player_seed=seed or 0)
    return record(game, config, seed, playout.actions)


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
@pytest.mark.parametrize("seed", [6, None], ids=["seeded", "unseeded"])
def test_a_continued_game_keeps_what_the_seat_knew_and_plays_to_the_end(
    game: AnyGame, config: Any, seed: int | None
) -> None:
    replay = a_replay(game, config, seed)
    count = len(replay.steps)
    truth = [game.new_game(config, seed), *(after for _, _, _, _, after in replay_states(replay))]
    checked = 0
    for step in sorted({0, 1, count // 3, count // 2, count - 1}):
        assert position_at(replay, step) == truth[step]
        for seat in range(config.players):
            fresh = continue_from(replay, step, seat, seed=step + 10 * seat)
            assert game.observe(fresh, seat) == game.observe(truth[step], seat)
            assert (fresh.rng is None) == (seed is None), "a seeded replay continues seeded, an unseeded one not"
            checked += 1
        game_on = play_on(game, continue_from(replay, step, 0, seed=1), "random", seed=2)
        assert game.is_over(game_on.final)
        assert len(game_on.actions) <= game.max_steps(config)
    assert checked >= 4 * config.players
    assert position_at(replay, count) == truth[-1] and game.is_over(truth[-1])


def test_the_fresh_draw_changes_what_the_seat_could_not_see() -> None:
    game = get_game("dia_de_los_muertos")
    config = game.config_type(players=4)
    replay = a_replay(game, config, 8)
    truth = position_at(replay, 10)
    fresh = [continue_from(replay, 10, 1, seed=seed) for seed in range(5)]
    assert sum(1 for state in fresh if state != truth) == 5
    assert len({repr(state) for state in fresh}) == 5
    assert all(game.observe(state, 1) == game.observe(truth, 1) for state in fresh)
    assert continue_from(replay, 10, 1, seed=3) == fresh[3], "the same seed draws the same table"


def test_bots_per_seat_play_on_and_a_seat_without_one_is_named() -> None:
    game = get_game("portents")
    config = game.config_type(players=2)
    replay = a_replay(game, config, 4)
    state = continue_from(replay, 3, 0, seed=1)
    done = play_on(game, state, {0: "reference", 1: RandomBot(game, Rng(3))}, seed=4)
    assert game.is_over(done.final) and done.start == state
    assert play_on(game, state, {0: "reference", 1: "random"}, seed=4) == play_on(
        game, state, {0: "reference", 1: "random"}, seed=4
    )
    mover = game.current_player(state)
    with pytest.raises(AnalysisError, match=f"Seat {mover + 1} is to move and has no bot"):
        play_on(game, state, {1 - mover: "random"})
    with pytest.raises(ConfigError, match="unknown bot"):
        play_on(game, state, "alphazero")


def test_a_step_or_seat_the_replay_does_not_have_is_refused() -> None:
    game = get_game("ofrenda")
    replay = a_replay(game, game.config_type(players=2), 2)
    count = len(replay.steps)
    for step in (-1, count + 1):
        with pytest.raises(AnalysisError, match=rf"the replay has steps 0 \(the set-up\) to {count}"):
            continue_from(replay, step, 0, seed=0)
    with pytest.raises(AnalysisError, match="no such seat"):
        continue_from(replay, 1, 2, seed=0)
    bad = attrs.evolve(replay, steps=(replay.steps[0], replay.steps[0], *replay.steps[2:]), result=None)
    with pytest.raises(AnalysisError, match=r"^step 2: "):
        continue_from(bad, 5, 0, seed=0)
    assert continue_from(bad, 1, 0, seed=0) is not None, "steps after the one asked for are not read"


def test_undo_steps_are_followed() -> None:
    game = get_game("portents")
    config = game.config_type(players=2)
    state = game.new_game(config, 7)
    first = game.legal_actions(state)[0]
    after_first = game.apply(state, first)
    second = game.legal_actions(after_first)[0]
    seat = game.current_player(after_first)
    base = record(game, config, 7, [first, second])
    undone = attrs.evolve(base, steps=(*base.steps, Step(second, player=seat, undo=True)), result=None)
    assert position_at(undone, 3) == after_first
    assert position_at(undone, 2) == game.apply(after_first, second)
