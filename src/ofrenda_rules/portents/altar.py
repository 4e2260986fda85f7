"""Pure functions on the altar: Portents, pushes, lighting, snuffing, hands and fortunes.

The altar is a 9-tuple of signs (``None`` for an empty space) with a parallel
9-tuple of flags saying which tiles are Burnt Offerings. A Burnt Offering
shows its sign but its traits are null: it never helps make a Portent.

>>> from ofrenda_rules.portents.components import Sign as S
>>> altar = (S.RED_CLAW, S.RED_WING, S.RED_SKULL) + (None,) * 6
>>> portents(altar, (False,) * 9)
(Portent(lane=0, trait=<Trait.RED: 'red'>),)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Final

from ofrenda_rules.portents.components import LANE_SLOTS, LANES, LANES_THROUGH, SIDE_LANES, Side, Sign, Trait
from ofrenda_rules.portents.state import Portent

__all__ = [
    "Altar",
    "Lit",
    "apply_push",
    "can_light",
    "can_light_lanes",
    "fortune_counts",
    "hand_ok",
    "keep_masks",
    "keep_options",
    "lane_trait",
    "max_shift",
    "omens_collected",
    "portents",
    "possible_portent",
    "snuff",
    "tiles_on",
    "trait_of_bits",
]

Altar = tuple[Sign | None, ...]
"""Nine spaces, row by row from the north-west corner."""
Lit = tuple[bool, ...]
"""Nine flags -- which tiles are Burnt Offerings."""

_TRAITS: Final = tuple(Trait)


def trait_of_bits(bits: int) -> Trait:
    """The trait of the lowest set bit of a trait mask."""
    return _TRAITS[(bits & -bits).bit_length() - 1]


def lane_trait(altar: Altar, lit: Lit, lane: int) -> Trait | None:
    """The trait a lane's three unlit tiles share, or ``None`` when the lane is no Portent.

    Three distinct tiles share at most one trait, so a Portent has exactly one.
    """
    a, b, c = LANES[lane]
    x, y, z = altar[a], altar[b], altar[c]
    if x is None or y is None or z is None or lit[a] or lit[b] or lit[c]:
        return None
    bits = x.mask & y.mask & z.mask
    return trait_of_bits(bits) if bits else None


def portents(altar: Altar, lit: Lit) -> tuple[Portent, ...]:
    """Every Portent on the altar, in lane order (as :func:`lane_trait` finds them, lane by lane)."""
    # Written out space by space: no comprehension (a function and its frame per call) on this per-turn path.
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = altar
    m0 = 0 if a0 is None else a0.mask
    m1 = 0 if a1 is None else a1.mask
    m2 = 0 if a2 is None else a2.mask
    m3 = 0 if a3 is None else a3.mask
    m4 = 0 if a4 is None else a4.mask
    m5 = 0 if a5 is None else a5.mask
    m6 = 0 if a6 is None else a6.mask
    m7 = 0 if a7 is None else a7.mask
    m8 = 0 if a8 is None else a8.mask
    if True in lit:  # a Burnt Offering's traits are null
        l0, l1, l2, l3, l4, l5, l6, l7, l8 = lit
        m0 = 0 if l0 else m0
        m1 = 0 if l1 else m1
        m2 = 0 if l2 else m2
        m3 = 0 if l3 else m3
        m4 = 0 if l4 else m4
        m5 = 0 if l5 else m5
        m6 = 0 if l6 else m6
        m7 = 0 if l7 else m7
        m8 = 0 if l8 else m8
    # The eight lanes of LANES, in order (a test checks this against lane_trait); most altars show none.
    if not (
        m0 & m1 & m2
        or m3 & m4 & m5
        or m6 & m7 & m8
        or m0 & m3 & m6
        or m1 & m4 & m7
        or m2 & m5 & m8
        or m0 & m4 & m8
        or m2 & m4 & m6
    ):
        return ()
    shared = (
        m0 & m1 & m2,
        m3 & m4 & m5,
        m6 & m7 & m8,
        m0 & m3 & m6,
        m1 & m4 & m7,
        m2 & m5 & m8,
        m0 & m4 & m8,
        m2 & m4 & m6,
    )
    return tuple([_PORTENT[lane, bits & -bits] for lane, bits in enumerate(shared) if bits])


_PORTENT: Final = {(lane, trait.bit): Portent(lane, trait) for lane in range(len(LANES)) for trait in Trait}


def tiles_on(altar: Sequence[Sign | None], spaces: Iterable[int]) -> tuple[Sign, ...]:
    """The tiles on ``spaces``, in that order, leaving out the empty ones."""
    tiles: list[Sign] = []
    for space in spaces:  # (a loop, not a comprehension: this runs at every push)
        tile = altar[space]
        if tile is not None:
            tiles.append(tile)
    return tuple(tiles)


def possible_portent(altar: Altar, space: int) -> bool:
    """Whether the tile on ``space`` lies in a lane whose three tiles share a trait, lit or not.

    This is "part of any possible Portent" of the rulebook: a Burnt Offering
    for which this holds stays lit (flipping it, or it with the others of its
    lane, would make a Portent).
    """
    for lane in LANES_THROUGH[space]:
        a, b, c = LANES[lane]
        x, y, z = altar[a], altar[b], altar[c]
        if x is not None and y is not None and z is not None and x.mask & y.mask & z.mask:
            return True
    return False


def snuff(altar: Altar, lit: Lit, keep: Iterable[int], alone: bool = False) -> Lit:
    """Snuff every Burnt Offering (other than the spaces in ``keep``) that is no longer part of a possible Portent.

    By default an offering stays lit in a lane of three tiles sharing a trait, lit or not. With ``alone``
    (``Config.snuff_each_alone``, ruling 5) each is tested by itself against the same altar: it stays lit only
    in a lane whose two other tiles are unlit and share a trait with it.
    """
    if True not in lit:
        return lit
    kept = set(keep)
    flags = list(lit)
    if alone:
        masks = [0 if tile is None else tile.mask for tile in altar]
        unlit = [0 if flag else mask for mask, flag in zip(masks, lit, strict=True)]
        for space, flag in enumerate(lit):
            if flag and space not in kept:
                unlit[space] = masks[space]
                flags[space] = any(unlit[a] & unlit[b] & unlit[c] for a, b, c in _LANES_AT[space])
                unlit[space] = 0
        return tuple(flags)
    for space, flag in enumerate(lit):
        if flag and space not in kept:
            for a, b, c in _LANES_AT[space]:  # (a loop, not any() over a generator: this runs every turn)
                x, y, z = altar[a], altar[b], altar[c]  # (only these lanes' tiles: no masks of the whole altar)
                if x is not None and y is not None and z is not None and x.mask & y.mask & z.mask:
                    break
            else:
                flags[space] = False
    return tuple(flags)


_LANES_AT: Final = tuple(tuple(LANES[lane] for lane in LANES_THROUGH[space]) for space in range(9))
"""For each space, the spaces of the lanes through it (as :func:`possible_portent` reads them)."""


def omens_collected(omens: Sequence[Sign | None], found: Iterable[Portent]) -> tuple[int, ...]:
    """The slots whose omens the new Portents ``found`` collect (in line with one and sharing its trait)."""
    slots: list[int] = []
    for portent in found:
        for slot in LANE_SLOTS[portent.lane]:
            omen = omens[slot]
            if omen is not None and omen.mask & portent.trait.bit and slot not in slots:
                slots.append(slot)
    return tuple(sorted(slots))


def max_shift(lit: Lit, side: Side, lane: int) -> int:
    """How many tiles may be pushed off lane ``lane`` (0-2) of ``side``: Burnt Offerings stop at the far edge."""
    spaces = SIDE_LANES[side][lane]
    for depth in (2, 1, 0):
        if lit[spaces[depth]]:
            return 2 - depth
    return 3


def apply_push(
    altar: Altar, lit: Lit, side: Side, shifts: Sequence[int]
) -> tuple[Altar, Lit, tuple[Sign, ...], tuple[int, ...]]:
    """Push ``shifts[j]`` tiles off lane ``j`` of ``side``, each lane's tiles moving away from ``side``.

    Returns the altar with the emptied spaces, its lit flags, the tiles
    pushed off, and the emptied spaces (lane by lane, the deepest first).
    The shifts must be legal (see :func:`max_shift`).
    """
    new = list(altar)
    flags = list(lit)
    off: list[Sign] = []
    emptied: list[int] = []
    for j, shift in enumerate(shifts):
        if not shift:
            continue
        q = SIDE_LANES[side][j]
        for depth in range(3 - shift, 3):
            tile = altar[q[depth]]
            if tile is not None:
                off.append(tile)
        for depth in (2, 1, 0):
            source = depth - shift
            if source >= 0:
                new[q[depth]] = altar[q[source]]
                flags[q[depth]] = lit[q[source]]
            else:
                new[q[depth]] = None
                flags[q[depth]] = False
        emptied.extend(q[depth] for depth in range(shift - 1, -1, -1))
    return tuple(new), tuple(flags), tuple(off), tuple(emptied)


def hand_ok(hand: Sequence[Sign]) -> bool:
    """Whether a hand holds no three tiles sharing a trait."""
    return all(not a.mask & b.mask & c.mask for a, b, c in combinations(hand, 3))


def keep_options(hand: Sequence[Sign], placed: int, pushed: Sequence[Sign]) -> bool:
    """Whether some ``placed`` tiles of ``hand`` can go on the altar leaving a legal hand with ``pushed``."""
    for chosen in combinations(range(len(hand)), placed):
        rest = [tile for i, tile in enumerate(hand) if i not in chosen]
        if hand_ok(rest + list(pushed)):
            return True
    return False


def keep_masks(hand: Sequence[int], placed: int, pushed: Sequence[int]) -> bool:
    """:func:`keep_options` on the tiles' trait masks (see ``Sign.mask``)."""
    keep = len(hand) - placed
    if keep < 0:
        return False
    tail = tuple(pushed)
    for kept in combinations(hand, keep):
        tiles = kept + tail
        if len(tiles) == 3:
            if not tiles[0] & tiles[1] & tiles[2]:
                return True
        elif all(not a & b & c for a, b, c in combinations(tiles, 3)):
            return True
    return False


def can_light(found: Sequence[Portent], chosen: Sequence[int]) -> bool:
    """Whether the spaces ``chosen`` can be extended to one distinct Burnt Offering per Portent.

    Each Portent must get a lit tile of its own in its lane (a matching of
    Portents to distinct spaces that uses every chosen space).
    """
    return can_light_lanes(tuple(p.lane for p in found), tuple(chosen))


@lru_cache(maxsize=4096)
def can_light_lanes(lanes: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """:func:`can_light` for the Portents of ``lanes`` (remembered: few Portents, few choices).

    One or two Portents (nearly every Scrying) are decided directly; more are tried on every choice of one
    space per lane (3 ** len(lanes) of them).
    """
    count = len(chosen)
    if count > len(lanes):
        return False
    if len(lanes) == 1:
        return not count or chosen[0] in LANES[lanes[0]]
    if len(lanes) == 2:  # two lanes share at most one space, so each has a space left for the other
        first, second = LANES[lanes[0]], LANES[lanes[1]]
        if count < 2:
            return not count or chosen[0] in first or chosen[0] in second
        x, y = chosen
        return x != y and ((x in first and y in second) or (x in second and y in first))
    wanted = set(chosen)
    return any(len(set(pick)) == len(pick) and wanted.issubset(pick) for pick in product(*[LANES[i] for i in lanes]))


def fortune_counts(omens: Iterable[Sign]) -> tuple[int, ...]:
    """How many of ``omens`` show each trait, in :class:`Trait` order (a fortune of n: a count of n or more)."""
    counts = [0] * 8
    for omen in omens:
        colour, shape = _POSITIONS[omen.index]
        counts[colour] += 1
        counts[shape] += 1
    return tuple(counts)


_POSITIONS: Final = tuple((sign.colour.bit.bit_length() - 1, sign.shape.bit.bit_length() - 1) for sign in Sign)
"""For each sign (by index), the :class:`Trait` positions of its colour and its shape."""
