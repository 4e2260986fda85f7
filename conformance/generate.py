"""Regenerate the conformance vectors for every registered game.

Run from the repository root::

    PYTHONPATH=src:. python conformance/generate.py [GAME...]

For each game it writes, under ``conformance/<game>/``:

* ``replays/gen-*.json`` -- a seeded and an unseeded golden replay (per-step
  digests, claimed result) for every configuration the game declares for
  testing (``test_configs``: every player count and variant);
* ``rejected/gen-*.json`` -- mutations of golden replays (dropped, swapped,
  altered steps, wrong claims, malformed members), each rejected at a known
  step;
* ``replay.schema.json`` -- the game's replay schema, generated from the types;
* ``manifest.json`` -- the expected verification of every file in
  ``replays/`` and ``rejected/``, including files added by hand (any name
  not starting with ``gen-`` is kept).

It also writes ``conformance/rng.json`` (generator test vectors) and
``conformance/report.schema.json``. Every mutation's expectation is checked
against the library before it is written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from conformance.mutations import mutations
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, game_names, get_game
from ofrenda_rules.replay import Report, dump_replay, layout_document, record, replay_schema, verify_text
from ofrenda_rules.rng import Rng
from ofrenda_rules.schema import json_schema

ROOT = Path(__file__).resolve().parent
MANIFEST_FORMAT = "ofrenda-rules-conformance"
RNG_FORMAT = "ofrenda-rules-rng-vectors"


def label(game: AnyGame, config: Any) -> str:
    """A file-name-safe label of a config."""
    text = game.describe_config(config).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "default"


def expectation(report: Report) -> dict[str, Any]:
    """What the manifest records of a report (never the wording of reasons)."""
    entry: dict[str, Any] = {
        "ok": report.ok,
        "steps": report.steps,
        "verified": report.verified,
        "over": report.over,
        "final_digest": report.final_digest,
        "outcome": report.outcome,
    }
    if report.divergence is not None:
        d = report.divergence
        entry["divergence"] = {"kind": d.kind.value, "step": d.step, "path": d.path, "code": d.code}
    return entry


def write_json(path: Path, value: object) -> None:
    """Write JSON with sorted keys and a final newline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def golden_replays(game: AnyGame) -> dict[str, str]:
    """A seeded and an unseeded replay for every test configuration, by file name."""
    files: dict[str, str] = {}
    for index, config in enumerate(game.test_configs()):
        name = f"{index:02d}-{label(game, config)}"
        seeded = random_playout(game, config, seed=1000 + index, player_seed=index)
        files[f"gen-{name}-seeded.json"] = dump_replay(record(game, config, 1000 + index, seeded.actions))
        unseeded = random_playout(game, config, seed=None, player_seed=2000 + index)
        files[f"gen-{name}-unseeded.json"] = dump_replay(record(game, config, None, unseeded.actions))
    return files


def rejected_replays(goldens: dict[str, str]) -> dict[str, str]:
    """Every mutation of the first seeded and unseeded replays, and distinct illegal actions of the others."""
    files: dict[str, str] = {}
    codes: set[tuple[str, str | None]] = set()
    for position, (name, text) in enumerate(sorted(goldens.items())):
        document = json.loads(text)
        for mutation in mutations(document, seed=position):
            if position >= 2 and mutation.kind != "illegal-action":
                continue
            mutated = json.dumps(mutation.document)
            report = verify_text(mutated)
            divergence = report.divergence
            if (
                divergence is None
                or divergence.step != mutation.step
                or divergence.kind.value not in mutation.divergences
            ):
                raise SystemExit(f"{name} {mutation.kind}: expected step {mutation.step}, got {divergence}")
            key = (divergence.kind.value, divergence.code)
            if position >= 2 and key in codes:
                continue
            codes.add(key)
            stem = name.removeprefix("gen-").removesuffix(".json")
            files[f"gen-{stem}-{mutation.kind}.json"] = layout_document(mutation.document)
    return files


def write_text(path: Path, text: str) -> None:
    """Write a replay file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def generate_game(game: AnyGame) -> int:
    """Write every vector of one game; return how many replay files its manifest lists."""
    folder = ROOT / game.info.name
    for sub in ("replays", "rejected"):
        for old in (folder / sub).glob("gen-*.json"):
            old.unlink()
    goldens = golden_replays(game)
    for name, text in goldens.items():
        write_text(folder / "replays" / name, text)
    for name, text in rejected_replays(goldens).items():
        write_text(folder / "rejected" / name, text)
    entries = []
    for sub in ("replays", "rejected"):
        for path in sorted((folder / sub).glob("*.json")):
            report = verify_text(path.read_bytes())
            if (sub == "replays") != report.ok:
                raise SystemExit(f"{path}: {report.summary()}")
            entries.append({"file": f"{sub}/{path.name}", **expectation(report)})
    write_json(folder / "replay.schema.json", replay_schema(game))
    write_json(
        folder / "manifest.json",
        {"format": MANIFEST_FORMAT, "version": 1, "game": game.info.name, "replays": entries},
    )
    return len(entries)


def rng_vectors() -> dict[str, Any]:
    """Test vectors of :class:`~ofrenda_rules.rng.Rng`."""
    seeds = [0, 1, 42, 0x0123456789ABCDEF, 2**64 - 1]
    words = []
    for seed in seeds:
        rng, outputs = Rng(seed), []
        for _ in range(8):
            value, rng = rng.next_u64()
            outputs.append(f"{value:016x}")
        words.append({"seed": seed, "next_u64_hex": outputs})
    below = []
    for seed, n in [(0, 6), (42, 6), (7, 52), (123, 1), (99, 2**63 + 1), (5, 3 * 2**62), (2**64 - 1, 1000)]:
        rng, values = Rng(seed), []
        for _ in range(12):
            value, rng = rng.below(n)
            values.append(value)
        below.append({"seed": seed, "n": n, "values": values, "counter_after": rng.counter})
    choose = []
    for seed, weights in [(0, [1, 1]), (3, [0, 5, 0]), (11, [3, 2, 1]), (2024, [12, 21, 9, 18])]:
        rng, values = Rng(seed), []
        for _ in range(12):
            value, rng = rng.choose(weights)
            values.append(value)
        choose.append({"seed": seed, "weights": weights, "values": values, "counter_after": rng.counter})
    return {"format": RNG_FORMAT, "version": 1, "next_u64": words, "below": below, "choose": choose}


def main(argv: list[str] | None = None) -> int:
    """Regenerate the vectors of the named games (default: every registered game)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(game_names()))
    args = parser.parse_args(argv)
    write_json(ROOT / "rng.json", rng_vectors())
    write_json(ROOT / "report.schema.json", json_schema(Report, title="ofrenda-rules verification report"))
    for name in args.games:
        count = generate_game(get_game(name))
        print(f"{name}: {count} replays", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
