"""Undo decided by the rules: what a seat may take back, and why not.

A :class:`History` is a game as it was played: the current state and, behind
it, every earlier state with the action that led on from it. The caller keeps
it (a state never carries its past, so states, their JSON, their digests and
the cost of a step are exactly what they were without undo). ``can_undo``
looks at the last step and says whether ``seat`` may take it back; ``undo``
takes it back, returning the history one step shorter, whose state *is* the
earlier state.

A step may be taken back only when all of these hold (checked in this order,
each refusal with its stable code):

1. there is a step to take back (:attr:`UndoCode.NOTHING_TO_UNDO`);
2. it was ``seat``'s own decision, not a chance outcome
   (:attr:`UndoCode.CHANCE_OUTCOME`) nor another seat's
   (:attr:`UndoCode.NOT_YOUR_DECISION`);
3. the game is not over after it (:attr:`UndoCode.GAME_OVER`);
4. the game's own rules allow it (each game's ``undo`` module: a card that
   was face down to some seat and is now face up, a turn that has ended, in
   the game's words and with the game's codes);
5. no chance event was resolved inside the step (a seeded game draws inside
   ``apply``; :attr:`UndoCode.CHANCE_RESOLVED`);
6. no other seat is now to move (:attr:`UndoCode.TURN_PASSED`).

Repeated undos walk back through a seat's decisions since its turn began and
stop at the first step that is not its own. An undo never shows any seat
anything: the state it returns is one every seat has already seen, and rule 4
refuses any step that showed another seat something it did not know.

>>> from ofrenda_rules.registry import get_game
>>> game = get_game("portents")
>>> history = History.start(game, game.new_game(game.config_type(), 7))
>>> refusal = can_undo(history, 0)
>>> refusal.code
'nothing-to-undo'
>>> lit = history.play(game.legal_actions(history.state)[0])  # Seat 2 lights the setup's offering
>>> print(can_undo(lit, 1))
it is Seat 1's turn now [turn-passed]
>>> pushed = lit.play(game.legal_actions(lit.state)[0])  # Seat 1 pushes
>>> allowed = can_undo(pushed, 0)
>>> allowed.history.state == lit.state
True
>>> undo(pushed, 0).state == lit.state
True
"""

from __future__ import annotations

import enum
import importlib
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import OfrendaRulesError, check_seat
from ofrenda_rules.game import GameDefinition, StateLike

__all__ = [
    "MAX_HISTORY",
    "GameUndoRule",
    "History",
    "Undo",
    "UndoCode",
    "UndoError",
    "UndoRefusal",
    "can_undo",
    "refusal",
    "undo",
    "undo_rule",
]

S = TypeVar("S", bound=StateLike)
A = TypeVar("A")

MAX_HISTORY: Final = 100_000
"""The most steps a :class:`History` holds (as many as a replay)."""


class UndoCode(enum.Enum):
    """Why an undo is refused, in every game (a game's ``undo`` module adds codes of its own)."""

    NOTHING_TO_UNDO = "nothing-to-undo"
    """The history has no step -- the game has just been set up."""
    CHANCE_OUTCOME = "chance-outcome"
    """The last step was a chance outcome (a draw, a roll, a deal), which nobody takes back."""
    NOT_YOUR_DECISION = "not-your-decision"
    """The last step was another seat's decision; a seat takes back only its own."""
    GAME_OVER = "game-over"
    """The game ended with the last step, and the result stands."""
    CHANCE_RESOLVED = "chance-resolved"
    """The decision was followed, inside the same step, by a chance event (a seeded game's draw or roll)."""
    TURN_PASSED = "turn-passed"
    """Another seat is to move now; taking the decision back would take its turn away."""


@attrs.frozen
class UndoRefusal:
    """Why a seat may not take the last step back: a stable code and a sentence.

    ``code`` is the ``value`` of ``reason`` (an :class:`UndoCode` or a game's
    own code enum) and never changes for the same reason; ``message`` is for
    people.
    """

    reason: enum.Enum
    """The reason as a member of :class:`UndoCode` or of the game's own code enum."""
    message: str
    """The reason in words, in the game's terms."""

    @property
    def code(self) -> str:
        """The stable, kebab-case code, e.g. ``"turn-passed"``."""
        return str(self.reason.value)

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


def refusal(reason: enum.Enum, message: str) -> UndoRefusal:
    """A refusal for ``reason`` (a game's undo rules build theirs with this)."""
    return UndoRefusal(reason, message)


class UndoError(OfrendaRulesError):
    """``undo`` was asked for a step the rules do not let that seat take back; carries the refusal."""

    refusal: UndoRefusal
    """The same refusal that ``can_undo`` gives for the history and seat."""

    def __init__(self, refusal: UndoRefusal, seat: int) -> None:
        self.refusal = refusal
        self.seat = seat
        super().__init__(f"Seat {seat + 1} may not undo: {refusal}")


class GameUndoRule(Protocol):
    """A game's own undo rule: ``None`` when ``seat`` may take back ``action``, else why not.

    It is called only for a step that was ``seat``'s own decision and did not
    end the game; ``before`` is the state the decision was taken in and
    ``after`` the state it led to. The kernel's checks of chance resolved in
    the step and of the turn passing to another seat come after it.
    """

    def __call__(self, before: Any, action: Any, after: Any, seat: int, /) -> UndoRefusal | None:
        """Why not, or ``None``."""
        ...


_RULES: dict[str, GameUndoRule] = {}


def undo_rule(game: GameDefinition[Any, Any, Any, Any, Any]) -> GameUndoRule:
    """The game's undo rule: the ``UNDO_RULE`` of the ``undo`` module beside the game's ``State``.

    A game states its undo rules in its own subpackage's ``undo`` module; the
    kernel finds it from the game's state type and knows no game by name.
    """
    name = game.info.name
    rule = _RULES.get(name)
    if rule is None:
        package = game.state_type.__module__.rpartition(".")[0]
        module = importlib.import_module(f"{package}.undo")
        rule = module.UNDO_RULE
        _RULES[name] = rule
    return rule


@attrs.frozen(eq=False, repr=False)
class History(Generic[S, A]):
    """A game as played: the current state, and the step that led to it from the previous history.

    Steps are linked (``previous``), so playing a step costs one small object
    and undoing one is free; the states are the game's own, shared, never
    copied. Build one with :meth:`start` and extend it with :meth:`play`.
    Two histories are equal when they hold the same game, states and actions.
    """

    game: GameDefinition[Any, S, A, Any, Any]
    """The game played."""
    state: S
    """The current state."""
    previous: History[S, A] | None = None
    """The history before the last step (``None`` at the start)."""
    action: A | None = None
    """The last step's action (``None`` at the start)."""
    actor: int = TERMINAL
    """Who took the last step -- a seat, or :data:`~ofrenda_rules.chance.CHANCE` (meaningless at the start)."""
    length: int = 0
    """How many steps the history holds."""

    @classmethod
    def start(cls, game: GameDefinition[Any, S, A, Any, Any], state: S) -> History[S, A]:
        """A history with no step yet, at ``state`` (usually a new game; any state may start one)."""
        return cls(game, state)

    def play(self, action: A) -> History[S, A]:
        """The history one step longer: ``action`` applied (``IllegalActionError`` when it is not legal)."""
        if self.length >= MAX_HISTORY:
            raise OfrendaRulesError(f"a history holds at most {MAX_HISTORY} steps")
        game = self.game
        actor = game.current_player(self.state)
        after = game.apply(self.state, action)
        return History(game, after, self, action, actor, self.length + 1)

    def states(self) -> tuple[S, ...]:
        """Every state from the first to the current one."""
        out: list[S] = []
        node: History[S, A] | None = self
        while node is not None:
            out.append(node.state)
            node = node.previous
        return tuple(reversed(out))

    def actions(self) -> tuple[A, ...]:
        """Every action applied, in order."""
        out: list[A] = []
        node: History[S, A] | None = self
        while node is not None and node.previous is not None:
            out.append(node.action)  # type: ignore[arg-type]  # an action on every step but the start
            node = node.previous
        return tuple(reversed(out))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return (
            self.game is other.game
            and self.length == other.length
            and self.states() == other.states()
            and self.actions() == other.actions()
        )

    def __hash__(self) -> int:
        return hash((self.game.info.name, self.length))

    def __repr__(self) -> str:
        return f"<History of {self.game.info.name}: {self.length} steps>"


@attrs.frozen
class Undo(Generic[S, A]):
    """An undo the rules allow: who takes back which action, and the history it leaves."""

    seat: int
    """The seat taking its decision back."""
    action: A
    """The action taken back."""
    history: History[S, A]
    """The history without that step; its ``state`` is the state the decision was taken in."""


def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def can_undo(history: History[S, A], seat: int) -> Undo[S, A] | UndoRefusal:
    """Whether ``seat`` may take back the last step of ``history``: the :class:`Undo`, or why not.

    Raises :class:`~ofrenda_rules.errors.ConfigError` when ``seat`` is not a
    seat of the game.
    """
    game = history.game
    check_seat(seat, _players(history.state))
    before_history = history.previous
    if before_history is None:
        return refusal(UndoCode.NOTHING_TO_UNDO, "nothing has been played yet")
    actor = history.actor
    if actor == CHANCE:
        return refusal(UndoCode.CHANCE_OUTCOME, "the last step was a chance outcome, which nobody takes back")
    if actor != seat:
        return refusal(
            UndoCode.NOT_YOUR_DECISION,
            f"the last step was {_seat_name(actor)}'s decision, not {_seat_name(seat)}'s",
        )
    before, after, action = before_history.state, history.state, history.action
    if game.is_over(after):
        return refusal(UndoCode.GAME_OVER, "the game ended with that decision")
    rule = undo_rule(game)
    game_refusal = rule(before, action, after, seat)
    if game_refusal is not None:
        return game_refusal
    if getattr(before, "rng", None) != getattr(after, "rng", None):
        return refusal(UndoCode.CHANCE_RESOLVED, "a chance event was resolved after that decision")
    now = game.current_player(after)
    if now not in (seat, CHANCE):
        return refusal(UndoCode.TURN_PASSED, f"it is {_seat_name(now)}'s turn now")
    return Undo(seat, action, before_history)  # type: ignore[arg-type]  # a step always has its action


def _players(state: Any) -> int:
    players: int = state.config.players
    return players


def undo(history: History[S, A], seat: int) -> History[S, A]:
    """The history with ``seat``'s last decision taken back; :class:`UndoError` when the rules refuse it.

    The error carries the same :class:`UndoRefusal` as :func:`can_undo`.
    """
    answer = can_undo(history, seat)
    if isinstance(answer, UndoRefusal):
        raise UndoError(answer, seat)
    return answer.history
