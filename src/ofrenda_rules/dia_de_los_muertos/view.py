"""What one player may know of a game of Día de los Muertos.

A :class:`View` shows the player's own hand, the size of every hand, the
cards face up in front of the players, the High/Low card, and the public
record of every score pile (each card was face up when it was collected: a
ruling, see the docs), and the recent events (all public: the deal's event
counts the cards dealt without naming them). It never shows other hands,
the undealt cards, the cards set aside at the end, or the generator.

:func:`observe_public` is a spectator's view (``player`` is
:data:`~ofrenda_rules.game.SPECTATOR`): the same table with every hand face
down, as a count.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.chance import PlayerId
from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
from ofrenda_rules.dia_de_los_muertos.events import Event, event_seen_by
from ofrenda_rules.dia_de_los_muertos.rules import current_player
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.errors import check_seat
from ofrenda_rules.game import SPECTATOR, svg_picture

__all__ = ["View", "observe", "observe_public"]


@attrs.frozen
class View:
    """One player's view of the game."""

    player: int
    """The seat this view belongs to, or :data:`~ofrenda_rules.game.SPECTATOR` (``-1``) for a spectator."""
    players: int
    """Number of seats."""
    hand: tuple[Card, ...]
    """The player's own hand, sorted; empty for a spectator, who holds none (``hand_sizes`` counts every hand)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    """How many cards are undealt (face down)."""
    in_front: tuple[Card | None, ...]
    """The card face up in front of each seat in the current trick."""
    leader: int
    """The seat leading the current trick."""
    lead_card: Card | None
    """The first card played to the current trick."""
    high_low: HighLowCard | None
    """The High/Low card of the current trick."""
    current_player: PlayerId
    """Whose decision it is (a seat, CHANCE or TERMINAL)."""
    taking: bool
    """Whether the current player must choose a card to take."""
    piles: tuple[tuple[Card, ...], ...]
    """The public record of each seat's score pile."""
    set_aside_count: int
    """How many cards were set aside when the game stopped."""
    tricks: int
    """Tricks completed."""
    over: bool
    """Whether the game has ended."""
    config: Config = attrs.field(kw_only=True)
    """The options of the game, public to all (its deck edition says what is printed on each card)."""
    recent_events: tuple[Event, ...] = attrs.field(default=(), kw_only=True)
    """The state's ``recent_events`` as this seat may know them (see
    :func:`~ofrenda_rules.dia_de_los_muertos.events.event_seen_by`)."""
    voids: tuple[tuple[Suit, ...], ...] = attrs.field(default=(), kw_only=True)
    """The suits each seat is known to hold none of (public, it did not follow them), ``()`` while none is known."""
    replacing: bool = attrs.field(default=False, kw_only=True)
    """Whether the seat due plays a replacement for its card taken in this trick (public, as ``State.replacing``)."""

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture, which Jupyter shows.

        See :func:`~ofrenda_rules.dia_de_los_muertos.render_svg`.

        A view does not carry the config, so its cards are drawn as printed in
        the default deck; ``render_svg(view, config=...)`` draws another edition.
        """
        return svg_picture(self)


def observe(state: State, player: int) -> View:
    """The view of ``state`` for seat ``player``."""
    check_seat(player, state.config.players)
    return _view(state, player, state.hands[player])


def observe_public(state: State) -> View:
    """What a spectator at the table sees of ``state``: public information only.

    The view of :data:`~ofrenda_rules.game.SPECTATOR` (``player == -1``): every
    hand as a count (``hand`` is empty), the cards in front of the players, the
    lead and the High/Low card, the public record of the score piles, how many
    cards are undealt or set aside, and the recent events
    (:func:`~ofrenda_rules.dia_de_los_muertos.events.event_seen_by` with
    ``SPECTATOR``: every event is public). It is what every seat's view shows,
    less that seat's hand.

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe_public
    >>> view = observe_public(new_game(Config(players=3), seed=11))
    >>> view.player, view.hand, view.hand_sizes
    (-1, (), (15, 15, 15))
    >>> view.recent_events
    (HandsDealt(hand_sizes=(15, 15, 15), undealt=15),)
    """
    return _view(state, SPECTATOR, ())


def _view(state: State, player: int, hand: tuple[Card, ...]) -> View:
    return View(
        player=player,
        players=state.config.players,
        hand=hand,
        hand_sizes=tuple(map(len, state.hands)),
        stock_size=len(state.stock),
        in_front=state.in_front,
        leader=state.leader,
        lead_card=state.lead_card,
        high_low=state.high_low,
        current_player=current_player(state),
        taking=state.taking,
        piles=state.piles,
        set_aside_count=len(state.set_aside),
        tricks=state.tricks,
        over=state.over,
        config=state.config,
        recent_events=_seen(state.recent_events, player),
        voids=state.voids,
        replacing=state.replacing,
    )


def _seen(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    return tuple([event_seen_by(event, player) for event in events])
