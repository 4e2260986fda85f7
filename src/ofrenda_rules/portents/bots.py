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

The search never looks at future draws: it runs on the state as the game's
``resample`` draws it for the seat to move (:func:`~ofrenda_rules.portents.resample.resample`,
with a generator seeded from the bot's ``seed`` and the turn count only, never
from the true generator), and on an unseeded copy of that (the generator
removed), so a turn ends at a chance event (the Kitty's
draws, Feed the Cat's draw) instead of running on with the seeded generator's
next outcomes. Such a turn is valued by its expectation: each outcome of the
draw weighted by its probability (``chance_outcomes``), ``chance_depth``
draws deep, then the static evaluation. In the solo game the bot so plays its
own turns greedily against the expected draws. A draw of the Kitty's that
leaves it more draws to make changes nothing the evaluation reads (the omens,
the lit count, the end of the game), so such a draw is valued statically at
once, without listing its outcomes -- the same value, at a fraction of the
cost.

The bot is bounded: one decision applies at most ``SearchBot.budget``
(:data:`MOVE_BUDGET`) actions, the turn's enumeration and the draws'
expectations together, shared fairly over the turn's choices (see
:func:`turn_outcomes`); a turn whose expectation no longer fits in what is
left is dropped, so that every turn compared is valued alike. Measured over 620 seeded games (the game's
documentation page), a decision takes about half a millisecond of CPU time
at the median and at most about 35 ms when it spends the whole budget.

>>> from ofrenda_rules.portents import Config, new_game, apply, is_over
>>> bot = SearchBot(depth=1)
>>> state = new_game(Config(), seed=2)
>>> state = apply(state, bot.choose(state))
>>> state.phase
<Phase.PUSH: 'push'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import seat_to_move
from ofrenda_rules.game import seeded_level_policy, squashed_leads
from ofrenda_rules.portents.actions import Action, Light, Place
from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.resample import resample
from ofrenda_rules.portents.rules import apply, chance_outcomes, current_player, legal_actions
from ofrenda_rules.portents.state import Phase, State
from ofrenda_rules.rng import MASK64, Rng

__all__ = [
    "LEVELS",
    "MOVE_BUDGET",
    "SEARCH_SCALE",
    "TURN_BUDGET",
    "WEIGHTS",
    "SearchBot",
    "evaluate",
    "level_policy",
    "search_evaluation",
    "turn_outcomes",
]

TURN_BUDGET: Final = 20_000
"""Actions :func:`turn_outcomes` applies at most by default (a whole turn takes a few thousand at most)."""

MOVE_BUDGET: Final = 1_200
"""Actions the bot applies at most for one decision (``SearchBot.budget``): enumeration and expectations."""

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
    most ``budget`` actions are applied, shared fairly: each choice at a node
    gets an equal part of what is left there, and at least enough to finish
    the turn (what a choice does not use goes to the next ones), so that a
    tight budget samples every first choice rather than exhausting the first
    few. With budget to spare the listing is complete. Empty when no seat is
    to move.
    """
    return [(action, after) for action, after, _ in _turn_outcomes(state, _Budget(budget))]


class _Budget:
    """Actions one search may still apply (shared by the enumeration and the expectations of one decision)."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


_PATH: Final = 12
"""Actions enough to finish a turn from any point of it (3 placements, lights, a sacrifice, a draw's value);
a choice gets at least this much of what is left, so that a tight budget finishes paths rather than cut them all."""

LeafValue = Callable[[State, _Budget], float | None]
"""The value of a turn's end within a budget, or ``None`` when it does not fit (the end is then dropped)."""


def _turn_outcomes(
    state: State, budget: _Budget, *, one_sacrifice: bool = False, value: LeafValue | None = None
) -> list[tuple[Action, State, float]]:
    """:func:`turn_outcomes` within ``budget``, each end with its ``value`` (``0.0`` without one).

    With ``value``, each end found is valued at once out of the same shares
    of the budget as the walk to it; an end whose value does not fit is
    dropped, so that every end kept is valued alike. With ``one_sacrifice``,
    Feed the Cat's first sacrifice only is listed below the root: the bot
    passes it when it looks one turn and one draw ahead, where the tile
    sacrificed changes nothing it evaluates (it goes into the bag, which only
    the Kitty's later draws read), so the other sacrifices would only repeat
    the first one's value and, listed later, never win the tie.
    """
    seat = current_player(state)
    if seat < 0:
        return []
    root = state if state.rng is None else evolve(state, rng=None)
    turns = root.turns
    found: list[tuple[Action, State, float]] = []

    def walk(node: State, first: Action | None, allowance: int) -> int:
        """List the turn's ends below ``node`` applying at most ``allowance`` actions; return how many it applied."""
        if first is not None and (current_player(node) != seat or node.turns != turns):
            if value is None:
                found.append((first, node, 0.0))
                return 0
            spare = _Budget(allowance)
            worth = value(node, spare)
            if worth is not None:
                found.append((first, node, worth))
            return allowance - spare.left
        actions = legal_actions(node)
        if node.phase is Phase.PLACE:
            lowest = next(space for space, tile in enumerate(node.altar) if tile is None)
            actions = tuple(a for a in actions if isinstance(a, Place) and a.space == lowest)
        elif node.phase is Phase.LIGHT and node.lit_now:
            last = node.lit_now[-1]
            actions = tuple(a for a in actions if isinstance(a, Light) and a.space > last) or actions
        elif one_sacrifice and first is not None and node.phase is Phase.SACRIFICE:
            actions = actions[:1]
        used = 0
        for index, action in enumerate(actions):
            left = allowance - used
            share = max(left // (len(actions) - index), min(_PATH, left))
            if share <= 0:
                break
            used += 1 + walk(apply(node, action), action if first is None else first, share - 1)
        return used

    budget.left -= walk(root, None, budget.left)
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
    budget: int = MOVE_BUDGET
    """Actions applied at most for one decision, the enumeration and the expectations together."""
    seed: int = 0
    """Seeds the generator of the resampled state searched, with the turn count (nothing the seat cannot see)."""

    def searched(self, state: State) -> State:
        """The state the bot searches for the seat to move: drawn by ``resample`` for that seat, unseeded.

        The draw's generator comes from :attr:`seed` and the turns completed
        (public), never from ``state``'s own generator, so two states the seat
        cannot tell apart are searched alike; the generator is then removed,
        so that every draw is valued by its expectation, not by one outcome.

        Raises:
            BotError: when no seat is to act (a chance event, or the game is over).

        """
        seat = seat_to_move(current_player(state), "the search bot")
        drawn = resample(state, seat, Rng((self.seed * 0x9E3779B97F4A7C15 + state.turns + 1) & MASK64))
        return drawn if drawn.rng is None else evolve(drawn, rng=None)

    def choose(self, state: State) -> Action:
        """The bot's decision for the seat to act (the first step of its best turn).

        Raises:
            BotError: when no seat is to act (a chance event, or the game is over).

        """
        state = self.searched(state)
        seat = current_player(state)
        budget = _Budget(self.budget)
        if self.depth <= 1:
            outcomes = _turn_outcomes(
                state,
                budget,
                one_sacrifice=self.chance_depth <= 1,
                value=lambda after, share: self._leaf(after, seat, share),
            )
        else:
            listed = _turn_outcomes(state, budget)
            ranked = sorted(range(len(listed)), key=lambda i: -evaluate(listed[i][1], seat))
            keep = set(ranked[: self.beam])
            outcomes = [
                (action, after, self._value(after, seat, self.depth - 1, budget))
                for i, (action, after, _) in enumerate(listed)
                if i in keep
            ]
        best: tuple[float, int] | None = None
        choice: Action | None = None
        for index, (action, _, value) in enumerate(outcomes):
            key = (value, -index)
            if best is None or key > best:
                best, choice = key, action
        if choice is None:  # pragma: no cover (the first path to the end of a turn takes a dozen actions)
            return legal_actions(state)[0]
        return choice

    def _leaf(self, state: State, seat: int, budget: _Budget) -> float | None:
        """A turn's end at depth 1: its expectation over the next draws, ``None`` when that does not fit."""
        if current_player(state) == CHANCE:
            return self._expected(state, seat, self.chance_depth, budget)
        return evaluate(state, seat)

    def _value(self, state: State, seat: int, depth: int, budget: _Budget | None = None) -> float:
        budget = _Budget(self.budget) if budget is None else budget
        mover = current_player(state)
        if mover == CHANCE:
            expected = self._expected(state, seat, self.chance_depth, budget)
            return evaluate(state, seat) if expected is None else expected
        if depth <= 0 or mover < 0:
            return evaluate(state, seat)
        outcomes = [after for _, after, _ in _turn_outcomes(state, budget)]
        if not outcomes:  # the budget is spent
            return evaluate(state, seat)
        outcomes.sort(key=lambda s: evaluate(s, mover), reverse=True)
        values = [self._value(after, seat, depth - 1, budget) for after in outcomes[: self.beam]]
        return max(values) if mover == seat else min(values)

    def _expected(self, state: State, seat: int, draws: int, budget: _Budget) -> float | None:
        """The value of an unseeded state at a draw: the outcomes weighted by their probabilities.

        Static when no draw is left to expand, or when the Kitty's next
        ``draws`` draws cannot end its turn (nothing the evaluation reads
        changes before its turn ends). One outcome stands for all of Feed the
        Cat's last expanded draw. ``None`` when the outcomes do not fit in the
        budget.
        """
        if draws <= 0 or current_player(state) != CHANCE or draws < _kitty_draws_left(state):
            return evaluate(state, seat)
        outcomes = chance_outcomes(state)
        if draws == 1 and state.phase is Phase.FEED:
            # Feed the Cat's draw goes into the player's hand, which nothing reads before the Kitty's
            # turn ends: every outcome leads to the same evaluation, so the first stands for all.
            outcomes = ((outcomes[0][0], Fraction(1)),)
        if len(outcomes) > budget.left:
            return None
        budget.left -= len(outcomes)
        total = 0.0
        for outcome, probability in outcomes:
            value = self._expected(apply(state, outcome), seat, draws - 1, budget)
            if value is None:
                return None
            total += float(probability) * value
        return total


def _kitty_draws_left(state: State) -> int:
    """Draws the Kitty's turn still waits for (0 outside the Kitty's draws): its emptied spaces, then its token."""
    if state.phase is not Phase.KITTY:
        return 0
    return len(state.kitty_fill) + (0 if state.config.chaotic_cat or state.token is not None else 1)


SEARCH_SCALE: Final = 30.0
"""Evaluation points (:func:`evaluate`) that the search's evaluation (:func:`search_evaluation`) counts as one logit."""


def search_evaluation(state: State) -> tuple[float, ...]:
    """Every seat's expected win share at an unfinished state, for the search bots (``GameDefinition.evaluate``).

    :func:`evaluate` for each seat (its progress less its rival's, the
    threat of a fourth Burnt Offering counted), per :data:`SEARCH_SCALE`,
    through the logistic function; in the solo game, the seat against the Kitty.
    """
    seats = 1 if state.config.solo else 2
    return tuple(squashed_leads([evaluate(state, seat)], SEARCH_SCALE)[0] for seat in range(seats))


LEVELS: Final = {
    "easy": SearchBot(depth=2, beam=4, budget=300),
    "medium": SearchBot(depth=2, beam=6, budget=600),
    "hard": SearchBot(depth=2, beam=6, budget=1_200),
    "expert": SearchBot(depth=2, beam=10, budget=5_000),
}
"""The bot levels of Portents, by budget; each is the turn search two turns deep (the reference searches one).

Against the reference bot in two-player games (``benchmarks/strength.py``, 100 games, the level in seat
``i % 2``): ``hard`` won 0.62 and ``expert`` 0.87 (the learning page gives the intervals and the milliseconds)."""


def level_policy(level: str, seed: int = 0) -> Callable[[State], Action] | None:
    """The policy of a named bot level (``GameDefinition.level_policy``): a :class:`SearchBot` two turns deep.

    ``None`` for a name that is no level of :data:`LEVELS` (the generic strong bot would play it).
    ``seed`` seeds the draw of what the seat cannot see (:attr:`SearchBot.seed`).

    >>> from ofrenda_rules.portents import Config, new_game, legal_actions
    >>> state = new_game(Config(), seed=2)
    >>> policy = level_policy("easy")
    >>> policy is not None and policy(state) in legal_actions(state)
    True
    """
    return seeded_level_policy(LEVELS, level, seed)
