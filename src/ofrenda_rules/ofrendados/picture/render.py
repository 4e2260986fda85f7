"""The whole Ofrendados picture: render_svg."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ofrenda_rules.ofrendados.picks import last_move_elements
from ofrenda_rules.ofrendados.picture.board import _changed_dice, _draw_dice, _draw_path, _middle_height
from ofrenda_rules.ofrendados.picture.cards import _draw_market
from ofrenda_rules.ofrendados.picture.layout import _MARGIN, _PHASE_WORDS, WIDTH, _layout, _Table, _table
from ofrenda_rules.ofrendados.picture.panels import _draw_panel, _panel_height, _panel_lines, _text_width
from ofrenda_rules.ofrendados.picture.pieces import _header, _result_words, _round_words, _turn_words, _viewer
from ofrenda_rules.ofrendados.scoring import ScoreSheet, board_score_sheets, rank_sheets
from ofrenda_rules.ofrendados.state import Config, Phase, State
from ofrenda_rules.ofrendados.view import View
from ofrenda_rules.svg import Picture


def _describe(table: _Table, sheets: Sequence[ScoreSheet], ranks: Sequence[int]) -> str:
    n = table.config.players
    who = _viewer(table, "the whole table")
    places = []
    for seat, board in enumerate(table.view.boards):
        where = f"on space {board.position}" if board.flowers else "in Mictlán"
        places.append(f"Seat {seat + 1} {where} with {sheets[seat].total} points")
    market = ", ".join(table.config.edition.card(card).name for card in table.view.market) or "empty"
    phase = _PHASE_WORDS[table.view.phase]
    text = (
        f"Ofrendados, {n} players, {who}: {_round_words(table)}, {phase}; {_turn_words(table)}. "
        f"Path: {'; '.join(places)}. Market: {market}."
    )
    if table.view.phase is Phase.OVER:
        text += f" {_result_words(table, sheets, ranks)}."
    return text


def render_svg(subject: View | State, *, config: Config | None = None) -> str:
    """A standalone SVG picture of an Ofrendados table.

    Args:
        subject: A :class:`~ofrenda_rules.ofrendados.state.State` (the whole table, an omniscient picture) or a
            :class:`~ofrenda_rules.ofrendados.view.View` (the table as its seat sees it, that seat marked "you"; a
            spectator's view marks no seat and is titled as a spectator's).
        config: For a view, another configuration to draw it with (by default the
            view's own). A state uses its own config; passing another one is an error.

    Returns:
        The SVG document as text (the same subject always gives the same text).

    Raises:
        ConfigError: ``config`` does not match the subject.
        TypeError: ``subject`` is not an Ofrendados state or view.

    """
    table = _table(subject, config)
    layout = _layout(table.config.edition, table.config.players)
    sheets = board_score_sheets(table.config, table.view.boards)
    ranks = rank_sheets(sheets)
    middle = _middle_height(table, layout)
    panels_top = layout.middle_top + middle + 12
    lines = [
        _panel_lines(table, seat, sheets[seat], ranks[seat], _text_width(layout))
        for seat in range(len(table.view.boards))
    ]
    heights = [_panel_height(table, layout, seat, *lines[seat]) for seat in range(len(table.view.boards))]
    columns = layout.columns
    row_heights = [max(heights[i : i + columns]) for i in range(0, len(heights), columns)]
    height = panels_top + sum(row_heights) + 12 * len(row_heights) + 4
    who = _viewer(table, "the whole table, omniscient")
    title = f"Ofrendados: {who}, {_round_words(table)}, {_PHASE_WORDS[table.view.phase]}"
    picture = Picture(WIDTH, math.ceil(height), title=title, desc=_describe(table, sheets, ranks), background="#fbf8f2")
    picture.mark_last_move(last_move_elements(subject.recent_events))
    _header(picture, table, sheets, ranks)
    _draw_path(picture, table, layout)
    _draw_dice(picture, table, layout, layout.middle_top, middle, _changed_dice(subject.recent_events))
    _draw_market(picture, table, layout, layout.middle_top, middle)
    y = panels_top
    for row, row_height in enumerate(row_heights):
        for column in range(columns):
            seat = row * columns + column
            if seat >= len(table.view.boards):
                break
            x = _MARGIN + column * (layout.panel_width + 12)
            _draw_panel(picture, table, layout, seat, x, y, row_height, lines[seat])
        y += row_height + 12
    return picture.document()
