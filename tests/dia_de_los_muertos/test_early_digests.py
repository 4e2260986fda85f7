"""Replays recorded before ``State.replacing`` existed still verify: their digests are taken with it at its default."""

from __future__ import annotations

import random

import attrs

from ofrenda_rules.dia_de_los_muertos import GAME, Action, Config, State, legal_actions, new_game
from ofrenda_rules.dia_de_los_muertos.events import CardPlayed
from ofrenda_rules.json import early_state_digest, state_digest, to_json_value
from ofrenda_rules.replays import Replay, dump_replay, record, verify_text
from ofrenda_rules.replays.verify import DivergenceKind


def _game(seed: int) -> Replay[object, object, object, object]:
    rnd = random.Random(seed)
    config = Config(players=3)
    state = new_game(config, seed=seed)
    actions = []
    while not state.over:
        action = rnd.choice(legal_actions(state))
        actions.append(action)
        state = GAME.apply(state, action)
    return record(GAME, config, seed, actions)


def _states(replay: Replay[object, object, object, object]) -> list[State]:
    state = new_game(Config(players=3), seed=replay.seed)
    states = []
    for step in replay.steps:
        assert isinstance(step.action, Action)
        state = GAME.apply(state, step.action)
        states.append(state)
    return states


def test_the_early_digest_leaves_out_the_replacement_flags_and_only_them() -> None:
    replay = _game(5)
    replacing = same = 0
    for state in _states(replay):
        value = to_json_value(state, State)
        assert isinstance(value, dict)
        marked = state.replacing or any(isinstance(e, CardPlayed) and e.replacement for e in state.recent_events)
        if marked:
            replacing += 1
            assert early_state_digest(state) != state_digest(state)
            early = attrs.evolve(
                state,
                replacing=False,
                recent_events=tuple(
                    attrs.evolve(event, replacement=False) if isinstance(event, CardPlayed) else event
                    for event in state.recent_events
                ),
            )
            assert early_state_digest(state) == state_digest(early)
        else:
            same += 1
            assert early_state_digest(state) == state_digest(state)
            assert "replacing" not in value  # written only when true
    assert replacing > 0 and same > 0


def test_a_replay_with_early_digests_verifies_and_a_wrong_digest_does_not() -> None:
    """A format-2 replay recorded before the flags existed claims early digests; the verifier accepts them."""
    replay = _game(6)
    states = _states(replay)
    early_steps = tuple(
        attrs.evolve(step, digest=early_state_digest(state)) for step, state in zip(replay.steps, states, strict=True)
    )
    changed = sum(step.digest != new.digest for step, new in zip(replay.steps, early_steps, strict=True))
    assert changed > 0  # some states had a replacement due or just played
    early = attrs.evolve(replay, steps=early_steps)
    assert verify_text(dump_replay(early)).ok
    assert verify_text(dump_replay(replay)).ok
    wrong = list(early_steps)
    at = next(i for i, (a, b) in enumerate(zip(replay.steps, early_steps, strict=True)) if a.digest != b.digest)
    wrong[at] = attrs.evolve(wrong[at], digest="0" * 64)
    report = verify_text(dump_replay(attrs.evolve(replay, steps=tuple(wrong))))
    assert not report.ok
    assert report.divergence is not None and report.divergence.kind is DivergenceKind.DIGEST_MISMATCH
    assert report.divergence.step == at
