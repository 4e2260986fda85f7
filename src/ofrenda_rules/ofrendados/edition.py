"""An edition of Ofrendados: every component as validated data.

>>> DEFAULT_EDITION.card(10).name
'El Xoloitzcuintle'
>>> len(DEFAULT_EDITION.cards), DEFAULT_EDITION.sheet.size, DEFAULT_EDITION.path.length
(30, 23, 24)
"""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.editions import EditionCatalog
from ofrenda_rules.errors import EditionError
from ofrenda_rules.json import load_packaged
from ofrenda_rules.ofrendados.cards import CardSpec
from ofrenda_rules.ofrendados.checks import MAX_NAME_LENGTH, edition_label, edition_problems, summary
from ofrenda_rules.ofrendados.components import Colour, DieFace, PathSpec, SheetSpec

__all__ = ["DEFAULT_EDITION", "EDITIONS", "DiceSpec", "Edition", "load_edition"]


@attrs.frozen
class DiceSpec:
    """The faces of the dice of one colour (face ``n`` is ``faces[n - 1]``)."""

    colour: Colour
    """The colour."""
    faces: tuple[DieFace, ...]
    """The six faces, for pips 1 to 6."""


def _check(instance: Edition, attribute: attrs.Attribute[tuple[CardSpec, ...]], cards: tuple[CardSpec, ...]) -> None:
    problems = edition_problems(
        instance.dice,
        instance.dice_in_box,
        instance.path,
        instance.sheet,
        cards,
        instance.food_set_points,
        instance.majority_points,
        instance.flowers_per_player,
    )
    if len(instance.name) > MAX_NAME_LENGTH:
        problems.append(f"the edition's name has {len(instance.name)} characters, more than {MAX_NAME_LENGTH}")
    if problems:
        raise EditionError(f"edition {edition_label(instance.name)} is invalid: {summary(problems)}")


@attrs.frozen
class Edition:
    """The components of one printing, validated against the rulebook."""

    name: str
    """A label for the printing."""
    dice: tuple[DiceSpec, ...]
    """The faces of each colour (yellow, orange, purple)."""
    path: PathSpec
    """The central board."""
    sheet: SheetSpec
    """The offering sheet."""
    food_set_points: tuple[int, ...]
    """Points of a food set by its number of different foods (index 0 = empty set)."""
    majority_points: tuple[int, ...] = (10, 6, 2)
    """Points for first, second and third place in a majority."""
    flowers_per_player: int = 21
    """Flower tokens of each player's colour."""
    dice_in_box: int = 4
    """Dice of each colour in the box."""
    cards: tuple[CardSpec, ...] = attrs.field(default=(), validator=_check)
    """The 30 Calaveritas."""
    _faces: dict[tuple[Colour, int], DieFace] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _cards: dict[int, CardSpec] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        faces = {(spec.colour, pips): face for spec in self.dice for pips, face in enumerate(spec.faces, start=1)}
        object.__setattr__(self, "_faces", faces)
        object.__setattr__(self, "_cards", {card.id: card for card in self.cards})

    def face(self, colour: Colour, pips: int) -> DieFace:
        """What ``pips`` on a die of ``colour`` gives."""
        return self._faces[(colour, pips)]

    def card(self, card_id: int) -> CardSpec:
        """The card numbered ``card_id``."""
        return self._cards[card_id]

    def has_card(self, card_id: int) -> bool:
        """Whether a card with that number exists."""
        return card_id in self._cards

    @property
    def card_ids(self) -> tuple[int, ...]:
        """Every card number, sorted."""
        return tuple(sorted(self._cards))


DEFAULT_EDITION: Final = load_packaged("ofrenda_rules.ofrendados", "data/default_edition.json", Edition)
"""The designed default edition (see the docs page)."""

EDITIONS: Final = EditionCatalog("ofrendados", Edition, DEFAULT_EDITION)
"""The game's editions -- the default one and the custom ones registered in this process."""


load_edition: Final = EDITIONS.load
"""Load an edition from JSON, validated, and register it (``EDITIONS.load``: see :meth:`.EditionCatalog.load`)."""
