"""Reading untrusted input: request bodies (UTF-8 JSON, bounded), secrets, seat numbers, WebSocket messages."""

from __future__ import annotations

from typing import Final

from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.serialization import parse_json
from ofrenda_rules.server.matches import ServerError

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_MESSAGE_BYTES",
    "as_utf8",
    "read_body",
    "read_message",
    "read_secret",
    "seat_number",
]

MAX_BODY_BYTES: Final = 64 * 1024
"""The largest request body accepted (64 KiB)."""
MAX_MESSAGE_BYTES: Final = 4 * 1024
"""The largest WebSocket message accepted from a client (4 KiB)."""


def as_utf8(data: bytes, what: str) -> str:
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


async def read_body(request: Request) -> object:
    """A request's JSON body: at most :data:`MAX_BODY_BYTES`, UTF-8, parsed by the library's strict parser."""
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
    text = as_utf8(b"".join(chunks), "request bodies")
    try:
        return parse_json(text, max_bytes=MAX_BODY_BYTES)
    except OfrendaRulesError as exc:
        raise ServerError(400, "malformed-json", str(exc), "$") from None


def read_secret(request: Request) -> str:
    """The seat's secret from ``Authorization: Bearer SECRET`` (401 ``unauthorized`` without one)."""
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret:
        raise ServerError(401, "unauthorized", "send the seat's secret as 'Authorization: Bearer SECRET'")
    return secret.strip()


def seat_number(text: str) -> int:
    """A seat number from a path (404 ``unknown-seat`` unless it is one to three digits)."""
    if not text.isdigit() or len(text) > 3:
        raise ServerError(404, "unknown-seat", "no such seat")
    return int(text)


async def read_message(websocket: WebSocket) -> str:
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
