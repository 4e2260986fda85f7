"""Several server processes sharing one PostgreSQL database.

``nox -s server`` installs and starts Debian's PostgreSQL, creates an empty
database and sets ``OFRENDA_POSTGRES_URL`` (and ``OFRENDA_REQUIRE_POSTGRES=1``,
so that a missing database fails instead of skipping). Every wait is bounded
and every server process is stopped.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
psycopg = pytest.importorskip("psycopg")

from ofrenda_rules.server.matches import MatchService, ServerError  # noqa: E402
from ofrenda_rules.server.store import PostgresStore  # noqa: E402
from tests.server.serving import free_port, request, start, stop, wait_listening  # noqa: E402

URL = os.environ.get("OFRENDA_POSTGRES_URL", "")
if not URL:  # pragma: no cover - the server session sets it
    if os.environ.get("OFRENDA_REQUIRE_POSTGRES") == "1":
        raise RuntimeError("OFRENDA_POSTGRES_URL is not set")
    pytest.skip("no PostgreSQL database (nox -s server starts one)", allow_module_level=True)

RACERS = 6
"""Threads that submit at the same step at once."""


def services(count: int) -> list[MatchService]:
    return [MatchService(PostgresStore(URL)) for _ in range(count)]


def test_concurrent_submissions_for_one_step_are_serialised_by_the_database() -> None:
    racers = services(RACERS)
    created = racers[0].create({"game": "ofrendados", "config": {"players": 2}, "seats": ["human", "human"], "seed": 9})
    match = created["match"]
    assert isinstance(match, str)
    mover = racers[0].view(match, 0)["to_move"]
    assert isinstance(mover, int)
    legal = racers[0].view(match, mover)["legal_actions"]
    assert isinstance(legal, list) and legal
    barrier = threading.Barrier(RACERS, timeout=30)
    outcomes: list[tuple[str, str]] = []

    def race(index: int) -> None:
        action = legal[index % len(legal)]
        barrier.wait()
        try:
            racers[index].submit(match, mover, {"step": 0, "action": action})
            outcomes.append(("accepted", json.dumps(action, sort_keys=True)))
        except ServerError as exc:
            outcomes.append((exc.code, json.dumps(action, sort_keys=True)))

    threads = [threading.Thread(target=race, args=(i,)) for i in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(outcomes) == RACERS and {code for code, _ in outcomes} <= {"accepted", "stale-step"}
    # One batch takes step 0; a racer that sent that very action is answered as a retry of it, any other is stale.
    accepted = {action for code, action in outcomes if code == "accepted"}
    assert len(accepted) == 1, f"two different actions were accepted at one step: {accepted}"
    assert all(code == "stale-step" for code, action in outcomes if action not in accepted)
    with psycopg.connect(URL) as db:
        row = db.execute("SELECT COUNT(*) FROM ofrenda_steps WHERE match_id = %s AND number = 0", (match,)).fetchone()
    assert row == (1,)


def test_two_server_processes_share_matches_and_push_each_others_moves(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    ports = [free_port(), free_port()]
    servers = [start(port, tmp_path, URL) for port in ports]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_listening(port, server)
        first, second = (f"http://127.0.0.1:{port}" for port in ports)
        body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human"] * 3, "seed": 2}
        status, created = request(f"{first}/matches", body)
        assert status == 201 and isinstance(created, dict)
        match, secrets = created["match"], created["secrets"]
        with connect(f"ws://127.0.0.1:{ports[0]}/matches/{match}/ws", open_timeout=10) as socket:
            socket.send(json.dumps({"seat": 0, "secret": secrets["0"]}))
            hello: Any = json.loads(socket.recv(timeout=10))
            assert hello["step"] == 0
            mover = str(hello["to_move"])
            status, answer = request(f"{second}/matches/{match}/seats/{mover}", secret=secrets[mover])
            assert status == 200 and isinstance(answer, dict)
            move = {"step": 0, "action": answer["legal_actions"][0]}
            status, _ = request(f"{second}/matches/{match}/seats/{mover}/actions", move, secrets[mover])
            assert status == 200
            pushed: Any = json.loads(socket.recv(timeout=10))
            assert pushed["step"] == 1 and pushed["seat"] == 0, "the other process's move was not pushed"
        status, seen = request(f"{first}/matches/{match}")
        assert status == 200 and isinstance(seen, dict) and seen["step"] == 1
    finally:
        for server in servers:
            stop(server)


def test_the_lifecycle_on_postgresql_counts_live_matches_archives_and_plays_out() -> None:
    now = [1_000_000.0]
    service = MatchService(
        PostgresStore(URL), max_matches=10**6, archive_seconds=600, abandon_seconds=300, clock=lambda: now[0]
    )
    live_before = service.store.count()
    finished = service.create({"game": "portents", "seats": ["random", "random"], "seed": 3})["match"]
    abandoned = service.create({"game": "portents", "seats": ["human", "random"], "seed": 4})["match"]
    closed = service.create({"game": "portents", "seats": ["human", "random"], "seed": None})["match"]
    assert isinstance(finished, str) and isinstance(abandoned, str) and isinstance(closed, str)
    assert service.store.count() == live_before + 2  # the bots' match is over already
    now[0] += 301
    counts = service.sweep()
    assert counts["played_out"] >= 1 and counts["closed"] >= 1 and counts["removed"] == 0
    assert service.public(abandoned)["over"] is True
    reread = MatchService(PostgresStore(URL))  # another process: options and stand-ins come from the database
    listed = reread.view(abandoned, 0)["stand_ins"]
    assert isinstance(listed, list) and {s["reason"] for s in listed} == {"abandoned"}
    assert reread.public(abandoned)["spectators"] == "anyone"
    with pytest.raises(ServerError) as gone:
        service.public(closed)
    assert gone.value.code == "unknown-match"
    now[0] += 700
    assert service.sweep()["removed"] >= 2
    for match in (finished, abandoned):
        with pytest.raises(ServerError) as removed:
            service.public(match)
        assert removed.value.code == "unknown-match"
    with psycopg.connect(URL) as db:
        row = db.execute(
            "SELECT COUNT(*) FROM ofrenda_steps WHERE match_id IN (%s, %s)", (finished, abandoned)
        ).fetchone()
    assert row == (0,)
