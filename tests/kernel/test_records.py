"""Reading game records strictly: every fault is a ``RecordError`` naming its line and column."""

from __future__ import annotations

import pytest

from ofrenda_rules.records import RecordError, from_record, to_record
from ofrenda_rules.registry import get_game
from ofrenda_rules.replay import MAX_STEPS, record, verify

GAME = get_game("dia_de_los_muertos")


def _text() -> str:
    config = GAME.config_type(players=3)
    state = GAME.new_game(config, 5)
    actions = []
    for _ in range(4):
        action = GAME.legal_actions(state)[0]
        actions.append(action)
        state = GAME.apply(state, action)
    return to_record(record(GAME, config, 5, actions), date="2026-11-02", seats=("Ana", "Beto", "Cata"))


def test_a_record_reads_with_comments_blank_lines_and_spaces() -> None:
    text = _text().replace("\n1.", "\n{the first trick}\n\n1.").replace("\n2. ", "\n  2.  ") + "{end}\n"
    text = text.replace("\n3. S3 play", "\n3. S3   play").rstrip("\n") + " \n"
    replay = from_record(text.replace("\n4. ", "\n4.   "))
    assert len(replay.steps) == 4
    assert verify(replay).ok


def test_the_written_record_carries_its_tags() -> None:
    text = _text()
    assert text.splitlines()[:6] == [
        "[Record 1]",
        '[Game "dia_de_los_muertos"]',
        '[Config {"players":3}]',
        "[Seed 5]",
        '[Seats ["Ana","Beto","Cata"]]',
        '[Date "2026-11-02"]',
    ]


@pytest.mark.parametrize(
    ("change", "line", "column", "words"),
    [
        (lambda t: t.replace("[Game", "[Gamer"), 2, 2, "unknown tag 'Gamer'"),
        (lambda t: t.replace("[Seed 5]", "[Seed 5]\n[Seed 6]"), 5, 2, "given twice"),
        (lambda t: t + '[Date "2026-11-03"]\n', 12, 1, "tags come before the moves"),
        (lambda t: t.replace("[Record 1]", "[Record 2]"), 1, 9, "version 2"),
        (lambda t: t.replace('[Game "dia_de_los_muertos"]', '[Game "chess"]'), 2, 7, "unknown game 'chess'"),
        (lambda t: t.replace('[Config {"players":3}]', "[Config {players:3}]"), 3, 9, "not JSON"),
        (lambda t: t.replace('[Config {"players":3}]', '[Config {"players":9}]'), 3, 9, "3 to 6 players, not 9"),
        (lambda t: t.replace('[Config {"players":3}]', "[Config 3]"), 3, 9, "JSON object"),
        (lambda t: t.replace('"2026-11-02"', '"2 Nov"'), 6, 7, "YYYY-MM-DD"),
        (lambda t: t.replace('["Ana","Beto","Cata"]', '["Ana"]'), 5, 8, "list of 3 names"),
        (lambda t: t.replace("\n2. ", "\n3. "), 9, 1, "move 3 where move 2 was due"),
        (lambda t: t.replace("\n2. S", "\n2. X"), 9, 1, "a move is"),
        (lambda t: t.replace("\n2. S2", "\n2. S7"), 9, 4, "no seat S7"),
        (lambda t: t.replace("\n1. S1 play", "\n1. S1 lead"), 8, 7, "no move 'lead'"),
        (lambda t: t.replace("\n1. S1 play ", "\n1. S1 play purple-"), 8, 7, "does not match"),
        (lambda t: t.replace("\n1. S1 play ", "\n1. S1 play x y "), 8, 14, "unexpected"),
        (lambda t: t.replace("\n1. S1 play ", "\n1. S1 play {c} "), 8, 1, "a move is"),
        (lambda t: t.replace("[Record 1]\n", ""), 1, 1, "Record tag is missing"),
        (lambda t: t.replace("\n2. S2 play", "\n2. S2 play\x07"), 9, 11, "control character"),
        (lambda t: t.replace("[Seed 5]", '[Seed "??"]'), 4, 7, "hides the seed"),
        (lambda t: t.replace("[Seed 5]", "[Seed -1]"), 4, 7, "Seed"),
    ],
)
def test_faults_name_their_line_and_column(change: object, line: int, column: int, words: str) -> None:
    assert callable(change)
    with pytest.raises(RecordError) as caught:
        from_record(change(_text()))
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


def test_a_wrong_move_is_caught_by_verify_not_by_reading() -> None:
    text = _text()
    first = next(line for line in text.splitlines() if line.startswith("2. "))
    card = first.split()[-1]
    replay = from_record(text.replace(f"\n{first}", f"\n2. S2 play {'red-1' if card != 'red-1' else 'red-2'}"))
    report = verify(replay)
    assert not report.ok
    assert report.divergence is not None and report.divergence.step == 1


def test_a_wrong_actor_is_caught_by_verify() -> None:
    report = verify(from_record(_text().replace("\n2. S2", "\n2. S1")))
    assert not report.ok
    assert report.divergence is not None and report.divergence.step == 1


def test_bytes_must_be_utf8_and_bounded() -> None:
    with pytest.raises(RecordError, match="not UTF-8"):
        from_record(b"[Record 1]\xff")
    with pytest.raises(RecordError, match="exceed the limit"):
        from_record(b"[Record 1]\n" * 10, max_bytes=20)
    with pytest.raises(RecordError, match="byte order mark"):
        from_record("\ufeff[Record 1]")


def test_a_record_may_hold_no_more_moves_than_a_replay() -> None:
    header = '[Record 1]\n[Game "portents"]\n[Config {"players":2}]\n'
    moves = "".join(f"{n}. S1 pass\n" for n in range(1, MAX_STEPS + 2))
    with pytest.raises(RecordError, match=f"more than {MAX_STEPS} moves") as caught:
        from_record(header + moves)
    assert caught.value.line == 3 + MAX_STEPS + 1
