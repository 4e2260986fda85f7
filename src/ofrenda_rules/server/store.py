"""Durable storage of matches: every accepted step committed before it is acknowledged.

A store keeps two things: each match's header (game, config, seats, the
hashes of the seats' secrets) and its steps, numbered ``0, 1, 2, ...`` with a
unique ``(match, number)`` key. Steps are only ever appended, in one
transaction per batch (a person's action and the bots' replies to it); a
batch whose first number is already taken is refused, which is how two server
processes that share a database never apply two actions at the same step.
A match is its header and its steps: replaying the steps gives the state, so a
restarted server resumes every match exactly. Beside them each match has an
activity row -- when it last changed and when it finished -- written in the
same transaction as its steps, which the match cap (live matches only) and
the lifecycle (archived matches removed, abandoned ones played out) read.

:class:`SqliteStore` is the embedded default (a file, created on first use);
:class:`PostgresStore` serves deployments where several server processes
share one database.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

if TYPE_CHECKING:
    import psycopg

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
    options_json: str = "{}"
    """The match's options as JSON (spectators, spectator delay, clock, creation time; see ``MatchService.create``)."""


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
    at: float = 0.0
    """When it was committed (seconds since the epoch, the server's clock)."""
    stand_in: str = ""
    """Why a bot moved for a person's seat (``"timeout"``, ``"abandoned"``), or ``""``: the seat's own move."""


class Store(Protocol):
    """What the server needs of a database."""

    def create(self, match: MatchRecord, *, at: float = 0.0) -> None:
        """Store a new match, active at time ``at``; raise ``ValueError`` if the id is taken."""
        ...

    def match(self, match_id: str) -> MatchRecord | None:
        """The header of a match, or ``None``."""
        ...

    def steps(self, match_id: str, since: int) -> list[StepRecord]:
        """The steps numbered ``since`` and after, in order."""
        ...

    def append(self, match_id: str, steps: Sequence[StepRecord], *, at: float = 0.0, finished: bool = False) -> bool:
        """Commit a batch of consecutive steps atomically; ``False`` when a number is already taken.

        The match is marked active at ``at`` and, when the batch ends the game
        (``finished``), finished at ``at``, in the same transaction.
        """
        ...

    def count(self) -> int:
        """How many matches are live: stored and not finished."""
        ...

    def finish(self, match_id: str, at: float) -> None:
        """Mark a match finished at ``at`` (it leaves the live count; its archive time starts)."""
        ...

    def expired(self, finished_before: float, active_before: float) -> tuple[list[str], list[str]]:
        """The matches finished before ``finished_before``, and the live ones last active before ``active_before``."""
        ...

    def remove(self, match_id: str) -> None:
        """Delete a match, its steps and its activity in one transaction (nothing if it is unknown)."""
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
CREATE TABLE IF NOT EXISTS activity (
    match_id TEXT PRIMARY KEY REFERENCES matches(id),
    active REAL NOT NULL,
    finished REAL,
    options_json TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS activity_finished ON activity(finished);
"""

_BACKFILL = "INSERT INTO {a} (match_id, active) SELECT id, {now} FROM {m} WHERE id NOT IN (SELECT match_id FROM {a})"
"""Give every match of a database written before the activity table a row, active now."""

_SEPARATOR = "\n"


@attrs.define(eq=False)
class _Pending:
    """A batch waiting to be committed with whatever else waits at the same moment (group commit)."""

    match_id: str
    rows: list[tuple[object, ...]]
    at: float
    finished: bool
    done: bool = False
    ok: bool = False
    error: BaseException | None = None


class _GroupCommit:
    """Group commit: each caller queues its batch; whoever holds the commit lock commits every queued batch.

    The batches waiting at the same moment go into one transaction; when one
    of them finds its step number taken, the transaction is rolled back and
    written again with each batch in a savepoint of its own (so that batch
    alone is refused); every caller returns only once the transaction holding its batch
    is committed, so each acknowledgement still follows its durable commit.
    """

    def __init__(self, lock: threading.Lock, commit: Callable[[list[_Pending]], None]) -> None:
        self._lock = lock
        self._commit = commit
        self._queue: list[_Pending] = []
        self._queue_lock = threading.Lock()
        self.groups = 0
        """Transactions committed (for the benchmark)."""
        self.batches = 0
        """Batches committed in them."""

    def append(self, match_id: str, rows: list[tuple[object, ...]], at: float, finished: bool) -> bool:
        pending = _Pending(match_id, rows, at, finished)
        with self._queue_lock:
            self._queue.append(pending)
        with self._lock:
            if not pending.done:
                with self._queue_lock:
                    group, self._queue = self._queue, []
                try:
                    self._commit(group)
                    self.groups += 1
                    self.batches += len(group)
                except BaseException as exc:
                    for other in group:
                        other.ok, other.error = False, exc
                    raise
                finally:
                    for other in group:
                        other.done = True
        if pending.error is not None:
            raise pending.error
        return pending.ok


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
        options_json=row[8] if len(row) > 8 and row[8] is not None else "{}",
    )


def _step_rows(match_id: str, steps: Sequence[StepRecord]) -> list[tuple[object, ...]]:
    """A batch of steps as rows of the steps table."""
    return [(match_id, s.number, s.player, s.action_json, s.batch, s.at, s.stand_in) for s in steps]


_STEP_COLUMNS = "(match_id, number, player, action_json, batch, committed_at, stand_in)"
_READ_STEPS = "SELECT number, player, action_json, batch, committed_at, stand_in FROM {steps}"


class _Rows(Protocol):
    """What both databases' cursors give: the rows of a query."""

    def fetchone(self) -> Any:
        """The next row, or ``None``."""

    def fetchall(self) -> list[Any]:
        """Every row left."""


class _Connection(Protocol):
    """What the reads below need of a connection: ``sqlite3``'s and ``psycopg``'s alike."""

    def execute(self, query: str, params: Sequence[object] = ..., /) -> _Rows:
        """Run one statement."""

    def close(self) -> None:
        """Close the connection."""


@attrs.frozen
class _Queries:
    """The statements both stores send alike, in one database's table names and parameter marker."""

    match: str
    steps: str
    count: str
    finish: str
    finished: str
    idle: str
    insert_match: str
    insert_activity: str
    insert_steps: str
    touch: str


def _queries(matches: str, steps: str, activity: str, marker: str) -> _Queries:
    p = marker
    return _Queries(
        match=f"SELECT m.*, a.options_json FROM {matches} m"
        f" LEFT JOIN {activity} a ON a.match_id = m.id WHERE m.id = {p}",
        steps=_READ_STEPS.format(steps=steps) + f" WHERE match_id = {p} AND number >= {p} ORDER BY number",
        count=f"SELECT COUNT(*) FROM {activity} WHERE finished IS NULL",
        finish=f"UPDATE {activity} SET finished = {p} WHERE match_id = {p} AND finished IS NULL",
        finished=f"SELECT match_id FROM {activity} WHERE finished < {p}",
        idle=f"SELECT match_id FROM {activity} WHERE finished IS NULL AND active < {p}",
        insert_match=f"INSERT INTO {matches} VALUES ({', '.join([p] * 8)})",
        insert_activity=f"INSERT INTO {activity} VALUES ({p}, {p}, NULL, {p})",
        insert_steps=f"INSERT INTO {steps} {_STEP_COLUMNS} VALUES ({', '.join([p] * 7)})",
        touch=f"UPDATE {activity} SET active = {p}, finished = CASE WHEN {p} THEN {p} ELSE finished END"
        f" WHERE match_id = {p}",
    )


class _SqlStore:
    """What the SQLite and the PostgreSQL store do alike: every read, a finish, and appending through a group commit.

    A subclass sets ``_SQL`` and, in its ``__init__``, the write connection ``_db`` with its lock ``_lock``, the
    read connection ``_reader`` with ``_read_lock``, and ``_group``.
    """

    _SQL: ClassVar[_Queries]
    _db: _Connection
    _lock: threading.Lock
    _reader: _Connection
    _read_lock: threading.Lock
    _group: _GroupCommit

    def close(self) -> None:
        """Close the database (its write and its read connection)."""
        with self._lock:
            self._db.close()
        with self._read_lock:
            self._reader.close()

    def match(self, match_id: str) -> MatchRecord | None:
        """The header of a match, or ``None``."""
        with self._read_lock:
            row = self._reader.execute(self._SQL.match, (match_id,)).fetchone()
        if row is None:
            return None
        return _header(row)

    def steps(self, match_id: str, since: int) -> list[StepRecord]:
        """The steps numbered ``since`` and after, in order."""
        with self._read_lock:
            rows = self._reader.execute(self._SQL.steps, (match_id, since)).fetchall()
        return [StepRecord(row[0], row[1], row[2], row[3], float(row[4]), row[5]) for row in rows]

    def append(self, match_id: str, steps: Sequence[StepRecord], *, at: float = 0.0, finished: bool = False) -> bool:
        """Commit a batch of steps atomically; ``False`` (nothing written) when a number is already taken.

        Batches appended at the same moment by several threads share one
        transaction (group commit); each call returns after that commit (and,
        in PostgreSQL, after the notice to every server process).
        """
        return self._group.append(match_id, _step_rows(match_id, steps), at, finished)

    def count(self) -> int:
        """How many matches are live: stored and not finished."""
        with self._lock:
            row = self._db.execute(self._SQL.count).fetchone()
        return 0 if row is None else int(row[0])

    def finish(self, match_id: str, at: float) -> None:
        """Mark a match finished at ``at``."""
        with self._lock:
            self._db.execute(self._SQL.finish, (at, match_id))

    def expired(self, finished_before: float, active_before: float) -> tuple[list[str], list[str]]:
        """The matches finished before ``finished_before``, and the live ones last active before ``active_before``."""
        with self._lock:
            finished = [row[0] for row in self._db.execute(self._SQL.finished, (finished_before,)).fetchall()]
            abandoned = [row[0] for row in self._db.execute(self._SQL.idle, (active_before,)).fetchall()]
        return finished, abandoned


class SqliteStore(_SqlStore):
    """Matches in one SQLite file (``":memory:"`` for a store that lives as long as the object).

    Every write is one transaction, committed (in WAL mode, synchronous
    ``FULL``) before the call returns. Seeds are stored as decimal text, since
    a 64-bit unsigned seed does not fit SQLite's signed integers.
    """

    _SQL = _queries("matches", "steps", "activity", "?")
    _db: sqlite3.Connection
    _reader: sqlite3.Connection

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        self._lock = threading.Lock()
        self._group = _GroupCommit(self._lock, self._commit_group)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(steps)")}
        if "options_json" not in {row[1] for row in self._db.execute("PRAGMA table_info(activity)")}:
            self._db.execute("ALTER TABLE activity ADD COLUMN options_json TEXT NOT NULL DEFAULT '{}'")
        if "committed_at" not in columns:  # a database from before clocks
            self._db.execute("ALTER TABLE steps ADD COLUMN committed_at REAL NOT NULL DEFAULT 0")
            self._db.execute("ALTER TABLE steps ADD COLUMN stand_in TEXT NOT NULL DEFAULT ''")
        self._db.execute(_BACKFILL.format(a="activity", m="matches", now=repr(time.time())))
        # Reads go through a connection of their own, so that they never wait for a commit's fsync (WAL
        # lets a reader see the last committed state while a writer commits).
        if self.path == ":memory:":
            self._reader, self._read_lock = self._db, self._lock
        else:
            self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._read_lock = threading.Lock()

    def create(self, match: MatchRecord, *, at: float = 0.0) -> None:
        """Store a new match, active at ``at``."""
        row = _header_row(match, str)
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(self._SQL.insert_match, row)
                self._db.execute(self._SQL.insert_activity, (match.id, at, match.options_json))
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError as exc:
                self._db.execute("ROLLBACK")
                raise ValueError(f"match id {match.id!r} is taken") from exc
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def _commit_group(self, group: list[_Pending]) -> None:
        """One transaction for every batch of ``group`` (the caller holds the lock).

        Written first without savepoints (one step number taken is rare: another process took it); when a
        batch's number is taken, written again with each batch in a savepoint, so that it alone is refused.
        """
        if not self._write_group(group, savepoints=False):
            self._write_group(group, savepoints=True)

    def _write_group(self, group: list[_Pending], *, savepoints: bool) -> bool:
        """Write and commit ``group``; ``False`` (nothing written) when, without savepoints, a number is taken."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            for pending in group:
                if savepoints:
                    self._db.execute("SAVEPOINT batch")
                try:
                    self._db.executemany(self._SQL.insert_steps, pending.rows)
                    self._db.execute(self._SQL.touch, (pending.at, pending.finished, pending.at, pending.match_id))
                    pending.ok = True
                except sqlite3.IntegrityError:
                    pending.ok = False
                    if not savepoints:
                        self._db.execute("ROLLBACK")
                        return len(group) == 1  # a group of one is refused as it is: nothing to write again
                    self._db.execute("ROLLBACK TO batch")
                if savepoints:
                    self._db.execute("RELEASE batch")
            self._db.execute("COMMIT")
            return True
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def remove(self, match_id: str) -> None:
        """Delete a match, its steps and its activity in one transaction."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                for table, column in (("steps", "match_id"), ("activity", "match_id"), ("matches", "id")):
                    self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (match_id,))
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise


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
CREATE TABLE IF NOT EXISTS ofrenda_activity (
    match_id TEXT PRIMARY KEY REFERENCES ofrenda_matches(id),
    active DOUBLE PRECISION NOT NULL,
    finished DOUBLE PRECISION,
    options_json TEXT NOT NULL DEFAULT '{}'
);
ALTER TABLE ofrenda_activity ADD COLUMN IF NOT EXISTS options_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE ofrenda_steps ADD COLUMN IF NOT EXISTS committed_at DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE ofrenda_steps ADD COLUMN IF NOT EXISTS stand_in TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS ofrenda_activity_finished ON ofrenda_activity(finished);
"""

_TOUCH_MANY = (
    "UPDATE ofrenda_activity AS a SET active = v.at, finished = CASE WHEN v.done THEN v.at ELSE a.finished END"
    " FROM unnest(%s::text[], %s::float8[], %s::bool[]) AS v(id, at, done) WHERE a.match_id = v.id"
)
"""Every match of a group marked active (and finished) in one statement: ids, times, whether finished."""
_NOTIFY_MANY = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"
"""One notice per match of a group, in one statement."""

NOTIFY_CHANNEL = "ofrenda_steps"
"""The PostgreSQL channel a :class:`PostgresStore` notifies after each committed batch: the match id, a space,
and the match's step count after the batch (a notice of the match id alone means "look")."""


class PostgresStore(_SqlStore):
    """Matches in a PostgreSQL database shared by any number of server processes (needs ``psycopg``).

    Concurrent batches for one match are serialised by the database: the
    ``(match_id, number)`` primary key lets exactly one batch take a step
    number, whichever process sends it. After each commit the store sends a
    ``NOTIFY`` on :data:`NOTIFY_CHANNEL` with the match id and its step count, so that every
    process can push the change to its own WebSocket clients.

    Args:
        url: A ``postgresql://`` connection URL.
    """

    _SQL = _queries("ofrenda_matches", "ofrenda_steps", "ofrenda_activity", "%s")
    _db: psycopg.Connection[tuple[Any, ...]]
    _reader: psycopg.Connection[tuple[Any, ...]]

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        """The connection URL."""
        self._psycopg = psycopg
        self._lock = threading.Lock()
        self._group = _GroupCommit(self._lock, self._commit_group)
        self._db = psycopg.connect(url, autocommit=True)
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(7243901)")  # one process creates the tables
            self._db.execute(_POSTGRES_SCHEMA)
            self._db.execute(_BACKFILL.format(a="ofrenda_activity", m="ofrenda_matches", now=repr(time.time())))
        self._reader = psycopg.connect(url, autocommit=True)  # reads never wait for a commit
        self._read_lock = threading.Lock()

    def create(self, match: MatchRecord, *, at: float = 0.0) -> None:
        """Store a new match, active at ``at``."""
        row = _header_row(match, int)
        with self._lock:
            try:
                with self._db.transaction():
                    self._db.execute(self._SQL.insert_match, row)
                    self._db.execute(self._SQL.insert_activity, (match.id, at, match.options_json))
            except self._psycopg.errors.UniqueViolation as exc:
                raise ValueError(f"match id {match.id!r} is taken") from exc

    def _commit_group(self, group: list[_Pending]) -> None:
        """One transaction for every batch of ``group``, one notice per match committed (the caller holds the lock).

        Written first without savepoints, every statement of the transaction sent at once (psycopg's
        pipeline mode: one round trip for the group, where each statement was one); when a batch's step
        number is taken, written again statement by statement with each batch in a savepoint, so that it
        alone is refused.
        """
        if not self._write_group(group, savepoints=False):
            self._write_group(group, savepoints=True)

    def _write_group(self, group: list[_Pending], *, savepoints: bool) -> bool:
        """Write and commit ``group``; ``False`` (nothing written) when, without savepoints, a number is taken."""
        taken = (self._psycopg.errors.UniqueViolation, self._psycopg.errors.ForeignKeyViolation)
        try:
            with contextlib.ExitStack() as pipelined:
                if not savepoints:  # errors surface when the pipeline syncs: still inside this ``try``
                    pipelined.enter_context(self._db.pipeline())
                self._write_statements(group, savepoints=savepoints, taken=taken)
        except taken:  # without savepoints only: the transaction is rolled back, nothing of it written
            for pending in group:  # (a pipeline reports the refusal after every statement was sent)
                pending.ok = False
            return len(group) == 1  # a group of one is refused as it is: nothing to write again
        return True

    def _write_statements(self, group: list[_Pending], *, savepoints: bool, taken: tuple[type[Exception], ...]) -> None:
        """The transaction of :meth:`_write_group`: each batch's steps and activity, then one notice per match.

        Without savepoints the whole group is three statements, whatever its size: every batch's steps in
        one ``executemany``, every match's activity in one ``UPDATE``, every notice in one ``SELECT``
        (statement by statement, psycopg's and the database's work per batch was most of a commit's).
        """
        with self._db.transaction():
            if not savepoints:
                touched: dict[str, tuple[float, bool]] = {}
                for pending in group:
                    at, done = touched.get(pending.match_id, (pending.at, False))
                    touched[pending.match_id] = (max(at, pending.at), done or pending.finished)
                with self._db.cursor() as cursor:
                    rows = [row for pending in group for row in pending.rows]
                    if rows:
                        cursor.executemany(self._SQL.insert_steps, rows)
                    ids = list(touched)
                    cursor.execute(_TOUCH_MANY, (ids, [touched[i][0] for i in ids], [touched[i][1] for i in ids]))
                for pending in group:
                    pending.ok = True
                self._notify(group)
                return
            for pending in group:
                try:
                    with contextlib.ExitStack() as stack:
                        if savepoints:
                            stack.enter_context(self._db.transaction())
                        cursor = stack.enter_context(self._db.cursor())
                        cursor.executemany(self._SQL.insert_steps, pending.rows)
                        cursor.execute(self._SQL.touch, (pending.at, pending.finished, pending.at, pending.match_id))
                    pending.ok = True
                except taken:
                    pending.ok = False
            self._notify(group)

    def _notify(self, group: list[_Pending]) -> None:
        """Notify every match of ``group`` committed, with its step count after the batch (in the transaction)."""
        ends: dict[str, int] = {}
        for pending in group:
            if pending.ok and pending.rows:
                number = pending.rows[-1][1]
                assert isinstance(number, int)
                ends[pending.match_id] = max(ends.get(pending.match_id, 0), number + 1)
        if ends:
            self._db.execute(_NOTIFY_MANY, (NOTIFY_CHANNEL, [f"{match_id} {end}" for match_id, end in ends.items()]))

    def listen(self, changed: Callable[[str, int | None], None], stop: threading.Event) -> None:
        """Call ``changed(match_id, end)`` for every batch any process commits, until ``stop`` is set (a thread's loop).

        ``end`` is the match's step count after the batch (``None`` from a notice without it). Uses a
        connection of its own; checks ``stop`` at least twice a second.
        """
        with self._psycopg.connect(self.url, autocommit=True) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            while not stop.is_set():
                for notice in listener.notifies(timeout=0.5):
                    match_id, _, end = notice.payload.partition(" ")
                    changed(match_id, int(end) if end.isdecimal() else None)
                    if stop.is_set():
                        break

    def remove(self, match_id: str) -> None:
        """Delete a match, its steps and its activity in one transaction."""
        with self._lock, self._db.transaction():
            self._db.execute("DELETE FROM ofrenda_steps WHERE match_id = %s", (match_id,))
            self._db.execute("DELETE FROM ofrenda_activity WHERE match_id = %s", (match_id,))
            self._db.execute("DELETE FROM ofrenda_matches WHERE id = %s", (match_id,))


def open_store(database: str | Path) -> Store:
    """The store a ``--database`` value names: a ``postgresql://`` URL, else a SQLite file path."""
    text = str(database)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)
