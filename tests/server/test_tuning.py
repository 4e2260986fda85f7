"""The serving process's tuning: the garbage collector's settings, and the hub's own worker threads."""

from __future__ import annotations

import asyncio
import functools
import gc
import threading
from pathlib import Path
from typing import cast

import pytest

pytest.importorskip("starlette")

from starlette.websockets import WebSocket

from ofrenda_rules.server.app import COLLECTOR_THRESHOLDS, tune_collector
from ofrenda_rules.server.hub import WORKERS, Connection, Hub, Workers
from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.store import SqliteStore


def test_tune_collector_freezes_start_up_objects_and_collects_less_often() -> None:
    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
        assert COLLECTOR_THRESHOLDS[0] > before[0]
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_hub_works_in_threads_of_its_own_and_lets_them_go(tmp_path: Path) -> None:
    hub = Hub(MatchService(SqliteStore(tmp_path / "s.db")))
    names: list[str] = []

    async def run() -> None:
        for _ in range(3):
            names.append(await hub._work(lambda: threading.current_thread().name))

    asyncio.run(run())
    hub.close()
    assert len(names) == 3
    assert all(name.startswith("ofrenda-hub") for name in names)
    assert threading.current_thread().name not in names
    assert WORKERS >= 2


def test_the_workers_hand_back_results_and_exceptions_and_stop_when_closed() -> None:
    workers = Workers(3, "test-workers")

    async def run() -> tuple[list[int], str]:
        results = await asyncio.gather(*(workers.run(functools.partial(pow, n, 2)) for n in range(20)))
        try:
            await workers.run(lambda: 1 // 0)
        except ZeroDivisionError as exc:
            return list(results), type(exc).__name__
        return list(results), "nothing raised"

    results, raised = asyncio.run(run())
    assert results == [n * n for n in range(20)]
    assert raised == "ZeroDivisionError"
    assert workers.alive() == 3
    workers.close(timeout=10)
    assert workers.alive() == 0


def test_a_notice_needs_no_push_only_when_every_connection_has_its_batch(tmp_path: Path) -> None:
    service = MatchService(SqliteStore(tmp_path / "s.db"))
    hub = Hub(service, workers=1)
    body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
    match = str(service.create({**body, "seed": 4})["match"])
    held = service.held_seq(match)
    assert held is not None
    socket = cast(WebSocket, object())
    assert hub.has_seen(match, held)  # nobody connected: nothing to push
    assert not hub.has_seen("no-such-match", 0)
    seat = Connection(socket, 0, held)
    hub.connections[match].add(seat)
    assert hub.has_seen(match, held) and hub.has_seen(match, 0)
    assert not hub.has_seen(match, held + 1)  # a batch this process does not hold yet
    behind = Connection(socket, 0, None)
    hub.connections[match].add(behind)
    assert not hub.has_seen(match, held)
    hub.connections[match].discard(behind)
    hub.connections[match].add(Connection(socket, None, held))  # a spectator's stream may lag: always pushed
    assert not hub.has_seen(match, held)
    hub.close()


class _Socket:
    """A WebSocket that records the texts it is sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def test_a_notice_of_a_batch_a_seat_was_sent_already_costs_no_work(tmp_path: Path) -> None:
    service = MatchService(SqliteStore(tmp_path / "s.db"))
    hub = Hub(service, workers=1)
    body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
    match = str(service.create({**body, "seed": 4})["match"])
    first = service.view(match, 0)
    legal = first["legal_actions"]
    assert isinstance(legal, list) and legal
    service.submit(match, 0, {"step": first["step"], "action": legal[0]})
    held = service.held_seq(match)
    assert held is not None and held > 0
    streamed: list[int | None] = []
    stream = service.stream

    def counted(match_id: str, seat: int | None, since: int | None, **options: bool) -> list[dict[str, object]]:
        streamed.append(since)
        return stream(match_id, seat, since, **options)

    service.stream = counted  # type: ignore[method-assign]
    socket = _Socket()
    current = Connection(cast(WebSocket, socket), 0, held)
    fresh = Connection(cast(WebSocket, socket), 0, None)

    async def run() -> tuple[int, int, int]:
        skipped = await hub.catch_up(match, current, upto=held)
        behind = await hub.catch_up(match, fresh, upto=held)  # never sent anything: sent its stream
        again = await hub.catch_up(match, fresh, upto=held)
        return skipped, behind, again

    assert asyncio.run(run()) == (0, 1, 0)
    assert len(socket.sent) == 1 and fresh.seen == held
    assert streamed == [None]  # only the connection that was behind cost a stream (and a worker's hop)
    hub.close()
