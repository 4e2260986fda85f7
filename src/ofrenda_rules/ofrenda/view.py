"""What one player may know of a game of Ofrenda.

Everything on the table is public: the Family board, every Ofrenda, the
storages, the discard piles, the goal cards and tokens, and which portraits
in each hand were taken face up from the Family board. A :class:`View` hides
the other players' hands, the deck, the portraits removed unseen in the solo
mode, the contents of the candle bag (a bag is always redacted, even where
a player could work out its contents from every candle seen) and the
generator; it shows their sizes. :func:`observe_public` gives a spectator's view
(``player`` is :data:`~ofrenda_rules.game.SPECTATOR`): the same, with no hand at all.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.chance import PlayerId
from ofrenda_rules.errors import check_seat
from ofrenda_rules.game import SPECTATOR, svg_picture
from ofrenda_rules.ofrenda.events import Event, events_seen_by
from ofrenda_rules.ofrenda.rules import current_player
from ofrenda_rules.ofrenda.state import Phase, PlayerBoard, State

__all__ = ["View", "observe", "observe_public"]


@attrs.frozen
class View:
    """One player's view of the game."""

    player: int
    """The seat this view belongs to; :data:`~ofrenda_rules.game.SPECTATOR` (``-1``) for a spectator's."""
    players: int
    """Number of seats."""
    phase: Phase
    """What the game waits for."""
    current_player: PlayerId
    """Whose decision it is (a seat, CHANCE or TERMINAL)."""
    abuela: bool
    """Whether it is the Abuela's turn."""
    hand: tuple[int, ...]
    """The player's own hand, sorted; empty in a spectator's view (see ``hand_sizes``)."""
    hand_sizes: tuple[int, ...]
    """How many portraits each seat holds."""
    deck_size: int
    """Portraits in the deck."""
    removed_count: int
    """Solo -- portraits removed unseen."""
    box: tuple[int, ...]
    """Portraits out of the game for the player count."""
    abuela_discards: tuple[int, ...]
    """Solo -- the Abuela's discarded portraits."""
    market: tuple[int | None, ...]
    """Portraits on the Family board."""
    market_marigolds: tuple[int, ...]
    """Marigolds on each of them (with ``abuela_marigolds_stay``, also on a space the Abuela emptied)."""
    candle_market: tuple[int | None, ...]
    """Candles on the Family board."""
    bag_size: int
    """How many candles are in the bag."""
    candle_discards: tuple[int, ...]
    """Solo -- the Abuela's discarded candles."""
    supply: int
    """Marigolds in the general supply."""
    boards: tuple[PlayerBoard, ...]
    """Every player's Ofrenda and storage."""
    goals: tuple[int, ...]
    """Common-goal cards in play."""
    stacks: tuple[tuple[int, ...], ...]
    """Scoring tokens left on each goal, bottom to top."""
    taken_space: int | None
    """The space this turn's portrait came from."""
    pending: tuple[int, ...]
    """Surrounded candle/marigold slots still to decide."""
    die: int | None
    """Solo -- the Abuela's last portrait roll, shown until the end of the player's next turn."""
    recent_events: tuple[Event, ...] = ()
    """What happened since the most recent player decision, as this seat may know it (hidden cards ``None``)."""
    seen_in_hands: tuple[tuple[int, ...], ...] = ()
    """The portraits in each hand that every player saw go into it (taken face up from the Family board)."""

    def _repr_svg_(self) -> str:
        """What this seat sees as an SVG picture (the default edition's components), which Jupyter shows."""
        return svg_picture(self)


def observe(state: State, player: int) -> View:
    """The view of ``state`` for seat ``player``."""
    check_seat(player, state.config.players)
    return _view(state, player, state.hands[player])


def observe_public(state: State) -> View:
    """What a spectator at the table sees of ``state``: public information only.

    The view of a seat without its hand: ``player`` is
    :data:`~ofrenda_rules.game.SPECTATOR`, ``hand`` is empty and every hand
    shows only its size; the deck, the solo mode's removed portraits and the
    candle bag show their sizes; ``recent_events`` hide every dealt and
    removed portrait (``card=None``).

    >>> from ofrenda_rules.ofrenda.rules import new_game
    >>> view = observe_public(new_game(seed=1))
    >>> view.player, view.hand, view.hand_sizes
    (-1, (), (3, 3))
    """
    return _view(state, SPECTATOR, ())


def _view(state: State, player: int, hand: tuple[int, ...]) -> View:
    return View(
        player=player,
        players=state.config.players,
        phase=state.phase,
        current_player=current_player(state),
        abuela=state.abuela,
        hand=hand,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        deck_size=len(state.deck),
        removed_count=len(state.removed),
        box=state.box,
        abuela_discards=state.abuela_discards,
        market=state.market,
        market_marigolds=state.market_marigolds,
        candle_market=state.candle_market,
        bag_size=len(state.bag),
        candle_discards=state.candle_discards,
        supply=state.supply,
        boards=state.boards,
        goals=state.goals,
        stacks=state.stacks,
        taken_space=state.taken_space,
        pending=state.pending,
        die=state.die,
        recent_events=events_seen_by(state.recent_events, player),
        seen_in_hands=state.seen_in_hands,
    )
