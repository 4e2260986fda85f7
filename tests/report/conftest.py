"""A small results file, played by ``simulate`` for the report tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ofrenda_rules.registry import get_game
from ofrenda_rules.simulation import GameRecord, plan_for, read_results, run_local, simulate

DDLM = get_game("dia_de_los_muertos")


def play(path: Path, game: str, bots: list[str], first_seed: int, games: int, **options: object) -> list[GameRecord]:
    """Simulate into ``path`` and read the file back."""
    definition = get_game(game)
    plan = plan_for(definition, definition.config_type(**options), bots, first_seed, games)
    simulate(plan, run_local(1), out=path)
    return list(read_results(path).records)


@pytest.fixture(scope="session")
def results_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """90 games of Día de los Muertos: 30 of three players, 30 of four, 30 of three with the lead locked."""
    path = tmp_path_factory.mktemp("report") / "results.jsonl"
    parts = [
        (["random"], 100, 30, {"players": 3}),
        (["random"], 200, 30, {"players": 4}),
        (["random"], 300, 30, {"players": 3, "lock_lead": True}),
    ]
    lines: list[str] = []
    for index, (bots, seed, games, options) in enumerate(parts):
        part = path.with_name(f"part{index}.jsonl")
        play(part, "dia_de_los_muertos", bots, seed, games, **options)
        lines.append(part.read_text(encoding="utf-8"))
    path.write_text("".join(lines), encoding="utf-8")
    return path
