"""The search's estimate of every legal move of a seat, from that seat's information only.

:func:`action_values` takes a level name (``easy``, ``medium``, ``hard``,
``expert``: the strong search bot's own estimate,
:func:`ofrenda_rules.bots.action_values`) or an MCTS budget (a number of
iterations, ``mcts:N`` or ``mcts:N:D``): then it runs the library's
information-set MCTS (:class:`~ofrenda_rules.bots.MctsBot`) from a state
where ``seat`` is to move and reads its root, each legal action's mean return
for that seat over the iterations that tried it. Either way every rollout
runs on a state drawn by the game's ``resample`` for the seat, so the true
hidden cards and future draws are never read.
"""

from __future__ import annotations

from typing import Any, Final

from ofrenda_rules.bots import LEVEL_NAMES, MAX_ITERATIONS, MctsBot
from ofrenda_rules.bots import action_values as level_values
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import MASK64, Rng

__all__ = ["MIN_VISITS", "Budget", "action_values", "parse_budget"]

Budget = int | str
"""A search budget: a level name (``easy`` .. ``expert``), a number of MCTS iterations, or ``mcts:N`` /
``mcts:N:D`` (``D``: playout steps)."""

MIN_VISITS: Final = 4
"""The fewest iterations the search spends per legal move: the budget is raised to ``MIN_VISITS`` times their count."""


def parse_budget(budget: Budget) -> tuple[int, int | None] | str:
    """A level name as it is, or the iterations and playout cut-off of an MCTS budget.

    ``ConfigError`` names the fault when the budget is neither.

    >>> parse_budget("hard"), parse_budget(200), parse_budget("mcts:50:40")
    ('hard', (200, None), (50, 40))
    """
    if isinstance(budget, bool) or not isinstance(budget, int | str):
        raise ConfigError(f"a search budget is a level, a number of iterations or 'mcts:N[:D]', not {budget!r}")
    if isinstance(budget, str) and budget in LEVEL_NAMES:
        return budget
    if isinstance(budget, int):
        numbers = [budget]
    else:
        kind, _, rest = budget.partition(":")
        parts = rest.split(":") if rest else []
        if kind != "mcts" or not 1 <= len(parts) <= 2 or not all(part.isdigit() for part in parts):
            levels = ", ".join(LEVEL_NAMES)
            raise ConfigError(
                f"search budget {budget!r}: expected a level ({levels}), a number of iterations, 'mcts:N' or 'mcts:N:D'"
            )
        numbers = [int(part) for part in parts]
    for number in numbers:
        if not 1 <= number <= MAX_ITERATIONS:
            raise ConfigError(f"search budget {budget!r}: every number must be in [1, {MAX_ITERATIONS}]")
    return numbers[0], numbers[1] if len(numbers) == 2 else None


def action_values(game: AnyGame, state: Any, seat: int, level_or_budget: Budget, seed: int) -> dict[Any, float]:
    """Each legal action of ``seat`` (to move in ``state``) with its estimated return in ``[0, 1]`` for that seat.

    The return is the seat's expected share of the win (a solo seat: its
    chance to win), as the search bot estimates it after playing that action.
    A level name asks the strong search bot of that level
    (:func:`ofrenda_rules.bots.action_values`); an MCTS budget runs at least 4
    iterations (``MIN_VISITS``) per legal action, so every action gets an
    estimate. Deterministic given ``seed``; the true
    hidden state is never searched (only the game's ``resample`` of it for
    ``seat``), so two states that ``seat`` cannot tell apart get the same values.

    Raises:
        ConfigError: when ``seat`` is not the seat to move, or the budget is not one.
    """
    parsed = parse_budget(level_or_budget)
    mover = game.current_player(state)
    if mover != seat:
        raise ConfigError(f"Seat {seat + 1} is not to move (the current player is {mover})")
    if isinstance(parsed, str):
        return level_values(game, state, seat, parsed, seed)
    iterations, playout = parsed
    legal = game.legal_actions(state)
    iterations = max(iterations, MIN_VISITS * len(legal))
    bot = MctsBot(game, Rng(seed & MASK64), iterations=min(iterations, MAX_ITERATIONS), playout_steps=playout)
    table = bot.search(state)
    return {action: table[action][1] if action in table else 0.0 for action in legal}
