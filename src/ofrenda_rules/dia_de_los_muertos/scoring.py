"""Scores and the final outcome of Día de los Muertos.

Players count the points of the cards in their score piles. The most points
wins; a tie goes to whoever collected the most cards; a tie on both is shared.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.dia_de_los_muertos.state import State
from ofrenda_rules.dia_de_los_muertos.tables import tables
from ofrenda_rules.errors import GameNotOverError

__all__ = ["Outcome", "outcome", "score"]


def score(state: State) -> tuple[int, ...]:
    """Points in each seat's score pile (valid at any moment)."""
    points = tables(state.config).deck.points
    return tuple(sum(points.many(pile)) for pile in state.piles)


@attrs.frozen
class Outcome:
    """The final result of a game."""

    scores: tuple[int, ...]
    """Points per seat."""
    cards_collected: tuple[int, ...]
    """Cards in each seat's score pile -- the tie-break."""
    ranks: tuple[int, ...]
    """Place per seat (0 is first); seats tied on points and cards share a place."""
    winners: tuple[int, ...]
    """The seats in first place (several when the victory is shared)."""


def outcome(state: State) -> Outcome:
    """The final result, with the rulebook's tie-break on cards collected.

    Raises:
        GameNotOverError: when the game has not ended.

    """
    if not state.over:
        raise GameNotOverError("the game is not over: no player due to play has run out of cards yet")
    scores = score(state)
    cards = tuple(len(pile) for pile in state.piles)
    keys = list(zip(scores, cards, strict=True))
    ranks = tuple(sum(1 for other in keys if other > key) for key in keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 0)
    return Outcome(scores=scores, cards_collected=cards, ranks=ranks, winners=winners)
