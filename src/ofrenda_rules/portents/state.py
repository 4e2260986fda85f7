"""Configuration and state of Portents.

>>> Config().players
2
>>> Config(players=1, difficulty=Difficulty.EXPERT_EVOCATOR, chaotic_cat=True).challenges
('chaotic_cat',)
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Final

import attrs

from ofrenda_rules.copying import reduce_init_fields
from ofrenda_rules.editions import edition_field
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import svg_picture
from ofrenda_rules.json import NOT_IN_REPLAY_V1, register_game_config
from ofrenda_rules.portents.actions import Action
from ofrenda_rules.portents.components import EDITIONS, Edition, Sign, Trait
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import Event
from ofrenda_rules.rng import Rng

__all__ = [
    "CHALLENGES",
    "ORACLE_OMENS",
    "SOLO_TARGETS",
    "Config",
    "Difficulty",
    "EndReason",
    "Phase",
    "Portent",
    "State",
]


class Difficulty(enum.Enum):
    """The five solo difficulty levels (rulebook, Solo Victory Conditions)."""

    CUTE_CLAIRVOYANT = "cute-clairvoyant"
    """1 fortune of 4 and 2 fortunes of 3 (the rulebook spells it "Clairvoyent")."""
    MIDDLING_MEDIUM = "middling-medium"
    """1 fortune of 4 and 3 fortunes of 3."""
    STANDARD_SEER = "standard-seer"
    """2 fortunes of 4 and 3 fortunes of 3."""
    EXPERT_EVOCATOR = "expert-evocator"
    """3 fortunes of 4 and 4 fortunes of 3."""
    OMNISCIENT_ORACLE = "omniscient-oracle"
    """15 or more omens."""


SOLO_TARGETS: Final = {
    Difficulty.CUTE_CLAIRVOYANT: (1, 2),
    Difficulty.MIDDLING_MEDIUM: (1, 3),
    Difficulty.STANDARD_SEER: (2, 3),
    Difficulty.EXPERT_EVOCATOR: (3, 4),
}
"""Fortunes of 4 and fortunes of 3 the player needs, per difficulty (the Oracle needs 15 omens instead)."""

ORACLE_OMENS: Final = 15
"""Omens the Omniscient Oracle must collect."""

CHALLENGES: Final = ("chaotic_cat", "feed_the_cat", "felis_pyromanias", "dont_disturb_the_cat")
"""The four advanced solo challenges, as :class:`Config` field names."""


def _check_players(instance: Config, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or value not in (1, 2):
        raise ConfigError(f"Portents is for 2 players, or 1 against the Kitty; not {value!r}")


def _check_turn_limit(instance: Config, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"turn_limit must be a positive integer, not {value!r}")


def _check_flag(instance: Config, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, not {value!r}")


def _check_difficulty(instance: Config, attribute: attrs.Attribute[Difficulty], value: Difficulty) -> None:
    if not isinstance(value, Difficulty):
        raise ConfigError(f"difficulty must be one of {[d.value for d in Difficulty]}, not {value!r}")


@register_game_config
@attrs.frozen
class Config:
    """Options of a game: player count, the solo level and challenges, the edition.

    The solo options are refused in a two-player game. ``turn_limit`` is a
    ruling: the two-player rules have no end but a win, so a game that
    reaches the limit is a draw (a solo game always ends: see the Kitty).
    """

    players: int = attrs.field(default=2, validator=_check_players)
    """``2``, or ``1`` for the solo game against the Kitty."""
    difficulty: Difficulty = attrs.field(default=Difficulty.STANDARD_SEER, validator=_check_difficulty)
    """Solo difficulty level (a two-player game keeps the default)."""
    chaotic_cat: bool = attrs.field(default=False, validator=_check_flag)
    """Solo challenge Chaotic Cat -- no tile on the Kitty token; the Kitty draws all its tiles from the bag."""
    feed_the_cat: bool = attrs.field(default=False, validator=_check_flag)
    """Solo challenge Feed the Cat -- at the end of your turn swap one hand tile with a random bag tile."""
    felis_pyromanias: bool = attrs.field(default=False, validator=_check_flag)
    """Solo challenge Felis Pyromanias -- fewer than 2 Burnt Offerings after your turn, the Kitty steps twice."""
    dont_disturb_the_cat: bool = attrs.field(default=False, validator=_check_flag)
    """Solo challenge Don't Disturb the Cat -- never push from a side the Kitty is on or touches."""
    fours_count_as_threes: bool = attrs.field(default=False, validator=_check_flag)
    """Ruling switch -- a solo target's fortune of 4 also counts as one of its fortunes of 3.

    By default (``False``) the fortunes of 3 must be other traits than the fortunes of 4.
    """
    snuff_each_alone: bool = attrs.field(default=False, validator=_check_flag, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling switch (ruling 5) -- the reading of "If flipping a Burnt Offering over would create a new Portent".

    By default (``False``) an old Burnt Offering stays lit when one of its lanes holds three tiles sharing a trait,
    lit or not (so an offering lit this turn, or another old one, in that lane keeps it lit). With ``True`` each
    old offering is tested alone against the altar, every other Burnt Offering still null: it stays lit only when
    flipping it by itself would make a Portent of three unlit tiles. Old offerings snuffed together can then leave
    a Portent standing, which the next Scrying finds as new (ruling 3).
    """
    optional_push: bool = attrs.field(default=False, validator=_check_flag, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling switch (ruling 7) -- the reading of "The active player may push 1, 2, or 3 tiles off the Altar".

    By default (``False``) "may" chooses the number of tiles and the push is compulsory: ``Pass`` is legal only
    when no push is. With ``True`` the push is optional: ``Pass`` (no Sleight of Hand, then Scrying) is always
    legal in the push step.
    """
    kitty_only_steals: bool = attrs.field(default=False, validator=_check_flag, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling switch (ruling 14) -- whether the Kitty scries after its push.

    By default (``False``) it scries like a player: its new Portents collect omens for it, it lights a Burnt
    Offering for each and snuffs old ones. With ``True`` it collects omens only by stealing (Catastrophe) and
    neither scries nor snuffs: a Portent its push makes stands until the player's Scrying, which finds it new.
    Solo only.
    """
    felis_step_first: bool = attrs.field(default=False, validator=_check_flag, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling switch (Felis Pyromanias) -- when "the Kitty advances one extra step on its turn" is taken.

    By default (``False``) the extra step comes with the Kitty's usual step, at the end of its turn. With
    ``True`` it comes first: the Kitty steals and pushes from one slot further. Needs ``felis_pyromanias``.
    """
    turn_limit: int = attrs.field(default=200, validator=_check_turn_limit)
    """Two-player turns after which an undecided game is a draw (a ruling)."""
    edition: Edition = edition_field(EDITIONS)
    """The components in play (written in JSON as a reference, see :mod:`ofrenda_rules.editions`)."""

    def __attrs_post_init__(self) -> None:
        if self.felis_step_first and not self.felis_pyromanias:
            raise ConfigError("felis_step_first times the Felis Pyromanias challenge; it needs felis_pyromanias=True")
        if self.players == 2 and (
            self.challenges
            or self.fours_count_as_threes
            or self.kitty_only_steals
            or self.difficulty is not Difficulty.STANDARD_SEER
        ):
            raise ConfigError(
                f"the difficulty, challenges {list(self.challenges)}, fours_count_as_threes and kitty_only_steals"
                " are solo options; use players=1 for them"
            )

    @property
    def solo(self) -> bool:
        """Whether this is the solo game against the Kitty."""
        return self.players == 1

    @property
    def challenges(self) -> tuple[str, ...]:
        """The names of the advanced challenges in play."""
        return tuple(name for name in CHALLENGES if getattr(self, name))


class Phase(enum.Enum):
    """What the game is waiting for."""

    OMENS = "omens"
    """Setup -- an omen token for the next empty slot (chance)."""
    ALTAR = "altar"
    """Setup -- a tile from the box for the next empty altar space (chance)."""
    RESHUFFLE = "reshuffle"
    """Setup -- the altar showed a Portent; a taken-up tile for the next empty space (chance)."""
    HANDS = "hands"
    """Setup -- a tile for the next hand (chance); a bad deal is dealt again."""
    TOKEN = "token"
    """Solo setup -- the tile for the Kitty token (chance)."""
    FIRST_PLAYER = "first-player"
    """Two-player setup -- who goes first (chance)."""
    OFFERING = "offering"
    """Two-player setup -- the second player lights a tile."""
    PUSH = "push"
    """Sleight of Hand -- the active player pushes tiles off the altar."""
    PLACE = "place"
    """Sleight of Hand -- the active player fills an empty space from hand."""
    LIGHT = "light"
    """Scrying -- the active player lights a Burnt Offering for the new Portents."""
    SACRIFICE = "sacrifice"
    """Feed the Cat -- the player picks a hand tile to sacrifice."""
    FEED = "feed"
    """Feed the Cat -- the replacement tile drawn from the bag (chance)."""
    KITTY = "kitty"
    """The Kitty's turn -- a tile drawn from the bag (chance)."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class Portent:
    """A Portent: a lane whose three unlit tiles share ``trait``."""

    lane: int
    """The lane (see :data:`~ofrenda_rules.portents.components.LANES`)."""
    trait: Trait
    """The colour or shape the three tiles share."""


Memo = tuple[tuple[Action, ...] | None, int | None, tuple[tuple[Action, Fraction], ...] | None]
"""A state's listed actions, its listed pushes as a bit mask of serial numbers, and its chance outcomes.

Each is ``None`` until listed (the mask, when the actions are not pushes).
"""


@attrs.frozen
class State:
    """A complete game state: immutable and JSON-serialisable.

    Hands and the bag are kept sorted, so the state holds no hidden order.
    In the solo game seat 0 is the player; the Kitty has its own fields.
    """

    config: Config
    """The options of this game."""
    phase: Phase
    """What the game waits for."""
    omens: tuple[Sign | None, ...]
    """The omen token in each of the 16 slots (``None`` -- empty)."""
    altar: tuple[Sign | None, ...]
    """The tile on each of the 9 spaces (``None`` -- empty)."""
    lit: tuple[bool, ...]
    """Whether the tile on each space is a Burnt Offering."""
    taken: tuple[Sign, ...]
    """Setup -- the altar tiles taken up for a reshuffle and not yet put back, sorted."""
    hands: tuple[tuple[Sign, ...], ...]
    """Each seat's hand, sorted."""
    pushed: tuple[Sign, ...]
    """Tiles pushed off the altar this turn, palmed into the hand once the spaces are filled."""
    token: Sign | None
    """The tile on the Kitty token."""
    bag: tuple[Sign, ...]
    """Tiles in the bag (solo), sorted."""
    collected: tuple[tuple[Sign, ...], ...]
    """Omens each seat has collected, in the order collected."""
    kitty_omens: tuple[Sign, ...]
    """Omens the Kitty has collected or stolen (solo)."""
    kitty_steps: int
    """Steps the Kitty has walked from the solo start (16 a circuit)."""
    active: int
    """The seat whose turn it is (in the solo game, 0 also during the Kitty's turn)."""
    first_player: int
    """The seat that took the first turn."""
    portents: tuple[Portent, ...]
    """The new Portents of the current Scrying phase."""
    lit_now: tuple[int, ...]
    """Spaces lit in the current Scrying phase."""
    made_portent: bool
    """Whether the player made a new Portent this turn (solo -- no Catastrophe)."""
    kitty_extra: bool
    """Whether the Kitty steps twice this turn (Felis Pyromanias)."""
    kitty_fill: tuple[int, ...]
    """Spaces the Kitty still fills from the bag, in order."""
    turns: int
    """Turns completed (in the solo game the player's and the Kitty's turns each count)."""
    reshuffles: int
    """Setup -- how many times the altar showed a Portent and was reshuffled."""
    redeals: int
    """Setup -- how many times a hand shared a trait and the tiles were dealt again."""
    winners: tuple[int, ...]
    """Seats that won (when over); empty for a draw or a Kitty win."""
    reason: EndReason | None
    """Why the game ended; ``None`` while playing."""
    rng: Rng | None
    """The generator that resolves chance events in a seeded game; ``None`` otherwise."""
    recent_events: tuple[Event, ...] = attrs.field(default=(), metadata={NOT_IN_REPLAY_V1: True})
    """What happened since, and including, the most recent player decision (see
    :mod:`~ofrenda_rules.portents.events`): a decision replaces them, a chance outcome adds its own."""
    _memo: Memo | None = attrs.field(init=False, eq=False, repr=False, default=None)
    """Private, never serialised: what :func:`~ofrenda_rules.portents.rules.legal_actions` or
    ``chance_outcomes`` listed for this state, kept so that they and ``validate`` do not list it again."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the state by its fields, without its private caches."""
        return reduce_init_fields(self)

    def _repr_svg_(self) -> str:
        """The whole table face up as an SVG picture, for Jupyter (see :mod:`~ofrenda_rules.portents.picture`)."""
        return svg_picture(self)
