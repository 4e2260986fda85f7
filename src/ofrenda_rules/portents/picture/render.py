"""The status, the result and the whole Portents picture: render_svg."""

from __future__ import annotations

from typing import Final

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.portents.picks import last_move_elements
from ofrenda_rules.portents.picture.board import _draw_board
from ofrenda_rules.portents.picture.layout import (
    _ACTIVE,
    _BACKGROUND,
    _DARK,
    _HEADER,
    _LAYOUTS,
    _PANEL_W,
    _PHASE_TEXT,
    _REASON_TEXT,
    _seat_name,
    _Table,
    _table,
    _title_name,
)
from ofrenda_rules.portents.picture.panels import _info_block, _kitty_block, _level, _seat_block
from ofrenda_rules.portents.state import Config, EndReason, Phase, State
from ofrenda_rules.portents.view import View
from ofrenda_rules.svg import Picture


def _status(table: _Table) -> str:
    if table.view.phase is Phase.OVER:
        return "Game over: " + _result(table)
    current = table.view.current_player
    if current == CHANCE or table.view.phase in _NOBODY:
        return f"Turn {table.view.turns + 1}: {_PHASE_TEXT[table.view.phase]}"
    if current == TERMINAL:
        return "Game over"
    who = _title_name(table, current)
    doing = _PHASE_TEXT[table.view.phase]
    if who == "You":  # "you push", not "you pushes"
        verb, rest = doing.split(" ", 1)
        doing = f"{verb[:-2] if verb.endswith('shes') else verb[:-1]} {rest}"
    return f"Turn {table.view.turns + 1}: {who} {doing}"


_NOBODY: Final = frozenset(
    (Phase.OMENS, Phase.ALTAR, Phase.RESHUFFLE, Phase.HANDS, Phase.TOKEN, Phase.FIRST_PLAYER, Phase.KITTY, Phase.FEED)
)
"""Phases in which no seat decides (chance events and the Kitty)."""


def _result(table: _Table) -> str:
    reason = "" if table.view.reason is None else _REASON_TEXT[table.view.reason]
    if table.view.reason is EndReason.SOLO_TARGET and table.config is not None:
        reason = f"the {_level(table.config)} target was met"
    if table.view.players == 1:
        if table.view.winners:
            return ("you win" if table.you is not None else "the player wins") + f" -- {reason}"
        return f"the Kitty wins -- {reason}"
    if not table.view.winners:
        return reason
    return f"{_seat_name(table, table.view.winners[0])} wins -- {reason}"


def _title(table: _Table) -> str:
    mode = "solo against the Kitty" if table.view.players == 1 else "2 players"
    if table.omniscient:
        return f"Portents ({mode}) -- the whole table, face up (omniscient picture)"
    if table.you is None:
        return f"Portents ({mode}) -- a spectator's view (public information only)"
    return f"Portents ({mode}) -- the view of Seat {table.you + 1}" + (" (you)" if table.view.players == 1 else "")


def _desc(table: _Table) -> str:
    lit = sum(1 for space in range(9) if table.view.lit[space] and table.view.altar[space] is not None)
    omens = "; ".join(
        f"{_seat_name(table, seat)} {len(table.view.collected[seat])} omens"
        for seat in range(len(table.view.collected))
    )
    parts = [_status(table) + ".", f"Omens collected: {omens}."]
    if table.view.players == 1:
        name = table.edition.slot_names[table.view.kitty_slot]
        parts.append(
            f"The Kitty is at {name} after {table.view.kitty_steps} steps with {len(table.view.kitty_omens)} omens."
        )
    parts.append(
        f"{lit} Burnt Offerings on the altar; {sum(o is not None for o in table.view.omens)} omens in the ring."
    )
    return " ".join(parts)


# --- the picture ---------------------------------------------------------------------------------------------------


def render_svg(subject: View | State, *, config: Config | None = None) -> str:
    """A standalone SVG picture of a Portents table.

    A :class:`~ofrenda_rules.portents.state.State` is drawn whole and face up
    (the bag's contents too: an omniscient picture); a
    :class:`~ofrenda_rules.portents.view.View` as its seat sees it -- the
    table and both hands (played face up), the bag as a count -- with that
    seat marked "you".

    Args:
        subject: The state or the view to draw.
        config: For a view, the game's configuration: a view does not carry
            it, so without it the slots take the default edition's names and
            the solo target and challenges are not written. Ignored for a
            state, which has its own.

    Returns:
        The SVG document as text; the same subject always gives the same text.

    Raises:
        TypeError: ``subject`` is neither a Portents state nor a view.
    """
    if not isinstance(subject, View | State):
        raise TypeError(f"render_svg draws a Portents State or View, not {type(subject).__name__}")
    table = _table(subject, config)
    layout = _LAYOUTS[table.view.players]
    panel_w = _PANEL_W
    blocks = [_info_block(table, panel_w)]
    blocks.extend(_seat_block(table, seat, panel_w) for seat in range(table.view.players))
    if table.view.players == 1:
        blocks.append(_kitty_block(table, panel_w))
    panel_h = sum(h for h, _ in blocks)
    height = max(_HEADER + layout.board, _HEADER + 10 + panel_h + 10)
    p = Picture(layout.width, height, title=_title(table), desc=_desc(table), background=_BACKGROUND)
    p.mark_last_move(last_move_elements(subject.recent_events))
    with p.group(label="Title and whose turn it is"):
        heading = "Portents" + (" -- solo against the Kitty" if table.view.players == 1 else "")
        view = (
            " -- the whole table (omniscient)"
            if table.omniscient
            else " -- a spectator's view"
            if table.you is None
            else (" -- your view" if table.view.players == 1 else f" -- the view of Seat {table.you + 1}")
        )
        p.text(16, 28, heading + view, size=20, weight="bold")
        over = table.view.phase is Phase.OVER
        p.text(16, 52, _status(table), size=14, weight="bold" if over else None, fill=_ACTIVE if over else _DARK)
    _draw_board(p, table, layout)
    y: float = _HEADER + 10
    for block_h, draw in blocks:
        draw(p, layout.panel_x, y)
        y += block_h
    return p.document()
