"""The server against anonymous clients: issue 37's defects and limits, each with its regression test.

The match cap counts live matches only; finished matches are archived then
removed, abandoned ones played out by bots or closed; creates per address and
WebSockets per seat are limited (429); every refusal, Starlette's own 404 and
405 included, is in the ``{"error": ...}`` form; bodies must be UTF-8; a
``malformed-action`` message names no Python class; a WebSocket message over
4 KiB is answered ``too-large`` and the connection stays usable; the OpenAPI
document under docs/ is the one the server serves. Time is an injected clock,
never a sleep.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.replay import load_replay, verify
from ofrenda_rules.server.app import MAX_MESSAGE_BYTES, Limits, create_app
from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.protocol import openapi
from ofrenda_rules.server.store import SqliteStore
from tests.server.test_api import auth, create

ROOT = Path(__file__).resolve().parents[2]
GAMES = [pytest.param(game, id=game.info.name) for game in games()]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def serve(path: Path, clock: Clock | None = None, **limits: Any) -> TestClient:
    app = create_app(path / "server.db", limits=Limits(**limits), clock=clock or Clock())
    return TestClient(app, raise_server_exceptions=False)


def service_of(api: TestClient) -> MatchService:
    service: MatchService = api.app.state.service  # type: ignore[attr-defined]
    return service


def error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    detail: dict[str, Any] = body["error"]
    return detail


def play_to_the_end(api: TestClient, match: str, secret: str, seat: int = 0) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for _ in range(2000):
        answer = api.get(f"/matches/{match}/seats/{seat}", headers=auth(secret)).json()
        if answer["over"]:
            return answer
        body = {"step": answer["step"], "action": answer["legal_actions"][0]}
        assert api.post(f"/matches/{match}/seats/{seat}/actions", json=body, headers=auth(secret)).status_code == 200
    pytest.fail("the match did not end")


# -- defect 2 and the lifecycle --------------------------------------------------------------


def test_the_match_cap_counts_live_matches_only(tmp_path: Path) -> None:
    with serve(tmp_path, max_matches=2) as api:
        for _ in range(5):  # bots only: over as soon as created, so never counted
            created = create(api, "portents", ["random", "random"])
            assert api.get(f"/matches/{created['match']}").json()["over"] is True
        first = create(api, "portents", ["human", "random"], seed=3)
        create(api, "portents", ["human", "random"])
        assert error(api.post("/matches", json={"game": "portents"}), 503)["code"] == "too-many-matches"
        play_to_the_end(api, first["match"], first["secrets"]["0"])
        assert service_of(api).store.count() == 1
        create(api, "portents", ["human", "random"])  # the finished match freed its place
        assert service_of(api).store.count() == 2


def test_a_finished_match_is_readable_for_the_archive_time_then_removed(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock, archive_seconds=600) as api:
        created = create(api, "portents", ["random", "random"], seed=5)
        match = created["match"]
        clock.now += 599
        assert service_of(api).sweep() == {"removed": 0, "played_out": 0, "closed": 0}
        assert verify(load_replay(api.get(f"/matches/{match}/replay").text)).ok
        clock.now += 2
        assert service_of(api).sweep() == {"removed": 1, "played_out": 0, "closed": 0}
        assert error(api.get(f"/matches/{match}/replay"), 404)["code"] == "unknown-match"
        assert error(api.get(f"/matches/{match}"), 404)["code"] == "unknown-match"
    rows = SqliteStore(tmp_path / "server.db")._db.execute("SELECT COUNT(*) FROM steps").fetchone()
    assert rows == (0,)


@pytest.mark.parametrize("game", GAMES)
def test_an_abandoned_seeded_match_is_played_out_by_bots_and_recorded(game: AnyGame, tmp_path: Path) -> None:
    clock = Clock()
    players = 2 if 2 in game.info.player_counts else game.info.player_counts[0]
    seats = ["human"] * players
    with serve(tmp_path, clock, abandon_seconds=300, archive_seconds=600) as api:
        created = create(api, game.info.name, seats, seed=9)
        match = created["match"]
        clock.now += 299
        assert service_of(api).sweep()["played_out"] == 0
        assert api.get(f"/matches/{match}").json()["over"] is False
        clock.now += 2
        assert service_of(api).sweep() == {"removed": 0, "played_out": 1, "closed": 0}
        public = api.get(f"/matches/{match}").json()
        assert public["over"] is True and public["step"] > 0
        replay = load_replay(api.get(f"/matches/{match}/replay").text)
        assert verify(replay).ok
        people = {step.player for step in replay.steps} - {None, -1}
        assert people and people <= set(range(players))
        assert service_of(api).store.count() == 0
        clock.now += 601
        assert service_of(api).sweep()["removed"] == 1


def test_an_abandoned_unseeded_match_is_closed(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock, abandon_seconds=300) as api:
        created = create(api, "portents", ["human", "random"], seed=None)
        clock.now += 301
        assert service_of(api).sweep() == {"removed": 0, "played_out": 0, "closed": 1}
        assert error(api.get(f"/matches/{created['match']}"), 404)["code"] == "unknown-match"


def test_an_action_keeps_a_match_from_being_abandoned(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock, abandon_seconds=300) as api:
        created = create(api, "portents", ["human", "random"], seed=2)
        match, secret = created["match"], created["secrets"]["0"]
        clock.now += 200
        answer = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
        body = {"step": answer["step"], "action": answer["legal_actions"][0]}
        assert api.post(f"/matches/{match}/seats/0/actions", json=body, headers=auth(secret)).status_code == 200
        clock.now += 200
        assert service_of(api).sweep() == {"removed": 0, "played_out": 0, "closed": 0}


def test_creates_are_limited_per_address_per_minute(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock, creates_per_minute=3) as api:
        for _ in range(3):
            create(api, "portents", ["human", "random"])
        refused = api.post("/matches", json={"game": "portents"})
        assert error(refused, 429)["code"] == "too-many-requests"
        assert int(refused.headers["retry-after"]) == 60
        clock.now += 30
        assert error(api.post("/matches", json={"game": "portents"}), 429)["code"] == "too-many-requests"
        clock.now += 31
        create(api, "portents", ["human", "random"])
        assert service_of(api).store.count() == 4


def test_open_websockets_are_limited_per_seat(tmp_path: Path) -> None:
    with serve(tmp_path, sockets_per_seat=1) as api:
        created = create(api, "portents", ["human", "human"], seed=1)
        match, secrets = created["match"], created["secrets"]
        with api.websocket_connect(f"/matches/{match}/ws") as first:
            first.send_json({"seat": 0, "secret": secrets["0"]})
            assert first.receive_json()["seat"] == 0
            with api.websocket_connect(f"/matches/{match}/ws") as second:
                second.send_json({"seat": 0, "secret": secrets["0"]})
                refused = second.receive_json()
                assert refused["error"]["code"] == "too-many-requests"
                with pytest.raises(WebSocketDisconnect):
                    second.receive_json()
            with api.websocket_connect(f"/matches/{match}/ws") as other_seat:
                other_seat.send_json({"seat": 1, "secret": secrets["1"]})
                assert other_seat.receive_json()["seat"] == 1
        with api.websocket_connect(f"/matches/{match}/ws") as again:  # the first one closed: room again
            again.send_json({"seat": 0, "secret": secrets["0"]})
            assert again.receive_json()["seat"] == 0


def test_every_limit_is_an_option_of_serve(capsys: pytest.CaptureFixture[str]) -> None:
    from ofrenda_rules.cli import main

    assert main(["serve", "--help"]) == 0
    shown = capsys.readouterr().out
    options = [f"--{field.name.replace('_', '-')}" for field in attrs.fields(Limits)]
    assert len(options) == 7
    assert all(option in shown for option in options), shown


# -- defect 4: Starlette's own refusals ------------------------------------------------------


def test_unknown_routes_and_methods_answer_in_the_error_form(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        assert error(api.get("/nowhere"), 404)["code"] == "not-found"
        assert error(api.get("/static/nothing.js"), 404)["code"] == "not-found"
        assert error(api.get("/matches/x/y/z"), 404)["code"] == "not-found"
        refused = api.delete("/matches")
        assert error(refused, 405)["code"] == "method-not-allowed"
        assert "POST" in refused.headers["allow"]
        assert error(api.put("/matches/abc/replay"), 405)["code"] == "method-not-allowed"


# -- defect 5: UTF-8 only --------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-be", "utf-8-sig", "latin-1"])
def test_request_bodies_must_be_utf8(encoding: str, tmp_path: Path) -> None:
    text = json.dumps({"game": "portents", "seats": ["human", "random"], "config": {"players": 2}}) + " \u00e9"
    text = text if encoding == "latin-1" else text[:-2]
    with serve(tmp_path) as api:
        refused = api.post("/matches", content=text.encode(encoding), headers={"content-type": "application/json"})
        detail = error(refused, 400)
        assert detail["code"] == "not-utf-8" and "UTF-8" in detail["message"] and detail["path"] == "$"
        assert service_of(api).store.count() == 0
        created = create(api, "portents", ["human", "random"], seed=1)
        match, secret = created["match"], created["secrets"]["0"]
        step = api.get(f"/matches/{match}").json()["step"]
        body = json.dumps({"step": step, "action": {"type": "pass\u00e9"}}, ensure_ascii=False).encode(encoding)
        refused = api.post(f"/matches/{match}/seats/0/actions", content=body, headers=auth(secret))
        assert error(refused, 400)["code"] == "not-utf-8"
        assert api.get(f"/matches/{match}").json()["step"] == step


# -- defect 3: malformed actions in the protocol's words -------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_malformed_actions_and_configs_are_told_in_the_protocols_words(game: AnyGame, tmp_path: Path) -> None:
    players = 2 if 2 in game.info.player_counts else game.info.player_counts[0]
    bad_actions: list[object] = [5, {}, {"type": "no-such"}, {"type": "pass", "extra": [1]}, {"card": 5}, None]
    with serve(tmp_path) as api:
        created = create(api, game.info.name, ["human"] * players, seed=3)
        match, secrets = created["match"], created["secrets"]
        mover = str(service_of(api).view(match, 0)["to_move"])
        told = 0
        for action in bad_actions:
            url = f"/matches/{match}/seats/{mover}/actions"
            response = api.post(url, json={"step": 0, "action": action}, headers=auth(secrets[mover]))
            detail = error(response, 400)
            assert detail["code"] == "malformed-action" and detail["path"] == "$.action"
            message = detail["message"]
            assert message.startswith(f"not a{'n' if game.info.title[0] in 'AEIOU' else ''} {game.info.title} action")
            assert "ofrenda_rules" not in message and "$.action" in message, message
            told += 1
        assert told == len(bad_actions)
        refused = api.post("/matches", json={"game": game.info.name, "config": {"players": "two"}})
        message = error(refused, 422)["message"]
        assert "ofrenda_rules" not in message and "$.config.players" in message, message


# -- defect 6: WebSocket messages over 4 KiB, the OpenAPI document, digests ------------------


def test_a_websocket_message_over_the_limit_is_answered_and_the_socket_stays_open(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        created = create(api, "portents", ["human", "random"], seed=4)
        match, secret = created["match"], created["secrets"]["0"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 0, "secret": secret})
            first = socket.receive_json()
            socket.send_text(json.dumps({"step": 0, "action": {"type": "x" * MAX_MESSAGE_BYTES}}))
            assert socket.receive_json()["error"]["code"] == "too-large"
            socket.send_bytes(b'{"step": 0}')
            assert socket.receive_json()["error"]["code"] == "malformed-json"
            socket.send_json({"step": first["step"], "action": first["legal_actions"][0]})
            answer = socket.receive_json()
            assert "error" not in answer and answer["step"] > first["step"]


def test_the_committed_openapi_document_is_the_one_served(tmp_path: Path) -> None:
    committed = (ROOT / "docs" / "openapi.json").read_text(encoding="utf-8")
    assert committed == json.dumps(openapi(), indent=2, ensure_ascii=False) + "\n", (
        "regenerate docs/openapi.json: python -m ofrenda_rules.server.protocol > docs/openapi.json"
    )
    with serve(tmp_path) as api:
        assert api.get("/openapi.json").json() == json.loads(committed)


def test_an_exported_replay_offers_digests(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        match = create(api, "ofrendados", ["random", "random"], seed=12)["match"]
        plain = load_replay(api.get(f"/matches/{match}/replay").text)
        assert plain.initial_digest is None and all(step.digest is None for step in plain.steps)
        stamped = load_replay(api.get(f"/matches/{match}/replay?digests=1").text)
        assert stamped.initial_digest is not None and stamped.result is not None
        assert len(stamped.steps) == len(plain.steps) > 0
        assert all(step.digest is not None for step in stamped.steps)
        assert verify(stamped).ok and [s.action for s in stamped.steps] == [s.action for s in plain.steps]


def test_a_retry_after_later_steps_gets_its_old_answer(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        created = create(api, "portents", ["human", "random"], seed=7)
        match, secret = created["match"], created["secrets"]["0"]
        answer = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
        body = {"step": answer["step"], "action": answer["legal_actions"][0]}
        first = api.post(f"/matches/{match}/seats/0/actions", json=body, headers=auth(secret))
        later = first.json()
        if not later["over"]:
            move = {"step": later["step"], "action": later["legal_actions"][0]}
            assert api.post(f"/matches/{match}/seats/0/actions", json=move, headers=auth(secret)).status_code == 200
        retry = api.post(f"/matches/{match}/seats/0/actions", json=body, headers=auth(secret))
        assert retry.status_code == 200 and retry.json() == first.json()
