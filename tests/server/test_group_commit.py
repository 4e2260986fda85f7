"""Group commit: the batches waiting at the same moment share one transaction; each caller learns its own fate.

The test holds the store's lock while threads queue their batches (so they
are waiting at the same moment, deterministically), then lets go: one
transaction must commit them all, except the one whose step number is taken,
which alone is refused. On SQLite, and on PostgreSQL when the server session
provides it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from ofrenda_rules.server.store import MatchRecord, PostgresStore, SqliteStore, StepRecord, Store

THREADS = 8
"""Batches queued at once (one per match), plus one that conflicts."""

STORES = ["sqlite"] + (["postgresql"] if os.environ.get("OFRENDA_POSTGRES_URL") else [])


def open_store(kind: str, path: Path) -> SqliteStore | PostgresStore:
    if kind == "sqlite":
        return SqliteStore(path / "group.db")
    pytest.importorskip("psycopg")
    return PostgresStore(os.environ["OFRENDA_POSTGRES_URL"])


def record(match_id: str) -> MatchRecord:
    return MatchRecord(match_id, "portents", "{}", 1, ("human", "human"), ("a", "b"), "", 2)


@pytest.mark.parametrize("kind", STORES)
def test_batches_waiting_together_are_committed_in_one_transaction(kind: str, tmp_path: Path) -> None:
    store = open_store(kind, tmp_path)
    prefix = f"group-{time.monotonic_ns()}-"
    ids = [f"{prefix}{index}" for index in range(THREADS)]
    now = time.time()  # real time: no test's injected clock takes these stand-in matches for abandoned ones
    for match_id in ids:
        store.create(record(match_id), at=now)
    try:
        check_group(store, ids, now)
    finally:
        for match_id in ids:  # the PostgreSQL database is shared with the other tests
            store.remove(match_id)


def check_group(store: SqliteStore | PostgresStore, ids: list[str], now: float) -> None:
    assert store.append(ids[0], [StepRecord(0, 0, '{"type":"pass"}', 0)], at=now)
    group = store._group
    before = (group.groups, group.batches)
    results: dict[int, bool] = {}

    def submit(index: int) -> None:
        number = 0 if index == THREADS else (1 if index == 0 else 0)  # the extra one takes a taken number
        match_id = ids[0] if index == THREADS else ids[index]
        results[index] = store.append(match_id, [StepRecord(number, 0, '{"type":"pass"}', number)], at=now)

    threads = [threading.Thread(target=submit, args=(index,)) for index in range(THREADS + 1)]
    with store._lock:  # every thread queues its batch, then waits for the lock
        for thread in threads:
            thread.start()
        for _ in range(2000):  # bounded: until all are queued
            if len(group._queue) == THREADS + 1:
                break
            time.sleep(0.005)
        assert len(group._queue) == THREADS + 1
    for thread in threads:
        thread.join(timeout=60)
    assert results == {**{index: True for index in range(THREADS)}, THREADS: False}
    assert (group.groups - before[0], group.batches - before[1]) == (1, THREADS + 1)
    assert [len(store.steps(match_id, 0)) for match_id in ids] == [2] + [1] * (THREADS - 1)


def test_a_failed_group_commit_fails_every_caller_in_it(tmp_path: Path) -> None:
    store: Store = SqliteStore(tmp_path / "group.db")
    assert isinstance(store, SqliteStore)
    store.create(record("m"), at=1.0)
    store._db.close()  # every statement now fails
    with pytest.raises(Exception, match="closed"):
        store.append("m", [StepRecord(0, 0, "{}", 0)])


@pytest.mark.parametrize("kind", STORES)
def test_a_batch_alone_whose_step_number_is_taken_is_refused_and_writes_nothing(kind: str, tmp_path: Path) -> None:
    """A group of one is refused as it is (on PostgreSQL the refusal arrives after the pipeline sent everything)."""
    store = open_store(kind, tmp_path)
    match_id = f"alone-{time.monotonic_ns()}"
    now = time.time()
    store.create(record(match_id), at=now)
    try:
        assert store.append(match_id, [StepRecord(0, 0, '{"type":"pass"}', 0)], at=now)
        taken = [StepRecord(0, 1, '{"type":"other"}', 0), StepRecord(1, 0, '{"type":"pass"}', 0)]
        assert not store.append(match_id, taken, at=now)
        assert [(step.number, step.action_json) for step in store.steps(match_id, 0)] == [(0, '{"type":"pass"}')]
        assert store.append(match_id, [StepRecord(1, 1, '{"type":"pass"}', 1)], at=now)
        assert [step.number for step in store.steps(match_id, 0)] == [0, 1]
    finally:
        store.remove(match_id)
