"""JSON round trip and size, and pickle size, of mid-game states sampled from playouts.

For each configuration, a few seeded and a few driver-mode playouts (the
same random choice code as the timed loop) are recorded. Every state strictly
between the first and the last of a playout is a mid-game state: each one is
checked to round-trip exactly (``loads(dumps(s)) == s``, and the same through
pickle) and its JSON and pickle are sized, so the maxima are over all of them.
Some are timed: states evenly spaced through each playout, and the one with
the largest JSON; a state's time is ``dumps`` + ``loads`` with the game's
``state_type``, the median of repetitions.
"""

from __future__ import annotations

import pickle
import random
import statistics
import time
from typing import Any

import attrs
from bench_driver import BenchError, pick_chance

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import dumps, loads


def record(game: AnyGame, config: Any, seed: int | None, player_seed: int) -> list[Any]:
    """Every state of one random playout, the initial and the final included."""
    rand = random.Random(player_seed).random
    state = game.new_game(config, seed)
    states = [state]
    limit = game.max_steps(config)
    while (player := game.current_player(state)) != TERMINAL:
        if len(states) > limit:
            raise BenchError(f"{game.info.name} {game.describe_config(config)}: no end after max_steps={limit} steps")
        if player == CHANCE:
            action = pick_chance(game.chance_outcomes(state), rand())
        else:
            legal = game.legal_actions(state)
            action = legal[int(rand() * len(legal))]
        state = game.apply(state, action)
        states.append(state)
    return states


def sample(game: AnyGame, config: Any, playouts: int, per_playout: int) -> list[Any]:
    """Mid-game states: ``per_playout`` evenly spaced ones from each of ``playouts`` seeded and driver playouts."""
    chosen: list[Any] = []
    for k in range(playouts):
        for seed in (k + 1, None):
            states = record(game, config, seed, player_seed=1000 + k)
            inner = states[1:-1]
            if not inner:
                continue
            count = min(per_playout, len(inner))
            chosen.extend(inner[(i * len(inner)) // count] for i in range(count))
    return chosen


def _round_trip_us(state: Any, state_type: type, repetitions: int) -> float:
    start = time.perf_counter()
    loads(dumps(state, state_type), state_type)
    once = time.perf_counter() - start
    loops = max(1, min(200, int(0.002 / max(once, 1e-9))))
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(loops):
            loads(dumps(state, state_type), state_type)
        times.append((time.perf_counter() - start) / loops)
    return 1e6 * statistics.median(times)


@attrs.frozen
class StateSizes:
    """What the mid-game states of one configuration cost to serialise."""

    states: int
    """The mid-game states sized (every one of the recorded playouts)."""
    json_bytes: tuple[int, ...]
    json_us: tuple[float, ...]
    """The round-trip times of the timed states (a subset)."""
    pickle_bytes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "states": self.states,
            "states_timed": len(self.json_us),
            "json_bytes_median": statistics.median(self.json_bytes),
            "json_bytes_max": max(self.json_bytes),
            "json_round_trip_us_median": round(statistics.median(self.json_us), 2),
            "json_round_trip_us_max": round(max(self.json_us), 2),
            "pickle_bytes_median": statistics.median(self.pickle_bytes),
            "pickle_bytes_max": max(self.pickle_bytes),
        }


def measure_states(game: AnyGame, config: Any, repetitions: int, playouts: int = 4, per_playout: int = 3) -> StateSizes:
    """Size every mid-game state of ``playouts`` seeded and driver playouts of ``config``; time some."""
    state_type = game.state_type
    json_bytes: list[int] = []
    pickle_bytes: list[int] = []
    timed: list[Any] = []
    largest: tuple[int, Any] = (-1, None)
    for k in range(playouts):
        for seed in (k + 1, None):
            inner = record(game, config, seed, player_seed=1000 + k)[1:-1]
            count = min(per_playout, len(inner))
            timed.extend(inner[(i * len(inner)) // count] for i in range(count))
            for state in inner:
                text = dumps(state, state_type)
                if loads(text, state_type) != state:
                    raise BenchError(f"{game.info.name}: a state does not survive its JSON round trip")
                blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
                if pickle.loads(blob) != state:
                    raise BenchError(f"{game.info.name}: a state does not survive pickling")
                size = len(text.encode())
                json_bytes.append(size)
                pickle_bytes.append(len(blob))
                if size > largest[0]:
                    largest = (size, state)
    if not json_bytes:
        raise BenchError(f"{game.info.name} {game.describe_config(config)}: no mid-game state to sample")
    if all(state is not largest[1] for state in timed):
        timed.append(largest[1])
    json_us = [_round_trip_us(state, state_type, repetitions) for state in timed]
    return StateSizes(len(json_bytes), tuple(json_bytes), tuple(json_us), tuple(pickle_bytes))
