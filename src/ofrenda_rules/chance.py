"""Players, chance events and how seeded games resolve them.

Every game uses one representation of "whose decision is it":

* a seat index ``0 .. players-1`` -- that player must act;
* :data:`CHANCE` (``-1``) -- a chance event (a shuffle step, a draw, a die
  roll) must be resolved: ``legal_actions`` lists its outcomes and
  ``chance_outcomes`` gives them with exact probabilities;
* :data:`TERMINAL` (``-4``) -- the game is over.

The values follow OpenSpiel's ``kChancePlayerId`` and ``kTerminalPlayerId``.

A game created with a seed (``new_game(config, seed=7)``) resolves each chance
event itself, inside ``new_game`` and ``apply``, with the counter-based
:class:`~ofrenda_rules.rng.Rng` kept in the state, so callers only ever see
player decisions. A game created with ``seed=None`` stops at every chance
event, and the caller supplies the outcome as an action (from physical dice,
another client's RNG, or a test's chosen deal); the engine validates it like
any other action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, TypeVar, cast

from ofrenda_rules.copying import evolve
from ofrenda_rules.rng import Rng

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ChanceWeights",
    "PlayerId",
    "SeededState",
    "actor_name",
    "probabilities",
    "settle",
]

PlayerId = int
"""A seat index (``0`` is the first seat), or :data:`CHANCE`, or :data:`TERMINAL`."""

CHANCE: Final[PlayerId] = -1
"""``current_player`` when a chance event must be resolved."""

TERMINAL: Final[PlayerId] = -4
"""``current_player`` when the game is over."""

A = TypeVar("A")


def actor_name(player: PlayerId) -> str:
    """Who makes a step, in words, as logs and the replay viewer name it.

    >>> actor_name(2), actor_name(CHANCE)
    ('seat 2', 'chance')
    """
    return "chance" if player == CHANCE else f"seat {player}"


class SeededState(Protocol):
    """A state that may carry the generator that resolves its chance events."""

    @property
    def rng(self) -> Rng | None:
        """The generator, or ``None`` when the caller supplies chance outcomes."""
        ...


S = TypeVar("S", bound=SeededState)

ChanceWeights = tuple[tuple[A, ...], tuple[int, ...]]
"""The outcomes of a chance event and their positive integer weights."""


def probabilities(weights: ChanceWeights[A]) -> tuple[tuple[A, Fraction], ...]:
    """Turn integer-weighted outcomes into exact probabilities.

    >>> probabilities((("heads", "tails"), (1, 1)))
    (('heads', Fraction(1, 2)), ('tails', Fraction(1, 2)))
    """
    outcomes, ints = weights
    total = sum(ints)
    return tuple((o, Fraction(w, total)) for o, w in zip(outcomes, ints, strict=True))


def settle(
    state: S,
    current_player: Callable[[S], PlayerId],
    chance_weights: Callable[[S], ChanceWeights[A]],
    apply_outcome: Callable[[S, A], S],
) -> S:
    """Resolve chance events with the state's own generator until a decision.

    Does nothing for an unseeded state (``rng is None``): the caller then
    supplies each outcome. The pick is ``Rng.choose`` over the weights, in the
    order of ``legal_actions``, which is part of the specified algorithm; an
    event with a single possible outcome draws nothing from the generator.
    """
    rng = state.rng
    if rng is None:
        return state
    while current_player(state) == CHANCE:
        outcomes, weights = chance_weights(state)
        index, rng = _choose(rng, weights)
        seeded: S = evolve(cast(Any, state), rng=rng)
        state = apply_outcome(seeded, outcomes[index])
    return state


def _choose(rng: Rng, weights: Sequence[int]) -> tuple[int, Rng]:
    if len(weights) == 1:
        return 0, rng
    return rng.choose(weights)
