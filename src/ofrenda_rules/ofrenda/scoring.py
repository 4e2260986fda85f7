"""Scores, the final outcome and the solo tiers of Ofrenda.

A lit portrait scores 2 points per adjacent lit portrait and 1 per adjacent
unlit one, doubled in a golden slot; a marigold scores 1 and a lit candle 2
per adjacent lit portrait; unlit portraits and candles score nothing;
common-goal tokens add their value. The most points wins; ties go to the
most lit portraits, then the most marigolds in storage, then are shared.

>>> solo_tier(85)
SoloTier.VISITED
>>> solo_tier(85).verdict
'Oh, look! A lot of your loved ones decided to pay you a visit! Good job my dear!'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.ofrenda.components import GoalType, OfferingKind, SoloTier
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.state import Config, Phase, PlayerBoard, State

__all__ = ["Outcome", "SoloTier", "board_score", "outcome", "result_of", "score", "score_bounds", "solo_tier"]


def _tier_reached(points: int) -> SoloTier:
    """The highest tier whose lowest score ``points`` reaches (the tiers are listed from the lowest up)."""
    tier = SoloTier.MESS
    for candidate in SoloTier:
        if points >= candidate.lowest:
            tier = candidate
    return tier


_TIERS: Final = tuple(_tier_reached(points) for points in range(max(tier.lowest for tier in SoloTier) + 1))
"""``_tier_reached`` of each score up to the lowest score of the top tier, looked up instead of the scan."""


def solo_tier(points: int) -> SoloTier:
    """The solo tier of a final score (the highest tier whose lowest score it reaches).

    >>> solo_tier(0), solo_tier(69), solo_tier(70), solo_tier(110), solo_tier(500)
    (SoloTier.MESS, SoloTier.MESS, SoloTier.STARTING, SoloTier.BEST, SoloTier.BEST)
    """
    return _TIERS[points] if 0 <= points < len(_TIERS) else _tier_reached(points)


def board_score(edition: Edition, board: PlayerBoard) -> int:
    """Points of one Ofrenda with its current lit sides, common-goal tokens included."""
    portraits = board.portraits
    lit = board.lit
    neighbours = edition.neighbours
    golden = edition.golden
    total = 0
    for slot, card in enumerate(portraits):
        if card is None or not lit[slot]:
            continue
        points = 0
        for n in neighbours[slot]:
            if portraits[n] is not None:
                points += 2 if lit[n] else 1
        total += 2 * points if golden[slot] else points
    marigold_slots = board.marigold_slots
    candle_slots = board.candle_slots
    candle_lit = board.candle_lit
    for k, offering in enumerate(edition.board.offering_slots):
        if marigold_slots[k]:
            value = 1
        elif candle_slots[k] is not None and candle_lit[k]:
            value = 2
        else:
            continue
        for c in offering.cards:
            if portraits[c] is not None and lit[c]:
                total += value
    for t in board.tokens:
        total += edition.tokens[t].value
    return total


def score_bounds(config: Config) -> tuple[int, int]:
    """Inclusive bounds on one seat's points in a finished game under ``config``.

    No score is negative, so the low bound is 0 (an Ofrenda with no lit
    portrait). The high bound is an Ofrenda where everything scores its most:
    every card slot holds a lit portrait whose neighbours are all lit (2 points
    per adjacent slot, doubled in a golden slot); every candle/marigold slot
    holds what scores most there -- a lit candle (2 per adjacent lit portrait,
    3 adjacent) in a candle slot, a marigold (1 per adjacent lit portrait) in a
    marigold slot, or a lit candle anywhere with ``offering_in_any_slot``; and,
    with common goals, the top (highest) scoring token of each goal type in
    play for the player count. With the default edition: 108 + 24 + 12 = 144
    points, 162 with common goals (156 and 174 with ``offering_in_any_slot``).

    >>> score_bounds(Config(players=1)), score_bounds(Config(players=4, common_goals=True))
    ((0, 144), (0, 162))
    """
    edition = config.edition
    board = edition.board
    portraits = sum(
        2 * len(around) * (2 if edition.golden[slot] else 1) for slot, around in enumerate(edition.neighbours)
    )
    offerings = 0
    for offering in board.offering_slots:
        candle = offering.kind is OfferingKind.CANDLE or config.offering_in_any_slot
        offerings += (2 if candle else 1) * len(offering.cards)
    tokens = 0
    if config.common_goals:
        for kind in GoalType:
            stack = edition.token_stack(kind, config.players)
            tokens += max((edition.tokens[t].value for t in stack), default=0)
    return 0, portraits + offerings + tokens


def score(state: State) -> tuple[int, ...]:
    """Points per player with the portraits and candles lit so far (valid at any moment)."""
    edition = state.config.edition
    return tuple(board_score(edition, board) for board in state.boards)


@attrs.frozen
class Outcome:
    """The final result of a game."""

    scores: tuple[int, ...]
    """Points per seat."""
    lit_portraits: tuple[int, ...]
    """Lit portraits per seat -- the first tie-break."""
    storage_marigolds: tuple[int, ...]
    """Marigolds in storage per seat -- the second tie-break."""
    ranks: tuple[int, ...]
    """Place per seat (0 is first); seats tied on all three share a place."""
    winners: tuple[int, ...]
    """The seats in first place; in the solo mode, seat 0 unless the tier is "what a mess" (a ruling)."""
    tier: SoloTier | None
    """The solo tier; ``None`` in a multiplayer game."""


def outcome(state: State) -> Outcome:
    """The final result with the rulebook's tie-breaks (and the solo tier).

    Raises:
        GameNotOverError: when the game has not ended.

    """
    if state.phase is not Phase.OVER:
        raise GameNotOverError("the game is not over: every player plays 12 turns")
    return result_of(state.config, state.boards)


def _lit_portraits(board: PlayerBoard) -> int:
    count = 0
    for card, lit in zip(board.portraits, board.lit, strict=True):
        if lit and card is not None:
            count += 1
    return count


def result_of(config: Config, boards: Sequence[PlayerBoard]) -> Outcome:
    """The result the final ``boards`` give (their last flips made), as :func:`outcome` reports it."""
    edition = config.edition
    scores = tuple(board_score(edition, board) for board in boards)
    lit = tuple(_lit_portraits(board) for board in boards)
    storage = tuple(b.marigolds for b in boards)
    keys = list(zip(scores, lit, storage, strict=True))
    ranks = tuple(sum(1 for other in keys if other > key) for key in keys)
    if config.solo:
        tier = solo_tier(scores[0])
        return Outcome(scores, lit, storage, ranks, () if tier is SoloTier.MESS else (0,), tier)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 0)
    return Outcome(scores, lit, storage, ranks, winners, None)
