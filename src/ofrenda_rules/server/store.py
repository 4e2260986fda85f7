"""Durable storage of matches: every accepted step committed before it is acknowledged.

A store keeps two things: each match's header (game, config, seats, the
hashes of the seats' secrets) and its steps, numbered ``0, 1, 2, ...`` with a
unique ``(match, number)`` key. Steps are only ever appended, in one
transaction per batch (a person's action and the bots' replies to it); a
batch whose first number is already taken is refused, which is how two server
processes that share a database never apply two actions at the same step.
A match is its header and its steps: replaying the steps gives the state, so a
restarted server resumes every match exactly.

:class:`SqliteStore` is the embedded default (a file, created on first use);
:class:`PostgresStore` serves deployments where several server processes
share one database.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

__all__ = ["NOTIFY_CHANNEL", "MatchRecord", "PostgresStore", "SqliteStore", "StepRecord", "Store", "open_store"]


@attrs.frozen
class MatchRecord:
    """A match's header, as stored."""

    id: str
    """The match id (random, URL-safe)."""
    game: str
    """The registry name of the game."""
    config_json: str
    """The config as the library's JSON."""
    seed: int | None
    """The game's seed, or ``None`` when chance outcomes are fed by the holder of the chance secret."""
    seats: tuple[str, ...]
    """Who plays each seat -- ``"human"`` or a bot's name (``"random"``, ``"reference"``)."""
    secret_hashes: tuple[str, ...]
    """SHA-256 (hex) of each seat's secret; empty for a bot's seat."""
    chance_hash: str
    """SHA-256 (hex) of the chance secret of an unseeded match; empty for a seeded one."""
    bot_seed: int
    """Seed of the bots' choices."""


@attrs.frozen
class StepRecord:
    """One accepted step."""

    number: int
    """The step's number (``0`` is the first)."""
    player: int
    """The seat that made it (``-1`` for a chance outcome)."""
    action_json: str
    """The action as the library's canonical JSON."""
    batch: int
    """The number of the first step of the batch it was committed with (its answer is the state after the batch)."""


class Store(Protocol):
    """What the server needs of a database."""

    def create(self, match: MatchRecord) -> None:
        """Store a new match; raise ``ValueError`` if the id is taken."""
        ...

    def match(self, match_id: str) -> MatchRecord | None:
        """The header of a match, or ``None``."""
        ...

    def steps(self, match_id: str, since: int) -> list[StepRecord]:
        """The steps numbered ``since`` and after, in order."""
        ...

    def append(self, match_id: str, steps: Sequence[StepRecord]) -> bool:
        """Commit a batch of consecutive steps atomically; ``False`` when a number is already taken."""
        ...

    def count(self) -> int:
        """How many matches are stored."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config_json TEXT NOT NULL,
    seed TEXT,
    seats TEXT NOT NULL,
    secret_hashes TEXT NOT NULL,
    chance_hash TEXT NOT NULL,
    bot_seed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS steps (
    match_id TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    batch INTEGER NOT NULL,
    PRIMARY KEY (match_id, number)
);
"""

_SEPARATOR = "\n"


def _header_row(match: MatchRecord, seed: Callable[[int], object]) -> tuple[object, ...]:
    """A match's header as a row of the matches table (``seed`` writes a 64-bit seed as the database keeps it)."""
    return (
        match.id,
        match.game,
        match.config_json,
        None if match.seed is None else seed(match.seed),
        _SEPARATOR.join(match.seats),
        _SEPARATOR.join(match.secret_hashes),
        match.chance_hash,
        seed(match.bot_seed),
    )


def _header(row: Sequence[Any]) -> MatchRecord:
    """A match's header from a row of the matches table (a seed read back as text or as a number)."""
    return MatchRecord(
        id=row[0],
        game=row[1],
        config_json=row[2],
        seed=None if row[3] is None else int(row[3]),
        seats=tuple(row[4].split(_SEPARATOR)),
        secret_hashes=tuple(row[5].split(_SEPARATOR)),
        chance_hash=row[6],
        bot_seed=int(row[7]),
    )


def _step_rows(match_id: str, steps: Sequence[StepRecord]) -> list[tuple[object, ...]]:
    """A batch of steps as rows of the steps table."""
    return [(match_id, s.number, s.player, s.action_json, s.batch) for s in steps]


class SqliteStore:
    """Matches in one SQLite file (``":memory:"`` for a store that lives as long as the object).

    Every write is one transaction, committed (in WAL mode, synchronous
    ``FULL``) before the call returns. Seeds are stored as decimal text, since
    a 64-bit unsigned seed does not fit SQLite's signed integers.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def create(self, match: MatchRecord) -> None:
        """Store a new match."""
        row = _header_row(match, str)
        with self._lock:
            try:
                self._db.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            except sqlite3.IntegrityError as exc:
                raise ValueError(f"match id {match.id!r} is taken") from exc

    def match(self, match_id: str) -> MatchRecord | None:
        """The header of a match, or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        return _header(row)

    def steps(self, match_id: str, since: int) -> list[StepRecord]:
        """The steps numbered ``since`` and after, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT number, player, action_json, batch FROM steps"
                " WHERE match_id = ? AND number >= ? ORDER BY number",
                (match_id, since),
            ).fetchall()
        return [StepRecord(*row) for row in rows]

    def append(self, match_id: str, steps: Sequence[StepRecord]) -> bool:
        """Commit a batch of steps atomically; ``False`` (nothing written) when a number is already taken."""
        rows = _step_rows(match_id, steps)
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("INSERT INTO steps VALUES (?, ?, ?, ?, ?)", rows)
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                return False
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return True

    def count(self) -> int:
        """How many matches are stored."""
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM matches").fetchone()
        return int(count)


_POSTGRES_SCHEMA = """
CREATE TABLE IF NOT EXISTS ofrenda_matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config_json TEXT NOT NULL,
    seed NUMERIC(20, 0),
    seats TEXT NOT NULL,
    secret_hashes TEXT NOT NULL,
    chance_hash TEXT NOT NULL,
    bot_seed NUMERIC(20, 0) NOT NULL
);
CREATE TABLE IF NOT EXISTS ofrenda_steps (
    match_id TEXT NOT NULL REFERENCES ofrenda_matches(id),
    number INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    batch INTEGER NOT NULL,
    PRIMARY KEY (match_id, number)
);
"""

NOTIFY_CHANNEL = "ofrenda_steps"
"""The PostgreSQL channel a :class:`PostgresStore` notifies with a match id after each committed batch."""


class PostgresStore:
    """Matches in a PostgreSQL database shared by any number of server processes (needs ``psycopg``).

    Concurrent batches for one match are serialised by the database: the
    ``(match_id, number)`` primary key lets exactly one batch take a step
    number, whichever process sends it. After each commit the store sends a
    ``NOTIFY`` on :data:`NOTIFY_CHANNEL` with the match id, so that every
    process can push the change to its own WebSocket clients.

    Args:
        url: A ``postgresql://`` connection URL.
    """

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        """The connection URL."""
        self._psycopg = psycopg
        self._lock = threading.Lock()
        self._db = psycopg.connect(url, autocommit=True)
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(7243901)")  # one process creates the tables
            self._db.execute(_POSTGRES_SCHEMA)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    def create(self, match: MatchRecord) -> None:
        """Store a new match."""
        row = _header_row(match, int)
        with self._lock:
            try:
                self._db.execute("INSERT INTO ofrenda_matches VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", row)
            except self._psycopg.errors.UniqueViolation as exc:
                raise ValueError(f"match id {match.id!r} is taken") from exc

    def match(self, match_id: str) -> MatchRecord | None:
        """The header of a match, or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT * FROM ofrenda_matches WHERE id = %s", (match_id,)).fetchone()
        if row is None:
            return None
        return _header(row)

    def steps(self, match_id: str, since: int) -> list[StepRecord]:
        """The steps numbered ``since`` and after, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT number, player, action_json, batch FROM ofrenda_steps"
                " WHERE match_id = %s AND number >= %s ORDER BY number",
                (match_id, since),
            ).fetchall()
        return [StepRecord(*row) for row in rows]

    def append(self, match_id: str, steps: Sequence[StepRecord]) -> bool:
        """Commit a batch of steps atomically and notify; ``False`` (nothing written) when a number is taken."""
        rows = _step_rows(match_id, steps)
        with self._lock:
            try:
                with self._db.transaction():
                    with self._db.cursor() as cursor:
                        cursor.executemany("INSERT INTO ofrenda_steps VALUES (%s, %s, %s, %s, %s)", rows)
                    self._db.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, match_id))
            except self._psycopg.errors.UniqueViolation:
                return False
        return True

    def listen(self, changed: Callable[[str], None], stop: threading.Event) -> None:
        """Call ``changed(match_id)`` for every batch any process commits, until ``stop`` is set (a thread's loop).

        Uses a connection of its own; checks ``stop`` at least twice a second.
        """
        with self._psycopg.connect(self.url, autocommit=True) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            while not stop.is_set():
                for notice in listener.notifies(timeout=0.5):
                    changed(notice.payload)
                    if stop.is_set():
                        break

    def count(self) -> int:
        """How many matches are stored."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM ofrenda_matches").fetchone()
        return 0 if row is None else int(row[0])


def open_store(database: str | Path) -> Store:
    """The store a ``--database`` value names: a ``postgresql://`` URL, else a SQLite file path."""
    text = str(database)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)
