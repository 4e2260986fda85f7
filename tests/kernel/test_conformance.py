"""The conformance vectors in conformance/: every file verifies as its manifest says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conformance.generate import EARLY_VERSION_2, GENERATED, MANIFEST_FORMAT, RNG_FORMAT, VERSION_1, expectation
from conformance.rulebook import EXPECTATIONS, VERSION

from ofrenda_rules.registry import AnyGame, game_names, get_game
from ofrenda_rules.replay import Report, dump_replay, load_replay, replay_schema, verify_text
from ofrenda_rules.rng import Rng
from ofrenda_rules.schema import json_schema
from ofrenda_rules.serialization import dumps
from tests.kernel.games import GAMES

ROOT = Path(__file__).resolve().parents[2] / "conformance"
REGENERATE = "run: PYTHONPATH=src:. python conformance/generate.py"


def manifest(name: str) -> dict[str, Any]:
    path = ROOT / name / "manifest.json"
    assert path.exists(), f"no conformance vectors for {name}; {REGENERATE} {name}"
    value: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return value


ENTRIES = [
    pytest.param(name, entry, id=f"{name}/{entry['file']}")
    for name in game_names()
    if (ROOT / name / "manifest.json").exists()
    for entry in manifest(name)["replays"]
]


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_has_vectors_listing_every_file(game: AnyGame) -> None:
    name = game.info.name
    value = manifest(name)
    assert value["format"] == MANIFEST_FORMAT and value["version"] == 1 and value["game"] == name
    listed = {entry["file"] for entry in value["replays"]}
    present = {
        f"{p.parent.name}/{p.name}" for sub in ("replays", "rejected") for p in (ROOT / name / sub).glob("*.json")
    }
    assert listed == present, REGENERATE
    configs = {
        json.loads((ROOT / name / f).read_text())["config"]["players"] for f in listed if f.startswith("replays/")
    }
    assert configs == set(game.info.player_counts), "golden replays must cover every player count"


@pytest.mark.parametrize(("name", "entry"), ENTRIES)
def test_each_conformance_replay_verifies_as_the_manifest_says(name: str, entry: dict[str, Any]) -> None:
    report = verify_text((ROOT / name / entry["file"]).read_bytes())
    assert report.ok == entry["file"].startswith("replays/"), report.summary()
    recorded = {key: value for key, value in entry.items() if key not in {"file", "source", "expect"}}
    assert expectation(report) == recorded, report.summary()
    if entry["file"].split("/")[-1].startswith("gen-"):
        assert entry["source"] == GENERATED
    elif entry["file"].split("/")[-1].startswith("v1-"):
        assert entry["source"] == VERSION_1
    elif entry["file"].split("/")[-1].startswith("v2early-"):
        assert entry["source"] == EARLY_VERSION_2
    else:
        assert entry["source"] and entry["expect"], "a hand-written vector names its source and expectations"


RULEBOOK_ENTRIES = [
    pytest.param(name, entry, id=f"{name}/{entry['file']}")
    for name in game_names()
    if (ROOT / name / "manifest.json").exists()
    for entry in manifest(name)["replays"]
    if "expect" in entry
]
"""The manifest entries of the hand-written rulebook vectors."""


def member(value: Any, path: str) -> Any:
    """The member of a JSON value at a dotted path with ``[i]`` indices, e.g. ``boards[0].marigolds``.

    An index into a string (a row of flags, ``"0100"``) gives its character there.
    """
    for part in path.replace("]", "").replace("[", ".").split("."):
        value = value[int(part)] if isinstance(value, list | str) else value[part]
    return value


def test_the_hand_written_vectors_are_in_the_manifests_with_their_source() -> None:
    listed = {f"{param.id}" for param in RULEBOOK_ENTRIES}
    assert listed == set(EXPECTATIONS)
    for key in EXPECTATIONS:
        assert json.loads((ROOT / key).read_text(encoding="utf-8"))["version"] == VERSION == 1


@pytest.mark.parametrize(("name", "entry"), RULEBOOK_ENTRIES)
def test_each_rulebook_example_meets_the_expectations_written_from_the_rulebook(
    name: str, entry: dict[str, Any]
) -> None:
    """The expectations of ``conformance/rulebook.py``, written by hand from the rulebook's text."""
    text = (ROOT / name / entry["file"]).read_bytes()
    expect = entry["expect"]
    report = verify_text(text)
    if "rejected_at_step" in expect:
        assert report.divergence is not None and report.divergence.step == expect["rejected_at_step"]
        assert report.divergence.kind.value == "illegal-action", report.summary()
    else:
        assert report.ok, report.summary()
    game = get_game(name)
    replay = load_replay(text)
    for checkpoint in expect.get("checkpoints", ()):
        state = game.new_game(replay.config, replay.seed)
        for action in replay.actions[: checkpoint["after_steps"]]:
            state = game.apply(state, action)
        points = game.score(state)
        for seat, value in checkpoint.get("score", {}).items():
            assert points[int(seat)] == value, checkpoint["rule"]
        if "current_player" in checkpoint:
            assert game.current_player(state) == checkpoint["current_player"], checkpoint["rule"]
        value = json.loads(dumps(state))
        for path, expected in checkpoint.get("state", {}).items():
            assert member(value, path) == expected, (path, checkpoint["rule"])


def without_descriptions(value: Any) -> Any:
    """A schema without its ``description`` members (docstring edits need no regeneration)."""
    if isinstance(value, dict):
        return {key: without_descriptions(item) for key, item in value.items() if key != "description"}
    if isinstance(value, list):
        return [without_descriptions(item) for item in value]
    return value


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_schema_is_the_generated_one(game: AnyGame) -> None:
    shipped = json.loads((ROOT / game.info.name / "replay.schema.json").read_text(encoding="utf-8"))
    generated = json.loads(json.dumps(replay_schema(game)))
    assert without_descriptions(shipped) == without_descriptions(generated), REGENERATE
    report = json.loads((ROOT / "report.schema.json").read_text(encoding="utf-8"))
    generated = json.loads(json.dumps(json_schema(Report, title="ofrenda-rules verification report")))
    assert without_descriptions(report) == without_descriptions(generated), REGENERATE


def test_the_rng_vectors_hold() -> None:
    vectors = json.loads((ROOT / "rng.json").read_text(encoding="utf-8"))
    assert vectors["format"] == RNG_FORMAT
    for case in vectors["next_u64"]:
        rng = Rng(case["seed"])
        for expected in case["next_u64_hex"]:
            value, rng = rng.next_u64()
            assert f"{value:016x}" == expected
    for case in vectors["below"]:
        rng = Rng(case["seed"])
        for expected in case["values"]:
            value, rng = rng.below(case["n"])
            assert value == expected
        assert rng.counter == case["counter_after"]
    for case in vectors["choose"]:
        rng = Rng(case["seed"])
        for expected in case["values"]:
            value, rng = rng.choose(case["weights"])
            assert value == expected
        assert rng.counter == case["counter_after"]


def test_the_rng_vectors_include_rejections_in_below() -> None:
    vectors = json.loads((ROOT / "rng.json").read_text(encoding="utf-8"))
    assert any(case["counter_after"] > len(case["values"]) for case in vectors["below"])


def test_the_published_splitmix64_reference_words_hold() -> None:
    """Words published by others for the reference SplitMix64 (``rng-published.json`` names the sources)."""
    published = json.loads((ROOT / "rng-published.json").read_text(encoding="utf-8"))
    assert published["format"] == "ofrenda-rules-rng-published"
    assert {case["seed"] for case in published["next_u64"]} >= {1234567}
    for case in published["next_u64"]:
        assert case["source"]
        rng = Rng(case["seed"])
        for expected in case["next_u64_decimal"]:
            value, rng = rng.next_u64()
            assert str(value) == expected


def test_the_documented_splitmix64_values_start_the_seed_0_stream() -> None:
    vectors = json.loads((ROOT / "rng.json").read_text(encoding="utf-8"))
    assert vectors["next_u64"][0]["next_u64_hex"][:2] == ["e220a8397b1dcdaf", "6e789e6aa1b965f4"]


@pytest.mark.parametrize(
    "path", sorted(ROOT.glob("*/replays/v1-*.json")), ids=lambda p: f"{p.parent.parent.name}/{p.name}"
)
def test_a_version_1_replay_is_written_back_exactly_as_it_was(path: Path) -> None:
    """A version-1 document read and written again is the same text: options added since stay out of it."""
    text = path.read_text(encoding="utf-8")
    assert dump_replay(load_replay(text)) == text
