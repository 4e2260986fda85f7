"""Tables derived once per edition for the hot paths: objectives as numbers, interned actions, chance outcomes.

Nothing here is a rule: every table restates what the edition's components
say (``objectives.py`` keeps the readable definitions, and the tests check
that both agree). Actions are immutable, so one instance per value is shared
by every ``legal_actions`` call; chance outcomes with their exact
probabilities are shared tuples too.

>>> from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION
>>> tables = tables_for(DEFAULT_EDITION)
>>> tables.place_portrait[12][6]
PlacePortrait(card=12, slot=6)
>>> tables.place_portrait[12][6] is tables_for(DEFAULT_EDITION).place_portrait[12][6]
True
>>> tables.portrait_outcomes((3, 9))
((DrawPortrait(card=3), Probability(1, 2)), (DrawPortrait(card=9), Probability(1, 2)))
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from ofrenda_rules.chance import Probability
from ofrenda_rules.ofrenda import actions
from ofrenda_rules.ofrenda.components import (
    BRANCHES,
    OFFERINGS,
    CandleKind,
    Category,
    Feature,
    GoalKind,
    GoalType,
    ObjectiveKind,
    OfferingKind,
)
from ofrenda_rules.ofrenda.edition import Edition

__all__ = [
    "ALL_EITHER",
    "AT_LEAST_TWO",
    "CANDLE_FEATURE_MAJORITY",
    "CANDLE_FOUR_OF_FEATURE",
    "CANDLE_FULL_SET",
    "CANDLE_MARIGOLDS_IN_STORAGE",
    "CANDLE_MARIGOLDS_ON_OFRENDA",
    "CANDLE_MARIGOLD_MAJORITY",
    "CANDLE_TWO_OF_EACH",
    "GOAL_FEATURE_COUNT",
    "GOAL_PATTERN",
    "GOAL_SURROUNDED_SLOTS",
    "MARKET_SPACES",
    "NONE_EITHER",
    "Picker",
    "Row",
    "Tables",
    "tables_for",
]

MARKET_SPACES: Final = 4
"""Spaces of the Family board (as ``state.MARKET_SIZE``, which imports nothing from here)."""

AT_LEAST_TWO: Final = 0
"""Portrait objective code of :attr:`ObjectiveKind.AT_LEAST_TWO`."""
ALL_EITHER: Final = 1
"""Portrait objective code of :attr:`ObjectiveKind.ALL_EITHER`."""
NONE_EITHER: Final = 2
"""Portrait objective code of :attr:`ObjectiveKind.NONE_EITHER`."""
_OBJECTIVE_CODES: Final = {
    ObjectiveKind.AT_LEAST_TWO: AT_LEAST_TWO,
    ObjectiveKind.ALL_EITHER: ALL_EITHER,
    ObjectiveKind.NONE_EITHER: NONE_EITHER,
}

CANDLE_FOUR_OF_FEATURE: Final = 0
"""Candle objective code -- four portraits with the feature bits."""
CANDLE_TWO_OF_EACH: Final = 1
"""Candle objective code -- two portraits with each of the feature bits."""
CANDLE_FULL_SET: Final = 2
"""Candle objective code -- every one of the feature bits (a full set)."""
CANDLE_MARIGOLDS_ON_OFRENDA: Final = 3
"""Candle objective code -- four marigolds on the Ofrenda."""
CANDLE_MARIGOLDS_IN_STORAGE: Final = 4
"""Candle objective code -- three marigolds in storage."""
CANDLE_FEATURE_MAJORITY: Final = 5
"""Candle objective code -- among the most portraits with the feature bit."""
CANDLE_MARIGOLD_MAJORITY: Final = 6
"""Candle objective code -- among the most marigolds on an Ofrenda."""
_CANDLE_CODES: Final = {
    CandleKind.FOUR_OF_FEATURE: CANDLE_FOUR_OF_FEATURE,
    CandleKind.TWO_OF_EACH: CANDLE_TWO_OF_EACH,
    CandleKind.FULL_SET: CANDLE_FULL_SET,
    CandleKind.MARIGOLDS_ON_OFRENDA: CANDLE_MARIGOLDS_ON_OFRENDA,
    CandleKind.MARIGOLDS_IN_STORAGE: CANDLE_MARIGOLDS_IN_STORAGE,
    CandleKind.FEATURE_MAJORITY: CANDLE_FEATURE_MAJORITY,
    CandleKind.MARIGOLD_MAJORITY: CANDLE_MARIGOLD_MAJORITY,
}

GOAL_FEATURE_COUNT: Final = 0
"""Goal code of :attr:`GoalKind.FEATURE_COUNT`."""
GOAL_SURROUNDED_SLOTS: Final = 1
"""Goal code of :attr:`GoalKind.SURROUNDED_SLOTS`."""
GOAL_PATTERN: Final = 2
"""Goal code of :attr:`GoalKind.PATTERN`."""
_GOAL_CODES: Final = {
    GoalKind.FEATURE_COUNT: GOAL_FEATURE_COUNT,
    GoalKind.SURROUNDED_SLOTS: GOAL_SURROUNDED_SLOTS,
    GoalKind.PATTERN: GOAL_PATTERN,
}

Row = tuple[actions.PlacePortrait | actions.DiscardPortrait, ...]
"""A card's placements and discard (see :attr:`Tables.place_or_discard`), or some of them."""
Picker = Callable[[Row], Row]
"""A card's legal placements then its discard, picked out of its row (see :meth:`Tables.picker`)."""

DrawOutcome = tuple[actions.DrawPortrait, Fraction] | tuple[actions.DrawCandle, Fraction]
"""A draw with its probability."""


def _bits(features: tuple[Feature, ...]) -> int:
    bits = 0
    for feature in features:
        bits |= feature.bit
    return bits


def _candle_params(edition: Edition, candle: int) -> tuple[int, tuple[int, ...]]:
    objective = edition.candles[candle].objective
    if objective.kind is CandleKind.FULL_SET:
        features = BRANCHES if objective.category is Category.BRANCH else OFFERINGS
        return _CANDLE_CODES[objective.kind], tuple(f.bit for f in features)
    return _CANDLE_CODES[objective.kind], tuple(f.bit for f in objective.features)


class Tables:
    """Everything the hot paths look up for one edition (build with :func:`tables_for`)."""

    __slots__ = (
        "_candle_pairs",
        "_portrait_pairs",
        "candle_end",
        "candle_objective",
        "closed",
        "crossed_out",
        "discard",
        "draw_candle",
        "draw_portrait",
        "edition",
        "goal_code",
        "goal_count",
        "goal_feature",
        "goal_memo",
        "goal_outcomes",
        "goal_placements",
        "golden",
        "has_feature",
        "leave_empty",
        "lit_by_storage",
        "masks",
        "neighbour_masks",
        "neighbours",
        "offering_is_candle",
        "offering_masks",
        "offering_slots_of",
        "pickers",
        "place_candle",
        "place_marigold",
        "place_or_discard",
        "place_portrait",
        "portrait_kind",
        "portrait_want",
        "skip_candle",
        "skip_or_take_any",
        "slot_effect",
        "slots",
        "take_candle",
        "take_portrait",
        "token_stacks",
    )

    def __init__(self, edition: Edition) -> None:
        """Derive every table from ``edition``."""
        self.edition: Final = edition
        """The edition the tables were derived from."""
        cards = range(len(edition.coordinates))
        self.slots: Final = len(cards)
        """The number of card slots of an Ofrenda."""
        offerings = range(len(edition.board.offering_slots))
        self.neighbours: Final = edition.neighbours
        """The adjacent card slots of each card slot (``Edition.neighbours``)."""
        self.closed: Final = tuple((s, *edition.neighbours[s]) for s in cards)
        """Each card slot followed by its adjacent card slots."""
        self.neighbour_masks: Final = tuple(sum(1 << n for n in edition.neighbours[s]) for s in cards)
        """The bit mask of the adjacent card slots of each card slot."""
        self.golden: Final = edition.golden
        """Whether each card slot is golden."""
        self.slot_effect: Final = edition.slot_effect
        """Marigolds gained by placing in each card slot."""
        self.crossed_out: Final = sum(1 << s for s in cards if edition.slot_effect[s] < 0)
        """The bit mask of the crossed-out card slots (a portrait there returns a marigold)."""
        self.masks: Final = edition.masks
        """The feature bits of each portrait."""
        self.has_feature: Final = {
            feature.bit: tuple(1 if mask & feature.bit else 0 for mask in self.masks) for feature in Feature
        }
        """By feature bit, ``1`` for each portrait showing the feature, else ``0`` (counted by summing)."""
        self.offering_slots_of: Final = edition.offering_slots_of
        """The candle/marigold slots each card slot touches."""
        self.offering_masks: Final = edition.offering_masks
        """The card-slot mask of each candle/marigold slot."""
        self.offering_is_candle: Final = tuple(s.kind is OfferingKind.CANDLE for s in edition.board.offering_slots)
        """Whether each candle/marigold slot is a candle slot (else a marigold slot)."""
        self.portrait_kind: Final = tuple(_OBJECTIVE_CODES[p.objective.kind] for p in edition.portraits)
        """The objective code of each portrait."""
        self.portrait_want: Final = tuple(_bits(p.objective.features) for p in edition.portraits)
        """The bits of the features each portrait's objective depicts."""
        self.candle_end: Final = tuple(c.end_of_game for c in edition.candles)
        """Whether each candle has the end-of-game icon."""
        self.candle_objective: Final = tuple(_candle_params(edition, c.id) for c in edition.candles)
        """Each candle's objective code and feature bits."""
        self.lit_by_storage: Final = any(
            code == CANDLE_MARIGOLDS_IN_STORAGE and not end
            for (code, _), end in zip(self.candle_objective, self.candle_end, strict=True)
        )
        """Whether a candle checked during play (no end-of-game icon) counts the marigolds in storage.

        Only such a candle can light when a player gains marigolds into
        storage without changing any Ofrenda (taking a portrait): every other
        objective reads the portraits and marigolds placed on the Ofrendas,
        and a majority can only be lost while the others' Ofrendas grow.
        """
        self.goal_code: Final = tuple(_GOAL_CODES[g.kind] for g in edition.goals)
        """The kind code of each goal card."""
        self.goal_count: Final = tuple(g.count for g in edition.goals)
        """The count each goal card asks for."""
        self.goal_feature: Final = tuple(0 if g.feature is None else g.feature.bit for g in edition.goals)
        """The feature bit of each feature-count goal card (``0`` for the others)."""
        self.goal_placements: Final = edition.goal_placements
        """Where each pattern goal fits."""
        self.goal_memo: Final[tuple[dict[int, bool], ...]] = tuple({} for _ in edition.goals)
        """By goal card, whether a surrounded-slots or pattern goal holds for each filled-slot mask seen so far.

        Those goals read only which card slots are filled, so each answer is
        worked out once per mask (at most ``2**slots`` of them) and looked up
        afterwards: checking every goal in play at the end of each turn was a
        tenth of a common-goals game.
        """
        self.token_stacks: Final = {
            (kind, players): edition.token_stack(kind, players) for kind in GoalType for players in (2, 3, 4)
        }
        """The token stack of each goal type and player count."""
        self.take_portrait: Final = tuple(actions.TakePortrait(s) for s in range(MARKET_SPACES))
        """``TakePortrait`` by space."""
        self.take_candle: Final = tuple(actions.TakeCandle(s) for s in range(MARKET_SPACES))
        """``TakeCandle`` by space."""
        self.skip_candle: Final = actions.SkipCandle()
        """The one ``SkipCandle``."""
        self.skip_or_take_any: Final[tuple[actions.SkipCandle | actions.TakeCandle, ...]] = (
            self.skip_candle,
            *self.take_candle,
        )
        """``SkipCandle`` then ``TakeCandle`` by space: every choice with a candle on each space and a marigold."""
        self.place_portrait: Final = tuple(
            tuple(actions.PlacePortrait(p.id, s) for s in cards) for p in edition.portraits
        )
        """``PlacePortrait`` by card, then slot."""
        self.discard: Final = tuple(actions.DiscardPortrait(p.id) for p in edition.portraits)
        """``DiscardPortrait`` by card."""
        self.place_or_discard: Final[tuple[tuple[actions.PlacePortrait | actions.DiscardPortrait, ...], ...]] = tuple(
            (*row, discard) for row, discard in zip(self.place_portrait, self.discard, strict=True)
        )
        """By card, its ``PlacePortrait`` by slot, then its ``DiscardPortrait`` (after the last slot)."""
        self.pickers: Final[dict[int, Picker]] = {}
        """:meth:`picker` by the mask of the card slots a portrait cannot go to, for those seen so far."""
        self.place_candle: Final = tuple(
            tuple(actions.PlaceCandle(k, c.id) for c in edition.candles) for k in offerings
        )
        """``PlaceCandle`` by candle/marigold slot, then candle."""
        self.place_marigold: Final = tuple(actions.PlaceMarigold(k) for k in offerings)
        """``PlaceMarigold`` by slot."""
        self.leave_empty: Final = tuple(actions.LeaveEmpty(k) for k in offerings)
        """``LeaveEmpty`` by slot."""
        self.draw_portrait: Final = tuple(actions.DrawPortrait(p.id) for p in edition.portraits)
        """``DrawPortrait`` by card."""
        self.draw_candle: Final = tuple(actions.DrawCandle(c.id) for c in edition.candles)
        """``DrawCandle`` by candle."""
        goal_outcomes: dict[GoalType, tuple[tuple[actions.DrawGoal, Fraction], ...]] = {}
        for kind in GoalType:
            goals = edition.goals_of(kind)
            goal_outcomes[kind] = (
                tuple((actions.DrawGoal(g), Probability(1, len(goals))) for g in goals) if goals else ()
            )
        self.goal_outcomes: Final = goal_outcomes
        """The goal cards of each type with their probabilities."""
        self._portrait_pairs: dict[int, tuple[tuple[actions.DrawPortrait, Fraction], ...]] = {}
        self._candle_pairs: dict[int, tuple[tuple[actions.DrawCandle, Fraction], ...]] = {}

    def __reduce__(self) -> tuple[Callable[[Edition], Tables], tuple[Edition]]:
        """Pickle and copy by edition: the tables are rebuilt (or found) from it."""
        return tables_for, (self.edition,)

    def picker(self, taken: int) -> Picker:
        """What picks a card's placements in the card slots not in ``taken``, then its discard, out of its row.

        ``taken`` is a mask of card slots (those filled, and the crossed-out
        ones for a player without a marigold to return); the row is the card's
        row of :attr:`place_or_discard`. Built once per mask, kept in
        :attr:`pickers`.
        """
        slots = self.slots
        free = [s for s in range(slots) if not taken >> s & 1]
        pick: Picker = operator.itemgetter(*free, slots) if free else operator.itemgetter(slice(slots, slots + 1))
        self.pickers[taken] = pick
        return pick

    def knows(self, ids: tuple[int, ...], table: tuple[object, ...]) -> bool:
        """Whether every one of ``ids`` indexes ``table`` (a well-formed state names only the edition's components)."""
        return not ids or (min(ids) >= 0 and max(ids) < len(table))

    def portrait_outcomes(self, deck: tuple[int, ...]) -> tuple[tuple[actions.DrawPortrait, Fraction], ...]:
        """Each card of ``deck`` drawn with probability ``1/len(deck)``, from shared pairs."""
        n = len(deck)
        if not self.knows(deck, self.draw_portrait):
            return tuple((actions.DrawPortrait(c), Probability(1, n)) for c in deck)
        pairs = self._portrait_pairs.get(n)
        if pairs is None:
            chance = Probability(1, n)
            pairs = self._portrait_pairs[n] = tuple((action, chance) for action in self.draw_portrait)
        return tuple(map(pairs.__getitem__, deck))

    def candle_outcomes(self, bag: tuple[int, ...]) -> tuple[tuple[actions.DrawCandle, Fraction], ...]:
        """Each candle of ``bag`` drawn with probability ``1/len(bag)``, from shared pairs."""
        n = len(bag)
        if not self.knows(bag, self.draw_candle):
            return tuple((actions.DrawCandle(c), Probability(1, n)) for c in bag)
        pairs = self._candle_pairs.get(n)
        if pairs is None:
            chance = Probability(1, n)
            pairs = self._candle_pairs[n] = tuple((action, chance) for action in self.draw_candle)
        return tuple(map(pairs.__getitem__, bag))


_TABLES: dict[int, Tables] = {}
_MOST_EDITIONS: Final = 16


def tables_for(edition: Edition) -> Tables:
    """The tables of ``edition``, built on first use and kept (keyed by identity) for the next calls."""
    tables = _TABLES.get(id(edition))
    if tables is not None and tables.edition is edition:
        return tables
    if len(_TABLES) >= _MOST_EDITIONS:
        _TABLES.clear()
    tables = _TABLES[id(edition)] = Tables(edition)
    return tables
