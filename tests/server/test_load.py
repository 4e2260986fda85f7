"""Load and faults: many matches of bot clients over WebSockets against real server processes on loopback.

* 200 concurrent matches against one server: nothing lost or applied twice,
  every replay verifies, and the server stays under :data:`MEMORY_BOUND_MIB`.
* ``kill -9`` of the server in the middle of the load, then a restart on the
  same database: every acknowledged action is there, every match finishes.
* Two server processes sharing PostgreSQL, one killed: its clients go on with
  the other.

Figures (actions per second, latency) come from ``nox -s serverbench``, never
from these tests. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from tests.server.load import LOAD_OPTIONS, Client, check_replays, create_matches, play_all, resident_kib
from tests.server.serving import free_port, start, stop, wait_listening

MATCHES = 200
"""Concurrent matches of the load test."""
MEMORY_BOUND_MIB = 768
"""The most resident memory the server may use with :data:`MATCHES` finished matches in memory."""
PLAY_SECONDS = 600.0
"""The bound on playing every match of one test."""
KILL_AFTER = 150
"""Acknowledged actions (all clients together) before the server is killed."""


def _acknowledged(clients: list[Client]) -> int:
    return sum(len(c.acknowledged) for c in clients)


def _in_background(clients: list[Client], bases: list[list[str]]) -> tuple[threading.Thread, list[BaseException]]:
    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(play_all(clients, bases, PLAY_SECONDS))
        except BaseException as exc:  # reported by the test
            failures.append(exc)

    thread = threading.Thread(target=run, name="load-clients", daemon=True)
    thread.start()
    return thread, failures


def _wait_for(condition: object, seconds: float, clients: threading.Thread, failures: list[BaseException]) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        if not clients.is_alive():
            pytest.fail(f"the clients stopped before the kill: {failures!r}")
        time.sleep(0.05)
    pytest.fail(f"not reached within {seconds} s")


def test_two_hundred_concurrent_matches_lose_and_repeat_nothing(tmp_path: Path) -> None:
    port = free_port()
    server = start(port, tmp_path, str(tmp_path / "load.db"), *LOAD_OPTIONS)
    try:
        wait_listening(port, server)
        base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        clients = create_matches(base, MATCHES)
        asyncio.run(play_all(clients, [[ws]] * MATCHES, PLAY_SECONDS))
        # A client may lose its connection on a loaded machine (a keep-alive missed) and reconnect;
        # what must hold is that every match ends and no action is lost or applied twice.
        assert all(c.over for c in clients)
        assert check_replays(base, clients) >= _acknowledged(clients)  # each extra one a reconnect (checked)
        assert resident_kib(server.pid) < MEMORY_BOUND_MIB * 1024
    finally:
        stop(server)


def test_a_server_killed_mid_load_resumes_every_match_from_its_database(tmp_path: Path) -> None:
    port, database = free_port(), str(tmp_path / "fault.db")
    server = start(port, tmp_path, database, *LOAD_OPTIONS)
    try:
        wait_listening(port, server)
        base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        clients = create_matches(base, MATCHES // 4)
        thread, failures = _in_background(clients, [[ws]] * len(clients))
        _wait_for(lambda: _acknowledged(clients) >= KILL_AFTER, 120, thread, failures)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        server = start(port, tmp_path, database, *LOAD_OPTIONS)
        wait_listening(port, server)
        thread.join(timeout=PLAY_SECONDS)
        assert not thread.is_alive() and not failures, failures
        assert any(c.reconnects for c in clients), "no client saw the crash"
        check_replays(base, clients)
    finally:
        stop(server)


def test_two_processes_on_postgresql_survive_one_killed(tmp_path: Path) -> None:
    url = os.environ.get("OFRENDA_POSTGRES_URL", "")
    if not url:
        if os.environ.get("OFRENDA_REQUIRE_POSTGRES") == "1":
            pytest.fail("OFRENDA_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL database (nox -s server starts one)")
    ports = [free_port(), free_port()]
    servers = [start(port, tmp_path, url, *LOAD_OPTIONS) for port in ports]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_listening(port, server)
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        sockets = [f"ws://127.0.0.1:{port}" for port in ports]
        clients = create_matches(bases[0], MATCHES // 4, first_seed=1000)
        # Half the clients start on each server, and fall back on the other.
        routes = [[sockets[i % 2], sockets[1 - i % 2]] for i in range(len(clients))]
        thread, failures = _in_background(clients, routes)
        _wait_for(lambda: _acknowledged(clients) >= KILL_AFTER, 120, thread, failures)
        os.kill(servers[0].pid, signal.SIGKILL)
        servers[0].wait(timeout=10)
        thread.join(timeout=PLAY_SECONDS)
        assert not thread.is_alive() and not failures, failures
        assert any(c.reconnects for c in clients[::2]), "no client of the killed server saw the crash"
        check_replays(bases[1], clients)
    finally:
        for server in servers:
            stop(server)
