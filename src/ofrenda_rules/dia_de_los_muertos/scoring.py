"""Scores and the final outcome of Día de los Muertos.

Players count the points of the cards in their score piles. The most points
wins; a tie goes to whoever collected the most cards; a tie on both is shared.
"""

from __future__ import annotations

import attrs

from ofrenda_rules.dia_de_los_muertos.state import Config, State
from ofrenda_rules.dia_de_los_muertos.tables import tables
from ofrenda_rules.errors import GameNotOverError

__all__ = ["Outcome", "outcome", "score", "score_bounds"]


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


def score_bounds(config: Config) -> tuple[int, int]:
    """Inclusive bounds on any seat's points in a finished game: ``(-18, 39)`` with the default deck.

    A seat scores the cards of its score pile, and only the ``players *
    hand_size`` dealt cards (45 to 60) ever reach a pile; any seat may, in
    principle, collect every one of them (winning every trick). So the most a
    seat can score is the sum of the largest positive values among that many
    cards of the edition, and the least the sum of the most negative ones.
    With the rulebook's values (21 cards of 1, 9 of 2, 18 of -1, 12 of 0) and
    at least 45 cards dealt, that is ``21 + 18 = 39`` and ``-18``.

    >>> score_bounds(Config(players=3))
    (-18, 39)
    """
    dealt = config.players * config.hand_size
    values = sorted(spec.points for spec in config.deck.cards)
    low = sum(value for value in values[:dealt] if value < 0)
    high = sum(value for value in values[::-1][:dealt] if value > 0)
    return low, high
