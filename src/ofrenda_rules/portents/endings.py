"""Why a game of Portents ends (its own module so that events and states can both name it).

>>> EndReason.KITTY_CIRCLED.value
'kitty-circled'
"""

from __future__ import annotations

import enum

__all__ = ["EndReason"]


class EndReason(enum.Enum):
    """Why a game ended."""

    FORTUNE_OF_FOUR = "fortune-of-four"
    """The active player made a fortune of 4 omens."""
    TWO_FORTUNES_OF_THREE = "two-fortunes-of-three"
    """The active player made two fortunes of 3 omens."""
    FOUR_OFFERINGS = "four-offerings"
    """The turn ended with 4 Burnt Offerings on the altar (two players -- the active player wins)."""
    TURN_LIMIT = "turn-limit"
    """Two players -- the turn limit was reached; a draw (a ruling)."""
    SOLO_TARGET = "solo-target"
    """Solo -- the player met the difficulty's target."""
    KITTY_CIRCLED = "kitty-circled"
    """Solo -- the Kitty circled the altar twice."""
    KITTY_FORTUNE_OF_THREE = "kitty-fortune-of-three"
    """Solo -- the Kitty made a fortune of 3."""
    KITTY_TWO_FORTUNES_OF_TWO = "kitty-two-fortunes-of-two"
    """Solo -- the Kitty made two fortunes of 2."""
    KITTY_OFFERINGS = "kitty-offerings"
    """Solo -- a turn ended with 4 or more Burnt Offerings on the altar."""
