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
   new Portent a Burnt Offering of its own; old offerings are snuffed. With
   ``kitty_only_steals`` it skips this step (no omens, lights or snuffing).
5. It walks one slot along its path (two with Felis Pyromanias when the
   player left fewer than 2 Burnt Offerings; with ``felis_step_first`` that
   extra step is taken before step 1 instead), and puts its hat on after a
   full circuit (16 steps).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import cache
from typing import Final

from ofrenda_rules.portents.altar import can_light_lanes, omens_collected, portents, snuff, tiles_on
from ofrenda_rules.portents.components import CORNER_WIDE_PUSH, LANES, RING, SIDE_LANES, Sign
from ofrenda_rules.portents.draft import Draft, transition
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import (
    Event,
    KittyPushed,
    kitty_drew,
    kitty_moved,
    kitty_pushed,
    kitty_stole,
    kitty_token_played,
    offering_lit,
    omen_collected,
    portent_ignited,
    snuffed_events,
)
from ofrenda_rules.portents.scoring import kitty_fortune_win
from ofrenda_rules.portents.state import Phase, State
from ofrenda_rules.portents.tables import PUSHES, SHIFTS, PushMove, lane_cap, lit_bits, move_of

__all__ = [
    "CIRCUIT",
    "kitty_draw",
    "kitty_draw_draft",
    "kitty_draws",
    "kitty_hat",
    "kitty_lights",
    "kitty_push",
    "kitty_slot",
    "kitty_turn_draft",
    "start_kitty_turn",
    "waiting_for_draw",
]

CIRCUIT: Final = 16
"""Steps in one circuit of the altar; the Kitty wins after two."""
_INDEX: Final = operator.attrgetter("index")
# Enum members bound once: ``Phase.X`` costs a metaclass lookup (~0.2 µs on CPython 3.11) at each use.
_KITTY_PHASE: Final = Phase.KITTY
_PUSH_PHASE: Final = Phase.PUSH


def kitty_slot(state: State) -> int:
    """The slot the Kitty is at (and points at)."""
    return state.config.edition.kitty_path[state.kitty_steps % CIRCUIT]


def kitty_hat(state: State) -> bool:
    """Whether the Kitty wears its hat (it has completed one circuit)."""
    return state.kitty_steps >= CIRCUIT


def start_kitty_turn(state: State) -> State:
    """Catastrophe and the Kitty's push; then its draws (chance events) or, if none, the rest of its turn."""
    return transition(kitty_turn_draft, state)


def kitty_turn_draft(draft: Draft) -> None:
    """:func:`start_kitty_turn` on a draft."""
    config = draft.config
    slot = config.edition.kitty_path[draft.kitty_steps % CIRCUIT]
    omens = draft.omens
    omen = omens[slot]
    events: list[Event] = []
    if not draft.made_portent and omen is not None:
        draft.kitty_omens = (*draft.kitty_omens, omen)
        draft.omens = omens[:slot] + (None,) + omens[slot + 1 :]
        events.append(kitty_stole(slot, omen))
    move, emptied = kitty_push(slot, lit_bits(draft.lit))
    off: tuple[Sign, ...] = ()
    if move is None:
        altar = list(draft.altar)
        events.append(_BLOCKED[slot])
    else:
        before = (*draft.altar, None)
        flags = (*draft.lit, False)
        off = tiles_on(before, move.off)
        altar = list(map(before.__getitem__, move.source))
        draft.lit = tuple(map(flags.__getitem__, move.source))
        events.append(kitty_pushed(slot, _PUSH_SIDE[slot], move.caps, off))
    token = draft.token
    pushed: tuple[Sign, ...] = off
    if not config.chaotic_cat:
        assert token is not None
        if emptied:
            altar[emptied[0]] = token
            events.append(kitty_token_played(token, emptied[0]))
            emptied = emptied[1:]
        else:
            pushed = (token,)
            events.append(kitty_token_played(token, None))
        token = None
    draft.recent_events = (*draft.recent_events, *events)
    draft.altar = tuple(altar)
    draft.token = token
    draft.pushed = pushed
    draft.kitty_fill = emptied
    draft.phase = _KITTY_PHASE
    if not emptied and (token is not None or config.chaotic_cat):  # nothing to draw (see waiting_for_draw)
        _continue(draft)


_PUSH_SIDE: Final = tuple(edge.side or CORNER_WIDE_PUSH[edge][0] for edge, _ in RING)
"""The side the Kitty pushes from at each slot (a corner's wide push goes from a side too)."""
_BLOCKED: Final = tuple(KittyPushed(slot, None, (0, 0, 0), ()) for slot in range(CIRCUIT))
"""The shared ``KittyPushed`` of a blocked Kitty at each slot."""


@cache
def kitty_push(slot: int, lit: int) -> tuple[PushMove | None, tuple[int, ...]]:
    """The Kitty's push from ``slot`` with Burnt Offerings on ``lit`` (a bit mask), and the spaces it empties.

    From a side slot it pushes its lane as far as the offerings allow (up to
    3); from a corner, one tile off each lane of the side counter-clockwise
    of the corner that an offering does not block, and the emptied spaces
    are listed furthest lane first. ``None``: the Kitty is blocked. At most
    16 x 512 cases, each worked out once.
    """
    edge, position = RING[slot]
    side = edge.side
    shifts = [0, 0, 0]
    if side is not None:
        shifts[position] = lane_cap(lit, SIDE_LANES[side][position])
        order: tuple[int, ...] = (position,)
    else:
        side, order = CORNER_WIDE_PUSH[edge]
        for j in order:
            shifts[j] = min(1, lane_cap(lit, SIDE_LANES[side][j]))
    key = (shifts[0], shifts[1], shifts[2])
    if key == (0, 0, 0):
        return None, ()
    move = move_of(PUSHES[side][_SHIFT_POSITION[key]])
    if len(order) > 1:
        return move, tuple(SIDE_LANES[side][j][0] for j in order if shifts[j])
    return move, move.emptied


_SHIFT_POSITION: Final = {shifts: i for i, shifts in enumerate(SHIFTS)}
"""Each push's shifts' position in :data:`~ofrenda_rules.portents.tables.SHIFTS`."""


@cache
def kitty_lights(lanes: tuple[int, ...]) -> tuple[int, ...]:
    """The spaces the Kitty lights for new Portents in ``lanes`` (remembered: at most 2**8 sets of lanes).

    For each Portent in turn, the lowest space that still leaves every other
    new Portent a Burnt Offering of its own.
    """
    chosen: list[int] = []
    for _ in lanes:
        chosen.append(
            next(
                space
                for space in range(9)
                if space not in chosen
                and any(space in LANES[lane] for lane in lanes)
                and can_light_lanes(lanes, (*chosen, space))
            )
        )
    return tuple(chosen)


def kitty_draw(state: State, tile: Sign) -> State:
    """A tile drawn from the bag for the Kitty: onto its next space, else onto its token."""
    return transition(kitty_draw_draft, state, tile)


def kitty_draw_draft(draft: Draft, tile: Sign) -> None:
    """:func:`kitty_draw` on a draft."""
    draft.bag = tuple([t for t in draft.bag if t is not tile])
    if draft.kitty_fill:
        space = draft.kitty_fill[0]
        draft.altar = draft.altar[:space] + (tile,) + draft.altar[space + 1 :]
        draft.kitty_fill = draft.kitty_fill[1:]
        draft.recent_events += (kitty_drew(tile, space),)
    else:
        draft.token = tile
        draft.recent_events += (kitty_drew(tile, None),)
    _continue(draft)


def kitty_draws(draft: Draft, below: Callable[[int], int]) -> None:
    """All the bag draws the Kitty's turn waits for, then the rest of its turn (a seeded game's fast path).

    Draw by draw exactly as :func:`kitty_draw_draft`: the next emptied space,
    then the token, each tile the bag's ``below(len(bag))``-th (no call for a
    single tile), and the bag keeps its order.
    """
    bag = list(draft.bag)
    altar = list(draft.altar)
    drawn = []
    for space in draft.kitty_fill:
        altar[space] = tile = bag.pop(below(len(bag)) if len(bag) > 1 else 0)
        drawn.append(kitty_drew(tile, space))
    if not draft.config.chaotic_cat and draft.token is None:
        draft.token = tile = bag.pop(below(len(bag)) if len(bag) > 1 else 0)
        drawn.append(kitty_drew(tile, None))
    draft.recent_events += tuple(drawn)
    draft.altar = tuple(altar)
    draft.bag = tuple(bag)
    draft.kitty_fill = ()
    _continue(draft)


def waiting_for_draw(state: State | Draft) -> bool:
    """Whether the Kitty's turn waits for a bag draw."""
    return bool(state.kitty_fill) or (not state.config.chaotic_cat and state.token is None)


def _continue(draft: Draft) -> None:
    config = draft.config
    if draft.kitty_fill or (draft.token is None and not config.chaotic_cat):
        return  # waiting for a bag draw (see waiting_for_draw)
    pushed = draft.pushed
    if pushed:  # the bag is kept sorted: without pushed tiles it is unchanged
        draft.bag = tuple(sorted(draft.bag + pushed, key=_INDEX))
        draft.pushed = ()
    lit = draft.lit
    omens, gained = draft.omens, draft.kitty_omens
    events: list[Event] = []
    if not config.kitty_only_steals:  # ruling 14: with it, the Kitty does not scry
        altar = draft.altar
        found = portents(altar, lit)
        chosen: tuple[int, ...] = ()
        if found:
            slots = omens_collected(omens, found)
            events += [portent_ignited(None, portent.lane, portent.trait) for portent in found]
            left = list(omens)
            for slot in slots:
                omen = omens[slot]
                if omen is not None:
                    events.append(omen_collected(None, slot, omen))
                    gained = (*gained, omen)
                left[slot] = None
            omens = tuple(left)
            chosen = kitty_lights(tuple([p.lane for p in found]))
            flags = list(lit)
            for space in chosen:
                flags[space] = True
                tile = altar[space]
                if tile is not None:
                    events.append(offering_lit(None, space, tile))
            lit = tuple(flags)
        if True in lit:  # (snuff leaves a state without Burnt Offerings as it is)
            before = lit
            lit = snuff(altar, lit, chosen, config.snuff_each_alone)
            if lit != before:
                events += snuffed_events(altar, before, lit)
    steps = draft.kitty_steps + (2 if draft.kitty_extra else 1)
    events.append(kitty_moved(config.edition.kitty_path[steps % CIRCUIT], steps))
    draft.recent_events = (*draft.recent_events, *events)
    draft.omens = omens
    draft.kitty_omens = gained
    draft.lit = lit
    draft.kitty_steps = steps
    draft.kitty_extra = False
    draft.made_portent = False
    draft.turns += 1
    if lit.count(True) >= 4:
        reason: EndReason | None = EndReason.KITTY_OFFERINGS
    elif steps >= 2 * CIRCUIT:
        reason = EndReason.KITTY_CIRCLED
    else:
        reason = kitty_fortune_win(gained)
    if reason is not None:
        draft.end((), reason)
    else:
        draft.phase = _PUSH_PHASE
