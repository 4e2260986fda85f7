"""The WebSocket connections of one server process and the stream each is sent (sequence numbers in order)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs
from starlette.websockets import WebSocket

from ofrenda_rules.server.matches import MatchService, message_text

__all__ = ["WORKERS", "Connection", "Hub", "Workers"]

_T = TypeVar("_T")

WORKERS: Final = 16
"""The worker threads that apply submissions and compute streams (the rules and the database, off the event loop).

It also bounds the WebSocket submissions one group commit can carry (each waiting one holds a worker; HTTP
submissions run in Starlette's threads besides)."""


def _settle(future: asyncio.Future[Any], value: object, error: BaseException | None) -> None:
    """Give ``future`` the work's result (on the event loop; a future cancelled meanwhile is left alone)."""
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)


class Workers:
    """Worker threads that run calls for an event loop: each call one queue put and one wake-up of the loop.

    What ``loop.run_in_executor`` does with a ``ThreadPoolExecutor``, without its two futures per call
    (a ``concurrent.futures.Future`` with its condition variable, chained to the asyncio one by callbacks):
    counted in the whole server process, that machinery was a tenth of the event loop's work per action.
    A call's exception is raised in the awaiting coroutine.
    """

    def __init__(self, count: int, name: str) -> None:
        self._queue: queue.SimpleQueue[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any], Callable[[], Any]] | None]
        self._queue = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._serve, name=f"{name}_{index}", daemon=True) for index in range(count)
        ]
        for thread in self._threads:
            thread.start()

    def _serve(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            loop, future, work = item
            value: object = None
            error: BaseException | None = None
            try:
                value = work()
            except BaseException as exc:  # handed to the awaiting coroutine
                error = exc
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody awaits the result any more
                loop.call_soon_threadsafe(_settle, future, value, error)
            del item, future, work, value, error

    async def run(self, work: Callable[[], _T]) -> _T:
        """``work()`` in one of the threads; its result (or its exception, raised here)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        self._queue.put((loop, future, work))
        return await future

    def close(self, timeout: float | None = None) -> None:
        """Let the threads go once the calls queued before are done; with ``timeout``, wait that long for them."""
        for _ in self._threads:
            self._queue.put(None)
        if timeout is not None:
            for thread in self._threads:
                thread.join(timeout)

    def alive(self) -> int:
        """How many of the threads still run."""
        return sum(1 for thread in self._threads if thread.is_alive())


def _encoded(message: dict[str, object]) -> tuple[str, int]:
    """A stream message as the text sent (as Starlette's ``send_json`` writes it) and its ``seq``.

    Encoded in the worker thread that computed it, so the event loop only sends.
    """
    seq = message["seq"]
    assert isinstance(seq, int)
    return message_text(message), seq


@attrs.define(eq=False)
class Connection:
    """One WebSocket of a seat (``seat is None``: a spectator) and the last sequence number it was sent."""

    socket: WebSocket
    seat: int | None
    seen: int | None
    lean: bool = False
    """Whether the seat asked for lean answers, without the legal actions' words or picks (a bot's connection)."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    """Held while sending, so that messages leave in sequence order."""

    async def send(self, payload: dict[str, object]) -> None:
        """Send a reply that is not part of the stream (an error), tagged with the stream's position."""
        async with self.lock:
            await self.socket.send_json({**payload, "seq": self.seen})


class Hub:
    """The WebSocket connections of this process, by match; each is sent its own seat's stream."""

    def __init__(self, service: MatchService, workers: int = WORKERS) -> None:
        self.service = service
        self.connections: defaultdict[str, set[Connection]] = defaultdict(set)
        """Each match's connections."""
        self.workers = Workers(workers, "ofrenda-hub")
        """The hub's worker threads."""

    async def _work(self, work: Callable[[], _T]) -> _T:
        """``work()`` in one of the hub's worker threads.

        Threads of the hub's own (:class:`Workers`), not Starlette's ``run_in_threadpool`` (anyio's
        worker threads): measured on the shared machine, a hop through a plain executor cost about
        15 µs of CPU against 65 µs under concurrency, and a submission makes one hop; ``Workers``
        drops the executor's second future besides.
        """
        return await self.workers.run(work)

    def close(self) -> None:
        """Let the worker threads go once their work is done."""
        self.workers.close()

    async def catch_up(
        self, match_id: str, connection: Connection, *, refresh: bool = True, upto: int | None = None
    ) -> int:
        """Send ``connection`` every message of its stream it has not been sent; how many were sent.

        Without ``refresh`` the match is taken as this process holds it (after a commit of its own).
        With ``upto`` (a batch end a database notice announced), a seat's connection that was sent that
        far already -- checked once its own submission, if any, has been answered -- is left alone: no
        hop to a worker, no read of the store (a notice of this process's own commit usually arrives
        while the submitter's answer is still being computed).
        """
        async with connection.lock:
            if (
                upto is not None
                and connection.seat is not None
                and connection.seen is not None
                and connection.seen >= upto
            ):
                return 0
            stream = self.service.stream
            seat, seen, lean = connection.seat, connection.seen, connection.lean
            texts = await self._work(
                lambda: [_encoded(message) for message in stream(match_id, seat, seen, refresh=refresh, lean=lean)]
            )
            for text, seq in texts:
                await connection.socket.send_text(text)
                connection.seen = seq
            return len(texts)

    async def submit(self, match_id: str, connection: Connection, submission: object) -> None:
        """Apply a seat's submission and send its connection what it has not seen, in one worker thread's call.

        The connection gets its stream up to and including its own batch; a
        retry of an old batch (nothing new to send) gets that batch's answer.
        Raises the submission's :class:`~ofrenda_rules.server.matches.ServerError`.
        """
        seat = connection.seat
        assert seat is not None
        service, lean = self.service, connection.lean
        async with connection.lock:
            seen = connection.seen

            def work() -> tuple[list[tuple[str, int]], bool]:
                messages, streamed = service.submit_stream(match_id, seat, submission, seen, lean=lean)
                return [_encoded(message) for message in messages], streamed

            texts, streamed = await self._work(work)
            for text, seq in texts:
                await connection.socket.send_text(text)
                if streamed:
                    connection.seen = seq

    async def publish(self, match_id: str, *, refresh: bool = True, notified: int | None = None) -> None:
        """Bring every connection to ``match_id`` up to date (a no-op for those that are).

        ``notified`` is the match's step count a database notice announced: when this process holds
        that batch already (its own commit), the match is not read from the store again. The
        connections behind get their messages from one worker thread's call, each distinct stream
        (a seat, or spectators, seen up to the same point) computed and encoded once.
        """
        held = None if refresh else self.service.held_seq(match_id)
        if refresh and notified is not None:
            current = self.service.held_seq(match_id)
            if current is not None and current >= notified:
                held, refresh = current, False
        behind = [
            connection
            for connection in list(self.connections.get(match_id, ()))
            # up to date already (a spectator's stream may lag: it is asked)
            if held is None or connection.seen != held or connection.seat is None
        ]
        if len(behind) > 1:
            await self._push_all(match_id, behind, refresh=refresh)
            return
        for connection in behind:
            try:
                await self.catch_up(match_id, connection, refresh=refresh, upto=notified)
            except Exception:  # a closed socket, or a removed match: forget it
                self.connections[match_id].discard(connection)

    async def _push_all(self, match_id: str, behind: list[Connection], *, refresh: bool) -> None:
        """Send several connections what they have not seen: every distinct stream computed in one worker call."""
        wanted = list(dict.fromkeys((c.seat, c.seen, c.lean) for c in behind))
        stream = self.service.stream

        def work() -> dict[tuple[int | None, int | None, bool], list[tuple[str, int]] | None]:
            texts: dict[tuple[int | None, int | None, bool], list[tuple[str, int]] | None] = {}
            fresh = not refresh  # the store is read until one stream has brought the match up to date
            for seat, seen, lean in wanted:
                try:
                    messages = stream(match_id, seat, seen, refresh=not fresh, lean=lean)
                    texts[seat, seen, lean] = [_encoded(message) for message in messages]
                    fresh = True
                except Exception:  # a removed match: each connection finds out on its own
                    texts[seat, seen, lean] = None
            return texts

        computed = await self._work(work)
        for connection in behind:
            try:
                async with connection.lock:
                    texts = computed.get((connection.seat, connection.seen, connection.lean))
                    if texts is not None:  # else it moved on meanwhile, or failed: asked again below
                        for text, seq in texts:
                            await connection.socket.send_text(text)
                            connection.seen = seq
                        continue
                await self.catch_up(match_id, connection, refresh=False)
            except Exception:  # a closed socket, or a removed match: forget it
                self.connections[match_id].discard(connection)

    def has_seen(self, match_id: str, end: int) -> bool:
        """Whether this process holds ``match_id`` up to step ``end`` and every connection to it was sent that far.

        Then a database notice of that batch needs no push (:meth:`publish` would find nothing to send); a
        spectator's stream may lag on purpose, so a match a spectator watches always gets :meth:`publish`.
        """
        held = self.service.held_seq(match_id)
        if held is None or held < end:
            return False
        return all(c.seat is not None and c.seen == held for c in self.connections.get(match_id, ()))

    def count(self, match_id: str, seat: int | None) -> int:
        """How many connections of this process watch ``match_id`` as ``seat`` (``None``: spectators)."""
        return sum(1 for connection in self.connections.get(match_id, ()) if connection.seat == seat)
