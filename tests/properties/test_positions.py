"""Positions, for every registered game: exact round trips along random playouts, and fuzzing.

Every state visited by a random playout (seeded and unseeded, chance-pending
states and the finished game included) is written with ``to_position`` and
read back with ``from_position``; the state read must equal the original and
play on identically. Random text and mutated valid positions must either be
refused with a :class:`~ofrenda_rules.errors.PositionError` or read as a state
that itself round-trips.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofrenda_rules.errors import PositionError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from tests.properties.cases import CASES

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
PROFILE_EXAMPLES = settings().max_examples
"""Examples of the active hypothesis profile. Whole games with a position check at every step are
costly, so the randomised sessions cap them (the invariants session's own games are elsewhere)."""


def _hooks(game: AnyGame) -> tuple[Any, Any]:
    return game.to_position, game.from_position


def _without_events(state: Any) -> Any:
    """``state`` with no ``recent_events`` (a position leaves them out; ``from_position`` gives none)."""
    if "recent_events" in attrs.fields_dict(type(state)):
        return attrs.evolve(state, recent_events=())
    return state


def _check_round_trip(game: AnyGame, state: Any) -> str:
    to_position, from_position = _hooks(game)
    text = to_position(state)
    assert isinstance(text, str)
    back = from_position(text, state.config)
    assert back == _without_events(state), f"round trip differs for {text!r}"
    assert to_position(back) == text
    assert game.legal_actions(back) == game.legal_actions(state)
    assert game.current_player(back) == game.current_player(state)
    return text


@pytest.mark.parametrize(("game", "config"), CASES)
@given(seed=st.none() | SEEDS, player_seed=SEEDS)
@settings(max_examples=min(PROFILE_EXAMPLES, 8))
def test_every_visited_state_round_trips_through_its_position(
    game: AnyGame, config: Any, seed: int | None, player_seed: int
) -> None:
    visited = 0

    def check(state: Any, action: Any) -> None:
        nonlocal visited
        _check_round_trip(game, state)
        visited += 1

    result = random_playout(game, config, seed, player_seed, on_step=check)
    _check_round_trip(game, result.final)
    assert visited == result.steps


@pytest.mark.parametrize(("game", "config"), CASES[:: max(1, len(CASES) // 6)])
@given(text=st.text(max_size=200))
@settings(max_examples=max(20, PROFILE_EXAMPLES))
def test_random_text_is_refused_with_a_position_error(game: AnyGame, config: Any, text: str) -> None:
    to_position, from_position = _hooks(game)
    try:
        state = from_position(text, config)
    except PositionError:
        return
    assert from_position(to_position(state), config) == state


@pytest.mark.parametrize(("game", "config"), CASES[:: max(1, len(CASES) // 6)])
@given(seed=st.none() | SEEDS, player_seed=SEEDS, data=st.data())
@settings(max_examples=min(max(10, PROFILE_EXAMPLES), 25))
def test_mutated_positions_are_refused_or_read_canonically(
    game: AnyGame, config: Any, seed: int | None, player_seed: int, data: st.DataObject
) -> None:
    to_position, from_position = _hooks(game)
    states: list[Any] = []
    result = random_playout(game, config, seed, player_seed, on_step=lambda state, action: states.append(state))
    states.append(result.final)
    state = states[data.draw(st.integers(0, len(states) - 1), label="state")]
    text = to_position(state)
    alphabet = st.sampled_from(sorted(set(text)) + list(" /-:=0123456789,.x"))
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        kind = data.draw(st.sampled_from(("delete", "insert", "replace", "swap")), label="kind")
        at = data.draw(st.integers(0, max(0, len(text) - 1)), label="at")
        if kind == "delete":
            text = text[:at] + text[at + 1 :]
        elif kind == "insert":
            text = text[:at] + data.draw(alphabet, label="char") + text[at:]
        elif kind == "replace":
            text = text[:at] + data.draw(alphabet, label="char") + text[at + 1 :]
        else:
            other = data.draw(st.integers(0, max(0, len(text) - 1)), label="other")
            chars = list(text)
            if chars:
                chars[at], chars[other] = chars[other], chars[at]
            text = "".join(chars)
    try:
        mutated = from_position(text, config)
    except PositionError:
        return
    again = to_position(mutated)
    assert from_position(again, config) == mutated


@pytest.mark.parametrize(("game", "config"), CASES[:: max(1, len(CASES) // 6)])
def test_over_long_and_non_text_input_is_refused(game: AnyGame, config: Any) -> None:
    to_position, from_position = _hooks(game)
    text = to_position(game.new_game(config, 1))
    with pytest.raises(PositionError, match="at most"):
        from_position(text + " " * 5000, config)
    with pytest.raises(PositionError):
        from_position(b"abc", config)
    with pytest.raises(PositionError):
        from_position("", config)
