"""Tables computed once from the fixed geometry, for the hot paths of the rules.

Nothing here is a rule of its own: these are the lanes, pushes and actions of
:mod:`~ofrenda_rules.portents.components` and :mod:`~ofrenda_rules.portents.altar`
laid out for lookup (the tests check every table against the functions it
stands for).

* Interned actions: one object per distinct action (:data:`PUSHES`,
  :data:`PLACES`, :data:`LIGHTS`, ...) and one fraction per number of
  equally likely chance outcomes (:data:`ONE_IN`), so that listing actions
  allocates no action objects and no fractions, and a legal action can be
  recognised by identity.
* :class:`PushMove`: what each push does to the altar, as a permutation of the
  spaces (:data:`MOVES`).
* :func:`push_candidates`: the pushes the Burnt Offerings and the Kitty leave
  possible, for one pattern of lit spaces and forbidden sides.

>>> MOVES[PUSHES[Side.NORTH][0]].emptied
(2,)
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Final

import attrs

from ofrenda_rules.chance import Probability
from ofrenda_rules.portents.actions import ChooseFirst, DrawOmen, DrawTile, Light, Pass, Place, Push, Sacrifice
from ofrenda_rules.portents.components import SIDE_LANES, Side, Sign

__all__ = [
    "CHOOSE_FIRST",
    "DRAW_OMENS",
    "DRAW_TILES",
    "LIGHTS",
    "MOVES",
    "ONE_IN",
    "ALL_PUSHES",
    "PASS",
    "PUSH_SERIAL",
    "PLACES",
    "PUSHES",
    "SACRIFICES",
    "SHIFTS",
    "SIDE_BITS",
    "PushCandidates",
    "PushMove",
    "lane_cap",
    "lit_bits",
    "move_of",
    "push_candidates",
]

SHIFTS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (a, b, c) for a, b, c in product(range(4), repeat=3) if 1 <= a + b + c <= 3
)
"""Every way to push 1-3 tiles off a side's three lanes, in a fixed order."""

PUSHES: Final = {side: tuple(Push(side, shifts) for shifts in SHIFTS) for side in Side}
"""The pushes from each side, in :data:`SHIFTS` order (the objects ``legal_actions`` returns)."""
PASS: Final = Pass()
"""The one pass ``legal_actions`` returns."""
PLACES: Final = tuple(tuple(Place(space, sign) for sign in Sign) for space in range(9))
"""``PLACES[space][sign.index]``."""
LIGHTS: Final = tuple(Light(space) for space in range(9))
"""``LIGHTS[space]``; also every space, in order (the starting Burnt Offering)."""
SACRIFICES: Final = tuple(Sacrifice(sign) for sign in Sign)
"""``SACRIFICES[sign.index]``."""
DRAW_TILES: Final = tuple(DrawTile(sign) for sign in Sign)
"""``DRAW_TILES[sign.index]``."""
DRAW_OMENS: Final = tuple(DrawOmen(sign) for sign in Sign)
"""``DRAW_OMENS[sign.index]``."""
CHOOSE_FIRST: Final = (ChooseFirst(0), ChooseFirst(1))
"""Both outcomes of the draw for the first player, by seat."""

ONE_IN: Final = tuple(Probability(1, n) if n else Probability(0) for n in range(17))
"""``ONE_IN[n]``: the probability of one of ``n`` equally likely outcomes (``0`` for none), made once."""

SIDE_BITS: Final = {side: 1 << i for i, side in enumerate(Side)}
"""One bit per side, for sets of forbidden sides."""


@attrs.frozen
class PushMove:
    """What a push does, as in :func:`~ofrenda_rules.portents.altar.apply_push`."""

    source: tuple[int, ...]
    """For each space, the space its tile comes from (9 when none, and the space is emptied)."""
    off: tuple[int, ...]
    """The spaces whose tiles are pushed off, in the order ``apply_push`` lists them."""
    emptied: tuple[int, ...]
    """The emptied spaces, lane by lane, the deepest first."""
    triple: tuple[int, int, int] | None
    """The three spaces pushed off when the push takes 3 tiles, else ``None``."""
    caps: tuple[int, int, int]
    """The shifts (the push needs each lane to allow as many)."""


def _move(side: Side, shifts: tuple[int, int, int]) -> PushMove:
    source = list(range(9))
    off: list[int] = []
    emptied: list[int] = []
    for j, shift in enumerate(shifts):
        if not shift:
            continue
        q = SIDE_LANES[side][j]
        off.extend(q[depth] for depth in range(3 - shift, 3))
        for depth in (2, 1, 0):
            source[q[depth]] = q[depth - shift] if depth >= shift else 9
        emptied.extend(q[depth] for depth in range(shift - 1, -1, -1))
    triple = (off[0], off[1], off[2]) if len(off) == 3 else None
    return PushMove(tuple(source), tuple(off), tuple(emptied), triple, shifts)


MOVES: Final = {push: _move(push.side, push.shifts) for side in Side for push in PUSHES[side]}
"""What each push does."""
_MOVES_BY_ID: Final = {id(push): move for push, move in MOVES.items()}


def move_of(push: Push) -> PushMove:
    """What a legal ``push`` does (interned pushes are found by identity)."""
    return _MOVES_BY_ID.get(id(push)) or MOVES[push]


def lit_bits(lit: tuple[bool, ...]) -> int:
    """The lit spaces as a bit mask (bit ``s`` for space ``s``)."""
    bits = _LIT_BITS.get(lit)
    return _lit_bits_slow(lit) if bits is None else bits


def _lit_bits_slow(lit: tuple[bool, ...]) -> int:
    return sum(1 << space for space, flag in enumerate(lit) if flag)


_LIT_BITS: Final = {tuple(bool(bits >> s & 1) for s in range(9)): bits for bits in range(512)}


ALL_PUSHES: Final = tuple(push for side in Side for push in PUSHES[side])
"""Every push, sides north, east, south, west; a push's position here is its serial number."""
PUSH_SERIAL: Final = {id(push): serial for serial, push in enumerate(ALL_PUSHES)}
"""The serial number of each interned push, by identity (the interned pushes live as long as the module)."""


@attrs.frozen
class PushCandidates:
    """The pushes a pattern of Burnt Offerings and forbidden sides allows, before the hand rule."""

    pushes: tuple[Push, ...]
    """Every push whose lanes the Burnt Offerings leave open, sides north, east, south, west."""
    bits: int
    """The pushes as a bit mask of their serial numbers (see :data:`PUSH_SERIAL`)."""
    triples: tuple[tuple[int, int, int, int, tuple[int, ...]], ...]
    """Each distinct triple of spaces some 3-tile push takes off, with those pushes as a bit mask and as
    their positions in :attr:`pushes`."""


_SidePushes = tuple[tuple[Push, ...], int, tuple[tuple[tuple[int, int, int], int, int], ...]]
"""A side's pushes open under given lane caps: the pushes, their serial bits, and each 3-tile push's sorted
triple, bit and position among the pushes."""


@cache
def push_candidates(lit: int, forbidden: int) -> PushCandidates:
    """The pushes open with Burnt Offerings on ``lit`` (a bit mask) and no push from the ``forbidden`` sides.

    At most 512 x 16 patterns, each computed once, from the pushes each side allows under its lanes' caps
    (``_side_pushes``, at most 4 x 64 of them).
    """
    found: list[Push] = []
    bits = 0
    triples: dict[tuple[int, int, int], list[int]] = {}  # a triple's pushes' bits, then their positions
    for side_bit, lanes in _SIDES:
        if forbidden & side_bit:
            continue
        caps = lane_cap(lit, lanes[0]), lane_cap(lit, lanes[1]), lane_cap(lit, lanes[2])
        pushes, side_bits, side_triples = _side_pushes(side_bit, *caps)
        offset = len(found)
        for triple, bit, position in side_triples:
            entry = triples.get(triple)
            if entry is None:
                triples[triple] = [bit, offset + position]
            else:
                entry[0] |= bit
                entry.append(offset + position)
        found.extend(pushes)
        bits |= side_bits
    return PushCandidates(
        tuple(found), bits, tuple([(a, b, c, entry[0], tuple(entry[1:])) for (a, b, c), entry in triples.items()])
    )


def lane_cap(lit: int, lane: tuple[int, int, int]) -> int:
    """How many tiles may be pushed off ``lane`` (listed from its side) with Burnt Offerings on ``lit``.

    As :func:`~ofrenda_rules.portents.altar.max_shift`: the offering nearest the far edge stops the push.

    >>> lane_cap(0b000001000, (0, 3, 6)), lane_cap(0, (0, 3, 6))
    (1, 3)
    """
    if lit >> lane[2] & 1:
        return 0
    if lit >> lane[1] & 1:
        return 1
    return 2 if lit >> lane[0] & 1 else 3


@cache
def _side_pushes(side_bit: int, c0: int, c1: int, c2: int) -> _SidePushes:
    """The pushes from the side of ``side_bit`` that take at most ``c0``, ``c1``, ``c2`` tiles off its lanes.

    Remembered (at most 4 x 64 cases); the side by its bit, which hashes faster than the enum member.
    """
    pushes: list[Push] = []
    bits = 0
    triples: list[tuple[tuple[int, int, int], int, int]] = []
    for push, s0, s1, s2, bit, triple in _SIDE_ROWS[side_bit]:
        if s0 > c0 or s1 > c1 or s2 > c2:
            continue
        if triple is not None:
            triples.append((triple, bit, len(pushes)))
        pushes.append(push)
        bits |= bit
    return tuple(pushes), bits, tuple(triples)


def _sorted_triple(triple: tuple[int, int, int] | None) -> tuple[int, int, int] | None:
    if triple is None:
        return None
    a, b, c = sorted(triple)
    return a, b, c


_SIDE_ROWS: Final = {
    SIDE_BITS[side]: tuple(
        (push, *MOVES[push].caps, 1 << PUSH_SERIAL[id(push)], _sorted_triple(MOVES[push].triple))
        for push in PUSHES[side]
    )
    for side in Side
}
"""For each side's bit: each of its pushes with its shifts, its serial bit and its sorted 3-tile triple."""
_SIDES: Final = tuple((SIDE_BITS[side], SIDE_LANES[side]) for side in Side)
"""For each side: its bit and its lanes."""
