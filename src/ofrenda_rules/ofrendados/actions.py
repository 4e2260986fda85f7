"""The actions of Ofrendados: two chance outcomes and the players' small steps.

Each action class has a stable ``TAG`` used as its JSON ``"type"``. Dice are
named by colour and pips, never by position, so that identical dice give one
action.

>>> from ofrenda_rules.json import dumps
>>> dumps(UseDie(Colour.ORANGE, 2), Action)
'{"as_money":false,"colour":"orange","pips":2,"type":"use-die"}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ofrenda_rules.json import register_tagged_union
from ofrenda_rules.ofrendados.components import Colour

__all__ = [
    "Action",
    "BuyCard",
    "DrawObject",
    "Pass",
    "RerollDie",
    "RevealCard",
    "RewriteObject",
    "RollDie",
    "TakeDie",
    "TurnDie",
    "UseDie",
]


@attrs.frozen
class RevealCard:
    """Chance outcome: the Calaverita revealed from the deck is ``card``."""

    TAG: ClassVar[str] = "reveal"
    card: int
    """The card's number."""


@attrs.frozen
class RollDie:
    """Chance outcome: the die being rolled shows ``pips``.

    At the start of a round the dice are rolled one at a time, yellow, then
    orange, then purple; a reroll (El Soplo) rolls the chosen die.
    """

    TAG: ClassVar[str] = "roll"
    pips: int
    """1 to 6."""


@attrs.frozen
class TakeDie:
    """Draft: take an orange or yellow die showing ``pips``."""

    TAG: ClassVar[str] = "take-die"
    colour: Colour
    """Orange or yellow."""
    pips: int
    """Its face."""


@attrs.frozen
class UseDie:
    """Use one of your dice: for what its face shows (an object, a flower, money) or exchanged for money."""

    TAG: ClassVar[str] = "use-die"
    colour: Colour
    """The die's colour."""
    pips: int
    """The die's face."""
    as_money: bool = False
    """Exchange the die for money instead of using its face."""


@attrs.frozen
class TurnDie:
    """Use a purple die-power card to turn one of your unused dice to another face."""

    TAG: ClassVar[str] = "turn-die"
    card: int
    """The card whose power is used (once per round)."""
    colour: Colour
    """The die's colour."""
    pips: int
    """The die's face now."""
    to: int
    """The face it is turned to."""


@attrs.frozen
class RerollDie:
    """Use a reroll card on one of your unused dice (its new face is a chance event)."""

    TAG: ClassVar[str] = "reroll-die"
    card: int
    """The card whose power is used (once per round)."""
    colour: Colour
    """The die's colour."""
    pips: int
    """The die's face now."""


@attrs.frozen
class DrawObject:
    """Draw the object you owe in ``cell`` of your offering sheet."""

    TAG: ClassVar[str] = "draw"
    cell: int
    """The cell number (row by row from the bottom-left)."""


@attrs.frozen
class RewriteObject:
    """Turn the object in ``cell`` into the kind your purple card makes."""

    TAG: ClassVar[str] = "rewrite"
    cell: int
    """The cell number."""


@attrs.frozen
class BuyCard:
    """Buy the Calaverita ``card`` from the market."""

    TAG: ClassVar[str] = "buy"
    card: int
    """The card's number."""


@attrs.frozen
class Pass:
    """Buy nothing (more) this round."""

    TAG: ClassVar[str] = "pass"


Action = RevealCard | RollDie | TakeDie | UseDie | TurnDie | RerollDie | DrawObject | RewriteObject | BuyCard | Pass
"""Every action of the game."""

register_tagged_union(Action)
