"""A player's turn: Sleight of Hand (push, replace, palm), Scrying, and the end of the turn.

>>> from ofrenda_rules.portents import Config, new_game
>>> state = new_game(Config(players=1), seed=3)
>>> state.phase
<Phase.PUSH: 'push'>
>>> len(legal_pushes(state)) > 0
True
"""

from __future__ import annotations

from itertools import product
from typing import Final

from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import Rejection
from ofrenda_rules.portents.actions import Pass, Place, Push
from ofrenda_rules.portents.altar import (
    apply_push,
    can_light,
    keep_options,
    max_shift,
    omens_collected,
    portents,
    snuff,
)
from ofrenda_rules.portents.components import LANES, RING, SIDE_LANES, Edge, Side, Sign
from ofrenda_rules.portents.kitty import start_kitty_turn
from ofrenda_rules.portents.scoring import fortune_win, solo_target_met
from ofrenda_rules.portents.state import EndReason, Phase, State

__all__ = [
    "SHIFTS",
    "end_scrying",
    "finish_player_turn",
    "forbidden_sides",
    "legal_lights",
    "legal_places",
    "legal_pushes",
    "light_rejection",
    "place_rejection",
    "push_rejection",
    "scry",
]

SHIFTS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (a, b, c) for a, b, c in product(range(4), repeat=3) if 1 <= a + b + c <= 3
)
"""Every way to push 1-3 tiles off a side's three lanes, in a fixed order."""

_PUSHES: Final = {side: tuple(Push(side, shifts) for shifts in SHIFTS) for side in Side}

_TOUCHING: Final = {
    Edge.NORTHEAST: (Side.NORTH, Side.EAST),
    Edge.SOUTHEAST: (Side.SOUTH, Side.EAST),
    Edge.SOUTHWEST: (Side.SOUTH, Side.WEST),
    Edge.NORTHWEST: (Side.NORTH, Side.WEST),
}


def forbidden_sides(state: State) -> tuple[Side, ...]:
    """Sides the player may not push from (Don't Disturb the Cat: the Kitty's side, or both at a corner)."""
    config = state.config
    if not (config.solo and config.dont_disturb_the_cat):
        return ()
    edge = RING[config.edition.kitty_path[state.kitty_steps % 16]][0]
    side = edge.side
    return (side,) if side is not None else _TOUCHING[edge]


def _pushed_off(state: State, side: Side, shifts: tuple[int, int, int]) -> list[Sign]:
    off = []
    for j, shift in enumerate(shifts):
        lane = SIDE_LANES[side][j]
        for depth in range(3 - shift, 3):
            tile = state.altar[lane[depth]]
            if tile is not None:
                off.append(tile)
    return off


def push_rejection(state: State, push: Push) -> Rejection | None:
    """Why ``push`` is illegal now (the phase is PUSH), or ``None``."""
    side, shifts = push.side, push.shifts
    if (
        not isinstance(side, Side)
        or not isinstance(shifts, tuple)
        or len(shifts) != 3
        or not all(type(s) is int and 0 <= s <= 3 for s in shifts)
        or not 1 <= sum(shifts) <= 3
    ):
        return Rejection("bad-push", f"a push names a side and 1 to 3 tiles over its three lanes, not {push!r}")
    if side in forbidden_sides(state):
        return Rejection("kitty-side", f"Don't Disturb the Cat: no pushing from the {side.value} side, by the Kitty")
    for j, shift in enumerate(shifts):
        if shift > max_shift(state.lit, side, j):
            lane = SIDE_LANES[side][j]
            space = next(s for s in reversed(lane) if state.lit[s])
            return Rejection(
                "offering-blocks",
                f"pushing {shift} off lane {j + 1} of the {side.value} side would push the Burnt Offering"
                f" {state.altar[space]} on space {space} off the altar",
            )
    off = _pushed_off(state, side, shifts)
    if not keep_options(state.hands[state.active], sum(shifts), off):
        names = ", ".join(str(t) for t in off)
        return Rejection(
            "hand-shares-trait",
            f"after palming {names}, every choice of tiles to place leaves three tiles sharing a trait in hand",
        )
    return None


def _keep_ok(hand: list[int], off: list[int]) -> bool:
    """:func:`keep_options` on trait masks for the usual hand of three (fast path)."""
    k = len(off)
    if len(hand) != 3:
        return keep_options([_SIGN_OF_MASK[m] for m in hand], k, [_SIGN_OF_MASK[m] for m in off])
    if k == 3:
        return not off[0] & off[1] & off[2]
    if k == 2:
        x = off[0] & off[1]
        return not x or not hand[0] & x or not hand[1] & x or not hand[2] & x
    x = off[0]
    return not hand[0] & hand[1] & x or not hand[0] & hand[2] & x or not hand[1] & hand[2] & x


_SIGN_OF_MASK: Final = {sign.mask: sign for sign in Sign}
_SIDE_TABLE: Final = tuple((side, SIDE_LANES[side], _PUSHES[side]) for side in Side)


def legal_pushes(state: State) -> tuple[Push | Pass, ...]:
    """Every legal push in a fixed order (sides north, east, south, west), or ``(Pass(),)`` when there is none."""
    found: list[Push | Pass] = []
    forbidden = forbidden_sides(state)
    hand = [t.mask for t in state.hands[state.active]]
    altar = state.altar
    lit = state.lit
    masks = [0 if t is None else t.mask for t in altar]
    for side, lanes, pushes in _SIDE_TABLE:
        if side in forbidden:
            continue
        caps: list[int] = []
        offs: list[tuple[list[int], list[int], list[int], list[int]]] = []
        for q in lanes:
            caps.append(0 if lit[q[2]] else 1 if lit[q[1]] else 2 if lit[q[0]] else 3)
            offs.append(([], [masks[q[2]]], [masks[q[1]], masks[q[2]]], [masks[q[0]], masks[q[1]], masks[q[2]]]))
        cap0, cap1, cap2 = caps
        off0, off1, off2 = offs
        for push in pushes:
            a, b, c = push.shifts
            if a > cap0 or b > cap1 or c > cap2:
                continue
            if _keep_ok(hand, off0[a] + off1[b] + off2[c]):
                found.append(push)
    return tuple(found) if found else (Pass(),)


def place_rejection(state: State, place: Place) -> Rejection | None:
    """Why ``place`` is illegal now (the phase is PLACE), or ``None``."""
    space, tile = place.space, place.tile
    if type(space) is not int or not 0 <= space < 9:
        return Rejection("no-such-space", f"the altar's spaces are 0 to 8, not {space!r}")
    if state.altar[space] is not None:
        return Rejection("space-occupied", f"space {space} holds {state.altar[space]}; fill an empty space")
    hand = state.hands[state.active]
    if not isinstance(tile, Sign) or tile not in hand:
        return Rejection("tile-not-in-hand", f"{tile} is not in player {state.active}'s hand")
    rest = [t for t in hand if t is not tile]
    empty = sum(1 for t in state.altar if t is None)
    if not keep_options(rest, empty - 1, state.pushed):
        return Rejection(
            "hand-shares-trait",
            f"placing {tile} leaves no way to end Sleight of Hand without three tiles sharing a trait in hand",
        )
    return None


def legal_places(state: State) -> tuple[Place, ...]:
    """Every legal placement: empty spaces in order, tiles in hand order."""
    hand = state.hands[state.active]
    empties = [s for s in range(9) if state.altar[s] is None]
    tiles = [t for t in hand if keep_options([u for u in hand if u is not t], len(empties) - 1, state.pushed)]
    return tuple(Place(space, tile) for space in empties for tile in tiles)


def light_rejection(state: State, space: object) -> Rejection | None:
    """Why lighting ``space`` is illegal in the LIGHT phase, or ``None``."""
    if type(space) is not int or not 0 <= space < 9:
        return Rejection("no-such-space", f"the altar's spaces are 0 to 8, not {space!r}")
    if state.lit[space]:
        return Rejection("already-lit", f"{state.altar[space]} on space {space} is already a Burnt Offering")
    if not any(space in LANES[p.lane] for p in state.portents):
        return Rejection("not-in-portent", f"{state.altar[space]} on space {space} is in no new Portent")
    if not can_light(state.portents, (*state.lit_now, space)):
        return Rejection(
            "offering-not-own",
            f"every new Portent needs a Burnt Offering of its own; lighting space {space} leaves one without",
        )
    return None


def legal_lights(state: State) -> tuple[int, ...]:
    """Spaces that may be lit now (in the LIGHT phase)."""
    return tuple(s for s in range(9) if light_rejection(state, s) is None)


def do_push(state: State, push: Push) -> State:
    """Push tiles off (the push is legal): the altar has empty spaces to fill."""
    altar, lit, off, _ = apply_push(state.altar, state.lit, push.side, push.shifts)
    return evolve(state, altar=altar, lit=lit, pushed=off, phase=Phase.PLACE)


def do_place(state: State, place: Place) -> State:
    """Put a hand tile on an empty space; once the altar is full, palm the pushed tiles and scry."""
    seat = state.active
    altar = state.altar[: place.space] + (place.tile,) + state.altar[place.space + 1 :]
    hand = tuple(t for t in state.hands[seat] if t is not place.tile)
    if None in altar:
        return evolve(state, altar=altar, hands=_with(state.hands, seat, hand))
    hand = tuple(sorted(hand + state.pushed))
    return scry(evolve(state, altar=altar, hands=_with(state.hands, seat, hand), pushed=()))


def _with(hands: tuple[tuple[Sign, ...], ...], seat: int, hand: tuple[Sign, ...]) -> tuple[tuple[Sign, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def scry(state: State) -> State:
    """Scrying for the player: new Portents collect omens, then wait for lights (or snuff and end)."""
    found = portents(state.altar, state.lit)
    if not found:
        return end_scrying(state)
    slots = omens_collected(state.omens, found)
    omens = tuple(None if i in slots else omen for i, omen in enumerate(state.omens))
    gained = tuple(omen for i in slots if (omen := state.omens[i]) is not None)
    seat = state.active
    collected = _with(state.collected, seat, state.collected[seat] + gained)
    return evolve(
        state, omens=omens, collected=collected, portents=found, lit_now=(), made_portent=True, phase=Phase.LIGHT
    )


def do_light(state: State, space: int) -> State:
    """Light a Burnt Offering for a new Portent; after the last, snuff and end the turn."""
    lit = state.lit[:space] + (True,) + state.lit[space + 1 :]
    lit_now = (*state.lit_now, space)
    state = evolve(state, lit=lit, lit_now=lit_now)
    if len(lit_now) < len(state.portents):
        return state
    return end_scrying(state)


def end_scrying(state: State) -> State:
    """Snuff old Burnt Offerings, then end the player's Scrying phase."""
    lit = snuff(state.altar, state.lit, state.lit_now)
    state = evolve(state, lit=lit, portents=(), lit_now=())
    if state.config.solo and state.config.feed_the_cat:
        return evolve(state, phase=Phase.SACRIFICE)
    return finish_player_turn(state)


def finish_player_turn(state: State) -> State:
    """The end of a player's turn: victory checks, then the next turn (the Kitty's, in the solo game)."""
    config = state.config
    turns = state.turns + 1
    offerings = sum(state.lit)
    state = evolve(state, turns=turns)
    if not config.solo:
        seat = state.active
        reason = fortune_win(state.collected[seat])
        if reason is None and offerings >= 4:
            reason = EndReason.FOUR_OFFERINGS
        if reason is not None:
            return evolve(state, phase=Phase.OVER, winners=(seat,), reason=reason)
        if turns >= config.turn_limit:
            return evolve(state, phase=Phase.OVER, winners=(), reason=EndReason.TURN_LIMIT)
        return evolve(state, active=1 - seat, phase=Phase.PUSH, made_portent=False)
    if solo_target_met(config, state.collected[0]):
        return evolve(state, phase=Phase.OVER, winners=(0,), reason=EndReason.SOLO_TARGET)
    if offerings >= 4:
        return evolve(state, phase=Phase.OVER, winners=(), reason=EndReason.KITTY_OFFERINGS)
    extra = config.felis_pyromanias and offerings < 2
    return start_kitty_turn(evolve(state, kitty_extra=extra))
