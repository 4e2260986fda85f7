"""The ``ofrenda-rules`` command line, every subcommand for every registered game."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ofrenda_rules.cli import main
from ofrenda_rules.registry import AnyGame, game_names, games
from ofrenda_rules.replay import load_replay
from ofrenda_rules.schema import check
from tests.kernel.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


def no_input() -> io.StringIO:
    """A standard input that fails (ValueError: I/O operation on closed file) if anything reads it."""
    source = io.StringIO()
    source.close()
    return source


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    source = no_input() if stdin is None else io.StringIO(stdin)
    status = main(list(argv), stdout=out, stderr=err, stdin=source)
    return status, out.getvalue(), err.getvalue()


def players_of(game: AnyGame) -> str:
    return str(game.test_configs()[0].players)


def test_games_lists_every_registered_game() -> None:
    status, out, _ = run("games")
    assert status == 0
    for name in game_names():
        assert name in out
    status, out, _ = run("games", "--json")
    assert [row["name"] for row in json.loads(out)] == list(game_names())


def test_the_readme_command_plays_a_whole_game_without_reading_input() -> None:
    status, out, err = run("play", "dia_de_los_muertos", "--players", "4", "--seed", "7")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Día de los Muertos: players=4, seed 7"
    assert lines[1].startswith("   1. Seat 1 leads ")
    assert "result:" in lines and "wins" in out.split("result:")[1]


def test_the_console_script_module_runs_with_no_standard_input() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "ofrenda_rules.cli", "play", "dia_de_los_muertos", "--players", "4", "--seed", "7"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "result:" in done.stdout and done.stderr == ""


@pytest.mark.parametrize("game", GAMES)
def test_play_is_deterministic_for_a_seed_and_the_saved_replay_verifies(game: AnyGame, tmp_path: Path) -> None:
    name = game.info.name
    file = tmp_path / "game.json"
    status, first, err = run("play", name, "-p", players_of(game), "--seed", "11", "--save", str(file))
    assert status == 0, err
    status, second, _ = run("play", name, "-p", players_of(game), "--seed", "11")
    assert first.split("replay written")[0] == second
    assert load_replay(file.read_text()).seed == 11
    status, out, _ = run("verify", str(file))
    assert status == 0 and ": ok: " in out


@pytest.mark.parametrize("game", GAMES)
def test_a_person_chooses_moves_by_number_and_sees_the_state(game: AnyGame) -> None:
    answers = "x\n0\n99999\n" + "1\n" * 5000
    status, out, err = run("play", game.info.name, "-p", players_of(game), "--seed", "3", "--human", "1", stdin=answers)
    assert status == 0, err
    assert "--- your turn, Seat 1 ---" in out and "your pick (1-" in out and "    1. " in out
    assert "please type a number from 1 to" in out
    assert "result:" in out


def test_a_person_picks_a_portrait_then_a_slot_and_can_go_back() -> None:
    """Issue 38: the terminal asks one pick at a time (a portrait, then a slot) and ``b`` undoes a pick.

    No menu holds more than a dozen entries: a portrait's are its empty slots (twelve on an empty ofrenda), and
    the discard is its own first pick beside the portraits.
    """
    answers = "1\n1\n" + "1\nb\n3\n1\n" + "1\n" * 3000
    status, out, err = run("play", "ofrenda", "-p", "2", "--seed", "3", "--human", "1", stdin=answers)
    assert status == 0, err
    first = out.index("so far: portrait 14")
    menu = out[first : out.index("your pick", first)]
    assert "1. place it in slot 1" in menu and "12. place it in slot 12" in menu, "the 12 slots of an empty ofrenda"
    assert "page 1 of" not in menu and "discard" not in menu, "one page: the slots alone"
    back = out.index("q quit): b\n", first)
    after = out[back : out.index("your pick", back)]
    assert "so far" not in after and "1. portrait 14" in after and "3. portrait 23" in after, "back to the hand"
    assert "2. discard a portrait for marigolds" in after
    assert "so far: portrait 23" in out[back:]
    assert "result:" in out


def test_a_human_game_prints_each_step_once() -> None:
    """Issue 38: with a person at the table a step is its events' sentence, not the move and then the same again."""
    status, out, err = run("play", "ofrenda", "-p", "2", "--seed", "3", "--human", "1", stdin="1\n" * 3000)
    assert status == 0, err
    steps = [line for line in out.splitlines() if line[:6].strip().rstrip(".").isdigit()]
    assert len(steps) > 50
    assert not any("Seat 1 places portrait" in line for line in steps), "the move's own description is not printed"
    assert any("Seat 1 placed portrait" in line for line in steps)


@pytest.mark.parametrize("game", GAMES)
def test_a_person_who_stops_typing_ends_the_game_cleanly(game: AnyGame) -> None:
    status, _, err = run("play", game.info.name, "-p", players_of(game), "--seed", "3", "--human", "1", stdin="")
    assert status == 2 and "no more input" in err and "Traceback" not in err
    status, _, err = run("play", game.info.name, "-p", players_of(game), "--seed", "3", "--human", "1", stdin="q\n")
    assert status == 2 and "abandoned" in err


@pytest.mark.parametrize("game", GAMES)
def test_simulate_summarises_games_and_json_is_parseable(game: AnyGame) -> None:
    args = ("simulate", game.info.name, "-p", players_of(game), "-n", "6", "--seed", "5")
    status, out, err = run(*args, "--json")
    assert status == 0
    summary = json.loads(out)
    assert summary["games"] == 6 and len(summary["seats"]) == int(players_of(game))
    assert sum(count for _, count in summary["score_histogram"]) == 6 * int(players_of(game))
    assert "6/6" in err
    status, text, _ = run(*args, "--no-progress")
    assert status == 0 and "win rate" in text and "steps: mean" in text


@pytest.mark.parametrize("game", [g for g in games() if g.reference_bot is not None], ids=lambda g: g.info.name)
def test_simulate_pits_the_reference_bot_against_random_players(game: AnyGame) -> None:
    players = int(players_of(game))
    kinds = ",".join(["reference"] + ["random"] * (players - 1))
    status, out, err = run("simulate", game.info.name, "-p", str(players), "-n", "4", "--bots", kinds, "--json")
    assert status == 0, err
    summary = json.loads(out)
    assert summary["bots"] == (kinds if players > 1 else "reference")
    assert summary["games"] == 4


@pytest.mark.parametrize("game", GAMES)
def test_play_and_simulate_take_the_search_bot_by_name(game: AnyGame) -> None:
    players = int(players_of(game))
    kinds = ",".join(["mcts:2"] + ["reference"] * (players - 1))
    status, out, err = run("play", game.info.name, "-p", str(players), "--seed", "4", "--bots", kinds, "-q")
    assert status == 0, err
    assert "result:" in out
    again = run("play", game.info.name, "-p", str(players), "--seed", "4", "--bots", kinds, "-q")
    assert again[1] == out, "a seeded game between seeded bots is the same game"
    status, out, err = run("simulate", game.info.name, "-p", str(players), "-n", "2", "--bots", kinds, "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 2


def test_simulate_gives_the_same_summary_with_worker_processes() -> None:
    args = ("simulate", "dia_de_los_muertos", "-n", "20", "--seed", "9", "--json", "--no-progress")
    _, one, _ = run(*args)
    status, two, err = run(*args, "--jobs", "2")
    assert status == 0, err
    assert json.loads(one) == json.loads(two)


@pytest.mark.parametrize("game", GAMES)
def test_replay_steps_through_a_file_showing_the_state(game: AnyGame, tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    run("play", game.info.name, "-p", players_of(game), "--seed", "2", "--save", str(file), "-q")
    status, out, _ = run("replay", str(file))
    assert status == 0
    assert (
        "setup:" in out
        and re.search(r"\n   1\. (Seat|chance)", out)
        and "result:" in out
        and ": ok" not in out.splitlines()[0]
    )
    assert "\n   0. " not in out
    status, out, _ = run("replay", str(file), "--seat", "1", "--until", "2")
    assert status == 0 and re.search(r"\n   2\. (Seat|chance)", out) and not re.search(r"\n   3\. (seat|chance)", out)
    status, out, _ = run("replay", str(file), "--pause", stdin="\n\n")
    assert status == 0 and re.search(r"   2\. (Seat|chance)", out) and not re.search(r"   3\. (seat|chance)", out)


def test_verify_reports_each_file_and_fails_on_any_divergence(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    run("play", "dia_de_los_muertos", "--seed", "1", "--save", str(good), "-q")
    value = json.loads(good.read_text())
    value["steps"][4]["digest"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(value))
    status, out, _ = run("verify", str(good), str(bad))
    assert status == 1
    assert "good.json: ok" in out and "bad.json: FAIL step 5 " in out and "digest-mismatch" in out
    status, out, _ = run("verify", "--json", str(good), str(bad))
    rows = json.loads(out)
    assert [row["report"]["ok"] for row in rows] == [True, False]
    assert rows[1]["report"]["divergence"]["step"] == 4
    status, out, _ = run("verify", "-", stdin="not json")
    assert status == 1 and "not valid JSON" in out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["replay", "config", "action", "state", "view", "outcome", "report"])
def test_schema_prints_a_generated_json_schema(game: AnyGame, kind: str, tmp_path: Path) -> None:
    status, out, _ = run("schema", game.info.name, "--type", kind)
    assert status == 0
    schema = json.loads(out)
    assert schema["$schema"].startswith("https://json-schema.org/")
    if kind == "replay":
        file = tmp_path / "game.json"
        run("play", game.info.name, "-p", players_of(game), "--seed", "4", "--save", str(file), "-q")
        assert check(json.loads(file.read_text()), schema) == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "no_such_game"], "no game named 'no_such_game'"),
        (["play", "dia_de_los_muertos", "-p", "99"], "invalid config"),
        (["play", "dia_de_los_muertos", "-o", "colour"], "expected NAME=VALUE"),
        (["play", "dia_de_los_muertos", "-o", "colour=red"], "colour"),
        (["play", "dia_de_los_muertos", "--config", "{nope"], "not valid JSON"),
        (["play", "dia_de_los_muertos", "--config", '{"players": 1' + "0" * 5000 + "}"], "not valid JSON"),
        (["play", "dia_de_los_muertos", "--human", "9"], "no such seat"),
        (["play", "dia_de_los_muertos", "-p", "3", "--human", "4"], "--human 4: no such seat in a 3-player game"),
        (["play", "dia_de_los_muertos", "--human", "0"], "--human 0: seats are numbered from 1"),
        (["simulate", "dia_de_los_muertos", "-n", "0"], "at least one game"),
        (["simulate", "dia_de_los_muertos", "--bots", "mcts:0"], "iterations must be in"),
        (["simulate", "dia_de_los_muertos", "--bots", "clever"], "unknown bot 'clever'"),
        (["simulate", "dia_de_los_muertos", "-p", "3", "--bots", "random,random"], "2 bots for 3 seats"),
        (["play", "dia_de_los_muertos", "-p", "3", "--bots", "random,random"], "--bots: 2 bots for 3 seats"),
        (["play", "dia_de_los_muertos", "--bots", "mcts:nine"], "--bots: bot 'mcts:nine'"),
        (["replay", "/no/such/file.json"], "cannot read"),
        (["replay", "-"], "malformed"),
    ],
)
def test_bad_input_is_one_line_on_stderr_never_a_traceback(argv: list[str], words: str) -> None:
    status, _, err = run(*argv, stdin="{}" if "-" in argv else None)
    assert status == 2
    assert words in err or (words == "malformed" and "$.format" in err), err
    assert "Traceback" not in err


def test_options_and_config_documents_set_the_config() -> None:
    status, out, _ = run(
        "play", "dia_de_los_muertos", "--config", '{"players": 5}', "-o", "lock_lead=true", "-q", "--seed", "1"
    )
    assert status == 0 and out.startswith("Día de los Muertos: players=5 lock_lead, seed 1")


def test_argparse_errors_exit_with_status_2() -> None:
    status, _, _ = run("simulate")
    assert status == 2
    status, _, _ = run("--version")
    assert status == 0


def test_a_replay_recorded_here_verifies_in_another_process_with_another_hash_seed(tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    run("play", "dia_de_los_muertos", "--seed", "21", "--save", str(file), "-q")
    _, here, _ = run("verify", "--json", str(file))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-m", "ofrenda_rules.cli", "verify", "--json", str(file)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(here)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games() if g.info.has_chance])
def test_chance_may_be_drawn_by_the_bots_or_typed_by_a_person_and_the_replay_is_unseeded(
    game: AnyGame, tmp_path: Path
) -> None:
    file = tmp_path / "game.json"
    args = ("play", game.info.name, "-p", players_of(game), "--seed", "4", "-q", "--save", str(file))
    status, out, err = run(*args, "--chance", "bots")
    assert status == 0, err
    assert "unseeded (chance by the bots)" in out
    replay = load_replay(file.read_text())
    assert replay.seed is None and any(step.player == -1 for step in replay.steps)
    status, out, err = run(*args, "--chance", "human", stdin="1\n" * 5000)
    assert status == 0, err
    assert "--- chance event: what happened? ---" in out and "(probability " in out
    assert run("verify", str(file))[0] == 0


def test_replay_of_a_broken_file_stops_at_the_divergence(tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    run("play", "dia_de_los_muertos", "--seed", "8", "--save", str(file), "-q")
    value = json.loads(file.read_text())
    value["steps"][3], value["steps"][4] = value["steps"][4], value["steps"][3]
    for step in value["steps"]:
        step.pop("player")
    file.write_text(json.dumps(value))
    status, out, _ = run("replay", str(file))
    assert status == 1
    # Steps are numbered from 1 in replay's listing and in verify's summary alike: the 4th step is at fault.
    assert "\n   3. " in out and "\n   4. " not in out and "FAIL step 4 " in out and "$.steps[3]" in out


def test_verify_goes_on_after_a_file_that_is_not_utf8_or_cannot_be_read(tmp_path: Path) -> None:
    """Issue 14: one bad file in a batch is reported, and every later file is still verified."""
    good = tmp_path / "good.json"
    run("play", "dia_de_los_muertos", "--seed", "1", "--save", str(good), "-q")
    latin = tmp_path / "latin1.json"
    latin.write_bytes(b'{"format": "ofrenda-rules-replay", "game": "d\xeda"}')
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(good.read_text(encoding="utf-8").encode("utf-16"))
    missing = tmp_path / "missing.json"
    files = [str(latin), str(missing), str(utf16), str(good)]
    status, out, err = run("verify", *files)
    assert status == 2, (out, err)
    assert "latin1.json: FAIL replay at $: malformed: not UTF-8 text: byte 45 is b'\\xed'" in out
    assert "utf16.json: FAIL replay at $: malformed: not UTF-8" in out
    assert "good.json: ok" in out
    assert f"cannot read {missing}" in err and "Traceback" not in err
    status, out, err = run("verify", "--json", *files)
    assert status == 2
    rows = json.loads(out)
    assert [row["file"] for row in rows] == files
    assert "cannot read" in rows[1]["error"] and rows[3]["report"]["ok"] is True
    assert rows[0]["report"]["divergence"]["kind"] == "malformed"


def test_verify_without_unreadable_files_exits_1_on_a_failure_and_replay_reads_bytes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes("{}".encode("utf-16"))
    status, out, _ = run("verify", str(bad))
    assert status == 1 and "not UTF-8" in out
    status, _, err = run("replay", str(bad))
    assert status == 2 and "not UTF-8" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ("[1]", "--config: a config is a JSON object, not an array"),
        ('"players"', "--config: a config is a JSON object, not a string"),
        ("3", "--config: a config is a JSON object, not a number"),
        ("/no/such/config.json", "cannot read /no/such/config.json: No such file or directory"),
    ],
)
def test_config_text_that_is_json_but_not_an_object_is_not_read_as_a_file_name(config: str, words: str) -> None:
    status, _, err = run("play", "ofrendados", "--config", config, "-q")
    assert status == 2 and words in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("game", GAMES)
def test_an_unsupported_player_count_is_reported_once(game: AnyGame) -> None:
    status, _, err = run("play", game.info.name, "--players", "9", "-q")
    assert status == 2
    assert err.startswith(f"ofrenda-rules: error: invalid config for {game.info.name}: ")
    assert err.count("9") == 1 and "invalid value" not in err and "invalid Config" not in err, err


def test_play_without_bots_plays_the_reference_bots() -> None:
    """Issue 38, first impressions: seed 7 gave Ofrenda "0 points, 0 points" and Ofrendados "Nobody wins" with
    random bots, and Portents seed 3 a 708-step draw; the default bots are the games' reference bots."""
    status, out, err = run("play", "ofrenda", "--seed", "7", "-q")
    assert status == 0, err
    points = [int(word) for line in out.splitlines() for word in line.split() if word.isdigit()]
    assert "Seat 2 wins." in out and max(points) > 50
    status, out, err = run("play", "ofrendados", "--seed", "7", "-q")
    assert status == 0 and "Nobody wins" not in out and "wins with" in out, err
    status, out, err = run("play", "portents", "--seed", "3")
    assert status == 0 and "wins with" in out and "draw" not in out.split("result:")[1], err
    assert sum(1 for line in out.splitlines() if line[:6].strip().rstrip(".").isdigit()) < 200


def test_play_takes_the_strong_bots_levels_by_name() -> None:
    kinds = "easy,medium,reference,random"
    status, out, err = run("play", "dia_de_los_muertos", "-p", "4", "--seed", "4", "--bots", kinds, "-q")
    assert status == 0, err
    assert "result:" in out
    assert run("play", "dia_de_los_muertos", "-p", "4", "--seed", "4", "--bots", kinds, "-q")[1] == out
    status, _, err = run("play", "dia_de_los_muertos", "-p", "4", "--bots", "grandmaster,easy,easy,easy", "-q")
    assert status != 0 and "easy" in err


def test_seat_flags_count_from_1_as_every_text_does(tmp_path: Path) -> None:
    """Issue 38: "--seat 1" is Seat 1 (it was Seat 2); 0 and a seat past the last are refused by name."""
    file = tmp_path / "game.json"
    assert run("play", "dia_de_los_muertos", "-p", "3", "--seed", "2", "--save", str(file), "-q")[0] == 0
    status, out, err = run("replay", str(file), "--seat", "3", "--until", "1")
    assert status == 0, err
    assert "Seat 3 (you)" in out and "Seat 1 (you)" not in out
    for number, words in (("0", "seats are numbered from 1"), ("4", "no such seat in a 3-player game")):
        status, _, err = run("replay", str(file), "--seat", number)
        assert status == 2 and f"--seat {number}: {words}" in err
    status, out, err = run("play", "dia_de_los_muertos", "-p", "3", "--seed", "2", "--human", "3", stdin="q\n")
    assert "--- your turn, Seat 3 ---" in out, out + err
