"""Balance counters (``tally``): exact counts of known turns, consistency over playouts, stored by simulations."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from ofrenda_rules.ofrenda import (
    GAME,
    AbuelaDiscardedCandle,
    AbuelaMoved,
    Action,
    Config,
    DrawCandle,
    DrawPortrait,
    Event,
    GoalClaimed,
    PlaceCandle,
    PlacePortrait,
    State,
    TakeCandle,
    TakePortrait,
    is_over,
    legal_actions,
    new_game,
    outcome,
    step,
    tally,
)
from ofrenda_rules.simulation import plan_for, run_local, simulate
from tests.ofrenda.test_examples import ANGIE, CANDLE, TAKEN, angie_before_example_a


def _steps(state: State, actions: Sequence[Action]) -> tuple[State, tuple[Event, ...]]:
    """Play ``actions`` (each legal) and gather every event, starting with the state's own."""
    events = list(state.recent_events)
    for action in actions:
        assert action in legal_actions(state)
        state, happened = step(state, action)
        events.extend(happened)
    return state, tuple(events)


def _playout(config: Config, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A seeded game to the end with random players, and every event of it (as the simulation runner gathers)."""
    state = new_game(config, seed=seed)
    events = list(state.recent_events)
    chooser = random.Random(seed)
    for _ in range(GAME.max_steps(config)):
        if is_over(state):
            break
        state, happened = step(state, chooser.choice(legal_actions(state)))
        events.extend(happened)
    assert is_over(state)
    return state, tuple(events)


def test_examples_a_and_b_count_one_draft_paid_with_three_marigolds_and_the_golden_portrait_lit() -> None:
    """Examples A and B: "She must spend two Marigolds to take it [...] She gains the Marigold on the card that
    she is taking [...] she will have to pay one Marigold [for the candle]"; placing the portrait surrounds a
    candle slot (she places the candle) and a marigold slot (no marigold left), and lights the golden portrait
    ("two or more adjacent blue").
    """
    before = angie_before_example_a()
    state, events = _steps(
        before, (TakePortrait(2), TakeCandle(0), DrawPortrait(20), DrawCandle(4), PlacePortrait(TAKEN, 6))
    )
    state, more = _steps(attrs.evolve(state, recent_events=()), (PlaceCandle(1, CANDLE),))
    counters = tally(state, events + more)
    assert [counters[f"take:space{k}"] for k in range(4)] == [0, 0, 1, 0]
    assert counters["take:marigolds_paid"] == 3  # two skipped portraits, one candle not above the portrait
    assert counters["take:marigolds_gained"] == 1
    assert (counters["take:candle"], counters["take:candle_declined"]) == (1, 0)
    # Portrait 25 ("all adjacent are blue or fruit") is placed unlit; portrait 30 in slot 2 lights.
    assert (counters["portrait_placed"], counters["portrait_placed:all_either"]) == (1, 1)
    assert counters["portrait_placed:at_least_two"] == counters["portrait_placed:none_either"] == 0
    assert (counters["portrait_lit"], counters["portrait_lit:seat0"], counters["portrait_lit:seat1"]) == (1, 1, 0)
    assert (counters["portrait_lit:at_least_two"], counters["portrait_lit:at_end"]) == (1, 0)
    # Candle 9 ("four or more calavera portraits") is placed, not lit.
    assert (counters["candle_placed"], counters["candle_placed:four_of_feature"], counters["candle_lit"]) == (1, 1, 0)
    assert counters["marigold_placed"] == 0
    assert counters["slot_surrounded"] == 2
    assert counters["slot_left_empty"] == 1  # the marigold slot, with no marigold in storage
    assert counters["slot_left_empty:by_choice"] == 0
    assert counters["portrait_discarded"] == 0
    assert counters["marigolds_in_storage:seat0"] == 0 and counters["marigolds_in_storage:seat1"] == 3
    assert counters["supply_left"] == 30  # 36, less 3 per player, less the one lying on the third space
    assert not any(name.startswith(("goal", "abuela")) for name in counters)
    assert ANGIE == 0


def test_goal_counters_count_each_player_who_met_a_goal_and_the_tokens_run_out() -> None:
    """Common goals: "take the topmost available Scoring token from that card" -- once tokens run out, meeting
    the goal still counts as met, for no points.
    """
    state = new_game(Config(players=2, common_goals=True), seed=6)
    first, second, third = state.goals
    events: tuple[Event, ...] = (
        GoalClaimed(seat=1, goal=second, token=7, points=6),
        GoalClaimed(seat=0, goal=second, token=None, points=0),
        GoalClaimed(seat=0, goal=first, token=0, points=4),
    )
    counters = tally(state, events)
    assert [counters[f"goal_in_play:{g}"] for g in (first, second, third)] == [1, 1, 1]
    assert [counters[f"goal_claimed:{g}"] for g in (first, second, third)] == [1, 2, 0]
    assert (counters["goal_claimed:seat0"], counters["goal_claimed:seat1"]) == (2, 1)
    assert (counters["goal_points:seat0"], counters["goal_points:seat1"]) == (4, 6)
    assert counters["goal_claimed_without_token"] == 1
    assert sum(1 for name in counters if name.startswith("goal_in_play:")) == 3


def test_abuela_counters_count_her_turns_candle_rolls_and_marigolds() -> None:
    """Solo: "If you roll a 5 or 6, roll the die again, and discard the candle in the matching space"; the
    marigolds she places come from the general supply.
    """
    state = new_game(Config(players=1), seed=3)
    events: tuple[Event, ...] = (
        AbuelaMoved(face=6, space=3, card=40, paid=3, returned=1),
        AbuelaDiscardedCandle(face=4, space=2, candle=None, paid=0),
        AbuelaMoved(face=2, space=0, card=41, paid=0, returned=0),
        AbuelaMoved(face=5, space=3, card=42, paid=3, returned=0),
        AbuelaDiscardedCandle(face=3, space=1, candle=12, paid=1),
    )
    counters = tally(state, events)
    assert counters["abuela:portrait_discarded"] == 3
    assert (counters["abuela:candle_roll"], counters["abuela:candle_discarded"]) == (2, 1)
    assert (counters["abuela:marigolds_paid"], counters["abuela:marigolds_returned"]) == (7, 1)
    assert counters["take:marigolds_paid"] == 0  # the player paid nothing


def _surrounded_slots(state: State) -> int:
    edition = state.config.edition
    return sum(
        all(board.portraits[c] is not None for c in offering.cards)
        for board in state.boards
        for offering in edition.board.offering_slots
    )


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_counters_agree_with_the_final_state_over_random_playouts(config: Config) -> None:
    turns = 12 * config.players
    for seed in (1, 2):
        final, events = _playout(config, seed)
        counters = tally(final, events)
        result = outcome(final)
        seats = range(config.players)
        assert all(isinstance(v, int) and v >= 0 for v in counters.values())
        assert all(name == name.lower() and " " not in name for name in counters)
        # Every turn takes one portrait and then a candle or none; the portrait is placed or discarded.
        assert sum(counters[f"take:space{k}"] for k in range(4)) == turns
        assert counters["take:candle"] + counters["take:candle_declined"] <= turns
        # A candle taken is placed or still in storage at the end.
        assert counters["take:candle"] == counters["candle_placed"] + sum(len(b.candles) for b in final.boards)
        assert counters["portrait_placed"] + counters["portrait_discarded"] == turns
        boards = final.boards
        assert counters["portrait_placed"] == sum(c is not None for b in boards for c in b.portraits)
        assert [counters[f"portrait_discarded:seat{s}"] for s in seats] == [len(b.discards) for b in boards]
        assert counters["portrait_discarded"] == sum(counters[f"portrait_discarded:seat{s}"] for s in seats)
        # Lit portraits never go out: the counts equal the final tie-break.
        assert [counters[f"portrait_lit:seat{s}"] for s in seats] == list(result.lit_portraits)
        assert counters["portrait_lit"] == sum(result.lit_portraits)
        for family in ("portrait_placed", "portrait_lit", "candle_placed", "candle_lit"):
            kinds = [v for name, v in counters.items() if name.startswith(family + ":") and "seat" not in name]
            assert sum(kinds) - counters.get(family + ":at_end", 0) == counters[family], family
        lit_candles = [
            sum(lit and c is not None for c, lit in zip(b.candle_slots, b.candle_lit, strict=True)) for b in boards
        ]
        assert [counters[f"candle_lit:seat{s}"] for s in seats] == lit_candles
        assert counters["candle_lit"] == sum(lit_candles)
        assert counters["candle_placed"] == sum(c is not None for b in boards for c in b.candle_slots)
        assert [counters[f"marigold_placed:seat{s}"] for s in seats] == [sum(b.marigold_slots) for b in boards]
        # Every surrounded slot gets a candle, a marigold or is left empty, once.
        decided = counters["candle_placed"] + counters["marigold_placed"] + counters["slot_left_empty"]
        assert decided == _surrounded_slots(final) == counters["slot_surrounded"]
        empty = sum(
            b.candle_slots[k] is None and not b.marigold_slots[k]
            for b in boards
            for k, offering in enumerate(final.config.edition.board.offering_slots)
            if all(b.portraits[c] is not None for c in offering.cards)
        )
        assert counters["slot_left_empty"] == empty
        assert counters["slot_left_empty:by_choice"] <= counters["slot_left_empty"]
        assert [counters[f"marigolds_in_storage:seat{s}"] for s in seats] == list(result.storage_marigolds)
        assert counters["supply_left"] == final.supply
        if config.common_goals:
            assert [counters[f"goal_claimed:seat{s}"] for s in seats] == [len(b.goals_met) for b in boards]
            claimed = [counters[f"goal_claimed:{g}"] for g in final.goals]
            assert sum(claimed) == sum(len(b.goals_met) for b in boards)
            tokens = [sum(final.config.edition.tokens[t].value for t in b.tokens) for b in boards]
            assert [counters[f"goal_points:seat{s}"] for s in seats] == tokens
        else:
            assert not any(name.startswith("goal") for name in counters)
        if config.solo:
            assert counters["abuela:portrait_discarded"] == len(final.abuela_discards) == 12
            assert counters["abuela:candle_discarded"] == len(final.candle_discards)
            assert counters["abuela:candle_roll"] >= counters["abuela:candle_discarded"]
        else:
            assert not any(name.startswith("abuela") for name in counters)


def test_the_simulation_runner_stores_the_counters_of_each_game() -> None:
    assert GAME.tally is tally
    plan = plan_for(GAME, Config(players=1), ("random",), first_seed=5, games=3)
    records = simulate(plan, run_local(1))
    assert [r.seed for r in records] == [5, 6, 7]
    for record in records:
        counters = dict(record.counters)
        assert counters["abuela:portrait_discarded"] == 12
        assert counters["portrait_placed"] + counters["portrait_discarded"] == 12
        assert record.solo_tier is not None
    assert len({r.counters for r in records}) > 1  # different games, different counts
