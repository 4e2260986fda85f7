"""The server's protocol as types, and the OpenAPI document generated from them and from the games' types.

Each request and answer of the HTTP and WebSocket API has a class here; the
members that depend on the game (a config, an action, a view, a result) are
typed ``object`` in these classes and, in the OpenAPI document, one of the
games' own schemas (``dia_de_los_muertos.Config``, ``portents.View``...),
which :func:`ofrenda_rules.json.schema.json_schema` generates from the games'
types. The test suite checks every answer the server sends against these
schemas.

>>> document = openapi()
>>> document["openapi"], sorted(document["paths"])[:2]
('3.1.0', ['/games', '/matches'])
>>> "portents.View" in document["components"]["schemas"]
True
"""

from __future__ import annotations

from typing import Any, Final, Literal

import attrs

from ofrenda_rules import __version__
from ofrenda_rules.picks import Pick
from ofrenda_rules.registry import games
from ofrenda_rules.schema import JsonSchema, json_schema

__all__ = [
    "ChanceOutcome",
    "CreateAnswer",
    "CreateRequest",
    "ErrorAnswer",
    "ErrorDetail",
    "GameEntry",
    "Hello",
    "PublicMatch",
    "SeatAnswer",
    "SeatClock",
    "SpectatorAnswer",
    "StandIn",
    "StreamMessage",
    "Submission",
    "UndoNotice",
    "UndoRequest",
    "UndoStatus",
    "WatchHello",
    "openapi",
]


@attrs.frozen
class CreateRequest:
    """``POST /matches``: the match to create."""

    game: str
    """The registry name of the game."""
    config: object = None
    """The game's config (its ``Config`` as JSON); the game's default config when absent."""
    seats: tuple[str, ...] | None = None
    """Who plays each seat -- ``"human"``, ``"random"``, ``"reference"`` or a strong bot's level (``"easy"``,
    ``"medium"``, ``"hard"``, ``"expert"``); a person in every seat when absent."""
    seed: int | None = None
    """The game's seed in ``[0, 2**64)``; a fresh one when absent, an unseeded match when ``null``."""
    spectators: Literal["anyone", "nobody"] = "anyone"
    """Who may watch, ``"anyone"`` with the match's id (its link) or ``"nobody"`` (then the replay is the
    players' alone)."""
    spectator_delay: int = 0
    """How many steps spectators lag behind, until the game is over (then they see it all)."""
    clock: object = None
    """A clock for every person's seat, ``{"per_move": SECONDS}`` or
    ``{"budget": SECONDS, "increment": SECONDS}``; when it runs out the server's bot (``stand_in``) moves for
    the seat."""
    stand_in: str | None = None
    """The bot that moves for a person's seat whose clock ran out or that abandoned the match (a seat kind
    other than ``"human"``); the reference bot, else the random one, when absent."""


@attrs.frozen
class CreateAnswer:
    """The answer to ``POST /matches`` (status 201)."""

    match: str
    """The match id."""
    game: str
    """The registry name of the game."""
    seats: tuple[str, ...]
    """Who plays each seat."""
    secrets: object
    """One secret per person's seat, keyed by the seat number as text (shown once)."""
    chance_secret: str | None = None
    """The secret that feeds chance outcomes of an unseeded match."""


@attrs.frozen
class Submission:
    """``POST /matches/{id}/seats/{seat}/actions``, ``POST /matches/{id}/chance`` and later WebSocket messages."""

    step: int
    """The step number the client saw (``0`` before the first step)."""
    action: object
    """The action (the game's ``Action`` as JSON)."""


@attrs.frozen
class UndoRequest:
    """``POST /matches/{id}/seats/{seat}/undo``, and a later WebSocket message asking to undo."""

    step: int
    """The step number the client saw."""
    undo: Literal[True]
    """Always ``true``."""


@attrs.frozen
class UndoStatus:
    """Whether the seat may take back its last decision now, and why not (the rules decide, see ``docs/undo.md``)."""

    allowed: bool
    """Whether an undo would be accepted."""
    code: str | None = None
    """The rules' stable refusal code (``nothing-to-undo``, ``turn-passed``...), ``null`` when allowed."""
    message: str | None = None
    """The refusal in words, ``null`` when allowed."""


@attrs.frozen
class UndoNotice:
    """In the answer after an undo step: who took a decision back."""

    seat: int
    """The seat that took its decision back."""
    text: str
    """The notice in words (also the first of the answer's ``events``)."""
    description: str | None = None
    """The decision taken back, in words -- told to that seat alone."""


@attrs.frozen
class Hello:
    """The first WebSocket message: the seat and its secret."""

    seat: int
    """The seat (``-1`` for the chance secret's holder)."""
    secret: str
    """The seat's secret."""
    since: int | None = None
    """The last ``seq`` the client saw (reconnecting): the server sends what came after it."""
    lean: bool = False
    """Ask for lean answers, the way for bots, with the legal actions but without their words and picks (no
    ``legal_descriptions``, no ``legal_picks``), which a program does not read and which cost the
    server more than the rest of an answer."""


@attrs.frozen
class ChanceOutcome:
    """A pending chance outcome, for the chance secret's holder."""

    action: object
    """The outcome (the game's ``Action`` as JSON)."""
    probability: str
    """Its exact probability, as ``"n/d"``."""
    description: str
    """The outcome in words."""


@attrs.frozen
class StandIn:
    """A step the server's bot made for a person's seat."""

    step: int
    """The step's number."""
    seat: int
    """The seat it moved for."""
    reason: Literal["timeout", "abandoned"]
    """Why the stand-in moves, ``"timeout"`` (the seat's clock ran out) or ``"abandoned"`` (the match was abandoned)."""


@attrs.frozen
class SeatClock:
    """A person's seat's clock."""

    seat: int
    """The seat."""
    remaining_ms: int
    """Milliseconds left at the start of the current turn (with a per-move clock, the time per move)."""
    deadline_ms: int | None = None
    """When the seat's clock runs out (milliseconds since the epoch, the server's clock), while it is to move."""


@attrs.frozen
class StreamMessage:
    """What every message of a stream says, a seat's (:class:`SeatAnswer`) or a spectator's alike."""

    match: str
    """The match id."""
    step: int
    """The number of steps applied (the step a seat's submission must name)."""
    seq: int
    """The sequence number of this message in the stream, the step count after the batch it shows."""
    prev: int
    """The ``seq`` of the message before it in the stream (``-1`` for the start): a client that last saw
    another number has missed a message, and reconnects with ``since`` to get it."""
    to_move: int
    """The seat to move, ``-1`` when a chance outcome is due, ``-4`` when the game is over."""
    over: bool
    """Whether the game is over."""
    result: object = attrs.field(default=None, kw_only=True)
    """The game's ``Outcome`` once the game is over."""
    result_text: str | None = attrs.field(default=None, kw_only=True)
    """The result in words."""
    stand_ins: tuple[StandIn, ...] = attrs.field(default=(), kw_only=True)
    """Every step so far that the server's bot made for a person's seat (recorded in the match's steps)."""
    clocks: tuple[SeatClock, ...] | None = attrs.field(default=None, kw_only=True)
    """The people's seats' clocks, in a match with a clock."""
    resync: bool | None = attrs.field(default=None, kw_only=True)
    """``true`` on a full resync: the current answer alone, sent to a connection whose ``since`` is missing,
    unknown or too old; the client takes it whatever ``prev`` says."""
    undone: UndoNotice | None = attrs.field(default=None, kw_only=True)
    """Who took a decision back, when the batch shown is an undo step."""


@attrs.frozen
class SeatAnswer(StreamMessage):
    """What a seat is told: ``GET .../seats/{seat}``, the answer to a submission, and every WebSocket push."""

    seat: int
    """The seat the answer is for."""
    view: object = None
    """The seat's view (the game's ``View`` as JSON, recent events included)."""
    events: tuple[str, ...] | None = None
    """The view's recent events in English."""
    legal_actions: tuple[object, ...] | None = None
    """The seat's legal actions when it is to move (else empty)."""
    legal_descriptions: tuple[str, ...] | None = None
    """The legal actions in words, in the same order."""
    legal_picks: tuple[tuple[Pick, ...], ...] | None = None
    """Each legal action as a path of picks on the picture (same order; see :mod:`ofrenda_rules.picks`)."""
    picture: str | None = None
    """The SVG picture of the view, when asked for with ``?picture=1``."""
    chance_outcomes: tuple[ChanceOutcome, ...] | None = None
    """For the chance secret's holder, the pending chance outcomes."""
    undo: UndoStatus | None = None
    """Whether this seat may undo now, and why not (absent for the chance secret's holder)."""


@attrs.frozen
class WatchHello:
    """The first WebSocket message of a spectator."""

    spectator: Literal[True]
    """Always ``true``."""
    since: int | None = None
    """The last ``seq`` the client saw (reconnecting): the server sends what came after it."""


@attrs.frozen
class SpectatorAnswer(StreamMessage):
    """What anyone may watch: ``GET /matches/{id}/spectate`` and a spectator's WebSocket pushes."""

    view: object
    """The public view (the game's ``View`` whose ``player`` is ``-1``, recent events included)."""
    events: tuple[str, ...]
    """The public view's recent events in English."""
    picture: str | None = None
    """The SVG picture of the public view, when asked for with ``?picture=1``."""


@attrs.frozen
class PublicMatch:
    """``GET /matches/{id}``: what anyone may know of a match."""

    match: str
    """The match id."""
    game: str
    """The registry name of the game."""
    config: object
    """The game's config."""
    seats: tuple[str, ...]
    """Who plays each seat."""
    seeded: bool
    """Whether the server draws chance outcomes from a seed."""
    step: int
    """The number of steps applied."""
    over: bool
    """Whether the game is over."""
    spectators: Literal["anyone", "nobody"] = "anyone"
    """Who may watch."""
    spectator_delay: int = 0
    """How many steps spectators lag behind."""
    clock: object = None
    """The match's clock setting (``{"per_move": S}`` or ``{"budget": S, "increment": S}``), if any."""
    result: object = None
    """The game's ``Outcome`` once the game is over."""


@attrs.frozen
class GameEntry:
    """One game of ``GET /games``."""

    name: str
    """The registry name."""
    title: str
    """The published title."""
    player_counts: tuple[int, ...]
    """Every supported player count."""
    reference_bot: bool
    """Whether seats may be given the ``reference`` bot."""


@attrs.frozen
class ErrorDetail:
    """Why a request was refused."""

    code: str
    """A stable code (``not-your-turn``, ``stale-step``, ``illegal-action``...)."""
    message: str
    """What was wrong, in words."""
    path: str | None = None
    """The JSON path of the fault in the request, when there is one."""


@attrs.frozen
class ErrorAnswer:
    """Every refusal, with its HTTP status."""

    error: ErrorDetail
    """Why."""
    seq: int | None = None
    """Over a WebSocket, the ``seq`` of the last message of the stream sent on this connection (errors are
    replies, not part of the stream)."""


PROTOCOL: Final = (
    CreateRequest,
    CreateAnswer,
    Submission,
    UndoRequest,
    Hello,
    WatchHello,
    SeatAnswer,
    SpectatorAnswer,
    PublicMatch,
    GameEntry,
    ErrorAnswer,
)
"""The protocol's top-level classes (their members are in the document too)."""

_GAME_MEMBERS: Final = {"config": "Config", "action": "Action", "view": "View", "result": "Outcome"}


def _relocated(schema: Any, prefix: str) -> Any:
    """A schema with its ``#/$defs/X`` references pointing at ``#/components/schemas/<prefix>X``."""
    if isinstance(schema, dict):
        moved = {}
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                moved[key] = "#/components/schemas/" + prefix + value.removeprefix("#/$defs/")
            else:
                moved[key] = _relocated(value, prefix)
        return moved
    if isinstance(schema, list):
        return [_relocated(item, prefix) for item in schema]
    return schema


def _add(components: dict[str, Any], schema: JsonSchema, name: str, prefix: str) -> None:
    """Put a generated schema into ``components`` under ``name``, its definitions beside it."""
    definitions = schema.get("$defs", {})
    assert isinstance(definitions, dict)
    for key, definition in definitions.items():
        components[prefix + key] = _relocated(definition, prefix)
    root = _relocated({key: value for key, value in schema.items() if key not in ("$defs", "$schema")}, prefix)
    if root != _ref(name):  # a class is its own definition already
        components[name] = root


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the server's HTTP API, for every registered game."""
    components: dict[str, Any] = {}
    per_game: dict[str, list[Any]] = {member: [] for member in _GAME_MEMBERS}
    for game in games():
        prefix = f"{game.info.name}."
        types = {
            "Config": game.config_type,
            "Action": game.action_type,
            "View": game.view_type,
            "Outcome": game.outcome_type,
        }
        for label, tp in types.items():
            _add(components, json_schema(tp), prefix + label, prefix)
        for member, label in _GAME_MEMBERS.items():
            per_game[member].append(_ref(prefix + label))
    for cls in PROTOCOL:
        _add(components, json_schema(cls), cls.__name__, "")
    for name in ("CreateRequest", "Submission", "ChanceOutcome", "SeatAnswer", "SpectatorAnswer", "PublicMatch"):
        properties = components[name]["properties"]  # members typed ``object`` are one of the games' schemas
        for member, options in per_game.items():
            if member in properties:
                properties[member] = {"anyOf": [*options, {"type": "null"}], **_description(properties[member])}
    seat_answer = components["SeatAnswer"]["properties"]
    seat_answer["legal_actions"] = {
        "anyOf": [{"type": "array", "items": {"anyOf": per_game["action"]}}, {"type": "null"}],
        **_description(seat_answer["legal_actions"]),
    }

    def answer(schema: str, status: str = "200", text: str = "The answer") -> dict[str, Any]:
        return {status: {"description": text, "content": {"application/json": {"schema": _ref(schema)}}}}

    errors = {"4XX": {"description": "Refused", "content": {"application/json": {"schema": _ref("ErrorAnswer")}}}}
    secret: list[dict[str, list[str]]] = [{"seatSecret": []}]
    match_id = {"name": "match", "in": "path", "required": True, "schema": {"type": "string"}}
    seat = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}

    def body(schema: str) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": _ref(schema)}}}

    def seat_post(summary: str, request: str, parameters: list[dict[str, Any]]) -> dict[str, Any]:
        """A ``POST`` with a seat's (or the chance secret's) secret, answered with a :class:`SeatAnswer`."""
        return {
            "post": {
                "summary": summary,
                "parameters": parameters,
                "security": secret,
                "requestBody": body(request),
                "responses": {**answer("SeatAnswer"), **errors},
            }
        }

    paths = {
        "/games": {
            "get": {
                "summary": "The games",
                "responses": {
                    "200": {
                        "description": "Every registered game",
                        "content": {"application/json": {"schema": {"type": "array", "items": _ref("GameEntry")}}},
                    }
                },
            }
        },
        "/matches": {
            "post": {
                "summary": "Create a match",
                "requestBody": body("CreateRequest"),
                "responses": {**answer("CreateAnswer", "201", "The match and its secrets"), **errors},
            }
        },
        "/matches/{match}": {
            "get": {
                "summary": "What anyone may know of a match",
                "parameters": [match_id],
                "responses": {**answer("PublicMatch"), **errors},
            }
        },
        "/matches/{match}/seats/{seat}": {
            "get": {
                "summary": "A seat's view, legal actions and recent events",
                "parameters": [match_id, seat, {"name": "picture", "in": "query", "schema": {"enum": ["1"]}}],
                "security": secret,
                "responses": {**answer("SeatAnswer"), **errors},
            }
        },
        "/matches/{match}/seats/{seat}/actions": seat_post("Submit the seat's action", "Submission", [match_id, seat]),
        "/matches/{match}/seats/{seat}/undo": seat_post(
            "Take back the seat's last decision, when the rules allow it", "UndoRequest", [match_id, seat]
        ),
        "/matches/{match}/chance": seat_post("Feed a chance outcome of an unseeded match", "Submission", [match_id]),
        "/matches/{match}/spectate": {
            "get": {
                "summary": "What anyone may watch: the public view, its events, the result",
                "parameters": [match_id, {"name": "picture", "in": "query", "schema": {"enum": ["1"]}}],
                "responses": {**answer("SpectatorAnswer"), **errors},
            }
        },
        "/matches/{match}/replay": {
            "get": {
                "summary": "The finished match as a replay (see the replay format's JSON Schema)",
                "parameters": [match_id],
                "responses": {"200": {"description": "The replay", "content": {"application/json": {}}}, **errors},
            }
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "ofrenda_rules game server",
            "version": __version__,
            "description": "Matches of every game of ofrenda_rules, validated live. WebSocket: /matches/{match}/ws "
            "(first message a Hello, then the seat's SeatAnswer pushed after every change; later messages are "
            "Submissions or UndoRequests; or first a WatchHello, then SpectatorAnswers).",
        },
        "paths": paths,
        "components": {
            "schemas": dict(sorted(components.items())),
            "securitySchemes": {"seatSecret": {"type": "http", "scheme": "bearer"}},
        },
    }


def _description(schema: Any) -> dict[str, Any]:
    return {"description": schema["description"]} if isinstance(schema, dict) and "description" in schema else {}


if __name__ == "__main__":  # python -m ofrenda_rules.server.protocol > docs/openapi.json
    import json

    print(json.dumps(openapi(), indent=2, ensure_ascii=False))
