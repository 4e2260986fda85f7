"""Configuration and state of Ofrendados.

>>> Config().players
3
>>> Config(players=4).dice_per_colour
4
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from ofrenda_rules.copying import reduce_init_fields
from ofrenda_rules.editions import edition_field
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import svg_picture
from ofrenda_rules.json import NOT_IN_REPLAY_V1, register_game_config
from ofrenda_rules.ofrendados.actions import Action
from ofrenda_rules.ofrendados.components import Beneath, Colour, ObjectKind
from ofrenda_rules.ofrendados.edition import EDITIONS, Edition
from ofrenda_rules.ofrendados.events import Event
from ofrenda_rules.rng import Rng

__all__ = [
    "DICE_PER_COLOUR",
    "MARKET_SIZE",
    "ROUNDS",
    "Board",
    "Config",
    "Die",
    "DiePowerTarget",
    "MajorityCount",
    "MajorityTies",
    "Pending",
    "PendingKind",
    "Phase",
    "State",
]

ROUNDS: Final = 5
"""The game is played over 5 rounds."""

MARKET_SIZE: Final = 3
"""Calaveritas open in the market."""

DICE_PER_COLOUR: Final = {2: 3, 3: 3, 4: 4}
"""Dice per colour; the setup says ``2-3 players: 3 dice of each colour; 4 players: 4 dice of each colour``."""


def _check_players(instance: Config, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or value not in DICE_PER_COLOUR:
        raise ConfigError(f"Ofrendados is for 2 to 4 players, not {value!r}")


def _check_type(instance: Config, attribute: attrs.Attribute[Any], value: Any) -> None:
    expected = _OPTION_TYPES[attribute.name]
    if not isinstance(value, expected):
        raise ConfigError(f"Config.{attribute.name} must be a {expected.__name__}, not {value!r}")


class MajorityCount(enum.Enum):
    """What the offering's Calaverita majority counts (a ruling)."""

    DRAWN = "drawn"
    """Sugar-skull Calaveritas drawn on the offering (default)."""
    CARDS = "cards"
    """Calaverita cards bought from the market."""


class MajorityTies(enum.Enum):
    """How players tied in a majority divide the points (a ruling)."""

    SHARE_PLACES = "share_places"
    """Tied players share the points of every place they cover (two tied first -- (10 + 6) / 2 = 8 each)."""
    SPLIT_PLACE = "split_place"
    """Tied players divide the points of the place they tie for (two tied first -- 10 / 2 = 5 each)."""


class DiePowerTarget(enum.Enum):
    """Which dice a purple die-power card acts on (ruling 14).

    The rulebook: *"Purple: modify what you have already drawn on your
    offering, or your dice selection in later rounds."*
    """

    OWN_DICE = "own_dice"
    """After the draft, on one of the player's own unused dice, drafted or purple (default)."""
    POOL = "pool"
    """In the draft, on one of the orange or yellow dice left to draft, on the player's turn to pick."""


@register_game_config
@attrs.frozen
class Config:
    """Options of a game."""

    players: int = attrs.field(default=3, validator=_check_players)
    """Number of players, 2 to 4."""
    beneath: Beneath = attrs.field(default=Beneath.COLUMN, validator=_check_type)
    """Which elements count as "beneath" a papel picado or pan de muerto."""
    calaverita_majority: MajorityCount = attrs.field(default=MajorityCount.DRAWN, validator=_check_type)
    """What the Calaverita majority of the offering counts."""
    repeat_purchases: bool = attrs.field(default=False, validator=_check_type)
    """Whether a player may buy several Calaveritas in one purchase turn (until they pass)."""
    unqualified_in_majorities: bool = attrs.field(default=False, validator=_check_type)
    """Whether players without a flower in the land of the living still take places in majorities."""
    majority_ties: MajorityTies = attrs.field(default=MajorityTies.SHARE_PLACES, validator=_check_type)
    """How players tied in a majority divide its points."""
    die_powers: DiePowerTarget = attrs.field(
        default=DiePowerTarget.OWN_DICE, validator=_check_type, metadata={NOT_IN_REPLAY_V1: True}
    )
    """Which dice a die-power card turns or rerolls (ruling 14), the player's own after the draft or the pool."""
    opponent_as_both_neighbours: bool = attrs.field(
        default=False, validator=_check_type, metadata={NOT_IN_REPLAY_V1: True}
    )
    """Whether, with 2 players, the only opponent is both neighbours, so pink cards score their offering twice."""
    edition: Edition = edition_field(EDITIONS)
    """The components in play (written in JSON as a reference, see :mod:`ofrenda_rules.editions`)."""

    @property
    def dice_per_colour(self) -> int:
        """Dice of each colour in play."""
        return DICE_PER_COLOUR[self.players]


_OPTION_TYPES: Final[dict[str, type]] = {
    "beneath": Beneath,
    "calaverita_majority": MajorityCount,
    "repeat_purchases": bool,
    "unqualified_in_majorities": bool,
    "majority_ties": MajorityTies,
    "die_powers": DiePowerTarget,
    "opponent_as_both_neighbours": bool,
}


class Phase(enum.Enum):
    """The step of the round the game is in."""

    OPEN = "open"
    """1) Opening 3 Calaveritas (chance)."""
    ROLL = "roll"
    """1) The starting player rolls the dice, one at a time (chance)."""
    DRAFT = "draft"
    """2) The snake draft of orange and yellow dice."""
    CREATE = "create"
    """3) Each player in turn uses their dice (and the purple ones)."""
    BUY = "buy"
    """4) Each player in turn may buy a Calaverita."""
    OVER = "over"
    """The five rounds are over."""


@attrs.frozen(order=True)
class Die:
    """A die by its colour and the pips it shows."""

    colour: Colour = attrs.field(order=lambda c: c.value)
    """Its colour."""
    pips: int
    """The face showing, 1 to 6."""

    def __str__(self) -> str:
        return f"{self.colour.value} {self.pips}"


class PendingKind(enum.Enum):
    """A decision the acting player owes before going on."""

    DRAW = "draw"
    """Draw an object (from a die, a Path bonus or a card)."""
    REWRITE = "rewrite"
    """Turn one drawn object into another (a purple card)."""


@attrs.frozen
class Pending:
    """One owed decision of the acting player."""

    kind: PendingKind
    """Draw or rewrite."""
    object: ObjectKind
    """The object to draw, or the kind an object is turned into."""
    card: int = 0
    """The card that rewrites (0 for draws)."""


@attrs.frozen
class Board:
    """Everything one player owns: offering sheet, flowers, money, cards.

    The transitions build it by the kernel's fast constructor
    (:func:`~ofrenda_rules.fast_state.constructor`), as they build the
    :class:`State`.
    """

    sheet: tuple[ObjectKind | None, ...]
    """The drawn object in each cell of the offering sheet, or ``None``."""
    flowers: tuple[int, ...]
    """The Path spaces holding this player's flower tokens, in order placed (increasing)."""
    pesos: int
    """Money saved."""
    cards: tuple[int, ...]
    """Calaveritas bought, in order."""

    @property
    def position(self) -> int:
        """The player's furthest space on the Path (0 = still in Mictlán)."""
        return self.flowers[-1] if self.flowers else 0


@attrs.frozen
class State:
    """A complete game state: immutable and JSON-serialisable.

    The deck is kept as a sorted set of card numbers: the order of the
    shuffled deck is never stored, each reveal is a chance event.

    Every action builds one state, by the kernel's fast constructor
    (:func:`~ofrenda_rules.fast_state.constructor`, from
    :meth:`~ofrenda_rules.ofrendados.moves.NextState.freeze`).
    """

    config: Config
    """The options of this game."""
    round: int
    """Rounds completed (0 to 5)."""
    first_player: int
    """The starting player of the current round."""
    phase: Phase
    """The step of the round."""
    deck: tuple[int, ...]
    """Calaveritas not yet revealed, sorted."""
    market: tuple[int, ...]
    """Calaveritas open in the market, in order revealed."""
    discard: tuple[int, ...]
    """Calaveritas discarded unsold, sorted."""
    refill: bool
    """Whether a bought card must be replaced from the deck (a chance event)."""
    rolled: tuple[Die, ...]
    """Dice rolled this round, in rolling order (yellow, orange, then purple)."""
    pool: tuple[Die, ...]
    """Orange and yellow dice not yet drafted, sorted."""
    picks: int
    """Dice drafted so far this round."""
    drafted: tuple[tuple[Die, ...], ...]
    """Each player's drafted dice this round, sorted."""
    acted: int
    """Players who finished the current CREATE or BUY step."""
    turn_done: bool
    """Whether the acting player has finished buying (bought without repeat purchases, or passed)."""
    dice_left: tuple[Die, ...]
    """The acting player's unused dice (drafted and purple), sorted."""
    rerolling: Die | None
    """A die being rerolled, if any (a chance event; the acting player's, or the pool's in the draft)."""
    powers_used: tuple[int, ...]
    """The acting player's die-power cards used this round (in the draft, every player's)."""
    pending: tuple[Pending, ...]
    """Decisions the acting player owes, first one first."""
    boards: tuple[Board, ...]
    """Each player's offering, flowers, money and cards."""
    rng: Rng | None
    """The generator that resolves chance events in a seeded game; ``None`` otherwise."""
    recent_events: tuple[Event, ...] = attrs.field(default=(), metadata={NOT_IN_REPLAY_V1: True})
    """What happened since, and including, the most recent player decision (the setup's events at first).

    A player decision replaces them with its step's events; a chance outcome
    fed by the caller adds its own. Not written in positions, nor in the
    digests of version-1 replays.
    """
    _legal: tuple[Action, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False, hash=False)
    """The legal actions, once computed (a cache: never serialised, compared or printed)."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the state by its fields, without its private caches."""
        return reduce_init_fields(self)

    @property
    def acting(self) -> int:
        """The player whose CREATE or BUY turn it is."""
        return (self.first_player + self.acted) % self.config.players

    def _repr_svg_(self) -> str:
        """The whole table as an SVG picture, which Jupyter shows (see :func:`~ofrenda_rules.ofrendados.render_svg`)."""
        return svg_picture(self)
