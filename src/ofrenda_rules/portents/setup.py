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

>>> from fractions import Fraction
>>> from ofrenda_rules.portents import Config, DrawOmen, DrawTile, Sign, apply, chance_outcomes, new_game
>>> state = new_game(Config())
>>> for omen in Sign:
...     state = apply(state, DrawOmen(omen))
>>> for tile in (*Sign,)[:9]:  # three Yellows then three Reds in row 1 and row 2: Portents
...     state = apply(state, DrawTile(tile))
>>> state.phase.value, state.reshuffles, len(state.taken)
('reshuffle', 1, 9)
>>> chance_outcomes(state)[0]
(DrawTile(tile=Sign.YELLOW_SKULL), Fraction(1, 9))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ofrenda_rules.copying import evolve
from ofrenda_rules.portents.actions import Action, ChooseFirst, DrawOmen, DrawTile
from ofrenda_rules.portents.altar import hand_ok
from ofrenda_rules.portents.components import LANES, Sign
from ofrenda_rules.portents.state import Phase, State

__all__ = ["WORST_REDEAL_CHANCE", "WORST_RESHUFFLE_CHANCE", "apply_setup", "shows_portent", "setup_outcomes"]

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


def _pool(state: State) -> list[Sign]:
    """Tiles in the box: not on the altar, taken up, or in a hand (edition order)."""
    used = {tile for tile in state.altar if tile is not None}
    used.update(state.taken)
    for hand in state.hands:
        used.update(hand)
    return [tile for tile in state.config.edition.tiles if tile not in used]


def shows_portent(altar: tuple[Sign | None, ...]) -> bool:
    """Whether a full altar of unlit tiles shows a Portent (three tiles of a lane sharing a trait).

    >>> from ofrenda_rules.portents.components import Sign as S
    >>> shows_portent((S.RED_CLAW, S.BLUE_CLAW, S.WHITE_CLAW) + (S.YELLOW_SKULL,) * 6)
    True
    """
    for a, b, c in LANES:
        x, y, z = altar[a], altar[b], altar[c]
        if x is not None and y is not None and z is not None and x.mask & y.mask & z.mask:
            return True
    return False


def setup_outcomes(state: State) -> tuple[Action, ...]:
    """The outcomes of the pending setup chance event, all equally likely.

    Omens in sign order; tiles in edition order (from the box) or sign order
    (taken up); the first player by seat.
    """
    phase = state.phase
    if phase is Phase.OMENS:
        placed = {omen for omen in state.omens if omen is not None}
        return tuple(DrawOmen(omen) for omen in state.config.edition.omens if omen not in placed)
    if phase is Phase.RESHUFFLE:
        return tuple(DrawTile(tile) for tile in state.taken)
    if phase in (Phase.ALTAR, Phase.HANDS, Phase.TOKEN):
        return tuple(DrawTile(tile) for tile in _pool(state))
    if phase is Phase.FIRST_PLAYER:
        return (ChooseFirst(0), ChooseFirst(1))
    return ()


def apply_setup(state: State, action: Action) -> State:
    """Apply a legal setup chance outcome."""
    phase = state.phase
    if isinstance(action, DrawOmen):
        slot = state.omens.index(None)
        omens = state.omens[:slot] + (action.omen,) + state.omens[slot + 1 :]
        return evolve(state, omens=omens, phase=Phase.ALTAR if None not in omens else phase)
    if isinstance(action, ChooseFirst):
        return evolve(state, active=action.seat, first_player=action.seat, phase=Phase.OFFERING)
    assert isinstance(action, DrawTile)
    tile = action.tile
    if phase is Phase.ALTAR:
        altar = _put(state.altar, tile)
        return _check_altar(state, altar) if None not in altar else evolve(state, altar=altar)
    if phase is Phase.RESHUFFLE:
        altar = _put(state.altar, tile)
        taken = tuple(t for t in state.taken if t is not tile)
        if len(taken) == 1:
            altar, taken = _put(altar, taken[0]), ()
        if taken:
            return evolve(state, altar=altar, taken=taken)
        return _check_altar(evolve(state, taken=()), altar)
    if phase is Phase.HANDS:
        return _deal(state, tile)
    assert phase is Phase.TOKEN
    bag = tuple(t for t in _pool(state) if t is not tile)
    return evolve(state, token=tile, bag=tuple(sorted(bag)), phase=Phase.PUSH)


def _put(altar: tuple[Sign | None, ...], tile: Sign) -> tuple[Sign | None, ...]:
    space = altar.index(None)
    return altar[:space] + (tile,) + altar[space + 1 :]


def _check_altar(state: State, altar: tuple[Sign | None, ...]) -> State:
    """3a: a full altar showing a Portent is taken up for a reshuffle; else on to the hands."""
    if shows_portent(altar):
        taken = tuple(sorted(t for t in altar if t is not None))
        return evolve(state, altar=(None,) * 9, taken=taken, reshuffles=state.reshuffles + 1, phase=Phase.RESHUFFLE)
    return evolve(state, altar=altar, phase=Phase.HANDS)


def _deal(state: State, tile: Sign) -> State:
    """4: one tile to the next hand; 4a once all are dealt; then the token (5) or the solo bag."""
    hands = state.hands
    seat = next(s for s, hand in enumerate(hands) if len(hand) < 3)
    hands = hands[:seat] + (tuple(sorted((*hands[seat], tile))),) + hands[seat + 1 :]
    if len(hands[-1]) < 3:
        return evolve(state, hands=hands)
    if not all(hand_ok(hand) for hand in hands):
        return evolve(state, hands=((),) * len(hands), redeals=state.redeals + 1)
    state = evolve(state, hands=hands)
    rest = tuple(_pool(state))
    if not state.config.solo:
        (last,) = rest
        return evolve(state, token=last, phase=Phase.FIRST_PLAYER)
    if state.config.chaotic_cat:
        return evolve(state, bag=tuple(sorted(rest)), phase=Phase.PUSH)
    return evolve(state, phase=Phase.TOKEN)
