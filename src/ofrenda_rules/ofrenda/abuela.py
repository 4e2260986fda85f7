"""The Abuela, the solo mode's automaton: her die table and her turn.

On her turn the Abuela rolls the die and discards the portrait of the space
the table gives, paying marigolds from the general supply onto the portraits
she skips; on a 5 or 6 she rolls again and discards a candle the same way
(a marigold from the supply on the portrait below it unless it stands above
the portrait she discarded). Then the Family board is replenished. Her die
rolls are chance events; she has no decisions.

>>> [SPACE_FOR_FACE[face] for face in range(1, 7)]
[0, 0, 1, 2, 3, 3]
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.ofrenda.edition import COUNTS
from ofrenda_rules.ofrenda.events import AbuelaDiscardedCandle, AbuelaMoved
from ofrenda_rules.ofrenda.piles import replaced
from ofrenda_rules.ofrenda.state import Phase, State
from ofrenda_rules.ofrenda.turn import do_refill
from ofrenda_rules.ofrenda.work import Work, transition

# The phases as module constants: reading an Enum member off its class (``Phase.PLAY``) goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_ABUELA_CANDLE: Final = Phase.ABUELA_CANDLE

__all__ = [
    "CANDLE_FACES",
    "FACES",
    "SPACE_FOR_FACE",
    "abuela_candle",
    "abuela_portrait",
    "do_abuela_candle",
    "do_abuela_portrait",
]

FACES: Final = (1, 2, 3, 4, 5, 6)
"""The faces of the solo die."""
SPACE_FOR_FACE: Final = {1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 3}
"""The Family-board space (0-3) the Abuela discards from, by die face."""
CANDLE_FACES: Final = frozenset({5, 6})
"""Faces on which the Abuela also discards a candle."""
_PLAIN_MOVES: Final = {
    face: tuple(AbuelaMoved(face, space, card, space, 0) for card in range(COUNTS["portraits"]))
    for face, space in SPACE_FOR_FACE.items()
}
"""Her ``AbuelaMoved`` events that pay every skipped portrait and return nothing, prebuilt by face and card."""


def do_abuela_portrait(w: Work, face: int) -> None:
    """The Abuela's first roll: discard a portrait, paying the skipped ones from the supply.

    Ruling 9: the marigolds lying on the discarded portrait go back to the
    general supply, or with ``abuela_marigolds_stay`` they stay on the space
    (the replenishing then gives them to the portrait that comes there); with
    a limited supply she pays as many skipped portraits as the supply allows,
    from left to right.
    """
    space = SPACE_FOR_FACE[face]
    supply = w.supply
    piles = list(w.market_marigolds)
    for i in range(space):
        if supply > 0:
            piles[i] += 1
            supply -= 1
    paid = w.supply - supply
    card = w.market[space]
    assert card is not None
    returned = 0
    if not w.config.abuela_marigolds_stay:
        returned = piles[space]
        supply += returned
        piles[space] = 0
    plain = _PLAIN_MOVES.get(face, ())
    if paid == space and not returned and card < len(plain):
        w.add(plain[card])
    else:
        w.emit(AbuelaMoved, face, space, card, paid, returned)
    w.market = replaced(w.market, space, None)
    w.market_marigolds = tuple(piles)
    w.supply = supply
    w.abuela_discards = (*w.abuela_discards, card)
    w.taken_space = space
    w.die = face
    candle_market = w.candle_market
    if face in CANDLE_FACES and candle_market.count(None) < len(candle_market):
        w.phase = _ABUELA_CANDLE
    else:
        do_refill(w)


def do_abuela_candle(w: Work, face: int) -> None:
    """The Abuela's second roll: discard the candle of that space (if any), paying from the supply."""
    space = SPACE_FOR_FACE[face]
    candle = w.candle_market[space]
    paid = 0
    if candle is not None:
        piles = w.market_marigolds
        if space != w.taken_space and w.supply > 0:
            paid = 1
            w.market_marigolds = replaced(piles, space, piles[space] + 1)
            w.supply -= 1
        w.candle_market = replaced(w.candle_market, space, None)
        w.candle_discards = (*w.candle_discards, candle)
        w.candle_space = space
    w.emit(AbuelaDiscardedCandle, face, space, candle, paid)
    do_refill(w)


def abuela_portrait(state: State, face: int) -> State:
    """The Abuela's first roll: discard a portrait, paying the skipped ones from the supply (see ``do_``)."""
    return transition(do_abuela_portrait, state, face)


def abuela_candle(state: State, face: int) -> State:
    """The Abuela's second roll: discard the candle of that space (if any), paying from the supply."""
    return transition(do_abuela_candle, state, face)
