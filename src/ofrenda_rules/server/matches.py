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
import secrets
import threading
from collections.abc import Mapping
from typing import Any, Final

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.digest import canonical_json
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.picks import picks_of
from ofrenda_rules.registry import AnyGame, game_names, get_game
from ofrenda_rules.replay import AnyReplay, Replay, Step
from ofrenda_rules.rng import MASK64, Rng
from ofrenda_rules.serialization import dumps, from_json_value, loads, to_json_value
from ofrenda_rules.server.store import MatchRecord, StepRecord, Store

__all__ = ["BOTS", "HUMAN", "MatchService", "ServerError", "legal_picks", "seat_answer", "spectator_answer"]

BOTS: Final = ("random", "reference")
"""The bots a seat may be given (``reference`` only in games that ship one)."""

HUMAN: Final = "human"
"""The seat kind of a person, who plays through the API with the seat's secret."""


def legal_picks(game: AnyGame, state: Any) -> list[list[dict[str, str | None]]]:
    """The path of picks of each legal action (same order), as JSON: ``{"label": ..., "element": ...}`` per pick.

    Computed from the seat's view (see :mod:`ofrenda_rules.picks`), so a client
    can offer the move as clicks on the picture.
    """
    tree = picks_of(game, state)
    return [[{"label": pick.label, "element": pick.element} for pick in path] for path in tree.paths]


def seat_answer(game: AnyGame, state: Any, seat: int, *, picture: bool = False) -> dict[str, object]:
    """What the server tells ``seat`` about ``state``: nothing that seat may not see.

    The seat's view (its recent events included), the events in English, the
    legal actions with their descriptions when the seat is to move, whose turn
    it is, the result once the game is over, and with ``picture`` the SVG of
    the view. For ``seat == -1`` (the chance secret of an unseeded match) the
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
        answer["events"] = [game.describe_event(event) for event in getattr(view, "recent_events", ())]
        legal = game.legal_actions(state) if to_move == seat else ()
        answer["legal_actions"] = [to_json_value(action, game.action_type) for action in legal]
        answer["legal_descriptions"] = [game.describe_action(state, action) for action in legal]
        answer["legal_picks"] = legal_picks(game, state) if legal else []
        if picture:
            answer["picture"] = game.render_svg(view)
    if to_move == TERMINAL:
        outcome = game.outcome(state)
        answer["result"] = to_json_value(outcome)
        answer["result_text"] = game.describe_outcome(outcome)
    return answer


def spectator_answer(game: AnyGame, state: Any, *, picture: bool = False) -> dict[str, object]:
    """What a spectator is told about ``state``: the public view (``observe_public``) and nothing more.

    Whose turn it is, the public view with its recent events, the events in
    English, the result once the game is over, and with ``picture`` the SVG
    of the public view. Redrawing any seat's secrets never changes it.
    """
    to_move = game.current_player(state)
    view = game.observe_public(state)
    answer: dict[str, object] = {"to_move": to_move, "over": to_move == TERMINAL, "view": to_json_value(view)}
    answer["events"] = [game.describe_event(event) for event in getattr(view, "recent_events", ())]
    if picture:
        answer["picture"] = game.render_svg(view)
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


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _field(document: Mapping[str, object], name: str, kind: type, default: object = None) -> Any:
    value = document.get(name, default)
    if value is default:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ServerError(400, "malformed", f"{name} must be {kind.__name__}", f"$.{name}")
    return value


@attrs.define
class _Live:
    """A match in this process's memory: its header and every state since the set-up."""

    record: MatchRecord
    game: AnyGame
    config: Any
    states: list[Any]
    steps: list[StepRecord]
    lock: threading.Lock = attrs.field(factory=threading.Lock)


class MatchService:
    """The matches of one server process, over a :class:`~ofrenda_rules.server.store.Store`.

    Args:
        store: Where matches and their steps are committed.
        max_matches: The most matches the store may hold; creating one more is refused.
    """

    def __init__(self, store: Store, *, max_matches: int = 1000) -> None:
        self.store = store
        """The database."""
        self.max_matches = max_matches
        """The most matches the store may hold."""
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
        Secrets are shown once and stored only as hashes.
        """
        if not isinstance(request, dict):
            raise ServerError(400, "malformed", "the request must be a JSON object", "$")
        unknown = set(request) - {"game", "config", "seats", "seed"}
        if unknown:
            raise ServerError(400, "malformed", f"unknown member {sorted(unknown)[0]!r}", f"$.{sorted(unknown)[0]}")
        name = _field(request, "game", str)
        if name not in game_names():
            raise ServerError(404, "unknown-game", f"no game {name!r}; games: {', '.join(game_names())}", "$.game")
        game = get_game(name)
        try:
            config = from_json_value(request.get("config", {}), game.config_type)
        except OfrendaRulesError as exc:
            raise ServerError(422, "invalid-config", str(exc), "$.config") from None
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
        if self.store.count() >= self.max_matches:
            raise ServerError(503, "too-many-matches", f"this server holds at most {self.max_matches} matches")
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
        )
        self.store.create(record)
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

    def _load(self, match_id: str) -> _Live:
        with self._guard:
            live = self._live.get(match_id)
            if live is None:
                record = self.store.match(match_id)
                if record is None:
                    raise ServerError(404, "unknown-match", "no such match")
                game = get_game(record.game)
                config = loads(record.config_json, game.config_type)
                live = _Live(record, game, config, [game.new_game(config, record.seed)], [])
                self._live[match_id] = live
        with live.lock:
            self._refresh(live)
        return live

    def _refresh(self, live: _Live) -> None:
        """Apply the steps other processes committed since this one last looked (the caller holds ``live.lock``)."""
        for step in self.store.steps(live.record.id, len(live.steps)):
            state = live.states[-1]
            action = loads(step.action_json, live.game.action_type)
            live.states.append(live.game.apply(state, action))
            live.steps.append(step)

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
        return self._answer(live, len(live.steps), seat, picture=picture)

    def _answer(self, live: _Live, step: int, seat: int, *, picture: bool = False) -> dict[str, object]:
        answer: dict[str, object] = {"match": live.record.id, "step": step}
        answer.update(seat_answer(live.game, live.states[step], seat, picture=picture))
        return answer

    def spectate(self, match_id: str, *, picture: bool = False) -> dict[str, object]:
        """What anyone may watch of a match: the public view, its events, the result (no secret needed)."""
        live = self._load(match_id)
        step = len(live.steps)
        answer: dict[str, object] = {"match": live.record.id, "step": step}
        answer.update(spectator_answer(live.game, live.states[step], picture=picture))
        return answer

    def replay(self, match_id: str) -> AnyReplay:
        """The finished match as a replay (refused before the end: a seed tells every hidden card)."""
        live = self._load(match_id)
        state = live.states[-1]
        if not live.game.is_over(state):
            raise ServerError(409, "not-over", "a replay is exported only once the match is over")
        actions = [loads(step.action_json, live.game.action_type) for step in live.steps]
        steps = tuple(Step(action, step.player) for action, step in zip(actions, live.steps, strict=True))
        return Replay(game=live.record.game, config=live.config, seed=live.record.seed, steps=steps)

    # -- playing ----------------------------------------------------------------------------

    def submit(self, match_id: str, seat: int, request: object) -> dict[str, object]:
        """Apply a seat's action if the rules allow it; the answer is the seat's view after it and the bots' replies.

        The request: ``{"step": N, "action": {...}}`` where ``N`` is the step
        the client saw. A retry of an accepted submission (same step, same
        action) gets the same answer and changes nothing.
        """
        if not isinstance(request, dict):
            raise ServerError(400, "malformed", "the request must be a JSON object", "$")
        unknown = set(request) - {"step", "action"}
        if unknown:
            raise ServerError(400, "malformed", f"unknown member {sorted(unknown)[0]!r}", f"$.{sorted(unknown)[0]}")
        seen = _field(request, "step", int)
        if seen is None or seen < 0:
            raise ServerError(400, "malformed", "step must be the step number the client saw", "$.step")
        live = self._load(match_id)
        try:
            action = from_json_value(request.get("action"), live.game.action_type)
        except OfrendaRulesError as exc:
            raise ServerError(400, "malformed-action", str(exc), "$.action") from None
        with live.lock:
            self._refresh(live)
            if seen < len(live.steps):
                done = live.steps[seen]
                if done.player == seat and done.action_json == canonical_json(
                    to_json_value(action, live.game.action_type)
                ):
                    end = max((s.number for s in live.steps if s.batch == done.batch), default=seen) + 1
                    return self._answer(live, end, seat)
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
            self._commit(live, batch, pending)
            return self._answer(live, len(live.steps), seat)

    def _bot_steps(self, live: _Live, state: Any, number: int) -> list[tuple[int, Any, Any]]:
        """The bots' moves from ``state`` until a person (or the chance secret holder) is to move."""
        game, seats = live.game, live.record.seats
        steps: list[tuple[int, Any, Any]] = []
        limit = game.max_steps(live.config)
        while number + len(steps) < limit:
            player = game.current_player(state)
            if player in (TERMINAL, CHANCE) or seats[player] == HUMAN:
                break
            kind = seats[player]
            if kind == "reference":
                action = game.reference_bot(state)
            else:
                rng = Rng((live.record.bot_seed + (number + len(steps)) * 0x9E3779B97F4A7C15) & MASK64)
                legal = game.legal_actions(state)
                index, _ = rng.below(len(legal))
                action = legal[index]
            state = game.apply(state, action)
            steps.append((player, action, state))
        return steps

    def _advance_bots(self, live: _Live) -> None:
        pending = self._bot_steps(live, live.states[-1], len(live.steps))
        if pending:
            self._commit(live, len(live.steps), pending)

    def _commit(self, live: _Live, batch: int, pending: list[tuple[int, Any, Any]]) -> None:
        records = [
            StepRecord(batch + offset, player, canonical_json(to_json_value(action, live.game.action_type)), batch)
            for offset, (player, action, _) in enumerate(pending)
        ]
        if not self.store.append(live.record.id, records):
            self._refresh(live)
            raise ServerError(
                409, "stale-step", f"another submission took step {batch}; the match is at step {len(live.steps)}"
            )
        live.states.extend(state for _, _, state in pending)  # states first: readers take len(steps) without the lock
        live.steps.extend(records)

    def chance_outcome(self, match_id: str, request: object) -> dict[str, object]:
        """Feed the pending chance outcome of an unseeded match (the chance secret holder's submission)."""
        return self.submit(match_id, CHANCE, request)
