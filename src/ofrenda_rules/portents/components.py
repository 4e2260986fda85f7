"""The components of Portents as data: traits, signs, the altar and its omen ring.

Every BS tile and every omen token shows one *sign*: a colour and a shape
(:class:`Sign`). The altar is a 3x3 grid of spaces, numbered row by row from
the north-west corner (row 1 is the north row); its eight *lanes* are the
three rows, the three columns and the two diagonals. Sixteen omen *slots* ring
the altar: one at each end of every row and column (three per side) and one at
each corner, at the end of a diagonal. Slots are numbered clockwise from the
north-west corner; the :class:`Edition` gives them their printed names, places
the solo start icon and says which way the Kitty walks.

>>> Sign.RED_CLAW.colour, Sign.RED_CLAW.shape
(<Trait.RED: 'red'>, <Trait.CLAW: 'claw'>)
>>> LANES[6], [DEFAULT_EDITION.slot_names[s] for s in LANE_SLOTS[6]]
((0, 4, 8), ['NW', 'SE'])
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from ofrenda_rules.editions import EditionCatalog
from ofrenda_rules.errors import EditionError
from ofrenda_rules.game import NamedEnum
from ofrenda_rules.json import load_packaged

__all__ = [
    "COLOURS",
    "CORNER_WIDE_PUSH",
    "DEFAULT_EDITION",
    "EDITIONS",
    "MAX_NAME_LENGTH",
    "Direction",
    "Edge",
    "Edition",
    "LANES",
    "LANES_THROUGH",
    "LANE_NAMES",
    "LANE_SLOTS",
    "RING",
    "SHAPES",
    "SIDE_LANES",
    "SLOT_LANE",
    "SPACES",
    "Side",
    "Sign",
    "Trait",
    "load_edition",
]


class Trait(enum.Enum):
    """One attribute a sign can share with others: a colour or a shape."""

    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    WHITE = "white"
    SKULL = "skull"
    CLAW = "claw"
    WISHBONE = "wishbone"
    WING = "wing"

    bit: int
    """A one-bit mask of the trait, for fast tests of shared traits."""

    def __repr__(self) -> str:
        return f"<Trait.{self.name}: {self.value!r}>"

    @property
    def is_colour(self) -> bool:
        """Whether the trait is a colour (else a shape)."""
        return self.bit < 16


COLOURS: Final = (Trait.YELLOW, Trait.RED, Trait.BLUE, Trait.WHITE)
"""The four colours, in the rulebook's order."""
SHAPES: Final = (Trait.SKULL, Trait.CLAW, Trait.WISHBONE, Trait.WING)
"""The four shapes, in the rulebook's order."""
for _i, _trait in enumerate(Trait):
    _trait.bit = 1 << _i


class Sign(NamedEnum):
    """A colour and a shape: what one BS tile or one omen token shows (16 in all)."""

    YELLOW_SKULL = "yellow-skull"
    YELLOW_CLAW = "yellow-claw"
    YELLOW_WISHBONE = "yellow-wishbone"
    YELLOW_WING = "yellow-wing"
    RED_SKULL = "red-skull"
    RED_CLAW = "red-claw"
    RED_WISHBONE = "red-wishbone"
    RED_WING = "red-wing"
    BLUE_SKULL = "blue-skull"
    BLUE_CLAW = "blue-claw"
    BLUE_WISHBONE = "blue-wishbone"
    BLUE_WING = "blue-wing"
    WHITE_SKULL = "white-skull"
    WHITE_CLAW = "white-claw"
    WHITE_WISHBONE = "white-wishbone"
    WHITE_WING = "white-wing"

    colour: Trait
    """The sign's colour."""
    shape: Trait
    """The sign's shape."""
    mask: int
    """The bits of its colour and its shape (see :attr:`Trait.bit`)."""
    index: int
    """Position in :class:`Sign` order, 0 to 15 (also the sort key)."""

    def __str__(self) -> str:
        return f"{self.colour.value.capitalize()} {self.shape.value.capitalize()}"

    def __lt__(self, other: Sign) -> bool:
        return self.index < other.index


for _i, _sign in enumerate(Sign):
    _c, _s = _sign.value.split("-")
    _sign.colour = Trait(_c)
    _sign.shape = Trait(_s)
    _sign.mask = _sign.colour.bit | _sign.shape.bit
    _sign.index = _i


class Side(NamedEnum):
    """A side of the altar, from which tiles are pushed (toward the opposite side)."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


class Edge(NamedEnum):
    """Where an omen slot lies: along a side, or at a corner."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTHEAST = "northeast"
    SOUTHEAST = "southeast"
    SOUTHWEST = "southwest"
    NORTHWEST = "northwest"

    @property
    def side(self) -> Side | None:
        """The side of a side slot; ``None`` at a corner."""
        return _EDGE_SIDE.get(self)


_EDGE_SIDE: Final = {Edge.NORTH: Side.NORTH, Edge.EAST: Side.EAST, Edge.SOUTH: Side.SOUTH, Edge.WEST: Side.WEST}

SPACES: Final = 9
"""Spaces of the altar, numbered 0-8 row by row from the north-west corner."""

LANES: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
"""The eight lanes -- rows 1-3 (north to south), columns 1-3 (west to east), the NW-SE and NE-SW diagonals."""

LANE_NAMES: Final = ("row 1", "row 2", "row 3", "column 1", "column 2", "column 3", "NW-SE diagonal", "NE-SW diagonal")
"""A name for each lane, for messages."""

LANES_THROUGH: Final = tuple(tuple(i for i, lane in enumerate(LANES) if space in lane) for space in range(SPACES))
"""For each space, the lanes that pass through it."""

RING: Final[tuple[tuple[Edge, int], ...]] = (
    (Edge.NORTHWEST, 0),
    (Edge.NORTH, 0),
    (Edge.NORTH, 1),
    (Edge.NORTH, 2),
    (Edge.NORTHEAST, 0),
    (Edge.EAST, 0),
    (Edge.EAST, 1),
    (Edge.EAST, 2),
    (Edge.SOUTHEAST, 0),
    (Edge.SOUTH, 2),
    (Edge.SOUTH, 1),
    (Edge.SOUTH, 0),
    (Edge.SOUTHWEST, 0),
    (Edge.WEST, 2),
    (Edge.WEST, 1),
    (Edge.WEST, 0),
)
"""The sixteen omen slots clockwise from the north-west corner, as (edge, position).

A side slot's position is the column (north, south; from the west) or the row
(east, west; from the north) at whose end it lies.
"""


def _slot_lane(edge: Edge, position: int) -> int:
    if edge in (Edge.NORTH, Edge.SOUTH):
        return 3 + position
    if edge in (Edge.EAST, Edge.WEST):
        return position
    return 6 if edge in (Edge.NORTHWEST, Edge.SOUTHEAST) else 7


SLOT_LANE: Final = tuple(_slot_lane(edge, position) for edge, position in RING)
"""For each slot, the lane it is in line with."""

LANE_SLOTS: Final = tuple(tuple(s for s in range(16) if SLOT_LANE[s] == lane) for lane in range(8))
"""For each lane, the two slots at its ends."""

SIDE_LANES: Final[dict[Side, tuple[tuple[int, int, int], ...]]] = {
    Side.NORTH: tuple((j, 3 + j, 6 + j) for j in range(3)),
    Side.SOUTH: tuple((6 + j, 3 + j, j) for j in range(3)),
    Side.WEST: tuple((3 * j, 3 * j + 1, 3 * j + 2) for j in range(3)),
    Side.EAST: tuple((3 * j + 2, 3 * j + 1, 3 * j) for j in range(3)),
}
"""For each side, its three lanes (columns from the west, rows from the north), spaces listed from that side."""

CORNER_WIDE_PUSH: Final[dict[Edge, tuple[Side, tuple[int, ...]]]] = {
    Edge.NORTHEAST: (Side.NORTH, (0, 1, 2)),
    Edge.SOUTHEAST: (Side.EAST, (0, 1, 2)),
    Edge.SOUTHWEST: (Side.SOUTH, (2, 1, 0)),
    Edge.NORTHWEST: (Side.WEST, (2, 1, 0)),
}
"""The Kitty's wide push from a corner -- the side counter-clockwise of the corner, and its lanes furthest first."""


class Direction(enum.Enum):
    """Which way the Kitty walks around the altar (seen from above, north up)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


def _check_signs(instance: Edition, attribute: attrs.Attribute[tuple[Sign, ...]], value: tuple[Sign, ...]) -> None:
    what = "BS tiles" if attribute.name == "tiles" else "omen tokens"
    missing = [str(s) for s in Sign if s not in value]
    if len(value) != 16 or missing:
        raise EditionError(
            f"edition {_label(instance.name)}: the {what} must be the 16 colour-shape combinations once each "
            f"(the rulebook: 'Each BS Tile is a unique combination'); got {len(value)}, missing {missing}"
        )


MAX_NAME_LENGTH: Final = 200
"""Longest name of an edition or of an omen slot, in characters (untrusted JSON is bounded)."""


def _label(name: str) -> str:
    return repr(name if len(name) <= 40 else name[:37] + "...")


def _check_name(instance: Edition, attribute: attrs.Attribute[str], value: str) -> None:
    if len(value) > MAX_NAME_LENGTH:
        raise EditionError(f"edition {_label(value)}: a name of {len(value)} characters, more than {MAX_NAME_LENGTH}")


def _check_names(instance: Edition, attribute: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
    if len(value) != 16 or len(set(value)) != 16 or not all(value) or any(len(n) > MAX_NAME_LENGTH for n in value):
        shown = [n if len(n) <= 40 else n[:37] + "..." for n in value[:16]]
        raise EditionError(
            f"edition {_label(instance.name)}: slot_names must name the 16 omen slots (clockwise from the north-west"
            f" corner) with distinct non-empty names of at most {MAX_NAME_LENGTH} characters;"
            f" got {len(value)}: {shown}{'...' if len(value) > 16 else ''}"
        )


@attrs.frozen
class Edition:
    """One printing's components: tiles, omens, slot names, the solo start icon and the Kitty's path.

    The geometry is fixed by the rulebook (a 3x3 altar, 3 omen slots per side
    plus 4 corners); an edition names the slots, places the solo start icon
    and says which way the Kitty walks. Everything else is precomputed here.
    """

    name: str = attrs.field(validator=_check_name)
    """A label for the printing."""
    tiles: tuple[Sign, ...] = attrs.field(validator=_check_signs)
    """The 16 BS tiles."""
    omens: tuple[Sign, ...] = attrs.field(validator=_check_signs)
    """The 16 omen tokens."""
    slot_names: tuple[str, ...] = attrs.field(validator=_check_names)
    """Printed names of the slots, clockwise from the north-west corner (see :data:`RING`)."""
    solo_start: str
    """Name of the slot by the solo start icon, where the Kitty starts."""
    kitty_direction: Direction = Direction.CLOCKWISE
    """Which way the Kitty walks."""
    kitty_path: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The slots the Kitty visits, in order, from the solo start (16 slots, one circuit)."""

    def __attrs_post_init__(self) -> None:
        if self.solo_start not in self.slot_names:
            raise EditionError(
                f"edition {_label(self.name)}: solo_start {_label(self.solo_start)} is not a slot name"
                f" ({list(self.slot_names)})"
            )
        start = self.slot_names.index(self.solo_start)
        step = 1 if self.kitty_direction is Direction.CLOCKWISE else -1
        object.__setattr__(self, "kitty_path", tuple((start + step * i) % 16 for i in range(16)))

    def slot(self, name: str) -> int:
        """The slot number of a slot name.

        >>> DEFAULT_EDITION.slot("S2")
        10
        """
        return self.slot_names.index(name)


DEFAULT_EDITION: Final = load_packaged("ofrenda_rules.portents", "data/default_edition.json", Edition)
"""The default edition (New Mill Industries, 2022, reconstructed; see the docs page)."""

EDITIONS: Final = EditionCatalog("portents", Edition, DEFAULT_EDITION)
"""The game's editions -- the default one and the custom ones registered in this process."""


load_edition: Final = EDITIONS.load
"""Load an edition from JSON, validated, and register it (``EDITIONS.load``: see :meth:`.EditionCatalog.load`)."""
