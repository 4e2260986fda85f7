"""The reference search bot."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.portents import (
    Config,
    EndReason,
    Phase,
    Sign,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    outcome,
)
from ofrenda_rules.portents.bots import SearchBot, evaluate, turn_outcomes
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
    with pytest.raises(ValueError, match="no seat"):
        SearchBot().choose(new_game(Config(), None))
