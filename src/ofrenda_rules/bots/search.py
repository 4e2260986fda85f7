"""The strong bot: Monte Carlo over the seat's information with reference-policy rollouts.

:func:`action_values` estimates, for the seat to move, the value of each legal
action as an expected win share in ``[0, 1]``, from what that seat may know
only: every estimate is an average over states drawn by the game's
``resample`` for that seat (other hands, deck order and future draws drawn
afresh), never the true state. On each drawn state an action is applied, then
every seat plays the game's reference policy (``reference_bot``) for a few
decisions, and the position reached is valued by the game's evaluation (the
final win shares if the game is over; else ``GameDefinition.evaluate`` when the
game gives one, or the score difference squashed into ``[0, 1]``).

A budget's depth counts decisions, or turns (``SearchBudget.turns``): in a
game whose seats play several decisions in a row (an Ofrenda turn takes a
portrait, maybe a candle, then plays), a rollout cut halfway through a turn is
valued at a position its evaluation reads badly (a portrait taken, not yet
placed), and a cut counted in turns values every rollout at the start of a
turn.

The budget is spread over the actions by *sequential halving* (Karnin, Koren
and Somekh, 2013): every candidate gets the same drawn states (common random
numbers, so two actions are compared on the same deals), the worse half is
dropped after each round, and the survivors get more draws. The reference
policy's own choice is always among the survivors of the first round, so a
thin budget falls back on the reference move rather than on noise.

:class:`SearchBot` plays the action of highest value. Named levels
(``easy``, ``medium``, ``hard``, ``expert``) are budgets per game
(:data:`LEVELS`), made by :func:`~ofrenda_rules.bots.make_bot`.

>>> from ofrenda_rules.registry import get_game
>>> game = get_game("dia_de_los_muertos")
>>> state = game.new_game(game.config_type(players=4), 7)
>>> values = action_values(game, state, game.current_player(state), "easy", seed=1)
>>> set(values) == set(game.legal_actions(state))
True
>>> all(0.0 <= value <= 1.0 for value in values.values())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import attrs

from ofrenda_rules.bots.playout import random_move
from ofrenda_rules.bots.utility import returns
from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import ConfigError, OfrendaRulesError, check_in_range, seat_to_move
from ofrenda_rules.game import GameDefinition, squashed_leads
from ofrenda_rules.rng import MASK64, Rng

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "SearchBot",
    "SearchBudget",
    "SearchError",
    "action_values",
    "budget_of",
    "evaluate",
]

AnyGame = GameDefinition[Any, Any, Any, Any, Any]

MAX_SAMPLES: Final = 100_000
"""The most rollouts a budget may ask for."""
MAX_DEPTH: Final = 10_000
"""The most decisions a rollout may be asked to play before it is valued."""


@attrs.frozen
class SearchBudget:
    """What one search may spend: ``samples`` rollouts an action in the first round, each ``depth`` decisions long.

    With ``n`` legal actions a search plays about ``samples * n * ceil(log2 n)``
    rollouts: each round of sequential halving gives every surviving action
    twice the previous round's rollouts, and half the actions survive.

    ``depth=None`` plays every rollout to the end of the game.
    """

    samples: int
    """Rollouts of each candidate action in the first round of sequential halving (each later round doubles them)."""
    depth: int | None = None
    """Player decisions a rollout plays (every seat's) before the position is valued; ``None``: to the end."""
    width: int | None = None
    """The most actions searched. With more legal actions, those of best value just after them (on one drawn
    state) are kept, the reference policy's choice always among them; ``None`` searches every legal action."""
    turns: bool = False
    """Whether ``depth`` counts turns rather than decisions: a turn is a run of decisions by one seat, and a
    rollout stops at the first decision of its ``depth``-th new turn (the searching seat's turn, if under way,
    is played out first), so every rollout is valued at the start of a turn, never halfway through one."""

    def __attrs_post_init__(self) -> None:
        check_in_range("search samples", self.samples, 1, MAX_SAMPLES)
        if self.depth is not None:
            check_in_range("search depth", self.depth, 0, MAX_DEPTH)
        if self.width is not None:
            check_in_range("search width", self.width, 1, MAX_SAMPLES)


LEVEL_NAMES: Final = ("easy", "medium", "hard", "expert")
"""The named levels, weakest first."""

_DEFAULT_LEVELS: Final = {
    "easy": SearchBudget(1, 2, 4),
    "medium": SearchBudget(2, 4, 4),
    "hard": SearchBudget(2, 8, 6),
    "expert": SearchBudget(3, 12, 8),
}

LEVELS: Final[dict[str, dict[str, SearchBudget]]] = {
    "dia_de_los_muertos": {
        "easy": SearchBudget(1, 8),
        "medium": SearchBudget(2, 16),
        "hard": SearchBudget(4, None),
        "expert": SearchBudget(8, None),
    },
    "ofrenda": {
        "easy": SearchBudget(1, 2, 4),
        "medium": SearchBudget(2, 2, 6),
        "hard": SearchBudget(2, 4, 6),
        "expert": SearchBudget(2, 8, 6),
    },
    "ofrendados": {
        "easy": SearchBudget(1, 4, 4),
        "medium": SearchBudget(2, 8, 4),
        "hard": SearchBudget(2, 8, 6),
        "expert": SearchBudget(3, 12, 8),
    },
    "portents": {
        "easy": SearchBudget(1, 2, 4),
        "medium": SearchBudget(1, 4, 4),
        "hard": SearchBudget(2, 8, 6),
        "expert": SearchBudget(3, 12, 8),
    },
}
"""The budget of each named level, per game (a game not listed uses Ofrenda's).

A game that gives its own policy for a level (``GameDefinition.level_policy``:
Portents for every level, Ofrendados for ``expert``) plays that instead; its
entries here serve :func:`action_values`.
"""


def budget_of(game: AnyGame, level: str | SearchBudget) -> SearchBudget:
    """The budget of a named level for ``game`` (a :class:`SearchBudget` is returned as is).

    Raises:
        ConfigError: for a name that is no level.

    >>> from ofrenda_rules.registry import get_game
    >>> budget_of(get_game("ofrenda"), "easy").samples > 0
    True
    """
    if isinstance(level, SearchBudget):
        return level
    levels = LEVELS.get(game.info.name, _DEFAULT_LEVELS)
    budget = levels.get(level)
    if budget is None:
        raise ConfigError(f"unknown level {level!r}; expected one of {', '.join(LEVEL_NAMES)}")
    return budget


def evaluate(game: AnyGame, state: Any) -> tuple[float, ...]:
    """Every seat's expected win share at ``state``, as the search values it (each in ``[0, 1]``).

    A finished game pays its win shares. Otherwise the game's own
    ``evaluate`` hook, when it has one; else each seat's points ahead of the
    best other seat, divided by a tenth of the score range and squashed by
    the logistic function (a solo seat: its points' share of the range).
    """
    if game.is_over(state):
        return returns(game, state)
    hook: Callable[[Any], tuple[float, ...]] | None = game.evaluate
    if hook is not None:
        return hook(state)
    scores = game.score(state)
    low, high = game.score_bounds(state.config)
    span = max(1, high - low)
    if len(scores) == 1:
        return (max(0.0, min(1.0, (scores[0] - low) / span)),)
    return squashed_leads([float(score) for score in scores], span / 10.0)


class SearchError(OfrendaRulesError):
    """The search was asked for a seat that is not to move."""


def _rollout(game: AnyGame, state: Any, budget: SearchBudget, seat: int, rng: Rng, limit: int) -> tuple[float, ...]:
    """Play the reference policy for every seat for the budget's depth (or to the end), then value the state.

    The depth counts decisions, or with ``budget.turns`` changes of the seat to decide (``seat`` decided last).
    """
    policy = game.reference_bot
    current_player = game.current_player
    apply = game.apply
    depth = budget.depth
    turns = budget.turns
    decisions = 0
    last = seat
    steps = 0
    while steps < limit:
        player = current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            action, rng = random_move(game, state, rng)
        else:
            if turns:
                if player != last:
                    last = player
                    decisions += 1
                    if depth is not None and decisions >= depth:
                        break
            elif depth is not None:
                if decisions >= depth:
                    break
                decisions += 1
            action = policy(state)
        state = apply(state, action)
        steps += 1
    return evaluate(game, state)


def action_values(
    game: AnyGame,
    state: Any,
    seat: int,
    level: str | SearchBudget,
    seed: int,
) -> dict[Any, float]:
    """Each legal action's value for ``seat``, the seat to move, as an expected win share in ``[0, 1]``.

    ``action_values(game, state, seat, level_or_budget, seed) -> dict[action, float]``

    ``level`` is a level name (``easy``, ``medium``, ``hard``, ``expert``)
    or a :class:`SearchBudget`. The estimate reads only what ``seat`` may
    know: it averages rollouts on states drawn by ``game.resample(state,
    seat, ...)``, so two states the seat cannot tell apart get the same
    values for the same seed. The result is deterministic given ``seed``.
    Actions dropped early by sequential halving keep the mean of the
    rollouts they had (fewer than the survivors'); actions left out by the
    budget's ``width`` get their value just after them on one drawn state.

    Raises:
        SearchError: when ``seat`` is not the seat to move.
        ConfigError: for an unknown level.
    """
    budget = budget_of(game, level)
    player = game.current_player(state)
    if player != seat or seat < 0:
        raise SearchError(f"seat {seat} is not to move (current player {player})")
    legal = game.legal_actions(state)
    reference = game.reference_bot(state)
    limit = game.max_steps(state.config)
    rng = Rng(seed & MASK64)
    totals = dict.fromkeys(legal, 0.0)
    counts = dict.fromkeys(legal, 0)
    draws: list[tuple[Any, int]] = []
    candidates = list(legal)
    prior: dict[Any, float] = {}
    if budget.width is not None and len(candidates) > budget.width:
        draw, rng = rng.next_u64()
        walk, rng = rng.next_u64()
        first = game.resample(state, seat, Rng(draw))
        draws.append((first, walk))
        prior = {action: evaluate(game, game.apply(first, action))[seat] for action in candidates}
        candidates.sort(key=lambda action: (action != reference, -prior[action]))
        candidates = candidates[: budget.width]
    rounds = max(1, math.ceil(math.log2(len(candidates)))) if len(candidates) > 1 else 1
    start = 0
    for round_index in range(rounds):
        share = budget.samples << round_index
        while len(draws) < start + share:
            draw, rng = rng.next_u64()
            walk, rng = rng.next_u64()
            draws.append((game.resample(state, seat, Rng(draw)), walk))
        for action in candidates:
            for drawn, walk in draws[start : start + share]:
                paid = _rollout(game, game.apply(drawn, action), budget, seat, Rng(walk), limit)
                totals[action] += paid[seat]
                counts[action] += 1
        start += share
        if round_index == rounds - 1:
            break
        ranked = sorted(candidates, key=lambda action: -totals[action] / counts[action])
        keep = max(1, math.ceil(len(candidates) / 2))
        survivors = ranked[:keep]
        if round_index == 0 and reference not in survivors:
            survivors[-1] = reference
        candidates = survivors
    return {action: totals[action] / counts[action] if counts[action] else prior[action] for action in legal}


@attrs.define
class SearchBot:
    """The strong bot: the legal action of highest :func:`action_values` (the reference move on ties)."""

    game: AnyGame
    """The game played."""
    rng: Rng
    """The bot's generator, advanced by every move."""
    budget: SearchBudget
    """What each decision may spend."""

    def __call__(self, state: Any) -> Any:
        """The action of highest estimated win share for the seat to move (the only one at once).

        Raises:
            BotError: when no seat is to move (a chance event, or the game is over).

        """
        game = self.game
        seat = seat_to_move(game.current_player(state), "the search bot")
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        seed, self.rng = self.rng.next_u64()
        values = action_values(game, state, seat, self.budget, seed)
        reference = game.reference_bot(state)
        best = values[reference]
        chosen = reference
        for action in legal:
            if values[action] > best + 1e-12:
                best, chosen = values[action], action
        return chosen
