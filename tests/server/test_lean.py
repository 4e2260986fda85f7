"""Lean answers (``"lean": true`` in a seat's WebSocket hello): full answers without the legal actions' words, picks.

A bot reads ``legal_actions`` and never ``legal_descriptions`` or ``legal_picks``, which cost the
server more than the rest of an answer; a lean connection is sent every message of its stream
exactly as a full one is, with those two members left out, and a full connection of the same seat
still gets them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.store import SqliteStore
from tests.server.test_api import auth, client, create

MATCHES = 3
MOVES = 200
"""A bound on the person's moves per match (a Día de los Muertos seat decides about 20 times)."""
WORDS = ("legal_descriptions", "legal_picks")


def _without_words(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key not in WORDS}


def test_a_lean_stream_is_the_full_stream_without_the_words_and_picks(tmp_path: Path) -> None:
    service = MatchService(SqliteStore(tmp_path / "s.db"))
    body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
    compared = with_legal = finished = 0
    for seed in range(1, MATCHES + 1):
        match = str(service.create({**body, "seed": seed})["match"])
        last: dict[str, Any] = service.stream(match, 0, None, lean=True)[-1]
        assert last == _without_words(service.stream(match, 0, None)[-1])
        rng = random.Random(seed)
        for _ in range(MOVES):
            if last["over"]:
                break
            seen = last["seq"]
            submission = {"step": last["step"], "action": rng.choice(last["legal_actions"])}
            sent, streamed = service.submit_stream(match, 0, submission, int(seen), lean=True)
            full = service.stream(match, 0, seen, refresh=False)
            assert streamed and len(sent) == len(full) >= 1
            for lean, whole in zip(sent, full, strict=True):
                legal = whole["legal_actions"]
                assert isinstance(legal, list)
                assert not set(WORDS) & set(lean)
                assert lean == _without_words(whole)
                if legal:
                    assert [len(whole[key]) for key in WORDS] == [len(legal)] * 2  # type: ignore[arg-type]
                    with_legal += 1
                compared += 1
            last = sent[-1]
        finished += bool(last["over"])
    assert finished == MATCHES
    assert compared >= MATCHES * 5 and with_legal >= MATCHES * 5


def test_a_lean_websocket_and_a_full_one_of_the_same_seat_each_get_their_own_form(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        created = create(api, "dia_de_los_muertos", ["human", "random", "random"], seed=3)
        match, secret = created["match"], created["secrets"]["0"]
        with (
            api.websocket_connect(f"/matches/{match}/ws") as lean,
            api.websocket_connect(f"/matches/{match}/ws") as full,
        ):
            lean.send_json({"seat": 0, "secret": secret, "lean": True})
            first = lean.receive_json()
            full.send_json({"seat": 0, "secret": secret, "lean": False})
            whole = full.receive_json()
            assert first["to_move"] == 0 and first["legal_actions"]
            assert not set(WORDS) & set(first) and set(WORDS) <= set(whole)
            assert first == _without_words(whole)
            lean.send_json({"step": first["step"], "action": first["legal_actions"][0]})
            answer = lean.receive_json()
            assert answer["step"] > first["step"] and not set(WORDS) & set(answer)
            pushed = full.receive_json()  # the other connection of the seat is pushed the full form
            assert pushed["seq"] == answer["seq"] and set(WORDS) <= set(pushed)
            assert answer == _without_words(pushed)
        with api.websocket_connect(f"/matches/{match}/ws") as wrong:
            wrong.send_json({"seat": 0, "secret": secret, "lean": 1})
            refused = wrong.receive_json()["error"]
            assert refused["code"] == "malformed" and refused["path"] == "$.lean"
        seat = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
        assert set(WORDS) <= set(seat)  # HTTP answers stay full
