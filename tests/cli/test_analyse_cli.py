"""``ofrenda-rules analyse`` and ``ofrenda-rules continue``: seats counted 1 to N, every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ofrenda_rules.analysis import analyse, analysis_json
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import dump_replay, load_replay, record
from tests.cli.test_cli import run
from tests.kernel.games import GAMES


def a_replay_file(game: AnyGame, tmp_path: Path, steps: int | None = None) -> Path:
    config = game.test_configs()[0]
    playout = random_playout(game, config, seed=3, player_seed=3)
    path = tmp_path / f"{game.info.name}.json"
    path.write_text(dump_replay(record(game, config, 3, playout.actions[:steps])), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_analyse_prints_each_decision_of_the_seat_and_writes_the_viewer(game: AnyGame, tmp_path: Path) -> None:
    path = a_replay_file(game, tmp_path, steps=10)
    page = tmp_path / "analysis.html"
    status, out, err = run("analyse", str(path), "--seat", "1", "--budget", "mcts:4:10", "--html", str(page))
    assert status == 0, err
    assert out.startswith(f"Analysis of Seat 1 ({game.info.title})")
    assert "summary: " in out and f"viewer written to {page}" in out
    text = page.read_text(encoding="utf-8")
    assert 'id="cursor"' in text and "(as Seat 1 sees it)" in text


def test_analyse_counts_seats_from_one_and_names_a_bad_one(tmp_path: Path) -> None:
    path = a_replay_file(get_game("portents"), tmp_path, steps=4)
    expected = {
        "0": "--seat 0: seats are numbered from 1 (Seat 1 to Seat 2 in a 2-player game)",
        "3": "--seat 3: no such seat in a 2-player game (the seats are Seat 1 to Seat 2)",
    }
    for seat, message in expected.items():
        status, out, err = run("analyse", str(path), "--seat", seat)
        assert status == 2 and not out
        assert err == f"ofrenda-rules: error: {message}\n"
    status, _, err = run("analyse", str(path), "--seat", "2", "--budget", "lots")
    assert status == 2 and "search budget 'lots'" in err
    status, out, _ = run("analyse", str(path), "--seat", "2", "--budget", "12", "--moves", "0")
    assert status == 0 and "Analysis of Seat 2 (Portents), search budget 12 per decision, seed 0" in out
    assert not any(line.startswith("            ") for line in out.split("\n"))


@pytest.mark.parametrize("game", GAMES)
def test_continue_plays_on_from_a_step_to_a_result(game: AnyGame, tmp_path: Path) -> None:
    path = a_replay_file(game, tmp_path)
    status, out, err = run("continue", str(path), "--step", "5", "--seat", "1", "--bots", "random", "--seed", "4")
    assert status == 0, err
    lines = out.split("\n")
    assert lines[0].endswith("continuing after step 5 as Seat 1 knew it (unseen cards and draws drawn afresh), seed 4")
    assert lines[1].startswith("   6. ")
    assert "result:" in lines
    again = run("continue", str(path), "--step", "5", "--seat", "1", "--bots", "random", "--seed", "4")
    assert again == (status, out, err)


def test_continue_refuses_a_step_the_replay_does_not_have(tmp_path: Path) -> None:
    path = a_replay_file(get_game("portents"), tmp_path, steps=6)
    status, out, err = run("continue", str(path), "--step", "7", "--seat", "1", "--seed", "1")
    assert status == 2 and not out
    assert err == f"ofrenda-rules: error: {path}: step 7: the replay has steps 0 (the set-up) to 6\n"
    status, _, err = run("continue", str(path), "--step", "2", "--seat", "1", "--bots", "random,random,random")
    assert status == 2 and err == "ofrenda-rules: error: --bots: 3 bots for 2 seats\n"


def test_a_person_continues_as_the_seat_at_the_terminal(tmp_path: Path) -> None:
    path = a_replay_file(get_game("portents"), tmp_path, steps=6)
    answers = "1\n" * 400
    status, out, err = run(
        "continue", str(path), "--step", "6", "--seat", "1", "--human", "--seed", "2", "-q", stdin=answers
    )
    assert status == 0, err
    assert out.count("--- your turn, Seat 1 ---") >= 1
    assert "--- your turn, Seat 2 ---" not in out
    assert "result:" in out


def test_analyse_json_prints_the_document(tmp_path: Path) -> None:
    path = a_replay_file(get_game("portents"), tmp_path, steps=6)
    status, out, err = run("analyse", str(path), "--seat", "2", "--budget", "mcts:4:10", "--json")
    assert status == 0, err
    document = json.loads(out)
    assert document["format"] == "ofrenda-rules-analysis" and document["seat"] == 1
    replay = load_replay(path.read_text(encoding="utf-8"))
    assert document == analysis_json(analyse(replay, 1, budget="mcts:4:10", seed=0))
    assert len(document["decisions"]) >= 1
