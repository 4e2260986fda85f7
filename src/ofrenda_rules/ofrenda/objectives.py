"""Objectives: when a portrait, a candle or a common goal is fulfilled.

Portrait objectives look at the portraits in adjacent card slots; candle
objectives and common goals at the whole Ofrenda (and, for majorities, at
every player's Ofrenda).
"""

from __future__ import annotations

from collections.abc import Sequence

from ofrenda_rules.ofrenda.components import BRANCHES, OFFERINGS, CandleKind, Category, GoalKind, ObjectiveKind
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.state import Config, PlayerBoard

__all__ = [
    "candle_fulfilled",
    "feature_count",
    "filled_mask",
    "goal_fulfilled",
    "portrait_fulfilled",
]

_BRANCH_BITS = tuple(f.bit for f in BRANCHES)
_OFFERING_BITS = tuple(f.bit for f in OFFERINGS)


def filled_mask(board: PlayerBoard) -> int:
    """Bit mask of the card slots holding a portrait."""
    mask = 0
    for slot, card in enumerate(board.portraits):
        if card is not None:
            mask |= 1 << slot
    return mask


def portrait_fulfilled(config: Config, board: PlayerBoard, slot: int, *, final: bool = False) -> bool:
    """Whether the objective of the portrait in ``slot`` holds for its adjacent portraits.

    During play it is checked when every adjacent slot is filled; at the end
    (``final``) empty adjacent slots are ignored, and an all/none objective
    with no adjacent portrait at all holds unless ``config.strict_empty_objectives``.
    """
    edition = config.edition
    card = board.portraits[slot]
    assert card is not None
    objective = edition.portraits[card].objective
    want = 0
    for feature in objective.features:
        want |= feature.bit
    masks = edition.masks
    adjacent = [masks[c] for n in edition.neighbours[slot] if (c := board.portraits[n]) is not None]
    kind = objective.kind
    if kind is ObjectiveKind.AT_LEAST_TWO:
        return sum(1 for m in adjacent if m & want) >= 2
    if final and not adjacent and config.strict_empty_objectives:
        return False
    if kind is ObjectiveKind.ALL_EITHER:
        return all(m & want for m in adjacent)
    return not any(m & want for m in adjacent)


def feature_count(edition: Edition, board: PlayerBoard, bit: int) -> int:
    """Portraits on the Ofrenda showing the feature ``bit``."""
    masks = edition.masks
    return sum(1 for c in board.portraits if c is not None and masks[c] & bit)


def _full_set(edition: Edition, board: PlayerBoard, bits: Sequence[int]) -> bool:
    have = 0
    for c in board.portraits:
        if c is not None:
            have |= edition.masks[c]
    return all(have & b for b in bits)


def _majority(mine: int, everyone: Sequence[int], needs_one: bool) -> bool:
    return mine == max(everyone) and (mine >= 1 or not needs_one)


def candle_fulfilled(config: Config, boards: Sequence[PlayerBoard], seat: int, candle: int) -> bool:
    """Whether the objective of ``candle`` holds for the Ofrenda of ``seat``."""
    edition = config.edition
    objective = edition.candles[candle].objective
    board = boards[seat]
    kind = objective.kind
    if kind is CandleKind.FOUR_OF_FEATURE:
        return feature_count(edition, board, objective.features[0].bit) >= 4
    if kind is CandleKind.TWO_OF_EACH:
        return all(feature_count(edition, board, f.bit) >= 2 for f in objective.features)
    if kind is CandleKind.FULL_SET:
        return _full_set(edition, board, _BRANCH_BITS if objective.category is Category.BRANCH else _OFFERING_BITS)
    if kind is CandleKind.MARIGOLDS_ON_OFRENDA:
        return sum(board.marigold_slots) >= 4
    if kind is CandleKind.MARIGOLDS_IN_STORAGE:
        return board.marigolds >= 3
    if kind is CandleKind.FEATURE_MAJORITY:
        bit = objective.features[0].bit
        counts = [feature_count(edition, b, bit) for b in boards]
        return _majority(counts[seat], counts, not config.zero_majority)
    counts = [sum(b.marigold_slots) for b in boards]
    return _majority(counts[seat], counts, not config.zero_majority)


def goal_fulfilled(edition: Edition, board: PlayerBoard, goal: int) -> bool:
    """Whether ``board`` meets the requirement of the common-goal card ``goal``."""
    card = edition.goals[goal]
    if card.kind is GoalKind.FEATURE_COUNT:
        assert card.feature is not None
        return feature_count(edition, board, card.feature.bit) >= card.count
    filled = filled_mask(board)
    if card.kind is GoalKind.SURROUNDED_SLOTS:
        return sum(1 for m in edition.offering_masks if m & filled == m) >= card.count
    return any(m & filled == m for m in edition.goal_placements[goal])
