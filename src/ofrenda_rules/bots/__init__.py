"""Bots for every game, by name: ``random``, ``reference``, the levels and ``mcts``.

A bot is a policy for the seats it plays: called with a state where a seat is
to move, it returns that seat's action. Bots are made by name with
:func:`make_bot`, so the CLI (``--bots``), the simulations and the game
server pick them the same way:

* ``random`` -- a uniformly random legal action.
* ``reference`` -- the game's fast reference policy (``reference_bot``, a
  rule-based or one-ply greedy player written for that game).
* ``easy``, ``medium``, ``hard``, ``expert`` -- the strong bot
  (:class:`~ofrenda_rules.bots.search.SearchBot`) at a budget per game
  (:data:`~ofrenda_rules.bots.search.LEVELS`): Monte Carlo over states the
  seat's information allows, with reference-policy rollouts; its estimates
  are :func:`action_values`. A game may give its own policy for a level
  (``GameDefinition.level_policy``: Portents searches its turns two deep;
  Ofrendados' ``expert`` plays its rollouts to the end of the round).
* ``mcts``, ``mcts:N`` or ``mcts:N:D`` -- information-set Monte Carlo tree
  search (:class:`MctsBot`) with ``N`` iterations per move (default
  :data:`DEFAULT_ITERATIONS`), its playouts cut after ``D`` steps if given.

No bot looks at what its seat cannot see or at future chance outcomes: the
reference policies read only the seat's view (the property suite checks that
their choice is the same on every hidden variant of the state), and the
search bot searches states drawn by the game's ``resample``, never the true
state. Every bot is deterministic given its seed and the states it is shown.

>>> from ofrenda_rules.registry import get_game
>>> game = get_game("dia_de_los_muertos")
>>> state = game.new_game(game.config_type(players=4), 7)
>>> bot = make_bot(game, "mcts:20", seed=1)
>>> bot(state) in game.legal_actions(state)
True

The package also holds the generic random-playout driver
(:mod:`ofrenda_rules.bots.playout`) and what a finished game pays each seat
(:mod:`ofrenda_rules.bots.utility`); ``ofrenda_rules.playout`` and
``ofrenda_rules.utility`` re-export their names.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Final, Protocol

import attrs

from ofrenda_rules.bots.playout import random_move
from ofrenda_rules.bots.search import LEVEL_NAMES, SearchBot, SearchBudget, SearchError, action_values, budget_of
from ofrenda_rules.bots.utility import Payoff, returns
from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import BotError, ConfigError, check_in_range, seat_to_move
from ofrenda_rules.game import GameDefinition
from ofrenda_rules.rng import MASK64, Rng, decision_seed

__all__ = [
    "BOT_KINDS",
    "DEFAULT_ITERATIONS",
    "Bot",
    "BotError",
    "LEVEL_NAMES",
    "MctsBot",
    "RandomBot",
    "ReferenceBot",
    "SearchBot",
    "SearchBudget",
    "SearchError",
    "action_values",
    "bot_kinds",
    "bot_seed",
    "check_bot_name",
    "make_bot",
]

AnyGame = GameDefinition[Any, Any, Any, Any, Any]

BOT_KINDS: Final = ("random", "reference", *LEVEL_NAMES, "mcts")
"""The bot kinds every game offers."""

DEFAULT_ITERATIONS: Final = 200
"""Iterations per move of ``mcts`` when the name gives none."""

MAX_ITERATIONS: Final = 1_000_000
"""The most iterations a name may ask for."""


class Bot(Protocol):
    """A policy: the action of the seat to move in ``state``."""

    def __call__(self, state: Any, /) -> Any:
        """The action the bot picks for the seat to move (a state where a seat, not chance, is to move)."""
        ...


def _seat_to_move(game: AnyGame, state: Any) -> int:
    return seat_to_move(game.current_player(state), "the bot")


@attrs.define
class RandomBot:
    """A uniformly random legal action, drawn from the bot's own generator."""

    game: AnyGame
    """The game played."""
    rng: Rng
    """The bot's generator, advanced by every move."""

    def __call__(self, state: Any) -> Any:
        """A uniformly random legal action of the seat to move."""
        _seat_to_move(self.game, state)
        action, self.rng = random_move(self.game, state, self.rng)
        return action


@attrs.frozen
class ReferenceBot:
    """The game's reference policy (``GameDefinition.reference_bot``)."""

    game: AnyGame
    """The game played."""
    policy: Callable[[Any], Any]
    """The game's policy."""

    def __call__(self, state: Any) -> Any:
        """The reference policy's action for the seat to move."""
        _seat_to_move(self.game, state)
        return self.policy(state)


@attrs.define
class _Edge:
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    child: _Node | None = None


@attrs.define
class _Node:
    edges: dict[Any, _Edge] = attrs.Factory(dict)


@attrs.define
class MctsBot:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

    Each iteration draws a state with the game's ``resample`` for the seat to
    move -- a state consistent with all that seat has seen, with a fresh
    generator, so neither the hidden cards nor the future draws are the true
    ones -- and walks one tree of action sequences on it. At a node, the
    actions legal in the drawn state that were never tried are tried first;
    otherwise UCB1 with availability counts picks (the mean return of the
    seat acting there plus ``exploration * sqrt(ln(available) / visits)``).
    Chance events met on the way (in an unseeded game) are drawn by their
    probabilities. From the new node, a uniformly random playout finishes the
    game, and every seat's return (:mod:`ofrenda_rules.bots.utility`) is backed up,
    each edge keeping the return of the seat that chose it. The move played is
    the root's most visited action.

    The budget per move is ``iterations``; ``max_seconds``, when set, also
    stops the search at that wall-clock time (the move then depends on the
    machine's speed, so leave it unset for reproducible runs). With
    ``playout_steps``, a playout stops after that many steps and pays the
    current standings instead of the final result: a win share for the seats
    with the most points (``score``), for games whose random playouts are long.
    """

    game: AnyGame
    """The game played."""
    rng: Rng
    """The bot's generator, advanced by every move."""
    iterations: int = DEFAULT_ITERATIONS
    """Iterations per move."""
    exploration: float = 0.7
    """The UCB1 exploration constant (returns are in [0, 1])."""
    max_seconds: float | None = None
    """An optional wall-clock limit per move, in seconds."""
    payoff: Payoff = Payoff.WIN_SHARE
    """What a playout's end pays each seat."""
    playout_steps: int | None = None
    """Steps after which a playout stops and pays the standings (``None``: play to the end)."""

    def __attrs_post_init__(self) -> None:
        check_in_range("mcts iterations", self.iterations, 1, MAX_ITERATIONS)
        if self.playout_steps is not None:
            check_in_range("mcts playout steps", self.playout_steps, 1, MAX_ITERATIONS)

    def __call__(self, state: Any) -> Any:
        """The most visited root action after the search (the only legal action at once, without search)."""
        _seat_to_move(self.game, state)
        legal = self.game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        table = self.search(state)
        return max(legal, key=lambda action: table[action][0] if action in table else -1)

    def search(self, state: Any) -> dict[Any, tuple[int, float]]:
        """Run one search from ``state`` and give the root's table: each tried action's visits and mean return.

        The mean return is the seat to move's, in ``[0, 1]``, over the iterations that tried the action; an
        action the search never tried is not in the table. The search spends ``iterations`` (or stops at
        ``max_seconds``) and advances the bot's generator as a move does.

        Raises:
            BotError: when no seat is to move in ``state``.
        """
        game = self.game
        me = _seat_to_move(game, state)
        resample = game.resample
        limit = game.max_steps(state.config)
        root = _Node()
        deadline = None if self.max_seconds is None else time.monotonic() + self.max_seconds
        for _ in range(self.iterations):
            draw, self.rng = self.rng.next_u64()
            walk, self.rng = self.rng.next_u64()
            self._iterate(resample(state, me, Rng(draw)), root, Rng(walk), limit)
            if deadline is not None and time.monotonic() >= deadline:
                break
        return {
            action: (edge.visits, edge.reward / edge.visits if edge.visits else 0.0)
            for action, edge in root.edges.items()
        }

    def _iterate(self, state: Any, root: _Node, rng: Rng, limit: int) -> None:
        game = self.game
        path: list[tuple[_Edge, int]] = []
        node: _Node | None = root
        steps = 0
        while node is not None and steps < limit:
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action, rng = random_move(game, state, rng)
                state = game.apply(state, action)
                steps += 1
                continue
            legal = game.legal_actions(state)
            edges = node.edges
            untried = []
            for action in legal:
                edge = edges.get(action)
                if edge is None:
                    untried.append(action)
                else:
                    edge.available += 1
            if untried:
                index, rng = rng.below(len(untried))
                action = untried[index]
                edge = _Edge(available=1)
                edges[action] = edge
                path.append((edge, player))
                state = game.apply(state, action)
                steps += 1
                node = None  # leave the tree: a playout follows
                break
            best_value = -math.inf
            chosen = legal[0]
            for action in legal:
                edge = edges[action]
                value = edge.reward / edge.visits + self.exploration * math.sqrt(math.log(edge.available) / edge.visits)
                if value > best_value:
                    best_value, chosen = value, action
            edge = edges[chosen]
            path.append((edge, player))
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
            state = game.apply(state, chosen)
            steps += 1
        if self.playout_steps is not None:
            limit = min(limit, steps + self.playout_steps)
        while steps < limit:
            if game.current_player(state) == TERMINAL:
                break
            action, rng = random_move(game, state, rng)
            state = game.apply(state, action)
            steps += 1
        paid = returns(self.game, state, self.payoff) if game.is_over(state) else _standings(game, state)
        for edge, player in path:
            edge.visits += 1
            edge.reward += paid[player]


def _standings(game: AnyGame, state: Any) -> tuple[float, ...]:
    """A win share for the seats with the most points now (a solo seat: its points' share of the high bound)."""
    scores = game.score(state)
    if len(scores) == 1:
        low, high = game.score_bounds(state.config)
        return (max(0.0, min(1.0, (scores[0] - low) / max(1, high - low))),)
    best = max(scores)
    leaders = sum(1 for score in scores if score == best)
    return tuple(1.0 / leaders if score == best else 0.0 for score in scores)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of a seat's bot from one seed (a game's, or the bots' own): distinct for every seat.

    >>> bot_seed(0, 0) != bot_seed(0, 1)
    True
    """
    return decision_seed(seed, 0, seat)


def bot_kinds(game: AnyGame) -> tuple[str, ...]:
    """The bot kinds ``game`` offers (every game offers all of :data:`BOT_KINDS`)."""
    return BOT_KINDS


def _parse(name: str) -> tuple[str, int | None, int | None]:
    kind, colon, budget = name.partition(":")
    if not colon:
        return kind, None, None
    if kind != "mcts":
        raise ConfigError(f"bot {name!r}: only mcts takes a budget (mcts:N or mcts:N:D)")
    numbers = budget.split(":")
    if len(numbers) > 2 or not all(number.isdigit() for number in numbers):
        raise ConfigError(f"bot {name!r}: the budget after 'mcts:' is a number of iterations, then playout steps")
    iterations = int(numbers[0])
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ConfigError(f"bot {name!r}: iterations must be in [1, {MAX_ITERATIONS}]")
    playout = int(numbers[1]) if len(numbers) == 2 else None
    if playout is not None and not 1 <= playout <= MAX_ITERATIONS:
        raise ConfigError(f"bot {name!r}: playout steps must be in [1, {MAX_ITERATIONS}]")
    return kind, iterations, playout


def check_bot_name(game: AnyGame, name: str) -> str:
    """``name`` when it names a bot ``game`` offers; ``ConfigError`` saying which exist otherwise.

    >>> from ofrenda_rules.registry import get_game
    >>> check_bot_name(get_game("portents"), "mcts:50")
    'mcts:50'
    >>> check_bot_name(get_game("portents"), "alphazero")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ofrenda_rules.errors.ConfigError: unknown bot 'alphazero' for portents; expected one of random, ...
    """
    kind, _, _ = _parse(name)
    kinds = bot_kinds(game)
    if kind not in kinds:
        expected = ", ".join(kinds) + ", mcts:N or mcts:N:D"
        raise ConfigError(f"unknown bot {name!r} for {game.info.name}; expected one of {expected}")
    return name


def make_bot(game: AnyGame, name: str, seed: int) -> Bot:
    """The bot ``name`` (``random``, ``reference``, a level, ``mcts``, ``mcts:N`` or ``mcts:N:D``), seeded by ``seed``.

    Raises:
        ConfigError: for an unknown name or a budget out of range.
    """
    check_bot_name(game, name)
    kind, iterations, playout = _parse(name)
    rng = Rng(seed & MASK64)
    if kind == "random":
        return RandomBot(game, rng)
    if kind == "reference":
        return ReferenceBot(game, game.reference_bot)
    if kind in LEVEL_NAMES:
        own = None if game.level_policy is None else game.level_policy(kind, seed & MASK64)
        if own is not None:
            return ReferenceBot(game, own)
        return SearchBot(game, rng, budget_of(game, kind))
    return MctsBot(
        game, rng, iterations=DEFAULT_ITERATIONS if iterations is None else iterations, playout_steps=playout
    )
