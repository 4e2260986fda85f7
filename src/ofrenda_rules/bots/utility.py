"""What a finished game pays each seat: the payoffs for search and learning, and their bounds.

Two payoffs, the same for every game:

* :attr:`Payoff.WIN_SHARE` (the default) -- each winner gets ``1 / number of
  winners``, every other seat 0. A solo game pays 1 for a win and 0 for a
  loss. When nobody wins (an Ofrendados game where nobody qualifies), every
  seat gets 0, so the returns add up to 1 or to 0: the game is general-sum.
* :attr:`Payoff.POINTS` -- each seat's points, normalised by the game's
  ``score_bounds(config)`` to ``(points - low) / (high - low)`` in ``[0, 1]``.

Returns are paid only at the end (the reward model is terminal): before that
they are all 0.

>>> from ofrenda_rules.registry import get_game
>>> from ofrenda_rules.bots.utility import Payoff, utility_bounds
>>> game = get_game("dia_de_los_muertos")
>>> utility_bounds(game, game.config_type(players=4))
UtilityBounds(minimum=0.0, maximum=1.0, total=None)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from ofrenda_rules.game import GameDefinition, OutcomeLike

__all__ = ["Payoff", "UtilityBounds", "normalised_points", "returns", "utility_bounds", "win_shares"]

AnyGame = GameDefinition[Any, Any, Any, Any, Any]


class Payoff(enum.Enum):
    """Which payoff :func:`returns` pays."""

    WIN_SHARE = "win_share"
    """Each winner gets ``1 / number of winners``; the others 0."""
    POINTS = "points"
    """Each seat's points, normalised by the game's score bounds to ``[0, 1]``."""


@attrs.frozen
class UtilityBounds:
    """The range of one seat's return, and the constant total of all seats' returns if there is one."""

    minimum: float
    """The least return of one seat."""
    maximum: float
    """The greatest return of one seat."""
    total: float | None
    """The sum of every seat's returns when it is the same in every finished game, else ``None``."""


def win_shares(outcome: OutcomeLike, players: int) -> tuple[float, ...]:
    """Each seat's share of the win: ``1 / len(winners)`` for a winner, 0 for the others.

    >>> import attrs
    >>> @attrs.frozen
    ... class Result:
    ...     scores: tuple[int, ...]
    ...     ranks: tuple[int, ...]
    ...     winners: tuple[int, ...]
    >>> win_shares(Result((5, 5, 2), (1, 1, 3), (0, 1)), 3)
    (0.5, 0.5, 0.0)
    """
    winners = outcome.winners
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(players))


def normalised_points(scores: tuple[int, ...], bounds: tuple[int, int]) -> tuple[float, ...]:
    """Each score mapped from ``bounds`` (inclusive) to ``[0, 1]``.

    >>> normalised_points((0, 5, 10), (0, 10))
    (0.0, 0.5, 1.0)
    """
    low, high = bounds
    span = high - low
    if span <= 0:
        return tuple(0.0 for _ in scores)
    return tuple((score - low) / span for score in scores)


def returns(game: AnyGame, state: Any, payoff: Payoff = Payoff.WIN_SHARE) -> tuple[float, ...]:
    """Every seat's return in ``state``: the payoff when the game is over, else zeros."""
    config = state.config
    players: int = config.players
    if not game.is_over(state):
        return tuple(0.0 for _ in range(players))
    outcome = game.outcome(state)
    if payoff is Payoff.WIN_SHARE:
        return win_shares(outcome, players)
    return normalised_points(outcome.scores, game.score_bounds(config))


def utility_bounds(game: AnyGame, config: Any, payoff: Payoff = Payoff.WIN_SHARE) -> UtilityBounds:
    """The bounds of :func:`returns` under ``config`` (OpenSpiel's ``MinUtility``, ``MaxUtility``, ``UtilitySum``)."""
    return UtilityBounds(minimum=0.0, maximum=1.0, total=None)
