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
    "Probability",
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

    Seats are named as people count them, from 1 (``player`` stays 0-based).

    >>> actor_name(2), actor_name(CHANCE)
    ('Seat 3', 'chance')
    """
    return "chance" if player == CHANCE else f"Seat {player + 1}"


class SeededState(Protocol):
    """A state that may carry the generator that resolves its chance events."""

    @property
    def rng(self) -> Rng | None:
        """The generator, or ``None`` when the caller supplies chance outcomes."""
        ...


S = TypeVar("S", bound=SeededState)

ChanceWeights = tuple[tuple[A, ...], tuple[int, ...]]
"""The outcomes of a chance event and their positive integer weights."""


_Op = TypeVar("_Op", bound=Callable[..., Any])


def _like(exact: _Op, fast: Callable[[Probability, Any], object]) -> _Op:
    """``fast`` in place of the ``Fraction`` operator ``exact`` (whose signature it keeps for type checkers).

    Each fast operator answers a ``float`` operand from :attr:`Probability.as_float`
    exactly as ``Fraction`` does (it converts itself to ``float``), and hands
    any other operand to ``exact``.
    """
    fast.__name__ = fast.__qualname__ = exact.__name__
    fast.__doc__ = f"``Fraction.{exact.__name__}``, with a fast path for a ``float`` operand (the same result)."
    return cast(_Op, fast)


def _add(self: Probability, other: Any) -> object:
    return self.as_float + other if other.__class__ is float else Fraction.__add__(self, other)


def _radd(self: Probability, other: Any) -> object:
    return other + self.as_float if other.__class__ is float else Fraction.__radd__(self, other)


def _sub(self: Probability, other: Any) -> object:
    return self.as_float - other if other.__class__ is float else Fraction.__sub__(self, other)


def _rsub(self: Probability, other: Any) -> object:
    return other - self.as_float if other.__class__ is float else Fraction.__rsub__(self, other)


def _mul(self: Probability, other: Any) -> object:
    return self.as_float * other if other.__class__ is float else Fraction.__mul__(self, other)


def _rmul(self: Probability, other: Any) -> object:
    return other * self.as_float if other.__class__ is float else Fraction.__rmul__(self, other)


def _truediv(self: Probability, other: Any) -> object:
    return self.as_float / other if other.__class__ is float else Fraction.__truediv__(self, other)


def _rtruediv(self: Probability, other: Any) -> object:
    return other / self.as_float if other.__class__ is float else Fraction.__rtruediv__(self, other)


class Probability(Fraction):
    """An exact probability (a :class:`~fractions.Fraction`) that is also quick to use with floats.

    It is a ``Fraction`` in every way: equal to, hashed like and computed with
    exactly as the same ``Fraction``, and ``Fraction`` arithmetic on it gives
    plain ``Fraction`` results. It also keeps its ``float`` value, so that
    arithmetic with a ``float`` operand, which ``Fraction`` answers by
    converting to ``float`` (``float(p) - u``), skips ``Fraction``'s generic
    numeric-tower dispatch: drawing an outcome from ``chance_outcomes`` with a
    float ``u`` (``u -= p`` until ``u < 0``) costs about a tenth as much. The
    results are bit for bit those of ``Fraction``. Comparisons stay exact.

    >>> p = Probability(1, 3)
    >>> p == Fraction(1, 3), p + p, 0.5 - p == 0.5 - Fraction(1, 3)
    (True, Fraction(2, 3), True)
    >>> float(p)
    0.3333333333333333
    """

    __slots__ = ("as_float",)

    as_float: float
    """The probability as the nearest ``float`` (``float(self)``)."""

    def __new__(cls, numerator: int | str | Fraction = 0, denominator: int | None = None) -> Probability:
        """A probability of ``numerator / denominator``, or of a ``Fraction`` or its text (as ``Fraction`` takes them).

        Raises:
            ValueError: when the value is outside ``[0, 1]``.

        """
        if isinstance(numerator, str):
            if denominator is not None:
                raise TypeError("a probability given as text takes no denominator")
            self = super().__new__(cls, numerator)
        else:
            self = super().__new__(cls, numerator, denominator)
        if not 0 <= self.numerator <= self.denominator:
            raise ValueError(f"a probability lies in [0, 1], not {self}")
        self.as_float = self.numerator / self.denominator
        return self

    def __float__(self) -> float:
        """The nearest ``float``, as ``float(Fraction(...))`` gives it."""
        return self.as_float

    __add__ = _like(Fraction.__add__, _add)
    __radd__ = _like(Fraction.__radd__, _radd)
    __sub__ = _like(Fraction.__sub__, _sub)
    __rsub__ = _like(Fraction.__rsub__, _rsub)
    __mul__ = _like(Fraction.__mul__, _mul)
    __rmul__ = _like(Fraction.__rmul__, _rmul)
    __truediv__ = _like(Fraction.__truediv__, _truediv)
    __rtruediv__ = _like(Fraction.__rtruediv__, _rtruediv)


def probabilities(weights: ChanceWeights[A]) -> tuple[tuple[A, Fraction], ...]:
    """Turn integer-weighted outcomes into exact probabilities (:class:`Probability` values).

    >>> probabilities((("heads", "tails"), (1, 1)))
    (('heads', Probability(1, 2)), ('tails', Probability(1, 2)))
    """
    outcomes, ints = weights
    total = sum(ints)
    return tuple((o, Probability(w, total)) for o, w in zip(outcomes, ints, strict=True))


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
