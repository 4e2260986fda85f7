"""The actions of Portents: three kinds of chance outcome and five decisions.

A turn is a short sequence of small decisions, each validated: one
:class:`Push`, then one :class:`Place` per emptied space, then one
:class:`Light` per new Portent (and a :class:`Sacrifice` with Feed the Cat).
Each action class has a stable ``TAG`` used as its JSON ``"type"``.

>>> from ofrenda_rules.json import dumps
>>> dumps(Push(Side.NORTH, (1, 0, 2)), Action)
'{"shifts":[1,0,2],"side":"north","type":"push"}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ofrenda_rules.json import register_tagged_union
from ofrenda_rules.portents.components import Side, Sign

__all__ = ["Action", "ChooseFirst", "DrawOmen", "DrawTile", "Light", "Pass", "Place", "Push", "Sacrifice"]


@attrs.frozen
class DrawOmen:
    """Chance outcome (setup): ``omen`` goes into the lowest-numbered empty slot."""

    TAG: ClassVar[str] = "draw-omen"
    omen: Sign
    """The omen token drawn."""


@attrs.frozen
class DrawTile:
    """Chance outcome: the tile drawn is ``tile``.

    Where it goes follows from the phase: the next altar space or hand in
    setup, the Kitty token, the next space the Kitty fills, or the player's
    hand (Feed the Cat).
    """

    TAG: ClassVar[str] = "draw-tile"
    tile: Sign
    """The tile drawn."""


@attrs.frozen
class ChooseFirst:
    """Chance outcome (two-player setup): ``seat`` takes the first turn."""

    TAG: ClassVar[str] = "choose-first"
    seat: int
    """The first player."""


@attrs.frozen
class Push:
    """Sleight of Hand, step 1: push ``shifts[j]`` tiles off lane ``j`` of ``side``.

    Lane ``j`` of the north and south sides is column ``j + 1`` (from the
    west); of the east and west sides, row ``j + 1`` (from the north). Tiles
    move away from ``side``; 1 to 3 tiles in all.
    """

    TAG: ClassVar[str] = "push"
    side: Side
    """The side pushed from."""
    shifts: tuple[int, int, int]
    """Tiles pushed off each of the side's three lanes."""


@attrs.frozen
class Place:
    """Sleight of Hand, step 2: put ``tile`` from hand on the empty ``space``."""

    TAG: ClassVar[str] = "place"
    space: int
    """An empty space, 0-8."""
    tile: Sign
    """A tile in hand."""


@attrs.frozen
class Pass:
    """Skip Sleight of Hand: only when no push at all is legal, or at any push step with ``Config.optional_push``."""

    TAG: ClassVar[str] = "pass"


@attrs.frozen
class Light:
    """Turn the tile on ``space`` into a Burnt Offering (the setup offering or one per new Portent)."""

    TAG: ClassVar[str] = "light"
    space: int
    """The space, 0-8."""


@attrs.frozen
class Sacrifice:
    """Feed the Cat: set ``tile`` aside from hand, to go into the bag after a replacement is drawn."""

    TAG: ClassVar[str] = "sacrifice"
    tile: Sign
    """A tile in hand."""


Action = DrawOmen | DrawTile | ChooseFirst | Push | Place | Pass | Light | Sacrifice
"""Every action of the game."""

register_tagged_union(Action)
