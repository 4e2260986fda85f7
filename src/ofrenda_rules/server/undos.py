"""Undo at the server: how an undo is stored among a match's steps, and what each seat is told of it.

An undo is a step of its own in the match's log, appended like any other
(so sequence numbers only grow, group commit and acknowledgement after commit
apply to it, and a restarted server rebuilds it by re-executing the log): its
``player`` is the seat taking its decision back and its ``action_json`` is
``{"undo": ACTION}``, the action taken back, in canonical JSON. No action of
any game is a JSON object whose first member (in canonical order) is
``undo`` -- every action has a ``type`` -- so the two never mix. The state
after an undo step is the state the decision was taken in; the match keeps
its :class:`~ofrenda_rules.undo.History` beside its states, and the rules
(:func:`~ofrenda_rules.undo.can_undo`) decide every undo, both when a seat
asks and when the log is re-executed.
"""

from __future__ import annotations

from typing import Any, Final

from ofrenda_rules.digest import canonical_json
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import loads, to_json_value
from ofrenda_rules.undo import History, UndoError, UndoRefusal, can_undo

__all__ = [
    "UNDO_PREFIX",
    "is_undo",
    "replay_undo",
    "undo_json",
    "undo_notice",
    "undo_status",
    "undone_action",
]

UNDO_PREFIX: Final = '{"undo":'
"""How the stored ``action_json`` of an undo step begins."""


def undo_json(game: AnyGame, action: object) -> str:
    """The stored ``action_json`` of an undo step taking back ``action``."""
    return canonical_json({"undo": to_json_value(action, game.action_type)})


def is_undo(action_json: str) -> bool:
    """Whether a stored step is an undo step."""
    return action_json.startswith(UNDO_PREFIX)


def undone_action(game: AnyGame, action_json: str) -> Any:
    """The action an undo step took back."""
    return loads(action_json[len(UNDO_PREFIX) : -1], game.action_type)


def replay_undo(history: History[Any, Any], seat: int, action_json: str) -> History[Any, Any]:
    """Re-execute a stored undo step on ``history``: the shorter history, checked by the rules.

    Raises :class:`~ofrenda_rules.undo.UndoError` when the rules refuse it and
    ``ValueError`` when the log names another action than the one taken back
    (a log the server did not write).
    """
    answer = can_undo(history, seat)
    if isinstance(answer, UndoRefusal):
        raise UndoError(answer, seat)
    if canonical_json(to_json_value(answer.action, history.game.action_type)) != action_json[len(UNDO_PREFIX) : -1]:
        raise ValueError(f"a stored undo step of seat {seat} names another action than the one it takes back")
    return answer.history


def undo_status(history: History[Any, Any], seat: int) -> dict[str, object]:
    """Whether ``seat`` may undo now, and why not: ``{"allowed", "code", "message"}`` (both ``null`` when allowed).

    Only ``seat``'s own decisions are ever taken back, and the refusal speaks of
    the last step's actor and the turn, which every seat sees; nothing hidden.
    """
    answer = can_undo(history, seat)
    if isinstance(answer, UndoRefusal):
        return {"allowed": False, "code": answer.code, "message": answer.message}
    return {"allowed": True, "code": None, "message": None}


def undo_notice(game: AnyGame, state: Any, seat: int, action_json: str, viewer: int | None) -> dict[str, object]:
    """What ``viewer`` (``None``: a spectator) is told of an undo step that returned the match to ``state``.

    Everyone learns that the seat took a decision back; only the seat itself is
    told which (its decision may have touched what only it sees), in words.
    """
    text = f"Seat {seat + 1} took back a decision"
    notice: dict[str, object] = {"seat": seat}
    if viewer == seat:
        description = game.describe_action(state, undone_action(game, action_json))
        notice["description"] = description
        text = f"Seat {seat + 1} took back: {description}"
    notice["text"] = text
    return notice
