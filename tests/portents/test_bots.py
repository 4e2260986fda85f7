"""The reference search bot."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import BotError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.portents import (
    GAME,
    Action,
    Config,
    EndReason,
    Phase,
    Sign,
    State,
    apply,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    new_game,
    outcome,
)
from ofrenda_rules.portents import bots as bots_module
from ofrenda_rules.portents.bots import MOVE_BUDGET, TURN_BUDGET, SearchBot, evaluate, turn_outcomes
from ofrenda_rules.portents.definition import solo_test_configs
from ofrenda_rules.rng import Rng


def _play(seed: int, bot_seat: int, bot: SearchBot) -> tuple[int, ...]:
    state = new_game(Config(), seed)
    rng = Rng(1000 + seed)
    while not is_over(state):
        if current_player(state) == bot_seat:
            state = apply(state, bot.choose(state))
        else:
            legal = legal_actions(state)
            index, rng = rng.below(len(legal))
            state = apply(state, legal[index])
    return outcome(state).winners


def test_the_search_bot_beats_random_play_in_most_seeded_games() -> None:
    bot = SearchBot(depth=1)
    wins = sum(1 for game in range(4) if game % 2 in _play(game, game % 2, bot))
    assert wins >= 3


def test_turn_outcomes_end_when_the_turn_passes_and_are_all_legal_paths() -> None:
    state = apply(new_game(Config(), 5), legal_actions(new_game(Config(), 5))[0])
    seat = current_player(state)
    outcomes = turn_outcomes(state)
    assert outcomes
    assert all(current_player(after) != seat for _, after in outcomes)
    assert {action for action, _ in outcomes} <= set(legal_actions(state))


def test_a_deeper_search_runs_and_returns_a_legal_action() -> None:
    state = new_game(Config(), 9)
    state = apply(state, legal_actions(state)[0])
    action = SearchBot(depth=2, beam=2).choose(state)
    assert action in legal_actions(state)


def test_evaluation_scores_a_win_above_everything() -> None:
    """The documented evaluation: a win is worth +1,000,000 and a loss -1,000,000, beyond any position."""
    state = new_game(Config(), 1)
    assert abs(evaluate(state, 0)) < 1_000_000
    won = attrs.evolve(state, phase=Phase.OVER, winners=(1,), reason=EndReason.FOUR_OFFERINGS)
    assert evaluate(won, 1) == 1_000_000 and evaluate(won, 0) == -1_000_000
    drawn = attrs.evolve(state, phase=Phase.OVER, winners=(), reason=EndReason.TURN_LIMIT)
    assert evaluate(drawn, 0) == 0
    reds = (Sign.RED_SKULL, Sign.RED_CLAW, Sign.RED_WING)
    ahead = attrs.evolve(state, collected=(reds, ()))
    assert evaluate(ahead, 0) == -evaluate(ahead, 1) > 0


def test_the_bot_refuses_a_chance_event() -> None:
    with pytest.raises(BotError, match="no seat is to move"):
        SearchBot().choose(new_game(Config(), None))


def test_a_seeded_solo_turn_is_listed_up_to_the_kittys_draws_and_no_further() -> None:
    """Issue 14: turn_outcomes on a seeded solo game walked on through the Kitty's turns (resolved inside apply)."""
    state = new_game(Config(players=1), seed=0)
    outcomes = turn_outcomes(state)
    assert 0 < len(outcomes) <= TURN_BUDGET
    for _, after in outcomes:
        assert after.rng is None, "the search never holds the generator"
        assert after.turns == state.turns + 1 or is_over(after)
        assert current_player(after) in (CHANCE, TERMINAL) or after.phase is Phase.PUSH


def test_turn_outcomes_stop_at_the_budget() -> None:
    state = new_game(Config(players=1), seed=0)
    assert len(turn_outcomes(state, budget=40)) < len(turn_outcomes(state))
    assert turn_outcomes(state, budget=0) == []
    assert turn_outcomes(new_game(Config(players=1), None)) == [], "nobody is to move at a draw"


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    "config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True, feed_the_cat=True)]
)
def test_a_decision_does_not_depend_on_the_generator(config: Config, seed: int) -> None:
    """The bot never looks at future draws: the same position with another generator, or none, gets the same move."""
    bot = SearchBot()
    state = new_game(config, seed)
    for _ in range(4):
        choice = bot.choose(state)
        assert bot.choose(attrs.evolve(state, rng=None)) == choice
        assert bot.choose(attrs.evolve(state, rng=Rng(seed + 99))) == choice
        state = apply(state, choice)
        if is_over(state):
            break


@pytest.mark.parametrize("level", sorted(bots_module.LEVELS))
def test_every_level_searches_the_resampled_state_and_never_the_generator(level: str) -> None:
    """Issue 39: each level's choice is the same on every state its seat cannot tell apart (no peeking).

    A two-player game and a solo game with Feed the Cat (whose draws the search meets), seeded: the position with
    another generator, with none, or as ``hidden_variant`` draws it gets the same move, and the state the
    bot searches holds no generator and is the same for all of them.
    """
    bot = bots_module.LEVELS[level]
    policy = GAME.level_policy
    assert policy is not None and policy(level, 0) is not None
    checked = 0
    for config in (Config(), Config(players=1, feed_the_cat=True)):
        state = new_game(config, 8)
        rng = Rng(77)
        for _ in range(3):
            seat = current_player(state)
            choice = bot.choose(state)
            assert choice in legal_actions(state)
            searched = bot.searched(state)
            assert searched.rng is None
            draw, rng = rng.next_u64()
            variants = [
                attrs.evolve(state, rng=None),
                attrs.evolve(state, rng=Rng(draw)),
                GAME.hidden_variant(state, seat, Rng(draw ^ 1)),
            ]
            for variant in variants:
                assert GAME.observe(variant, seat) == GAME.observe(state, seat)
                assert bot.searched(variant) == searched, "the searched state depends on hidden information"
                assert bot.choose(variant) == choice, f"{level} peeked"
                checked += 1
            state = apply(state, choice)
            if is_over(state):
                break
    assert checked >= 12


def test_the_bot_values_a_turn_ending_at_a_draw_by_its_expectation() -> None:
    state = attrs.evolve(new_game(Config(players=1), seed=4), rng=None)
    after = turn_outcomes(state)[0][1]
    assert current_player(after) == CHANCE
    expected = sum(float(p) * evaluate(apply(after, a), 0) for a, p in chance_outcomes(after))
    assert SearchBot(chance_depth=1)._value(after, 0, 0) == pytest.approx(expected)
    assert SearchBot(chance_depth=0)._value(after, 0, 0) == evaluate(after, 0)


def test_the_bot_plays_a_whole_seeded_solo_game() -> None:
    state = new_game(Config(players=1), seed=0)
    bot = SearchBot()
    for _ in range(200):
        if is_over(state):
            break
        state = apply(state, bot.choose(state))
    assert is_over(state)


class _Counting:
    """The bots module's ``apply``, counting the actions it applies."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, state: State, action: Action) -> State:
        self.count += 1
        return apply(state, action)


@pytest.mark.parametrize("config", solo_test_configs(), ids=GAME.describe_config)
def test_a_seeded_solo_decision_applies_at_most_the_bots_budget(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: the bot returns on seeded solo states, within its action budget (counted, never timed)."""
    counter = _Counting()
    monkeypatch.setattr(bots_module, "apply", counter)
    state = new_game(config, seed=21)
    for budget in (60, MOVE_BUDGET):
        bot = SearchBot(budget=budget)
        counter.count = 0
        choice = bot.choose(state)
        assert choice in legal_actions(state)
        assert 0 < counter.count <= budget
    reference = SearchBot()
    state = apply(state, choice)
    for _ in range(3):  # the rest of the first turn: placements, lights, a sacrifice
        if is_over(state):
            break
        counter.count = 0
        choice = reference.choose(state)
        assert counter.count <= MOVE_BUDGET
        assert reference.choose(state) == choice, "deterministic"
        state = apply(state, choice)


def test_a_big_turn_is_sampled_across_every_push_when_the_budget_is_tight() -> None:
    """The budget is shared fairly: a tight one still reaches every first choice, not only the first few."""
    state = new_game(Config(players=1, feed_the_cat=True), seed=3)
    first = {action for action, _ in turn_outcomes(state, budget=len(legal_actions(state)) * 12)}
    assert first == set(legal_actions(state))


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_the_reference_policy_plays_whole_games_legally(config: Config) -> None:
    """Every variant, seat 0 the bot (a small budget keeps this fast: the same code; the full one plays below)."""
    playout = random_playout(GAME, config, 31, 7, bots={0: SearchBot(budget=150).choose})
    assert is_over(playout.final)


def test_the_reference_bot_plays_a_whole_two_player_game_against_itself() -> None:
    reference = GAME.reference_bot
    assert reference is not None
    playout = random_playout(GAME, Config(turn_limit=40), 13, 7, bots={0: reference, 1: reference})
    assert is_over(playout.final)
