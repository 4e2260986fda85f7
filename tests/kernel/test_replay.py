"""Replays: recording, the document format, limits on untrusted input, and verification."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conformance.mutations import KINDS, mutations
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.replay import (
    FORMAT,
    MAX_STEPS,
    Divergence,
    DivergenceKind,
    Recorder,
    Replay,
    ReplayFormatError,
    Report,
    Step,
    dump_replay,
    load_replay,
    replay_to_json_value,
    verify,
    verify_text,
)
from ofrenda_rules.serialization import dumps, loads
from tests.kernel.games import GAME_CONFIGS, GAMES, recorded

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(allow_nan=False),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def document(game: AnyGame, seed: int | None = 3, index: int = 0) -> dict[str, Any]:
    return replay_to_json_value(recorded(game, game.test_configs()[index], seed=seed, player_seed=1))


# ----------------------------------------------------------------- recording


FIRST_CONFIGS = [pytest.param(game, game.test_configs()[0], id=game.info.name) for game in games()]


@pytest.mark.parametrize(
    ("game", "config", "seed"),
    [pytest.param(*case.values, 17, id=f"seeded-{case.id}") for case in GAME_CONFIGS]
    + [pytest.param(*case.values, None, id=f"unseeded-{case.id}") for case in FIRST_CONFIGS],
)
def test_a_recorded_game_verifies_after_a_round_trip_through_text(game: AnyGame, config: Any, seed: int | None) -> None:
    """Unseeded games of every config are also covered by the conformance vectors."""
    replay = recorded(game, config, seed)
    text = dump_replay(replay)
    assert load_replay(text) == replay
    assert load_replay(text.encode()) == replay
    report = verify_text(text)
    assert report.ok, report.summary()
    assert report.over and report.verified == report.steps == len(replay.steps)
    assert report.divergence is None


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_replay_records_only_player_decisions(game: AnyGame) -> None:
    replay = recorded(game, game.test_configs()[0], seed=4)
    assert all(step.player is not None and step.player >= 0 for step in replay.steps)


@pytest.mark.parametrize("game", [g for g in games() if g.info.has_chance], ids=lambda g: g.info.name)
def test_an_unseeded_replay_records_chance_outcomes_as_steps(game: AnyGame) -> None:
    replay = recorded(game, game.test_configs()[0], seed=None)
    assert any(step.player == CHANCE for step in replay.steps)


@pytest.mark.parametrize("game", GAMES)
def test_the_recorder_refuses_an_illegal_action_and_records_nothing(game: AnyGame) -> None:
    config = game.test_configs()[0]
    recorder = Recorder(game, config, seed=2)
    legal = game.legal_actions(recorder.state)
    recorder.apply(legal[0])
    stale = legal[0]
    if game.validate(recorder.state, stale) is not None:
        with pytest.raises(IllegalActionError):
            recorder.apply(stale)
    assert len(recorder.replay().steps) == 1
    assert recorder.replay().result is None


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_document_is_canonical_json_with_one_step_per_line(game: AnyGame) -> None:
    text = dump_replay(recorded(game, game.test_configs()[0], seed=8))
    compact = text.replace("\n", "")
    assert compact == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    value = json.loads(text)
    assert value["format"] == FORMAT and value["version"] == 2 and value["game"] == game.info.name
    assert text.count("\n") == len(value) + len(value["steps"]) + 3


@pytest.mark.parametrize("game", GAMES)
def test_an_unfinished_replay_without_a_result_claim_verifies(game: AnyGame) -> None:
    value = document(game)
    value["steps"] = value["steps"][:3]
    del value["result"]
    report = verify_text(json.dumps(value))
    assert report.ok and not report.over and report.verified == 3 and report.outcome is None


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_without_claims_still_checks_every_action(game: AnyGame) -> None:
    value = document(game)
    for key in ("result", "initial_digest"):
        value.pop(key)
    last_digest = value["steps"][-1]["digest"]
    stripped = 0
    for step in value["steps"]:
        step.pop("digest")
        step.pop("player")
        stripped += 1
    report = verify_text(json.dumps(value))
    assert report.ok and report.over and report.verified == stripped == len(value["steps"])
    assert report.final_digest == last_digest, "every action was applied, in order"
    # Without claims the actions are still checked: another step's action where it is not legal is caught.
    caught = 0
    steps = value["steps"]
    for index in range(len(steps) // 2, min(len(steps), len(steps) // 2 + 12)):
        for other in (index - 1, (index + 1) % len(steps), 0, len(steps) - 1):
            if other == index or steps[other]["action"] == steps[index]["action"]:
                continue
            tampered = json.loads(json.dumps(value))
            tampered["steps"][index]["action"] = steps[other]["action"]
            divergence = verify_text(json.dumps(tampered)).divergence
            if divergence is not None and divergence.kind is DivergenceKind.ILLEGAL_ACTION:
                # The tampered action, or (when it happened to be legal too) a later one it made illegal.
                assert divergence.step is not None and divergence.step >= index
                assert divergence.path == f"$.steps[{divergence.step}].action"
                caught += divergence.step == index
    assert caught >= 3


# ------------------------------------------------------------ the report


@pytest.mark.parametrize("game", GAMES)
def test_a_report_round_trips_through_json(game: AnyGame) -> None:
    value = document(game)
    value["steps"][1]["digest"] = "0" * 64
    report = verify_text(json.dumps(value))
    assert loads(dumps(report), Report) == report
    assert report.divergence == Divergence(
        DivergenceKind.DIGEST_MISMATCH,
        "$.steps[1].digest",
        1,
        "the state after this step differs from the claimed digest",
        action=report.divergence.action if report.divergence else None,
        description=report.divergence.description if report.divergence else None,
        expected=report.divergence.expected if report.divergence else None,
        claimed="0" * 64,
    )
    # The summary counts steps from 1 (as play and replay do); the index stays in the path and in `step`.
    assert "FAIL step 2 " in report.summary() and "$.steps[1]" in report.summary()
    assert "digest-mismatch" in report.summary()


# ----------------------------------------------------- mutations of real replays


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [5, None], ids=["seeded", "unseeded"])
def test_every_mutation_of_a_real_replay_is_rejected_at_its_step(game: AnyGame, seed: int | None) -> None:
    seen = set()
    for mutation in mutations(document(game, seed), seed=11):
        report = verify_text(json.dumps(mutation.document))
        divergence = report.divergence
        assert divergence is not None, mutation.note
        assert divergence.step == mutation.step, (mutation.note, str(divergence))
        assert divergence.kind.value in mutation.divergences, (mutation.note, str(divergence))
        assert divergence.reason and divergence.path.startswith("$")
        if mutation.step is not None:
            assert divergence.path.startswith(f"$.steps[{mutation.step}]")
        seen.add(mutation.kind)
    assert seen >= set(KINDS) - {"illegal-action", "other-legal-action"}


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_random_mutations_are_rejected_at_the_right_step(game: AnyGame, data: st.DataObject) -> None:
    seed = data.draw(st.sampled_from([None, 1, 2**64 - 1]), label="seed")
    index = data.draw(st.integers(0, len(game.test_configs()) - 1), label="config")
    found = list(mutations(document(game, seed, index), seed=data.draw(st.integers(0, 2**32), label="choice")))
    mutation = data.draw(st.sampled_from(found), label="mutation")
    divergence = verify_text(json.dumps(mutation.document)).divergence
    assert divergence is not None and divergence.step == mutation.step
    assert divergence.kind.value in mutation.divergences


# ------------------------------------------------------- untrusted documents


@given(value=JSON_VALUES)
def test_any_json_document_gives_a_report_never_an_exception(value: object) -> None:
    report = verify_text(json.dumps(value))
    assert not report.ok
    assert report.divergence is not None and report.divergence.kind is DivergenceKind.MALFORMED


OPTIONAL_CLAIMS = frozenset({"result", "initial_digest", "player", "digest"})
"""Members a replay may omit or set to ``null``: claims that verification checks only when present."""


def same_json(a: object, b: object) -> bool:
    """Whether two JSON values are the same document (``1``, ``1.0`` and ``true`` all differ)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_documents_with_random_members_are_rejected_with_a_path(game: AnyGame, data: st.DataObject) -> None:
    """A replaced member is accepted only when the replay means the same or only drops an optional claim."""
    value = document(game)
    target: Any = value
    path = "$"
    for _ in range(data.draw(st.integers(0, 3), label="depth")):
        if isinstance(target, dict) and target:
            key = data.draw(st.sampled_from(sorted(target)), label="key")
        elif isinstance(target, list) and target:
            key = data.draw(st.integers(0, len(target) - 1), label="index")
        else:
            break
        if not isinstance(target[key], dict | list):
            break
        target = target[key]
        path += f".{key}" if isinstance(key, str) else f"[{key}]"
    replacement = data.draw(JSON_VALUES, label="replacement")
    original = json.loads(json.dumps(value))
    dropped_claim = False
    if isinstance(target, dict):
        key = data.draw(st.sampled_from([*sorted(target), "unexpected"]), label="member")
        dropped_claim = replacement is None and key in OPTIONAL_CLAIMS
        target[key] = replacement
    elif target:
        target[data.draw(st.integers(0, len(target) - 1), label="item")] = replacement
    report = verify_text(json.dumps(value))
    if same_json(value, original):
        assert report.ok, report.summary()
    elif report.ok:
        # Accepted although changed: only when the change drops a claim or means the same replay
        # (e.g. a config member replaced by its default value).
        assert dropped_claim or load_replay(json.dumps(value)) == load_replay(json.dumps(original)), (
            f"a changed member at {path} was accepted"
        )
    else:
        assert report.divergence is not None
        assert report.divergence.reason
        assert report.divergence.path.startswith("$")


def strict_json(text: str) -> object:
    """The JSON value of ``text`` keeping what ``json.loads`` blurs: number spelling, member order, duplicates."""
    return json.loads(
        text,
        parse_int=lambda s: ("int", s),
        parse_float=lambda s: ("float", s),
        parse_constant=lambda s: ("constant", s),
        object_pairs_hook=tuple,
    )


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_corrupted_text_is_rejected_unless_it_is_the_same_document(game: AnyGame, data: st.DataObject) -> None:
    text = dump_replay(recorded(game, game.test_configs()[0], seed=2))
    position = data.draw(st.integers(0, len(text) - 1), label="position")
    junk = data.draw(st.text(max_size=3), label="junk")
    corrupted = text[:position] + junk + text[position + 1 :]
    try:
        unchanged = strict_json(corrupted) == strict_json(text)
    except ValueError:
        unchanged = False
    report = verify_text(corrupted)
    assert isinstance(report, Report)
    if unchanged:
        assert report.ok and report == verify_text(text), report.summary()
    else:
        assert not report.ok, f"{junk!r} at offset {position} changed the document but it was accepted"
        assert report.divergence is not None and report.divergence.reason


def test_documents_over_the_size_limit_are_refused_before_parsing() -> None:
    report = verify_text(b"[" * 10 + b" " * 100, max_bytes=50)
    assert report.divergence is not None and "exceeds the limit of 50" in report.divergence.reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[1" + "0" * 5000 + "]", "not valid JSON: Exceeds the limit"),
        ('{"format": 1, "format": 2}', "member 'format' appears twice"),
        ("[NaN]", "NaN is not a JSON number"),
        ('{"seed": Infinity}', "Infinity is not a JSON number"),
        (b"\xff\xfe\x00", "not UTF-8 text: byte 0"),
        ("", "not valid JSON"),
    ],
)
def test_json_that_python_would_accept_loosely_is_refused(text: str | bytes, words: str) -> None:
    report = verify_text(text)
    assert report.divergence is not None and report.divergence.path == "$"
    assert words in report.divergence.reason


def test_documents_nested_too_deep_are_refused() -> None:
    report = verify_text("[" * 100_000 + "]" * 100_000)
    assert report.divergence is not None and "nested deeper" in report.divergence.reason


@pytest.mark.parametrize("game", GAMES)
def test_more_steps_than_the_game_can_have_are_refused_at_the_first_extra_step(game: AnyGame) -> None:
    value = document(game)
    limit = game.max_steps(game.test_configs()[0])
    value["steps"] = value["steps"] * (limit // len(value["steps"]) + 1)
    with pytest.raises(ReplayFormatError, match="more than the") as caught:
        load_replay(json.dumps(value))
    assert caught.value.step == limit and caught.value.path == "$.steps"


@pytest.mark.parametrize("game", GAMES)
def test_more_than_max_steps_are_refused_by_the_schema(game: AnyGame) -> None:
    value = document(game)
    value["steps"] = [{"action": {}}] * (MAX_STEPS + 1)
    report = verify_text(json.dumps(value))
    assert report.divergence is not None and f"more than {MAX_STEPS}" in report.divergence.reason


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda v: v.update(format="other"), "$.format", "expected 'ofrenda-rules-replay'"),
        (lambda v: v.update(version=3), "$.version", "unsupported replay version 3"),
        (lambda v: v.update(game="chess"), "$.game", "no game named 'chess'"),
        (lambda v: v.update(seed=-1), "$.seed", "less than the minimum 0"),
        (lambda v: v.update(seed=2**64), "$.seed", "more than the maximum"),
        (lambda v: v.update(seed="7"), "$.seed", "expected an integer or null"),
        (lambda v: v.pop("steps"), "$", "missing member 'steps'"),
        (lambda v: v.update(extra=True), "$", "unknown member 'extra'"),
        (lambda v: v.update(initial_digest="ABC"), "$.initial_digest", "does not match"),
        (lambda v: v["config"].update(players=99), "$.config", "99"),
        (lambda v: v["steps"][2].update(digest=7), "$.steps[2].digest", "expected a string or null"),
        (lambda v: v["steps"][2].update(player="me"), "$.steps[2].player", "expected an integer or null"),
    ],
)
def test_malformed_members_are_named_by_their_path(change: Any, path: str, words: str) -> None:
    value = document(games()[0])
    change(value)
    report = verify_text(json.dumps(value))
    assert report.divergence is not None and report.divergence.kind is DivergenceKind.MALFORMED
    assert report.divergence.path == path, report.divergence
    assert words in report.divergence.reason
    with pytest.raises(ReplayFormatError, match="^" + path.replace("$", r"\$").replace("[", r"\[")):
        load_replay(json.dumps(value))


def test_a_replay_object_built_by_hand_verifies_like_a_document() -> None:
    game = games()[0]
    config = game.test_configs()[0]
    state = game.new_game(config, 1)
    action = game.legal_actions(state)[0]
    replay: Replay[Any, Any, Any, Any] = Replay(game=game.info.name, config=config, seed=1, steps=(Step(action),))
    assert verify(replay).ok
    assert replay.actions == (action,)


def test_an_engine_failure_is_reported_at_its_step_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import attrs

    from ofrenda_rules import registry

    game = games()[0]
    text = dump_replay(recorded(game, game.test_configs()[0], seed=6))

    def broken(state: object, action: object) -> None:
        raise KeyError("boom")

    monkeypatch.setitem(registry._cache, game.info.name, attrs.evolve(game, validate=broken))
    report = verify_text(text)
    assert report.divergence is not None
    assert report.divergence.kind is DivergenceKind.ENGINE_ERROR and report.divergence.step == 0
    assert "KeyError" in report.divergence.reason


@pytest.mark.parametrize("tag", [{}, [], ["pass"], {"type": "pass"}, 1.5, None, True])
@pytest.mark.parametrize("game", GAMES)
def test_an_action_tag_that_is_not_a_string_is_malformed_not_a_crash(game: AnyGame, tag: object) -> None:
    """Issue 14: ``steps[i].action.type`` of any JSON type gives a report at that step, never a TypeError."""
    value = document(game)
    value["steps"][0]["action"]["type"] = tag
    report = verify_text(json.dumps(value))
    assert report.divergence is not None and report.divergence.kind is DivergenceKind.MALFORMED
    assert report.divergence.path == "$.steps[0].action.type" and report.divergence.step == 0
    with pytest.raises(ReplayFormatError, match=r"^\$\.steps\[0\]\.action\.type: .* is not one of"):
        load_replay(json.dumps(value))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_replay_in_another_encoding_than_utf8_is_refused(encoding: str) -> None:
    """The replay format is UTF-8; :func:`json.loads` would silently detect UTF-16 and UTF-32 in bytes."""
    text = json.dumps(document(games()[0]))
    assert verify_text(text.encode()).ok
    report = verify_text(text.encode(encoding))
    assert report.divergence is not None and report.divergence.kind is DivergenceKind.MALFORMED
    assert report.divergence.path == "$"
    assert any(words in report.divergence.reason for words in ("not UTF-8", "BOM", "not valid JSON"))
