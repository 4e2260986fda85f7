"""Configuration and state of Ofrenda.

>>> Config().players
2
>>> Config(players=4, common_goals=True).marigold_total
36
>>> Config(players=1, common_goals=True)
Traceback (most recent call last):
...
ofrenda_rules.errors.ConfigError: the common-goals variant is for the multiplayer game, not the solo mode
"""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.copying import reduce_init_fields
from ofrenda_rules.editions import edition_field
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import svg_picture
from ofrenda_rules.json import NOT_IN_REPLAY_V1, register_defaults_omitted, register_game_config, register_texts_kept
from ofrenda_rules.ofrenda.actions import Action
from ofrenda_rules.ofrenda.components import PlainEnum
from ofrenda_rules.ofrenda.edition import EDITIONS, TURNS, Edition
from ofrenda_rules.ofrenda.events import Event
from ofrenda_rules.ofrenda.tables import Tables
from ofrenda_rules.rng import Rng

__all__ = ["ABUELA_TURN_GAIN", "MARKET_SIZE", "Config", "Phase", "PlayerBoard", "State"]

MARKET_SIZE: Final = 4
"""Spaces for portraits (and for candles) on the Family board."""
ABUELA_TURN_GAIN: Final = 4
"""Most marigolds the Abuela moves from the supply in one turn (3 skipped portraits + 1 candle)."""


def _check_players(instance: Config, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or value not in (1, 2, 3, 4):
        raise ConfigError(f"Ofrenda is for 1 (solo) to 4 players, not {value!r}")


def _check_flag(instance: Config, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, not {value!r}")


def _check_goals(instance: Config, attribute: attrs.Attribute[bool], value: bool) -> None:
    _check_flag(instance, attribute, value)
    if value and instance.players == 1:
        raise ConfigError("the common-goals variant is for the multiplayer game, not the solo mode")


@register_game_config
@attrs.frozen
class Config:
    """Options of a game; the rulings that have two reasonable readings are options too."""

    players: int = attrs.field(default=2, validator=_check_players)
    """Number of players -- 2 to 4, or 1 for the solo mode against the Abuela."""
    common_goals: bool = attrs.field(default=False, validator=_check_goals)
    """The common-goals variant (multiplayer only)."""
    unlimited_marigolds: bool = attrs.field(default=False, validator=_check_flag)
    """A ruling. ``False`` -- the general supply holds only the 36 marigolds of the box; ``True`` -- unlimited."""
    offering_in_any_slot: bool = attrs.field(default=False, validator=_check_flag)
    """A ruling. ``False`` -- a candle slot takes only a candle, a marigold slot only a marigold; ``True`` -- either."""
    strict_empty_objectives: bool = attrs.field(default=False, validator=_check_flag)
    """A ruling. ``False`` -- an all/none objective with no adjacent portrait holds at the end; ``True`` -- it fails."""
    zero_majority: bool = attrs.field(default=False, validator=_check_flag)
    """A ruling. ``False`` -- a majority candle needs a portrait/marigold; ``True`` -- a 0-0 tie lights it."""
    abuela_marigolds_stay: bool = attrs.field(default=False, validator=_check_flag, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling 9 (solo). ``False`` -- the marigolds on the portrait the Abuela discards go back to the general supply;
    ``True`` -- they stay on its space, for the portrait that slides or is drawn into it."""
    edition: Edition = edition_field(EDITIONS)
    """The components in play (written in JSON as a reference, see :mod:`ofrenda_rules.editions`)."""

    @property
    def solo(self) -> bool:
        """Whether this is the solo mode against the Abuela."""
        return self.players == 1

    @property
    def marigold_total(self) -> int:
        """Marigolds in the game -- the 36 of the box, or enough never to run out when unlimited.

        An unlimited supply is modelled as a finite one that cannot run dry:
        the 36 of the box plus the most that every player (3 at setup, at
        most 3 a turn) and the Abuela can ever take from it.
        """
        if not self.unlimited_marigolds:
            return self.edition.marigolds
        return self.edition.marigolds + self.players * 3 * (TURNS + 1) + TURNS * ABUELA_TURN_GAIN


class Phase(PlainEnum):
    """What the game waits for."""

    SETUP_REMOVE = "setup_remove"
    """Chance (solo) -- a portrait removed unseen from the deck."""
    SETUP_GOAL = "setup_goal"
    """Chance (common goals) -- the goal card of the next type."""
    SETUP_MARKET = "setup_market"
    """Chance -- a portrait drawn to the Family board."""
    SETUP_CANDLES = "setup_candles"
    """Chance -- a candle drawn to the Family board."""
    SETUP_DEAL = "setup_deal"
    """Chance -- a portrait dealt to a hand."""
    ABUELA_PORTRAIT = "abuela_portrait"
    """Chance (solo) -- the Abuela's die for the portrait she discards."""
    ABUELA_CANDLE = "abuela_candle"
    """Chance (solo) -- the Abuela's second die, for the candle she discards."""
    TAKE_PORTRAIT = "take_portrait"
    """A player takes a portrait from the Family board."""
    TAKE_CANDLE = "take_candle"
    """A player takes a candle or declines."""
    REFILL_PORTRAIT = "refill_portrait"
    """Chance -- the portrait drawn to the emptied rightmost space."""
    REFILL_CANDLE = "refill_candle"
    """Chance -- the candle drawn to the emptied rightmost space."""
    PLAY = "play"
    """A player places or discards a portrait."""
    OFFERINGS = "offerings"
    """A player decides a candle/marigold slot surrounded this turn."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class PlayerBoard:
    """One player's Ofrenda, storage, discard pile and scoring tokens (all public)."""

    portraits: tuple[int | None, ...]
    """The portrait in each card slot, if any."""
    lit: tuple[bool, ...]
    """Whether the portrait in each card slot shows its lit side."""
    marigold_slots: tuple[bool, ...]
    """Whether each candle/marigold slot holds a marigold."""
    candle_slots: tuple[int | None, ...]
    """The candle in each candle/marigold slot, if any."""
    candle_lit: tuple[bool, ...]
    """Whether the candle in each slot shows its lit side."""
    marigolds: int
    """Marigolds in storage."""
    candles: tuple[int, ...] = ()
    """Candles in storage, sorted."""
    discards: tuple[int, ...] = ()
    """Discarded portraits, in order."""
    goals_met: tuple[int, ...] = ()
    """Common-goal cards this player has fulfilled."""
    tokens: tuple[int, ...] = ()
    """Scoring tokens taken."""
    turns: int = 0
    """Turns completed."""


register_defaults_omitted(PlayerBoard)  # a board is written without its empty storage and piles
register_texts_kept(PlayerBoard)  # most steps leave most boards as they were: their texts are kept


@attrs.frozen
class State:
    """A complete game state: immutable, JSON-serialisable, hidden parts included.

    The deck and the bags are kept sorted: a draw is a chance event over what
    they hold, so the state holds no hidden order.
    """

    config: Config
    """The options of this game."""
    phase: Phase
    """What the game waits for."""
    seat: int
    """The player whose turn it is (in the solo mode, ``0``, also during the Abuela's turn)."""
    abuela: bool
    """Whether the current turn is the Abuela's."""
    deck: tuple[int, ...]
    """Portraits in the deck, sorted (face down)."""
    box: tuple[int, ...]
    """Portraits returned to the box for the player count (public), sorted."""
    removed: tuple[int, ...]
    """Solo -- the 3 portraits removed unseen at setup, sorted (hidden from the player)."""
    abuela_discards: tuple[int, ...]
    """Solo -- portraits the Abuela discarded, in order."""
    market: tuple[int | None, ...]
    """The portrait in each space of the Family board, left to right (the leftmost is free)."""
    market_marigolds: tuple[int, ...]
    """Marigolds lying on the portrait of each space (with ``abuela_marigolds_stay``, on a space she emptied too)."""
    candle_market: tuple[int | None, ...]
    """The candle in each space of the Family board, if any."""
    bag: tuple[int, ...]
    """Candles in the bag, sorted."""
    candle_box: tuple[int, ...]
    """Solo -- multiplayer-only candles returned to the box, sorted."""
    candle_discards: tuple[int, ...]
    """Solo -- candles the Abuela discarded, in order."""
    supply: int
    """Marigolds in the general supply."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's hand, sorted (hidden from the others)."""
    boards: tuple[PlayerBoard, ...]
    """Each player's Ofrenda and storage."""
    goals: tuple[int, ...]
    """Common-goal cards in play, one per type."""
    stacks: tuple[tuple[int, ...], ...]
    """Scoring tokens left on each goal in play, bottom to top (the top is taken first)."""
    unused_tokens: tuple[int, ...]
    """Scoring tokens not in play, sorted."""
    taken_space: int | None
    """The space the current turn's portrait was taken (or discarded by the Abuela) from."""
    candle_space: int | None
    """The space the current turn's candle was taken from, if any."""
    pending: tuple[int, ...]
    """Candle/marigold slots surrounded this turn and not yet decided, in order."""
    die: int | None
    """Solo -- the Abuela's last portrait roll, shown until the end of the player's next turn."""
    rng: Rng | None
    """The generator that resolves chance events in a seeded game; ``None`` otherwise."""
    recent_events: tuple[Event, ...] = attrs.field(default=(), metadata={NOT_IN_REPLAY_V1: True})
    """What happened since (and including) the most recent player decision, the whole truth.

    A decision replaces them with its own events; a chance outcome fed by the
    caller adds its events to them; a new game starts with its setup's.
    """
    seen_in_hands: tuple[tuple[int, ...], ...] = attrs.field(
        default=attrs.Factory(lambda self: ((),) * self.config.players, takes_self=True),
        metadata={NOT_IN_REPLAY_V1: True},
    )
    """The portraits in each hand that every player saw go into it (taken face up from the Family board), sorted.

    Public: a card taken from the Family board stays known to be in that hand
    until it is placed or discarded. The rest of another player's hand (the
    portraits dealt at setup) is hidden. Empty for every seat at the start.
    """
    _tables: Tables | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Private cache, not part of the state: the tables of ``config.edition`` once looked up (never serialised)."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Private cache, not part of the state: what ``legal_actions`` returned for this state (never serialised)."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle the state by its fields, without its private caches."""
        return reduce_init_fields(self)

    def _repr_svg_(self) -> str:
        """The whole table as an SVG picture (every hand face up), which Jupyter shows for a state."""
        return svg_picture(self)
