"""What a seat may take back in Ofrendados (the kernel's :mod:`ofrenda_rules.undo` asks ``UNDO_RULE``).

Everything in Ofrendados is in the open (the dice, the sheets, the market),
so a seat may take back its own decisions of the turn in progress, one at a
time, back to the start of its turn:

* in the draft (2), the first of the two dice a player takes in a row at
  the snake's turn, until it takes the second (any other pick hands the
  draft on to the next player at once);
* in "Time to get creative" (3), each die used, each cell drawn, each
  card power used, until it hands on to the next player;
* in the market (4), a purchase, until the revealed replacement is drawn.

The step that ends a part of the round (the last die of the draft, the last
player's creative turn, the last purchase or pass) ends the turn
(:attr:`OfrendadosUndoCode.TURN_OVER`). The kernel adds the rest: never a
die rolled or rerolled, never a Calaverita revealed, never another seat's
decision.
"""

from __future__ import annotations

import enum
from typing import Final

from ofrenda_rules.ofrendados.actions import Action
from ofrenda_rules.ofrendados.state import State
from ofrenda_rules.undo import GameUndoRule, UndoRefusal, refusal

__all__ = ["UNDO_RULE", "OfrendadosUndoCode", "undo_refusal"]


class OfrendadosUndoCode(enum.Enum):
    """Why Ofrendados' rules refuse an undo (beside :class:`~ofrenda_rules.undo.UndoCode`)."""

    TURN_OVER = "turn-over"
    """The decision ended the player's turn, or the part of the round (draft, creation, market)."""


def undo_refusal(before: State, action: Action, after: State, seat: int) -> UndoRefusal | None:
    """Why ``seat`` may not take back ``action`` (taken in ``before``, leading to ``after``), or ``None``."""
    del action
    if after.round != before.round or after.phase is not before.phase or after.acted != before.acted:
        return refusal(OfrendadosUndoCode.TURN_OVER, f"Seat {seat + 1}'s turn is over")
    return None


UNDO_RULE: Final[GameUndoRule] = undo_refusal
"""Ofrendados' undo rule, for :func:`ofrenda_rules.undo.can_undo`."""
