"""The offering sheet: where objects may be drawn, and what they score.

Cells are numbered row by row from the bottom-left (see
:class:`~ofrenda_rules.ofrendados.components.SheetSpec`). An object must
rest on another object or on the bottom row; portraits only from row 4.

>>> from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION
>>> spec = DEFAULT_EDITION.sheet
>>> empty = (None,) * spec.size
>>> drawable_cells(spec, empty, ObjectKind.CANDLE)
(0, 1, 2, 3, 4, 5, 6)
>>> drawable_cells(spec, empty, ObjectKind.PORTRAIT)
()
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ofrenda_rules.ofrendados.cards import Effect, Measure
from ofrenda_rules.ofrendados.components import FOODS, Beneath, ObjectKind, SheetSpec

__all__ = [
    "OfferingScore",
    "Sheet",
    "complete_food_sets",
    "drawable_cells",
    "empty_cells",
    "food_points",
    "full_rows",
    "measure",
    "offering_score",
    "rewritable_cells",
]

Sheet = tuple[ObjectKind | None, ...]
"""The drawn object of each cell, ``None`` when empty."""

_LIGHTS = (ObjectKind.CANDLE, ObjectKind.PAPEL_PICADO)
_FOOD_ORDER = (ObjectKind.FRUIT, ObjectKind.TAMAL, ObjectKind.MOLE)


def drawable_cells(spec: SheetSpec, sheet: Sheet, kind: ObjectKind) -> tuple[int, ...]:
    """The empty cells where ``kind`` may be drawn: on the bottom row or on another object."""
    below = spec.below
    lowest = spec.portrait_row if kind is ObjectKind.PORTRAIT else 1
    cells = spec.cells
    return tuple(
        cell
        for cell, content in enumerate(sheet)
        if content is None and cells[cell][0] >= lowest and (below[cell] < 0 or sheet[below[cell]] is not None)
    )


def rewritable_cells(spec: SheetSpec, sheet: Sheet, effect: Effect) -> tuple[int, ...]:
    """The cells whose object a REWRITE card may turn."""
    kinds = effect.objects
    return tuple(
        cell
        for cell, content in enumerate(sheet)
        if content is not None and content in kinds and spec.cells[cell][0] >= effect.min_row
    )


def empty_cells(sheet: Sheet) -> int:
    """How many cells are still empty (the tie-break: fewer is better)."""
    return sum(1 for content in sheet if content is None)


def full_rows(spec: SheetSpec, sheet: Sheet) -> tuple[int, ...]:
    """The full rows (1-based)."""
    return tuple(row for row, cells in enumerate(spec.rows, start=1) if all(sheet[c] is not None for c in cells))


def complete_food_sets(sheet: Sheet) -> int:
    """Complete sets of the three foods (fruit, tamal and mole)."""
    return min(sum(1 for content in sheet if content is food) for food in _FOOD_ORDER)


def food_points(sheet: Sheet, table: Sequence[int]) -> int:
    """Food scores per set: sets of different foods are formed greedily, largest first.

    ``table[k]`` gives the points of a set of ``k`` different foods.

    >>> F, T, M = ObjectKind.FRUIT, ObjectKind.TAMAL, ObjectKind.MOLE
    >>> food_points((F, T, M, F, F), (0, 1, 4, 9))
    11
    """
    counts = [sum(1 for content in sheet if content is food) for food in _FOOD_ORDER]
    total = 0
    while any(counts):
        present = sum(1 for c in counts if c)
        total += table[present]
        counts = [c - 1 if c else 0 for c in counts]
    return total


def _beneath(spec: SheetSpec, sheet: Sheet, cell: int, beneath: Beneath) -> int:
    if beneath is Beneath.DIRECT:
        below = spec.below[cell]
        return 1 if below >= 0 and sheet[below] is not None else 0
    return sum(1 for c in spec.column_below[cell] if sheet[c] is not None)


@attrs.frozen
class OfferingScore:
    """The points of one offering, element by element."""

    candles: int
    """1 per papel picado or candle orthogonally around each candle."""
    papel_picado: int
    """2 per element beneath each papel picado."""
    pan_de_muerto: int
    """1 per element beside (continuously) and beneath each pan de muerto."""
    food: int
    """Food sets."""
    portraits: int
    """5 per portrait."""
    full_rows: int
    """The printed points of every full row."""

    @property
    def total(self) -> int:
        """All the offering's points except the Calaverita majority."""
        return self.candles + self.papel_picado + self.pan_de_muerto + self.food + self.portraits + self.full_rows


def offering_score(spec: SheetSpec, sheet: Sheet, beneath: Beneath, food_table: Sequence[int]) -> OfferingScore:
    """Score an offering by position and quantity (the Calaverita majority apart)."""
    candles = papel = pan = portraits = 0
    for cell, content in enumerate(sheet):
        if content is ObjectKind.CANDLE:
            for other in (spec.left[cell], spec.right[cell], spec.above[cell], spec.below[cell]):
                if other >= 0 and sheet[other] in _LIGHTS:
                    candles += 1
        elif content is ObjectKind.PAPEL_PICADO:
            papel += 2 * _beneath(spec, sheet, cell, beneath)
        elif content is ObjectKind.PAN_DE_MUERTO:
            side = 0
            for step in (spec.left, spec.right):
                other = step[cell]
                while other >= 0 and sheet[other] is not None:
                    side += 1
                    other = step[other]
            pan += side + _beneath(spec, sheet, cell, beneath)
        elif content is ObjectKind.PORTRAIT:
            portraits += 5
    rows = sum(spec.row_points[row - 1] for row in full_rows(spec, sheet))
    return OfferingScore(
        candles=candles,
        papel_picado=papel,
        pan_de_muerto=pan,
        food=food_points(sheet, food_table),
        portraits=portraits,
        full_rows=rows,
    )


def measure(spec: SheetSpec, sheet: Sheet, effect: Effect) -> int:
    """What an Eternal Calaverita counts in one offering (before its points per item)."""
    if effect.measure is Measure.OBJECTS:
        return sum(1 for content in sheet if content is not None and content in effect.objects)
    if effect.measure is Measure.FULL_ROWS:
        return len(full_rows(spec, sheet))
    if effect.measure is Measure.FOOD_SETS:
        return complete_food_sets(sheet)
    if effect.measure is Measure.UPPER_OBJECTS:
        return sum(
            1 for cell, content in enumerate(sheet) if content is not None and spec.row_of(cell) >= spec.portrait_row
        )
    if effect.measure is Measure.KINDS:
        return len({content for content in sheet if content is not None})
    return 0


assert set(_FOOD_ORDER) == FOODS
