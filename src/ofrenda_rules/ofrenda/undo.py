"""What a seat may take back in Ofrenda (the kernel's :mod:`ofrenda_rules.undo` asks ``UNDO_RULE``).

The rulebook's turn is Take 1 Portrait, Take 1 Candle (optional),
Replenish, Place or Discard 1 Portrait, Place Candles and Marigolds. A seat
may take back its own decisions of the turn in progress, one at a time, back
to the start of its turn, except:

* a portrait placed or discarded that another player had not seen go into
  the hand (a card dealt at setup): placing it showed it face up
  (:attr:`OfrendaUndoCode.PORTRAIT_REVEALED`); one taken face up from the
  Family board is public and may be taken back. In the solo game there is
  nobody to show it to;
* the decision that ended the turn (:attr:`OfrendaUndoCode.TURN_OVER`):
  the scoring tokens are taken "at the end of your turn" and the next turn
  (another player's, or the Abuela's dice) has begun.

The kernel adds the rest: never a chance outcome (Replenish's draw, the
Abuela's dice), never a decision after which a seeded game drew, never
another seat's decision.
"""

from __future__ import annotations

import enum
from typing import Final

from ofrenda_rules.ofrenda.actions import Action, DiscardPortrait, PlacePortrait
from ofrenda_rules.ofrenda.state import State
from ofrenda_rules.undo import GameUndoRule, UndoRefusal, refusal

__all__ = ["UNDO_RULE", "OfrendaUndoCode", "undo_refusal"]


class OfrendaUndoCode(enum.Enum):
    """Why Ofrenda's own rules refuse an undo (beside :class:`~ofrenda_rules.undo.UndoCode`)."""

    PORTRAIT_REVEALED = "portrait-revealed"
    """The portrait played came from the hidden part of the hand, and the other players have now seen it."""
    TURN_OVER = "turn-over"
    """The decision ended the turn (its scoring tokens taken, the next turn begun)."""


def undo_refusal(before: State, action: Action, after: State, seat: int) -> UndoRefusal | None:
    """Why ``seat`` may not take back ``action`` (taken in ``before``, leading to ``after``), or ``None``."""
    if (
        isinstance(action, PlacePortrait | DiscardPortrait)
        and before.config.players > 1
        and action.card not in before.seen_in_hands[seat]
    ):
        verb = "placed" if isinstance(action, PlacePortrait) else "discarded"
        return refusal(
            OfrendaUndoCode.PORTRAIT_REVEALED,
            f"portrait {action.card} was {verb} face up from the hidden part of the hand",
        )
    if after.boards[seat].turns != before.boards[seat].turns:
        return refusal(OfrendaUndoCode.TURN_OVER, f"Seat {seat + 1}'s turn {before.boards[seat].turns + 1} is over")
    return None


UNDO_RULE: Final[GameUndoRule] = undo_refusal
"""Ofrenda's undo rule, for :func:`ofrenda_rules.undo.can_undo`."""
