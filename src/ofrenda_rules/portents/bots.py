"""A reference bot for Portents: a depth-limited search over whole turns.

Two-player Portents has perfect information and, after the setup, no chance,
so the bot searches the game tree directly. A *ply* is a whole turn: every
sequence of decisions a player can make until the turn passes (a push, the
placements, the Burnt Offerings), with duplicates pruned (spaces are filled in
increasing order, offerings lit in increasing order). The search is a minimax
to ``depth`` turns; when it searches deeper than one turn, only the ``beam``
best turns of each node by static evaluation are searched further.

The evaluation, for a seat ``p`` against its opponent ``o`` (the Kitty in the
solo game), is::

    win: +1_000_000, loss: -1_000_000, draw: 0
    otherwise: progress(p) - progress(o) - 40 * threat
    progress(seat) = sum over the 8 traits of WEIGHTS[min(count, 4)],
                     WEIGHTS = (0, 1, 5, 25, 100), count = collected omens with the trait
    threat = 1 when it is o's turn and 3 Burnt Offerings are lit (one more Portent
             by o lights the fourth and wins), with the sign flipped for p's turn

The search never looks at future draws: it runs on an unseeded copy of the
state (the generator removed), so a turn ends at a chance event (the Kitty's
draws, Feed the Cat's draw) instead of running on with the seeded generator's
next outcomes. Such a turn is valued by its expectation: each outcome of the
draw weighted by its probability (``chance_outcomes``), ``chance_depth``
draws deep, then the static evaluation. A turn's enumeration also stops after
``TURN_BUDGET`` applied actions (the outcomes found so far are kept). In the
solo game the bot so plays its own turns greedily against the expected draws.

>>> from ofrenda_rules.portents import Config, new_game, apply, is_over
>>> bot = SearchBot(depth=1)
>>> state = new_game(Config(), seed=2)
>>> state = apply(state, bot.choose(state))
>>> state.phase
<Phase.PUSH: 'push'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.copying import evolve
from ofrenda_rules.portents.actions import Action, Light, Place
from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.rules import apply, chance_outcomes, current_player, legal_actions
from ofrenda_rules.portents.state import Phase, State

__all__ = ["TURN_BUDGET", "WEIGHTS", "SearchBot", "evaluate", "turn_outcomes"]

TURN_BUDGET: Final = 20_000
"""Actions applied at most while listing one turn's outcomes (a whole turn takes a few thousand at most)."""

WEIGHTS: Final = (0, 1, 5, 25, 100)
"""Value of holding 0, 1, 2, 3 or 4+ omens sharing one trait."""
_WIN: Final = 1_000_000.0


def _progress(omens: Sequence[Sign]) -> int:
    counts = fortune_counts(omens)
    return sum(WEIGHTS[min(c, 4)] for c in counts)


def evaluate(state: State, seat: int) -> float:
    """The static value of ``state`` for ``seat`` (see the module docstring)."""
    if state.phase is Phase.OVER:
        if seat in state.winners:
            return _WIN
        if state.winners or state.config.solo:
            return -_WIN
        return 0.0
    mine = _progress(state.collected[seat])
    theirs = _progress(state.kitty_omens if state.config.solo else state.collected[1 - seat])
    value = float(mine - theirs)
    if not state.config.solo and sum(state.lit) == 3:
        value += -40.0 if current_player(state) != seat else 40.0
    return value


def turn_outcomes(state: State, budget: int = TURN_BUDGET) -> list[tuple[Action, State]]:
    """Every distinct way the player to move can finish the turn: (first action, resulting state).

    The walk runs on an unseeded copy of ``state`` (no generator: it never sees
    future draws). The turn is over when another seat is to move, at a chance
    event, when the game ends, or when the turn count changes (in the solo game
    the Kitty's turn may need no draw, and the player is to move again). At
    most ``budget`` actions are applied; past that, the outcomes found so far
    are returned. Empty when no seat is to move.
    """
    seat = current_player(state)
    if seat < 0:
        return []
    root = state if state.rng is None else evolve(state, rng=None)
    turns = root.turns
    found: list[tuple[Action, State]] = []
    applied = 0

    def walk(node: State, first: Action | None) -> None:
        nonlocal applied
        if first is not None and (current_player(node) != seat or node.turns != turns):
            found.append((first, node))
            return
        actions = legal_actions(node)
        if node.phase is Phase.PLACE:
            lowest = next(space for space, tile in enumerate(node.altar) if tile is None)
            actions = tuple(a for a in actions if isinstance(a, Place) and a.space == lowest)
        elif node.phase is Phase.LIGHT and node.lit_now:
            last = node.lit_now[-1]
            actions = tuple(a for a in actions if isinstance(a, Light) and a.space > last) or actions
        for action in actions:
            if applied >= budget:
                return
            applied += 1
            walk(apply(node, action), action if first is None else first)

    walk(root, None)
    return found


@attrs.frozen
class SearchBot:
    """A minimax over whole turns, ``depth`` turns deep, keeping the ``beam`` best turns below the root."""

    depth: int = 1
    """Turns searched (1 -- the best turn by evaluation; 2 -- also the opponent's best reply)."""
    beam: int = 6
    """Turns kept per node when searching more than one turn deep."""
    chance_depth: int = 1
    """Draws after a turn valued by their expectation before the static evaluation (0 means static at once)."""

    def choose(self, state: State) -> Action:
        """The bot's decision for the seat to act (the first step of its best turn).

        Raises:
            ValueError: when no seat is to act (a chance event, or the game is over).

        """
        seat = current_player(state)
        if seat < 0:
            raise ValueError(f"no seat is to act (current player {seat})")
        best: tuple[float, int] | None = None
        choice: Action | None = None
        outcomes = turn_outcomes(state)
        if self.depth > 1:
            ranked = sorted(range(len(outcomes)), key=lambda i: -evaluate(outcomes[i][1], seat))
            keep = set(ranked[: self.beam])
            outcomes = [o for i, o in enumerate(outcomes) if i in keep]
        for index, (action, after) in enumerate(outcomes):
            value = self._value(after, seat, self.depth - 1)
            key = (value, -index)
            if best is None or key > best:
                best, choice = key, action
        if choice is None:  # pragma: no cover (a turn always finishes well within the budget)
            return legal_actions(state)[0]
        return choice

    def _value(self, state: State, seat: int, depth: int) -> float:
        mover = current_player(state)
        if mover == CHANCE:
            return self._expected(state, seat, self.chance_depth)
        if depth <= 0 or mover < 0:
            return evaluate(state, seat)
        outcomes = [after for _, after in turn_outcomes(state)]
        outcomes.sort(key=lambda s: evaluate(s, mover), reverse=True)
        values = [self._value(after, seat, depth - 1) for after in outcomes[: self.beam]]
        return max(values) if mover == seat else min(values)

    def _expected(self, state: State, seat: int, draws: int) -> float:
        """The value of an unseeded state at a draw: the outcomes weighted by their probabilities."""
        if draws <= 0 or current_player(state) != CHANCE:
            return evaluate(state, seat)
        return sum(
            float(probability) * self._expected(apply(state, outcome), seat, draws - 1)
            for outcome, probability in chance_outcomes(state)
        )
