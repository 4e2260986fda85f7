"""The hands of a Día de los Muertos picture and the whole picture: render_svg."""

from __future__ import annotations

from typing import Final

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos.picks import hand_id, last_move_elements, suit_id
from ofrenda_rules.dia_de_los_muertos.picture.cards import _card_names, _cards
from ofrenda_rules.dia_de_los_muertos.picture.layout import (
    _HAND_W,
    _HEADER,
    _LAYOUTS,
    _SMALL_W,
    _SUIT_NAMES,
    _TABLE_HEIGHT,
    WIDTH,
    _from_state,
    _from_view,
    _Table,
)
from ofrenda_rules.dia_de_los_muertos.picture.seats import (
    _draw_deck,
    _draw_header,
    _draw_middle,
    _draw_row,
    _draw_seat,
    _draw_table_felt,
    _draw_trick_card,
    _playable,
    _ranks,
    _row_height,
    _scores,
    _status,
    _take_targets,
)
from ofrenda_rules.dia_de_los_muertos.state import Config, State
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.svg import Picture


def _hands_height(table: _Table) -> float:
    if table.viewer == SPECTATOR:
        return _SPECTATOR_NOTE
    if table.viewer is not None:
        return _row_height(table.view.hand_sizes[table.viewer], _HAND_W / 60) + 16
    counts = [*table.view.hand_sizes, table.view.stock_size] + ([table.view.set_aside_count] if table.view.over else [])
    return sum(_row_height(count, _SMALL_W / 60) for count in counts) + 8


_SPECTATOR_NOTE: Final = 38
"""Height of the note below the table in a spectator's picture, which shows no hand face up."""


def _draw_hands(picture: Picture, table: _Table, top: float) -> None:
    y = top
    if table.viewer == SPECTATOR:
        note = f"Spectator: every hand is face down ({_cards(sum(table.view.hand_sizes))} in hands, counts above)"
        with picture.group(label=note, css_class="hand-row"):
            picture.text(16, y + 22, note, size=13, weight="bold")
        return
    if table.viewer is not None:
        hand = table.hands[table.viewer] or ()
        due = not table.view.over and table.view.current_player == table.viewer and not table.view.taking
        playable = _playable(table, hand) if due else None
        label = f"Your hand (Seat {table.viewer + 1}): {_cards(len(hand))}" + (f": {_card_names(hand)}" if hand else "")
        title = f"Your hand · {len(hand)} card{'' if len(hand) == 1 else 's'}"
        if playable is not None and table.view.high_low is not None:
            follow = len(playable) < len(hand)
            led = _SUIT_NAMES[table.view.high_low.suit]
            what = f"follow {led}" if follow else f"no {led} card, play any"
            title += f" · your turn: {what} (outlined cards are playable)"
        elif playable is not None:
            title += " · your lead: play any card"
        scale = _HAND_W / 60
        y += _draw_row(
            picture, table, y, title, label, hand, scale=scale, playable=playable, element=hand_id, suit_element=suit_id
        )
        return
    scale = _SMALL_W / 60
    for seat in range(table.view.players):
        hand = table.hands[seat] or ()
        label = f"Seat {seat + 1}'s hand: {_cards(len(hand))}" + (f": {_card_names(hand)}" if hand else "")
        title = f"Seat {seat + 1}'s hand · {_cards(len(hand))}"
        y += _draw_row(picture, table, y, title, label, hand, scale=scale, element=hand_id)
    stock = table.stock or ()
    where = "to deal" if table.view.current_player == CHANCE else "out of play"
    label = f"Deck ({where}): {_cards(len(stock))}" + (f": {_card_names(stock)}" if stock else "")
    y += _draw_row(
        picture, table, y, f"Deck, face down on the table · {_cards(len(stock))} {where}", label, stock, scale=scale
    )
    if table.view.over:
        aside = table.set_aside or ()
        label = f"Set aside at the end: {_cards(len(aside))}" + (f": {_card_names(aside)}" if aside else "")
        _draw_row(
            picture, table, y, f"Set aside at the end (not scored) · {_cards(len(aside))}", label, aside, scale=scale
        )


def _title(table: _Table) -> str:
    if table.viewer is None:
        return f"Día de los Muertos, {table.view.players} players: the whole table (omniscient)"
    if table.viewer == SPECTATOR:
        return f"Día de los Muertos, {table.view.players} players: a spectator's view"
    return f"Día de los Muertos, {table.view.players} players: Seat {table.viewer + 1}'s view"


def _desc(table: _Table, status: str, scores: tuple[int, ...]) -> str:
    trick = ", ".join(f"Seat {seat + 1} {card}" for seat, card in enumerate(table.view.in_front) if card is not None)
    points = ", ".join(f"Seat {seat + 1} {score}" for seat, score in enumerate(scores))
    parts = [status]
    if trick:
        parts.append(f"On the table: {trick}.")
    parts.append(f"Points: {points}.")
    if table.viewer is not None and table.viewer != SPECTATOR:
        parts.append(f"Seat {table.viewer + 1} holds {_cards(len(table.hands[table.viewer] or ()))}.")
    return " ".join(parts)


def render_svg(subject: View | State, *, config: Config | None = None) -> str:
    """A standalone SVG picture of a state (every card face up) or of a view (what its seat may see).

    Seats sit clockwise around the table with the viewer (seat 0 for a state
    or a spectator's view) at the bottom; each seat's trick card lies in front
    of it, the High/Low card and the deck in the middle; each seat shows its
    hand (face down as a count in a view, except the viewer's own; all of them
    in a spectator's view) and its score pile (cards and points). The seat due
    to play, the lead card, the cards a TAKE may take and the final ranking
    are written out as well as coloured.

    Args:
        subject: A state, one seat's view or a spectator's view.
        config: For a view, another configuration to draw it with (by default
            the view's own, so the cards are drawn as printed in its deck edition
            and the variants are named). For a state it must be the state's own.

    Raises:
        ConfigError: ``config`` does not fit the subject (another player count,
            or not the state's config).

    """
    if isinstance(subject, State):
        if config is not None and config != subject.config:
            raise ConfigError(
                "render_svg: a state is drawn with its own config; leave out config= or pass state.config"
            )
        table = _from_state(subject)
    else:
        if config is not None and config.players != subject.players:
            raise ConfigError(f"render_svg: config is for {config.players} players, the view for {subject.players}")
        table = _from_view(subject, subject.config if config is None else config)
    scores = _scores(table)
    ranks = _ranks(table, scores) if table.view.over else None
    status = _status(table, scores)
    height = _HEADER + _TABLE_HEIGHT + _hands_height(table)
    picture = Picture(WIDTH, height, title=_title(table), desc=_desc(table, status, scores), background="#f6efe2")
    picture.mark_last_move(last_move_elements(subject.recent_events))
    _draw_header(picture, table, status)
    _draw_table_felt(picture)
    bottom = table.viewer if table.viewer is not None and table.viewer != SPECTATOR else 0
    layout = _LAYOUTS[table.view.players]
    targets = _take_targets(table)
    _draw_middle(picture, table, scores, ranks)
    _draw_deck(picture, table, 20, _HEADER + 16)
    for seat in range(table.view.players):
        place = layout[(seat - bottom) % table.view.players]
        if not table.view.over:
            _draw_trick_card(picture, table, seat, place, targets)
        _draw_seat(picture, table, seat, place, scores, ranks)
    _draw_hands(picture, table, _HEADER + _TABLE_HEIGHT)
    return picture.document()
