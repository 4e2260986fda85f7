"""Scores and the final outcome of Ofrendados.

Only a player with a flower in the land of the living scores; they score
the Path (a point per flower, the majority of each flower type, the end
bonus), the Offering (by position, by quantity, full rows, the Calaverita
majority), their Eternal Calaveritas, and their saved money (a point per
peso). The highest total wins; a tie goes to fewer empty spaces.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.ofrendados.cards import EffectKind
from ofrenda_rules.ofrendados.components import Flower, ObjectKind
from ofrenda_rules.ofrendados.offering import empty_cells, measure, offering_score
from ofrenda_rules.ofrendados.state import Board, Config, MajorityCount, MajorityTies, Phase, State

__all__ = ["Outcome", "ScoreSheet", "board_score_sheets", "majority", "neighbours", "score", "score_sheets"]


def majority(
    counts: Sequence[int],
    eligible: Sequence[bool],
    table: Sequence[int],
    ties: MajorityTies = MajorityTies.SHARE_PLACES,
) -> tuple[int, ...]:
    """Majority points: first, second and third place by count; ties divided, rounded down.

    Only eligible players with a count above zero take places; a player's place
    is the number of players with more. Tied players share the points of the
    places they cover (``SHARE_PLACES``) or divide the points of their place
    (``SPLIT_PLACE``), equally and rounded down.

    >>> majority((5, 5, 3, 1), (True,) * 4, (10, 6, 2))
    (8, 8, 2, 0)
    >>> majority((5, 5, 3, 1), (True,) * 4, (10, 6, 2), MajorityTies.SPLIT_PLACE)
    (5, 5, 2, 0)
    >>> majority((0, 2, 2), (True,) * 3, (10, 6, 2))
    (0, 8, 8)
    """
    points = [0] * len(counts)
    ranked = sorted((c for c, ok in zip(counts, eligible, strict=True) if ok and c > 0), reverse=True)
    for seat, count in enumerate(counts):
        if not eligible[seat] or count <= 0:
            continue
        place = ranked.index(count)
        tied = ranked.count(count)
        if ties is MajorityTies.SHARE_PLACES:
            points[seat] = sum(table[place : place + tied]) // tied
        else:
            points[seat] = (table[place] if place < len(table) else 0) // tied
    return tuple(points)


def neighbours(seat: int, players: int, opponent_twice: bool = False) -> tuple[int, ...]:
    """The players to the left and right of ``seat``.

    In a 2-player game, the only opponent: once, or twice (as left and right
    neighbour) with ``opponent_twice`` (ruling 22).

    >>> neighbours(0, 3), neighbours(0, 2), neighbours(0, 2, opponent_twice=True)
    ((2, 1), (1,), (1, 1))
    """
    if players == 2:
        return (1 - seat,) * (2 if opponent_twice else 1)
    return ((seat - 1) % players, (seat + 1) % players)


@attrs.frozen
class ScoreSheet:
    """One player's count, step by step as on the offering sheet."""

    qualified: bool
    """Whether the player has a flower in the land of the living (else every total is 0)."""
    flowers: tuple[int, ...]
    """1.1 Flowers of each type (A, B, C) on the Path."""
    flower_points: int
    """1.2 The sum of the flowers (a point each)."""
    flower_majorities: int
    """1.3 Majority points over the three flower types."""
    end_bonus: int
    """10 points for reaching the end of the route."""
    offering: int
    """2. Position, quantity and full rows."""
    calaverita_majority: int
    """2. The Calaverita majority of the offering."""
    eternal: int
    """Eternal Calaveritas."""
    money: int
    """Saved pesos."""
    total: int
    """The player's score (0 when not qualified)."""
    empty_spaces: int
    """Empty cells of the offering (the tie-break)."""


def score_sheets(state: State) -> tuple[ScoreSheet, ...]:
    """Each player's count as if the game ended now."""
    return board_score_sheets(state.config, state.boards)


def board_score_sheets(config: Config, boards: Sequence[Board]) -> tuple[ScoreSheet, ...]:
    """Each player's count from the ``boards`` on the table (all a count needs; a view has them too)."""
    edition = config.edition
    path = edition.path
    n = config.players
    qualified = tuple(path.in_land_of_the_living(board.position) for board in boards)
    eligible = (True,) * n if config.unqualified_in_majorities else qualified
    flowers = tuple(
        tuple(sum(1 for s in board.flowers if path.space(s).flower is flower) for flower in Flower) for board in boards
    )
    flower_majority = [0] * n
    for index in range(len(Flower)):
        counts = [f[index] for f in flowers]
        for seat, points in enumerate(majority(counts, eligible, edition.majority_points, config.majority_ties)):
            flower_majority[seat] += points
    if config.calaverita_majority is MajorityCount.DRAWN:
        skulls = [sum(1 for c in board.sheet if c is ObjectKind.CALAVERITA) for board in boards]
    else:
        skulls = [len(board.cards) for board in boards]
    skull_majority = majority(skulls, eligible, edition.majority_points, config.majority_ties)
    sheets = []
    for seat, board in enumerate(boards):
        offering = offering_score(edition.sheet, board.sheet, config.beneath, edition.food_set_points).total
        eternal = 0
        for card_id in board.cards:
            effect = edition.card(card_id).effect
            if effect.kind is EffectKind.ETERNAL:
                for other in neighbours(seat, n, config.opponent_as_both_neighbours):
                    eternal += effect.points * measure(edition.sheet, boards[other].sheet, effect)
        end = path.end_bonus if board.position == path.length else 0
        parts = sum(flowers[seat]) + flower_majority[seat] + end + offering + skull_majority[seat] + eternal
        total = parts + board.pesos if qualified[seat] else 0
        sheets.append(
            ScoreSheet(
                qualified=qualified[seat],
                flowers=flowers[seat],
                flower_points=sum(flowers[seat]),
                flower_majorities=flower_majority[seat],
                end_bonus=end,
                offering=offering,
                calaverita_majority=skull_majority[seat],
                eternal=eternal,
                money=board.pesos,
                total=total,
                empty_spaces=empty_cells(board.sheet),
            )
        )
    return tuple(sheets)


def score(state: State) -> tuple[int, ...]:
    """Points per player as if the game ended now (valid at any moment)."""
    return tuple(sheet.total for sheet in score_sheets(state))


@attrs.frozen
class Outcome:
    """The final result of a game."""

    scores: tuple[int, ...]
    """Points per seat."""
    empty_spaces: tuple[int, ...]
    """Empty cells of each offering -- the tie-break (fewer wins)."""
    ranks: tuple[int, ...]
    """Place per seat (0 is first); seats tied on points and empty spaces share a place."""
    winners: tuple[int, ...]
    """The seats in first place (none when nobody reached the land of the living)."""
    sheets: tuple[ScoreSheet, ...]
    """Each seat's count, step by step."""


def outcome(state: State) -> Outcome:
    """The final result, with the rulebook's tie-break on fewer empty spaces.

    Players without a flower in the land of the living rank below every player
    who has one; when nobody has one, nobody wins.

    Raises:
        GameNotOverError: when the game has not ended.

    """
    if state.phase is not Phase.OVER:
        raise GameNotOverError(f"the game is not over: round {state.round + 1} of 5 is being played")
    sheets = score_sheets(state)
    keys = [(sheet.qualified, sheet.total, -sheet.empty_spaces) for sheet in sheets]
    ranks = tuple(sum(1 for other in keys if other > key) for key in keys)
    return Outcome(
        scores=tuple(s.total for s in sheets),
        empty_spaces=tuple(s.empty_spaces for s in sheets),
        ranks=ranks,
        winners=tuple(seat for seat, rank in enumerate(ranks) if rank == 0 and sheets[seat].qualified),
        sheets=sheets,
    )
