"""Undo steps in replays: written only when present, re-executed through ``undo``, refused like the rules refuse."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ofrenda_rules.json import state_digest
from ofrenda_rules.records import from_record, to_record
from ofrenda_rules.registry import get_game
from ofrenda_rules.replays import DivergenceKind, Replay, Step, dump_replay, load_replay, verify, verify_text
from ofrenda_rules.replays.viewer import replay_frames
from ofrenda_rules.undo import History, Undo, can_undo


def _game_with_undos(name: str, seed: int) -> tuple[Replay[object, object, object, object], int]:
    """A whole game by the last-legal-action bot, taking back (and replaying) up to three allowed decisions."""
    game = get_game(name)
    config = game.config_type()
    history: History[Any, Any] = History.start(game, game.new_game(config, seed))
    steps: list[Step[object]] = []
    undos = 0
    for _ in range(game.max_steps(config)):
        if game.is_over(history.state):
            break
        seat = game.current_player(history.state)
        action = game.legal_actions(history.state)[-1]
        history = history.play(action)
        steps.append(Step(action, seat, state_digest(history.state)))
        answer = can_undo(history, seat) if seat >= 0 and undos < 3 else None
        if isinstance(answer, Undo):
            history = answer.history
            steps.append(Step(action, seat, state_digest(history.state), undo=True))
            undos += 1
            history = history.play(action)
            steps.append(Step(action, seat, state_digest(history.state)))
    replay: Replay[object, object, object, object] = Replay(
        game=name, config=config, seed=seed, steps=tuple(steps), result=game.outcome(history.state)
    )
    return replay, undos


@pytest.mark.parametrize("name", ["portents", "ofrenda", "ofrendados"])
def test_a_replay_with_undo_steps_verifies_and_round_trips(name: str) -> None:
    replay, undos = _game_with_undos(name, 7)
    assert undos == 3
    text = dump_replay(replay)
    assert text.count('"undo":true') == 3
    assert load_replay(text) == replay
    report = verify_text(text)
    assert report.ok, report.summary()
    assert report.verified == len(replay.steps)


@pytest.mark.parametrize("name", ["portents", "ofrenda", "ofrendados"])
def test_an_undo_step_the_rules_refuse_is_a_divergence(name: str) -> None:
    replay, _ = _game_with_undos(name, 7)
    text = dump_replay(replay)
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if '"undo":true' in line)
    comma = lines[index].endswith(",")
    step = json.loads(lines[index].rstrip(","))
    step["player"] = (step["player"] + 1) % replay.config.players  # type: ignore[attr-defined]
    lines[index] = json.dumps(step, separators=(",", ":"), sort_keys=True) + ("," if comma else "")
    report = verify_text("\n".join(lines))
    assert report.divergence is not None
    assert report.divergence.kind is DivergenceKind.ILLEGAL_UNDO
    assert report.divergence.code == "not-your-decision"


def test_an_undo_step_naming_another_action_is_a_divergence() -> None:
    replay, _ = _game_with_undos("ofrenda", 7)
    position = next(i for i, step in enumerate(replay.steps) if step.undo)
    other = next(step.action for step in replay.steps if step.action != replay.steps[position].action)
    wrong = Step(other, replay.steps[position].player, undo=True)
    steps = (*replay.steps[:position], wrong, *replay.steps[position + 1 :])
    report = verify_text(dump_replay(Replay(game="ofrenda", config=replay.config, seed=7, steps=steps)))
    assert report.divergence is not None
    assert report.divergence.kind is DivergenceKind.ILLEGAL_UNDO
    assert report.divergence.step == position
    assert "another action" in report.divergence.reason


def test_a_record_leaves_out_the_undo_and_the_step_it_took_back() -> None:
    replay, undos = _game_with_undos("portents", 7)
    standing = [step for step in replay.steps if not step.undo]
    plain: Replay[object, object, object, object] = Replay(
        game="portents", config=replay.config, seed=7, steps=(), result=replay.result
    )
    record = to_record(replay)
    moves = [line for line in record.splitlines() if line[:1].isdigit()]
    assert len(moves) == len(standing) - undos
    assert to_record(plain).splitlines()[0] == record.splitlines()[0]
    assert verify(from_record(record)).ok


def test_the_viewer_shows_an_undo_as_the_table_before_the_decision_taken_back() -> None:
    replay, undos = _game_with_undos("ofrenda", 7)
    frames = replay_frames(replay, seat=0)
    assert len(frames) == len(replay.steps) + 1
    seen = 0
    for index, step in enumerate(replay.steps, start=1):
        if step.undo:
            assert frames[index].action.startswith("takes back: ")
            assert frames[index].svg == frames[index - 2].svg
            seen += 1
    assert seen == undos == 3
