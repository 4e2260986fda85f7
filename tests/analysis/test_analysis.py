"""Move-by-move analysis: every game and config, estimates from the seat's information only, text and HTML."""

from __future__ import annotations

import html.parser
import json
from typing import Any

import attrs
import pytest

from ofrenda_rules.analysis import (
    ANALYSIS_FORMAT,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Analysis,
    AnalysisError,
    Mark,
    action_values,
    analyse,
    analyse_decision,
    analysis_html,
    analysis_json,
    analysis_text,
    mark_of,
    parse_budget,
    position_at,
    replay_positions,
)
from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.playout import random_move, random_playout
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import AnyReplay, Step, record, replay_to_json_value
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import from_json_value
from tests.kernel.games import GAME_CONFIGS, GAMES

BUDGET = "mcts:4:12"
"""A tiny search: 4 iterations (raised to 4 a legal move), playouts cut after 12 steps."""
STEPS = 14
"""Steps of each test replay analysed (a prefix of a random game)."""


def a_replay(game: AnyGame, config: Any, seed: int | None, steps: int = STEPS) -> AnyReplay:
    """The first ``steps`` steps of a random game, recorded."""
    playout = random_playout(game, config, seed=seed, player_seed=seed or 0)
    return record(game, config, seed, playout.actions[:steps])


def a_seat_that_decides(game: AnyGame, replay: AnyReplay) -> int:
    """The seat with the most decisions of more than one move in the replay."""
    counts: dict[int, int] = {}
    for _, state, _, player in replay_positions(replay):
        if player >= 0 and len(game.legal_actions(state)) > 1:
            counts[player] = counts.get(player, 0) + 1
    assert counts, "the replay has no real decision"
    return max(counts, key=lambda seat: (counts[seat], -seat))


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
def test_every_decision_of_the_seat_gets_every_legal_move_estimated_and_marked(game: AnyGame, config: Any) -> None:
    replay = a_replay(game, config, 11)
    seat = a_seat_that_decides(game, replay)
    analysis = analyse(replay, seat, budget=BUDGET, seed=5)
    expected = [(number, action) for number, _, action, player in replay_positions(replay) if player == seat]
    assert [(decision.step, decision.played.action) for decision in analysis.decisions] == expected
    states = {number: state for number, state, _, _ in replay_positions(replay)}
    searched = 0
    for decision in analysis.decisions:
        legal = game.legal_actions(states[decision.step])
        if len(legal) == 1:
            assert decision.mark is Mark.FORCED and decision.moves == ()
            continue
        searched += 1
        assert sorted(map(repr, (move.action for move in decision.moves))) == sorted(map(repr, legal))
        values = [move.value for move in decision.moves]
        assert values == sorted(values, reverse=True), "best first"
        assert all(0.0 <= value <= 1.0 for value in values)
        for move in decision.moves:
            assert move.loss == pytest.approx(values[0] - move.value)
            assert move.mark is mark_of(move.loss)
            assert move.description == game.describe_action(states[decision.step], move.action)
        assert decision.played in decision.moves
    assert searched >= 1
    assert analysis.seat == seat and analysis.steps == len(replay.steps) and analysis.budget == BUDGET


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_analysis_and_the_seed_is_the_searchs(game: AnyGame) -> None:
    config = game.test_configs()[0]
    replay = a_replay(game, config, 3, steps=8)
    seat = a_seat_that_decides(game, replay)
    first = analyse(replay, seat, budget=BUDGET, seed=9)
    assert analyse(replay, seat, budget=BUDGET, seed=9) == first
    assert first.seed == 9


def _decision_states(game: AnyGame, config: Any, seed: int | None, count: int) -> list[tuple[Any, int]]:
    """Up to ``count`` states of a random game where a seat chooses among several moves."""
    found: list[tuple[Any, int]] = []
    state = game.new_game(config, seed)
    rng = Rng(seed or 1)
    for _ in range(game.max_steps(config)):
        if game.is_over(state) or len(found) >= count:
            break
        player = game.current_player(state)
        if player >= 0 and len(game.legal_actions(state)) > 1:
            found.append((state, player))
        action, rng = random_move(game, state, rng)
        state = game.apply(state, action)
    return found


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
@pytest.mark.parametrize("seed", [7, None], ids=["seeded", "unseeded"])
def test_the_estimates_are_the_same_on_every_state_the_seat_cannot_tell_apart(
    game: AnyGame, config: Any, seed: int | None
) -> None:
    """The true hidden cards and future draws are never read: a hidden variant gets the same values."""
    compared = 0
    rng = Rng(21)
    for state, seat in _decision_states(game, config, seed, 4):
        draw, rng = rng.next_u64()
        variant = game.hidden_variant(state, seat, Rng(draw))
        assert game.observe(variant, seat) == game.observe(state, seat)
        assert action_values(game, variant, seat, BUDGET, 17) == action_values(game, state, seat, BUDGET, 17)
        played = game.legal_actions(state)[0]
        assert analyse_decision(game, variant, seat, played, step=3, budget=BUDGET, seed=2) == analyse_decision(
            game, state, seat, played, step=3, budget=BUDGET, seed=2
        )
        compared += 1
    assert compared >= 1


def _swapped_replays(game: AnyGame, config: Any, seat: int) -> tuple[AnyReplay, AnyReplay]:
    """Two unseeded replays that the seat cannot tell apart and whose states differ: two chance steps swapped.

    Swaps the first pair of chance outcomes that keeps every step legal and the seat's view the same at
    every step, and cuts both replays where they would part (a swapped card played later).
    """
    playout = random_playout(game, config, seed=None, player_seed=4)
    actions = list(playout.actions)
    state = game.new_game(config, None)
    chance_steps = []
    for index, action in enumerate(actions[:80]):
        if game.current_player(state) == CHANCE:
            chance_steps.append(index)
        state = game.apply(state, action)
    for i in chance_steps:
        for j in chance_steps:
            if j <= i or actions[i] == actions[j]:
                continue
            other = list(actions)
            other[i], other[j] = other[j], other[i]
            first, second = game.new_game(config, None), game.new_game(config, None)
            length = 0
            for a, b in zip(actions, other, strict=True):
                if game.validate(second, b) is not None:
                    break
                after_first, after_second = game.apply(first, a), game.apply(second, b)
                if game.observe(after_first, seat) != game.observe(after_second, seat):
                    break
                first, second, length = after_first, after_second, length + 1
            if first != second and length > j + 1:
                return record(game, config, None, actions[:length]), record(game, config, None, other[:length])
    raise AssertionError("no swap of chance outcomes hides from the seat")


@pytest.mark.parametrize("name", ["dia_de_los_muertos", "ofrenda"])
def test_two_replays_that_differ_only_in_what_the_seat_could_not_see_give_the_same_analysis(name: str) -> None:
    game = get_game(name)
    config = game.config_type(players=3)
    one, two = _swapped_replays(game, config, seat=0)
    assert one != two
    hidden_apart = [
        number
        for (number, a, _, player), (_, b, _, _) in zip(replay_positions(one), replay_positions(two), strict=True)
        if player == 0 and a != b and len(game.legal_actions(a)) > 1
    ]
    assert hidden_apart, "Seat 1 chooses at least once where the two replays' hidden states differ"
    first = analyse(one, 0, budget=BUDGET, seed=4)
    second = analyse(two, 0, budget=BUDGET, seed=4)
    assert sum(1 for decision in first.decisions if decision.mark is not Mark.FORCED) >= 1
    assert attrs.evolve(first, steps=0) == attrs.evolve(second, steps=0)


def test_marks_follow_the_documented_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.20)
    cases = {0.0: Mark.BEST, 0.049: Mark.BEST, 0.05: Mark.INACCURACY, 0.099: Mark.INACCURACY}
    cases |= {0.1: Mark.MISTAKE, 0.199: Mark.MISTAKE, 0.2: Mark.BLUNDER, 1.0: Mark.BLUNDER}
    for loss, mark in cases.items():
        assert mark_of(loss) is mark, loss


def test_a_seat_or_budget_the_game_does_not_have_is_refused_by_name() -> None:
    game = get_game("portents")
    replay = a_replay(game, game.config_type(players=2), 3, steps=4)
    with pytest.raises(AnalysisError, match="seat 2: no such seat in a 2-player game"):
        analyse(replay, 2)
    with pytest.raises(AnalysisError, match="no such seat"):
        analyse(replay, -1)
    for budget in ("mcts", "mcts:0", "random:5", "mcts:5:6:7", 0):
        with pytest.raises(ConfigError, match="budget"):
            analyse(replay, 0, budget=budget)
    assert parse_budget("mcts:12") == (12, None)


def test_a_replay_with_an_illegal_step_is_refused_at_that_step() -> None:
    game = get_game("portents")
    replay = a_replay(game, game.config_type(players=2), 3, steps=4)
    bad = attrs.evolve(replay, steps=(*replay.steps[:2], Step(replay.steps[0].action), *replay.steps[3:]))
    with pytest.raises(AnalysisError, match=r"^step 3: "):
        analyse(bad, 0, budget=BUDGET)


def _analysed(name: str) -> tuple[AnyReplay, Analysis]:
    game = get_game(name)
    replay = a_replay(game, game.test_configs()[0], 5, steps=10)
    return replay, analyse(replay, a_seat_that_decides(game, replay), budget=BUDGET, seed=1)


@pytest.mark.parametrize("name", ["portents", "dia_de_los_muertos"])
def test_the_text_has_a_line_per_decision_its_best_moves_and_a_summary(name: str) -> None:
    _, analysis = _analysed(name)
    text = analysis_text(analysis, moves=2)
    lines = text.split("\n")
    assert lines[0].startswith(f"Analysis of Seat {analysis.seat + 1} ")
    decision_lines = [line for line in lines if line.startswith("step ")]
    assert len(decision_lines) == len(analysis.decisions)
    listed = [line for line in lines if line.startswith("            ")]
    assert len(listed) == sum(min(2, len(decision.moves)) for decision in analysis.decisions)
    assert lines[-1].startswith(f"summary: {len(analysis.decisions)} decisions of Seat {analysis.seat + 1}")
    assert "\n".join(lines[:-1]).count("step ") == len(analysis.decisions)


class _Page(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.gotos: list[str] = []
        self.fetches: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.append(value)
            if name == "data-goto" and value:
                self.gotos.append(value)
            if name in ("src", "href", "xlink:href", "action"):
                self.fetches.append(value or "")


@pytest.mark.parametrize("name", ["portents", "ofrenda"])
def test_the_html_is_the_seats_viewer_with_an_evaluation_line_and_a_panel_per_decision(name: str) -> None:
    replay, analysis = _analysed(name)
    page = analysis_html(replay, analysis)
    parser = _Page()
    parser.feed(page)
    assert not parser.fetches
    assert "cursor" in parser.ids and f"frame-{len(replay.steps)}" in parser.ids
    assert parser.gotos == [str(decision.step) for decision in analysis.decisions]
    assert page.count('class="verdict"') == len(analysis.decisions)
    assert f"(as Seat {analysis.seat + 1} sees it)" in page
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="evaluation"') == 1
    assert analysis_html(replay, analysis) == page


def test_another_estimator_with_the_same_signature_takes_its_own_budget() -> None:
    game = get_game("portents")
    replay = a_replay(game, game.config_type(players=2), 3, steps=6)
    calls: list[tuple[int, str, int]] = []

    def first_is_best(game: AnyGame, state: Any, seat: int, budget: int | str, seed: int) -> dict[Any, float]:
        calls.append((seat, str(budget), seed))
        legal = game.legal_actions(state)
        return {action: 1.0 if index == 0 else 0.0 for index, action in enumerate(legal)}

    analysis = analyse(replay, 1, budget="hard", seed=3, values=first_is_best)
    chosen = [decision for decision in analysis.decisions if decision.mark is not Mark.FORCED]
    assert len(calls) == len(chosen) >= 1 and analysis.budget == "hard"
    assert all(seat == 1 and budget == "hard" for seat, budget, _ in calls)
    for decision in chosen:
        first = decision.moves[0]
        assert first.value == 1.0 and all(move.mark is Mark.BLUNDER for move in decision.moves[1:])
        assert decision.mark is (Mark.BEST if decision.played == first else Mark.BLUNDER)


@pytest.mark.parametrize("name", ["portents", "dia_de_los_muertos"])
def test_the_json_document_holds_every_decision_and_move_with_actions_as_replays_write_them(name: str) -> None:
    replay, analysis = _analysed(name)
    game = get_game(name)
    document = analysis_json(analysis)
    assert document["format"] == ANALYSIS_FORMAT and document["version"] == 1
    assert json.loads(json.dumps(document)) == document
    decisions = document["decisions"]
    assert isinstance(decisions, list) and len(decisions) == len(analysis.decisions)
    written = replay_to_json_value(replay)["steps"]
    assert isinstance(written, list)
    matched = 0
    for row, decision in zip(decisions, analysis.decisions, strict=True):
        assert row["step"] == decision.step and row["mark"] == decision.mark.value
        assert row["played"]["action"] == written[decision.step - 1]["action"]
        assert [move["value"] for move in row["moves"]] == [move.value for move in decision.moves]
        for move in row["moves"]:
            assert from_json_value(move["action"], game.action_type) in game.legal_actions(
                position_at(replay, decision.step - 1)
            )
            matched += 1
    assert matched == sum(len(decision.moves) for decision in analysis.decisions) >= 1
    summary = document["summary"]
    assert isinstance(summary, dict) and summary["decisions"] == len(analysis.decisions)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.info.name)
def test_a_level_name_asks_the_strong_search_bot(game: AnyGame) -> None:
    """``budget="easy"`` gives exactly the strong bot's ``action_values`` at that level, for the seat to move."""
    from ofrenda_rules.bots import action_values as strong_values

    config = game.test_configs()[0]
    replay = a_replay(game, config, 5, steps=STEPS)
    compared = 0
    for _, state, _, player in replay_positions(replay):
        if player >= 0 and len(game.legal_actions(state)) > 1:
            ours = action_values(game, state, player, "easy", 9)
            assert ours == strong_values(game, state, player, "easy", 9)
            assert set(ours) == set(game.legal_actions(state))
            compared += 1
            break
    assert compared == 1, "the replay has no real decision"
    assert parse_budget("expert") == "expert"
