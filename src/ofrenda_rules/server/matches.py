"""Matches held by the server: creation, per-seat secrets, views and submitted actions.

This module knows no web framework; :mod:`ofrenda_rules.server.app` puts it
on HTTP and WebSockets. Every answer is plain JSON data, and every refusal a
:class:`ServerError` with an HTTP status, a stable code and a message that
names what was wrong, never another seat's hidden information.

The state of a match is its stored steps replayed, kept in memory per process
and brought up to date from the store before each use, so several processes
sharing one database agree and a restarted server resumes every match.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from ofrenda_rules.bots import LEVEL_NAMES, make_bot
from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.digest import canonical_json, state_digest
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.picks import PickTree, picks_of
from ofrenda_rules.registry import AnyGame, game_names, get_game
from ofrenda_rules.replay import AnyReplay, Replay, Step
from ofrenda_rules.rng import MASK64, Rng
from ofrenda_rules.serialization import dumps, from_json_value, loads, to_json_value
from ofrenda_rules.server.store import MatchRecord, StepRecord, Store
from ofrenda_rules.server.undos import is_undo, replay_undo, undo_json, undo_notice, undo_status, undone_action
from ofrenda_rules.undo import History, UndoRefusal, can_undo

_log = logging.getLogger("ofrenda_rules.server")

__all__ = [
    "BOTS",
    "HUMAN",
    "MAX_BACKLOG",
    "MatchService",
    "ServerError",
    "in_protocol_words",
    "legal_picks",
    "message_text",
    "seat_answer",
    "spectator_answer",
]

BOTS: Final = ("random", "reference", *LEVEL_NAMES)
"""The bots a seat may be given, namely random, the game's reference bot, and the strong bot's levels (``easy`` ..
``expert``, :func:`ofrenda_rules.bots.make_bot`)."""

HUMAN: Final = "human"
"""The seat kind of a person, who plays through the API with the seat's secret."""


def legal_picks(game: AnyGame, state: Any) -> list[list[dict[str, str | None]]]:
    """The path of picks of each legal action (same order), as JSON: ``{"label": ..., "element": ...}`` per pick.

    Computed from the seat's view (see :mod:`ofrenda_rules.picks`), so a client
    can offer the move as clicks on the picture.
    """
    tree = picks_of(game, state)
    return [[{"label": pick.label, "element": pick.element} for pick in path] for path in tree.paths]


def _picks_json(game: AnyGame, view: Any, legal: Any) -> list[list[dict[str, str | None]]]:
    """:func:`legal_picks` from the mover's view and legal actions already at hand (``picks_of`` computes both)."""
    tree = PickTree.build(legal, game.action_picks(view, legal))
    return [[{"label": pick.label, "element": pick.element} for pick in path] for path in tree.paths]


_EVENT_TEXT: Final[dict[int, tuple[object, str]]] = {}
_EVENT_TEXT_SIZE: Final = 65536


def _event_texts(game: AnyGame, events: Any) -> list[str]:
    """The events in English, each event object described once (``describe_event`` reads the event alone).

    The seats' and spectators' views of one step share the state's event objects, so the words are
    computed once per step, whoever is shown it. Remembered by identity, the event kept alive beside
    its words (an id is never reused while its object lives); hashing an event costs a third of
    describing it, and a step's events are new objects.
    """
    texts = []
    for event in events:
        found = _EVENT_TEXT.get(id(event))
        if found is not None and found[0] is event:
            texts.append(found[1])
            continue
        text = game.describe_event(event)
        if len(_EVENT_TEXT) >= _EVENT_TEXT_SIZE:
            _EVENT_TEXT.clear()
        _EVENT_TEXT[id(event)] = (event, text)
        texts.append(text)
    return texts


_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def message_text(message: Mapping[str, object]) -> str:
    """An answer or push as the text sent over a WebSocket: compact JSON, UTF-8 characters kept.

    The same text as ``json.dumps(message, separators=(",", ":"), ensure_ascii=False)`` (what
    Starlette's ``send_json`` writes), with one encoder made once instead of one per message, and
    without the check for circular references (which halved the speed): an answer is a tree built
    afresh from JSON values, never a cycle (one would fail with ``RecursionError`` instead).
    """
    return _ENCODER.encode(message)


def seat_answer(
    game: AnyGame, state: Any, seat: int, *, picture: bool = False, lean: bool = False
) -> dict[str, object]:
    """What the server tells ``seat`` about ``state``: nothing that seat may not see.

    The seat's view (its recent events included), the events in English, the
    legal actions with their descriptions when the seat is to move, whose turn
    it is, the result once the game is over, and with ``picture`` the SVG of
    the view. With ``lean`` (what a bot asks for) the legal actions come
    without their words and picks (``legal_descriptions``, ``legal_picks``),
    which a program does not read and which cost the server more than the
    rest of the answer. For ``seat == -1`` (the chance secret of an unseeded match) the
    pending chance outcomes instead. Two states that differ only in what the
    seat cannot see give equal answers (the test suite checks it over random
    games, against the games' ``hidden_variant``).
    """
    to_move = game.current_player(state)
    answer: dict[str, object] = {"seat": seat, "to_move": to_move, "over": to_move == TERMINAL}
    if seat == CHANCE:
        outcomes = game.chance_outcomes(state) if to_move == CHANCE else ()
        answer["chance_outcomes"] = [
            {
                "action": to_json_value(action, game.action_type),
                "probability": str(probability),
                "description": game.describe_action(state, action),
            }
            for action, probability in outcomes
        ]
    else:
        view = game.observe(state, seat)
        answer["view"] = to_json_value(view)
        answer["events"] = _event_texts(game, getattr(view, "recent_events", ()))
        legal = game.legal_actions(state) if to_move == seat else ()
        answer["legal_actions"] = [_action_value(game, action) for action in legal]
        if not lean:
            answer["legal_descriptions"] = [game.describe_action(state, action) for action in legal]
            answer["legal_picks"] = _picks_json(game, view, legal) if legal else []
        if picture:
            answer["picture"] = game.render_svg(view)
    return _with_result(answer, game, state, to_move)


def spectator_answer(game: AnyGame, state: Any, *, picture: bool = False) -> dict[str, object]:
    """What a spectator is told about ``state``: the public view (``observe_public``) and nothing more.

    Whose turn it is, the public view with its recent events, the events in
    English, the result once the game is over, and with ``picture`` the SVG
    of the public view. Redrawing any seat's secrets never changes it.
    """
    to_move = game.current_player(state)
    view = game.observe_public(state)
    answer: dict[str, object] = {"to_move": to_move, "over": to_move == TERMINAL, "view": to_json_value(view)}
    answer["events"] = _event_texts(game, getattr(view, "recent_events", ()))
    if picture:
        answer["picture"] = game.render_svg(view)
    return _with_result(answer, game, state, to_move)


def _with_result(answer: dict[str, object], game: AnyGame, state: Any, to_move: int) -> dict[str, object]:
    """``answer`` with the game's outcome and its words added once the game is over."""
    if to_move == TERMINAL:
        outcome = game.outcome(state)
        answer["result"] = to_json_value(outcome)
        answer["result_text"] = game.describe_outcome(outcome)
    return answer


class ServerError(Exception):
    """A refused request: an HTTP status, a stable code, a message, and the JSON path at fault if any."""

    def __init__(self, status: int, code: str, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status."""
        self.code = code
        """A stable, machine-readable code (``not-your-turn``, ``stale-step``, ``illegal-action``...)."""
        self.message = message
        """What was wrong, in words."""
        self.path = path
        """The JSON path of the fault in the request, when there is one."""

    def payload(self) -> dict[str, object]:
        """The error as the JSON body of a response."""
        error: dict[str, object] = {"code": self.code, "message": self.message}
        if self.path is not None:
            error["path"] = self.path
        return {"error": error}


_CLASS_PATH: Final = re.compile(r"\bofrenda_rules(?:\.\w+)*\.(\w+)")
_ROOT_PATH: Final = re.compile(r"(?<![\w.$])\$(?![\w])")


def in_protocol_words(error: Exception, what: str, member: str) -> str:
    """A reader's refusal of the request member ``member`` (``"action"``), said in the protocol's words.

    The library names the Python types it read (``invalid ofrenda_rules.portents.actions.Push | ...:``);
    a client knows only the protocol, so the message says what was expected (``what``,
    e.g. ``"a portents action"``), and every JSON path is the request's own (``$.action.type``),
    never a class path.

    >>> in_protocol_words(ValueError("invalid a.B | a.C: $.type: 'x' is not one of 'b', 'c'"), "an action", "action")
    "not an action: $.action.type: 'x' is not one of 'b', 'c'"
    """
    text = str(error)
    if text.startswith("invalid "):
        _, _, text = text.partition(": ")
    text = _ROOT_PATH.sub(f"$.{member}", text)
    text = _CLASS_PATH.sub(r"\1", text)
    return f"not {what}: {text}"


_ACTION_JSON: Final[dict[tuple[str, object], str]] = {}
_ACTION_JSON_SIZE: Final = 65536


def _action_json(game: AnyGame, action: Any) -> str:
    """An action as the canonical JSON stored for its step, remembered per game (actions are values)."""
    try:
        key = (game.info.name, action)
        found = _ACTION_JSON.get(key)
    except TypeError:  # an unhashable action: encoded every time
        return canonical_json(to_json_value(action, game.action_type))
    if found is None:
        found = canonical_json(to_json_value(action, game.action_type))
        if len(_ACTION_JSON) >= _ACTION_JSON_SIZE:
            _ACTION_JSON.clear()
        _ACTION_JSON[key] = found
    return found


_ACTION_VALUE: Final[dict[tuple[str, object], object]] = {}


def _action_value(game: AnyGame, action: Any) -> object:
    """An action as a JSON value (``to_json_value``), remembered per game: a seat is offered the same few actions.

    The value is shared between answers, which are only ever encoded, never changed.
    """
    try:
        key = (game.info.name, action)
        found = _ACTION_VALUE.get(key)
    except TypeError:  # an unhashable action: converted every time
        return to_json_value(action, game.action_type)
    if found is None:
        found = to_json_value(action, game.action_type)
        if len(_ACTION_VALUE) >= _ACTION_JSON_SIZE:
            _ACTION_VALUE.clear()
        _ACTION_VALUE[key] = found
    return found


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _field(document: Mapping[str, object], name: str, kind: type, default: object = None) -> Any:
    value = document.get(name, default)
    if value is default:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ServerError(400, "malformed", f"{name} must be {kind.__name__}", f"$.{name}")
    return value


SPECTATORS: Final = ("anyone", "nobody")
"""Who may watch a match: anyone with its id (the link), or nobody."""
MAX_SECONDS: Final = 7 * 86400.0
"""The longest clock time a match may set (a week)."""


def _seconds(value: object, path: str, *, zero: bool = False) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not (0 if zero else 0.001) <= value <= MAX_SECONDS
    ):
        low = "0" if zero else "0.001"
        raise ServerError(422, "invalid-clock", f"a number of seconds in [{low}, {MAX_SECONDS:g}]", path)
    return float(value)


def _options(request: Mapping[str, object]) -> dict[str, Any]:
    """A create request's match options, checked: spectators, spectator delay, clock, stand-in bot."""
    spectators = request.get("spectators", "anyone")
    if spectators not in SPECTATORS:
        raise ServerError(422, "invalid-spectators", "spectators must be 'anyone' or 'nobody'", "$.spectators")
    delay = request.get("spectator_delay", 0)
    if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= 10**6:
        raise ServerError(
            422, "invalid-spectators", "spectator_delay must be a step count in [0, 10**6]", "$.spectator_delay"
        )
    options: dict[str, Any] = {"spectators": spectators, "spectator_delay": delay, "clock": None}
    if "stand_in" in request:
        stand_in = request["stand_in"]
        if stand_in not in BOTS:
            raise ServerError(422, "invalid-stand-in", f"stand_in must be one of {', '.join(BOTS)}", "$.stand_in")
        options["stand_in"] = stand_in
    clock = request.get("clock")
    if clock is None:
        return options
    if isinstance(clock, dict) and set(clock) == {"per_move"}:
        options["clock"] = {"per_move": _seconds(clock["per_move"], "$.clock.per_move")}
    elif isinstance(clock, dict) and set(clock) == {"budget", "increment"}:
        options["clock"] = {
            "budget": _seconds(clock["budget"], "$.clock.budget"),
            "increment": _seconds(clock["increment"], "$.clock.increment", zero=True),
        }
    else:
        raise ServerError(
            422, "invalid-clock", 'clock must be {"per_move": S} or {"budget": S, "increment": S}', "$.clock"
        )
    return options


def _article(title: str) -> str:
    return "an" if title[:1].lower() in "aeiou" else "a"


MAX_BACKLOG: Final = 256
"""The most batches a reconnecting connection is sent one by one; further behind, it gets a full resync."""


def _index(ends: list[int], since: int | None) -> int | None:
    """Where ``since`` is among a match's batch ends, or ``None``."""
    if since is None:
        return None
    low, high = 0, len(ends)
    while low < high:
        middle = (low + high) // 2
        if ends[middle] < since:
            low = middle + 1
        else:
            high = middle
    return low if low < len(ends) and ends[low] == since else None


def _previous(live: _Live, step: int) -> int:
    """The batch end before ``step`` in the match's stream (``-1`` before the start)."""
    position = _index(live.ends, step)
    return -1 if position is None or position == 0 else live.ends[position - 1]


@attrs.define
class _Live:
    """A match in this process's memory: its header and every state since the set-up."""

    record: MatchRecord
    game: AnyGame
    config: Any
    states: list[Any]
    steps: list[StepRecord]
    options: dict[str, Any] = attrs.field(factory=dict)
    """The match's options: ``spectators``, ``spectator_delay``, ``clock``, ``stand_in`` (when given), ``created``."""
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    ends: list[int] = attrs.field(factory=lambda: [0])
    """The step count after each committed batch, ``0`` (the start) first: the seats' sequence numbers."""
    histories: list[History[Any, Any]] = attrs.field(factory=list)
    """The game as played after each step (undo steps taken back), beside ``states``: what ``can_undo`` reads."""
    max_steps: int = 0
    """The game's ``max_steps`` for the match's config (the longest game), read once: what bounds the bots' moves."""
    stand_ins: list[StepRecord] = attrs.field(factory=list)
    """The steps the server's bot made for a person's seat, in order (beside ``steps``)."""

    def extend(self, states: list[Any], records: list[StepRecord], histories: list[History[Any, Any]]) -> None:
        """Add whole committed batches (the caller holds ``lock``): states, then steps, then their ends."""
        first = len(self.steps)
        self.histories.extend(histories)
        self.states.extend(states)  # states first: readers take len(steps) and ends without the lock
        self.stand_ins.extend(record for record in records if record.stand_in)
        self.steps.extend(records)
        ends = [
            index + 1
            for index in range(first, len(self.steps))
            if index + 1 == len(self.steps) or self.steps[index + 1].batch != self.steps[index].batch
        ]
        self.ends.extend(ends)


class MatchService:
    """The matches of one server process, over a :class:`~ofrenda_rules.server.store.Store`.

    Args:
        store: Where matches and their steps are committed.
        max_matches: The most live (unfinished) matches; creating one more is refused.
        archive_seconds: How long a finished match stays readable (its replay
            export, its views) before :meth:`sweep` removes it.
        abandon_seconds: How long a live match may go without a step before
            :meth:`sweep` treats it as abandoned.
        clock: The time in seconds (``time.time``; tests inject their own).
    """

    def __init__(
        self,
        store: Store,
        *,
        max_matches: int = 1000,
        archive_seconds: float = 3600.0,
        abandon_seconds: float = 86400.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        """The database."""
        self.max_matches = max_matches
        """The most live matches."""
        self.archive_seconds = archive_seconds
        """How long a finished match stays readable."""
        self.abandon_seconds = abandon_seconds
        """How long a live match may wait for a step before it is abandoned."""
        self.clock = clock
        """The time in seconds."""
        self._live: dict[str, _Live] = {}
        self._guard = threading.Lock()

    # -- creating ---------------------------------------------------------------------------

    def create(self, request: object) -> dict[str, object]:
        """Create a match from a request document; the answer holds the id and one secret per person's seat.

        The request: ``{"game": NAME, "config": {...}, "seats": ["human", "random", ...],
        "seed": N}``; ``config`` defaults to the game's default config, ``seats``
        to a person in every seat, and ``seed`` to a fresh random one. With
        ``"seed": null`` the match is unseeded and the answer holds a chance
        secret whose holder submits every chance outcome (physical dice).
        Secrets are shown once and stored only as hashes. Optional:
        ``"spectators": "anyone" | "nobody"`` (default ``anyone``),
        ``"spectator_delay": N`` (steps spectators lag behind until the end,
        default 0), and ``"clock"``: ``{"per_move": SECONDS}`` or
        ``{"budget": SECONDS, "increment": SECONDS}``, a clock for every
        person's seat (when it runs out the server's bot moves for the seat),
        and ``"stand_in"``: that bot's name (a seat kind but ``human``).
        """
        if not isinstance(request, dict):
            raise ServerError(400, "malformed", "the request must be a JSON object", "$")
        unknown = set(request) - {
            "game",
            "config",
            "seats",
            "seed",
            "spectators",
            "spectator_delay",
            "clock",
            "stand_in",
        }
        if unknown:
            raise ServerError(400, "malformed", f"unknown member {sorted(unknown)[0]!r}", f"$.{sorted(unknown)[0]}")
        name = _field(request, "game", str)
        if name not in game_names():
            raise ServerError(404, "unknown-game", f"no game {name!r}; games: {', '.join(game_names())}", "$.game")
        game = get_game(name)
        try:
            config = from_json_value(request.get("config", {}), game.config_type)
        except OfrendaRulesError as exc:
            what = f"{_article(game.info.title)} {game.info.title} config"
            raise ServerError(422, "invalid-config", in_protocol_words(exc, what, "config"), "$.config") from None
        players: int = config.players
        seats = request.get("seats", [HUMAN] * players)
        if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
            raise ServerError(422, "invalid-seats", f"seats must list {players} seat kinds", "$.seats")
        for index, kind in enumerate(seats):
            if kind != HUMAN and kind not in BOTS:
                raise ServerError(
                    422, "invalid-seats", f"seat {index}: {kind!r} is not human or a bot", f"$.seats[{index}]"
                )
        if "seed" in request and request["seed"] is None:
            seed = None
        else:
            seed = _field(request, "seed", int, secrets.randbits(64))
            if not 0 <= seed <= MASK64:
                raise ServerError(422, "invalid-seed", "seed must be in [0, 2**64)", "$.seed")
        options = _options(request)
        options["created"] = self.clock()
        if self.store.count() >= self.max_matches:
            raise ServerError(
                503, "too-many-matches", f"this server plays at most {self.max_matches} unfinished matches at once"
            )
        keys = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN}
        chance_key = secrets.token_urlsafe(24) if seed is None else None
        record = MatchRecord(
            id=secrets.token_urlsafe(12),
            game=name,
            config_json=dumps(config),
            seed=seed,
            seats=tuple(seats),
            secret_hashes=tuple(_hash(keys[seat]) if seat in keys else "" for seat in range(players)),
            chance_hash="" if chance_key is None else _hash(chance_key),
            bot_seed=secrets.randbits(64),
            options_json=json.dumps(options, sort_keys=True),
        )
        self.store.create(record, at=options["created"])
        live = self._load(record.id)
        with live.lock:
            self._advance_bots(live)
        answer: dict[str, object] = {
            "match": record.id,
            "game": name,
            "seats": list(seats),
            "secrets": {str(seat): key for seat, key in keys.items()},
        }
        if chance_key is not None:
            answer["chance_secret"] = chance_key
        return answer

    # -- reading ----------------------------------------------------------------------------

    def _load(self, match_id: str, *, refresh: bool = True) -> _Live:
        with self._guard:
            live = self._live.get(match_id)
            if live is None:
                record = self.store.match(match_id)
                if record is None:
                    raise ServerError(404, "unknown-match", "no such match")
                game = get_game(record.game)
                config = loads(record.config_json, game.config_type)
                options = json.loads(record.options_json)
                start = game.new_game(config, record.seed)
                live = _Live(
                    record,
                    game,
                    config,
                    [start],
                    [],
                    options,
                    histories=[History.start(game, start)],
                    max_steps=game.max_steps(config),
                )
                self._live[match_id] = live
        if refresh:
            with live.lock:
                self._refresh(live)
        return live

    def _refresh(self, live: _Live) -> None:
        """Apply the steps other processes committed since this one last looked (the caller holds ``live.lock``)."""
        records = self.store.steps(live.record.id, len(live.steps))
        if not records:
            return
        states: list[Any] = []
        histories: list[History[Any, Any]] = []
        history = live.histories[-1]
        for step in records:
            if is_undo(step.action_json):
                history = replay_undo(history, step.player, step.action_json)
            else:
                action = loads(step.action_json, live.game.action_type)
                after = live.game.apply(history.state, action)
                history = History(live.game, after, history, action, step.player, history.length + 1)
            states.append(history.state)
            histories.append(history)
        live.extend(states, records, histories)

    def authenticate(self, match_id: str, seat: int, secret: str) -> None:
        """Refuse unless ``secret`` is the secret of ``seat`` (``-1``: the chance secret); constant time."""
        live = self._load(match_id)
        record = live.record
        if seat == CHANCE:
            expected = record.chance_hash
        elif 0 <= seat < len(record.seats):
            expected = record.secret_hashes[seat]
        else:
            raise ServerError(404, "unknown-seat", f"no seat {seat} in this match")
        if not hmac.compare_digest(_hash(secret), expected) or not expected:
            raise ServerError(403, "forbidden", "wrong secret for this seat")

    def public(self, match_id: str) -> dict[str, object]:
        """What anyone may know of a match: the game, config, seat kinds, the step count, whether it is over."""
        live = self._load(match_id)
        state = live.states[-1]
        answer: dict[str, object] = {
            "match": match_id,
            "game": live.record.game,
            "config": to_json_value(live.config),
            "seats": list(live.record.seats),
            "seeded": live.record.seed is not None,
            "step": len(live.steps),
            "over": live.game.is_over(state),
            "spectators": live.options.get("spectators", "anyone"),
            "spectator_delay": live.options.get("spectator_delay", 0),
            "clock": live.options.get("clock"),
        }
        if live.game.is_over(state):
            answer["result"] = to_json_value(live.game.outcome(state))
        return answer

    def view(self, match_id: str, seat: int, *, picture: bool = False) -> dict[str, object]:
        """A seat's answer: its view (recent events included), its legal actions when it is to move, the result.

        ``seat`` must have been authenticated; ``-1`` is the chance seat of an
        unseeded match, which sees the chance outcomes it may feed.
        """
        live = self._load(match_id)
        return self._answer(live, live.ends[-1], seat, picture=picture)

    def _answer(
        self, live: _Live, step: int, seat: int | None, *, picture: bool = False, lean: bool = False
    ) -> dict[str, object]:
        """The answer to ``seat`` (``None``: a spectator) at ``step``, with its sequence numbers.

        With ``lean`` a seat's answer leaves out the legal actions' words and picks (see :func:`seat_answer`).
        """
        answer: dict[str, object] = {"match": live.record.id, "step": step, "seq": step, "prev": _previous(live, step)}
        if seat is None:
            answer.update(spectator_answer(live.game, live.states[step], picture=picture))
        else:
            answer.update(seat_answer(live.game, live.states[step], seat, picture=picture, lean=lean))
            if seat != CHANCE:
                answer["undo"] = undo_status(live.histories[step], seat)
        last = live.steps[step - 1] if step else None
        if last is not None and is_undo(last.action_json):  # an undo is a batch of its own
            notice = undo_notice(live.game, live.states[step], last.player, last.action_json, seat)
            answer["undone"] = notice
            events = answer.get("events")
            answer["events"] = [notice["text"], *(events if isinstance(events, list) else [])]
        answer["stand_ins"] = [
            {"step": record.number, "seat": record.player, "reason": record.stand_in}
            for record in live.stand_ins
            if record.number < step
        ]
        clocks = self._clocks(live, step)
        if clocks is not None:
            answer["clocks"] = clocks
        return answer

    def _clock_state(self, live: _Live, step: int) -> tuple[list[float], float] | None:
        """Each seat's seconds left at the start of its turn as of ``step``, and when the current turn began."""
        clock = live.options.get("clock")
        if clock is None:
            return None
        seats = live.record.seats
        remaining = [float(clock.get("budget", clock.get("per_move")))] * len(seats)
        turn_start = float(live.options.get("created", 0.0))
        for record in live.steps[:step]:
            player = record.player
            if 0 <= player < len(seats) and seats[player] == HUMAN and "budget" in clock:
                if record.stand_in:
                    remaining[player] = float(clock["increment"])
                else:  # an undo uses the seat's time but earns no increment
                    used = record.at - turn_start
                    bonus = 0.0 if is_undo(record.action_json) else float(clock["increment"])
                    remaining[player] = max(remaining[player] - used, 0.0) + bonus
            turn_start = record.at
        return remaining, turn_start

    def _deadline(self, live: _Live, step: int) -> tuple[int, float] | None:
        """The person's seat whose clock runs at ``step``, and when it runs out; ``None`` if none runs."""
        state = self._clock_state(live, step)
        seat = live.game.current_player(live.states[step])
        if state is None or not 0 <= seat < len(live.record.seats) or live.record.seats[seat] != HUMAN:
            return None
        remaining, turn_start = state
        return seat, turn_start + remaining[seat]

    def _clocks(self, live: _Live, step: int) -> list[dict[str, object]] | None:
        """Each person's seat's clock as of ``step``: seconds left at the start of its turn, and when it runs out."""
        state = self._clock_state(live, step)
        if state is None:
            return None
        remaining, _ = state
        running = self._deadline(live, step)
        return [
            {
                "seat": index,
                "remaining_ms": round(remaining[index] * 1000),
                "deadline_ms": round(running[1] * 1000) if running is not None and running[0] == index else None,
            }
            for index, kind in enumerate(live.record.seats)
            if kind == HUMAN
        ]

    def _spectator_end(self, live: _Live, ends: list[int]) -> int:
        """The last batch end spectators may see: ``spectator_delay`` steps behind, until the game is over."""
        if self.spectators(live.record.id) == "nobody":
            raise ServerError(403, "no-spectators", "this match allows no spectators")
        delay = int(live.options.get("spectator_delay", 0))
        if not delay or live.game.is_over(live.states[ends[-1]]):
            return ends[-1]
        return max((end for end in ends if end <= ends[-1] - delay), default=0)

    def spectators(self, match_id: str) -> str:
        """Who may watch a match: ``"anyone"`` or ``"nobody"``."""
        return str(self._load(match_id).options.get("spectators", "anyone"))

    def authenticate_any(self, match_id: str, secret: str) -> None:
        """Refuse unless ``secret`` is the secret of one of the match's seats or its chance secret."""
        record = self._load(match_id).record
        expected = [h for h in (*record.secret_hashes, record.chance_hash) if h]
        if not any(hmac.compare_digest(_hash(secret), h) for h in expected):
            raise ServerError(403, "forbidden", "this match's replay is for its players: send a seat's secret")

    def held_seq(self, match_id: str) -> int | None:
        """The last sequence number of a match as this process holds it in memory (no database read), or ``None``."""
        live = self._live.get(match_id)
        return None if live is None else live.ends[-1]

    def live_ends(self, match_id: str) -> list[int]:
        """The step count after each committed batch of a match, ``0`` first: its sequence numbers so far."""
        return list(self._load(match_id).ends)

    def stream(
        self, match_id: str, seat: int | None, since: int | None, *, refresh: bool = True, lean: bool = False
    ) -> list[dict[str, object]]:
        """What a connection of ``seat`` (``None``: a spectator) that has seen up to ``since`` is to be sent.

        Every message to a seat carries ``seq``, the step count after the
        batch it shows (only ever growing), and ``prev``, the ``seq`` of the
        message before it in the seat's stream. The answer: one message per
        batch committed after ``since``, in order -- exactly what was missed;
        or, when ``since`` is ``None``, not a batch end of this match, or more
        than :data:`MAX_BACKLOG` batches behind, the current answer alone
        marked ``"resync": true``. ``seat`` must have been authenticated; no
        message holds anything that seat may not see. Without ``refresh``
        the match is taken as this process holds it (after its own commits). With ``lean`` a seat's
        answers leave out the legal actions' words and picks (see :func:`seat_answer`).
        """
        live = self._load(match_id, refresh=refresh)
        ends = list(live.ends)  # a snapshot: batches are appended whole
        if seat is None:
            last = self._spectator_end(live, ends)
            ends = ends[: ends.index(last) + 1]
        if since is not None and since == ends[-1]:
            return []
        position = _index(ends, since)
        if position is None or len(ends) - 1 - position > MAX_BACKLOG:
            answer = self._answer(live, ends[-1], seat, lean=lean)
            answer["resync"] = True
            return [answer]
        return [self._answer(live, end, seat, lean=lean) for end in ends[position + 1 :]]

    def spectate(self, match_id: str, *, picture: bool = False) -> dict[str, object]:
        """What anyone may watch of a match: the public view, its events, the result (no secret needed)."""
        live = self._load(match_id)
        return self._answer(live, self._spectator_end(live, list(live.ends)), None, picture=picture)

    def replay(self, match_id: str, *, digests: bool = False) -> AnyReplay:
        """The finished match as a replay (refused before the end: a seed tells every hidden card).

        With ``digests`` the replay also claims the state digest after the
        set-up and after every step, and the result, so that ``verify``
        checks each state along the way, not only the actions.
        """
        live = self._load(match_id)
        state = live.states[-1]
        if not live.game.is_over(state):
            raise ServerError(409, "not-over", "a replay is exported only once the match is over")
        game = live.game
        actions = [
            undone_action(game, step.action_json)
            if is_undo(step.action_json)
            else loads(step.action_json, game.action_type)
            for step in live.steps
        ]
        undos = [is_undo(step.action_json) for step in live.steps]
        if not digests:
            steps = tuple(
                Step(action, step.player, undo=undo)
                for action, step, undo in zip(actions, live.steps, undos, strict=True)
            )
            return Replay(game=live.record.game, config=live.config, seed=live.record.seed, steps=steps)
        states = live.states[1 : len(actions) + 1]
        steps = tuple(
            Step(action, step.player, state_digest(after), undo=undo)
            for action, step, after, undo in zip(actions, live.steps, states, undos, strict=True)
        )
        return Replay(
            game=live.record.game,
            config=live.config,
            seed=live.record.seed,
            steps=steps,
            result=live.game.outcome(state),
            initial_digest=state_digest(live.states[0]),
        )

    # -- lifecycle --------------------------------------------------------------------------

    def sweep(self) -> dict[str, int]:
        """Remove the matches finished longer ago than ``archive_seconds``; end the abandoned ones.

        A live match with no step for ``abandon_seconds`` is abandoned: when it
        is seeded, the server's bots (the game's reference bot, else the random
        bot) play its people's seats to the end -- ordinary steps, recorded in
        its replay with their seats -- and it is archived like any finished
        match; an unseeded one (whose chance outcomes only its chance secret's
        holder can feed) is closed: removed. Answers how many matches were
        ``removed``, ``played_out`` and ``closed``.
        """
        now = self.clock()
        finished, abandoned = self.store.expired(now - self.archive_seconds, now - self.abandon_seconds)
        counts = {"removed": 0, "played_out": 0, "closed": 0}
        for match_id in finished:
            self._forget(match_id)
            counts["removed"] += 1
        for match_id in abandoned:
            try:
                live = self._load(match_id)
            except ServerError:  # removed meanwhile
                continue
            except Exception:  # a match the rules cannot replay: say so, and let the others be swept
                _log.exception("match %s cannot be read; left alone", match_id)
                continue
            with live.lock:
                self._refresh(live)
                if live.game.is_over(live.states[-1]):
                    self.store.finish(match_id, now)
                    continue
                pending = []
                if live.record.seed is not None:
                    pending = self._bot_steps(live, live.states[-1], len(live.steps), stand_in=True)
                if not pending or not live.game.is_over(pending[-1][2]):
                    self._forget(match_id)
                    counts["closed"] += 1
                    continue
                try:
                    self._commit(live, len(live.steps), pending, reason="abandoned")
                except ServerError:  # a person moved meanwhile, through another process: not abandoned
                    continue
                counts["played_out"] += 1
        return counts

    def _forget(self, match_id: str) -> None:
        """Remove a match from the store and from this process's memory."""
        with self._guard:
            self._live.pop(match_id, None)
        self.store.remove(match_id)

    # -- playing ----------------------------------------------------------------------------

    def submit(self, match_id: str, seat: int, request: object) -> dict[str, object]:
        """Apply a seat's action if the rules allow it; the answer is the seat's view after it and the bots' replies.

        The request: ``{"step": N, "action": {...}}`` where ``N`` is the step
        the client saw. A retry of an accepted submission (same step, same
        action) gets the same answer and changes nothing.
        """
        live, end = self._apply(match_id, seat, request)
        return self._answer(live, end, seat)

    def submit_stream(
        self, match_id: str, seat: int, request: object, since: int | None, *, lean: bool = False
    ) -> tuple[list[dict[str, object]], bool]:
        """Apply a submission as :meth:`submit` does; what the submitter's connection (seen up to ``since``) is sent.

        The answer is ``(messages, streamed)``: with ``streamed`` the messages
        of the seat's stream after ``since`` (:meth:`stream`, as this process
        holds the match), the last one the submission's own batch; without it
        (nothing new: a retry of an old batch) the submission's answer alone.
        Each answer is computed once (:meth:`submit` then :meth:`stream` would
        compute the batch's answer twice). With ``lean`` the answers are lean (see :func:`seat_answer`).
        """
        live, end = self._apply(match_id, seat, request)
        messages = self.stream(match_id, seat, since, refresh=False, lean=lean)
        if messages:
            return messages, True
        return [self._answer(live, end, seat, lean=lean)], False

    def _apply(self, match_id: str, seat: int, request: object) -> tuple[_Live, int]:
        """Apply a submission (see :meth:`submit`); the match and the step count after the submission's batch."""
        if not isinstance(request, dict):
            raise ServerError(400, "malformed", "the request must be a JSON object", "$")
        if "undo" in request:
            return self._apply_undo(match_id, seat, request)
        unknown = set(request) - {"step", "action"}
        if unknown:
            raise ServerError(400, "malformed", f"unknown member {sorted(unknown)[0]!r}", f"$.{sorted(unknown)[0]}")
        seen = _field(request, "step", int)
        if seen is None or seen < 0:
            raise ServerError(400, "malformed", "step must be the step number the client saw", "$.step")
        live = self._load(match_id, refresh=False)  # refreshed below, under the match's lock
        try:
            action = from_json_value(request.get("action"), live.game.action_type)
        except OfrendaRulesError as exc:
            title = live.game.info.title
            words = in_protocol_words(exc, f"{_article(title)} {title} action", "action")
            raise ServerError(400, "malformed-action", words, "$.action") from None
        with live.lock:
            if seen == len(live.steps):
                # The usual case, a new step: decided on the match as this process holds it, without
                # reading the store. Its commit fails if another process took the step meanwhile, and any
                # refusal is decided again below on the match brought up to date, so every outcome is the
                # one a read first would have given.
                try:
                    return self._apply_locked(live, seat, seen, action)
                except ServerError:
                    pass
            self._refresh(live)
            return self._apply_locked(live, seat, seen, action)

    def _apply_locked(self, live: _Live, seat: int, seen: int, action: Any) -> tuple[_Live, int]:
        """Apply ``action`` of ``seat`` at step ``seen`` to the match as held (the caller holds ``live.lock``)."""
        if seen < len(live.steps):
            done = live.steps[seen]
            if done.player == seat and done.action_json == _action_json(live.game, action):
                end = max((s.number for s in live.steps if s.batch == done.batch), default=seen) + 1
                return live, end
            raise ServerError(409, "stale-step", f"step {seen} is past: the match is at step {len(live.steps)}")
        if seen > len(live.steps):
            raise ServerError(409, "stale-step", f"step {seen} is ahead: the match is at step {len(live.steps)}")
        state = live.states[-1]
        to_move = live.game.current_player(state)
        if to_move == TERMINAL:
            raise ServerError(409, "game-over", "the match is over")
        if to_move != seat:
            raise ServerError(409, "not-your-turn", "it is not this seat's turn")
        rejection = live.game.validate(state, action)
        if rejection is not None:
            raise ServerError(422, "illegal-action", f"{rejection.code}: {rejection.message}", "$.action")
        batch = len(live.steps)
        pending = [(seat, action, live.game.apply(state, action))]
        pending.extend(self._bot_steps(live, pending[-1][2], batch + 1))
        self._commit(live, batch, pending, own=True)
        return live, len(live.steps)

    def undo(self, match_id: str, seat: int, request: object) -> dict[str, object]:
        """Take back the seat's last decision if the rules allow it; the answer is the seat's view after it.

        The request: ``{"step": N, "undo": true}`` where ``N`` is the step the
        client saw. The rules decide (:func:`~ofrenda_rules.undo.can_undo` on
        the match as played); a refusal is a 409 whose code is the rules'
        (``turn-passed``, ``not-your-decision``, ``chance-resolved``...) and
        changes nothing. An allowed undo is a step of its own, committed like
        an action, pushed to every seat and recorded in the replay. A retry of
        an accepted undo (same step) gets the same answer and changes nothing.
        A match records at most ``max_steps(config)`` undos (``too-many-undos``).
        """
        live, end = self._apply_undo(match_id, seat, request)
        return self._answer(live, end, seat)

    def _apply_undo(self, match_id: str, seat: int, request: object) -> tuple[_Live, int]:
        """Apply an undo request (see :meth:`undo`); the match and the step count after it."""
        if not isinstance(request, dict):
            raise ServerError(400, "malformed", "the request must be a JSON object", "$")
        unknown = set(request) - {"step", "undo"}
        if unknown:
            raise ServerError(400, "malformed", f"unknown member {sorted(unknown)[0]!r}", f"$.{sorted(unknown)[0]}")
        if request.get("undo") is not True:
            raise ServerError(400, "malformed", "undo must be true", "$.undo")
        seen = _field(request, "step", int)
        if seen is None or seen < 0:
            raise ServerError(400, "malformed", "step must be the step number the client saw", "$.step")
        if seat == CHANCE:
            raise ServerError(409, "chance-outcome", "a chance outcome is never taken back")
        live = self._load(match_id, refresh=False)
        with live.lock:
            self._refresh(live)
            if seen < len(live.steps):
                done = live.steps[seen]
                if done.player == seat and is_undo(done.action_json):
                    return live, seen + 1
                raise ServerError(409, "stale-step", f"step {seen} is past: the match is at step {len(live.steps)}")
            if seen > len(live.steps):
                raise ServerError(409, "stale-step", f"step {seen} is ahead: the match is at step {len(live.steps)}")
            if sum(1 for step in live.steps if is_undo(step.action_json)) >= live.game.max_steps(live.config):
                raise ServerError(409, "too-many-undos", "this match has taken back as many decisions as it may")
            answer = can_undo(live.histories[-1], seat)
            if isinstance(answer, UndoRefusal):
                raise ServerError(409, answer.code, f"Seat {seat + 1} may not undo: {answer.message}")
            batch = len(live.steps)
            self._commit(live, batch, [(seat, answer.action, answer.history.state)], undo=answer.history)
            return live, len(live.steps)

    def _bot_steps(self, live: _Live, state: Any, number: int, stand_in: bool = False) -> list[tuple[int, Any, Any]]:
        """The bots' moves from ``state`` until a person (or the chance secret holder) is to move.

        With ``stand_in`` the people's seats are played too, by the game's
        reference bot when it ships one, else by the random bot.
        """
        game, seats = live.game, live.record.seats
        steps: list[tuple[int, Any, Any]] = []
        limit = live.max_steps + len(live.steps) - live.histories[-1].length  # undo steps don't count
        while number + len(steps) < limit:
            player = game.current_player(state)
            if player in (TERMINAL, CHANCE) or (seats[player] == HUMAN and not stand_in):
                break
            action = self._bot_move(live, state, seats[player], number + len(steps))
            state = game.apply(state, action)
            steps.append((player, action, state))
        return steps

    def _bot_move(self, live: _Live, state: Any, kind: str, number: int) -> Any:
        """The move of bot ``kind`` at step ``number``.

        A person's seat gets the match's ``stand_in`` bot when it names one, else the reference bot.
        """
        game = live.game
        if kind == HUMAN:
            kind = live.options.get("stand_in") or ("reference" if game.reference_bot is not None else "random")
        if kind == "reference":
            return game.reference_bot(state)
        seed = (live.record.bot_seed + number * 0x9E3779B97F4A7C15) & MASK64
        if kind in LEVEL_NAMES:
            return make_bot(game, kind, seed)(state)
        rng = Rng(seed)
        legal = game.legal_actions(state)
        index, _ = rng.below(len(legal))
        return legal[index]

    def tick(self) -> list[str]:
        """Move for every person's seat whose clock ran out, in the matches this process holds; their ids.

        The server's bot (the game's reference bot, else the random bot) makes
        the seat's move, then the bots' seats reply as usual; the step is
        marked ``"timeout"`` in every answer's ``stand_ins``. A match another
        process moved meanwhile is left alone.
        """
        now = self.clock()
        with self._guard:
            held = [live for live in self._live.values() if live.options.get("clock") is not None]
        moved: list[str] = []
        for live in held:
            running = self._deadline(live, live.ends[-1])
            if running is None or running[1] > now:
                continue
            with live.lock:
                self._refresh(live)
                running = self._deadline(live, len(live.steps))
                if running is None or running[1] > now:
                    continue
                seat, state = running[0], live.states[-1]
                batch = len(live.steps)
                action = self._bot_move(live, state, HUMAN, batch)
                pending = [(seat, action, live.game.apply(state, action))]
                pending.extend(self._bot_steps(live, pending[-1][2], batch + 1))
                try:
                    self._commit(live, batch, pending, reason="timeout")
                except ServerError:
                    continue
                moved.append(live.record.id)
        return moved

    def _advance_bots(self, live: _Live) -> None:
        pending = self._bot_steps(live, live.states[-1], len(live.steps))
        if pending:
            self._commit(live, len(live.steps), pending)

    def _commit(
        self,
        live: _Live,
        batch: int,
        pending: list[tuple[int, Any, Any]],
        *,
        own: bool = False,
        reason: str = "",
        undo: History[Any, Any] | None = None,
    ) -> None:
        """Commit a batch, then add it to the match in memory.

        With ``own`` its first step is the submitting seat's; any other step of
        a person's seat was made by the server's bot, marked ``reason``
        (``"timeout"``, ``"abandoned"``). With ``undo`` (the history it returns
        to) the batch is one undo step, taking back its action.
        """
        now = self.clock()
        seats = live.record.seats
        game = live.game
        records = [
            StepRecord(
                batch + offset,
                player,
                undo_json(game, action) if undo is not None else _action_json(game, action),
                batch,
                now,
                reason if 0 <= player < len(seats) and seats[player] == HUMAN and not (own and offset == 0) else "",
            )
            for offset, (player, action, _) in enumerate(pending)
        ]
        finished = live.game.is_over(pending[-1][2])
        if not self.store.append(live.record.id, records, at=now, finished=finished):
            self._refresh(live)
            raise ServerError(
                409, "stale-step", f"another submission took step {batch}; the match is at step {len(live.steps)}"
            )
        histories: list[History[Any, Any]] = []
        history = live.histories[-1]
        for player, action, state in pending:
            history = undo if undo is not None else History(game, state, history, action, player, history.length + 1)
            histories.append(history)
        live.extend([state for _, _, state in pending], records, histories)

    def chance_outcome(self, match_id: str, request: object) -> dict[str, object]:
        """Feed the pending chance outcome of an unseeded match (the chance secret holder's submission)."""
        return self.submit(match_id, CHANCE, request)
