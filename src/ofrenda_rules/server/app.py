"""The game server's HTTP and WebSocket API, as an ASGI application on Starlette.

:func:`create_app` wires the routes; the pieces live beside it: reading
untrusted input in :mod:`~ofrenda_rules.server.inputs`, the limits in
:mod:`~ofrenda_rules.server.limits`, the WebSocket connections and their
streams in :mod:`~ofrenda_rules.server.hub`, the matches in
:mod:`~ofrenda_rules.server.matches`. ``Limits``, ``MAX_BODY_BYTES`` and
``MAX_MESSAGE_BYTES`` may still be imported from here.

Routes (every body is JSON; every error is ``{"error": {"code", "message", "path"?}}``):

* ``GET /`` -- the browser client (``/static/...`` its script and style);
* ``GET /games`` -- the games, their titles, player counts and whether they ship a reference bot;
* ``GET /openapi.json`` -- the OpenAPI document (:func:`~ofrenda_rules.server.protocol.openapi`);
* ``POST /matches`` -- create a match (see :meth:`MatchService.create`);
* ``GET /matches/{id}`` -- what anyone may know: game, config, seat kinds, step, result;
* ``GET /matches/{id}/seats/{seat}`` -- the seat's view, legal actions and recent events
  (``Authorization: Bearer SECRET``; ``?picture=1`` adds the SVG picture of the view);
* ``POST /matches/{id}/seats/{seat}/actions`` -- submit ``{"step": N, "action": {...}}``;
* ``POST /matches/{id}/seats/{seat}/undo`` -- take back the seat's last decision, ``{"step": N, "undo": true}``,
  when the rules allow it (else the rules' refusal code, nothing changed);
* ``POST /matches/{id}/chance`` -- feed a chance outcome of an unseeded match (the chance secret);
* ``GET /matches/{id}/replay`` -- the finished match as a replay that ``ofrenda-rules verify`` accepts;
* ``GET /matches/{id}/spectate`` -- what anyone may watch: the public view, its events, the result
  (``?picture=1`` adds the picture);
* ``WS /matches/{id}/ws`` -- send ``{"spectator": true}`` first to watch (the public answer is pushed
  after every change), or ``{"seat": N, "secret": "..."}`` to play a seat: the seat's answer is
  pushed after every change of the match, and each later message ``{"step": N, "action": {...}}``
  is a submission, answered as ``POST .../actions`` answers it (``{"step": N, "undo": true}``: an undo,
  answered as ``POST .../undo`` answers it).

Untrusted input is bounded: request bodies
(:data:`~ofrenda_rules.server.inputs.MAX_BODY_BYTES`), WebSocket messages
(:data:`~ofrenda_rules.server.inputs.MAX_MESSAGE_BYTES`) and the number of matches; JSON goes
through the library's strict parser; no traceback ever reaches a client; no
CORS headers are sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import math
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.responses import JSONResponse as _StarletteJSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import games
from ofrenda_rules.replay import dump_replay
from ofrenda_rules.serialization import parse_json
from ofrenda_rules.server.hub import Connection, Hub
from ofrenda_rules.server.inputs import (
    MAX_BODY_BYTES as MAX_BODY_BYTES,  # re-exported: callers import the limits from here
)
from ofrenda_rules.server.inputs import (
    MAX_MESSAGE_BYTES as MAX_MESSAGE_BYTES,
)
from ofrenda_rules.server.inputs import (
    read_body,
    read_message,
    read_secret,
    seat_number,
)
from ofrenda_rules.server.limits import Limits as Limits  # re-exported
from ofrenda_rules.server.limits import RateLimit
from ofrenda_rules.server.matches import MatchService, ServerError
from ofrenda_rules.server.protocol import openapi
from ofrenda_rules.server.store import PostgresStore, Store, open_store

__all__ = ["CLIENT_POLICY", "COLLECTOR_THRESHOLDS", "STATIC", "create_app", "tune_collector"]


STATIC: Final = Path(__file__).resolve().parent / "static"
"""The browser client's files (HTML, JavaScript, CSS), served at ``/`` and ``/static``."""
CLIENT_POLICY: Final = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the client page -- nothing but this server, no inline script."""

_log = logging.getLogger("ofrenda_rules.server")

_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"), check_circular=False)


class JSONResponse(_StarletteJSONResponse):
    """Starlette's JSON response, the same bytes, without ``json``'s circular-reference check.

    An answer is a tree built afresh from JSON values, never a cycle; the check halved the encoder's
    speed, and a response is encoded on the event loop.
    """

    def render(self, content: Any) -> bytes:
        """The body: compact JSON in UTF-8, as Starlette writes it."""
        return _ENCODER.encode(content).encode("utf-8")


COLLECTOR_THRESHOLDS: Final = (20_000, 20, 20)
"""The cyclic garbage collector's thresholds in a serving process (Python's defaults are 700, 10 and 10)."""


def tune_collector() -> None:
    """Set the serving process's garbage collector for many live matches (``ofrenda-rules serve`` calls it).

    Every match in memory holds its states, so a server holds hundreds of thousands of
    long-lived objects, and each action allocates many short-lived ones: with Python's
    defaults the collector ran every 700 allocations and swept the whole heap often. Here
    the objects made at start-up (modules, the application) are frozen out of every
    collection, and collections run less often (:data:`COLLECTOR_THRESHOLDS`). Answers hold
    no reference cycles, so little waits longer to be freed. Process-wide: an embedding
    application decides for itself.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse(exc.payload(), status_code=exc.status)


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
    hub = Hub(service)
    document = openapi()
    listening = isinstance(store, PostgresStore)
    creates = RateLimit(limits.creates_per_minute, 60.0, clock)

    async def sweeping() -> None:
        while True:
            await asyncio.sleep(limits.sweep_seconds)
            try:
                await run_in_threadpool(service.sweep)
            except Exception:
                _log.exception("sweeping matches failed")

    async def tick() -> list[str]:
        """Move for every seat whose clock ran out and push the change; the matches moved."""
        moved = await run_in_threadpool(service.tick)
        for match_id in moved:
            await publish(match_id)
        return moved

    async def ticking() -> None:
        while True:
            await asyncio.sleep(limits.tick_seconds)
            try:
                await tick()
            except Exception:
                _log.exception("running the clocks failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(sweeping())
        ticker = asyncio.create_task(ticking())
        thread = None
        stop = threading.Event()
        if isinstance(store, PostgresStore):
            loop = asyncio.get_running_loop()

            pushing: set[asyncio.Task[None]] = set()

            def noticed(match_id: str, end: int | None) -> None:
                """On the event loop: push a notice's change unless every connection has it already."""
                if end is not None and hub.has_seen(match_id, end):
                    return  # most notices are this process's own commits, already sent
                task = loop.create_task(hub.publish(match_id, notified=end))
                pushing.add(task)
                task.add_done_callback(pushing.discard)

            def changed(match_id: str, end: int | None) -> None:
                loop.call_soon_threadsafe(noticed, match_id, end)

            thread = threading.Thread(target=store.listen, args=(changed, stop), name="ofrenda-listen", daemon=True)
            thread.start()
        try:
            yield
        finally:
            for task in (sweeper, ticker):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if thread is not None:
                stop.set()
                await run_in_threadpool(thread.join, 5)
            hub.close()

    async def publish(match_id: str) -> None:
        """Push a change this process committed (PostgreSQL's notices push every process's changes)."""
        if not listening:
            await hub.publish(match_id, refresh=False)

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
        body = await read_body(request)
        answer = await run_in_threadpool(service.create, body)
        return JSONResponse(answer, status_code=201)

    async def public(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(service.public, request.path_params["match"]))

    async def seat_view(request: Request) -> Response:
        match_id, seat = request.path_params["match"], seat_number(request.path_params["seat"])
        await run_in_threadpool(service.authenticate, match_id, seat, read_secret(request))
        picture = request.query_params.get("picture") == "1"
        return JSONResponse(await run_in_threadpool(lambda: service.view(match_id, seat, picture=picture)))

    async def decide(request: Request, seat: int, step: Callable[[str, int, object], dict[str, object]]) -> Response:
        """Authenticate ``seat``, apply ``step`` (a decision, a take-back or a chance outcome), then publish."""
        match_id = request.path_params["match"]
        await run_in_threadpool(service.authenticate, match_id, seat, read_secret(request))
        body = await read_body(request)
        answer = await run_in_threadpool(step, match_id, seat, body)
        await publish(match_id)
        return JSONResponse(answer)

    async def submit(request: Request) -> Response:
        return await decide(request, seat_number(request.path_params["seat"]), service.submit)

    async def take_back(request: Request) -> Response:
        return await decide(request, seat_number(request.path_params["seat"]), service.undo)

    async def chance(request: Request) -> Response:
        return await decide(request, CHANCE, service.submit)

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
        if await run_in_threadpool(service.spectators, match_id) == "nobody":  # the players' alone, then
            await run_in_threadpool(service.authenticate_any, match_id, read_secret(request))
        exported = await run_in_threadpool(lambda: service.replay(match_id, digests=digests))
        return Response(dump_replay(exported), media_type="application/json")

    def route(path: str, handler: Any, methods: list[str]) -> Route:
        async def endpoint(request: Request) -> Response:
            return await guarded(handler, request)

        return Route(path, endpoint, methods=methods)

    async def socket(websocket: WebSocket) -> None:
        match_id = websocket.path_params["match"]
        await websocket.accept()
        connection: Connection | None = None
        try:
            try:
                message = await asyncio.wait_for(read_message(websocket), timeout=30)
                hello = parse_json(message, max_bytes=MAX_MESSAGE_BYTES)
            except OfrendaRulesError as exc:
                raise ServerError(400, "malformed-json", str(exc), "$") from None
            seat, since, lean = await _hello(hello, match_id)
            if hub.count(match_id, seat) >= (limits.sockets_per_seat * (10 if seat is None else 1)):
                raise ServerError(
                    429, "too-many-requests", f"at most {limits.sockets_per_seat} open connections per seat"
                )
            connection = Connection(websocket, seat, since, lean)
            hub.connections[match_id].add(connection)
            await hub.catch_up(match_id, connection)
            while True:
                try:
                    data = await read_message(websocket)
                    if seat is None:  # a spectator only watches; what it sends is refused
                        raise ServerError(403, "spectator", "a spectator cannot act")
                    submission = parse_json(data, max_bytes=MAX_MESSAGE_BYTES)
                    await hub.submit(match_id, connection, submission)
                except ServerError as exc:
                    await connection.send(exc.payload())
                    continue
                except OfrendaRulesError as exc:
                    await connection.send(ServerError(400, "malformed-json", str(exc), "$").payload())
                    continue
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

    async def _hello(hello: object, match_id: str) -> tuple[int | None, int | None, bool]:
        """The seat (``None``: a spectator), last seen sequence number and lean choice a first message names."""
        if not isinstance(hello, dict):
            raise ServerError(400, "malformed", "the first message must be a JSON object", "$")
        since = hello.get("since")
        if since is not None and (not isinstance(since, int) or isinstance(since, bool) or since < 0):
            raise ServerError(400, "malformed", "since must be the last sequence number seen", "$.since")
        if hello.get("spectator") is True and set(hello) <= {"spectator", "since"}:
            if await run_in_threadpool(service.spectators, match_id) == "nobody":  # an unknown match is refused too
                raise ServerError(403, "no-spectators", "this match allows no spectators")
            return None, since, False
        if "lean" in hello and not isinstance(hello["lean"], bool):
            raise ServerError(400, "malformed", "lean must be true or false", "$.lean")
        if (
            set(hello) - {"seat", "secret", "since", "lean"}
            or not isinstance(hello.get("seat"), int)
            or not isinstance(hello.get("secret"), str)
        ):
            raise ServerError(
                400,
                "malformed",
                'send {"seat": N, "secret": "...", "since": N, "lean": true} or {"spectator": true} first',
                "$",
            )
        seat = int(hello["seat"])
        await run_in_threadpool(service.authenticate, match_id, seat, str(hello["secret"]))
        return seat, since, bool(hello.get("lean", False))

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
        route("/matches/{match}/seats/{seat}/undo", take_back, ["POST"]),
        route("/matches/{match}/chance", chance, ["POST"]),
        route("/matches/{match}/spectate", spectate, ["GET"]),
        route("/matches/{match}/replay", replay, ["GET"]),
        WebSocketRoute("/matches/{match}/ws", socket),
    ]
    app = Starlette(debug=False, routes=routes, lifespan=lifespan, exception_handlers={HTTPException: refused})
    app.state.service = service
    app.state.hub = hub
    app.state.limits = limits
    app.state.tick = tick
    return app
