"""Sequence numbers and reconnection: a seat never loses a push, never gets another seat's information.

Through Starlette's test client: a reconnection with the last ``seq`` seen gets
exactly the batches committed since, a too-old or unknown one a full resync.
Through :class:`~tests.server.faulty.FaultyProxy` on loopback, in front of
``ofrenda-rules serve``: bot clients, one per seat, play whole matches while
the proxy drops, duplicates, reorders and delays the server's messages and
cuts connections; each must finish with exactly the server's sequence of
batches applied once each and the server's final answer. Every loop is bounded.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")

from starlette.testclient import TestClient  # noqa: E402

from ofrenda_rules.server import matches  # noqa: E402
from ofrenda_rules.server.app import create_app  # noqa: E402
from ofrenda_rules.server.matches import MAX_BACKLOG, MatchService  # noqa: E402
from ofrenda_rules.server.store import SqliteStore  # noqa: E402
from tests.server.faulty import FaultyProxy  # noqa: E402
from tests.server.serving import free_port, request, start, stop, wait_listening  # noqa: E402
from tests.server.test_api import auth, create  # noqa: E402

MAX_CONNECTIONS = 400
"""The most connections one bot client opens in a match."""
MAX_MESSAGES = 5000
"""The most messages one bot client reads on one connection."""
QUIET_SECONDS = 1.0
"""How long a bot client waits for a message before it reconnects (a dropped message looks like silence)."""


def the_ends(database: Path, match: str) -> list[int]:
    """The server's batch ends of a match (its seats' sequence numbers), read from the database."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        rows = db.execute("SELECT number, batch FROM steps WHERE match_id = ? ORDER BY number", (match,)).fetchall()
    ends = [0]
    for index, (number, batch) in enumerate(rows):
        if index + 1 == len(rows) or rows[index + 1][1] != batch:
            ends.append(number + 1)
    return ends


def service_of(api: TestClient) -> MatchService:
    service: MatchService = api.app.state.service  # type: ignore[attr-defined]
    return service


def test_a_reconnection_gets_exactly_what_it_missed(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "server.db"), raise_server_exceptions=False) as api:
        created = create(api, "dia_de_los_muertos", ["human", "human", "human"], seed=5)
        match, secrets = created["match"], created["secrets"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 2, "secret": secrets["2"]})
            first = socket.receive_json()
        assert first["resync"] is True and first["seat"] == 2
        seen = first["seq"]
        moved = 0
        for _ in range(6):  # six batches while seat 2 is away
            mover = str(service_of(api).view(match, 0)["to_move"])
            answer = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[mover])).json()
            body = {"step": answer["step"], "action": answer["legal_actions"][0]}
            posted = api.post(f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[mover]))
            assert posted.status_code == 200
            moved += 1
        assert moved == 6
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 2, "secret": secrets["2"], "since": seen})
            missed = [socket.receive_json() for _ in range(6)]
        assert [m["prev"] for m in missed] == [seen] + [m["seq"] for m in missed[:-1]]
        assert all(m["seat"] == 2 and "resync" not in m for m in missed)
        service = service_of(api)
        assert missed[-1] == service.view(match, 2)
        with api.websocket_connect(f"/matches/{match}/ws") as socket:  # a number that is no batch end: resync
            socket.send_json({"seat": 2, "secret": secrets["2"], "since": seen + 10_000})
            assert socket.receive_json()["resync"] is True
        assert len(service.stream(match, 2, seen)) == 6 <= MAX_BACKLOG


def test_a_connection_too_far_behind_gets_a_full_resync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matches, "MAX_BACKLOG", 2)
    service = MatchService(SqliteStore(":memory:"))
    created = service.create(
        {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human"] * 3, "seed": 1}
    )
    match = created["match"]
    assert isinstance(match, str)
    start_at = service.view(match, 0)["seq"]
    assert isinstance(start_at, int)
    for _ in range(3):
        answer = service.view(match, 0)
        mover = answer["to_move"]
        assert isinstance(mover, int)
        legal = service.view(match, mover)["legal_actions"]
        assert isinstance(legal, list)
        service.submit(match, mover, {"step": answer["step"], "action": legal[0]})
    behind = service.stream(match, 1, start_at)  # three batches behind, two at most one by one
    assert len(behind) == 1 and behind[0]["resync"] is True and behind[0] == {**service.view(match, 1), "resync": True}
    assert len(service.stream(match, 1, service.live_ends(match)[-3])) == 2


class Bot:
    """A seat's client that plays through the faulty proxy, keeps sequence numbers, reconnects on any doubt."""

    def __init__(self, port: int, match: str, seat: int, secret: str, seed: int) -> None:
        self.url = f"ws://127.0.0.1:{port}/matches/{match}/ws"
        self.seat, self.secret = seat, secret
        self.random = random.Random(seed)
        self.last: int | None = None
        self.applied: list[int] = []
        self.answer: dict[str, Any] = {}
        self.connections = 0
        self.foreign = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        while self.connections < MAX_CONNECTIONS:
            self.connections += 1
            try:
                with websockets_client.connect(self.url, compression=None, open_timeout=10) as ws:
                    hello: dict[str, object] = {"seat": self.seat, "secret": self.secret}
                    if self.last is not None:
                        hello["since"] = self.last
                    ws.send(json.dumps(hello))
                    for _ in range(MAX_MESSAGES):
                        message = json.loads(ws.recv(timeout=QUIET_SECONDS))
                        if "error" in message:
                            continue
                        if message["seat"] != self.seat:
                            self.foreign += 1
                        if message.get("resync"):  # the first connection; later ones always name a known seq
                            if not self.applied or self.applied[-1] != message["seq"]:
                                self.applied.append(message["seq"])
                        elif self.last is not None and message["seq"] <= self.last:
                            continue  # a duplicate, or a late one
                        elif message["prev"] != self.last:
                            break  # a gap: reconnect and get what was missed
                        else:
                            self.applied.append(message["seq"])
                        self.last = message["seq"]
                        self.answer = message
                        if message["over"]:
                            return
                        if message["to_move"] == self.seat:
                            action = self.random.choice(message["legal_actions"])
                            ws.send(json.dumps({"step": message["step"], "action": action}))
            except (ConnectionClosed, TimeoutError, OSError):
                continue
        raise AssertionError(f"seat {self.seat} did not finish within {MAX_CONNECTIONS} connections")


@pytest.mark.parametrize(("game", "players", "seed"), [("dia_de_los_muertos", 3, 1), ("portents", 2, 2)])
def test_bot_clients_finish_every_match_through_a_faulty_proxy(
    game: str, players: int, seed: int, tmp_path: Path
) -> None:
    database = tmp_path / "served.db"
    port = free_port()
    server = start(port, tmp_path, str(database))
    proxy: FaultyProxy | None = None
    try:
        wait_listening(port, server)
        proxy = FaultyProxy(port, seed=seed, rate=0.1)
        bots: list[Bot] = []
        match_ids: list[str] = []
        for index in range(2):
            body = {"game": game, "config": {"players": players}, "seats": ["human"] * players, "seed": seed + index}
            status, created = request(f"http://127.0.0.1:{port}/matches", body)
            assert status == 201 and isinstance(created, dict)
            match_ids.append(created["match"])
            bots.extend(
                Bot(proxy.port, created["match"], seat, created["secrets"][str(seat)], seed * 100 + index * 10 + seat)
                for seat in range(players)
            )
        threads = [threading.Thread(target=bot.run) for bot in bots]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
        assert all(not thread.is_alive() for thread in threads)
        errors = [bot.error for bot in bots if bot.error is not None]
        assert errors == [], errors
        checked = 0
        for index, match in enumerate(match_ids):
            ends = the_ends(database, match)
            for bot in bots[index * players : (index + 1) * players]:
                assert bot.foreign == 0, "a message for another seat"
                start_at = ends.index(bot.applied[0])
                assert bot.applied == ends[start_at:], f"seat {bot.seat} applied {bot.applied}, the server {ends}"
                status, final = request(f"http://127.0.0.1:{port}/matches/{match}/seats/{bot.seat}", secret=bot.secret)
                assert status == 200 and final == bot.answer and bot.answer["over"] is True
                checked += 1
        assert checked == len(bots)
        assert sum(proxy.faults.values()) > 0 and set(proxy.faults) >= {"drop", "duplicate", "reorder", "cut"}, (
            proxy.faults
        )
    finally:
        if proxy is not None:
            proxy.close()
        stop(server)
