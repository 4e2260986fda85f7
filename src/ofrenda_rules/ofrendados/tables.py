"""What never changes during a game of Ofrendados, built once: shared dice, actions and edition tables.

The rules look these up instead of building objects and recomputing on
every step:

* the 18 possible dice as shared :class:`~ofrenda_rules.ofrendados.state.Die`
  objects (:data:`DICE`, in the dice order), so that finding a die in a hand
  is an identity test;
* per edition (:func:`tables`, cached), every player action as a prebuilt
  object, the face of every die, the cells an object may rest on, the owed
  decisions each card gives, and the events of the most frequent steps (a
  die taken or used, a flower placed, an object drawn), shared by every game.

Sharing changes nothing visible: actions, dice and owed decisions compare by
value, and a die or action built by a caller works exactly like a shared one
(only slower).

>>> from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION
>>> t = tables(DEFAULT_EDITION)
>>> t.use[die_index(shared_die(Colour.YELLOW, 1))]
UseDie(colour=Colour.YELLOW, pips=1, as_money=False)
>>> shared_die(Colour.PURPLE, 3) is shared_die(Colour.PURPLE, 3)
True
"""

from __future__ import annotations

import copyreg
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Final

import attrs

from ofrenda_rules.chance import Probability
from ofrenda_rules.json import register_numbered_token
from ofrenda_rules.ofrendados import actions
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour, DieFace, Flower, ObjectKind
from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION, Edition
from ofrenda_rules.ofrendados.events import CardRevealed, DieTaken, DieUsed, FlowerMoved, ObjectDrawn, Passed
from ofrenda_rules.ofrendados.offering import Sheet
from ofrenda_rules.ofrendados.state import DICE_PER_COLOUR, Die, Pending, PendingKind

__all__ = [
    "CREATE_FLOWER",
    "CREATE_PORTRAIT",
    "CREATE_ROOM",
    "DICE",
    "DIE_ORDER",
    "OWED_BY_ID",
    "PASS",
    "PENDING_DRAW",
    "ROLLS",
    "ROLL_OUTCOMES",
    "Reveals",
    "Tables",
    "can_draw",
    "die_index",
    "distinct_indexes",
    "drawable",
    "reveals",
    "shared_die",
    "sorted_dice",
    "tables",
    "turn_targets",
]

DICE: Final = tuple(Die(colour, pips) for colour in sorted(Colour, key=lambda c: c.value) for pips in range(1, 7))
"""Every die a game can hold, in the dice order (orange, purple, yellow; 1 to 6 pips)."""
register_numbered_token(  # a die is written as its text, "yellow-4"; the dice of play are shared objects
    Die,
    DICE,
    kind="colour",
    kinds=Colour,
    number="pips",
    example="yellow-4",
    legacy=True,  # replay format 1 wrote {"colour": "yellow", "pips": 4}
)

_DIE_INDEX: Final = {(die.colour, die.pips): index for index, die in enumerate(DICE)}


def _die_at(index: int) -> Die:
    """Unpickle a die: the shared object at ``index`` of :data:`DICE`."""
    return DICE[index]


def _reduce_die(die: Die) -> tuple[Callable[..., Die], tuple[object, ...]]:
    index = _DIE_INDEX.get((die.colour, die.pips))
    return (_die_at, (index,)) if index is not None else (Die, (die.colour, die.pips))


# Registered with copyreg rather than set as ``Die.__reduce__``: a function of a compiled module is no method
# (it does not bind to the die), and pickle and copy look up copyreg's table first.
copyreg.pickle(Die, _reduce_die)

DIE_ORDER: Final[Callable[[Die], tuple[str, int]]] = operator.attrgetter("colour._value_", "pips")
"""A sort key giving :class:`Die`'s own order (colour name, then pips), for dice that are not in :data:`DICE`."""

# Enum members as module globals: reading ``Colour.ORANGE`` goes through the enum metaclass,
# over ten times slower than reading a global in CPython 3.11.
_ORANGE: Final = Colour.ORANGE
_PURPLE: Final = Colour.PURPLE
_YELLOW: Final = Colour.YELLOW
_PORTRAIT: Final = ObjectKind.PORTRAIT

_INDEX_BY_ID: Final = {id(die): i for i, die in enumerate(DICE)}
"""The index in :data:`DICE` of each shared die, by ``id``: the dice live as long as the module."""
_INDEX_BY_VALUE: Final = {(die.colour, die.pips): i for i, die in enumerate(DICE)}
assert sorted(DICE) == list(DICE) == sorted(DICE, key=DIE_ORDER)
assert [d.colour for d in DICE[::6]] == [Colour.ORANGE, Colour.PURPLE, Colour.YELLOW]


def die_index(die: Die) -> int:
    """The position of ``die`` in :data:`DICE`, found by identity first, by value for a die built elsewhere.

    Raises:
        KeyError: for a die no game can hold (pips outside 1 to 6).

    """
    index = _INDEX_BY_ID.get(id(die))
    return _INDEX_BY_VALUE[(die.colour, die.pips)] if index is None else index


def distinct_indexes(dice: tuple[Die, ...]) -> list[int]:
    """The indexes (in :data:`DICE`) of the different dice among ``dice``, in order of first appearance."""
    # Plain loops: faster on CPython 3.11 than chaining C iterators (map, dict.fromkeys) over a few dice.
    distinct: list[int] = []
    index_by_id = _INDEX_BY_ID
    for die in dice:
        index = index_by_id.get(id(die))
        if index is None:  # a die built elsewhere than DICE
            index = die_index(die)
        if index not in distinct:
            distinct.append(index)
    return distinct


def sorted_dice(dice: tuple[Die, ...] | list[Die]) -> tuple[Die, ...]:
    """``dice`` in :class:`Die`'s order; shared dice are sorted by their index, without a Python call per die.

    >>> sorted_dice((DICE[13], DICE[2], DICE[13])) == tuple(sorted((DICE[13], DICE[2], DICE[13])))
    True
    """
    index_by_id = _INDEX_BY_ID
    try:
        order = sorted([index_by_id[id(die)] for die in dice])
    except KeyError:  # a die built elsewhere than DICE
        return tuple(sorted(dice, key=DIE_ORDER))
    return tuple([DICE[index] for index in order])


def shared_die(colour: Colour, pips: int) -> Die:
    """The shared die of ``colour`` showing ``pips`` (a new one when no game can hold it)."""
    if 1 <= pips <= 6:
        if colour is _ORANGE:
            return DICE[pips - 1]
        if colour is _PURPLE:
            return DICE[pips + 5]
        if colour is _YELLOW:
            return DICE[pips + 11]
    return Die(colour, pips)


ROLLS: Final = tuple(actions.RollDie(pips) for pips in range(1, 7))
"""The outcomes of a die roll, 1 to 6."""

ROLL_OUTCOMES: Final = tuple((roll, Probability(1, 6)) for roll in ROLLS)
"""The outcomes of a die roll with their probabilities."""

PASS: Final = actions.Pass()
"""The one Pass action."""

PENDING_DRAW: Final = {kind: Pending(PendingKind.DRAW, kind) for kind in ObjectKind}
"""The owed draw of each kind of object."""

OWED_BY_ID: Final = {id(kind): owed for kind, owed in PENDING_DRAW.items()}
"""The same keyed by ``id(kind)``: enum members live forever, and hashing an enum member calls Python code."""


def turn_targets(power: DiePower, pips: int) -> tuple[int, ...]:
    """The faces a die showing ``pips`` may be turned to with ``power``.

    >>> turn_targets(DiePower.OPPOSITE_FACE, 2), turn_targets(DiePower.ADJACENT_FACE, 6)
    ((5,), (5,))
    """
    if power is DiePower.ANY_FACE:
        return tuple(p for p in range(1, 7) if p != pips)
    if power is DiePower.OPPOSITE_FACE:
        return (7 - pips,)
    if power is DiePower.ADJACENT_FACE:
        return tuple(p for p in (pips - 1, pips + 1) if 1 <= p <= 6)
    return ()


@attrs.frozen(eq=False)
class Tables:
    """The lookup tables of one edition; lists indexed by die follow :data:`DICE`, by cell the sheet numbering."""

    faces: tuple[DieFace, ...]
    """What each die gives."""
    ahead: tuple[tuple[int, ...] | None, ...]
    """For each die whose face is a flower, the space it reaches from each position (0 if none is ahead)."""
    reach: dict[int, tuple[int, ...]]
    """For each flower type (keyed by ``id(flower)``), the space it reaches from each position (0 if none)."""
    take: tuple[actions.TakeDie | None, ...]
    """The draft action of each orange or yellow die (``None`` for purple)."""
    use: tuple[actions.UseDie, ...]
    """Using each die for its face."""
    money: tuple[actions.UseDie | None, ...]
    """Exchanging each die for money (``None`` when its face is money already)."""
    draw: tuple[actions.DrawObject, ...]
    """Drawing in each cell."""
    rewrite: tuple[actions.RewriteObject, ...]
    """Turning the object of each cell."""
    low_cells: tuple[tuple[actions.DrawObject, int, int], ...]
    """Every cell with its draw action and the cell beneath it (-1 if none), where objects other than portraits go."""
    portrait_cells: tuple[tuple[actions.DrawObject, int, int], ...]
    """The same for the cells of the portrait rows."""
    buy: dict[int, actions.BuyCard]
    """Buying each card."""
    cost: dict[int, int]
    """Each card's price."""
    powers: dict[int, DiePower]
    """The die-power cards that are used as an action (DOUBLE_EXCHANGE is passive), with their power."""
    double_exchange: frozenset[int]
    """The cards whose effect names the DOUBLE_EXCHANGE power."""
    power_actions: dict[int, tuple[tuple[actions.TurnDie | actions.RerollDie, ...], ...]]
    """For each die-power card, the actions it offers on each die, in the order of its targets."""
    bought: dict[int, tuple[Pending, ...]]
    """The decisions owed on buying each card (its draws, or its rewrite)."""
    head: int
    """The last Path space before Quetzalcóatl's head (the land of the living lies beyond)."""
    taken: tuple[tuple[DieTaken, ...], ...]
    """The event of each seat taking each die, by seat then die."""
    used: tuple[tuple[DieUsed, ...], ...]
    """The event of each seat using each die for its face, by seat then die."""
    exchanged: tuple[tuple[tuple[DieUsed, DieUsed], ...], ...]
    """The event of each seat exchanging each die for 1 or 2 pesos, by seat, die, then pesos - 1."""
    moved: tuple[tuple[tuple[FlowerMoved, FlowerMoved], ...], ...]
    """The event of each seat placing a flower on each space (space 1 first), without and with the crossing."""
    drawn: tuple[tuple[dict[int, ObjectDrawn], ...], ...]
    """The events of each seat drawing in each cell, by ``id`` of the object drawn (made on first use)."""
    revealed: dict[int, tuple[CardRevealed, CardRevealed]]
    """The events of each card revealed to open the market and to refill it."""
    passed: tuple[Passed, ...]
    """The event of each seat passing."""
    create_parts: tuple[tuple[tuple[actions.UseDie, ...], ...], ...]
    """The CREATE actions of each die, by mask of the conditions that hold (:data:`CREATE_ROOM`...), then die.

    Using a die for its face (when its condition holds), then exchanging it
    for money (unless its face is money): the order ``legal_actions`` lists.
    """
    portrait_dice: frozenset[int]
    """The dice whose face is a portrait (drawable only where a portrait cell is open)."""
    flower_bits: tuple[int, ...]
    """For each position on the Path, the mask bits of the flower types with a space ahead (:data:`CREATE_FLOWER`)."""
    flowers_per_player: int
    """Each player's flower tokens."""
    take_index: dict[int, int]
    """The die of each action of :attr:`take`, by ``id`` of the action."""
    use_index: dict[int, int]
    """The die of each action of :attr:`use` and :attr:`money`, by ``id`` of the action (they live as long as this)."""


CREATE_ROOM: Final = 1
"""Mask bit of :attr:`Tables.create_parts`, set when the sheet has an empty cell (an object but a portrait fits)."""
CREATE_PORTRAIT: Final = 2
"""Mask bit set when a portrait may be drawn somewhere."""
CREATE_FLOWER: Final = {flower: 4 << k for k, flower in enumerate(Flower)}
"""Mask bits by flower type, set when the player has a token left and a space of that type lies ahead."""
_CREATE_MASKS: Final = 4 << len(Flower)


def _create_bit(face: DieFace) -> int:
    """The mask bit of the condition for using ``face`` (0 when it is always usable: money)."""
    if face.object is not None:
        return CREATE_PORTRAIT if face.object is _PORTRAIT else CREATE_ROOM
    return 0 if face.flower is None else CREATE_FLOWER[face.flower]


def _create_parts(
    faces: tuple[DieFace, ...], use: tuple[actions.UseDie, ...], money: tuple[actions.UseDie | None, ...]
) -> tuple[tuple[tuple[actions.UseDie, ...], ...], ...]:
    bits = tuple(_create_bit(face) for face in faces)
    return tuple(
        tuple(
            tuple(a for a in (use[i] if not bits[i] or mask & bits[i] else None, money[i]) if a is not None)
            for i in range(len(DICE))
        )
        for mask in range(_CREATE_MASKS)
    )


def _build(edition: Edition) -> Tables:
    faces = tuple(edition.face(die.colour, die.pips) for die in DICE)
    spec = edition.sheet
    draw = tuple(actions.DrawObject(cell) for cell in range(spec.size))
    cells = tuple((draw[cell], cell, spec.below[cell]) for cell in range(spec.size))
    powers: dict[int, DiePower] = {}
    double: set[int] = set()
    power_actions: dict[int, tuple[tuple[actions.TurnDie | actions.RerollDie, ...], ...]] = {}
    bought: dict[int, tuple[Pending, ...]] = {}
    for card in edition.cards:
        effect = card.effect
        if effect.kind is EffectKind.DRAW:
            bought[card.id] = tuple(PENDING_DRAW[kind] for kind in effect.objects)
        elif effect.kind is EffectKind.REWRITE:
            assert effect.into is not None
            bought[card.id] = (Pending(PendingKind.REWRITE, effect.into, card.id),)
        if effect.power is DiePower.DOUBLE_EXCHANGE:
            double.add(card.id)
        if effect.kind is EffectKind.DIE_POWER and effect.power is not DiePower.DOUBLE_EXCHANGE:
            assert effect.power is not None
            powers[card.id] = effect.power
            if effect.power is DiePower.REROLL:
                power_actions[card.id] = tuple((actions.RerollDie(card.id, d.colour, d.pips),) for d in DICE)
            else:
                power_actions[card.id] = tuple(
                    tuple(actions.TurnDie(card.id, d.colour, d.pips, to) for to in turn_targets(effect.power, d.pips))
                    for d in DICE
                )
    path = edition.path
    positions = range(path.length + 1)
    reach = {id(flower): tuple(path.next_space(p, flower) for p in positions) for flower in Flower}
    seats = range(max(DICE_PER_COLOUR))
    spaces = tuple(enumerate(path.spaces, start=1))
    use = tuple(actions.UseDie(d.colour, d.pips) for d in DICE)
    take = tuple(None if d.colour is Colour.PURPLE else actions.TakeDie(d.colour, d.pips) for d in DICE)
    money = tuple(None if f.pesos else actions.UseDie(d.colour, d.pips, True) for d, f in zip(DICE, faces, strict=True))
    return Tables(
        faces=faces,
        ahead=tuple(None if f.flower is None else reach[id(f.flower)] for f in faces),
        reach=reach,
        take=take,
        use=use,
        money=money,
        draw=draw,
        rewrite=tuple(actions.RewriteObject(cell) for cell in range(spec.size)),
        low_cells=cells,
        portrait_cells=tuple(c for c in cells if spec.cells[c[1]][0] >= spec.portrait_row),
        buy={card.id: actions.BuyCard(card.id) for card in edition.cards},
        cost={card.id: card.cost for card in edition.cards},
        powers=powers,
        double_exchange=frozenset(double),
        power_actions=power_actions,
        bought=bought,
        head=path.head,
        taken=tuple(tuple(DieTaken(seat, d.colour, d.pips) for d in DICE) for seat in seats),
        used=tuple(
            tuple(
                DieUsed(seat, d.colour, d.pips, False, f.object, f.flower, f.pesos)
                for d, f in zip(DICE, faces, strict=True)
            )
            for seat in seats
        ),
        exchanged=tuple(
            tuple(
                (DieUsed(seat, d.colour, d.pips, True, pesos=1), DieUsed(seat, d.colour, d.pips, True, pesos=2))
                for d in DICE
            )
            for seat in seats
        ),
        moved=tuple(
            tuple(
                (
                    FlowerMoved(seat, n, space.flower, space.pesos, space.object, False, n == path.length),
                    FlowerMoved(seat, n, space.flower, space.pesos, space.object, True, n == path.length),
                )
                for n, space in spaces
            )
            for seat in seats
        ),
        drawn=tuple(tuple({} for _ in range(spec.size)) for _ in seats),
        revealed={card.id: (CardRevealed(card.id, False), CardRevealed(card.id, True)) for card in edition.cards},
        passed=tuple(Passed(seat) for seat in seats),
        create_parts=_create_parts(faces, use, money),
        portrait_dice=frozenset(i for i, f in enumerate(faces) if f.object is _PORTRAIT),
        flower_bits=tuple(sum(bit for flower, bit in CREATE_FLOWER.items() if reach[id(flower)][p]) for p in positions),
        flowers_per_player=edition.flowers_per_player,
        take_index={id(a): i for i, a in enumerate(take) if a is not None},
        use_index={id(a): i for row in (use, money) for i, a in enumerate(row) if a is not None},
    )


def drawable(t: Tables, sheet: Sheet, kind: ObjectKind) -> list[actions.DrawObject]:
    """The draw actions of ``kind`` on ``sheet``: exactly the cells of ``drawable_cells``, in order.

    The cells before the first empty one are full, so the scan starts there.
    """
    if None not in sheet:
        return []
    cells = t.portrait_cells if kind is _PORTRAIT else t.low_cells[sheet.index(None) :]
    return [action for action, cell, below in cells if sheet[cell] is None and (below < 0 or sheet[below] is not None)]


def can_draw(t: Tables, sheet: Sheet, kind: ObjectKind) -> bool:
    """Whether ``kind`` may be drawn somewhere on ``sheet`` (``drawable_cells`` is not empty).

    Any object but a portrait may be drawn as soon as one cell is empty: cells
    are numbered row by row from the bottom, so every row below the first
    empty cell is full, and the cell beneath it holds an object (or there is
    none).
    """
    if kind is not _PORTRAIT:
        return None in sheet
    return any(sheet[cell] is None and (below < 0 or sheet[below] is not None) for _, cell, below in t.portrait_cells)


_DEFAULT: Final = (DEFAULT_EDITION, _build(DEFAULT_EDITION))
_CACHE: dict[int, tuple[Edition, Tables]] = {id(DEFAULT_EDITION): _DEFAULT}
_CACHE_LIMIT: Final = 32
_LAST: list[tuple[Edition, Tables]] = [_DEFAULT]


def tables(edition: Edition) -> Tables:
    """The tables of ``edition``, built on first use and kept (a few editions at a time)."""
    last = _LAST[0]
    if last[0] is edition:
        return last[1]
    hit = _CACHE.get(id(edition))
    if hit is None or hit[0] is not edition:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        hit = _CACHE[id(edition)] = (edition, _build(edition))
    _LAST[0] = hit
    return hit[1]


Reveals = tuple[tuple[actions.RevealCard, ...], tuple[tuple[actions.RevealCard, Fraction], ...]]
"""The reveals of a deck -- the actions, and the actions with their probabilities."""

_REVEALS: dict[tuple[int, ...], Reveals] = {}
_REVEALS_LIMIT: Final = 4096


_REVEAL_ACTIONS: dict[int, actions.RevealCard] = {}


def reveals(deck: tuple[int, ...]) -> Reveals:
    """Each card of ``deck`` revealed, equally likely; kept per deck contents (a bounded cache).

    >>> reveals((4, 9))[1]
    ((RevealCard(card=4), Probability(1, 2)), (RevealCard(card=9), Probability(1, 2)))
    """
    found = _REVEALS.get(deck)
    if found is None:
        if len(_REVEAL_ACTIONS) >= _REVEALS_LIMIT:
            _REVEAL_ACTIONS.clear()
        known = _REVEAL_ACTIONS
        opened = tuple(known.get(card) or known.setdefault(card, actions.RevealCard(card)) for card in deck)
        p = Probability(1, len(deck)) if deck else Probability(0)
        found = opened, tuple((action, p) for action in opened)
        if len(_REVEALS) >= _REVEALS_LIMIT:
            _REVEALS.clear()
        _REVEALS[deck] = found
    return found
