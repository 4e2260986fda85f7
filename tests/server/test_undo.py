"""Undo at the server: asked over HTTP and WebSocket, decided by the rules, pushed, stored, replayed, restarted.

On SQLite, and on PostgreSQL when the server session provides it (the same
database is opened again by a new application: a restart).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient

from ofrenda_rules.registry import get_game
from ofrenda_rules.replay import load_replay, verify
from ofrenda_rules.schema import check
from ofrenda_rules.serialization import from_json_value, to_json_value
from ofrenda_rules.server.app import create_app
from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.store import PostgresStore, SqliteStore, Store
from ofrenda_rules.undo import History, Undo, can_undo, undo
from tests.server.test_protocol import schema_of

STORES = ["sqlite"] + (["postgresql"] if os.environ.get("OFRENDA_POSTGRES_URL") else [])
GAME = get_game("portents")


def open_store(kind: str, path: Path) -> Store:
    if kind == "sqlite":
        return SqliteStore(path / "undo.db")
    pytest.importorskip("psycopg")
    return PostgresStore(os.environ["OFRENDA_POSTGRES_URL"])


def client(store: Store) -> TestClient:
    return TestClient(create_app(store), raise_server_exceptions=False)


def auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def service_of(api: TestClient) -> MatchService:
    service: MatchService = api.app.state.service  # type: ignore[attr-defined]
    return service


def expected_states() -> tuple[Any, Any, Any]:
    """Portents, seed 7: the set-up, after Seat 2 lights the setup's offering, after Seat 1's first push."""
    start = GAME.new_game(GAME.config_type(), 7)
    lit = GAME.apply(start, GAME.legal_actions(start)[0])
    pushed = GAME.apply(lit, GAME.legal_actions(lit)[0])
    return start, lit, pushed


def view(api: TestClient, match: str, seat: int, secret: str) -> dict[str, Any]:
    response = api.get(f"/matches/{match}/seats/{seat}", headers=auth(secret))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def act(api: TestClient, match: str, seat: int, secret: str, body: Mapping[str, object], path: str = "actions") -> Any:
    return api.post(f"/matches/{match}/seats/{seat}/{path}", json=body, headers=auth(secret))


@pytest.mark.parametrize("kind", STORES)
def test_an_undo_the_rules_allow_is_pushed_stored_replayed_and_survives_a_restart(kind: str, tmp_path: Path) -> None:
    _, lit, pushed = expected_states()
    store = open_store(kind, tmp_path)
    with client(store) as api:
        created = api.post("/matches", json={"game": "portents", "seats": ["human", "human"], "seed": 7}).json()
        match, secrets = created["match"], created["secrets"]
        try:
            run_match(api, match, secrets, lit, pushed)
        except BaseException:
            service_of(api)._forget(match)
            raise
    # A restart: a new application on the same database rebuilds the match, the undo included.
    with client(open_store(kind, tmp_path)) as api:
        try:
            finish_after_restart(api, match, secrets, lit)
        finally:
            service_of(api)._forget(match)  # the PostgreSQL database is shared with the other tests


def run_match(api: TestClient, match: str, secrets: dict[str, str], lit: Any, pushed: Any) -> None:
    first = view(api, match, 1, secrets["1"])
    assert first["to_move"] == 1
    assert first["undo"] == {"allowed": False, "code": "nothing-to-undo", "message": "nothing has been played yet"}
    light = {"step": 0, "action": first["legal_actions"][0]}
    assert act(api, match, 1, secrets["1"], light).status_code == 200
    after_light = view(api, match, 1, secrets["1"])
    assert after_light["undo"]["allowed"] is False and after_light["undo"]["code"] == "turn-passed"
    with api.websocket_connect(f"/matches/{match}/ws") as socket:
        socket.send_json({"seat": 1, "secret": secrets["1"]})
        assert socket.receive_json()["seq"] == 1
        mover = view(api, match, 0, secrets["0"])
        assert mover["undo"]["code"] == "not-your-decision"
        push = {"step": 1, "action": mover["legal_actions"][0]}
        assert act(api, match, 0, secrets["0"], push).status_code == 200
        assert socket.receive_json()["seq"] == 2
        mine = view(api, match, 0, secrets["0"])
        assert mine["undo"] == {"allowed": True, "code": None, "message": None}
        # A refused undo (not Seat 2's decision) answers with the rules' code and changes nothing.
        before = view(api, match, 1, secrets["1"])
        refused = act(api, match, 1, secrets["1"], {"step": 2, "undo": True}, "undo")
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "not-your-decision"
        assert check(refused.json(), schema_of("ErrorAnswer")) == []
        assert check({"step": 2, "undo": True}, schema_of("UndoRequest")) == []
        assert view(api, match, 1, secrets["1"]) == before
        assert service_of(api)._load(match).states[-1] == pushed
        # Over the WebSocket the same refusal is a reply, not part of the stream.
        socket.send_json({"step": 2, "undo": True})
        reply = socket.receive_json()
        assert reply["error"]["code"] == "not-your-decision" and reply["seq"] == 2
        # Seat 1 takes its push back: step 3 is the undo, the state is the one before the push.
        taken = act(api, match, 0, secrets["0"], {"step": 2, "undo": True}, "undo")
        assert taken.status_code == 200, taken.text
        answer = taken.json()
        assert answer["step"] == 3 and answer["seq"] == 3 and answer["prev"] == 2
        assert answer["view"] == to_json_value(GAME.observe(lit, 0))
        assert answer["undone"]["seat"] == 0 and answer["undone"]["description"]
        assert answer["events"][0] == answer["undone"]["text"]
        assert check(answer, schema_of("SeatAnswer")) == []
        assert answer["undo"]["code"] == "not-your-decision"  # the light before it is Seat 2's
        assert service_of(api)._load(match).states[-1] == lit
        pushed_to_other = socket.receive_json()
        assert pushed_to_other["seq"] == 3 and pushed_to_other["prev"] == 2
        assert pushed_to_other["undone"] == {"seat": 0, "text": "Seat 1 took back a decision"}
        assert pushed_to_other["view"] == to_json_value(GAME.observe(lit, 1))
        assert check(pushed_to_other, schema_of("SeatAnswer")) == []
        # A retry of the accepted undo gets the same answer and changes nothing.
        again = act(api, match, 0, secrets["0"], {"step": 2, "undo": True}, "undo")
        assert again.status_code == 200 and again.json() == answer
        assert len(service_of(api)._load(match).steps) == 3
        # A late retry of the push that was taken back gets its old answer and does not play it again.
        retried = act(api, match, 0, secrets["0"], push).json()
        assert retried["seq"] == 2 and retried["view"] == to_json_value(GAME.observe(pushed, 0))
        assert len(service_of(api)._load(match).steps) == 3
        assert service_of(api)._load(match).states[-1] == lit
        spectator = api.get(f"/matches/{match}/spectate").json()
        assert spectator["undone"] == {"seat": 0, "text": "Seat 1 took back a decision"}
        assert check(spectator, schema_of("SpectatorAnswer")) == []


def finish_after_restart(api: TestClient, match: str, secrets: dict[str, str], lit: Any) -> None:
    service = service_of(api)
    live = service._load(match)
    assert live.states[-1] == lit
    assert [bool(step.action_json.startswith('{"undo":')) for step in live.steps] == [False, False, True]
    expected = History.start(GAME, GAME.new_game(GAME.config_type(), 7))
    expected = expected.play(GAME.legal_actions(expected.state)[0])
    assert live.histories[-1] == expected
    answer = view(api, match, 0, secrets["0"])
    assert answer["step"] == 3 and answer["undone"]["seat"] == 0
    moves = 0
    for _ in range(GAME.max_steps(GAME.config_type())):
        if answer["over"]:
            break
        seat = answer["to_move"]
        mover = view(api, match, seat, secrets[str(seat)])
        body = {"step": mover["step"], "action": mover["legal_actions"][-1]}
        response = act(api, match, seat, secrets[str(seat)], body)
        assert response.status_code == 200, response.text
        moves += 1
        answer = response.json()
    assert answer["over"] and moves > 0
    text = api.get(f"/matches/{match}/replay?digests=1").text
    assert text.count('"undo":true') == 1
    report = verify(load_replay(text))
    assert report.ok, report.summary()
    assert report.verified == len(live.steps)


@pytest.mark.parametrize("kind", STORES)
def test_undo_requests_are_checked(kind: str, tmp_path: Path) -> None:
    with client(open_store(kind, tmp_path)) as api:
        created = api.post("/matches", json={"game": "portents", "seats": ["human", "human"], "seed": 7}).json()
        match, secrets = created["match"], created["secrets"]
        try:
            cases = [
                ({"step": 0}, 400, "malformed"),
                ({"step": 0, "undo": False}, 400, "malformed"),
                ({"step": -1, "undo": True}, 400, "malformed"),
                ({"step": 0, "undo": True, "x": 1}, 400, "malformed"),
                ({"step": 5, "undo": True}, 409, "stale-step"),
                ({"step": 0, "undo": True}, 409, "nothing-to-undo"),
            ]
            checked = 0
            for body, status, code in cases:
                response = act(api, match, 1, secrets["1"], body, "undo")
                assert (response.status_code, response.json()["error"]["code"]) == (status, code), body
                checked += 1
            assert checked == len(cases)
            wrong = api.post(f"/matches/{match}/seats/1/undo", json={"step": 0, "undo": True}, headers=auth("x"))
            assert wrong.status_code == 403
            assert len(service_of(api)._load(match).steps) == 0
        finally:
            service_of(api)._forget(match)


def test_an_undo_is_refused_once_a_match_has_taken_back_as_many_decisions_as_it_may(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "bound.db")
    service = MatchService(store, clock=time.time)
    created = service.create({"game": "portents", "seats": ["human", "human"], "seed": 7})
    match = created["match"]
    assert isinstance(match, str)
    live = service._load(match)
    light = to_json_value(GAME.legal_actions(live.states[-1])[0], GAME.action_type)
    service.submit(match, 1, {"step": 0, "action": light})
    push = to_json_value(GAME.legal_actions(service._load(match).states[-1])[0], GAME.action_type)
    limit = 3
    original = GAME.max_steps
    try:
        object.__setattr__(GAME, "max_steps", lambda config: limit)
        undone = 0
        for _ in range(limit + 1):
            step = len(service._load(match).steps)
            service.submit(match, 0, {"step": step, "action": push})
            try:
                service.undo(match, 0, {"step": step + 1, "undo": True})
            except Exception as exc:
                assert getattr(exc, "code", None) == "too-many-undos"
                break
            undone += 1
        assert undone == limit
    finally:
        object.__setattr__(GAME, "max_steps", original)


@pytest.mark.parametrize("name", ["dia_de_los_muertos", "ofrenda", "ofrendados", "portents"])
def test_in_every_game_the_server_offers_exactly_the_undos_the_rules_allow(name: str, tmp_path: Path) -> None:
    """A whole match of people: at every step each seat's ``undo`` is ``can_undo``'s; allowed undos are taken."""
    game = get_game(name)
    players = game.info.player_counts[0]
    with client(SqliteStore(tmp_path / "every.db")) as api:
        created = api.post(
            "/matches", json={"game": name, "config": {"players": players}, "seats": ["human"] * players, "seed": 5}
        ).json()
        match, secrets = created["match"], created["secrets"]
        config = game.config_type(players=players)
        history: History[Any, Any] = History.start(game, game.new_game(config, 5))
        compared = taken = 0
        for _ in range(game.max_steps(config)):
            answers = [view(api, match, seat, secrets[str(seat)]) for seat in range(players)]
            for seat, answer in enumerate(answers):
                expected = can_undo(history, seat)
                assert answer["undo"]["allowed"] is isinstance(expected, Undo)
                assert answer["undo"]["code"] == (None if isinstance(expected, Undo) else expected.code)
                compared += 1
            mover = answers[0]["to_move"]
            if answers[0]["over"]:
                break
            last = history.actor
            if taken < 2 and 0 <= last < players and answers[last]["undo"]["allowed"]:
                body = {"step": answers[0]["step"], "undo": True}
                assert act(api, match, last, secrets[str(last)], body, "undo").status_code == 200
                history = undo(history, last)
                taken += 1
                continue
            assert mover >= 0  # a seeded match of people: chance is drawn by the server
            legal = answers[mover]["legal_actions"]
            body = {"step": answers[0]["step"], "action": legal[len(legal) // 2]}
            assert act(api, match, mover, secrets[str(mover)], body).status_code == 200
            history = history.play(from_json_value(legal[len(legal) // 2], game.action_type))
        assert answers[0]["over"] and compared > players
        assert taken == (0 if name == "dia_de_los_muertos" else 2)
        report = verify(load_replay(api.get(f"/matches/{match}/replay?digests=1").text))
        assert report.ok, report.summary()


def test_an_undo_over_the_websocket_is_answered_once_with_the_next_sequence_number(tmp_path: Path) -> None:
    _, lit, _ = expected_states()
    with client(SqliteStore(tmp_path / "ws.db")) as api:
        created = api.post("/matches", json={"game": "portents", "seats": ["human", "human"], "seed": 7}).json()
        match, secrets = created["match"], created["secrets"]
        first = view(api, match, 1, secrets["1"])
        assert act(api, match, 1, secrets["1"], {"step": 0, "action": first["legal_actions"][0]}).status_code == 200
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 0, "secret": secrets["0"]})
            shown = socket.receive_json()
            assert shown["seq"] == 1
            socket.send_json({"step": 1, "action": shown["legal_actions"][0]})
            assert socket.receive_json()["seq"] == 2
            socket.send_json({"step": 2, "undo": True})
            answer = socket.receive_json()
            assert (answer["seq"], answer["prev"], answer["step"]) == (3, 2, 3)
            assert answer["undone"]["seat"] == 0 and answer["undone"]["description"]
            assert answer["view"] == to_json_value(GAME.observe(lit, 0))
            socket.send_json({"step": 2, "undo": True})  # a retry: the same answer, nothing applied twice
            assert socket.receive_json() == answer
        assert len(service_of(api)._load(match).steps) == 3
