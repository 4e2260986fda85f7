"""The components of Ofrendados as data: dice, the Path, the offering sheet.

The rulebook describes its components through pictures it does not contain,
so the default edition is *designed* (see the docs page for every choice and
its reason) and kept as JSON in ``data/default_edition.json``. An
:class:`Edition` is validated against every constraint the rulebook states
(:mod:`ofrenda_rules.ofrendados.checks`) and derives its lookup tables once.

>>> from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION
>>> DEFAULT_EDITION.face(Colour.YELLOW, 1).object
ObjectKind.CANDLE
>>> DEFAULT_EDITION.path.spaces[0].flower
Flower.A
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from ofrenda_rules.errors import EditionError
from ofrenda_rules.game import NamedEnum

__all__ = [
    "FOODS",
    "MAX_PATH_SPACES",
    "MAX_ROW_WIDTH",
    "MAX_SHEET_ROWS",
    "Beneath",
    "Colour",
    "DieFace",
    "Flower",
    "ObjectKind",
    "PathSpace",
    "PathSpec",
    "SheetSpec",
]


class Colour(NamedEnum):
    """The three dice colours."""

    YELLOW = "yellow"
    """Drafted; the default edition puts the offering's objects on it."""
    ORANGE = "orange"
    """Drafted; the default edition puts the flowers on it."""
    PURPLE = "purple"
    """For general use -- every player uses every purple die."""


class Flower(NamedEnum):
    """The three types of Cempasúchil flower on the Path."""

    A = "A"
    """Flower A (some give a candle -- the rulebook's asterisk)."""
    B = "B"
    """Flower B."""
    C = "C"
    """Flower C."""


class ObjectKind(NamedEnum):
    """The elements a player draws on the offering sheet."""

    CANDLE = "candle"
    """Velita -- scores by position (papel picado and candles around it)."""
    PAPEL_PICADO = "papel_picado"
    """Scores by position (elements beneath it)."""
    PAN_DE_MUERTO = "pan_de_muerto"
    """Scores by position (elements beside and beneath it)."""
    FRUIT = "fruit"
    """Food -- scores in sets."""
    TAMAL = "tamal"
    """Food -- scores in sets."""
    MOLE = "mole"
    """Food -- scores in sets."""
    PORTRAIT = "portrait"
    """5 points each; only from the 4th row up."""
    CALAVERITA = "calaverita"
    """A sugar skull -- scores by majority."""


FOODS: Final = frozenset({ObjectKind.FRUIT, ObjectKind.TAMAL, ObjectKind.MOLE})
"""The kinds of food, which score in sets."""


MAX_PATH_SPACES: Final = 500
"""Most spaces a Path may have -- the tables built from an edition stay small (untrusted JSON is bounded)."""

MAX_SHEET_ROWS: Final = 20
"""Most rows an offering sheet may have."""

MAX_ROW_WIDTH: Final = 40
"""Most cells a row of the offering sheet may have."""


def _bounded_spaces(
    instance: object, attribute: attrs.Attribute[tuple[object, ...]], value: tuple[object, ...]
) -> None:
    if not 1 <= len(value) <= MAX_PATH_SPACES:
        raise EditionError(f"the Path has {len(value)} spaces; an edition may have 1 to {MAX_PATH_SPACES}")


def _bounded_widths(instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]) -> None:
    if not 1 <= len(value) <= MAX_SHEET_ROWS:
        raise EditionError(f"the sheet has {len(value)} rows; an edition may have 1 to {MAX_SHEET_ROWS}")
    for row, width in enumerate(value, start=1):
        if width > MAX_ROW_WIDTH:
            raise EditionError(f"row {row} has {width} cells; an edition may have at most {MAX_ROW_WIDTH} per row")


class Beneath(enum.Enum):
    """What "the elements beneath" a papel picado or pan de muerto are (a ruling)."""

    COLUMN = "column"
    """Every element below it in its column (default)."""
    DIRECT = "direct"
    """Only the element directly below it."""


@attrs.frozen
class DieFace:
    """What one face of a die gives: exactly one of an object, a flower or money."""

    object: ObjectKind | None = None
    """The object to draw, if the face shows one."""
    flower: Flower | None = None
    """The flower to place on the Path, if the face shows one."""
    pesos: int = 0
    """The pesos the face gives when used as money (0 for other faces)."""

    def __str__(self) -> str:
        if self.object is not None:
            return self.object.value.replace("_", " ")
        if self.flower is not None:
            return f"flower {self.flower.value}"
        return f"{self.pesos} pesos"


@attrs.frozen
class PathSpace:
    """One flower of the Path, numbered from 1 at Mictlán."""

    flower: Flower
    """The flower type printed on the space."""
    pesos: int = 0
    """Pesos gained on stepping on it."""
    object: ObjectKind | None = None
    """An object to draw on stepping on it (a candle on the starred A flowers)."""


@attrs.frozen
class PathSpec:
    """The Path from Mictlán to the land of the living.

    Tokens start before space 1 (in Mictlán). Spaces ``1 .. head`` lie before
    the head of Quetzalcóatl; spaces ``head + 1 ..`` are the land of the
    living (white background); the last space is the end of the route.
    """

    spaces: tuple[PathSpace, ...] = attrs.field(validator=_bounded_spaces)
    """The flowers in order from Mictlán (space ``i`` is ``spaces[i - 1]``)."""
    head: int
    """The number of the last space before Quetzalcóatl's head."""
    end_bonus: int = 10
    """Points for reaching the end of the route."""
    _next: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        n = len(self.spaces)
        table = []
        for flower in Flower:
            row = [0] * (n + 1)
            for position in range(n - 1, -1, -1):
                row[position] = position + 1 if self.spaces[position].flower is flower else row[position + 1]
            table.append(tuple(row))
        object.__setattr__(self, "_next", tuple(table))

    @property
    def length(self) -> int:
        """Number of spaces; the last one is the end of the route."""
        return len(self.spaces)

    def next_space(self, position: int, flower: Flower) -> int:
        """The nearest space of ``flower`` after ``position`` (0 = Mictlán), or 0 if none is left."""
        return self._next[_FLOWER_INDEX[flower]][position]

    def space(self, number: int) -> PathSpace:
        """Space ``number`` (1-based)."""
        return self.spaces[number - 1]

    def in_land_of_the_living(self, number: int) -> bool:
        """Whether space ``number`` lies past Quetzalcóatl's head."""
        return number > self.head


_FLOWER_INDEX: Final = {flower: i for i, flower in enumerate(Flower)}


@attrs.frozen
class SheetSpec:
    """The offering sheet: rows of cells, bottom row first.

    Row ``r`` (1-based from the bottom) spans columns ``first[r-1] ..
    first[r-1] + widths[r-1] - 1``. Cells are numbered row by row from the
    bottom-left. An object rests on the cell directly below it (same column).
    """

    widths: tuple[int, ...] = attrs.field(validator=_bounded_widths)
    """Number of cells in each row, bottom first."""
    first: tuple[int, ...]
    """Column of each row's leftmost cell."""
    row_points: tuple[int, ...]
    """Points for each full row (printed at its right end)."""
    portrait_row: int = 4
    """The lowest row where portraits may be drawn."""
    cells: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    below: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    above: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    left: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    right: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    column_below: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    rows: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        cells = [
            (row, column)
            for row, (width, first) in enumerate(zip(self.widths, self.first, strict=False), start=1)
            for column in range(first, first + width)
        ]
        index = {cell: i for i, cell in enumerate(cells)}

        def at(row: int, column: int) -> int:
            return index.get((row, column), -1)

        below = tuple(at(r - 1, c) for r, c in cells)
        column_below = []
        for r, c in cells:
            column_below.append(tuple(i for i in (at(k, c) for k in range(r - 1, 0, -1)) if i >= 0))
        rows = tuple(tuple(i for i, (r, _) in enumerate(cells) if r == row) for row in range(1, len(self.widths) + 1))
        for name, value in (
            ("cells", tuple(cells)),
            ("below", below),
            ("above", tuple(at(r + 1, c) for r, c in cells)),
            ("left", tuple(at(r, c - 1) for r, c in cells)),
            ("right", tuple(at(r, c + 1) for r, c in cells)),
            ("column_below", tuple(column_below)),
            ("rows", rows),
        ):
            object.__setattr__(self, name, value)

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def row_of(self, cell: int) -> int:
        """The row (1 = bottom) of ``cell``."""
        return self.cells[cell][0]

    def describe(self, cell: int) -> str:
        """A cell in words, counted from 1 for people: ``"cell 10 (row 2, column 4)"`` for cell 9."""
        row, column = self.cells[cell]
        return f"cell {cell + 1} (row {row}, column {column + 1})"
