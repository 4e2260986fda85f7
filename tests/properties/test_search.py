"""What search and learning rely on, for every game: payoffs, tensors, resampling and bots.

* a finished game's points lie within ``score_bounds``; its returns within
  ``utility_bounds``, win shares adding up to 1 (somebody won) or 0;
* the observation tensor of every seat's and the spectator's view, and the
  information-state tensor of every seat's views so far, have their declared
  shapes, hold finite values in [0, 1], and are the same each time;
* ``resample`` keeps the seat's view, conserves the components, keeps the
  seeding mode with a fresh generator, round-trips through JSON, depends on
  nothing the seat cannot see (the same draw from any hidden variant), and a
  game played on from the drawn state ends;
* the reference bot, the search bot and the strong bot (its ``easy`` level,
  the cheapest level a game plays with its own policy, ``action_values`` at
  tiny budgets with the depth in decisions, and, at one decision of one game
  in four for their cost, every other own level, every game's ``expert``
  level and ``action_values`` with the depth in turns)
  pick a legal action, and the same one on every hidden variant for the seat
  to move: they never peek.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given

from ofrenda_rules.bots import LEVEL_NAMES, SearchBudget, action_values, make_bot
from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.game import ChanceMode, Information
from ofrenda_rules.playout import random_move
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from ofrenda_rules.utility import Payoff, returns, utility_bounds
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, sampled, seedings
from tests.properties.test_properties import scaled


def check_tensor(values: tuple[float, ...], shape: tuple[int, ...]) -> None:
    assert isinstance(values, tuple)
    assert len(values) == math.prod(shape), f"{len(values)} values for the declared shape {shape}"
    for value in values:
        assert isinstance(value, float)
        assert 0.0 <= value <= 1.0, f"a tensor value {value} outside [0, 1]"


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_every_hook_for_search_and_learning_is_provided(game: AnyGame) -> None:
    for hook in (
        "score_bounds",
        "observation_shape",
        "encode_observation",
        "information_state_shape",
        "encode_information_state",
        "resample",
        "reference_bot",
    ):
        assert getattr(game, hook) is not None, f"{game.info.name} lacks {hook}"
    info = game.info
    assert info.dynamics == "sequential" and info.reward_model == "terminal"
    assert info.chance_mode is (ChanceMode.EXPLICIT_STOCHASTIC if info.has_chance else ChanceMode.DETERMINISTIC)
    assert info.information is (Information.IMPERFECT if info.hidden_information else Information.PERFECT)


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.2)
@given(seeds=seedings(seeded=None))
def test_points_and_returns_stay_within_their_declared_bounds(game: AnyGame, config: Any, seeds: Seeds) -> None:
    low, high = game.score_bounds(config)
    assert low < high
    final = play(game, config, seeds).final
    for score in game.outcome(final).scores:
        assert low <= score <= high, f"a score of {score} outside the bounds [{low}, {high}]"
    bounds = utility_bounds(game, config)
    shares = returns(game, final, Payoff.WIN_SHARE)
    assert all(bounds.minimum <= share <= bounds.maximum for share in shares)
    assert math.isclose(sum(shares), 1.0) or sum(shares) == 0.0
    points = returns(game, final, Payoff.POINTS)
    assert all(0.0 <= value <= 1.0 for value in points)


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.2)
@given(seeds=seedings(seeded=None))
def test_tensors_have_their_declared_shapes_and_values_in_the_unit_interval(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    encode_observation, encode_information_state = game.encode_observation, game.encode_information_state
    observation_shape = game.observation_shape(config)
    information_shape = game.information_state_shape(config)
    first = game.new_game(config, seeds.game)
    histories = [[game.observe(first, seat)] for seat in range(config.players)]
    step = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal step
        step += 1
        for seat, views in enumerate(histories):
            views.append(game.observe(after, seat))
        if step % 7 != seeds.players % 7:
            return
        for views in histories:
            values = encode_observation(config, views[-1])
            check_tensor(values, observation_shape)
            assert encode_observation(config, views[-1]) == values
            recall = encode_information_state(config, views)
            check_tensor(recall, information_shape)
            assert encode_information_state(config, list(views)) == recall
        check_tensor(encode_observation(config, game.observe_public(after)), observation_shape)

    play(game, config, seeds, hook)


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.2)
@given(seeds=seedings(seeded=None))
def test_resample_keeps_what_the_seat_knows_and_draws_the_rest_without_peeking(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    resample = game.resample
    other = Rng(seeds.chance)
    played_on = False

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal other, played_on
        for seat in range(config.players):
            draw, other = other.next_u64()
            drawn = resample(after, seat, Rng(draw))
            assert game.observe(drawn, seat) == game.observe(after, seat)
            assert game.census(drawn) == game.census(after)
            assert (drawn.rng is None) == (after.rng is None), "resample changed the seeding mode"
            if after.rng is not None:
                assert drawn.rng != after.rng, "a resampled seeded state kept the true generator"
            assert loads(dumps(drawn, game.state_type), game.state_type) == drawn
            variant = game.hidden_variant(after, seat, Rng(draw ^ 0xA5A5))
            assert resample(variant, seat, Rng(draw)) == drawn, "resample depends on what the seat cannot see"
        if not played_on and game.current_player(after) != TERMINAL:
            played_on = True
            on = resample(after, 0, Rng(seeds.players))
            finish = play_from(game, on, seeds.players)
            assert game.is_over(finish)

    play(game, config, seeds, sampled(hook, seeds, 5))


def play_from(game: AnyGame, state: Any, seed: int) -> Any:
    """Random play from ``state`` to the end (chance drawn too), within the game's step bound."""
    rng = Rng(seed)
    for _ in range(game.max_steps(state.config)):
        if game.current_player(state) == TERMINAL:
            return state
        action, rng = random_move(game, state, rng)
        state = game.apply(state, action)
    raise AssertionError("no end within max_steps")


# Weighted 0.05 (10 games a config in the invariants profile): at 0.1 it was the invariants session's largest cost,
# 1,658 s of the 4,737 s of a run on 7 December 2026 (the slowest 80 tests, a loaded machine), each sampled decision
# running every bot twice; 10 games a config still check some hundreds of decisions of each.
@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=None))
def test_bots_pick_legal_actions_and_never_peek(game: AnyGame, config: Any, seeds: Seeds) -> None:
    reference = game.reference_bot
    assert reference is not None
    other = Rng(seeds.chance)

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal other
        seat = game.current_player(after)
        if seat < 0:
            return
        legal = game.legal_actions(after)
        draw, other = other.next_u64()
        variant = game.hidden_variant(after, seat, Rng(draw))
        choice = reference(after)
        assert choice in legal
        assert reference(variant) == choice, "the reference bot's choice depends on hidden information"
        searched = make_bot(game, "mcts:3", seeds.players)(after)
        assert searched in legal
        assert make_bot(game, "mcts:3", seeds.players)(variant) == searched, "the search bot peeked"
        strong = make_bot(game, "easy", seeds.players)(after)
        assert strong in legal
        assert make_bot(game, "easy", seeds.players)(variant) == strong, "the easy level peeked"
        # A game's own cheapest level policy is checked at every sampled decision; every other level (they search
        # the same way with larger budgets) and the strongest at one decision of one game in four, for their cost.
        for level in every_step + (once if not checked and strongest_too else []):
            own = make_bot(game, level, seeds.players)(after)
            assert own in legal
            assert make_bot(game, level, seeds.players)(variant) == own, f"the {level} level peeked"
            levels_checked.append(level)
        tiny = SearchBudget(1, 2, 3)
        values = action_values(game, after, seat, tiny, seeds.players)
        assert set(values) == set(legal)
        assert all(0.0 <= value <= 1.0 for value in values.values())
        assert action_values(game, variant, seat, tiny, seeds.players) == values, "action_values peeked"
        if not checked and strongest_too:  # a depth in turns plays whole turns of the reference policy: its cost
            turned = SearchBudget(1, 1, 3, turns=True)
            values = action_values(game, after, seat, turned, seeds.players)
            assert action_values(game, variant, seat, turned, seeds.players) == values, "a depth in turns peeked"
            levels_checked.append("turns")
        checked.append(seat)

    checked: list[int] = []
    levels_checked: list[str] = []
    own_levels = [level for level in LEVEL_NAMES if game.level_policy is not None and game.level_policy(level, 0)]
    every_step = own_levels[:1] if own_levels and own_levels[0] != "expert" else []
    once = [level for level in LEVEL_NAMES if level not in every_step and (level in own_levels or level == "expert")]
    strongest_too = seeds.players % 4 == 0
    every = sampled(hook, seeds, 11)

    def and_the_first_decision(before: Any, action: Any, after: Any) -> None:
        # A short game (a solo Portents game may end after two decisions) can fall between the sampled
        # steps: its first decision is always checked.
        every(before, action, after)
        if not checked and game.current_player(after) >= 0:
            hook(before, action, after)

    play(game, config, seeds, and_the_first_decision)
    assert checked, "no step had a seat to move"
    assert levels_checked.count("expert") == strongest_too
    assert levels_checked.count("turns") == strongest_too
    assert len(levels_checked) == len(checked) * len(every_step) + (len(once) + 1) * strongest_too
