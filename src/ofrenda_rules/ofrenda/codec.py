"""Action ids of Ofrenda: a stable, dense numbering of every action.

The numbering follows the configuration: only the components in play are
numbered. ``P`` is the list of portraits in play (those whose player-count
mark is at most ``max(players, 2)``, by card number: 35, 50 or 65 in the
default edition) and ``p`` a portrait's index in it; ``K`` the candles in
play (all but the multiplayer-only ones in the solo mode, by number) and
``k`` a candle's index in it; ``S`` the card slots (12) and ``O`` the
candle/marigold slots (8). Candles go in candle slots and marigolds in
marigold slots, unless ``offering_in_any_slot`` lets both go anywhere:
``CS``/``MS`` are those slots, in order.

================  ==========================================  ===========================================
numbering         ids, in order                               action
================  ==========================================  ===========================================
decision          ``0 .. 3``                                  ``TakePortrait(space)``
decision          ``4 .. 7``                                  ``TakeCandle(space)``
decision          ``8``                                       ``SkipCandle()``
decision          next ``len(P) * S``                         ``PlacePortrait(P[p], slot)``, ``p * S + slot``
decision          next ``len(P)``                             ``DiscardPortrait(P[p])``
decision          next ``len(CS) * len(K)``                   ``PlaceCandle(CS[i], K[k])``, ``i * len(K) + k``
decision          next ``len(MS)``                            ``PlaceMarigold(MS[i])``
decision          next ``O``                                  ``LeaveEmpty(slot)``
chance            ``0 .. len(P) - 1``                         ``DrawPortrait(P[p])``
chance            next ``len(K)``                             ``DrawCandle(K[k])``
chance            next 15 (common goals only)                 ``DrawGoal(goal)``
chance            next 6 (solo only)                          ``RollDie(face)``, faces 1 to 6
================  ==========================================  ===========================================

>>> from ofrenda_rules.ofrenda import Config, PlacePortrait, RollDie, SkipCandle
>>> config = Config(players=2)
>>> num_distinct_actions(config), max_chance_outcomes(config)
(616, 70)
>>> encode_action(config, SkipCandle()), encode_action(config, PlacePortrait(card=1, slot=6))
(8, 27)
>>> decode_action(config, 27)
PlacePortrait(card=1, slot=6)
>>> solo = Config(players=1)
>>> encode_action(solo, RollDie(6)), max_chance_outcomes(solo)
(69, 70)
>>> max_decisions(config)
88
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.encodings.action_ids import ActionCodec, GameCodec
from ofrenda_rules.ofrenda import actions
from ofrenda_rules.ofrenda.abuela import FACES
from ofrenda_rules.ofrenda.actions import Action
from ofrenda_rules.ofrenda.components import OfferingKind
from ofrenda_rules.ofrenda.edition import TURNS
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config

__all__ = ["max_decisions"]
__all__ += ["action_codec", "decode_action", "encode_action", "max_chance_outcomes", "num_distinct_actions"]


def _build(config: Config) -> ActionCodec[Action]:
    edition = config.edition
    deck_players = max(config.players, 2)
    portraits = [p.id for p in edition.portraits if p.players <= deck_players]
    candles = [c.id for c in edition.candles if not (config.solo and c.multiplayer_only)]
    card_slots = range(len(edition.coordinates))
    offering = edition.board.offering_slots
    anywhere = config.offering_in_any_slot
    candle_slots = [i for i, s in enumerate(offering) if anywhere or s.kind is OfferingKind.CANDLE]
    marigold_slots = [i for i, s in enumerate(offering) if anywhere or s.kind is OfferingKind.MARIGOLD]
    decisions: list[Action] = [actions.TakePortrait(space) for space in range(MARKET_SIZE)]
    decisions.extend(actions.TakeCandle(space) for space in range(MARKET_SIZE))
    decisions.append(actions.SkipCandle())
    decisions.extend(actions.PlacePortrait(card, slot) for card in portraits for slot in card_slots)
    decisions.extend(actions.DiscardPortrait(card) for card in portraits)
    decisions.extend(actions.PlaceCandle(slot, candle) for slot in candle_slots for candle in candles)
    decisions.extend(actions.PlaceMarigold(slot) for slot in marigold_slots)
    decisions.extend(actions.LeaveEmpty(slot) for slot in range(len(offering)))
    chance: list[Action] = [actions.DrawPortrait(card) for card in portraits]
    chance.extend(actions.DrawCandle(candle) for candle in candles)
    if config.common_goals:
        chance.extend(actions.DrawGoal(goal.id) for goal in edition.goals)
    if config.solo:
        chance.extend(actions.RollDie(face) for face in FACES)
    return ActionCodec("Ofrenda", decisions, chance)


def max_decisions(config: Config) -> int:
    """An upper bound on the player decisions in one game (draws and the Abuela's dice not counted).

    Every player plays exactly 12 turns; a turn has one portrait taken, at
    most one candle decision (take one or decline), and one portrait placed
    or discarded. A candle/marigold slot is decided once, in the turn its
    third card slot is filled, so each player decides at most as many slots
    as the board has. The Abuela's turns are chance events only.
    """
    return config.players * (3 * TURNS + len(config.edition.board.offering_slots))


_CODEC: Final = GameCodec(Config, _build)
"""The id functions (:class:`~ofrenda_rules.encodings.action_ids.GameCodec`), exported under their names."""
action_codec, encode_action, decode_action = _CODEC.action_codec, _CODEC.encode_action, _CODEC.decode_action
num_distinct_actions, max_chance_outcomes = _CODEC.num_distinct_actions, _CODEC.max_chance_outcomes
