"""What an Ofrenda picture shows of a state or a view: the table, the seats, the status and the result."""

from __future__ import annotations

import attrs

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.picture.layout import _PHASE_WORDS
from ofrenda_rules.ofrenda.scoring import SoloTier, solo_tier
from ofrenda_rules.ofrenda.state import Phase, State
from ofrenda_rules.ofrenda.view import View, observe_public


@attrs.frozen
class _Table:
    """What a picture draws, built once from a State or a View: the public view and what the subject adds to it.

    A state is drawn through its spectator's view (:func:`~ofrenda_rules.ofrenda.view.observe_public`) with the
    hidden parts put back: every hand, the deck, the removed portraits and the candle bag.
    """

    view: View
    """What the table shows every seat (for a seat's view, that view itself)."""
    edition: Edition
    solo: bool
    seat: int
    """The seat whose turn it is (the state's ``seat``; for a view, the player to move, or -1)."""
    you: int | None
    """The seat whose view this is (``None`` for a state and for a spectator)."""
    hands: tuple[tuple[int, ...] | None, ...]
    """Each hand, where the subject shows it."""
    deck: tuple[int, ...] | None
    removed: tuple[int, ...] | None
    bag: tuple[int, ...] | None


def _table_of_state(state: State) -> _Table:
    return _Table(
        view=observe_public(state),
        edition=state.config.edition,
        solo=state.config.solo,
        seat=state.seat,
        you=None,
        hands=state.hands,
        deck=state.deck,
        removed=state.removed,
        bag=state.bag,
    )


def _table_of_view(view: View, edition: Edition) -> _Table:
    spectator = view.player == SPECTATOR
    return _Table(
        view=view,
        edition=edition,
        solo=view.players == 1,
        seat=view.current_player if view.current_player >= 0 else (0 if view.players == 1 else -1),
        you=None if spectator else view.player,
        hands=tuple(view.hand if s == view.player and not spectator else None for s in range(view.players)),
        deck=None,
        removed=None,
        bag=None,
    )


def _seat_name(table: _Table, seat: int) -> str:
    return f"Seat {seat + 1} (you)" if seat == table.you else f"Seat {seat + 1}"


def _status(table: _Table, scores: tuple[int, ...]) -> str:
    if table.view.phase is Phase.OVER:
        return "Game over. " + _result(table, scores)
    words = _PHASE_WORDS[table.view.phase]
    if table.view.abuela:
        return f"The Abuela's turn: {words}"
    if table.view.current_player >= 0:
        return f"{_seat_name(table, table.view.current_player).capitalize()} to move: {words}"
    return words[0].upper() + words[1:]


def _tier_range(tier: SoloTier) -> str:
    high = tier.highest
    return f"{tier.lowest}+" if high is None else f"{tier.lowest}-{high}"


def _places(table: _Table, scores: tuple[int, ...]) -> tuple[int, ...]:
    keys = [
        (scores[s], sum(1 for slot, c in enumerate(b.portraits) if c is not None and b.lit[slot]), b.marigolds)
        for s, b in enumerate(table.view.boards)
    ]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def _result(table: _Table, scores: tuple[int, ...]) -> str:
    if table.solo:
        tier = solo_tier(scores[0])
        return f"{scores[0]} points, solo tier {_tier_range(tier)}."
    places = _places(table, scores)
    winners = [s for s, p in enumerate(places) if p == 1]
    names = " and ".join(_seat_name(table, s) for s in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"{names[0].upper() + names[1:]} {verb} with {scores[winners[0]]} points."


# ---------------------------------------------------------------------------------------------------------------
# The parts of the table.
