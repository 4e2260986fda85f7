"""What one player may know of a game of Ofrendados.

Everything on the table is public: the sheets, the Path, the money, the
cards bought, the dice and the market. The unrevealed Calaveritas are known
as a set (all 30 are listed in the edition) but not their order, which the
state never stores; the generator never appears in a view. Every event is
public too (:func:`~ofrenda_rules.ofrendados.events.event_seen_by`).

So a spectator (:func:`observe_public`, ``player`` is
:data:`~ofrenda_rules.game.SPECTATOR`) sees what every seat sees: the same
view but for its ``player``.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.chance import PlayerId
from ofrenda_rules.errors import check_seat
from ofrenda_rules.game import SPECTATOR, svg_picture
from ofrenda_rules.ofrendados.events import Event, event_seen_by
from ofrenda_rules.ofrendados.rules import current_player
from ofrenda_rules.ofrendados.state import Board, Config, Die, Pending, Phase, State

__all__ = ["View", "observe", "observe_public"]


@attrs.frozen
class View:
    """One player's view of the game."""

    player: int
    """The seat this view belongs to, or :data:`~ofrenda_rules.game.SPECTATOR` (-1) for a spectator's view."""
    players: int
    """Number of seats."""
    round: int
    """Rounds completed."""
    first_player: int
    """The starting player of the round."""
    phase: Phase
    """The step of the round."""
    current_player: PlayerId
    """Whose decision it is (a seat, CHANCE or TERMINAL)."""
    deck: tuple[int, ...]
    """The Calaveritas not yet revealed, as a sorted set."""
    market: tuple[int, ...]
    """The Calaveritas open in the market."""
    discard: tuple[int, ...]
    """The Calaveritas discarded unsold."""
    rolled: tuple[Die, ...]
    """This round's dice as rolled."""
    pool: tuple[Die, ...]
    """Dice left to draft."""
    drafted: tuple[tuple[Die, ...], ...]
    """Each player's drafted dice this round."""
    dice_left: tuple[Die, ...]
    """The acting player's unused dice."""
    rerolling: Die | None
    """The die being rerolled (the pending chance event), if any; in the draft, a die of the pool."""
    powers_used: tuple[int, ...]
    """Die-power cards the acting player used this round (in the draft, every player's)."""
    pending: tuple[Pending, ...]
    """Decisions the acting player owes."""
    boards: tuple[Board, ...]
    """Every player's offering, flowers, money and cards."""
    config: Config
    """The options and the edition in play (the Path, the sheet and the cards everyone can read)."""
    recent_events: tuple[Event, ...] = ()
    """What happened since the most recent player decision, as this seat may know it (everything is public)."""

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as an SVG picture Jupyter shows.

        Drawn by :func:`~ofrenda_rules.ofrendados.render_svg` with the default
        edition and options (a view carries no config).
        """
        return svg_picture(self)


def observe(state: State, player: int) -> View:
    """The view of ``state`` for seat ``player``.

    Raises:
        ConfigError: ``player`` is not a seat of the game (a ``ValueError``).

    """
    check_seat(player, state.config.players)
    return _view(state, player)


def observe_public(state: State) -> View:
    """What a spectator at the table sees of ``state``: public information only.

    Ofrendados has no hand, no face-down card and no secret draw: the sheets,
    the Path, the money, the bought cards, the dice and the market lie open,
    and the unrevealed Calaveritas are known only as a set (their order is
    never stored). So the public view is every seat's view with ``player`` set
    to :data:`~ofrenda_rules.game.SPECTATOR`, and its ``recent_events`` are
    :func:`~ofrenda_rules.ofrendados.events.event_seen_by` of each event for
    the spectator.

    >>> from ofrenda_rules.ofrendados import Config, new_game, observe
    >>> state = new_game(Config(players=2), seed=5)
    >>> public = observe_public(state)
    >>> public.player, public == attrs.evolve(observe(state, 0), player=SPECTATOR)
    (-1, True)
    """
    return _view(state, SPECTATOR)


def _view(state: State, player: int) -> View:
    return View(
        player=player,
        players=state.config.players,
        round=state.round,
        first_player=state.first_player,
        phase=state.phase,
        current_player=current_player(state),
        deck=state.deck,
        market=state.market,
        discard=state.discard,
        rolled=state.rolled,
        pool=state.pool,
        drafted=state.drafted,
        dice_left=state.dice_left,
        rerolling=state.rerolling,
        powers_used=state.powers_used,
        pending=state.pending,
        boards=state.boards,
        config=state.config,
        recent_events=tuple(
            seen for seen in (event_seen_by(event, player) for event in state.recent_events) if seen is not None
        ),
    )
