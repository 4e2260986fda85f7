"""The generic property suite, run over every registered game and configuration.

Hypothesis draws the :class:`~tests.properties.playing.Seeds` of each game (the
game's seed, the players' seed, the chance seed and how many decisions are
random), never each action, so the longest games are sampled as often as
they occur in random play and a failure reproduces from one ``Seeds(...)``.
How many games each test plays is the hypothesis profile's ``max_examples``
times the test's weight (:func:`scaled`); ``docs/testing.md`` gives the figures.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, note, settings

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.properties.candidates import Universe
from tests.properties.cases import CASES
from tests.properties.playing import CENTRAL_GAMES, Seeds, derived, label, play, rounds, sampled, seedings

CANDIDATES_PER_STATE = 48
"""Generated candidates validated at each state (besides every legal action), a different slice each time."""


def scaled(weight: float, *, base: int | None = None) -> settings:
    """The loaded profile with ``max_examples`` (or ``base``) multiplied by ``weight``, rounded, at least 1."""
    examples = settings().max_examples if base is None else base
    return settings(max_examples=max(1, round(examples * weight)))


def check_a_full_game(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """Every step keeps the contract (see ``play``), the census and the score's shape; the end is well formed.

    The same seed and actions then give the same state at every step.
    """
    initial = game.new_game(config, seeds.game)
    census = game.census(initial)
    states: list[Any] = []

    def hook(before: Any, action: Any, after: Any) -> None:
        assert game.census(after) == census
        assert len(game.score(after)) == config.players
        states.append(after)

    played = play(game, config, seeds, hook)
    final = played.final
    assert game.is_over(final)
    assert game.legal_actions(final) == ()
    low, high = game.turn_bounds(config)
    assert low <= game.turn_count(final) <= high
    result = game.outcome(final)
    assert len(result.scores) == config.players
    assert result.scores == game.score(final)
    assert len(result.ranks) == config.players
    assert all(result.ranks[seat] == 0 for seat in result.winners)
    if seeds.game is None:
        assert final.rng is None
    state = game.new_game(config, seeds.game)
    assert state == initial
    for action, expected in zip(played.actions, states, strict=True):
        state = game.apply(state, action)
        assert state == expected, "the same seed and actions gave another state"


CENTRAL = scaled(1)


@pytest.mark.parametrize(("game", "config"), CASES)
@CENTRAL
@given(seeds=seedings(seeded=None))
def test_games_end_within_their_bounds_and_replay_identically(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """The central property: it plays ``--min-games-per-config``/``--min-games-per-game`` games (``rounds``)."""
    for index in range(rounds(game, CENTRAL.max_examples)):
        game_seeds = derived(seeds, index)
        note(f"game {index}: seeds={game_seeds!r}")
        check_a_full_game(game, config, game_seeds)
        CENTRAL_GAMES[label(game, config)] += 1


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=None))
def test_apply_never_changes_its_input(game: AnyGame, config: Any, seeds: Seeds) -> None:
    snapshots = [dumps(game.new_game(config, seeds.game))]

    def hook(before: Any, action: Any, after: Any) -> None:
        assert dumps(before) == snapshots[-1], "apply changed its input state"
        snapshots.append(dumps(after))

    play(game, config, seeds, hook)


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=None))
def test_json_round_trips_exactly(game: AnyGame, config: Any, seeds: Seeds) -> None:
    assert loads(dumps(config), game.config_type) == config

    def hook(before: Any, action: Any, after: Any) -> None:
        assert loads(dumps(before), game.state_type) == before
        text = dumps(action, game.action_type)
        assert json.loads(text)["type"] == type(action).TAG
        assert loads(text, game.action_type) == action
        for seat in range(config.players):
            view = game.observe(before, seat)
            assert loads(dumps(view), game.view_type) == view

    final = play(game, config, seeds, sampled(hook, seeds, 4)).final
    assert loads(dumps(final), game.state_type) == final
    result = game.outcome(final)
    assert loads(dumps(result), game.outcome_type) == result


def check_refusals(game: AnyGame, state: Any, universe: Universe, rng: Rng) -> Rng:
    """Every legal action validates; a slice of the candidates is refused exactly when not legal.

    A refused candidate gets a rejection with a code and a message from
    ``validate``, and ``apply`` raises :class:`IllegalActionError` carrying that
    same rejection, leaving the state unchanged. Returns the advanced ``rng``.
    """
    legal = game.legal_actions(state)
    universe.observe(legal)
    for action in legal:
        assert game.validate(state, action) is None, f"legal action {action!r} does not validate"
    candidates = universe.candidates()
    start, rng = rng.below(len(candidates))
    step = max(1, len(candidates) // CANDIDATES_PER_STATE)
    chosen = candidates[start::step] + candidates[:start:step]
    allowed = set(legal)
    snapshot = dumps(state)
    for candidate in chosen[:CANDIDATES_PER_STATE]:
        rejection = game.validate(state, candidate)
        if candidate in allowed:
            assert rejection is None, f"{candidate!r} is legal but refused: {rejection}"
            continue
        assert rejection is not None, f"{candidate!r} is not in legal_actions but validates"
        assert rejection.code and rejection.message
        with pytest.raises(IllegalActionError) as caught:
            game.apply(state, candidate)
        assert caught.value.rejection == rejection
    assert dumps(state) == snapshot, "a refused action changed the state"
    return rng


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=None))
def test_exactly_the_legal_actions_validate_at_every_state(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """The candidate universe is generated from the game's Action union (see ``candidates``)."""
    universe = Universe(game.action_type)
    rng = Rng(seeds.chance)

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal rng
        rng = check_refusals(game, before, universe, rng)

    final = play(game, config, seeds, hook).final
    note(f"combinations refused on construction: {universe.refused}")
    assert universe.seen_classes, "the game offered legal actions"
    assert universe.uncovered() == [], "an action class seen in play has no candidate"
    for candidate in universe.candidates()[:: max(1, len(universe.candidates()) // CANDIDATES_PER_STATE)]:
        rejection = game.validate(final, candidate)
        assert rejection is not None and rejection.code, f"{candidate!r} validates in a finished game"
        with pytest.raises(IllegalActionError) as caught:
            game.apply(final, candidate)
        assert caught.value.rejection == rejection


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.25)
@given(seeds=seedings(seeded=True))
def test_observe_leaks_no_hidden_information(game: AnyGame, config: Any, seeds: Seeds) -> None:
    other = Rng(seeds.chance)

    def hook(before: Any, action: Any, after: Any) -> None:
        for seat in range(config.players):
            variant = game.hidden_variant(after, seat, other)
            assert game.census(variant) == game.census(after)
            assert game.observe(variant, seat) == game.observe(after, seat)
            text = dumps(game.observe(after, seat))
            assert '"rng"' not in text and '"counter"' not in text

    play(game, config, seeds, sampled(hook, seeds, 3))


@pytest.mark.parametrize(("game", "config"), CASES)
def test_declared_facts_match_play(game: AnyGame, config: Any) -> None:
    assert config.players in game.info.player_counts
    state = game.new_game(config, None)
    if not game.info.has_chance:
        assert game.current_player(state) != CHANCE
    default = game.config_type()
    assert default.players in game.info.player_counts
    for players in game.info.player_counts:
        assert game.config_type(players=players).players == players
    assert attrs.has(game.state_type) and attrs.has(game.view_type)


@pytest.mark.parametrize(("game", "config"), CASES)
def test_something_that_is_not_an_action_raises_the_typed_error(game: AnyGame, config: Any) -> None:
    state = game.new_game(config, 1)
    snapshot = dumps(state)
    for junk in ("nonsense", None, 7, ("type", "play")):
        rejection = game.validate(state, junk)
        assert rejection is not None and rejection.code
        with pytest.raises(IllegalActionError):
            game.apply(state, junk)
    assert dumps(state) == snapshot
