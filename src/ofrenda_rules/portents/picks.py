"""Portents' moves as picks on the table (see :mod:`ofrenda_rules.picks`).

A push is a side of the altar, then how many tiles go off each of its three
lanes (a tile of the lane, or "none" for a lane left alone); a placement is
a tile in hand, then an empty space; lighting is a space; Feed the Cat's
sacrifice is a tile in hand. Each pick names the element
:func:`~ofrenda_rules.portents.render_svg` draws with that ``id``:
``side-north`` (a side of the altar), ``space-4`` (a space of the altar,
row by row from the north-west) and ``seat0-hand-red-wing`` (a tile in a
hand).

>>> from ofrenda_rules.portents import Config, new_game, legal_actions, observe, current_player
>>> state = new_game(Config(), seed=3)
>>> paths = action_picks(observe(state, current_player(state)), legal_actions(state))
>>> paths[0]  # the setup's Burnt Offering: one pick, a space
(Pick(label='light the tile on space 1', element='space-0'),)
"""

from __future__ import annotations

from collections.abc import Sequence

from ofrenda_rules.picks import Pick
from ofrenda_rules.portents.actions import Action, Light, Pass, Place, Push, Sacrifice
from ofrenda_rules.portents.components import SIDE_LANES, Side, Sign
from ofrenda_rules.portents.events import Event, OfferingLit, TilePlaced, TilesPushed
from ofrenda_rules.portents.view import View

__all__ = ["action_picks", "hand_id", "last_move_elements", "side_id", "space_id"]


def side_id(side: Side) -> str:
    """The picture element of a side of the altar (tiles pushed from it move away from it)."""
    return f"side-{side.value}"


def space_id(space: int) -> str:
    """The picture element of a space of the altar, 0-8 row by row from the north-west."""
    return f"space-{space}"


def hand_id(seat: int, tile: Sign) -> str:
    """The picture element of ``tile`` in ``seat``'s hand."""
    return f"seat{seat}-hand-{tile.value}"


def _sign(tile: Sign) -> str:
    return str(tile.value).replace("-", " ")


def _lane(side: Side, lane: int, shift: int) -> Pick:
    kind = "column" if side in (Side.NORTH, Side.SOUTH) else "row"
    if not shift:
        return Pick(f"{kind} {lane + 1}: no tile off")
    spaces = SIDE_LANES[side][lane]
    tiles = "1 tile" if shift == 1 else f"{shift} tiles"
    return Pick(f"{kind} {lane + 1}: push {tiles} off", space_id(spaces[3 - shift]))


def _path(view: View, action: Action) -> tuple[Pick, ...]:
    seat = view.player
    if isinstance(action, Push):
        side = Pick(f"push from the {action.side.value} side", side_id(action.side))
        return (side, *(_lane(action.side, lane, shift) for lane, shift in enumerate(action.shifts)))
    if isinstance(action, Place):
        return (
            Pick(f"tile {_sign(action.tile)}", hand_id(seat, action.tile)),
            Pick(f"onto space {action.space + 1}", space_id(action.space)),
        )
    if isinstance(action, Light):
        return (Pick(f"light the tile on space {action.space + 1}", space_id(action.space)),)
    if isinstance(action, Sacrifice):
        return (Pick(f"sacrifice {_sign(action.tile)}", hand_id(seat, action.tile)),)
    if isinstance(action, Pass):
        return (Pick("pass (no push)"),)
    raise ValueError(f"Portents picks: {action!r} is not a player's decision")


def last_move_elements(events: Sequence[Event]) -> tuple[str, ...]:
    """The picture elements the last decision changed (its ``recent_events``): the side pushed, a space filled."""
    found: list[str] = []
    for event in events:
        if isinstance(event, TilesPushed):
            found.append(side_id(event.side))
        elif isinstance(event, TilePlaced | OfferingLit):
            found.append(space_id(event.space))
    return tuple(found)


def action_picks(view: View, actions: Sequence[Action]) -> tuple[tuple[Pick, ...], ...]:
    """The path of picks of each of ``actions`` (the legal actions of the seat whose ``view`` this is).

    Raises:
        ValueError: One of ``actions`` is a chance outcome, not a decision.
    """
    return tuple(_path(view, action) for action in actions)
