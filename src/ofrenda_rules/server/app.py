"""The game server's HTTP and WebSocket API, as an ASGI application on Starlette.

Routes (every body is JSON; every error is ``{"error": {"code", "message", "path"?}}``):

* ``GET /`` -- the browser client (``/static/...`` its script and style);
* ``GET /games`` -- the games, their titles, player counts and whether they ship a reference bot;
* ``GET /openapi.json`` -- the OpenAPI document (:func:`~ofrenda_rules.server.protocol.openapi`);
* ``POST /matches`` -- create a match (see :meth:`MatchService.create`);
* ``GET /matches/{id}`` -- what anyone may know: game, config, seat kinds, step, result;
* ``GET /matches/{id}/seats/{seat}`` -- the seat's view, legal actions and recent events
  (``Authorization: Bearer SECRET``; ``?picture=1`` adds the SVG picture of the view);
* ``POST /matches/{id}/seats/{seat}/actions`` -- submit ``{"step": N, "action": {...}}``;
* ``POST /matches/{id}/chance`` -- feed a chance outcome of an unseeded match (the chance secret);
* ``GET /matches/{id}/replay`` -- the finished match as a replay that ``ofrenda-rules verify`` accepts;
* ``GET /matches/{id}/spectate`` -- what anyone may watch: the public view, its events, the result
  (``?picture=1`` adds the picture);
* ``WS /matches/{id}/ws`` -- send ``{"spectator": true}`` first to watch (the public answer is pushed
  after every change), or ``{"seat": N, "secret": "..."}`` to play a seat: the seat's answer is
  pushed after every change of the match, and each later message ``{"step": N, "action": {...}}``
  is a submission, answered as ``POST .../actions`` answers it.

Untrusted input is bounded: request bodies (:data:`MAX_BODY_BYTES`), WebSocket
messages (:data:`MAX_MESSAGE_BYTES`) and the number of matches; JSON goes
through the library's strict parser; no traceback ever reaches a client; no
CORS headers are sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import threading
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import games
from ofrenda_rules.replay import dump_replay
from ofrenda_rules.serialization import parse_json
from ofrenda_rules.server.matches import MatchService, ServerError
from ofrenda_rules.server.protocol import openapi
from ofrenda_rules.server.store import PostgresStore, Store, open_store

__all__ = ["CLIENT_POLICY", "MAX_BODY_BYTES", "MAX_MESSAGE_BYTES", "STATIC", "Limits", "create_app"]

MAX_BODY_BYTES: Final = 64 * 1024
"""The largest request body accepted (64 KiB)."""
MAX_MESSAGE_BYTES: Final = 4 * 1024
"""The largest WebSocket message accepted from a client (4 KiB)."""

STATIC: Final = Path(__file__).resolve().parent / "static"
"""The browser client's files (HTML, JavaScript, CSS), served at ``/`` and ``/static``."""
CLIENT_POLICY: Final = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the client page -- nothing but this server, no inline script."""

_log = logging.getLogger("ofrenda_rules.server")


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse(exc.payload(), status_code=exc.status)


def _utf8(data: bytes, what: str) -> str:
    """``data`` as text: UTF-8 without a byte order mark, the one encoding the protocol reads.

    :func:`json.loads` would guess UTF-16 or UTF-32 from the bytes; the server,
    like the replay reader, refuses them in words (code ``not-utf-8``).
    """
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        raise ServerError(400, "not-utf-8", f"{what} must be UTF-8 without a byte order mark", "$")
    if b"\x00" in data:
        raise ServerError(400, "not-utf-8", f"{what} must be UTF-8 (a NUL byte: UTF-16 or UTF-32?)", "$")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        shown = data[exc.start : exc.start + 1]
        raise ServerError(400, "not-utf-8", f"{what} must be UTF-8: byte {exc.start} is {shown!r}", "$") from None


async def _body(request: Request) -> object:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise ServerError(413, "too-large", f"request bodies are limited to {MAX_BODY_BYTES} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ServerError(413, "too-large", f"request bodies are limited to {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    text = _utf8(b"".join(chunks), "request bodies")
    try:
        return parse_json(text, max_bytes=MAX_BODY_BYTES)
    except OfrendaRulesError as exc:
        raise ServerError(400, "malformed-json", str(exc), "$") from None


def _secret(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret:
        raise ServerError(401, "unauthorized", "send the seat's secret as 'Authorization: Bearer SECRET'")
    return secret.strip()


def _seat(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise ServerError(404, "unknown-seat", "no such seat")
    return int(text)


async def _receive(websocket: WebSocket) -> str:
    """The next text message (raises ``WebSocketDisconnect`` once the client is gone).

    A binary message, or one over :data:`MAX_MESSAGE_BYTES`, is refused with
    a :class:`ServerError` the caller answers; the connection stays open.
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ServerError(400, "malformed-json", "send JSON as text messages (UTF-8), not binary ones", "$")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ServerError(413, "too-large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    return str(text)


@attrs.define(eq=False)
class _Connection:
    """One WebSocket of a seat (``seat is None``: a spectator) and the last sequence number it was sent."""

    socket: WebSocket
    seat: int | None
    seen: int | None
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    """Held while sending, so that messages leave in sequence order."""

    async def send(self, payload: dict[str, object]) -> None:
        """Send a reply that is not part of the stream (an error), tagged with the stream's position."""
        async with self.lock:
            await self.socket.send_json({**payload, "seq": self.seen})


class _Hub:
    """The WebSocket connections of this process, by match; each is sent its own seat's stream."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.connections: defaultdict[str, set[_Connection]] = defaultdict(set)
        """Each match's connections."""

    async def catch_up(self, match_id: str, connection: _Connection) -> int:
        """Send ``connection`` every message of its stream it has not been sent; how many were sent."""
        async with connection.lock:
            messages = await run_in_threadpool(self.service.stream, match_id, connection.seat, connection.seen)
            for message in messages:
                await connection.socket.send_json(message)
                seq = message["seq"]
                assert isinstance(seq, int)
                connection.seen = seq
            return len(messages)

    async def publish(self, match_id: str) -> None:
        """Bring every connection to ``match_id`` up to date (a no-op for those that are)."""
        for connection in list(self.connections.get(match_id, ())):
            try:
                await self.catch_up(match_id, connection)
            except Exception:  # a closed socket, or a removed match: forget it
                self.connections[match_id].discard(connection)

    def count(self, match_id: str, seat: int | None) -> int:
        """How many connections of this process watch ``match_id`` as ``seat`` (``None``: spectators)."""
        return sum(1 for connection in self.connections.get(match_id, ()) if connection.seat == seat)


@attrs.frozen
class Limits:
    """The limits a server enforces on anonymous clients (each an option of ``ofrenda-rules serve``)."""

    max_matches: int = 1000
    """The most live (unfinished) matches; one more create answers 503 ``too-many-matches``."""
    archive_seconds: float = 3600.0
    """How long a finished match stays readable (replay export, views) before it is removed."""
    abandon_seconds: float = 86400.0
    """How long a live match may go without a step before it is abandoned (played out by bots, or closed)."""
    sweep_seconds: float = 60.0
    """How often the server looks for archived and abandoned matches."""
    creates_per_minute: int = 30
    """The most ``POST /matches`` per client address in any 60 seconds; more answer 429 ``too-many-requests``."""
    sockets_per_seat: int = 4
    """The most open WebSockets per seat of a match (spectators per match: ten times as many); more answer 429."""


class _RateLimit:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window); memory bounded by live keys."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.events: dict[str, deque[float]] = {}
        self._checks = 0

    def allow(self, key: str) -> float:
        """Record an event for ``key``; ``0.0`` if allowed, else the seconds until one would be."""
        now = self.clock()
        self._checks += 1
        if self._checks % 1024 == 0:  # forget the keys that have been quiet for a whole window
            for quiet in [k for k, times in self.events.items() if not times or times[-1] <= now - self.window]:
                del self.events[quiet]
        times = self.events.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return max(times[0] + self.window - now, 0.001)
        times.append(now)
        return 0.0


def create_app(
    store: Store | str | Path | None = None,
    *,
    max_matches: int = 1000,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The server application over ``store``.

    ``store`` is a :class:`Store`, a ``postgresql://`` URL or a SQLite file
    path (default ``ofrenda-rules.db``). With PostgreSQL, the application
    listens for the batches other processes commit and pushes them to its own
    WebSocket clients too. ``limits`` bounds what anonymous clients may do
    (``max_matches`` is kept for callers that set only that one); ``clock``
    is the time in seconds, which tests replace.
    """
    if limits is None:
        limits = Limits(max_matches=max_matches)
    if store is None:
        store = "ofrenda-rules.db"
    if isinstance(store, str | Path):
        store = open_store(store)
    service = MatchService(
        store,
        max_matches=limits.max_matches,
        archive_seconds=limits.archive_seconds,
        abandon_seconds=limits.abandon_seconds,
        clock=clock,
    )
    hub = _Hub(service)
    document = openapi()
    listening = isinstance(store, PostgresStore)
    creates = _RateLimit(limits.creates_per_minute, 60.0, clock)

    async def sweeping() -> None:
        while True:
            await asyncio.sleep(limits.sweep_seconds)
            try:
                await run_in_threadpool(service.sweep)
            except Exception:
                _log.exception("sweeping matches failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(sweeping())
        thread = None
        stop = threading.Event()
        if isinstance(store, PostgresStore):
            loop = asyncio.get_running_loop()

            def changed(match_id: str) -> None:
                asyncio.run_coroutine_threadsafe(hub.publish(match_id), loop)

            thread = threading.Thread(target=store.listen, args=(changed, stop), name="ofrenda-listen", daemon=True)
            thread.start()
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            if thread is not None:
                stop.set()
                await run_in_threadpool(thread.join, 5)

    async def publish(match_id: str) -> None:
        if not listening:  # PostgreSQL notifies every process, this one included
            await hub.publish(match_id)

    async def guarded(handler: Any, request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except ServerError as exc:
            return _error(exc)
        except Exception:
            _log.exception("internal error on %s %s", request.method, request.url.path)
            return JSONResponse({"error": {"code": "internal", "message": "internal server error"}}, status_code=500)

    async def create(request: Request) -> Response:
        address = request.client.host if request.client is not None else ""
        wait = creates.allow(address)
        if wait:
            error = ServerError(
                429, "too-many-requests", f"at most {limits.creates_per_minute} matches per minute from one address"
            )
            return JSONResponse(error.payload(), status_code=429, headers={"Retry-After": str(math.ceil(wait))})
        body = await _body(request)
        answer = await run_in_threadpool(service.create, body)
        return JSONResponse(answer, status_code=201)

    async def public(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(service.public, request.path_params["match"]))

    async def seat_view(request: Request) -> Response:
        match_id, seat = request.path_params["match"], _seat(request.path_params["seat"])
        await run_in_threadpool(service.authenticate, match_id, seat, _secret(request))
        picture = request.query_params.get("picture") == "1"
        return JSONResponse(await run_in_threadpool(lambda: service.view(match_id, seat, picture=picture)))

    async def submit(request: Request) -> Response:
        match_id, seat = request.path_params["match"], _seat(request.path_params["seat"])
        secret = _secret(request)
        await run_in_threadpool(service.authenticate, match_id, seat, secret)
        body = await _body(request)
        answer = await run_in_threadpool(service.submit, match_id, seat, body)
        await publish(match_id)
        return JSONResponse(answer)

    async def chance(request: Request) -> Response:
        match_id = request.path_params["match"]
        await run_in_threadpool(service.authenticate, match_id, CHANCE, _secret(request))
        body = await _body(request)
        answer = await run_in_threadpool(service.submit, match_id, CHANCE, body)
        await publish(match_id)
        return JSONResponse(answer)

    async def listing(request: Request) -> Response:
        return JSONResponse(
            [
                {
                    "name": game.info.name,
                    "title": game.info.title,
                    "player_counts": list(game.info.player_counts),
                    "reference_bot": game.reference_bot is not None,
                }
                for game in games()
            ]
        )

    async def api_document(request: Request) -> Response:
        return JSONResponse(document)

    async def index(request: Request) -> Response:
        page = (STATIC / "index.html").read_text(encoding="utf-8")
        return HTMLResponse(page, headers={"Content-Security-Policy": CLIENT_POLICY})

    async def spectate(request: Request) -> Response:
        match_id = request.path_params["match"]
        picture = request.query_params.get("picture") == "1"
        return JSONResponse(await run_in_threadpool(lambda: service.spectate(match_id, picture=picture)))

    async def replay(request: Request) -> Response:
        digests = request.query_params.get("digests") == "1"
        match_id = request.path_params["match"]
        exported = await run_in_threadpool(lambda: service.replay(match_id, digests=digests))
        return Response(dump_replay(exported), media_type="application/json")

    def route(path: str, handler: Any, methods: list[str]) -> Route:
        async def endpoint(request: Request) -> Response:
            return await guarded(handler, request)

        return Route(path, endpoint, methods=methods)

    async def socket(websocket: WebSocket) -> None:
        match_id = websocket.path_params["match"]
        await websocket.accept()
        connection: _Connection | None = None
        try:
            try:
                message = await asyncio.wait_for(_receive(websocket), timeout=30)
                hello = parse_json(message, max_bytes=MAX_MESSAGE_BYTES)
            except OfrendaRulesError as exc:
                raise ServerError(400, "malformed-json", str(exc), "$") from None
            seat, since = await _hello(hello, match_id)
            if hub.count(match_id, seat) >= (limits.sockets_per_seat * (10 if seat is None else 1)):
                raise ServerError(
                    429, "too-many-requests", f"at most {limits.sockets_per_seat} open connections per seat"
                )
            connection = _Connection(websocket, seat, since)
            hub.connections[match_id].add(connection)
            await hub.catch_up(match_id, connection)
            while True:
                try:
                    data = await _receive(websocket)
                    if seat is None:  # a spectator only watches; what it sends is refused
                        raise ServerError(403, "spectator", "a spectator cannot act")
                    submission = parse_json(data, max_bytes=MAX_MESSAGE_BYTES)
                    answer = await run_in_threadpool(service.submit, match_id, seat, submission)
                except ServerError as exc:
                    await connection.send(exc.payload())
                    continue
                except OfrendaRulesError as exc:
                    await connection.send(ServerError(400, "malformed-json", str(exc), "$").payload())
                    continue
                if not await hub.catch_up(match_id, connection):  # a retry of an old batch: its old answer
                    await connection.send(answer)
                await publish(match_id)
        except ServerError as exc:
            await websocket.send_json(exc.payload())
            await websocket.close(code=1008)
        except (TimeoutError, WebSocketDisconnect):
            pass
        finally:
            if connection is not None:
                hub.connections[match_id].discard(connection)
                if not hub.connections[match_id]:
                    del hub.connections[match_id]

    async def _hello(hello: object, match_id: str) -> tuple[int | None, int | None]:
        """The seat (``None``: a spectator) and last seen sequence number a first message names, checked."""
        if not isinstance(hello, dict):
            raise ServerError(400, "malformed", "the first message must be a JSON object", "$")
        since = hello.get("since")
        if since is not None and (not isinstance(since, int) or isinstance(since, bool) or since < 0):
            raise ServerError(400, "malformed", "since must be the last sequence number seen", "$.since")
        if hello.get("spectator") is True and set(hello) <= {"spectator", "since"}:
            await run_in_threadpool(service.public, match_id)  # an unknown match is refused
            return None, since
        if (
            set(hello) - {"seat", "secret", "since"}
            or not isinstance(hello.get("seat"), int)
            or not isinstance(hello.get("secret"), str)
        ):
            raise ServerError(
                400, "malformed", 'send {"seat": N, "secret": "...", "since": N} or {"spectator": true} first', "$"
            )
        seat = int(hello["seat"])
        await run_in_threadpool(service.authenticate, match_id, seat, str(hello["secret"]))
        return seat, since

    async def refused(request: Request, exc: Exception) -> Response:
        """Starlette's own refusals (no such route, a method the route does not take) in the error form."""
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        codes = {404: ("not-found", "no such resource"), 405: ("method-not-allowed", "this resource does not take")}
        code, message = codes.get(status, ("refused", "refused"))
        if status == 405:
            message = f"{message} {request.method}"
        headers = dict(exc.headers or {}) if isinstance(exc, HTTPException) else {}
        return JSONResponse(ServerError(status, code, message).payload(), status_code=status, headers=headers)

    routes = [
        route("/", index, ["GET"]),
        route("/games", listing, ["GET"]),
        route("/openapi.json", api_document, ["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        route("/matches", create, ["POST"]),
        route("/matches/{match}", public, ["GET"]),
        route("/matches/{match}/seats/{seat}", seat_view, ["GET"]),
        route("/matches/{match}/seats/{seat}/actions", submit, ["POST"]),
        route("/matches/{match}/chance", chance, ["POST"]),
        route("/matches/{match}/spectate", spectate, ["GET"]),
        route("/matches/{match}/replay", replay, ["GET"]),
        WebSocketRoute("/matches/{match}/ws", socket),
    ]
    app = Starlette(debug=False, routes=routes, lifespan=lifespan, exception_handlers={HTTPException: refused})
    app.state.service = service
    app.state.limits = limits
    return app
