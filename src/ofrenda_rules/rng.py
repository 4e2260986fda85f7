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

import struct
from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from ofrenda_rules.errors import ConfigError

__all__ = ["MASK64", "Draws", "Rng", "below_each", "integer_weights"]

MASK64 = (1 << 64) - 1
"""Mask that reduces an integer modulo 2**64."""
T = TypeVar("T")
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


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
        z = (self.seed + counter * _GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
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


if TYPE_CHECKING:

    class _Advancing:
        """Seen by the type checker as a plain class with two assignable fields."""

        seed: int
        counter: int

else:

    class _Advancing(Rng):
        """A ``Rng`` being built: the same layout, its two slots set by plain assignment (see :func:`_advanced`)."""

        __slots__ = ()
        __init__ = object.__init__  # built empty: ``_Advancing()``
        __setattr__ = object.__setattr__
        __delattr__ = object.__delattr__  # both, or CPython dispatches every store through a Python-level lookup


def _advanced(seed: int, counter: int) -> Rng:
    """A generator known valid (a valid seed, a counter that only grows), built without re-validation.

    Its two slots are stored directly (what ``__init__`` stores, without the validators), then it
    becomes a ``Rng`` by a switch of class: a third of the cost of calling each slot's setter.
    """
    rng = _Advancing()
    rng.seed = seed
    rng.counter = counter
    rng.__class__ = Rng  # type: ignore[assignment]  # the switch of class described above
    return rng  # type: ignore[return-value]  # a ``Rng`` now (``typing.cast`` would be a call per generator)


_SPAN: Final = MASK64 + 1
_LIMITS: Final = tuple((_SPAN // n) * n if n else 0 for n in range(65))
"""The rejection limit of ``below(n)`` for small ``n``: the largest multiple of ``n`` not above ``2**64``."""

# -- words worked out in blocks ------------------------------------------------------------------
#
# A word mixed in Python integers costs about 5k instructions: thirteen operations on 64-bit
# integers, each a generic call that allocates its result. The same operations on one integer
# holding ``_BLOCK`` words in lanes of 128 bits (a word in the low 64 bits of each lane, room above
# it for a 64-bit product) mix every lane at once: a lane's bits never reach the next lane, the
# right shifts' spill into the lane below is masked off before it is multiplied. A block costs
# about 1.7k instructions a word. The words of a stream are kept per seed (a bounded table), so
# a game's successive draws, one ``Draws`` per step, find theirs already mixed.

_BLOCK: Final = 16
"""Words mixed at once."""
_LANE_ONES: Final = sum(1 << (128 * lane) for lane in range(_BLOCK))
_LANE_MASK: Final = MASK64 * _LANE_ONES
_LANE_STEPS: Final = sum((lane * _GAMMA) << (128 * lane) for lane in range(_BLOCK))
_UNPACK: Final = struct.Struct("<" + "Q8x" * _BLOCK).unpack
_MOST_WORDS: Final = 1024
"""Words kept per seed; the words after them are mixed one at a time."""
_MOST_SEEDS: Final = 256
_STREAMS: dict[int, tuple[int, ...]] = {}
"""The first words of recently used streams, by seed: word ``n`` (counting from 1) at index ``n - 1``."""


def _mixed_block(seed: int, first: int) -> tuple[int, ...]:
    """Words ``first`` to ``first + _BLOCK - 1`` (counting from 1) of the stream of ``seed``, as ``next_u64``."""
    x = ((((seed + first * _GAMMA) & MASK64) * _LANE_ONES) + _LANE_STEPS) & _LANE_MASK
    x = (x ^ (x >> 30)) & _LANE_MASK
    x = (x * _MIX1) & _LANE_MASK
    x = (x ^ (x >> 27)) & _LANE_MASK
    x = (x * _MIX2) & _LANE_MASK
    x ^= x >> 31
    return _UNPACK(x.to_bytes(16 * _BLOCK, "little"))


def _stream(seed: int, count: int) -> tuple[int, ...]:
    """At least the first ``count`` words (``count <= _MOST_WORDS``) of the stream of ``seed``, kept for the next use.

    A tuple is only ever replaced by a longer one, so a reader holding the
    old one (another thread's ``Draws``) still reads correct words.
    """
    words = _STREAMS.get(seed, ())
    while len(words) < count:
        words += _mixed_block(seed, len(words) + 1)
    if seed not in _STREAMS and len(_STREAMS) >= _MOST_SEEDS:
        _STREAMS.pop(next(iter(_STREAMS)), None)  # the oldest stream goes
    _STREAMS[seed] = words
    return words


def _mix(seed: int, counter: int) -> int:
    """Word ``counter`` (counting from 1) of the stream of ``seed``, mixed alone."""
    z = (seed + counter * _GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31)


class Draws:
    """A run of ``Rng.below`` draws on two integers, without a generator object per draw.

    The numbers are exactly those of :meth:`Rng.below` drawn in the same order
    (tested draw by draw, rejections included); :meth:`rng` gives the
    generator after the last draw. Games use it for seeded draws made inside
    ``apply`` (see :func:`ofrenda_rules.chance.settle`). The words are those of
    :meth:`Rng.next_u64`, mixed several at a time and kept per seed for the
    next ``Draws`` of the same stream.

    >>> draws = Draws(Rng(seed=42))
    >>> [draws.below(6) for _ in range(5)], draws.rng()
    ([1, 1, 0, 0, 4], Rng(seed=42, counter=5))
    """

    __slots__ = ("_words", "counter", "seed")

    def __init__(self, rng: Rng) -> None:
        self.seed = rng.seed
        """The generator's seed."""
        self.counter = rng.counter
        """Words drawn so far, as :attr:`Rng.counter` counts them."""
        self._words = _STREAMS.get(rng.seed, ())
        # the stream's words mixed so far (word ``n`` at index ``n - 1``), extended when a draw needs more

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, as ``Rng.below(n)`` draws it.

        Raises:
            ValueError: for a bound that is not positive.

        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = _LIMITS[n] if n < len(_LIMITS) else (_SPAN // n) * n
        words, counter = self._words, self.counter
        while True:
            z = words[counter] if counter < len(words) else self._word(counter)
            counter += 1
            if z < limit:
                self.counter = counter
                return z % n

    def _word(self, index: int) -> int:
        """Word ``index + 1`` of the stream (past the words at hand): from a longer kept stream, or mixed alone."""
        if index < _MOST_WORDS:
            words = self._words = _stream(self.seed, index + 1)
            return words[index]
        return _mix(self.seed, index + 1)

    def rng(self) -> Rng:
        """The generator after the draws made so far."""
        return _advanced(self.seed, self.counter)


def below_each(rng: Rng, bounds: Sequence[int]) -> tuple[list[int], Rng]:
    """``rng.below(b)`` for each of ``bounds`` in turn: the same values and the same final generator.

    One :class:`Draws` instead of a new :class:`Rng` per draw (a seeded deal of
    48 cards draws about twice as fast).

    >>> below_each(Rng(seed=42), [6, 6, 6])
    ([1, 1, 0], Rng(seed=42, counter=3))

    Raises:
        ValueError: for a bound that is not positive.

    """
    draws = Draws(rng)
    values = [draws.below(bound) for bound in bounds]
    return values, (rng if draws.counter == rng.counter else draws.rng())


def integer_weights(probabilities: Sequence[Fraction]) -> tuple[int, ...]:
    """Scale exact probabilities to the smallest integer weights.

    >>> integer_weights([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    (3, 2, 1)
    """
    denominator = lcm(*(p.denominator for p in probabilities))
    return tuple(int(p * denominator) for p in probabilities)
