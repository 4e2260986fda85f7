"""SVG pictures of a game of Ofrenda: the Family board, the goals, the Abuela and every player's Ofrenda.

:func:`render_svg` draws a :class:`~ofrenda_rules.ofrenda.state.State` (the
whole table face up, every hand and the solo mode's removed portraits
included -- an omniscient picture) or a :class:`~ofrenda_rules.ofrenda.view.View`
(what one seat may see: the other hands as face-down cards, the deck and the
candle bag as counts). The picture is standalone SVG text, the same text for
the same subject.

Each Ofrenda is the printed 5-4-3 pyramid: portraits show their family branch
(colour, a shape and the name), favourite offering, objective and lit or unlit
side; golden slots have a thick gold frame and say ``x2``; marigold-flower and
crossed-out slots say ``+1`` or ``-1 marigold`` while empty; the candle and
marigold slots sit between the three card slots they touch. Every colour that
carries meaning is also written out.

>>> from ofrenda_rules import ofrenda
>>> state = ofrenda.new_game(ofrenda.Config(players=2), seed=3)
>>> svg = render_svg(ofrenda.observe(state, 0))
>>> svg.startswith("<svg") and "seat 0 (you)" in svg
True
"""

from __future__ import annotations

from typing import Final

import attrs

from ofrenda_rules.errors import EditionError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda.abuela import SPACE_FOR_FACE
from ofrenda_rules.ofrenda.components import (
    Candle,
    CandleKind,
    Category,
    Feature,
    GoalCard,
    GoalKind,
    ObjectiveKind,
    OfferingKind,
    Portrait,
)
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION, TURNS, Edition
from ofrenda_rules.ofrenda.picks import (
    candle_market_id,
    hand_id,
    last_move_elements,
    marigolds_id,
    market_id,
    offering_slot_id,
    slot_id,
    storage_candle_id,
)
from ofrenda_rules.ofrenda.rules import current_player
from ofrenda_rules.ofrenda.scoring import SoloTier, board_score, solo_tier
from ofrenda_rules.ofrenda.state import Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.view import View
from ofrenda_rules.svg import Picture, number, ordinal

__all__ = ["render_svg"]

# Sizes (user units = pixels at 100%).
_CARD_W: Final = 96
_CARD_H: Final = 84
_HALF: Final = 56  # one column of the offset rows: half a card plus half the gap between cards
_ROW_GAP: Final = 46  # room between rows for the candle and marigold slots
_PANEL_W: Final = 8 * _HALF + _CARD_W + 24
_MARGIN: Final = 12
_MARIGOLD_R: Final = 13

# Colour-blind-safe colours (Okabe-Ito) for the five family branches, with a shape each; names are always written.
_BRANCH_FILL: Final = {
    Feature.BLUE: "#0072B2",
    Feature.GREEN: "#009E73",
    Feature.ORANGE: "#E69F00",
    Feature.PINK: "#CC79A7",
    Feature.YELLOW: "#F0E442",
}
_BRANCH_INK: Final = {
    Feature.BLUE: "#ffffff",
    Feature.GREEN: "#ffffff",
    Feature.ORANGE: "#000000",
    Feature.PINK: "#000000",
    Feature.YELLOW: "#000000",
}
_LIT_FILL: Final = "#fff3c4"
_UNLIT_FILL: Final = "#e2e2e2"
_GOLD: Final = "#b8860b"
_MARIGOLD_FILL: Final = "#f28c28"
_INK: Final = "#222222"
_FACE_DOWN: Final = "#5b3a6b"
_BACKGROUND: Final = "#fbf7ef"
_PANEL_FILL: Final = "#f3ebdd"
_CURRENT: Final = "#d55e00"

_PHASE_WORDS: Final = {
    Phase.SETUP_REMOVE: "setup: removing portraits unseen",
    Phase.SETUP_GOAL: "setup: drawing goal cards",
    Phase.SETUP_MARKET: "setup: drawing portraits to the Family board",
    Phase.SETUP_CANDLES: "setup: drawing candles to the Family board",
    Phase.SETUP_DEAL: "setup: dealing hands",
    Phase.ABUELA_PORTRAIT: "the Abuela rolls for the portrait she discards",
    Phase.ABUELA_CANDLE: "the Abuela rolls for the candle she discards",
    Phase.TAKE_PORTRAIT: "take a portrait",
    Phase.TAKE_CANDLE: "take a candle or none",
    Phase.REFILL_PORTRAIT: "replenish: a portrait is drawn",
    Phase.REFILL_CANDLE: "replenish: a candle is drawn",
    Phase.PLAY: "place or discard a portrait",
    Phase.OFFERINGS: "place candles or marigolds in surrounded slots",
    Phase.OVER: "game over",
}


_LEGEND: Final = (
    "Portraits: branch (colour, shape, name) and number / favourite offering / objective about the adjacent "
    "portraits / side (LIT or unlit).",
    "Candles: C + number, side, objective; E = lit only at the end of the game, M = multiplayer only.",
)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _feature(feature: Feature, *, short: bool = False) -> str:
    if feature is Feature.PAPEL_PICADO:
        return "papel" if short else "papel picado"
    return str(feature.value)


# ---------------------------------------------------------------------------------------------------------------
# Per-edition layout of an Ofrenda (precomputed once per edition).


@attrs.frozen
class _Layout:
    card_xy: tuple[tuple[float, float], ...]
    """Top-left corner of each card slot, relative to the pyramid."""
    offering_xy: tuple[tuple[float, float], ...]
    """Centre of each candle/marigold slot."""
    offering_half: tuple[float, ...]
    """Half the width a candle may take in each candle/marigold slot without touching its neighbours."""
    width: float
    height: float


_LAYOUTS: dict[int, tuple[Edition, _Layout]] = {}


def _layout(edition: Edition) -> _Layout:
    cached = _LAYOUTS.get(id(edition))
    if cached is not None and cached[0] is edition:
        return cached[1]
    rows = edition.board.rows
    coords = edition.coordinates
    top = len(rows) - 1
    pitch = _CARD_H + _ROW_GAP
    card_xy = tuple((col * _HALF, (top - row) * pitch) for row, col in coords)
    centres: list[tuple[float, float]] = []
    gaps: list[int] = []
    for offering in edition.board.offering_slots:
        cells = [coords[c] for c in offering.cards]
        col = sum(c for _, c in cells) / 3
        low = min(r for r, _ in cells)
        centres.append((col * _HALF + _CARD_W / 2, (top - low) * pitch - _ROW_GAP / 2))
        gaps.append(low)
    halves: list[float] = []
    for k, (x, _) in enumerate(centres):
        room = _CARD_W / 2 - 4
        for j, (other_x, _) in enumerate(centres):
            if j == k or gaps[j] != gaps[k]:
                continue
            distance = abs(other_x - x)
            if edition.board.offering_slots[j].kind is OfferingKind.MARIGOLD:
                room = min(room, distance - _MARIGOLD_R - 4)
            else:
                room = min(room, distance / 2 - 3)
        halves.append(max(room, _MARIGOLD_R))
    max_col = max(c for _, c in coords)
    layout = _Layout(
        tuple(card_xy), tuple(centres), tuple(halves), max_col * _HALF + _CARD_W, len(rows) * pitch - _ROW_GAP
    )
    _LAYOUTS[id(edition)] = (edition, layout)
    return layout


# ---------------------------------------------------------------------------------------------------------------
# Components.


def _branch_shape(picture: Picture, branch: Feature, cx: float, cy: float, r: float) -> None:
    fill, ink = _BRANCH_FILL[branch], _BRANCH_INK[branch]
    stroke = "#ffffff" if ink == "#ffffff" else "#000000"
    if branch is Feature.BLUE:
        picture.circle(cx, cy, r, fill=fill, stroke=stroke)
    elif branch is Feature.GREEN:
        picture.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill, stroke=stroke)
    elif branch is Feature.ORANGE:
        picture.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fill=fill, stroke=stroke)
    elif branch is Feature.PINK:
        picture.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, stroke=stroke)
    else:
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            dx, dy = _STAR[i]
            points.append((cx + radius * dx, cy + radius * dy))
        picture.polygon(points, fill=fill, stroke=stroke)


_STAR: Final = (
    (0.0, -1.0),
    (0.588, -0.809),
    (0.951, -0.309),
    (0.951, 0.309),
    (0.588, 0.809),
    (0.0, 1.0),
    (-0.588, 0.809),
    (-0.951, 0.309),
    (-0.951, -0.309),
    (-0.588, -0.809),
)
_PETALS: Final = (
    (1.0, 0.0),
    (0.707, 0.707),
    (0.0, 1.0),
    (-0.707, 0.707),
    (-1.0, 0.0),
    (-0.707, -0.707),
    (0.0, -1.0),
    (0.707, -0.707),
)


def _marigold(picture: Picture, cx: float, cy: float, r: float, *, faded: bool = False) -> None:
    """A marigold: eight petals round a heart (pale when it only marks an empty slot)."""
    petal = r * 0.45
    parts = []
    for dx, dy in _PETALS:
        px, py = cx + dx * r * 0.55 - petal, cy + dy * r * 0.55
        parts.append(
            f"M{number(px)} {number(py)}a{number(petal)} {number(petal)} 0 1 0 {number(2 * petal)} 0"
            f"a{number(petal)} {number(petal)} 0 1 0 {number(-2 * petal)} 0"
        )
    picture.path("".join(parts), fill="#fbe0c3" if faded else _MARIGOLD_FILL, stroke="#d8b48e" if faded else "#9a4a00")
    picture.circle(cx, cy, r * 0.35, fill="#e3c5a5" if faded else "#9a4a00")


def _objective_lines(portrait: Portrait) -> tuple[str, ...]:
    objective = portrait.objective
    names = [_feature(f) for f in objective.features]
    if objective.kind is ObjectiveKind.AT_LEAST_TWO:
        return ("2+ adjacent are", names[0])
    if objective.kind is ObjectiveKind.ALL_EITHER:
        return ("ALL adjacent are", " or ".join(names))
    return ("NO adjacent is", " or ".join(names))


def _portrait_label(edition: Edition, card: int, lit: bool) -> str:
    portrait = edition.portrait(card)
    side = "lit" if lit else "unlit"
    return (
        f"portrait {card}: {portrait.branch.value} branch, offering {_feature(portrait.offering)}; "
        f"objective: {portrait.objective.describe()}; "
        + (f"used with {portrait.players}+ players; " if portrait.players > 2 else "")
        + side
    )


def _portrait(
    picture: Picture, edition: Edition, card: int, x: float, y: float, *, lit: bool, shows_side: bool, note: str = ""
) -> None:
    """A portrait card face: branch stripe, offering, objective, side (or "in hand" where no side is shown)."""
    portrait = edition.portrait(card)
    branch = portrait.branch
    body = _LIT_FILL if lit else _UNLIT_FILL
    picture.rect(
        x, y, _CARD_W, _CARD_H, fill=body, stroke=_GOLD if lit else "#666666", stroke_width=2 if lit else 1, rx=5
    )
    picture.rect(x + 1, y + 1, _CARD_W - 2, 17, fill=_BRANCH_FILL[branch], rx=4)
    _branch_shape(picture, branch, x + 10, y + 9.5, 5.5)
    picture.text(x + 19, y + 13.5, branch.value, size=11, weight="bold", fill=_BRANCH_INK[branch])
    picture.text(x + _CARD_W - 4, y + 13.5, f"#{card}", size=9, anchor="end", fill=_BRANCH_INK[branch])
    picture.text(x + 5, y + 31, _feature(portrait.offering), size=10.5, weight="bold")
    first, second = _objective_lines(portrait)
    picture.line(x + 4, y + 35, x + _CARD_W - 4, y + 35, stroke="#999999")
    picture.text(x + 5, y + 46, first, size=8.5, italic=True)
    picture.text(x + 5, y + 57, second, size=8.5, weight="bold")
    if shows_side:
        footer = ("LIT" if lit else "unlit") + (f"  {note}" if note else "")
        if lit:
            _flame(picture, x + 10, y + _CARD_H - 8, 6)
        picture.text(x + 18 if lit else x + 5, y + _CARD_H - 6, footer, size=10, weight="bold" if lit else None)
    elif note:
        picture.text(x + 5, y + _CARD_H - 6, note, size=9)
    if portrait.players > 2:
        picture.text(x + _CARD_W - 4, y + _CARD_H - 6, f"{portrait.players}+ pl.", size=8, anchor="end")


def _flame(picture: Picture, cx: float, cy: float, size: float) -> None:
    picture.path(
        f"M{cx:.1f} {cy + size * 0.6:.1f} C{cx - size:.1f} {cy:.1f} {cx:.1f} {cy - size * 0.4:.1f} {cx:.1f} "
        f"{cy - size * 1.2:.1f} C{cx:.1f} {cy - size * 0.4:.1f} {cx + size:.1f} {cy:.1f} {cx:.1f} "
        f"{cy + size * 0.6:.1f} Z",
        fill="#e65c00",
        stroke="#7a2e00",
    )


def _face_down(picture: Picture, x: float, y: float, text: str) -> None:
    picture.rect(x, y, _CARD_W, _CARD_H, fill=_FACE_DOWN, stroke="#2b1a33", rx=5)
    picture.rect(x + 6, y + 6, _CARD_W - 12, _CARD_H - 12, stroke="#c9b3d6", rx=3, dash="3 2")
    picture.text(x + _CARD_W / 2, y + _CARD_H / 2 + 4, text, size=11, anchor="middle", weight="bold", fill="#ffffff")


def _candle_lines(candle: Candle, *, short: bool) -> tuple[str, ...]:
    objective = candle.objective
    names = [_feature(f, short=short) for f in objective.features]
    kind = objective.kind
    if kind is CandleKind.FOUR_OF_FEATURE:
        return (f"4+ {names[0]}",)
    if kind is CandleKind.TWO_OF_EACH:
        return (f"2+ {names[0]}", f"2+ {names[1]}") if short else (f"2+ {names[0]} and", f"2+ {names[1]}")
    if kind is CandleKind.FULL_SET:
        word = "colours" if objective.category is Category.BRANCH else "offerings"
        return ("set of 5", word) if short else ("set of all five", word)
    if kind is CandleKind.MARIGOLDS_ON_OFRENDA:
        return ("4+ marig.", "on ofrenda") if short else ("4+ marigolds", "on the ofrenda")
    if kind is CandleKind.FEATURE_MAJORITY:
        return ("most", names[0]) if short else (f"most {names[0]}", "(majority)")
    if kind is CandleKind.MARIGOLD_MAJORITY:
        return ("most marig.", "on ofrenda") if short else ("most marigolds", "on an ofrenda")
    return ("3+ marig.", "in storage") if short else ("3+ marigolds", "in storage")


def _candle_label(edition: Edition, candle_id: int, lit: bool | None) -> str:
    candle = edition.candle(candle_id)
    marks = "".join(
        text
        for text, on in (
            (", lit only at game end", candle.end_of_game),
            (", multiplayer only", candle.multiplayer_only),
        )
        if on
    )
    side = "" if lit is None else ("; lit" if lit else "; unlit")
    return f"candle {candle_id}: {candle.objective.describe()}{marks}{side}"


def _candle(
    picture: Picture, edition: Edition, candle_id: int, x: float, y: float, w: float, h: float, *, lit: bool
) -> None:
    """A candle tile: its number, side and objective (short wording when narrow)."""
    candle = edition.candle(candle_id)
    short = w < 90
    picture.rect(x, y, w, h, fill="#ffe08a" if lit else "#cfcfcf", stroke=_GOLD if lit else "#555555", rx=6)
    head = f"C{candle_id} " + ("LIT" if lit else "unlit")
    if candle.end_of_game:
        head += " E"
    if candle.multiplayer_only and not short:
        head += " M"
    size = 8 if short else 9
    if lit:
        _flame(picture, x + 7, y + 10, 4.5)
    picture.text(x + (13 if lit else 4), y + 10, head, size=size, weight="bold")
    for i, line in enumerate(_candle_lines(candle, short=short)):
        picture.text(x + 4, y + 10 + (i + 1) * (size + 2), line, size=size)


# ---------------------------------------------------------------------------------------------------------------
# A neutral summary of a State or a View.


@attrs.frozen
class _Table:
    edition: Edition
    players: int
    solo: bool
    phase: Phase
    seat: int
    to_move: int
    abuela: bool
    you: int | None
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck: tuple[int, ...] | None
    deck_size: int
    removed: tuple[int, ...] | None
    removed_count: int
    abuela_discards: tuple[int, ...]
    candle_discards: tuple[int, ...]
    market: tuple[int | None, ...]
    market_marigolds: tuple[int, ...]
    candle_market: tuple[int | None, ...]
    bag: tuple[int, ...] | None
    bag_size: int
    supply: int
    boards: tuple[PlayerBoard, ...]
    goals: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...]
    taken_space: int | None
    die: int | None


def _table_of_state(state: State) -> _Table:
    return _Table(
        edition=state.config.edition,
        players=state.config.players,
        solo=state.config.solo,
        phase=state.phase,
        seat=state.seat,
        to_move=current_player(state),
        abuela=state.abuela,
        you=None,
        hands=state.hands,
        hand_sizes=tuple(len(h) for h in state.hands),
        deck=state.deck,
        deck_size=len(state.deck),
        removed=state.removed,
        removed_count=len(state.removed),
        abuela_discards=state.abuela_discards,
        candle_discards=state.candle_discards,
        market=state.market,
        market_marigolds=state.market_marigolds,
        candle_market=state.candle_market,
        bag=state.bag,
        bag_size=len(state.bag),
        supply=state.supply,
        boards=state.boards,
        goals=state.goals,
        stacks=state.stacks,
        pending=state.pending,
        taken_space=state.taken_space,
        die=state.die,
    )


def _table_of_view(view: View, edition: Edition) -> _Table:
    spectator = view.player == SPECTATOR
    seat = view.current_player if view.current_player >= 0 else (0 if view.players == 1 else -1)
    return _Table(
        edition=edition,
        players=view.players,
        solo=view.players == 1,
        phase=view.phase,
        seat=seat,
        to_move=view.current_player,
        abuela=view.abuela,
        you=None if spectator else view.player,
        hands=tuple(view.hand if s == view.player and not spectator else None for s in range(view.players)),
        hand_sizes=view.hand_sizes,
        deck=None,
        deck_size=view.deck_size,
        removed=None,
        removed_count=view.removed_count,
        abuela_discards=view.abuela_discards,
        candle_discards=view.candle_discards,
        market=view.market,
        market_marigolds=view.market_marigolds,
        candle_market=view.candle_market,
        bag=None,
        bag_size=view.bag_size,
        supply=view.supply,
        boards=view.boards,
        goals=view.goals,
        stacks=view.stacks,
        pending=view.pending,
        taken_space=view.taken_space,
        die=view.die,
    )


def _seat_name(table: _Table, seat: int) -> str:
    return f"seat {seat} (you)" if seat == table.you else f"seat {seat}"


def _status(table: _Table, scores: tuple[int, ...]) -> str:
    if table.phase is Phase.OVER:
        return "Game over. " + _result(table, scores)
    words = _PHASE_WORDS[table.phase]
    if table.abuela:
        return f"The Abuela's turn: {words}"
    if table.to_move >= 0:
        return f"{_seat_name(table, table.to_move).capitalize()} to move: {words}"
    return words[0].upper() + words[1:]


def _tier_range(tier: SoloTier) -> str:
    tiers = list(SoloTier)
    index = tiers.index(tier)
    if index + 1 == len(tiers):
        return f"{tier.lowest}+"
    return f"{tier.lowest}-{tiers[index + 1].lowest - 1}"


def _places(table: _Table, scores: tuple[int, ...]) -> tuple[int, ...]:
    keys = [
        (scores[s], sum(1 for slot, c in enumerate(b.portraits) if c is not None and b.lit[slot]), b.marigolds)
        for s, b in enumerate(table.boards)
    ]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def _result(table: _Table, scores: tuple[int, ...]) -> str:
    if table.solo:
        tier = solo_tier(scores[0])
        return f"{scores[0]} points, solo tier {_tier_range(tier)}."
    places = _places(table, scores)
    winners = [s for s, p in enumerate(places) if p == 1]
    names = " and ".join(_seat_name(table, s) for s in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"{names[0].upper() + names[1:]} {verb} with {scores[winners[0]]} points."


# ---------------------------------------------------------------------------------------------------------------
# The parts of the table.


def _family_board(picture: Picture, table: _Table, x: float, y: float) -> float:
    """The Family board: candles above portraits, marigolds on them, the deck and the bag; returns its width."""
    edition = table.edition
    space_w = _CARD_W + 16
    width = 4 * space_w + _CARD_W + 30
    height = 218
    with picture.group(label="Family board (market)"):
        picture.rect(x, y, width, height, fill="#e8dcc4", stroke="#8a6d3b", rx=8)
        picture.text(x + 10, y + 18, "Family board", size=13, weight="bold")
        picture.text(x + 110, y + 18, "leftmost portrait is free; each skipped one costs 1 marigold", size=9.5)
        for space, (card, candle, marigolds) in enumerate(
            zip(table.market, table.candle_market, table.market_marigolds, strict=True)
        ):
            sx = x + 10 + space * space_w
            with picture.group(label=f"space {space + 1}"):
                picture.text(sx + _CARD_W / 2, y + 36, f"space {space + 1}", size=10, anchor="middle", weight="bold")
                with picture.group(element=candle_market_id(space), kind="candle-market"):
                    if candle is not None:
                        label = f"space {space + 1} candle: " + _candle_label(edition, candle, False)
                        with picture.group(label=label):
                            _candle(picture, edition, candle, sx, y + 42, _CARD_W, 44, lit=False)
                    else:
                        picture.rect(sx, y + 42, _CARD_W, 44, stroke="#8a6d3b", dash="4 3", rx=6)
                        picture.text(sx + _CARD_W / 2, y + 68, "no candle", size=9, anchor="middle")
                if card is not None:
                    label = f"space {space + 1} " + _portrait_label(edition, card, False)
                    with picture.group(label=label, element=market_id(space), kind="market"):
                        _portrait(picture, edition, card, sx, y + 94, lit=False, shows_side=False, note="unlit side up")
                else:
                    picture.rect(sx, y + 94, _CARD_W, _CARD_H, stroke="#8a6d3b", dash="4 3", rx=5)
                    if space == table.taken_space:
                        taken = "discarded by the Abuela" if table.abuela else "taken this turn"
                        with picture.group(label=f"space {space + 1}: portrait {taken}"):
                            words = taken.rsplit(" ", 1) if table.abuela else ["taken", "this turn"]
                            for i, word in enumerate(words):
                                picture.text(sx + _CARD_W / 2, y + 124 + i * 13, word, size=10, anchor="middle")
                            if table.phase is Phase.TAKE_CANDLE:
                                picture.text(
                                    sx + _CARD_W / 2,
                                    y + 160,
                                    "candle above: free",
                                    size=8.5,
                                    anchor="middle",
                                    weight="bold",
                                )
                    else:
                        picture.text(sx + _CARD_W / 2, y + 138, "empty", size=10, anchor="middle")
                with picture.group(label=f"space {space + 1}: {marigolds} marigold{'s' * (marigolds != 1)} on it"):
                    if marigolds:
                        _marigold(picture, sx + 14, y + 196, 9)
                    picture.text(
                        sx + (28 if marigolds else 4),
                        y + 200,
                        f"x {marigolds} marigold{'s' * (marigolds != 1)}" if marigolds else "no marigolds",
                        size=10,
                        weight="bold" if marigolds else None,
                    )
        dx = x + 10 + 4 * space_w + 4
        deck = "" if table.deck is None else " (" + (" ".join(f"#{c}" for c in table.deck) or "empty") + ")"
        with picture.group(label=f"deck: {table.deck_size} portraits face down{deck}"):
            _face_down(picture, dx, y + 94, f"Deck {table.deck_size}")
        bag = "" if table.bag is None else " (" + (" ".join(f"C{c}" for c in table.bag) or "empty") + ")"
        with picture.group(label=f"candle bag: {table.bag_size} candles{bag}"):
            picture.rect(dx, y + 42, _CARD_W, 44, fill="#7a5c3a", stroke="#3d2e1d", rx=14)
            picture.text(dx + _CARD_W / 2, y + 60, "candle bag", size=10, anchor="middle", fill="#ffffff")
            picture.text(dx + _CARD_W / 2, y + 76, f"{table.bag_size} candles", size=10, anchor="middle", fill="#fff")
        with picture.group(label=f"general supply: {table.supply} marigolds"):
            _marigold(picture, dx + 10, y + 196, 9)
            picture.text(dx + 22, y + 193, "supply", size=9)
            picture.text(dx + 22, y + 205, f"{table.supply} marigolds", size=9, weight="bold")
    return width


def _goal_text(goal: GoalCard) -> str:
    if goal.kind is GoalKind.FEATURE_COUNT and goal.feature is not None:
        return f"{goal.count}+ {_feature(goal.feature)} portraits"
    if goal.kind is GoalKind.SURROUNDED_SLOTS:
        return f"{goal.count} candle/marigold slots surrounded"
    return f"{goal.count} portraits in " + ("one of these patterns" if len(goal.patterns) > 1 else "this pattern")


def _goals(picture: Picture, table: _Table, x: float, y: float) -> None:
    edition = table.edition
    goal_w = 176
    for index, (goal_id, stack) in enumerate(zip(table.goals, table.stacks, strict=True)):
        goal = edition.goal(goal_id)
        gx = x + index * (goal_w + 8)
        met = [s for s, b in enumerate(table.boards) if goal_id in b.goals_met]
        values = [edition.tokens[t].value for t in reversed(stack)]
        label = (
            f"goal {goal_id} ({goal.type.value.replace('_', ' ')}): {_goal_text(goal)}; tokens left "
            + (", ".join(str(v) for v in values) if values else "none")
            + "; met by "
            + (", ".join(_seat_name(table, s) for s in met) if met else "nobody")
        )
        with picture.group(label=label):
            picture.rect(gx, y, goal_w, 218, fill="#e3eef7", stroke="#2b5d85", rx=8)
            picture.text(gx + 8, y + 18, f"Goal {goal_id}: {goal.type.value.replace('_', ' ')}", size=11, weight="bold")
            text = _goal_text(goal)
            words = text.split(" ")
            lines = [" ".join(words[:3]), " ".join(words[3:])]
            for i, line in enumerate(lines):
                picture.text(gx + 8, y + 36 + i * 13, line, size=10)
            if goal.patterns:
                _patterns(picture, goal, gx + 8, y + 66, goal_w - 16)
            elif goal.feature is not None:
                if goal.feature.is_branch:
                    _branch_shape(picture, goal.feature, gx + goal_w / 2, y + 100, 16)
                else:
                    picture.text(
                        gx + goal_w / 2, y + 104, _feature(goal.feature), size=16, anchor="middle", italic=True
                    )
            picture.text(gx + 8, y + 160, "tokens (top first):", size=9.5)
            for i, value in enumerate(values):
                cx = gx + 18 + i * 30
                picture.circle(cx, y + 178, 12, fill="#ffffff", stroke="#2b5d85", stroke_width=2)
                picture.text(cx, y + 182, str(value), size=11, anchor="middle", weight="bold")
            if not values:
                picture.text(gx + 8, y + 182, "none left", size=10, italic=True)
            picture.text(
                gx + 8,
                y + 208,
                "met by: " + (", ".join(_seat_name(table, s) for s in met) if met else "nobody yet"),
                size=9.5,
            )


def _patterns(picture: Picture, goal: GoalCard, x: float, y: float, width: float) -> None:
    cell_w, cell_h = 18.0, 13.0
    each = width / len(goal.patterns)
    for p, pattern in enumerate(goal.patterns):
        min_col = min(c for _, c in pattern)
        max_col = max(c for _, c in pattern)
        max_row = max(r for r, _ in pattern)
        span = (max_col - min_col) * cell_w / 2 + cell_w
        ox = x + p * each + (each - span) / 2
        for row, col in pattern:
            px = ox + (col - min_col) * cell_w / 2
            py = y + (max_row - row) * (cell_h + 3)
            picture.rect(px, py, cell_w - 2, cell_h, fill="#8fb3d1", stroke="#2b5d85", rx=2)
        if p:
            picture.text(x + p * each - 2, y + 26, "or", size=9, anchor="middle", italic=True)


def _abuela(picture: Picture, table: _Table, x: float, y: float, width: float) -> None:
    edition = table.edition
    with picture.group(label="the Abuela (solo automaton)"):
        picture.rect(x, y, width, 218, fill="#efe3f3", stroke="#5b3a6b", rx=8)
        title = "The Abuela" + (" -- her turn" if table.abuela else "")
        picture.text(x + 10, y + 20, title, size=13, weight="bold")
        if table.die is None:
            roll = "no roll shown"
        else:
            roll = f"last roll: {table.die} (portrait from space {SPACE_FOR_FACE[table.die] + 1})"
        with picture.group(label=f"the Abuela's die: {roll}"):
            picture.rect(x + 10, y + 30, 30, 30, fill="#ffffff", stroke="#333333", rx=5)
            picture.text(x + 25, y + 51, "-" if table.die is None else str(table.die), size=16, anchor="middle")
            picture.text(x + 48, y + 50, roll, size=10)
        discards = table.abuela_discards
        with picture.group(label=f"portraits the Abuela discarded: {len(discards)}"):
            picture.text(x + 10, y + 70, f"Her discarded portraits: {len(discards)}", size=10, weight="bold")
            if discards:
                last = discards[-1]
                with picture.group(label="her last discard: " + _portrait_label(edition, last, False)):
                    _portrait(picture, edition, last, x + 10, y + 77, lit=False, shows_side=False, note="last one")
                picture.text(
                    x + _CARD_W + 18, y + 90, "in order" + (" (last 10):" if len(discards) > 10 else ":"), size=9
                )
                for i in range(0, min(len(discards), 10), 5):
                    chunk = " ".join(f"#{c}" for c in discards[-10:][i : i + 5])
                    picture.text(x + _CARD_W + 18, y + 104 + (i // 5) * 12, chunk, size=9)
        candles = table.candle_discards
        label = "her discarded candles: " + (", ".join(f"C{c}" for c in candles) if candles else "none")
        with picture.group(label=label):
            shown = ("... " if len(candles) > 6 else "") + (", ".join(f"C{c}" for c in candles[-6:]) or "none")
            picture.text(x + _CARD_W + 18, y + 138, f"candles discarded: {len(candles)}", size=9.5, weight="bold")
            picture.text(x + _CARD_W + 18, y + 151, shown, size=9)
        if table.removed is not None:
            removed = "removed unseen: " + (" ".join(f"#{c}" for c in table.removed) or "none yet")
        else:
            removed = f"removed unseen: {table.removed_count} (face down)"
        with picture.group(label=f"portraits {removed}"):
            picture.text(x + 10, y + 176, removed, size=9.5)
        tiers = "Tiers: " + ", ".join(_tier_range(t) for t in SoloTier)
        if table.phase is Phase.OVER:
            tier = solo_tier(board_score(edition, table.boards[0]))
            with picture.group(label=f"solo result: tier {_tier_range(tier)}: {tier.verdict}"):
                for i, line in enumerate(_wrap(tier.verdict, 56)):
                    picture.text(x + 10, y + 190 + i * 11, line, size=9, italic=True)
        else:
            with picture.group(label=f"solo score tiers: {tiers}"):
                picture.text(x + 10, y + 200, tiers, size=9.5)


def _ofrenda(picture: Picture, table: _Table, seat: int, x: float, y: float) -> None:
    edition = table.edition
    layout = _layout(edition)
    board = table.boards[seat]
    pending = set(table.pending) if seat == table.seat and table.phase is Phase.OFFERINGS else set()
    golden, flower, crossed = edition.board.golden, edition.board.flower, edition.board.crossed
    with picture.group(label=f"{_seat_name(table, seat)}: Ofrenda"):
        for slot, (cx, cy) in enumerate(layout.card_xy):
            sx, sy = x + cx, y + cy
            card = board.portraits[slot]
            marks = []
            if slot in golden:
                marks.append("golden (x2)")
            if slot in flower:
                marks.append("marigold flower (+1 marigold)")
            if slot in crossed:
                marks.append("crossed-out flower (-1 marigold)")
            where = f"slot {slot}" + (f", {', '.join(marks)}" if marks else "")
            label = f"{where}: " + ("empty" if card is None else _portrait_label(edition, card, board.lit[slot]))
            with picture.group(label=label, element=slot_id(seat, slot), kind="slot", box=(sx, sy, _CARD_W, _CARD_H)):
                if slot in golden:
                    picture.rect(
                        sx - 4, sy - 4, _CARD_W + 8, _CARD_H + 8, fill="#f5d76e", stroke=_GOLD, stroke_width=3, rx=7
                    )
                if card is not None:
                    _portrait(
                        picture,
                        edition,
                        card,
                        sx,
                        sy,
                        lit=board.lit[slot],
                        shows_side=True,
                        note="x2" if slot in golden else "",
                    )
                    continue
                picture.rect(sx, sy, _CARD_W, _CARD_H, fill="#fffaf0", stroke="#8a6d3b", dash="5 3", rx=5)
                picture.text(sx + _CARD_W / 2, sy + 16, f"slot {slot}", size=9, anchor="middle", fill="#666666")
                if slot in golden:
                    picture.text(sx + _CARD_W / 2, sy + 40, "golden x2", size=12, anchor="middle", weight="bold")
                if slot in flower or slot in crossed:
                    fy = sy + (62 if slot in golden else 46)
                    _marigold(picture, sx + 22, fy, 10)
                    if slot in crossed:
                        picture.line(sx + 10, fy - 12, sx + 34, fy + 12, stroke="#b00020", width=3)
                        picture.line(sx + 10, fy + 12, sx + 34, fy - 12, stroke="#b00020", width=3)
                    text = "-1 marigold" if slot in crossed else "+1 marigold"
                    picture.text(sx + 36, fy + 4, text, size=9.5, weight="bold")
        for k, offering in enumerate(edition.board.offering_slots):
            ox, oy = x + layout.offering_xy[k][0], y + layout.offering_xy[k][1]
            candle = board.candle_slots[k]
            has_marigold = board.marigold_slots[k]
            surrounded = all(board.portraits[c] is not None for c in offering.cards)
            kind = offering.kind.value
            if candle is not None:
                what = _candle_label(edition, candle, board.candle_lit[k])
            elif has_marigold:
                what = "a marigold"
            elif k in pending:
                what = "empty, to decide this turn"
            elif surrounded:
                what = "left empty"
            else:
                what = "empty"
            cards = ", ".join(str(c) for c in offering.cards)
            label = f"{kind} slot {k} (between card slots {cards}): {what}"
            half = layout.offering_half[k] if offering.kind is OfferingKind.CANDLE else _MARIGOLD_R + 2
            height = _ROW_GAP - 12  # clear of the cards' edges and a golden slot's gilt frame above and below
            box = (ox - half, oy - height / 2, 2 * half, height)
            with picture.group(label=label, element=offering_slot_id(seat, k), kind="offering", box=box):
                if candle is not None:
                    lit = board.candle_lit[k]
                    _candle(picture, edition, candle, ox - half, oy - height / 2, 2 * half, height, lit=lit)
                    continue
                stroke = _CURRENT if k in pending else "#8a6d3b"
                width = 2.5 if k in pending else 1
                if offering.kind is OfferingKind.CANDLE:
                    picture.rect(
                        ox - half,
                        oy - height / 2,
                        2 * half,
                        height,
                        fill="#fffaf0",
                        stroke=stroke,
                        stroke_width=width,
                        dash=None if k in pending else "4 3",
                        rx=6,
                    )
                    if not has_marigold:
                        word = "decide" if k in pending else ("closed" if surrounded else "candle")
                        picture.text(ox, oy - 2, word, size=9, anchor="middle", fill="#555555")
                        picture.text(ox, oy + 10, "slot", size=9, anchor="middle", fill="#555555")
                else:
                    picture.circle(ox, oy, _MARIGOLD_R + 2, fill="#fffaf0", stroke=stroke, stroke_width=width)
                    if not has_marigold and (surrounded or k in pending):
                        word = "decide" if k in pending else "closed"
                        picture.text(ox, oy + 3, word, size=7.5, anchor="middle", fill="#555555")
                    elif not has_marigold:
                        _marigold(picture, ox, oy, _MARIGOLD_R - 2, faded=True)
                if has_marigold:
                    _marigold(picture, ox, oy, _MARIGOLD_R)


def _player(picture: Picture, table: _Table, seat: int, x: float, y: float, height: float, score: int) -> None:
    edition = table.edition
    board = table.boards[seat]
    moving = table.phase is not Phase.OVER and not table.abuela and table.to_move == seat
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
        if table.phase is Phase.OVER and not table.solo:
            head += f" -- {ordinal(_places(table, _scores(table))[seat])} place"
        elif table.phase is not Phase.OVER:
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
            label = f"{_seat_name(table, seat)}: stored " + _candle_label(edition, candle, False)
            with picture.group(label=label, element=storage_candle_id(seat, candle), kind="candle"):
                _candle(picture, edition, candle, cx, sy - 4, 120, 46, lit=False)
        if not board.candles:
            picture.text(x + 140, sy + 12, "no candles stored", size=10, italic=True)
        hy = sy + 56
        hand = table.hands[seat]
        count = table.hand_sizes[seat]
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
        if table.goals:
            tokens = ", ".join(
                f"{edition.tokens[t].value} ({edition.tokens[t].type.value.replace('_', ' ')})" for t in board.tokens
            )
            with picture.group(label=f"{_seat_name(table, seat)}: scoring tokens: {tokens or 'none'}"):
                picture.text(x + 12, ty + 15, f"Scoring tokens: {tokens or 'none'}", size=10)


def _scores(table: _Table) -> tuple[int, ...]:
    return tuple(board_score(table.edition, board) for board in table.boards)


def _describe(table: _Table, scores: tuple[int, ...]) -> str:
    who = "Solo game against the Abuela" if table.solo else f"{table.players}-player game"
    points = ", ".join(f"{_seat_name(table, s)} {p}" for s, p in enumerate(scores))
    market = ", ".join(
        "empty"
        if c is None
        else f"#{c} {table.edition.portrait(c).branch.value}/{_feature(table.edition.portrait(c).offering)}"
        + (f" with {m} marigold{'s' * (m != 1)}" if m else "")
        for c, m in zip(table.market, table.market_marigolds, strict=True)
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
        who = "a spectator" if subject.player == SPECTATOR else f"seat {subject.player}"
        title = f"Ofrenda, {_count_words(table)}: what {who} sees"
    else:
        raise TypeError(f"render_svg draws an Ofrenda State or View, not {type(subject).__name__}")
    scores = _scores(table)
    layout = _layout(table.edition)
    columns = 1 if table.players == 1 else 2
    rows = (table.players + columns - 1) // columns
    panel_h = 36 + layout.height + 14 + 56 + _CARD_H + 16 + (30 if table.goals else 16)
    family_w = 4 * (_CARD_W + 16) + _CARD_W + 30
    side_w = (3 * 176 + 16) if table.goals else (300 if table.solo else 0)
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
        over = table.phase is Phase.OVER
        picture.text(_MARGIN + 170, 28, status, size=14, weight="bold", fill=_CURRENT if not over else "#0b5394")
    _family_board(picture, table, _MARGIN, top)
    if table.goals:
        with picture.group(label="common goals"):
            _goals(picture, table, _MARGIN + family_w + _MARGIN, top)
    elif table.solo:
        _abuela(picture, table, _MARGIN + family_w + _MARGIN, top, side_w)
    for seat in range(table.players):
        px = _MARGIN + (seat % columns) * (_PANEL_W + _MARGIN)
        py = top + band + _MARGIN + (seat // columns) * (panel_h + _MARGIN)
        _player(picture, table, seat, px, py, panel_h, scores[seat])
    return picture.document()


def _check_fits(table: _Table) -> None:
    """Refuse a view whose components are not those of the edition it is drawn with."""
    edition = table.edition
    slots = len(edition.coordinates)
    offerings = len(edition.board.offering_slots)
    cards = [c for c in table.market if c is not None] + [c for hand in table.hands if hand for c in hand]
    candles = [c for c in table.candle_market if c is not None]
    for board in table.boards:
        if len(board.portraits) != slots or len(board.candle_slots) != offerings:
            raise EditionError(f"the view's Ofrendas do not have the {slots} card slots of edition {edition.name!r}")
        cards += [c for c in board.portraits if c is not None] + list(board.discards)
        candles += [c for c in board.candle_slots if c is not None] + list(board.candles)
    cards += table.abuela_discards
    candles += table.candle_discards
    if any(c >= len(edition.portraits) for c in cards) or any(c >= len(edition.candles) for c in candles):
        raise EditionError(f"the view shows components that edition {edition.name!r} does not have")
    if any(g >= len(edition.goals) for g in table.goals):
        raise EditionError(f"the view shows goal cards that edition {edition.name!r} does not have")


def _count_words(table: _Table) -> str:
    return "solo game" if table.solo else f"{table.players} players"
