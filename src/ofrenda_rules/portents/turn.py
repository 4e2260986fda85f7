"""A player's turn: Sleight of Hand (push, replace, palm), Scrying, and the end of the turn.

The moves that end a turn (the last placement, the last Burnt Offering, a
pass) run through several rules in a row; they work on a
:class:`~ofrenda_rules.portents.draft.Draft` (the ``*_draft`` functions) so
that ``apply`` builds one state per action. The other moves change a few
fields of the state directly.

>>> from ofrenda_rules.portents import Config, new_game
>>> state = new_game(Config(players=1), seed=3)
>>> state.phase
<Phase.PUSH: 'push'>
>>> len(legal_pushes(state)) > 0
True
"""

from __future__ import annotations

import operator
from functools import lru_cache
from typing import Final

from ofrenda_rules.copying import field_getter, replacer
from ofrenda_rules.errors import Rejection
from ofrenda_rules.portents.actions import Pass, Place, Push
from ofrenda_rules.portents.altar import (
    can_light,
    can_light_lanes,
    hand_ok,
    keep_masks,
    keep_options,
    max_shift,
    omens_collected,
    portents,
    snuff,
    tiles_on,
)
from ofrenda_rules.portents.components import LANES, RING, SIDE_LANES, Edge, Side, Sign
from ofrenda_rules.portents.draft import Draft, transition
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import (
    Event,
    TilesPushed,
    kitty_moved,
    offering_lit,
    omen_collected,
    portent_ignited,
    tile_placed,
    tiles_palmed,
    tiles_pushed,
)
from ofrenda_rules.portents.kitty import kitty_turn_draft
from ofrenda_rules.portents.scoring import fortune_win, solo_target_met
from ofrenda_rules.portents.state import Phase, State
from ofrenda_rules.portents.tables import (
    ALL_PUSHES,
    PASS,
    PLACES,
    PUSH_SERIAL,
    SHIFTS,
    SIDE_BITS,
    lit_bits,
    move_of,
    push_candidates,
)

__all__ = [
    "SHIFTS",
    "do_light",
    "do_place",
    "do_push",
    "end_scrying",
    "end_scrying_draft",
    "finish_player_turn",
    "finish_turn_draft",
    "forbidden_sides",
    "last_place_draft",
    "legal_lights",
    "legal_places",
    "legal_pushes",
    "one_empty_space",
    "light_rejection",
    "light_draft",
    "place_draft",
    "place_rejection",
    "place_tile",
    "push_options",
    "push_rejection",
    "scry",
    "scry_draft",
    "without",
]

_TOUCHING: Final = {
    Edge.NORTHEAST: (Side.NORTH, Side.EAST),
    Edge.SOUTHEAST: (Side.SOUTH, Side.EAST),
    Edge.SOUTHWEST: (Side.SOUTH, Side.WEST),
    Edge.NORTHWEST: (Side.NORTH, Side.WEST),
}
_FORBIDDEN: Final = {edge: _TOUCHING.get(edge) or ((edge.side,) if edge.side else ()) for edge in Edge}
"""The sides the Kitty forbids from each edge (Don't Disturb the Cat)."""
_FORBIDDEN_AT_SLOT: Final = tuple(sum(SIDE_BITS[side] for side in _FORBIDDEN[edge]) for edge, _ in RING)
"""The sides forbidden with the Kitty at each slot, as bits (see :data:`SIDE_BITS`)."""

_INDEX: Final = operator.attrgetter("index")
"""The sort key of signs (the order of ``Sign.__lt__``)."""
# Enum members bound once: ``Phase.X`` costs a metaclass lookup (~0.2 µs on CPython 3.11) at each use.
_PLACE_PHASE: Final = Phase.PLACE
_LIGHT_PHASE: Final = Phase.LIGHT
_SACRIFICE_PHASE: Final = Phase.SACRIFICE
_PUSH_PHASE: Final = Phase.PUSH


_ONE_TILE_PUSHED: Final = {
    id(push): tuple(tuple(TilesPushed(seat, push.side, push.shifts, (tile,)) for tile in Sign) for seat in (0, 1))
    for push in ALL_PUSHES
    if sum(push.shifts) == 1
}
"""The events of the one-tile pushes (by the identity of the interned pushes, which live as long as the module)."""


def forbidden_sides(state: State) -> tuple[Side, ...]:
    """Sides the player may not push from (Don't Disturb the Cat: the Kitty's side, or both at a corner)."""
    config = state.config
    if not (config.solo and config.dont_disturb_the_cat):
        return ()
    return _FORBIDDEN[RING[config.edition.kitty_path[state.kitty_steps % 16]][0]]


def _forbidden_bits(state: State) -> int:
    config = state.config
    if config.players != 1 or not config.dont_disturb_the_cat:
        return 0
    return _FORBIDDEN_AT_SLOT[config.edition.kitty_path[state.kitty_steps % 16]]


def _pushed_off(state: State, side: Side, shifts: tuple[int, int, int]) -> list[Sign]:
    off = []
    for j, shift in enumerate(shifts):
        lane = SIDE_LANES[side][j]
        for depth in range(3 - shift, 3):
            tile = state.altar[lane[depth]]
            if tile is not None:
                off.append(tile)
    return off


_PUSH_FIELDS: Final = field_getter(Push, ("side", "shifts"))
_PLACE_FIELDS: Final = field_getter(Place, ("space", "tile"))


def push_rejection(state: State, push: Push) -> Rejection | None:
    """Why ``push`` is illegal now (the phase is PUSH), or ``None``."""
    # The fields are read as plain objects: a caller's push may hold anything, and in the compiled build
    # reading ``push.shifts`` itself would check it against its declared type (taking ``True`` for 1).
    side, given = _PUSH_FIELDS(push)
    if (
        not isinstance(side, Side)
        or not isinstance(given, tuple)
        or len(given) != 3
        or not all(type(s) is int and 0 <= s <= 3 for s in given)
        or not 1 <= sum(given) <= 3
    ):
        return Rejection("bad-push", f"a push names a side and 1 to 3 tiles over its three lanes, not {push!r}")
    shifts: tuple[int, int, int] = given  # (checked above: three integers)
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


def legal_pushes(state: State) -> tuple[Push | Pass, ...]:
    """Every legal push in a fixed order (sides north, east, south, west), or ``(Pass(),)`` when there is none.

    With ``Config.optional_push`` the pass follows the pushes, unless the hand holds three tiles sharing a
    trait (possible after Feed the Cat): the phase cannot end with such a hand.
    """
    return push_options(state)[0]


def push_options(state: State) -> tuple[tuple[Push | Pass, ...], int]:
    """:func:`legal_pushes`, and the pushes as a bit mask of serial numbers (``0`` for the pass).

    The Burnt Offerings and the Kitty decide which pushes are open
    (:func:`~ofrenda_rules.portents.tables.push_candidates`, computed once per
    pattern); the hand rule then removes the pushes after which no choice of
    tiles to place leaves a legal hand. With the usual hand of three tiles
    sharing no trait and an altar of nine different tiles, only a push of 3
    tiles can break the rule: after a push of ``k`` tiles the player keeps
    ``3 - k`` hand tiles. A 1-tile push breaks it only if the pushed tile
    shares a trait with each of the three pairs of hand tiles; it has two
    traits, so two pairs would share the same one, which would be common to
    all three hand tiles. A 2-tile push breaks it only if every hand tile
    shares the trait common to the two pushed tiles (two different tiles share
    at most one). A 3-tile push breaks it exactly when the three tiles pushed
    off share a trait. Any other hand or altar takes the general check.
    """
    candidates = push_candidates(lit_bits(state.lit), _forbidden_bits(state))
    hand = state.hands[state.active]
    masks: list[int] = []  # (loops, not comprehensions, on this path of every push: see legal_places)
    for tile in state.altar:
        masks.append(0 if tile is None else tile.mask)
    if len(hand) == 3 and not hand[0].mask & hand[1].mask & hand[2].mask and len(set(masks)) == 9:
        bits = candidates.bits
        dropped: list[int] = []  # positions in candidates.pushes of the pushes the hand rule forbids
        for a, b, c, pushes_off, where in candidates.triples:
            if masks[a] & masks[b] & masks[c]:
                bits &= ~pushes_off
                dropped += where
        if not dropped:
            pushes: tuple[Push | Pass, ...] = candidates.pushes
        else:
            kept: list[Push | Pass] = list(candidates.pushes)
            for position in sorted(dropped, reverse=True):
                del kept[position]
            pushes = tuple(kept)
    else:
        pushes, bits = _pushes_checked(candidates.pushes, hand, state.altar, masks)
    if not pushes:
        return (PASS,), 0
    if state.config.optional_push and hand_ok(hand):  # ruling 7's other reading: the push may be skipped
        return (*pushes, PASS), bits  # (not with a hand that must change: the phase cannot end with it)
    return pushes, bits


def _pushes_checked(
    candidates: tuple[Push, ...], hand: tuple[Sign, ...], altar: tuple[Sign | None, ...], masks: list[int]
) -> tuple[tuple[Push | Pass, ...], int]:
    """The ``candidates`` the hand rule allows, each checked in full, and their serial bits (:func:`push_options`)."""
    hand_masks = [tile.mask for tile in hand]
    found: list[Push | Pass] = []
    bits = 0
    for push in candidates:
        off = move_of(push).off
        if len(hand) == 3:
            allowed = _keep_three(hand_masks, [masks[space] for space in off])
        else:
            allowed = keep_options(hand, len(off), [tile for space in off if (tile := altar[space]) is not None])
        if allowed:
            found.append(push)
            bits |= 1 << PUSH_SERIAL[id(push)]
    return tuple(found), bits


def _keep_three(hand: list[int], off: list[int]) -> bool:
    """:func:`keep_options` for a hand of three, on trait masks (an empty space pushed off counts as ``0``)."""
    k = len(off)
    if k == 3:
        return not off[0] & off[1] & off[2]
    if k == 2:
        x = off[0] & off[1]
        return not x or not hand[0] & x or not hand[1] & x or not hand[2] & x
    x = off[0]
    return not hand[0] & hand[1] & x or not hand[0] & hand[2] & x or not hand[1] & hand[2] & x


def place_rejection(state: State, place: Place) -> Rejection | None:
    """Why ``place`` is illegal now (the phase is PLACE), or ``None``."""
    space, tile = _PLACE_FIELDS(place)  # plain objects, as in push_rejection
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
    """Every legal placement: empty spaces in order, tiles in hand order.

    A tile may go down when, without it (and any copy of it), the tiles still
    to place can be chosen so as to leave a legal hand with the pushed tiles
    (as :func:`place_rejection` checks, on trait masks: equal masks are the
    same sign).
    """
    hand = state.hands[state.active]
    altar = state.altar
    rows: list[
        tuple[Place, ...]
    ] = []  # the empty spaces' placements (loops, not comprehensions, on this path of every placement)
    for space in range(9):
        if altar[space] is None:
            rows.append(PLACES[space])
    tiles = _placeable(hand, len(rows) - 1, state.pushed)
    places: list[Place] = []
    for row in rows:
        for index in tiles:
            places.append(row[index])
    return tuple(places)


def _placeable(hand: tuple[Sign, ...], placed: int, pushed_tiles: tuple[Sign, ...]) -> list[int]:
    """The indices (``Sign.index``) of the hand tiles that may go down now, in hand order (see :func:`legal_places`).

    ``placed`` counts the tiles still to place after this one.
    """
    if len(hand) == placed + 1 and len(pushed_tiles) == 3:
        # Every hand tile goes down this turn (keep 0): the final hand is the three pushed tiles, so any tile
        # may go on any space unless they share a trait (then none may), as below. Distinct tiles only.
        a, b, c = pushed_tiles
        if a.mask & b.mask & c.mask:
            return []
        indices: list[int] = []
        for tile in hand:
            indices.append(tile.index)
        if len(set(indices)) == len(indices):
            return indices
    return _placeable_by_masks(hand, placed, pushed_tiles)


def _placeable_by_masks(hand: tuple[Sign, ...], placed: int, pushed_tiles: tuple[Sign, ...]) -> list[int]:
    """:func:`_placeable` on the tiles' trait masks, for any hand."""
    masks: list[int] = []  # (loops, not comprehensions: see legal_places)
    for tile in hand:
        masks.append(tile.mask)
    pushed: list[int] = []
    for tile in pushed_tiles:
        pushed.append(tile.mask)
    keep = len(hand) - 1 - placed  # hand tiles kept, besides the one placed now
    tiles: list[int] = []
    if keep + len(pushed) == 3 and len(set(masks)) == len(masks) and keep in (0, len(hand) - 1):
        # The usual end of a turn with a hand of three: the final hand is the pushed tiles (keep 0), or
        # them and every other hand tile (this is the last placement); one test of three tiles each.
        shared = _ALL_TRAITS
        for mask in pushed:
            shared &= mask
        if keep == 0:
            if not shared:
                for tile in hand:
                    tiles.append(tile.index)
        elif keep == 2:  # the last of one placement from a hand of three: the other two stay, with the pushed
            m0, m1, m2 = masks
            kept = (m1 & m2 & shared, m0 & m2 & shared, m0 & m1 & shared)
            for tile, mask in zip(hand, kept, strict=True):
                if not mask:
                    tiles.append(tile.index)
        else:
            for tile, mask in zip(hand, masks, strict=True):
                if not _shared(masks, mask, shared):
                    tiles.append(tile.index)
    elif keep == 1 and len(pushed) == 2 and len(masks) == 3 and len(set(masks)) == 3:
        # After a push of two, the first of two placements from a hand of three: the final hand is the tile
        # kept and the two pushed, so a tile may go down when one of the other two could be the one kept.
        shared = pushed[0] & pushed[1]
        m0, m1, m2 = masks
        k0, k1, k2 = not m0 & shared, not m1 & shared, not m2 & shared
        for tile, ok in zip(hand, (k1 or k2, k0 or k2, k0 or k1), strict=True):
            if ok:
                tiles.append(tile.index)
    else:
        for tile, mask in zip(hand, masks, strict=True):
            if keep_masks(_other_masks(masks, mask), placed, pushed):
                tiles.append(tile.index)
    return tiles


_ALL_TRAITS: Final = 0xFF
"""A mask of every trait."""


def _other_masks(masks: list[int], without: int) -> list[int]:
    """``masks`` without ``without`` (and any copy of it)."""
    return [mask for mask in masks if mask != without]


def _shared(masks: list[int], without: int, shared: int) -> int:
    """The traits common to ``masks`` other than ``without`` and to ``shared``."""
    for mask in masks:
        if mask != without:
            shared &= mask
    return shared


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
    """Spaces that may be lit now (in the LIGHT phase): those :func:`light_rejection` accepts."""
    return _lights(tuple([p.lane for p in state.portents]), state.lit_now, state.lit)


@lru_cache(maxsize=4096)
def _lights(lanes: tuple[int, ...], lit_now: tuple[int, ...], lit: tuple[bool, ...]) -> tuple[int, ...]:
    return tuple(
        space
        for space in range(9)
        if not lit[space] and any(space in LANES[lane] for lane in lanes) and can_light_lanes(lanes, (*lit_now, space))
    )


def do_push(state: State, push: Push) -> State:
    """Push tiles off (the push is legal): the altar has empty spaces to fill."""
    move = move_of(push)
    altar = (*state.altar, None)
    lit = (*state.lit, False)
    off = tiles_on(altar, move.off)
    one = _ONE_TILE_PUSHED.get(id(push)) if len(off) == 1 else None
    event = tiles_pushed(state.active, push.side, push.shifts, off) if one is None else one[state.active][off[0].index]
    source = move.source
    return _pushed(state, off, (event,), tuple(map(altar.__getitem__, source)), tuple(map(lit.__getitem__, source)))


_pushed: Final = replacer(State, ("pushed", "recent_events", "altar", "lit"), {"phase": Phase.PLACE})
"""The state after a push: tiles pushed off, the push's event, the altar and its flags moved; tiles to place."""


def do_place(state: State, place: Place) -> State:
    """Put a hand tile on an empty space; once the altar is full, palm the pushed tiles and scry."""
    if one_empty_space(state.altar):
        draft = Draft(state)
        last_place_draft(draft, place)
        return draft.build()
    return place_tile(state, place)


def place_tile(state: State, place: Place) -> State:
    """:func:`do_place` when the altar keeps an empty space: the tile leaves the hand for the altar."""
    seat = state.active
    space = place.space
    tile = place.tile
    altar = (*state.altar[:space], tile, *state.altar[space + 1 :])
    hand = tuple(_without_tile(state.hands[seat], tile))
    return _placed(state, altar, _with(state.hands, seat, hand), (tile_placed(seat, space, tile),))


def _without_tile(hand: tuple[Sign, ...], tile: Sign) -> list[Sign]:
    """The hand without ``tile`` (and any copy of it), in order."""
    rest: list[Sign] = []
    for other in hand:  # (a loop, not a comprehension: this runs at every placement)
        if other is not tile:
            rest.append(other)
    return rest


_placed: Final = replacer(State, ("altar", "hands", "recent_events"))
"""The state after a placement that leaves an empty space."""


def one_empty_space(altar: tuple[Sign | None, ...]) -> bool:
    """Whether the altar has exactly one empty space (by identity: signs compare slowly with ``==``)."""
    empty = 0
    for tile in altar:  # (a loop, not a comprehension: this runs at every placement)
        if tile is None:
            empty += 1
    return empty == 1


def place_draft(draft: Draft, place: Place) -> None:
    """:func:`do_place` on a draft."""
    if one_empty_space(draft.altar):
        last_place_draft(draft, place)
        return
    seat = draft.active
    space = place.space
    draft.altar = (*draft.altar[:space], place.tile, *draft.altar[space + 1 :])
    draft.hands = _with(draft.hands, seat, tuple([t for t in draft.hands[seat] if t is not place.tile]))
    draft.recent_events += (tile_placed(seat, space, place.tile),)


def last_place_draft(draft: Draft, place: Place) -> None:
    """:func:`place_draft` onto the altar's last empty space: then palm the pushed tiles and scry."""
    seat = draft.active
    space = place.space
    tile = place.tile
    draft.altar = (*draft.altar[:space], tile, *draft.altar[space + 1 :])
    pushed = draft.pushed
    hand = tuple(sorted(_without_tile(draft.hands[seat], tile) + list(pushed), key=_INDEX))
    draft.hands = _with(draft.hands, seat, hand)
    if pushed:
        draft.recent_events += (tile_placed(seat, space, tile), tiles_palmed(seat, pushed))
        draft.pushed = ()
    else:
        draft.recent_events += (tile_placed(seat, space, tile),)
    scry_draft(draft)


def _with(hands: tuple[tuple[Sign, ...], ...], seat: int, hand: tuple[Sign, ...]) -> tuple[tuple[Sign, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def scry(state: State) -> State:
    """Scrying for the player: new Portents collect omens, then wait for lights (or snuff and end)."""
    return transition(scry_draft, state)


def scry_draft(draft: Draft) -> None:
    """:func:`scry` on a draft."""
    found = portents(draft.altar, draft.lit)
    if not found:
        end_scrying_draft(draft)
        return
    omens = draft.omens
    slots = omens_collected(omens, found)
    seat = draft.active
    events: list[Event] = []  # (loops, not comprehensions: see legal_places)
    for portent in found:
        events.append(portent_ignited(seat, portent.lane, portent.trait))
    gained: list[Sign] = []
    for slot in slots:
        omen = omens[slot]
        if omen is not None:
            events.append(omen_collected(seat, slot, omen))
            gained.append(omen)
    draft.note(*events)
    draft.omens = without(omens, slots)
    draft.collected = _with(draft.collected, seat, (*draft.collected[seat], *gained))
    draft.portents = found
    draft.lit_now = ()
    draft.made_portent = True
    draft.phase = _LIGHT_PHASE


def without(omens: tuple[Sign | None, ...], slots: tuple[int, ...]) -> tuple[Sign | None, ...]:
    """The omens with the given slots emptied."""
    left = list(omens)
    for slot in slots:
        left[slot] = None
    return tuple(left)


def do_light(state: State, space: int) -> State:
    """Light a Burnt Offering for a new Portent; after the last, snuff and end the turn."""
    if len(state.lit_now) + 1 >= len(state.portents):
        draft = Draft(state)
        light_draft(draft, space)
        return draft.build()
    tile = state.altar[space]
    assert tile is not None
    lit = (*state.lit[:space], True, *state.lit[space + 1 :])
    return _lit_one(state, lit, (*state.lit_now, space), (offering_lit(state.active, space, tile),))


_lit_one: Final = replacer(State, ("lit", "lit_now", "recent_events"))
"""The state after a Burnt Offering lit for a new Portent, others still to light."""


def light_draft(draft: Draft, space: int) -> None:
    """:func:`do_light` on a draft."""
    draft.lit = (*draft.lit[:space], True, *draft.lit[space + 1 :])
    draft.lit_now = (*draft.lit_now, space)
    tile = draft.altar[space]
    assert tile is not None
    draft.recent_events += (offering_lit(draft.active, space, tile),)
    if len(draft.lit_now) >= len(draft.portents):
        end_scrying_draft(draft)


def end_scrying(state: State) -> State:
    """Snuff old Burnt Offerings, then end the player's Scrying phase."""
    return transition(end_scrying_draft, state)


def end_scrying_draft(draft: Draft) -> None:
    """:func:`end_scrying` on a draft."""
    before = draft.lit
    config = draft.config
    if True in before:  # (snuff leaves an altar without Burnt Offerings as it is)
        draft.lit = after = snuff(draft.altar, before, draft.lit_now, config.snuff_each_alone)
        if after != before:
            draft.note_snuffed(before, after)
    draft.portents = ()
    draft.lit_now = ()
    if config.players == 1 and config.feed_the_cat:
        draft.phase = _SACRIFICE_PHASE
    else:
        finish_turn_draft(draft)


def finish_player_turn(state: State) -> State:
    """The end of a player's turn: victory checks, then the next turn (the Kitty's, in the solo game)."""
    return transition(finish_turn_draft, state)


def finish_turn_draft(draft: Draft) -> None:
    """:func:`finish_player_turn` on a draft."""
    config = draft.config
    draft.turns = turns = draft.turns + 1
    offerings = draft.lit.count(True)
    if config.players != 1:
        seat = draft.active
        reason = fortune_win(draft.collected[seat])
        if reason is None and offerings >= 4:
            reason = EndReason.FOUR_OFFERINGS
        if reason is not None:
            draft.end((seat,), reason)
        elif turns >= config.turn_limit:
            draft.end((), EndReason.TURN_LIMIT)
        else:
            draft.active, draft.phase, draft.made_portent = 1 - seat, _PUSH_PHASE, False
        return
    if solo_target_met(config, draft.collected[0]):
        draft.end((0,), EndReason.SOLO_TARGET)
    elif offerings >= 4:
        draft.end((), EndReason.KITTY_OFFERINGS)
    else:
        extra = config.felis_pyromanias and offerings < 2
        if extra and config.felis_step_first:
            draft.kitty_steps = steps = draft.kitty_steps + 1  # the extra step first: it acts from the next slot
            draft.recent_events += (kitty_moved(config.edition.kitty_path[steps % 16], steps),)
            extra = False
        draft.kitty_extra = extra
        kitty_turn_draft(draft)
