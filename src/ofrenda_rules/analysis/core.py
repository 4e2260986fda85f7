"""Move-by-move analysis of one seat's decisions in a replay."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from ofrenda_rules.analysis._values import Budget, action_values, parse_budget
from ofrenda_rules.bots import bot_seed
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replays import AnyReplay
from ofrenda_rules.replays.walk import walk_replay

__all__ = [
    "BLUNDER",
    "DEFAULT_BUDGET",
    "INACCURACY",
    "MISTAKE",
    "Analysis",
    "AnalysisError",
    "Decision",
    "Mark",
    "MoveValue",
    "analyse",
    "analyse_decision",
    "mark_of",
    "replay_positions",
    "replay_states",
]

DEFAULT_BUDGET: Final = "hard"
"""The search per decision when none is given, the strong search bot's ``hard`` level (see
:data:`ofrenda_rules.bots.search.LEVELS`)."""

INACCURACY: Final = 0.05
"""A move whose estimate is at least this much below the best move's is an inaccuracy (win-share units, 0..1)."""
MISTAKE: Final = 0.10
"""A move at least this much below the best one is a mistake."""
BLUNDER: Final = 0.20
"""A move at least this much below the best one is a blunder."""


class AnalysisError(OfrendaRulesError):
    """A replay cannot be analysed or continued: a seat or step it does not have, or a step the rules refuse."""


class Mark(enum.Enum):
    """How a move compares with the best one the search found, by its loss (best estimate minus its own)."""

    BEST = "best"
    """The move with the highest estimate (or one within :data:`INACCURACY` of it)."""
    INACCURACY = "inaccuracy"
    """A loss of at least :data:`INACCURACY`."""
    MISTAKE = "mistake"
    """A loss of at least :data:`MISTAKE`."""
    BLUNDER = "blunder"
    """A loss of at least :data:`BLUNDER`."""
    FORCED = "forced"
    """A move that was the only legal one, so nothing was chosen and nothing searched."""


def mark_of(loss: float) -> Mark:
    """The mark of a move that loses ``loss`` against the best one.

    >>> [mark_of(loss).value for loss in (0.0, 0.05, 0.12, 0.5)]
    ['best', 'inaccuracy', 'mistake', 'blunder']
    """
    if loss >= BLUNDER:
        return Mark.BLUNDER
    if loss >= MISTAKE:
        return Mark.MISTAKE
    if loss >= INACCURACY:
        return Mark.INACCURACY
    return Mark.BEST


@attrs.frozen
class MoveValue:
    """One legal move at a decision and the search's estimate of it."""

    action: object
    """The action."""
    description: str
    """The action in English."""
    value: float
    """The seat's estimated share of the win after this move, in ``[0, 1]``."""
    loss: float
    """The best move's estimate minus this one's (0 for the best)."""
    mark: Mark
    """How this move compares with the best."""


@attrs.frozen
class Decision:
    """One decision of the analysed seat: the moves it had, their estimates, and the move it played."""

    step: int
    """The replay's step number of the move played (1 is the first step, as ``play`` and the viewer number them)."""
    played: MoveValue
    """The move played, with its estimate."""
    moves: tuple[MoveValue, ...]
    """Every legal move, best first (ties in the game's order of legal actions); empty for a forced move."""

    @property
    def mark(self) -> Mark:
        """The played move's mark (:attr:`Mark.FORCED` when it was the only legal move)."""
        return self.played.mark

    @property
    def best(self) -> MoveValue:
        """The move with the highest estimate (the played move when it was forced)."""
        return self.moves[0] if self.moves else self.played


@attrs.frozen
class Analysis:
    """The analysis of one seat's decisions in a replay."""

    game: str
    """The registry name of the game."""
    seat: int
    """The analysed seat (0-based; people read it as ``Seat seat + 1``)."""
    budget: str
    """The search budget per decision, as given (``"200"``, ``"mcts:100:40"``)."""
    seed: int
    """The seed of the search (each decision's search is seeded from it and its step number)."""
    steps: int
    """The number of steps of the replay."""
    decisions: tuple[Decision, ...]
    """The seat's decisions, in order."""

    def count(self, mark: Mark) -> int:
        """How many of the seat's decisions got ``mark``."""
        return sum(1 for decision in self.decisions if decision.mark is mark)

    @property
    def average_loss(self) -> float:
        """The mean loss of the seat's chosen (not forced) moves; 0 when it chose none."""
        chosen = [decision.played.loss for decision in self.decisions if decision.mark is not Mark.FORCED]
        return sum(chosen) / len(chosen) if chosen else 0.0


Values = Callable[[AnyGame, Any, int, Budget, int], dict[Any, float]]
"""The estimator's signature: ``(game, state, seat, budget, seed) -> {action: value}``."""


def analyse_decision(
    game: AnyGame,
    state: Any,
    seat: int,
    played: object,
    *,
    step: int,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    values: Values = action_values,
) -> Decision:
    """The analysis of one decision: ``seat`` to move in ``state``, it played ``played`` at step ``step``.

    The search is seeded from ``seed`` and ``step`` only, and it reads only
    what ``seat`` may know, so any state ``seat`` cannot tell from this one
    gives the same :class:`Decision`.

    Raises:
        AnalysisError: when ``seat`` is not to move or ``played`` is not legal.
    """
    if game.current_player(state) != seat:
        raise AnalysisError(f"step {step}: Seat {seat + 1} is not to move")
    legal = game.legal_actions(state)
    if played not in legal:
        raise AnalysisError(f"step {step}: {game.describe_action(state, played)} is not a legal move")
    if len(legal) == 1:
        move = MoveValue(played, game.describe_action(state, played), 0.0, 0.0, Mark.FORCED)
        return Decision(step, move, ())
    estimates = values(game, state, seat, budget, bot_seed(seed, step))
    best = max(estimates[action] for action in legal)
    order = sorted(range(len(legal)), key=lambda index: -estimates[legal[index]])
    moves = tuple(
        MoveValue(
            legal[index],
            game.describe_action(state, legal[index]),
            estimates[legal[index]],
            best - estimates[legal[index]],
            mark_of(best - estimates[legal[index]]),
        )
        for index in order
    )
    return Decision(step, next(move for move in moves if move.action == played), moves)


def replay_states(replay: AnyReplay) -> Iterator[tuple[int, Any, Any, int | None, Any]]:
    """Each step of a replay: its number, the state before it, its action, who took it and the state after it.

    Who took it is a seat, :data:`~ofrenda_rules.chance.CHANCE`, or ``None``
    for an undo step (whose state after is the one before the decision taken
    back). A step the rules refuse raises :class:`AnalysisError` naming it.
    """
    game = get_game(replay.game)
    for walked in walk_replay(game, replay, game.new_game(replay.config, replay.seed), AnalysisError):
        yield walked.number, walked.before, walked.action, None if walked.undo else walked.actor, walked.after


def replay_positions(replay: AnyReplay) -> Iterator[tuple[int, Any, Any, int]]:
    """Each applied step of a replay (undo steps followed, not given): its number, the state before, action, actor."""
    for number, before, action, player, _ in replay_states(replay):
        if player is not None:
            yield number, before, action, player


def check_seat(replay: AnyReplay, seat: int) -> None:
    """``AnalysisError`` unless ``seat`` (0-based) is a seat of the replay's game."""
    players: int = getattr(replay.config, "players")  # noqa: B009 -- every Config has it
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise AnalysisError(f"seat {seat!r}: no such seat in a {players}-player game (seats are 0 to {players - 1})")


def analyse(
    replay: AnyReplay,
    seat: int,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    values: Values = action_values,
) -> Analysis:
    """The search's estimate of every legal move at each decision of ``seat`` (0-based) in ``replay``.

    Args:
        replay: The replay to analyse (see :mod:`ofrenda_rules.replays`).
        seat: The seat whose decisions are analysed, 0-based.
        budget: Search iterations per decision, or ``"mcts:N"`` / ``"mcts:N:D"`` (with another
            estimator, whatever it takes as its budget).
        seed: The search's seed: the same replay, seat, budget and seed give the same analysis.
        values: The estimator, ``(game, state, seat, budget, seed) -> {action: value}`` (by default
            :func:`~ofrenda_rules.analysis.action_values`: the strong search bot for a level name, the
            library's MCTS bot for a number of iterations).

    Raises:
        AnalysisError: for a seat the game does not have, or a step the rules refuse.
        ConfigError: for a budget that is not one.
    """
    check_seat(replay, seat)
    if values is action_values:  # another estimator reads its own budgets
        parse_budget(budget)
    game = get_game(replay.game)
    decisions = tuple(
        analyse_decision(game, state, seat, action, step=number, budget=budget, seed=seed, values=values)
        for number, state, action, player in replay_positions(replay)
        if player == seat
    )
    return Analysis(replay.game, seat, str(budget), seed, len(replay.steps), decisions)
