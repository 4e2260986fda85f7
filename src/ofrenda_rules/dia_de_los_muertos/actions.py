"""The actions of Día de los Muertos: one chance outcome and two decisions.

Each action class has a stable ``TAG`` used as its JSON ``"type"``.

>>> from ofrenda_rules.json import dumps
>>> from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
>>> dumps(PlayCard(Card(Suit.RED, 14)), Action)
'{"card":"red-14","type":"play"}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ofrenda_rules.dia_de_los_muertos.components import Card
from ofrenda_rules.json import register_tagged_union

__all__ = ["Action", "DealCard", "PlayCard", "TakeCard"]


@attrs.frozen
class DealCard:
    """Chance outcome: the next card dealt is ``card``.

    Cards are dealt one at a time, clockwise from the player to the left of
    the dealer (seat 0), so the receiving seat follows from how many cards
    have been dealt.
    """

    TAG: ClassVar[str] = "deal"
    card: Card
    """The card dealt."""


@attrs.frozen
class PlayCard:
    """Play ``card`` from hand in front of yourself (a lead, a follow or a replacement)."""

    TAG: ClassVar[str] = "play"
    card: Card
    """The card played."""


@attrs.frozen
class TakeCard:
    """After playing a TAKE card: take ``card``, face up in front of another player, into your score pile."""

    TAG: ClassVar[str] = "take"
    card: Card
    """The card taken."""


Action = DealCard | PlayCard | TakeCard
"""Every action of the game."""

register_tagged_union(Action)
