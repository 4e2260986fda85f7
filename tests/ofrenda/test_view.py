"""What observe() shows: the table is public, hands, the deck and the unseen solo removals are not."""

from __future__ import annotations

import pytest

from ofrenda_rules.ofrenda import Config, hidden_variant, new_game, observe
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others() -> None:
    state = new_game(Config(players=3), seed=4)
    view = observe(state, 1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (3, 3, 3)
    assert view.deck_size == len(state.deck)
    text = dumps(view)
    assert '"deck"' not in text and '"rng"' not in text and '"hands"' not in text
    assert view.boards == state.boards and view.market == state.market


def test_solo_view_hides_the_removed_portraits() -> None:
    """Solo setup: "randomly remove three Portraits from the deck [...] without looking at them.\""""
    state = new_game(Config(players=1), seed=4)
    view = observe(state, 0)
    assert view.removed_count == 3
    assert '"removed"' not in dumps(view)


def test_hidden_variant_changes_only_what_the_player_cannot_see() -> None:
    state = new_game(Config(players=4), seed=9)
    variant = hidden_variant(state, 2, Rng(5))
    assert variant.hands[2] == state.hands[2]
    assert variant != state
    assert observe(variant, 2) == observe(state, 2)


def test_observe_refuses_a_missing_seat() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        observe(new_game(Config(players=2), seed=1), 2)
