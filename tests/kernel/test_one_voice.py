"""One voice (issue 38, point 5): every sentence a person reads names seats as they count them, Seat 1 to Seat N."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from ofrenda_rules.picks import picks_of
from ofrenda_rules.registry import AnyGame, games

ZERO_BASED = re.compile(r"\b(?:seat|player|Player) \d|\bSeat 0\b|\b(?:[Cc]ell|[Ss]pace|[Ss]lot|row|column) 0\b")
"""A seat named as code counts it, or a seat, cell, space or slot counted from 0 ("cell 0 (row 1, column 0)")."""
TRACK_ZERO = {"ofrendados": re.compile(r"\b[Ss]pace 0\b")}
"""Words that count from 0 on purpose: Ofrendados' Path is a track from Mictlán, its space 0, to space 24."""
SEAT = re.compile(r"\bSeat (\d+)\b")


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.name)
def test_every_description_names_seats_from_one(game: AnyGame) -> None:
    """A seeded playout: each move, each event, each text board, each pick and the result count from 1.

    Issue 38, point 5: seats read "Seat 1".."Seat N", and cells, spaces and
    slots are numbered from 1 (Ofrendados said "cell 0 (row 1, column 0)").
    """
    rng = random.Random(11)
    config = game.test_configs()[0]
    state = game.new_game(config, 11)
    players = len(game.score(state))
    seats_named: set[int] = set()
    texts = 0
    for _ in range(game.max_steps(config)):
        if game.is_over(state):
            break
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        sentences = [game.describe_action(state, action), game.render_text(state)]
        seat = game.current_player(state)
        if isinstance(seat, int) and seat >= 0:
            sentences.extend(pick.label for pick in picks_of(game, state).path_of(action))
        state, events = game.step(state, action)
        sentences.extend(game.describe_event(event) for event in events)
        for sentence in sentences:
            texts += 1
            track = TRACK_ZERO.get(game.info.name)
            assert not ZERO_BASED.search(track.sub("", sentence) if track else sentence), sentence
            seats_named.update(int(n) for n in SEAT.findall(sentence))
    assert game.is_over(state)
    result = game.describe_outcome(game.outcome(state))
    assert not ZERO_BASED.search(result), result
    seats_named.update(int(n) for n in SEAT.findall(result))
    assert texts > 10
    assert seats_named and min(seats_named) == 1 and max(seats_named) <= players


PICTURE_ZERO_BASED = re.compile(r"\b(?:seat|player|Player) \d|\bSeat 0\b|\b(?:[Cc]ell|[Ss]pace|[Ss]lot|row|column) 0\b")
"""A seat, cell, space or slot counted from 0 where a person reads it (a label, a title or a drawn word)."""


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.name)
def test_every_picture_labels_seats_cells_slots_and_spaces_from_one(game: AnyGame) -> None:
    """Issue 38, point 6: the pictures' words (drawn text, titles, descriptions) count from 1, as the text does.

    Element ids and ``data-pick`` attributes are for programs and keep 0-based indices.
    """
    rng = random.Random(5)
    config = game.test_configs()[0]
    state = game.new_game(config, 5)
    players = len(game.score(state))
    seats_named: set[int] = set()
    pictures = 0
    for step in range(game.max_steps(config)):
        if game.is_over(state):
            break
        if step % 7 == 0:
            subjects = [state, *(game.observe(state, seat) for seat in range(players)), game.observe_public(state)]
            for subject in subjects:
                root = ET.fromstring(game.render_svg(subject))
                words = " | ".join(text for text in root.itertext() if text.strip())
                assert not PICTURE_ZERO_BASED.search(words), PICTURE_ZERO_BASED.findall(words)
                seats_named.update(int(n) for n in SEAT.findall(words))
                pictures += 1
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert pictures > 10
    assert players == 1 or (min(seats_named) == 1 and max(seats_named) == players), seats_named
