"""The components of Ofrenda as data: portraits, candles, the board, goals, tokens.

Everything printed on a component is plain data here; the rules read it
through an :class:`~ofrenda_rules.ofrenda.edition.Edition`, which validates
a whole printing against the rulebook and precomputes the tables the rules
look up (adjacency, surrounded slots, pattern placements).

>>> Feature.BLUE.is_branch, Feature.WATER.is_branch
(True, False)
>>> PortraitObjective(ObjectiveKind.AT_LEAST_TWO, (Feature.BLUE,)).describe()
'two or more adjacent portraits are blue'
"""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.game import NamedEnum

__all__ = [
    "BRANCHES",
    "OFFERINGS",
    "BoardLayout",
    "Candle",
    "CandleKind",
    "CandleObjective",
    "Category",
    "Feature",
    "GoalCard",
    "GoalKind",
    "GoalType",
    "ObjectiveKind",
    "OfferingKind",
    "OfferingSlot",
    "PlainEnum",
    "Portrait",
    "PortraitObjective",
    "ScoringToken",
    "SoloTier",
]


class PlainEnum(NamedEnum):
    """A :class:`~ofrenda_rules.game.NamedEnum` (repr ``Feature.BLUE``, valid Python) hashed by identity.

    Members hash by identity (they compare by identity too), which is much
    cheaper than ``Enum``'s hash of the name in the sets the rules test
    phases against.
    """

    __hash__ = object.__hash__


class Category(PlainEnum):
    """The two kinds of feature a portrait shows."""

    BRANCH = "branch"
    """The family branch (colour and shape)."""
    OFFERING = "offering"
    """The favourite offering."""


class Feature(PlainEnum):
    """A feature a portrait can show: one of five family branches or five offerings."""

    BLUE = "blue"
    """Family branch -- blue."""
    GREEN = "green"
    """Family branch -- green."""
    ORANGE = "orange"
    """Family branch -- orange."""
    PINK = "pink"
    """Family branch -- pink."""
    YELLOW = "yellow"
    """Family branch -- yellow."""
    WATER = "water"
    """Offering -- water, to quench the thirst of spirits."""
    FRUIT = "fruit"
    """Offering -- fruit, to sate their hunger."""
    SALT = "salt"
    """Offering -- salt, to purify them."""
    PAPEL_PICADO = "papel_picado"
    """Offering -- papel picado, a feast for the eyes."""
    CALAVERA = "calavera"
    """Offering -- a sugar calavera, sweetness for those who have passed."""

    @property
    def category(self) -> Category:
        """Whether the feature is a family branch or an offering."""
        return Category.BRANCH if self in BRANCHES else Category.OFFERING

    @property
    def is_branch(self) -> bool:
        """Whether the feature is a family branch."""
        return self in BRANCHES

    @property
    def bit(self) -> int:
        """A one-bit mask for fast feature tests."""
        return _BITS[self]


BRANCHES: Final = (Feature.BLUE, Feature.GREEN, Feature.ORANGE, Feature.PINK, Feature.YELLOW)
"""The five family branches."""
OFFERINGS: Final = (Feature.WATER, Feature.FRUIT, Feature.SALT, Feature.PAPEL_PICADO, Feature.CALAVERA)
"""The five offerings, in the rulebook's order."""
_BITS: Final = {feature: 1 << index for index, feature in enumerate(Feature)}


def _words(features: tuple[Feature, ...]) -> str:
    return " or ".join(f.value.replace("_", " ") for f in features)


class ObjectiveKind(PlainEnum):
    """The three kinds of portrait objective (about the adjacent portraits)."""

    ALL_EITHER = "all_either"
    """All adjacent portraits have at least one of the two depicted features."""
    AT_LEAST_TWO = "at_least_two"
    """Two or more adjacent portraits have the depicted feature."""
    NONE_EITHER = "none_either"
    """No adjacent portrait has either of the two depicted features."""


@attrs.frozen
class PortraitObjective:
    """A portrait's objective: a kind and its depicted features."""

    kind: ObjectiveKind
    """The objective kind."""
    features: tuple[Feature, ...]
    """Two features for ``ALL_EITHER`` and ``NONE_EITHER``, one for ``AT_LEAST_TWO``."""

    def describe(self) -> str:
        """The objective in words."""
        if self.kind is ObjectiveKind.ALL_EITHER:
            return f"all adjacent portraits are {_words(self.features)}"
        if self.kind is ObjectiveKind.AT_LEAST_TWO:
            return f"two or more adjacent portraits are {_words(self.features)}"
        return f"no adjacent portrait is {_words(self.features)}"


@attrs.frozen
class Portrait:
    """One portrait card."""

    id: int
    """The card's number in the edition, ``0`` to ``64``."""
    branch: Feature
    """Its family branch (colour/shape)."""
    offering: Feature
    """Its favourite offering."""
    players: int
    """The player-count mark -- used only in games with at least this many players (2, 3 or 4)."""
    objective: PortraitObjective
    """Its objective about adjacent portraits."""

    @property
    def mask(self) -> int:
        """The bits of its two features."""
        return self.branch.bit | self.offering.bit


class CandleKind(PlainEnum):
    """The seven kinds of candle objective (about the whole Ofrenda)."""

    FOUR_OF_FEATURE = "four_of_feature"
    """Four or more portraits with the depicted feature on your Ofrenda."""
    TWO_OF_EACH = "two_of_each"
    """Two or more portraits with each of the two depicted features."""
    FULL_SET = "full_set"
    """At least one full set of the five colours (or the five offerings)."""
    MARIGOLDS_ON_OFRENDA = "marigolds_on_ofrenda"
    """Four or more marigolds on your Ofrenda."""
    FEATURE_MAJORITY = "feature_majority"
    """Among the players with the most portraits with the depicted feature (multiplayer only)."""
    MARIGOLD_MAJORITY = "marigold_majority"
    """Among the players with the most marigolds on their Ofrenda (multiplayer only)."""
    MARIGOLDS_IN_STORAGE = "marigolds_in_storage"
    """Three or more marigolds in your storage."""


MAJORITY_KINDS: Final = frozenset({CandleKind.FEATURE_MAJORITY, CandleKind.MARIGOLD_MAJORITY})
"""The candle kinds the rulebook marks "Only used in multiplayer mode"."""


@attrs.frozen
class CandleObjective:
    """A candle's objective: a kind and its parameters."""

    kind: CandleKind
    """The objective kind."""
    features: tuple[Feature, ...] = ()
    """One feature (four-of, majority), two (two-of-each), none otherwise."""
    category: Category | None = None
    """For ``FULL_SET`` -- the five branches or the five offerings."""

    def describe(self) -> str:
        """The objective in words."""
        words = {
            CandleKind.FOUR_OF_FEATURE: f"four or more {_words(self.features)} portraits",
            CandleKind.TWO_OF_EACH: "two or more portraits of each of "
            + " and ".join(f.value.replace("_", " ") for f in self.features),
            CandleKind.FULL_SET: "a full set of the five "
            + ("colours" if self.category is Category.BRANCH else "offerings"),
            CandleKind.MARIGOLDS_ON_OFRENDA: "four or more marigolds on the Ofrenda",
            CandleKind.FEATURE_MAJORITY: f"among the most {_words(self.features)} portraits",
            CandleKind.MARIGOLD_MAJORITY: "among the most marigolds on an Ofrenda",
            CandleKind.MARIGOLDS_IN_STORAGE: "three or more marigolds in storage",
        }
        return words[self.kind]


@attrs.frozen
class Candle:
    """One candle token."""

    id: int
    """The candle's number in the edition, ``0`` to ``34``."""
    objective: CandleObjective
    """Its objective."""
    end_of_game: bool
    """The end-of-game icon -- it can only be lit at the end of the game."""
    multiplayer_only: bool
    """The multiplayer-only icon -- returned to the box in the solo mode."""


class OfferingKind(PlainEnum):
    """What a candle/marigold slot of the Ofrenda holds."""

    CANDLE = "candle"
    """A candle slot."""
    MARIGOLD = "marigold"
    """A marigold slot."""


@attrs.frozen
class OfferingSlot:
    """A candle or marigold slot, touching three mutually adjacent card slots."""

    kind: OfferingKind
    """Candle slot or marigold slot."""
    cards: tuple[int, ...]
    """The three card slots it touches."""


@attrs.frozen
class BoardLayout:
    """The printed Ofrenda board.

    Card slots are numbered row by row from the bottom row, left to right.
    Rows are offset by half a card: the slot ``j`` of a row sits between the
    slots ``j`` and ``j + 1`` of the longer row below it. Two card slots are
    adjacent when they are side by side in a row or touch diagonally in the
    next row; slots in the same column two rows apart are never adjacent.
    """

    rows: tuple[int, ...]
    """Card slots per row, from the bottom -- ``(5, 4, 3)``."""
    golden: tuple[int, ...]
    """Slots with a golden outline -- a portrait there doubles its final score."""
    flower: tuple[int, ...]
    """Marigold-flower slots -- placing a portrait there gains one marigold."""
    crossed: tuple[int, ...]
    """Crossed-out marigold-flower slots -- placing a portrait there costs one marigold."""
    offering_slots: tuple[OfferingSlot, ...]
    """The candle and marigold slots."""


class GoalType(PlainEnum):
    """The three goal-card backs (one card of each type is used)."""

    FEATURES = "features"
    """Goals about portraits with a depicted feature."""
    SMALL_GROUPS = "small_groups"
    """Goals about four portraits or two surrounded slots."""
    LARGE_GROUPS = "large_groups"
    """Goals about five portraits forming a pattern."""


class GoalKind(PlainEnum):
    """What a goal card asks for."""

    FEATURE_COUNT = "feature_count"
    """Three or more portraits with the depicted feature on your Ofrenda."""
    SURROUNDED_SLOTS = "surrounded_slots"
    """Two candle/marigold slots surrounded."""
    PATTERN = "pattern"
    """A group of portraits forming one of the depicted patterns."""


Cell = tuple[int, int]
"""A pattern cell -- ``(row, column)`` offsets, columns counted in half cards."""


@attrs.frozen
class GoalCard:
    """One common-goal card."""

    id: int
    """The card's number in the edition."""
    type: GoalType
    """Its back (type)."""
    kind: GoalKind
    """What it asks for."""
    count: int
    """Portraits with the feature, slots surrounded, or portraits in the pattern."""
    feature: Feature | None = None
    """For ``FEATURE_COUNT`` -- the depicted feature."""
    patterns: tuple[tuple[Cell, ...], ...] = ()
    """For ``PATTERN`` -- the depicted patterns (any one of them, anywhere it fits)."""


@attrs.frozen
class ScoringToken:
    """One common-goal scoring token."""

    id: int
    """The token's number in the edition."""
    type: GoalType
    """The goal type it is stacked on."""
    value: int
    """Its points."""
    players: int
    """Used only with at least this many players (2, 3 or 4)."""


class SoloTier(PlainEnum):
    """The five score tiers of the solo mode."""

    MESS = "mess"
    """0-69 points."""
    STARTING = "starting"
    """70-79 points."""
    VISITED = "visited"
    """80-89 points."""
    CENTURIES = "centuries"
    """90-109 points."""
    BEST = "best"
    """110 points or more."""

    @property
    def lowest(self) -> int:
        """The lowest score of the tier."""
        return _LOWEST[self]

    @property
    def highest(self) -> int | None:
        """The highest score of the tier (one below the next tier's lowest), ``None`` for the top tier.

        >>> SoloTier.MESS.highest, SoloTier.BEST.highest
        (69, None)
        """
        tiers = list(SoloTier)
        index = tiers.index(self)
        return tiers[index + 1].lowest - 1 if index + 1 < len(tiers) else None

    @property
    def verdict(self) -> str:
        """The rulebook's words for the tier."""
        return _VERDICTS[self]


_LOWEST = {SoloTier.MESS: 0, SoloTier.STARTING: 70, SoloTier.VISITED: 80, SoloTier.CENTURIES: 90, SoloTier.BEST: 110}
_VERDICTS = {
    SoloTier.MESS: "Oh dear, what a mess! You'll need a lot of practice before the next Día de los Muertos.",
    SoloTier.STARTING: "Hmm, that's starting to look like an Ofrenda. But you need to pay a little more attention "
    "to your elders to make them happy.",
    SoloTier.VISITED: "Oh, look! A lot of your loved ones decided to pay you a visit! Good job my dear!",
    SoloTier.CENTURIES: "That is a beautiful Ofrenda. You look like you've been doing this for centuries!",
    SoloTier.BEST: "Best Ofrenda in the history of the living and the dead. Your family is so proud of you!",
}
