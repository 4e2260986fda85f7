"""The library's documented, counter-based random number generator.

Seeded games resolve their chance events with :class:`Rng`, whose whole state
is two integers (the seed and a counter) stored inside the game state. The
algorithm is fixed and specified here so that a client in any language can
reproduce every draw:

``next_u64``
    The counter is incremented by one, then ``z = (seed + counter *
    0x9E3779B97F4A7C15) mod 2**64`` is mixed with the SplitMix64 finaliser::

        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
        z =  z ^ (z >> 31)

    The ``n``-th output (counting from 1) is therefore exactly the ``n``-th
    output of the reference SplitMix64 generator started from ``seed``.

``below(n)``
    A uniform integer in ``[0, n)`` by rejection: ``limit = (2**64 // n) * n``;
    draw ``x = next_u64()`` until ``x < limit``; return ``x % n``.

``choose(weights)``
    Given positive integer weights ``w_0 .. w_k`` (the outcomes of a chance
    event in the order of ``legal_actions``, probabilities scaled by the least
    common denominator), draw ``r = below(sum(w))`` and return the first index
    ``i`` whose running total ``w_0 + ... + w_i`` exceeds ``r``. For a uniform
    event of ``n`` outcomes this is simply ``below(n)``.

Test vectors (seed 0, then seed 42):

>>> rng = Rng(seed=0)
>>> value, rng = rng.next_u64()
>>> hex(value)
'0xe220a8397b1dcdaf'
>>> value, rng = rng.next_u64()
>>> hex(value)
'0x6e789e6aa1b965f4'
>>> rng.counter
2
>>> draws = []
>>> rng = Rng(seed=42)
>>> for _ in range(5):
...     value, rng = rng.below(6)
...     draws.append(value)
>>> draws
[1, 1, 0, 0, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm
from typing import Final, TypeVar

import attrs

from ofrenda_rules import _draws
from ofrenda_rules._draws import GAMMA, MIX1, MIX2, use_generator
from ofrenda_rules._draws import Draws as Draws
from ofrenda_rules._draws import below_each as below_each
from ofrenda_rules._draws import words as words
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.fast_state import constructor

__all__ = ["BLOCK", "MASK64", "Draws", "Rng", "below_each", "decision_seed", "integer_weights", "words"]

MASK64: Final = _draws.MASK64
"""Mask that reduces an integer modulo 2**64."""
BLOCK: Final = _draws.BLOCK
"""Words per block of :class:`Draws`: words ``16 * b + 1`` to ``16 * b + 16`` of a stream make block ``b``."""
T = TypeVar("T")


def _check_seed(instance: Rng, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MASK64:
        raise ConfigError(f"{attribute.name} must be an integer in [0, 2**64), not {value!r}")


@attrs.frozen
class Rng:
    """An immutable counter-based generator: every draw returns a new ``Rng``.

    ``Rng(seed=s)`` starts a stream; ``counter`` counts the 64-bit words drawn.
    """

    seed: int = attrs.field(validator=_check_seed)
    """The seed, an integer in ``[0, 2**64)``."""
    counter: int = attrs.field(default=0, validator=_check_seed)
    """How many 64-bit words have been drawn from this stream."""

    def next_u64(self) -> tuple[int, Rng]:
        """Draw one 64-bit word; return it and the advanced generator."""
        counter = self.counter + 1
        z = (self.seed + counter * GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31), _advanced(self.seed, counter)

    def below(self, n: int) -> tuple[int, Rng]:
        """Draw a uniform integer in ``[0, n)`` (rejection sampling, see :meth:`Draws.below`).

        >>> Rng(seed=7).below(1)[0]
        0
        """
        draws = Draws(self)
        return draws.below(n), draws.rng()

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], Rng]:
        """A Fisher-Yates shuffle of ``items`` (from the last position down, ``below(i + 1)`` each).

        >>> Rng(seed=1).shuffled([1, 2, 3, 4, 5])[0]
        [3, 2, 5, 4, 1]
        """
        pool = list(items)
        rng = self
        for i in range(len(pool) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        return pool, rng

    def choose(self, weights: Sequence[int]) -> tuple[int, Rng]:
        """Pick an index with probability proportional to integer ``weights``.

        >>> Rng(seed=3).choose([0, 5, 0])[0]
        1
        """
        total = sum(weights)
        r, rng = self.below(total)
        running = 0
        for index, weight in enumerate(weights):
            running += weight
            if r < running:
                return index, rng
        raise AssertionError("unreachable: r < total")  # pragma: no cover


_advanced: Final[Callable[[int, int], Rng]] = constructor(Rng, trusted=True)
"""A generator known valid (a valid seed, a counter that only grows), built without re-validation.

The kernel's fast constructor (:func:`~ofrenda_rules.fast_state.constructor`): its two slots are stored
directly, without the validators, then it is frozen into a ``Rng``.
"""


use_generator(_advanced)


def decision_seed(seed: int, key: int, seat: int) -> int:
    """The seed of a bot's draws at one decision: from the bot's ``seed``, a public ``key`` and the ``seat``.

    A bot that searches drawn futures seeds them here, never from the state's
    own generator; ``key`` is made of what every seat sees (a count of cards
    left, the turns played), so two states the seat cannot tell apart get the
    same draws and the same move. With ``key`` 0 it is a seat's bot seed.

    >>> decision_seed(7, 3, 0) != decision_seed(7, 3, 1) != decision_seed(7, 4, 1)
    True
    """
    return (seed * GAMMA + key * 8 + seat + 1) & MASK64


def integer_weights(probabilities: Sequence[Fraction]) -> tuple[int, ...]:
    """Scale exact probabilities to the smallest integer weights.

    >>> integer_weights([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    (3, 2, 1)
    """
    denominator = lcm(*(p.denominator for p in probabilities))
    return tuple(int(p * denominator) for p in probabilities)
