"""The table of a Día de los Muertos picture: header, seats, trick cards, middle, deck and rows."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Final

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos.components import DEFAULT_DECK, Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.picks import trick_id
from ofrenda_rules.dia_de_los_muertos.picture.cards import (
    _card_face,
    _card_names,
    _cards,
    _describe_card,
    _points,
    _stack,
)
from ofrenda_rules.dia_de_los_muertos.picture.layout import (
    _CENTRE,
    _FELT,
    _FELT_EDGE,
    _HEADER,
    _HIGH_LOW_BACKGROUNDS,
    _HIGH_LOW_H,
    _HIGH_LOW_INK,
    _HIGH_LOW_TOPS,
    _HIGH_LOW_W,
    _INK,
    _PANEL,
    _PANEL_H,
    _PANEL_W,
    _PAPER,
    _SUIT_NAMES,
    _SUIT_SYMBOLS,
    _TARGET,
    _TO_PLAY,
    _TRICK_H,
    _TRICK_W,
    _WINNER,
    WIDTH,
    _Seat,
    _Table,
)
from ofrenda_rules.dia_de_los_muertos.state import Config
from ofrenda_rules.dia_de_los_muertos.text import _variant_names
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.svg import Picture


def _seat_name(table: _Table, seat: int) -> str:
    return f"Seat {seat + 1} (you)" if seat == table.viewer else f"Seat {seat + 1}"


def _scores(table: _Table) -> tuple[int, ...]:
    return tuple(sum(table.edition.spec(card).points for card in pile) for pile in table.view.piles)


def _ranks(table: _Table, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Places as :func:`~ofrenda_rules.dia_de_los_muertos.outcome` gives them: points, then cards collected."""
    keys = [(score, len(pile)) for score, pile in zip(scores, table.view.piles, strict=True)]
    return tuple(sum(1 for other in keys if other > key) for key in keys)


def _take_targets(table: _Table) -> tuple[Card, ...]:
    """The cards the seat due to play may take; empty unless it is taking."""
    if not table.view.taking or table.view.over or not 0 <= table.view.current_player < table.view.players:
        return ()
    locked = table.view.lead_card if table.config.lock_lead else None
    return tuple(
        card
        for seat, card in enumerate(table.view.in_front)
        if seat != table.view.current_player and card is not None and card != locked
    )


def _playable(table: _Table, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    if table.view.high_low is None:
        return hand
    following = tuple(card for card in hand if card.suit is table.view.high_low.suit)
    return following or hand


def _status(table: _Table, scores: tuple[int, ...]) -> str:
    if table.view.over:
        ranks = _ranks(table, scores)
        first = [seat for seat, rank in enumerate(ranks) if rank == 0]
        best = scores[first[0]]
        if len(first) == 1:
            return (
                f"Game over after {table.view.tricks} tricks: {_seat_name(table, first[0])} wins with {_points(best)}."
            )
        names = " and ".join(_seat_name(table, seat) for seat in first)
        return f"Game over after {table.view.tricks} tricks: {names} share the win with {_points(best)}."
    if table.view.current_player == CHANCE:
        dealt = sum(table.view.hand_sizes)
        return f"Dealing: {_cards(dealt)} dealt, {table.view.stock_size} in the deck."
    who = _seat_name(table, table.view.current_player)
    trick = f"Trick {table.view.tricks + 1}"
    if table.view.taking:
        return f"{trick}: {who} played a TAKE card and must take a card."
    if table.view.high_low is None:
        return f"{trick}: {who} leads."
    led = _SUIT_NAMES[table.view.high_low.suit]
    wins = "highest" if table.view.high_low.side is Mark.HIGH else "lowest"
    return f"{trick}: {who} to play ({led} led, {wins} card wins)."


def _variants(config: Config) -> str:
    parts = _variant_names(
        config, "lead card locked", "Advanced game (High/Low split)", "a lead replacement TAKE takes nothing"
    )
    deck = "" if config.deck is DEFAULT_DECK else f"; deck: {config.deck.name[:40]}"
    return ("Variants: " + ", ".join(parts) if parts else "Base game") + deck


def _draw_header(picture: Picture, table: _Table, status: str) -> None:
    with picture.group(label=f"Status: {status}", css_class="status"):
        picture.rect(0, 0, WIDTH, _HEADER, fill="#3b1f4a")
        if table.viewer is None:
            who = "omniscient picture of the whole table"
        elif table.viewer == SPECTATOR:
            who = "seen by a spectator"
        else:
            who = f"seen by Seat {table.viewer + 1}"
        picture.text(
            16, 23, f"Día de los Muertos · {table.view.players} players · {who}", size=16, weight="bold", fill="#ffffff"
        )
        picture.text(WIDTH - 16, 23, _variants(table.config), size=12, anchor="end", fill="#f2d9a8")
        picture.text(16, 45, status, size=15, fill="#ffe7a3", weight="bold")


def _draw_table_felt(picture: Picture) -> None:
    cx, cy = _CENTRE
    with picture.group(label="The table", css_class="table"):
        picture.rect(cx - 330, cy - 190, 660, 380, fill=_FELT, stroke=_FELT_EDGE, stroke_width=6, rx=190)


def _draw_seat(
    picture: Picture, table: _Table, seat: int, place: _Seat, scores: tuple[int, ...], ranks: tuple[int, ...] | None
) -> None:
    x, y = place.panel
    name = _seat_name(table, seat)
    due = not table.view.over and seat == table.view.current_player
    won = ranks is not None and ranks[seat] == 0
    badges = []
    if won:
        badges.append("WINNER")
    elif ranks is not None:
        badges.append(f"place {ranks[seat] + 1}")
    if not table.view.over and seat == table.view.leader and table.view.current_player != CHANCE:
        badges.append("LEAD")
    if due:
        badges.append("TAKING" if table.view.taking else "TO PLAY")
    pile_size = len(table.view.piles[seat])
    in_hand = _cards(table.view.hand_sizes[seat])
    summary = f"{name}: {in_hand} in hand, score pile {_cards(pile_size)}, {_points(scores[seat])}"
    if badges:
        summary += " (" + ", ".join(b.lower() for b in badges) + ")"
    with picture.group(label=summary, css_class="seat"):
        stroke, width = ("#555555", 1.5)
        if won:
            stroke, width = (_WINNER, 4)
        elif due:
            stroke, width = (_TO_PLAY, 4)
        picture.rect(x, y, _PANEL_W, _PANEL_H, fill=_PANEL, stroke=stroke, stroke_width=width, rx=10)
        picture.text(x + 12, y + 22, name, size=15, weight="bold")
        if badges:
            colour = _WINNER if won else (_TO_PLAY if due else "#6b4e16")
            picture.text(
                x + _PANEL_W - 10, y + 22, " · ".join(badges), size=11, anchor="end", weight="bold", fill=colour
            )
        # The hand: face down for other seats of a view; the faces are drawn below the table otherwise.
        hand = table.hands[seat]
        count = table.view.hand_sizes[seat]
        if hand is None:
            hand_label = f"{name}'s hand: {_cards(count)} face down"
        else:
            hand_label = f"{name}'s hand: {_cards(count)}, face up below"
        with picture.group(label=hand_label, css_class="hand"):
            _stack(picture, x + 12, y + 38, count)
            picture.text(x + 46, y + 54, "Hand", size=12, fill="#555555")
            picture.text(x + 46, y + 70, f"{count} card{'' if count == 1 else 's'}", size=13, weight="bold")
            if hand is not None:
                picture.text(
                    x + 46,
                    y + 84,
                    "(face up below)" if table.viewer is None else "(yours, below)",
                    size=10,
                    fill="#555555",
                )
        pile = table.view.piles[seat]
        pile_label = f"{name}'s score pile: {_cards(len(pile))}, {_points(scores[seat])}"
        if pile:
            pile_label += f" ({_card_names(pile)})"
        with picture.group(label=pile_label, css_class="pile"):
            _stack(picture, x + 132, y + 38, len(pile))
            picture.text(x + 166, y + 54, "Score pile", size=12, fill="#555555")
            picture.text(x + 166, y + 70, f"{len(pile)} card{'' if len(pile) == 1 else 's'}", size=13, weight="bold")
            picture.text(x + 166, y + 86, _points(scores[seat], sign=True), size=13, weight="bold")
        if due and table.view.taking:
            picture.text(x + 12, y + _PANEL_H - 8, "must take a card (marked)", size=11, fill=_TO_PLAY, weight="bold")
        elif due:
            picture.text(x + 12, y + _PANEL_H - 8, "due to play a card", size=11, fill=_TO_PLAY, weight="bold")


def _draw_trick_card(picture: Picture, table: _Table, seat: int, place: _Seat, targets: tuple[Card, ...]) -> None:
    x, y = place.trick
    card = table.view.in_front[seat]
    name = _seat_name(table, seat)
    if card is None:
        with picture.group(label=f"No card in front of {name}", css_class="trick-slot"):
            picture.rect(x, y, _TRICK_W, _TRICK_H, stroke="#9fc4b8", dash="5 4", rx=5)
        return
    spec = table.edition.spec(card)
    notes = []
    is_lead = table.view.lead_card is not None and card == table.view.lead_card and seat == table.view.leader
    if is_lead:
        notes.append("lead card" + (", locked" if table.config.lock_lead else ""))
    if card in targets:
        notes.append(f"{_seat_name(table, table.view.current_player)} may take it")
    label = f"Card in front of {name}: {_describe_card(spec)}"
    if notes:
        label += " (" + "; ".join(notes) + ")"
    with picture.group(label=label, css_class="trick-card"):
        _card_face(
            picture,
            x,
            y,
            spec,
            scale=_TRICK_W / 60,
            label=str(card),
            outline=_TARGET if card in targets else None,
            dash="6 3" if card in targets else None,
            element=trick_id(card),
            kind="trick",
        )
        if is_lead:
            locked = table.config.lock_lead
            _tab(picture, x + _TRICK_W / 2, y - 9, "LEAD, locked" if locked else "LEAD", fill=_INK, ink="#ffffff")
        if card in targets:
            _tab(picture, x + _TRICK_W / 2, y + _TRICK_H - 5, "can be taken", fill=_TARGET, ink=_INK)


def _tab(picture: Picture, cx: float, y: float, text: str, *, fill: str, ink: str) -> None:
    """A small label on a card's edge (text about 6 px a letter at size 10)."""
    width = 6 * len(text) + 10
    picture.rect(cx - width / 2, y, width, 15, fill=fill, stroke="#ffffff", stroke_width=1, rx=3)
    picture.text(cx, y + 11, text, size=10, anchor="middle", weight="bold", fill=ink)


def _draw_middle(picture: Picture, table: _Table, scores: tuple[int, ...], ranks: tuple[int, ...] | None) -> None:
    cx, cy = _CENTRE
    if ranks is not None:
        order = sorted(range(table.view.players), key=lambda seat: (ranks[seat], seat))
        piles = table.view.piles
        lines = [
            f"{ranks[seat] + 1}. {_seat_name(table, seat)}: {_points(scores[seat])}, {_cards(len(piles[seat]))}"
            for seat in order
        ]
        with picture.group(label="Result: " + "; ".join(lines), css_class="result"):
            height = 44 + 20 * len(lines)
            top = cy - height / 2 - 20
            picture.rect(cx - 170, top, 340, height, fill=_PAPER, stroke=_WINNER, stroke_width=3, rx=10)
            picture.text(cx, top + 26, "Game over · ranking", size=16, anchor="middle", weight="bold")
            for index, line in enumerate(lines):
                won = ranks[order[index]] == 0
                picture.text(cx - 150, top + 50 + 20 * index, line, size=13, weight="bold" if won else None, fill=_INK)
        return
    # The High/Low card.
    hx, hy = cx - _HIGH_LOW_W / 2, _HIGH_LOW_TOPS[table.view.players]
    high_low = table.view.high_low
    if high_low is None:
        with picture.group(label="High/Low card: not set yet (the lead card sets it)", css_class="high-low"):
            picture.rect(hx, hy, _HIGH_LOW_W, _HIGH_LOW_H, stroke="#9fc4b8", dash="5 4", rx=8)
            picture.text(hx + 75, hy + 36, "High/Low card", size=12, anchor="middle", fill="#e8f2ee")
            picture.text(hx + 75, hy + 52, "set by the lead", size=12, anchor="middle", fill="#e8f2ee")
    else:
        suit, high = high_low.suit, high_low.side is Mark.HIGH
        wins = "highest" if high else "lowest"
        split = table.config.high_low_split
        rule = f"{wins} card leads next" if split else f"the {wins} card wins"
        side = "High" if high else "Low"
        label = f"High/Low card: {_SUIT_NAMES[suit]} ({_SUIT_SYMBOLS[suit]}) led, {side} side up: {rule}"
        ink = _HIGH_LOW_INK[suit]
        with picture.group(label=label, css_class="high-low"):
            picture.rect(
                hx,
                hy,
                _HIGH_LOW_W,
                _HIGH_LOW_H,
                fill=_HIGH_LOW_BACKGROUNDS[suit],
                stroke="#1a1a1a",
                stroke_width=2,
                rx=8,
            )
            ax, ay = hx + 24, hy + 30
            if high:
                arrow = [(ax, ay - 14), (ax + 12, ay + 6), (ax - 12, ay + 6)]
            else:
                arrow = [(ax, ay + 6), (ax + 12, ay - 14), (ax - 12, ay - 14)]
            picture.polygon(arrow, fill=ink)
            picture.text(hx + 44, hy + 30, "HIGH" if high else "LOW", size=22, weight="bold", fill=ink)
            picture.text(
                hx + 75, hy + 52, f"{_SUIT_NAMES[suit]} led ({_SUIT_SYMBOLS[suit]})", size=12, anchor="middle", fill=ink
            )
            picture.text(hx + 75, hy + 69, rule, size=11, anchor="middle", fill=ink)


def _draw_deck(picture: Picture, table: _Table, x: float, y: float) -> None:
    count = table.view.stock_size
    dealing = table.view.current_player == CHANCE
    where = "to deal" if dealing else "out of play"
    with picture.group(label=f"Deck: {_cards(count)} face down, {where}", css_class="deck"):
        _stack(picture, x, y, count, w=40, h=58)
        picture.text(x + 54, y + 16, "Deck", size=12, fill="#555555")
        picture.text(x + 54, y + 34, f"{count} card{'' if count == 1 else 's'}", size=14, weight="bold")
        picture.text(x + 54, y + 50, where, size=11, fill="#555555")
    with picture.group(label=f"Tricks played: {table.view.tricks}", css_class="tricks"):
        picture.text(x + 150, y + 16, f"Tricks played: {table.view.tricks}", size=12, weight="bold")
    if table.view.over:
        label = f"Set aside at the end, not scored: {_cards(table.view.set_aside_count)}"
        with picture.group(label=label, css_class="set-aside"):
            picture.text(x + 150, y + 34, f"Set aside: {_cards(table.view.set_aside_count)}", size=12)


_GAP: Final = 6


def _per_row(scale: float) -> int:
    return max(1, int((WIDTH - 32 + _GAP) // (60 * scale + _GAP)))


def _row_height(count: int, scale: float) -> float:
    """Height of a row of ``count`` cards: its title, then the cards in as many lines as they need."""
    if count == 0:
        return 30
    lines = -(-count // _per_row(scale))
    return 26 + lines * (86 * scale + _GAP) + 8


def _draw_row(
    picture: Picture,
    table: _Table,
    y: float,
    title: str,
    label: str,
    cards: Sequence[Card],
    *,
    scale: float,
    playable: tuple[Card, ...] | None = None,
    element: Callable[[Card], str] | None = None,
    suit_element: Callable[[Suit], str] | None = None,
) -> float:
    """A labelled row of face-up cards; returns the height used. ``element`` names each card's picture element.

    ``suit_element`` (for the viewer's own hand, sorted) groups each colour's
    cards as one picture element too, which a pick may name (a colour first).
    """
    card_w, card_h = 60 * scale, 86 * scale
    with picture.group(label=label, css_class="hand-row"), contextlib.ExitStack() as run:
        picture.text(16, y + 16, title, size=13, weight="bold")
        gap = _GAP
        per_row = _per_row(scale)
        suit: Suit | None = None
        for index, card in enumerate(cards):
            if suit_element is not None and card.suit is not suit:
                run.close()  # the previous colour's group
                suit = card.suit
                count = sum(1 for other in cards if other.suit is suit)
                name = f"{_SUIT_NAMES[suit]} cards in hand: {_cards(count)}"
                run.enter_context(
                    picture.group(label=name, css_class="hand-suit", element=suit_element(suit), kind="suit")
                )
                # An invisible strip behind each line of the colour's cards, so that a click between two of
                # them picks the colour too (a frontend tints it while the colour may be picked).
                last = index + count - 1
                for line in range(index // per_row, last // per_row + 1):
                    first_column = index - line * per_row if line == index // per_row else 0
                    last_column = last - line * per_row if line == last // per_row else per_row - 1
                    picture.rect(
                        16 + first_column * (card_w + gap) - 3,
                        y + 26 + line * (card_h + gap) - 3,
                        (last_column - first_column + 1) * (card_w + gap) - gap + 6,
                        card_h + 6,
                        fill=_TO_PLAY,
                        rx=6,
                        opacity=0,
                    )
            row, column = divmod(index, per_row)
            cx = 16 + column * (card_w + gap)
            cy = y + 26 + row * (card_h + gap)
            spec = table.edition.spec(card)
            if playable is None:
                _card_face(picture, cx, cy, spec, scale=scale, element=element and element(card), kind="hand")
            else:
                can = card in playable
                _card_face(
                    picture,
                    cx,
                    cy,
                    spec,
                    scale=scale,
                    label=_describe_card(spec) + (" (playable now)" if can else " (cannot be played now)"),
                    outline=_TO_PLAY if can else None,
                    dim=not can,
                    element=element and element(card),
                    kind="hand",
                )
    return _row_height(len(cards), scale)
