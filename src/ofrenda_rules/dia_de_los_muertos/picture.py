"""SVG pictures of a Día de los Muertos table.

:func:`render_svg` draws a :class:`~ofrenda_rules.dia_de_los_muertos.State`
(the whole table face up: every hand, the undealt deck and the cards set
aside, an omniscient picture) or a :class:`~ofrenda_rules.dia_de_los_muertos.View`
(what one seat may see: its own hand face up, the other hands and the deck as
face-down counts; a spectator's view from
:func:`~ofrenda_rules.dia_de_los_muertos.observe_public` shows every hand face
down). Seats sit around the table clockwise, the viewer (seat 0 for a state or
a spectator) at the bottom; the card each seat has played to the trick lies
in front of it, and the High/Low card and the deck lie in the middle. Each
seat shows its hand and its score pile (cards and points); the seat due to
play, the lead, the cards a TAKE may take and, when the game is over, the
ranking are marked in words as well as colour.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
>>> state = new_game(Config(players=4), seed=7)
>>> svg = render_svg(observe(state, 2))
>>> svg.startswith("<svg") and "Seat 2 (you)" in svg
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos.components import DEFAULT_DECK, Card, CardSpec, DeckEdition, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.picks import hand_id, last_move_elements, trick_id
from ofrenda_rules.dia_de_los_muertos.rules import current_player
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.svg import Picture

__all__ = ["WIDTH", "render_svg"]

WIDTH: Final = 1100
"""Width of every picture, in pixels; the height grows with the hands drawn below the table."""

_HEADER: Final = 56
_TABLE_HEIGHT: Final = 600
_CENTRE: Final = (WIDTH / 2, _HEADER + _TABLE_HEIGHT / 2)
_PANEL_W: Final = 250
_PANEL_H: Final = 112
_TRICK_W: Final = 64
_TRICK_H: Final = 92
_HAND_W: Final = 60
_HAND_H: Final = 86
_SMALL_W: Final = 46
_SMALL_H: Final = 66

# Colours: Okabe-Ito where a colour carries meaning, and every meaning also written out.
_FELT: Final = "#2f5d50"
_FELT_EDGE: Final = "#1e3d35"
_PAPER: Final = "#f3e9d2"
_PANEL: Final = "#fdf3e1"
_INK: Final = "#222222"
_TO_PLAY: Final = "#0072b2"
_TARGET: Final = "#e69f00"
_WINNER: Final = "#b8860b"
_BACK: Final = "#4b2a6b"
_BACK_TRIM: Final = "#f2a900"

_SUIT_NAMES: Final = {Suit.BLACK: "Black", Suit.RED: "Red", Suit.WHITE: "White"}
_SUIT_SYMBOLS: Final = {Suit.BLACK: "Skull", Suit.RED: "Offering", Suit.WHITE: "Flower"}
_BORDERS: Final = {Suit.BLACK: "#1a1a1a", Suit.RED: "#c8102e", Suit.WHITE: "#ffffff"}
_HIGH_LOW_BACKGROUNDS: Final = {Suit.BLACK: "#c8102e", Suit.RED: "#eedcb3", Suit.WHITE: "#3fb8af"}
_HIGH_LOW_INK: Final = {Suit.BLACK: "#ffffff", Suit.RED: _INK, Suit.WHITE: _INK}


@attrs.frozen
class _Seat:
    """Where one seat's parts are drawn, by its place around the table (0 is the bottom)."""

    panel: tuple[float, float]
    """Top-left corner of the seat's panel."""
    trick: tuple[float, float]
    """Top-left corner of the card in front of the seat."""


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float) -> bool:
    return (
        a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap
    )


def _layout(players: int) -> tuple[_Seat, ...]:
    """Seat places around an oval table, clockwise from the bottom; each trick card between its seat and the middle.

    Panels sit on an outer oval and cards on an inner one, on the same ray
    from the middle; a card that would touch its panel slides towards the
    middle until it clears it (bounded).
    """
    cx, cy = _CENTRE
    seats = []
    for place in range(players):
        angle = math.pi / 2 + 2 * math.pi * place / players  # y grows downwards: a growing angle turns clockwise
        dx, dy = math.cos(angle), math.sin(angle)
        px, py = cx + 405 * dx, cy + 238 * dy
        panel = (px - _PANEL_W / 2, py - _PANEL_H / 2, float(_PANEL_W), float(_PANEL_H))
        factor = 1.0
        for _ in range(40):
            tx, ty = cx + 215 * factor * dx, cy + 126 * factor * dy
            card = (tx - _TRICK_W / 2, ty - _TRICK_H / 2, float(_TRICK_W), float(_TRICK_H))
            tabs = (card[0], card[1] - 10, card[2], card[3] + 20)  # the LEAD tab above, the "can be taken" tab below
            if not _overlap(panel, tabs, 4):
                break
            factor -= 0.02
        seats.append(
            _Seat(panel=(round(panel[0], 1), round(panel[1], 1)), trick=(round(card[0], 1), round(card[1], 1)))
        )
    return tuple(seats)


_LAYOUTS: Final = {players: _layout(players) for players in (3, 4, 5, 6)}
"""Seat places per player count, computed once."""

_HIGH_LOW_W: Final = 150
_HIGH_LOW_H: Final = 80


def _high_low_top(players: int) -> float:
    """The top of the High/Low card: centred, or just below any upper trick card (with its tabs) that reaches it."""
    cx, cy = _CENTRE
    top = cy - _HIGH_LOW_H / 2
    for seat in _LAYOUTS[players]:
        x, y = seat.trick
        above = y + _TRICK_H / 2 < cy
        if above and x < cx + _HIGH_LOW_W / 2 + 4 and x + _TRICK_W > cx - _HIGH_LOW_W / 2 - 4:
            top = max(top, y + _TRICK_H + 12)
    return top


_HIGH_LOW_TOPS: Final = {players: _high_low_top(players) for players in _LAYOUTS}
"""Where the High/Low card lies, per player count."""


@attrs.frozen
class _Table:
    """What a picture draws, gathered from a state or a view."""

    players: int
    viewer: int | None  # a seat, SPECTATOR (every hand face down), or None for a state (all face up)
    config: Config
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    stock: tuple[Card, ...] | None
    stock_size: int
    in_front: tuple[Card | None, ...]
    leader: int
    lead_card: Card | None
    high_low: HighLowCard | None
    to_play: int
    taking: bool
    piles: tuple[tuple[Card, ...], ...]
    set_aside: tuple[Card, ...] | None
    set_aside_count: int
    tricks: int
    over: bool

    @property
    def edition(self) -> DeckEdition:
        """The deck the cards are drawn from (the config's)."""
        return self.config.deck


def _from_state(state: State) -> _Table:
    player = current_player(state)
    return _Table(
        players=state.config.players,
        viewer=None,
        config=state.config,
        hands=state.hands,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock=state.stock,
        stock_size=len(state.stock),
        in_front=state.in_front,
        leader=state.leader,
        lead_card=state.lead_card,
        high_low=state.high_low,
        to_play=player,
        taking=state.taking,
        piles=state.piles,
        set_aside=state.set_aside,
        set_aside_count=len(state.set_aside),
        tricks=state.tricks,
        over=state.over,
    )


def _from_view(view: View, config: Config) -> _Table:
    hands: list[tuple[Card, ...] | None] = [None] * view.players
    if 0 <= view.player < view.players:  # not for SPECTATOR (-1), who holds no hand
        hands[view.player] = view.hand
    return _Table(
        players=view.players,
        viewer=view.player,
        config=config,
        hands=tuple(hands),
        hand_sizes=view.hand_sizes,
        stock=None,
        stock_size=view.stock_size,
        in_front=view.in_front,
        leader=view.leader,
        lead_card=view.lead_card,
        high_low=view.high_low,
        to_play=view.current_player,
        taking=view.taking,
        piles=view.piles,
        set_aside=None,
        set_aside_count=view.set_aside_count,
        tricks=view.tricks,
        over=view.over,
    )


@functools.lru_cache(maxsize=2048)
def _describe_card(spec: CardSpec) -> str:
    """``Red 14: Low arrow, -1 point, TAKE``."""
    arrow = "High arrow" if spec.mark is Mark.HIGH else "Low arrow"
    points = _points(spec.points, sign=True)
    take = ", TAKE" if spec.take else ""
    return f"{_SUIT_NAMES[spec.suit]} {spec.number} ({_SUIT_SYMBOLS[spec.suit]}): {arrow}, {points}{take}"


def _cards(count: int) -> str:
    """``"1 card"``, ``"12 cards"``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _points(value: int, *, sign: bool = False) -> str:
    """``"-1 point"``, ``"3 points"``, or with ``sign`` ``"+3 points"``."""
    text = f"{value:+d}" if sign and value else str(value)
    return f"{text} point{'' if abs(value) == 1 else 's'}"


def _card_names(cards: Sequence[Card]) -> str:
    return ", ".join(str(card) for card in cards)


def _suit_icon(picture: Picture, cx: float, cy: float, size: float, suit: Suit) -> None:
    """The suit's symbol, drawn (no font needed): a skull, an offering candle or a flower."""
    r = size / 2
    if suit is Suit.BLACK:
        picture.circle(cx, cy - r * 0.15, r * 0.78, fill="#f4f1ea", stroke="#1a1a1a", stroke_width=1.2)
        picture.rect(cx - r * 0.42, cy + r * 0.45, r * 0.84, r * 0.45, fill="#f4f1ea", stroke="#1a1a1a")
        picture.circle(cx - r * 0.3, cy - r * 0.2, r * 0.2, fill="#1a1a1a")
        picture.circle(cx + r * 0.3, cy - r * 0.2, r * 0.2, fill="#1a1a1a")
        picture.polygon(
            [(cx, cy + r * 0.05), (cx - r * 0.1, cy + r * 0.28), (cx + r * 0.1, cy + r * 0.28)], fill="#1a1a1a"
        )
    elif suit is Suit.RED:
        picture.rect(cx - r * 0.3, cy - r * 0.2, r * 0.6, r * 1.1, fill="#c8102e", stroke="#7a0a1c")
        picture.line(cx, cy - r * 0.2, cx, cy - r * 0.4, stroke="#333", width=1)
        picture.polygon(
            [(cx, cy - r), (cx + r * 0.22, cy - r * 0.55), (cx, cy - r * 0.38), (cx - r * 0.22, cy - r * 0.55)],
            fill="#f2a900",
            stroke="#b36b00",
            stroke_width=0.8,
        )
        picture.rect(cx - r * 0.75, cy + r * 0.85, r * 1.5, r * 0.15, fill="#7a0a1c")
    else:
        for index in range(5):
            angle = -math.pi / 2 + 2 * math.pi * index / 5
            picture.circle(
                cx + r * 0.5 * math.cos(angle),
                cy + r * 0.5 * math.sin(angle),
                r * 0.42,
                fill="#ffffff",
                stroke="#6b6b6b",
                stroke_width=0.9,
            )
        picture.circle(cx, cy, r * 0.3, fill="#f2a900", stroke="#b36b00", stroke_width=0.8)


def _shapes(draw: Callable[[Picture], None]) -> tuple[str, ...]:
    """The elements ``draw`` makes, as text: drawn with the kit's own methods on a scratch picture."""
    return Picture.record(draw)


@functools.lru_cache(maxsize=2048)
def _face_shapes(spec: CardSpec, scale: float, outline: str | None, dash: str | None, dim: bool) -> tuple[str, ...]:
    """A card face drawn at the origin, once per printed card, size and marking."""

    def draw(picture: Picture) -> None:
        s = scale
        w, h = 60 * s, 86 * s
        if outline is not None:
            picture.rect(-4, -4, w + 8, h + 8, fill="none", stroke=outline, stroke_width=3, rx=7 * s, dash=dash)
        picture.rect(0, 0, w, h, fill=_PAPER, stroke="#555555", stroke_width=1, rx=5 * s)
        picture.rect(2.5 * s, 2.5 * s, w - 5 * s, h - 5 * s, stroke=_BORDERS[spec.suit], stroke_width=4 * s, rx=4 * s)
        picture.text(7 * s, 21 * s, str(spec.number), size=18 * s, weight="bold")
        picture.text(7 * s, 31 * s, _SUIT_NAMES[spec.suit], size=8.5 * s)
        # The arrow: up for High, down for Low, with its letter.
        ax, ay = w - 12 * s, 14 * s
        if spec.mark is Mark.HIGH:
            arrow = [(ax, ay - 6 * s), (ax + 6 * s, ay + 3 * s), (ax - 6 * s, ay + 3 * s)]
        else:
            arrow = [(ax, ay + 3 * s), (ax + 6 * s, ay - 6 * s), (ax - 6 * s, ay - 6 * s)]
        picture.polygon(arrow, fill=_INK)
        letter = "H" if spec.mark is Mark.HIGH else "L"
        picture.text(ax, ay + 14 * s, letter, size=9 * s, anchor="middle", weight="bold")
        if spec.points:  # the rulebook: 0-point cards have no marking
            picture.circle(15 * s, 50 * s, 9 * s, fill="#ffffff", stroke=_INK, stroke_width=1.2)
            picture.text(15 * s, 54 * s, f"{spec.points:+d}", size=10 * s, anchor="middle", weight="bold")
        _suit_icon(picture, 40 * s, 49 * s, 20 * s, spec.suit)
        if spec.take:
            picture.rect(4 * s, h - 19 * s, w - 8 * s, 13 * s, fill=_INK, rx=2 * s)
            picture.text(w / 2, h - 9 * s, "TAKE", size=9.5 * s, anchor="middle", weight="bold", fill="#ffffff")
        else:
            picture.text(w - 7 * s, h - 9 * s, str(spec.number), size=10 * s, anchor="end", weight="bold")
        if dim:
            picture.rect(0, 0, w, h, fill="#ffffff", opacity=0.55, rx=5 * s)

    return _shapes(draw)


def _card_face(
    picture: Picture,
    x: float,
    y: float,
    spec: CardSpec,
    *,
    scale: float = 1.0,
    label: str | None = None,
    outline: str | None = None,
    dash: str | None = None,
    dim: bool = False,
    element: str | None = None,
    kind: str | None = None,
) -> None:
    """A card face up, drawn as printed: number, arrow, point value, TAKE, suit border and symbol.

    The card is 60 x 86 at ``scale`` 1; ``label`` names the card's group (the card itself by default);
    ``element`` and ``kind`` make it a part of the table a player may pick (its ``id`` and ``data-pick``).
    """
    box = (0, 0, 60 * scale, 86 * scale)
    group = picture.group(
        label=label or _describe_card(spec), css_class="card", translate=(x, y), element=element, kind=kind, box=box
    )
    with group:
        picture.paste(_face_shapes(spec, scale, outline, dash, dim))


@functools.lru_cache(maxsize=64)
def _stack_shapes(layers: int, w: float, h: float) -> tuple[str, ...]:
    """A face-down pile of ``layers`` offset backs at the origin, or a dashed outline for none."""

    def draw(picture: Picture) -> None:
        if layers == 0:
            picture.rect(0, 0, w, h, stroke="#9a8f7a", dash="3 2", rx=3)
        for layer in range(layers):
            offset = 2.5 * (layers - 1 - layer)
            picture.rect(offset, offset, w, h, fill=_BACK, stroke="#1f1030", rx=3)
            picture.rect(offset + 3, offset + 3, w - 6, h - 6, stroke=_BACK_TRIM, stroke_width=1, rx=2)
            picture.circle(offset + w / 2, offset + h / 2, min(w, h) / 5, fill=_BACK_TRIM)

    return _shapes(draw)


def _stack(picture: Picture, x: float, y: float, count: int, *, w: float = 24, h: float = 34) -> None:
    """A face-down pile: up to three offset backs, or a dashed outline when empty."""
    with picture.group(translate=(x, y)):
        picture.paste(_stack_shapes(min(count, 3), w, h))


def _seat_name(table: _Table, seat: int) -> str:
    return f"Seat {seat} (you)" if seat == table.viewer else f"Seat {seat}"


def _scores(table: _Table) -> tuple[int, ...]:
    return tuple(sum(table.edition.spec(card).points for card in pile) for pile in table.piles)


def _ranks(table: _Table, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Places as :func:`~ofrenda_rules.dia_de_los_muertos.outcome` gives them: points, then cards collected."""
    keys = [(score, len(pile)) for score, pile in zip(scores, table.piles, strict=True)]
    return tuple(sum(1 for other in keys if other > key) for key in keys)


def _take_targets(table: _Table) -> tuple[Card, ...]:
    """The cards the seat due to play may take; empty unless it is taking."""
    if not table.taking or table.over or not 0 <= table.to_play < table.players:
        return ()
    locked = table.lead_card if table.config.lock_lead else None
    return tuple(
        card
        for seat, card in enumerate(table.in_front)
        if seat != table.to_play and card is not None and card != locked
    )


def _playable(table: _Table, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    if table.high_low is None:
        return hand
    following = tuple(card for card in hand if card.suit is table.high_low.suit)
    return following or hand


def _status(table: _Table, scores: tuple[int, ...]) -> str:
    if table.over:
        ranks = _ranks(table, scores)
        first = [seat for seat, rank in enumerate(ranks) if rank == 0]
        best = scores[first[0]]
        if len(first) == 1:
            return f"Game over after {table.tricks} tricks: {_seat_name(table, first[0])} wins with {_points(best)}."
        names = " and ".join(_seat_name(table, seat) for seat in first)
        return f"Game over after {table.tricks} tricks: {names} share the win with {_points(best)}."
    if table.to_play == CHANCE:
        dealt = sum(table.hand_sizes)
        return f"Dealing: {_cards(dealt)} dealt, {table.stock_size} in the deck."
    who = _seat_name(table, table.to_play)
    trick = f"Trick {table.tricks + 1}"
    if table.taking:
        return f"{trick}: {who} played a TAKE card and must take a card."
    if table.high_low is None:
        return f"{trick}: {who} leads."
    led = _SUIT_NAMES[table.high_low.suit]
    wins = "highest" if table.high_low.side is Mark.HIGH else "lowest"
    return f"{trick}: {who} to play ({led} led, {wins} card wins)."


def _variants(config: Config) -> str:
    parts = []
    if config.lock_lead:
        parts.append("lead card locked")
    if config.high_low_split:
        parts.append("Advanced game (High/Low split)")
    if config.lead_replacement_exempt:
        parts.append("a lead replacement TAKE takes nothing")
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
            who = f"seen by seat {table.viewer}"
        picture.text(
            16, 23, f"Día de los Muertos · {table.players} players · {who}", size=16, weight="bold", fill="#ffffff"
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
    due = not table.over and seat == table.to_play
    won = ranks is not None and ranks[seat] == 0
    badges = []
    if won:
        badges.append("WINNER")
    elif ranks is not None:
        badges.append(f"place {ranks[seat] + 1}")
    if not table.over and seat == table.leader and table.to_play != CHANCE:
        badges.append("LEAD")
    if due:
        badges.append("TAKING" if table.taking else "TO PLAY")
    pile_size = len(table.piles[seat])
    summary = (
        f"{name}: {_cards(table.hand_sizes[seat])} in hand, score pile {_cards(pile_size)}, {_points(scores[seat])}"
    )
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
        count = table.hand_sizes[seat]
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
        pile = table.piles[seat]
        pile_label = f"{name}'s score pile: {_cards(len(pile))}, {_points(scores[seat])}"
        if pile:
            pile_label += f" ({_card_names(pile)})"
        with picture.group(label=pile_label, css_class="pile"):
            _stack(picture, x + 132, y + 38, len(pile))
            picture.text(x + 166, y + 54, "Score pile", size=12, fill="#555555")
            picture.text(x + 166, y + 70, f"{len(pile)} card{'' if len(pile) == 1 else 's'}", size=13, weight="bold")
            picture.text(x + 166, y + 86, _points(scores[seat], sign=True), size=13, weight="bold")
        if due and table.taking:
            picture.text(x + 12, y + _PANEL_H - 8, "must take a card (marked)", size=11, fill=_TO_PLAY, weight="bold")
        elif due:
            picture.text(x + 12, y + _PANEL_H - 8, "due to play a card", size=11, fill=_TO_PLAY, weight="bold")


def _draw_trick_card(picture: Picture, table: _Table, seat: int, place: _Seat, targets: tuple[Card, ...]) -> None:
    x, y = place.trick
    card = table.in_front[seat]
    name = _seat_name(table, seat)
    if card is None:
        with picture.group(label=f"No card in front of {name}", css_class="trick-slot"):
            picture.rect(x, y, _TRICK_W, _TRICK_H, stroke="#9fc4b8", dash="5 4", rx=5)
        return
    spec = table.edition.spec(card)
    notes = []
    is_lead = table.lead_card is not None and card == table.lead_card and seat == table.leader
    if is_lead:
        notes.append("lead card" + (", locked" if table.config.lock_lead else ""))
    if card in targets:
        notes.append(f"{_seat_name(table, table.to_play)} may take it")
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
        order = sorted(range(table.players), key=lambda seat: (ranks[seat], seat))
        lines = [
            f"{ranks[seat] + 1}. {_seat_name(table, seat)}: {_points(scores[seat])}, {_cards(len(table.piles[seat]))}"
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
    hx, hy = cx - _HIGH_LOW_W / 2, _HIGH_LOW_TOPS[table.players]
    high_low = table.high_low
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
    count = table.stock_size
    dealing = table.to_play == CHANCE
    where = "to deal" if dealing else "out of play"
    with picture.group(label=f"Deck: {_cards(count)} face down, {where}", css_class="deck"):
        _stack(picture, x, y, count, w=40, h=58)
        picture.text(x + 54, y + 16, "Deck", size=12, fill="#555555")
        picture.text(x + 54, y + 34, f"{count} card{'' if count == 1 else 's'}", size=14, weight="bold")
        picture.text(x + 54, y + 50, where, size=11, fill="#555555")
    with picture.group(label=f"Tricks played: {table.tricks}", css_class="tricks"):
        picture.text(x + 150, y + 16, f"Tricks played: {table.tricks}", size=12, weight="bold")
    if table.over:
        label = f"Set aside at the end, not scored: {_cards(table.set_aside_count)}"
        with picture.group(label=label, css_class="set-aside"):
            picture.text(x + 150, y + 34, f"Set aside: {_cards(table.set_aside_count)}", size=12)


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
) -> float:
    """A labelled row of face-up cards; returns the height used. ``element`` names each card's picture element."""
    card_w, card_h = 60 * scale, 86 * scale
    with picture.group(label=label, css_class="hand-row"):
        picture.text(16, y + 16, title, size=13, weight="bold")
        gap = _GAP
        per_row = _per_row(scale)
        for index, card in enumerate(cards):
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


_GAP: Final = 6


def _per_row(scale: float) -> int:
    return max(1, int((WIDTH - 32 + _GAP) // (60 * scale + _GAP)))


def _row_height(count: int, scale: float) -> float:
    """Height of a row of ``count`` cards: its title, then the cards in as many lines as they need."""
    if count == 0:
        return 30
    lines = -(-count // _per_row(scale))
    return 26 + lines * (86 * scale + _GAP) + 8


def _hands_height(table: _Table) -> float:
    if table.viewer == SPECTATOR:
        return _SPECTATOR_NOTE
    if table.viewer is not None:
        return _row_height(table.hand_sizes[table.viewer], _HAND_W / 60) + 16
    counts = [*table.hand_sizes, table.stock_size] + ([table.set_aside_count] if table.over else [])
    return sum(_row_height(count, _SMALL_W / 60) for count in counts) + 8


_SPECTATOR_NOTE: Final = 38
"""Height of the note below the table in a spectator's picture, which shows no hand face up."""


def _draw_hands(picture: Picture, table: _Table, top: float) -> None:
    y = top
    if table.viewer == SPECTATOR:
        note = f"Spectator: every hand is face down ({_cards(sum(table.hand_sizes))} in hands, counts above)"
        with picture.group(label=note, css_class="hand-row"):
            picture.text(16, y + 22, note, size=13, weight="bold")
        return
    if table.viewer is not None:
        hand = table.hands[table.viewer] or ()
        due = not table.over and table.to_play == table.viewer and not table.taking
        playable = _playable(table, hand) if due else None
        label = f"Your hand (seat {table.viewer}): {_cards(len(hand))}" + (f": {_card_names(hand)}" if hand else "")
        title = f"Your hand · {len(hand)} card{'' if len(hand) == 1 else 's'}"
        if playable is not None and table.high_low is not None:
            follow = len(playable) < len(hand)
            led = _SUIT_NAMES[table.high_low.suit]
            what = f"follow {led}" if follow else f"no {led} card, play any"
            title += f" · your turn: {what} (outlined cards are playable)"
        elif playable is not None:
            title += " · your lead: play any card"
        y += _draw_row(picture, table, y, title, label, hand, scale=_HAND_W / 60, playable=playable, element=hand_id)
        return
    scale = _SMALL_W / 60
    for seat in range(table.players):
        hand = table.hands[seat] or ()
        label = f"Seat {seat}'s hand: {_cards(len(hand))}" + (f": {_card_names(hand)}" if hand else "")
        title = f"Seat {seat}'s hand · {_cards(len(hand))}"
        y += _draw_row(picture, table, y, title, label, hand, scale=scale, element=hand_id)
    stock = table.stock or ()
    where = "to deal" if table.to_play == CHANCE else "out of play"
    label = f"Deck ({where}): {_cards(len(stock))}" + (f": {_card_names(stock)}" if stock else "")
    y += _draw_row(
        picture, table, y, f"Deck, face down on the table · {_cards(len(stock))} {where}", label, stock, scale=scale
    )
    if table.over:
        aside = table.set_aside or ()
        label = f"Set aside at the end: {_cards(len(aside))}" + (f": {_card_names(aside)}" if aside else "")
        _draw_row(
            picture, table, y, f"Set aside at the end (not scored) · {_cards(len(aside))}", label, aside, scale=scale
        )


def _title(table: _Table) -> str:
    if table.viewer is None:
        return f"Día de los Muertos, {table.players} players: the whole table (omniscient)"
    if table.viewer == SPECTATOR:
        return f"Día de los Muertos, {table.players} players: a spectator's view"
    return f"Día de los Muertos, {table.players} players: seat {table.viewer}'s view"


def _desc(table: _Table, status: str, scores: tuple[int, ...]) -> str:
    trick = ", ".join(f"seat {seat} {card}" for seat, card in enumerate(table.in_front) if card is not None)
    points = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(scores))
    parts = [status]
    if trick:
        parts.append(f"On the table: {trick}.")
    parts.append(f"Points: {points}.")
    if table.viewer is not None and table.viewer != SPECTATOR:
        parts.append(f"Seat {table.viewer} holds {_cards(len(table.hands[table.viewer] or ()))}.")
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
    ranks = _ranks(table, scores) if table.over else None
    status = _status(table, scores)
    height = _HEADER + _TABLE_HEIGHT + _hands_height(table)
    picture = Picture(WIDTH, height, title=_title(table), desc=_desc(table, status, scores), background="#f6efe2")
    picture.mark_last_move(last_move_elements(subject.recent_events))
    _draw_header(picture, table, status)
    _draw_table_felt(picture)
    bottom = table.viewer if table.viewer is not None and table.viewer != SPECTATOR else 0
    layout = _LAYOUTS[table.players]
    targets = _take_targets(table)
    _draw_middle(picture, table, scores, ranks)
    _draw_deck(picture, table, 20, _HEADER + 16)
    for seat in range(table.players):
        place = layout[(seat - bottom) % table.players]
        if not table.over:
            _draw_trick_card(picture, table, seat, place, targets)
        _draw_seat(picture, table, seat, place, scores, ranks)
    _draw_hands(picture, table, _HEADER + _TABLE_HEIGHT)
    return picture.document()
