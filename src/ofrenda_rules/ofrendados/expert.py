"""The ``expert`` level of Ofrendados: a search whose rollouts stop at the end of a round.

The generic strong bot (:mod:`ofrenda_rules.bots.search`) cuts its rollouts
after a count of decisions, most often halfway through a round: one seat has
used more of its dice than the other, owes a drawing, or holds money it is
about to spend, and the evaluation (:func:`~ofrenda_rules.ofrendados.bots.search_evaluation`)
reads such a position badly. :class:`RoundSearch` plays each rollout on to
the end of the round instead (every seat playing the reference policy), where
no die is held and nothing is owed, and values the position there; in the
last round a rollout ends the game and pays the win share (and a little for
the final lead, so a close loss is told from a rout).

What the seat may know is all it reads: each rollout is played on a state
drawn by :func:`~ofrenda_rules.ofrendados.resample` for the seat
(Ofrendados hides nothing but the future: the order of the Calaveritas still
face down, and the dice still to roll), its generator seeded from the bot's
``seed`` and what every seat sees (round, phase, money, flowers, cells drawn,
cards), never from the state's own generator. The budget is spread over the
candidates by sequential halving on common drawn states, as in the generic
search, and the reference move always survives the first round of it and
wins ties.

>>> from ofrenda_rules.ofrendados import Config, new_game, legal_actions
>>> state = new_game(Config(players=2), seed=4)
>>> expert_policy(state) in legal_actions(state)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import check_in_range, seat_to_move
from ofrenda_rules.game import seeded_level_policy, squashed_leads
from ofrenda_rules.ofrendados import actions as act
from ofrenda_rules.ofrendados.bots import SEARCH_SCALE, reference_bot, search_evaluation
from ofrenda_rules.ofrendados.resample import resample
from ofrenda_rules.ofrendados.rules import apply, chance_outcomes, current_player, legal_actions
from ofrenda_rules.ofrendados.scoring import outcome, score
from ofrenda_rules.ofrendados.state import State
from ofrenda_rules.rng import MASK64, Rng, decision_seed

__all__ = ["FINAL_LEAD", "LEVELS", "RoundSearch", "expert_policy", "level_policy", "payoff", "play_rounds"]

FINAL_LEAD: Final = 0.1
"""Weight of the squashed final lead beside the win share, in a rollout that ends the game."""
_STEP_LIMIT: Final = 2_000
"""The most decisions one rollout plays (a round takes a few dozen)."""


def _public_key(state: State) -> int:
    """A number read off what every seat sees, to seed the draws (never the state's generator)."""
    key = state.round * 7 + list(type(state.phase)).index(state.phase)
    key = key * 31 + state.picks
    key = key * 31 + state.acted
    key = key * 31 + len(state.dice_left)
    key = key * 31 + len(state.pending)
    for board in state.boards:
        key = key * 131 + board.pesos
        key = key * 131 + len(board.flowers)
        key = key * 131 + sum(1 for cell in board.sheet if cell is not None)
        key = key * 131 + len(board.cards)
        key &= MASK64
    return key


@attrs.frozen
class RoundSearch:
    """Monte Carlo over drawn futures with rollouts to the end of the round (see the module docstring)."""

    samples: int = 2
    """Rollouts of each candidate in the first round of sequential halving (each later round doubles them)."""
    width: int = 8
    """The most candidates searched (the reference move, then those of best evaluation just after them)."""
    rounds: int = 1
    """Rounds a rollout plays to their end (1 -- the current round; 2 -- the next one too)."""
    seed: int = 0
    """Seeds the draws (with what every seat sees)."""

    def __attrs_post_init__(self) -> None:
        check_in_range("samples", self.samples, 1, 10_000)
        check_in_range("width", self.width, 1, 10_000)
        check_in_range("rounds", self.rounds, 1, 5)

    def values(self, state: State) -> dict[act.Action, float]:
        """Each searched candidate's estimated value for the seat to move (an expected win share in ``[0, 1]``).

        Raises:
            BotError: when no seat is to move (a chance event is pending, or the game is over).

        """
        seat = seat_to_move(current_player(state), "the expert")
        legal = legal_actions(state)
        reference = reference_bot(state)
        rng = Rng(decision_seed(self.seed, _public_key(state), seat))
        stop = state.round + self.rounds
        draws: list[tuple[State, Rng]] = []
        candidates = list(legal)
        if len(candidates) > self.width:
            first = self._draw(state, seat, rng)
            rng = first[1]
            draws.append(first[0])
            prior = {action: search_evaluation(apply(first[0][0], action))[seat] for action in candidates}
            candidates.sort(key=lambda action: (action != reference, -prior[action]))
            candidates = candidates[: self.width]
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        rounds = max(1, math.ceil(math.log2(len(candidates)))) if len(candidates) > 1 else 1
        start = 0
        for round_index in range(rounds):
            share = self.samples << round_index
            while len(draws) < start + share:
                drawn, rng = self._draw(state, seat, rng)
                draws.append(drawn)
            for action in candidates:
                for drawn_state, walk in draws[start : start + share]:
                    totals[action] += payoff(play_rounds(apply(drawn_state, action), stop, walk), seat)
                    counts[action] += 1
            start += share
            if round_index == rounds - 1:
                break
            ranked = sorted(candidates, key=lambda action: -totals[action] / counts[action])
            survivors = ranked[: max(1, math.ceil(len(candidates) / 2))]
            if round_index == 0 and reference not in survivors:
                survivors[-1] = reference
            candidates = survivors
        return {action: totals[action] / counts[action] for action in totals}

    @staticmethod
    def _draw(state: State, seat: int, rng: Rng) -> tuple[tuple[State, Rng], Rng]:
        draw, rng = rng.next_u64()
        walk, rng = rng.next_u64()
        return (resample(state, seat, Rng(draw)), Rng(walk)), rng

    def choose(self, state: State) -> act.Action:
        """The candidate of best estimated value for the seat to move (the reference move on ties).

        Raises:
            BotError: when no seat is to move (a chance event is pending, or the game is over).

        """
        legal = legal_actions(state)
        if len(legal) == 1 and current_player(state) >= 0:
            return legal[0]
        values = self.values(state)
        chosen = reference_bot(state)
        best = values[chosen]
        for action in legal:
            if action in values and values[action] > best + 1e-12:
                best, chosen = values[action], action
        return chosen


def play_rounds(state: State, stop: int, rng: Rng) -> State:
    """``state`` played on by the reference policy at every seat until round ``stop`` begins, or the game ends.

    The chance events of an unseeded state (reveals, rolls) are drawn from
    ``rng``, each outcome equally likely; a seeded state resolves its own.
    """
    for _ in range(_STEP_LIMIT):
        player = current_player(state)
        if player == TERMINAL or state.round >= stop:
            break
        if player == CHANCE:
            outcomes = chance_outcomes(state)
            index, rng = rng.below(len(outcomes))
            state = apply(state, outcomes[index][0])
        else:
            state = apply(state, reference_bot(state))
    return state


def payoff(state: State, seat: int) -> float:
    """What a rollout that reached ``state`` pays ``seat``, in ``[0, 1]``.

    A finished game pays the win share, ``1 - FINAL_LEAD`` of it, plus
    ``FINAL_LEAD`` times the seat's final lead over the best other seat,
    squashed as the evaluation squashes it; an unfinished one, the
    evaluation (:func:`~ofrenda_rules.ofrendados.bots.search_evaluation`).
    """
    if current_player(state) != TERMINAL:
        return search_evaluation(state)[seat]
    winners = outcome(state).winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    lead = squashed_leads([float(points) for points in score(state)], SEARCH_SCALE)[seat]
    return (1.0 - FINAL_LEAD) * share + FINAL_LEAD * lead


LEVELS: Final = {"expert": RoundSearch()}
"""The levels Ofrendados plays with its own policy (the others are the generic strong bot's budgets)."""


def level_policy(level: str, seed: int = 0) -> Callable[[State], act.Action] | None:
    """The policy of a named bot level (``GameDefinition.level_policy``), ``None`` for the generic strong bot's.

    ``seed`` seeds its draws (:attr:`RoundSearch.seed`).

    >>> level_policy("easy") is None
    True
    """
    return seeded_level_policy(LEVELS, level, seed)


def expert_policy(state: State) -> act.Action:
    """The ``expert`` level's move for the seat to move (:class:`RoundSearch` with its default budget)."""
    return LEVELS["expert"].choose(state)
