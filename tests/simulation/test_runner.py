"""Simulations: records, results files, resuming, and the local backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import get_game
from ofrenda_rules.simulation import (
    GameRecord,
    SimulationError,
    parse_line,
    plan_for,
    read_results,
    record_line,
    run_local,
    simulate,
)

GAME = get_game("dia_de_los_muertos")
CONFIG = GAME.config_type(players=3)


def test_records_are_the_games_random_playout_plays() -> None:
    plan = plan_for(GAME, CONFIG, ["random"], 40, 5)
    records = simulate(plan, run_local(1))
    assert [r.seed for r in records] == [40, 41, 42, 43, 44]
    for record in records:
        played = random_playout(GAME, CONFIG, record.seed, record.seed)
        outcome = GAME.outcome(played.final)
        assert (record.scores, record.ranks, record.winners) == (outcome.scores, outcome.ranks, outcome.winners)
        assert record.steps == record.decisions == len(played.actions)
        assert record.turns == GAME.turn_count(played.final)
        assert parse_line(record_line(record)) == record


def test_worker_processes_give_the_same_records_as_one_process(tmp_path: Path) -> None:
    plan = plan_for(GAME, CONFIG, ["random"], 7, 12)
    alone = simulate(plan, run_local(1), out=tmp_path / "one.jsonl", shard_size=5)
    together = simulate(plan, run_local(2), out=tmp_path / "two.jsonl", shard_size=5)
    assert alone == together
    assert sorted((tmp_path / "one.jsonl").read_text().splitlines()) == sorted(
        (tmp_path / "two.jsonl").read_text().splitlines()
    )


def test_resuming_plays_only_the_missing_seeds_and_drops_a_cut_line(tmp_path: Path) -> None:
    plan = plan_for(GAME, CONFIG, ["random"], 100, 10)
    whole = simulate(plan, run_local(1))
    target = tmp_path / "run.jsonl"
    lines = [record_line(record) for record in whole]
    target.write_text("\n".join(lines[:4]) + "\n" + lines[4][:30], encoding="utf-8")
    assert read_results(target).truncated and len(read_results(target).records) == 4
    played: list[int] = []

    def progress(done: int, total: int) -> None:
        played.append(done)

    resumed = simulate(plan, run_local(1), out=target, resume=True, progress=progress)
    assert resumed == whole
    assert played[0] == 4 and played[-1] == 10
    again = read_results(target)
    assert not again.truncated and sorted(r.seed for r in again.records) == list(range(100, 110))
    assert simulate(plan, run_local(1), out=target, resume=True) == whole  # nothing left to play
    assert len(read_results(target).records) == 10


def test_a_results_file_of_another_simulation_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    simulate(plan_for(GAME, CONFIG, ["random"], 1, 3), run_local(1), out=target)
    before = target.read_text()
    with pytest.raises(SimulationError, match="another simulation"):
        simulate(plan_for(GAME, GAME.config_type(players=4), ["random"], 1, 3), run_local(1), out=target, resume=True)
    with pytest.raises(SimulationError, match="does not play"):
        simulate(plan_for(GAME, CONFIG, ["random"], 2, 3), run_local(1), out=target, resume=True)
    assert target.read_text() == before


def test_a_damaged_line_is_a_format_error_naming_the_line(tmp_path: Path) -> None:
    target = tmp_path / "bad.jsonl"
    record = GameRecord("portents", {"players": 2}, 1, ("random",) * 2, (1, 0), (0, 1), (0,), 3, 3, 2)
    target.write_text(record_line(record) + "\n" + '{"game": 3}\n', encoding="utf-8")
    with pytest.raises(FormatError, match="line 2"):
        read_results(target)


def test_plans_check_their_bots() -> None:
    with pytest.raises(SimulationError, match="unknown bot 'clever'"):
        plan_for(GAME, CONFIG, ["clever"], 0, 1)
    with pytest.raises(SimulationError, match="iterations must be in"):
        plan_for(GAME, CONFIG, ["mcts:0"], 0, 1)
    assert plan_for(GAME, CONFIG, ["mcts:5", "reference", "random"], 0, 1).bots == ("mcts:5", "reference", "random")
    with pytest.raises(SimulationError, match="2 bots for 3 seats"):
        plan_for(GAME, CONFIG, ["random", "random"], 0, 1)
    with pytest.raises(SimulationError, match="at least one game"):
        plan_for(GAME, CONFIG, ["random"], 0, 0)
