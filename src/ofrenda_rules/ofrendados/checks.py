"""Every constraint the rulebook states about Ofrendados' components, as checks.

:func:`edition_problems` lists each broken constraint in words; an
:class:`~ofrenda_rules.ofrendados.edition.Edition` with any is refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ofrenda_rules.ofrendados.cards import CardColour, CardSpec, EffectKind, Measure
from ofrenda_rules.ofrendados.components import (
    FOODS,
    MAX_ROW_WIDTH,
    Colour,
    Flower,
    ObjectKind,
    PathSpec,
    SheetSpec,
)

if TYPE_CHECKING:
    from ofrenda_rules.ofrendados.edition import DiceSpec

__all__ = [
    "CARD_COUNT",
    "edition_label",
    "EFFECTS_BY_COLOUR",
    "MAX_AMOUNT",
    "MAX_CARD_ID",
    "MAX_NAME_LENGTH",
    "SCENARIOS",
    "edition_problems",
    "scenario_result",
    "summary",
]

CARD_COUNT = 30
"""Components -- "30 market cards (Calaveritas)"."""

MAX_NAME_LENGTH: Final = 200
"""Longest name of an edition or a card, in characters (untrusted JSON is bounded)."""

MAX_CARD_ID: Final = 999
"""Highest card number an edition may use (cards are numbered from 1)."""

MAX_AMOUNT: Final = 99
"""Largest price, number of pesos or points an edition may print on a component."""

EFFECTS_BY_COLOUR = {
    CardColour.ORANGE: frozenset({EffectKind.DRAW, EffectKind.FLOWER, EffectKind.NEXT_SPACE}),
    CardColour.PURPLE: frozenset({EffectKind.REWRITE, EffectKind.DIE_POWER}),
    CardColour.PINK: frozenset({EffectKind.ETERNAL}),
}
"""Which effects each card colour may have (rulebook, "Buying Calaveritas")."""

SCENARIOS: Final = (
    ("ABC", 3, 1, ()),
    ("CAB", 7, 0, (ObjectKind.CANDLE,)),
    ("CBA", 9, 0, ()),
)
"""The rulebook's example on the printed Path -- one flower of each type placed from Mictlán.

Each entry is the order, the space reached, the pesos gained and the objects
gained: "Scenario 1: ... A, B and C, reaching the third flower on the path and
also gaining one peso. Scenario 2: ... C, A and B, reaching the seventh flower
on the path and also gaining 1 candle for their offering. Scenario 3: ... C, B
and A, reaching the ninth flower on the path. In this case they did not get a
bonus."
"""


def scenario_result(path: PathSpec, order: str) -> tuple[tuple[int, ...], int, tuple[ObjectKind, ...]] | None:
    """The spaces stepped on, pesos and objects gained placing flowers in ``order`` from Mictlán.

    ``None`` when a flower of the order has no flower of its type ahead.

    >>> from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION
    >>> scenario_result(DEFAULT_EDITION.path, "CAB")
    ((3, 5, 7), 0, (ObjectKind.CANDLE,))
    """
    position, pesos, spaces, objects = 0, 0, [], []
    for letter in order:
        position = path.next_space(position, Flower(letter))
        if not position:
            return None
        space = path.space(position)
        spaces.append(position)
        pesos += space.pesos
        if space.object is not None:
            objects.append(space.object)
    return tuple(spaces), pesos, tuple(objects)


def edition_problems(
    dice: Sequence[DiceSpec],
    dice_in_box: int,
    path: PathSpec,
    sheet: SheetSpec,
    cards: Sequence[CardSpec],
    food_set_points: Sequence[int],
    majority_points: Sequence[int],
    flowers_per_player: int,
) -> list[str]:
    """Every rulebook constraint the components break (empty when valid)."""
    problems: list[str] = []
    problems += _dice_problems(dice, dice_in_box)
    problems += _path_problems(path)
    problems += _sheet_problems(sheet)
    problems += _card_problems(cards, sheet)
    if len(food_set_points) != len(FOODS) + 1 or food_set_points[0] != 0:
        problems.append(f"food_set_points must give points for sets of 0..{len(FOODS)} foods, starting at 0")
    elif not all(0 <= points <= MAX_AMOUNT for points in food_set_points):
        problems.append(f"food_set_points must each be 0 to {MAX_AMOUNT}, not {_numbers(food_set_points)}")
    if tuple(majority_points) != (10, 6, 2):
        problems.append(f"majority points are 10, 6 and 2 in the rulebook, not {tuple(majority_points)}")
    if flowers_per_player != 21:
        problems.append(f"each player has 21 flower tokens (84 for 4 players), not {flowers_per_player}")
    return problems


def _dice_problems(dice: Sequence[DiceSpec], dice_in_box: int) -> list[str]:
    problems: list[str] = []
    if dice_in_box != 4:
        problems.append(f"the box holds 4 dice of each colour, not {dice_in_box}")
    colours = [spec.colour for spec in dice]
    if sorted(c.value for c in colours) != sorted(c.value for c in Colour):
        problems.append(f"dice must be given once for each colour, got {[c.value for c in colours]}")
    flowers: set[Flower] = set()
    if len(dice) > 2 * len(Colour):
        return problems
    for spec in dice:
        if len(spec.faces) != 6:
            problems.append(f"{spec.colour.value} dice have {len(spec.faces)} faces, not 6")
            continue
        for pips, face in enumerate(spec.faces, start=1):
            given = (face.object is not None) + (face.flower is not None) + (face.pesos > 0)
            if given != 1 or face.pesos < 0:
                problems.append(f"{spec.colour.value} face {pips} must give exactly one object, flower or money")
            elif face.pesos > MAX_AMOUNT:
                problems.append(
                    f"{spec.colour.value} face {pips} gives {_number(face.pesos)} pesos, more than {MAX_AMOUNT}"
                )
            if face.flower is not None:
                flowers.add(face.flower)
    if flowers != set(Flower):
        problems.append("the dice must show every flower type A, B and C")
    return problems


def _path_problems(path: PathSpec) -> list[str]:
    problems: list[str] = []
    n = path.length
    if not 1 <= path.head < n:
        problems.append(f"Quetzalcóatl's head must lie between spaces 1 and {n - 1}, not after {path.head}")
        return problems
    for flower in Flower:
        if not any(space.flower is flower for space in path.spaces[: path.head]):
            problems.append(f"no flower {flower.value} before Quetzalcóatl's head")
        if not any(space.flower is flower for space in path.spaces[path.head :]):
            problems.append(f"no flower {flower.value} in the land of the living")
    for number, space in enumerate(path.spaces, start=1):
        if space.pesos < 0:
            problems.append(f"space {number} gives negative pesos")
        elif space.pesos > MAX_AMOUNT:
            problems.append(f"space {number} gives {_number(space.pesos)} pesos, more than {MAX_AMOUNT}")
        if space.object is ObjectKind.CANDLE and space.flower is not Flower.A:
            problems.append(f"space {number} gives a candle but only flower A does")
        if space.object is ObjectKind.PORTRAIT:
            problems.append(f"space {number} gives a portrait, which a bonus could not always place")
    for order, reached, pesos, objects in SCENARIOS:
        result = scenario_result(path, order)
        if result is None or (result[0][-1], result[1], result[2]) != (reached, pesos, objects):
            got = (
                "no flower of a type ahead"
                if result is None
                else f"space {result[0][-1]}, {_number(result[1])} pesos, {[o.value for o in result[2]]}"
            )
            problems.append(
                f"the rulebook's scenario {order[0]}-{order[1]}-{order[2]} reaches space {reached} with "
                f"{pesos} pesos and {[o.value for o in objects]}, not {got}"
            )
    if path.end_bonus != 10:
        problems.append(f"reaching the end of the route gives 10 points, not {path.end_bonus}")
    return problems


def _sheet_problems(sheet: SheetSpec) -> list[str]:
    problems: list[str] = []
    rows = len(sheet.widths)
    if len(sheet.first) != rows or len(sheet.row_points) != rows:
        problems.append("widths, first and row_points must give one value per row")
        return problems
    if sheet.portrait_row != 4 or rows < 4:
        problems.append("portraits may only be placed starting from the 4th row, so the sheet needs 4 rows or more")
    for row in range(1, rows + 1):
        if sheet.widths[row - 1] < 1:
            problems.append(f"row {row} has no cell")
        if not 0 <= sheet.first[row - 1] <= MAX_ROW_WIDTH:
            problems.append(f"row {row} starts at column {_number(sheet.first[row - 1])}, not 0 to {MAX_ROW_WIDTH}")
    for cell, (row, column) in enumerate(sheet.cells):
        if row > 1 and sheet.below[cell] < 0:
            problems.append(f"row {row}, column {column} has nothing beneath it, so nothing could rest there")
    if any(points < 0 for points in sheet.row_points):
        problems.append("full-row points must not be negative")
    elif any(points > MAX_AMOUNT for points in sheet.row_points):
        problems.append(f"full-row points must be at most {MAX_AMOUNT}, not {_numbers(sheet.row_points)}")
    return problems


def _card_problems(cards: Sequence[CardSpec], sheet: SheetSpec) -> list[str]:
    problems: list[str] = []
    if len(cards) != CARD_COUNT:
        problems.append(f"there are {CARD_COUNT} Calaveritas, not {len(cards)}")
        if len(cards) > 2 * CARD_COUNT:  # far too many to list what is wrong with each
            return problems
    ids = Counter(card.id for card in cards)
    for card_id, count in sorted(ids.items()):
        if count > 1:
            problems.append(f"card {card_id} appears {count} times")
    for colour in CardColour:
        if not any(card.colour is colour for card in cards):
            problems.append(f"no {colour.value} Calaverita")
    for card in cards:
        effect = card.effect
        label = f"card {_number(card.id)} ({_text(card.name)})"
        problems += _card_bounds(card, label, sheet)
        if effect.kind not in EFFECTS_BY_COLOUR[card.colour]:
            problems.append(f"{label} is {card.colour.value} but its effect is {effect.kind.value}")
        if effect.kind is EffectKind.DRAW and not 1 <= len(effect.objects) <= sheet.size:
            problems.append(f"{label} draws nothing or more objects than the sheet holds")
        if effect.kind is EffectKind.DRAW and ObjectKind.PORTRAIT in effect.objects and len(effect.objects) > 1:
            problems.append(f"{label} may draw a portrait only on its own")
        if effect.kind is EffectKind.FLOWER and effect.flower is None:
            problems.append(f"{label} names no flower")
        if effect.kind in (EffectKind.REWRITE, EffectKind.ETERNAL) and len(set(effect.objects)) != len(effect.objects):
            problems.append(f"{label} lists an object kind more than once")
        if effect.kind is EffectKind.REWRITE:
            if effect.into is None or not effect.objects or effect.into in effect.objects:
                problems.append(f"{label} must turn listed kinds into another kind")
            if effect.into is ObjectKind.PORTRAIT and effect.min_row < sheet.portrait_row:
                problems.append(f"{label} makes portraits below row {sheet.portrait_row}")
        if effect.kind is EffectKind.DIE_POWER and effect.power is None:
            problems.append(f"{label} names no die power")
        if effect.kind is EffectKind.ETERNAL:
            if effect.measure is None or effect.points <= 0:
                problems.append(f"{label} needs a measure and positive points")
            elif (effect.measure is Measure.OBJECTS) != bool(effect.objects):
                problems.append(f"{label} lists object kinds only when it counts objects")
    return problems


def _card_bounds(card: CardSpec, label: str, sheet: SheetSpec) -> list[str]:
    """The bounds on a card's numbers and sizes, which keep untrusted editions small."""
    problems: list[str] = []
    effect = card.effect
    if not 1 <= card.id <= MAX_CARD_ID:
        problems.append(f"{label} must be numbered 1 to {MAX_CARD_ID}")
    if len(card.name) > MAX_NAME_LENGTH:
        problems.append(f"{label} has a name of {len(card.name)} characters, more than {MAX_NAME_LENGTH}")
    if not 0 <= card.cost <= MAX_AMOUNT:
        problems.append(f"{label} costs {_number(card.cost)} pesos, not 0 to {MAX_AMOUNT}")
    if effect.kind is not EffectKind.DRAW and len(effect.objects) > sheet.size:
        problems.append(f"{label} lists {len(effect.objects)} objects, more than the {sheet.size} cells of the sheet")
    if not 1 <= effect.min_row <= len(sheet.widths):
        problems.append(f"{label} has min_row {_number(effect.min_row)}, not a row 1 to {len(sheet.widths)}")
    if not 0 <= effect.points <= MAX_AMOUNT:
        problems.append(f"{label} gives {_number(effect.points)} points, not 0 to {MAX_AMOUNT}")
    return problems


def _number(value: int) -> str:
    """An integer for a message, shortened when it is absurdly long."""
    text = str(value)
    return text if len(text) <= 12 else f"{text[:6]}...({len(text)} digits)"


def _numbers(values: Sequence[int]) -> str:
    return "[" + ", ".join(_number(v) for v in values) + "]"


def _text(value: str) -> str:
    """A name for a message, shortened when it is long."""
    return value if len(value) <= 40 else value[:37] + "..."


def summary(problems: Sequence[str]) -> str:
    """The problems of an edition in one message: the first 10, and how many more.

    >>> summary(["a", "b"])
    'a; b'
    """
    more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
    return "; ".join(problems[:10]) + more


def edition_label(name: str) -> str:
    """How messages name an edition: its name, quoted, shortened when it is long.

    >>> edition_label("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    return repr(_text(name))
