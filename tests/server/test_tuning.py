"""The serving process's tuning: the garbage collector's settings, and the hub's own worker threads."""

from __future__ import annotations

import asyncio
import functools
import gc
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from ofrenda_rules.server.app import COLLECTOR_THRESHOLDS, tune_collector
from ofrenda_rules.server.hub import WORKERS, Hub, Workers
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
