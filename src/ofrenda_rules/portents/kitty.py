"""The Kitty: the solo game's automaton, whose turns happen inside ``apply``.

The Kitty's turn (rulings in the docs page):

1. Catastrophe: if the player made no new Portent, it steals the omen in the
   slot it points at (nothing when that slot is empty).
2. It pushes as many tiles as it can (up to 3) off the lane it points at,
   from its side; from a corner it makes a *wide push*, one tile off each lane
   of the side counter-clockwise of the corner, furthest lane first. Burnt
   Offerings stop it as they stop the player.
3. Its token tile fills the first emptied space (the deepest, or the furthest
   lane); bag draws (chance events) fill the rest, in order; then a draw
   refills the token; the pushed tiles go into the bag. Blocked completely,
   it still swaps its token tile for a bag draw. With Chaotic Cat it has no
   token and draws every tile.
4. It scries like a player: its new Portents collect omens for it, and it
   lights, for each, the lowest-numbered space that still leaves every other
   new Portent a Burnt Offering of its own; old offerings are snuffed.
5. It walks one slot along its path (two with Felis Pyromanias when the
   player left fewer than 2 Burnt Offerings), and puts its hat on after a
   full circuit (16 steps).
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.copying import evolve
from ofrenda_rules.portents.altar import apply_push, can_light, max_shift, omens_collected, portents, snuff
from ofrenda_rules.portents.components import CORNER_WIDE_PUSH, LANES, RING, SIDE_LANES, Sign
from ofrenda_rules.portents.scoring import kitty_fortune_win
from ofrenda_rules.portents.state import EndReason, Phase, State

__all__ = ["CIRCUIT", "kitty_draw", "kitty_hat", "kitty_slot", "start_kitty_turn", "waiting_for_draw"]

CIRCUIT: Final = 16
"""Steps in one circuit of the altar; the Kitty wins after two."""


def kitty_slot(state: State) -> int:
    """The slot the Kitty is at (and points at)."""
    return state.config.edition.kitty_path[state.kitty_steps % CIRCUIT]


def kitty_hat(state: State) -> bool:
    """Whether the Kitty wears its hat (it has completed one circuit)."""
    return state.kitty_steps >= CIRCUIT


def start_kitty_turn(state: State) -> State:
    """Catastrophe and the Kitty's push; then its draws (chance events) or, if none, the rest of its turn."""
    slot = kitty_slot(state)
    omens, stolen = state.omens, state.kitty_omens
    omen = omens[slot]
    if not state.made_portent and omen is not None:
        stolen = (*stolen, omen)
        omens = omens[:slot] + (None,) + omens[slot + 1 :]
    edge, position = RING[slot]
    side = edge.side
    shifts = [0, 0, 0]
    if side is not None:
        shifts[position] = max_shift(state.lit, side, position)
        order: tuple[int, ...] = (position,)
    else:
        side, order = CORNER_WIDE_PUSH[edge]
        for j in order:
            shifts[j] = min(1, max_shift(state.lit, side, j))
    altar, lit, off, emptied = apply_push(state.altar, state.lit, side, (shifts[0], shifts[1], shifts[2]))
    if len(order) > 1:
        emptied = tuple(SIDE_LANES[side][j][0] for j in order if shifts[j])
    token = state.token
    pushed: tuple[Sign, ...] = off
    if not state.config.chaotic_cat:
        assert token is not None
        if emptied:
            altar = altar[: emptied[0]] + (token,) + altar[emptied[0] + 1 :]
            emptied = emptied[1:]
        else:
            pushed = (token,)
        token = None
    state = evolve(
        state,
        omens=omens,
        kitty_omens=stolen,
        altar=altar,
        lit=lit,
        token=token,
        pushed=pushed,
        kitty_fill=emptied,
        phase=Phase.KITTY,
    )
    return _continue(state)


def kitty_draw(state: State, tile: Sign) -> State:
    """A tile drawn from the bag for the Kitty: onto its next space, else onto its token."""
    bag = tuple(t for t in state.bag if t is not tile)
    if state.kitty_fill:
        space = state.kitty_fill[0]
        altar = state.altar[:space] + (tile,) + state.altar[space + 1 :]
        state = evolve(state, bag=bag, altar=altar, kitty_fill=state.kitty_fill[1:])
    else:
        state = evolve(state, bag=bag, token=tile)
    return _continue(state)


def waiting_for_draw(state: State) -> bool:
    """Whether the Kitty's turn waits for a bag draw."""
    return bool(state.kitty_fill) or (not state.config.chaotic_cat and state.token is None)


def _continue(state: State) -> State:
    if waiting_for_draw(state):
        return state
    bag = tuple(sorted(state.bag + state.pushed))
    state = evolve(state, bag=bag, pushed=())
    found = portents(state.altar, state.lit)
    omens, gained = state.omens, state.kitty_omens
    lit = state.lit
    chosen: list[int] = []
    if found:
        slots = omens_collected(omens, found)
        gained = gained + tuple(omen for i in slots if (omen := omens[i]) is not None)
        omens = tuple(None if i in slots else omen for i, omen in enumerate(omens))
        for _ in found:
            space = next(
                s
                for s in range(9)
                if s not in chosen and any(s in LANES[p.lane] for p in found) and can_light(found, (*chosen, s))
            )
            chosen.append(space)
        lit = tuple(flag or space in chosen for space, flag in enumerate(lit))
    lit = snuff(state.altar, lit, chosen)
    steps = state.kitty_steps + 1 + (1 if state.kitty_extra else 0)
    state = evolve(
        state,
        omens=omens,
        kitty_omens=gained,
        lit=lit,
        kitty_steps=steps,
        kitty_extra=False,
        made_portent=False,
        turns=state.turns + 1,
    )
    reason = None
    if sum(lit) >= 4:
        reason = EndReason.KITTY_OFFERINGS
    elif steps >= 2 * CIRCUIT:
        reason = EndReason.KITTY_CIRCLED
    else:
        reason = kitty_fortune_win(gained)
    if reason is not None:
        return evolve(state, phase=Phase.OVER, winners=(), reason=reason)
    return evolve(state, phase=Phase.PUSH)
