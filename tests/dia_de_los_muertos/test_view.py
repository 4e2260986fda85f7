"""What observe() shows and hides."""

from __future__ import annotations

import pytest

from ofrenda_rules.dia_de_los_muertos import Config, PlayCard, apply, legal_actions, new_game, observe
from ofrenda_rules.serialization import dumps


def test_view_shows_own_hand_and_only_sizes_of_others() -> None:
    state = new_game(Config(players=4), seed=9)
    view = observe(state, 2)
    assert view.hand == state.hands[2]
    assert view.hand_sizes == (12, 12, 12, 12)
    text = dumps(view)
    for other in (0, 1, 3):
        for card in state.hands[other]:
            assert f'"number":{card.number},"suit":"{card.suit.value}"' not in text
    assert view.stock_size == 12


def test_view_shows_the_trick_and_the_public_record_of_score_piles() -> None:
    state = new_game(Config(players=3), seed=4)
    action = legal_actions(state)[0]
    assert isinstance(action, PlayCard)
    state = apply(state, action)
    view = observe(state, 1)
    assert view.in_front[0] == action.card
    assert view.high_low == state.high_low
    assert view.piles == state.piles
    assert view.current_player == 1


def test_observe_rejects_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no seat 5"):
        observe(new_game(Config(players=3), seed=1), 5)
