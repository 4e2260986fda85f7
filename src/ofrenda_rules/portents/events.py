"""What a step of Portents did: tiles pushed and placed, Portents ignited, omens collected, the Kitty's moves.

:func:`~ofrenda_rules.portents.rules.step` returns the events of one step (a
decision, or one chance outcome, with the draws a seeded game makes inside it);
a state keeps those since the most recent player decision in
``State.recent_events``, and a view carries them as its seat may know them
(:func:`event_seen_by`). Fields hold plain values: seats (``None`` names the
Kitty, which is no seat), spaces 0-8 (row by row from the north-west), omen
slots 0-15 (clockwise from the north-west corner), signs, traits and sides.

Portents hides nothing a player could not see on the table: hands and omens lie
face up, and every tile drawn from the bag goes face up onto the altar, a hand
or the Kitty token at once. Every event is therefore seen whole by every seat.

>>> from ofrenda_rules.portents import Config, new_game, step, legal_actions
>>> state = new_game(Config(), seed=11)
>>> state, events = step(state, legal_actions(state)[4])
>>> events
(OfferingLit(seat=1, space=4, tile=Sign.YELLOW_WING),)
>>> describe_event(events[0])
'Seat 2 lit the Yellow Wing on space 5 (centre) as a Burnt Offering'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final, assert_never

import attrs

from ofrenda_rules.copying import plain_constructor
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.json import register_tagged_union
from ofrenda_rules.portents.components import LANE_NAMES, RING, Side, Sign, Trait
from ofrenda_rules.portents.endings import EndReason

__all__ = [
    "SLOT_LABELS",
    "SPACE_NAMES",
    "AltarLaid",
    "AltarReshuffled",
    "Event",
    "FirstPlayerChosen",
    "GameOver",
    "HandsDealt",
    "HandsRedealt",
    "KittyDrew",
    "KittyMoved",
    "KittyPushed",
    "KittyStole",
    "KittyTokenPlayed",
    "LastTileSetAside",
    "OfferingLit",
    "OmenCollected",
    "OmensPlaced",
    "PortentIgnited",
    "PushPassed",
    "ReplacementDrawn",
    "TilePlaced",
    "TileSacrificed",
    "TileSnuffed",
    "TilesPalmed",
    "TilesPushed",
    "describe_event",
    "event_seen_by",
    "kitty_drew",
    "kitty_moved",
    "kitty_pushed",
    "kitty_stole",
    "kitty_token_played",
    "offering_lit",
    "omen_collected",
    "portent_ignited",
    "snuffed_events",
    "tile_placed",
    "tile_snuffed",
    "tiles_palmed",
    "tiles_pushed",
]

SPACE_NAMES: Final = (
    "north-west corner",
    "north edge",
    "north-east corner",
    "west edge",
    "centre",
    "east edge",
    "south-west corner",
    "south edge",
    "south-east corner",
)
"""Where each altar space (0-8, row by row from the north-west) lies, in words."""

SLOT_LABELS: Final = tuple(
    f"{edge.value[0].upper()}{position + 1}" if edge.side is not None else edge.value[0].upper() + edge.value[5].upper()
    for edge, position in RING
)
"""A short label of each omen slot, 0-15, from the geometry alone -- ``NW``, ``N1`` (north, column 1) ... ``W1``.

These are the default edition's printed names; an event names slots by number, so its description uses these.
"""


# --- setup (chance) -------------------------------------------------------------------------------------------


@attrs.frozen
class OmensPlaced:
    """Setup (2): the 16 omen tokens lie face up in their slots."""

    TAG: ClassVar[str] = "omens-placed"
    omens: tuple[Sign, ...]
    """The omen in each slot, 0-15."""


@attrs.frozen
class AltarReshuffled:
    """Setup (3a): the full altar showed a Portent, so its nine tiles were taken up to be laid again."""

    TAG: ClassVar[str] = "altar-reshuffled"
    count: int
    """How many times the altar has now been reshuffled."""


@attrs.frozen
class AltarLaid:
    """Setup (3): nine tiles lie on the altar, unlit, showing no Portent."""

    TAG: ClassVar[str] = "altar-laid"
    tiles: tuple[Sign, ...]
    """The tile on each space, 0-8."""


@attrs.frozen
class HandsDealt:
    """Setup (4): each player was dealt three tiles, face up, none sharing a trait."""

    TAG: ClassVar[str] = "hands-dealt"
    hands: tuple[tuple[Sign, ...], ...]
    """Each seat's hand."""


@attrs.frozen
class HandsRedealt:
    """Setup (4a): a hand held three tiles sharing a trait, so the hands were taken back to be dealt again."""

    TAG: ClassVar[str] = "hands-redealt"
    count: int
    """How many times the hands have now been dealt again."""


@attrs.frozen
class LastTileSetAside:
    """Two-player setup (5): the last tile was put on the Kitty token as a reminder (it is not used)."""

    TAG: ClassVar[str] = "last-tile-set-aside"
    tile: Sign
    """The tile."""


@attrs.frozen
class FirstPlayerChosen:
    """Two-player setup (6): the first player was chosen at random; the other one lights a starting offering."""

    TAG: ClassVar[str] = "first-player-chosen"
    seat: int
    """The first player."""


# --- a player's turn ------------------------------------------------------------------------------------------


@attrs.frozen
class TilesPushed:
    """Sleight of Hand: a player pushed tiles off the altar from one side."""

    TAG: ClassVar[str] = "tiles-pushed"
    seat: int
    """The player."""
    side: Side
    """The side pushed from (tiles move away from it)."""
    shifts: tuple[int, int, int]
    """Tiles pushed off each of the side's three lanes (as in ``Push.shifts``)."""
    tiles: tuple[Sign, ...]
    """The tiles that fell off, to be palmed."""


@attrs.frozen
class PushPassed:
    """Sleight of Hand: a player pushed nothing (no push was legal, or the push is optional) and went on to Scrying."""

    TAG: ClassVar[str] = "push-passed"
    seat: int
    """The player."""


@attrs.frozen
class TilePlaced:
    """Sleight of Hand (replace): a player put a tile from hand on an empty space."""

    TAG: ClassVar[str] = "tile-placed"
    seat: int
    """The player."""
    space: int
    """The space, 0-8."""
    tile: Sign
    """The tile."""


@attrs.frozen
class TilesPalmed:
    """Sleight of Hand (palm): the tiles a player pushed off went into that player's hand."""

    TAG: ClassVar[str] = "tiles-palmed"
    seat: int
    """The player."""
    tiles: tuple[Sign, ...]
    """The tiles palmed."""


@attrs.frozen
class PortentIgnited:
    """Scrying: a new Portent was made -- three unlit tiles in a lane sharing a trait."""

    TAG: ClassVar[str] = "portent-ignited"
    seat: int | None
    """Who made it (the active player; ``None`` -- the Kitty)."""
    lane: int
    """The lane, 0-7 (rows 1-3, columns 1-3, the two diagonals)."""
    trait: Trait
    """The colour or shape the three tiles share."""


@attrs.frozen
class OmenCollected:
    """Scrying: a new Portent collected the omen in a slot at an end of its lane (the omen shares its trait)."""

    TAG: ClassVar[str] = "omen-collected"
    seat: int | None
    """Who collected it (``None`` -- the Kitty)."""
    slot: int
    """The slot it came from, 0-15."""
    omen: Sign
    """The omen token."""


@attrs.frozen
class OfferingLit:
    """A tile was flipped to its Burnt Offering side: for a new Portent, or the second player's starting offering."""

    TAG: ClassVar[str] = "offering-lit"
    seat: int | None
    """Who lit it (``None`` -- the Kitty)."""
    space: int
    """The space, 0-8."""
    tile: Sign
    """The tile."""


@attrs.frozen
class TileSnuffed:
    """Scrying (snuff): an old Burnt Offering, in no possible Portent any more, was flipped back to its unlit side."""

    TAG: ClassVar[str] = "tile-snuffed"
    space: int
    """The space, 0-8."""
    tile: Sign
    """The tile."""


@attrs.frozen
class TileSacrificed:
    """Feed the Cat: the player set a hand tile aside for the bag (it goes in after the replacement is drawn)."""

    TAG: ClassVar[str] = "tile-sacrificed"
    tile: Sign
    """The tile."""


@attrs.frozen
class ReplacementDrawn:
    """Feed the Cat: a tile was drawn from the bag into the player's hand; the sacrifice went into the bag."""

    TAG: ClassVar[str] = "replacement-drawn"
    tile: Sign
    """The tile drawn."""


# --- the Kitty ------------------------------------------------------------------------------------------------


@attrs.frozen
class KittyStole:
    """Catastrophe: the player made no new Portent, so the Kitty stole the omen in the slot it points at."""

    TAG: ClassVar[str] = "kitty-stole"
    slot: int
    """The slot, 0-15."""
    omen: Sign
    """The omen token."""


@attrs.frozen
class KittyPushed:
    """The Kitty pushed from its slot as far as the Burnt Offerings allow; no tiles -- it was blocked."""

    TAG: ClassVar[str] = "kitty-pushed"
    slot: int
    """The slot it pushed from, 0-15."""
    side: Side | None
    """The side pushed from (a corner's wide push pushes from a side too); ``None`` when blocked."""
    shifts: tuple[int, int, int]
    """Tiles pushed off each of the side's three lanes (as in ``Push.shifts``); all 0 when blocked."""
    tiles: tuple[Sign, ...]
    """The tiles that fell off, into the bag."""


@attrs.frozen
class KittyTokenPlayed:
    """The tile on the Kitty token went onto the first emptied space (or, the Kitty blocked, into the bag)."""

    TAG: ClassVar[str] = "kitty-token-played"
    tile: Sign
    """The tile."""
    space: int | None
    """The space, 0-8; ``None`` -- into the bag."""


@attrs.frozen
class KittyDrew:
    """A tile was drawn from the bag for the Kitty: onto a space it emptied, or onto its token."""

    TAG: ClassVar[str] = "kitty-drew"
    tile: Sign
    """The tile."""
    space: int | None
    """The space, 0-8; ``None`` -- onto the Kitty token (also the solo setup's token draw)."""


@attrs.frozen
class KittyMoved:
    """The Kitty walked along its path (one step a turn, two with Felis Pyromanias)."""

    TAG: ClassVar[str] = "kitty-moved"
    slot: int
    """The slot it now stands at and points at, 0-15."""
    steps: int
    """Steps walked since the start (16 a circuit; it wears its hat from 16, wins at 32)."""


# --- the end --------------------------------------------------------------------------------------------------


@attrs.frozen
class GameOver:
    """The game ended: a player won, the Kitty won, or (two players) the turn limit made it a draw."""

    TAG: ClassVar[str] = "game-over"
    reason: EndReason
    """Why it ended."""
    winners: tuple[int, ...]
    """The winning seat; empty -- a draw, or the Kitty won."""
    omens: tuple[int, ...]
    """Omens each seat collected."""
    kitty_omens: int
    """Omens the Kitty collected or stole (solo; 0 in a two-player game)."""


Event = (
    OmensPlaced
    | AltarReshuffled
    | AltarLaid
    | HandsDealt
    | HandsRedealt
    | LastTileSetAside
    | FirstPlayerChosen
    | TilesPushed
    | PushPassed
    | TilePlaced
    | TilesPalmed
    | PortentIgnited
    | OmenCollected
    | OfferingLit
    | TileSnuffed
    | TileSacrificed
    | ReplacementDrawn
    | KittyStole
    | KittyPushed
    | KittyTokenPlayed
    | KittyDrew
    | KittyMoved
    | GameOver
)
"""Every kind of event of the game."""

register_tagged_union(Event)


def event_seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may know it: whole, since every event shows only what lies face up on the table.

    Tiles drawn from the bag land face up at once (altar, hand or Kitty token),
    tiles put into the bag were face up before, and no event names the bag's
    contents or the order of future draws. A spectator
    (:data:`~ofrenda_rules.game.SPECTATOR`) sees every event whole too: hands
    are played face up, so no event holds a seat's secret.

    Raises:
        ValueError: when ``seat`` is negative and not ``SPECTATOR``.

    """
    if seat < 0 and seat != SPECTATOR:
        raise ValueError(f"no seat {seat}")
    return event


def _who(seat: int | None) -> str:
    return "the Kitty" if seat is None else f"Seat {seat + 1}"


def _space(space: int) -> str:
    return f"space {space + 1} ({SPACE_NAMES[space]})"


def _slot(slot: int) -> str:
    return f"slot {SLOT_LABELS[slot]}"


def _tiles(tiles: tuple[Sign, ...]) -> str:
    if not tiles:
        return "nothing"
    names = [f"the {tile}" for tile in tiles]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_REASONS: Final = {
    EndReason.FORTUNE_OF_FOUR: "with a fortune of 4 omens",
    EndReason.TWO_FORTUNES_OF_THREE: "with two fortunes of 3 omens",
    EndReason.FOUR_OFFERINGS: "as the turn ended with 4 Burnt Offerings on the altar",
    EndReason.SOLO_TARGET: "by meeting the difficulty's target",
    EndReason.KITTY_CIRCLED: "by circling the altar twice",
    EndReason.KITTY_FORTUNE_OF_THREE: "with a fortune of 3 omens",
    EndReason.KITTY_TWO_FORTUNES_OF_TWO: "with two fortunes of 2 omens",
    EndReason.KITTY_OFFERINGS: "as a turn ended with 4 or more Burnt Offerings on the altar",
}


def _shifts(side: Side, shifts: tuple[int, int, int]) -> str:
    lane = "column" if side in (Side.NORTH, Side.SOUTH) else "row"
    return ", ".join(f"{shift} off {lane} {j + 1}" for j, shift in enumerate(shifts) if shift)


def describe_event(event: Event) -> str:
    """One English sentence saying what ``event`` did.

    >>> describe_event(OmenCollected(seat=None, slot=5, omen=Sign.BLUE_WING))
    'the Kitty collected the Blue Wing omen from slot E1'
    """
    if isinstance(event, OmensPlaced):
        return "the 16 omens were placed around the altar"
    if isinstance(event, AltarLaid):
        return f"nine tiles were laid on the altar: {_tiles(event.tiles)}"
    if isinstance(event, AltarReshuffled):
        return f"the altar showed a Portent and was taken up to be laid again (reshuffle {event.count})"
    if isinstance(event, HandsDealt):
        return "; ".join(f"Seat {seat + 1} was dealt {_tiles(hand)}" for seat, hand in enumerate(event.hands))
    if isinstance(event, HandsRedealt):
        return f"a hand held three tiles sharing a trait; the hands are dealt again (redeal {event.count})"
    if isinstance(event, LastTileSetAside):
        return f"the last tile, the {event.tile}, was set aside on the Kitty token"
    if isinstance(event, FirstPlayerChosen):
        return f"Seat {event.seat + 1} goes first; Seat {2 - event.seat} lights a starting Burnt Offering"
    if isinstance(event, TilesPushed):
        return (
            f"Seat {event.seat + 1} pushed from the {event.side.value} ({_shifts(event.side, event.shifts)}):"
            f" {_tiles(event.tiles)} fell off"
        )
    if isinstance(event, PushPassed):
        return f"Seat {event.seat + 1} pushed nothing and went on to Scrying"
    if isinstance(event, TilePlaced):
        return f"Seat {event.seat + 1} placed the {event.tile} on {_space(event.space)}"
    if isinstance(event, TilesPalmed):
        return f"Seat {event.seat + 1} palmed {_tiles(event.tiles)} into hand"
    if isinstance(event, PortentIgnited):
        return f"{_who(event.seat)} made a new {event.trait.value} Portent in {LANE_NAMES[event.lane]}"
    if isinstance(event, OmenCollected):
        return f"{_who(event.seat)} collected the {event.omen} omen from {_slot(event.slot)}"
    if isinstance(event, OfferingLit):
        return f"{_who(event.seat)} lit the {event.tile} on {_space(event.space)} as a Burnt Offering"
    if isinstance(event, TileSnuffed):
        return f"the Burnt Offering {event.tile} on {_space(event.space)} was snuffed (in no Portent any more)"
    if isinstance(event, TileSacrificed):
        return f"Seat 1 sacrificed the {event.tile} to the Kitty"
    if isinstance(event, ReplacementDrawn):
        return f"Seat 1 drew the {event.tile} from the bag to replace the sacrifice"
    if isinstance(event, KittyStole):
        return f"Catastrophe! the Kitty stole the {event.omen} omen from {_slot(event.slot)}"
    if isinstance(event, KittyPushed):
        if event.side is None:
            return f"the Kitty, at {_slot(event.slot)}, was blocked by Burnt Offerings and pushed nothing"
        return (
            f"the Kitty pushed from the {event.side.value} ({_shifts(event.side, event.shifts)}):"
            f" {_tiles(event.tiles)} fell into the bag"
        )
    if isinstance(event, KittyTokenPlayed):
        if event.space is None:
            return f"the Kitty's token tile, the {event.tile}, went into the bag"
        return f"the Kitty put its token tile, the {event.tile}, on {_space(event.space)}"
    if isinstance(event, KittyDrew):
        where = "its token" if event.space is None else _space(event.space)
        return f"the {event.tile} was drawn from the bag for the Kitty, onto {where}"
    if isinstance(event, KittyMoved):
        hat = "; it wears its hat" if event.steps >= 16 else ""
        return f"the Kitty walked to {_slot(event.slot)} (step {event.steps} of 32{hat})"
    if isinstance(event, GameOver):
        return _game_over(event)
    assert_never(event)


def _game_over(event: GameOver) -> str:
    how = _REASONS.get(event.reason, "")
    if event.winners:
        (seat,) = event.winners
        return f"game over: Seat {seat + 1} won {how} ({event.omens[seat]} omens)"
    if event.reason is EndReason.TURN_LIMIT:
        return "game over: the turn limit was reached; a draw, nobody wins"
    return f"game over: the Kitty won {how}; Seat 1 lost with {event.omens[0]} omens"


# --- shared instances -----------------------------------------------------------------------------------------
# Events are immutable, so the rules hand out shared instances of the common ones (a table lookup costs a tenth
# of building a frozen attrs instance, and a step makes several).

_SIGNS: Final = tuple(Sign)
_WHO: Final = (0, 1, None)
"""Index 0 and 1: the seats; index 2: the Kitty (``None``)."""
_PLACED: Final = tuple(tuple(tuple(TilePlaced(s, p, t) for t in _SIGNS) for p in range(9)) for s in (0, 1))
_LIT: Final = tuple(tuple(tuple(OfferingLit(w, p, t) for t in _SIGNS) for p in range(9)) for w in _WHO)
_IGNITED: Final = tuple(tuple(tuple(PortentIgnited(w, lane, t) for t in Trait) for lane in range(8)) for w in _WHO)
_COLLECTED: Final = tuple(tuple(tuple(OmenCollected(w, s, o) for o in _SIGNS) for s in range(16)) for w in _WHO)
_SNUFFED: Final = tuple(tuple(TileSnuffed(p, t) for t in _SIGNS) for p in range(9))
_DREW: Final = tuple(tuple(KittyDrew(t, p) for t in _SIGNS) for p in (*range(9), None))
_TOKEN: Final = tuple(tuple(KittyTokenPlayed(t, p) for t in _SIGNS) for p in (*range(9), None))
_MOVED: Final = tuple(tuple(KittyMoved(s, n) for n in range(40)) for s in range(16))
_TRAIT_INDEX: Final = {trait: i for i, trait in enumerate(Trait)}
_PALMED_ONE: Final = tuple(tuple(TilesPalmed(s, (t,)) for t in _SIGNS) for s in (0, 1))
_STOLE: Final = tuple(tuple(KittyStole(s, o) for o in _SIGNS) for s in range(16))


def tiles_palmed(seat: int, tiles: tuple[Sign, ...]) -> TilesPalmed:
    """``TilesPalmed(seat, tiles)``, shared for a single tile."""
    if len(tiles) == 1:
        return _PALMED_ONE[seat][tiles[0].index]
    return _NEW_PALMED(seat, tiles)


_NEW_PALMED: Final = plain_constructor(TilesPalmed)
# (the kernel's plain constructors store the fields into the slots: an attrs frozen ``__init__`` goes through
# ``object.__setattr__`` once per field, and these events are built anew on most turns)

tiles_pushed: Final[Callable[[int, Side, tuple[int, int, int], tuple[Sign, ...]], TilesPushed]] = plain_constructor(
    TilesPushed
)
"""``TilesPushed(seat, side, shifts, tiles)``, built straight into its slots."""

kitty_pushed: Final[Callable[[int, Side | None, tuple[int, int, int], tuple[Sign, ...]], KittyPushed]] = (
    plain_constructor(KittyPushed)
)
"""``KittyPushed(slot, side, shifts, tiles)``, built straight into its slots."""


def kitty_stole(slot: int, omen: Sign) -> KittyStole:
    """The shared ``KittyStole(slot, omen)``."""
    return _STOLE[slot][omen.index]


def tile_placed(seat: int, space: int, tile: Sign) -> TilePlaced:
    """The shared ``TilePlaced(seat, space, tile)``."""
    return _PLACED[seat][space][tile.index]


def offering_lit(seat: int | None, space: int, tile: Sign) -> OfferingLit:
    """The shared ``OfferingLit(seat, space, tile)`` (``seat`` ``None``: the Kitty)."""
    return _LIT[2 if seat is None else seat][space][tile.index]


def portent_ignited(seat: int | None, lane: int, trait: Trait) -> PortentIgnited:
    """The shared ``PortentIgnited(seat, lane, trait)``."""
    return _IGNITED[2 if seat is None else seat][lane][_TRAIT_INDEX[trait]]


def omen_collected(seat: int | None, slot: int, omen: Sign) -> OmenCollected:
    """The shared ``OmenCollected(seat, slot, omen)``."""
    return _COLLECTED[2 if seat is None else seat][slot][omen.index]


def tile_snuffed(space: int, tile: Sign) -> TileSnuffed:
    """The shared ``TileSnuffed(space, tile)``."""
    return _SNUFFED[space][tile.index]


def snuffed_events(
    altar: tuple[Sign | None, ...], before: tuple[bool, ...], after: tuple[bool, ...]
) -> list[TileSnuffed]:
    """A ``TileSnuffed`` for each Burnt Offering lit ``before`` and unlit ``after``, in space order."""
    events: list[TileSnuffed] = []
    for space in range(9):  # (a loop, not a comprehension: this runs at the end of most turns)
        if before[space] and not after[space]:
            tile = altar[space]
            if tile is not None:
                events.append(_SNUFFED[space][tile.index])
    return events


def kitty_drew(tile: Sign, space: int | None) -> KittyDrew:
    """The shared ``KittyDrew(tile, space)``."""
    return _DREW[9 if space is None else space][tile.index]


def kitty_token_played(tile: Sign, space: int | None) -> KittyTokenPlayed:
    """The shared ``KittyTokenPlayed(tile, space)``."""
    return _TOKEN[9 if space is None else space][tile.index]


def kitty_moved(slot: int, steps: int) -> KittyMoved:
    """The shared ``KittyMoved(slot, steps)`` (a new one past 39 steps, which no game reaches)."""
    return _MOVED[slot][steps] if steps < 40 else KittyMoved(slot, steps)
