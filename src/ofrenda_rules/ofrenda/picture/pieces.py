"""The pieces of an Ofrenda picture: branches, marigolds, portraits, flames, face-down cards, candles."""

from __future__ import annotations

from typing import Final, TypedDict, Unpack

from ofrenda_rules.ofrenda.components import Candle, CandleKind, Category, Feature, ObjectiveKind, Portrait
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.picture.layout import (
    _BRANCH_FILL,
    _BRANCH_INK,
    _CARD_H,
    _CARD_W,
    _FACE_DOWN,
    _GOLD,
    _LIT_FILL,
    _MARIGOLD_FILL,
    _UNLIT_FILL,
    _feature,
)
from ofrenda_rules.svg import Picture, number, star_points


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
        picture.polygon(star_points(cx, cy, r, r * 0.45, decimals=3), fill=fill, stroke=stroke)


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


class _Group(TypedDict, total=False):
    """What a piece's group may say beyond its title: the element it is on the table, and of which kind."""

    element: str
    kind: str


def _unlit_portrait(
    picture: Picture, edition: Edition, card: int, title: str, x: float, y: float, note: str, **group: Unpack[_Group]
) -> None:
    """An unlit portrait, its side not shown, in a group titled ``title`` and the card's words (a market, a discard)."""
    with picture.group(label=title + _portrait_label(edition, card, False), **group):
        _portrait(picture, edition, card, x, y, lit=False, shows_side=False, note=note)


def _unlit_candle(
    picture: Picture,
    edition: Edition,
    candle: int,
    title: str,
    box: tuple[float, float, float, float],
    **group: Unpack[_Group],
) -> None:
    """An unlit candle filling ``box`` (on the Family board, in storage), in a group titled ``title`` and its words."""
    with picture.group(label=title + _candle_label(edition, candle, False), **group):
        _candle(picture, edition, candle, *box, lit=False)


# ---------------------------------------------------------------------------------------------------------------
# A neutral summary of a State or a View.
