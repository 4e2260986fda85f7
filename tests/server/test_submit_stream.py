"""``submit_stream`` sends what ``submit`` then ``stream`` sent, byte for byte, computing each answer once.

Two services over separate SQLite files play the same matches (fixed seeds,
the person's seat choosing the same seeded random legal actions): one the old
way (``submit``, then ``stream`` of what the connection has not seen, the
answer alone when that is empty), the other through ``submit_stream``. Every
JSON text must be equal, and a retry of an old batch must answer that batch
alone without moving the stream.
"""

from __future__ import annotations

import json
import random
import string
import types
from pathlib import Path
from typing import Any

import pytest

from ofrenda_rules.server import matches
from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.store import SqliteStore

MATCHES = 4
MOVES = 200
"""A bound on the person's moves per match (a Día de los Muertos seat decides about 20 times)."""


def _text(message: dict[str, object]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _fixed_secrets(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Match ids, secrets and bot seeds drawn from ``seed``: two services create the same match."""
    fixed = random.Random(seed)
    drawn = types.SimpleNamespace(
        randbits=fixed.getrandbits,
        token_urlsafe=lambda size: "".join(fixed.choice(string.ascii_letters) for _ in range(size)),
    )
    monkeypatch.setattr(matches, "secrets", drawn)


def _create(service: MatchService, seed: int) -> tuple[str, dict[str, Any]]:
    body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
    match = str(service.create({**body, "seed": seed})["match"])
    return match, service.stream(match, 0, None)[-1]


def test_submit_stream_sends_the_same_texts_as_submit_then_stream(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = MatchService(SqliteStore(tmp_path / "old.db")), MatchService(SqliteStore(tmp_path / "new.db"))
    compared = finished = 0
    for seed in range(1, MATCHES + 1):
        _fixed_secrets(monkeypatch, seed)
        old_match, old_last = _create(old, seed)
        _fixed_secrets(monkeypatch, seed)
        new_match, new_last = _create(new, seed)
        assert new_match == old_match
        assert _text(new_last) == _text(old_last)
        rng = random.Random(seed)
        for _ in range(MOVES):
            if old_last["over"]:
                break
            action = rng.choice(old_last["legal_actions"])
            seen = old_last["seq"]
            answer = old.submit(old_match, 0, {"step": old_last["step"], "action": action})
            stream = old.stream(old_match, 0, seen, refresh=False)
            expected = [_text(m) for m in (stream or [answer])]
            sent, streamed = new.submit_stream(new_match, 0, {"step": new_last["step"], "action": action}, seen)
            assert streamed
            assert [_text(m) for m in sent] == expected
            compared += len(expected)
            old_last, new_last = stream[-1], sent[-1]
        finished += bool(old_last["over"])
    assert finished == MATCHES
    assert compared >= MATCHES * 5


def test_a_retry_of_an_old_batch_answers_that_batch_alone(tmp_path: Path) -> None:
    service = MatchService(SqliteStore(tmp_path / "retry.db"))
    match, first = _create(service, 5)
    submission = {"step": first["step"], "action": first["legal_actions"][0]}
    sent, streamed = service.submit_stream(match, 0, submission, first["seq"])
    assert streamed and sent[-1]["step"] > first["step"]
    seq = sent[-1]["seq"]
    assert isinstance(seq, int)
    again, streamed_again = service.submit_stream(match, 0, submission, seq)
    assert not streamed_again
    assert [_text(m) for m in again] == [_text(service.submit(match, 0, submission))]
    assert again[0]["step"] == sent[-1]["step"]
