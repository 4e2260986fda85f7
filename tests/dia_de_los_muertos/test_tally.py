"""Balance counters: exact counts in known games, consistency over random playouts, stored by simulations."""

from __future__ import annotations

import re

import pytest

from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Config,
    Event,
    PlayCard,
    State,
    TakeCard,
    TrickSplit,
    TrickWon,
    from_position,
    new_game,
    outcome,
    score,
    step,
    tally,
)
from ofrenda_rules.playout import random_playout
from ofrenda_rules.simulation import plan_for, run_local, simulate
from tests.dia_de_los_muertos.helpers import card
from tests.dia_de_los_muertos.test_events import EXAMPLE
from tests.dia_de_los_muertos.test_rulebook_example import example_deal

NAME = re.compile(r"^[a-z0-9_]+(?::[a-z0-9_]+)*$")

# Three players with three cards each after 12 tricks; every score pile is worth 0 points (12 cards each).
LAST_TRICKS = (
    "R4R14B1/R5R10B2/R6R13W1 -/-/- B11B12B16B4R11R19W10W16W18W3W6W8/B13B17B19B3B6B8B9R20W19W2W20W5"
    "/B15B20R12R16R18R2R7W13W14W17W7W9 0:- 0 12"
)


def play(state: State, moves: str | list[PlayCard | TakeCard]) -> tuple[State, tuple[Event, ...]]:
    """``"P R14, T R10"``: play the Red 14, then take the Red 10; the state after and every event."""
    if isinstance(moves, str):
        moves = [
            PlayCard(card(name)) if kind == "P" else TakeCard(card(name))
            for kind, name in (move.split() for move in moves.split(", "))
        ]
    events: list[Event] = []
    for action in moves:
        state, happened = step(state, action)
        events.extend(happened)
    return state, tuple(events)


def test_a_chain_of_three_takes_and_the_lead_winning() -> None:
    """Seat 0 leads the Red 14 (Low); the Red 10 (seat 1) takes it, the Red 13 (seat 2) takes the Red 10, and
    seat 0's replacement, the Red 4, takes the Red 13: three TAKEs in a row, one chain. The Red 4 is the lowest
    card of Red 4, 5, 6: the leader wins. Seat 0 leads the Black 1 (High), seat 1 follows with the Black 2 and
    seat 2, void in black, plays the White 1: the Black 2 (highest) wins; seat 1 must lead with no card left."""
    state, events = play(
        from_position(LAST_TRICKS, Config(players=3)),
        "P R14, P R10, T R14, P R13, T R10, P R4, T R13, P R5, P R6, P B1, P B2, P W1",
    )
    assert state.over and score(state) == (1 + 2, -1 + 2, 2)  # Red 13 + trick; Red 14 + trick; Red 10
    assert tally(state, events) == {
        "tricks": 2,
        "tricks_won:seat0": 1,
        "tricks_won:seat1": 1,
        "tricks_won:seat2": 0,
        "lead:tricks_won_by_leader": 1,
        "trick:won_by_highest": 1,
        "trick:won_by_lowest": 1,
        "trick:split_between_two": 0,
        "follow:off_suit": 1,
        "take:played": 3,
        "take:taken": 3,
        "take:taken:seat0": 1,
        "take:taken:seat1": 1,
        "take:taken:seat2": 1,
        "take:nothing_taken:led": 0,
        "take:nothing_taken:no_target": 0,
        "take:nothing_taken:lead_replacement": 0,
        "take:chains": 1,
        "take:longest_chain": 3,
        "take:lead_card_taken": 1,
        "take:points_taken": -1 + 2 + 1,  # Red 14, Red 10, Red 13
        "game:cards_set_aside": 0,
        "game:ended_early": 0,
        "game:shared_win": 0,
    }


def test_chains_broken_by_other_cards_and_a_game_stopped_early() -> None:
    """The Red 10 takes the Red 14; the Red 6 (no TAKE) ends that chain; the Red 4 takes the Red 10: a second
    chain. Trick 2: seat 2, void in black, plays the Red 13 and takes the Black 2 (a third chain); seat 1 must
    replace it with no card left, so the game stops with the Black 1, the Red 13 and the White 1 set aside."""
    state, events = play(
        from_position(LAST_TRICKS, Config(players=3)),
        "P R14, P R10, T R14, P R6, P R4, T R10, P R5, P B1, P B2, P R13, T B2",
    )
    assert state.over and score(state) == (2 + 1 - 1 + 2, -1, 1)  # Red 10 + Red 4, 5, 6; Red 14; Black 2
    assert state.set_aside == (card("B1"), card("R13"), card("W1"))
    counters = tally(state, events)
    expected = {
        "tricks": 1,
        "tricks_won:seat0": 1,
        "lead:tricks_won_by_leader": 1,
        "trick:won_by_highest": 0,
        "trick:won_by_lowest": 1,
        "follow:off_suit": 1,
        "take:played": 3,
        "take:taken": 3,
        "take:taken:seat0": 1,
        "take:taken:seat1": 1,
        "take:taken:seat2": 1,
        "take:chains": 3,
        "take:longest_chain": 1,
        "take:lead_card_taken": 1,
        "take:points_taken": -1 + 2 + 1,
        "game:cards_set_aside": 3,  # the Black 1 and the Red 13 in front, the White 1 in hand
        "game:ended_early": 1,
        "game:shared_win": 0,
    }
    assert {name: counters[name] for name in expected} == expected


def test_take_cards_that_take_nothing_are_counted_by_reason() -> None:
    hands = (
        "B1B2B3B4B5R1R2R3R4R5W1W2W3W4W5/B6B7B8B9B10R6R7R8R9R10W6W7W8W9W10/B11B12B13B14B15R11R12R13R14R15W11W12W13W14W15"
    )
    # Seat 1 leads the Red 10, a TAKE: nothing; with the lead locked, seat 2's Red 13 finds nothing it may take.
    state, events = play(
        from_position(f"{hands} -/-/- -/-/- 1:- 1 0", Config(players=3, lock_lead=True)), "P R10, P R13"
    )
    counters = tally(state, events)
    assert counters["take:played"] == 2 and counters["take:taken"] == 0
    assert counters["take:nothing_taken:led"] == 1 and counters["take:nothing_taken:no_target"] == 1
    assert counters["take:chains"] == counters["take:longest_chain"] == 0


def test_the_rulebook_example_trick_in_the_advanced_game() -> None:
    """The rulebook's trick: the Red 10 (seat 4) takes the Red 5; the trick is split between seat 1 (Red 17,
    highest) and seat 2 (Red 3, lowest), and seat 2 wins it (Low side): seat 0 led and did not win."""
    state, events = play(example_deal(Config(players=5, high_low_split=True)), EXAMPLE)
    counters = tally(state, events)
    assert counters["tricks"] == 1 and counters["tricks_won:seat2"] == 1
    assert counters["lead:tricks_won_by_leader"] == 0 and counters["trick:won_by_lowest"] == 1
    assert counters["trick:split_between_two"] == 1
    assert counters["follow:off_suit"] == 1  # the White 17
    assert (counters["take:chains"], counters["take:longest_chain"], counters["take:taken:seat4"]) == (1, 1, 1)
    assert counters["take:lead_card_taken"] == 0  # the Red 5 was taken, not the lead


def test_a_split_trick_of_three_fives_goes_whole_to_the_leader() -> None:
    """Advanced game, the last trick: Red 5, Black 5, White 5. Ties go to the card closest clockwise to the lead,
    so the leader's Red 5 is both the highest and the lowest card: the trick is not divided between two seats."""
    piles = (
        "R1R2R3R4R6R7R8R9R10R11R12R13R14R15/R16R17R18R19R20B1B2B3B4B6B7B8B9B10/B11B12B13B14B15B16B17B18B19B20W1W2W3W4"
    )
    state = from_position(f"R5/B5/W5 -/-/- {piles} 0:- 0 14", Config(players=3, high_low_split=True))
    state, events = play(state, "P R5, P B5, P W5")
    assert state.over
    counters = tally(state, events)
    assert counters["trick:split_between_two"] == 0
    assert (counters["tricks"], counters["tricks_won:seat0"], counters["lead:tricks_won_by_leader"]) == (1, 1, 1)
    assert (counters["trick:won_by_highest"], counters["follow:off_suit"]) == (1, 2)


def _chains_from_actions(states: list[State], actions: list[object]) -> list[int]:
    """Chain lengths found from the actions alone: TakeCard actions whose plays follow one another in a trick."""
    chains: list[int] = []
    run = 0
    for index, (before, action) in enumerate(zip(states, actions, strict=True)):
        if isinstance(action, TakeCard):
            run += 1
            continue
        # A play continues the run only when it is a TAKE that takes (the next action is a TakeCard).
        next_action = actions[index + 1] if index + 1 < len(actions) else None
        new_trick = before.high_low is None
        if (new_trick or not isinstance(next_action, TakeCard)) and run:
            chains.append(run)
            run = 0
    if run:
        chains.append(run)
    return chains


def played(config: Config, seed: int, player_seed: int) -> tuple[list[State], list[object], list[Event]]:
    """A random playout: every state (the final one last), every action, every event (as the runner collects them)."""
    states: list[State] = []
    actions: list[object] = []

    def record(state: State, action: object) -> None:
        states.append(state)
        actions.append(action)

    playout = random_playout(GAME, config, seed, player_seed, on_step=record)
    events: list[Event] = list(playout.initial.recent_events)
    state = playout.initial
    for action in playout.actions:
        state, happened = step(state, action)
        events.extend(happened)
    assert state == playout.final
    return [*states, state], actions, events


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_counters_agree_with_the_final_state_over_random_playouts(config: Config) -> None:
    for seed in range(4):
        states, actions, events = played(config, seed, 100 + seed)
        final = states.pop()
        counters = tally(final, tuple(events))
        n = config.players
        assert all(NAME.match(name) and isinstance(value, int) for name, value in counters.items())
        tricks = counters["tricks"]
        assert tricks == final.tricks == sum(counters[f"tricks_won:seat{s}"] for s in range(n))
        assert counters["trick:won_by_highest"] + counters["trick:won_by_lowest"] == tricks
        assert 0 <= counters["lead:tricks_won_by_leader"] <= tricks
        taken = counters["take:taken"]
        assert taken == sum(counters[f"take:taken:seat{s}"] for s in range(n))
        nothing = sum(counters[f"take:nothing_taken:{why}"] for why in ("led", "no_target", "lead_replacement"))
        assert counters["take:played"] == taken + nothing
        # Every completed trick puts all its cards in score piles, and every take one more.
        assert sum(map(len, final.piles)) == tricks * n + taken
        # The points: the tricks' (both parts of a split trick) and the cards taken.
        trick_points = 0
        for index, event in enumerate(events):
            if isinstance(event, TrickWon):
                before = events[index - 1]
                trick_points += (
                    before.high_points + before.low_points if isinstance(before, TrickSplit) else event.points
                )
        assert sum(score(final)) == trick_points + counters["take:points_taken"]
        chains = _chains_from_actions(states, actions)
        assert (counters["take:chains"], counters["take:longest_chain"]) == (len(chains), max(chains, default=0))
        assert sum(chains) == taken
        assert counters["game:cards_set_aside"] == len(final.set_aside)
        assert counters["game:ended_early"] == int(bool(final.set_aside))
        assert counters["game:shared_win"] == int(len(outcome(final).winners) > 1)
        if config.lock_lead:
            assert counters["take:lead_card_taken"] == 0
        # A split trick goes to two seats unless its cards all bear one number (three 5s, say, with 3 players).
        divided = sum(1 for e in events if isinstance(e, TrickWon) and len({c.number for c in e.cards}) > 1)
        assert counters["trick:split_between_two"] == (divided if config.high_low_split else 0)
        if not config.lead_replacement_exempt:
            assert counters["take:nothing_taken:lead_replacement"] == 0


def test_the_simulation_runner_stores_the_counters() -> None:
    config = Config(players=4, lock_lead=True)
    assert GAME.tally is tally
    plan = plan_for(GAME, config, ["random"], 21, 3)
    records = simulate(plan, run_local(1))
    assert [record.seed for record in records] == [21, 22, 23]
    names = set(tally(new_game(config, seed=1), ()))
    assert {"tricks_won:seat3", "take:taken:seat3", "take:chains"} <= names
    for record in records:
        counters = dict(record.counters)
        assert set(counters) == names
        assert counters["tricks"] == record.turns
        assert counters["take:lead_card_taken"] == 0
        # The same game played again (the runner's random seats play as random_playout's): the same counters.
        states, _, events = played(config, record.seed, record.seed)
        assert tuple(score(states[-1])) == record.scores
        assert counters == tally(states[-1], tuple(events))
