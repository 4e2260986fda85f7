"""Pushes to many connections of one match: each distinct stream computed once, each connection sent its own.

Through Starlette's test client: three seats' and two spectators' WebSockets
on one match (one seat connected twice); a change pushed to all of them
computes each seat's stream and the spectators' once per publish, and every
connection receives exactly what a lone connection would (the service's own
answers). A database notice of a batch this process holds already reads
nothing from the store. ``serve`` compresses messages (permessage-deflate)
only when asked to with ``--ws-deflate``. Every loop is bounded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")

from starlette.testclient import TestClient  # noqa: E402

from ofrenda_rules.server.app import create_app  # noqa: E402
from ofrenda_rules.server.hub import Hub  # noqa: E402
from ofrenda_rules.server.matches import MatchService, message_text  # noqa: E402
from ofrenda_rules.server.store import SqliteStore  # noqa: E402
from tests.server.serving import free_port, request, start, stop, wait_listening  # noqa: E402
from tests.server.test_api import auth, create  # noqa: E402

MOVES = 5
"""Batches played while the connections watch."""


def test_one_publish_computes_each_distinct_stream_once_and_sends_each_connection_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(tmp_path / "server.db"), raise_server_exceptions=False) as api:
        service: MatchService = api.app.state.service  # type: ignore[attr-defined]
        created = create(api, "dia_de_los_muertos", ["human", "human", "human"], seed=11)
        match, secrets = created["match"], created["secrets"]
        hellos: list[dict[str, Any]] = [
            {"seat": 0, "secret": secrets["0"]},
            {"seat": 1, "secret": secrets["1"]},
            {"seat": 1, "secret": secrets["1"]},
            {"spectator": True},
            {"spectator": True},
        ]
        streams: list[tuple[int | None, int | None]] = []
        original = service.stream

        def counted(match_id: str, seat: int | None, since: int | None, **options: Any) -> list[dict[str, object]]:
            streams.append((seat, since))
            return original(match_id, seat, since, **options)

        with (
            api.websocket_connect(f"/matches/{match}/ws") as a,
            api.websocket_connect(f"/matches/{match}/ws") as b,
            api.websocket_connect(f"/matches/{match}/ws") as c,
            api.websocket_connect(f"/matches/{match}/ws") as d,
            api.websocket_connect(f"/matches/{match}/ws") as e,
        ):
            sockets = [a, b, c, d, e]
            for socket, hello in zip(sockets, hellos, strict=True):
                socket.send_json(hello)
                assert socket.receive_json()["resync"] is True
            monkeypatch.setattr(service, "stream", counted)
            checked = 0
            for _ in range(MOVES):
                mover = str(service.view(match, 0)["to_move"])
                answer = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[mover])).json()
                body = {"step": answer["step"], "action": answer["legal_actions"][0]}
                posted = api.post(f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[mover]))
                assert posted.status_code == 200
                assert sorted(streams, key=repr) == sorted(
                    [(0, answer["step"]), (1, answer["step"]), (None, answer["step"])], key=repr
                ), "one stream per seat and one for the spectators"
                streams.clear()
                for socket, hello in zip(sockets, hellos, strict=True):
                    pushed = socket.receive_json()
                    seat = hello.get("seat")
                    expected = service.spectate(match) if seat is None else service.view(match, seat)
                    assert pushed == expected and pushed["prev"] == answer["step"]
                    checked += 1
            assert checked == MOVES * len(sockets)


def test_a_notice_of_a_batch_this_process_holds_reads_nothing_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(tmp_path / "server.db"), raise_server_exceptions=False) as api:
        service: MatchService = api.app.state.service  # type: ignore[attr-defined]
        hub: Hub = api.app.state.hub  # type: ignore[attr-defined]
        created = create(api, "dia_de_los_muertos", ["human", "random", "random"], seed=3)
        match, secret = created["match"], created["secrets"]["0"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 0, "secret": secret})
            first = socket.receive_json()
            socket.send_json({"step": first["step"], "action": first["legal_actions"][0]})
            answer = socket.receive_json()
            reads: list[int] = []
            steps = service.store.steps

            def counted(match_id: str, since: int) -> Any:
                reads.append(since)
                return steps(match_id, since)

            monkeypatch.setattr(service.store, "steps", counted)
            assert api.portal is not None
            api.portal.call(lambda: hub.publish(match, notified=answer["seq"]))
            assert reads == [], "a notice of a batch held already read the store"
            api.portal.call(lambda: hub.publish(match, notified=answer["seq"] + 1))  # a batch held by no one yet
            assert reads == [answer["seq"]]
            api.portal.call(lambda: hub.publish(match))  # a notice without a step count: the store is read
            assert reads == [answer["seq"], answer["seq"]]


@pytest.mark.parametrize("deflate", [False, True])
def test_serve_compresses_messages_only_when_asked(deflate: bool, tmp_path: Path) -> None:
    port = free_port()
    server = start(port, tmp_path, str(tmp_path / "s.db"), *(["--ws-deflate"] if deflate else []))
    try:
        wait_listening(port, server)
        body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
        status, created = request(f"http://127.0.0.1:{port}/matches", body)
        assert status == 201 and isinstance(created, dict)
        url = f"ws://127.0.0.1:{port}/matches/{created['match']}/ws"
        with websockets_client.connect(url, open_timeout=10) as socket:  # the client offers permessage-deflate
            socket.send(json.dumps({"seat": 0, "secret": created["secrets"]["0"]}))
            answer = json.loads(socket.recv(timeout=10))
            assert answer["seat"] == 0 and answer["resync"] is True
            assert socket.response is not None
            extensions = socket.response.headers.get("Sec-WebSocket-Extensions") or ""
        assert ("permessage-deflate" in extensions) is deflate, extensions
    finally:
        stop(server)


def test_message_text_is_the_text_starlette_would_send(tmp_path: Path) -> None:
    service = MatchService(SqliteStore(tmp_path / "text.db"))
    created = service.create({"game": "portents", "seats": ["human", "human"], "seed": 5})
    match = created["match"]
    assert isinstance(match, str)
    checked = 0
    for _ in range(40):  # bounded: a few batches, each answer to both seats and a spectator
        answers = [service.view(match, 0), service.view(match, 1), service.spectate(match)]
        for answer in answers:
            assert message_text(answer) == json.dumps(answer, separators=(",", ":"), ensure_ascii=False)
            checked += 1
        mover = answers[0]["to_move"]
        if answers[0]["over"] or not isinstance(mover, int):
            break
        legal = answers[mover]["legal_actions"]
        assert isinstance(legal, list)
        service.submit(match, mover, {"step": answers[0]["step"], "action": legal[-1]})
    assert checked >= 30
    odd = {"text": 'Día \u2028 "quoted" \\ \x00', "nested": [[{"a": None, "b": 1.5, "c": True}]], "big": 2**70}
    assert message_text(odd) == json.dumps(odd, separators=(",", ":"), ensure_ascii=False)


def test_the_http_answers_are_the_bytes_starlette_would_write(tmp_path: Path) -> None:
    from starlette.responses import JSONResponse as StarletteJSONResponse

    from ofrenda_rules.server.app import JSONResponse

    service = MatchService(SqliteStore(tmp_path / "http.db"))
    created = service.create({"game": "ofrenda", "seats": ["human", "random"], "seed": 9})
    match = created["match"]
    assert isinstance(match, str)
    documents = [created, service.view(match, 0, picture=True), service.spectate(match), service.public(match)]
    for document in documents:
        assert JSONResponse(document).body == StarletteJSONResponse(document).body
    with pytest.raises(ValueError, match="not JSON compliant"):  # as Starlette's: no NaN in an answer
        JSONResponse({"x": float("nan")})
    assert len(documents) == 4
