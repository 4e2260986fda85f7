"""The spectator's view (``observe_public``): the table, never a hand, the deck, the bag or a removed portrait."""

from __future__ import annotations

import re

import attrs
import pytest

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda import (
    GAME,
    Config,
    Phase,
    PortraitDealt,
    PortraitRemoved,
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
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

_EVERY = 11  # every 11th state of a playout (and the first and last), to bound the run time
_YOU = re.compile(r"\(you\)|you are seat")  # a seat marked as the viewer's (the solo verdicts quote "you")


def _sampled_states(config: Config, player_seed: int) -> list[State]:
    """States along an unseeded random playout (chance drawn by the driver, so setup states are included)."""
    states: list[State] = []
    playout = random_playout(GAME, config, seed=None, player_seed=player_seed, on_step=lambda s, a: states.append(s))
    assert playout.final.phase is Phase.OVER
    return [*states[::_EVERY], states[-1], playout.final]


def _named(text: str, card: int) -> bool:
    """Whether a picture or a text board names ``card``: ``portrait 7: ...``, ``portrait 7 (...)`` or ``#7``.

    (Not a colour such as ``#7f2a1c``, nor the text legend's example ``portrait 7, branch``.)
    """
    return re.search(rf"\bportrait {card}[:\s]\s*\(?|#{card}(?![0-9a-fA-F])", text) is not None


def _hidden_cards(state: State) -> set[int]:
    hidden = set(state.deck) | set(state.removed)
    for hand in state.hands:
        hidden |= set(hand)
    return hidden


def _check_fields_against_seat(public: View, seen: View, state: State, seat: int) -> None:
    """A seat's view is the public view plus that seat's hand and the cards dealt to it."""
    assert public.player == SPECTATOR and seen.player == seat
    assert public.hand == () and seen.hand == state.hands[seat]
    assert public.hand_sizes == seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    for field in attrs.fields(View):
        if field.name not in ("player", "hand", "recent_events"):
            assert getattr(public, field.name) == getattr(seen, field.name), field.name
    assert len(public.recent_events) == len(seen.recent_events) == len(state.recent_events)
    for mine, theirs, truth in zip(seen.recent_events, public.recent_events, state.recent_events, strict=True):
        if isinstance(truth, PortraitDealt):
            assert theirs == PortraitDealt(truth.seat, None)
            assert mine == (truth if truth.seat == seat else theirs)
        elif isinstance(truth, PortraitRemoved):
            assert mine == theirs == PortraitRemoved(None)
        else:
            assert mine == theirs == truth


def _check_renders(public: View, state: State) -> None:
    svg = render_svg(public)
    text = render_text(public)
    assert "<title>Ofrenda" in svg and "what a spectator sees</title>" in svg
    assert "(spectator)" in " ".join(text.splitlines()[:2])  # the heading, wrapped at 100 characters
    for drawn in (svg, text):
        assert not _YOU.search(drawn)
        for card in _hidden_cards(state):
            assert not _named(drawn, card), card
    for seat, hand in enumerate(state.hands):
        assert f"Seat {seat + 1}: hand of {len(hand)} portrait{'s' * (len(hand) != 1)}, face down" in svg
        assert f"  hand: {len(hand)} portrait{'s' * (len(hand) != 1)}, unseen" in text.splitlines()


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_a_spectator_sees_the_same_of_every_hidden_variant_and_each_seat_sees_the_public_view_plus_its_own(
    config: Config,
) -> None:
    for state in _sampled_states(config, player_seed=31):
        public = observe_public(state)
        for seat in range(config.players):
            for k in range(2):
                variant = hidden_variant(state, seat, Rng(100 * seat + k))
                assert observe_public(variant) == public
            _check_fields_against_seat(public, observe(state, seat), state, seat)
        assert loads(dumps(public, GAME.view_type), GAME.view_type) == public
        for event in public.recent_events:
            assert not isinstance(event, PortraitDealt | PortraitRemoved) or event.card is None
        _check_renders(public, state)


def test_a_seeded_game_starts_with_every_dealt_card_hidden_from_a_spectator() -> None:
    """Setup: "deal 3 Portraits to each player" -- a spectator sees that they were dealt, not which."""
    state = new_game(Config(players=3), seed=12)
    public = observe_public(state)
    dealt = [e for e in public.recent_events if isinstance(e, PortraitDealt)]
    assert [e.seat for e in dealt] == [0, 1, 2] * 3
    assert all(e.card is None for e in dealt)
    assert all(event_seen_by(e, SPECTATOR) == e for e in public.recent_events)
    assert public.hand_sizes == (3, 3, 3) and public.hand == ()
    assert public.deck_size == len(state.deck)
    assert '"hands"' not in dumps(public) and '"deck"' not in dumps(public)


def test_a_seat_sees_its_own_dealt_card_and_a_spectator_sees_none() -> None:
    dealt = PortraitDealt(seat=1, card=14)
    assert event_seen_by(dealt, 1) == dealt
    assert event_seen_by(dealt, 0) == PortraitDealt(1, None)
    assert event_seen_by(dealt, SPECTATOR) == PortraitDealt(1, None)
    assert event_seen_by(PortraitRemoved(card=3), SPECTATOR) == PortraitRemoved(None)


def test_the_solo_spectator_sees_the_removed_count_but_not_the_removed_portraits() -> None:
    """Solo setup: "randomly remove three Portraits from the deck [...] without looking at them.\""""
    state = new_game(Config(players=1), seed=8)
    public = observe_public(state)
    assert public.removed_count == 3
    svg = render_svg(public)
    assert "removed unseen: 3 (face down)" in svg
    assert not any(_named(svg, card) for card in state.removed)


def test_a_seat_view_names_its_own_hand_so_the_hiding_checks_can_fail() -> None:
    state = new_game(Config(players=2), seed=3)
    seen = observe(state, 0)
    assert all(_named(render_svg(seen), card) for card in state.hands[0])
    assert all(_named(render_text(seen), card) for card in state.hands[0])
    assert _YOU.search(render_text(seen)) and _YOU.search(render_svg(seen))


def test_the_registered_game_has_the_public_view() -> None:
    state = new_game(Config(players=4, common_goals=True), seed=2)
    assert GAME.observe_public is observe_public
    assert observe_public(state)._repr_svg_() == render_svg(observe_public(state))
