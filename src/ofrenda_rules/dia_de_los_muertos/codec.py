"""Action ids of Día de los Muertos: a stable, dense numbering of every action.

Cards are numbered by their index in the edition's deck in sort order
(``config.deck.deck``: black 1-20, red 1-20, white 1-20), so ``k`` below is
that index (``0 .. 59``).

=================  ==============  ====================================
numbering          id              action
=================  ==============  ====================================
decision           ``k``           ``PlayCard(card k)``
decision           ``60 + k``      ``TakeCard(card k)``
chance             ``k``           ``DealCard(card k)``
=================  ==============  ====================================

Every card can be played and, once face up in front of a player, taken, so
every id can be legal in some game.

>>> from ofrenda_rules.dia_de_los_muertos import Card, Config, PlayCard, Suit, TakeCard
>>> config = Config(players=4)
>>> num_distinct_actions(config), max_chance_outcomes(config)
(120, 60)
>>> encode_action(config, PlayCard(Card(Suit.RED, 14))), encode_action(config, TakeCard(Card(Suit.RED, 14)))
(33, 93)
>>> decode_action(config, 33)
PlayCard(card=Card(suit=Suit.RED, number=14))
>>> decode_action(config, 0, chance=True)
DealCard(card=Card(suit=Suit.BLACK, number=1))
>>> max_decisions(config)
63
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.dia_de_los_muertos.actions import Action, DealCard, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.state import Config
from ofrenda_rules.encodings.action_ids import ActionCodec, GameCodec

__all__ = ["max_decisions"]
__all__ += ["action_codec", "decode_action", "encode_action", "max_chance_outcomes", "num_distinct_actions"]


def _build(config: Config) -> ActionCodec[Action]:
    deck = config.deck.deck
    decisions: list[Action] = [PlayCard(card) for card in deck]
    decisions.extend(TakeCard(card) for card in deck)
    return ActionCodec("Día de los Muertos", decisions, [DealCard(card) for card in deck])


def max_decisions(config: Config) -> int:
    """An upper bound on the player decisions in one game (deals not counted).

    Every dealt card is played at most once: at most ``players * hand_size``
    :class:`PlayCard` decisions. A :class:`TakeCard` follows only the play of
    a TAKE card (not as a lead), once: at most one per TAKE card in the deck,
    and never more than the plays.
    """
    dealt = config.players * config.hand_size
    takes = sum(1 for spec in config.deck.cards if spec.take)
    return dealt + min(takes, dealt)


_CODEC: Final = GameCodec(Config, _build)
"""The id functions (:class:`~ofrenda_rules.encodings.action_ids.GameCodec`), exported under their names."""
action_codec, encode_action, decode_action = _CODEC.action_codec, _CODEC.encode_action, _CODEC.decode_action
num_distinct_actions, max_chance_outcomes = _CODEC.num_distinct_actions, _CODEC.max_chance_outcomes
