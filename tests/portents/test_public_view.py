"""A spectator's public view of Portents: nothing private, what every seat sees, JSON, pictures and text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.playout import random_playout
from ofrenda_rules.portents import (
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
from ofrenda_rules.portents.events import KittyDrew, OmensPlaced
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

NS = "{http://www.w3.org/2000/svg}"
SAMPLES_PER_GAME = 8
"""States of each playout checked (spread over the game, the final one included)."""
CONFIGS = GAME.test_configs()
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)
_TILE_LINE = re.compile(r": hand |token |taken up|pushed off")
"""Text board lines that name tiles (hands, the Kitty token, tiles taken up or pushed off); the rest name omens."""


def _states(config: Config, seed: int | None, player_seed: int) -> list[State]:
    """A random playout's states: a bounded sample spread over the game, ending with the final state."""
    seen: list[State] = []
    result = random_playout(GAME, config, seed=seed, player_seed=player_seed, on_step=lambda s, a: seen.append(s))
    stride = max(1, len(seen) // SAMPLES_PER_GAME)
    return [*seen[::stride][:SAMPLES_PER_GAME], result.final]


def _labels(svg: str) -> str:
    """Every group's label (its ``<title>``), one a line."""
    root = ET.fromstring(svg)
    return "\n".join(
        title.text or "" for group in root.iter(f"{NS}g") if (title := group.find(f"{NS}title")) is not None
    )


def test_the_registry_wires_observe_public() -> None:
    assert GAME.observe_public is observe_public


@pytest.mark.parametrize("config", CONFIGS, ids=[GAME.describe_config(c) for c in CONFIGS])
def test_the_public_view_leaks_nothing_and_is_every_seats_view_of_the_table(config: Config) -> None:
    seed = 101 + CONFIGS.index(config)
    for state in _states(config, seed, seed + 1):
        public = observe_public(state)
        assert public.player == SPECTATOR
        assert public.recent_events == tuple(event_seen_by(event, SPECTATOR) for event in state.recent_events)
        # Nothing private leaks: every state a seat cannot tell from this one gives the same public view.
        for seat in range(config.players):
            for salt in range(2):
                variant = GAME.hidden_variant(state, seat, Rng(seed * 7 + salt))
                assert observe_public(variant) == public
        # The public view is each seat's view without the seat: Portents keeps no seat's secret from another
        # (hands lie face up, the bag is a count in every view), so every other field is the seat's.
        for seat in range(config.players):
            view = observe(state, seat)
            for field in attrs.fields(View):
                if field.name == "player":
                    assert view.player == seat
                    continue
                assert getattr(public, field.name) == getattr(view, field.name), field.name
        assert public.hands == state.hands, "hands are played face up"
        assert public.bag_size == len(state.bag)
        assert "bag" not in {field.name for field in attrs.fields(View)}, "no view names the bag's tiles"
        assert loads(dumps(public), GAME.view_type) == public


@pytest.mark.parametrize("config", CONFIGS, ids=[GAME.describe_config(c) for c in CONFIGS])
def test_pictures_and_text_of_the_public_view_say_spectator_and_show_no_bag_tile(config: Config) -> None:
    seed = 301 + CONFIGS.index(config)
    for state in _states(config, seed, seed + 1):
        public = observe_public(state)
        svg = render_svg(public, config=config)
        root = ET.fromstring(svg)
        title = root.findtext(f"{NS}title", "")
        assert "spectator" in title
        texts = [t.text or "" for t in root.iter(f"{NS}text")]
        assert any("spectator" in text for text in texts), "the heading says whose view it is"
        labels = _labels(svg)
        for words in (svg, labels):
            assert not YOU.search(words), YOU.search(words)
        for sign in state.bag:  # each tile is unique: a bag tile is nowhere on the table
            assert f"tile: {sign}" not in labels and f"(lit): {sign}" not in labels
        if config.solo:
            assert f"The bag: {len(state.bag)} tiles, face down" in labels
        text = render_text(public)
        assert text.splitlines()[0] == "a spectator's view (public information only)"
        assert not YOU.search(text), YOU.search(text)
        board = text.partition("what just happened:")[0]  # the events may name a tile that went into the bag
        tile_lines = [line for line in board.splitlines() if _TILE_LINE.search(line)]  # omens share the names
        for sign in state.bag:
            assert not any(str(sign) in line for line in tile_lines), sign
        if config.solo:
            assert f"bag {len(state.bag)} tiles" in board
        assert render_svg(public, config=config) == render_svg(
            observe_public(GAME.hidden_variant(state, 0, Rng(1))), config=config
        )
        # Seats' views still mark their seat (only in the two-player game, where "you" names one of two).
        if not config.solo:
            assert "(you)" in render_text(observe(state, 0))


def test_a_seated_view_says_you_and_the_public_one_does_not() -> None:
    state = new_game(Config(), seed=4)
    seat_text = render_text(observe(state, 1))
    assert "Seat 2 (you)" in seat_text
    public_text = render_text(observe_public(state))
    assert "Seat 2: hand" in public_text and "Seat 1: hand" in public_text
    seat_svg = render_svg(observe(state, 1))
    assert "the view of Seat 2" in ET.fromstring(seat_svg).findtext(f"{NS}title", "")
    solo = new_game(Config(players=1), seed=4)
    assert "Your" in render_svg(observe(solo, 0))
    public_solo = render_svg(observe_public(solo), config=solo.config)
    assert "Your" not in public_solo and "The player's hand" in _labels(public_solo)


def test_the_spectator_sees_every_event_whole_and_a_bad_seat_is_refused() -> None:
    state = new_game(Config(players=1), seed=9)
    assert any(isinstance(event, OmensPlaced) for event in state.recent_events)
    assert any(isinstance(event, KittyDrew) for event in state.recent_events)
    for event in state.recent_events:
        assert event_seen_by(event, SPECTATOR) == event == event_seen_by(event, 0)
    with pytest.raises(ValueError, match="no seat -2"):
        event_seen_by(state.recent_events[0], -2)
    with pytest.raises(ValueError, match="no seat -1"):
        observe(state, SPECTATOR)


@pytest.mark.parametrize("players", [1, 2])
def test_unseeded_playouts_give_the_same_public_view_to_every_seat(players: int) -> None:
    config = Config(players=players)
    for state in _states(config, None, 17 + players):
        assert state.rng is None
        public = observe_public(state)
        for seat in range(players):
            assert attrs.evolve(observe(state, seat), player=SPECTATOR) == public
        assert loads(dumps(public), GAME.view_type) == public


def test_the_public_view_of_an_unseeded_game_in_setup() -> None:
    state = new_game(Config())
    public = observe_public(state)
    assert public.player == SPECTATOR and public.bag_size == 0
    assert render_text(public).startswith("a spectator's view")
    assert "spectator" in render_svg(public)
