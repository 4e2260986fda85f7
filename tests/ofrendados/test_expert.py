"""The Ofrendados ``expert`` level: its evaluation credits the dice each seat holds, and its search never peeks."""

from __future__ import annotations

import math

import attrs
import pytest

from ofrenda_rules.bots import SearchBudget, make_bot
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados import (
    GAME,
    Config,
    Die,
    Phase,
    TakeDie,
    apply,
    current_player,
    hidden_variant,
    legal_actions,
    new_game,
)
from ofrenda_rules.ofrendados.bots import (
    EXPERT_BUDGET,
    EXPERT_MARGIN,
    LEVELS,
    ExpertBot,
    expert_evaluation,
    level_policy,
    prospect,
    reference_bot,
    search_evaluation,
    value,
)
from ofrenda_rules.rng import Rng
from tests.ofrendados.helpers import O, Y, board, buying, creating, start


def test_the_expert_level_is_the_expert_bot_and_the_other_levels_the_generic_search() -> None:
    assert isinstance(LEVELS["expert"], ExpertBot)
    assert LEVELS["expert"].budget == EXPERT_BUDGET
    assert level_policy("expert") is not None
    assert [level_policy(level) for level in ("easy", "medium", "hard")] == [None, None, None]
    state = new_game(Config(players=2), 9)
    assert make_bot(GAME, "expert", 5)(state) == ExpertBot().choose(state)


def test_a_seat_holding_a_flower_die_is_worth_more_than_its_board_and_nothing_once_its_dice_are_used() -> None:
    # Far from the land of the living a flower die gains (as the reference bot values it); seat 0 acts first.
    state = creating(start(players=2), [Die(O, 2), Die(Y, 1)])
    assert state.phase is Phase.CREATE and state.acting == 0
    assert prospect(state, 0) > value(state.config, state.boards, 0)
    assert prospect(state, 1) >= value(state.config, state.boards, 1)  # the purple dice, still to use
    done = attrs.evolve(state, acted=1, dice_left=())
    assert prospect(done, 0) == value(done.config, done.boards, 0)
    paying = buying(start(players=2), board(flowers=(13,), pesos=4))
    assert [prospect(paying, seat) for seat in (0, 1)] == [value(paying.config, paying.boards, s) for s in (0, 1)]


def test_a_die_taken_in_the_draft_counts_for_the_seat_that_took_it() -> None:
    state = start(players=2)
    seat = current_player(state)
    take = next(a for a in legal_actions(state) if isinstance(a, TakeDie) and a.colour is O)
    after = apply(state, take)
    assert after.phase is Phase.DRAFT and len(after.drafted[seat]) == 1
    # A flower far from the land of the living gains: the taker's prospect grows, its board's value does not.
    assert value(after.config, after.boards, seat) == value(state.config, state.boards, seat)
    assert prospect(after, seat) > prospect(state, seat)


def test_the_expert_evaluation_is_a_pair_of_win_shares() -> None:
    state = creating(start(players=2), [Die(O, 2), Die(Y, 1)])
    shares = expert_evaluation(state)
    assert len(shares) == 2 and all(0.0 < share < 1.0 for share in shares)
    assert math.isclose(sum(shares), 1.0)
    # Seat 0 holds its dice, seat 1 the purple ones only: the expert's evaluation favours seat 0 more.
    assert shares[0] >= search_evaluation(state)[0]


def test_the_expert_bot_plays_legally_deterministically_and_never_peeks() -> None:
    bot = ExpertBot(budget=SearchBudget(1, 2, 3), seed=4)
    state = new_game(Config(players=2), 31)
    rng = Rng(17)
    checked = 0
    for _ in range(30):
        seat = current_player(state)
        if seat < 0:
            break
        choice = bot.choose(state)
        assert choice in legal_actions(state)
        assert bot.choose(state) == choice, "deterministic"
        draw, rng = rng.next_u64()
        assert bot.choose(hidden_variant(state, seat, Rng(draw))) == choice, "the expert bot peeked"
        checked += 1
        state = apply(state, choice)
    assert checked == 30


def test_the_expert_bot_refuses_chance_states_and_other_games_states() -> None:
    with pytest.raises(ConfigError, match="chance"):
        ExpertBot().choose(new_game(Config(players=2)))
    with pytest.raises(ConfigError, match="State"):
        ExpertBot().choose("state")  # type: ignore[arg-type]


def test_the_expert_bot_keeps_the_reference_move_unless_another_beats_it_by_its_margin() -> None:
    # No estimate beats the reference move's by a whole win share: with that margin the bot is the reference bot.
    stubborn = ExpertBot(budget=SearchBudget(1, 2, 3), margin=1.0)
    state = new_game(Config(players=2), 12)
    compared = 0
    for _ in range(12):
        if current_player(state) < 0:
            break
        choice = stubborn.choose(state)
        assert choice == reference_bot(state)
        compared += 1
        state = apply(state, choice)
    assert compared == 12
    assert ExpertBot().margin == EXPERT_MARGIN >= 0.0
