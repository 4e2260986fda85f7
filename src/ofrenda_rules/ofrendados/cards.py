"""The Calaveritas (market cards) as data: colours, prices and effects.

Every card's effect is one :class:`Effect`, a flat record whose ``kind``
says which of its fields matter:

* orange cards (immediate): ``draw`` objects, place a ``flower`` of a type,
  or place a flower on the ``next_space`` of the Path;
* purple cards: ``rewrite`` one object already drawn (modify the offering),
  or a ``die_power`` used in later rounds (modify the dice);
* pink cards (Eternal): ``eternal`` points from the neighbours' offerings.

>>> Effect(EffectKind.FLOWER, flower=Flower.B).describe()
'place a flower B on the Path'
"""

from __future__ import annotations

import enum

import attrs

from ofrenda_rules.ofrendados.components import Flower, ObjectKind

__all__ = ["CardColour", "CardSpec", "DiePower", "Effect", "EffectKind", "Measure"]


class CardColour(enum.Enum):
    """The three colours of Calaveritas."""

    ORANGE = "orange"
    """Immediate effects -- advantages on the offering or advancement on the path."""
    PURPLE = "purple"
    """Modify what is already drawn, or the dice in later rounds."""
    PINK = "pink"
    """Eternal Calaveritas -- score from the neighbours' offerings."""


class EffectKind(enum.Enum):
    """What a card does."""

    DRAW = "draw"
    """Draw the listed objects on your offering now (orange)."""
    FLOWER = "flower"
    """Place a flower of the given type on the Path now, with its bonus (orange)."""
    NEXT_SPACE = "next_space"
    """Place a flower on the very next space of the Path, whatever its type (orange)."""
    REWRITE = "rewrite"
    """Turn one object already drawn into another kind, in the same cell (purple)."""
    DIE_POWER = "die_power"
    """A power over your dice in each later round (purple)."""
    ETERNAL = "eternal"
    """End-game points from the neighbours' offerings (pink)."""


class DiePower(enum.Enum):
    """Purple powers over your dice; each works once per round, in later rounds."""

    ANY_FACE = "any_face"
    """Turn one of your unused dice to any other face."""
    OPPOSITE_FACE = "opposite_face"
    """Turn one of your unused dice to its opposite face (the faces add up to 7)."""
    ADJACENT_FACE = "adjacent_face"
    """Turn one of your unused dice one pip up or down."""
    REROLL = "reroll"
    """Reroll one of your unused dice."""
    DOUBLE_EXCHANGE = "double_exchange"
    """Passive -- every die you exchange for money gives 2 pesos instead of 1."""


class Measure(enum.Enum):
    """What an Eternal Calaverita counts in each neighbour's offering."""

    OBJECTS = "objects"
    """Objects of the listed kinds."""
    FULL_ROWS = "full_rows"
    """Full rows."""
    FOOD_SETS = "food_sets"
    """Complete sets of the three foods."""
    UPPER_OBJECTS = "upper_objects"
    """Objects in the portrait rows (row 4 and up)."""
    KINDS = "kinds"
    """Different kinds of object."""


_MEASURE_NAMES = {
    Measure.FULL_ROWS: "full row",
    Measure.FOOD_SETS: "complete set of fruit, tamal and mole",
    Measure.UPPER_OBJECTS: "object in row 4 or above",
    Measure.KINDS: "different kind of object",
}


@attrs.frozen
class Effect:
    """A card's effect; ``kind`` says which fields are used (the others keep their defaults)."""

    kind: EffectKind
    """What the card does."""
    objects: tuple[ObjectKind, ...] = ()
    """The objects drawn (DRAW), the kinds that may be turned (REWRITE), or the kinds counted (ETERNAL, OBJECTS)."""
    flower: Flower | None = None
    """FLOWER -- the type placed."""
    into: ObjectKind | None = None
    """REWRITE -- the kind an object is turned into."""
    min_row: int = 1
    """REWRITE -- the lowest row of the object that may be turned."""
    power: DiePower | None = None
    """DIE_POWER -- the power."""
    measure: Measure | None = None
    """ETERNAL -- what is counted in each neighbour's offering."""
    points: int = 0
    """ETERNAL -- points per item counted."""

    def describe(self) -> str:
        """The effect in words."""
        names = ", ".join(o.value.replace("_", " ") for o in self.objects)
        if self.kind is EffectKind.DRAW:
            return f"draw {names}"
        if self.kind is EffectKind.FLOWER:
            assert self.flower is not None
            return f"place a flower {self.flower.value} on the Path"
        if self.kind is EffectKind.NEXT_SPACE:
            return "place a flower on the next space of the Path"
        if self.kind is EffectKind.REWRITE:
            assert self.into is not None
            where = f" in row {self.min_row} or above" if self.min_row > 1 else ""
            return f"turn one {names}{where} into {self.into.value.replace('_', ' ')}"
        if self.kind is EffectKind.DIE_POWER:
            assert self.power is not None
            return f"die power: {self.power.value.replace('_', ' ')}"
        assert self.measure is not None
        what = names if self.measure is Measure.OBJECTS else _MEASURE_NAMES[self.measure]
        return f"{self.points} per {what} in each neighbour's offering"


@attrs.frozen
class CardSpec:
    """One Calaverita card."""

    id: int
    """Its number, 1-30 in the default edition."""
    name: str
    """Its title."""
    colour: CardColour
    """Orange, purple or pink."""
    cost: int
    """Price in pesos."""
    effect: Effect
    """What it does."""
