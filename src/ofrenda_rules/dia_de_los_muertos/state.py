"""Configuration and state of Día de los Muertos.

>>> Config().players
4
>>> Config(players=6, lock_lead=True, high_low_split=True).hand_size
10
"""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.dia_de_los_muertos.components import EDITIONS, Card, DeckEdition, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import Event
from ofrenda_rules.editions import edition_field
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import svg_picture
from ofrenda_rules.json import LATE_FIELD, NOT_IN_REPLAY_V1, register_defaults_omitted, register_game_config
from ofrenda_rules.rng import Rng

__all__ = ["HAND_SIZES", "Config", "HighLowCard", "State"]

HAND_SIZES: Final = {3: 15, 4: 12, 5: 11, 6: 10}
"""Cards dealt to each player, by player count (rulebook, Preparation)."""


def _check_players(instance: Config, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or value not in HAND_SIZES:
        raise ConfigError(f"Día de los Muertos is for 3 to 6 players, not {value!r}")


@register_game_config
@attrs.frozen
class Config:
    """Options of a game. Both variants may be used together."""

    players: int = attrs.field(default=4, validator=_check_players)
    """Number of players, 3 to 6."""
    lock_lead: bool = False
    """Variant "Locking the lead card" -- the lead card cannot be captured by a TAKE."""
    high_low_split: bool = False
    """Advanced game -- H-marked cards go to the highest card, L-marked to the lowest."""
    lead_replacement_exempt: bool = attrs.field(default=False, metadata={NOT_IN_REPLAY_V1: True})
    """Ruling 7 -- whether a TAKE card that the lead player plays as a replacement takes nothing.

    "Note: If a TAKE card is the initial card played no card is taken." ``False``
    (the default): only the initial card is exempt, so a TAKE that the lead
    player plays to replace a taken lead card takes a card like any other.
    ``True``: the replacement stands in the lead card's place, so a TAKE played
    there takes nothing, like a TAKE led. The High/Low card is set by the
    initial card under both readings (ruling 4).
    """
    edition: DeckEdition = edition_field(EDITIONS)
    """The deck edition in play (written in JSON as a reference, see :mod:`ofrenda_rules.editions`)."""

    @property
    def deck(self) -> DeckEdition:
        """The deck edition in play (the same as :attr:`edition`)."""
        return self.edition

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return HAND_SIZES[self.players]


@attrs.frozen
class HighLowCard:
    """The High/Low card set by the lead: the colour led and which card wins."""

    suit: Suit
    """The colour of the lead card, which players must follow when they can."""
    side: Mark
    """Whether the highest or the lowest card wins (the lead card's arrow)."""


@attrs.frozen
class State:
    """A complete game state: immutable, JSON-serialisable, hidden parts included.

    Cards in hands and in the stock are kept sorted, so the state holds no
    hidden order.
    """

    config: Config
    """The options of this game."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...]
    """Cards not (yet) dealt, face down and sorted; those left after the deal stay out of play."""
    dealt: int
    """How many cards have been dealt so far."""
    in_front: tuple[Card | None, ...]
    """The card face up in front of each seat in the current trick, if any."""
    leader: int
    """The seat leading the current trick."""
    lead_card: Card | None
    """The first card played to the current trick (it stays locked in the lock variant)."""
    high_low: HighLowCard | None
    """The High/Low card set by the lead card of the current trick."""
    to_play: int
    """The seat due to play a card next."""
    taking: bool
    """Whether ``to_play`` has just played a TAKE card and must choose a card to take."""
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's score pile, in the order the cards were collected."""
    set_aside: tuple[Card, ...]
    """Cards set aside when the game stopped (hands and cards in front), sorted."""
    tricks: int
    """Tricks completed so far."""
    over: bool
    """Whether the game has ended."""
    rng: Rng | None
    """The generator that resolves chance events in a seeded game; ``None`` otherwise."""
    recent_events: tuple[Event, ...] = attrs.field(default=(), metadata={NOT_IN_REPLAY_V1: True})
    """What happened since, and including, the most recent player decision (the deal's one event before the first).

    A player decision replaces them with its own events; a chance step (a card
    dealt) appends its events: none, but for the deal's last card, which tells
    the whole deal in one :class:`~ofrenda_rules.dia_de_los_muertos.events.HandsDealt`.
    Not part of a position (see :mod:`~ofrenda_rules.dia_de_los_muertos.position`).
    """
    voids: tuple[tuple[Suit, ...], ...] = attrs.field(default=(), metadata={NOT_IN_REPLAY_V1: True})
    """The suits each seat is known to hold none of (public, a seat that did not follow the colour led had none).

    ``()`` while no void is known; otherwise one tuple of suits per seat (black, red, white order).
    Search uses it to deal hidden hands consistently (:func:`~ofrenda_rules.dia_de_los_muertos.resample`).
    """
    replacing: bool = attrs.field(default=False, metadata={NOT_IN_REPLAY_V1: True, LATE_FIELD: True})
    """Whether ``to_play`` plays a replacement: its card played to this trick was taken by a TAKE card.

    Public; in JSON only when true. While ``taking``, whether the TAKE card it has just played was a
    replacement. Play goes clockwise once round the table from the lead, then
    the seats whose cards were taken play replacements: from the moment every
    seat has played, each card played to the trick is a replacement. The rest
    of the state cannot always tell (a replacement TAKE may have emptied every
    place after the seat due), so the state says it.
    """

    def _repr_svg_(self) -> str:
        """The whole table face up as an SVG picture, which Jupyter shows.

        See :func:`~ofrenda_rules.dia_de_los_muertos.render_svg`.
        """
        return svg_picture(self)


# ``replacing`` is written only when true, so a state with no replacement due reads and digests as before it existed
register_defaults_omitted(State, keep=("recent_events", "voids"))
