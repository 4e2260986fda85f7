"""Setup of Portents as chance events: omens, altar tiles, hands, the Kitty token, the first player.

Each draw is one chance event, uniform over the tiles it can physically be,
and the rulebook's checks are made as the rulebook makes them (see the
rulings in the docs):

* the 9 altar tiles are drawn from the 16, one space at a time; if the altar
  then shows a Portent (3a), the *same 9 tiles* are taken up
  (:attr:`~ofrenda_rules.portents.state.State.taken`) and put back one space
  at a time, each a uniform draw from those still taken up (the last one goes
  on the last space without a draw), as often as a Portent shows;
* the hands are dealt from the 7 other tiles, 3 to each seat in turn; once
  dealt, if a hand holds three tiles sharing a trait (4a), the hands are
  gathered back with the remainder and dealt again, as often as needed. In
  the two-player game the last tile then goes on the Kitty token; in the solo
  game a uniform draw puts one of the 4 spare tiles there (none with Chaotic
  Cat) and the rest go into the bag.

Every 9 tiles have an arrangement without a Portent and every 7 tiles a deal
without a bad hand (checked by brute force in the tests), so both loops end
with probability 1: at worst a reshuffle is needed with probability
:data:`WORST_RESHUFFLE_CHANCE` and a redeal with :data:`WORST_REDEAL_CHANCE`.
The order in which a draw's outcomes are listed steers a client that always
takes the first one to a good setup (see :func:`setup_outcomes`). A seeded
game draws the whole setup at once with :func:`seeded_setup`, exactly as the
kernel's ``settle`` would, one event at a time.

>>> from fractions import Fraction
>>> from ofrenda_rules.portents import Config, DrawOmen, DrawTile, Sign, apply, chance_outcomes, new_game
>>> state = new_game(Config())
>>> for omen in Sign:
...     state = apply(state, DrawOmen(omen))
>>> for tile in (*Sign,)[:9]:  # row 1: three Yellows, a Portent
...     state = apply(state, DrawTile(tile))
>>> state.phase.value, state.reshuffles, len(state.taken)
('reshuffle', 1, 9)
>>> chance_outcomes(state)[0]
(DrawTile(tile=Sign.YELLOW_SKULL), Probability(1, 9))
"""

from __future__ import annotations

import operator
import zlib
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations
from math import comb
from typing import Final

from ofrenda_rules.copying import evolve, plain_constructor
from ofrenda_rules.portents.actions import Action, ChooseFirst, DrawOmen, DrawTile
from ofrenda_rules.portents.altar import hand_ok, portents
from ofrenda_rules.portents.components import LANES, Sign
from ofrenda_rules.portents.draft import FIELDS, from_values, values
from ofrenda_rules.portents.events import (
    AltarLaid,
    AltarReshuffled,
    Event,
    FirstPlayerChosen,
    HandsDealt,
    HandsRedealt,
    LastTileSetAside,
    OmensPlaced,
    kitty_drew,
)
from ofrenda_rules.portents.state import Phase, State
from ofrenda_rules.portents.tables import CHOOSE_FIRST, DRAW_OMENS, DRAW_TILES
from ofrenda_rules.rng import Draws, Rng

__all__ = [
    "WORST_REDEAL_CHANCE",
    "WORST_RESHUFFLE_CHANCE",
    "apply_setup",
    "calm_arrangement",
    "good_deal",
    "seeded_setup",
    "setup_outcomes",
    "shows_portent",
    "tiles_in_box",
]

WORST_RESHUFFLE_CHANCE: Final = Fraction(61, 90)
"""The largest chance, over all sets of 9 tiles, that a uniform arrangement shows a Portent.

Reached by the four tiles of two colours and a fifth tile (116,928 of the
362,880 arrangements of such a set are Portent-free); over a uniform set of 9
the chance is about 0.39. Found by enumerating every arrangement of one set
per symmetry class (26 classes under colour, shape and colour-shape swaps).
"""

WORST_REDEAL_CHANCE: Final = Fraction(5, 14)
"""The largest chance, over all sets of 7 tiles, that a two-player deal gives a hand sharing a trait.

Reached by four tiles of one colour and three of one shape (90 of the 140
deals are good); a solo hand is bad at most as often. Found by enumerating
every deal of every set of 7.
"""


def tiles_in_box(state: State) -> list[Sign]:
    """Tiles in the box: not on the altar, taken up, or in a hand (edition order); the altar and token draws' tiles."""
    return _pool(state)


def _pool(state: State) -> list[Sign]:
    """Tiles in the box: not on the altar, taken up, or in a hand (edition order)."""
    used = {tile.index for tile in state.altar if tile is not None}
    used.update(tile.index for tile in state.taken)
    for hand in state.hands:
        used.update(tile.index for tile in hand)
    return [tile for tile in state.config.edition.tiles if tile.index not in used]


def shows_portent(altar: tuple[Sign | None, ...]) -> bool:
    """Whether a full altar of unlit tiles shows a Portent (three tiles of a lane sharing a trait).

    >>> from ofrenda_rules.portents.components import Sign as S
    >>> shows_portent((S.RED_CLAW, S.BLUE_CLAW, S.WHITE_CLAW) + (S.YELLOW_SKULL,) * 6)
    True
    """
    return bool(portents(altar, _UNLIT))


_UNLIT: Final = (False,) * 9
"""No Burnt Offering on the altar (:func:`shows_portent` asks about unlit tiles)."""


def setup_outcomes(state: State) -> tuple[Action, ...]:
    """The outcomes of the pending setup chance event, all equally likely.

    Omens in edition order; tiles from the box in edition order, tiles taken
    up in sign order; the first player by seat. The order never changes the
    probabilities, but in a reshuffle (a deal) the next tile of a fixed
    Portent-free arrangement (good deal) of the tiles comes first while the
    draws so far agree with it, so that a client always taking the first
    outcome finishes the setup (see :func:`calm_arrangement`, :func:`good_deal`).
    """
    phase = state.phase
    if phase is Phase.OMENS:
        placed = {omen.index for omen in state.omens if omen is not None}
        return tuple(DRAW_OMENS[omen.index] for omen in state.config.edition.omens if omen.index not in placed)
    if phase is Phase.RESHUFFLE:
        laid = tuple(tile for tile in state.altar if tile is not None)
        target = calm_arrangement(frozenset((*laid, *state.taken)))
        return _first(state.taken, target[len(laid)] if target[: len(laid)] == laid else None)
    if phase is Phase.HANDS:
        pool = _pool(state)
        return _first(pool, _next_of_good_deal(state.hands, pool))
    if phase in (Phase.ALTAR, Phase.TOKEN):
        return tuple(DRAW_TILES[tile.index] for tile in _pool(state))
    if phase is Phase.FIRST_PLAYER:
        return CHOOSE_FIRST
    return ()


def _first(tiles: Sequence[Sign], lead: Sign | None) -> tuple[Action, ...]:
    """Draws of ``tiles`` in their order, ``lead`` moved to the front."""
    if lead is None:
        return tuple(DRAW_TILES[tile.index] for tile in tiles)
    return (DRAW_TILES[lead.index], *(DRAW_TILES[tile.index] for tile in tiles if tile is not lead))


_CLOSING: Final = tuple(tuple(lane for lane in LANES if max(lane) == space) for space in range(9))
"""The lanes completed by filling ``space`` when the spaces are filled in order."""


def calm_arrangement(tiles: frozenset[Sign]) -> tuple[Sign, ...]:
    """The first arrangement (spaces 0-8), in sign order, of 9 tiles that shows no Portent.

    Every set of 9 tiles has one (a brute-force fact checked in the tests).

    >>> [str(tile) for tile in calm_arrangement(frozenset((*Sign,)[:9]))[:3]]
    ['Yellow Skull', 'Yellow Claw', 'Red Skull']
    """
    return _calm_arrangement_of(sum(1 << tile.index for tile in tiles))


def _calm_arrangement_of(indices: int) -> tuple[Sign, ...]:
    """:func:`calm_arrangement` of the signs whose indices are set in ``indices``, read from the shipped table."""
    if indices.bit_count() != 9:
        raise ValueError(f"no Portent-free arrangement of {[sign for sign in _SIGNS if indices >> sign.index & 1]}")
    table, low, high = _calm_table()
    start = 9 * (low[indices & 0xFF] + high[indices >> 8][(indices & 0xFF).bit_count()])
    return tuple([_SIGNS[index] for index in table[start : start + 9]])


@cache
def _calm_table() -> tuple[bytes, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The calm arrangement of every set of 9 signs, and the tables that give a set's place in it.

    ``data/calm_arrangements.bin`` (zlib) holds, for each set of 9 of the 16 signs in colex order (the rank
    of the signs' indices ``c_0 < ... < c_8`` is the sum of ``C(c_j, j + 1)``), the 9 signs' indices space
    by space, as ``_search_calm`` finds them (a test checks every set). The rank of a set is
    ``low[l] + high[h][popcount(l)]`` for its low and high bytes ``l`` and ``h``. Read once, at the first
    reshuffle: the search costs about 100k instructions a set, the table about 1k.
    """
    table = zlib.decompress(resources.files("ofrenda_rules.portents").joinpath(_CALM_FILE).read_bytes())
    low = tuple(_colex_part(byte, 0, 0) for byte in range(256))
    high = tuple(tuple(_colex_part(byte, 8, below) for below in range(10)) for byte in range(256))
    return table, low, high


_CALM_FILE: Final = "data/calm_arrangements.bin"
"""The shipped table of :func:`calm_arrangement` (see ``_calm_table``)."""


def _colex_part(byte: int, base: int, below: int) -> int:
    """The colex rank's terms of the elements ``base + i`` for the bits ``i`` of ``byte``, ``below`` smaller ones."""
    total = 0
    for i in range(8):
        if byte >> i & 1:
            below += 1
            total += comb(base + i, below)
    return total


def _search_calm(indices: int) -> tuple[Sign, ...]:
    """The search behind the shipped table of :func:`calm_arrangement`: its arrangement of the signs of ``indices``.

    About 100k instructions a set; the table is checked against it for every set in the tests.
    """
    order = [sign for sign in _SIGNS if indices >> sign.index & 1]
    if len(order) != 9:
        raise ValueError(f"no Portent-free arrangement of {order}")
    masks = [tile.mask for tile in order]
    # A depth-first search, spaces in order and tiles in sign order at each space, without recursion.
    grid = [0] * 9  # the masks placed so far
    chosen = [0] * 9  # positions in ``order``, space by space
    used = 0  # bits of the positions placed
    space = start = 0
    while space < 9:
        shared = 0  # the traits that would complete a Portent on this space
        for a, b in _CLOSING_PAIRS[space]:
            shared |= grid[a] & grid[b]
        for i in range(start, 9):
            mask = masks[i]
            if not used >> i & 1 and not mask & shared:
                grid[space], chosen[space] = mask, i
                used |= 1 << i
                space, start = space + 1, 0
                break
        else:  # no tile fits here: take back the previous space's tile and try the next one there
            space -= 1
            if space < 0:
                raise ValueError(f"no Portent-free arrangement of {order}")
            i = chosen[space]
            used &= ~(1 << i)
            grid[space], start = 0, i + 1
    return tuple([order[i] for i in chosen])


_CLOSING_PAIRS: Final = tuple(
    tuple(tuple(other for other in lane if other != space) for lane in lanes) for space, lanes in enumerate(_CLOSING)
)
"""For each space, the other two spaces of each lane it completes (spaces filled in order)."""


def good_deal(tiles: frozenset[Sign], players: int) -> tuple[tuple[Sign, ...], ...]:
    """The first deal (in sign order) of 3 of ``tiles`` to each player with no hand sharing a trait.

    Every set of 7 tiles has one (a brute-force fact checked in the tests).
    """
    return _good_deal_of(sum(1 << tile.index for tile in tiles), players)


_SIGNS: Final = tuple(Sign)


@cache
def _good_deal_of(indices: int, players: int) -> tuple[tuple[Sign, ...], ...]:
    """:func:`good_deal` of the signs whose indices are set in ``indices`` (remembered)."""
    order = [sign for sign in _SIGNS if indices >> sign.index & 1]
    for first in combinations(order, 3):
        if first[0].mask & first[1].mask & first[2].mask:
            continue
        if players == 1:
            return (first,)
        dealt = {tile.index for tile in first}
        rest = [tile for tile in order if tile.index not in dealt]
        for second in combinations(rest, 3):
            if not second[0].mask & second[1].mask & second[2].mask:
                return (first, second)
    raise ValueError(f"no good deal of {order}")


def _next_of_good_deal(hands: tuple[tuple[Sign, ...], ...], pool: Sequence[Sign]) -> Sign | None:
    """The next tile of :func:`good_deal` while the hands so far agree with it."""
    indices = sum(1 << tile.index for tile in pool) + sum(1 << tile.index for hand in hands for tile in hand)
    return _lead(hands, _good_deal_of(indices, len(hands)))


def _lead(hands: tuple[tuple[Sign, ...], ...], target: tuple[tuple[Sign, ...], ...]) -> Sign | None:
    """The next tile of the deal ``target`` while the hands so far agree with it."""
    for hand, aim in zip(hands, target, strict=True):
        aimed = [tile.index for tile in aim]  # by index: signs hash and compare slowly
        if any(tile.index not in aimed for tile in hand):
            return None
        if len(hand) < 3:
            held = [tile.index for tile in hand]
            return next(tile for tile in aim if tile.index not in held)
    return None  # pragma: no cover (a full deal is never pending)


def apply_setup(state: State, action: Action) -> State:
    """Apply a legal setup chance outcome."""
    phase = state.phase
    events = state.recent_events
    if isinstance(action, DrawOmen):
        slot = _first_empty(state.omens)
        omens = state.omens[:slot] + (action.omen,) + state.omens[slot + 1 :]
        if _has_empty(omens):
            return _with_field(state, _OMENS, omens)
        placed = tuple([omen for omen in omens if omen is not None])
        return evolve(state, omens=omens, phase=Phase.ALTAR, recent_events=(*events, OmensPlaced(placed)))
    if isinstance(action, ChooseFirst):
        events = (*events, FirstPlayerChosen(action.seat))
        return evolve(state, active=action.seat, first_player=action.seat, phase=Phase.OFFERING, recent_events=events)
    assert isinstance(action, DrawTile)
    tile = action.tile
    if phase is Phase.ALTAR:
        altar = _put(state.altar, tile)
        if _has_empty(altar):
            return _with_field(state, _ALTAR, altar)
        return _check_altar(state, altar, events)
    if phase is Phase.RESHUFFLE:
        altar = _put(state.altar, tile)
        taken = tuple(t for t in state.taken if t is not tile)
        if len(taken) == 1:
            altar, taken = _put(altar, taken[0]), ()
        if taken:
            fields = values(state)
            fields[_ALTAR], fields[_TAKEN] = altar, taken
            return from_values(fields)
        return _check_altar(evolve(state, taken=()), altar, events)
    if phase is Phase.HANDS:
        return _deal(state, tile, events)
    assert phase is Phase.TOKEN
    bag = tuple(t for t in _pool(state) if t is not tile)
    events = (*events, kitty_drew(tile, None))
    return evolve(state, token=tile, bag=tuple(sorted(bag)), phase=Phase.PUSH, recent_events=events)


def _put(altar: tuple[Sign | None, ...], tile: Sign) -> tuple[Sign | None, ...]:
    space = _first_empty(altar)
    return altar[:space] + (tile,) + altar[space + 1 :]


def _first_empty(spaces: tuple[Sign | None, ...]) -> int:
    """The first ``None`` (by identity: signs compare slowly with ``==``)."""
    return list(map(operator.is_, spaces, _NONES)).index(True)


def _has_empty(spaces: tuple[Sign | None, ...]) -> bool:
    return True in map(operator.is_, spaces, _NONES)


_NONES: Final = (None,) * 16
"""As many ``None`` as the longest row of spaces (the 16 omen slots), to compare by identity in C."""
_OMENS: Final = FIELDS.index("omens")
_ALTAR: Final = FIELDS.index("altar")
_TAKEN: Final = FIELDS.index("taken")
_HANDS: Final = FIELDS.index("hands")


def _with_field(state: State, index: int, value: object) -> State:
    """``state`` with field ``FIELDS[index]`` replaced (cheaper than ``evolve`` by keywords)."""
    fields = values(state)
    fields[index] = value
    return from_values(fields)


def _check_altar(state: State, altar: tuple[Sign | None, ...], events: tuple[Event, ...]) -> State:
    """3a: a full altar showing a Portent is taken up for a reshuffle; else on to the hands."""
    if shows_portent(altar):
        taken = tuple(sorted(t for t in altar if t is not None))
        count = state.reshuffles + 1
        return evolve(
            state,
            altar=(None,) * 9,
            taken=taken,
            reshuffles=count,
            phase=Phase.RESHUFFLE,
            recent_events=(*events, AltarReshuffled(count)),
        )
    laid = tuple([t for t in altar if t is not None])
    return evolve(state, altar=altar, phase=Phase.HANDS, recent_events=(*events, AltarLaid(laid)))


def _deal(state: State, tile: Sign, events: tuple[Event, ...]) -> State:
    """4: one tile to the next hand; 4a once all are dealt; then the token (5) or the solo bag."""
    hands = state.hands
    seat = next(s for s, hand in enumerate(hands) if len(hand) < 3)
    hands = hands[:seat] + (tuple(sorted((*hands[seat], tile))),) + hands[seat + 1 :]
    if len(hands[-1]) < 3:
        return _with_field(state, _HANDS, hands)
    if not all(hand_ok(hand) for hand in hands):
        count = state.redeals + 1
        return evolve(state, hands=((),) * len(hands), redeals=count, recent_events=(*events, HandsRedealt(count)))
    events = (*events, HandsDealt(hands))
    state = evolve(state, hands=hands, recent_events=events)
    rest = tuple(_pool(state))
    if not state.config.solo:
        (last,) = rest
        return evolve(state, token=last, phase=Phase.FIRST_PLAYER, recent_events=(*events, LastTileSetAside(last)))
    if state.config.chaotic_cat:
        return evolve(state, bag=tuple(sorted(rest)), phase=Phase.PUSH)
    return evolve(state, phase=Phase.TOKEN)


def seeded_setup(state: State, rng: Rng) -> State:
    """The whole setup drawn with ``rng``: exactly what ``settle`` draws event by event, without the states.

    Each draw is ``rng.below(n)`` over the outcomes in :func:`setup_outcomes`
    order (a single outcome draws nothing), as the kernel specifies; a test
    checks the two paths agree.
    """
    config = state.config
    draws = Draws(rng)

    def pick(items: list[Sign], lead: Sign | None) -> Sign:
        index = draws.below(len(items)) if len(items) > 1 else 0
        if lead is None:
            return items.pop(index)
        # The outcomes are ``lead`` then the other items in order: outcome 0 is the lead; outcome i > 0 is the
        # item at i - 1, or at i once past the lead (by identity: signs compare slowly with ``==``).
        at = [id(item) for item in items].index(id(lead))
        return items.pop(at if index == 0 else index - 1 if index <= at else index)

    drawn = draws.below_each(_FIRST_BOUNDS)  # the omens' 15 draws, then the altar's first 9
    left = list(config.edition.omens)
    omens = tuple([left.pop(index) for index in drawn[:15]] + left)
    events: list[Event] = [*state.recent_events, _NEW_OMENS_PLACED(omens)]
    box = list(config.edition.tiles)
    altar = [box.pop(index) for index in drawn[15:]]
    reshuffles = 0
    while shows_portent(tuple(altar)):
        reshuffles += 1
        events.append(AltarReshuffled(reshuffles))
        taken, altar = sorted(altar, key=_INDEX), []
        target = _calm_arrangement_of(sum(1 << tile.index for tile in taken))
        on_target = True  # the altar so far is the start of the target arrangement (then it leads the draw)
        while len(taken) > 1 and on_target:
            lead = target[len(altar)]
            tile = pick(taken, lead)
            on_target = tile is lead
            altar.append(tile)
        if len(taken) > 1:  # off the target: the other tiles are plain draws in order, made in one call
            for index in draws.below_each(_DOWN_FROM[len(taken)]):
                altar.append(taken.pop(index))
        altar.append(taken[0])
    events.append(_NEW_ALTAR_LAID(tuple(altar)))
    redeals = -1
    hands: tuple[tuple[Sign, ...], ...] = ()
    deal = _good_deal_of(sum(1 << tile.index for tile in box), config.players)
    while not hands or not all(hand_ok(hand) for hand in hands):
        if hands:
            events.append(HandsRedealt(redeals + 1))
        redeals += 1
        pool = list(box)
        dealt: list[tuple[Sign, ...]] = []
        on_target = True  # every tile dealt so far lies in its seat's hand of the good deal (as _lead checks)
        for aim in deal:
            hand: list[Sign] = []
            for _ in range(3):
                held = [id(tile) for tile in hand]  # by identity: signs compare slowly with ``==``
                tile = pick(pool, next(t for t in aim if id(t) not in held) if on_target else None)
                hand.append(tile)
                on_target = on_target and any(t is tile for t in aim)
            dealt.append(tuple(sorted(hand, key=_INDEX)))
        hands = tuple(dealt)
    events.append(_NEW_HANDS_DEALT(hands))
    pool.sort(key=_INDEX)
    token: Sign | None = None
    if not config.solo:
        (token,) = pool
        seat = draws.below(2)
        events.extend((LastTileSetAside(token), FirstPlayerChosen(seat)))
        fields = values(state)
        fields[_ACTIVE] = fields[_FIRST_PLAYER] = seat
        phase = Phase.OFFERING
    else:
        if not config.chaotic_cat:
            token = pick(pool, None)
            events.append(kitty_drew(token, None))
        fields = values(state)
        fields[_BAG] = tuple(pool)
        phase = Phase.PUSH
    fields[_PHASE] = phase
    fields[_OMENS] = omens
    fields[_ALTAR] = tuple(altar)
    fields[_HANDS] = hands
    fields[_TOKEN] = token
    fields[_RESHUFFLES] = reshuffles
    fields[_REDEALS] = redeals
    fields[_RNG] = draws.rng()
    fields[_EVENTS] = tuple(events)
    return from_values(fields)


_OMEN_BOUNDS: Final = tuple(range(16, 1, -1))
"""The bounds of the omens' draws, slot by slot (the last omen is the one left)."""
_ALTAR_BOUNDS: Final = tuple(range(16, 7, -1))
"""The bounds of the altar's first draws, space by space, from the 16 tiles."""
_DOWN_FROM: Final = tuple(tuple(range(count, 1, -1)) for count in range(10))
"""The bounds of plain draws of every tile but the last from ``count`` tiles, one by one (``_DOWN_FROM[count]``)."""
_FIRST_BOUNDS: Final = _OMEN_BOUNDS + _ALTAR_BOUNDS
"""The bounds of the set-up's first 24 draws: the omens', then the altar's (drawn in one call)."""
_NEW_OMENS_PLACED: Final = plain_constructor(OmensPlaced)
_NEW_ALTAR_LAID: Final = plain_constructor(AltarLaid)
_NEW_HANDS_DEALT: Final = plain_constructor(HandsDealt)


_PHASE: Final = FIELDS.index("phase")
_TOKEN: Final = FIELDS.index("token")
_BAG: Final = FIELDS.index("bag")
_ACTIVE: Final = FIELDS.index("active")
_FIRST_PLAYER: Final = FIELDS.index("first_player")
_RESHUFFLES: Final = FIELDS.index("reshuffles")
_REDEALS: Final = FIELDS.index("redeals")
_RNG: Final = FIELDS.index("rng")
_EVENTS: Final = FIELDS.index("recent_events")


_INDEX: Final = operator.attrgetter("index")
"""The sort key of signs (the order of ``Sign.__lt__``)."""
