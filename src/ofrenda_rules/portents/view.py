"""What one player may know of a game of Portents: everything but the bag and the generator.

Hands are played face up ("make sure both players' hands are easily visible
to the other") and the omens lie face up. The bag's contents could be worked
out from what is visible, but the library redacts every bag, so a
:class:`View` gives the bag's size only; the order of future draws is unknown,
and the generator that decides it never appears in a view. The recent events
are whole: each shows only what lay face up on the table.

A spectator (:func:`observe_public`) sees what every seat sees -- Portents
keeps no seat's secret from another -- as a :class:`View` whose ``player`` is
:data:`~ofrenda_rules.game.SPECTATOR`.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.chance import PlayerId
from ofrenda_rules.errors import check_seat
from ofrenda_rules.game import SPECTATOR, svg_picture
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import Event, event_seen_by
from ofrenda_rules.portents.kitty import kitty_hat, kitty_slot
from ofrenda_rules.portents.rules import current_player
from ofrenda_rules.portents.state import Phase, Portent, State

__all__ = ["View", "observe", "observe_public"]


@attrs.frozen
class View:
    """One player's view of the game (see :class:`~ofrenda_rules.portents.state.State` for the fields)."""

    player: int
    """The seat this view belongs to; :data:`~ofrenda_rules.game.SPECTATOR` (-1) for a spectator's public view."""
    players: int
    """Number of seats (1 -- solo against the Kitty)."""
    current_player: PlayerId
    """Whose decision it is (a seat, CHANCE or TERMINAL)."""
    phase: Phase
    """What the game waits for."""
    omens: tuple[Sign | None, ...]
    """The omen token in each slot."""
    altar: tuple[Sign | None, ...]
    """The tile on each space."""
    lit: tuple[bool, ...]
    """Which tiles are Burnt Offerings."""
    taken: tuple[Sign, ...]
    """Setup -- altar tiles taken up for a reshuffle."""
    hands: tuple[tuple[Sign, ...], ...]
    """Every hand (played face up)."""
    pushed: tuple[Sign, ...]
    """Tiles pushed off this turn, not yet palmed."""
    token: Sign | None
    """The tile on the Kitty token."""
    bag_size: int
    """How many tiles are in the bag (solo)."""
    collected: tuple[tuple[Sign, ...], ...]
    """Omens each seat has collected."""
    kitty_omens: tuple[Sign, ...]
    """Omens the Kitty has (solo)."""
    kitty_slot: int
    """The slot the Kitty is at (solo)."""
    kitty_steps: int
    """Steps the Kitty has walked (solo)."""
    kitty_hat: bool
    """Whether the Kitty wears its hat (solo -- one circuit done)."""
    active: int
    """The seat whose turn it is."""
    portents: tuple[Portent, ...]
    """New Portents awaiting Burnt Offerings."""
    lit_now: tuple[int, ...]
    """Spaces lit in this Scrying phase."""
    made_portent: bool
    """Whether the player made a new Portent this turn."""
    turns: int
    """Turns completed."""
    reshuffles: int
    """Setup -- how many times the altar was reshuffled."""
    redeals: int
    """Setup -- how many times the hands were dealt again."""
    winners: tuple[int, ...]
    """The winning seat (when over)."""
    reason: EndReason | None
    """Why the game ended."""
    recent_events: tuple[Event, ...] = ()
    """What happened since the most recent player decision, as this seat may know it (see
    :func:`~ofrenda_rules.portents.events.event_seen_by`)."""

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, for Jupyter (see :func:`~ofrenda_rules.portents.picture.render_svg`)."""
        return svg_picture(self)


def observe(state: State, player: int) -> View:
    """The view of ``state`` for seat ``player``."""
    check_seat(player, state.config.players)
    return _view(state, player)


def observe_public(state: State) -> View:
    """What a spectator at the table sees of ``state``: public information only, ``player`` is ``SPECTATOR``.

    In Portents that is what every seat sees: the altar, the omens, both hands
    (played face up -- "make sure both players' hands are easily visible to
    the other"), every collection and the Kitty, the bag as a count of tiles,
    and the recent events as :func:`~ofrenda_rules.portents.events.event_seen_by`
    gives them to ``SPECTATOR`` (whole: each shows only what lay face up). The
    bag's contents, the order of future draws and the generator are hidden, as
    they are from every seat.

    >>> from ofrenda_rules.portents import Config, new_game, observe
    >>> state = new_game(Config(), seed=3)
    >>> public = observe_public(state)
    >>> public.player, public.hands == observe(state, 0).hands
    (-1, True)
    """
    return _view(state, SPECTATOR)


def _view(state: State, player: int) -> View:
    return View(
        player=player,
        players=state.config.players,
        current_player=current_player(state),
        phase=state.phase,
        omens=state.omens,
        altar=state.altar,
        lit=state.lit,
        taken=state.taken,
        hands=state.hands,
        pushed=state.pushed,
        token=state.token,
        bag_size=len(state.bag),
        collected=state.collected,
        kitty_omens=state.kitty_omens,
        kitty_slot=kitty_slot(state),
        kitty_steps=state.kitty_steps,
        kitty_hat=kitty_hat(state),
        active=state.active,
        portents=state.portents,
        lit_now=state.lit_now,
        made_portent=state.made_portent,
        turns=state.turns,
        reshuffles=state.reshuffles,
        redeals=state.redeals,
        winners=state.winners,
        reason=state.reason,
        recent_events=tuple([event_seen_by(event, player) for event in state.recent_events]),
    )
