"""Undo decided by the rules, over every registered game and configuration (issue 41).

Along whole games, at every step and for every seat: an allowed undo returns
exactly the state the decision was taken in; ``undo`` agrees with
``can_undo`` (it raises :class:`~ofrenda_rules.undo.UndoError` with the same
refusal when refused); and an allowed undo never takes back anything that
showed another seat what it did not know: the decision is legal, and leaves
that seat's view the same, in every state that seat could not tell from the
one it was taken in (``hidden_variant``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import MASK64, Rng
from ofrenda_rules.serialization import dumps
from ofrenda_rules.undo import History, Undo, UndoCode, UndoError, UndoRefusal, can_undo, undo
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, seedings
from tests.properties.test_properties import scaled

NEVER_UNDONE = {"dia_de_los_muertos"}
"""Games whose rules let no decision be taken back (every decision shows a card face up)."""


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.5)
@given(seeds=seedings(seeded=None))
def test_undo_returns_the_earlier_state_agrees_with_can_undo_and_leaks_nothing(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    history: list[History[Any, Any]] = []
    counts = {"allowed": 0, "refused": 0, "views": 0}

    def hook(before: Any, action: Any, after: Any) -> None:
        previous = history[0] if history else History.start(game, before)
        assert previous.state is before
        actor = game.current_player(before)
        current = History(game, after, previous, action, actor, previous.length + 1)
        history[:] = [current]
        for seat in range(config.players):
            answer = can_undo(current, seat)
            if isinstance(answer, UndoRefusal):
                counts["refused"] += 1
                with pytest.raises(UndoError) as caught:
                    undo(current, seat)
                assert caught.value.refusal == answer
                continue
            counts["allowed"] += 1
            assert isinstance(answer, Undo)
            assert answer.seat == seat == actor
            assert answer.action == action
            assert answer.history is previous
            assert undo(current, seat).state == before
            assert dumps(answer.history.state, game.state_type) == dumps(before, game.state_type)
            assert game.current_player(before) == seat
            for other in range(config.players):
                if other == seat:
                    continue
                variant = game.hidden_variant(before, other, Rng((seeds.chance + counts["views"]) & MASK64))
                assert game.validate(variant, action) is None, "the decision depended on what another seat cannot see"
                assert game.observe(game.apply(variant, action), other) == game.observe(after, other)
                counts["views"] += 1

    played = play(game, config, seeds, hook)
    assert counts["allowed"] + counts["refused"] == len(played.actions) * config.players
    if game.info.name in NEVER_UNDONE:
        assert counts["allowed"] == 0
    if config.players > 1:
        assert counts["views"] == counts["allowed"] * (config.players - 1)


@pytest.mark.parametrize(("game", "config"), CASES)
def test_some_decision_can_be_taken_back_in_every_game_that_allows_any(game: AnyGame, config: Any) -> None:
    seeds = Seeds(game=None, players=config.players)
    allowed = 0
    refused_codes: set[str] = set()
    history: list[History[Any, Any]] = []

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal allowed
        previous = history[-1] if history else History.start(game, before)
        actor = game.current_player(before)
        current = History(game, after, previous, action, actor, previous.length + 1)
        history.append(current)
        if actor == CHANCE:
            return
        answer = can_undo(current, actor)
        if isinstance(answer, Undo):
            allowed += 1
        else:
            refused_codes.add(answer.code)

    play(game, config, seeds, hook)
    if game.info.name in NEVER_UNDONE:
        assert allowed == 0
        assert refused_codes
    else:
        assert allowed > 0


@pytest.mark.parametrize(("game", "config"), CASES[:1] + CASES[-1:])
def test_a_new_game_has_nothing_to_undo_and_a_bad_seat_is_a_config_error(game: AnyGame, config: Any) -> None:
    start = History.start(game, game.new_game(config, 1))
    answer = can_undo(start, 0)
    assert isinstance(answer, UndoRefusal)
    assert answer.reason is UndoCode.NOTHING_TO_UNDO
    with pytest.raises(ConfigError):
        can_undo(start, config.players)
    with pytest.raises(UndoError) as caught:
        undo(start, 0)
    assert caught.value.refusal == answer
