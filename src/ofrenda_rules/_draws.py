"""The draws of :mod:`ofrenda_rules.rng`: SplitMix64 words computed in blocks, and ``below`` on them.

:mod:`ofrenda_rules.rng` re-exports what is public here (:class:`Draws`,
:func:`below_each`, :func:`words`, :data:`BLOCK`, :data:`MASK64`); import them
from there. This module holds the integer work of the generator, apart from
the :class:`~ofrenda_rules.rng.Rng` value class, so that the compiled build
can compile it (docs/performance.md, Builds): it imports nothing of the
package at run time, and makes each generator it returns through the function
that :mod:`ofrenda_rules.rng` gives it on import (:func:`use_generator`).

>>> from ofrenda_rules.rng import Draws, Rng
>>> draws = Draws(Rng(seed=42))
>>> draws.below_each([6, 6]), draws.rng()
([1, 1], Rng(seed=42, counter=2))
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ofrenda_rules.rng import Rng

__all__ = ["BLOCK", "MASK64", "Draws", "below_each", "use_generator", "words"]

MASK64: Final = (1 << 64) - 1
"""Mask that reduces an integer modulo 2**64."""
GAMMA: Final = 0x9E3779B97F4A7C15
"""SplitMix64's increment: word ``n`` of a stream mixes ``seed + n * GAMMA``."""
MIX1: Final = 0xBF58476D1CE4E5B9
"""The first multiplier of SplitMix64's finaliser."""
MIX2: Final = 0x94D049BB133111EB
"""The second multiplier of SplitMix64's finaliser."""


_generator: Callable[[int, int], Rng]
"""Makes the generator of a stream at a counter, known valid (set by :func:`use_generator` when ``rng`` loads)."""


def use_generator(make: Callable[[int, int], Rng]) -> None:
    """Make each generator :meth:`Draws.rng` returns by ``make(seed, counter)`` (called once, by ``rng``)."""
    global _generator
    _generator = make


_SPAN: Final = MASK64 + 1
_LIMITS: Final = tuple((_SPAN // n) * n if n else 0 for n in range(65))
"""The rejection limit of ``below(n)`` for small ``n``: the largest multiple of ``n`` not above ``2**64``."""


def below_each(rng: Rng, bounds: Sequence[int]) -> tuple[list[int], Rng]:
    """``rng.below(b)`` for each of ``bounds`` in turn: the same values and the same final generator.

    One :class:`Draws` instead of a new :class:`Rng` per draw (a seeded deal of
    48 cards draws about twice as fast).

    >>> from ofrenda_rules.rng import Rng
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

    >>> from ofrenda_rules.rng import Rng
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
    x = (((seed + counter * GAMMA) & MASK64) * repeat + steps) & mask
    z = (((x ^ (x >> 30)) & mask) * MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * MIX2) & mask
    z ^= z >> 31
    return layout.unpack(z.to_bytes(16 * count, "little"))


_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}
"""Per number of words: the constants of :func:`_words` (built once per count, see :func:`_lanes`)."""


def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """A one in each word's 128 bits, the 64-bit mask of each, ``i * GAMMA`` in word ``i - 1``, and the unpacker."""
    repeat = sum(1 << (128 * i) for i in range(count))
    steps = sum(((i + 1) * GAMMA) << (128 * i) for i in range(count))
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

    >>> from ofrenda_rules.rng import Rng
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

        >>> from ofrenda_rules.rng import Rng
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
        return _generator(self.seed, self.counter)
