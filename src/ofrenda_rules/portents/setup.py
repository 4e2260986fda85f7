"""Setup of Portents as chance events: omens, altar tiles, hands, the Kitty token, the first player.

Each draw is one chance event. The rulebook's reshuffles (3a: no Portent on
the starting altar; 4a: no hand of three tiles sharing a trait) are realised
as *redraws*: a tile that would break them is put back and another drawn, so
the outcomes of each event are exactly the tiles that keep the setup legal,
equally likely (a ruling: see the docs). This keeps every setup finite.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ofrenda_rules.copying import evolve
from ofrenda_rules.portents.actions import Action, ChooseFirst, DrawOmen, DrawTile
from ofrenda_rules.portents.altar import hand_ok
from ofrenda_rules.portents.components import LANES, LANES_THROUGH, Sign
from ofrenda_rules.portents.state import Phase, State

__all__ = ["setup_outcomes", "apply_setup"]


def _pool(state: State) -> list[Sign]:
    used = {tile for tile in state.altar if tile is not None}
    for hand in state.hands:
        used.update(hand)
    return [tile for tile in state.config.edition.tiles if tile not in used]


def _completes_portent(altar: Sequence[Sign | None], space: int, tile: Sign) -> bool:
    for lane in LANES_THROUGH[space]:
        others = [altar[s] for s in LANES[lane] if s != space]
        x, y = others
        if x is not None and y is not None and tile.mask & x.mask & y.mask:
            return True
    return False


def _completable(hands: Sequence[tuple[Sign, ...]], pool: Sequence[Sign]) -> bool:
    """Whether the unfinished hands can all be completed from ``pool`` without a shared trait."""
    for index, hand in enumerate(hands):
        if len(hand) < 3:
            for combo in combinations(pool, 3 - len(hand)):
                if hand_ok(hand + combo):
                    rest = [tile for tile in pool if tile not in combo]
                    if _completable(hands[index + 1 :], rest):
                        return True
            return False
    return True


def setup_outcomes(state: State) -> tuple[Action, ...]:
    """The outcomes of the pending setup chance event, in sign order (all equally likely)."""
    phase = state.phase
    if phase is Phase.OMENS:
        placed = {omen for omen in state.omens if omen is not None}
        return tuple(DrawOmen(omen) for omen in state.config.edition.omens if omen not in placed)
    if phase is Phase.ALTAR:
        space = state.altar.index(None)
        return tuple(DrawTile(t) for t in _pool(state) if not _completes_portent(state.altar, space, t))
    if phase is Phase.HANDS:
        seat = next(s for s, hand in enumerate(state.hands) if len(hand) < 3)
        pool = _pool(state)
        outcomes = []
        for tile in pool:
            hands = list(state.hands)
            hands[seat] = (*hands[seat], tile)
            if hand_ok(hands[seat]) and _completable(hands, [t for t in pool if t is not tile]):
                outcomes.append(DrawTile(tile))
        return tuple(outcomes)
    if phase is Phase.TOKEN:
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
        space = state.altar.index(None)
        altar = state.altar[:space] + (tile,) + state.altar[space + 1 :]
        return evolve(state, altar=altar, phase=Phase.HANDS if None not in altar else phase)
    if phase is Phase.HANDS:
        seat = next(s for s, hand in enumerate(state.hands) if len(hand) < 3)
        hands = list(state.hands)
        hands[seat] = tuple(sorted((*hands[seat], tile)))
        state = evolve(state, hands=tuple(hands))
        if any(len(hand) < 3 for hand in hands):
            return state
        rest = tuple(_pool(state))
        if not state.config.solo:
            return evolve(state, token=rest[0], phase=Phase.FIRST_PLAYER)
        if state.config.chaotic_cat:
            return evolve(state, bag=rest, phase=Phase.PUSH)
        return evolve(state, phase=Phase.TOKEN)
    assert phase is Phase.TOKEN
    bag = tuple(t for t in _pool(state) if t is not tile)
    return evolve(state, token=tile, bag=bag, phase=Phase.PUSH)
