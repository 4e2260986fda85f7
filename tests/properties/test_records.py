"""Text game records over every registered game (issue 41).

Every golden replay (``conformance/<game>/replays``) and games of the property
suite write a record that reads back into the same replay (digests apart),
which ``verify`` accepts, and that writes again to the same text. A seat's
record hides exactly what the seat could not see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.records import HIDDEN, RecordError, from_record, to_record
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import AnyReplay, load_replay, record, verify
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, seedings
from tests.properties.test_properties import scaled

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "conformance").glob("*/replays/*.json"))


def assert_round_trip(replay: AnyReplay) -> str:
    """The record of ``replay`` reads back into the same game, verifies, and writes the same text again."""
    text = to_record(replay)
    again = from_record(text)
    assert again.game == replay.game
    assert again.config == replay.config
    assert again.seed == replay.seed
    assert again.actions == replay.actions
    assert again.result == replay.result
    assert again.edition == replay.edition
    claimed = [step.player for step in replay.steps]
    assert all(c is None or c == step.player for c, step in zip(claimed, again.steps, strict=True))
    report = verify(again)
    assert report.ok, report.summary()
    assert to_record(again) == text
    return text


def test_the_golden_replays_are_found() -> None:
    games = {path.parent.parent.name for path in GOLDEN}
    assert games == {"dia_de_los_muertos", "ofrenda", "ofrendados", "portents"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_every_golden_replay_round_trips_through_its_record(path: Path) -> None:
    replay = load_replay(path.read_bytes())
    text = assert_round_trip(replay)
    moves = [line for line in text.splitlines() if line[:1].isdigit()]
    assert len(moves) == len(replay.steps)


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.25)
@given(seeds=seedings(seeded=None))
def test_played_games_round_trip_through_their_records(game: AnyGame, config: Any, seeds: Seeds) -> None:
    played = play(game, config, seeds)
    assert_round_trip(record(game, config, seeds.game, played.actions))


def _moves(text: str) -> list[str]:
    return [line.split(" ", 1)[1] for line in text.splitlines() if line[:1].isdigit()]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_a_seats_record_hides_exactly_what_the_seat_could_not_see(game: AnyGame, config: Any) -> None:
    seeds = Seeds(game=None, players=config.players + 11, chance=5)
    played = play(game, config, seeds)
    replay = record(game, config, None, played.actions)
    full = _moves(to_record(replay))
    hidden = 0
    for seat in range(config.players):
        text = to_record(replay, seat=seat)
        assert f"[Seat {seat + 1}]" in text
        mine = _moves(text)
        assert len(mine) == len(full)
        state = game.new_game(config, None)
        for action, written, whole in zip(replay.actions, mine, full, strict=True):
            actor = game.current_player(state)
            if HIDDEN in written:
                hidden += 1
                assert actor != seat
                seen = game.observe(game.apply(state, action), seat)
                assert any(
                    other != action and game.observe(game.apply(state, other), seat) == seen
                    for other in game.legal_actions(state)
                )
            else:
                assert written == whole
            state = game.apply(state, action)
        if HIDDEN in " ".join(mine):
            with pytest.raises(RecordError, match="hidden move"):
                from_record(text)
    if not game.info.hidden_information:
        assert hidden == 0
    elif config.players > 1 or game.info.name == "ofrenda":
        assert hidden > 0  # the other hands' deals (Ofrenda solo: the portraits removed unseen)


@pytest.mark.parametrize(("game", "config"), CASES[:1] + CASES[-1:])
def test_a_seeded_seats_record_hides_the_seed_and_cannot_be_replayed(game: AnyGame, config: Any) -> None:
    played = play(game, config, Seeds(game=9, players=2))
    replay = record(game, config, 9, played.actions[:6])
    text = to_record(replay, seat=0)
    assert '[Seed "??"]' in text
    with pytest.raises(RecordError, match="hides the seed") as caught:
        from_record(text)
    assert caught.value.line == 4


def test_chance_outcomes_are_marked() -> None:
    path = ROOT / "conformance" / "dia_de_los_muertos" / "replays" / "gen-00-players-3-unseeded.json"
    replay = load_replay(path.read_bytes())
    moves = [line.split(" ") for line in to_record(replay).splitlines() if line[:1].isdigit()]
    chance = [move for move, step in zip(moves, replay.steps, strict=True) if step.player == CHANCE]
    assert chance
    assert all(move[1] == "*" and move[2] == "deal" for move in chance)
