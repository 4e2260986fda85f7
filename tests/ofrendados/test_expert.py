"""The Ofrendados ``expert`` level (issue 39): a search with rollouts to the end of the round."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ofrenda_rules.errors import BotError, ConfigError
from ofrenda_rules.game import squashed_leads
from ofrenda_rules.ofrendados import (
    GAME,
    Config,
    Phase,
    apply,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    outcome,
    reference_bot,
)
from ofrenda_rules.ofrendados.bots import SEARCH_SCALE, search_evaluation
from ofrenda_rules.ofrendados.expert import (
    FINAL_LEAD,
    LEVELS,
    RoundSearch,
    expert_policy,
    level_policy,
    payoff,
    play_rounds,
)
from ofrenda_rules.ofrendados.scoring import score
from ofrenda_rules.ofrendados.state import ROUNDS, State
from ofrenda_rules.rng import Rng


def reference_until(state: State, done: Callable[[State], bool]) -> State:
    """``state`` played by the reference bot at every seat until ``done(state)`` holds."""
    while not done(state):
        state = apply(state, reference_bot(state))
    return state


def test_the_expert_level_is_the_round_search_and_the_other_levels_the_generic_one() -> None:
    assert isinstance(LEVELS["expert"], RoundSearch)
    assert GAME.level_policy is level_policy
    assert level_policy("expert") is not None
    assert [level_policy(level) for level in ("easy", "medium", "hard")] == [None, None, None]


def test_the_expert_plays_legal_moves_deterministically_and_blind_to_the_generator() -> None:
    """The same move on every state the seat cannot tell apart (only the generator differs)."""
    bot = RoundSearch(samples=1, width=3)
    state = new_game(Config(players=2), 21)
    rng = Rng(11)
    checked = 0
    while checked < 10:
        seat = current_player(state)
        choice = bot.choose(state)
        assert choice in legal_actions(state)
        assert bot.choose(state) == choice, "deterministic"
        draw, rng = rng.next_u64()
        assert bot.choose(hidden_variant(state, seat, Rng(draw))) == choice, "the expert peeked"
        checked += len(legal_actions(state)) > 1
        state = apply(state, choice)
    assert expert_policy(state) in legal_actions(state)


def test_the_values_cover_the_searched_candidates_the_reference_move_first() -> None:
    state = new_game(Config(players=2), 5)
    state = reference_until(state, lambda s: len(legal_actions(s)) > 3)
    values = RoundSearch(samples=1, width=3).values(state)
    assert len(values) == 3 and reference_bot(state) in values
    assert set(values) <= set(legal_actions(state))
    assert all(0.0 <= value <= 1.0 for value in values.values())
    wide = RoundSearch(samples=1, width=100).values(state)
    assert set(wide) == set(legal_actions(state))


def test_a_rollout_stops_where_the_next_round_begins() -> None:
    state = new_game(Config(players=2), 8)
    state = reference_until(state, lambda s: s.phase is Phase.CREATE)
    assert state.round == 0
    ended = play_rounds(state, 1, Rng(1))
    assert ended.round == 1 and ended.phase is Phase.DRAFT
    # A seeded state resolves its own chance: the reference bot's own play, step for step.
    assert ended == reference_until(state, lambda s: s.round == 1)
    assert payoff(ended, 0) == search_evaluation(ended)[0]
    # Two rounds on, and past the last round: the end of the game.
    assert play_rounds(state, 2, Rng(1)).round == 2
    assert is_over(play_rounds(state, ROUNDS + 3, Rng(1)))


def test_an_unseeded_rollout_draws_its_chance_events_from_the_given_generator() -> None:
    state = new_game(Config(players=2), None)
    first = play_rounds(state, 1, Rng(3))
    assert first.round == 1 and first == play_rounds(state, 1, Rng(3))
    assert play_rounds(state, 1, Rng(4)) != first


def test_a_finished_game_pays_the_win_share_and_a_little_for_the_lead() -> None:
    final = play_rounds(new_game(Config(players=2), 12), ROUNDS, Rng(0))
    assert is_over(final)
    winners = outcome(final).winners
    leads = squashed_leads([float(points) for points in score(final)], SEARCH_SCALE)
    for seat in range(2):
        share = 1.0 / len(winners) if seat in winners else 0.0
        assert payoff(final, seat) == pytest.approx((1 - FINAL_LEAD) * share + FINAL_LEAD * leads[seat])
    assert len(winners) == 1, "seed 12 has one winner"
    assert payoff(final, winners[0]) > 1 - FINAL_LEAD > FINAL_LEAD > payoff(final, 1 - winners[0])


def test_the_expert_refuses_a_state_where_no_seat_is_to_move_and_a_bad_budget() -> None:
    with pytest.raises(BotError, match="no seat is to move"):
        RoundSearch().values(new_game(Config(players=2), None))
    for field, message in (("samples", "samples"), ("width", "width"), ("rounds", "rounds")):
        with pytest.raises(ConfigError, match=message):
            RoundSearch(**{field: 0})
