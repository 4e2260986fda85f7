"""A replay re-executed step by step: the one walk that the viewer and the analysis share.

Each step is checked as it is taken (an undo step must be one the rules
allow, a decision one the rules accept); the first step that is not raises
the caller's error, naming the step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replays.format import AnyReplay
from ofrenda_rules.undo import History, UndoRefusal, can_undo

__all__ = ["WalkedStep", "walk_replay"]


@attrs.frozen
class WalkedStep:
    """One step of a replay, taken."""

    number: int
    """The step's number, from ``1``."""
    before: Any
    """The state before the step."""
    action: Any
    """The step's action (for an undo step, the decision taken back)."""
    actor: int
    """Who took it: a seat or :data:`~ofrenda_rules.chance.CHANCE` (for an undo step, the seat taking back)."""
    undo: bool
    """Whether the step is an undo."""
    after: Any
    """The state after the step (after an undo, the state before the decision taken back)."""
    events: tuple[object, ...]
    """The step's events (none for an undo step)."""


def walk_replay(
    game: AnyGame, replay: AnyReplay, state: Any, error: Callable[[str], Exception]
) -> Iterator[WalkedStep]:
    """Each step of ``replay`` taken from ``state`` (the game's set-up for the replay's config and seed).

    A step the rules refuse raises ``error("step N: ...")``, the caller's own error type.
    """
    players: int = getattr(replay.config, "players")  # noqa: B009 -- every Config has it (ConfigLike)
    history: History[Any, Any] = History.start(game, state)
    for number, step in enumerate(replay.steps, start=1):
        if step.undo:
            if step.player is None or not 0 <= step.player < players:
                raise error(f"step {number}: an undo step names the seat that takes its decision back")
            answer = can_undo(history, step.player)
            if isinstance(answer, UndoRefusal) or answer.action != step.action:
                raise error(f"step {number}: the rules refuse this undo ({answer})")
            history = answer.history
            yield WalkedStep(number, state, step.action, answer.seat, True, history.state, ())
            state = history.state
            continue
        player = game.current_player(state)
        if player == TERMINAL:
            raise error(f"step {number}: the game is already over")
        rejection = game.validate(state, step.action)
        if rejection is not None:
            raise error(f"step {number}: {rejection.message}")
        after, events = game.step(state, step.action)
        history = History(game, after, history, step.action, player, history.length + 1)
        yield WalkedStep(number, state, step.action, player, False, after, events)
        state = after
