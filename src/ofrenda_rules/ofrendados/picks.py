"""Ofrendados' moves as picks on the table (see :mod:`ofrenda_rules.picks`).

A draft is a die of the pool; using a die is the die, then what for (its
face or money); a die power is the Calaverita, then the die, then the new
face (or the reroll); drawing an object is a cell of the offering sheet; rewriting one is the
object's cell (its row first when more than :data:`MENU` may be rewritten);
buying is a card of the market. Each pick names the element
:func:`~ofrenda_rules.ofrendados.render_svg` draws with that ``id``:
``die-orange-3`` (a die to draft or to use: the first of its colour and face
drawn), ``seat0-cell-7`` (a cell of a sheet), ``seat0-card-12`` (a
Calaverita a seat owns) and ``market-12`` (a Calaverita in the market).

>>> from ofrenda_rules.ofrendados import Config, new_game, legal_actions, observe, current_player
>>> state = new_game(Config(), seed=7)
>>> paths = action_picks(observe(state, current_player(state)), legal_actions(state))
>>> all(path[0].element.startswith("die-") for path in paths)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ofrenda_rules.ofrendados import actions as act
from ofrenda_rules.ofrendados.components import Colour
from ofrenda_rules.ofrendados.events import Event, ObjectDrawn
from ofrenda_rules.ofrendados.view import View
from ofrenda_rules.picks import Pick

__all__ = ["MENU", "action_picks", "card_id", "cell_id", "die_id", "last_move_elements", "market_id"]

MENU: Final = 12
"""The most objects one pick offers to rewrite; more are picked by row first (no list longer than a dozen)."""


def die_id(colour: Colour, pips: int) -> str:
    """The picture element of the first die of ``colour`` showing ``pips`` among the dice to draft or to use."""
    return f"die-{colour.value}-{pips}"


def cell_id(seat: int, cell: int) -> str:
    """The picture element of ``cell`` of ``seat``'s offering sheet."""
    return f"seat{seat}-cell-{cell}"


def card_id(seat: int, card: int) -> str:
    """The picture element of Calaverita ``card`` that ``seat`` owns."""
    return f"seat{seat}-card-{card}"


def market_id(card: int) -> str:
    """The picture element of Calaverita ``card`` in the market."""
    return f"market-{card}"


def _die(colour: Colour, pips: int) -> Pick:
    return Pick(f"the {colour.value} {pips}", die_id(colour, pips))


def _path(view: View, action: act.Action, rewrite_rows: bool = False) -> tuple[Pick, ...]:
    seat = view.player
    if isinstance(action, act.TakeDie):
        return (Pick(f"take the {action.colour.value} {action.pips}", die_id(action.colour, action.pips)),)
    if isinstance(action, act.UseDie):
        use = Pick("exchange it for money") if action.as_money else Pick("use its face")
        return (_die(action.colour, action.pips), use)
    if isinstance(action, act.TurnDie):
        card = Pick(f"use Calaverita {action.card}", card_id(seat, action.card))
        return (card, _die(action.colour, action.pips), Pick(f"turn it to {action.to}"))
    if isinstance(action, act.RerollDie):
        card = Pick(f"use Calaverita {action.card}", card_id(seat, action.card))
        return (card, _die(action.colour, action.pips), Pick("reroll it"))
    if isinstance(action, act.DrawObject):
        return (Pick(f"draw in cell {action.cell + 1}", cell_id(seat, action.cell)),)
    if isinstance(action, act.RewriteObject):
        cell = Pick(f"the object in cell {action.cell + 1}", cell_id(seat, action.cell))
        if rewrite_rows:
            row = view.config.edition.sheet.cells[action.cell][0]
            return (Pick("rewrite an object"), Pick(f"an object in row {row}"), cell)
        return (Pick("rewrite an object"), cell)
    if isinstance(action, act.BuyCard):
        return (Pick(f"buy Calaverita {action.card}", market_id(action.card)),)
    if isinstance(action, act.Pass):
        return (Pick("pass (buy nothing more)"),)
    raise ValueError(f"Ofrendados picks: {action!r} is not a player's decision")


def last_move_elements(events: Sequence[Event]) -> tuple[str, ...]:
    """The picture elements the last decision changed (its ``recent_events``): the cells it drew in."""
    return tuple(cell_id(event.seat, event.cell) for event in events if isinstance(event, ObjectDrawn))


def action_picks(view: View, actions: Sequence[act.Action]) -> tuple[tuple[Pick, ...], ...]:
    """The path of picks of each of ``actions`` (the legal actions of the seat whose ``view`` this is).

    More than :data:`MENU` objects to rewrite are picked in two steps: the row, then the object.

    Raises:
        ValueError: One of ``actions`` is a chance outcome, not a decision.
    """
    rewrite_rows = sum(isinstance(action, act.RewriteObject) for action in actions) > MENU
    return tuple(_path(view, action, rewrite_rows) for action in actions)
