"""Ofrendados' picks: more objects to rewrite than a menu holds are picked by row first."""

from __future__ import annotations

from ofrenda_rules.ofrendados import actions as act
from ofrenda_rules.ofrendados.picks import MENU, action_picks, cell_id
from ofrenda_rules.ofrendados.rules import apply, current_player, is_over, legal_actions
from ofrenda_rules.ofrendados.start import new_game
from ofrenda_rules.ofrendados.view import observe
from ofrenda_rules.playout import random_move
from ofrenda_rules.registry import get_game
from ofrenda_rules.rng import Rng

(CONFIG,) = (config for config in get_game("ofrendados").test_configs() if config.repeat_purchases)
"""The test config with every option turned on (three players)."""


def test_thirteen_objects_to_rewrite_are_picked_row_then_object() -> None:
    # The random game of seed 98 reaches, at its fourth turn, a seat with 13 objects it may rewrite (found by the
    # invariants session, whose picks property then saw 13 choices in one menu).
    game = get_game("ofrendados")
    assert CONFIG.players == 3
    state, rng = new_game(CONFIG, 98), Rng(98)
    for _ in range(2_000):
        assert not is_over(state), "the game ended before a seat could rewrite more than a dozen objects"
        rewrites = [a for a in legal_actions(state) if isinstance(a, act.RewriteObject)]
        if len(rewrites) > MENU:
            break
        action, rng = random_move(game, state, rng)
        state = apply(state, action)
    assert len(rewrites) > MENU
    seat = current_player(state)
    actions = legal_actions(state)
    paths = dict(zip(actions, action_picks(observe(state, seat), actions), strict=True))
    rows: dict[str, set[str]] = {}
    for action in rewrites:
        first, row, cell = paths[action]
        assert first.label == "rewrite an object"
        assert row.label == f"an object in row {CONFIG.edition.sheet.cells[action.cell][0]}"
        assert cell.element == cell_id(seat, action.cell)
        rows.setdefault(row.label, set()).add(cell.label)
    assert sum(len(cells) for cells in rows.values()) == len(rewrites)
    assert 1 < len(rows) <= MENU
    assert all(len(cells) <= MENU for cells in rows.values())
    assert len(set(paths.values())) == len(actions), "two actions share a path"
