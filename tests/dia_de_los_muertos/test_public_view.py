"""A spectator's public view: what every seat sees, less every seat's own secrets."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest

from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Card,
    Config,
    Event,
    HandsDealt,
    State,
    View,
    event_seen_by,
    hidden_variant,
    new_game,
    observe,
    observe_public,
    render_svg,
    render_text,
)
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

SVG = "{http://www.w3.org/2000/svg}"
SAMPLES_PER_GAME = 10
CARD_NAME = re.compile(r"\b(?:Black|Red|White) (?:[1-9]|1[0-9]|20)\b")
YOU = re.compile(r"\byou(?:rs?)?\b", re.IGNORECASE)


def sampled_states(config: Config, seed: int | None) -> list[tuple[State, frozenset[Card]]]:
    """A bounded sample of the states of one random playout, the first and the final one included.

    Each with the cards that were ever face up on the table before it (played, in front of a seat).
    """
    seen: list[State] = []
    playout = random_playout(GAME, config, seed, 31 if seed is None else seed, on_step=lambda s, a: seen.append(s))
    seen.append(playout.final)
    face_up: set[Card] = set()
    states = []
    for state in seen:
        face_up.update(c for c in state.in_front if c is not None)
        states.append((state, frozenset(face_up)))
    step = max(1, len(states) // SAMPLES_PER_GAME)
    return [*states[::step], states[-1]]


def hidden_cards(state: State, face_up: frozenset[Card]) -> list[Card]:
    """Every card no spectator may see: all the hands, the undealt deck and the cards set aside.

    Less the cards that were face up on the table: when the game stops, the cards that lay in front
    of the players are set aside with the hands, and the step's events name the last one played.
    """
    named = {c for event in state.recent_events for c in _cards(event)}
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.set_aside)
    return [c for c in cards if c not in named and c not in face_up]


def _cards(event: Event) -> list[Card]:
    """The cards an event names."""
    found: list[Card] = []
    for value in attrs.asdict(event, recurse=False).values():
        found.extend(v for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, Card))
    return found


def written(text: str, hidden: list[Card]) -> list[str]:
    """The names of ``hidden`` cards written anywhere in ``text`` (``Red 1`` does not match ``Red 14``)."""
    names = set(CARD_NAME.findall(text))
    return [str(c) for c in hidden if str(c) in names]


def check_public(state: State, face_up: frozenset[Card], rng: Rng) -> Rng:
    """Every property of the public view of ``state``; returns the advanced generator."""
    public = observe_public(state)
    assert public.player == SPECTATOR
    assert public.hand == ()
    assert public.hand_sizes == tuple(map(len, state.hands))
    # Nothing private leaks: hiding any seat's secrets (the other hands, the deck, the cards dealt) changes nothing.
    for seat in range(state.config.players):
        variant = hidden_variant(state, seat, rng)
        rng = Rng(rng.next_u64()[0])
        assert observe_public(variant) == public, f"seat {seat}'s hidden variant changes the public view"
    # What every seat sees, less that seat's own hand.
    for seat in range(state.config.players):
        view = observe(state, seat)
        assert public.players == view.players and public.config == view.config
        assert public.hand_sizes == view.hand_sizes and public.stock_size == view.stock_size
        assert public.in_front == view.in_front and public.piles == view.piles
        assert (public.leader, public.lead_card, public.high_low) == (view.leader, view.lead_card, view.high_low)
        assert (public.current_player, public.taking) == (view.current_player, view.taking)
        assert (public.set_aside_count, public.tricks, public.over) == (view.set_aside_count, view.tricks, view.over)
        assert public.recent_events == view.recent_events
        redacted = tuple(event_seen_by(event, SPECTATOR) for event in view.recent_events)
        assert attrs.evolve(view, player=SPECTATOR, hand=(), recent_events=redacted) == public
    assert public.recent_events == tuple(event_seen_by(event, SPECTATOR) for event in state.recent_events)
    unseen = {c for hand in state.hands for c in hand} | set(state.stock)
    assert not [c for event in public.recent_events for c in _cards(event) if c in unseen]
    # JSON, both ways.
    assert loads(dumps(public), GAME.view_type) == public
    # Pictures and text: no hidden card, no seat marked as "you", the spectator named.
    hidden = hidden_cards(state, face_up)
    svg = render_svg(public)
    text = render_text(public)
    for drawn in (svg, text):
        assert not written(drawn, hidden)
        assert not YOU.search(drawn), YOU.search(drawn)
    assert "spectator" in text.splitlines()[0]
    root = ET.fromstring(svg)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None and "spectator" in title.text
    hands = [g for g in root.iter(f"{SVG}g") if g.get("class") == "hand"]
    assert len(hands) == state.config.players
    for group in hands:
        label = group.find(f"{SVG}title")
        assert label is not None and label.text is not None and label.text.endswith("face down")
    rows = [row for row in root.iter(f"{SVG}g") if row.get("class") == "hand-row"]
    drawn_rows = [g for row in rows for g in row.iter(f"{SVG}g")]
    assert not [g for g in drawn_rows if g.get("class") == "card"], "a spectator sees no card of any hand"
    return rng


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_the_public_view_along_seeded_playouts(config: Config) -> None:
    rng = Rng(41)
    for seed in (3 + config.players, 1009):
        for state, face_up in sampled_states(config, seed):
            rng = check_public(state, face_up, rng)


def test_the_public_view_while_dealing_card_by_card() -> None:
    rng = Rng(8)
    for state, face_up in sampled_states(Config(players=5), None):
        rng = check_public(state, face_up, rng)


def test_the_game_definition_offers_the_public_view() -> None:
    state = new_game(Config(players=6), seed=2)
    assert GAME.observe_public(state) == observe_public(state)
    assert GAME.view_type is View


def test_the_deal_is_one_public_event_that_names_no_card() -> None:
    dealt = HandsDealt((15, 15, 15), 15)
    assert event_seen_by(dealt, SPECTATOR) == event_seen_by(dealt, 2) == dealt
    public = observe_public(new_game(Config(players=3), seed=11))
    assert public.recent_events == (dealt,)
    assert _cards(dealt) == []


def test_the_spectator_picture_puts_seat_0_at_the_bottom_and_names_no_hand() -> None:
    state = new_game(Config(players=4), seed=7)
    svg = render_svg(observe_public(state))
    assert "seen by a spectator" in svg
    assert "Spectator: every hand is face down (48 cards in hands, counts above)" in svg
    assert "(you)" not in svg and "Your hand" not in svg
    # The seat panels: Seat 1 (index 0) at the bottom as in a state's picture, not the last seat (player == -1).
    assert render_svg(state).index(">Seat 1<") > 0
    seat_0 = re.search(r'<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>Seat 1</text>', svg)
    seat_3 = re.search(r'<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>Seat 4</text>', svg)
    assert seat_0 is not None and seat_3 is not None
    assert float(seat_0.group(2)) > float(seat_3.group(2))
