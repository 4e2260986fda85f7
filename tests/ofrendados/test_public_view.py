"""The spectator's view (issue 12): public information only, as every seat's view without the seat."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import attrs
import pytest

from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrendados import (
    GAME,
    Config,
    State,
    View,
    event_seen_by,
    new_game,
    observe,
    observe_public,
    render_svg,
    render_text,
)
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

SEEDS = (3, 11)
"""Seeds of the random playouts, per config."""

_YOU = re.compile(r"\byou\b", re.IGNORECASE)


def _playout(config: Config, seed: int) -> Iterator[State]:
    """Every state of a seeded random playout, the first and the last included."""
    chooser = random.Random(seed)
    state = new_game(config, seed=seed)
    yield state
    for _ in range(GAME.max_steps(config)):
        if GAME.current_player(state) == TERMINAL:
            return
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        yield state
    raise AssertionError(f"seed {seed}: the game did not end within max_steps")


def _cases() -> list[tuple[Config, int]]:
    return [(config, seed) for config in GAME.test_configs() for seed in SEEDS]


def _ids(case: object) -> str:
    if isinstance(case, Config):
        return GAME.describe_config(case)
    return str(case)


def test_the_game_offers_its_public_view() -> None:
    assert GAME.observe_public is observe_public


def test_a_spectator_holds_no_seat() -> None:
    """``observe`` takes seats only: ``-1`` is the spectator, never Python's "last seat"."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(ValueError, match="no seat -1"):
        observe(state, SPECTATOR)
    public = observe_public(state)
    assert public.player == SPECTATOR
    assert public.players == 3


@pytest.mark.parametrize(("config", "seed"), _cases(), ids=_ids)
def test_nothing_private_reaches_the_public_view(config: Config, seed: int) -> None:
    """The public view of a state equals that of every seat's hidden variant of it, all along a game."""
    rng = Rng(seed)
    checked = 0
    for state in _playout(config, seed):
        public = observe_public(state)
        for seat in range(config.players):
            variant = GAME.hidden_variant(state, seat, rng)
            rng = Rng(rng.next_u64()[0])
            assert observe_public(variant) == public
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(("config", "seed"), _cases(), ids=_ids)
def test_the_public_view_is_every_seats_view_without_the_seat(config: Config, seed: int) -> None:
    """Ofrendados has no private part: every field but ``player`` is what each seat sees, events included."""
    names = [field.name for field in attrs.fields(View) if field.name != "player"]
    for state in _playout(config, seed):
        public = observe_public(state)
        assert public.player == SPECTATOR
        assert public.recent_events == tuple(
            seen for seen in (event_seen_by(event, SPECTATOR) for event in state.recent_events) if seen is not None
        )
        assert public.recent_events == state.recent_events
        for seat in range(config.players):
            seen = observe(state, seat)
            for name in names:
                assert getattr(public, name) == getattr(seen, name), (seat, name)
        assert public.deck == state.deck  # the unrevealed cards as a sorted set: their order is never stored
        assert list(public.deck) == sorted(public.deck)


@pytest.mark.parametrize(("config", "seed"), _cases(), ids=_ids)
def test_the_public_view_survives_json(config: Config, seed: int) -> None:
    for number, state in enumerate(_playout(config, seed)):
        if number % 25 and GAME.current_player(state) != TERMINAL:
            continue
        public = observe_public(state)
        assert loads(dumps(public), GAME.view_type) == public


@pytest.mark.parametrize("config", GAME.test_configs(), ids=_ids)
def test_public_pictures_and_text_show_a_spectator_and_no_deck(config: Config) -> None:
    """Pictures and text boards of a public view: titled for a spectator, no "you", the deck only as a count."""
    drawn = 0
    for number, state in enumerate(_playout(config, 5)):
        if number % 120 and GAME.current_player(state) != TERMINAL:
            continue
        public = observe_public(state)
        svg = render_svg(public, config=config)
        text = render_text(public)
        assert "<title>Ofrendados: a spectator's view (public information)" in svg
        assert ">Spectator</text>" in svg
        assert "spectator" in text
        for picture in (svg, text):
            assert not _YOU.search(picture), picture
            assert "omniscient" not in picture
        assert f"{len(state.deck)} Calaveritas still face down" in text
        if state.deck:
            assert "Deck (omniscient; unordered)" in render_svg(state)  # a state lists the deck; a view never
        shown = {*state.market, *state.discard, *(card for board in state.boards for card in board.cards)}
        for card in set(state.deck) - shown:
            name = config.edition.card(card).name
            assert name not in svg
            assert name not in text
        drawn += 1
    assert drawn >= 3


def test_a_seat_view_still_marks_its_seat() -> None:
    """The seat's own view keeps its "you"; only the spectator's has none."""
    state = new_game(Config(players=2), seed=3)
    svg = render_svg(observe(state, 1))
    assert "Seat 2 (you)" in svg  # the picture counts seats from 1, as the text does (issue 38)
    assert "You are Seat 2" in svg
    assert "(the table as seen by Seat 2)" in render_text(observe(state, 1))
