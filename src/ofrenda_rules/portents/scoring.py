"""Fortunes, victory conditions, scores and the final outcome of Portents.

A fortune is a set of collected omens sharing a colour or a shape; one omen
may serve several fortunes. A *fortune of n* is a trait shown by at least
``n`` collected omens (a ruling: a fortune of 5 also counts as one of 4).

>>> from ofrenda_rules.portents.components import Sign as S
>>> fortune_win((S.BLUE_SKULL, S.BLUE_CLAW, S.BLUE_WING, S.BLUE_WISHBONE))
<EndReason.FORTUNE_OF_FOUR: 'fortune-of-four'>
>>> fortune_win((S.RED_SKULL, S.RED_CLAW, S.RED_WING, S.BLUE_SKULL, S.WHITE_SKULL)).value
'two-fortunes-of-three'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.state import ORACLE_OMENS, SOLO_TARGETS, Config, Difficulty, EndReason, Phase, State

__all__ = ["Outcome", "fortune_win", "kitty_fortune_win", "outcome", "score", "score_bounds", "solo_target_met"]

_ORACLE: Final = Difficulty.OMNISCIENT_ORACLE
"""Bound once: ``Difficulty.X`` costs a metaclass lookup at each use, and the target is checked every turn."""


def fortune_win(omens: Sequence[Sign]) -> EndReason | None:
    """The two-player fortune victory these omens give: a fortune of 4, or two fortunes of 3."""
    return None if len(omens) < 3 else _fortune(omens, 4, _FORTUNE_OF_FOUR, _TWO_FORTUNES_OF_THREE)


def kitty_fortune_win(omens: Sequence[Sign]) -> EndReason | None:
    """The Kitty's fortune victory: a fortune of 3, or two fortunes of 2."""
    return None if len(omens) < 2 else _fortune(omens, 3, _KITTY_FORTUNE_OF_THREE, _KITTY_TWO_FORTUNES_OF_TWO)


def _fortune(omens: Sequence[Sign], high: int, one: EndReason, two: EndReason) -> EndReason | None:
    """``one`` for a fortune of ``high``, ``two`` for two fortunes of ``high - 1``, else ``None``.

    The callers skip fewer than ``high - 1`` omens: each omen adds at most 1 to a trait's count.
    """
    counts = fortune_counts(omens)
    if max(counts) >= high:
        return one
    if counts.count(high - 1) >= 2:  # no count is above high - 1 here
        return two
    return None


_FORTUNE_OF_FOUR: Final = EndReason.FORTUNE_OF_FOUR
_TWO_FORTUNES_OF_THREE: Final = EndReason.TWO_FORTUNES_OF_THREE
_KITTY_FORTUNE_OF_THREE: Final = EndReason.KITTY_FORTUNE_OF_THREE
_KITTY_TWO_FORTUNES_OF_TWO: Final = EndReason.KITTY_TWO_FORTUNES_OF_TWO


def solo_target_met(config: Config, omens: Sequence[Sign]) -> bool:
    """Whether the player's omens meet the difficulty's target.

    The Omniscient Oracle needs 15 omens. The other levels need ``a``
    fortunes of 4 and ``b`` fortunes of 3 of other traits (a fortune is a
    trait shown by at least that many collected omens); with
    ``Config.fours_count_as_threes`` a fortune of 4 also counts among the
    fortunes of 3.
    """
    if config.difficulty is _ORACLE:
        return len(omens) >= ORACLE_OMENS
    if len(omens) < 3:  # every target needs a fortune of 3 or 4, and an omen adds at most 1 to a count
        return False
    fours, threes = SOLO_TARGETS[config.difficulty]
    n4 = n3 = 0
    for count in fortune_counts(omens):  # (a loop, not comprehensions: the target is checked every turn)
        if count >= 3:
            n3 += 1
            if count >= 4:
                n4 += 1
    if config.fours_count_as_threes:
        return n4 >= fours and n3 >= threes
    return n4 >= fours and n3 >= fours + threes


def score(state: State) -> tuple[int, ...]:
    """Omens collected by each seat (valid at any moment)."""
    return tuple(len(omens) for omens in state.collected)


@attrs.frozen
class Outcome:
    """The final result of a game."""

    scores: tuple[int, ...]
    """Omens collected per seat."""
    ranks: tuple[int, ...]
    """Place per seat -- the winner 0, the loser 1; a draw ``(0, 0)``; a solo loss to the Kitty ``(1,)``."""
    winners: tuple[int, ...]
    """The winning seat, or none (a draw, or the Kitty won)."""
    reason: EndReason
    """Why the game ended."""
    kitty_won: bool
    """Solo -- whether the Kitty won."""
    kitty_omens: int
    """Solo -- omens the Kitty collected or stole."""
    turns: int
    """Turns played."""


def outcome(state: State) -> Outcome:
    """The final result.

    Raises:
        GameNotOverError: when the game has not ended.

    """
    if state.phase is not Phase.OVER or state.reason is None:
        raise GameNotOverError("the game is not over: nobody has won yet")
    n = state.config.players
    if state.winners:
        ranks = tuple(0 if seat in state.winners else 1 for seat in range(n))
    elif state.config.solo:
        ranks = (1,)
    else:
        ranks = (0,) * n
    return Outcome(
        scores=score(state),
        ranks=ranks,
        winners=state.winners,
        reason=state.reason,
        kitty_won=state.config.solo and not state.winners,
        kitty_omens=len(state.kitty_omens),
        turns=state.turns,
    )


def score_bounds(config: Config) -> tuple[int, int]:
    """Inclusive bounds on any seat's points (omens collected) in a finished game: ``(0, 16)``.

    Derivation: a seat's points are the omens it collected, and omens only
    leave the ring (into a collection, or the Kitty's), never come back, so
    a seat holds between none (a seat that never made a Portent in an omen's
    lane, e.g. a two-player game lost to four Burnt Offerings) and every
    omen token of the edition (16, each colour-shape combination once). The
    upper bound is reachable in the rules: a solo Omniscient Oracle who holds
    14 omens may make one Portent whose lane ends at the last two. Tighter
    bounds per mode are not worth their rulings: a two-player seat enters its
    winning turn with at most 8 omens (no fortune of 4 and at most one of 3
    among the 8 traits) but may collect many in that turn.

    >>> score_bounds(Config()), score_bounds(Config(players=1))
    ((0, 16), (0, 16))
    """
    return (0, len(config.edition.omens))
