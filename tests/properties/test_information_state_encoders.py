"""Every game's incremental information-state encoder equals the encoder of the whole history, view by view."""

from __future__ import annotations

import random

import pytest

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import AnyGame, games

CASES = [
    pytest.param(game, config, id=f"{game.info.name}-{game.describe_config(config)}")
    for game in games()
    for config in game.test_configs()
]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_the_encoder_fed_view_by_view_gives_the_information_state_of_every_view(game: AnyGame, config: object) -> None:
    make = game.information_state_encoder
    assert make is not None
    rng = random.Random(5)
    state = game.new_game(config, 11)
    seats = range(config.players)  # type: ignore[attr-defined]
    encoders = [make(config) for _ in seats]
    views: list[list[object]] = [[] for _ in seats]
    forks = {}
    checked = 0
    for step in range(600):
        for seat in seats:
            view = game.observe(state, seat)
            views[seat].append(view)
            encoders[seat].add(view)
        if step % 9 == 0 or game.is_over(state):
            for seat in seats:
                assert encoders[seat].encode() == game.encode_information_state(config, views[seat])
                assert tuple(encoders[seat].buffer()) == encoders[seat].encode()
                checked += 1
        if step == 20:
            forks = {seat: (encoders[seat].copy(), list(views[seat])) for seat in seats}
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked >= 2 * len(seats)
    # A fork taken mid-game goes its own way: the encoders it was copied from moved on without it.
    for seat, (fork, fork_views) in forks.items():
        assert fork.encode() == game.encode_information_state(config, fork_views)
        if views[seat][len(fork_views) :] and views[seat][-1] != fork_views[-1]:
            assert fork.encode() != encoders[seat].encode()


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_an_encoder_with_no_view_or_views_of_two_seats_is_refused(game: AnyGame) -> None:
    make = game.information_state_encoder
    assert make is not None
    config = game.config_type(players=max(2, min(game.info.player_counts)))
    encoder = make(config)
    with pytest.raises((OfrendaRulesError, ValueError), match="at least"):
        encoder.encode()
    state = game.new_game(config, 1)
    encoder.add(game.observe(state, 0))
    if game.info.name == "ofrenda":
        return  # Ofrenda's encoder, as its encode_information_state, does not check the seat of each view
    with pytest.raises(OfrendaRulesError, match="seat"):
        encoder.add(game.observe(state, 1))
