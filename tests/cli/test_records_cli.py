"""``ofrenda-rules record``, records wherever replays are read, and ``u`` (undo) in ``play --human``."""

from __future__ import annotations

from pathlib import Path

import pytest

from ofrenda_rules.records import from_record
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import load_replay, verify
from tests.cli.test_cli import players_of, run
from tests.kernel.games import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_record_writes_a_replay_as_text_that_verify_and_replay_accept(game: AnyGame, tmp_path: Path) -> None:
    name = game.info.name
    replay_file, record_file = tmp_path / "game.json", tmp_path / "game.txt"
    status, _, err = run("play", name, "-p", players_of(game), "--seed", "5", "--quiet", "--save", str(replay_file))
    assert status == 0, err
    status, out, err = run("record", str(replay_file), "--date", "2026-11-02")
    assert status == 0, err
    assert out.startswith(f'[Record 1]\n[Game "{name}"]\n')
    assert '[Date "2026-11-02"]' in out
    record_file.write_text(out, encoding="utf-8")
    assert from_record(out).actions == load_replay(replay_file.read_bytes()).actions
    status, verified, err = run("verify", str(record_file), str(replay_file))
    assert status == 0, err
    first, second = verified.splitlines()
    assert first.startswith(f"{record_file}: ok: {name}, ")
    assert first.split(": ok: ")[1] == second.split(": ok: ")[1]
    status, stepped, err = run("replay", str(record_file), "--until", "2")
    assert status == 0, err
    assert "   1. " in stepped
    status, again, err = run("record", str(record_file))
    assert status == 0 and again == out.replace('[Date "2026-11-02"]\n', ""), err


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_record_hides_the_seed_and_reads_from_standard_input(game: AnyGame, tmp_path: Path) -> None:
    replay_file = tmp_path / "game.json"
    args = ("play", game.info.name, "-p", players_of(game), "--seed", "5", "--quiet", "--save", str(replay_file))
    assert run(*args)[0] == 0
    status, out, err = run("record", "-", "--seat", "1", stdin=replay_file.read_text(encoding="utf-8"))
    assert status == 0, err
    assert '[Seed "??"]' in out and "[Seat 1]" in out
    status, out, err = run("record", str(replay_file), "--seat", "9")
    assert status == 2 and "no such seat" in err
    status, out, err = run("record", str(replay_file), "--seat", "0")
    assert status == 2 and "--seat 0: seats are numbered from 1" in err


def test_verify_reports_the_line_and_column_of_a_broken_record(tmp_path: Path) -> None:
    replay_file, record_file = tmp_path / "game.json", tmp_path / "bad.txt"
    assert run("play", "portents", "--seed", "2", "--quiet", "--save", str(replay_file))[0] == 0
    text = run("record", str(replay_file))[1]
    second = next(line for line in text.splitlines() if line.startswith("2. "))
    record_file.write_text(text.replace(f"\n{second}", f"\n{second[:6]}shove {second[6:]}"), encoding="utf-8")
    status, out, _ = run("verify", str(record_file))
    assert status == 1
    assert "malformed: line 8, column 7: no move 'shove'" in out
    status, _, err = run("replay", str(record_file))
    assert status == 2 and "line 8, column 7" in err
    status, _, err = run("record", str(record_file))
    assert status == 2 and "line 8, column 7" in err


def test_a_person_takes_back_a_decision_when_the_rules_allow_and_hears_why_not_otherwise(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # Ofrenda, seat 0: take a portrait, undo it, undo again (nothing left), then play on.
    answers = "1\nu\nu\n" + "1\n" * 3000
    status, out, err = run(
        "play", "ofrenda", "-p", "2", "--seed", "3", "--human", "1", "--save", str(saved), stdin=answers
    )
    assert status == 0, err
    assert "u undo, q quit" in out
    assert out.count("Seat 1 takes back: Seat 1 takes portrait") == 1
    assert "cannot undo: nothing has been played yet [nothing-to-undo]" in out
    report = verify(load_replay(saved.read_bytes()))
    assert report.ok and report.over


def test_undo_is_refused_after_a_card_is_played_face_up() -> None:
    answers = "1\n1\nu\n" + "1\n" * 3000  # a 3-player hand of 15 cards: a colour, then the card (issue 38)
    status, out, err = run("play", "dia_de_los_muertos", "-p", "3", "--seed", "4", "--human", "1", stdin=answers)
    assert status == 0, err
    refusals = [line for line in out.splitlines() if line.startswith("cannot undo: ")]
    assert len(refusals) == 1
    assert refusals[0].endswith(("[card-face-up]", "[not-your-decision]", "[turn-passed]"))
