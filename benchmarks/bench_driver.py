"""The driver loop every measurement goes through, and the timing harness around it.

One loop shape serves our games and OpenSpiel's: ask who moves, pick a chance
outcome by its probability or a uniformly random legal action, apply it, count
one step. The two loops below differ only in the API they call (ours returns a
new state from ``apply``; a pyspiel state is mutated by ``apply_action``); the
random choice code is the same function for both.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.registry import AnyGame

Rand = Callable[[], float]
"""A uniform draw in ``[0, 1)``: the bound ``random`` method of a ``random.Random``."""

K = TypeVar("K", bound=Hashable)

PlayOne = Callable[[int, Rand], int]
"""Play game number ``index`` to the end with ``rand``; return the number of steps."""


class BenchError(RuntimeError):
    """A measured game broke the benchmark's guard (no end within its step bound, no legal action)."""


def pick_chance(outcomes: Sequence[tuple[Any, Any]], u: float) -> Any:
    """The outcome that ``u`` (uniform in ``[0, 1)``) falls in, walking the list in order.

    The same code for both libraries: OpenSpiel gives float probabilities,
    ours exact fractions, and the walk pays whatever each costs.
    """
    for action, probability in outcomes:
        u -= probability
        if u < 0:
            return action
    return outcomes[-1][0]


def ours(game: AnyGame, config: Any, *, seeded: bool) -> PlayOne:
    """The loop for one of our games; ``seeded`` gives game ``index`` the seed ``index``, else ``None``."""
    new_game = game.new_game
    current_player = game.current_player
    legal_actions = game.legal_actions
    chance_outcomes = game.chance_outcomes
    apply = game.apply
    limit = game.max_steps(config)
    name = game.info.name
    label = game.describe_config(config)

    def play(index: int, rand: Rand) -> int:
        state = new_game(config, index if seeded else None)
        steps = 0
        player = current_player(state)
        while player != TERMINAL:
            if steps == limit:
                raise BenchError(f"{name} {label}: no end after max_steps={limit} steps")
            if player == CHANCE:
                action = pick_chance(chance_outcomes(state), rand())
            else:
                legal = legal_actions(state)
                if not legal:
                    raise BenchError(f"{name}: player {player} has no legal action")
                action = legal[int(rand() * len(legal))]
            state = apply(state, action)
            steps += 1
            player = current_player(state)
        return steps

    return play


def openspiel(game: Any) -> PlayOne:
    """The loop for a loaded pyspiel game; the loop resolves every chance node (OpenSpiel has no seeded mode)."""
    limit = game.max_history_length() if hasattr(game, "max_history_length") else 10 * game.max_game_length()
    name = game.get_type().short_name

    def play(index: int, rand: Rand) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if steps == limit:
                raise BenchError(f"{name}: no end after {limit} steps")
            if state.is_chance_node():
                action = pick_chance(state.chance_outcomes(), rand())
            else:
                legal = state.legal_actions()
                if not legal:
                    raise BenchError(f"{name}: no legal action")
                action = legal[int(rand() * len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    return play


@attrs.frozen
class Repetition:
    """One timed repetition: whole games played until the time was up."""

    games: int
    steps: int
    seconds: float

    @property
    def us_per_step(self) -> float:
        return 1e6 * self.seconds / max(self.steps, 1)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


@attrs.frozen
class Measurement:
    """The repetitions of one row and their medians."""

    repetitions: tuple[Repetition, ...]

    @property
    def us_per_step(self) -> float:
        return statistics.median(r.us_per_step for r in self.repetitions)

    @property
    def games_per_second(self) -> float:
        return statistics.median(r.games_per_second for r in self.repetitions)

    @property
    def steps_per_game(self) -> float:
        return sum(r.steps for r in self.repetitions) / sum(r.games for r in self.repetitions)

    @property
    def spread(self) -> float:
        """(max - min) / median of the per-step times: how noisy the repetitions were."""
        times = [r.us_per_step for r in self.repetitions]
        return (max(times) - min(times)) / self.us_per_step

    def to_json(self) -> dict[str, Any]:
        return {
            "us_per_step": round(self.us_per_step, 3),
            "games_per_second": round(self.games_per_second, 3),
            "steps_per_game": round(self.steps_per_game, 2),
            "spread": round(self.spread, 3),
            "repetitions": [
                {
                    "games": r.games,
                    "steps": r.steps,
                    "seconds": round(r.seconds, 6),
                    "us_per_step": round(r.us_per_step, 3),
                    "games_per_second": round(r.games_per_second, 3),
                }
                for r in self.repetitions
            ],
        }


def _run(play: PlayOne, seconds: float, first_index: int) -> Repetition:
    rand = random.Random(first_index).random
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        steps += play(first_index + games, rand)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return Repetition(games=games, steps=steps, seconds=now - start)


def measure(
    plays: Mapping[K, PlayOne], seconds: float, repetitions: int, progress: Callable[[str], None] | None = None
) -> dict[K, Measurement]:
    """Warm each loop up, then time ``repetitions`` rounds over all of them, ``seconds`` per loop per round.

    The rounds are interleaved (round 1 of every row, then round 2, ...) so
    that a change in the machine's load touches every row alike, and the
    ratios between rows, taken on medians, stay fair. The warm-up is a fifth
    of ``seconds`` (at least one game). Every repetition plays whole games
    only, game ``i`` with the seed ``i`` in seeded mode and its players'
    generator seeded from the repetition.
    """
    for play in plays.values():
        _run(play, seconds / 5, 10**9)
    runs: dict[K, list[Repetition]] = {key: [] for key in plays}
    for k in range(repetitions):
        if progress is not None:
            progress(f"round {k + 1} of {repetitions}: {len(plays)} rows x {seconds} s")
        for key, play in plays.items():
            runs[key].append(_run(play, seconds, 10**6 * (k + 1)))
    return {key: Measurement(tuple(reps)) for key, reps in runs.items()}
