"""The conformance vectors in conformance/: every file verifies as its manifest says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conformance.generate import MANIFEST_FORMAT, RNG_FORMAT, expectation

from ofrenda_rules.registry import AnyGame, game_names
from ofrenda_rules.replay import Report, replay_schema, verify_text
from ofrenda_rules.rng import Rng
from ofrenda_rules.schema import json_schema
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
    assert expectation(report) == {key: value for key, value in entry.items() if key != "file"}, report.summary()


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


def test_the_documented_splitmix64_values_start_the_seed_0_stream() -> None:
    vectors = json.loads((ROOT / "rng.json").read_text(encoding="utf-8"))
    assert vectors["next_u64"][0]["next_u64_hex"][:2] == ["e220a8397b1dcdaf", "6e789e6aa1b965f4"]
