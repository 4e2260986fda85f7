"""What frontends rely on, for every game: events, pictures and text.

* ``step`` is ``apply`` with the step's events; a player decision starts a
  state's ``recent_events`` afresh and a chance step adds to them;
* every event round-trips through JSON with its tag and reads as a sentence;
* a view carries exactly the recent events as its seat may know them
  (``event_seen_by``), so the no-leak property of ``observe`` covers events;
* every state and every view draws a standalone, well-formed SVG picture
  (``<title>``, ``<desc>``, nothing fetched, nothing scripted), the same
  text each time, and shows it in Jupyter; the text board is not empty;
* a finished game's result reads as text;
* a spectator's public view does not change when any seat's secrets are
  redrawn, and draws like any view.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest
from hypothesis import given

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, sampled, seedings
from tests.properties.test_properties import scaled

SVG = "{http://www.w3.org/2000/svg}"
FORBIDDEN = ("<script", "<image", "href=", "url(", "@import", "@font-face", "<foreignObject", "javascript:")
"""What a standalone picture never contains: scripts, images, links and anything fetched."""


def check_picture(game: AnyGame, subject: Any) -> None:
    """A well-formed standalone SVG document with a title and a description, drawn the same way twice."""
    svg = game.render_svg(subject)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and (title.text or "").strip(), "no <title>"
    assert desc is not None and (desc.text or "").strip(), "no <desc>"
    for forbidden in FORBIDDEN:
        assert forbidden not in svg, f"the picture contains {forbidden!r}"
    assert game.render_svg(subject) == svg, "the same subject drew another picture"
    assert subject._repr_svg_() == svg
    text = game.render_text(subject)
    assert text.strip()


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=None))
def test_step_is_apply_with_the_events_a_view_shows_as_its_seat_may_know_them(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    first = game.new_game(config, seeds.game)
    assert isinstance(first.recent_events, tuple)

    def hook(before: Any, action: Any, after: Any) -> None:
        stepped, events = game.step(before, action)
        assert stepped == after, "step gave another state than apply"
        assert isinstance(events, tuple)
        if game.current_player(before) == CHANCE:
            assert after.recent_events == before.recent_events + events, "a chance step must add its events"
        else:
            assert after.recent_events == events, "a decision must start the recent events afresh"
        event: Any
        for event in events:
            text = dumps(event, game.event_type)
            assert json.loads(text)["type"] == type(event).TAG
            assert loads(text, game.event_type) == event
            sentence = game.describe_event(event)
            assert isinstance(sentence, str) and sentence.strip()
        for seat in range(config.players):
            seen = (game.event_seen_by(event, seat) for event in after.recent_events)
            assert game.observe(after, seat).recent_events == tuple(e for e in seen if e is not None)

    play(game, config, seeds, sampled(hook, seeds, 3))


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=True))
def test_every_state_and_view_draws_a_standalone_picture_and_a_text_board(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    def hook(before: Any, action: Any, after: Any) -> None:
        check_picture(game, after)
        for seat in range(config.players):
            check_picture(game, game.observe(after, seat))

    check_picture(game, game.new_game(config, seeds.game))
    final = play(game, config, seeds, sampled(hook, seeds, 17)).final
    check_picture(game, final)
    for seat in range(config.players):
        check_picture(game, game.observe(final, seat))
    assert game.describe_outcome(game.outcome(final)).strip()


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=True))
def test_a_spectator_sees_only_what_no_seat_hides(game: AnyGame, config: Any, seeds: Seeds) -> None:
    observe_public = game.observe_public
    other = Rng(seeds.chance)

    def hook(before: Any, action: Any, after: Any) -> None:
        public = observe_public(after)
        assert public.player == SPECTATOR
        assert loads(dumps(public), game.view_type) == public
        for seat in range(config.players):
            assert observe_public(game.hidden_variant(after, seat, other)) == public, f"seat {seat}'s secret leaks"
        check_picture(game, public)
        assert "(you)" not in game.render_svg(public)

    play(game, config, seeds, sampled(hook, seeds, 11))


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.05)
@given(seeds=seedings(seeded=True))
def test_every_game_renders_the_table_alone_as_text_and_a_view_keeps_its_seat_s_secrets(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    """``render`` (every game's, one contract): the table as text, the same each time, 100 columns at most,
    without the recent events, and a view's text the same on every state its seat cannot tell apart."""
    other = Rng(seeds.chance)
    checked = [0]

    def check(subject: Any) -> str:
        text = game.render(subject)
        assert isinstance(text, str) and text.strip()
        assert game.render(subject) == text, "the same subject rendered another text"
        assert max(map(len, text.splitlines())) <= 100, "a line wider than 100 columns"
        assert game.render(attrs.evolve(subject, recent_events=())) == text, "render shows the recent events"
        checked[0] += 1
        return text

    def hook(before: Any, action: Any, after: Any) -> None:
        check(after)
        for seat in range(config.players):
            seen = check(game.observe(after, seat))
            assert game.render(game.observe(game.hidden_variant(after, seat, other), seat)) == seen, (
                f"seat {seat}'s text shows a secret"
            )
        check(game.observe_public(after))

    check(game.new_game(config, seeds.game))
    play(game, config, seeds, sampled(hook, seeds, 13))
    assert checked[0] >= 1
