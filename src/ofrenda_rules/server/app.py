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
import threading
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
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

__all__ = ["CLIENT_POLICY", "MAX_BODY_BYTES", "MAX_MESSAGE_BYTES", "STATIC", "create_app"]

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
    try:
        return parse_json(b"".join(chunks), max_bytes=MAX_BODY_BYTES)
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


async def _receive(websocket: WebSocket) -> str | None:
    """The next message, or ``None`` after closing a connection whose message is over the size limit."""
    data = await websocket.receive_text()
    if len(data.encode()) > MAX_MESSAGE_BYTES:
        await websocket.close(code=1009)
        return None
    return data


class _Hub:
    """The WebSocket connections of this process, by match; each gets its own seat's answer after a change."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.connections: defaultdict[str, set[tuple[int | None, WebSocket]]] = defaultdict(set)
        """Each match's sockets with their seat (``None``: a spectator)."""

    async def publish(self, match_id: str, skip: WebSocket | None = None) -> None:
        for seat, socket in list(self.connections.get(match_id, ())):
            if socket is skip:
                continue
            try:
                if seat is None:
                    answer = await run_in_threadpool(self.service.spectate, match_id)
                else:
                    answer = await run_in_threadpool(self.service.view, match_id, seat)
                await socket.send_json(answer)
            except Exception:  # a closed socket: forget it
                self.connections[match_id].discard((seat, socket))


def create_app(store: Store | str | Path | None = None, *, max_matches: int = 1000) -> Starlette:
    """The server application over ``store``.

    ``store`` is a :class:`Store`, a ``postgresql://`` URL or a SQLite file
    path (default ``ofrenda-rules.db``). With PostgreSQL, the application
    listens for the batches other processes commit and pushes them to its own
    WebSocket clients too.
    """
    if store is None:
        store = "ofrenda-rules.db"
    if isinstance(store, str | Path):
        store = open_store(store)
    service = MatchService(store, max_matches=max_matches)
    hub = _Hub(service)
    document = openapi()
    listening = isinstance(store, PostgresStore)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if not isinstance(store, PostgresStore):
            yield
            return
        loop = asyncio.get_running_loop()
        stop = threading.Event()

        def changed(match_id: str) -> None:
            asyncio.run_coroutine_threadsafe(hub.publish(match_id), loop)

        thread = threading.Thread(target=store.listen, args=(changed, stop), name="ofrenda-listen", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            await run_in_threadpool(thread.join, 5)

    async def publish(match_id: str, skip: WebSocket | None = None) -> None:
        if not listening:  # PostgreSQL notifies every process, this one included
            await hub.publish(match_id, skip)

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
        exported = await run_in_threadpool(service.replay, request.path_params["match"])
        return Response(dump_replay(exported), media_type="application/json")

    def route(path: str, handler: Any, methods: list[str]) -> Route:
        async def endpoint(request: Request) -> Response:
            return await guarded(handler, request)

        return Route(path, endpoint, methods=methods)

    async def socket(websocket: WebSocket) -> None:
        match_id = websocket.path_params["match"]
        await websocket.accept()
        try:
            message = await asyncio.wait_for(websocket.receive_text(), timeout=30)
            if len(message.encode()) > MAX_MESSAGE_BYTES:
                raise ServerError(413, "too-large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
            hello = parse_json(message, max_bytes=MAX_MESSAGE_BYTES)
            if isinstance(hello, dict) and hello == {"spectator": True}:
                await websocket.send_json(await run_in_threadpool(service.spectate, match_id))
                hub.connections[match_id].add((None, websocket))
                while await _receive(websocket) is not None:  # a spectator only watches; what it sends is refused
                    await websocket.send_json(ServerError(403, "spectator", "a spectator cannot act").payload())
                return
            if (
                not isinstance(hello, dict)
                or not isinstance(hello.get("seat"), int)
                or not isinstance(hello.get("secret"), str)
            ):
                raise ServerError(
                    400, "malformed", 'send {"seat": N, "secret": "..."} or {"spectator": true} first', "$"
                )
            seat = int(hello["seat"])
            await run_in_threadpool(service.authenticate, match_id, seat, str(hello["secret"]))
            await websocket.send_json(await run_in_threadpool(service.view, match_id, seat))
            hub.connections[match_id].add((seat, websocket))
            while (data := await _receive(websocket)) is not None:  # a submission, answered as POST .../actions
                try:
                    submission = parse_json(data, max_bytes=MAX_MESSAGE_BYTES)
                    answer = await run_in_threadpool(service.submit, match_id, seat, submission)
                except ServerError as exc:
                    await websocket.send_json(exc.payload())
                    continue
                except OfrendaRulesError as exc:
                    await websocket.send_json(ServerError(400, "malformed-json", str(exc), "$").payload())
                    continue
                await websocket.send_json(answer)
                await publish(match_id, skip=websocket)
        except ServerError as exc:
            await websocket.send_json(exc.payload())
            await websocket.close(code=1008)
        except OfrendaRulesError as exc:
            await websocket.send_json(ServerError(400, "malformed-json", str(exc)).payload())
            await websocket.close(code=1008)
        except (TimeoutError, WebSocketDisconnect):
            pass
        finally:
            for entry in list(hub.connections.get(match_id, ())):
                if entry[1] is websocket:
                    hub.connections[match_id].discard(entry)

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
    app = Starlette(debug=False, routes=routes, lifespan=lifespan)
    app.state.service = service
    return app
