"""Bounds on an Ofrendados score, derived from the rulebook and the edition.

A seat that has no flower in the land of the living scores 0, and no part of
a qualified seat's score is negative, so the least score is 0. The greatest
is the sum of an upper bound on every part of the count (scoring section of
the rulebook), each from the edition's components:

=======================  ===========================================================================
part                     bound
=======================  ===========================================================================
1.1-1.2 flowers          one point a flower: at most ``min(flowers_per_player, path length)`` tokens
                         (tokens lie on increasing spaces)
1.3 flower majorities    three flower types, each at most the first place's points
end of the route         the Path's ``end_bonus``
2. offering              per cell, the most any object there can score (a candle: its orthogonal
                         neighbours; a papel picado: 2 per cell beneath it; a pan de muerto: the
                         cells beside it in its row and beneath it; a portrait: 5 from the portrait
                         row up; a food: the best points per food of a set), plus every full row
2. Calaverita majority   the first place's points
Eternal Calaveritas      per neighbour (two; one with two players unless the opponent counts as both)
                         the most every pink card of the edition can count on one full offering
money                    per round, every die a seat uses (its share of the draft plus every purple
                         die) at its best value (a money face or an exchange, 2 with a
                         double-exchange card), over 5 rounds, plus every peso printed on the Path
=======================  ===========================================================================

The bound is loose where parts cannot all peak together (money spent on pink
cards is not kept, one cell holds one object), but every playout stays
within it, which the tests check.

>>> from ofrenda_rules.ofrendados import Config
>>> [score_bounds(Config(players=n)) for n in (2, 3, 4)]
[(0, 376), (0, 438), (0, 448)]
"""

from __future__ import annotations

from functools import partial

from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind, Measure
from ofrenda_rules.ofrendados.components import FOODS, Beneath, Flower, ObjectKind
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.state import ROUNDS, Config

__all__ = ["max_pesos", "max_offering", "score_bounds"]


def _max_cell_points(edition: Edition, beneath: Beneath, cell: int) -> int:
    spec = edition.sheet
    row, _ = spec.cells[cell]
    neighbours = sum(1 for step in (spec.left, spec.right, spec.above, spec.below) if step[cell] >= 0)
    below = (1 if spec.below[cell] >= 0 else 0) if beneath is Beneath.DIRECT else len(spec.column_below[cell])
    beside = len(spec.rows[row - 1]) - 1
    table = edition.food_set_points
    per_food = max((-(-table[k] // k) for k in range(1, len(table))), default=0)
    portrait = 5 if row >= spec.portrait_row else 0
    return max(neighbours, 2 * below, beside + below, portrait, per_food)


def max_offering(edition: Edition, beneath: Beneath) -> int:
    """The most an offering can score by position, quantity and full rows (the Calaverita majority apart)."""
    spec = edition.sheet
    return sum(_max_cell_points(edition, beneath, cell) for cell in range(spec.size)) + sum(spec.row_points)


def _max_eternal(edition: Edition) -> int:
    """The most every pink card of the edition together can count on one offering."""
    spec = edition.sheet
    upper = sum(1 for row, _ in spec.cells if row >= spec.portrait_row)
    total = 0
    per_kind = dict.fromkeys(ObjectKind, 0)
    for card in edition.cards:
        effect = card.effect
        if effect.kind is not EffectKind.ETERNAL:
            continue
        if effect.measure is Measure.OBJECTS:
            for kind in effect.objects:
                per_kind[kind] += effect.points
        elif effect.measure is Measure.FULL_ROWS:
            total += effect.points * len(spec.widths)
        elif effect.measure is Measure.FOOD_SETS:
            total += effect.points * (spec.size // len(FOODS))
        elif effect.measure is Measure.UPPER_OBJECTS:
            total += effect.points * upper
        elif effect.measure is Measure.KINDS:
            total += effect.points * min(len(ObjectKind), spec.size)
    for row, _ in spec.cells:
        allowed = [kind for kind in ObjectKind if kind is not ObjectKind.PORTRAIT or row >= spec.portrait_row]
        total += max(per_kind[kind] for kind in allowed)
    return total


def max_pesos(config: Config) -> int:
    """The most pesos a seat can gain in a game (kept or spent)."""
    edition = config.edition
    per_round = 2 * config.dice_per_colour // config.players + config.dice_per_colour
    double = any(
        card.effect.kind is EffectKind.DIE_POWER and card.effect.power is DiePower.DOUBLE_EXCHANGE
        for card in edition.cards
    )
    best_face = max(face.pesos for spec in edition.dice for face in spec.faces)
    per_die = max(best_face, 2 if double else 1)
    return ROUNDS * per_round * per_die + sum(space.pesos for space in edition.path.spaces)


@partial(per_config, Config)
def score_bounds(config: Config) -> tuple[int, int]:
    """Inclusive bounds on any seat's points in a finished game under ``config`` (derivation above)."""
    edition = config.edition
    path = edition.path
    first = max(edition.majority_points, default=0)
    neighbours = 2 if config.players > 2 or config.opponent_as_both_neighbours else 1
    high = (
        min(edition.flowers_per_player, path.length)
        + len(Flower) * first
        + path.end_bonus
        + max_offering(edition, config.beneath)
        + first
        + neighbours * _max_eternal(edition)
        + max_pesos(config)
    )
    return (0, high)
