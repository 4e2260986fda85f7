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
from functools import lru_cache
from math import lcm
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from ofrenda_rules.errors import ConfigError

__all__ = ["BLOCK", "MASK64", "Draws", "Rng", "below_each", "integer_weights", "words"]

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
    values = draws.below_each(bounds)
    return values, (rng if draws.counter == rng.counter else draws.rng())


def words(rng: Rng, count: int) -> tuple[int, ...]:
    """The next ``count`` words of ``rng``: what ``count`` calls of :meth:`Rng.next_u64` return, in order.

    The same SplitMix64 steps, made on all the words at once: the mixer's
    inputs are laid out 128 bits apart in one Python integer, so that each
    shift, exclusive or, mask and product by a 64-bit constant acts on every
    word in one operation (a word times a constant fits in its 128 bits; the
    bits a right shift brings down from the next word are masked off before
    each product). A run of 16 words costs about as much as four drawn one by
    one.

    >>> [hex(word) for word in words(Rng(seed=0), 2)]
    ['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4']
    >>> words(Rng(seed=0, counter=1), 1) == words(Rng(seed=0), 2)[1:]
    True

    Raises:
        ValueError: for a negative count.

    """
    if count < 0:
        raise ValueError(f"words() needs a count of at least 0, not {count}")
    return _words(rng.seed, rng.counter, count) if count else ()


def _words(seed: int, counter: int, count: int) -> tuple[int, ...]:
    """Words ``counter + 1`` to ``counter + count`` of the stream ``seed`` (``count`` at least 1)."""
    repeat, mask, steps, layout = _LANES.get(count) or _lanes(count)
    x = (((seed + counter * _GAMMA) & MASK64) * repeat + steps) & mask
    z = (((x ^ (x >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z ^= z >> 31
    return layout.unpack(z.to_bytes(16 * count, "little"))


_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}
"""Per number of words: the constants of :func:`_words` (built once per count, see :func:`_lanes`)."""


def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """A one in each word's 128 bits, the 64-bit mask of each, ``i * GAMMA`` in word ``i - 1``, and the unpacker."""
    repeat = sum(1 << (128 * i) for i in range(count))
    steps = sum(((i + 1) * _GAMMA) << (128 * i) for i in range(count))
    lanes = _LANES[count] = (repeat, MASK64 * repeat, steps, struct.Struct("<" + "Q8x" * count))
    return lanes


BLOCK: Final = 16
"""Words per block of :class:`Draws`: words ``16 * b + 1`` to ``16 * b + 16`` of a stream make block ``b``."""


@lru_cache(maxsize=256)
def _block(seed: int, index: int) -> tuple[int, ...]:
    """Block ``index`` of the stream ``seed`` (remembered: the next draws of a stream are usually in it)."""
    return _words(seed, index * BLOCK, BLOCK)


class Draws:
    """A run of ``Rng.below`` draws on two integers, without a generator object per draw.

    The numbers are exactly those of :meth:`Rng.below` drawn in the same order
    (tested draw by draw, rejections included); :meth:`rng` gives the
    generator after the last draw. Games use it for seeded draws made inside
    ``apply`` (see :func:`ofrenda_rules.chance.settle`). The words are those of
    :meth:`Rng.next_u64`, computed :data:`BLOCK` at a time by :func:`words`;
    the blocks last used are remembered (a bounded cache of values that depend
    only on the seed and the block's number, so a state never carries them), so
    the next draws of the same stream, such as the next step of a seeded game,
    find their words already computed. A block costs about four draws made one
    by one; a draw from a computed block about a fifth of one.

    >>> draws = Draws(Rng(seed=42))
    >>> [draws.below(6) for _ in range(5)], draws.rng()
    ([1, 1, 0, 0, 4], Rng(seed=42, counter=5))
    """

    __slots__ = ("_first", "_words", "counter", "seed")

    def __init__(self, rng: Rng) -> None:
        self.seed = rng.seed
        """The generator's seed."""
        self.counter = rng.counter
        """Words drawn so far, as :attr:`Rng.counter` counts them."""
        self._first = rng.counter & ~(BLOCK - 1)  # the counter at the start of the block in hand
        self._words = _block(rng.seed, rng.counter // BLOCK)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, as ``Rng.below(n)`` draws it.

        Raises:
            ValueError: for a bound that is not positive.

        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = _LIMITS[n] if n < len(_LIMITS) else (_SPAN // n) * n
        counter = self.counter
        offset = counter - self._first
        while True:
            if offset == BLOCK:
                self._next_block(counter)
                offset = 0
            z = self._words[offset]
            counter += 1
            offset += 1
            if z < limit:
                self.counter = counter
                return z % n

    def below_each(self, bounds: Sequence[int]) -> list[int]:
        """``below(b)`` for each of ``bounds`` in turn (the same values and counter), in one call.

        >>> draws = Draws(Rng(seed=42))
        >>> draws.below_each([6, 6, 6]), draws.below(6), draws.counter
        ([1, 1, 0], 0, 4)

        Raises:
            ValueError: for a bound that is not positive (the draws before it are made).

        """
        values = []
        counter = self.counter
        offset = counter - self._first
        words = self._words
        for n in bounds:
            if n <= 0:
                self.counter = counter
                raise ValueError(f"below() needs a positive bound, not {n}")
            limit = _LIMITS[n] if n < len(_LIMITS) else (_SPAN // n) * n
            while True:
                if offset == BLOCK:
                    words = self._next_block(counter)
                    offset = 0
                z = words[offset]
                counter += 1
                offset += 1
                if z < limit:
                    values.append(z % n)
                    break
        self.counter = counter
        return values

    def _next_block(self, counter: int) -> tuple[int, ...]:
        """Take the block that starts after word ``counter`` (a multiple of :data:`BLOCK`)."""
        self._first = counter
        self._words = words = _block(self.seed, counter // BLOCK)
        return words

    def rng(self) -> Rng:
        """The generator after the draws made so far."""
        return _advanced(self.seed, self.counter)


def integer_weights(probabilities: Sequence[Fraction]) -> tuple[int, ...]:
    """Scale exact probabilities to the smallest integer weights.

    >>> integer_weights([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    (3, 2, 1)
    """
    denominator = lcm(*(p.denominator for p in probabilities))
    return tuple(int(p * denominator) for p in probabilities)
