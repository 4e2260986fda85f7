"""What a seat may take back in Portents (the kernel's :mod:`ofrenda_rules.undo` asks ``UNDO_RULE``).

Every tile of Portents is face up (the hands too), so a seat may take back
its own decisions of the turn in progress -- the push, each tile placed from
hand, each Burnt Offering lit, the tile set aside to Feed the Cat -- one at a
time, back to the start of its turn. The turn ends when the Scrying phase is
done: the victory checks are made and the next turn (the other player's or
the Kitty's) begins; the decision that ended it stays
(:attr:`PortentsUndoCode.TURN_OVER`). The kernel adds the rest: never a tile
drawn from the bag (the Kitty's draws, Feed the Cat's replacement), never
the other player's decision.
"""

from __future__ import annotations

import enum
from typing import Final

from ofrenda_rules.portents.actions import Action
from ofrenda_rules.portents.state import State
from ofrenda_rules.undo import GameUndoRule, UndoRefusal, refusal

__all__ = ["UNDO_RULE", "PortentsUndoCode", "undo_refusal"]


class PortentsUndoCode(enum.Enum):
    """Why Portents' rules refuse an undo (beside :class:`~ofrenda_rules.undo.UndoCode`)."""

    TURN_OVER = "turn-over"
    """The decision ended the turn -- the Scrying phase is done and the next turn has begun."""


def undo_refusal(before: State, action: Action, after: State, seat: int) -> UndoRefusal | None:
    """Why ``seat`` may not take back ``action`` (taken in ``before``, leading to ``after``), or ``None``."""
    del action
    if after.turns != before.turns or after.active != before.active:
        return refusal(PortentsUndoCode.TURN_OVER, f"Seat {seat + 1}'s turn is over")
    return None


UNDO_RULE: Final[GameUndoRule] = undo_refusal
"""Portents' undo rule, for :func:`ofrenda_rules.undo.can_undo`."""
