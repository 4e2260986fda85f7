"""The cards and the market of an Ofrendados picture."""

from __future__ import annotations

import functools

from ofrenda_rules.ofrendados.cards import CardSpec
from ofrenda_rules.ofrendados.picks import market_id
from ofrenda_rules.ofrendados.picture.board import _deck_lines, _discard_lines
from ofrenda_rules.ofrendados.picture.layout import (
    _CARD_FILL,
    _CARD_INK,
    _CARD_ROLE,
    _MARGIN,
    _MARKET_CARD_W,
    WIDTH,
    _card_lines,
    _fragment,
    _Layout,
    _Table,
)
from ofrenda_rules.ofrendados.state import MARKET_SIZE
from ofrenda_rules.svg import Picture


def _draw_card(picture: Picture, layout: _Layout, card: CardSpec, x: float, y: float) -> None:
    label = f"Calaverita {card.id} {card.name}: {card.colour.value}, cost {card.cost} pesos; {card.effect.describe()}"
    with picture.group(label=label, translate=(x, y)):
        picture.paste(
            _fragment(layout, ("card", card.id), functools.partial(_draw_card_face, layout=layout, card=card))
        )


def _draw_card_face(picture: Picture, *, layout: _Layout, card: CardSpec) -> None:
    w, h = _MARKET_CARD_W, layout.card_height
    picture.rect(0, 0, w, h, fill="#fffdf6", stroke=_CARD_FILL[card.colour], stroke_width=2.5, rx=8)
    picture.rect(0, 0, w, 24, fill=_CARD_FILL[card.colour], rx=8)
    picture.rect(0, 14, w, 10, fill=_CARD_FILL[card.colour])
    ink = _CARD_INK[card.colour]
    role = f"#{card.id} {card.colour.value}: {_CARD_ROLE[card.colour]}"
    picture.text(8, 17, role, size=10.5, weight="bold", fill=ink)
    picture.circle(w - 18, 12, 15, fill="#F0E442", stroke="#7a6a00")
    picture.text(w - 18, 12, str(card.cost), size=13, anchor="middle", weight="bold")
    picture.text(w - 18, 22, "pesos", size=6.5, anchor="middle")
    name, effect = _card_lines(card)
    line_y = 44
    for line in name:
        picture.text(8, line_y, line, size=13, weight="bold")
        line_y += 16
    line_y += 4
    for line in effect:
        picture.text(8, line_y, line, size=11)
        line_y += 14


def _draw_market(picture: Picture, table: _Table, layout: _Layout, top: float, height: float) -> None:
    edition = table.config.edition
    x0 = _MARGIN + 512
    width = WIDTH - _MARGIN - x0
    deck = len(table.view.deck)
    card_h = layout.card_height
    label = f"The market: {len(table.view.market)} Calaveritas open; deck {deck}; discard {len(table.view.discard)}"
    with picture.group(label=label):
        picture.rect(x0, top, width, height, fill="#fbf3ea", stroke="#b07a3a", rx=8)
        picture.text(x0 + 10, top + 20, "Market: Calaveritas", size=14, weight="bold")
        counts = f"Deck: {deck} face down   Discarded: {len(table.view.discard)}"
        picture.text(WIDTH - _MARGIN - 10, top + 20, counts, size=11, anchor="end")
        y = top + 30
        for slot in range(max(MARKET_SIZE, len(table.view.market))):
            x = x0 + 10 + slot * (_MARKET_CARD_W + 10)
            if slot < len(table.view.market):
                card = table.view.market[slot]
                with picture.group(element=market_id(card), kind="market"):
                    _draw_card(picture, layout, edition.card(card), x, y)
            else:
                with picture.group(label="An empty market space"):
                    picture.rect(x, y, _MARKET_CARD_W, card_h, fill="none", stroke="#b07a3a", rx=8, dash="5 4")
                    middle = x + _MARKET_CARD_W / 2
                    picture.text(middle, y + card_h / 2, "empty", size=12, anchor="middle", italic=True, fill="#777")
        y += card_h + 10
        discard = _discard_lines(table)
        if discard:
            with picture.group(label="Discarded unsold: " + ", ".join(str(card) for card in table.view.discard)):
                for line in discard:
                    y += 13
                    picture.text(x0 + 10, y, line, size=10)
        if table.seat is None:
            with picture.group(label="The deck, face down (omniscient picture: its cards, in no order)"):
                for line in _deck_lines(table):
                    y += 13
                    picture.text(x0 + 10, y, line, size=10, fill="#555")


# ---------------------------------------------------------------- the players
