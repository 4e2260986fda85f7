"""Balance counters of Portents: exact counts of built positions, consistency over playouts, the runner's records."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.portents import (
    GAME,
    Config,
    EndReason,
    Light,
    Phase,
    Place,
    State,
    chance_outcomes,
    legal_actions,
    new_game,
    step,
    tally,
)
from ofrenda_rules.portents.components import DEFAULT_EDITION
from ofrenda_rules.portents.events import Event, FirstPlayerChosen
from ofrenda_rules.rng import Rng
from ofrenda_rules.simulation import plan_for, read_results, run_local, simulate
from tests.portents.boards import S, position

E = DEFAULT_EDITION
CONFIGS = GAME.test_configs()
ENDS = {f"end:{reason.value.replace('-', '_')}" for reason in EndReason}


def _keys(config: Config) -> set[str]:
    """Every counter of a game of ``config``'s mode, as the module documents them."""
    seats = [f"seat{seat}" for seat in range(config.players)]
    whos = [*seats, "kitty"] if config.solo else seats
    keys = {"player_won", "portents_made", "offerings_lit", "offerings_snuffed", "setup:reshuffles", "setup:redeals"}
    keys |= ENDS | {f"won:{seat}" for seat in seats}
    keys |= {f"{name}:{who}" for name in ("portents_made", "omens_collected", "offerings_lit") for who in whos}
    keys |= {f"{name}:{seat}" for name in ("largest_fortune", "pushes", "passes") for seat in seats}
    if config.solo:
        keys |= {"kitty_won", "omens_stolen:kitty", "kitty:turns", "kitty:blocked", "kitty:steps", "kitty:hat"}
        keys.add("feed:sacrifices")
    else:
        keys |= {"draw", "first_player_won"} | {f"first_player:{seat}" for seat in seats}
    return keys


def _omens(**by_name: S) -> tuple[S | None, ...]:
    omens: list[S | None] = [None] * 16
    for name, omen in by_name.items():
        omens[E.slot(name)] = omen
    return tuple(omens)


def test_a_two_player_win_by_two_fortunes_of_three_is_counted() -> None:
    """A Claw Portent on the NW-SE diagonal collects the Red Claw: the 3rd red and 3rd claw omen win the game."""
    altar = [None, S.BLUE_WING, S.WHITE_WISHBONE]
    altar += [S.WHITE_SKULL, S.RED_CLAW, S.YELLOW_WING]
    altar += [S.RED_WISHBONE, S.YELLOW_SKULL, S.BLUE_CLAW]
    collected = [[S.RED_SKULL, S.RED_WING, S.YELLOW_CLAW, S.WHITE_CLAW], [S.BLUE_SKULL]]
    state = position(altar, [[S.YELLOW_CLAW], []], omens=_omens(NW=S.RED_CLAW), collected=collected, phase=Phase.PLACE)
    state = attrs.evolve(state, pushed=(S.RED_SKULL,))
    events: list[Event] = []
    for action in (Place(0, S.YELLOW_CLAW), Light(4)):
        state, happened = step(state, action)
        events.extend(happened)
    assert state.reason is EndReason.TWO_FORTUNES_OF_THREE
    expected = dict.fromkeys(_keys(state.config), 0)
    expected.update(
        {
            "player_won": 1,
            "won:seat0": 1,
            "end:two_fortunes_of_three": 1,
            "portents_made": 1,
            "portents_made:seat0": 1,
            "omens_collected:seat0": 1,  # counted from the events: the Red Claw (the other four came before)
            "largest_fortune:seat0": 3,  # red 3, claw 3
            "largest_fortune:seat1": 1,
            "offerings_lit": 1,
            "offerings_lit:seat0": 1,
            "first_player:seat0": 1,  # the position's first player
            "first_player_won": 1,
        }
    )
    assert tally(state, tuple(events)) == expected


def test_a_catastrophe_and_a_blocked_kitty_with_its_hat_win_for_the_kitty() -> None:
    """The player makes no Portent: the Kitty steals at S2, is blocked, draws its token and wins with 3 white omens.

    The Burnt Offering on space 1 (north end of column 2) blocks the Kitty's push from S2; it stays lit
    since its row is all red. The Kitty has walked 16 steps (its hat) and walks its 17th.
    """
    altar: list[S | None] = [S.RED_SKULL, S.RED_CLAW, S.RED_WING]
    altar += [S.WHITE_CLAW, S.YELLOW_WISHBONE, S.BLUE_WING]
    altar += [S.BLUE_SKULL, S.WHITE_WING, None]
    state = position(
        altar,
        [[S.YELLOW_CLAW]],
        config=Config(players=1),
        lit=[1],
        omens=_omens(S2=S.WHITE_SKULL, N2=S.RED_WING),
        phase=Phase.PLACE,
        token=S.BLUE_CLAW,
        bag=[S.YELLOW_SKULL],
        kitty_steps=16,
        kitty_omens=[S.WHITE_WING, S.WHITE_CLAW],
    )
    events: list[Event] = []
    state, happened = step(state, Place(8, S.YELLOW_CLAW))
    events.extend(happened)
    ((draw, _),) = chance_outcomes(state)
    state, happened = step(state, draw)
    events.extend(happened)
    assert state.reason is EndReason.KITTY_FORTUNE_OF_THREE
    expected = dict.fromkeys(_keys(state.config), 0)
    expected.update(
        {
            "kitty_won": 1,
            "end:kitty_fortune_of_three": 1,
            "omens_stolen:kitty": 1,
            "kitty:turns": 1,
            "kitty:blocked": 1,
            "kitty:steps": 17,
            "kitty:hat": 1,
        }
    )
    assert tally(state, tuple(events)) == expected


def test_an_unfinished_game_is_refused() -> None:
    state = new_game(Config(), seed=3)
    with pytest.raises(GameNotOverError, match="not over"):
        tally(state, state.recent_events)


def _played(config: Config, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A seeded game between uniformly random players, with every event."""
    state = new_game(config, seed)
    events = list(state.recent_events)
    rng = Rng(seed + 1)
    for _ in range(GAME.max_steps(config)):
        if GAME.current_player(state) == TERMINAL:
            break
        assert GAME.current_player(state) != CHANCE, "a seeded game makes its chance draws itself"
        legal = legal_actions(state)
        index, rng = rng.below(len(legal))
        state, happened = step(state, legal[index])
        events.extend(happened)
    assert state.phase is Phase.OVER
    return state, tuple(events)


GAMES_PER_CONFIG = 3


@pytest.mark.parametrize("config", CONFIGS, ids=[GAME.describe_config(c) for c in CONFIGS])
def test_counters_agree_with_each_other_and_with_the_final_state(config: Config) -> None:
    for game in range(GAMES_PER_CONFIG):
        final, events = _played(config, 500 + 10 * CONFIGS.index(config) + game)
        counters = tally(final, events)
        assert set(counters) == _keys(config)
        assert all(type(value) is int and value >= 0 for value in counters.values())
        n = config.players
        seats = range(n)
        whos = [f"seat{seat}" for seat in seats] + (["kitty"] if config.solo else [])
        assert sum(counters[end] for end in ENDS) == 1
        assert final.reason is not None and counters[f"end:{final.reason.value.replace('-', '_')}"] == 1
        assert counters["player_won"] == sum(counters[f"won:seat{seat}"] for seat in seats) == len(final.winners)
        assert counters["portents_made"] == sum(counters[f"portents_made:{who}"] for who in whos)
        assert counters["offerings_lit"] == sum(counters[f"offerings_lit:{who}"] for who in whos)
        lit_now = sum(1 for space in range(9) if final.lit[space] and final.altar[space] is not None)
        assert counters["offerings_lit"] - counters["offerings_snuffed"] == lit_now
        for seat in seats:
            assert counters[f"omens_collected:seat{seat}"] == len(final.collected[seat])
            assert counters[f"largest_fortune:seat{seat}"] <= len(final.collected[seat])
        assert (counters["setup:reshuffles"], counters["setup:redeals"]) == (final.reshuffles, final.redeals)
        if final.reason is EndReason.FORTUNE_OF_FOUR:
            assert counters[f"largest_fortune:seat{final.winners[0]}"] >= 4
        if final.reason is EndReason.TWO_FORTUNES_OF_THREE:
            assert counters[f"largest_fortune:seat{final.winners[0]}"] == 3
        if config.solo:
            assert counters["player_won"] + counters["kitty_won"] == 1
            stolen, gained = counters["omens_stolen:kitty"], counters["omens_collected:kitty"]
            assert stolen + gained == len(final.kitty_omens)
            player_turns = counters["pushes:seat0"] + counters["passes:seat0"]
            assert player_turns + counters["kitty:turns"] == final.turns
            assert counters["kitty:blocked"] <= counters["kitty:turns"]
            assert counters["kitty:steps"] == final.kitty_steps
            assert counters["kitty:hat"] == int(final.kitty_steps >= 16)
            if not config.felis_pyromanias:
                assert counters["kitty:steps"] == counters["kitty:turns"]
            if not config.feed_the_cat:
                assert counters["feed:sacrifices"] == 0
            if config.kitty_only_steals:
                assert gained == counters["portents_made:kitty"] == 0
        else:
            assert counters["player_won"] + counters["draw"] == 1
            assert sum(counters[f"pushes:seat{seat}"] + counters[f"passes:seat{seat}"] for seat in seats) == final.turns
            (chosen,) = [event.seat for event in events if isinstance(event, FirstPlayerChosen)]
            assert counters[f"first_player:seat{chosen}"] == 1 and counters[f"first_player:seat{1 - chosen}"] == 0
            assert counters["first_player_won"] == int(final.winners == (chosen,))
            assert counters["offerings_lit:seat" + str(1 - chosen)] >= 1, "the second player's starting offering"


def test_the_registry_wires_tally() -> None:
    assert GAME.tally is tally


@pytest.mark.parametrize("config", [Config(), Config(players=1, feed_the_cat=True)], ids=["players=2", "solo-feed"])
def test_the_simulation_runner_stores_the_counters(config: Config, tmp_path: Path) -> None:
    plan = plan_for(GAME, config, ["random"], 70, 3)
    out = tmp_path / "results.jsonl"
    records = simulate(plan, run_local(1), out=out)
    assert [record.seed for record in records] == [70, 71, 72]
    stored = read_results(out)
    assert sorted(stored.records, key=lambda record: record.seed) == records and not stored.truncated
    for record in records:
        counters = dict(record.counters)
        assert set(counters) == _keys(config)
        assert counters["player_won"] == len(record.winners)
        assert counters["omens_collected:seat0"] == record.scores[0]
        if config.solo:
            assert counters["kitty_won"] == int(not record.winners)
            turns = counters["pushes:seat0"] + counters["passes:seat0"] + counters["kitty:turns"]
            assert turns == record.turns
        else:
            assert counters["omens_collected:seat1"] == record.scores[1]
