"""What a seat may take back in Día de los Muertos (the kernel's :mod:`ofrenda_rules.undo` asks ``UNDO_RULE``).

Nothing, once it is done: every decision of the game plays a card face up
from a hidden hand ("plays it to the table") or takes a played card
"immediately" into a face-down score pile. A card played face up has been
seen by every player (:attr:`DiaUndoCode.CARD_FACE_UP`); a card taken has
left the table for a pile nobody may look through
(:attr:`DiaUndoCode.CARD_TAKEN`).
"""

from __future__ import annotations

import enum
from typing import Final

from ofrenda_rules.dia_de_los_muertos.actions import Action, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.state import State
from ofrenda_rules.undo import GameUndoRule, UndoRefusal, refusal

__all__ = ["UNDO_RULE", "DiaUndoCode", "undo_refusal"]


class DiaUndoCode(enum.Enum):
    """Why Día de los Muertos' rules refuse an undo (beside :class:`~ofrenda_rules.undo.UndoCode`)."""

    CARD_FACE_UP = "card-face-up"
    """The card was played face up from a hidden hand, and every player has seen it."""
    CARD_TAKEN = "card-taken"
    """A TAKE is immediate, and the card taken is in a face-down score pile."""


def undo_refusal(before: State, action: Action, after: State, seat: int) -> UndoRefusal | None:
    """Why ``seat`` may not take back ``action``: always a reason, since no decision of this game comes back."""
    del before, after, seat
    if isinstance(action, TakeCard):
        return refusal(DiaUndoCode.CARD_TAKEN, f"{action.card} was taken into a face-down score pile")
    if isinstance(action, PlayCard):
        return refusal(DiaUndoCode.CARD_FACE_UP, f"{action.card} has been played face up")
    return refusal(DiaUndoCode.CARD_FACE_UP, "a card dealt is not a decision")


UNDO_RULE: Final[GameUndoRule] = undo_refusal
"""Día de los Muertos' undo rule, for :func:`ofrenda_rules.undo.can_undo`."""
