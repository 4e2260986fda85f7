"""The serving process's tuning: the garbage collector's settings, and the hub's own worker threads."""

from __future__ import annotations

import asyncio
import gc
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from ofrenda_rules.server.app import COLLECTOR_THRESHOLDS, tune_collector
from ofrenda_rules.server.hub import WORKERS, Hub
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
