"""``describe_action`` names what an action really does."""

from __future__ import annotations

import random

from ofrenda_rules.ofrendados import GAME, Config, RewriteObject, State, new_game
from ofrenda_rules.ofrendados.state import PendingKind


def _states_owing_a_rewrite(limit: int) -> list[State]:
    """States where a player must turn an object (after buying a purple rewrite card), from random games."""
    found: list[State] = []
    for seed in range(40):
        chooser = random.Random(seed)
        state = new_game(Config(players=2), seed=seed)
        for _ in range(GAME.max_steps(state.config)):
            if GAME.is_over(state) or len(found) >= limit:
                break
            if state.pending and state.pending[0].kind is PendingKind.REWRITE:
                found.append(state)
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        if len(found) >= limit:
            break
    return found


def test_a_rewrite_is_described_by_the_object_that_was_in_the_cell_and_the_one_it_becomes() -> None:
    """Issue 14: after El Horno the description named the new kind as if it were already in the cell."""
    states = _states_owing_a_rewrite(5)
    assert states, "no random game bought a rewrite card"
    for state in states:
        seat, into = state.acting, state.pending[0].object.value.replace("_", " ")
        for action in GAME.legal_actions(state):
            assert isinstance(action, RewriteObject)
            old = state.boards[seat].sheet[action.cell]
            assert old is not None
            text = GAME.describe_action(state, action)
            assert text.startswith(
                f"Seat {seat + 1} turns the {old.value.replace('_', ' ')} in cell {action.cell + 1} "
            )
            assert text.endswith(f" into a {into}")


def test_a_rewrite_of_a_cell_off_the_sheet_is_described_not_raised() -> None:
    states = _states_owing_a_rewrite(1)
    assert "cell 1000 (not on the sheet)" in GAME.describe_action(states[0], RewriteObject(999))
