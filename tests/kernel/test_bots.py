"""Bots by name: their names, budgets, determinism and errors (their strength is a benchmark, never a test)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import attrs
import pytest

from ofrenda_rules.bots import (
    BOT_KINDS,
    LEVEL_NAMES,
    BotError,
    MctsBot,
    RandomBot,
    ReferenceBot,
    SearchBot,
    SearchBudget,
    action_values,
    bot_kinds,
    bot_seed,
    check_bot_name,
    make_bot,
)
from ofrenda_rules.bots.search import LEVELS, SearchError, budget_of
from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrenda.state import Phase
from ofrenda_rules.registry import AnyGame, games, get_game
from ofrenda_rules.rng import Rng, decision_seed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_every_game_offers_every_bot_kind(game: AnyGame) -> None:
    assert bot_kinds(game) == BOT_KINDS
    state = game.new_game(game.test_configs()[0], 5)
    for name in ("random", "reference", "mcts:2"):
        bot = make_bot(game, name, 9)
        assert bot(state) in game.legal_actions(state)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'"),
        ("reference:3", "only mcts takes a budget"),
        ("mcts:many", "a number of iterations"),
        ("mcts:0", "iterations must be in"),
        ("mcts:10000000", "iterations must be in"),
        ("mcts:5:0", "playout steps must be in"),
        ("mcts:5:2:1", "then playout steps"),
        ("", "unknown bot ''"),
    ],
)
def test_bad_names_are_refused_with_the_reason(name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        check_bot_name(get_game("portents"), name)
    with pytest.raises(ConfigError, match=message):
        make_bot(get_game("portents"), name, 1)


def test_names_make_the_named_bots() -> None:
    game = get_game("ofrendados")
    assert isinstance(make_bot(game, "random", 1), RandomBot)
    assert isinstance(make_bot(game, "reference", 1), ReferenceBot)
    search = make_bot(game, "mcts:17", 1)
    assert isinstance(search, MctsBot) and search.iterations == 17
    default = make_bot(game, "mcts", 1)
    assert isinstance(default, MctsBot) and default.iterations == 200


def play(game: AnyGame, config: Any, seed: int, names: list[str]) -> tuple[Any, ...]:
    seats = [make_bot(game, name, seed + seat) for seat, name in enumerate(names)]
    state = game.new_game(config, seed)
    moves = []
    while not game.is_over(state):
        action = seats[game.current_player(state)](state)
        moves.append(action)
        state = game.apply(state, action)
    return tuple(moves)


def test_bots_are_deterministic_given_their_seeds() -> None:
    game = get_game("dia_de_los_muertos")
    config = game.config_type(players=3)
    names = ["mcts:8", "reference", "random"]
    assert play(game, config, 4, names) == play(game, config, 4, names)
    assert play(game, config, 4, names) != play(game, config, 5, names)


def test_a_bot_refuses_a_state_where_no_seat_is_to_move() -> None:
    game = get_game("portents")
    state = game.new_game(game.config_type(), None)
    assert game.current_player(state) == CHANCE
    for name in ("random", "reference", "mcts:2"):
        with pytest.raises(BotError, match="no seat is to move"):
            make_bot(game, name, 1)(state)


def test_the_search_needs_a_sane_budget() -> None:
    with pytest.raises(ConfigError, match="iterations"):
        MctsBot(get_game("portents"), Rng(1), iterations=0)


def test_the_search_plays_a_forced_move_without_searching() -> None:
    calls = []
    base = get_game("dia_de_los_muertos")
    resample = base.resample

    def counting(state: Any, player: int, rng: Rng) -> Any:
        calls.append(player)
        return resample(state, player, rng)

    game = attrs.evolve(base, resample=counting)
    state = game.new_game(game.config_type(players=3), 2)
    bot = MctsBot(game, Rng(3), iterations=5)
    while len(game.legal_actions(state)) != 1:
        state = game.apply(state, game.legal_actions(state)[0])
    assert bot(state) == game.legal_actions(state)[0]
    assert calls == []
    while len(game.legal_actions(state)) == 1:
        state = game.apply(state, game.legal_actions(state)[0])
    bot(state)
    assert len(calls) == 5, "one resampled state per iteration"


def test_the_search_table_is_what_the_move_reads() -> None:
    game = get_game("portents")
    state = game.new_game(game.config_type(players=2), 3)
    table = MctsBot(game, Rng(7), iterations=12).search(state)
    legal = game.legal_actions(state)
    assert set(table) <= set(legal) and table
    assert sum(visits for visits, _ in table.values()) == 12, "every iteration visits one root action"
    assert all(0.0 <= mean <= 1.0 for _, mean in table.values())
    most = max(legal, key=lambda action: table[action][0] if action in table else -1)
    assert MctsBot(game, Rng(7), iterations=12)(state) == most, "the move is the table's most visited action"
    terminal = game.new_game(game.config_type(players=2), 3)
    while not game.is_over(terminal):
        terminal = game.apply(terminal, game.legal_actions(terminal)[0])
    with pytest.raises(BotError):
        MctsBot(game, Rng(7), iterations=2).search(terminal)


def test_cut_playouts_pay_the_standings() -> None:
    game = get_game("portents")
    state = game.new_game(game.config_type(players=2), 3)
    bot = make_bot(game, "mcts:6:5", 2)
    assert isinstance(bot, MctsBot) and bot.playout_steps == 5
    assert bot(state) in game.legal_actions(state)
    solo = game.new_game(game.config_type(players=1), 3)
    assert make_bot(game, "mcts:4:3", 2)(solo) in game.legal_actions(solo)


def test_a_time_limit_stops_the_search_early() -> None:
    game = get_game("dia_de_los_muertos")
    state = game.new_game(game.config_type(players=4), 8)
    bot = MctsBot(game, Rng(1), iterations=1_000_000, max_seconds=0.0)
    assert bot(state) in game.legal_actions(state)


def test_the_bots_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "mcts_bot.py"), run_name="__main__")
    assert "win shares (mcts, reference, random)" in capsys.readouterr().out


def test_the_levels_are_bot_kinds_of_every_game_weakest_first() -> None:
    assert LEVEL_NAMES == ("easy", "medium", "hard", "expert")
    assert set(LEVEL_NAMES) <= set(BOT_KINDS)
    made = 0
    for game in games():
        for level in LEVEL_NAMES:
            assert check_bot_name(game, level) == level
            bot = make_bot(game, level, 3)
            own = game.level_policy is not None and game.level_policy(level, 3) is not None
            assert isinstance(bot, ReferenceBot if own else SearchBot)
            if isinstance(bot, SearchBot):
                assert bot.budget == LEVELS[game.info.name][level]
            made += 1
    assert made == 4 * len(games())
    portents = get_game("portents").level_policy
    assert portents is not None
    assert [portents(level, 0) is not None for level in LEVEL_NAMES] == [True, True, True, True]
    samples = [budget_of(get_game("dia_de_los_muertos"), level).samples for level in LEVEL_NAMES]
    assert samples == sorted(samples) and samples[0] < samples[-1]


def test_a_games_own_level_is_seeded_by_the_bot_seed() -> None:
    """make_bot hands its seed to a game's own level policy (it was dropped: every seed played alike)."""
    seeded = 0
    for game in games():
        for level in LEVEL_NAMES:
            bot = make_bot(game, level, 2**64 + 5)  # taken modulo 2**64, as the generic search's seed
            if isinstance(bot, ReferenceBot):
                assert getattr(bot.policy, "__self__").seed == 5  # noqa: B009 -- a bound method's bot
                unseeded = game.level_policy(level, 0) if game.level_policy is not None else None
                assert unseeded is not None and getattr(unseeded, "__self__").seed == 0  # noqa: B009
                seeded += 1
    assert seeded == 6  # Portents' four levels, Día de los Muertos' and Ofrendados' expert


@pytest.mark.parametrize(
    ("budget", "message"),
    [((0, 2, None), "samples"), ((1, -1, None), "depth"), ((1, 2, 0), "width"), ((10**6, 2, None), "samples")],
)
def test_a_search_budget_out_of_range_is_refused(budget: tuple[int, int, int | None], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        SearchBudget(*budget)
    with pytest.raises(ConfigError, match="unknown level 'grandmaster'"):
        budget_of(get_game("ofrenda"), "grandmaster")


def test_a_level_plays_legal_moves_the_same_given_its_seed() -> None:
    game = get_game("dia_de_los_muertos")
    config = game.config_type(players=4)
    names = ["medium", "reference", "easy", "random"]
    first = play(game, config, 6, names)
    assert play(game, config, 6, names) == first
    assert play(game, config, 7, names) != first


def test_action_values_cover_the_legal_actions_as_win_shares_for_the_seat_to_move_only() -> None:
    game = get_game("ofrendados")
    state = game.new_game(game.config_type(players=2), 11)
    seat = game.current_player(state)
    budget = SearchBudget(2, 3, 4)
    values = action_values(game, state, seat, budget, 5)
    legal = game.legal_actions(state)
    assert set(values) == set(legal)
    assert all(0.0 <= value <= 1.0 for value in values.values())
    assert action_values(game, state, seat, budget, 5) == values
    assert action_values(game, state, seat, "easy", 5).keys() == values.keys()
    with pytest.raises(SearchError, match="is not to move"):
        action_values(game, state, 1 - seat, budget, 5)
    bot = SearchBot(game, Rng(5), budget)
    assert bot(state) in legal


def test_every_bot_of_every_game_refuses_a_state_where_no_seat_is_to_move_with_bot_error() -> None:
    refused = 0
    for game in games():
        state = game.new_game(game.test_configs()[0], None)
        assert game.current_player(state) == CHANCE
        for name in ("random", "reference", "mcts:2", *LEVEL_NAMES):
            with pytest.raises(BotError, match="no seat is to move"):
                make_bot(game, name, 1)(state)
            refused += 1
        with pytest.raises(BotError, match="no seat is to move"):
            game.reference_bot(state)
        refused += 1
    assert refused == 8 * len(games())


def test_a_decision_seed_with_key_zero_is_the_seats_bot_seed() -> None:
    seeds = {decision_seed(seed, key, seat) for seed in (0, 7) for key in range(4) for seat in range(6)}
    assert len(seeds) == 2 * 4 * 6
    assert all(decision_seed(seed, 0, seat) == bot_seed(seed, seat) for seed in (0, 7, 2**64 - 1) for seat in range(6))


def test_a_depth_in_turns_values_every_rollout_at_the_start_of_a_turn() -> None:
    game = get_game("ofrenda")
    state = game.new_game(game.config_type(players=2), 4)
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.current_player(state)
    assert state.phase is Phase.TAKE_PORTRAIT and len(game.legal_actions(state)) > 1
    hook = game.evaluate
    assert hook is not None
    seen: list[Any] = []

    def recording(valued: Any) -> tuple[float, ...]:
        seen.append(valued)
        return hook(valued)

    counted = attrs.evolve(game, evaluate=recording)
    phases: dict[bool, set[tuple[Phase, int]]] = {}
    for turns in (True, False):
        seen.clear()
        values = action_values(counted, state, seat, SearchBudget(1, 1, turns=turns), 2)
        assert set(values) == set(game.legal_actions(state))
        assert seen
        phases[turns] = {(valued.phase, game.current_player(valued)) for valued in seen}
    # One turn on: the seat's own turn played out, then valued as the other seat is about to begin its turn.
    assert phases[True] == {(Phase.TAKE_PORTRAIT, 1 - seat)}
    # One decision on: valued halfway through the seat's own turn.
    assert all(phase is not Phase.TAKE_PORTRAIT and player == seat for phase, player in phases[False])
