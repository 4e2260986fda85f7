"""Each player's panel and the whole Ofrenda picture: render_svg."""

from __future__ import annotations

from ofrenda_rules.errors import EditionError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION, TURNS, Edition
from ofrenda_rules.ofrenda.picks import hand_id, last_move_elements, marigolds_id, storage_candle_id
from ofrenda_rules.ofrenda.picture.boards import _abuela, _family_board, _goals, _ofrenda
from ofrenda_rules.ofrenda.picture.layout import (
    _BACKGROUND,
    _CARD_H,
    _CARD_W,
    _CURRENT,
    _INK,
    _LEGEND,
    _MARGIN,
    _PANEL_FILL,
    _PANEL_W,
    _feature,
    _layout,
)
from ofrenda_rules.ofrenda.picture.pieces import (
    _face_down,
    _marigold,
    _portrait,
    _portrait_label,
    _unlit_candle,
)
from ofrenda_rules.ofrenda.picture.table import _places, _seat_name, _status, _Table, _table_of_state, _table_of_view
from ofrenda_rules.ofrenda.scoring import board_score
from ofrenda_rules.ofrenda.state import Phase, State
from ofrenda_rules.ofrenda.view import View
from ofrenda_rules.svg import Picture, ordinal


def _player(picture: Picture, table: _Table, seat: int, x: float, y: float, height: float, score: int) -> None:
    edition = table.edition
    board = table.view.boards[seat]
    moving = table.view.phase is not Phase.OVER and not table.view.abuela and table.view.current_player == seat
    layout = _layout(edition)
    with picture.group(label=f"{_seat_name(table, seat)}: {score} points, {board.turns} of {TURNS} turns played"):
        picture.rect(
            x,
            y,
            _PANEL_W,
            height,
            fill=_PANEL_FILL,
            stroke=_CURRENT if moving else "#8a6d3b",
            stroke_width=4 if moving else 1.5,
            rx=10,
        )
        head = f"{_seat_name(table, seat).capitalize()}: {score} points"
        if table.view.phase is Phase.OVER and not table.solo:
            head += f" -- {ordinal(_places(table, _scores(table))[seat])} place"
        elif table.view.phase is not Phase.OVER:
            head += " so far"
        picture.text(x + 12, y + 22, head, size=15, weight="bold")
        turn = f"turns played: {board.turns}/{TURNS}" + ("   TO MOVE" if moving else "")
        picture.text(
            x + _PANEL_W - 12,
            y + 22,
            turn,
            size=11,
            anchor="end",
            weight="bold" if moving else None,
            fill=_CURRENT if moving else _INK,
        )
        py = y + 36
        _ofrenda(picture, table, seat, x + 12, py)
        sy = py + layout.height + 14
        label = f"{_seat_name(table, seat)}: storage, {board.marigolds} marigolds"
        with picture.group(label=label, element=marigolds_id(seat), kind="marigolds"):
            picture.text(x + 12, sy + 12, "Storage:", size=11, weight="bold")
            _marigold(picture, x + 80, sy + 8, 9)
            picture.text(x + 93, sy + 12, f"x {board.marigolds}", size=11, weight="bold")
        for i, candle in enumerate(board.candles):
            cx = x + 140 + i * 126
            title = f"{_seat_name(table, seat)}: stored "
            element = storage_candle_id(seat, candle)
            _unlit_candle(picture, edition, candle, title, (cx, sy - 4, 120, 46), element=element, kind="candle")
        if not board.candles:
            picture.text(x + 140, sy + 12, "no candles stored", size=10, italic=True)
        hy = sy + 56
        hand = table.hands[seat]
        count = table.view.hand_sizes[seat]
        if hand is None:
            label = f"{_seat_name(table, seat)}: hand of {count} portrait{'s' * (count != 1)}, face down"
        else:
            label = f"{_seat_name(table, seat)}: hand of {count}: " + "; ".join(
                _portrait_label(edition, c, False) for c in hand
            )
        with picture.group(label=label):
            picture.text(x + 12, hy + 12, f"Hand ({count}):", size=11, weight="bold")
            for i in range(count):
                hx = x + 90 + i * (_CARD_W + 8)
                if hand is None:
                    _face_down(picture, hx, hy, "portrait")
                else:
                    with picture.group(element=hand_id(seat, hand[i]), kind="hand"):
                        _portrait(picture, edition, hand[i], hx, hy, lit=False, shows_side=False, note="in hand")
            if not count:
                picture.text(x + 90, hy + 12, "empty", size=10, italic=True)
        ty = hy + (_CARD_H if count else 16) + 16
        discards = " ".join(f"#{c}" for c in board.discards) or "none"
        with picture.group(label=f"{_seat_name(table, seat)}: discarded portraits: {discards}"):
            picture.text(x + 12, ty, f"Discarded ({len(board.discards)}): {discards}", size=10)
        if table.view.goals:
            tokens = ", ".join(
                f"{edition.tokens[t].value} ({edition.tokens[t].type.value.replace('_', ' ')})" for t in board.tokens
            )
            with picture.group(label=f"{_seat_name(table, seat)}: scoring tokens: {tokens or 'none'}"):
                picture.text(x + 12, ty + 15, f"Scoring tokens: {tokens or 'none'}", size=10)


def _scores(table: _Table) -> tuple[int, ...]:
    return tuple(board_score(table.edition, board) for board in table.view.boards)


def _describe(table: _Table, scores: tuple[int, ...]) -> str:
    who = "Solo game against the Abuela" if table.solo else f"{table.view.players}-player game"
    points = ", ".join(f"{_seat_name(table, s)} {p}" for s, p in enumerate(scores))
    market = ", ".join(
        "empty"
        if c is None
        else f"#{c} {table.edition.portrait(c).branch.value}/{_feature(table.edition.portrait(c).offering)}"
        + (f" with {m} marigold{'s' * (m != 1)}" if m else "")
        for c, m in zip(table.view.market, table.view.market_marigolds, strict=True)
    )
    return f"{who}. {_status(table, scores)}. Points: {points}. Family board portraits: {market}."


def render_svg(subject: View | State, *, edition: Edition | None = None) -> str:
    """A standalone SVG picture of an Ofrenda table.

    Args:
        subject: A state (the whole table face up: every hand, the deck and
            the solo mode's removed portraits -- an omniscient picture) or a
            view (only what its seat may see; that seat is marked "you"). A
            spectator's view (:func:`~ofrenda_rules.ofrenda.view.observe_public`)
            marks no seat and shows every hand face down.
        edition: The components to draw a view with (a view does not carry
            its configuration); the default edition when ``None``. A state
            always uses its own edition.

    Returns:
        The SVG document as text; the same subject always gives the same text.

    Raises:
        EditionError: when a view shows components ``edition`` does not have.
        TypeError: when ``subject`` is neither an Ofrenda state nor a view.
    """
    if isinstance(subject, State):
        table = _table_of_state(subject)
        title = f"Ofrenda, {_count_words(table)}: the whole table, every hand face up (omniscient)"
    elif isinstance(subject, View):
        table = _table_of_view(subject, edition if edition is not None else DEFAULT_EDITION)
        _check_fits(table)
        who = "a spectator" if subject.player == SPECTATOR else f"Seat {subject.player + 1}"
        title = f"Ofrenda, {_count_words(table)}: what {who} sees"
    else:
        raise TypeError(f"render_svg draws an Ofrenda State or View, not {type(subject).__name__}")
    scores = _scores(table)
    layout = _layout(table.edition)
    columns = 1 if table.view.players == 1 else 2
    rows = (table.view.players + columns - 1) // columns
    panel_h = 36 + layout.height + 14 + 56 + _CARD_H + 16 + (30 if table.view.goals else 16)
    family_w = 4 * (_CARD_W + 16) + _CARD_W + 30
    side_w = (3 * 176 + 16) if table.view.goals else (300 if table.solo else 0)
    width = max(
        2 * _MARGIN + columns * _PANEL_W + (columns - 1) * _MARGIN,
        2 * _MARGIN + family_w + (side_w + _MARGIN if side_w else 0),
    )
    top = 68
    band = 218
    height = top + band + _MARGIN + rows * (panel_h + _MARGIN) + _MARGIN
    picture = Picture(width, height, title=title, desc=_describe(table, scores), background=_BACKGROUND)
    picture.mark_last_move(last_move_elements(subject.recent_events))
    status = _status(table, scores)
    with picture.group(label=f"status: {status}"):
        heading = "Ofrenda" + (" (solo)" if table.solo else "")
        picture.text(_MARGIN, 28, heading, size=20, weight="bold")
        for i, line in enumerate(_LEGEND):
            picture.text(_MARGIN, 46 + i * 12, line, size=9.5, fill="#444444")
        over = table.view.phase is Phase.OVER
        picture.text(_MARGIN + 170, 28, status, size=14, weight="bold", fill=_CURRENT if not over else "#0b5394")
    _family_board(picture, table, _MARGIN, top)
    if table.view.goals:
        with picture.group(label="common goals"):
            _goals(picture, table, _MARGIN + family_w + _MARGIN, top)
    elif table.solo:
        _abuela(picture, table, _MARGIN + family_w + _MARGIN, top, side_w)
    for seat in range(table.view.players):
        px = _MARGIN + (seat % columns) * (_PANEL_W + _MARGIN)
        py = top + band + _MARGIN + (seat // columns) * (panel_h + _MARGIN)
        _player(picture, table, seat, px, py, panel_h, scores[seat])
    return picture.document()


def _check_fits(table: _Table) -> None:
    """Refuse a view whose components are not those of the edition it is drawn with."""
    edition = table.edition
    slots = len(edition.coordinates)
    offerings = len(edition.board.offering_slots)
    cards = [c for c in table.view.market if c is not None] + [c for hand in table.hands if hand for c in hand]
    candles = [c for c in table.view.candle_market if c is not None]
    for board in table.view.boards:
        if len(board.portraits) != slots or len(board.candle_slots) != offerings:
            raise EditionError(f"the view's Ofrendas do not have the {slots} card slots of edition {edition.name!r}")
        cards += [c for c in board.portraits if c is not None] + list(board.discards)
        candles += [c for c in board.candle_slots if c is not None] + list(board.candles)
    cards += table.view.abuela_discards
    candles += table.view.candle_discards
    if any(c >= len(edition.portraits) for c in cards) or any(c >= len(edition.candles) for c in candles):
        raise EditionError(f"the view shows components that edition {edition.name!r} does not have")
    if any(g >= len(edition.goals) for g in table.view.goals):
        raise EditionError(f"the view shows goal cards that edition {edition.name!r} does not have")


def _count_words(table: _Table) -> str:
    return "solo game" if table.solo else f"{table.view.players} players"
