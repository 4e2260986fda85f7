"""Action ids of Ofrendados: a stable, dense numbering of every action.

Dice are numbered by colour (``c``: yellow 0, orange 1, purple 2) and pips
(1 to 6). ``M`` is the list of dice faces that show no money (only those can
be exchanged for money), in colour then pips order; ``T`` the cards with a
turning power (any, opposite or adjacent face) and ``R`` those with the
reroll power, by card number; ``N`` the cells of the offering sheet; ``W``
the cells a rewrite card may reach (rows at or above the lowest ``min_row``
of the edition's rewrite cards); ``B`` every card by number.

==========  ===================================  ==============================================================
numbering   ids, in order                        action
==========  ===================================  ==============================================================
decision    ``0 .. 11``                          ``TakeDie(colour, pips)``, yellow and orange: ``6c + pips - 1``
decision    ``12 .. 29``                         ``UseDie(colour, pips)``: ``12 + 6c + pips - 1``
decision    next ``len(M)``                      ``UseDie(colour, pips, as_money=True)`` for each face of ``M``
decision    next, per card of ``T``              ``TurnDie(card, colour, pips, to)``: each die face, each face
                                                 the power allows (5, 1 or 1-2 per face)
decision    next ``18 * len(R)``                 ``RerollDie(card, colour, pips)``
decision    next ``N``                           ``DrawObject(cell)``
decision    next ``len(W)``                      ``RewriteObject(cell)``
decision    next ``len(B)``                      ``BuyCard(card)``
decision    last                                 ``Pass()``
chance      ``0 .. len(B) - 1``                  ``RevealCard(card)``
chance      next 6                               ``RollDie(pips)``
==========  ===================================  ==============================================================

>>> from ofrenda_rules.ofrendados import Colour, Config, Pass, RollDie, UseDie
>>> config = Config(players=3)
>>> num_distinct_actions(config), max_chance_outcomes(config)
(279, 36)
>>> encode_action(config, UseDie(Colour.ORANGE, 2))
19
>>> decode_action(config, num_distinct_actions(config) - 1)
Pass()
>>> encode_action(config, RollDie(1)), decode_action(config, 35, chance=True)
(30, RollDie(pips=6))
>>> max_decisions(config)
244
"""

from __future__ import annotations

import math
from typing import Final

from ofrenda_rules.encodings.action_ids import ActionCodec, GameCodec
from ofrenda_rules.ofrendados import actions
from ofrenda_rules.ofrendados.actions import Action
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour
from ofrenda_rules.ofrendados.state import ROUNDS, Config
from ofrenda_rules.ofrendados.validation import turn_targets

__all__ = ["max_decisions"]
__all__ += ["action_codec", "decode_action", "encode_action", "max_chance_outcomes", "num_distinct_actions"]

_PIPS: Final = range(1, 7)
_DRAFTED: Final = (Colour.YELLOW, Colour.ORANGE)
_TURNING: Final = frozenset({DiePower.ANY_FACE, DiePower.OPPOSITE_FACE, DiePower.ADJACENT_FACE})


def _build(config: Config) -> ActionCodec[Action]:
    edition = config.edition
    dice = [(colour, pips) for colour in Colour for pips in _PIPS]
    powers = [(card.id, card.effect.power) for card in edition.cards if card.effect.kind is EffectKind.DIE_POWER]
    rewrites = [card.effect.min_row for card in edition.cards if card.effect.kind is EffectKind.REWRITE]
    lowest = min(rewrites, default=None)
    sheet = edition.sheet
    decisions: list[Action] = [actions.TakeDie(colour, pips) for colour in _DRAFTED for pips in _PIPS]
    decisions.extend(actions.UseDie(colour, pips) for colour, pips in dice)
    decisions.extend(actions.UseDie(c, p, as_money=True) for c, p in dice if not edition.face(c, p).pesos)
    for card, power in sorted(powers, key=lambda cp: cp[0]):
        if power in _TURNING:
            assert power is not None
            decisions.extend(actions.TurnDie(card, c, p, to) for c, p in dice for to in turn_targets(power, p))
    for card, power in sorted(powers, key=lambda cp: cp[0]):
        if power is DiePower.REROLL:
            decisions.extend(actions.RerollDie(card, c, p) for c, p in dice)
    decisions.extend(actions.DrawObject(cell) for cell in range(sheet.size))
    if lowest is not None:
        decisions.extend(actions.RewriteObject(cell) for cell in range(sheet.size) if sheet.row_of(cell) >= lowest)
    decisions.extend(actions.BuyCard(card) for card in edition.card_ids)
    decisions.append(actions.Pass())
    chance: list[Action] = [actions.RevealCard(card) for card in edition.card_ids]
    chance.extend(actions.RollDie(pips) for pips in _PIPS)
    return ActionCodec("Ofrendados", decisions, chance)


def max_decisions(config: Config) -> int:
    """An upper bound on the player decisions in one game (reveals and rolls not counted).

    Per round: one draft pick per orange or yellow die (``2 * dice_per_colour``);
    each player uses each of its dice once, its drafted share (at most
    ``ceil(2 * dice_per_colour / players)``) and every purple die
    (``dice_per_colour``), and uses each of its die-power cards at most once
    (at most as many as the edition has turning and reroll cards, over all
    players); each player passes at most once. Over the game: a drawn object
    fills an empty cell, so each player draws at most as many objects as the
    sheet has cells; a rewrite follows the purchase of a rewrite card, and a
    card is bought at most once.
    """
    edition = config.edition
    n = config.players
    per = config.dice_per_colour
    kinds = [card.effect for card in edition.cards]
    powers = sum(1 for e in kinds if e.kind is EffectKind.DIE_POWER and e.power is not DiePower.DOUBLE_EXCHANGE)
    rewrites = sum(1 for e in kinds if e.kind is EffectKind.REWRITE)
    per_round = 2 * per + n * (math.ceil(2 * per / n) + per + 1) + powers
    return ROUNDS * per_round + n * edition.sheet.size + rewrites + len(edition.cards)


_CODEC: Final = GameCodec(Config, _build)
"""The id functions (:class:`~ofrenda_rules.encodings.action_ids.GameCodec`), exported under their names."""
action_codec, encode_action, decode_action = _CODEC.action_codec, _CODEC.encode_action, _CODEC.decode_action
num_distinct_actions, max_chance_outcomes = _CODEC.num_distinct_actions, _CODEC.max_chance_outcomes
